"""Toy trades in closed form (kuhtheory.solvers.toy) against the sequence-form LP (solve_trade)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers import solve_trade
from kuhtheory.solvers.toy import W, count_matrices, solve_matrix_in_w, toy_trade

STAKES = (0, 5, 10, 15, 20, 35, 50, 60, 100, 250)


def _check_against_lp(edition: str, a: list[int], b: list[int]) -> None:
    toy = toy_trade(edition, a, b)
    for w in STAKES:
        lp = solve_trade(edition, a, b, w, exact=True)
        assert toy.value_at(w) == lp.value_exact, (edition, a, b, w)
        bluff = toy.bluff_at(w)
        if bluff is not None:
            assert float(bluff) == pytest.approx(lp.bluff_rate(), abs=1e-9), (edition, a, b, w)


def test_k_trd_3_2025_ten_against_ten_closed_form() -> None:
    # A holds {0, 10}, B holds {10}; 2025: B may accept, piles kept, A wins a tie (K-TRD-2/3).
    toy = toy_trade("2025", [0, 10], [10])
    assert toy.value == sp.Piecewise((W, W <= 10), (W - 10 + 100 / W, True))
    assert toy.bluff == sp.Piecewise((10 / W, W > 10))
    # below W = 10 the empty offer and the bluff both get W: A's strategy is not unique
    assert toy.bluff_at(5) is None
    assert toy.best_counts == ((0, 10, (0, 1)), (10, None, (1,)))


def test_k_trd_3_2025_toy_values_equal_the_lp() -> None:
    _check_against_lp("2025", [0, 10], [10])
    _check_against_lp("2025", [0, 0, 10], [0, 10])


def test_k_trd_3_2025_ten_against_two_tens_mostly_bluffs() -> None:
    # B's 20 beats both of A's one-card offers, but calling with it hands A 20
    toy = toy_trade("2025", [0, 10], [10, 10])
    assert toy.value == sp.Piecewise(
        (W, W <= 10), (W - 10 + 100 / W, W <= 20), (20 - 100 / W, True)
    )
    assert toy.bluff_at(50) == Fraction(4, 5)  # (W - 10) / W
    _check_against_lp("2025", [0, 10], [10, 10])


def test_k_trd_3_2025_fifty_against_two_tens_three_pieces() -> None:
    toy = toy_trade("2025", [0, 50], [10, 10])
    assert toy.value == sp.Piecewise((W, W <= 10), (10, W <= 50), (W - 50 + 500 / W, True))
    assert toy.bluff_at(100) == Fraction(1, 10)  # 10 / W: B's one-card call over the stake
    _check_against_lp("2025", [0, 50], [10, 10])


def test_k_trd_3_winner_pays_first_and_bluff_equal_the_lp() -> None:
    # first edition: the winner pays his own pile; bluff: B may not accept (K-TRD-2)
    toy = toy_trade("first", [0, 10], [10])
    assert toy.value == sp.Piecewise((W, W <= 10), (10, W <= 20), (W - 10, True))
    _check_against_lp("first", [0, 10], [10])
    _check_against_lp("bluff", [0, 50], [10, 10])


def test_count_matrix_entries_follow_the_trade_rules() -> None:
    count, offers, replies, m = count_matrices("bluff", [0, 10], [10])[1]
    assert (count, offers, replies) == (1, (0, 10), ("counter 0", "counter 10"))
    # winner pays (bluff): 0 vs 0 is a tie A wins paying 0; 0 vs 10 B wins and pays A 10;
    # 10 vs 0 A wins paying 10; 10 vs 10 a tie A wins paying 10.
    assert m == sp.Matrix([[W, 10], [W - 10, W - 10]])


def test_k_trd_3_classic_reoffer_is_refused() -> None:
    with pytest.raises(SolverInputError, match="re-opens the trade"):
        toy_trade("classic", [0, 10], [10])


def test_bad_hands_are_refused() -> None:
    with pytest.raises(SolverInputError, match="A's hand"):
        toy_trade("2025", [0, 20], [10])
    with pytest.raises(SolverInputError, match="too large"):
        toy_trade("2025", [0, 10, 10, 50, 50], [10])


def test_matrix_in_w_known_values() -> None:
    # [[W, 0], [0, 1]]: value W / (W + 1), the row player plays the first row with 1 / (W + 1)
    pieces = solve_matrix_in_w(sp.Matrix([[W, 0], [0, 1]]))
    assert len(pieces) == 1
    _, hi, value, x = pieces[0]
    assert hi is None
    assert sp.simplify(value - W / (W + 1)) == 0
    assert sp.simplify(x[0] - 1 / (W + 1)) == 0
    # a saddle point that moves: [[W, 3]] is min(W, 3)
    pieces = solve_matrix_in_w(sp.Matrix([[W, 3]]))
    assert [(lo, hi, v) for lo, hi, v, _ in pieces] == [(0, 3, W), (3, None, 3)]


def _lp_value(m: np.ndarray) -> float:
    rows, cols = m.shape
    # max v s.t. x'M >= v, sum x = 1, x >= 0  (variables x, v)
    c = np.zeros(rows + 1)
    c[-1] = -1
    a_ub = np.hstack([-m.T, np.ones((cols, 1))])
    a_eq = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    res = linprog(
        c,
        A_ub=a_ub,
        b_ub=np.zeros(cols),
        A_eq=a_eq,
        b_eq=[1],
        bounds=[(0, None)] * rows + [(None, None)],
        method="highs",
    )
    return float(-res.fun)


entry = st.tuples(st.integers(-3, 3), st.integers(-1, 1))


@settings(max_examples=12, deadline=None)
@given(
    st.integers(1, 2).flatmap(
        lambda r: st.lists(st.lists(entry, min_size=2, max_size=2), min_size=r, max_size=r)
    ),
    st.fractions(min_value=0, max_value=8, max_denominator=4),
)
def test_matrix_in_w_matches_an_lp_at_any_w(rows: list[list[tuple[int, int]]], w: Fraction) -> None:
    m = sp.Matrix([[a + b * W for a, b in row] for row in rows])
    pieces = solve_matrix_in_w(m)
    value = next(v for lo, hi, v, _ in pieces if (lo < w or w == 0) and (hi is None or w <= hi))
    numeric = np.array([[a + b * float(w) for a, b in row] for row in rows])
    assert float(value.subs(W, sp.Rational(w.numerator, w.denominator))) == pytest.approx(
        _lp_value(numeric), abs=1e-7
    )
