"""Tests of kuhtheory.tournament, kuhtheory.stats and the ``tournament`` command."""

from __future__ import annotations

import argparse
import csv
import io
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.agents import agent_names
from kuhtheory.errors import (
    InvalidSetupError,
    KuhtheoryError,
    SolverInputError,
    UnknownEditionError,
)
from kuhtheory.stats import mean_interval, wilson_interval
from kuhtheory.tournament import (
    GameResult,
    TournamentResult,
    chunks,
    game_seed,
    play_game,
    run_tournament,
    seating,
    small_tournaments,
    tabulate,
)

CHEAP = ["heuristic", "random", "random"]


# ----- statistics ---------------------------------------------------------------------------------
def test_wilson_newcombe_1998_example() -> None:
    # Newcombe (1998), Stat. Med. 17:857, example (a): 81 of 263, Wilson 0.2553 to 0.3662.
    ci = wilson_interval(81, 263)
    assert ci.low == pytest.approx(0.2553, abs=5e-5)
    assert ci.high == pytest.approx(0.3662, abs=5e-5)


def test_wilson_stays_in_unit_interval_at_the_edges() -> None:
    assert wilson_interval(0, 5).low == 0.0
    assert wilson_interval(5, 5).high == 1.0
    assert 0 < wilson_interval(5, 5).low < 1


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 500), st.floats(0, 1))
def test_wilson_contains_the_estimate(n: int, share: float) -> None:
    wins = share * n  # fractional wins (shared) are allowed
    ci = wilson_interval(wins, n)
    assert 0 <= ci.low <= ci.estimate <= ci.high <= 1


def test_mean_interval_student_t() -> None:
    # 2.5 +- t(0.975, 3) * s / 2 with s = sqrt(5/3); t(0.975, 3) = 3.18245.
    ci = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert ci.high - ci.estimate == pytest.approx(3.182446 * (5 / 3) ** 0.5 / 2, rel=1e-6)


def test_mean_score_interval_is_cut_at_zero_as_no_score_is_negative() -> None:
    # K-END-2: a score is a sum of family points, never negative. The t-interval of 9 scores of a
    # weak bot reached -58.1 in the tournaments chapter; cut at the floor it starts at 0, and the
    # high end is the t-interval's own.
    scores = [0.0] * 7 + [40.0, 9000.0]
    plain, cut = mean_interval(scores), mean_interval(scores, floor=0.0)
    assert plain.low < 0 == cut.low
    assert (cut.estimate, cut.high) == (plain.estimate, plain.high)
    # Above the floor nothing changes.
    assert mean_interval([1.0, 2.0, 3.0, 4.0], floor=0.0) == mean_interval([1.0, 2.0, 3.0, 4.0])


def test_tournament_table_cuts_a_weak_bots_mean_score_at_zero() -> None:
    # Three games: the random bot's uncut t-interval reaches below 0 (K-END-2: no score can).
    r = run_tournament(["heuristic", "heuristic", "random"], games=3, seed=2)
    row = r.row("random")
    assert row.mean_score.low == 0 < row.mean_score.estimate
    seats = [
        g.scores[seat] for g in r.games for seat, e in enumerate(g.entries) if r.bots[e] == "random"
    ]
    assert mean_interval(seats).low < 0 and mean_interval(seats).high == row.mean_score.high


@settings(deadline=None)  # the first example pays for the t quantile's import
@given(st.lists(st.integers(0, 5000), min_size=1, max_size=40))
def test_tournament_mean_score_intervals_never_go_below_zero(scores: list[int]) -> None:
    ci = mean_interval([float(s) for s in scores], floor=0.0)
    assert 0 <= ci.low <= ci.estimate <= ci.high


def test_statistics_refuse_bad_input() -> None:
    with pytest.raises(SolverInputError, match="n=0"):
        wilson_interval(0, 0)
    with pytest.raises(SolverInputError, match="successes=3"):
        wilson_interval(3, 2)
    with pytest.raises(SolverInputError, match="level"):
        wilson_interval(1, 2, level=1.5)
    with pytest.raises(SolverInputError):
        mean_interval([])


# ----- seeds, seats, chunks -----------------------------------------------------------------------
def test_game_seeds_are_fixed_and_distinct() -> None:
    seeds = [game_seed(7, i) for i in range(500)]
    assert seeds == [game_seed(7, i) for i in range(500)]
    assert len(set(seeds)) == 500
    assert game_seed(7, 0) != game_seed(8, 0)
    assert all(0 <= s < 2**31 for s in seeds)


