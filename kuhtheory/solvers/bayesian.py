"""Private worths: the Bayesian equilibrium of the auction with the auctioneer's right (K-AUC-4).

Model (an English clock auction with unobserved exits)
------------------------------------------------------
Each bidder ``i`` has a private worth drawn independently from a discrete distribution
(``bidder_worths[i]``); the auctioneer's worth is private too, drawn from ``auctioneer_worth``.
Money is public: a :class:`~kuhtheory.solvers.preemption.Purse` per player (cards paid with no
change, K-PAY-1; a budget; or unlimited cash). A price clock rises through ``step, 2*step, ...``;
each bidder stays in up to his **drop-out price** ``b`` (a multiple of the step, at most what he can
pay, K-PAY-2; ``b = 0``: he never bids). Bidders do not see who has dropped, so a strategy is one
drop-out price per type and the clock auction is strategically a second-price auction (Krishna 2010,
*Auction Theory*, ch. 2). The highest drop-out price wins; the hammer price is the second highest
(at least the opening ``step``); several bidders tied at the top: the winner is drawn uniformly
among them and the price is that level; nobody bids: the auctioneer takes the stake free (K-AUC-3).

After the hammer at price ``p`` with winner ``i`` the auctioneer, knowing his worth ``W``, preempts
iff he can pay and ``W - T_A(p) > T_i(p)`` (absolute payoffs, ties sell): his **threshold** is
``T_A(p) + T_i(p)``, which is ``2p`` in cash. So a bidder of worth ``w`` who wins at ``p`` gets, in
expectation over ``W``::

    v_i(w, p) = q_i(p) * T_A(p) + (1 - q_i(p)) * (w - T_i(p)),   q_i(p) = P(W > T_A(p) + T_i(p)).

Without the right ``q = 0`` and ``v = w - T_i(p)``: bidding one's worth (rounded down to the grid)
is then a best response, the textbook English auction. With the right even a bidder of worth 0 likes
winning at a price the auctioneer will pay him, so competition drives prices up to the auctioneer's
threshold: the seller-held right of first refusal (Bikhchandani, Lippman & Ryan 2005; Choi 2009).

Solution: best-response iteration on drop-out prices (each bidder in turn, each type picks the best
drop-out price against the others' current strategies; keep the current one when it is within
1e-12 of the best, else the lowest best), exact expected payoffs from the distribution of the
others' highest drop-out price and the number tied at it. The result is **verified** by its
exploitability: every type of every bidder compared with every drop-out price, and every auctioneer
type with the other choice at every hammer price; a Bayesian Nash equilibrium has exploitability 0,
and the solver raises :class:`~kuhtheory.errors.SolverError` unless it is below 1e-9.

:func:`solve_lone_bidder` is the one-bidder case of the table's open auction, where a lone bidder
may open at any price (a jump bid) and the hammer falls there: the textbook case of
:mod:`kuhtheory.solvers.symbolic`.

Two bidders of worth 0 or 100 (even odds), an auctioneer of worth 100 who preempts below 50. With
the right a worthless bidder stays in to 50 or 40 to be paid by the auctioneer:

>>> r = solve_bayesian_auction([[0, 100], [0, 100]], [100], step=10)
>>> r.limits, r.expected_price, r.preempt_probability, r.exploitability
(((50, 100), (40, 90)), 55.0, 0.5, 0.0)
>>> r = solve_bayesian_auction([[0, 100], [0, 100]], [100], preemption=False)
>>> r.limits, r.expected_price, r.expected_auctioneer_payoff
(((0, 100), (0, 90)), 27.5, 52.5)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from kuhtheory.editions import Edition, get_edition
from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers.preemption import Purse, check_step, check_worth

Distribution = tuple[tuple[int, float], ...]
"""A discrete distribution of worths: ``((worth, probability), ...)``, worths increasing."""

TOLERANCE = 1e-9
_KEEP = 1e-12

DistributionLike = Mapping[int, float] | Sequence[int] | Sequence[tuple[int, float]]


def distribution(spec: DistributionLike, name: str = "distribution") -> Distribution:
    """A checked :data:`Distribution` from ``{worth: prob}``, ``[(worth, prob)]`` or ``[worths]``.

    A plain list of worths is uniform (a repeated worth counts twice). Probabilities must be >= 0
    and sum to 1 (within 1e-9); worths whole numbers >= 0.

    >>> distribution([0, 50, 50, 100])
    ((0, 0.25), (50, 0.5), (100, 0.25))
    >>> distribution({10: 0.5, 20: 0.5})
    ((10, 0.5), (20, 0.5))
    """
    if isinstance(spec, Mapping):
        pairs: list[tuple[object, object]] = list(spec.items())
    else:
        items = list(spec)
        if items and all(isinstance(x, tuple) for x in items):
            pairs = list(items)  # type: ignore[arg-type]
        else:
            pairs = [(x, 1.0 / len(items)) for x in items]
    if not pairs:
        raise SolverInputError(f"{name}={spec!r} is empty: give at least one worth")
    merged: dict[int, float] = {}
    for raw_worth, prob in pairs:
        worth = check_worth(raw_worth, f"{name} worth")
        if isinstance(prob, bool) or not isinstance(prob, (int, float)) or not prob >= 0:
            raise SolverInputError(f"{name}: probability {prob!r} of worth {worth} must be >= 0")
        merged[worth] = merged.get(worth, 0.0) + float(prob)
    mass = sum(merged.values())
    if abs(mass - 1.0) > 1e-9:
        raise SolverInputError(f"{name}={spec!r}: probabilities sum to {mass!r}, not 1")
    return tuple(sorted(merged.items()))


@dataclass(frozen=True)
class BayesianAuctionResult:
    """A Bayesian equilibrium of the clock auction (pygambit-style: inputs, method, values, check).

    ``limits[i][t]`` is bidder ``i``'s drop-out price when his worth is ``bidder_worths[i][t][0]``;
    ``thresholds[i][k]`` is the auctioneer's worth above which he preempts bidder ``i`` at price
    ``k * step`` (None: he cannot pay it). Expected values are over all worths; ``expected_price``
    is the hammer price (0 when nobody bids), ``expected_net_transfer`` the money from bidders to
    the auctioneer net of what he pays when preempting.
    """

    bidder_worths: tuple[Distribution, ...]
    auctioneer_worth: Distribution
    purses: tuple[Purse, ...]
    auctioneer_purse: Purse
    step: int
    preemption: bool
    edition: str
    method: str
    limits: tuple[tuple[int, ...], ...]
    thresholds: tuple[tuple[int | None, ...], ...]
    sale_probability: float
    preempt_probability: float
    expected_price: float
    expected_net_transfer: float
    expected_auctioneer_payoff: float
    expected_bidder_payoffs: tuple[float, ...]
    exploitability: float
    max_regret: float
    rounds: int
    verified: str

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready summary."""
        return {
            "preemption": self.preemption,
            "step": self.step,
            "edition": self.edition,
            "limits": [
                {str(w): b for (w, _), b in zip(dist, lim, strict=True)}
                for dist, lim in zip(self.bidder_worths, self.limits, strict=True)
            ],
            "sale_probability": self.sale_probability,
            "preempt_probability": self.preempt_probability,
            "expected_price": self.expected_price,
            "expected_net_transfer": self.expected_net_transfer,
            "payoffs": {
                "auctioneer": self.expected_auctioneer_payoff,
                "bidders": list(self.expected_bidder_payoffs),
            },
            "exploitability": self.exploitability,
            "method": self.method,
            "verified": self.verified,
        }


