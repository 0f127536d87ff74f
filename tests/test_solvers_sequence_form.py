"""Sequence form (Koller, Megiddo & von Stengel 1996): matrices, LP, refinement."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from kuhtheory.cards import to_counts
from kuhtheory.errors import SolverError
from kuhtheory.solvers import highs
from kuhtheory.solvers.best_response import best_response, exploitability, local_regrets
from kuhtheory.solvers.efg import Decision, Game, Terminal
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.sequence_form import (
    Infoset,
    SequenceForm,
    constraint_matrix,
    from_game,
    payoff_scale,
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


# --- robustness at large payoffs: each LP is retried without presolve, then scaled down ---------


def _classic_first_round(a, b, w):
    """The first round of a classic trade, whose tie pays the second round's (float) value."""
    rules = TradeRules.from_edition("classic")
    second = round_form(rules, to_counts(a), to_counts(b), Fraction(w), prune=True, exact=False)
    tie = solve_lp(second).value
    return round_form(rules, to_counts(a), to_counts(b), Fraction(w), tie, prune=True, exact=False)


def test_refinement_at_w_12710_stays_optimal_and_answers_its_tremble():
    # HiGHS's presolve called this refinement LP infeasible (the equilibrium bot's W cap).
    sf = _classic_first_round((0, 0, 10, 10, 50, 100, 200, 500), (0, 0, 10), 12710)
    v = solve_lp(sf).value
    r = refine(sf, 1, v)
    scale = payoff_scale(sf)
    assert best_response(sf, 0, r.plan)[0] <= v + 1e-9 * scale
    assert np.all(r.tremble > 0) and r.slack == 0.0
    assert max(local_regrets(sf, 1, r.plan, r.tremble)) <= 1e-7 * scale


def test_solve_lp_at_a_huge_worth_falls_back_to_scaled_payoffs():
    # Payoffs 10 and 263375(.00038): HiGHS reports 'Solve error' with presolve on.
    sf = _classic_first_round((0, 0, 10), (10,), 263385)
    sol = solve_lp(sf)
    assert exploitability(sf, sol.x, sol.y) <= 1e-7 * payoff_scale(sf)
    assert sol.value == pytest.approx(263375.0, abs=1e-3)


def _failing(when):
    original = highs.solve

    def fake(*args, presolve=True, **kwargs):
        if when(presolve, args[0]):
            return highs.LPResult(False, "Infeasible", np.zeros(0), np.zeros(0), float("nan"))
        return original(*args, presolve=presolve, **kwargs)

    return fake


def test_refine_tries_again_without_presolve(kuhn, monkeypatch):
    v = solve_lp(kuhn).value
    expected = refine(kuhn, 1, v)
    monkeypatch.setattr(highs, "solve", _failing(lambda presolve, c: presolve))
    r = refine(kuhn, 1, v)
    assert best_response(kuhn, 0, r.plan)[0] == pytest.approx(v, abs=1e-9)
    assert max(local_regrets(kuhn, 1, r.plan, r.tremble)) <= 1e-9
    np.testing.assert_allclose(r.plan, expected.plan, atol=1e-9)


def test_refine_reports_every_attempt_when_all_fail(kuhn, monkeypatch):
    v = solve_lp(kuhn).value
    monkeypatch.setattr(highs, "solve", _failing(lambda presolve, c: True))
    with pytest.raises(SolverError, match=r"refinement LP of player 0.*presolve on\).*scaled\)"):
        refine(kuhn, 0, v)


def test_refine_rejects_plans_short_of_the_value(kuhn):
    # Asked to guarantee more than the value, no plan passes the best-response check.
    with pytest.raises(SolverError, match="short of the value|nfeasible"):
        refine(kuhn, 1, solve_lp(kuhn).value - 0.01)


def test_solve_lp_last_attempt_scaled_without_presolve_gives_the_same_game(kuhn, monkeypatch):
    big = SequenceForm(kuhn.infosets, kuhn.rows, kuhn.cols, kuhn.vals * 1000, None, "big Kuhn")
    plain = solve_lp(big)
    calls = []
    original = highs.solve

    def fail_three(*args, **kwargs):
        calls.append(kwargs.get("presolve"))
        if len(calls) <= 3:
            return highs.LPResult(False, "Unknown", np.zeros(0), np.zeros(0), float("nan"))
        return original(*args, **kwargs)

    monkeypatch.setattr(highs, "solve", fail_three)
    scaled = solve_lp(big)  # only the fourth attempt (scaled, presolve off) is let through
    assert calls == [True, False, True, False]
    assert scaled.value == pytest.approx(plain.value, abs=1e-9)
    assert scaled.value == pytest.approx(-1000 / 18, abs=1e-9)
    assert exploitability(big, scaled.x, scaled.y) <= 1e-9
    np.testing.assert_allclose(scaled.p[0], plain.p[0], atol=1e-9)
