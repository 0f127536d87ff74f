"""The trade round solved for play (:mod:`kuhtheory.solvers.trade_round`), checked against the
full pipeline and by its defining properties, each computed here apart from the module:

* values: :func:`~kuhtheory.solvers.solve_trade`'s value (and classic's second round, K-TRD-3)
  to 1e-6 on random small hands in every edition;
* offers: no offer A lays is weakly dominated by any mix of his offers (its own LP, below:
  by separability, a mix dominates an offer iff it does at least as well against every reply to
  every count and better against B's uniform reply);
* reply: B's reply to a count is optimal in that count's own matrix game (its value by
  scipy's linprog) and plays no reply weakly dominated there by another.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from kuhtheory.cards import DENOMINATIONS, Counts, to_counts
from kuhtheory.solvers import highs, solve_trade
from kuhtheory.solvers.trade import TradeRules
from kuhtheory.solvers.trade_round import (
    _count_matrix,
    _envelope_value,
    _round_matrix,
    offers,
    reply,
    round_of,
    solution,
    upper_bound,
    values,
)

EDITIONS = ["classic", "2025", "first", "bluff"]
TOL = 1e-6

hands = st.lists(st.sampled_from(DENOMINATIONS), min_size=0, max_size=4).map(
    lambda cards: to_counts(tuple(sorted(cards)))
)
worths = st.integers(min_value=0, max_value=60).map(lambda k: float(10 * k))
slow = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _round(edition: str, a: Counts, b: Counts, w: float, second: bool = False):  # type: ignore[no-untyped-def]
    rules = TradeRules.from_edition(edition)
    v = values(rules, a, b, w)
    tie = w if second or v.second is None else v.second
    return rules, round_of(rules, a, b, w, tie)


@pytest.mark.parametrize("edition", EDITIONS)
@slow
@given(a=hands, b=hands, w=worths)
def test_values_agree_with_solve_trade(edition: str, a: Counts, b: Counts, w: float) -> None:
    rules = TradeRules.from_edition(edition)
    sol = solve_trade(edition, _cards(a), _cards(b), int(w), refinement="none")
    got = values(rules, a, b, w)
    assert got.first == pytest.approx(float(sol.value), abs=TOL)
    if sol.second_round is None:
        assert got.second is None
    else:  # K-TRD-3: after a tie the trade is played once more, a second tie gives A the stake
        assert got.second == pytest.approx(float(sol.second_round.value), abs=TOL)


def _cards(counts: Counts) -> tuple[int, ...]:
    return tuple(v for v, k in zip(DENOMINATIONS, counts, strict=True) for _ in range(k))


def _dominance_gain(block: np.ndarray, group: np.ndarray, o: int) -> float:
    """How much more than offer ``o`` some mix of offers earns against B's uniform reply, among
    the mixes that do at least as well as ``o`` against every reply to every count (0 iff ``o``
    is not weakly dominated). Variables: the mix ``p`` and, per count, the least ``v_c`` of
    ``sum_{o' in c} p_o' M[o', r] - [c = c(o)] M[o, r]`` over replies ``r``; ``sum v_c >= 0``."""
    n, m = block.shape
    groups = int(group.max()) + 1
    tremble = block.mean(axis=1)
    c = np.concatenate([-tremble, np.zeros(groups)])  # maximise the mix against the tremble
    rows, rhs = [], []
    for g in range(groups):
        for r in range(m):
            row = np.zeros(n + groups)
            row[:n] = -np.where(group == g, block[:, r], 0.0)
            row[n + g] = 1.0
            rows.append(row)
            rhs.append(-block[o, r] if group[o] == g else 0.0)
    total = np.zeros(n + groups)
    total[n:] = -1.0
    rows.append(total)
    rhs.append(0.0)
    eq = np.concatenate([np.ones(n), np.zeros(groups)])[None, :]
    bounds = [(0, None)] * n + [(None, None)] * groups
    res = linprog(c, A_ub=np.array(rows), b_ub=rhs, A_eq=eq, b_eq=[1.0], bounds=bounds)
    assert res.status == 0
    return float(-res.fun - tremble[o])


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("second", [False, True])
@slow
@given(a=hands, b=hands, w=worths)
def test_offers_are_never_weakly_dominated(
    edition: str, second: bool, a: Counts, b: Counts, w: float
) -> None:
    if second and edition != "classic":
        return
    rules, rnd = _round(edition, a, b, w, second)
    off = offers(rules, a, b, w, second)
    x = off.probabilities
    assert x.sum() == pytest.approx(1.0)
    # the mix guarantees the value against B's best reply to each count
    earned = sum(
        (x[rnd.rows_of(g), None] * rnd.block[rnd.rows_of(g)]).sum(axis=0).min()
        for g in range(len(rnd.starts))
    )
    assert earned == pytest.approx(off.value, abs=TOL)
    for o in np.flatnonzero(x > 1e-9):
        assert _dominance_gain(rnd.block, rnd.group, int(o)) <= TOL


def _count_value(game: np.ndarray) -> float:
    """The value of a matrix game (A maximises over rows, B minimises over columns)."""
    k, m = game.shape
    c = np.concatenate([np.zeros(m), [1.0]])
    a_ub = np.hstack([game, -np.ones((k, 1))])
    eq = np.concatenate([np.ones(m), [0.0]])[None, :]
    bounds = [(0, None)] * m + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(k), A_eq=eq, b_eq=[1.0], bounds=bounds)
    assert res.status == 0
    return float(res.fun)


@pytest.mark.parametrize("edition", EDITIONS)
@slow
@given(a=hands, b=hands, w=worths)
def test_reply_is_optimal_in_its_count_game(edition: str, a: Counts, b: Counts, w: float) -> None:
    rules, rnd = _round(edition, a, b, w)
    for g in range(len(rnd.starts)):
        count = int(rnd.counts[rnd.starts[g]])
        game = rnd.block[rnd.rows_of(g)]
        rep = reply(rules, a, b, w, count)
        assert rep.count == count
        y = np.array([p for _, p in rep.probabilities])
        assert y.sum() == pytest.approx(1.0)
        value = _count_value(game)
        assert float((game @ y).max()) == pytest.approx(value, abs=TOL)
        assert rep.value == pytest.approx(value, abs=TOL)
        for r in np.flatnonzero(y > 1e-9):  # no reply played is weakly dominated by another
            others = np.delete(np.arange(game.shape[1]), r)
            le = (game[:, others] <= game[:, [r]] + 1e-9).all(axis=0)
            lt = (game[:, others] < game[:, [r]] - 1e-9).any(axis=0)
            assert not (le & lt).any()


def test_the_only_just_deters_example_is_held_to_its_count_value() -> None:
    """Issue 13's example (2025): if A lays one 200-card, the proper reply holds him to 159.8,
    where an equilibrium reply that only just deters gives him the full value 315.2."""
    rules = TradeRules.from_edition("2025")
    a, b = to_counts((0, 10, 50, 50, 50, 100, 200)), to_counts((10, 10, 10, 10, 100, 100))
    assert values(rules, a, b, 500.0).first == pytest.approx(315.2, abs=0.05)
    assert reply(rules, a, b, 500.0, 1).value == pytest.approx(159.8, abs=0.05)


def test_a_count_a_cannot_lay_is_answered_as_the_largest_below() -> None:
    rules = TradeRules.from_edition("classic")
    a, b = to_counts((10, 50)), to_counts((10, 10))
    assert reply(rules, a, b, 100.0, 5) == reply(rules, a, b, 100.0, 2)


def _earned(rnd, table, replies) -> list[float]:  # type: ignore[no-untyped-def]
    """What each offer A lays (rows ``(count, total, p)``) earns against ``replies`` (rows with
    ``count``, ``accept``, ``counters``), by the round's payoff block."""
    out = []
    for c, t, p in table:
        if p <= 1e-9:
            continue
        row = next(r for r in replies if r.count == c)
        mix = dict(row.counters)
        y = np.array([row.accept if r is None else mix.get(r, 0.0) for r in rnd.replies])
        o = int(np.flatnonzero((rnd.counts == c) & (rnd.totals == t))[0])
        out.append(float(rnd.block[o] @ y))
    return out


@pytest.mark.parametrize("edition", EDITIONS)
@slow
@given(a=hands, b=hands, w=worths)
def test_solution_and_solve_trade_proper_are_interchangeable(
    edition: str, a: Counts, b: Counts, w: float
) -> None:
    """The tables the bot plays and the coach measures (:func:`solution`) against
    :func:`solve_trade`'s ``proper`` solution: the same value, and every offer either solution
    lays earns exactly the value against the other's replies (both replies are optimal in each
    count's own game), so a move optimal in one loses nothing measured by the other."""
    rules = TradeRules.from_edition(edition)
    ours = solution(rules, a, b, w)
    full = solve_trade(edition, _cards(a), _cards(b), int(w), refinement="proper")
    rounds = [(ours, full, False)]
    if full.second_round is not None:
        assert ours.second_round is not None
        rounds.append((ours.second_round, full.second_round, True))
    for mine, theirs, second in rounds:
        assert mine.value == pytest.approx(float(theirs.value), abs=TOL)
        _, rnd = _round(edition, a, b, w, second)
        for earned in (
            _earned(rnd, mine.offer_table(), theirs.replies),
            _earned(rnd, theirs.offer_table(), mine.replies),
        ):
            assert earned == pytest.approx([mine.value] * len(earned), abs=TOL)
        assert [r.count for r in mine.replies] == [r.count for r in theirs.replies]
        assert mine.offer_table() == offers(rules, a, b, w, second).table()


@pytest.mark.parametrize("edition", EDITIONS)
@slow
@given(a=hands, b=hands, w=worths)
def test_upper_bound_holds_the_value(edition: str, a: Counts, b: Counts, w: float) -> None:
    """The bound the bot prunes candidate trades with (no LP) is never below the value."""
    rules = TradeRules.from_edition(edition)
    assert upper_bound(rules, a, b, w) >= values(rules, a, b, w).first - TOL


def test_cached_answers_equal_fresh_ones() -> None:
    """Every cache of the module (keyed by the rules, both hands and W) gives what a fresh solve
    gives."""
    rules = TradeRules.from_edition("classic")
    a, b, w = to_counts((0, 0, 10, 50, 100)), to_counts((0, 10, 10, 50)), 120.0
    for f, args in (
        (values, (rules, a, b, w)),
        (upper_bound, (rules, a, b, w)),
        (offers, (rules, a, b, w)),
        (reply, (rules, a, b, w, 2)),
        (solution, (rules, a, b, w)),
    ):
        cached = f(*args)  # type: ignore[operator]
        fresh = f.__wrapped__(*args)  # type: ignore[attr-defined]
        assert repr(cached) == repr(fresh), f


def _linprog_value(game: np.ndarray) -> float:
    """The value of a matrix game (A maximises over rows) by scipy's linprog, apart from the
    module: minimise ``w`` over B's mixes ``y`` with ``game y <= w``."""
    k, m = game.shape
    res = linprog(
        np.r_[np.zeros(m), 1.0],
        A_ub=np.c_[game, -np.ones(k)],
        b_ub=np.zeros(k),
        A_eq=np.r_[np.ones(m), 0.0][None, :],
        b_eq=[1.0],
        bounds=[(0, None)] * m + [(None, None)],
    )
    return float(res.fun)


@settings(max_examples=200, deadline=None)
@given(
    rows=st.integers(1, 6),
    entries=st.lists(st.integers(-50, 50), min_size=12, max_size=12),
    two_rows=st.booleans(),
)
def test_envelope_value_is_the_lp_value(rows: int, entries: list[int], two_rows: bool) -> None:
    """Games with two replies (or two offers) are valued without an LP: the same value."""
    game = np.array(entries[: 2 * rows], dtype=float).reshape(rows, 2)
    if two_rows:
        game = game.T.copy()
    got = _envelope_value(game)
    assert got is not None
    assert got == pytest.approx(_linprog_value(game), abs=TOL)


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=60, deadline=None)
@given(a=hands, b=hands, w=worths, value_row=st.booleans(), runs=st.integers(1, 8))
def test_round_matrix_is_the_triplets_matrix(
    edition: str, a: Counts, b: Counts, w: float, value_row: bool, runs: int
) -> None:
    """The round LP's matrix, built straight in compressed columns, is entry for entry (and in
    the same order and types, so HiGHS sees the same model) the matrix of its triplets: offer
    ``o``'s column ``-block[o, r]`` in the rows of its run's kept replies and 1 in the last row
    (``sum x = 1``); run ``g``'s ``v`` 1 in its rows and -1 in the value row. On the round's
    first ``runs`` count runs (a sub-LP of some runs, as the value solves)."""
    rules, rnd = _round(edition, a, b, w)
    g = min(runs, len(rnd.starts))
    rows = rnd.group < g
    block, group, keep = rnd.block[rows], rnd.group[rows], rnd.keep[:g]
    n, k = len(block), int(keep.sum())
    index = np.cumsum(keep).reshape(keep.shape) - 1
    last = k + int(value_row)
    o, r = np.nonzero(keep[group])
    kg, kr = np.nonzero(keep)
    triplets = [
        (index[group[o], r], o, -block[o, r]),
        (np.full(n, last), np.arange(n), np.ones(n)),
        (index[kg, kr], n + kg, np.ones(k)),
        (np.full(g, k), n + np.arange(g), -np.ones(g)) if value_row else (),
    ]
    rs, cs, vs = (np.concatenate([t[i] for t in triplets if t]) for i in range(3))
    want = highs.csc_from_triplets(rs, cs, vs, (last + 1, n + g))
    _assert_same_csc(_round_matrix(block, group, keep, value_row), want)


