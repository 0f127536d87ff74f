"""The sequence form of a two-player zero-sum game and its linear program.

Koller, Megiddo & von Stengel (1996), "Efficient computation of equilibria for extensive two-person
games", and von Stengel (1996), "Efficient computation of behavior strategies": a player's mixed
strategy is replaced by its *realization plan* ``x``, one weight per *sequence* (the empty sequence,
and each information set's actions). The plans are exactly the non-negative solutions of
``E x = e`` (player 0) and ``F y = f`` (player 1), and player 0's expected payoff is ``x^T A y``,
where ``A`` sums, over the leaves, chance probability times payoff at the pair of sequences leading
there. The game's value is then one linear program (KMvS 1996, eq. (11)-(12))::

    max_{x, q}  f^T q   s.t.  F^T q - A^T x <= 0,  E x = e,  x >= 0     (player 0)
    min_{y, p}  e^T p   s.t.  E^T p - A y  >= 0,  F y = f,  y >= 0     (player 1, its dual)

whose size is linear in the tree, where the normal form is exponential
(:mod:`kuhtheory.solvers.normal_form` counts it). The LP is solved by HiGHS (the one scipy ships,
called directly by :mod:`.highs`) on sparse matrices; player 1's plan is read from the duals of
player 0's constraints.

Refinement (:func:`refine`): the LP's optimal strategies may play anything at information sets that
the opponent's optimal strategy never reaches (OpenSpiel leaves this open). A second LP picks, among
each player's *optimal* strategies, one that maximises his payoff against the opponent's uniformly
random (fully mixed) strategy ``u``. Its Lagrangian shows what this buys: with ``mu >= 0`` the duals
of the optimality constraints ``E^T p - A y >= 0`` and ``nu`` that of ``e^T p <= v``,
``E mu = nu e``, so ``t = (u + mu) / (1 + nu)`` is a fully mixed realization plan of the opponent,
and the chosen plan
is a best response to ``t`` -- at *every* information set, since ``t`` reaches them all. It is the
"optimal and sequentially rational against some fully mixed tremble" idea behind the quasi-perfect
equilibria of Miltersen & Sørensen (2010, "Computing a quasi-perfect equilibrium of a two-player
game"), computed by one extra LP instead of their symbolic perturbation; the tremble ``t`` need not
be close to the opponent's equilibrium, so this is weaker than quasi-perfection. The tremble is
returned, and the tests check the best-response property against it.

Numerics: the refinement LP lives on the optimal face, a degenerate corner, and large payoffs (a
trade whose stake is worth tens of thousands) make HiGHS stumble on it -- and, for payoffs in the
hundreds of thousands, on the first LP too. Both LPs are therefore retried without presolve and
with their payoffs scaled down, and every answer is checked by best responses
(:func:`solve_lp`, :func:`refine`).

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> sf = from_game(kuhn_poker())
>>> sf.sizes
(13, 13)
>>> round(solve_lp(sf).value, 9)
-0.055555556
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

import numpy as np
import scipy.sparse as sp

from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers import highs
from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal
from kuhtheory.solvers.highs import Csc, LPResult, csc_from_triplets

#: A sparse matrix as ``(rows, cols, values)`` arrays (repeated entries add up).
Triplets = tuple[np.ndarray, np.ndarray, np.ndarray]

#: A realization plan: one weight per sequence (floats or fractions; a list or an array).
Plan = Union[Sequence[Any], np.ndarray]  # noqa: UP007 (a runtime alias)


@dataclass(frozen=True, eq=False)
class Infoset:
    """One information set in the sequence form.

    ``parent`` is the index of the owner's sequence leading to it; its actions' sequences are
    ``first, first + 1, ..., first + len(actions) - 1``.
    """

    key: Hashable
    actions: tuple[str, ...]
    parent: int
    first: int


@dataclass(frozen=True, eq=False)
class SequenceForm:
    """Sequences, information sets and the sparse payoff matrix ``A`` of a zero-sum game.

    ``infosets[i]`` lists player ``i``'s information sets, parents before children; sequence 0 is
    the empty one. ``A`` is given as triplets ``rows, cols, vals`` (player 0's sequence, player 1's,
    chance-weighted payoff to player 0; repeated pairs add up); ``exact_vals`` holds the same values
    as fractions when the game was built exactly.
    """

    infosets: tuple[tuple[Infoset, ...], tuple[Infoset, ...]]
    rows: np.ndarray
    cols: np.ndarray
    vals: np.ndarray
    exact_vals: tuple[Fraction, ...] | None = None
    title: str = "game"

    @functools.cached_property
    def sizes(self) -> tuple[int, int]:
        """The number of sequences of each player (the empty one included)."""
        return (_n_seq(self.infosets[0]), _n_seq(self.infosets[1]))

    def payoff_matrix(self) -> sp.csr_matrix:
        """The sparse payoff matrix ``A`` (player 0's sequences by player 1's), KMvS eq. (2)."""
        return self._matrices[0]

    @functools.cached_property
    def _matrices(self) -> tuple[sp.csr_matrix, Triplets, Triplets, Triplets]:
        """``A`` and the triplets of ``A``, ``E`` and ``F``, built once (the LPs reuse them)."""
        A = sp.csr_matrix((self.vals, (self.rows, self.cols)), shape=self.sizes)
        return (
            A,
            (self.rows, self.cols, self.vals),
            _constraint_triplets(self.infosets[0]),
            _constraint_triplets(self.infosets[1]),
        )

    def seq_owner(self, player: int) -> np.ndarray:
        """For each sequence of ``player``, the index of its information set (-1 for the empty)."""
        owner = np.full(self.sizes[player], -1, dtype=np.int64)
        for k, info in enumerate(self.infosets[player]):
            owner[info.first : info.first + len(info.actions)] = k
        return owner


def _n_seq(infosets: Sequence[Infoset]) -> int:
    return 1 + sum(len(i.actions) for i in infosets)


def from_game(game: Game, exact: bool = True) -> SequenceForm:
    """The sequence form of ``game`` (a walk of its tree; pure Python, for small and mid games).

    >>> from kuhtheory.solvers.efg import Terminal
    >>> g = Game(Decision(0, "i", ("a", "b"), (Terminal(2), Terminal(-1))))
    >>> sf = from_game(g)
    >>> sf.sizes, sf.vals.tolist()
    ((3, 1), [2.0, -1.0])
    """
    registry: tuple[dict[Hashable, Infoset], dict[Hashable, Infoset]] = ({}, {})
    counters = [1, 1]
    entries: dict[tuple[int, int], Fraction] = {}
    stack: list[tuple[Node, int, int, Fraction]] = [(game.root, 0, 0, Fraction(1))]
    while stack:
        node, s0, s1, prob = stack.pop()
        if isinstance(node, Terminal):
            if prob and node.payoff:
                entries[(s0, s1)] = entries.get((s0, s1), Fraction(0)) + prob * node.payoff
            continue
        if isinstance(node, Chance):
            for _, p, child in reversed(node.outcomes):
                if p:
                    stack.append((child, s0, s1, prob * p))
            continue
        assert isinstance(node, Decision)  # guaranteed by Game's check
        player = node.player
        info = registry[player].get(node.infoset)
        if info is None:
            info = Infoset(node.infoset, node.actions, s0 if player == 0 else s1, counters[player])
            counters[player] += len(node.actions)
            registry[player][node.infoset] = info
        for k in reversed(range(len(node.children))):
            child = node.children[k]
            if player == 0:
                stack.append((child, info.first + k, s1, prob))
            else:
                stack.append((child, s0, info.first + k, prob))
    keys = list(entries)
    rows = np.array([k[0] for k in keys], dtype=np.int64)
    cols = np.array([k[1] for k in keys], dtype=np.int64)
    exact_vals = tuple(entries[k] for k in keys)
    vals = np.array([float(v) for v in exact_vals], dtype=float)
    # Infosets are numbered in order of first visit; a parent sequence always exists before.
    sets = (
        tuple(sorted(registry[0].values(), key=lambda i: i.first)),
        tuple(sorted(registry[1].values(), key=lambda i: i.first)),
    )
    return SequenceForm(sets, rows, cols, vals, exact_vals if exact else None, game.title)


def constraint_matrix(infosets: Sequence[Infoset]) -> tuple[sp.csr_matrix, np.ndarray]:
    """``(E, e)``: row 0 says the empty sequence has weight 1, row ``k + 1`` says the weights of
    information set ``k``'s actions add up to its parent sequence's weight (KMvS eq. (5)).

    >>> E, e = constraint_matrix([Infoset("i", ("a", "b"), 0, 1)])
    >>> E.toarray().tolist(), e.tolist()
    ([[1.0, 0.0, 0.0], [-1.0, 1.0, 1.0]], [1.0, 0.0])
    """
    r, c, v = _constraint_triplets(infosets)
    E = sp.csr_matrix((v, (r, c)), shape=(len(infosets) + 1, _n_seq(infosets)))
    return E, _unit(len(infosets) + 1)


def payoff_matrix(sf: SequenceForm) -> sp.csr_matrix:
    """The sparse payoff matrix ``A`` of :class:`SequenceForm` (duplicate entries added)."""
    return sf.payoff_matrix()


def _constraint_triplets(infosets: Sequence[Infoset]) -> Triplets:
    """The triplets of :func:`constraint_matrix`, built with numpy."""
    sizes = np.array([len(i.actions) for i in infosets], dtype=np.int64)
    k = np.arange(1, len(infosets) + 1, dtype=np.int64)
    parents = np.array([i.parent for i in infosets], dtype=np.int64)
    firsts = np.array([i.first for i in infosets], dtype=np.int64)
    act_rows = np.repeat(k, sizes)
    offsets = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    act_cols = np.repeat(firsts, sizes) + offsets
    rows = np.concatenate([[0], k, act_rows])
    cols = np.concatenate([[0], parents, act_cols])
    vals = np.concatenate([[1.0], -np.ones(len(infosets)), np.ones(len(act_rows))])
    return rows, cols, vals


def _stack(blocks: Sequence[tuple[Triplets, int, int, bool, float]], shape: tuple[int, int]) -> Csc:
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


def _row(values: np.ndarray) -> Triplets:
    nz = np.flatnonzero(values)
    return np.zeros(len(nz), dtype=np.int64), nz, values[nz]


def uniform_plan(infosets: Sequence[Infoset]) -> np.ndarray:
    """The realization plan of the behaviour strategy that mixes uniformly everywhere.

    >>> uniform_plan([Infoset("i", ("a", "b"), 0, 1)]).tolist()
    [1.0, 0.5, 0.5]
    """
    x = np.ones(_n_seq(infosets))
    for info in infosets:
        x[info.first : info.first + len(info.actions)] = x[info.parent] / len(info.actions)
    return x


def behaviour(
    infosets: Sequence[Infoset], plan: Sequence[float]
) -> dict[Hashable, dict[str, float]]:
    """The behaviour strategy of a realization plan (von Stengel 1996): at each information set,
    each action's weight over the parent's; uniform where the parent has weight 0.

    >>> behaviour([Infoset("i", ("a", "b"), 0, 1)], [1.0, 0.25, 0.75])
    {'i': {'a': 0.25, 'b': 0.75}}
    """
    out: dict[Hashable, dict[str, float]] = {}
    for info in infosets:
        weights = [plan[info.first + a] for a in range(len(info.actions))]
        mass = sum(weights)
        if mass > 0:
            out[info.key] = {a: w / mass for a, w in zip(info.actions, weights, strict=False)}
        else:
            out[info.key] = {a: 1 / len(info.actions) for a in info.actions}
    return out


@dataclass(frozen=True, eq=False)
class LPSolution:
    """Both players' realization plans and the value from one sequence-form LP."""

    x: np.ndarray
    y: np.ndarray
    value: float
    q: np.ndarray
    p: np.ndarray