@dataclass(frozen=True)
class BayesianComparison:
    """The same private-worths auction with and without the right."""

    with_right: BayesianAuctionResult
    without_right: BayesianAuctionResult


@dataclass(frozen=True)
class _Setup:
    worths: tuple[Distribution, ...]
    a_worth: Distribution
    purses: tuple[Purse, ...]
    a_purse: Purse
    step: int
    preemption: bool
    edition: str
    levels: int  # price levels 0..levels-1
    tops: tuple[int, ...]
    cost: np.ndarray  # cost[i, k]: what bidder i hands over at level k (nan: cannot)
    a_cost: np.ndarray  # a_cost[k]; nan: the auctioneer cannot pay
    q: np.ndarray  # q[i, k]: probability that the auctioneer preempts bidder i at level k
    values: tuple[np.ndarray, ...]  # values[i][t, k]: v_i(w_t, k), 0 where level k is impossible


def _setup(
    bidder_worths: Sequence[DistributionLike],
    auctioneer_worth: DistributionLike,
    step: int,
    money: Sequence[Purse | int | str | Sequence[int] | None] | None,
    auctioneer_money: Purse | int | str | Sequence[int] | None,
    preemption: bool,
    edition: str | Edition,
) -> _Setup:
    ed = get_edition(edition)
    step = check_step(step, ed)
    if not bidder_worths:
        raise SolverInputError("bidder_worths is empty: at least one bidder is needed")
    worths = tuple(distribution(d, f"bidder_worths[{i}]") for i, d in enumerate(bidder_worths))
    a_worth = distribution(auctioneer_worth, "auctioneer_worth")
    n = len(worths)
    if money is not None and len(money) != n:
        raise SolverInputError(f"money={money!r} must give one purse per bidder ({n})")
    purses = tuple(Purse.of(None if money is None else money[i], f"money[{i}]") for i in range(n))
    a_purse = Purse.of(auctioneer_money, "auctioneer_money")
    top_worth = max(max(w for w, _ in d) for d in (*worths, a_worth))
    levels = math.ceil(top_worth / step) + 2
    cost = np.full((n, levels), np.nan)
    a_cost = np.full(levels, np.nan)
    for k in range(levels):
        paid = a_purse.cost(k * step)
        if paid is not None:
            a_cost[k] = paid
        for i, purse in enumerate(purses):
            paid = purse.cost(k * step)
            if paid is not None:
                cost[i, k] = paid
    tops = []
    for i in range(n):
        top = 0
        while top + 1 < levels and not np.isnan(cost[i, top + 1]):
            top += 1
        tops.append(top)
    a_values = np.array([w for w, _ in a_worth], dtype=float)
    a_probs = np.array([p for _, p in a_worth])
    q = np.zeros((n, levels))
    if preemption:
        for i in range(n):
            for k in range(1, levels):
                if not (np.isnan(a_cost[k]) or np.isnan(cost[i, k])):
                    q[i, k] = a_probs[a_values > a_cost[k] + cost[i, k]].sum()
    values = []
    for i in range(n):
        w = np.array([x for x, _ in worths[i]], dtype=float)[:, None]
        c = np.nan_to_num(cost[i])[None, :]
        ac = np.nan_to_num(a_cost)[None, :]
        v = q[i][None, :] * ac + (1 - q[i][None, :]) * (w - c)
        v[:, 0] = 0.0
        v[:, tops[i] + 1 :] = 0.0
        values.append(v)
    return _Setup(
        worths,
        a_worth,
        purses,
        a_purse,
        step,
        preemption,
        ed.name,
        levels,
        tuple(tops),
        cost,
        a_cost,
        q,
        tuple(values),
    )


