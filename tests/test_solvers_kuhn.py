"""Kuhn poker (Kuhn 1950): value -1/18 and the known shape of the optimal strategies."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.solve import solve_game


@pytest.fixture(scope="module")
def exact():
    return solve_game(kuhn_poker(), exact=True)


def test_kuhn_value_is_minus_one_eighteenth_exactly(exact):
    assert exact.value_exact == Fraction(-1, 18)
    assert exact.exact and exact.exploitability == 0.0
    assert "best-response values equal -1/18" in exact.verified


def test_kuhn_float_value():
    assert solve_game(kuhn_poker()).value == pytest.approx(-1 / 18, abs=1e-12)


def test_kuhn_strategies_have_the_known_shape(exact):
    first, second = exact.strategy(0), exact.strategy(1)
    alpha = first[("J", "")]["bet"]  # the first player's bluffing frequency, in [0, 1/3]
    assert 0 <= alpha <= 1 / 3 + 1e-12
    assert first[("K", "")]["bet"] == pytest.approx(3 * alpha)
    assert first[("Q", "")]["bet"] == pytest.approx(0)
    assert first[("Q", "cb")]["call"] == pytest.approx(alpha + 1 / 3)
    assert first[("J", "cb")]["call"] == pytest.approx(0)
    # The second player: always bets and calls with K, bluffs with J 1/3, calls with Q 1/3.
    assert second[("K", "b")]["call"] == pytest.approx(1)
    assert second[("K", "c")]["bet"] == pytest.approx(1)
    assert second[("J", "c")]["bet"] == pytest.approx(1 / 3)
    assert second[("Q", "b")]["call"] == pytest.approx(1 / 3)
    assert second[("J", "b")]["call"] == pytest.approx(0)


def test_kuhn_off_path_sets_get_a_best_action(exact):
    # With K the first player bets with probability 3*alpha; if that is 1 his "K after check-bet"
    # set is ruled out by his own choice and is completed by the best action: call.
    first = exact.strategy(0)
    assert first[("K", "cb")]["call"] == pytest.approx(1)
