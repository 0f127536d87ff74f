"""What one player knows: :class:`Observation` (OpenSpiel's information state, as a value).

A player sees everything public — every player's animals, how many money cards each holds, the
deck size, the donkeys turned up, the bank, the auction (bids, caps of players who had to show
their money), the trade (who, which species, the stake, how many cards were laid), the public
event log — and his own money. Hidden from him are the other players' money cards and the piles
of trades he does not take part in. What he learnt privately is kept: the piles he saw when piles
were exchanged (``revealed``), and in a running trade his own pile.

Two states that differ only in an opponent's hidden money give equal observations (tested).

>>> from kuhtheory.engine import new_game
>>> obs = new_game(players=3, seed=1, first_player=0).observation(1)
>>> obs.money, obs.card_counts, obs.deck_size
((0, 0, 10, 10, 10, 10, 50), (7, 7, 7), 40)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kuhtheory.cards import ANIMALS, Animal, Counts
from kuhtheory.editions import Edition
from kuhtheory.engine.events import Event
from kuhtheory.engine.legal import counts_to_cards
from kuhtheory.engine.state import (
    AuctionView,
    GameState,
    Phase,
    TradeView,
    raw_events,
)


class Observation(NamedTuple):
    """One player's view of a state (see the module docstring); an immutable named tuple."""

    player: int
    players: int
    edition: Edition
    phase: Phase
    current_player: int | None
    active_player: int
    #: the player's own money, sorted card values
    money: tuple[int, ...]
    #: how many money cards each player holds (public)
    card_counts: tuple[int, ...]
    #: every player's animal cards, counts indexed like :data:`kuhtheory.cards.ANIMALS`
    herds: tuple[tuple[int, ...], ...]
    #: the owner of each complete family (-1 if incomplete), indexed like ``ANIMALS``
    family_owners: tuple[int, ...]
    deck_size: int
    donkeys_seen: int
    #: the bank's money cards (they lie on the table)
    bank: Counts
    auction: AuctionView | None
    trade: TradeView | None
    #: per seat, the money he had to show as an insolvent bidder (K-PAY-2), or None
    shown_money: tuple[tuple[int, ...] | None, ...]
    dove_holder: int | None
    turn: int
    must_auction: bool
    #: piles this player saw in exchanges: ``(turn, other player, that player's cards)``
    revealed: tuple[tuple[int, int, tuple[int, ...]], ...]
    #: the public events (built on demand; compares by the events only)
    event_log: PublicEvents

    @property
    def events(self) -> tuple[Event, ...]:
        """The public events so far, oldest first."""
        return self.event_log.events()

    @property
    def money_total(self) -> int:
        """The value of the player's own money."""
        return sum(self.money)

    def animals(self, player: int) -> dict[Animal, int]:
        """The animal cards ``player`` owns, per species (public)."""
        return {a: c for a, c in zip(ANIMALS, self.herds[player], strict=False) if c}


class PublicEvents:
    """The public events of a state, built on demand; equal when the events are equal.

    The engine's log also holds the actions, whose money cards may be private; this wrapper shows
    and compares only the events.
    """

    __slots__ = ("_start", "_log", "_raw")

    def __init__(self, start: tuple[Any, ...], log: Any) -> None:
        self._start = start
        self._log = log
        self._raw: tuple[Any, ...] | None = None

    def raw(self) -> tuple[Any, ...]:
        """The ``(EventClass, args)`` pairs."""
        if self._raw is None:
            self._raw = raw_events(self._start, self._log)
        return self._raw

    def events(self) -> tuple[Event, ...]:
        """The event objects."""
        return tuple(cls(*args) for cls, args in self.raw())

    def __len__(self) -> int:
        return len(self.raw())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PublicEvents):
            return NotImplemented
        return self.raw() == other.raw()

    def __hash__(self) -> int:
        return hash(self.raw())

    def __repr__(self) -> str:
        return f"PublicEvents({len(self)} events)"


def observe(s: GameState, player: int) -> Observation:
    """The :class:`Observation` of ``player`` in ``s`` (seat already checked)."""
    return Observation(
        player,
        s._players,
        s._edition,
        s._phase,
        s._current,
        s._active,
        counts_to_cards(s._money[player]),
        tuple(map(sum, s._money)),
        s._herds,
        s._owners,
        len(s._deck) - s._pos,
        s._donkeys,
        s._bank,
        None if s._auc is None else s._auction_view(player),
        None if s._trd is None else s._trade_view(player),
        s._shown,
        s._dove,
        s._turn,
        s._must_auction,
        s._reveals[player],
        PublicEvents(s._start_events, s._log),
    )