def _bounds(plan: int, free: int) -> tuple[np.ndarray, np.ndarray]:
    """Lower and upper bounds for ``plan`` non-negative variables followed by ``free`` free ones."""
    lower = np.concatenate([np.zeros(plan), np.full(free, -np.inf)])
    return lower, np.full(plan + free, np.inf)


def _unit(m: int) -> np.ndarray:
    out = np.zeros(m)
    out[0] = 1.0
    return out


def _check_nonempty(sf: SequenceForm) -> None:
    if not sf.infosets[0] and not sf.infosets[1]:
        raise SolverInputError(f"empty game {sf.title!r}: no player ever moves")


def payoff_scale(sf: SequenceForm) -> float:
    """The size of the payoffs, ``max |A|`` (at least 1): the LPs' acceptance tolerances are
    relative to it, since HiGHS's own tolerances are, in effect, relative to the data.

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> payoff_scale(from_game(kuhn_poker()))
    1.0
    """
    return max(1.0, float(np.max(np.abs(sf.vals)))) if len(sf.vals) else 1.0


#: The plans of an LP answer must be exploitable by at most this much times :func:`payoff_scale`.
LP_TOL = 1e-7

#: The ways each LP is tried, in order: (presolve, payoffs divided by :func:`payoff_scale`).
_ATTEMPTS = ((True, False), (False, False), (True, True), (False, True))


