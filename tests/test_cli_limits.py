"""The command line under attack (issue 16): a run never lost to one game, every error one line
and exit 2, output paths checked before the work, solver inputs bounded, tournaments chunked
lazily, ``--jobs`` capped, ``simulate`` streaming its games."""

from __future__ import annotations

import json
import re
import time
from concurrent.futures import Future

import pytest

from kuhtheory import tournament
from kuhtheory.cli import main
from kuhtheory.cli import simulate as simulate_cli
from kuhtheory.cli.tournament import worker_count
from kuhtheory.errors import InvalidSetupError


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_error_line(err: str, pattern: str) -> None:
    assert err.startswith("kuhtheory: error: ") and err.count("\n") == 1, err[:600]
    assert len(err) < 1100
    assert re.search(pattern, err), err


# ----- item 2: never lose a run to one game -------------------------------------------------------
def test_simulate_counts_games_stopped_at_the_limit_and_goes_on(capsys):
    argv = ("simulate", "--games", "3", "--seed", "4", "--players", "3", "--max-actions", "40")
    status, out, err = run(capsys, *argv, "--no-timing")
    assert status == 0, err
    assert "3 game(s) stopped unfinished after 40 actions, nobody wins them (seeds 4, 5, 6)" in out
    status, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert [g["finished"] for g in data["games"]] == [False] * 3
    assert all(g["winners"] == [] and g["actions"] == 40 for g in data["games"])
    summary = data["summary"]
    assert summary["unfinished"] == 3 and summary["unfinished_seeds"] == [4, 5, 6]
    assert sum(row["wins"] for row in summary["seats"]) == 0


def test_simulate_json_mixes_finished_and_unfinished_games(capsys):
    _, out, _ = run(capsys, "simulate", "--games", "4", "--players", "3", "--json")
    longest = max(g["actions"] for g in json.loads(out)["games"])
    argv = ["simulate", "--games", "4", "--players", "3", "--json", "--max-actions", str(longest)]
    _, out, _ = run(capsys, *argv)
    games = json.loads(out)["games"]
    assert any(g["finished"] for g in games)
    _, out, _ = run(capsys, *argv[:-1], str(longest - 1))
    data = json.loads(out)
    assert data["summary"]["unfinished"] == sum(1 for g in data["games"] if not g["finished"]) >= 1


def test_a_tournament_counts_its_unfinished_games(capsys):
    status, out, _ = run(
        capsys,
        "tournament",
        "--bots",
        "random",
        "--players",
        "3",
        "--games",
        "4",
        "--jobs",
        "1",
        "--max-actions",
        "30",
        "--no-progress",
    )
    assert status == 0
    # each is listed with its seed, so it can be played again alone
    listed = re.search(r"4 game\(s\) stopped unfinished \(nobody wins them\): seeds (.*)", out)
    assert listed and len(listed.group(1).split(", ")) == 4


def test_a_tournament_lists_its_unfinished_games_with_seed_and_seats():
    result = tournament.run_tournament(
        ["heuristic", "random", "random"], games=6, seed=3, jobs=1, max_actions=30
    )
    assert result.unfinished == 6 and len(result.unfinished_games(limit=4)) == 4
    listed = result.to_json()["unfinished_games"]
    assert [g["seed"] for g in listed] == [g.seed for g in result.games]
    assert all(sorted(g["seats"]) == ["heuristic", "random", "random"] for g in listed)


def test_simulate_counts_the_games_the_house_rule_ended(capsys):
    # the run: 3 of its 100 five-player 2025 games deadlock; K-HOUSE-1 ends them
    argv = ["simulate", "--edition", "2025", "--players", "5", "--games", "100", "--seed", "1"]
    status, out, err = run(capsys, *argv, "--bots", "heuristic", "--no-timing")
    assert status == 0 and err == ""
    assert "3 game(s) ended by the house rule K-HOUSE-1" in out and "unfinished" not in out
    status, out, _ = run(capsys, *argv, "--bots", "heuristic", "--json")
    data = json.loads(out)
    ended = [g["seed"] for g in data["games"] if g["ended_by_repetition"]]
    assert data["summary"]["ended_by_repetition"] == len(ended) == 3 and 63 in ended


