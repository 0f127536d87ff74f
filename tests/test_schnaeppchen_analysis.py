"""Simulation helpers for the Schnäppchen Jagd notebook: plain data, consistent figures."""

from __future__ import annotations

import json
import math
import random

import pytest

from kuhtheory.errors import InvalidActionError
from kuhtheory.games.schnaeppchen.agents import GreedyAgent
from kuhtheory.games.schnaeppchen.analysis import (
    declaration_log,
    declaration_table,
    option_values,
    play_game,
    policy_experiment,
    sample_world,
    simulate,
)
from kuhtheory.games.schnaeppchen.state import new_game


def test_simulate_returns_consistent_plain_data() -> None:
    result = simulate(players=4, games=3, agents=["greedy", "random", "greedy", "random"], seed=5)
    json.dumps(result)
    assert result["agents"] == ["greedy", "random", "greedy", "random"]
    assert len(result["scores"]) == 3 and all(len(s) == 4 for s in result["scores"])
    for seat in range(4):
        mean = sum(s[seat] for s in result["scores"]) / 3
        assert math.isclose(result["mean_score"][seat], mean)
        assert math.isclose(
            result["mean_bargain"][seat] - result["mean_junk"][seat], result["mean_score"][seat]
        )
    assert math.isclose(sum(result["win_share"]), 1.0)


def test_simulate_accepts_agent_factories_and_is_reproducible() -> None:
    factory = lambda seed: GreedyAgent(seed, reveal="lowest")  # noqa: E731
    a = simulate(players=3, games=2, agents=[factory, "random", "random"], seed=1)
    b = simulate(players=3, games=2, agents=[factory, "random", "random"], seed=1)
    assert a == b and a["agents"][0] == "<lambda>"


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"players": 5}, "S-ROUND-1"),
        ({"games": 0}, "games=0"),
        ({"agents": ["greedy"]}, "need one per seat"),
    ],
)
def test_simulate_refuses_bad_input(kwargs: dict, match: str) -> None:
    with pytest.raises(InvalidActionError, match=match):
        simulate(**kwargs)


def test_play_game_needs_one_agent_per_seat() -> None:
    with pytest.raises(InvalidActionError, match="2 agents for 3 players"):
        play_game(3, [GreedyAgent(0), GreedyAgent(1)], seed=0)


def test_policy_experiment_compares_policies_on_the_same_deals() -> None:
    result = policy_experiment("trump", players=3, games=3, policies=["value", "never"], seed=2)
    assert set(result) == {"value", "never"}
    for row in result.values():
        assert set(row) == {"mean_score", "stderr", "win_share"}
        assert 0 <= row["win_share"] <= 1
    reveal = policy_experiment("reveal", players=4, games=2, policies=["most"], seed=2)
    assert set(reveal) == {"most"}
    with pytest.raises(InvalidActionError, match="knob='colour'"):
        policy_experiment("colour")
    with pytest.raises(InvalidActionError, match="'always'"):
        policy_experiment("reveal", policies=["always"])


def test_declaration_log_records_only_real_choices() -> None:
    records = declaration_log(players=3, games=2, seed=7)
    assert records
    for r in records:
        assert 1 <= r["value"] <= 9 and 1 <= r["position"] <= 2
        assert r["won"] or r["worth"] == 0
    table = declaration_table(records)
    assert sum(row["count"] for row in table) == len(records)
    assert all(0 <= row["win_rate"] <= 1 for row in table)


def test_sample_world_looks_the_same_to_the_player() -> None:
    state = new_game(players=4, seed=3)
    bots = [GreedyAgent(i) for i in range(4)]
    for _ in range(30):
        seat = state.current_player
        state = state.apply(bots[seat].act(state.observation(seat), state.legal_actions()))
    rng = random.Random(1)
    player = state.current_player
    worlds = [sample_world(state, player, rng) for _ in range(5)]
    for world in worlds:
        assert world.observation(player) == state.observation(player)
        assert world.all_cards() == state.all_cards()
    assert len({w.hands for w in worlds}) > 1 and len({w.seed for w in worlds}) > 1


def test_option_values_gives_one_row_per_legal_action() -> None:
    state = new_game(players=3, seed=8)
    rows = option_values(state, samples=2, seed=1, agents=["greedy", "random", "random"])
    assert [r["text"] for r in rows] == [repr(a) for a in state.legal_actions()]
    assert all(math.isfinite(r["mean_score"]) and r["mean_margin"] <= 60 for r in rows)
    json.dumps(rows)


def test_option_values_refuses_bad_input() -> None:
    state = new_game(players=3, seed=8)
    with pytest.raises(InvalidActionError, match="samples=0"):
        option_values(state, samples=0)
    with pytest.raises(InvalidActionError, match="need one per seat"):
        option_values(state, agents=["greedy"])
    end = play_game(3, [GreedyAgent(i) for i in range(3)], seed=1)
    with pytest.raises(InvalidActionError, match="game is over"):
        option_values(end)
