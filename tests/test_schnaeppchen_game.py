"""Schnäppchen Jagd through the collection's GameSpec, as records and the command line use it."""

from __future__ import annotations

import json

import pytest

from kuhtheory.agents import agent_names, make_agent
from kuhtheory.errors import InvalidActionError
from kuhtheory.game import GameSpec, get_game
from kuhtheory.games import schnaeppchen
from kuhtheory.games.schnaeppchen import GAME, summary
from kuhtheory.games.schnaeppchen.analysis import play_game


def test_get_game_finds_the_spec() -> None:
    spec = get_game("Schnaeppchen")
    assert spec is GAME and isinstance(spec, GameSpec)
    assert agent_names("schnaeppchen") == ("random", "greedy")
    assert spec.title == "Schnäppchen Jagd"


def test_a_game_round_trips_through_json_setup_and_actions() -> None:
    spec = get_game("schnaeppchen")
    state = play_game(
        3,
        [
            make_agent(n, i, game="schnaeppchen")
            for i, n in enumerate(("greedy", "random", "greedy"))
        ],
        9,
    )
    record = json.loads(
        json.dumps(
            {
                "players": state.players,
                "seed": state.seed,
                "setup": spec.setup_of(state),
                "actions": [spec.action_to_json(a) for a in state.history],
            }
        )
    )
    replay = spec.new_game(players=record["players"], seed=record["seed"], **record["setup"])
    for data in record["actions"]:
        replay = replay.apply(spec.action_from_json(data))
    assert replay == state and replay.scores() == state.scores()


def test_summary_is_json_ready_and_adds_up() -> None:
    state = play_game(4, [make_agent("greedy", i, game="schnaeppchen") for i in range(4)], seed=3)
    data = json.loads(json.dumps(summary(state)))
    assert data["game"] == "schnaeppchen" and data["over"] is True
    assert data["winners"] == list(state.winners())
    for row in data["players"]:
        assert row["score"] == row["bargain"] - row["junk"]
        assert row["collecting"] == state.collecting(row["seat"])
        assert 0 <= row["super_offers"] <= 2
    assert sum(r["super_offers"] for r in data["players"]) <= 2
    with pytest.raises(InvalidActionError, match="not a Schnäppchen Jagd state"):
        summary(object())


def test_events_narrate_the_game_in_order() -> None:
    state = play_game(3, [make_agent("greedy", i, game="schnaeppchen") for i in range(3)], seed=1)
    lines = [event.text() for event in state.events]
    assert lines[0].startswith("Round 1: seat ") and lines[-1].startswith("Game over")
    assert sum("wins the trick" in line for line in lines) == len(
        [e for e in state.events if type(e).__name__ == "TrickWon"]
    )
    assert any("reveals" in line for line in lines)


def test_package_exports() -> None:
    for name in schnaeppchen.__all__:
        assert hasattr(schnaeppchen, name)
