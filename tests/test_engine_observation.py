"""Observations: what each player may know, and nothing more (OpenSpiel's information state)."""

from __future__ import annotations

import pytest
from engine_helpers import A, endgame, play

from kuhtheory.agents.random import RandomAgent
from kuhtheory.cards import to_counts
from kuhtheory.engine import Counter, Trade, new_game
from kuhtheory.engine.events import BidMade, BidPassed
from kuhtheory.engine.state import GameState


def _with_money(state: GameState, player: int, cards: tuple[int, ...]) -> GameState:
    """The same state with ``player``'s hidden hand swapped for ``cards`` (same card count)."""
    other = state._copy()
    money = list(other._money)
    money[player] = to_counts(cards)
    other._money = tuple(money)
    other._log = state._log
    return other


def test_observation_shows_own_money_and_only_card_counts_of_others():
    s = new_game(3, seed=1, first_player=0)
    obs = s.observation(1)
    assert obs.player == 1 and obs.money == s.money(1)
    assert obs.card_counts == (7, 7, 7)
    assert not hasattr(obs, "hands")
    assert all(v is None for v in obs.shown_money)


@pytest.mark.parametrize("edition", ["classic", "2025", "first", "bluff"])
def test_states_differing_only_in_an_opponents_hidden_money_look_the_same(edition):
    bot = RandomAgent(5)
    s = new_game(4, seed=5, edition=edition)
    checked = 0
    for _ in range(300):
        if s.is_terminal:
            break
        hand = s.money(2)
        if 10 in hand and s.phase.name in ("TURN", "BIDDING"):
            # Swap one 10 of P2 for a 0: same card count, different money.
            swapped = list(hand)
            swapped[swapped.index(10)] = 0
            other = _with_money(s, 2, tuple(sorted(swapped)))
            for viewer in (0, 1, 3):
                assert s.observation(viewer) == other.observation(viewer)
            assert s.observation(2) != other.observation(2)
            checked += 1
        s = s.apply(bot.act(None, s.legal_actions()))
    assert checked > 5


def test_third_party_does_not_see_trade_piles_but_sees_counts():
    s = endgame(
        3, "classic", {0: {A.COW: 1}, 1: {A.COW: 1}}, rest_to=2, money={0: (0, 10, 50), 1: (10, 10)}
    )
    s = s.apply(Trade(0, 1, A.COW, (0, 50)))
    third = s.observation(2).trade
    assert third.offer is None and third.offer_count == 2 and third.counter is None
    assert s.observation(1).trade.offer is None  # B sees only how many cards were laid
    assert s.observation(0).trade.offer == (0, 50)
    t = s.apply(Counter(1, (10,)))
    assert t.observation(2).revealed == ()
    assert t.observation(0).revealed == ((0, 1, (10,)),)
    assert t.observation(1).revealed == ((0, 0, (0, 50)),)


def test_observation_event_log_is_public_only():
    s = endgame(
        3, "classic", {0: {A.COW: 1}, 1: {A.COW: 1}}, rest_to=2, money={0: (0, 10, 50), 1: (10, 10)}
    )
    a = play(s, Trade(0, 1, A.COW, (0, 50)))
    b = play(_with_money(s, 0, (0, 10, 10)), Trade(0, 1, A.COW, (0, 10)))
    # Different hidden piles of the same size: the third player sees the same thing.
    assert a.observation(2) == b.observation(2)
    assert a.observation(2).events == b.observation(2).events
    assert a.observation(0) != b.observation(0)


def test_observation_is_immutable_and_hashable():
    obs = new_game(3, seed=1).observation(0)
    with pytest.raises(AttributeError):
        obs.player = 1  # type: ignore[misc]
    assert hash(obs) == hash(new_game(3, seed=1).observation(0))


def test_bluff_buy_back_paid_cards_seen_only_by_the_two():
    from engine_helpers import deck_with

    from kuhtheory.engine import Auction, Bid, Pass, Pay, setup_position

    s = setup_position(3, "bluff", deck=deck_with([A.COW], "bluff"))
    s = play(s, Auction(0), Bid(1, 20), Pass(2), Pay(1, (10, 10)))
    assert s.observation(0).auction.paid == (10, 10)
    assert s.observation(1).auction.paid == (10, 10)
    assert s.observation(2).auction.paid is None and s.observation(2).auction.paid_count == 2


@pytest.mark.parametrize("edition", ["classic", "2025", "first", "bluff"])
def test_the_quick_facts_equal_the_full_ones(edition):
    """``lot`` is the auction's animals (K-AUC-1) and ``money_total`` the sum of the hand, at every
    state and for every seat (they are read without building the view or the hand)."""
    bot = RandomAgent(3)
    s = new_game(4, seed=3, edition=edition)
    auctions = 0
    while not s.is_terminal:
        for p in range(4):
            obs = s.observation(p)
            auction = obs.auction
            assert obs.lot == (() if auction is None else auction.animals)
            assert obs.money_total == sum(obs.money)
            auctions += auction is not None
        p = s.current_player
        s = s.apply(bot.act(s.observation(p), s.legal_actions()))
    assert auctions > 0


@pytest.mark.parametrize("edition", ["classic", "bluff", "classic+short"])
def test_recorded_events_are_the_log_without_bids_and_passes(edition):
    """``EventLog.recorded(start)`` equals ``log[start:]`` without BidMade and BidPassed, for
    every start, in states along a game (a short game's setup deals animals, K-DONK-1 pays)."""
    bot = RandomAgent(7)
    s = new_game(4, seed=7, edition=edition)
    moves = 0
    while not s.is_terminal:
        if moves % 97 == 0:
            log = s.observation(0).event_log
            events = log.all()
            for start in range(len(log) + 1):
                expected = tuple(
                    (cls, args) for cls, args in events[start:] if cls not in (BidMade, BidPassed)
                )
                assert log.recorded(start) == expected
        s = s.apply(bot.act(s.observation(s.current_player), s.legal_actions()))
        moves += 1
    log = s.observation(1).event_log
    assert log.recorded() == tuple(e for e in log if e[0] not in (BidMade, BidPassed))
    assert log.recorded(len(log)) == ()
    with pytest.raises(IndexError, match="negative"):
        log.recorded(-1)
