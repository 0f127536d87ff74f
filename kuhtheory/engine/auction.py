"""Auctions: open outcry bidding turn by turn, the hammer, preemption or buy-back, payment.

K-AUC-1..4, K-PAY-1, K-PAY-2, K-DONK-1; the model is described in :mod:`kuhtheory.engine.rules`.
Each rule takes the state and its action and returns the next state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kuhtheory.cards import Animal, Counts, add, cards_of, contains, counts_of, subtract, total
from kuhtheory.editions import Preemption
from kuhtheory.engine import events as ev
from kuhtheory.engine.actions import Auction, Bid, BuyBack, Pass, Pay, Preempt, Sell
from kuhtheory.engine.flow import (
    donkey_payout,
    end_turn,
    give_all,
    money_in_play,
    move_money,
    seats_after,
)
from kuhtheory.engine.phases import BIDDING, BUY_BACK, HAMMER, PAYMENT, RunningAuction
from kuhtheory.errors import IllegalActionError

if TYPE_CHECKING:
    from kuhtheory.engine.state import GameState


# ----- the bidding -------------------------------------------------------------------------------


def lowest_bid(n: GameState) -> int:
    """The least bid allowed now: the first at least ``min_raise``, each next one above the high
    bid by at least ``min_raise`` (K-AUC-1)."""
    raise_by = n._edition.min_raise
    return raise_by if n._high_bidder is None else n._high_bid + raise_by


def next_bidder(n: GameState, after: int) -> int | None:
    """The next seat after ``after`` who may still bid, or None: the auction is hammered (K-AUC-2).

    Skipped: the auctioneer (K-AUC-1), the high bidder, who passed since the last bid, who has
    bid already with 'no kidding', and who has shown less money than the least bid (K-PAY-2).
    """
    auction = n._auction
    assert auction is not None
    least = lowest_bid(n)
    one_bid = n._edition.one_bid_per_auction
    for p in seats_after(after, n._players):
        if p == auction.auctioneer or p == n._high_bidder or p in n._passed:
            continue
        if one_bid and p in n._has_bid:
            continue
        cap = auction.caps[p]
        if cap is not None and cap < least:
            continue
        return p
    return None


def open_bidding(n: GameState, animals: tuple[Animal, ...], caps: tuple[int | None, ...]) -> None:
    """The active player auctions ``animals``; the bidders' ``caps`` are the money they showed
    (K-PAY-2, None: none shown). Nobody able to bid: the auctioneer takes the lot (K-AUC-3)."""
    everything = money_in_play(n)
    top_bids = tuple([everything if cap is None else cap for cap in caps])
    n._auction = RunningAuction(animals, n._active, caps, top_bids)
    n._high_bid = 0
    n._high_bidder = None
    n._passed = frozenset()
    n._has_bid = frozenset()
    first = next_bidder(n, n._active)
    if first is None:
        take_free(n)
        return
    n._phase = BIDDING
    n._current = first


def take_free(n: GameState) -> None:
    """K-AUC-3: no bid, the auctioneer takes the animal(s) for free."""
    auction = n._auction
    assert auction is not None
    n.record(ev.TakenFree, auction.auctioneer, auction.animals)
    give_all(n, auction.auctioneer, auction.animals)
    end_turn(n)


def next_or_hammer(n: GameState, p: int) -> None:
    """After ``p`` bid or passed: the next bidder's move, or the hammer (K-AUC-2)."""
    nxt = next_bidder(n, p)
    if nxt is not None:
        n._current = nxt
        return
    auction = n._auction
    assert auction is not None
    if n._high_bidder is None:
        take_free(n)
        return
    n.record(ev.Hammered, auction.auctioneer, n._high_bidder, n._high_bid)
    if (
        n._edition.preemption is Preemption.PAY_BID
        and total(n._money[auction.auctioneer]) >= n._high_bid
    ):
        n._phase = HAMMER
        n._current = auction.auctioneer
        return
    bidder_pays(n)


def bidder_pays(n: GameState) -> None:
    """The high bidder must pay; if he cannot, K-PAY-2 (show money, run the auction again)."""
    auction = n._auction
    bidder = n._high_bidder
    assert auction is not None and bidder is not None
    hand = n._money[bidder]
    if total(hand) < n._high_bid:
        shown = list(n._shown)
        shown[bidder] = cards_of(hand)
        n._shown = tuple(shown)
        n.record(ev.Insolvent, bidder, n._high_bid, cards_of(hand))
        caps = list(auction.caps)
        caps[bidder] = total(hand)
        open_bidding(n, auction.animals, tuple(caps))
        return
    n._auction = auction._replace(payer=bidder, payee=auction.auctioneer)
    n._phase = PAYMENT
    n._current = bidder


def complete_sale(n: GameState, paid: Counts) -> None:
    """The high bidder paid ``paid`` and takes the lot."""
    auction = n._auction
    bidder = n._high_bidder
    assert auction is not None and bidder is not None
    n.record(ev.Sold, bidder, auction.auctioneer, auction.animals, n._high_bid, sum(paid))
    give_all(n, bidder, auction.animals)
    end_turn(n)


# ----- the rules ---------------------------------------------------------------------------------


