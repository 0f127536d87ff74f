"""Sequence form (Koller, Megiddo & von Stengel 1996): matrices, LP, refinement."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from kuhtheory.cards import to_counts
from kuhtheory.errors import SolverError
from kuhtheory.solvers.best_response import best_response, local_regrets
from kuhtheory.solvers.efg import Decision, Game, Terminal
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.sequence_form import (
    Infoset,
    SequenceForm,
    constraint_matrix,
    from_game,
    refine,
    solve_lp,
    uniform_plan,
)
from kuhtheory.solvers.trade import TradeRules, round_form


@pytest.fixture(scope="module")
def kuhn():
    return from_game(kuhn_poker())


def test_kuhn_sequence_counts(kuhn):
    # 6 information sets with 2 actions each, plus the empty sequence.
    assert kuhn.sizes == (13, 13)


def test_constraint_matrices_accept_plans(kuhn):
    for player in (0, 1):
        E, e = constraint_matrix(kuhn.infosets[player])
        u = uniform_plan(kuhn.infosets[player])
        np.testing.assert_allclose(E @ u, e)
        assert E.shape == (len(kuhn.infosets[player]) + 1, kuhn.sizes[player])


def test_payoff_matrix_gives_expected_payoff_of_uniform_play(kuhn):
    # Uniform play in Kuhn poker, computed by hand over the six deals: the matrix must agree with
    # the best-response recursion evaluated on a fixed plan.
    u0, u1 = uniform_plan(kuhn.infosets[0]), uniform_plan(kuhn.infosets[1])
    A = kuhn.payoff_matrix()
    by_matrix = u0 @ A @ u1
    vals = np.asarray(A.T @ u0)
    assert by_matrix == pytest.approx(float(vals @ u1))
    assert A.shape == kuhn.sizes


def test_lp_value_and_plans(kuhn):
    sol = solve_lp(kuhn)
    assert sol.value == pytest.approx(-1 / 18, abs=1e-12)
    assert best_response(kuhn, 1, sol.x)[0] == pytest.approx(-1 / 18, abs=1e-9)
    assert best_response(kuhn, 0, sol.y)[0] == pytest.approx(-1 / 18, abs=1e-9)


def test_refined_plans_stay_optimal_and_answer_a_fully_mixed_tremble(kuhn):
    v = solve_lp(kuhn).value
    for player in (0, 1):
        r = refine(kuhn, player, v)
        opp = 1 - player
        assert np.all(r.tremble > 0)  # fully mixed
        E, e = constraint_matrix(kuhn.infosets[opp])
        np.testing.assert_allclose(E @ r.tremble, e, atol=1e-9)
        assert best_response(kuhn, opp, r.plan)[0] == pytest.approx(v, abs=1e-9)
        regrets = local_regrets(kuhn, player, r.plan, r.tremble)
        own_reached = [
            k for k, info in enumerate(kuhn.infosets[player]) if r.plan[info.parent] > 1e-12
        ]
        assert max(regrets[k] for k in own_reached) <= 1e-9


def test_trade_off_path_replies_are_best_responses_to_the_tremble():
    # Classic, A = {0,0,10,10,10,10,50}: A always lays 3 cards, so B's other counts are off path;
    # the refinement still makes every reply a best response to a fully mixed plan of A.
    rules = TradeRules.from_edition("classic")
    sf = round_form(
        rules,
        to_counts((0, 0, 10, 10, 10, 10, 50)),
        to_counts((0, 10, 10, 50)),
        Fraction(100),
        tie=Fraction(60),
        prune=True,
    )
    sol = solve_lp(sf)
    used = {info.key for info in sf.infosets[1]}
    assert len(used) == 8
    r = refine(sf, 1, sol.value)
    assert np.all(r.tremble > 0)
    assert max(local_regrets(sf, 1, r.plan, r.tremble)) <= 1e-7
    # ... whereas against A's equilibrium plan the off-path counts are not even reached.
    reached = sol.x[1:] > 1e-12
    assert reached.sum() < len(sol.x) - 1


def test_failed_lp_is_reported_not_answered():
    # A hand-made sequence form whose player-0 set has no actions: "x_empty = 1" and
    # "0 = x_empty" cannot both hold, so HiGHS finds no plan and the solver says so.
    sf = from_game(Game(Decision(0, "I", ("a", "b"), (Terminal(1), Terminal(2)))))
    bad = (Infoset("I", ("a", "b"), 0, 1), Infoset("broken", (), 0, 3))
    broken = SequenceForm((bad, sf.infosets[1]), sf.rows, sf.cols, sf.vals, None, "broken")
    with pytest.raises(SolverError, match="broken"):
        solve_lp(broken)