def _level_dists(setup: _Setup, limits: Sequence[Sequence[int]]) -> list[np.ndarray]:
    out = []
    for i, dist in enumerate(setup.worths):
        p = np.zeros(setup.levels)
        for (_, prob), b in zip(dist, limits[i], strict=True):
            p[b] += prob
        out.append(p)
    return out


def _others_max(setup: _Setup, dists: list[np.ndarray], i: int) -> np.ndarray:
    """``M[B, m]``: probability that the others' highest drop-out level is B, held by m of them."""
    n = len(dists)
    table = {(0, 0): 1.0}
    for j in range(n):
        if j == i:
            continue
        new: dict[tuple[int, int], float] = {}
        for (top, count), prob in table.items():
            for found in np.nonzero(dists[j])[0]:
                level = int(found)
                pj = prob * float(dists[j][level])
                if level > top:
                    key = (level, 1)
                else:
                    key = (top, count + 1) if level == top else (top, count)
                new[key] = new.get(key, 0.0) + pj
        table = new
    m = np.zeros((setup.levels, n + 1))
    for (top, count), prob in table.items():
        m[top, count] += prob
    return m


def _win_matrix(setup: _Setup, others: np.ndarray) -> np.ndarray:
    """``W[b, k]``: probability of winning at price level k with drop-out level b."""
    levels = setup.levels
    p_max = others.sum(axis=1)
    # Tied with m others at the top: win with probability 1/(m+1) (m = 0 occurs only at level 0).
    tie_win = (others * (1.0 / (np.arange(others.shape[1]) + 1.0))[None, :]).sum(axis=1)
    win = np.zeros((levels, levels))
    for b in range(1, levels):
        win[b, 1] += p_max[0]
        for top in range(1, b):
            win[b, top] += p_max[top]
        win[b, b] += tie_win[b]
    return win


