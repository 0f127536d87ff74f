"""The phases of a turn and what runs in them: the auction and the trade, as records and as views.

A leaf module: the state (:mod:`kuhtheory.engine.state`), the rules and the observations all
import it, and it imports nothing of the engine. It holds

* :class:`Phase`, who is asked for what (the flow is in :mod:`kuhtheory.engine.rules`);
* :class:`RunningAuction` and :class:`RunningTrade`, the engine's records of the auction or trade
  under way (immutable; a rule that changes one makes a new one);
* :class:`AuctionView` and :class:`TradeView`, what a player (or god) sees of them.

>>> Phase.BIDDING.value
'bidding'
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from kuhtheory.cards import Animal, Counts


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

    # Members are singletons, so equality is identity: hash them by identity too (Enum's own
    # __hash__ hashes the name in Python, and phases key the rules' tables at every move).
    __hash__ = object.__hash__


# The phases as module names too, as :mod:`re` exports its flags: the rules ask which phase it is
# at every move, and ``phase is BIDDING`` looks up a plain name where ``phase is Phase.BIDDING``
# looks the member up in the enum class (ten times dearer in CPython 3.11).
TURN = Phase.TURN
BIDDING = Phase.BIDDING
HAMMER = Phase.HAMMER
PAYMENT = Phase.PAYMENT
BUY_BACK = Phase.BUY_BACK
TRADE_RESPONSE = Phase.TRADE_RESPONSE
TRADE_REOFFER = Phase.TRADE_REOFFER
GAME_OVER = Phase.GAME_OVER


class RunningAuction(NamedTuple):
    """The auction under way, apart from its bidding (the state holds the high bid, the high
    bidder and who passed, which change at every bid).

    ``caps[p]`` is the money ``p`` had to show (K-PAY-2), None if he showed none; ``top_bids[p]``
    is the highest bid listed for ``p``: his cap, else all the money the players hold (nobody can
    pay more; it does not change while the bidding runs). Once the hammer falls, ``payer`` pays
    ``payee``; ``preempt`` says the auctioneer is paying to keep the lot; in bluff ``paid`` is what
    the bidder paid before the auctioneer decides on the buy-back.
    """

    animals: tuple[Animal, ...]
    auctioneer: int
    caps: tuple[int | None, ...]
    top_bids: tuple[int, ...]
    payer: int | None = None
    payee: int | None = None
    paid: Counts | None = None
    preempt: bool = False


class RunningTrade(NamedTuple):
    """The trade under way: A (``offerer``) challenges B (``opponent``) for ``stake`` cards of
    ``animal`` (K-TRD-4); ``offer`` is A's face-down pile, ``counter`` B's once laid; ``round`` is
    2 after a classic tie."""

    offerer: int
    opponent: int
    animal: Animal
    stake: int
    offer: Counts
    counter: Counts | None
    round: int


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