def solve_lp(sf: SequenceForm) -> LPSolution:
    """Solve the sequence-form LP of ``sf`` with HiGHS; player 1's plan from the duals.

    HiGHS is asked as ``linprog(method="highs")`` would (presolve on); if it reports no optimum,
    or plans exploitable by more than :data:`LP_TOL` times :func:`payoff_scale` (payoffs of a few
    hundred thousand, as in a trade with a huge stake, can make it fail), it is asked again
    without presolve, then with the payoffs divided by that scale, with and without presolve.
    Raises :class:`SolverError` if no attempt gives an optimum (never a wrong answer).
    """
    from kuhtheory.solvers.best_response import exploitability

    _check_nonempty(sf)
    scale = payoff_scale(sf)
    problems = []
    for presolve, scaled in _ATTEMPTS:
        res, sol = _main_lp(sf, presolve, scale if scaled else 1.0)
        how = f"presolve {'on' if presolve else 'off'}{', scaled' if scaled else ''}"
        if sol is None:
            problems.append(f"{res.message!r} ({how})")
            continue
        gap = exploitability(sf, sol.x, sol.y)
        if gap <= LP_TOL * scale:
            return sol
        problems.append(f"plans exploitable by {gap:.3g} ({how})")
    raise SolverError(
        f"HiGHS failed on the sequence-form LP of {sf.title!r}: " + "; ".join(problems)
    )