def _payoff_table(setup: _Setup, i: int, win: np.ndarray) -> np.ndarray:
    """``E[t, b]``: bidder i's expected payoff with type t and drop-out level b."""
    return setup.values[i] @ win.T


def _best_levels(table: np.ndarray, current: Sequence[int], top: int) -> tuple[int, ...]:
    chosen = []
    for t, row in enumerate(table):
        allowed = row[: top + 1]
        best = allowed.max()
        cur = current[t]
        if cur <= top and allowed[cur] >= best - _KEEP:
            chosen.append(cur)
        else:
            chosen.append(int(np.nonzero(allowed >= best - _KEEP)[0][0]))
    return tuple(chosen)


def _start(setup: _Setup) -> list[tuple[int, ...]]:
    # Myopic start: the highest level at which winning still pays (0 if none).
    start = []
    for i in range(len(setup.worths)):
        v = setup.values[i]
        row = []
        for t in range(v.shape[0]):
            good = [k for k in range(1, setup.tops[i] + 1) if v[t, k] > 0]
            row.append(max(good) if good else 0)
        start.append(tuple(row))
    return start


def _regrets(setup: _Setup, limits: Sequence[Sequence[int]]) -> tuple[float, float]:
    """(exploitability: expected best-response gain summed over players, largest single regret)."""
    dists = _level_dists(setup, limits)
    total_gain = 0.0
    worst = 0.0
    for i in range(len(setup.worths)):
        table = _payoff_table(setup, i, _win_matrix(setup, _others_max(setup, dists, i)))
        for t, (_, prob) in enumerate(setup.worths[i]):
            gain = table[t, : setup.tops[i] + 1].max() - table[t, limits[i][t]]
            total_gain += prob * float(gain)
            worst = max(worst, float(gain))
    # The auctioneer: at every hammer (i, k) each of his types compares selling and preempting;
    # his rule picks the better one, so this adds 0 unless the rule were wrong.
    outcome = _outcomes(setup, limits)
    for i in range(len(setup.worths)):
        for k in range(1, setup.levels):
            if outcome[i, k] <= 0 or np.isnan(setup.cost[i, k]):
                continue
            for w, prob in setup.a_worth:
                sell = setup.cost[i, k]
                pre = -np.inf if np.isnan(setup.a_cost[k]) else w - setup.a_cost[k]
                if not setup.preemption:
                    continue
                chosen = pre if pre > sell else sell
                gain = max(sell, pre) - chosen
                total_gain += outcome[i, k] * prob * gain
                worst = max(worst, gain)
    return total_gain, worst


def _outcomes(setup: _Setup, limits: Sequence[Sequence[int]]) -> np.ndarray:
    """``P[i, k]``: probability that bidder i wins at price level k."""
    dists = _level_dists(setup, limits)
    out = np.zeros((len(setup.worths), setup.levels))
    for i in range(len(setup.worths)):
        win = _win_matrix(setup, _others_max(setup, dists, i))
        for (_, prob), b in zip(setup.worths[i], limits[i], strict=True):
            out[i] += prob * win[b]
    return out


def solve_bayesian_auction(
    bidder_worths: Sequence[DistributionLike],
    auctioneer_worth: DistributionLike,
    *,
    step: int = 10,
    money: Sequence[Purse | int | str | Sequence[int] | None] | None = None,
    auctioneer_money: Purse | int | str | Sequence[int] | None = None,
    preemption: bool = True,
    edition: str | Edition = "classic",
    max_rounds: int = 500,
) -> BayesianAuctionResult:
    """A Bayesian equilibrium of the clock auction with private worths (module docstring).

    Parameters
    ----------
    bidder_worths
        One distribution per bidder: ``{worth: prob}``, ``[(worth, prob)]`` or ``[worths]``
        (uniform).
    auctioneer_worth
        The auctioneer's worth distribution.
    step
        The clock's increment (a multiple of the edition's minimum raise).
    money, auctioneer_money
        Purses: cards (no change), a budget, or None for unlimited cash.
    preemption
        Whether the auctioneer has the right of K-AUC-4.
    max_rounds
        Rounds of best responses before giving up with :class:`SolverError`.
    """
    setup = _setup(
        bidder_worths, auctioneer_worth, step, money, auctioneer_money, preemption, edition
    )
    limits = _start(setup)
    rounds = 0
    while True:
        rounds += 1
        changed = False
        for i in range(len(limits)):
            dists = _level_dists(setup, limits)
            table = _payoff_table(setup, i, _win_matrix(setup, _others_max(setup, dists, i)))
            new = _best_levels(table, limits[i], setup.tops[i])
            if new != limits[i]:
                limits[i] = new
                changed = True
        if not changed:
            break
        if rounds >= max_rounds:
            raise SolverError(
                f"best-response iteration did not settle in {max_rounds} rounds; "
                "no equilibrium in drop-out prices was found"
            )
    exploitability, worst = _regrets(setup, limits)
    if worst > TOLERANCE:
        raise SolverError(f"equilibrium check failed: a type gains {worst!r} by deviating")
    return _result(setup, limits, rounds, exploitability, worst)