# ----- item 5: simulate streams -------------------------------------------------------------------
def test_simulate_prints_each_game_before_playing_the_next(capsys, monkeypatch):
    seen_before_each_game: list[int] = []
    real_play = simulate_cli.play

    def watching(state, agents, **kwargs):
        out = capsys.readouterr().out
        seen_before_each_game.append(out.count('"finished": '))
        return real_play(state, agents, **kwargs)

    monkeypatch.setattr(simulate_cli, "play", watching)
    assert main(["simulate", "--games", "3", "--players", "3", "--json", "--seed", "9"]) == 0
    # before game k, the k games played so far were already written out (capsys drains them)
    assert seen_before_each_game == [0, 1, 1]


def test_simulate_holds_a_tally_not_the_games():
    tally = simulate_cli.Tally(["a", "b", "a"])
    for k in range(10_000):
        tally.add({"winners": [k % 3], "scores": [1, 2, 3], "actions": 5, "turns": 2, "seed": k})
    assert not any(isinstance(v, list) and len(v) > 3 for v in vars(tally).values())
    assert tally.summary()["games"] == 10_000


# ----- item 5: tournaments chunked lazily, --jobs capped ------------------------------------------
class CountingExecutor:
    """Runs each submitted chunk at once, but only when the runner asks for its result, and
    records how many chunks were submitted and not yet asked for."""

    def __init__(self):
        self.pending = 0
        self.most = 0

    def submit(self, fn, job):
        self.pending += 1
        self.most = max(self.most, self.pending)
        fut: Future = Future()
        fut.set_result(fn(job))
        fut.add_done_callback(lambda _: None)
        return _Counted(fut, self)


class _Counted(Future):
    def __init__(self, fut, owner):
        super().__init__()
        self._owner = owner
        self.set_result(fut.result())

    def result(self, timeout=None):
        self._owner.pending -= 1
        return super().result(timeout)


def test_a_tournament_keeps_few_chunks_in_flight():
    pool = CountingExecutor()
    r = tournament.run_tournament(
        ["random"] * 3, games=40, seed=1, executor=pool, jobs=2, chunk_size=1
    )
    assert len(r.games) == 40 and [g.index for g in r.games] == list(range(40))
    assert pool.most <= 4  # 2 x jobs, not 40


def test_chunks_are_made_lazily():
    parts = tournament.chunks(10**12, 50)
    assert next(parts) == tuple(range(50)) and next(parts)[0] == 50


def test_a_billion_games_is_refused_at_once(capsys):
    start = time.perf_counter()
    status, _, err = run(capsys, "tournament", "--games", "1000000000", "--no-progress")
    one_error_line(err, r"games=1000000000 must be a whole number from 1 to 1000000")
    assert status == 2 and time.perf_counter() - start < 10