def _main_lp(sf: SequenceForm, presolve: bool, divide: float) -> tuple[LPResult, LPSolution | None]:
    """The sequence-form LP with its payoffs divided by ``divide`` (the plans do not change; the
    value and the free variables are multiplied back)."""
    _, At, Et, Ft = sf._matrices
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    e, f = _unit(m0), _unit(m1)
    # variables z = (x, q); minimise -f^T q  s.t.  F^T q - A^T x <= 0 (n1 rows), E x = e (m0 rows)
    c = np.concatenate([np.zeros(n0), -f])
    M = _stack(
        [(At, 0, 0, True, -1.0 / divide), (Ft, 0, n0, True, 1.0), (Et, n1, 0, False, 1.0)],
        (n1 + m0, n0 + m1),
    )
    b = np.concatenate([np.zeros(n1), e])
    res = highs.solve(c, M, n1, b, *_bounds(n0, m1), presolve=presolve)
    if not res.optimal:
        return res, None
    x = np.clip(res.x[:n0], 0.0, None)
    q = res.x[n0:] * divide
    y = np.clip(-res.row_duals[:n1], 0.0, None)
    p = -res.row_duals[n1:] * divide
    return res, LPSolution(x, y, float(f @ q), q, p)


#: A refinement attempt is taken at once if its plan guarantees the value within this much times
#: :func:`payoff_scale`; if none does, the best one within :data:`LP_TOL` times it.
REFINE_TOL = 1e-9
#: The last attempt's slack on the value constraint, relative to :func:`payoff_scale`.
REFINE_SLACK = 1e-9


@dataclass(frozen=True, eq=False)
class Refined:
    """A refined optimal plan of one player and the fully mixed opponent plan it answers best;
    ``slack`` is how far (in payoff) the value constraint was relaxed to solve it (0 mostly)."""

    plan: np.ndarray
    tremble: np.ndarray
    slack: float = 0.0


