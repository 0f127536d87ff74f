"""One trade round with public hands, solved for play: fast, cached, refined as the bot needs it.

A bot trades many times a game, mostly with hands it has seen before, and needs three things of a
trade with both hands known (:mod:`kuhtheory.solvers.trade`, K-TRD-1..3): the value to the
offerer A (:func:`values`), A's offers (:func:`offers`) and B's reply to the card count he sees
(:func:`reply`). :func:`~kuhtheory.solvers.trade_solution.solve_trade` answers all three with a
full certified pipeline (tables, exact mode, every refinement); this module answers them with
arrays and small HiGHS LPs kept loaded between solves, each answer cached by exactly what it
depends on (the trade rules, both hands as counts, ``W``):

* **The round** (:func:`round_of`): A's offer classes (count, total) against B's replies (accept
  where allowed, a counter of each total), one matrix of A's payoffs; B tells offers apart only
  by their count, so each count is one information set of B, a run of rows. B's replies that are
  weakly dominated within a count are left out of the LPs (the value does not change).
* **Values** (:func:`round_value`): B sees the count before he replies, so the round's value is
  that of A's best count, ``max_c v_c``, each ``v_c`` the value of that count's matrix game; the
  pure strategies' bounds settle most counts, and one LP (``max sum_c v_c`` over A's mixes ``x``
  with ``v_c <= x_c M_c[:, r]`` for every kept reply ``r``) the counts left open. In classic
  (``REOFFER_THEN_FREE``) the round after a tie is solved first (a tie gives A the stake free)
  and its value is a first-round tie's payoff (subgame decomposition with public hands). Each
  value is checked by both plans: A's mix and B's from the LP's duals hold each other to within
  the tolerance.
* **Offers**: among A's optimal mixes the one best against B's uniform reply to every count (a
  fully mixed tremble), so no offer A lays is weakly dominated (the quasi-perfect selection of
  :mod:`kuhtheory.solvers.refinements`, second stage, for this one-shot round).
* **Reply**: B's reply to one count optimal in that count's own matrix game (offers of that count
  x replies), then among those the best against A's uniform mix of those offers: the proper
  reply of issue 13 (never "only just deters" off the path).
* **The whole solution** (:func:`solution`): the offers and the reply to every count as the
  tables of :func:`~kuhtheory.solvers.solve_trade`; the equilibrium bot plays it and the coach
  measures against it, so a bot's optimal move is never judged by another optimal solution.
* **A bound** (:func:`upper_bound`): the value from above without an LP, for a bot that only
  needs to know that a trade cannot be its best.

The tolerance is :data:`~kuhtheory.solvers.lp.RELATIVE_TOLERANCE` times the largest payoff, at
most :data:`~kuhtheory.solvers.trade_solution.TRADE_ACCURACY`; a check that fails raises
:class:`~kuhtheory.errors.SolverError`. Needs ``highspy`` (:class:`~kuhtheory.solvers.highs.Model`).

>>> from kuhtheory.cards import to_counts
>>> rules = TradeRules.from_edition("classic")
>>> a, b = to_counts((0, 10, 50)), to_counts((10, 10))
>>> values(rules, a, b, 100.0)   # the first round, and the round after a tie
Values(first=58.0, second=59.0)
>>> offers(rules, a, b, 100.0).table()   # (count, total, probability)
[(1, 10, 0.2), (1, 50, 0.8)]
>>> reply(rules, a, b, 100.0, 1).table()   # to one card: counter 0 or 20
[(0, 0.6), (20, 0.4)]
>>> reply(rules, a, b, 100.0, 2).table()   # to two cards (never laid): accept or counter 20
[(None, 0.6), (20, 0.4)]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from kuhtheory.cards import Counts
from kuhtheory.editions import TradeTie
from kuhtheory.errors import SolverError
from kuhtheory.solvers import highs
from kuhtheory.solvers.lp import RELATIVE_TOLERANCE
from kuhtheory.solvers.trade import (
    TradeRules,
    _round_payoffs,
    _round_shape,
    counter_totals,
    undominated_columns,
)
from kuhtheory.solvers.trade_solution import TRADE_ACCURACY
from kuhtheory.solvers.trade_tables import OfferRow, ReplyRow

_INF = highs._INF


@dataclass(frozen=True, eq=False)
class Round:
    """One trade round as arrays. Offers (A's classes) are rows sorted by count then total;
    ``group[o]`` is the count's run of row ``o``, ``starts[g]`` where run ``g`` starts.
    ``block`` holds A's payoffs (offers x replies; ``replies`` names each column: None accept,
    an int a counter of that total); ``keep[g, r]``: reply ``r`` is not weakly dominated at count
    ``g`` (worked out when first asked for, count by count: :meth:`kept`). The LPs have one row
    per kept (count, reply) (:func:`_round_matrix`)."""

    counts: np.ndarray
    totals: np.ndarray
    starts: np.ndarray
    group: np.ndarray
    replies: tuple[int | None, ...]
    block: np.ndarray
    tolerance: float
    _kept: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    def kept(self, g: int) -> np.ndarray:
        """Which replies are not weakly dominated at count run ``g`` (on its offers)."""
        if g not in self._kept:
            rows = self.block[self.rows_of(g)]
            self._kept[g] = undominated_columns(rows)
        return self._kept[g]

    @functools.cached_property
    def keep(self) -> np.ndarray:
        """:meth:`kept` of every count run, as an array runs x replies."""
        return np.array([self.kept(g) for g in range(len(self.starts))])

    @property
    def n_rows(self) -> int:
        """The LP rows of the reply constraints: one per kept (count, reply)."""
        return int(self.keep.sum())

    def rows_of(self, g: int) -> slice:
        """The offers (rows of ``block``) of count run ``g``."""
        end = int(self.starts[g + 1]) if g + 1 < len(self.starts) else len(self.totals)
        return slice(int(self.starts[g]), end)


@functools.lru_cache(maxsize=4096)
def round_of(rules: TradeRules, a: Counts, b: Counts, w: float, tie: float) -> Round:
    """The round of A's hand ``a`` against B's hand ``b``, the stake worth ``w``, a tie worth
    ``tie`` to A (classic's first round: the second round's value; otherwise ``w``, used only
    under a tie rule that reads it).

    >>> from kuhtheory.cards import to_counts
    >>> rules = TradeRules.from_edition("2025")
    >>> rnd = round_of(rules, to_counts((0, 10)), to_counts((10,)), 30.0, 30.0)
    >>> rnd.counts.tolist(), rnd.totals.tolist(), rnd.replies
    ([0, 1, 1, 2], [0, 0, 10, 10], (None, 0, 10))
    """
    shape = _round_shape(a)
    b_totals = np.array(counter_totals(b), dtype=np.int64)
    block = _round_payoffs(rules, shape.totals, b_totals, w, tie)
    replies: tuple[int | None, ...] = tuple(b_totals.tolist())
    if rules.responder_may_accept:
        block = np.hstack([(w - shape.totals)[:, None], block])
        replies = (None, *replies)
    scale = max(1.0, float(np.abs(block).max()))
    counts = np.array(shape.counts, dtype=np.int64)[shape.group_of]
    return Round(
        counts,
        shape.totals,
        shape.starts,
        shape.group_of,
        replies,
        block,
        min(RELATIVE_TOLERANCE * scale, TRADE_ACCURACY),
    )


# ---------------------------------------------------------------------------------------------
# The round's LP (A's side): the value, and A's refined offers


def _round_matrix(
    block: np.ndarray, group: np.ndarray, keep: np.ndarray, value_row: bool
) -> highs.Csc:
    """The constraint matrix of a round's LP (:func:`_round_model`) on the offers ``block``
    (``group[o]``: the count run of offer ``o``; ``keep``: runs x replies kept), built straight
    in compressed columns. Rows: one per kept (run, reply) in that order, with ``value_row`` the
    row ``sum v >= value``, last ``sum x = 1``. Columns: each offer ``o``, ``-block[o, r]`` in
    the rows of its run's kept replies ``r``, then 1 in the last row; each run's ``v``, 1 in the
    rows of its kept replies, then with ``value_row`` -1 in the value row. So column ``j`` is
    row ``j`` of a table columns x (replies + 1), read row by row where an entry is
    (``mask``): entry for entry the matrix :func:`~kuhtheory.solvers.highs.csc_from_triplets`
    makes of them (tested), without its sort."""
    (n, m), runs = block.shape, len(keep)
    kept_rows = int(keep.sum())
    last = kept_rows + (1 if value_row else 0)
    mask = np.ones((n + runs, m + 1), dtype=bool)
    mask[:n, :m] = keep[group]
    mask[n:, :m] = keep
    mask[n:, m] = value_row
    rows = np.empty((n + runs, m + 1), dtype=np.int32)
    rows[n:, :m] = np.cumsum(keep).reshape(keep.shape) - 1  # kept (run, reply): its row
    rows[:n, :m] = rows[n:, :m][group]
    rows[:n, m] = last
    rows[n:, m] = kept_rows
    vals = np.ones((n + runs, m + 1))
    np.negative(block, out=vals[:n, :m])
    vals[n:, m] = -1.0
    indptr = np.zeros(n + runs + 1, dtype=np.int32)
    np.cumsum(mask.sum(axis=1), out=indptr[1:])
    return highs.Csc(indptr, rows[mask], vals[mask], (last + 1, n + runs))


def _round_model(rnd: Round, costs: np.ndarray | None, value: float | None) -> highs.Model:
    """Variables ``(x, v)``: A's weight on each offer, and per count what B's reply leaves him;
    rows ``v_c - x_c M_c[:, r] <= 0`` for each kept reply ``r`` of each count ``c``, and
    ``sum x = 1``. Without ``costs`` it maximises ``sum v`` (the value, KMvS eq. (11) for this
    game); with them it maximises ``costs x`` subject to ``sum v >= value`` as well (the
    refinement's second stage, :func:`kuhtheory.solvers.refinements.refine`)."""
    n, groups = len(rnd.totals), len(rnd.starts)
    cells = rnd.n_rows
    extra = 0 if costs is None else 1
    c = np.zeros(n + groups)
    b = np.zeros(cells + extra + 1)
    b[-1] = 1.0
    if costs is None:
        c[n:] = -1.0
    else:
        assert value is not None
        c[:n] = -costs
        b[cells] = -value
    A = _round_matrix(rnd.block, rnd.group, rnd.keep, costs is not None)
    lower = np.concatenate([np.zeros(n), np.full(groups, -_INF)])
    return highs.Model(c, A, cells + extra, b, lower, np.full(n + groups, _INF))


def _solved(model: highs.Model, what: str) -> highs.LPResult:
    res = model.solve()
    if not res.optimal:
        raise SolverError(f"HiGHS failed on {what}: {res.message}")
    return res


def _mix(weights: np.ndarray) -> np.ndarray:
    out: np.ndarray = np.maximum(weights, 0.0)
    out /= out.sum()
    return out


def _guarantee_a(rnd: Round, x: np.ndarray) -> float:
    """What A's mix ``x`` of offers earns against B's best reply to each count."""
    earned = np.add.reduceat(x[:, None] * rnd.block, rnd.starts, axis=0)
    return float(earned.min(axis=1).sum())


def _per_count(rnd: Round, cells: np.ndarray) -> np.ndarray:
    """Weights on the kept replies as an array counts x replies."""
    out = np.zeros(rnd.keep.shape)
    out[rnd.keep] = np.maximum(cells, 0.0)
    return out


@dataclass(frozen=True)
class Values:
    """The value of a trade to A: ``first`` (the trade as it starts) and, in classic, ``second``
    (the round after a tie, which a first-round tie is worth; None in the other editions)."""

    first: float
    second: float | None


@functools.lru_cache(maxsize=8192)
def values(rules: TradeRules, a: Counts, b: Counts, w: float) -> Values:
    """The trade's value to A (module docstring), each round's checked. Classic solves the
    second round (a tie gives A the stake free) and then the first round with a tie worth the
    second round's value; :class:`SolverError` if a check fails."""
    value = _tie_worth_w(rules, a, b, w)
    if rules.trade_tie is not TradeTie.REOFFER_THEN_FREE:
        return Values(value, None)
    return Values(round_value(round_of(rules, a, b, w, value)), value)


@functools.lru_cache(maxsize=8192)
def _tie_worth_w(rules: TradeRules, a: Counts, b: Counts, w: float) -> float:
    """The value of the round whose tie is worth ``w`` (classic's second round, where a tie
    gives A the stake free; the only round of the other editions, whose tie rules do not read
    it): what a first-round tie is worth in classic, without the first round's own value."""
    return round_value(round_of(rules, a, b, w, w))


def _pure_upper(rnd: Round) -> float:
    """B's pure replies' bound on a round's value: per count the reply column whose best offer
    earns least, then A's best count."""
    return float(np.maximum.reduceat(rnd.block, rnd.starts, axis=0).min(axis=1).max())


@functools.lru_cache(maxsize=8192)
def upper_bound(rules: TradeRules, a: Counts, b: Counts, w: float) -> float:
    """An upper bound on :func:`values` ``.first`` without an LP: the bound of B's pure replies
    (each count's reply column whose best offer earns least). In classic a first-round tie is
    worth the second round's value, which is at most that round's own bound ``u``; a round's
    value and this bound only grow with what a tie is worth, so the first round is bounded with
    a tie worth ``max(w, u)`` (one round when ``u <= w``: the second round's own).

    >>> from kuhtheory.cards import to_counts
    >>> rules = TradeRules.from_edition("classic")
    >>> a, b = to_counts((0, 10, 50)), to_counts((10, 10))
    >>> upper_bound(rules, a, b, 100.0) >= values(rules, a, b, 100.0).first
    True
    """
    bound = _pure_upper(round_of(rules, a, b, w, w))
    if rules.trade_tie is not TradeTie.REOFFER_THEN_FREE or bound <= w:
        return bound
    return _pure_upper(round_of(rules, a, b, w, bound))


def round_value(rnd: Round) -> float:
    """The value of a round: B sees the count before he replies, so A's value is that of his
    best count, ``max_c v_c``, each ``v_c`` the value of the count's own matrix game (offers of
    that count x replies). The pure strategies bound each ``v_c`` (A's best row minimum below,
    B's best column maximum above); the counts whose game has two offers or two replies are
    solved exactly without an LP (:func:`_envelope_value`), and of the others only those whose
    upper bound beats the best value so far, each by its LP, or together by one LP when several
    are left, checked by both plans."""
    lower = np.maximum.reduceat(rnd.block.min(axis=1), rnd.starts)
    upper = np.maximum.reduceat(rnd.block, rnd.starts, axis=0).min(axis=1)
    best = float(lower.max())
    left = []
    for g in np.flatnonzero(upper > best + rnd.tolerance / 2).tolist():
        game = rnd.block[rnd.rows_of(g)][:, rnd.kept(g)]
        exact = _envelope_value(game)
        if exact is None:
            left.append(g)
        else:
            best = max(best, exact)
    open_ = np.array([g for g in left if upper[g] > best + rnd.tolerance / 2], dtype=np.int64)
    if len(open_) == 0:
        return best
    if len(open_) == 1:
        g = int(open_[0])
        full = rnd.block[rnd.rows_of(g)]
        return max(best, _count_value(full[:, rnd.kept(g)], full, rnd.tolerance))
    # Several counts still open: one LP over their offers (max sum_c v_c, as the whole round's).
    is_open = np.zeros(len(rnd.starts), dtype=bool)
    is_open[open_] = True
    rows = is_open[rnd.group]
    sub_groups = np.searchsorted(open_, rnd.group[rows])
    block = rnd.block[rows]
    keep = np.array([rnd.kept(g) for g in open_.tolist()])
    n, groups, k = len(block), len(open_), int(keep.sum())
    A = _round_matrix(block, sub_groups, keep, value_row=False)
    c = np.concatenate([np.zeros(n), -np.ones(groups)])
    b = np.zeros(k + 1)
    b[k] = 1.0
    lower_bounds = np.concatenate([np.zeros(n), np.full(groups, -_INF)])
    res = highs.solve(c, A, k, b, lower_bounds, np.full(n + groups, _INF), presolve=False)
    if not res.optimal:
        raise SolverError(f"HiGHS failed on a trade round: {res.message}")
    x = _mix(res.x[:n])
    earned = np.add.reduceat(x[:, None] * block, np.searchsorted(sub_groups, np.arange(groups)))
    low = float(earned.min(axis=1).sum())
    y = np.zeros(keep.shape)
    y[keep] = np.maximum(-res.row_duals[:k], 0.0)
    y /= np.maximum(y.sum(axis=1, keepdims=True), 1e-300)
    high = float((block * y[sub_groups]).sum(axis=1).max())
    if high - low > rnd.tolerance:
        raise SolverError(
            f"a trade round's plans are exploitable by {high - low:.3g} (tolerance "
            f"{rnd.tolerance:.3g})"
        )
    return max(best, low)


def _envelope_value(game: np.ndarray) -> float | None:
    """The value of a matrix game with two offers or two replies, exactly, without an LP (else
    None). With two replies B's mix ``q`` leaves A ``max_o`` of lines in ``q``, a convex
    piecewise-linear function whose minimum on ``[0, 1]`` lies at an end or where two lines
    cross; with two offers the same holds for A's mix and the minimum over replies (the negated
    game, transposed)."""
    k, m = game.shape
    if m == 2:
        lines, sign = game, 1.0
    elif k == 2:
        lines, sign = -game.T, -1.0
    else:
        return None
    base, slope = lines[:, 1], lines[:, 0] - lines[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        cross = (base[None, :] - base[:, None]) / (slope[:, None] - slope[None, :])
    q = np.concatenate([[0.0, 1.0], cross[(cross > 0.0) & (cross < 1.0)]])
    return sign * float((base[None, :] + q[:, None] * slope[None, :]).max(axis=1).min())


def _round_played(rules: TradeRules, a: Counts, b: Counts, w: float, second: bool) -> Round:
    """The round played (the first, or classic's second after a tie), without its value."""
    if rules.trade_tie is not TradeTie.REOFFER_THEN_FREE:
        if second:
            raise SolverError(f"no second trade round under tie rule {rules.trade_tie.value!r}")
        return round_of(rules, a, b, w, w)
    return round_of(rules, a, b, w, w if second else _tie_worth_w(rules, a, b, w))


def _round(rules: TradeRules, a: Counts, b: Counts, w: float, second: bool) -> tuple[Round, float]:
    """The round played (the first, or classic's second after a tie) and its value."""
    rnd = _round_played(rules, a, b, w, second)  # raises if there is no second round
    v = values(rules, a, b, w)
    value = v.second if second else v.first
    assert value is not None
    return rnd, value


@dataclass(frozen=True, eq=False)
class Offers:
    """A's refined offers in one round: the value, and the probability of each offer class."""

    value: float
    counts: np.ndarray
    totals: np.ndarray
    probabilities: np.ndarray

    def table(self) -> list[tuple[int, int, float]]:
        """Rows ``(count, total, probability)`` of the offers laid (probability above 1e-9)."""
        return [
            (int(c), int(t), round(float(p), 12))
            for c, t, p in zip(self.counts, self.totals, self.probabilities, strict=True)
            if p > 1e-9
        ]


@functools.lru_cache(maxsize=2048)
def offers(rules: TradeRules, a: Counts, b: Counts, w: float, second: bool = False) -> Offers:
    """A's offers in the first round (or, ``second``, in classic's round after a tie): among his
    optimal mixes the one best against B's uniform reply to every count (module docstring).
    Checked: it guarantees the value within half the tolerance, and every offer it lays is a best
    response (within the tolerance) to the fully mixed reply plan of B that the refinement's
    duals give, ``(uniform + mu) / (1 + nu)``. :class:`SolverError` otherwise."""
    rnd, value = _round(rules, a, b, w, second)
    tremble = rnd.block.mean(axis=1)  # B's uniform reply: every reply of the count alike
    res = _solved(_round_model(rnd, tremble, value), "a trade round's refinement")
    x = _mix(res.x[: len(rnd.totals)])
    short = value - _guarantee_a(rnd, x)
    cells = rnd.n_rows
    mu = _per_count(rnd, -res.row_duals[:cells])
    nu = max(0.0, float(-res.row_duals[cells]))
    coefs = (tremble + (rnd.block * mu[rnd.group]).sum(axis=1)) / (1.0 + nu)
    regret = float(coefs.max() - coefs[x > 1e-9].min())
    if short > rnd.tolerance / 2 or regret > rnd.tolerance:
        raise SolverError(
            f"a trade round's refined offers fall {short:.3g} short of the value with regret "
            f"{regret:.3g} (tolerance {rnd.tolerance:.3g})"
        )
    return Offers(value, rnd.counts, rnd.totals, x)


# ---------------------------------------------------------------------------------------------
# B's reply to one count: optimal in that count's own game, then refined


@dataclass(frozen=True)
class Reply:
    """B's refined reply to ``count`` cards: that count's game value and the probability of each
    reply (``None`` is accept, an int a counter of that total), every reply listed."""

    count: int
    value: float
    probabilities: tuple[tuple[int | None, float], ...]

    def table(self) -> list[tuple[int | None, float]]:
        """The replies played (probability above 1e-9)."""
        return [(r, round(p, 12)) for r, p in self.probabilities if p > 1e-9]


def _count_model(game: np.ndarray) -> highs.Model:
    """B's LP in one count's matrix game ``game`` (offers x kept replies): variables ``(y, w)``,
    minimise ``w`` subject to ``game y - w <= 0`` and ``sum y = 1``."""
    k, m = game.shape
    A = _count_matrix(game)
    c = np.zeros(m + 1)
    c[m] = 1.0
    b = np.zeros(k + 1)
    b[k] = 1.0
    lower = np.concatenate([np.zeros(m), [-_INF]])
    return highs.Model(c, A, k, b, lower, np.full(m + 1, _INF))


def _count_matrix(game: np.ndarray) -> highs.Csc:
    """The matrix of :func:`_count_model` (rows ``game y - w <= 0``, then ``sum y = 1``),
    dense, so built straight in compressed columns: column ``r`` is ``game[:, r]`` then 1 in
    the last row, column ``w`` is -1 in the others. Entry for entry the matrix
    :func:`~kuhtheory.solvers.highs.csc_from_triplets` makes of them (tested)."""
    k, m = game.shape
    indptr = np.append(np.arange(m + 1) * (k + 1), m * (k + 1) + k).astype(np.int32)
    indices = np.append(np.tile(np.arange(k + 1), m), np.arange(k)).astype(np.int32)
    data = np.append(np.vstack([game, np.ones(m)]).T, -np.ones(k))
    return highs.Csc(indptr, indices, data, (k + 1, m + 1))


def _count_value(game: np.ndarray, full: np.ndarray, tol: float) -> float:
    """The value of one count's matrix game ``game`` (its kept replies; ``full``: every reply,
    for the check), checked: B's mix holds A to it and A's mix from the duals earns it, both
    within ``tol``; a game with two offers or two replies exactly by :func:`_envelope_value`."""
    exact = _envelope_value(game)
    if exact is not None:
        return exact
    res = _solved(_count_model(game), "a trade round's count game")
    k, m = game.shape
    held = float((game @ _mix(res.x[:m])).max())
    if held - float((_mix(-res.row_duals[:k]) @ full).min()) > tol:
        raise SolverError(f"a trade round's count game is not solved to {tol:.3g}")
    return held


def _count_reply(game: np.ndarray, full: np.ndarray, kept: np.ndarray, tol: float) -> np.ndarray:
    """B's refined mix over the kept replies of one count's game ``game`` (``full``: the game
    with every reply, for the checks). Two LPs on one model: the value, then, with ``w`` held at
    it, the mix best against A's uniform offer (costs changed, a warm start)."""
    k, m = game.shape
    if k == 1 or m == 1:  # one offer (or one reply): the first reply that holds A lowest
        y = np.zeros(m)
        y[int(np.argmin(game.max(axis=0)))] = 1.0
        return y
    model = _count_model(game)
    res = _solved(model, "a trade round's count game")
    y = _mix(res.x[:m])
    p = _mix(-res.row_duals[:k])
    held = float((game @ y).max())
    if held - float((p @ full).min()) > tol:
        raise SolverError(f"a trade round's count game is not solved to {tol:.3g}")
    tremble = full.mean(axis=0)  # against A's uniform mix of the offers of this count
    model.change_costs(np.concatenate([tremble[kept], [0.0]]))
    model.change_row_bounds(np.arange(k), np.full(k, -_INF), np.full(k, held))
    model.change_col_bounds(np.array([m]), np.zeros(1), np.zeros(1))  # w out: game y <= held
    res = _solved(model, "a trade round's count refinement")
    y = _mix(res.x[:m])
    over = float((game @ y).max()) - held
    mu = np.maximum(-res.row_duals[:k], 0.0)
    coefs = (tremble + mu @ full) / (1.0 + mu.sum())
    regret = float(coefs[kept[y > 1e-9]].max() - coefs.min())
    if over > tol / 2 or regret > tol:
        raise SolverError(
            f"a trade round's refined reply gives {over:.3g} more than the count's value with "
            f"regret {regret:.3g} (tolerance {tol:.3g})"
        )
    return y


@functools.lru_cache(maxsize=8192)
def reply(
    rules: TradeRules, a: Counts, b: Counts, w: float, count: int, second: bool = False
) -> Reply:
    """B's reply to an offer of ``count`` cards in the first round (or, ``second``, in classic's
    round after a tie): optimal in that count's matrix game, and among those the best against A's
    uniform mix of its offers (module docstring). Checked: the count game's value by both plans
    within the tolerance; the refined reply holds A to it within half the tolerance and is a
    best response to the fully mixed mix of A's offers its duals give, ``(uniform + mu) /
    (1 + sum mu)``. A count that ``a`` cannot lay is answered as the largest count it can below
    it (or its smallest). :class:`SolverError` if a check fails."""
    rnd = _round_played(rules, a, b, w, second)
    laid = rnd.counts[rnd.starts]
    below = laid[laid <= count]
    g = int(np.flatnonzero(laid == (below.max() if len(below) else laid.min()))[0])
    rows = rnd.rows_of(g)
    kept = np.flatnonzero(rnd.kept(g))
    full = rnd.block[rows]
    y = _count_reply(full[:, kept], full, kept, rnd.tolerance)
    probs = np.zeros(len(rnd.replies))
    probs[kept] = y
    value = float((full[:, kept] @ y).max())
    return Reply(int(laid[g]), value, tuple(zip(rnd.replies, probs.tolist(), strict=True)))


# ---------------------------------------------------------------------------------------------
# The whole solution as tables: what the bot plays and what the coach measures against


@dataclass(frozen=True)
class RoundSolution:
    """A public-hand trade solved by this module, as the tables of
    :class:`~kuhtheory.solvers.trade_tables.TradeSolution` (one hand each): A's offers
    (:func:`offers`), B's reply to every count A can lay (:func:`reply`), the value, and in
    classic the round after a tie. The equilibrium bot plays it and the coach measures against
    it, so both read one solution of the trade.

    What kind: the ``proper`` refinement of :mod:`kuhtheory.solvers.refinements` for this
    one-shot round (A's offers best against B's uniform reply among his optimal mixes; B's reply
    to each count optimal in that count's own game, then best against A's uniform offer of it),
    which is also quasi-perfect. How verified: each value by both plans, the offers and each
    reply as a best response to a fully mixed plan of the other (the checks of :func:`offers`
    and :func:`reply`), within ``tolerance``; :class:`SolverError` otherwise."""

    value: float
    offers: tuple[OfferRow, ...]
    replies: tuple[ReplyRow, ...]
    second_round: RoundSolution | None
    tolerance: float
    refinement: str = "proper"
    #: no exact (fractions) check here: the value is a float
    value_exact: Fraction | None = None

    def offer_table(self) -> list[tuple[int, int, float]]:
        """A's offers as rows ``(count, total, probability)``, those laid (above 1e-9)."""
        return [(r.count, r.total, r.probability) for r in self.offers if r.probability > 1e-9]


@functools.lru_cache(maxsize=2048)
def solution(
    rules: TradeRules, a: Counts, b: Counts, w: float, second: bool = False
) -> RoundSolution:
    """The trade of A's hand ``a`` against B's hand ``b``, the stake worth ``w``, as tables
    (:class:`RoundSolution`); ``second``: classic's round after a tie only.

    >>> from kuhtheory.cards import to_counts
    >>> sol = solution(TradeRules.from_edition("classic"), to_counts((0, 10, 50)),
    ...                to_counts((10, 10)), 100.0)
    >>> sol.value, sol.offer_table(), sol.second_round.value
    (58.0, [(1, 10, 0.2), (1, 50, 0.8)], 59.0)
    >>> [(r.count, r.accept, r.on_path) for r in sol.replies]
    [(0, 0.0, False), (1, 0.0, True), (2, 0.6, False), (3, 1.0, False)]
    """
    rnd, value = _round(rules, a, b, w, second)
    laid = offers(rules, a, b, w, second)
    rows = tuple(
        OfferRow(int(c), int(t), round(float(p), 12))
        for c, t, p in zip(laid.counts, laid.totals, laid.probabilities, strict=True)
    )
    used = {r.count for r in rows if r.probability > 1e-9}
    replies = []
    for count in rnd.counts[rnd.starts].tolist():
        probs = dict(reply(rules, a, b, w, count, second).probabilities)
        counters = tuple((t, p) for t, p in probs.items() if t is not None)
        replies.append(ReplyRow(count, probs.get(None, 0.0), counters, count in used))
    later = None
    if not second and rules.trade_tie is TradeTie.REOFFER_THEN_FREE:
        later = solution(rules, a, b, w, second=True)
    return RoundSolution(value, rows, tuple(replies), later, rnd.tolerance)
