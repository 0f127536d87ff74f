"""The sequence-form LP (Koller, Megiddo & von Stengel 1996) on HiGHS, and its retries."""

from __future__ import annotations

import numpy as np
import pytest
from solver_helpers import classic_first_round

from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers import highs
from kuhtheory.solvers.best_response import best_response, exploitability
from kuhtheory.solvers.efg import Decision, Game, Terminal
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.lp import default_tolerance, solve_lp
from kuhtheory.solvers.sequence_form import Infoset, SequenceForm, from_game, payoff_scale


@pytest.fixture(scope="module")
def kuhn():
    return from_game(kuhn_poker())


def test_lp_value_and_plans(kuhn):
    sol = solve_lp(kuhn)
    assert sol.value == pytest.approx(-1 / 18, abs=1e-12)
    assert best_response(kuhn, 1, sol.x)[0] == pytest.approx(-1 / 18, abs=1e-9)
    assert best_response(kuhn, 0, sol.y)[0] == pytest.approx(-1 / 18, abs=1e-9)


def test_failed_lp_is_reported_not_answered():
    # A hand-made sequence form whose player-0 set has no actions: "x_empty = 1" and
    # "0 = x_empty" cannot both hold, so HiGHS finds no plan and the solver says so.
    sf = from_game(Game(Decision(0, "I", ("a", "b"), (Terminal(1), Terminal(2)))))
    bad = (Infoset("I", ("a", "b"), 0, 1), Infoset("broken", (), 0, 3))
    broken = SequenceForm((bad, sf.infosets[1]), sf.rows, sf.cols, sf.vals, None, "broken")
    with pytest.raises(SolverError, match="broken"):
        solve_lp(broken)


# --- robustness at large payoffs: each LP is retried without presolve, then scaled down ---------


def test_solve_lp_at_a_huge_worth_falls_back_to_scaled_payoffs():
    # Payoffs 10 and 263375(.00038): HiGHS reports 'Solve error' with presolve on.
    sf = classic_first_round((0, 0, 10), (10,), 263385)
    sol = solve_lp(sf)
    assert exploitability(sf, sol.x, sol.y) <= 1e-7 * payoff_scale(sf)
    assert sol.value == pytest.approx(263375.0, abs=1e-3)


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


def test_answer_records_its_exploitability_and_attempt(kuhn):
    sol = solve_lp(kuhn)
    assert sol.exploitability <= default_tolerance(kuhn)
    assert sol.attempt == "presolve on"


def test_an_unreachable_tolerance_is_an_error_naming_each_attempt(kuhn):
    with pytest.raises(SolverError, match=r"tolerance -1.*presolve on\).*presolve off, scaled"):
        solve_lp(kuhn, tolerance=-1.0)


def test_a_game_where_nobody_moves_is_refused():
    empty = SequenceForm(((), ()), np.zeros(0, int), np.zeros(0, int), np.zeros(0), None, "empty")
    with pytest.raises(SolverInputError, match="no player ever moves"):
        solve_lp(empty)
