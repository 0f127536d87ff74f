"""The *solve* stage: the sequence-form linear program of a zero-sum game, on HiGHS.

Koller, Megiddo & von Stengel (1996, eq. (11)-(12)): with the sequence form of
:mod:`.sequence_form`, the game's value is one linear program and its dual::

    max_{x, q}  f^T q   s.t.  F^T q - A^T x <= 0,  E x = e,  x >= 0     (player 0)
    min_{y, p}  e^T p   s.t.  E^T p - A y  >= 0,  F y = f,  y >= 0     (player 1, its dual)

Here ``q`` (``p``) holds, per information set of the opponent, the best value the opponent can
reach from it. One HiGHS solve (:mod:`.highs`) of player 0's program gives ``x`` and the value;
player 1's plan ``y`` is read from the duals of the constraints ``F^T q - A^T x <= 0``.

Numerics: HiGHS's tolerances are, in effect, relative to the data, and large payoffs (a trade
whose stake is worth millions) can make it report no optimum, or an optimum that is not one. Each
answer is therefore checked by best responses (:mod:`.best_response`): its exploitability must be
at most ``tolerance`` (by default :func:`default_tolerance`, ``1e-7`` times the largest payoff).
The LP is tried with presolve, without, with the payoffs divided by their scale, and all that
again with HiGHS's feasibility tolerances tightened (:data:`ATTEMPTS`); the first answer that
passes is returned, and if none does, :class:`SolverError` says what each attempt gave
(never a wrong answer). The optimal plans found here are then refined (:mod:`.refinements`).

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> from kuhtheory.solvers.sequence_form import from_game
>>> sol = solve_lp(from_game(kuhn_poker()))
>>> round(sol.value, 9), sol.exploitability < 1e-9
(-0.055555556, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers import highs
from kuhtheory.solvers.best_response import exploitability, response_duals
from kuhtheory.solvers.highs import Csc, LPResult, csc_from_triplets
from kuhtheory.solvers.sequence_form import (
    SequenceForm,
    Triplets,
    constraint_matrix,
    payoff_scale,
    unit,
)

#: The default tolerance of a solve, relative to :func:`~.sequence_form.payoff_scale`: HiGHS's own
#: feasibility tolerance. On small payoffs answers are far better (about 1e-13); on a trade with a
#: stake of a few hundred thousand the refinement LPs reach only a few times 1e-8.
RELATIVE_TOLERANCE = 1e-7


def default_tolerance(sf: SequenceForm) -> float:
    """How far from optimal (exploitability, in payoff units) an answer may be by default:
    :data:`RELATIVE_TOLERANCE` times the largest payoff.

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> from kuhtheory.solvers.sequence_form import from_game
    >>> default_tolerance(from_game(kuhn_poker()))
    1e-07
    """
    return RELATIVE_TOLERANCE * payoff_scale(sf)


@dataclass(frozen=True, eq=False)
class LPSolution:
    """Both players' optimal realization plans, the value, the LP's free variables (``q`` of
    player 0's program, ``p`` of its dual), the plans' exploitability and the attempt that gave
    them."""

    x: np.ndarray
    y: np.ndarray
    value: float
    q: np.ndarray
    p: np.ndarray
    exploitability: float = 0.0
    attempt: str = ""


#: HiGHS's feasibility tolerances in the last attempts (its default is 1e-7).
TIGHT = 1e-9

#: The ways an LP is tried, in order: (presolve, payoffs divided by their scale, HiGHS's
#: feasibility tolerances or None for its default).
ATTEMPTS: tuple[tuple[bool, bool, float | None], ...] = tuple(
    (presolve, scaled, tolerance)
    for tolerance in (None, TIGHT)
    for scaled in (False, True)
    for presolve in (True, False)
)


def attempt_name(presolve: bool, scaled: bool, tolerance: float | None = None) -> str:
    """How an attempt is named in messages: ``"presolve on, scaled"``.

    >>> attempt_name(False, True, TIGHT)
    'presolve off, scaled, tolerances 1e-09'
    """
    tight = f", tolerances {tolerance:g}" if tolerance is not None else ""
    return f"presolve {'on' if presolve else 'off'}{', scaled' if scaled else ''}{tight}"


def solve_lp(
    sf: SequenceForm, tolerance: float | None = None, accept: float | None = None
) -> LPSolution:
    """Solve the sequence-form LP of ``sf`` with HiGHS; player 1's plan from the duals.

    Each attempt of :data:`ATTEMPTS` is checked by best responses; the first whose plans are
    exploitable by at most ``tolerance`` (default :func:`default_tolerance`) is returned, else
    the best one within ``accept`` (default: ``tolerance``; an exact certificate that follows may
    take looser candidates). Raises :class:`SolverError` naming every attempt's problem if none
    passes, and :class:`SolverInputError` for a game in which nobody moves.
    """
    check_nonempty(sf)
    tol = default_tolerance(sf) if tolerance is None else tolerance
    scale = payoff_scale(sf)
    problems = []
    best: LPSolution | None = None
    for presolve, scaled, highs_tol in ATTEMPTS:
        how = attempt_name(presolve, scaled, highs_tol)
        res, sol = _main_lp(sf, presolve, scale if scaled else 1.0, highs_tol)
        if sol is None:
            problems.append(f"{res.message!r} ({how})")
            continue
        gap = max(0.0, float(exploitability(sf, sol.x, sol.y)))
        if gap > tol:  # large payoffs: the same supports, solved again in floats, may do better
            x, y = polish(sf, 0, sol.x, gap), polish(sf, 1, sol.y, gap)
            polished = max(0.0, float(exploitability(sf, x, y)))
            if polished < gap:
                sol, gap, how = (
                    LPSolution(x, y, sol.value, sol.q, sol.p),
                    polished,
                    how + ", polished",
                )
        answer = LPSolution(sol.x, sol.y, sol.value, sol.q, sol.p, gap, how)
        if gap <= tol:
            return answer
        if best is None or gap < best.exploitability:
            best = answer
        problems.append(f"plans exploitable by {gap:.3g} ({how})")
    if best is not None and accept is not None and best.exploitability <= accept:
        return best
    raise SolverError(
        f"HiGHS failed on the sequence-form LP of {sf.title!r} (tolerance {tol:.3g}): "
        + "; ".join(problems)
    )


def _main_lp(
    sf: SequenceForm, presolve: bool, divide: float, highs_tol: float | None = None
) -> tuple[LPResult, LPSolution | None]:
    """The sequence-form LP with its payoffs divided by ``divide`` (the plans do not change; the
    value and the free variables are multiplied back)."""
    At = (sf.rows, sf.cols, sf.vals)
    Et, Ft = sf.triplets(0), sf.triplets(1)
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    e, f = unit(m0), unit(m1)
    # variables z = (x, q); minimise -f^T q  s.t.  F^T q - A^T x <= 0 (n1 rows), E x = e (m0 rows)
    c = np.concatenate([np.zeros(n0), -f])
    M = stack(
        [(At, 0, 0, True, -1.0 / divide), (Ft, 0, n0, True, 1.0), (Et, n1, 0, False, 1.0)],
        (n1 + m0, n0 + m1),
    )
    b = np.concatenate([np.zeros(n1), e])
    res = highs.solve(c, M, n1, b, *bounds(n0, m1), presolve=presolve, tolerance=highs_tol)
    if not res.optimal:
        return res, None
    x = np.clip(res.x[:n0], 0.0, None)
    q = res.x[n0:] * divide
    y = np.clip(-res.row_duals[:n1], 0.0, None)
    p = -res.row_duals[n1:] * divide
    return res, LPSolution(x, y, float(f @ q), q, p)


#: :func:`polish` solves systems up to this many entries (dense least squares).
POLISH_CELLS = 4_000_000


def polish(sf: SequenceForm, player: int, plan: np.ndarray, error: float) -> np.ndarray:
    """``plan`` made more accurate where HiGHS's tolerances are coarse for the payoffs (a stake of
    millions): the plan with the same support nearest to it that meets its own sequence
    constraints exactly and makes the opponent's best-response constraints that are tight within
    ``error`` exactly tight -- the support equations of the LP (as :mod:`.exact` writes them in
    fractions), solved here in floats by least squares. Returns ``plan`` itself if the system is
    too large or the answer leaves the plans (a negative weight); the caller keeps whichever of the
    two is better.
    """
    opp = 1 - player
    support = np.flatnonzero(plan > 1e-12)
    _, slack = response_duals(sf, player, plan)
    scale = payoff_scale(sf)
    tight = np.flatnonzero(np.abs(slack) <= max(2.0 * error, 1e-9 * scale))
    m_own, m_opp = len(sf.infosets[player]) + 1, len(sf.infosets[opp]) + 1
    rows, cols = m_own + len(tight), len(support) + m_opp
    if rows * cols > POLISH_CELLS:
        return plan
    own = sp.csr_matrix(constraint_matrix(sf.infosets[player])[0])[:, support].toarray()
    opp_t = sp.csr_matrix(constraint_matrix(sf.infosets[opp])[0]).T.tocsr()[tight].toarray()
    A = sf.payoff_matrix()
    pay = (A.T if player == 0 else A).tocsr()[tight][:, support].toarray()
    duals, _ = response_duals(sf, player, plan)
    M = np.block([[own, np.zeros((m_own, m_opp))], [-pay, opp_t]])
    rhs = np.concatenate([unit(m_own), np.zeros(len(tight))])
    z0 = np.concatenate([plan[support], duals])
    delta = np.linalg.lstsq(M, rhs - M @ z0, rcond=None)[0]
    z = z0 + delta
    if z[: len(support)].min() < -1e-12:
        return plan
    out = np.zeros_like(plan)
    out[support] = np.clip(z[: len(support)], 0.0, None)
    return out


def check_nonempty(sf: SequenceForm) -> None:
    """SolverInputError for a game in which nobody moves."""
    if not sf.infosets[0] and not sf.infosets[1]:
        raise SolverInputError(f"empty game {sf.title!r}: no player ever moves")


# --- building an LP from triplet blocks (shared with the refinement LPs) ------------------------


def stack(blocks: Sequence[tuple[Triplets, int, int, bool, float]], shape: tuple[int, int]) -> Csc:
    """One sparse matrix (columns compressed, for HiGHS) from triplet blocks ``(triplets, row
    offset, column offset, transposed, factor)``, in a single construction."""
    rows, cols, data = [], [], []
    for (r, c, v), i, j, transposed, factor in blocks:
        if transposed:
            r, c = c, r
        rows.append(r + i)
        cols.append(c + j)
        data.append(v * factor)
    return csc_from_triplets(
        np.concatenate(rows), np.concatenate(cols), np.concatenate(data), shape
    )


def row(values: np.ndarray) -> Triplets:
    """One dense row as triplets (its non-zero entries)."""
    nz = np.flatnonzero(values)
    return np.zeros(len(nz), dtype=np.int64), nz, values[nz]


def bounds(plan: int, free: int) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper bounds for ``plan`` non-negative variables followed by ``free`` free ones."""
    lower = np.concatenate([np.zeros(plan), np.full(free, -np.inf)])
    return lower, np.full(plan + free, np.inf)