def test_seats_rotate_so_every_entry_sits_everywhere() -> None:
    bots = ["a", "b", "c", "d"]
    seen = {(seat, e) for i in range(4) for seat, e in enumerate(seating(bots, i))}
    assert seen == {(s, e) for s in range(4) for e in range(4)}


def test_chunks_cover_every_game_once_in_order() -> None:
    parts = chunks(23, 5)
    assert [i for c in parts for i in c] == list(range(23))


# ----- statistics of given games ------------------------------------------------------------------
def _game(
    index: int, entries: tuple[int, ...], scores: tuple[float, ...], winners: tuple[int, ...]
) -> GameResult:
    return GameResult(index, 0, entries, scores, winners, 10, True)


def test_shared_wins_count_fractionally_or_as_wins() -> None:
    bots = ("x", "y", "z")
    games = [_game(0, (0, 1, 2), (5, 5, 1), (0, 1)), _game(1, (1, 2, 0), (9, 1, 1), (0,))]
    rows, _ = tabulate(bots, games, shared="fraction")
    wins = {r.bot: r.wins for r in rows}
    assert wins == {"x": 0.5, "y": 1.5, "z": 0.0}
    rows, _ = tabulate(bots, games, shared="win")
    assert {r.bot: r.wins for r in rows} == {"x": 1.0, "y": 2.0, "z": 0.0}


def test_head_to_head_counts_seat_pairs_and_halves_ties() -> None:
    bots = ("x", "y", "y")
    games = [_game(0, (0, 1, 2), (5, 5, 1), (0,)), _game(1, (1, 2, 0), (9, 1, 1), (0,))]
    _, pairs = tabulate(bots, games)
    h = {(p.bot, p.other): (p.pairs, p.won) for p in pairs}
    # game 0: x(5) vs y(5) tie 0.5, x vs y(1) win; game 1: x(1) vs y(9) loss, x vs y(1) tie 0.5
    assert h[("x", "y")] == (4, 2.0)
    assert h[("y", "x")] == (4, 2.0)


def test_pooled_bot_rows_count_every_seat() -> None:
    r = run_tournament(CHEAP, games=6, seed=1)
    assert [(row.bot, row.entries, row.seats) for row in r.rows] == [
        ("heuristic", 1, 6),
        ("random", 2, 12),
    ]
    assert sum(row.wins for row in r.rows) == pytest.approx(6 - r.unfinished)


# ----- determinism across executors ---------------------------------------------------------------
def test_same_results_with_one_and_two_processes() -> None:
    one = run_tournament(CHEAP, games=8, seed=11, jobs=1)
    two = run_tournament(CHEAP, games=8, seed=11, jobs=2, chunk_size=3)
    assert one == two
    assert one.games == two.games
    assert [g.index for g in two.games] == list(range(8))


def test_same_results_with_any_executor() -> None:
    base = run_tournament(CHEAP, games=5, seed=3, edition="2025")
    with ThreadPoolExecutor(max_workers=2) as pool:
        threads = run_tournament(
            CHEAP, games=5, seed=3, edition="2025", executor=pool, chunk_size=2
        )
    with ProcessPoolExecutor(max_workers=1) as pool:
        procs = run_tournament(CHEAP, games=5, seed=3, edition="2025", executor=pool, chunk_size=1)
    assert base == threads == procs


def test_a_game_replays_from_its_index_and_seed() -> None:
    r = run_tournament(CHEAP, games=3, seed=4)
    again = play_game("kuhhandel", CHEAP, 2, 4)
    assert again == r.games[2]


def test_different_seeds_give_different_games() -> None:
    a = run_tournament(CHEAP, games=3, seed=1)
    b = run_tournament(CHEAP, games=3, seed=2)
    assert a.games != b.games


# ----- unfinished games ---------------------------------------------------------------------------
def test_a_game_stopped_at_the_cap_has_no_winner() -> None:
    r = run_tournament(CHEAP, games=3, seed=1, max_actions=5)
    assert r.unfinished == 3
    assert all(g.winners == () and g.actions == 5 for g in r.games)
    assert all(row.wins == 0 for row in r.rows)
    assert "3 game(s) stopped unfinished" in r.table()


