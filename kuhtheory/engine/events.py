"""The public log of a game: what every player at the table sees happen, for narration.

Each event is a small frozen dataclass with a ``text()`` method. Events hold only public facts:
bids, prices, who won what, how many money cards changed hands, the money an insolvent bidder had
to show (K-PAY-2). They never hold hidden money: a trade's piles appear as card counts, a payment
as its price and card count (the payee learns the cards; the state's private views hold them).

The engine records events cheaply as ``(EventClass, args)`` pairs (:data:`RawEvent`) in the game's
:data:`LogEntry` chain and builds the objects only when someone reads them (:class:`EventLog`).
A bid or a pass is its own event: the log does not store it but derives it from the action
(:class:`EventLog`), since most moves of a game are bids and passes.

>>> DonkeyPayout(number=1, value=50, given=((0, (50,)), (1, (50,)))).text()
'Donkey 1 turned up: the bank pays 50 to every player (P0: 50, P1: 50)'
>>> BidMade(player=2, amount=60).text()
'P2 bids 60'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from kuhtheory.cards import Animal
from kuhtheory.engine.actions import Bid, Pass
from kuhtheory.narration import TemplateEvent

if TYPE_CHECKING:
    from kuhtheory.engine.actions import Action


@dataclass(frozen=True)
class Event(TemplateEvent):
    """Base class of the public events: ``text()`` fills the class's ``TEXT`` with its fields."""


@dataclass(frozen=True)
class AnimalsDealt(Event):
    """Short game: animals dealt to a player at the start; they lie face up in front of him."""

    player: int
    animals: tuple[Animal, ...]

    TEXT = "P{player} is dealt {animals:animals}"


@dataclass(frozen=True)
class AuctionOpened(Event):
    """The auctioneer turns up the top animal card(s) (K-AUC-1)."""

    auctioneer: int
    animals: tuple[Animal, ...]

    TEXT = "P{auctioneer} auctions {animals:animals}"


@dataclass(frozen=True)
class DonkeyPayout(Event):
    """A donkey was turned up: the bank pays every player (K-DONK-1); ``given`` lists the cards."""

    number: int
    value: int
    given: tuple[tuple[int, tuple[int, ...]], ...]

    def text(self) -> str:
        paid = ", ".join(
            f"P{p}: {'+'.join(map(str, cards)) or 'nothing'}" for p, cards in self.given
        )
        return (
            f"Donkey {self.number} turned up: the bank pays {self.value} to every player ({paid})"
        )


@dataclass(frozen=True)
class BidMade(Event):
    """An open bid (K-AUC-1)."""

    player: int
    amount: int

    TEXT = "P{player} bids {amount}"


@dataclass(frozen=True)
class BidPassed(Event):
    """A bidder does not raise (K-AUC-2)."""

    player: int

    TEXT = "P{player} passes"


@dataclass(frozen=True)
class Hammered(Event):
    """Nobody raises any more: the auction is hammered at the high bid (K-AUC-2)."""

    auctioneer: int
    high_bidder: int
    amount: int

    TEXT = "P{auctioneer} hammers: {amount} to P{high_bidder}"


@dataclass(frozen=True)
class TakenFree(Event):
    """Nobody bid: the auctioneer takes the animal(s) for free (K-AUC-3)."""

    auctioneer: int
    animals: tuple[Animal, ...]

    TEXT = "No bid: P{auctioneer} takes {animals:animals} for free"


@dataclass(frozen=True)
class Sold(Event):
    """The high bidder paid ``price`` (with ``cards`` money cards) and takes the animal(s)."""

    buyer: int
    seller: int
    animals: tuple[Animal, ...]
    price: int
    cards: int

    TEXT = "P{buyer} buys {animals:animals} from P{seller} for {price} ({cards} card{cards:s})"


@dataclass(frozen=True)
class Preempted(Event):
    """The auctioneer paid the high bid to the high bidder and keeps the animal(s) (K-AUC-4)."""

    auctioneer: int
    high_bidder: int
    animals: tuple[Animal, ...]
    price: int
    cards: int

    TEXT = (
        "P{auctioneer} preempts {animals:animals}, paying {price} to "
        "P{high_bidder} ({cards} card{cards:s})"
    )


@dataclass(frozen=True)
class BoughtBack(Event):
    """bluff: the auctioneer returned the bidder's cards and paid the bid again (K-AUC-4)."""

    auctioneer: int
    high_bidder: int
    animals: tuple[Animal, ...]
    price: int
    cards: int

    TEXT = (
        "P{auctioneer} buys back {animals:animals}: returns P{high_bidder}'s "
        "payment and pays {price} more ({cards} card{cards:s})"
    )


