"""kuhtheory.game_story: a finished game's public events grouped into turns (K-TURN-1)."""

from __future__ import annotations

import pytest

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.engine import Auction, Bid, Pass, Sell, new_game
from kuhtheory.engine.events import (
    AnimalsDealt,
    AuctionOpened,
    DonkeyPayout,
    GameEnded,
    TradeStarted,
)
from kuhtheory.game_story import MAX_BIDS_SHOWN, turns


def finished(edition: str, seed: int, variants: tuple[str, ...] = ()) -> object:
    start = new_game(players=3, seed=seed, edition=edition, variants=variants)
    return play(start, [make_agent("heuristic", agent_seed(seed, i)) for i in range(3)])


@pytest.mark.parametrize("edition", ["classic", "2025", "first", "bluff"])
def test_every_event_belongs_to_one_turn_and_turns_follow_the_game(edition: str):
    end = finished(edition, seed=5)
    told = turns(end.events)
    inside = [e for t in told for e in t.events]
    assert inside == [e for e in end.events if not isinstance(e, GameEnded)]
    assert [t.number for t in told] == list(range(1, len(told) + 1))
    assert len(told) == end.turn  # one turn per auction, trade or forced pass (K-TURN-1, K-END-1)
    for t in told:
        opener = t.events[0]
        seat = getattr(opener, "auctioneer", getattr(opener, "offerer", None))
        assert t.player == (opener.player if seat is None else seat)
        assert sum(isinstance(e, (AuctionOpened, TradeStarted)) for e in t.events) <= 1
        assert t.text() and "\n" not in t.text()


def test_animals_dealt_before_the_first_turn_are_turn_zero():
    end = finished("classic", seed=3, variants=("short",))
    first = turns(end.events)[0]
    assert first.number == 0 and first.player is None
    assert all(isinstance(e, (AnimalsDealt, DonkeyPayout)) for e in first.events)


def test_a_turn_runs_its_bids_together_and_shortens_long_runs():
    s = new_game(players=3, seed=4, first_player=0).apply(Auction(0))
    bidder, amount = 1, 0
    for _ in range(MAX_BIDS_SHOWN + 3):
        amount += 10
        s = s.apply(Bid(bidder, amount))
        bidder = 3 - bidder
    s = s.apply(Pass(bidder)).apply(Sell(0))
    (turn,) = turns(s.events)
    text = turn.text()
    assert f"({MAX_BIDS_SHOWN + 3} bids)" in text and "P1 10, P2 20, ..., " in text
    assert "passes" not in text and text.endswith(f"P0 hammers: {amount} to P{3 - bidder}")


def test_an_unfinished_game_ends_in_an_open_turn():
    s = new_game(players=3, seed=4, first_player=0).apply(Auction(0)).apply(Bid(1, 20))
    (turn,) = turns(s.events)
    assert turn.text().endswith("bids: P1 20")
    assert turns(()) == []
