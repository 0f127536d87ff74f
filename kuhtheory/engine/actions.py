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

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Union

from kuhtheory.cards import DENOMINATIONS, Animal, check_denomination
from kuhtheory.errors import InvalidActionError


def _check_player(action: object, player: object) -> None:
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise InvalidActionError(f"{type(action).__name__}: player {player!r} must be a seat 0, 1, ...")


def _check_cards(action: object, cards: object) -> tuple[int, ...]:
    if not isinstance(cards, (tuple, list)):
        raise InvalidActionError(
            f"{type(action).__name__}: cards {cards!r} must be a tuple of money card values"
        )
    for card in cards:
        # The exact-int test keeps out bools (False == 0) and the set test is one lookup: legal
        # actions are built on every move, so the common case must not call a function per card.
        if card.__class__ is not int or card not in _DENOMINATIONS:
            check_denomination(card, f"{type(action).__name__}: money card")
    return tuple(sorted(cards))


_DENOMINATIONS = frozenset(DENOMINATIONS)


@dataclass(frozen=True)
class _Action:
    player: int
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        _check_player(self, self.player)


@dataclass(frozen=True)
class Auction(_Action):
    """The active player turns up the top animal card(s) and auctions them (K-AUC-1)."""

    kind: ClassVar[str] = "auction"


@dataclass(frozen=True)
class Bid(_Action):
    """A bidder's open bid, strictly above the last one (K-AUC-1)."""

    amount: int = 0
    kind: ClassVar[str] = "bid"

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount <= 0:
            raise InvalidActionError(f"{self!r}: amount must be a positive whole number")


@dataclass(frozen=True)
class Pass(_Action):
    """A bidder does not raise this time round (K-AUC-2)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Sell(_Action):
    """The auctioneer lets the high bidder have the animal(s), or gives up the buy-back (K-AUC-4)."""

    kind: ClassVar[str] = "sell"


@dataclass(frozen=True)
class Preempt(_Action):
    """The auctioneer takes the animal(s) by paying the high bid to the high bidder (K-AUC-4)."""

    kind: ClassVar[str] = "preempt"


@dataclass(frozen=True)
class BuyBack(_Action):
    """bluff: the auctioneer returns the cards he was paid and pays the bid once more (``cards``)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "buy-back"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


@dataclass(frozen=True)
class Pay(_Action):
    """The payer hands over money cards totalling at least the amount due; no change (K-PAY-1)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "pay"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


@dataclass(frozen=True)
class Trade(_Action):
    """The active player challenges ``opponent`` for ``animal`` with a face-down offer (K-TRD-1)."""

    opponent: int = 0
    animal: Animal = Animal.ROOSTER
    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "trade"

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_player(self, self.opponent)
        if not isinstance(self.animal, Animal):
            object.__setattr__(self, "animal", Animal.parse(self.animal))
        object.__setattr__(self, "cards", _check_cards(self, self.cards))
        if self.opponent == self.player:
            raise InvalidActionError(f"{self!r}: a player cannot trade with himself (K-TRD-1)")


@dataclass(frozen=True)
class Offer(_Action):
    """classic, after a tie: the offerer lays a new face-down offer (may change it)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "offer"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


@dataclass(frozen=True)
class Accept(_Action):
    """The challenged player takes the offer and hands over the animal(s) (K-TRD-2)."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Counter(_Action):
    """The challenged player lays a face-down counter-offer (K-TRD-2, K-TRD-3)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "counter"

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "cards", _check_cards(self, self.cards))


Action = Union[Auction, Bid, Pass, Sell, Preempt, BuyBack, Pay, Trade, Offer, Accept, Counter]

ACTION_TYPES: dict[str, type[_Action]] = {
    cls.kind: cls
    for cls in (Auction, Bid, Pass, Sell, Preempt, BuyBack, Pay, Trade, Offer, Accept, Counter)
}


def _repr(self: _Action) -> str:
    parts = []
    for f in fields(self):
        value = getattr(self, f.name)
        parts.append(f"{f.name}={'Animal.' + value.name if isinstance(value, Animal) else repr(value)}")
    return f"{type(self).__name__}({', '.join(parts)})"


for _cls in ACTION_TYPES.values():
    setattr(_cls, "__repr__", _repr)  # noqa: B010  (one repr for every action class)


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "bid", "player": 2, "amount": 60}``."""
    out: dict[str, Any] = {"type": action.kind}
    for f in fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Animal):
            value = value.name.lower()
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def action_from_json(data: object) -> Action:
    """The action of :func:`action_to_json`; :class:`InvalidActionError` names what is wrong."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"action {data!r} must be a JSON object")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidActionError(
            f"action {data!r}: unknown type {kind!r}, expected one of {', '.join(ACTION_TYPES)}"
        )
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names - {"type"}
    missing = names - set(data)
    if unknown or missing:
        raise InvalidActionError(
            f"action {data!r}: "
            + (f"unknown fields {sorted(unknown)} " if unknown else "")
            + (f"missing fields {sorted(missing)}" if missing else "")
        )
    kwargs = {n: data[n] for n in names if n in data}
    if "cards" in kwargs:
        if not isinstance(kwargs["cards"], list):
            raise InvalidActionError(f"action {data!r}: cards must be a list of money card values")
        kwargs["cards"] = tuple(kwargs["cards"])
    try:
        return cls(**kwargs)  # type: ignore[return-value]
    except TypeError as exc:
        raise InvalidActionError(f"action {data!r}: {exc}") from None