def refine(sf: SequenceForm, player: int, value: float, tol: float = 0.0) -> Refined:
    """Among ``player``'s optimal plans (guaranteeing ``value``), the one best against the
    opponent's uniform plan: the second-stage LP described in the module docstring.

    The LP keeps only plans that guarantee ``value`` (give or take ``tol * payoff_scale(sf)``), so
    it lives on the optimal face, a degenerate corner: with large payoffs (a trade whose stake is
    worth ``W = 12710``) HiGHS's presolve can wrongly find it infeasible, and with huge ones
    (``W`` in the hundreds of thousands) the simplex can stall ("Unknown"). So it is tried as
    before (presolve on), then without presolve, then with the payoffs divided by
    :func:`payoff_scale` (HiGHS's absolute tolerances, 1e-7, become relative to the payoffs),
    last with the value constraint also relaxed by :data:`REFINE_SLACK` times that scale. Each
    plan is checked by a best response: the first that guarantees ``value`` within
    :data:`REFINE_TOL` times the scale is returned, else the best within :data:`LP_TOL` times it
    (HiGHS's own feasibility tolerance; the caller measures the exploitability of what it gets).
    Raises :class:`SolverError` if no attempt passes.
    """
    from kuhtheory.solvers.best_response import best_response

    scale = payoff_scale(sf)
    attempts = (  # (presolve, payoffs divided by the scale, slack relative to the scale)
        (True, False, tol),
        (False, False, tol),
        (True, True, tol),
        (False, True, max(tol, REFINE_SLACK)),
    )
    problems = []
    best: tuple[float, Refined] | None = None
    for presolve, scaled, rel in attempts:
        res, out = _refine_lp(sf, player, value, rel * scale, presolve, scale if scaled else 1.0)
        how = f"presolve {'on' if presolve else 'off'}{', scaled' if scaled else ''}"
        if out is None:
            problems.append(f"{res.message} ({how})")
            continue
        guaranteed = best_response(sf, 1 - player, out.plan)[0]
        loss = (guaranteed - value) if player == 1 else (value - guaranteed)
        if loss <= max(REFINE_TOL, tol) * scale:
            return out
        if best is None or loss < best[0]:
            best = (loss, out)
        problems.append(f"a plan {loss:.3g} short of the value ({how})")
    if best is not None and best[0] <= max(LP_TOL, tol) * scale:
        return best[1]
    raise SolverError(
        f"HiGHS failed on the refinement LP of player {player} in {sf.title!r}: "
        + "; ".join(problems)
    )


def _refine_lp(
    sf: SequenceForm, player: int, value: float, slack: float, presolve: bool, divide: float
) -> tuple[LPResult, Refined | None]:
    """One refinement LP, its payoffs (and value, slack) divided by ``divide``; the duals, hence
    the tremble, do not depend on that division."""
    A, At, Et, Ft = sf._matrices
    k = 1.0 / divide
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    e, f = _unit(m0), _unit(m1)
    if player == 1:
        # variables (y, p): min (A^T u)^T y  s.t.  A y - E^T p <= 0, e^T p <= v, F y = f
        u = uniform_plan(sf.infosets[0])
        c = np.concatenate([(A.T @ u) * k, np.zeros(m0)])
        M = _stack(
            [
                (At, 0, 0, False, k),
                (Et, 0, n1, True, -1.0),
                (_row(e), n0, n1, False, 1.0),
                (Ft, n0 + 1, 0, False, 1.0),
            ],
            (n0 + 1 + m1, n1 + m0),
        )
        b = np.concatenate([np.zeros(n0), [(value + slack) * k], f])
        res = highs.solve(c, M, n0 + 1, b, *_bounds(n1, m0), presolve=presolve)
        n_own = n1
    else:
        # variables (x, q): min -(A u)^T x  s.t.  F^T q - A^T x <= 0, -f^T q <= -v, E x = e
        u = uniform_plan(sf.infosets[1])
        c = np.concatenate([-(A @ u) * k, np.zeros(m1)])
        M = _stack(
            [
                (At, 0, 0, True, -k),
                (Ft, 0, n0, True, 1.0),
                (_row(f), n1, n0, False, -1.0),
                (Et, n1 + 1, 0, False, 1.0),
            ],
            (n1 + 1 + m0, n0 + m1),
        )
        b = np.concatenate([np.zeros(n1), [-(value - slack) * k], e])
        res = highs.solve(c, M, n1 + 1, b, *_bounds(n0, m1), presolve=presolve)
        n_own = n0
    if not res.optimal:
        return res, None
    n_ub = len(u) + 1
    duals = -res.row_duals[:n_ub]
    mu, nu = np.clip(duals[:-1], 0.0, None), max(0.0, duals[-1])
    plan = np.clip(res.x[:n_own], 0.0, None)
    return res, Refined(plan, (u + mu) / (1.0 + nu), slack)
