"""Equilibria of two-player general-sum games in sequence form: Lemke's algorithm, traced.

In a zero-sum game one linear program gives the equilibrium (:mod:`.sequence_form`). When the
players' payoffs are two different matrices ``A`` (to player 0) and ``B`` (to player 1), the
equilibria are the solutions of a *linear complementarity problem* (Koller, Megiddo & von Stengel
1996, section 4): realization plans ``x``, ``y`` (``E x = e``, ``F y = f``, ``x, y >= 0``) and
free information-set values ``u``, ``v`` with::

    s = E^T u - A y   >= 0,   x^T s = 0      (x is a best response to y)
    t = F^T v - B^T x >= 0,   y^T t = 0      (y is a best response to x)

``u`` are player 0's best-response values per information set (row 0: the game's payoff to him),
``s`` his loss per sequence; likewise ``v``, ``t`` for player 1.

The path: the *linear tracing procedure* in the sequence form (von Stengel, van den Elzen &
Talman 2002, "Computing normal form perfect equilibria for extensive two-person games",
Econometrica 70). Given a starting pair of plans ``(x0, y0)`` (the players' prior about each
other), an extra variable ``z0`` runs from 1 to 0 and each player best-responds to the opponent's
current plan mixed with the prior::

    s = E^T u - A y - (A y0) z0,   E x + e z0 = e
    t = F^T v - B^T x - (B^T x0) z0,   F y + f z0 = f

At ``z0 = 1`` the plans are zero and each player's pure best response to the prior is the
starting basis; complementary pivoting (Lemke 1965: the variable that leaves the basis has its
complement enter next) follows the unique path of ``z0 > 0`` solutions until ``z0`` leaves: an
equilibrium. The free ``u``, ``v`` stay in the basis (they never limit a step); ties in the
ratio test are broken lexicographically by the rows of the basis inverse.

Different priors may lead to different equilibria; :func:`solve_bimatrix` runs several and says
how many distinct equilibria they reached. Every answer is checked by best responses (floats),
and, where the game is small, certified exactly: the plans become fractions (rounded, or each
solved in fractions from the other player's indifference on the sequences he uses) and every
best-response condition is checked in exact arithmetic: each plan's payoff equals its
best-response payoff against the other. The solution is a Nash equilibrium, not refined.

>>> import numpy as np
>>> g = Bimatrix.from_matrices([[3, 0], [0, 2]], [[2, 0], [0, 3]], title="battle of the sexes")
>>> eq = lemke(g, *uniform_priors(g))     # plans: the empty sequence, then the strategies
>>> eq.x.tolist(), eq.y.tolist(), eq.payoffs
([1.0, 0.0, 1.0], [1.0, 0.0, 1.0], (2.0, 3.0))
>>> r = solve_bimatrix(g, starts=6)
>>> r.payoffs_exact, len(r.equilibria)    # the other pure equilibrium from another prior
((Fraction(2, 1), Fraction(3, 1)), 2)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers.best_response import best_response, response_duals
from kuhtheory.solvers.efg import Game, to_fraction
from kuhtheory.solvers.exact import round_plan, solve_linear
from kuhtheory.solvers.sequence_form import (
    Infoset,
    Plan,
    SequenceForm,
    behaviour,
    constraint_matrix,
    from_game,
    uniform_plan,
)

#: A float plan whose best-response loss exceeds this times the payoff scale is refused.
CHECK_TOL = 1e-7
#: The largest game (cells of the payoff matrices) certified exactly.
EXACT_CELLS = 200_000
#: Pivots allowed per path, times the number of equations, before giving up.
PIVOTS_PER_ROW = 50
#: The basis inverse is recomputed from scratch every so many pivots (float drift).
REFACTOR_EVERY = 64


@dataclass(frozen=True, eq=False)
class Bimatrix:
    """The sequence form of a two-player general-sum game: the information sets, and for every
    cell ``(rows[k], cols[k])`` (player 0's sequence, player 1's) the chance-weighted payoffs to
    player 0 (``pay_a``) and to player 1 (``pay_b``); ``exact_a``/``exact_b`` hold the same as
    fractions when the game was built exactly. Repeated cells add up.
    """

    infosets: tuple[tuple[Infoset, ...], tuple[Infoset, ...]]
    rows: np.ndarray
    cols: np.ndarray
    pay_a: np.ndarray
    pay_b: np.ndarray
    exact_a: tuple[Fraction, ...] | None = None
    exact_b: tuple[Fraction, ...] | None = None
    title: str = "game"

    @functools.cached_property
    def sizes(self) -> tuple[int, int]:
        """The number of sequences of each player (the empty one included)."""
        return (
            1 + sum(len(i.actions) for i in self.infosets[0]),
            1 + sum(len(i.actions) for i in self.infosets[1]),
        )

    @property
    def exact(self) -> bool:
        """Whether exact (fraction) payoffs are known."""
        return self.exact_a is not None and self.exact_b is not None

    def form(self, player: int) -> SequenceForm:
        """``player``'s own payoffs as a zero-sum :class:`SequenceForm` in which he plays his own
        side (player 0 maximises payoffs to player 0, player 1 minimises them): ``A`` for player
        0, ``-B`` for player 1. Best responses and their values come from :mod:`.best_response`.
        """
        return self._forms[player]

    @functools.cached_property
    def _forms(self) -> tuple[SequenceForm, SequenceForm]:
        neg = tuple(-v for v in self.exact_b) if self.exact_b is not None else None
        return (
            SequenceForm(self.infosets, self.rows, self.cols, self.pay_a, self.exact_a, self.title),
            SequenceForm(self.infosets, self.rows, self.cols, -self.pay_b, neg, self.title),
        )

    @classmethod
    def from_matrices(
        cls, a: Sequence[Sequence[object]], b: Sequence[Sequence[object]], title: str = "game"
    ) -> Bimatrix:
        """A normal-form game (rows: player 0's strategies, columns: player 1's) as a one-move
        sequence form (each player has one information set)."""
        ea = [[to_fraction(v, "payoff") for v in row] for row in a]
        eb = [[to_fraction(v, "payoff") for v in row] for row in b]
        m = len(ea)
        n = len(ea[0]) if m else 0
        if not m or not n or any(len(r) != n for r in ea + eb) or len(eb) != m:
            raise SolverInputError(f"payoff matrices of {title!r} must both be m x n, m, n >= 1")
        sets = (
            (Infoset("row", tuple(f"r{i}" for i in range(m)), 0, 1),),
            (Infoset("column", tuple(f"c{j}" for j in range(n)), 0, 1),),
        )
        rr, cc = np.meshgrid(np.arange(1, m + 1), np.arange(1, n + 1), indexing="ij")
        fa = tuple(v for row in ea for v in row)
        fb = tuple(v for row in eb for v in row)
        return cls(
            sets,
            rr.reshape(-1),
            cc.reshape(-1),
            np.array([float(v) for v in fa]),
            np.array([float(v) for v in fb]),
            fa,
            fb,
            title,
        )

    @classmethod
    def from_games(cls, game_a: Game, game_b: Game) -> Bimatrix:
        """Two trees of the same shape, ``game_a`` with player 0's payoffs at the leaves and
        ``game_b`` with player 1's (as :class:`~kuhtheory.solvers.efg.Terminal` payoffs)."""
        sa, sb = from_game(game_a), from_game(game_b)
        keys = [[(i.key, i.actions, i.parent, i.first) for i in s] for s in sa.infosets]
        if keys != [[(i.key, i.actions, i.parent, i.first) for i in s] for s in sb.infosets]:
            raise SolverInputError(
                f"games {game_a.title!r} and {game_b.title!r} do not have the same shape"
            )
        cells: dict[tuple[int, int], list[Fraction]] = {}
        for player, sf in enumerate((sa, sb)):
            assert sf.exact_vals is not None
            for i, j, v in zip(sf.rows.tolist(), sf.cols.tolist(), sf.exact_vals, strict=True):
                cells.setdefault((i, j), [Fraction(0), Fraction(0)])[player] += v
        keys_c = sorted(cells)
        fa = tuple(cells[k][0] for k in keys_c)
        fb = tuple(cells[k][1] for k in keys_c)
        return cls(
            sa.infosets,
            np.array([k[0] for k in keys_c], dtype=np.int64),
            np.array([k[1] for k in keys_c], dtype=np.int64),
            np.array([float(v) for v in fa]),
            np.array([float(v) for v in fb]),
            fa,
            fb,
            game_a.title,
        )


