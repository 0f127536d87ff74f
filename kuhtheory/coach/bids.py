"""Bids measured in a model of the auction: the clock auction with the auctioneer's right.

This is a **model**, not the game. At the table bidders take turns and may jump; here the auction
is the English clock auction of :mod:`kuhtheory.solvers.bayesian` with every worth known (one type
per bidder): the price rises by 10, each bidder stays in up to his drop-out price, the highest
drop-out price wins at the second highest, and the auctioneer then sells or preempts (K-AUC-4,
K-PAY-1). Its equilibrium (best-response iteration, verified by exploitability, the undominated
selection) gives each bidder a drop-out price: his limit. With the right a bidder may stay in
above his own worth, to a price the auctioneer will pay him to take the lot back.

* worths: the worth model's (:mod:`.worth`) worth of the lot to each bidder and to the auctioneer;
  with the default model they come from public facts (families, money in play);
* purses: the bidder's own money cards; the others' as he takes them (:mod:`.hands`); the money
  a bidder had to show (K-PAY-2) as shown;
* the position: the high bid, and the bidders still in: those who have not passed since the last
  bid (at the table a bidder who passed may bid again after a new bid; in the model he is out).

The others still in keep to their equilibrium limits (the high bidder at least to his standing
bid); the bidder to move best-responds (:class:`Clock`). Winning, he pays the others' highest
limit, or his own bid if higher, so the recommendation is: pass, or bid the next ten (he will win
at their limit), or jump straight to a higher price when being hammered there pays him more (the
auctioneer preempting and paying him, K-AUC-4). The loss is his best payoff minus his payoff after
the move taken, playing his best from there: a pass gets 0; a bid of ``x`` commits him to paying
at least ``x`` if nobody outbids him, while a bid the others will top costs nothing (he may drop
out later). So raising by ten in a race he should stay in loses nothing; passing too early, or
bidding past the price worth paying, does. A bid above the bidder's own money is not measured
(K-PAY-2: the auction would run again). Auctions with one bid per bidder (2025 "no kidding") fit
no model here and are left out.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass

from kuhtheory.cards import total
from kuhtheory.coach.point import DecisionPoint, Skipped, action_text
from kuhtheory.coach.verdict import Advice, Certainty, Kind, Verdict
from kuhtheory.editions import Edition
from kuhtheory.engine import Phase
from kuhtheory.engine.actions import Action, Bid
from kuhtheory.errors import KuhtheoryError
from kuhtheory.solvers.bayesian import solve_bayesian_auction
from kuhtheory.solvers.preemption import Purse, outcome_payoffs, prefers_preempt

__all__ = ["STEP", "BidAssessment", "bid_assessment"]

#: The clock's step (money comes in tens).
STEP = 10

MODEL = (
    "a model of the auction, not the game: English clock auction with the auctioneer's right, "
    "every worth and purse known, bids in tens, a pass is final; equilibrium drop-out prices "
    "(kuhtheory.solvers.bayesian, one type per player)"
)


@functools.lru_cache(maxsize=512)
def _limits(
    values: tuple[int, ...],
    purses: tuple[Purse, ...],
    auctioneer_value: int,
    auctioneer_purse: Purse,
    edition: Edition,
) -> tuple[int, ...]:
    """Each bidder's equilibrium drop-out price (money) in the clock auction."""
    result = solve_bayesian_auction(
        [[v] for v in values],
        [auctioneer_value],
        step=STEP,
        money=list(purses),
        auctioneer_money=auctioneer_purse,
        edition=edition,
    )
    return tuple(limit[0] for limit in result.limits)