@dataclass(frozen=True)
class Insolvent(Event):
    """The high bidder cannot pay: he shows all his money, the auction runs again (K-PAY-2)."""

    player: int
    bid: int
    money: tuple[int, ...]

    def text(self) -> str:
        shown = "+".join(map(str, self.money)) or "no cards"
        return (
            f"P{self.player} cannot pay {self.bid} and shows his money ({shown} = "
            f"{sum(self.money)}); the auction runs again, his bids capped at {sum(self.money)}"
        )


@dataclass(frozen=True)
class TradeStarted(Event):
    """A asks B for ``stake`` card(s) of ``animal`` with ``cards`` cards face down (K-TRD-1)."""

    offerer: int
    opponent: int
    animal: Animal
    stake: int
    cards: int

    TEXT = (
        "P{offerer} challenges P{opponent} for {stake} x {animal.label} with "
        "{cards} face-down card{cards:s}"
    )


@dataclass(frozen=True)
class TradeCountered(Event):
    """B lays a face-down counter-offer of ``cards`` cards (K-TRD-2)."""

    opponent: int
    cards: int

    TEXT = "P{opponent} counters with {cards} card{cards:s}"


@dataclass(frozen=True)
class TradeTied(Event):
    """classic: offer and counter were equal; the money goes back and A offers again."""

    offerer: int
    opponent: int

    TEXT = "Tie: the money goes back, P{offerer} offers again to P{opponent}"


@dataclass(frozen=True)
class TradeReoffered(Event):
    """classic, after a tie: A lays a new face-down offer of ``cards`` cards."""

    offerer: int
    cards: int

    TEXT = "P{offerer} offers again with {cards} card{cards:s}"


@dataclass(frozen=True)
class TradeResolved(Event):
    """A trade's public result: who gets the animal(s) and how many money cards moved.

    ``how`` is ``"accepted"`` (B took the offer), ``"won"`` (the higher pile won), or ``"free"``
    (a tie gave A the animal(s) for free: classic second tie, bluff's super trade).
    """

    offerer: int
    opponent: int
    animal: Animal
    stake: int
    winner: int
    how: str
    to_offerer: int
    to_opponent: int

    def text(self) -> str:
        loser = self.opponent if self.winner == self.offerer else self.offerer
        what = f"{self.stake} x {self.animal.label}"
        if self.how == "accepted":
            return (
                f"P{self.opponent} accepts: P{self.offerer} takes {what} "
                f"({self.to_opponent} cards paid)"
            )
        if self.how == "free":
            return f"Tie again: P{self.offerer} takes {what} from P{self.opponent} for free"
        return (
            f"P{self.winner} wins {what} from P{loser} (cards moved: {self.to_offerer} to "
            f"P{self.offerer}, {self.to_opponent} to P{self.opponent})"
        )


@dataclass(frozen=True)
class FamilyCompleted(Event):
    """A player now owns every card of a species: the family is safe and scores (K-END-2)."""

    player: int
    animal: Animal

    TEXT = "P{player} completes the {animal.label} family"


@dataclass(frozen=True)
class DoveAwarded(Event):
    """first, bluff: the first player to complete both families of a pair takes the dove bonus."""

    player: int
    pair: tuple[Animal, Animal]
    bonus: int

    TEXT = "P{player} completes {pair[0].label} & {pair[1].label} and takes the dove ({bonus})"


@dataclass(frozen=True)
class TurnPassed(Event):
    """K-END-1: the deck is empty and the active player cannot trade: he passes."""

    player: int

    TEXT = "P{player} cannot trade and passes"


@dataclass(frozen=True)
class PositionRepeated(Event):
    """House rule K-HOUSE-1: a turn starts in the same position for the third time (the same
    player to move, animals, money in every hand and deck): the game ends at once."""

    player: int

    TEXT = (
        "P{player}'s turn starts in the same position for the third time: the game ends, "
        "incomplete families score nothing (house rule K-HOUSE-1)"
    )