def uniform_priors(game: Bimatrix) -> tuple[np.ndarray, np.ndarray]:
    """Both players' uniformly mixing plans, the default starting pair."""
    return uniform_plan(game.infosets[0]), uniform_plan(game.infosets[1])


def random_priors(game: Bimatrix, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Fully mixed plans with random behaviour probabilities (seeded), for further starts."""
    rng = np.random.default_rng(seed)
    return tuple(  # type: ignore[return-value]
        _plan_of(game.infosets[p], rng.random(game.sizes[p]) + 0.05) for p in (0, 1)
    )


def _plan_of(infosets: Sequence[Infoset], weights: np.ndarray) -> np.ndarray:
    """The realization plan whose behaviour at each set is proportional to ``weights``."""
    x = np.ones(len(weights))
    for info in infosets:
        w = weights[info.first : info.first + len(info.actions)]
        x[info.first : info.first + len(info.actions)] = x[info.parent] * w / w.sum()
    return x


@dataclass(frozen=True, eq=False)
class LemkePath:
    """One equilibrium reached by the tracing path: the plans, both payoffs, the pivots used."""

    x: np.ndarray
    y: np.ndarray
    payoffs: tuple[float, float]
    pivots: int
    basis: tuple[int, ...] = field(repr=False, default=())


class _System:
    """The tracing LCP's equations as one dense matrix (columns: x, y, s, t, u, v, z0)."""

    def __init__(self, game: Bimatrix, x0: np.ndarray, y0: np.ndarray) -> None:
        n0, n1 = game.sizes
        m0, m1 = len(game.infosets[0]) + 1, len(game.infosets[1]) + 1
        self.n0, self.n1, self.m0, self.m1 = n0, n1, m0, m1
        E = constraint_matrix(game.infosets[0])[0].toarray()
        F = constraint_matrix(game.infosets[1])[0].toarray()
        A = np.zeros((n0, n1))
        B = np.zeros((n0, n1))
        np.add.at(A, (game.rows, game.cols), game.pay_a)
        np.add.at(B, (game.rows, game.cols), game.pay_b)
        self.rows_n = n0 + n1 + m0 + m1
        # column offsets
        self.cx, self.cy = 0, n0
        self.cs, self.ct = n0 + n1, 2 * n0 + n1
        self.cu, self.cv = 2 * n0 + 2 * n1, 2 * n0 + 2 * n1 + m0
        self.cz = 2 * n0 + 2 * n1 + m0 + m1
        M = np.zeros((self.rows_n, self.cz + 1))
        r1, r2, r3, r4 = 0, n0, n0 + n1, n0 + n1 + m0
        M[r1 : r1 + n0, self.cs : self.cs + n0] = np.eye(n0)
        M[r1 : r1 + n0, self.cu : self.cu + m0] = -E.T
        M[r1 : r1 + n0, self.cy : self.cy + n1] = A
        M[r1 : r1 + n0, self.cz] = A @ y0
        M[r2 : r2 + n1, self.ct : self.ct + n1] = np.eye(n1)
        M[r2 : r2 + n1, self.cv : self.cv + m1] = -F.T
        M[r2 : r2 + n1, self.cx : self.cx + n0] = B.T
        M[r2 : r2 + n1, self.cz] = B.T @ x0
        M[r3 : r3 + m0, self.cx : self.cx + n0] = E
        M[r3 : r3 + m0, self.cz] = _unit(m0)
        M[r4 : r4 + m1, self.cy : self.cy + n1] = F
        M[r4 : r4 + m1, self.cz] = _unit(m1)
        self.M = M
        self.b = np.concatenate([np.zeros(n0 + n1), _unit(m0), _unit(m1)])
        self.A, self.B = A, B
        self.free = np.zeros(self.cz + 1, dtype=bool)
        self.free[self.cu : self.cz] = True

    def complement(self, var: int) -> int:
        """The complementary variable of a sequence's plan weight or its loss."""
        n0, n1 = self.n0, self.n1
        if var < n0 + n1:
            return var + n0 + n1
        return var - n0 - n1


def _unit(m: int) -> np.ndarray:
    out = np.zeros(m)
    out[0] = 1.0
    return out


def _pure_best_response(infosets: Sequence[Infoset], coef: np.ndarray, sign: float) -> list[int]:
    """The sequences of a pure best response at *every* information set (the empty sequence
    and one action per set, also where the player's own choices rule the set out), by backward
    induction on the payoff coefficients ``coef``; ``sign`` +1 maximises, -1 minimises."""
    vals = coef.astype(float).copy()
    chosen = [0]
    for info in reversed(infosets):
        block = sign * vals[info.first : info.first + len(info.actions)]
        k = int(np.argmax(block))
        chosen.append(info.first + k)
        vals[info.parent] += vals[info.first + k]
    return chosen


def lemke(
    game: Bimatrix, x0: np.ndarray, y0: np.ndarray, max_pivots: int | None = None
) -> LemkePath:
    """The equilibrium at the end of the tracing path from the priors ``(x0, y0)`` (module
    docstring). Raises :class:`SolverError` if the path ends in a ray, runs beyond
    ``max_pivots`` or ends in plans that fail the best-response check."""
    sys_ = _System(game, np.asarray(x0, dtype=float), np.asarray(y0, dtype=float))
    n0, n1 = sys_.n0, sys_.n1
    br0 = _pure_best_response(game.infosets[0], sys_.A @ y0, 1.0)
    br1 = _pure_best_response(game.infosets[1], sys_.B.T @ x0, 1.0)
    basic = (
        list(range(sys_.cu, sys_.cz + 1))  # u, v free; z0 at 1
        + [sys_.cx + i for i in br0 if i != 0]
        + [sys_.cy + j for j in br1]
        + [sys_.cs + i for i in sorted(set(range(n0)) - set(br0))]
        + [sys_.ct + j for j in sorted(set(range(n1)) - set(br1))]
    )
    N = sys_.rows_n
    if len(basic) != N:  # pragma: no cover - a bug, not an input
        raise SolverError(f"tracing start of {game.title!r}: basis of {len(basic)} for {N} rows")
    scale = max(1.0, float(np.max(np.abs(sys_.M))))
    tol = 1e-11 * scale
    binv, beta = _factor(sys_, basic)
    enter = sys_.cx  # the empty sequence of player 0: the path's first step
    limit = max_pivots if max_pivots is not None else PIVOTS_PER_ROW * N
    pivots = 0
    while True:
        pivots += 1
        if pivots > limit:
            raise SolverError(
                f"Lemke's path in {game.title!r} took more than {limit} pivots (cycling?)"
            )
        d = binv @ sys_.M[:, enter]
        restricted = ~sys_.free[np.asarray(basic)]
        cand = np.flatnonzero(restricted & (d > tol))
        if not len(cand):
            raise SolverError(f"Lemke's path in {game.title!r} ended in a ray (no equilibrium)")
        ratios = np.maximum(beta[cand], 0.0) / d[cand]
        best = ratios.min()
        tied = cand[ratios <= best + 1e-12 * max(1.0, abs(best))]
        z_row = basic.index(sys_.cz)
        if z_row in tied:
            r = z_row  # z0 leaves as soon as it can: the path has arrived
        elif len(tied) == 1:
            r = int(tied[0])
        else:
            r = _lexmin(binv, d, tied)
        leaving = basic[r]
        theta = max(beta[r], 0.0) / d[r]
        beta = beta - theta * d
        beta[r] = theta
        pivot_row = binv[r] / d[r]
        binv -= np.outer(d, pivot_row)
        binv[r] = pivot_row
        basic[r] = enter
        if leaving == sys_.cz:
            break
        enter = sys_.complement(leaving)
        if pivots % REFACTOR_EVERY == 0:
            binv, beta = _factor(sys_, basic)
    binv, beta = _factor(sys_, basic)
    values = np.zeros(sys_.cz + 1)
    values[basic] = beta
    x = np.clip(values[sys_.cx : sys_.cx + n0], 0.0, None)
    y = np.clip(values[sys_.cy : sys_.cy + n1], 0.0, None)
    pa, pb = float(x @ sys_.A @ y), float(x @ sys_.B @ y)
    gap = max(regrets(game, x, y))
    pscale = max(1.0, float(np.max(np.abs(sys_.A))), float(np.max(np.abs(sys_.B))))
    if gap > CHECK_TOL * pscale:
        raise SolverError(
            f"Lemke's path in {game.title!r} ended in plans a player could improve by {gap:.3g}"
        )
    return LemkePath(x, y, (pa, pb), pivots, tuple(basic))


def _factor(sys_: _System, basic: list[int]) -> tuple[np.ndarray, np.ndarray]:
    basis = sys_.M[:, basic]
    try:
        binv = np.linalg.inv(basis)
    except np.linalg.LinAlgError:
        raise SolverError("Lemke's basis became singular") from None
    return binv, binv @ sys_.b


def _lexmin(binv: np.ndarray, d: np.ndarray, rows: np.ndarray) -> int:
    """Of the tied rows, the one whose row of the basis inverse over ``d`` is lexicographically
    least (the lexicographic ratio test: it cannot cycle)."""
    keys = binv[rows] / d[rows, None]
    alive = np.arange(len(rows))
    for col in range(keys.shape[1]):
        vals = keys[alive, col]
        low = vals.min()
        alive = alive[vals <= low + 1e-12 * max(1.0, abs(low))]
        if len(alive) == 1:
            break
    return int(rows[alive[0]])


def regrets(game: Bimatrix, x: Plan, y: Plan, exact: bool = False) -> tuple[Any, Any]:
    """What each player gains by a best response over his plan's own payoff against the other's:
    both zero exactly when ``(x, y)`` is a Nash equilibrium. With ``exact`` the plans must hold
    fractions and so do the answers (the exact certificate: no tolerance anywhere).

    >>> g = Bimatrix.from_matrices([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
    >>> half = [1, Fraction(1, 2), Fraction(1, 2)]
    >>> tilted = [1, Fraction(3, 5), Fraction(2, 5)]
    >>> regrets(g, half, half, exact=True), regrets(g, tilted, half, exact=True)
    ((Fraction(0, 1), Fraction(0, 1)), (Fraction(0, 1), Fraction(1, 5)))
    """
    fa, fb = game.form(0), game.form(1)
    own_a: Any
    own_b: Any
    if exact:
        own_a = _bilinear(fa, x, y)
        own_b = -_bilinear(fb, x, y)
    else:
        own_a = float(np.asarray(x, float) @ (fa.payoff_matrix() @ np.asarray(y, float)))
        own_b = -float(np.asarray(x, float) @ (fb.payoff_matrix() @ np.asarray(y, float)))
    br_a = best_response(fa, 0, y, exact)[0]
    br_b = -best_response(fb, 1, x, exact)[0]
    return (br_a - own_a, br_b - own_b)


def _bilinear(sf: SequenceForm, x: Plan, y: Plan) -> Fraction:
    assert sf.exact_vals is not None
    total = Fraction(0)
    for i, j, v in zip(sf.rows.tolist(), sf.cols.tolist(), sf.exact_vals, strict=True):
        if x[i] and y[j]:
            total += v * x[i] * y[j]
    return total


@dataclass(frozen=True, eq=False)
class ExactPair:
    """Certified exact plans of an equilibrium and both payoffs."""

    x: tuple[Fraction, ...]
    y: tuple[Fraction, ...]
    payoffs: tuple[Fraction, Fraction]
    method: str


def certify_pair(game: Bimatrix, x: Plan, y: Plan) -> ExactPair | None:
    """Exact plans from float equilibrium plans, with every best-response condition checked in
    fractions (each player's payoff equals his best-response payoff): first by rounding the
    behaviour probabilities, then by solving each plan from the other player's indifference
    equations on the supports. None if neither certifies (or the game has no exact payoffs)."""
    if not game.exact:
        return None
    fa, fb = game.form(0), game.form(1)
    xr, yr = round_plan(game.infosets[0], x), round_plan(game.infosets[1], y)
    if regrets(game, xr, yr, exact=True) == (0, 0):
        return ExactPair(tuple(xr), tuple(yr), _payoffs(fa, fb, xr, yr), "rounded")
    xf, yf = np.asarray(x, float), np.asarray(y, float)
    for tight in (True, False):
        xs = _support_solve(fb, 0, xf, yf, tight)
        ys = _support_solve(fa, 1, yf, xf, tight)
        if xs is not None and ys is not None and regrets(game, xs, ys, exact=True) == (0, 0):
            return ExactPair(tuple(xs), tuple(ys), _payoffs(fa, fb, xs, ys), "support equations")
    return None


def _payoffs(fa: SequenceForm, fb: SequenceForm, x: Plan, y: Plan) -> tuple[Fraction, Fraction]:
    return _bilinear(fa, x, y), -_bilinear(fb, x, y)


def _support_solve(
    opp_form: SequenceForm, player: int, plan: np.ndarray, opp_plan: np.ndarray, tight: bool
) -> list[Fraction] | None:
    """``player``'s plan in fractions, with the support of ``plan``, that makes the opponent
    indifferent where the opponent's float plan ``opp_plan`` plays (his payoffs in ``opp_form``,
    in which the opponent plays his own side): ``E_S x_S = e`` and, for every sequence the
    opponent uses (with ``tight``: every sequence whose float loss against ``plan`` is zero,
    used or not, so that a reply that only just deters stays a best reply), its value equals its
    information set's value (the LCP's rows with zero loss).
    """
    opp = 1 - player
    own_sets, opp_sets = opp_form.infosets[player], opp_form.infosets[opp]
    support = [i for i in range(opp_form.sizes[player]) if plan[i] > 1e-9]
    index = {s: k for k, s in enumerate(support)}
    equations: list[dict[int, Fraction]] = [{} for _ in range(len(own_sets) + 1)]
    if 0 in index:
        equations[0][index[0]] = Fraction(1)
    for k, info in enumerate(own_sets, start=1):
        if info.parent in index:
            equations[k][index[info.parent]] = Fraction(-1)
        for a in range(len(info.actions)):
            if info.first + a in index:
                equations[k][index[info.first + a]] = Fraction(1)
    rhs = [Fraction(1)] + [Fraction(0)] * len(own_sets)
    # The opponent's used sequences: value of the sequence (own payoff coefficient plus the
    # values of the sets after it) equals the value of its set.
    used = [j for j in range(opp_form.sizes[opp]) if opp_plan[j] > 1e-9]
    if tight:
        _, slack = response_duals(opp_form, player, plan)
        scale = max(1.0, float(np.max(np.abs(opp_form.vals)))) if len(opp_form.vals) else 1.0
        used = sorted(set(used) | set(np.flatnonzero(np.abs(slack) <= 1e-9 * scale).tolist()))
    assert opp_form.exact_vals is not None
    own_idx, opp_idx = (
        (opp_form.rows, opp_form.cols) if player == 0 else (opp_form.cols, opp_form.rows)
    )
    coef: dict[int, dict[int, Fraction]] = {j: {} for j in used}
    for i, j, v in zip(own_idx.tolist(), opp_idx.tolist(), opp_form.exact_vals, strict=True):
        if j in coef and i in index:
            coef[j][index[i]] = coef[j].get(index[i], Fraction(0)) + v
    owner = opp_form.seq_owner(opp)
    children: dict[int, list[int]] = {}
    for k, info in enumerate(opp_sets, start=1):
        children.setdefault(info.parent, []).append(k)
    dual = len(support)
    for j in used:
        row = dict(coef[j])
        own_set = dual + (int(owner[j]) + 1 if owner[j] >= 0 else 0)
        row[own_set] = row.get(own_set, Fraction(0)) - 1
        for k in children.get(j, []):
            row[dual + k] = row.get(dual + k, Fraction(0)) + 1
        equations.append(row)
        rhs.append(Fraction(0))
    defaults = [Fraction(0)] * (dual + len(opp_sets) + 1)
    for s, k in index.items():
        defaults[k] = Fraction(float(plan[s])).limit_denominator(10**6)
    sol = solve_linear(equations, rhs, defaults)
    if sol is None or any(v < 0 for v in sol[:dual]):
        return None
    out = [Fraction(0)] * opp_form.sizes[player]
    for s, k in index.items():
        out[s] = sol[k]
    return out


@dataclass(frozen=True, eq=False)
class BimatrixResult:
    """Equilibria of a general-sum game reached by Lemke's tracing path from several priors.

    ``equilibria`` holds the distinct ones (float plans), the first from the uniform prior;
    ``x``, ``y``, ``payoffs`` are the first; ``payoffs_exact`` and the exact plans are set when
    that equilibrium was certified in fractions. ``starts`` is how many priors were traced.
    """

    game: str
    x: np.ndarray
    y: np.ndarray
    payoffs: tuple[float, float]
    payoffs_exact: tuple[Fraction, Fraction] | None
    plans_exact: tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None
    equilibria: tuple[LemkePath, ...]
    starts: int
    regret: float
    verified: str
    seconds: float
    strategies: tuple[dict[Hashable, dict[str, float]], dict[Hashable, dict[str, float]]]
    outcomes: int = 1

    @property
    def unique(self) -> bool:
        """Whether every start reached the same equilibrium (unique among those reached; other
        equilibria may exist)."""
        return len(self.equilibria) == 1

    def selection(self) -> str:
        """A sentence on how many equilibria the starts reached."""
        if self.unique:
            return (
                f"every one of {self.starts} starting priors reached the same Nash equilibrium "
                "(unique among those reached; others may exist)"
            )
        kinds = (
            "all with the same play on the path (they differ only off it)"
            if self.outcomes == 1
            else f"{self.outcomes} distinct in play"
        )
        return (
            f"{len(self.equilibria)} distinct Nash equilibria reached from {self.starts} "
            f"starting priors, {kinds}; the one from the uniform prior is reported"
        )


def same_equilibrium(p: LemkePath, q: LemkePath, tol: float = 1e-6) -> bool:
    """Whether two paths reached the same plans (within ``tol``)."""
    return bool(np.allclose(p.x, q.x, atol=tol) and np.allclose(p.y, q.y, atol=tol))


def outcome(game: Bimatrix, eq: LemkePath) -> np.ndarray:
    """How likely each cell (pair of sequences; a leaf, chance aside) is to be played: two
    equilibria with the same outcome differ only off the path of play."""
    out: np.ndarray = eq.x[game.rows] * eq.y[game.cols]
    return out


def solve_bimatrix(
    game: Bimatrix, starts: int = 4, exact: bool | None = None, seed: int = 0
) -> BimatrixResult:
    """Equilibria of ``game`` by Lemke's tracing path from the uniform prior and ``starts - 1``
    random fully mixed priors (seeded by ``seed``): the first is reported, the distinct ones
    counted. ``exact``: certify the first in fractions (``None``: when the game has exact
    payoffs and at most :data:`EXACT_CELLS` cells; ``True`` raises SolverError if it cannot)."""
    if starts < 1:
        raise SolverInputError(f"starts={starts!r} must be at least 1")
    t0 = time.perf_counter()
    priors = [uniform_priors(game)] + [random_priors(game, seed + k) for k in range(1, starts)]
    found: list[LemkePath] = []
    failures = []
    for x0, y0 in priors:
        try:
            eq = lemke(game, x0, y0)
        except SolverError as exc:
            failures.append(str(exc))
            continue
        if not any(same_equilibrium(eq, f) for f in found):
            found.append(eq)
    if not found:
        raise SolverError(f"no tracing path of {game.title!r} reached an equilibrium: {failures}")
    first = found[0]
    plays: list[np.ndarray] = []
    for eq in found:
        o = outcome(game, eq)
        if not any(np.allclose(o, q, atol=1e-6) for q in plays):
            plays.append(o)
    regret = max(0.0, *(float(r) for r in regrets(game, first.x, first.y)))
    want = (game.exact and len(game.rows) <= EXACT_CELLS) if exact is None else exact
    pair = certify_pair(game, first.x, first.y) if want else None
    if exact and pair is None:
        raise SolverError(f"the equilibrium of {game.title!r} could not be certified exactly")
    reached = len(priors) - len(failures)
    if pair is not None:
        verified = (
            f"exact: each player's payoff equals his best-response payoff in fractions "
            f"({pair.method})"
        )
        xs: Plan = np.array([float(v) for v in pair.x])
        ys: Plan = np.array([float(v) for v in pair.y])
        regret = 0.0
    else:
        verified = f"float: best-response regret {regret:.3g}"
        xs, ys = first.x, first.y
    if failures:
        verified += f"; {len(failures)} of {len(priors)} starts failed"
    return BimatrixResult(
        game=game.title,
        x=np.asarray(xs, dtype=float),
        y=np.asarray(ys, dtype=float),
        payoffs=(float(pair.payoffs[0]), float(pair.payoffs[1])) if pair else first.payoffs,
        payoffs_exact=pair.payoffs if pair else None,
        plans_exact=(pair.x, pair.y) if pair else None,
        equilibria=tuple(found),
        starts=reached,
        regret=regret,
        verified=verified,
        seconds=time.perf_counter() - t0,
        strategies=(
            behaviour(game.infosets[0], np.asarray(xs, float).tolist()),
            behaviour(game.infosets[1], np.asarray(ys, float).tolist()),
        ),
        outcomes=len(plays),
    )


__all__ = [
    "Bimatrix",
    "BimatrixResult",
    "ExactPair",
    "LemkePath",
    "certify_pair",
    "lemke",
    "outcome",
    "regrets",
    "random_priors",
    "same_equilibrium",
    "solve_bimatrix",
    "uniform_priors",
]