# ----- output ------------------------------------------------------------------------------------
def test_json_and_csv_carry_the_table() -> None:
    r = run_tournament(CHEAP, games=4, seed=2, edition="2025", variants=["no-kidding"])
    data = json.loads(r.to_text_json(games=True))
    assert data["setup"] == {"edition": "2025", "variants": ["no-kidding"]}
    assert [row["bot"] for row in data["table"]] == ["heuristic", "random"]
    assert len(data["game_results"]) == 4
    rows = list(csv.DictReader(io.StringIO(r.to_csv())))
    assert [row["bot"] for row in rows] == ["heuristic", "random"]
    assert float(rows[0]["win_rate_low"]) == pytest.approx(r.rows[0].win_rate.low)
    games = list(csv.DictReader(io.StringIO(r.to_csv(kind="games"))))
    assert [int(g["index"]) for g in games] == [0, 1, 2, 3]
    assert {games[1]["bot0"], games[1]["bot1"], games[1]["bot2"]} == {"heuristic", "random"}
    out = io.StringIO()
    assert r.to_csv(out) == out.getvalue()


def test_table_shows_intervals_and_head_to_head() -> None:
    text = run_tournament(CHEAP, games=3, seed=2).table()
    assert "win rate [CI]" in text and "head to head" in text


# ----- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"bots": ["heuristic", "clever", "random"]}, InvalidSetupError, "clever"),
        ({"games": 0}, InvalidSetupError, "games=0"),
        ({"jobs": 0}, InvalidSetupError, "jobs=0"),
        ({"shared": "half"}, InvalidSetupError, "half"),
        ({"edition": "chess"}, UnknownEditionError, "chess"),
        ({"bots": ["random"] * 6}, UnknownEditionError, "players=6"),
        ({"game": "poker"}, UnknownEditionError, "poker"),
    ],
)
def test_bad_tournaments_are_refused(kwargs: dict, error: type, match: str) -> None:
    args = {"bots": CHEAP, "games": 2, **kwargs}
    with pytest.raises(error, match=match):
        run_tournament(**args)


def test_other_games_of_the_collection() -> None:
    from kuhtheory.game import get_game

    spec = get_game("schnaeppchen")
    bots = [agent_names(spec.name)[0]] * 3
    r = run_tournament(bots, games=2, seed=1, game="schnaeppchen")
    assert r.game == "schnaeppchen" and len(r.games) == 2


# ----- the command line ---------------------------------------------------------------------------
def _cli(argv: list[str]) -> argparse.Namespace:
    from kuhtheory.cli import tournament

    parser = argparse.ArgumentParser(prog="kuhtheory")
    tournament.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(argv)


def test_cli_json_and_csv(tmp_path, capsys) -> None:
    csv_file = tmp_path / "table.csv"
    args = _cli(
        [
            "tournament",
            "--edition",
            "classic",
            "--players",
            "3",
            "--bots",
            "heuristic,random,random",
            "--games",
            "3",
            "--jobs",
            "1",
            "--seed",
            "5",
            "--json",
            "--csv",
            str(csv_file),
        ]
    )
    assert args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and data["seed"] == 5 and data["bots"] == CHEAP
    assert csv_file.read_text().startswith("bot,entries,seats,wins,win_rate")
    assert data == {
        **run_tournament(CHEAP, 3, seed=5, setup={"edition": "classic", "variants": ()}).to_json(),
        "seconds": data["seconds"],
    }


def test_cli_refuses_unknown_bots() -> None:
    args = _cli(
        ["tournament", "--players", "3", "--bots", "heuristic,clever,random", "--games", "2"]
    )
    with pytest.raises(KuhtheoryError, match="clever"):
        args.func(args)


# ----- small tournaments -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def six() -> TournamentResult:
    return run_tournament(["heuristic", "random", "random"], games=6, seed=3)


def test_small_tournaments_are_summaries_of_consecutive_games(six: TournamentResult) -> None:
    parts = small_tournaments(six, 3)
    assert len(parts) == 2
    assert parts[1] == tabulate(six.bots, six.games[3:6], six.shared, six.level)[0]
    for bot in ("heuristic", "random"):
        assert sum(p_row.wins for rows in parts for p_row in rows if p_row.bot == bot) == (
            pytest.approx(six.row(bot).wins)
        )
    assert len(small_tournaments(six, 4)) == 1  # the remainder is dropped
    with pytest.raises(InvalidSetupError, match="size=0"):
        small_tournaments(six, 0)
