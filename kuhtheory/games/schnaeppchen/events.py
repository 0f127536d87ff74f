"""The public log of a Schnäppchen Jagd game: one small frozen event per thing the table sees.

Events never reveal hidden cards: a deal says how many cards each player got, a won trick says
which cards went face up on the bargain pile and how many went face down on the junk pile.
Each event has ``text()`` for narration.

>>> TrickWon(player=2, bargains=(), junk=4).text()
'Seat 2 wins the trick: no bargain, 4 cards to the junk pile.'
"""

from __future__ import annotations

from dataclasses import dataclass

from kuhtheory.games.schnaeppchen.cards import Card
from kuhtheory.narration import TemplateEvent


def _cards(cards: tuple[Card, ...]) -> str:
    return ", ".join(c.text() for c in cards)


@dataclass(frozen=True)
class RoundDealt(TemplateEvent):
    """A round starts: the dealer deals ``cards_each`` cards to every player (S-ROUND-1)."""

    round: int
    dealer: int
    cards_each: int
    left_over: int

    TEXT = (
        "Round {round}: seat {dealer} deals {cards_each} cards each; "
        "{left_over} cards wait for later rounds."
    )


@dataclass(frozen=True)
class Revealed(TemplateEvent):
    """First round: a player shows the value he will collect (S-PRE-1)."""

    player: int
    card: Card

    TEXT = "Seat {player} reveals the {card:text}: collects {card.value}s."


@dataclass(frozen=True)
class CardPlayed:
    """A card into the trick with what was declared (S-TRICK-1 .. S-TRICK-5)."""

    player: int
    card: Card
    declare_trump: bool | None
    equal_higher: bool | None

    def text(self) -> str:
        out = f"Seat {self.player} plays the {self.card.text()}"
        if self.declare_trump is not None and self.card.colour is not None:
            out += f", {self.card.colour.label} {'is' if self.declare_trump else 'is not'} trump"
        if self.equal_higher is not None:
            out += f", {'higher' if self.equal_higher else 'lower'} than the other one"
        return out + "."


@dataclass(frozen=True)
class TrickWon:
    """The winner takes the trick: bargains face up, the rest face down as junk (S-TRICK-6)."""

    player: int
    bargains: tuple[Card, ...]
    junk: int

    def text(self) -> str:
        got = f"bargains {_cards(self.bargains)}" if self.bargains else "no bargain"
        return f"Seat {self.player} wins the trick: {got}, {self.junk} cards to the junk pile."


@dataclass(frozen=True)
class Converted(TemplateEvent):
    """Sort: ``discarded`` cards of ``value`` thrown away, ``to_bargain`` put face up (S-SORT-1)."""

    player: int
    value: int
    discarded: int
    to_bargain: int

    TEXT = (
        "Seat {player} converts {value}s: discards {discarded}, puts "
        "{to_bargain} on the bargain pile and now collects {value}s."
    )


@dataclass(frozen=True)
class JunkDiscarded(TemplateEvent):
    """Sort: the whole (new) junk pile thrown away (S-SORT-2)."""

    player: int
    count: int

    TEXT = "Seat {player} throws away the whole junk pile ({count} cards)."


@dataclass(frozen=True)
class JunkKept(TemplateEvent):
    """Sort: nothing changes (S-SORT-1)."""

    player: int

    TEXT = "Seat {player} keeps the junk pile as it is."


@dataclass(frozen=True)
class GameEnded:
    """The score: bargain cards +1, junk cards -1 (S-END-1)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def text(self) -> str:
        table = ", ".join(f"seat {i}: {s:+d}" for i, s in enumerate(self.scores))
        won = " and ".join(f"seat {w}" for w in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return f"Game over ({table}); {won} {verb}."


Event = (
    RoundDealt | Revealed | CardPlayed | TrickWon | Converted | JunkDiscarded | JunkKept | GameEnded
)
