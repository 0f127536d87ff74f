"""Exact arithmetic for the certificates: turn float plans into fractions and prove them optimal.

HiGHS works in floating point. Here a float solution becomes an exact one in up to three steps, each
followed by the same certificate -- the best-response values of both exact plans are computed in
fractions (:func:`kuhtheory.solvers.best_response.best_response`) and must be *equal*: then both
plans are optimal and that common number is the game's value, with no tolerance anywhere
(:func:`certified_value`).

1. **Rounding**: each behaviour probability is rounded to a nearby fraction
   (:meth:`fractions.Fraction.limit_denominator`) and renormalised, which gives exact realization
   plans (``E x = e`` holds exactly).
2. **Support equations**: the float solution tells which sequences are played (the support) and
   which of the opponent's constraints are tight; complementary slackness turns these into linear
   *equalities* (KMvS 1996, the LP's optimality conditions), solved exactly by Gaussian elimination
   over fractions (:func:`solve_linear`); unknowns the equalities leave free take their rounded
   float values.
3. **Exact LP**: if neither certifies (a wrong support, a degenerate LP), the sequence-form LP is
   solved again by a small exact simplex over fractions (:func:`simplex`, Bland's rule), slow but
   exact (sympy's ``linprog`` was tried and reported "oscillating" on Kuhn poker).

The same support equations give the refinement's certificate (:func:`exact_tremble`): an exact,
fully mixed plan of the opponent against which a refined plan is an exact best response. Every
step takes a :class:`Deadline`; past it, :class:`OutOfTime` is raised, and the caller
(:mod:`.certify`) says what it fell back to.

>>> solve_linear([{0: Fraction(1), 1: Fraction(1)}, {0: Fraction(1), 1: Fraction(-1)}],
...              [Fraction(1), Fraction(0)], [Fraction(0), Fraction(0)])
[Fraction(1, 2), Fraction(1, 2)]
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from kuhtheory.errors import SolverError
from kuhtheory.solvers.best_response import best_response, plan_payoff, response_duals
from kuhtheory.solvers.sequence_form import Infoset, Plan, SequenceForm, payoff_scale

#: Largest denominator tried when rounding a float probability.
MAX_DENOMINATOR = 10**6

#: The tolerances tried in turn by the support equations: below it a weight counts as 0 and a
#: constraint's slack (times the payoff scale) as tight. Large payoffs need the smaller ones.
SUPPORT_TOLERANCES = (1e-7, 1e-9, 1e-11)


class OutOfTime(SolverError):
    """The exact certificate did not finish within its limits: its time budget, or the size of
    the exact simplex's tableau (:data:`MAX_EXACT_LP_CELLS`)."""


@dataclass(frozen=True)
class Deadline:
    """A point in time (``time.monotonic``) by which exact work must stop; ``seconds`` is the
    budget it was made from (None: no limit).

    >>> Deadline.after(None).check()
    >>> Deadline.after(0.0).expired()
    True
    """

    seconds: float | None
    at: float = field(default=float("inf"))

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        """The deadline ``seconds`` from now (None: never)."""
        if seconds is None:
            return cls(None)
        return cls(float(seconds), time.monotonic() + float(seconds))

    def expired(self) -> bool:
        """Whether the time is up."""
        return time.monotonic() >= self.at

    def check(self) -> None:
        """Raise :class:`OutOfTime` once the time is up."""
        if self.expired():
            raise OutOfTime(f"not finished within its budget of {self.seconds:g} s")


NO_DEADLINE = Deadline(None)


def rational(value: float, max_denominator: int = MAX_DENOMINATOR) -> Fraction:
    """A nearby fraction of ``value`` (0 for values below 1e-12 in size).

    >>> rational(0.3333333333), rational(1e-15)
    (Fraction(1, 3), Fraction(0, 1))
    """
    if abs(value) < 1e-12:
        return Fraction(0)
    return Fraction(float(value)).limit_denominator(max_denominator)


