"""Tests of kuhtheory.widgets.tournament: the tournament runner, its table, chart and figure, and
the helpers that read a tournament further (small tournaments, bot profiles)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from kuhtheory.errors import InvalidSetupError
from kuhtheory.tournament import TournamentResult, run_tournament
from kuhtheory.widgets.tournament import (
    EMPTY_SEAT,
    TournamentRunner,
    intervals_svg,
    tournament_figure,
    tournament_table_html,
)

CHEAP = ("heuristic", "random", "random")


@pytest.fixture(scope="module")
def result() -> TournamentResult:
    return run_tournament(list(CHEAP), games=6, seed=3)


class Counting:
    """run_tournament that records how it was called and the progress it reported."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.progress: list[int] = []

    def __call__(self, bots: Any, games: int, **kwargs: Any) -> TournamentResult:
        on_game = kwargs.pop("on_game")
        self.calls.append({"bots": tuple(bots), "games": games, **kwargs})

        def report(played: int) -> None:
            self.progress.append(played)
            on_game(played)

        return run_tournament(bots, games, on_game=report, chunk_size=2, **kwargs)


def intervals(svg: str) -> dict[str, tuple[float, float, float]]:
    found = re.findall(
        r'data-bot="([^"]*)" data-low="([^"]*)" data-estimate="([^"]*)" '
        r'data-high="([^"]*)"',
        svg,
    )
    return {html.unescape(b): (float(lo), float(e), float(hi)) for b, lo, e, hi in found}


# ----- the widget --------------------------------------------------------------------------------
def test_runs_at_construction_and_shows_table_and_chart() -> None:
    calls = Counting()
    runner = TournamentRunner(CHEAP, games=4, seed=2, edition="first", runner=calls)
    assert calls.calls == [
        {"bots": CHEAP, "games": 4, "seed": 2, "edition": "first", "jobs": 1, "progress": False}
    ]
    assert calls.progress == [2, 4]
    assert runner.progress.value == runner.progress.max == 4
    r = runner.result
    assert r is not None and r.setup == (("edition", "first"),) and len(r.games) == 4
    assert r == run_tournament(list(CHEAP), 4, seed=2, edition="first")
    shown = intervals(runner.chart.value)
    assert set(shown) == {"heuristic", "random"}
    for row in r.rows:
        lo, est, hi = shown[row.bot]
        assert (lo, est, hi) == pytest.approx(
            (row.win_rate.low, row.win_rate.estimate, row.win_rate.high), abs=1e-3
        )
    assert runner.table.value == tournament_table_html(r)
    assert runner.message.value == ""


def test_run_false_waits_for_the_button() -> None:
    calls = Counting()
    runner = TournamentRunner(CHEAP, games=3, run=False, runner=calls)
    assert calls.calls == [] and runner.result is None and runner.table.value == ""
    with pytest.raises(InvalidSetupError, match="no tournament was run yet"):
        runner.figure()
    runner.run_button.click()
    assert len(calls.calls) == 1 and runner.result is not None


def test_the_controls_reach_the_tournament() -> None:
    calls = Counting()
    runner = TournamentRunner(CHEAP, games=3, seed=1, runner=calls)
    first = runner.result
    runner.seat_selects[3].value = "heuristic"
    runner.seat_selects[1].value = "heuristic"
    runner.edition_select.value = "2025"
    runner.games_box.value = 5
    runner.seed_box.value = 9
    assert len(calls.calls) == 1, "changing a control does not run the tournament by itself"
    runner.run_button.click()
    last = calls.calls[-1]
    assert last["bots"] == ("heuristic", "heuristic", "random", "heuristic")
    assert (last["games"], last["seed"], last["edition"]) == (5, 9, "2025")
    assert runner.bots == last["bots"]
    r = runner.result
    assert r is not None and r is not first
    assert r.bots == last["bots"] and r.seed == 9 and len(r.games) == 5
    assert r.row("heuristic").seats == 15  # three heuristic entries pooled, five games
    assert runner.progress.value == runner.progress.max == 5


def test_a_bad_setup_is_reported_and_the_last_table_stays() -> None:
    runner = TournamentRunner(CHEAP, games=3, seed=1)
    table, result = runner.table.value, runner.result
    runner.seat_selects[2].value = EMPTY_SEAT  # two players: the editions seat 3 to 5 (K-SET)
    assert runner.bots == ("heuristic", "random")
    assert runner.run() is None
    assert "players=2" in html.unescape(runner.message.value)
    assert runner.table.value == table and runner.result is result
    runner.seat_selects[2].value = "random"
    assert runner.run() is not None and runner.message.value == ""


def test_bad_constructor_arguments_raise_and_name_the_parameter() -> None:
    with pytest.raises(InvalidSetupError, match="unknown bot 'clever'"):
        TournamentRunner(("clever", "random", "random"), run=False)
    with pytest.raises(InvalidSetupError, match="edition='nope'"):
        TournamentRunner(CHEAP, edition="nope", run=False)
    with pytest.raises(InvalidSetupError, match="1 to 5 bots"):
        TournamentRunner(("random",) * 6, run=False)


# ----- the table, the chart, the figure ----------------------------------------------------------
def test_table_has_every_bot_and_the_head_to_head_shares(result: TournamentResult) -> None:
    page = tournament_table_html(result)
    for row in result.rows:
        wr, ms = row.win_rate, row.mean_score
        assert f"<td>{wr.estimate:.3f}</td><td>[{wr.low:.3f}, {wr.high:.3f}]</td>" in page
        assert f"<td>{ms.estimate:.0f}</td>" in page
    share = result.versus("heuristic", "random").share
    assert f"<tr><td><b>heuristic</b></td><td>-</td><td>{share:.3f}</td></tr>" in page
    assert "unfinished" not in page


def test_table_says_how_many_games_were_stopped_unfinished() -> None:
    r = run_tournament(list(CHEAP), games=3, seed=1, max_actions=20)
    assert r.unfinished == 3
    assert "3 unfinished</b> (nobody wins them)" in tournament_table_html(r)


def test_figure_error_bars_are_the_intervals(result: TournamentResult) -> None:
    fig = tournament_figure(result)
    rate, score, h2h = fig.data
    for k, row in enumerate(result.rows):
        assert rate.y[k] == pytest.approx(row.win_rate.estimate)
        assert rate.y[k] + rate.error_y.array[k] == pytest.approx(row.win_rate.high)
        assert rate.y[k] - rate.error_y.arrayminus[k] == pytest.approx(row.win_rate.low)
        assert score.y[k] - score.error_y.arrayminus[k] == pytest.approx(row.mean_score.low)
    names = list(h2h.x)
    assert h2h.z[0][0] is None
    assert h2h.z[names.index("random")][names.index("heuristic")] == pytest.approx(
        result.versus("random", "heuristic").share
    )


def test_interval_chart_clamps_to_the_axis(result: TournamentResult) -> None:
    svg = intervals_svg(result.rows)
    assert svg.count('class="kt-interval"') == len(result.rows)
    xs = [float(x) for x in re.findall(r'x[12]="([\d.]+)"', svg)]
    assert min(xs) >= 0 and max(xs) <= 460


# ----- reading a tournament further --------------------------------------------------------------
