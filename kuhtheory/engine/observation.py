"""What one player knows: :class:`Observation` (OpenSpiel's information state, as a value).

A player sees everything public — every player's animals, how many money cards each holds, the
deck size, the donkeys turned up, the bank, the auction (bids, caps of players who had to show
their money), the trade (who, which species, the stake, how many cards were laid), the public
event log — and his own money. Hidden from him are the other players' money cards and the piles
of trades he does not take part in. What he learnt privately is kept: the piles he saw when piles
were exchanged (``revealed``), and in a running trade his own pile.

An observation is an immutable value: every fact is a read-only property, and two observations
are equal when all their facts are. It reads each fact from the state when it is first asked for
(a bot that bids reads five of them; building all of them at every move would cost more than the
move), and it shows only what the player may know: the state it reads is private to it, and the
bots are tested to decide on the observation alone. Two states that differ only in an opponent's
hidden money give equal observations (tested).

>>> from kuhtheory.engine import new_game
>>> obs = new_game(players=3, seed=1, first_player=0).observation(1)
>>> obs.money, obs.card_counts, obs.deck_size
((0, 0, 10, 10, 10, 10, 50), (7, 7, 7), 40)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from kuhtheory.cards import ANIMALS, Animal, Counts, cards_of, total
from kuhtheory.editions import Edition
from kuhtheory.engine.events import Event, EventLog
from kuhtheory.engine.phases import AuctionView, Phase, TradeView

if TYPE_CHECKING:
    from kuhtheory.engine.state import GameState, Herd

#: The facts an observation shows, in the order they are compared and printed.
FACTS = (
    "player",
    "players",
    "edition",
    "phase",
    "current_player",
    "active_player",
    "money",
    "card_counts",
    "herds",
    "family_owners",
    "deck_size",
    "donkeys_seen",
    "bank",
    "auction",
    "trade",
    "shown_money",
    "dove_holder",
    "turn",
    "must_auction",
    "revealed",
    "event_log",
)

_UNREAD: Any = object()  # a fact not read yet


class Observation:
    """One player's view of a state (see the module docstring)."""

    __slots__ = ("_state", "_player", "_money_total", "_card_counts", "_auction", "_trade")

    #: The facts' names in order (:data:`FACTS`), as a named tuple lists its fields.
    _fields: ClassVar[tuple[str, ...]] = FACTS

    def __init__(self, state: GameState, player: int) -> None:
        self._state = state
        self._player = player
        self._money_total: int | None = None
        self._card_counts: tuple[int, ...] | None = None
        self._auction: AuctionView | None = _UNREAD
        self._trade: TradeView | None = _UNREAD

    @property
    def player(self) -> int:
        """The seat observing."""
        return self._player

    @property
    def players(self) -> int:
        """The number of players."""
        return self._state._players

    @property
    def edition(self) -> Edition:
        """The edition (with its variants) of the game."""
        return self._state._edition

    @property
    def phase(self) -> Phase:
        """What is being decided now."""
        return self._state._phase

    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the game is over."""
        return self._state._current

    @property
    def active_player(self) -> int:
        """The seat whose turn it is (K-TURN-1)."""
        return self._state._active

    @property
    def money(self) -> tuple[int, ...]:
        """The player's own money, sorted card values."""
        return cards_of(self._state._money[self._player])

    @property
    def money_total(self) -> int:
        """The value of the player's own money."""
        if self._money_total is None:
            self._money_total = total(self._state._money[self._player])  # from the counts
        return self._money_total

    @property
    def card_counts(self) -> tuple[int, ...]:
        """How many money cards each player holds (public)."""
        if self._card_counts is None:
            self._card_counts = tuple(map(sum, self._state._money))
        return self._card_counts

    @property
    def herds(self) -> tuple[Herd, ...]:
        """Every player's animal cards, counts indexed like :data:`kuhtheory.cards.ANIMALS`."""
        return self._state._herds

    @property
    def family_owners(self) -> tuple[int, ...]:
        """The owner of each complete family (-1 if incomplete), indexed like ``ANIMALS``."""
        return self._state._owners

    @property
    def deck_size(self) -> int:
        """How many animal cards are left to auction."""
        return len(self._state._deck) - self._state._deck_pos

    @property
    def donkeys_seen(self) -> int:
        """How many donkeys have been turned up (K-DONK-1)."""
        return self._state._donkeys

    @property
    def bank(self) -> Counts:
        """The bank's money cards (they lie on the table)."""
        return self._state._bank

    @property
    def auction(self) -> AuctionView | None:
        """The running auction as the player sees it, or None."""
        if self._auction is _UNREAD:
            self._auction = self._state.auction_view(self._player)
        return self._auction

    @property
    def lot(self) -> tuple[Animal, ...]:
        """The animal card(s) being auctioned (K-AUC-1), ``()`` when no auction runs: the
        ``animals`` of :attr:`auction`, read without building the whole view (a bot asks for the
        lot at every bid)."""
        auction = self._state._auction
        return () if auction is None else auction.animals

    @property
    def trade(self) -> TradeView | None:
        """The running trade as the player sees it (his own pile only), or None."""
        if self._trade is _UNREAD:
            self._trade = self._state.trade_view(self._player)
        return self._trade

    @property
    def shown_money(self) -> tuple[tuple[int, ...] | None, ...]:
        """Per seat, the money he had to show as an insolvent bidder (K-PAY-2), or None."""
        return self._state._shown

    @property
    def dove_holder(self) -> int | None:
        """Who took the dove bonus card (first, bluff), or None."""
        return self._state._dove

    @property
    def turn(self) -> int:
        """How many turns have been completed."""
        return self._state._turn

    @property
    def must_auction(self) -> bool:
        """Double move (2025 variant): the active player has traded and must now auction."""
        return self._state._must_auction

    @property
    def revealed(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """The piles this player saw in exchanges: ``(turn, other player, his cards)``."""
        return self._state._reveals[self._player]

    @property
    def event_log(self) -> EventLog:
        """The public events as raw pairs, read on demand."""
        return EventLog(self._state._log)

    @property
    def events(self) -> tuple[Event, ...]:
        """The public events so far, oldest first."""
        return self.event_log.events()

    def animals(self, player: int) -> dict[Animal, int]:
        """The animal cards ``player`` owns, per species (public)."""
        return {a: c for a, c in zip(ANIMALS, self.herds[player], strict=True) if c}

    def facts(self) -> tuple[Any, ...]:
        """Every fact, in the order of :data:`FACTS`."""
        return tuple(getattr(self, name) for name in FACTS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self.facts() == other.facts()

    def __hash__(self) -> int:
        return hash(self.facts())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in FACTS)
        return f"Observation({shown})"
