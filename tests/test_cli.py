"""The ``kuhtheory`` command line (kuhtheory.cli): main(argv) directly, and as a subprocess."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from kuhtheory import record as rec
from kuhtheory.cli import build_parser, main
from kuhtheory.cli.simulate import parse_bots, simulation_summary
from kuhtheory.errors import InvalidSetupError
from kuhtheory.game import get_game
from kuhtheory.progress import Progress, render

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = resources.files("kuhtheory") / "data" / "records"


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_process(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "kuhtheory", *argv],
        capture_output=True,
        text=True,
        env=env,
        input=stdin,
        timeout=120,
        cwd=ROOT,
    )


# ----- simulate ----------------------------------------------------------------------------------
def test_simulate_json_fields(capsys):
    status, out, err = run_main(
        capsys,
        "simulate",
        "--edition",
        "classic",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "5",
        "--bots",
        "random,heuristic,random",
        "--json",
    )
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["edition"] == "classic" and data["players"] == 3
    assert data["bots"] == ["random", "heuristic", "random"]
    games = data["games"]
    assert [g["seed"] for g in games] == [5, 6, 7, 8]  # game i uses seed + i
    for g in games:
        assert set(g) >= {
            "seed",
            "edition",
            "variants",
            "players",
            "turns",
            "winner",
            "scores",
            "families",
            "bonus",
            "money",
        }
        assert len(g["scores"]) == 3 and len(g["money"]) == 3 and len(g["families"]) == 3
        assert sorted(sum(g["families"], [])) == sorted(
            ["rooster", "goose", "cat", "dog", "sheep", "goat", "donkey", "pig", "cow", "horse"]
        )
        assert g["bonus"] is None  # classic has no dove
    summary = data["summary"]
    assert summary["games"] == 4
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(4)
    assert summary["bots"]["random"]["seats"] == 2


def test_simulate_is_reproducible_and_one_game_replays_alone(capsys):
    _, out1, _ = run_main(capsys, "simulate", "--games", "3", "--seed", "10", "--json")
    _, out2, _ = run_main(capsys, "simulate", "--games", "1", "--seed", "12", "--json")
    assert json.loads(out1)["games"][2] == json.loads(out2)["games"][0]


def test_simulate_dove_and_variants(capsys):
    status, out, _ = run_main(capsys, "simulate", "--edition", "first", "--games", "3", "--json")
    assert status == 0
    games = json.loads(out)["games"]
    assert any(g["bonus"] is not None for g in games)  # the first edition's dove (500)
    status, out, _ = run_main(
        capsys,
        "simulate",
        "--edition",
        "2025",
        "--variant",
        "no-kidding",
        "--variant",
        "donkey-100",
        "--games",
        "2",
        "--json",
    )
    assert status == 0
    assert json.loads(out)["games"][0]["variants"] == ["no-kidding", "donkey-100"]


def test_simulate_text_summary(capsys):
    status, out, err = run_main(capsys, "simulate", "--games", "3", "--bots", "heuristic")
    assert status == 0
    assert "4 players, 3 games (seeds 1..3)" in out
    assert out.count("heuristic") == 4
    assert "games/s" in out
    assert err == ""  # no progress bar when stderr is not a terminal


def test_solve_trade_no_timing_leaves_out_the_solve_time(capsys):
    args = ("solve", "trade", "--a", "0,10,50", "--b", "10,10", "--value", "60")
    timed, untimed = run_main(capsys, *args)[1], run_main(capsys, *args, "--no-timing")[1]
    assert " ms" in timed and " ms" not in untimed
    assert untimed == re.sub(r"; [\d.]+ ms", "", timed)


def test_simulate_no_timing_prints_the_same_every_run(capsys):
    args = ("simulate", "--games", "2", "--bots", "heuristic", "--no-timing")
    first, second = run_main(capsys, *args)[1], run_main(capsys, *args)[1]
    assert first == second and "games/s" not in first and "mean actions" in first


def test_simulate_writes_records_that_replay(capsys, tmp_path):
    status, out, _ = run_main(
        capsys,
        "simulate",
        "--games",
        "2",
        "--seed",
        "3",
        "--players",
        "5",
        "--bots",
        "heuristic,random,random,random,heuristic",
        "--record",
        str(tmp_path / "recs"),
        "--json",
    )
    assert status == 0
    games = json.loads(out)["games"]
    for g in games:
        record = rec.load(tmp_path / "recs" / f"kuhhandel-{g['seed']}.json")
        assert record["seats"] == ["heuristic", "random", "random", "random", "heuristic"]
        assert list(rec.replay(record).scores()) == g["scores"]


def test_simulate_schnaeppchen_through_get_game(capsys):
    status, out, _ = run_main(
        capsys,
        "simulate",
        "--game",
        "schnaeppchen",
        "--players",
        "3",
        "--games",
        "2",
        "--bots",
        "greedy",
        "--json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["game"] == "schnaeppchen" and data["edition"] is None
    assert len(data["games"][0]["scores"]) == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--edition", "chess"], "unknown edition 'chess'"),
        (["simulate", "--variant", "turbo"], "unknown variant 'turbo'"),
        (["simulate", "--variant", "quick", "--edition", "2025"], "variant 'quick' belongs to"),
        (["simulate", "--players", "6"], "players=6 is not possible"),
        (["simulate", "--players", "2"], "players=2 is not possible"),
        (["simulate", "--bots", "random,clever"], "unknown bot 'clever'"),
        (["simulate", "--bots", "random,random"], "names 2 bots for 4 players"),
        (["simulate", "--games", "0"], "--games 0 must be at least 1"),
        (["simulate", "--game", "chess"], "unknown game 'chess'"),
        (["simulate", "--game", "schnaeppchen", "--edition", "2025"], "Kuhhandel options"),
        (["rules", "--edition", "chess"], "unknown edition 'chess'"),
        (["rules", "--edition", "classic", "--variant", "no-kidding"], "belongs to 2025"),
        (["replay", "/no/such/record.json"], "cannot read record"),
    ],
)
def test_bad_input_is_one_error_line(capsys, argv, message):
    status, out, err = run_main(capsys, *argv)
    assert status == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("kuhtheory: error: ") and message in lines[0]


def test_parse_bots():
    spec = get_game("kuhhandel")
    assert parse_bots("heuristic", 3, spec) == ["heuristic"] * 3
    assert parse_bots(" Random ,heuristic,random", 3, spec) == ["random", "heuristic", "random"]
    with pytest.raises(InvalidSetupError, match="empty bot name"):
        parse_bots("random,,random", 3, spec)


def test_simulation_summary_counts_a_shared_win_as_a_fraction():
    games = [
        {"winners": [0, 1], "scores": [10, 10, 0], "actions": 5, "turns": 2},
        {"winners": [2], "scores": [0, 0, 30], "actions": 7, "turns": 4},
    ]
    s = simulation_summary(games, ["a", "b", "a"])
    assert [row["wins"] for row in s["seats"]] == [0.5, 0.5, 1.0]
    assert s["bots"]["a"] == {
        "seats": 2,
        "wins": 1.5,
        "win_rate_per_seat": 0.375,
        "mean_score": 10.0,
    }
    assert s["mean_turns"] == 3 and s["mean_actions"] == 6


# ----- replay ------------------------------------------------------------------------------------
def test_replay_narrates_a_shipped_record(capsys):
    path = SHIPPED / "classic-preemption.json"
    status, out, err = run_main(capsys, "replay", str(path))
    assert status == 0 and err == ""
    record = rec.load(path)
    assert f"{len(record['actions'])} actions, every one legal" in out
    assert "preempts" in out  # K-AUC-4, the engine's event text
    assert "final scores:" in out


def test_replay_json_final_state(capsys):
    path = SHIPPED / "bluff-buy-back.json"
    status, out, _ = run_main(capsys, "replay", str(path), "--json")
    assert status == 0
    data = json.loads(out)
    state = rec.replay(rec.load(path))
    assert data["scores"] == list(state.scores())
    assert data["winners"] == list(state.winners())
    assert data["money_totals"] == [state.money_total(p) for p in range(state.players)]
    assert data["families"] == [
        [a.name.lower() for a in state.families(p)] for p in range(state.players)
    ]
    assert set(data) >= {"money", "animals", "bonus", "terminal"}


def test_replay_refuses_a_tampered_record(capsys, tmp_path):
    record = rec.load(SHIPPED / "classic-tie-reoffer.json")
    record["result"]["scores"][0] += 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record))
    status, out, err = run_main(capsys, "replay", str(path))
    assert status == 2 and out == ""
    assert err.startswith("kuhtheory: error: record.result.scores") and err.count("\n") == 1


def test_replay_refuses_an_illegal_action(capsys, tmp_path):
    record = rec.load(SHIPPED / "2025-double-move.json")
    record["actions"][0] = {"type": "bid", "player": 0, "amount": 10}
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record))
    status, _, err = run_main(capsys, "replay", str(path))
    assert status == 2
    assert err.startswith("kuhtheory: error: action 0 Bid(player=0, amount=10): ")


def test_replay_refuses_broken_json(capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": ')
    status, _, err = run_main(capsys, "replay", str(path))
    assert status == 2 and "not valid JSON" in err


# ----- rules -------------------------------------------------------------------------------------
def test_rules_json_is_describe(capsys):
    from kuhtheory.editions import get_edition

    status, out, _ = run_main(
        capsys, "rules", "--edition", "2025", "--variant", "no-kidding", "--json"
    )
    assert status == 0
    assert json.loads(out) == get_edition("2025", ["no-kidding"]).describe()


def test_rules_text(capsys):
    status, out, _ = run_main(capsys, "rules", "--edition", "bluff")
    assert status == 0
    assert "[bluff]" in out and "preemption" in out and "variants of bluff: super-trade" in out


# ----- solve -------------------------------------------------------------------------------------
def test_solve_group_lists_its_children(capsys):
    status, out, _ = run_main(capsys, "solve", "--help")
    assert status == 0
    assert "SOLVER" in out


def test_solve_children_come_from_the_solver_modules(capsys):
    status, out, _ = run_main(capsys, "solve", "kuhn")
    assert status == 0 and "-1/18" in out  # Kuhn (1950)
    status, out, err = run_main(capsys, "solve", "trade", "--a", "foo", "--b", "10", "--value", "5")
    assert status == 2 and out == "" and err.startswith("kuhtheory: error: ")
    assert err.count("\n") == 1


def test_help_exits_zero(capsys):
    status, out, _ = run_main(capsys, "--help")
    assert status == 0
    for command in ("simulate", "replay", "rules", "solve"):
        assert command in out


def test_argparse_errors_return_2(capsys):
    status, _, err = run_main(capsys, "simulate", "--players", "four")
    assert status == 2 and "invalid int value" in err


# ----- as a real process -------------------------------------------------------------------------
def test_subprocess_simulate_and_errors(tmp_path):
    done = run_process("simulate", "--games", "2", "--json", "--record", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["games"]) == 2
    assert done.stderr == ""
    bad = run_process("simulate", "--edition", "chess")
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "kuhtheory: error: unknown edition 'chess': choose one of classic, 2025, first, bluff"
    ]
    assert "Traceback" not in bad.stderr
    bad = run_process("simulate", "--players", "6")
    assert bad.returncode == 2 and bad.stderr.startswith("kuhtheory: error: players=6")


def test_subprocess_replay_from_stdin_and_malformed(tmp_path):
    text = (SHIPPED / "classic-insolvent-bidder.json").read_text("utf-8")
    done = run_process("replay", "-", "--json", stdin=text)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["terminal"] is True
    bad = run_process("replay", "-", stdin='{"format": "kuhtheory-record", "version": 1}')
    assert bad.returncode == 2
    assert bad.stderr.strip() == "kuhtheory: error: record: missing field 'game'"


# ----- the progress bar --------------------------------------------------------------------------
class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_only_on_a_terminal():
    quiet = io.StringIO()
    with Progress(5, stream=quiet) as bar:
        for _ in range(5):
            bar.update()
    assert quiet.getvalue() == "" and bar.done == 5
    tty = _Terminal()
    with Progress(5, stream=tty) as bar:
        for _ in range(5):
            bar.update()
    text = tty.getvalue()
    assert text.startswith("\r[") and text.endswith("\n")
    assert "5/5" in text


def test_render():
    assert render(0, 4, 0.0, width=4) == "[....]  0/4  0.0/s"
    assert render(4, 4, 2.0, width=4) == "[####]  4/4  2.0/s"


# ----- help texts, --version, --exact ----------------------------------------------------------
SPHINX_MARKUP = re.compile(r":(func|mod|class|meth|attr|ref|doc|data):|``|\{py:|\{cite")


def _all_parsers() -> dict[str, argparse.ArgumentParser]:
    """Every parser of the command, by its command line: "", "play", "solve trade", ..."""
    found = {"": build_parser(solvers=True)}
    todo = [("", found[""])]
    while todo:
        name, parser = todo.pop()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child, sub in action.choices.items():
                    full = f"{name} {child}".strip()
                    found[full] = sub
                    todo.append((full, sub))
    return found


def test_help_texts_are_plain_words_without_sphinx_markup():
    parsers = _all_parsers()
    assert {"play", "simulate", "replay", "rules", "tournament", "solve trade"} <= set(parsers)
    for name, parser in parsers.items():
        text = parser.format_help()
        assert not SPHINX_MARKUP.search(text), (name, SPHINX_MARKUP.search(text))
        assert parser.description, f"kuhtheory {name} has no description"


def test_top_level_help_lists_exactly_the_commands(capsys):
    status, out, _ = run_main(capsys, "--help")
    assert status == 0
    listed = set(re.findall(r"^    (\w+)", out, re.M))
    commands = {n for n in _all_parsers() if n and " " not in n}
    expected = {
        "play",
        "simulate",
        "replay",
        "coach",
        "rules",
        "tournament",
        "trajectories",
        "solve",
    }
    assert listed == commands == expected
    for word in ("play a game against bots", "replay", "rules", "solve", "tournaments"):
        assert word in out


def test_version(capsys):
    from kuhtheory import __version__

    status, out, _ = run_main(capsys, "--version")
    assert status == 0 and out.strip() == f"kuhtheory {__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_exact_prints_every_probability_as_a_fraction(capsys):
    status, out, _ = run_main(capsys, "solve", "kuhn", "--exact")
    assert status == 0
    # Kuhn's equilibrium family: the first player bets a Jack with 1/3 (Kuhn 1950)
    assert "J after 'start': check 2/3, bet 1/3" in out and "value to the first player -1/18" in out
    assert not re.search(r"\d\.\d{3}", out.split("Exploitability")[0])
    status, out, _ = run_main(
        capsys, "solve", "trade", "--edition", "classic", "--a", "0,0,10,10,10,10,50",
        "--b", "0,10,10,50", "--value", "100", "--exact",
    )  # fmt: skip
    assert status == 0 and "Value to A: 55 (exact)" in out
    assert "4 cards = 20: 1/2" in out and "4: accept 2/5; counter 50: 7/20, 70: 1/4" in out
    table = out.split("Verified")[0]
    assert not re.search(r"\d\.\d{3}", table), table
    status, floats, _ = run_main(
        capsys, "solve", "trade", "--edition", "classic", "--a", "0,0,10,10,10,10,50",
        "--b", "0,10,10,50", "--value", "100",
    )  # fmt: skip
    assert "4 cards = 20: 0.500" in floats  # without --exact: decimals


def test_exact_json_carries_the_fractions(capsys):
    status, out, _ = run_main(capsys, "solve", "kuhn", "--exact", "--json")
    data = json.loads(out)
    assert data["probabilities_exact"]["J  | bet"] == "1/3"
    status, out, _ = run_main(
        capsys, "solve", "trade", "--edition", "2025", "--a", "0,10@1/2;10,10@1/2", "--b", "10",
        "--value", "30", "--exact", "--json",
    )  # fmt: skip
    (table,) = json.loads(out)["probabilities_exact"]
    assert table["reply 1 | accept"] == "2/3" and table["offer (0, 10) | 1 card = 0"] == "2/3"


def test_rules_in_a_players_words(capsys):
    status, out, _ = run_main(capsys, "rules", "--edition", "bluff")
    assert status == 0
    assert "Answering a trade: B may not accept: he must counter-offer" in out
    assert "Parameters" in out and "responder_may_accept" in out


def test_the_readme_command_examples_parse_and_make_their_record_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Every ``kuhtheory ...`` line of the README parses with the real parser, and the record that
    ``replay`` reads is written by an earlier ``simulate --record`` line (which really works)."""
    import shlex

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## The command line", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    lines = [ln.split("#", 1)[0].strip() for ln in block.splitlines() if ln.startswith("kuhtheory")]
    assert len(lines) >= 9
    parser = build_parser(solvers=True)
    for line in lines:
        parser.parse_args(shlex.split(line)[1:])
    commands = [shlex.split(line)[1] for line in lines]
    assert "play" in commands and "replay" in commands
    record_line = next(ln for ln in lines if " --record " in ln and "simulate" in ln)
    replay_line = next(ln for ln in lines if ln.startswith("kuhtheory replay"))
    assert lines.index(record_line) < lines.index(replay_line)
    # run the pair in a scratch directory: the replayed file is the one simulate wrote
    simulate = shlex.split(record_line)[1:]
    replay = shlex.split(replay_line)[1:]
    monkeypatch.chdir(tmp_path)
    assert main([*simulate, "--no-progress"]) == 0
    assert main(replay) == 0