@functools.lru_cache(maxsize=1024)
def _hammers(
    purse: Purse, worth: int, auctioneer_purse: Purse, auctioneer_value: int, money: int
) -> tuple[float | None, ...]:
    """The bidder's payoff hammered high at each price level (index: price / STEP) up to his
    money: sold, he pays his cheapest payment and takes the lot; preempted (K-AUC-4), he is paid
    the auctioneer's cheapest payment. None where he cannot pay (K-PAY-2)."""
    table: list[float | None] = [None]
    for level in range(1, money // STEP + 1):
        sell, keep = outcome_payoffs(auctioneer_purse, purse, level * STEP, auctioneer_value, worth)
        if sell is None:
            table.append(None)
        elif keep is not None and prefers_preempt(sell, keep):
            table.append(float(keep.bidder))
        else:
            table.append(float(sell.bidder))
    return tuple(table)


@dataclass(frozen=True)
class Clock:
    """The clock from the current position, seen by the bidder to move (the mover): the others
    still in keep to their equilibrium limits (the high bidder to at least his standing bid);
    the mover best-responds.

    Winning, he pays the highest of the others' limits (the second highest drop-out price), or
    his own bid if that is higher; so once he stays in past the others' limits he can win at any
    price from theirs up, and bidding ten more while they are still above him costs nothing (he
    can still drop out when outbid). Prices are payable only up to his money (K-PAY-2)."""

    #: the limit (money) of every other bidder still in
    others: Mapping[int, int]
    high_bid: int
    money: int
    worth: int
    purse: Purse
    auctioneer_value: int
    auctioneer_purse: Purse

    @property
    def rivals(self) -> int:
        """The highest limit of the others still in (0: nobody)."""
        return max(self.others.values(), default=0)

    def hammer(self, price: int) -> float | None:
        """The mover's payoff when hammered high at ``price`` (sold, or preempted and paid);
        None when he cannot pay it."""
        table = _hammers(
            self.purse, self.worth, self.auctioneer_purse, self.auctioneer_value, self.money
        )
        level = price // STEP
        return table[level] if 0 < level < len(table) else None

    def best_win(self, lowest: int) -> tuple[float, int] | None:
        """The best payoff of winning at a price from ``lowest`` up, and that price."""
        table = _hammers(
            self.purse, self.worth, self.auctioneer_purse, self.auctioneer_value, self.money
        )
        found = None
        for level in range(max(lowest // STEP, 1), len(table)):
            gain = table[level]
            if gain is not None and (found is None or gain > found[0]):
                found = (gain, level * STEP)
        return found

    def after_bid(self, bid: int) -> float:
        """The mover's payoff after bidding ``bid`` and then playing his best."""
        if bid > self.rivals:
            return self.hammer(bid) or 0.0  # nobody outbids him
        win = self.best_win(self.rivals)
        return max(0.0, win[0] if win else 0.0)

    def best(self) -> tuple[float, int | None, int | None]:
        """``(payoff, bid, price)`` of his best move: pass (bid None, payoff 0), or the bid that
        reaches the best price (the next ten when he wins at the others' limit)."""
        lowest = self.high_bid + STEP
        win = self.best_win(max(lowest, self.rivals))
        if win is None or win[0] <= 0:
            return 0.0, None, None
        gain, price = win
        return gain, (lowest if price <= max(lowest, self.rivals) else price), price


@dataclass(frozen=True)
class BidAssessment:
    """A bidder's move against his best response in the clock model."""

    advice: Advice
    clock: Clock

    def judge(self, action: Action) -> Verdict:
        if isinstance(action, Bid):
            amount = action.amount
            if amount > self.clock.money:
                note = "not measured: a bid above his money makes the auction run again (K-PAY-2)"
                return Verdict.of(self.advice, action_text(action), None, (note,))
            bid = math.ceil(amount / STEP) * STEP  # money in tens: it costs as much
            got = self.clock.after_bid(bid)
        else:  # a pass
            got = 0.0
        best = self.advice.value if self.advice.value is not None else 0.0
        return Verdict.of(self.advice, action_text(action), best - got)


def bid_assessment(point: DecisionPoint) -> BidAssessment | Skipped | None:
    """The bidder's decision at ``point`` in the clock model, or None (no bidding, or an auction
    with one bid per bidder, which no model here fits)."""
    state = point.state
    auction = state.auction
    if state.phase is not Phase.BIDDING or auction is None or state.edition.one_bid_per_auction:
        return None
    start = time.perf_counter()
    order = [(auction.auctioneer + k) % state.players for k in range(1, state.players)]
    worth = point.settings.worth
    values = tuple(worth.worth(point.obs, auction.animals, p) for p in order)
    a_value = worth.worth(point.obs, auction.animals, auction.auctioneer)
    exact = True
    notes: list[str] = []
    purses: list[Purse] = []
    for p in order:
        guess = point.hand(p)
        purse = Purse.of(guess.cards)
        if auction.caps[p] is not None:  # he had to show his money (K-PAY-2)
            purse = Purse.of(state.shown_money[p] or ())
        else:
            exact &= guess.exact
        if p == auction.high_bidder and (purse.limit or 0) < auction.high_bid:
            purse = Purse(budget=auction.high_bid)
            notes.append(
                f"P{p}'s believed hand cannot pay his bid {auction.high_bid}: taken as a budget"
            )
        purses.append(purse)
    a_guess = point.hand(auction.auctioneer)
    a_purse = Purse.of(a_guess.cards)
    exact &= a_guess.exact
    lot = " + ".join(a.label for a in auction.animals)
    high = (
        "no bid yet"
        if auction.high_bidder is None
        else f"P{auction.high_bidder} high at {auction.high_bid}"
    )
    situation = (
        f"P{point.seat} bids for {lot} (auctioneer P{auction.auctioneer}; {high}); worths "
        + ", ".join(f"P{p} {v}" for p, v in zip(order, values, strict=True))
        + f", P{auction.auctioneer} {a_value}"
    )
    certainty = Certainty.EXACT if exact else Certainty.BELIEF
    try:
        limits = _limits(values, tuple(purses), a_value, a_purse, state.edition)
    except KuhtheoryError as exc:  # beyond the solver's limits, or no equilibrium found
        return Skipped(
            point.advice(
                Kind.BID,
                "not solved",
                model=MODEL,
                certainty=certainty,
                situation=situation,
                notes=(f"skipped: {exc}",),
            )
        )
    mover = order.index(point.seat)
    high_bid = auction.high_bid if auction.high_bidder is not None else 0
    others = {
        i: max(limits[i], high_bid if p == auction.high_bidder else 0)
        for i, p in enumerate(order)
        if i != mover and p not in auction.passed
    }
    clock = Clock(
        others,
        high_bid,
        total(state.money_counts(point.seat)),
        values[mover],
        purses[mover],
        a_value,
        a_purse,
    )
    best, bid, price = clock.best()
    if bid is None or price is None:
        recommendation = "pass"
    else:
        outcome = _outcome_text(clock, price, point.seat, auction.auctioneer)
        recommendation = f"bid {bid} (the model: {outcome})"
    limit_text = ", ".join(f"P{order[i]} {lim}" for i, lim in sorted(others.items()))
    situation += f"; the others' limits: {limit_text or 'nobody left in'}"
    advice = point.advice(
        Kind.BID,
        recommendation,
        model=MODEL,
        refinement="undominated selection (ties: the highest of equally good drop-out prices)",
        certainty=certainty,
        situation=situation,
        notes=tuple(notes),
        value=best,
        seconds=time.perf_counter() - start,
    )
    return BidAssessment(advice, clock)


def _outcome_text(clock: Clock, price: int, seat: int, auctioneer: int) -> str:
    """What the model expects at ``price``: the auctioneer preempts and pays the bidder (his
    cheapest payment, perhaps more than the price: K-PAY-1), or the bidder buys."""
    sell, keep = outcome_payoffs(
        clock.auctioneer_purse, clock.purse, price, clock.auctioneer_value, clock.worth
    )
    if sell is not None and keep is not None and prefers_preempt(sell, keep):
        return f"P{auctioneer} preempts at {price}, paying P{seat} {keep.bidder}"
    return f"P{seat} buys at {price}"