def round_plan(infosets: Sequence[Infoset], plan: Plan) -> list[Fraction]:
    """An exact realization plan whose behaviour probabilities are the rounded ones of ``plan``.

    >>> round_plan([Infoset("i", ("a", "b"), 0, 1)], [1.0, 0.3333333333, 0.6666666667])
    [Fraction(1, 1), Fraction(1, 3), Fraction(2, 3)]
    """
    out = [Fraction(0)] * (1 + sum(len(i.actions) for i in infosets))
    out[0] = Fraction(1)
    for info in infosets:
        k = len(info.actions)
        weights = [max(0.0, float(plan[info.first + a])) for a in range(k)]
        mass = sum(weights)
        probs = [rational(w / mass) for w in weights] if mass > 0 else [Fraction(1, k)] * k
        total = sum(probs)
        if total == 0:
            probs, total = [Fraction(1, k)] * k, Fraction(1)
        for a in range(k):
            out[info.first + a] = out[info.parent] * probs[a] / total
    return out


def solve_linear(
    equations: Sequence[dict[int, Fraction]],
    rhs: Sequence[Fraction],
    defaults: Sequence[Fraction],
    deadline: Deadline = NO_DEADLINE,
) -> list[Fraction] | None:
    """A solution of the sparse linear system (``None`` if it has none); unknowns left free by the
    equations take their ``defaults``. Gaussian elimination over fractions."""
    pivots: list[tuple[int, dict[int, Fraction], Fraction]] = []
    for eq, b in zip(equations, rhs, strict=True):
        deadline.check()
        row = {k: v for k, v in eq.items() if v}
        for var, prow, pb in pivots:
            c = row.get(var)
            if c:
                for k, v in prow.items():
                    nv = row.get(k, Fraction(0)) - c * v
                    if nv:
                        row[k] = nv
                    else:
                        row.pop(k, None)
                b -= c * pb
        if not row:
            if b != 0:
                return None
            continue
        var = max(row, key=lambda k: (abs(row[k]), -k))
        c = row[var]
        pivots.append((var, {k: v / c for k, v in row.items()}, b / c))
    values = list(defaults)
    for var, prow, pb in reversed(pivots):
        values[var] = pb - sum(v * values[k] for k, v in prow.items() if k != var)
    return values


def support_plan(
    sf: SequenceForm,
    player: int,
    plan: Plan,
    value: Fraction | None = None,
    tol: float = 1e-7,
    deadline: Deadline = NO_DEADLINE,
    keep_floats: bool = False,
) -> tuple[list[Fraction], Fraction] | None:
    """Solve exactly for ``player``'s plan with the support of ``plan`` that makes the opponent's
    tight constraints tight (and the value ``value`` if given); ``(plan, value)`` or ``None``.

    Unknowns the equations leave free take the float values rounded to nearby fractions, or, with
    ``keep_floats``, the floats' own exact values (a tremble's tiny weights stay positive)."""
    if sf.exact_vals is None:
        raise SolverError(f"{sf.title!r} has no exact payoffs")
    plan = np.asarray(plan, dtype=float)
    own_sets, opp_sets = sf.infosets[player], sf.infosets[1 - player]
    n_own = sf.sizes[player]
    scale = payoff_scale(sf)
    support = [i for i in range(n_own) if plan[i] > (0.0 if keep_floats else tol)]
    index = {s: k for k, s in enumerate(support)}
    duals, slack = response_duals(sf, player, plan)
    tight = [j for j in range(sf.sizes[1 - player]) if abs(slack[j]) <= tol * scale]
    equations: list[dict[int, Fraction]] = []
    rhs: list[Fraction] = []
    # Own sequence constraints, restricted to the support (E_S x_S = e).
    own_eq: list[dict[int, Fraction]] = [{} for _ in range(len(own_sets) + 1)]
    if 0 in index:
        own_eq[0][index[0]] = Fraction(1)
    for k, info in enumerate(own_sets, start=1):
        if info.parent in index:
            own_eq[k][index[info.parent]] = Fraction(-1)
        for a in range(len(info.actions)):
            s = info.first + a
            if s in index:
                own_eq[k][index[s]] = Fraction(1)
    equations += own_eq
    rhs += [Fraction(1)] + [Fraction(0)] * len(own_sets)
    # Tight opponent constraints: dual(I(j)) - sum_{J after j} dual(J) - (A-coefficient)_j = 0.
    own_idx, opp_idx = (sf.rows, sf.cols) if player == 0 else (sf.cols, sf.rows)
    tight_set = set(tight)
    coef: dict[int, dict[int, Fraction]] = {j: {} for j in tight}
    for i, j, v in zip(own_idx.tolist(), opp_idx.tolist(), sf.exact_vals, strict=False):
        if j in tight_set and i in index:
            row = coef[j]
            row[index[i]] = row.get(index[i], Fraction(0)) - v
    children: dict[int, list[int]] = {}
    for k, info in enumerate(opp_sets, start=1):
        children.setdefault(info.parent, []).append(k)
    owner = sf.seq_owner(1 - player)
    dual_var = len(support)
    for j in tight:
        row = coef[j]
        d = dual_var + (int(owner[j]) + 1 if owner[j] >= 0 else 0)
        row[d] = row.get(d, Fraction(0)) + 1
        for k in children.get(j, []):
            row[dual_var + k] = row.get(dual_var + k, Fraction(0)) - 1
        equations.append(row)
        rhs.append(Fraction(0))
    if value is not None:
        equations.append({dual_var: Fraction(1)})
        rhs.append(value)
    near = (lambda v: Fraction(float(v))) if keep_floats else rational
    defaults = [near(plan[s]) for s in support] + [near(d) for d in duals]
    sol = solve_linear(equations, rhs, defaults, deadline)
    if sol is None or any(v < 0 for v in sol[: len(support)]):
        return None
    out = [Fraction(0)] * n_own
    for s, k in index.items():
        out[s] = sol[k]
    return out, sol[dual_var]


