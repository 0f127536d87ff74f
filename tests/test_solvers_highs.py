"""The HiGHS call through highspy: the same model and answers as scipy's linprog, failures
reported, and the linprog fallback where highspy is missing."""

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
from kuhtheory.solvers.lp import bounds as _bounds
from kuhtheory.solvers.lp import stack as _stack
from kuhtheory.solvers.sequence_form import from_game
from kuhtheory.solvers.sequence_form import unit as _unit


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
    At, Et, Ft = (sf.rows, sf.cols, sf.vals), sf.triplets(0), sf.triplets(1)
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    c = np.concatenate([np.zeros(n0), -_unit(m1)])
    M = _stack(
        [(At, 0, 0, True, -1.0), (Ft, 0, n0, True, 1.0), (Et, n1, 0, False, 1.0)],
        (n1 + m0, n0 + m1),
    )
    return c, M, n1, np.concatenate([np.zeros(n1), _unit(m0)]), _bounds(n0, m1)


def test_same_answer_as_linprog():
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
    # scipy bundles its own HiGHS, possibly another version: the same answer, not the same bits
    assert highs.BACKEND == "highspy"
    assert mine.optimal and mine.objective == pytest.approx(1 / 18, abs=1e-12)
    assert mine.objective == pytest.approx(ref.fun, abs=1e-12)
    assert mine.row_duals.shape == (len(ref.ineqlin.marginals) + len(ref.eqlin.marginals),)


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


def test_reused_object_answers_as_a_new_one():
    # solve() keeps one HiGHS object per thread and settings (a first run on a new object costs
    # about twice as much); clearModel must leave nothing behind: after other models (an
    # infeasible one too), and in another thread, the answer is the new object's, bit for bit.
    import threading

    import highspy

    c, M, n_ub, b, (lower, upper) = _kuhn_lp()
    fresh = highs._run(
        highspy, highs._load(highspy, highs._Problem(c, M, n_ub, b, lower, upper), True, None)
    )
    first = solve(c, M, n_ub, b, lower, upper)
    A = csc_from_triplets(np.array([0, 0]), np.array([0, 1]), np.array([1.0, 1.0]), (1, 2))
    assert not solve(np.zeros(2), A, 1, np.array([-1.0]), np.zeros(2), np.full(2, np.inf)).optimal
    solve(np.array([-1.0, -2.0]), A, 1, np.array([4.0]), np.zeros(2), np.full(2, 3.0))
    again = solve(c, M, n_ub, b, lower, upper)
    other: list = []
    thread = threading.Thread(target=lambda: other.append(solve(c, M, n_ub, b, lower, upper)))
    thread.start()
    thread.join()
    for res in (first, again, other[0]):
        assert res.objective == fresh.objective
        assert res.x.tolist() == fresh.x.tolist()
        assert res.row_duals.tolist() == fresh.row_duals.tolist()


def test_model_on_a_spare_object_answers_as_on_a_new_one():
    # A Model takes the HiGHS object a dead Model left (cleared): its answers, after the other
    # model was changed and warm-started, are those of a Model on a new object, bit for bit;
    # a live Model's object is never handed to another.
    c, M, n_ub, b, (lower, upper) = _kuhn_lp()

    def answers(model: highs.Model) -> tuple:
        res = model.solve()
        return res.objective, res.x.tolist(), res.row_duals.tolist()

    spares = highs._local.__dict__.setdefault("model_spares", [])
    spares.clear()
    fresh = answers(highs.Model(c, M, n_ub, b, lower, upper))  # a new object, then a spare
    A = csc_from_triplets(np.array([0, 0]), np.array([0, 1]), np.array([1.0, 1.0]), (1, 2))
    other = highs.Model(np.array([-1.0, -2.0]), A, 1, np.array([4.0]), np.zeros(2), np.ones(2))
    other.solve()
    other.change_costs(np.array([-3.0, -2.0]))
    other.change_col_bounds(np.array([0]), np.zeros(1), np.full(1, 2.0))
    other.solve()
    used = other._h
    del other
    assert spares and spares[-1] is used
    again = highs.Model(c, M, n_ub, b, lower, upper)
    assert again._h is used
    live = highs.Model(c, M, n_ub, b, lower, upper)
    assert live._h is not again._h
    assert answers(again) == fresh == answers(live)
    # max x0 + x1 with x0 + x1 <= 1 has two optimal vertices: a Model warm-started at the other
    # one leaves its object to the next, which still finds the new object's vertex
    tie = (np.array([-1.0, -1.0]), A, 1, np.array([1.0]), np.zeros(2), np.ones(2))
    del again, live
    spares.clear()
    first = highs.Model(*tie).solve().x.tolist()
    warm = highs.Model(*tie)
    warm.change_costs(np.array([-1.0, -2.0]) if first[0] > 0.5 else np.array([-2.0, -1.0]))
    warm.solve()
    warm.change_costs(tie[0])
    assert warm.solve().x.tolist() != first  # warm-started: it stays at the other vertex
    del warm
    assert highs.Model(*tie).solve().x.tolist() == first


def test_linprog_fallback_without_highspy(monkeypatch):
    # A platform without highspy's wheel: the same model then goes through scipy's linprog.
    c, M, n_ub, b, (lower, upper) = _kuhn_lp()
    direct = solve(c, M, n_ub, b, lower, upper)
    monkeypatch.setattr(highs, "_highspy", None)
    fallback = solve(c, M, n_ub, b, lower, upper, presolve=False, tolerance=1e-8)
    assert fallback.optimal and fallback.objective == pytest.approx(direct.objective, abs=1e-9)
    assert fallback.row_duals.shape == direct.row_duals.shape
    A = csc_from_triplets(np.array([0]), np.array([0]), np.array([1.0]), (1, 1))
    assert not solve(np.zeros(1), A, 1, np.array([-1.0]), np.zeros(1), np.ones(1)).optimal


def test_no_banner_on_stdout():
    # highspy.Highs() prints HiGHS's banner before output can be switched off; the module uses
    # the compiled class instead, so `kuhtheory solve ... --json` prints JSON only.
    import subprocess
    import sys

    code = (
        "import numpy as np; from kuhtheory.solvers.highs import solve, csc_from_triplets;"
        "A = csc_from_triplets(np.array([0]), np.array([0]), np.array([1.0]), (1, 1));"
        "solve(np.ones(1), A, 1, np.ones(1), np.zeros(1), np.ones(1))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == ""


@pytest.mark.parametrize(
    "args",
    [
        "solve trade --edition classic --a 0,10,50 --b 10,10 --value 60",
        "solve trade --edition classic --a 0,10,50@1/2;10,10,10@1/2 --b 10,50 --value 60",
        "solve trade --edition 2025 --a 0,10,50 --b 10,10 --value 60 --value-b 40",
        "solve kuhn",
    ],
)
def test_json_output_is_json_only_in_a_fresh_process(args):
    # The banner is written by the C library straight to file descriptor 1 the first time a
    # process uses highspy.Highs(), where capsys cannot see it: run the command as a user does.
    import json
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "kuhtheory", *args.split(), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    json.loads(out.stdout)  # the whole of stdout is one JSON object
