"""new_game, setup, immutability, bad input, replay, the GameSpec, events."""

from __future__ import annotations

import pytest
from engine_helpers import A, deck_with, play

from kuhtheory.agents import make_agent
from kuhtheory.agents.random import random_playout
from kuhtheory.cards import DENOMINATIONS
from kuhtheory.editions import get_edition
from kuhtheory.engine import (
    GAME,
    Accept,
    Auction,
    Bid,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Pass,
    Phase,
    action_from_json,
    action_to_json,
    new_game,
    setup_position,
)
from kuhtheory.errors import InvalidSetupError, UnknownEditionError
from kuhtheory.game import GameStateProtocol, get_game


@pytest.mark.parametrize("edition", ["classic", "2025", "first", "bluff"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_new_game_deals_start_money_and_a_full_deck(edition, players):
    ed = get_edition(edition)
    s = new_game(players=players, seed=11, edition=edition)
    assert s.deck_size == 10 * ed.cards_per_family
    assert all(s.money_counts(p) == ed.start_money for p in range(players))
    assert (
        tuple(s.bank[i] + players * ed.start_money[i] for i in range(len(DENOMINATIONS)))
        == ed.money_deck
    )
    assert s.phase is Phase.TURN and s.current_player == s.active_player == s.first_player
    assert s.history == () and s.turn == 0 and s.scores() == (0,) * players


def test_new_game_same_seed_same_deck_and_first_player():
    a, b = new_game(4, seed=5), new_game(4, seed=5)
    assert a.deck == b.deck and a.first_player == b.first_player and a == b
    assert new_game(4, seed=6).deck != a.deck


def test_new_game_first_player_given_keeps_the_deck():
    drawn = new_game(4, seed=9)
    given = new_game(4, seed=9, first_player=(drawn.first_player + 1) % 4)
    assert given.deck == drawn.deck and given.first_player != drawn.first_player


def test_new_game_first_player_drawn_from_the_seed_covers_every_seat():
    assert {new_game(3, seed=k).first_player for k in range(60)} == {0, 1, 2}


def test_new_game_edition_key_with_variants_and_edition_object():
    s = new_game(3, seed=1, edition="2025+no-kidding", variants=("double-move",))
    assert s.edition.variants == ("no-kidding", "double-move")
    assert new_game(3, seed=1, edition=get_edition("bluff")).edition.key == "bluff"


def test_new_game_six_players_refused_with_a_reason():
    with pytest.raises(UnknownEditionError, match="seats 3-5.*six"):
        new_game(players=6)


@pytest.mark.parametrize(
    "bad",
    [
        {"edition": "chess"},
        {"variants": ("quick-ish",)},
        {"edition": "2025", "variants": ("quick",)},
    ],
)
def test_new_game_unknown_edition_or_variant(bad):
    with pytest.raises(UnknownEditionError):
        new_game(players=3, **bad)


@pytest.mark.parametrize(
    "bad",
    [
        {"seed": "1"},
        {"seed": 1.5},
        {"first_player": 3},
        {"first_player": -1},
        {"first_player": True},
    ],
)
def test_new_game_bad_setup(bad):
    kwargs = {"players": 3, "seed": 1, **bad}
    with pytest.raises(InvalidSetupError):
        new_game(**kwargs)


def test_setup_position_checks_every_card():
    with pytest.raises(InvalidSetupError, match="exactly once"):
        setup_position(3, "classic", herds={0: {A.COW: 1}}, deck=())
    with pytest.raises(InvalidSetupError, match="more cards than the money deck"):
        setup_position(3, "classic", money={0: (500,) * 6})
    with pytest.raises(InvalidSetupError, match="not a seat"):
        setup_position(3, "classic", active=4)


# ----- immutability and bad input ---------------------------------------------------------------


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s = new_game(3, seed=1, first_player=0)
    t = s.apply(Auction(0))
    assert s.phase is Phase.TURN and s.history == () and s.deck_size == 40
    assert t.phase is Phase.BIDDING and t.history == (Auction(0),) and t.deck_size == 39


def test_state_attributes_cannot_be_assigned():
    s = new_game(3, seed=1)
    with pytest.raises(AttributeError):
        s.phase = Phase.GAME_OVER  # type: ignore[misc]


def test_illegal_action_names_the_action_and_the_clause_and_changes_nothing():
    s = play(setup_position(3, "classic", deck=deck_with([A.COW])), Auction(0), Bid(1, 50))
    before = (s.history, s.auction, s.phase, s.current_player)
    with pytest.raises(IllegalActionError) as info:
        s.apply(Bid(2, 40))
    assert "Bid(player=2, amount=40)" in str(info.value) and "K-AUC-1" in str(info.value)
    assert (s.history, s.auction, s.phase, s.current_player) == before


def test_wrong_player_is_illegal():
    s = new_game(3, seed=1, first_player=0)
    with pytest.raises(IllegalActionError, match="P0's move"):
        s.apply(Auction(1))


def test_action_of_the_wrong_phase_is_illegal():
    s = new_game(3, seed=1, first_player=0)
    with pytest.raises(IllegalActionError, match="phase is turn"):
        s.apply(Accept(0))


@pytest.mark.parametrize("thing", ["auction", None, 3, {"type": "auction", "player": 0}])
def test_not_an_action_is_invalid(thing):
    with pytest.raises(InvalidActionError, match="not a Kuhhandel action"):
        new_game(3, seed=1).apply(thing)  # type: ignore[arg-type]


def test_malformed_actions_are_invalid():
    with pytest.raises(InvalidActionError):
        Bid(1, -5)
    with pytest.raises(InvalidActionError):
        Pass(-1)


def test_is_legal_and_why_illegal():
    s = new_game(3, seed=1, first_player=0)
    assert s.is_legal(Auction(0)) and not s.is_legal(Auction(1)) and not s.is_legal("x")
    assert s.why_illegal(Auction(0)) is None and "P0's move" in s.why_illegal(Auction(1))


# ----- replay, records, the GameSpec -----------------------------------------------------------


@pytest.mark.parametrize(
    "edition", ["classic", "2025+double-move", "bluff+super-trade", "classic+short", "first"]
)
def test_replaying_the_history_from_the_setup_gives_the_same_state(edition):
    end = random_playout(new_game(4, seed=21, edition=edition), seed=21)
    setup = GAME.setup_of(end)
    start = GAME.new_game(**setup)
    state = start
    for action in end.history:
        data = action_to_json(action)
        state = state.apply(action_from_json(data))
    assert state == end and state.scores() == end.scores() and state.events == end.events


def test_game_spec():
    assert GAME.name == "kuhhandel" and get_game("kuhhandel") is GAME
    s = new_game(3, seed=4, edition="2025+no-kidding", first_player=1)
    assert GAME.setup_of(s) == {
        "players": 3,
        "seed": 4,
        "edition": "2025",
        "variants": ["no-kidding"],
        "first_player": 1,
    }
    assert isinstance(s, GameStateProtocol)


def test_the_bots_are_listed_above_the_engine():
    assert not hasattr(GAME, "make_agent")  # the bots are above the engine (kuhtheory.agents)
    agent = make_agent("random", 3, game=GAME.name)
    s = new_game(3, seed=3)
    assert s.is_legal(agent.act(s.observation(s.current_player), s.legal_actions()))


def test_engine_does_not_import_agents_at_load():
    import subprocess
    import sys

    code = "import sys, kuhtheory.engine; print('kuhtheory.agents' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_states_hash_and_compare_by_value():
    a = new_game(3, seed=2).apply(Auction(new_game(3, seed=2).active_player))
    b = new_game(3, seed=2).apply(Auction(a.active_player))
    assert a == b and hash(a) == hash(b) and a != new_game(3, seed=2)


def test_events_have_text():
    end = random_playout(new_game(4, seed=8, edition="bluff"), seed=8)
    texts = [e.text() for e in end.events]
    assert texts and all(isinstance(t, str) and t for t in texts)
    assert texts[-1].startswith("Game over")


def test_money_and_animals_accessors():
    s = new_game(3, seed=1, first_player=0)
    assert s.money(0) == (0, 0, 10, 10, 10, 10, 50) and s.money_total(0) == 90
    assert s.card_count(0) == 7 and s.animals(0) == {} and s.families(0) == ()
    with pytest.raises(InvalidSetupError):
        s.money(3)


def test_state_is_a_gamestate():
    assert isinstance(new_game(3, seed=1), GameState)