@dataclass(frozen=True)
class ExactEquilibrium:
    """Exact optimal plans of both players, the exact value and how they were obtained."""

    x: tuple[Fraction, ...]
    y: tuple[Fraction, ...]
    value: Fraction
    method: str


def certified_value(sf: SequenceForm, x: Plan, y: Plan) -> Fraction | None:
    """The exact value if exact plans ``x`` and ``y`` are optimal (``BR_1(x) == BR_0(y)``), or
    None: the certificate itself, with no tolerance."""
    low = best_response(sf, 1, x, exact=True)[0]
    high = best_response(sf, 0, y, exact=True)[0]
    return low if low == high else None


def exact_equilibrium(
    sf: SequenceForm,
    xs: Sequence[Plan],
    ys: Sequence[Plan],
    deadline: Deadline = NO_DEADLINE,
) -> ExactEquilibrium:
    """Certified exact optimal plans from float candidates ``xs`` / ``ys`` (most preferred first),
    by rounding, then support equations, then the exact :func:`simplex`.

    Raises :class:`SolverError` if even the exact LP fails, :class:`OutOfTime` past ``deadline``.
    """
    lows: list[tuple[Fraction, list[Fraction], str]] = []
    highs: list[tuple[Fraction, list[Fraction], str]] = []

    def settle() -> ExactEquilibrium | None:
        if not lows or not highs:
            return None
        v = max(low for low, _, _ in lows)
        if min(high for high, _, _ in highs) != v:
            return None
        x_best = next(c for c in lows if c[0] == v)
        y_best = next(c for c in highs if c[0] == v)
        method = x_best[2] if x_best[2] == y_best[2] else f"{x_best[2]} (A), {y_best[2]} (B)"
        return ExactEquilibrium(tuple(x_best[1]), tuple(y_best[1]), v, method)

    for x, y in zip(xs, ys, strict=True):
        deadline.check()
        xr, yr = round_plan(sf.infosets[0], x), round_plan(sf.infosets[1], y)
        lows.append((best_response(sf, 1, xr, exact=True)[0], xr, "rounded"))
        highs.append((best_response(sf, 0, yr, exact=True)[0], yr, "rounded"))
        found = settle()
        if found:
            return found
        for tol in SUPPORT_TOLERANCES:
            sx = support_plan(sf, 0, x, tol=tol, deadline=deadline)
            if sx is None:
                continue
            lows.append((best_response(sf, 1, sx[0], exact=True)[0], sx[0], "support equations"))
            sy = support_plan(sf, 1, y, value=sx[1], tol=tol, deadline=deadline)
            if sy is not None:
                highs.append(
                    (best_response(sf, 0, sy[0], exact=True)[0], sy[0], "support equations")
                )
            found = settle()
            if found:
                return found
    x_ex, y_ex, v = exact_lp(sf, deadline)
    return ExactEquilibrium(tuple(x_ex), tuple(y_ex), v, "exact LP (fraction simplex)")