@dataclass(frozen=True)
class GameEnded(Event):
    """K-END-2: every family is complete (or K-HOUSE-1 ended the game)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def text(self) -> str:
        table = ", ".join(f"P{p}: {s}" for p, s in enumerate(self.scores))
        return f"Game over ({table}); winner{'s' if len(self.winners) > 1 else ''}: " + ", ".join(
            f"P{w}" for w in self.winners
        )


#: One recorded event: its class and the arguments that build it.
RawEvent = tuple[type[Event], tuple[Any, ...]]


#: One step of a game's log: ``(previous entry, action, events, event count, action count)`` --
#: the action, the events it caused, and how many events and actions the game has had up to and
#: including it. The first entry of a game is its setup (no previous entry, action None, the events
#: of a short-game deal). Each later entry points to the one before, so a new state shares the
#: whole past with the old one and an ``apply`` costs the same at the first move and the five
#: hundredth. (A plain tuple: one is made at every move.)
LogEntry = tuple["LogEntry | None", "Action | None", tuple[RawEvent, ...], int, int]


#: The actions that are their own event (a bid, a pass): see :class:`EventLog`.
SELF_NARRATING = (Bid, Pass)


def log_entries(head: LogEntry) -> list[LogEntry]:
    """Every entry of the log up to ``head``, oldest (the setup) first."""
    out = []
    entry: LogEntry | None = head
    while entry is not None:
        out.append(entry)
        entry, *_ = entry
    out.reverse()
    return out


class EventLog(Sequence[RawEvent]):
    """The public events of a game up to a log entry, as raw pairs, read on demand.

    Reading the last few events (``log[-1]``, ``log[seen:]``) walks back only over the entries
    that hold them, so a bot that follows the game event by event pays for the new ones only.
    Two logs are equal when their events are equal.
    """

    __slots__ = ("_head", "_all")

    def __init__(self, head: LogEntry) -> None:
        self._head = head
        self._all: tuple[RawEvent, ...] | None = None

    def __len__(self) -> int:
        _, _, _, count, _ = self._head
        return count

    def _tail(self, start: int) -> tuple[RawEvent, ...]:
        """The events from index ``start`` (0 <= start <= len) to the end."""
        if self._all is not None:
            return self._all[start:]
        events: list[RawEvent] = []
        for _, action, caused, _, _ in self._entries(start):
            # a bid or a pass is its own event (SELF_NARRATING), before any it caused
            if isinstance(action, Bid):
                events.append((BidMade, (action.player, action.amount)))
            elif isinstance(action, Pass):
                events.append((BidPassed, (action.player,)))
            events.extend(caused)
        # the events of the entries walked over number len(self) - (the count before them)
        before = len(self) - len(events)
        return tuple(events[start - before :])

    def recorded(self, start: int = 0) -> tuple[RawEvent, ...]:
        """The events from index ``start`` on, oldest first, without the bids and passes.

        A bid or a pass is derived from its action (:data:`SELF_NARRATING`) and most events of a
        game are bids: a reader that wants only the other events (the money flows, K-DONK-1,
        K-AUC-4, K-TRD-3) reads them here without a pair built for each bid. Equal to the events of
        ``log[start:]`` that are neither :class:`BidMade` nor :class:`BidPassed` (tested).
        """
        if start < 0:
            raise IndexError(f"event index {start} is negative")
        events: list[RawEvent] = []
        for _, _, caused, count, _ in self._entries(start):
            if caused:
                first = count - len(caused)  # the index of caused[0]: a bid or pass is before it
                events.extend(caused[start - first :] if first < start else caused)
        return tuple(events)

    def _entries(self, start: int) -> list[LogEntry]:
        """The entries holding the events from index ``start`` on, oldest first: walked back from
        the newest, no further (a bot reading the whole log of a long game reads hundreds of
        entries: one loop, no call per entry)."""
        entries = []
        entry: LogEntry | None = self._head
        while entry is not None:
            previous, _, _, count, _ = entry
            if count <= start:
                break
            entries.append(entry)
            entry = previous
        entries.reverse()
        return entries

    @overload
    def __getitem__(self, index: int) -> RawEvent: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[RawEvent, ...]: ...

    def __getitem__(self, index: int | slice) -> RawEvent | tuple[RawEvent, ...]:
        size = len(self)
        if isinstance(index, slice):
            start, stop, step = index.indices(size)
            if step == 1 and start <= stop:
                return self._tail(start)[: stop - start]
            return self.all()[index]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"event index {index} out of range({size})")
        return self._tail(index)[0]

    def __iter__(self) -> Iterator[RawEvent]:
        return iter(self.all())

    def all(self) -> tuple[RawEvent, ...]:
        """Every event, oldest first (built once)."""
        if self._all is None:
            self._all = self._tail(0)
        return self._all

    def events(self) -> tuple[Event, ...]:
        """The event objects, oldest first."""
        return tuple(cls(*args) for cls, args in self.all())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        return len(self) == len(other) and self.all() == other.all()

    def __hash__(self) -> int:
        return hash(self.all())

    def __repr__(self) -> str:
        return f"EventLog({len(self)} events)"
