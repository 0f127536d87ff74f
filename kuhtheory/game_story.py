"""A Kuhhandel game told turn by turn, from its public events.

A state's ``events`` are the public log, one event per bid, pass, payment and trade step (a game
has hundreds). :func:`turns` groups them into turns (K-TURN-1: each turn is one auction or one
trade, or a pass when the deck is empty and no trade is possible) and :meth:`Turn.text` tells a
turn in one line, with the bids run together:

>>> from kuhtheory.engine import Auction, Bid, Pass, Sell, new_game
>>> s = new_game(players=3, seed=4, first_player=0)
>>> s = s.apply(Auction(0)).apply(Bid(1, 20)).apply(Bid(2, 40)).apply(Pass(1)).apply(Sell(0))
>>> (turn,) = turns(s.events)
>>> turn.number, turn.player
(1, 0)
>>> turn.text()
'P0 auctions Pig; bids: P1 20, P2 40; P0 hammers: 40 to P2'

Nothing here changes or reads a state: only the events, which hold no hidden money.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kuhtheory.engine.events import (
    AuctionOpened,
    BidMade,
    BidPassed,
    Event,
    GameEnded,
    TradeStarted,
    TurnPassed,
)

__all__ = ["MAX_BIDS_SHOWN", "Turn", "turns"]

#: A turn's text lists this many bids at most (longer runs show their first and last two).
MAX_BIDS_SHOWN = 6

#: The events that open a turn, and the seat that plays it.
_OPENERS = {
    AuctionOpened: "auctioneer",
    TradeStarted: "offerer",
    TurnPassed: "player",
}


@dataclass(frozen=True)
class Turn:
    """One turn: its number (from 1), the active player and the turn's events in order.

    Events before the first turn (animals dealt in the short game) form turn 0 with no player;
    the end of the game (``GameEnded``) is not part of any turn.
    """

    number: int
    player: int | None
    events: tuple[Event, ...]

    def text(self) -> str:
        """The turn in one line: its events' texts joined by "; ", the bids as one list (a long
        one shortened to its first and last two) and the passes left out (the hammer says who
        won)."""
        parts: list[str] = []
        bids: list[str] = []
        for event in self.events:
            if isinstance(event, BidMade):
                bids.append(f"P{event.player} {event.amount}")
                continue
            if isinstance(event, BidPassed):
                continue
            if bids:
                parts.append(_bids(bids))
                bids = []
            parts.append(event.text())
        if bids:
            parts.append(_bids(bids))
        return "; ".join(parts)


def _bids(bids: list[str]) -> str:
    if len(bids) <= MAX_BIDS_SHOWN:
        return "bids: " + ", ".join(bids)
    return f"bids: {bids[0]}, {bids[1]}, ..., {bids[-2]}, {bids[-1]} ({len(bids)} bids)"


def turns(events: Iterable[Event]) -> list[Turn]:
    """The events grouped into turns (see the module docstring)."""
    found: list[Turn] = []
    current: list[Event] = []
    number, player = 0, None

    def close() -> None:
        if current:
            found.append(Turn(number, player, tuple(current)))

    for event in events:
        seat_field = _OPENERS.get(type(event))
        if seat_field is not None:
            close()
            current = [event]
            number, player = number + 1, getattr(event, seat_field)
        elif isinstance(event, GameEnded):
            close()
            current = []
        else:
            current.append(event)
    close()
    return found