def simplex(
    c: Sequence[Fraction],
    A: Sequence[Sequence[Fraction]],
    b: Sequence[Fraction],
    deadline: Deadline = NO_DEADLINE,
) -> tuple[Fraction, list[Fraction]]:
    """``min c^T z  s.t.  A z = b, z >= 0`` exactly: a dense two-phase simplex with Bland's rule
    (which cannot cycle). Raises :class:`SolverError` if infeasible or unbounded.

    >>> simplex([Fraction(1), Fraction(1)], [[Fraction(1), Fraction(2)]], [Fraction(4)])
    (Fraction(2, 1), [Fraction(0, 1), Fraction(2, 1)])
    """
    m, n = len(A), len(c)
    rows = []
    for i in range(m):
        sign = -1 if b[i] < 0 else 1
        rows.append(
            [Fraction(sign * a) for a in A[i]]
            + [Fraction(int(k == i)) for k in range(m)]
            + [Fraction(sign * b[i])]
        )
    basis = list(range(n, n + m))

    def run(cost: list[Fraction], allowed: int) -> None:
        while True:
            # reduced costs of the columns allowed to enter
            duals = [cost[j] for j in basis]
            enter = -1
            for j in range(allowed):
                if j in basis:
                    continue
                rc = cost[j] - sum(duals[i] * rows[i][j] for i in range(len(rows)) if rows[i][j])
                if rc < 0:
                    enter = j
                    break
            if enter < 0:
                return
            best: tuple[Fraction, int, int] | None = None
            for i, row in enumerate(rows):
                if row[enter] > 0:
                    key = (row[-1] / row[enter], basis[i], i)
                    if best is None or key[:2] < best[:2]:
                        best = key
            if best is None:
                raise SolverError("the exact LP is unbounded")
            pivot(best[2], enter)

    def pivot(r: int, col: int) -> None:
        deadline.check()
        pr = rows[r]
        c0 = pr[col]
        rows[r] = pr = [v / c0 for v in pr]
        for i, row in enumerate(rows):
            if i != r and row[col]:
                f = row[col]
                rows[i] = [a - f * p for a, p in zip(row, pr, strict=False)]
        basis[r] = col

    run([Fraction(0)] * n + [Fraction(1)] * m, n + m)
    if any(basis[i] >= n and rows[i][-1] != 0 for i in range(m)):
        raise SolverError("the exact LP is infeasible")
    for i in reversed(range(len(rows))):
        if basis[i] >= n:
            col = next((j for j in range(n) if rows[i][j] and j not in basis), None)
            if col is None:
                del rows[i], basis[i]  # a redundant equation
            else:
                pivot(i, col)
    run([Fraction(v) for v in c] + [Fraction(0)] * m, n)
    z = [Fraction(0)] * n
    for i, j in enumerate(basis):
        z[j] = rows[i][-1]
    return sum((Fraction(c[j]) * z[j] for j in range(n)), Fraction(0)), z


#: The largest tableau (rows x columns of fractions) :func:`exact_lp` builds.
MAX_EXACT_LP_CELLS = 250_000