def _result(
    setup: _Setup, limits: list[tuple[int, ...]], rounds: int, exploitability: float, worst: float
) -> BayesianAuctionResult:
    outcome = _outcomes(setup, limits)
    levels = np.arange(setup.levels)
    sale = float(outcome.sum())
    a_vals = np.array([w for w, _ in setup.a_worth], dtype=float)
    a_probs = np.array([p for _, p in setup.a_worth])
    mean_a = float(a_vals @ a_probs)
    pre = float((outcome * setup.q).sum())
    price = float((outcome * levels[None, :]).sum() * setup.step)
    cost = np.nan_to_num(setup.cost)
    a_cost = np.nan_to_num(setup.a_cost)
    transfer = float((outcome * ((1 - setup.q) * cost - setup.q * a_cost[None, :])).sum())
    a_payoff = (1 - sale) * mean_a
    for i in range(len(setup.worths)):
        for k in range(1, setup.levels):
            if outcome[i, k] <= 0:
                continue
            if setup.preemption and not np.isnan(setup.a_cost[k]):
                keep = np.where(a_vals - a_cost[k] > cost[i, k], a_vals - a_cost[k], cost[i, k])
            else:
                keep = np.full_like(a_vals, cost[i, k])
            a_payoff += outcome[i, k] * float(keep @ a_probs)
    bidder_payoffs = []
    dists = _level_dists(setup, limits)
    for i in range(len(setup.worths)):
        table = _payoff_table(setup, i, _win_matrix(setup, _others_max(setup, dists, i)))
        bidder_payoffs.append(
            float(sum(prob * table[t, limits[i][t]] for t, (_, prob) in enumerate(setup.worths[i])))
        )
    thresholds = tuple(
        tuple(
            None
            if np.isnan(setup.a_cost[k]) or np.isnan(setup.cost[i, k])
            else int(setup.a_cost[k] + setup.cost[i, k])
            for k in range(setup.levels)
        )
        for i in range(len(setup.worths))
    )
    method = (
        "best-response iteration on drop-out prices in the clock auction with unobserved exits; "
        "exact expected payoffs; the auctioneer preempts iff his worth exceeds "
        "T_A(p) + T_i(p) (ties sell)"
    )
    return BayesianAuctionResult(
        bidder_worths=setup.worths,
        auctioneer_worth=setup.a_worth,
        purses=setup.purses,
        auctioneer_purse=setup.a_purse,
        step=setup.step,
        preemption=setup.preemption,
        edition=setup.edition,
        method=method,
        limits=tuple(tuple(b * setup.step for b in lim) for lim in limits),
        thresholds=thresholds,
        sale_probability=sale,
        preempt_probability=pre,
        expected_price=price,
        expected_net_transfer=transfer,
        expected_auctioneer_payoff=float(a_payoff),
        expected_bidder_payoffs=tuple(bidder_payoffs),
        exploitability=float(exploitability),
        max_regret=float(worst),
        rounds=rounds,
        verified=(
            f"best-response check over every drop-out price and every auctioneer choice: "
            f"exploitability {exploitability:.3g} (max regret {worst:.3g}) < {TOLERANCE:g}"
        ),
    )


