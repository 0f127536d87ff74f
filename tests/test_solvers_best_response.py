"""Best responses and exploitability, in floats and in fractions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kuhtheory.solvers.best_response import (
    best_response,
    coefficients,
    exploitability,
    local_regrets,
    plan_payoff,
)
from kuhtheory.solvers.efg import Chance, Decision, Game, Terminal
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.sequence_form import from_game, uniform_plan


def matching_pennies():
    b = lambda x, y: Decision(1, "B", ("h", "t"), (Terminal(x), Terminal(y)))  # noqa: E731
    return Game(Decision(0, "A", ("h", "t"), (b(1, -1), b(-1, 1))), title="pennies")


def test_best_response_values_in_matching_pennies():
    sf = from_game(matching_pennies())
    v, plan = best_response(sf, 1, [1, 1, 0])  # A always plays h: B answers t
    assert v == -1 and plan == [1, 0, 1]
    v, _ = best_response(sf, 0, [1, Fraction(1, 2), Fraction(1, 2)], exact=True)
    assert v == 0


def test_exploitability_zero_at_equilibrium_positive_elsewhere():
    sf = from_game(kuhn_poker())
    sol = solve_lp(sf)
    assert exploitability(sf, sol.x, sol.y) <= 1e-9
    u0, u1 = uniform_plan(sf.infosets[0]), uniform_plan(sf.infosets[1])
    assert exploitability(sf, u0, u1) > 0.1


def test_exact_and_float_agree():
    sf = from_game(kuhn_poker())
    u0 = [Fraction(v).limit_denominator() for v in uniform_plan(sf.infosets[0])]
    exact_v, _ = best_response(sf, 1, u0, exact=True)
    float_v, _ = best_response(sf, 1, [float(v) for v in u0])
    assert float(exact_v) == pytest.approx(float_v)


def test_chance_weights_enter_the_best_response():
    g = Game(
        Chance(
            [
                ("x", Fraction(1, 4), Decision(0, "I", ("a", "b"), (Terminal(4), Terminal(0)))),
                ("y", Fraction(3, 4), Decision(0, "J", ("a", "b"), (Terminal(0), Terminal(2)))),
            ]
        )
    )
    sf = from_game(g)
    v, _ = best_response(sf, 0, [1], exact=True)
    assert v == Fraction(1, 4) * 4 + Fraction(3, 4) * 2


def test_local_regrets():
    sf = from_game(matching_pennies())
    # A plays h; B's plan t has no regret, B's plan h has regret 2.
    assert local_regrets(sf, 1, [1, 0, 1], [1, 1, 0]) == [0.0]
    assert local_regrets(sf, 1, [1, 1, 0], [1, 1, 0]) == [2.0]


def test_plan_payoff_float_and_exact():
    sf = from_game(kuhn_poker())
    u0, u1 = uniform_plan(sf.infosets[0]), uniform_plan(sf.infosets[1])
    exact = plan_payoff(sf, [Fraction(v) for v in u0], [Fraction(v) for v in u1], exact=True)
    assert exact == Fraction(1, 8) and plan_payoff(sf, u0, u1) == pytest.approx(0.125)


def test_exact_coefficients_on_integers_equal_fraction_sums():
    sf = from_game(kuhn_poker())
    u1 = [Fraction(v).limit_denominator() for v in uniform_plan(sf.infosets[1])]
    by_fractions = [Fraction(0)] * sf.sizes[0]
    for i, j, v in zip(sf.rows.tolist(), sf.cols.tolist(), sf.exact_vals, strict=True):
        by_fractions[i] += v * u1[j]
    assert coefficients(sf, 0, u1, exact=True) == by_fractions
