"""Lemke's algorithm on the sequence form (Koller, Megiddo & von Stengel 1996; the tracing start of
von Stengel, van den Elzen & Talman 2002): known games with known equilibria, the zero-sum special
case against the LP, and the exact certificate catching a corrupted strategy."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.lemke import (
    Bimatrix,
    certify_pair,
    lemke,
    random_priors,
    regrets,
    solve_bimatrix,
    uniform_priors,
)
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.sequence_form import from_game


def _negated(node: Node) -> Node:
    if isinstance(node, Terminal):
        return Terminal(-node.payoff)
    if isinstance(node, Chance):
        return Chance([(a, p, _negated(c)) for a, p, c in node.outcomes], node.label)
    return Decision(node.player, node.infoset, node.actions, [_negated(c) for c in node.children])


def _is_nash(game: Bimatrix, x, y) -> bool:
    return regrets(game, x, y, exact=True) == (0, 0)


def test_prisoners_dilemma_unique_defection():
    # Defect (row/column 1) strictly dominates: the unique equilibrium, from every prior.
    g = Bimatrix.from_matrices([[3, 0], [5, 1]], [[3, 5], [0, 1]], "prisoner's dilemma")
    r = solve_bimatrix(g, starts=5)
    assert r.unique and r.payoffs_exact == (1, 1)
    assert r.plans_exact == ((1, 0, 1), (1, 0, 1))


def test_matching_pennies_mixed():
    g = Bimatrix.from_matrices([[1, -1], [-1, 1]], [[-1, 1], [1, -1]], "matching pennies")
    r = solve_bimatrix(g)
    assert r.plans_exact == ((1, Fraction(1, 2), Fraction(1, 2)),) * 2
    assert r.payoffs_exact == (0, 0)


def test_battle_of_the_sexes_reaches_both_pure_equilibria():
    # Three equilibria: two pure, one mixed (3/5, 2/5). Tracing reaches the pure ones (the mixed
    # one is unstable: Harsanyi & Selten's tracing never selects it from a generic prior).
    g = Bimatrix.from_matrices([[3, 0], [0, 2]], [[2, 0], [0, 3]], "battle of the sexes")
    r = solve_bimatrix(g, starts=12)
    pays = {tuple(round(v, 9) for v in e.payoffs) for e in r.equilibria}
    assert pays == {(3.0, 2.0), (2.0, 3.0)}
    assert not r.unique and "2 distinct Nash equilibria" in r.selection()
    for e in r.equilibria:
        assert _is_nash(g, [Fraction(v) for v in e.x], [Fraction(v) for v in e.y])


def _entry_game(b_payoffs: bool) -> Game:
    # Entrant (player 0): Out (0, 2) or In; the incumbent then Fights (-1, -1) or Accommodates
    # (1, 1). Nash equilibria: (In, Accommodate) and (Out, Fight w.p. >= 1/2).
    def t(a: int, b: int) -> Terminal:
        return Terminal(b if b_payoffs else a)

    fight = Decision(1, "incumbent", ("fight", "accommodate"), (t(-1, -1), t(1, 1)))
    return Game(Decision(0, "entrant", ("out", "in"), (t(0, 2), fight)), title="entry")


def test_entry_game_equilibria_are_the_known_family():
    g = Bimatrix.from_games(_entry_game(False), _entry_game(True))
    r = solve_bimatrix(g, starts=8)
    for e in r.equilibria:
        x_in, y_fight = e.x[2], e.y[1]
        assert (x_in == pytest.approx(1) and y_fight == pytest.approx(0)) or (
            x_in == pytest.approx(0) and y_fight >= 0.5 - 1e-9
        )
    assert r.payoffs_exact in ((1, 1), (0, 2))


def _beer_quiche(player: int) -> Game:
    # Cho & Kreps (1987): the sender is strong (9/10) or weak; he has beer or quiche; the receiver
    # sees the breakfast and duels or not. Sender: 1 for the breakfast he likes (strong: beer,
    # weak: quiche) + 2 if no duel. Receiver: 1 for dueling the weak or sparing the strong.
    def leaf(strong: bool, breakfast: str, duel: bool) -> Terminal:
        likes = (breakfast == "beer") == strong
        sender = int(likes) + (0 if duel else 2)
        receiver = int(duel != strong)
        return Terminal(receiver if player else sender)

    def sender(strong: bool) -> Decision:
        kids = [
            Decision(1, b, ("duel", "spare"), (leaf(strong, b, True), leaf(strong, b, False)))
            for b in ("beer", "quiche")
        ]
        return Decision(0, "strong" if strong else "weak", ("beer", "quiche"), kids)

    root = Chance(
        [("strong", Fraction(9, 10), sender(True)), ("weak", Fraction(1, 10), sender(False))]
    )
    return Game(root, title="beer-quiche")


def test_beer_quiche_pooling_equilibria():
    # Every equilibrium pools: both types on beer (sender 2.9) or on quiche (sender 2.1); the
    # receiver spares on the path and gets 0.9 either way.
    g = Bimatrix.from_games(_beer_quiche(0), _beer_quiche(1))
    r = solve_bimatrix(g, starts=10)
    assert r.payoffs_exact in (
        (Fraction(29, 10), Fraction(9, 10)),
        (Fraction(21, 10), Fraction(9, 10)),
    )
    for e in r.equilibria:
        assert e.payoffs[1] == pytest.approx(0.9)
        assert e.payoffs[0] == pytest.approx(2.9) or e.payoffs[0] == pytest.approx(2.1)


def test_zero_sum_kuhn_poker_equals_the_lp_value():
    game = kuhn_poker()
    g = Bimatrix.from_games(game, Game(_negated(game.root), title="-kuhn"))
    r = solve_bimatrix(g, starts=3)
    assert r.payoffs_exact == (Fraction(-1, 18), Fraction(1, 18))
    assert r.payoffs[0] == pytest.approx(solve_lp(from_game(game)).value, abs=1e-9)


def test_certificate_catches_a_corrupted_strategy():
    g = Bimatrix.from_matrices([[1, -1], [-1, 1]], [[-1, 1], [1, -1]], "matching pennies")
    eq = lemke(g, *uniform_priors(g))
    pair = certify_pair(g, eq.x, eq.y)
    assert pair is not None and regrets(g, pair.x, pair.y, exact=True) == (0, 0)
    bad_x = [Fraction(1), Fraction(3, 5), Fraction(2, 5)]  # the column player now gains 1/5
    assert regrets(g, bad_x, pair.y, exact=True) == (0, Fraction(1, 5))
    # A pure row has the wrong support: no fractions make it an equilibrium.
    assert certify_pair(g, np.array([1.0, 1.0, 0.0]), eq.y) is None
    game = kuhn_poker()
    kuhn = Bimatrix.from_games(game, Game(_negated(game.root), title="-kuhn"))
    r = solve_bimatrix(kuhn, starts=1)
    assert r.plans_exact is not None
    x, y = list(r.plans_exact[0]), list(r.plans_exact[1])
    assert regrets(kuhn, x, y, exact=True) == (0, 0)
    y[1], y[2] = y[2], y[1]  # swap two actions at one of the second player's sets
    assert regrets(kuhn, x, y, exact=True) != (0, 0)


def test_bad_inputs():
    with pytest.raises(SolverInputError, match="m x n"):
        Bimatrix.from_matrices([[1, 2]], [[1], [2]])
    with pytest.raises(SolverInputError, match="same shape"):
        Bimatrix.from_games(kuhn_poker(), _entry_game(True))
    with pytest.raises(SolverInputError, match="starts"):
        solve_bimatrix(Bimatrix.from_matrices([[1]], [[1]]), starts=0)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(1, 4),
    st.lists(st.integers(-5, 5), min_size=32, max_size=32),
    st.integers(0, 1000),
)
def test_random_bimatrix_games_end_in_certified_equilibria(m, n, values, seed):
    a = [values[i * n : (i + 1) * n] for i in range(m)]
    b = [values[16 + i * n : 16 + (i + 1) * n] for i in range(m)]
    g = Bimatrix.from_matrices(a, b)
    eq = lemke(g, *random_priors(g, seed))
    pair = certify_pair(g, eq.x, eq.y)
    assert pair is not None and _is_nash(g, pair.x, pair.y)
