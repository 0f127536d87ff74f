"""Kuhn poker (Kuhn 1950, "A simplified two-person poker"), the classic test of a game solver.

Three cards J < Q < K; each player antes 1 and gets one card (six equally likely deals, a chance
move). Player 0 checks or bets 1; after a check player 1 checks (showdown for 1) or bets 1; facing a
bet a player folds (loses the ante) or calls (showdown for 2). Kuhn showed that the game's value to
the first player is -1/18, with a one-parameter family of optimal strategies for him.

Information sets are tuples ``(card, history)``: ``("K", "cb")`` is the first player holding the
king after he checked and the second bet.

>>> g = kuhn_poker()
>>> g.infoset_count(), g.terminal_count()
((6, 6), 30)
"""

from __future__ import annotations

from fractions import Fraction

from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal

CARDS = ("J", "Q", "K")


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
