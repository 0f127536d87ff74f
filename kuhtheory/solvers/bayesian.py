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

Without the right ``q = 0`` and ``v = w - T_i(p)``: the textbook English auction, in which bidding
one's worth is weakly dominant with continuous prices (Krishna 2010, ch. 2); on the grid a type
drops out at his worth rounded down or one step above it (that step wins a tie at his worth at the
same price; tests/test_solvers_bayesian.py). With the right even a bidder of worth 0 likes
winning at a price the auctioneer will pay him, so competition drives prices up to the auctioneer's
threshold. At the hammer the auctioneer buys or sells at the price the bidders made: a buy-sell
("shotgun") clause with the high bidder proposing (McAfee 1992), not a right of first refusal,
whose holder is a buyer (:mod:`kuhtheory.solvers.auction`).

Solution: best-response iteration on drop-out prices (each bidder in turn, each type picks the best
drop-out price against the others' current strategies, keeping the current one when it is within
the tolerance of the best), exact expected payoffs from the distribution of the others' highest
drop-out price and the number tied at it (vectorised over the price levels: the work per round
grows as bidders^2 x levels). **Selection** (:class:`~kuhtheory.solvers.auction.Selection`), as in
the complete-information solver: ``"undominated"`` (the default) starts every type at his worth
(the highest price at which winning does not lose him money) and, among equally good drop-out
prices, takes the highest of those; ``"pass-on-ties"`` starts at the highest price at which winning
gains strictly and takes the lowest of equally good prices. Without the right and with known
worths (one type each), this model and :func:`kuhtheory.solvers.auction.solve_auction` then agree
(bid your worth): the same winner, price and payoffs when the first bidder's worth is at least a
step above the others' (rounded down to the step), otherwise prices at most one step apart. With
the right they differ: on the clock the price is the second drop-out price, while taking turns a
bidder may jump to a price just above the one at which the auctioneer would buy, and be sold the
stake there (tests/test_solvers_bayesian.py).

The result is **verified** by its exploitability: every type of every bidder compared with every
drop-out price, and the auctioneer's preemption probabilities recomputed type by type; a Bayesian
Nash equilibrium has exploitability 0, and the solver raises :class:`~kuhtheory.errors.SolverError`
unless the largest regret is below ``1e-9`` times the largest worth (at least ``1e-9``).

Limits (:mod:`kuhtheory.solvers.private_worths`, which tabulates the inputs): at most
:data:`~kuhtheory.solvers.private_worths.MAX_BIDDERS` bidders,
:data:`~kuhtheory.solvers.private_worths.MAX_LEVELS` price levels (the largest worth over the step)
and :data:`~kuhtheory.solvers.private_worths.MAX_CELLS` worth types times levels; beyond them a
:class:`~kuhtheory.errors.SolverInputError` names the input (never a MemoryError or a hang).

:func:`solve_lone_bidder` is the one-bidder case of the table's open auction, where a lone bidder
may open at any price (a jump bid) and the hammer falls there: the textbook case of
:mod:`kuhtheory.solvers.symbolic`.

Two bidders of worth 0 or 100 (even odds), an auctioneer of worth 100 who preempts below 50. With
the right a worthless bidder stays in to 50 or 40 to be paid by the auctioneer; without it the
worths are bid:

>>> r = solve_bayesian_auction([[0, 100], [0, 100]], [100], step=10)
>>> r.limits, r.expected_price, r.preempt_probability, r.exploitability
(((50, 100), (40, 100)), 57.5, 0.5, 0.0)
>>> r = solve_bayesian_auction([[0, 100], [0, 100]], [100], preemption=False)
>>> r.limits, r.expected_price, r.expected_auctioneer_payoff
(((0, 100), (0, 100)), 30.0, 55.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kuhtheory.editions import Edition
from kuhtheory.errors import SolverError
from kuhtheory.solvers.auction_equilibrium import Selection
from kuhtheory.solvers.preemption import Purse
from kuhtheory.solvers.private_worths import (
    ClockSetup,
    Distribution,
    DistributionLike,
    clock_setup,
    distribution,
)

__all__ = [
    "BayesianAuctionResult",
    "BayesianComparison",
    "Distribution",
    "LoneBidderResult",
    "compare_bayesian",
    "distribution",
    "solve_bayesian_auction",
    "solve_lone_bidder",
]


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
    selection: Selection
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
            "selection": self.selection.value,
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


def _level_dists(setup: ClockSetup, limits: Sequence[Sequence[int]]) -> list[np.ndarray]:
    out = []
    for i, dist in enumerate(setup.worths):
        p = np.zeros(setup.levels)
        np.add.at(p, np.asarray(limits[i], dtype=int), [prob for _, prob in dist])
        out.append(p)
    return out


def _others_max(setup: ClockSetup, dists: list[np.ndarray], i: int) -> np.ndarray:
    """``M[B, m]``: probability that the others' highest drop-out level is B, held by m of them.

    Built bidder by bidder: with the others so far at ``M``, bidder ``j`` at level ``l`` either
    stays below the top (``l < B``), joins it (``l == B``: one more at the top) or makes a new top
    alone (``l > B``).
    """
    n = len(dists)
    table = np.zeros((setup.levels, n + 1))
    table[0, 0] = 1.0
    for j, p in enumerate(dists):
        if j == i:
            continue
        below = np.concatenate(([0.0], np.cumsum(p)[:-1]))  # P(l < B)
        lower_top = np.concatenate(([0.0], np.cumsum(table.sum(axis=1))[:-1]))  # P(top < B)
        new = table * below[:, None]
        new[:, 1:] += table[:, :-1] * p[:, None]
        new[:, 1] += lower_top * p
        table = new
    return table


def _payoff_table(setup: ClockSetup, i: int, others: np.ndarray) -> np.ndarray:
    """``E[t, b]``: bidder i's expected payoff with type t and drop-out level b.

    With drop-out level ``b >= 1`` he wins at the opening level 1 when the others never bid, at
    level ``k`` when their highest drop-out level is ``k < b``, and at ``b`` with probability
    ``1/(m+1)`` when ``m`` others are tied with him there.
    """
    p_max = others.sum(axis=1)
    tie_win = (others / (np.arange(others.shape[1]) + 1.0)[None, :]).sum(axis=1)
    v = setup.values[i]
    below = np.cumsum(v * p_max[None, :], axis=1)  # sum over k <= b of v[t, k] p_max[k]
    table = np.zeros_like(v)
    table[:, 1:] = v[:, 1:2] * p_max[0] + below[:, :-1] + v[:, 1:] * tie_win[None, 1:]
    return table


def _win_row(others: np.ndarray, b: int) -> np.ndarray:
    """The probability of winning at each price level with drop-out level ``b``."""
    row = np.zeros(others.shape[0])
    if b == 0:
        return row
    p_max = others.sum(axis=1)
    row[1:b] = p_max[1:b]
    row[1] += p_max[0]
    row[b] += (others[b] / (np.arange(others.shape[1]) + 1.0)).sum()
    return row


def _best_levels(
    setup: ClockSetup, i: int, table: np.ndarray, current: Sequence[int], rule: Selection
) -> tuple[int, ...]:
    """Each type's best drop-out level: the current one if it is still best; else, undominated,
    the highest best level at which winning does not lose him money (if any), otherwise the
    lowest best level."""
    top = setup.tops[i]
    chosen = []
    for t, row in enumerate(table):
        allowed = row[: top + 1]
        good = allowed >= allowed.max() - setup.keep
        cur = current[t]
        if cur <= top and good[cur]:
            chosen.append(cur)
        else:
            safe = np.flatnonzero(good & (setup.values[i][t, : top + 1] >= 0))
            if rule is Selection.UNDOMINATED and safe.size:
                chosen.append(int(safe[-1]))
            else:
                chosen.append(int(np.flatnonzero(good)[0]))
    return tuple(chosen)


def _start(setup: ClockSetup, rule: Selection) -> list[tuple[int, ...]]:
    """Each type's first drop-out level: the highest at which winning does not lose (undominated)
    or strictly gains (pass on ties); 0 if none."""
    start = []
    for i in range(len(setup.worths)):
        v = setup.values[i][:, : setup.tops[i] + 1]
        ok = v >= 0 if rule is Selection.UNDOMINATED else v > 0
        ok[:, 0] = True
        start.append(tuple(int(np.flatnonzero(row)[-1]) for row in ok))
    return start


def _regrets(setup: ClockSetup, limits: Sequence[Sequence[int]]) -> tuple[float, float]:
    """(exploitability: expected best-response gain summed over players, largest single regret).

    The bidders: every type against every drop-out price he can pay. The auctioneer: his rule
    (preempt iff strictly better) is checked by recomputing, type by type, the probability that he
    preempts each bidder at each price and comparing it with the one the bidders' payoffs use.
    """
    dists = _level_dists(setup, limits)
    total_gain = 0.0
    worst = 0.0
    for i in range(len(setup.worths)):
        table = _payoff_table(setup, i, _others_max(setup, dists, i))
        for t, (_, prob) in enumerate(setup.worths[i]):
            gain = table[t, : setup.tops[i] + 1].max() - table[t, limits[i][t]]
            total_gain += prob * float(gain)
            worst = max(worst, float(gain))
    if setup.preemption:
        a_values = np.array([w for w, _ in setup.a_worth], dtype=float)
        a_probs = np.array([p for _, p in setup.a_worth])
        for i in range(len(setup.worths)):
            payable = ~(np.isnan(setup.cost[i]) | np.isnan(setup.a_cost))
            payable[0] = False
            keep = a_values[:, None] - setup.a_cost[None, :]  # preempting: W - T_A(p)
            prefers = (keep > setup.cost[i][None, :]) & payable[None, :]
            error = float(np.abs(a_probs @ prefers - setup.q[i]).max())
            worst = max(worst, error * setup.scale)
    return total_gain, worst


def _outcomes(setup: ClockSetup, limits: Sequence[Sequence[int]]) -> np.ndarray:
    """``P[i, k]``: probability that bidder i wins at price level k."""
    dists = _level_dists(setup, limits)
    out = np.zeros((len(setup.worths), setup.levels))
    for i in range(len(setup.worths)):
        others = _others_max(setup, dists, i)
        for (_, prob), b in zip(setup.worths[i], limits[i], strict=True):
            out[i] += prob * _win_row(others, b)
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
    selection: str | Selection = Selection.UNDOMINATED,
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
    selection
        ``"undominated"`` (bid your worth when indifferent) or ``"pass-on-ties"``.
    max_rounds
        Rounds of best responses before giving up with :class:`SolverError`.
    """
    rule = Selection.parse(selection)
    setup = clock_setup(
        bidder_worths, auctioneer_worth, step, money, auctioneer_money, preemption, edition
    )
    limits = _start(setup, rule)
    rounds = 0
    while True:
        rounds += 1
        changed = False
        for i in range(len(limits)):
            others = _others_max(setup, _level_dists(setup, limits), i)
            new = _best_levels(setup, i, _payoff_table(setup, i, others), limits[i], rule)
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
    if worst > setup.tolerance:
        raise SolverError(f"equilibrium check failed: a type gains {worst!r} by deviating")
    return _result(setup, rule, limits, rounds, exploitability, worst)


def _result(
    setup: ClockSetup,
    rule: Selection,
    limits: list[tuple[int, ...]],
    rounds: int,
    exploitability: float,
    worst: float,
) -> BayesianAuctionResult:
    outcome = _outcomes(setup, limits)
    levels = np.arange(setup.levels)
    sale = float(outcome.sum())
    a_vals = np.array([w for w, _ in setup.a_worth], dtype=float)
    a_probs = np.array([p for _, p in setup.a_worth])
    pre = float((outcome * setup.q).sum())
    price = float((outcome * levels[None, :]).sum() * setup.step)
    cost = np.nan_to_num(setup.cost)
    a_cost = np.nan_to_num(setup.a_cost)
    transfer = float((outcome * ((1 - setup.q) * cost - setup.q * a_cost[None, :])).sum())
    a_payoff = (1 - sale) * float(a_vals @ a_probs)
    for i in range(len(setup.worths)):
        keep = a_vals[:, None] - a_cost[None, :]  # his payoff from preempting at each level
        preempts = keep > cost[i][None, :]
        if not setup.preemption:
            preempts[:] = False
        preempts[:, np.isnan(setup.a_cost)] = False
        mine = np.where(preempts, keep, cost[i][None, :])  # (auctioneer types, levels)
        a_payoff += float(outcome[i] @ (a_probs @ mine))
    bidder_payoffs = []
    dists = _level_dists(setup, limits)
    for i in range(len(setup.worths)):
        table = _payoff_table(setup, i, _others_max(setup, dists, i))
        bidder_payoffs.append(
            float(sum(prob * table[t, limits[i][t]] for t, (_, prob) in enumerate(setup.worths[i])))
        )
    thresholds = tuple(
        tuple(None if math.isnan(x) else int(x) for x in (setup.a_cost + setup.cost[i]).tolist())
        for i in range(len(setup.worths))
    )
    method = (
        "best-response iteration on drop-out prices in the clock auction with unobserved exits; "
        "exact expected payoffs; the auctioneer preempts iff his worth exceeds "
        f"T_A(p) + T_i(p) (ties sell); selection {rule.value!r}"
    )
    return BayesianAuctionResult(
        bidder_worths=setup.worths,
        auctioneer_worth=setup.a_worth,
        purses=setup.purses,
        auctioneer_purse=setup.a_purse,
        step=setup.step,
        preemption=setup.preemption,
        edition=setup.edition,
        selection=rule,
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
            f"exploitability {exploitability:.3g} (max regret {worst:.3g}) "
            f"<= {setup.tolerance:.3g}"
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
    setup = clock_setup(
        [bidder_worth], auctioneer_worth, step, [money], auctioneer_money, preemption, edition
    )
    v = setup.values[0]
    top = setup.tops[0]
    bids = []
    regret = 0.0
    for t in range(v.shape[0]):
        row = v[t, : top + 1]
        best = int(np.nonzero(row >= row.max() - setup.keep)[0][0])
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