def exact_lp(
    sf: SequenceForm, deadline: Deadline = NO_DEADLINE
) -> tuple[list[Fraction], list[Fraction], Fraction]:
    """Both players' optimal plans and the value by the exact :func:`simplex` (small games);
    :class:`OutOfTime` if its tableau would exceed :data:`MAX_EXACT_LP_CELLS`."""
    if sf.exact_vals is None:
        raise SolverError(f"{sf.title!r} has no exact payoffs")
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    cells = max(n1 + m0, n0 + m1) * (max(n0, n1) + 2 * max(m0, m1) + max(n0, n1))
    if cells > MAX_EXACT_LP_CELLS:
        raise OutOfTime(
            f"the exact simplex's tableau would have about {cells} cells, more than the limit "
            f"{MAX_EXACT_LP_CELLS}"
        )
    A = [[Fraction(0)] * n1 for _ in range(n0)]
    for i, j, v in zip(sf.rows.tolist(), sf.cols.tolist(), sf.exact_vals, strict=False):
        A[i][j] += v

    def cons(infosets: Sequence[Infoset], n: int) -> list[list[int]]:
        rows = [[0] * n for _ in range(len(infosets) + 1)]
        rows[0][0] = 1
        for k, info in enumerate(infosets, start=1):
            rows[k][info.parent] -= 1
            for a in range(len(info.actions)):
                rows[k][info.first + a] += 1
        return rows

    def solve(player: int) -> tuple[list[Fraction], Fraction]:
        own = cons(sf.infosets[player], (n0, n1)[player])
        opp = cons(sf.infosets[1 - player], (n0, n1)[1 - player])
        n, m, k = len(own[0]), len(opp), len(opp[0])
        sign = 1 if player == 0 else -1  # player 1 maximises -payoff
        # z = (plan, d_plus, d_minus, slack): maximise sign-free d_0 subject to
        # opp^T d - sign * coef + slack = 0 and own plan = e.
        width = n + 2 * m + k
        eqs: list[list[Fraction]] = []
        rhs: list[Fraction] = []
        for j in range(k):
            row = [Fraction(0)] * width
            for i in range(n):
                row[i] = -sign * (A[i][j] if player == 0 else A[j][i])
            for r in range(m):
                row[n + r] = Fraction(opp[r][j])
                row[n + m + r] = Fraction(-opp[r][j])
            row[n + 2 * m + j] = Fraction(1)
            eqs.append(row)
            rhs.append(Fraction(0))
        for r, own_row in enumerate(own):
            eqs.append([Fraction(v) for v in own_row] + [Fraction(0)] * (2 * m + k))
            rhs.append(Fraction(int(r == 0)))
        cost = [Fraction(0)] * width
        cost[n], cost[n + m] = Fraction(-1), Fraction(1)
        opt, z = simplex(cost, eqs, rhs, deadline)
        return z[:n], -opt * sign

    x, v0 = solve(0)
    y, v1 = solve(1)
    if v0 != v1:
        raise SolverError(f"the exact LPs of {sf.title!r} disagree: {v0} and {v1}")
    return x, y, v0


def exact_tremble(
    sf: SequenceForm,
    player: int,
    plan: Plan,
    tremble: Plan,
    deadline: Deadline = NO_DEADLINE,
) -> list[Fraction] | None:
    """An exact, fully mixed plan of the opponent, near the float ``tremble``, against which the
    exact ``plan`` of ``player`` is an exact best response; None if the support equations give
    none (then only the float check stands).

    The opponent's plan is solved for with every sequence in its support and the player's
    constraints that are tight against ``tremble`` made tight (:data:`SUPPORT_TOLERANCES` tried
    in turn); unknowns left free keep the float values exactly. Each answer is checked: every
    weight positive, and ``plan`` earning exactly the best-response value against it.
    """
    for tol in SUPPORT_TOLERANCES:
        found = support_plan(sf, 1 - player, tremble, tol=tol, deadline=deadline, keep_floats=True)
        if found is None or any(w <= 0 for w in found[0]):
            continue
        t = found[0]
        deadline.check()
        best = best_response(sf, player, t, exact=True)[0]
        earned = (
            plan_payoff(sf, plan, t, exact=True)
            if player == 0
            else plan_payoff(sf, t, plan, exact=True)
        )
        if earned == best:
            return t
    return None
