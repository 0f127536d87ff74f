"""Kuhn poker (Kuhn 1950, "A simplified two-person poker"), the classic test of a game solver.

Three cards J < Q < K; each player antes 1 and gets one card (six equally likely deals, a chance
move). Player 0 checks or bets 1; after a check player 1 checks (showdown for 1) or bets 1; facing a
bet a player folds (loses the ante) or calls (showdown for 2). Kuhn showed that the game's value to
the first player is -1/18, with a one-parameter family of optimal strategies for him.

Information sets are tuples ``(card, history)``: ``("K", "cb")`` is the first player holding the
king after he checked and the second bet.

**Kuhn's family** (:func:`kuhn_family`): for every ``alpha`` in ``[0, 1/3]`` the first player
bluffs with the jack (bets) with probability ``alpha``, bets the king with probability
``3 alpha``, always checks the queen and, having checked it, calls a bet with probability
``alpha + 1/3``; he folds the jack and calls with the king after checking. The second player's
optimal strategy is unique: after a check he bets the king, bluffs with the jack with probability
1/3 and checks the queen; facing a bet he calls with the king, with the queen with probability 1/3,
and folds the jack. Every such pair is an equilibrium; :func:`family_exploitability` checks it
exactly in fractions (best responses in the sequence form, von Stengel 1996), and an ``alpha``
outside ``[0, 1/3]`` is not one (the second player then gains by deviating).

>>> g = kuhn_poker()
>>> g.infoset_count(), g.terminal_count()
((6, 6), 30)
>>> pair_exploitability(*kuhn_family(Fraction(1, 6))), family_value(Fraction(1, 3))
(Fraction(0, 1), Fraction(-1, 18))
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.best_response import best_response, exploitability
from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal, to_fraction
from kuhtheory.solvers.sequence_form import SequenceForm, from_game

CARDS = ("J", "Q", "K")

Behaviour = dict[Hashable, dict[str, Fraction]]
"""A behaviour strategy: for each information set, each action's probability."""


def _showdown(c0: str, c1: str, stake: int) -> int:
    return stake if CARDS.index(c0) > CARDS.index(c1) else -stake


def _node(c0: str, c1: str, history: str) -> Node:
    if history in ("cc",):
        return Terminal(_showdown(c0, c1, 1))
    if history in ("bc", "cbc"):
        return Terminal(_showdown(c0, c1, 2))
    if history == "bf":
        return Terminal(1)
    if history == "cbf":
        return Terminal(-1)
    player = len(history) % 2
    card = c0 if player == 0 else c1
    if history in ("", "c"):
        actions, codes = ("check", "bet"), "cb"
    else:  # facing a bet
        actions, codes = ("fold", "call"), "fc"
    return Decision(
        player,
        (card, history),
        actions,
        tuple(_node(c0, c1, history + code) for code in codes),
    )


def kuhn_poker() -> Game:
    """Kuhn's three-card poker as a :class:`~kuhtheory.solvers.efg.Game` (value -1/18)."""
    deals = [(c0, c1) for c0 in CARDS for c1 in CARDS if c0 != c1]
    root = Chance(
        [(f"{c0}{c1}", Fraction(1, len(deals)), _node(c0, c1, "")) for c0, c1 in deals],
        label="deal",
    )
    return Game(root, players=("first player", "second player"), title="Kuhn poker")


def kuhn_family(alpha: object = 0) -> tuple[Behaviour, Behaviour]:
    """Kuhn's optimal strategies with bluffing frequency ``alpha`` in ``[0, 1/3]`` (module
    docstring); :class:`SolverInputError` for any other ``alpha``.

    >>> first, second = kuhn_family(Fraction(1, 6))
    >>> first[("J", "")]["bet"], first[("K", "")]["bet"], first[("Q", "cb")]["call"]
    (Fraction(1, 6), Fraction(1, 2), Fraction(1, 2))
    """
    a = to_fraction(alpha, "alpha")
    if not 0 <= a <= Fraction(1, 3):
        raise SolverInputError(f"alpha={alpha!r} must lie in [0, 1/3] (Kuhn 1950)")
    third = Fraction(1, 3)

    def mix(first: str, second: str, p: Fraction) -> dict[str, Fraction]:
        return {first: 1 - p, second: p}

    first: Behaviour = {
        ("J", ""): mix("check", "bet", a),
        ("Q", ""): mix("check", "bet", Fraction(0)),
        ("K", ""): mix("check", "bet", 3 * a),
        ("J", "cb"): mix("fold", "call", Fraction(0)),
        ("Q", "cb"): mix("fold", "call", a + third),
        ("K", "cb"): mix("fold", "call", Fraction(1)),
    }
    second: Behaviour = {
        ("J", "c"): mix("check", "bet", third),
        ("Q", "c"): mix("check", "bet", Fraction(0)),
        ("K", "c"): mix("check", "bet", Fraction(1)),
        ("J", "b"): mix("fold", "call", Fraction(0)),
        ("Q", "b"): mix("fold", "call", third),
        ("K", "b"): mix("fold", "call", Fraction(1)),
    }
    return first, second


def realization_plan(sf: SequenceForm, player: int, behaviour: Behaviour) -> list[Fraction]:
    """The realization plan of a behaviour strategy: each sequence's probability, the product of
    its actions' probabilities (von Stengel 1996)."""
    plan = [Fraction(0)] * sf.sizes[player]
    plan[0] = Fraction(1)
    for info in sf.infosets[player]:
        probs = behaviour[info.key]
        for k, action in enumerate(info.actions):
            plan[info.first + k] = plan[info.parent] * probs[action]
    return plan


def pair_exploitability(first: Behaviour, second: Behaviour) -> Fraction:
    """``BR_0(y) - BR_1(x)`` of a pair of behaviour strategies of Kuhn poker, exactly in
    fractions: 0 iff the pair is an equilibrium."""
    sf = from_game(kuhn_poker(), exact=True)
    x, y = realization_plan(sf, 0, first), realization_plan(sf, 1, second)
    gap: Fraction = exploitability(sf, x, y, exact=True)
    return gap


def family_value(alpha: object) -> Fraction:
    """The first player's expected payoff of Kuhn's pair at ``alpha`` (the game's value -1/18)."""
    sf = from_game(kuhn_poker(), exact=True)
    first, second = kuhn_family(alpha)
    x = realization_plan(sf, 0, first)
    # x against its best reply; Kuhn's second player is one, so this is the pair's payoff.
    value: Fraction = best_response(sf, 1, x, exact=True)[0]
    return value
