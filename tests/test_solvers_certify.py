"""The certify stage: what a result says it checked, in floats, exactly, and when it falls back."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kuhtheory.errors import SolverError
from kuhtheory.solvers import certify as certify_module
from kuhtheory.solvers.certify import certify
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.refinements import refine_profile
from kuhtheory.solvers.sequence_form import from_game
from kuhtheory.solvers.solve import solve_game
from kuhtheory.solvers.trade_solution import _solve_single, solve_trade


@pytest.fixture(scope="module")
def kuhn():
    return from_game(kuhn_poker())


def test_float_certificate_names_exploitability_and_refinement(kuhn):
    sol = solve_lp(kuhn)
    cert = certify(kuhn, refine_profile(kuhn, sol, "quasi-perfect"), sol)
    assert not cert.exact and cert.value_exact is None and cert.method == "float"
    assert cert.verified.startswith("float: exploitability")
    assert "quasi-perfect: each plan a best response to a fully mixed tremble" in cert.verified
    assert all(min(t) > 0 for t in cert.trembles)


def test_unrefined_certificate_has_no_trembles(kuhn):
    sol = solve_lp(kuhn)
    cert = certify(kuhn, refine_profile(kuhn, sol, "none"), sol, exact=True)
    assert cert.exact and cert.value_exact == Fraction(-1, 18)
    assert cert.trembles == ((), ()) and "tremble" not in cert.verified


def test_a_float_answer_beyond_the_tolerance_is_refused(kuhn):
    sol = solve_lp(kuhn)
    with pytest.raises(SolverError, match="more than the tolerance"):
        certify(kuhn, refine_profile(kuhn, sol, "none"), sol, tolerance=-1.0)


def test_no_time_for_the_exact_certificate_falls_back_and_says_so():
    r = solve_game(kuhn_poker(), exact=True, budget=0)
    assert not r.exact and r.value_exact is None
    assert r.verified.startswith(
        "exact certificate not found (not finished within its budget of 0 s)"
    )
    assert r.value == pytest.approx(-1 / 18, abs=1e-9)


def test_exact_plans_that_are_not_the_refined_ones_are_not_passed_off_as_refined(monkeypatch):
    # Make the exact step certify the LP's own (unrefined) plans: in this classic trade they lay
    # the 500 alone, a weakly dominated offer. The value is still exact, but the result reports
    # the refined float plans and says that the exact certificate was for other optimal plans.
    original = certify_module.exact_equilibrium

    def lp_plans_only(sf, xs, ys, deadline):
        return original(sf, xs[1:], ys[1:], deadline)

    monkeypatch.setattr(certify_module, "exact_equilibrium", lp_plans_only)
    _solve_single.cache_clear()  # neither reuse a cached solve nor leave this one behind
    try:
        s = solve_trade("classic", "0,0,0,10,50,500", "0,10,10,100", 500, exact=True)
    finally:
        _solve_single.cache_clear()
    assert s.value_exact == 91 and not s.exact
    assert "for other optimal plans; the refined plans reported: float" in s.verified
    assert dict(((c, t), p) for c, t, p in s.offer_table())[(1, 500)] == 0
