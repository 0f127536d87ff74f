"""Records as trajectories (kuhtheory.interop.trajectories and ``kuhtheory trajectories``): the
steps are the PettingZoo environment's own observations, masks and actions, and they replay to
the record's game."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.cli import main
from kuhtheory.engine import Auction, Bid, new_game
from kuhtheory.errors import InvalidRecordError, InvalidSetupError
from kuhtheory.interop.coded import CodedState
from kuhtheory.interop.trajectories import (
    FORMAT,
    bot_trajectories,
    check_trajectory,
    read_trajectories,
    trajectory_from_record,
    write_trajectories,
)
from kuhtheory.record import record_from_state, replay, save


@pytest.fixture(scope="module")
def bot_game() -> dict:
    return next(bot_trajectories(["heuristic", "random", "equilibrium"], games=1, seed=5))


def test_a_bot_game_replays_from_its_codes(bot_game: dict) -> None:
    t = bot_game
    assert t["format"] == FORMAT and t["terminal"] is True
    setup = t["setup"]
    g = CodedState.start(new_game(**setup))
    for step in t["steps"]:
        assert step["player"] == g.current_player
        assert step["legal_actions"] == list(g.legal_codes())
        g = g.apply(step["action"])
    end = g.state
    assert end.is_terminal and list(end.scores()) == t["scores"]
    assert t["winners"] == list(end.winners())
    assert sum(t["returns"]) == pytest.approx(1.0)
    assert t["seats"] == ["heuristic", "random", "equilibrium"]


def test_the_steps_are_what_the_pettingzoo_environment_shows(bot_game: dict) -> None:
    pettingzoo = pytest.importorskip("kuhtheory.interop.pettingzoo")
    t = bot_game
    e = pettingzoo.raw_env(players=3)
    e.reset(seed=t["setup"]["seed"])
    assert e.game.state == new_game(**t["setup"])
    for step in t["steps"]:
        agent = e.agent_selection
        assert agent == f"player_{step['player']}"
        obs = e.observe(agent)
        assert obs["observation"].tolist() == step["observation"]
        assert np.flatnonzero(obs["action_mask"]).tolist() == step["legal_actions"]
        e.step(step["action"])
    assert all(e.terminations.values())


def test_observations_as_text_or_none() -> None:
    s = new_game(players=3, seed=4, first_player=0).apply(Auction(0))
    record = record_from_state(s)
    text = trajectory_from_record(record, observations="string")
    assert text["steps"][0]["observation"].startswith("P0 (classic), turn, P0 to act")
    assert text["encoding"]["observation_size"] is None
    bare = trajectory_from_record(record, observations="none")
    assert bare["steps"] == [{"player": 0, "legal_actions": [0], "action": 0}]
    with pytest.raises(InvalidSetupError, match="observations='pixels'"):
        trajectory_from_record(record, observations="pixels")


def test_an_action_without_a_code_is_refused_by_its_index() -> None:
    s = new_game(players=3, seed=4, first_player=0).apply(Auction(0)).apply(Bid(1, 35))
    record = record_from_state(s)
    assert replay(record) == s  # a legal game (classic: any raise), but 35 is not listed
    with pytest.raises(
        InvalidRecordError, match=r"action 1 Bid\(player=1, amount=35\): .* has no action code"
    ):
        trajectory_from_record(record)


def test_only_kuhhandel_records_have_trajectories() -> None:
    from kuhtheory.game import get_game

    spec = get_game("schnaeppchen")
    record = record_from_state(spec.new_game(players=3, seed=1))
    with pytest.raises(InvalidRecordError, match="'schnaeppchen' has no action encoding"):
        trajectory_from_record(record)


def test_write_and_read_back(tmp_path: Path, bot_game: dict) -> None:
    path = tmp_path / "t.jsonl"
    assert write_trajectories([bot_game, bot_game], path) == 2
    back = list(read_trajectories(path))
    assert back == [bot_game, bot_game]


def test_a_broken_trajectory_is_refused_naming_the_field(bot_game: dict, tmp_path: Path) -> None:
    bad = json.loads(json.dumps(bot_game))
    bad["steps"][3]["action"] = 9999
    with pytest.raises(
        InvalidRecordError, match=r"trajectory.steps\[3\].action: 9999 is not a legal action"
    ):
        check_trajectory(bad)
    short = json.loads(json.dumps(bot_game))
    short["steps"][0]["observation"] = [0]
    with pytest.raises(InvalidRecordError, match=r"steps\[0\].observation: must hold \d+ numbers"):
        check_trajectory(short)
    with pytest.raises(InvalidRecordError, match="version: 2 must be 1"):
        check_trajectory({**bot_game, "version": 2})
    path = tmp_path / "bad.jsonl"
    path.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(InvalidRecordError, match="bad.jsonl, line 1: not JSON"):
        list(read_trajectories(path))


def test_the_command_writes_one_line_per_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = []
    for seed in (1, 2):
        state = play(
            new_game(3, seed), [make_agent("random", agent_seed(seed, k)) for k in range(3)]
        )
        records.append(save(record_from_state(state, ["random"] * 3), tmp_path / f"g{seed}.json"))
    out = tmp_path / "games.jsonl"
    assert (
        main(["trajectories", *map(str, records), "--out", str(out), "--observations", "none"]) == 0
    )
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and "2 trajectories" in capsys.readouterr().out
    assert json.loads(lines[0])["setup"]["seed"] == 1
    missing = tmp_path / "none.jsonl"
    assert (
        main(["trajectories", str(records[0]), str(tmp_path / "nope.json"), "--out", str(missing)])
        == 2
    )
    assert "cannot read record" in capsys.readouterr().err and not missing.exists()
