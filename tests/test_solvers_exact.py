"""Exact equilibria: rounding, support equations, the fraction simplex, the certificate."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from kuhtheory.cards import to_counts
from kuhtheory.errors import SolverError
from kuhtheory.solvers.exact import (
    certified_value,
    exact_equilibrium,
    exact_lp,
    rational,
    round_plan,
    simplex,
    solve_linear,
    support_plan,
)
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.sequence_form import from_game, uniform_plan
from kuhtheory.solvers.trade import TradeRules, round_form

F = Fraction


def test_solve_linear_unique_free_and_inconsistent():
    assert solve_linear([{0: F(2)}, {0: F(1), 1: F(1)}], [F(1), F(1)], [F(0), F(0)]) == [
        F(1, 2),
        F(1, 2),
    ]
    # x0 + x1 = 1 leaves one unknown free: it takes its default.
    sol = solve_linear([{0: F(1), 1: F(1)}], [F(1)], [F(1, 3), F(1, 3)])
    assert sum(sol) == 1 and F(1, 3) in sol
    assert solve_linear([{0: F(1)}, {0: F(1)}], [F(1), F(2)], [F(0)]) is None


def test_simplex_small_lps():
    # min x + 2y s.t. x + y = 3, x - y + s = 1 (s slack)  ->  x = 2, y = 1, value 4
    opt, z = simplex([F(1), F(2), F(0)], [[F(1), F(1), F(0)], [F(1), F(-1), F(1)]], [F(3), F(1)])
    assert opt == 4 and z[:2] == [2, 1]
    with pytest.raises(SolverError, match="infeasible"):
        simplex([F(1)], [[F(1)], [F(1)]], [F(1), F(2)])
    with pytest.raises(SolverError, match="unbounded"):
        simplex([F(-1), F(0)], [[F(1), F(-1)]], [F(0)])


def test_exact_lp_kuhn():
    sf = from_game(kuhn_poker())
    x, y, v = exact_lp(sf)
    assert v == F(-1, 18)
    assert certified_value(sf, x, y) == F(-1, 18)


def test_rounding_recovers_kuhn():
    sf = from_game(kuhn_poker())
    sol = solve_lp(sf)
    x, y = round_plan(sf.infosets[0], sol.x), round_plan(sf.infosets[1], sol.y)
    assert certified_value(sf, x, y) == F(-1, 18)
    assert rational(1 / 3) == F(1, 3)


def test_support_equations_solve_a_trade_round():
    rules = TradeRules.from_edition("2025")
    sf = round_form(rules, to_counts((0, 0, 10, 10, 50)), to_counts((0, 10, 50)), F(80))
    sol = solve_lp(sf)
    x, v = support_plan(sf, 0, sol.x)
    y, v_y = support_plan(sf, 1, sol.y, value=v)
    assert v == v_y
    assert certified_value(sf, x, y) == v
    assert float(v) == pytest.approx(sol.value)


def test_garbage_candidates_fall_back_to_the_exact_lp():
    # Uniform plans are not optimal: rounding and support equations cannot certify them, so the
    # fraction simplex must be used, and it still gives -1/18.
    sf = from_game(kuhn_poker())
    u0, u1 = uniform_plan(sf.infosets[0]), uniform_plan(sf.infosets[1])
    eq = exact_equilibrium(sf, [u0], [u1])
    assert eq.value == F(-1, 18)
    assert eq.method.startswith("exact LP")


def test_certificate_rejects_non_equilibria():
    sf = from_game(kuhn_poker())
    u0 = [F(v).limit_denominator() for v in uniform_plan(sf.infosets[0])]
    u1 = [F(v).limit_denominator() for v in uniform_plan(sf.infosets[1])]
    assert certified_value(sf, u0, u1) is None
    assert np.isclose(float(exact_lp(sf)[2]), -1 / 18)