def compare_bayesian(
    bidder_worths: Sequence[DistributionLike],
    auctioneer_worth: DistributionLike,
    **kwargs: object,
) -> BayesianComparison:
    """:func:`solve_bayesian_auction` with and without the right."""
    kwargs.pop("preemption", None)
    return BayesianComparison(
        with_right=solve_bayesian_auction(
            bidder_worths,
            auctioneer_worth,
            preemption=True,
            **kwargs,  # type: ignore[arg-type]
        ),
        without_right=solve_bayesian_auction(
            bidder_worths,
            auctioneer_worth,
            preemption=False,
            **kwargs,  # type: ignore[arg-type]
        ),
    )


# ---------------------------------------------------------------------------------------------
# One bidder who may open at any price


@dataclass(frozen=True)
class LoneBidderResult:
    """A lone bidder's best opening bid per worth against the auctioneer's private worth.

    ``bids[t]`` is the bid of the bidder whose worth is ``bidder_worth[t][0]`` (0: no bid; then the
    auctioneer takes the stake free); ``thresholds[t]`` is the auctioneer's worth above which he
    preempts that bid (None: he cannot pay it); ``payoffs[t]`` the bidder's expected payoff at each
    bid level (index ``k`` for bid ``k * step``), which symbolic tests compare with closed forms;
    ``transfers[t]`` the expected money from bidder to auctioneer, net of a preemption payment.
    """

    bidder_worth: Distribution
    auctioneer_worth: Distribution
    step: int
    preemption: bool
    method: str
    bids: tuple[int, ...]
    thresholds: tuple[int | None, ...]
    transfers: tuple[float, ...]
    payoffs: tuple[tuple[float, ...], ...]
    expected_transfer: float
    preempt_probability: float
    exploitability: float
    verified: str


def solve_lone_bidder(
    bidder_worth: DistributionLike,
    auctioneer_worth: DistributionLike,
    *,
    step: int = 10,
    money: Purse | int | str | Sequence[int] | None = None,
    auctioneer_money: Purse | int | str | Sequence[int] | None = None,
    preemption: bool = True,
    edition: str | Edition = "classic",
) -> LoneBidderResult:
    """The lone bidder's optimal jump bid and the auctioneer's threshold (K-AUC-1..4).

    Alone, the bidder names the hammer price ``p``; the auctioneer then preempts iff his worth
    exceeds ``T_A(p) + T_B(p)``. Each bidder type maximises ``v(w, p)`` of the module docstring over
    every price he can pay (ties: the lowest bid, no bid first), which is exhaustive, so the
    exploitability is computed over the same grid and is 0.

    >>> r = solve_lone_bidder([60], [100], step=10)
    >>> r.bids, r.thresholds, r.transfers
    ((40,), (80,), (-40.0,))
    """
    setup = _setup(
        [bidder_worth], auctioneer_worth, step, [money], auctioneer_money, preemption, edition
    )
    v = setup.values[0]
    top = setup.tops[0]
    bids = []
    regret = 0.0
    for t in range(v.shape[0]):
        row = v[t, : top + 1]
        best = int(np.nonzero(row >= row.max() - _KEEP)[0][0])
        bids.append(best)
        regret = max(regret, float(row.max() - row[best]))
    q = setup.q[0]
    cost = np.nan_to_num(setup.cost[0])
    a_cost = np.nan_to_num(setup.a_cost)
    transfers = tuple(
        0.0 if b == 0 else float((1 - q[b]) * cost[b] - q[b] * a_cost[b]) for b in bids
    )
    probs = [p for _, p in setup.worths[0]]
    thresholds = tuple(
        None if b == 0 or np.isnan(setup.a_cost[b]) else int(setup.a_cost[b] + setup.cost[0, b])
        for b in bids
    )
    return LoneBidderResult(
        bidder_worth=setup.worths[0],
        auctioneer_worth=setup.a_worth,
        step=setup.step,
        preemption=preemption,
        method="exhaustive search over every opening bid per bidder type; the auctioneer's reply",
        bids=tuple(b * setup.step for b in bids),
        thresholds=thresholds,
        transfers=transfers,
        payoffs=tuple(tuple(float(x) for x in v[t, : top + 1]) for t in range(v.shape[0])),
        expected_transfer=float(np.dot(probs, transfers)),
        preempt_probability=float(sum(p * q[b] for p, b in zip(probs, bids, strict=True))),
        exploitability=regret,
        verified="exhaustive: every bid compared for every type",
    )
