"""Auctions: open outcry bidding turn by turn, the hammer, preemption or buy-back, payment.

K-AUC-1..4, K-PAY-1, K-PAY-2, K-DONK-1; the model is described in :mod:`kuhtheory.engine.rules`.
"""

from __future__ import annotations

from typing import Final

from kuhtheory.cards import Animal, Counts
from kuhtheory.editions import Preemption
from kuhtheory.engine import events as ev
from kuhtheory.engine.actions import (
    Auction,
    Bid,
    BuyBack,
    Pass,
    Pay,
    Preempt,
    Sell,
)
from kuhtheory.engine.flow import (
    _DONKEY,
    _add,
    _cards,
    _donkey_payout,
    _end_turn,
    _event,
    _give_all,
    _move_money,
    _sub,
    _total,
    _within,
    money_in_play,
)
from kuhtheory.engine.legal import (
    cards_to_counts,
    counts_to_cards,
)
from kuhtheory.engine.state import (
    _BIDDING,
    _BUY_BACK,
    _HAMMER,
    _PAYMENT,
    GameState,
    open_auction,
)
from kuhtheory.errors import IllegalActionError

_PAY_BID: Final = Preemption.PAY_BID
_BUY_BACK_PREEMPTION: Final = Preemption.BUY_BACK

# ----- auctions ----------------------------------------------------------------------------------


def _next_bidder(n: GameState, after: int) -> int:
    """The next seat after ``after`` who may still bid, or -1: the auction is hammered (K-AUC-2)."""
    auc = n._auc
    assert auc is not None
    hbr = n._hbr
    skip = n._passed | auc.skip
    if hbr >= 0:
        skip |= 1 << hbr
        min_next = n._hb + auc.raise_by
    else:
        min_next = auc.raise_by
    if auc.one_bid:
        skip |= n._once
    caps = auc.caps
    for p in _SEATS_AFTER[n._players][after]:
        if skip >> p & 1:
            continue
        cap = caps[p]
        if 0 <= cap < min_next:
            continue
        return p
    return -1


#: ``_SEATS_AFTER[players][p]``: the other seats in bidding order, starting left of ``p``.
_SEATS_AFTER: Final = tuple(
    tuple(tuple((p + k) % players for k in range(1, players)) for p in range(players))
    for players in range(9)
)


def _open_bidding(n: GameState, animals: tuple[Animal, ...], caps: tuple[int, ...]) -> None:
    auctioneer = n._active
    n._auc = open_auction(animals, auctioneer, caps, n._edition, money_in_play(n))
    n._hb = 0
    n._hbr = -1
    n._passed = 0
    n._once = 0
    nxt = _next_bidder(n, auctioneer)
    if nxt < 0:
        _free(n)
        return
    n._phase = _BIDDING
    n._current = nxt


def _free(n: GameState) -> None:
    """K-AUC-3: no bid, the auctioneer takes the animal(s) for free."""
    auc = n._auc
    assert auc is not None
    _event(n, ev.TakenFree, auc.auctioneer, auc.animals)
    _give_all(n, auc.auctioneer, auc.animals)
    _end_turn(n)


def _hammer(n: GameState) -> None:
    """K-AUC-2: nobody raises any more."""
    auc = n._auc
    assert auc is not None
    if n._hbr < 0:
        _free(n)
        return
    _event(n, ev.Hammered, auc.auctioneer, n._hbr, n._hb)
    if n._edition.preemption is _PAY_BID and (_total(n._money[auc.auctioneer]) >= n._hb):
        n._phase = _HAMMER
        n._current = auc.auctioneer
        return
    _bidder_pays(n)


def _bidder_pays(n: GameState) -> None:
    """The high bidder must pay; if he cannot, K-PAY-2 (show money, run the auction again)."""
    auc = n._auc
    assert auc is not None
    b = n._hbr
    hand = n._money[b]
    if _total(hand) < n._hb:
        shown = counts_to_cards(hand)
        shown_list = list(n._shown)
        shown_list[b] = shown
        n._shown = tuple(shown_list)
        _event(n, ev.Insolvent, b, n._hb, shown)
        caps = list(auc.caps)
        caps[b] = _total(hand)
        _open_bidding(n, auc.animals, tuple(caps))
        return
    n._auc = auc.but(payer=b, payee=auc.auctioneer)
    n._phase = _PAYMENT
    n._current = b


def _complete_sale(n: GameState, paid: Counts) -> None:
    auc = n._auc
    assert auc is not None
    _event(n, ev.Sold, n._hbr, auc.auctioneer, auc.animals, n._hb, _cards(paid))
    _give_all(n, n._hbr, auc.animals)
    _end_turn(n)


