"""The Kuhhandel actions: small frozen values whose ``repr`` rebuilds them.

Every action names the seat that takes it (``player``, 0-based). Money on an action is a sorted
tuple of card values, ``cards=(0, 10, 50)``; animals are :class:`~kuhtheory.cards.Animal` members.

Turn (K-TURN-1): the active player takes :class:`Auction` or :class:`Trade`.

Auction (K-AUC-1..4), modelled turn by turn: starting left of the auctioneer, each bidder in turn
either :class:`Bid` s (strictly above the last bid, K-AUC-1) or :class:`Pass` es; the auction is
hammered when every bidder has passed in a row since the last bid (K-AUC-2). Then the auctioneer
:class:`Sell` s or :class:`Preempt` s (K-AUC-4); whoever pays hands over cards with :class:`Pay`
(K-PAY-1). In the buy-back edition (bluff) the bidder pays first and the auctioneer may then
:class:`BuyBack` with the same cards plus a payment of the bid, or :class:`Sell`.

Trade (K-TRD-1..4): :class:`Trade` names the opponent and species and lays the face-down offer;
the opponent :class:`Accept` s or :class:`Counter` s; after a classic tie the offerer lays a new
:class:`Offer`.

>>> Bid(player=2, amount=60)
Bid(player=2, amount=60)
>>> action_from_json(action_to_json(Trade(0, 1, Animal.COW, (0, 10))))
Trade(player=0, opponent=1, animal=Animal.COW, cards=(0, 10))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from kuhtheory.action_base import BaseAction, action_repr, check_player, from_json, to_json
from kuhtheory.cards import DENOMINATIONS, Animal, check_denomination
from kuhtheory.errors import InvalidActionError
from kuhtheory.quoting import excerpt

#: The most cards a pile can hold: every money deck has at most 55 cards (K-PAY-1).
MAX_CARDS = 64
#: The largest amount a bid may name. No money deck holds more than 5,000: a bid above one's money,
#: even above all the money in play, is a legal bluff that K-PAY-2 punishes; this bound keeps
#: absurd amounts out of the engine, its messages and its records, and bounds every auction.
MAX_AMOUNT = 1_000_000


def _check_cards(action: object, cards: object) -> tuple[int, ...]:
    """``cards`` sorted, if they are money card values; else :class:`InvalidActionError`."""
    if not isinstance(cards, (tuple, list)):
        raise InvalidActionError(
            f"{type(action).__name__}: cards {excerpt(cards)} must be a tuple of money card values"
        )
    if len(cards) > MAX_CARDS:
        raise InvalidActionError(
            f"{type(action).__name__}: {len(cards)} cards {excerpt(cards)}: a pile holds at most "
            f"{MAX_CARDS} (no money deck has more)"
        )
    for card in cards:
        if type(card) is not int or card not in DENOMINATIONS:  # (a bool is not a card)
            check_denomination(card, f"{type(action).__name__}: money card")  # says why
    return tuple(sorted(cards))


@dataclass(frozen=True)
class Auction(BaseAction):
    """The active player turns up the top animal card(s) and auctions them (K-AUC-1)."""

    kind: ClassVar[str] = "auction"


@dataclass(frozen=True)
class Bid(BaseAction):
    """A bidder's open bid, strictly above the last one (K-AUC-1)."""

    amount: int = 0
    kind: ClassVar[str] = "bid"

    def __post_init__(self) -> None:
        check_player(self, self.player)
        amount = self.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_AMOUNT:
            raise InvalidActionError(
                f"{self!r}: amount must be a whole number from 1 to {MAX_AMOUNT} (K-AUC-1)"
            )


@dataclass(frozen=True)
class Pass(BaseAction):
    """A bidder does not raise this time round (K-AUC-2)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Sell(BaseAction):
    """The auctioneer lets the high bidder have the animal(s), or forgoes the buy-back (K-AUC-4)."""

    kind: ClassVar[str] = "sell"


@dataclass(frozen=True)
class Preempt(BaseAction):
    """The auctioneer takes the animal(s) by paying the high bid to the high bidder (K-AUC-4)."""

    kind: ClassVar[str] = "preempt"


@dataclass(frozen=True)
class BuyBack(BaseAction):
    """bluff: the auctioneer returns the cards he was paid and pays the bid again (``cards``)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "buy-back"

    def __post_init__(self) -> None:
        check_player(self, self.player)
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


@dataclass(frozen=True)
class Pay(BaseAction):
    """The payer hands over money cards totalling at least the amount due; no change (K-PAY-1)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "pay"

    def __post_init__(self) -> None:
        check_player(self, self.player)
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


@dataclass(frozen=True)
class Trade(BaseAction):
    """The active player challenges ``opponent`` for ``animal`` with a face-down offer (K-TRD-1)."""

    opponent: int = 0
    animal: Animal = Animal.ROOSTER
    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "trade"

    def __post_init__(self) -> None:
        check_player(self, self.player)
        check_player(self, self.opponent, "opponent")
        if not isinstance(self.animal, Animal):
            object.__setattr__(self, "animal", Animal.parse(self.animal))
        object.__setattr__(self, "cards", _check_cards(self, self.cards))
        if self.opponent == self.player:
            raise InvalidActionError(f"{self!r}: a player cannot trade with himself (K-TRD-1)")


@dataclass(frozen=True)
class Offer(BaseAction):
    """classic, after a tie: the offerer lays a new face-down offer (may change it)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "offer"

    def __post_init__(self) -> None:
        check_player(self, self.player)
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


@dataclass(frozen=True)
class Accept(BaseAction):
    """The challenged player takes the offer and hands over the animal(s) (K-TRD-2)."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Counter(BaseAction):
    """The challenged player lays a face-down counter-offer (K-TRD-2, K-TRD-3)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "counter"

    def __post_init__(self) -> None:
        check_player(self, self.player)
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


Action = Auction | Bid | Pass | Sell | Preempt | BuyBack | Pay | Trade | Offer | Accept | Counter

ACTION_TYPES: dict[str, type[BaseAction]] = {
    cls.kind: cls
    for cls in (Auction, Bid, Pass, Sell, Preempt, BuyBack, Pay, Trade, Offer, Accept, Counter)
}


for _cls in ACTION_TYPES.values():
    setattr(_cls, "__repr__", action_repr)  # noqa: B010  (one repr for every action class)


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "bid", "player": 2, "amount": 60}``."""
    return to_json(action, _encode)


def _encode(value: Any) -> Any:
    if isinstance(value, Animal):
        return value.name.lower()
    return list(value) if isinstance(value, tuple) else value


def action_from_json(data: object) -> Action:
    """The action of :func:`action_to_json`; :class:`InvalidActionError` names what is wrong."""
    action: Action = from_json(data, ACTION_TYPES, _decode)
    return action


def _decode(data: dict[str, Any], kwargs: dict[str, Any]) -> None:
    if "cards" in kwargs:
        if not isinstance(kwargs["cards"], list):
            raise InvalidActionError(f"action {data!r}: cards must be a list of money card values")
        kwargs["cards"] = tuple(kwargs["cards"])
