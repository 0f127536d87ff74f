"""The direct HiGHS call: the same model and answers as scipy's linprog, failures reported."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from kuhtheory.solvers import highs
from kuhtheory.solvers.highs import csc_from_triplets, solve
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.sequence_form import _bounds, _stack, _unit, from_game


@settings(max_examples=40, deadline=None)
@given(
    entries=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 5), st.sampled_from([0.0, 1.5, -2.0, 3.0])),
        max_size=25,
    )
)
def test_csc_matches_scipy_with_duplicates_and_explicit_zeros(entries):
    rows = np.array([r for r, _, _ in entries], dtype=np.int64)
    cols = np.array([c for _, c, _ in entries], dtype=np.int64)
    vals = np.array([v for _, _, v in entries], dtype=float)
    mine = csc_from_triplets(rows, cols, vals, (5, 6))
    ref = sp.csc_matrix((vals, (rows, cols)), shape=(5, 6))
    ref.sum_duplicates()
    assert mine.indptr.tolist() == ref.indptr.tolist()
    assert mine.indices.tolist() == ref.indices.tolist()
    np.testing.assert_array_equal(mine.data, ref.data)


def _kuhn_lp():
    sf = from_game(kuhn_poker())
    _, At, Et, Ft = sf._matrices
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    c = np.concatenate([np.zeros(n0), -_unit(m1)])
    M = _stack(
        [(At, 0, 0, True, -1.0), (Ft, 0, n0, True, 1.0), (Et, n1, 0, False, 1.0)],
        (n1 + m0, n0 + m1),
    )
    return c, M, n1, np.concatenate([np.zeros(n1), _unit(m0)]), _bounds(n0, m1)


def test_same_answer_as_linprog_bit_for_bit():
    c, M, n_ub, b, (lower, upper) = _kuhn_lp()
    mine = solve(c, M, n_ub, b, lower, upper)
    dense = sp.csc_matrix((M.data, M.indices, M.indptr), shape=M.shape).toarray()
    ref = linprog(
        c,
        A_ub=dense[:n_ub],
        b_ub=b[:n_ub],
        A_eq=dense[n_ub:],
        b_eq=b[n_ub:],
        bounds=np.column_stack([lower, upper]),
        method="highs",
    )
    assert mine.optimal and mine.objective == pytest.approx(1 / 18)
    np.testing.assert_array_equal(mine.x, ref.x)
    np.testing.assert_array_equal(
        mine.row_duals, np.concatenate([ref.ineqlin.marginals, ref.eqlin.marginals])
    )


def test_infeasible_lp_is_reported_not_answered():
    # x0 + x1 <= -1 with x >= 0
    A = csc_from_triplets(np.array([0, 0]), np.array([0, 1]), np.array([1.0, 1.0]), (1, 2))
    res = solve(np.zeros(2), A, 1, np.array([-1.0]), np.zeros(2), np.full(2, np.inf))
    assert not res.optimal and "nfeasible" in res.message
    assert res.x.size == 0


@pytest.mark.parametrize("presolve", [True, False])
def test_options_presolve_and_tolerance(presolve):
    c, M, n_ub, b, (lower, upper) = _kuhn_lp()
    res = solve(c, M, n_ub, b, lower, upper, presolve=presolve, tolerance=1e-9)
    assert res.optimal and res.objective == pytest.approx(1 / 18, abs=1e-9)


def test_linprog_fallback_without_scipys_binding(monkeypatch):
    # An older scipy has no scipy.optimize._highspy: the same model then goes through linprog.
    c, M, n_ub, b, (lower, upper) = _kuhn_lp()
    direct = solve(c, M, n_ub, b, lower, upper)
    monkeypatch.setattr(highs, "_highs_core", None)
    fallback = solve(c, M, n_ub, b, lower, upper, presolve=False, tolerance=1e-8)
    assert fallback.optimal and fallback.objective == pytest.approx(direct.objective, abs=1e-9)
    assert fallback.row_duals.shape == direct.row_duals.shape
    A = csc_from_triplets(np.array([0]), np.array([0]), np.array([1.0]), (1, 1))
    assert not solve(np.zeros(1), A, 1, np.array([-1.0]), np.zeros(1), np.ones(1)).optimal


def test_a_changed_binding_falls_back_to_linprog(monkeypatch):
    class Changed:  # a future scipy whose private module lost the names used here
        pass

    c, M, n_ub, b, (lower, upper) = _kuhn_lp()
    monkeypatch.setattr(highs, "_highs_core", Changed())
    res = solve(c, M, n_ub, b, lower, upper)
    assert res.optimal and res.objective == pytest.approx(1 / 18, abs=1e-9)
    assert highs._highs_core is None  # asked only once