def _do_auction(s: GameState, a: Auction) -> GameState:
    if s._pos >= len(s._deck):
        raise IllegalActionError(f"{a!r}: the animal deck is empty, trade instead (K-END-1)")
    n = s._copy()
    k = n._edition.animals_per_auction
    animals = n._deck[n._pos : n._pos + k]
    n._pos += len(animals)
    n._must_auction = False
    _event(n, ev.AuctionOpened, n._active, animals)
    for animal in animals:
        if animal is _DONKEY:  # K-DONK-1: pay out before the auction
            _donkey_payout(n)
    _open_bidding(n, animals, (-1,) * n._players)
    return n


def _do_bid(s: GameState, a: Bid) -> GameState:
    p = a.player
    amount = a.amount
    auc = s._auc
    assert auc is not None
    raise_by = auc.raise_by
    min_next = s._hb + raise_by if s._hbr >= 0 else raise_by
    if amount < min_next:
        if s._hbr < 0:
            raise IllegalActionError(f"{a!r}: the first bid must be at least {min_next} (K-AUC-1)")
        more = f" by at least {raise_by}" if raise_by > 1 else ""
        raise IllegalActionError(f"{a!r} must exceed the current bid {s._hb}{more} (K-AUC-1)")
    cap = auc.caps[p]
    if 0 <= cap < amount:
        raise IllegalActionError(
            f"{a!r}: P{p} has shown {cap} in money and may not bid more (K-PAY-2)"
        )
    n = s._copy()
    n._hb = amount
    n._hbr = p
    n._passed = 0
    n._once |= 1 << p
    _next_or_hammer(n, p)
    return n


def _do_pass(s: GameState, a: Pass) -> GameState:
    p = a.player
    n = s._copy()
    n._passed |= 1 << p
    _next_or_hammer(n, p)
    return n


def _next_or_hammer(n: GameState, p: int) -> None:
    """After ``p`` bid or passed: the next bidder's move, or the hammer (K-AUC-2)."""
    nxt = _next_bidder(n, p)
    if nxt >= 0:
        n._current = nxt
    else:
        _hammer(n)


def _do_hammer_sell(s: GameState, a: Sell) -> GameState:
    n = s._copy()
    _bidder_pays(n)
    return n


def _do_preempt(s: GameState, a: Preempt) -> GameState:
    auc = s._auc
    assert auc is not None
    if _total(s._money[auc.auctioneer]) < s._hb:
        raise IllegalActionError(
            f"{a!r}: an auctioneer whose money does not reach the bid {s._hb} cannot "
            "preempt (K-AUC-4, K-PAY-1)"
        )
    n = s._copy()
    n._auc = auc.but(payer=auc.auctioneer, payee=s._hbr, preempt=True)
    n._phase = _PAYMENT
    n._current = auc.auctioneer
    return n


def _do_pay(s: GameState, a: Pay) -> GameState:
    auc = s._auc
    assert auc is not None
    p = a.player
    counts = cards_to_counts(a.cards)
    hand = s._money[p]
    if not _within(hand, counts):
        raise IllegalActionError(f"{a!r}: those cards are not all in P{p}'s hand (K-PAY-1)")
    if _total(counts) < s._hb:
        raise IllegalActionError(
            f"{a!r} pays {_total(counts)}, less than the {s._hb} due; no change is given, "
            "so the cards must total at least the amount (K-PAY-1)"
        )
    n = s._copy()
    _move_money(n, p, auc.payee, counts)
    if auc.preempt:
        _event(n, ev.Preempted, auc.auctioneer, n._hbr, auc.animals, n._hb, _cards(counts))
        _give_all(n, auc.auctioneer, auc.animals)
        _end_turn(n)
        return n
    if n._edition.preemption is _BUY_BACK_PREEMPTION:
        rest = _sub(n._money[auc.auctioneer], counts)
        if _total(rest) >= n._hb:
            n._auc = auc.but(payer=-1, payee=-1, paid=counts)
            n._phase = _BUY_BACK
            n._current = auc.auctioneer
            return n
    _complete_sale(n, counts)
    return n


def _do_buyback(s: GameState, a: BuyBack) -> GameState:
    auc = s._auc
    assert auc is not None and auc.paid is not None
    p = a.player
    counts = cards_to_counts(a.cards)
    rest = _sub(s._money[p], auc.paid)
    if not _within(rest, counts):
        raise IllegalActionError(
            f"{a!r}: those cards are not all in P{p}'s hand besides the "
            f"{counts_to_cards(auc.paid)!r} he returns (K-AUC-4)"
        )
    if _total(counts) < s._hb:
        raise IllegalActionError(
            f"{a!r} pays {_total(counts)}, less than the bid {s._hb}; no change is given "
            "(K-AUC-4, K-PAY-1)"
        )
    n = s._copy()
    _move_money(n, p, n._hbr, _add(auc.paid, counts))
    _event(n, ev.BoughtBack, p, n._hbr, auc.animals, n._hb, _cards(counts))
    _give_all(n, p, auc.animals)
    _end_turn(n)
    return n


def _do_keep_sale(s: GameState, a: Sell) -> GameState:
    auc = s._auc
    assert auc is not None and auc.paid is not None
    n = s._copy()
    _complete_sale(n, auc.paid)
    return n
