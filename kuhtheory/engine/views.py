"""What a position shows: the :class:`Phase` of a turn, the running auction and trade.

A leaf module: :mod:`kuhtheory.engine.state` imports it, and so do the rules and the
observations.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from kuhtheory.cards import Animal


class Phase(enum.Enum):
    """Who is asked for what (see :mod:`kuhtheory.engine.rules` for the flow)."""

    #: The active player auctions or starts a trade (K-TURN-1); after a trade with the double-move
    #: variant he must auction.
    TURN = "turn"
    #: A bidder bids or passes (K-AUC-1, K-AUC-2).
    BIDDING = "bidding"
    #: The auction is hammered; the auctioneer sells or preempts (K-AUC-4, pay-bid editions).
    HAMMER = "hammer"
    #: Someone hands over money cards for the high bid (K-PAY-1).
    PAYMENT = "payment"
    #: bluff: the bidder has paid; the auctioneer buys back or lets the sale stand (K-AUC-4).
    BUY_BACK = "buy-back"
    #: The challenged player accepts or counters (K-TRD-2).
    TRADE_RESPONSE = "trade-response"
    #: classic, after a tie: the offerer lays a new offer.
    TRADE_REOFFER = "trade-reoffer"
    #: Every family is complete (K-END-2).
    GAME_OVER = "game-over"

    # Identity hashing: phases key the rules' tables, and Enum's own __hash__ is slow.
    __hash__ = object.__hash__


class AuctionView(NamedTuple):
    """The running auction as seen by a player or by god.

    ``caps[p]`` is the money ``p`` showed (K-PAY-2) or None; ``has_bid`` lists who has bid in
    this auction (it matters with 'no kidding'); ``payer``/``payee``/``amount`` describe a
    payment being made; ``paid`` is the bidder's payment awaiting a buy-back decision (bluff),
    None for players who did not see it.
    """

    animals: tuple[Animal, ...]
    auctioneer: int
    high_bid: int
    high_bidder: int | None
    to_act: int | None
    passed: tuple[int, ...]
    caps: tuple[int | None, ...]
    has_bid: tuple[int, ...]
    payer: int | None
    payee: int | None
    amount: int | None
    paid: tuple[int, ...] | None
    paid_count: int | None


class TradeView(NamedTuple):
    """The running trade: offerer A, opponent B, the species and the stake (K-TRD-4).

    ``offer_count``/``counter_count`` are public (B sees how many cards were laid, K-TRD-1);
    ``offer``/``counter`` are the piles' cards, None where the viewer does not know them.
    """

    offerer: int
    opponent: int
    animal: Animal
    stake: int
    round: int
    offer_count: int
    counter_count: int | None
    offer: tuple[int, ...] | None
    counter: tuple[int, ...] | None