def test_jobs_are_capped_at_the_cores_unless_forced(capsys, monkeypatch):
    assert worker_count(None, cores=1) == 1 and worker_count(None, cores=8) == 2
    assert worker_count(64, cores=2) == 2
    assert worker_count(64, force=True, cores=2) == 64
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    argv = ["tournament", "--bots", "random", "--players", "3", "--games", "1", "--jobs", "64"]
    assert main([*argv, "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert "with 1 job(s) (--jobs 64 capped at this machine's cores" in out and err == ""
    with pytest.raises(InvalidSetupError, match="at least one"):
        worker_count(0)
    with pytest.raises(InvalidSetupError, match="--jobs 100000 --force-jobs: at most 256"):
        worker_count(100_000, force=True)
    status, out, err = run(capsys, "tournament", "--jobs", "100000", "--force-jobs", "--games", "1")
    assert status == 2 and out == ""
    one_error_line(err, "--jobs 100000 --force-jobs: at most 256 worker processes")
    with pytest.raises(InvalidSetupError, match="jobs=100000 must be a whole number from 1 to 256"):
        tournament.run_tournament(["random"] * 3, games=1, jobs=100_000)


# ----- item 5: every error one line, exit 2 -------------------------------------------------------
FIFTY = ",".join(["100"] * 50)
#: All the money of a classic deck: two such hands took 27 s and 3.8 GB to solve (the trade
#: solver now refuses them: kuhtheory.solvers.trade.MAX_ROUND_CELLS).
DECK = ",".join(["0"] * 10 + ["10"] * 20 + ["50"] * 10 + ["100"] * 5 + ["200"] * 5 + ["500"] * 5)


@pytest.mark.parametrize(
    ("argv", "pattern"),
    [
        (["solve", "trade", "--a", "0,10", "--b", "10", "--value", "1/0"], "denominator 0"),
        (["solve", "trade", "--a", "0,10@1/0;10@1/2", "--b", "10", "--value", "1"], "denomina"),
        (["solve", "trade", "--a", "0,10", "--b", "10", "--value", "1e1000"], "out of range"),
        (["solve", "trade", "--a", "0,10", "--b", "10", "--value", "1e-9999999"], "out of range"),
        (["solve", "trade", "--a", "0,10", "--b", "10", "--value", "-1"], "must be at least 0"),
        (["solve", "trade", "--a", "0,10", "--b", "10", "--value", "9" * 5000], "characters"),
        (
            ["solve", "trade", "--a", "0,10@2;10@-1", "--b", "10", "--value", "1"],
            "at least 0 and at most 1",
        ),
        (["solve", "trade", "--a", DECK, "--b", DECK, "--value", "100"], "7767232 cells"),
        (["solve", "auction", "--values", FIFTY], "50 bidders.*at most 10"),
        (["solve", "auction", "--values", "1000000000000,5"], "limited to 300,000"),
        (
            ["solve", "auction", "--values", "1000000000000,5", "--budgets", "50,20"],
            "100,000,000,001 levels for 2 bidders",
        ),
        (
            [
                "solve",
                "preemption",
                "--auctioneer",
                "0",
                "--bidder",
                "10",
                "--bid",
                "9" * 5000,
                "--value",
                "1",
            ],
            "out of range",
        ),
        (["coach", "x" * 5000], "no shipped record 'xxx.*xxx': choose one of"),  # fuzz case
        (
            ["coach", "x" * 5000 + ".json"],
            r"error: x{100}x*\.\.\.: cannot read record: File name too long",
        ),
        (["simulate", "--edition", ""], "unknown edition ''"),
        (["tournament", "--edition", "", "--games", "1"], "unknown edition ''"),
        (["simulate", "--games", "9" * 5000], "invalid int value"),
        (["simulate", "--seed", "-3", "--games", "1"], "seed -3 must be"),
        (["simulate", "--max-actions", "0"], "--max-actions 0 must be at least 1"),
    ],
)
def test_bad_command_lines_are_one_error_line(capsys, argv, pattern):
    start = time.perf_counter()
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    one_error_line(err, pattern)
    assert time.perf_counter() - start < 20


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "kuhn", "--efg", "{tmp}"],
        ["solve", "trade", "--a", "0,10", "--b", "10", "--value", "10", "--efg", "{tmp}"],
        ["solve", "kuhn", "--efg", "{tmp}/missing/k.efg"],
    ],
)
def test_efg_paths_are_checked_before_solving(capsys, monkeypatch, tmp_path, argv):
    import kuhtheory.cli.solve_trade as solve_cli

    def no_solving(*args, **kwargs):
        raise AssertionError("solved before the output path was checked")

    monkeypatch.setattr(solve_cli, "solve_game", no_solving)
    monkeypatch.setattr(solve_cli, "solve_trade", no_solving)
    status, _, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert status == 2
    one_error_line(err, "--efg .*(is a directory|does not exist)")


def test_an_empty_edition_is_a_setup_error_in_python_too():
    # `--edition ""` played classic; now it is refused, and an unknown edition is one of the
    # setup errors (UnknownEditionError is an InvalidSetupError)
    from kuhtheory.engine import new_game

    with pytest.raises(InvalidSetupError, match="unknown edition ''"):
        new_game(players=3, edition="")


def test_a_large_hidden_hand_trade_prints_its_refinement(capsys):
    # five hidden ten-card hands take the aggregated LP, whose result named its refinement in
    # words that are no Refinement value: printing it was a ValueError traceback
    hands = [
        "0,0,10,10,10,10,50,50,100,200",
        "0,10,10,10,10,50,50,100,100,200",
        "0,0,0,10,10,10,10,50,100,500",
        "10,10,10,10,50,50,50,100,200,200",
        "0,0,10,10,50,50,100,100,100,200",
    ]
    a = ";".join(f"{h}@1/5" for h in hands)
    status, out, err = run(
        capsys, "solve", "trade", "--a", a, "--b", "0,10,10,50,100", "--value", "100"
    )
    assert status == 0, err
    assert "Refinement: none: " in out