def auction(s: GameState, a: Auction) -> GameState:
    """The active player turns up the top card(s) and auctions them (K-AUC-1, K-DONK-1)."""
    if s._deck_pos >= len(s._deck):
        raise IllegalActionError(f"{a!r}: the animal deck is empty, trade instead (K-END-1)")
    n = s._copy()
    animals = n._deck[n._deck_pos : n._deck_pos + n._edition.animals_per_auction]
    n._deck_pos += len(animals)
    n._must_auction = False
    n.record(ev.AuctionOpened, n._active, animals)
    for animal in animals:
        if animal is Animal.DONKEY:  # K-DONK-1: pay out before the auction
            donkey_payout(n)
    open_bidding(n, animals, (None,) * n._players)
    return n


def bid(s: GameState, a: Bid) -> GameState:
    """A bid above the last one (K-AUC-1), within the money the bidder showed (K-PAY-2)."""
    auction = s._auction
    assert auction is not None
    least = lowest_bid(s)
    if a.amount < least:
        if s._high_bidder is None:
            raise IllegalActionError(f"{a!r}: the first bid must be at least {least} (K-AUC-1)")
        raise_by = s._edition.min_raise
        more = f" by at least {raise_by}" if raise_by > 1 else ""
        raise IllegalActionError(f"{a!r} must exceed the current bid {s._high_bid}{more} (K-AUC-1)")
    cap = auction.caps[a.player]
    if cap is not None and a.amount > cap:
        raise IllegalActionError(
            f"{a!r}: P{a.player} has shown {cap} in money and may not bid more (K-PAY-2)"
        )
    n = s._copy()
    n._high_bid = a.amount
    n._high_bidder = a.player
    n._passed = frozenset()
    if a.player not in s._has_bid:
        n._has_bid = s._has_bid | {a.player}
    next_or_hammer(n, a.player)
    return n


def pass_bid(s: GameState, a: Pass) -> GameState:
    """The bidder does not raise this time round (K-AUC-2)."""
    n = s._copy()
    n._passed = s._passed | {a.player}
    next_or_hammer(n, a.player)
    return n


def sell_at_hammer(s: GameState, a: Sell) -> GameState:
    """The auctioneer lets the high bidder have the lot (K-AUC-4)."""
    n = s._copy()
    bidder_pays(n)
    return n


def preempt(s: GameState, a: Preempt) -> GameState:
    """The auctioneer keeps the lot by paying the high bid to the high bidder (K-AUC-4)."""
    auction = s._auction
    assert auction is not None
    if total(s._money[auction.auctioneer]) < s._high_bid:
        raise IllegalActionError(
            f"{a!r}: an auctioneer whose money does not reach the bid {s._high_bid} cannot "
            "preempt (K-AUC-4, K-PAY-1)"
        )
    n = s._copy()
    n._auction = auction._replace(payer=auction.auctioneer, payee=s._high_bidder, preempt=True)
    n._phase = PAYMENT
    n._current = auction.auctioneer
    return n


def pay(s: GameState, a: Pay) -> GameState:
    """The payer hands over cards totalling at least the amount; no change (K-PAY-1)."""
    auction = s._auction
    assert auction is not None and auction.payee is not None
    counts = counts_of(a.cards)
    if not contains(s._money[a.player], counts):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{a.player}'s hand (K-PAY-1)")
    if total(counts) < s._high_bid:
        raise IllegalActionError(
            f"{a!r} pays {total(counts)}, less than the {s._high_bid} due; no change is given, "
            "so the cards must total at least the amount (K-PAY-1)"
        )
    n = s._copy()
    move_money(n, a.player, auction.payee, counts)
    if auction.preempt:
        n.record(
            ev.Preempted,
            auction.auctioneer,
            n._high_bidder,
            auction.animals,
            n._high_bid,
            sum(counts),
        )
        give_all(n, auction.auctioneer, auction.animals)
        end_turn(n)
        return n
    if n._edition.preemption is Preemption.BUY_BACK:
        # bluff: the auctioneer may return these very cards and pay the bid again from the rest.
        rest = subtract(n._money[auction.auctioneer], counts)
        if total(rest) >= n._high_bid:
            n._auction = auction._replace(payer=None, payee=None, paid=counts)
            n._phase = BUY_BACK
            n._current = auction.auctioneer
            return n
    complete_sale(n, counts)
    return n


def buy_back(s: GameState, a: BuyBack) -> GameState:
    """bluff: the auctioneer returns the bidder's cards and pays the bid again (K-AUC-4)."""
    auction = s._auction
    bidder = s._high_bidder
    assert auction is not None and auction.paid is not None and bidder is not None
    counts = counts_of(a.cards)
    rest = subtract(s._money[a.player], auction.paid)
    if not contains(rest, counts):
        raise IllegalActionError(
            f"{a!r}: those cards are not all in P{a.player}'s hand besides the "
            f"{cards_of(auction.paid)!r} he returns (K-AUC-4)"
        )
    if total(counts) < s._high_bid:
        raise IllegalActionError(
            f"{a!r} pays {total(counts)}, less than the bid {s._high_bid}; no change is given "
            "(K-AUC-4, K-PAY-1)"
        )
    n = s._copy()
    move_money(n, a.player, bidder, add(auction.paid, counts))
    n.record(ev.BoughtBack, a.player, bidder, auction.animals, n._high_bid, sum(counts))
    give_all(n, a.player, auction.animals)
    end_turn(n)
    return n


def let_sale_stand(s: GameState, a: Sell) -> GameState:
    """bluff: the auctioneer gives up the buy-back; the bidder keeps the lot (K-AUC-4)."""
    auction = s._auction
    assert auction is not None and auction.paid is not None
    n = s._copy()
    complete_sale(n, auction.paid)
    return n
