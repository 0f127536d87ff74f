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

from typing import TYPE_CHECKING, NamedTuple

from kuhtheory.cards import ANIMALS, Animal, Counts, cards_of
from kuhtheory.editions import Edition
from kuhtheory.engine.events import Event, EventLog
from kuhtheory.engine.phases import AuctionView, Phase, TradeView

if TYPE_CHECKING:
    from kuhtheory.engine.state import GameState


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
    #: the public events as raw pairs, read on demand (compares by the events only)
    event_log: EventLog

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
        return {a: c for a, c in zip(ANIMALS, self.herds[player], strict=True) if c}


def observe(s: GameState, player: int) -> Observation:
    """The :class:`Observation` of ``player`` in ``s`` (seat already checked)."""
    return Observation(
        player=player,
        players=s._players,
        edition=s._edition,
        phase=s._phase,
        current_player=s._current,
        active_player=s._active,
        money=cards_of(s._money[player]),
        card_counts=tuple(map(sum, s._money)),
        herds=s._herds,
        family_owners=s._owners,
        deck_size=len(s._deck) - s._deck_pos,
        donkeys_seen=s._donkeys,
        bank=s._bank,
        auction=s.auction_view(player),
        trade=s.trade_view(player),
        shown_money=s._shown,
        dove_holder=s._dove,
        turn=s._turn,
        must_auction=s._must_auction,
        revealed=s._reveals[player],
        event_log=EventLog(s._log),
    )
