"""One sparse linear program solved by HiGHS through its public Python binding, ``highspy``.

The sequence-form LPs of :mod:`.lp` and :mod:`.refinements` are small (a few hundred rows and
columns for a ten-card trade) and are solved many times in a row (a notebook slider, a bot's
cache); there ``scipy.optimize.linprog(method="highs")`` spends about as long checking and
converting its inputs (2-4 ms a call) as HiGHS spends solving. This module hands the model straight
to ``highspy`` (HiGHS's own binding, a declared dependency) with the options ``linprog`` sets
(dual simplex, presolve on unless told otherwise, no output). Where ``highspy`` cannot be imported
(a platform without its wheel) the same model goes through ``linprog``: slower, same HiGHS.

The object made is ``highspy._Highs``, the compiled class that ``highspy.Highs`` extends (highspy's
``__init__`` exports it by name). ``highspy.Highs()`` enables its Python callbacks in the
constructor, a call that makes the C library write HiGHS's banner straight to file descriptor 1
the first time a process does it, while ``output_flag`` is still on (HiGHS writes its log header
at the first non-const public call: ERGO-Code/HiGHS pull requests #798 and #2161). No public
route turns it off first: the constructor takes no options, ``Highs.silent()`` and
``setOptionValue`` come after it, and redirecting descriptor 1 around the constructor would also
swallow other threads' output. The banner would spoil ``kuhtheory solve ... --json``; the tests
run the command in a fresh process and parse its whole output
(``tests/test_solvers_highs.py``). The model is passed in the array form of ``passModel``.

The model: minimise ``c^T z`` subject to ``A[:n_ub] z <= b[:n_ub]``, ``A[n_ub:] z = b[n_ub:]``
and ``lower <= z <= upper``; ``A`` is given in compressed sparse columns (:class:`Csc`).

>>> A = csc_from_triplets(np.array([0, 0, 1]), np.array([0, 1, 1]), np.array([1.0, 1.0, 1.0]),
...                       (2, 2))
>>> res = solve(np.array([-1.0, -2.0]), A, 1, np.array([4.0, 3.0]),
...             np.zeros(2), np.full(2, np.inf))
>>> res.optimal, res.x.tolist(), res.objective
(True, [1.0, 3.0], -7.0)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

_highspy: ModuleType | None
try:
    import highspy as _highspy
except ImportError:  # pragma: no cover - a platform without highspy's wheel
    _highspy = None

#: HiGHS's infinity (bounds at or beyond it are infinite).
_INF = 1e30 if _highspy is None else float(_highspy.kHighsInf)
_COLWISE = 1  # HiGHS's MatrixFormat.kColwise
_MINIMIZE = 1  # HiGHS's ObjSense.kMinimize

#: Which HiGHS binding :func:`solve` uses: ``"highspy"`` or, without it, ``"linprog"``.
BACKEND = "linprog" if _highspy is None else "highspy"


@dataclass(frozen=True, eq=False)
class Csc:
    """A sparse matrix in compressed sparse columns: column ``j``'s entries are
    ``data[indptr[j]:indptr[j + 1]]`` in rows ``indices[...]`` (sorted, no duplicates)."""

    indptr: np.ndarray
    indices: np.ndarray
    data: np.ndarray
    shape: tuple[int, int]


def csc_from_triplets(
    rows: np.ndarray, cols: np.ndarray, vals: np.ndarray, shape: tuple[int, int]
) -> Csc:
    """The :class:`Csc` of the triplets ``(rows, cols, vals)``: repeated positions add up, explicit
    zeros are kept (as scipy's ``csc_matrix((vals, (rows, cols)))`` does, so HiGHS sees the same
    model).

    >>> m = csc_from_triplets(np.array([1, 0, 1]), np.array([0, 1, 0]), np.array([2.0, 3.0, 4.0]),
    ...                       (2, 2))
    >>> m.indptr.tolist(), m.indices.tolist(), m.data.tolist()
    ([0, 1, 2], [1, 0], [6.0, 3.0])
    """
    n_rows, n_cols = shape
    rows = np.asarray(rows, dtype=np.int64)
    cols = np.asarray(cols, dtype=np.int64)
    vals = np.asarray(vals, dtype=float)
    key = cols * n_rows + rows
    order = np.argsort(key, kind="stable")
    key, vals = key[order], vals[order]
    if len(key) and np.any(key[1:] == key[:-1]):
        starts = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
        vals = np.add.reduceat(vals, starts)
        key = key[starts]
    cols_sorted = key // n_rows
    indptr = np.searchsorted(cols_sorted, np.arange(n_cols + 1), side="left").astype(np.int32)
    return Csc(indptr, (key % n_rows).astype(np.int32), vals, (n_rows, n_cols))


@dataclass(frozen=True, eq=False)
class LPResult:
    """What HiGHS reported: ``optimal`` and ``message``; when optimal, the values ``x``, the row
    duals (``linprog``'s ``marginals``: the objective's change per unit of each row's right-hand
    side) and the objective value."""

    optimal: bool
    message: str
    x: np.ndarray
    row_duals: np.ndarray
    objective: float


@dataclass(frozen=True, eq=False)
class _Problem:
    """The LP of :func:`solve`, as its arguments give it."""

    c: np.ndarray
    A: Csc
    n_ub: int
    b: np.ndarray
    lower: np.ndarray
    upper: np.ndarray


def solve(
    c: np.ndarray,
    A: Csc,
    n_ub: int,
    b: np.ndarray,
    lower: np.ndarray,
    upper: np.ndarray,
    presolve: bool = True,
    tolerance: float | None = None,
) -> LPResult:
    """Minimise ``c^T z`` subject to ``A[:n_ub] z <= b[:n_ub]``, ``A[n_ub:] z = b[n_ub:]``,
    ``lower <= z <= upper`` (see the module docstring); never raises on a failed solve: check
    ``optimal``. ``tolerance`` sets HiGHS's primal and dual feasibility tolerances (default
    ``1e-7`` each)."""
    lp = _Problem(c, A, n_ub, b, lower, upper)
    if _highspy is not None:
        return _solve_highspy(_highspy, lp, presolve, tolerance)
    return _solve_linprog(lp, presolve, tolerance)


def _solve_highspy(
    h: ModuleType, lp: _Problem, presolve: bool, tolerance: float | None
) -> LPResult:
    highs = _load(h, lp, presolve, tolerance, reuse=True)
    if highs is None:
        return LPResult(False, "HiGHS refused the model", _EMPTY, _EMPTY, float("nan"))
    return _run(h, highs)


def _load(
    h: ModuleType,
    lp: _Problem,
    presolve: bool,
    tolerance: float | None,
    options: dict[str, Any] | None = None,
    reuse: bool = False,
    spares: list[Any] | None = None,
) -> Any:
    """A HiGHS object holding the model (None if HiGHS refuses it). ``reuse``: this thread's
    object for these settings, its previous model cleared (:func:`_reused`), for a model that is
    solved once and read before the next is loaded. ``spares``: idle objects with these settings
    (:class:`Model`'s); one of them, cleared, if any is left, else a new one."""
    c, A, n_ub, b, lower, upper = lp.c, lp.A, lp.n_ub, lp.b, lp.lower, lp.upper
    n_rows, n_cols = A.shape
    row_lower = np.asarray(b, dtype=float).copy()
    row_lower[:n_ub] = -_INF
    if reuse:
        highs = _reused(h, presolve, tolerance)
        highs.clearModel()
    elif spares:
        highs = spares.pop()
        highs.clearModel()
    else:
        highs = _new(h, presolve, tolerance, options)
    # The array form of passModel hands the arrays over without converting element by element
    # (a HighsLp's fields cost about 0.4 ms to fill); every column continuous.
    passed = highs.passModel(
        n_cols,
        n_rows,
        len(A.data),
        _COLWISE,
        _MINIMIZE,
        0.0,
        np.asarray(c, dtype=float),
        _finite(lower),
        _finite(upper),
        row_lower,
        np.asarray(b, dtype=float),
        A.indptr,
        A.indices,
        A.data,
        np.zeros(n_cols, dtype=np.int32),
    )
    return None if passed == h.HighsStatus.kError else highs


def _new(
    h: ModuleType, presolve: bool, tolerance: float | None, options: dict[str, Any] | None
) -> Any:
    """A new HiGHS object, silent, with the settings of :func:`solve` and ``options``."""
    highs = h._Highs()  # not h.Highs(): see the module docstring
    highs.setOptionValue("output_flag", False)
    highs.setOptionValue("log_to_console", False)
    highs.setOptionValue("simplex_strategy", 1)  # dual simplex, as linprog asks for
    highs.setOptionValue("presolve", "on" if presolve else "off")
    if tolerance is not None:
        highs.setOptionValue("primal_feasibility_tolerance", float(tolerance))
        highs.setOptionValue("dual_feasibility_tolerance", float(tolerance))
    for name, value in (options or {}).items():
        highs.setOptionValue(name, value)
    return highs


_local = threading.local()


def _reused(h: ModuleType, presolve: bool, tolerance: float | None) -> Any:
    """This thread's HiGHS object for :func:`solve` with these settings. A first ``run`` on a
    new object costs about twice a run on one that has run before (about 350 against 210
    microseconds for a small LP, constructor and options included), and a bot solves thousands
    of small LPs; ``clearModel`` before each model drops the previous model, basis and
    solution, so each solve starts as on a new object. One per thread: HiGHS objects are not
    safe to share between threads."""
    pool: dict[tuple[bool, float | None], Any] = _local.__dict__.setdefault("pool", {})
    key = (presolve, tolerance)
    if key not in pool:
        pool[key] = _new(h, presolve, tolerance, None)
    return pool[key]


def _run(h: ModuleType, highs: Any) -> LPResult:
    """Run HiGHS on the model it holds and read the answer."""
    highs.run()
    status = highs.getModelStatus()
    if status != h.HighsModelStatus.kOptimal:
        return LPResult(False, highs.modelStatusToString(status), _EMPTY, _EMPTY, float("nan"))
    sol = highs.getSolution()
    return LPResult(
        True,
        "optimal",
        np.array(sol.col_value),
        np.array(sol.row_dual),
        float(highs.getObjectiveValue()),
    )


#: The settings of a :class:`Model`'s HiGHS object (besides :func:`_new`'s, presolve off).
_MODEL_OPTIONS = {"simplex_dual_edge_weight_strategy": 1}  # Devex
#: How many idle HiGHS objects of dead Models a thread keeps for the next ones.
_MAX_SPARES = 4


class Model:
    """One LP kept loaded in HiGHS, to be changed and solved again from its last basis (a warm
    start: a few pivots where a new solve would start from scratch). The model is that of
    :func:`solve`; presolve is off and the dual simplex prices by Devex, both quicker on the
    small LPs solved many times in a row that this is for (a bot's trade rounds,
    :mod:`kuhtheory.solvers.trade_round`). Needs ``highspy``: where it is missing (:data:`BACKEND`
    ``"linprog"``) the constructor raises :class:`~kuhtheory.errors.SolverError`.

    >>> A = csc_from_triplets(np.array([0, 0]), np.array([0, 1]), np.array([1.0, 1.0]), (1, 2))
    >>> lp = Model(np.array([-1.0, -2.0]), A, 1, np.array([4.0]), np.zeros(2), np.full(2, 3.0))
    >>> lp.solve().objective
    -7.0
    >>> lp.change_costs(np.array([-3.0, -2.0]))
    >>> lp.solve().x.tolist()
    [3.0, 1.0]
    """

    def __init__(
        self,
        c: np.ndarray,
        A: Csc,
        n_ub: int,
        b: np.ndarray,
        lower: np.ndarray,
        upper: np.ndarray,
    ) -> None:
        from kuhtheory.errors import SolverError

        if _highspy is None:  # pragma: no cover - a platform without highspy's wheel
            raise SolverError("a HiGHS model kept for warm starts needs highspy")
        # Its HiGHS object is one a dead Model left (cleared, as :func:`solve` reuses its own),
        # else a new one: a first run on a new object costs about twice a run on one that has
        # run before, and a bot builds a Model for each of hundreds of small LPs a game.
        self._spares: list[Any] = _local.__dict__.setdefault("model_spares", [])
        problem = _Problem(c, A, n_ub, b, lower, upper)
        self._h = _load(_highspy, problem, False, None, _MODEL_OPTIONS, spares=self._spares)
        if self._h is None:
            raise SolverError("HiGHS refused the model")

    def __del__(self) -> None:
        # The object goes back to its thread's spares: no other Model holds it, and the next
        # Model clears it before loading (a few kept at most).
        h = getattr(self, "_h", None)
        if h is not None and len(self._spares) < _MAX_SPARES:
            self._spares.append(h)

    def solve(self) -> LPResult:
        """Solve the model as it now stands, from the last basis found."""
        assert _highspy is not None
        return _run(_highspy, self._h)

    def change_costs(self, c: np.ndarray) -> None:
        """Replace the objective's coefficients (one per column)."""
        n = len(c)
        self._h.changeColsCost(n, np.arange(n, dtype=np.int32), np.asarray(c, dtype=float))

    def change_row_bounds(self, rows: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> None:
        """Rows ``rows`` now read ``lower <= A z <= upper`` (infinite bounds allowed)."""
        for i, lo, up in zip(
            rows.tolist(), _finite(lower).tolist(), _finite(upper).tolist(), strict=True
        ):
            self._h.changeRowBounds(i, lo, up)

    def change_col_bounds(self, cols: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> None:
        """Variables ``cols`` now lie in ``[lower, upper]`` (infinite bounds allowed)."""
        for j, lo, up in zip(
            cols.tolist(), _finite(lower).tolist(), _finite(upper).tolist(), strict=True
        ):
            self._h.changeColBounds(j, lo, up)


_EMPTY = np.zeros(0)


def _finite(bounds: np.ndarray) -> np.ndarray:
    out: np.ndarray = np.clip(np.asarray(bounds, dtype=float), -_INF, _INF)
    return out


def _solve_linprog(lp: _Problem, presolve: bool, tolerance: float | None) -> LPResult:
    import scipy.sparse as sp
    from scipy.optimize import linprog

    c, A, n_ub, b, lower, upper = lp.c, lp.A, lp.n_ub, lp.b, lp.lower, lp.upper
    M = sp.csr_matrix(sp.csc_matrix((A.data, A.indices, A.indptr), shape=A.shape))
    kwargs: dict[str, Any] = {}
    if n_ub:
        kwargs.update(A_ub=M[:n_ub], b_ub=b[:n_ub])
    if n_ub < A.shape[0]:
        kwargs.update(A_eq=M[n_ub:], b_eq=b[n_ub:])
    res = linprog(
        c,
        bounds=np.column_stack([lower, upper]),
        method="highs",
        options={"presolve": presolve}
        if tolerance is None
        else {
            "presolve": presolve,
            "primal_feasibility_tolerance": tolerance,
            "dual_feasibility_tolerance": tolerance,
        },
        **kwargs,
    )
    if res.status != 0:
        return LPResult(False, str(res.message), _EMPTY, _EMPTY, float("nan"))
    duals = np.concatenate(
        [
            res.ineqlin.marginals if n_ub else _EMPTY,
            res.eqlin.marginals if n_ub < A.shape[0] else _EMPTY,
        ]
    )
    return LPResult(True, "optimal", np.asarray(res.x), duals, float(res.fun))