@settings(max_examples=100, deadline=None)
@given(
    k=st.integers(1, 6),
    m=st.integers(1, 6),
    entries=st.lists(st.integers(-50, 50), min_size=36, max_size=36),
)
def test_count_matrix_is_the_triplets_matrix(k: int, m: int, entries: list[int]) -> None:
    """One count's LP matrix (rows ``game y - w <= 0``, ``sum y = 1``), built straight in
    compressed columns, is the matrix of its triplets, zeros of the game included."""
    game = np.array(entries[: k * m], dtype=float).reshape(k, m)
    want = highs.csc_from_triplets(
        np.concatenate([np.repeat(np.arange(k), m), np.full(m, k), np.arange(k)]),
        np.concatenate([np.tile(np.arange(m), k), np.arange(m), np.full(k, m)]),
        np.concatenate([game.ravel(), np.ones(m), -np.ones(k)]),
        (k + 1, m + 1),
    )
    _assert_same_csc(_count_matrix(game), want)


def _assert_same_csc(got: highs.Csc, want: highs.Csc) -> None:
    """The same compressed matrix, array for array and type for type: HiGHS sees one model."""
    assert got.shape == want.shape
    for part in ("indptr", "indices", "data"):
        assert getattr(got, part).dtype == getattr(want, part).dtype
        assert getattr(got, part).tolist() == getattr(want, part).tolist()
