"""The tournament runner: pick the bots, the edition, the number of games and the seed; run; read
the table.

:class:`TournamentRunner` runs :func:`kuhtheory.tournament.run_tournament` (seats rotated, every
game seeded) and shows what the chapter teaches to read:

* the table (:func:`tournament_table_html`): per bot, the seats it played, its wins, its win rate
  with the Wilson interval and its mean score with the Student-t interval, then the head-to-head
  shares;
* a chart (:func:`intervals_svg`): each bot's win rate as a dot on its interval, so overlapping
  intervals are seen at a glance (an SVG string in an ``ipywidgets.HTML``, drawn on the static page
  too); :func:`tournament_figure` draws the same as an interactive plotly figure for the book.

The tables a finished tournament is read with further are computed in the library:
:func:`kuhtheory.tournament.small_tournaments` (how much a few games can mislead) and
:func:`kuhtheory.analysis.bot_profiles` (where each bot's points came from).

>>> runner = TournamentRunner(("heuristic", "random", "random"), games=3, seed=1)
>>> runner.bots, runner.result.rows[0].seats
(('heuristic', 'random', 'random'), 3)
>>> "win rate" in runner.table.value and "kt-chart" in runner.chart.value
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from kuhtheory.editions import EDITIONS
from kuhtheory.errors import InvalidSetupError, KuhtheoryError
from kuhtheory.plots import PLAYER_COLOURS, svg_open
from kuhtheory.tournament import BotRow, TournamentResult, run_tournament
from kuhtheory.widgets.common import kernel_notice, needs_kernel, row

__all__ = [
    "EMPTY_SEAT",
    "TournamentRunner",
    "intervals_svg",
    "tournament_table_html",
    "tournament_figure",
]

#: The seat menu's entry for "nobody sits here".
EMPTY_SEAT = "(empty)"
#: Seats offered by the runner (Kuhhandel seats 3 to 5 players).
MAX_SEATS = 5
#: The most games the runner plays in one run (the equilibrium bot takes about a second a game).
MAX_GAMES = 2000

Runner = Callable[..., TournamentResult]


# ---------------------------------------------------------------------------------------------
# The table and the chart


def tournament_table_html(result: TournamentResult) -> str:
    """The tournament table as HTML: one row per bot, then the head-to-head matrix.

    >>> from kuhtheory.tournament import run_tournament
    >>> result = run_tournament(["heuristic", "random", "random"], games=3, seed=1)
    >>> page = tournament_table_html(result)
    >>> page.count("<tr>"), "head to head" in page
    (6, True)
    """
    level = round(result.level * 100)
    rows = []
    for r in result.rows:
        wr, ms = r.win_rate, r.mean_score
        rows.append(
            f"<tr><td><b>{html.escape(r.bot)}</b></td><td>{r.seats}</td><td>{_num(r.wins)}</td>"
            f"<td>{wr.estimate:.3f}</td><td>[{wr.low:.3f}, {wr.high:.3f}]</td>"
            f"<td>{ms.estimate:.0f}</td><td>[{ms.low:.0f}, {ms.high:.0f}]</td></tr>"
        )
    head = (
        f"<div>{html.escape(result.game)}, {html.escape(_setup_text(result))}, "
        f"{len(result.games)} games, seed {result.seed}"
        + (
            f", <b>{result.unfinished} unfinished</b> (nobody wins them)"
            if result.unfinished
            else ""
        )
        + "</div>"
    )
    table = (
        "<table class='kt-tournament'><tr><th>bot</th><th>seats</th><th>wins</th>"
        f"<th>win rate</th><th>{level}% interval (Wilson)</th><th>mean score</th>"
        f"<th>{level}% interval (t)</th></tr>" + "".join(rows) + "</table>"
    )
    names = [r.bot for r in result.rows]
    if len(names) < 2:
        return head + table
    cells = []
    for a in names:
        line = "".join(
            "<td>-</td>" if a == b else f"<td>{result.versus(a, b).share:.3f}</td>" for b in names
        )
        cells.append(f"<tr><td><b>{html.escape(a)}</b></td>{line}</tr>")
    h2h = (
        "<div>head to head: the share of seat pairs where the row's bot scored more than the "
        "column's (equal scores count 1/2)</div><table class='kt-head-to-head'><tr><th></th>"
        + "".join(f"<th>{html.escape(n)}</th>" for n in names)
        + "</tr>"
        + "".join(cells)
        + "</table>"
    )
    return head + table + h2h


def intervals_svg(
    rows: Sequence[BotRow], *, title: str = "win rate, 95% interval", width: int = 460
) -> str:
    """Each bot's win rate as a dot on its interval (a horizontal line), on a 0-1 axis.

    Each interval carries ``data-bot``/``data-low``/``data-estimate``/``data-high`` attributes.

    >>> from kuhtheory.stats import wilson_interval
    >>> row_ = BotRow("a", 1, 10, 5.0, wilson_interval(5, 10), wilson_interval(5, 10), 0.0)
    >>> svg = intervals_svg([row_])
    >>> svg.count('class="kt-interval"'), 'data-estimate="0.5"' in svg
    (1, True)
    """
    line_h = 30
    x0, x1 = 110.0, width - 20.0
    top = 28
    height = top + line_h * max(1, len(rows)) + 30
    y_axis = top + line_h * max(1, len(rows))
    esc = html.escape
    parts = svg_open(width, height, title)
    for k in range(5):
        x = x0 + (x1 - x0) * k / 4
        parts.append(
            f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" y2="{y_axis}" stroke="#e5e7eb"/>'
        )
        parts.append(f'<text x="{x:.1f}" y="{y_axis + 14}" text-anchor="middle">{k / 4:g}</text>')
    parts.append(f'<line x1="{x0}" y1="{y_axis}" x2="{x1}" y2="{y_axis}" stroke="#374151"/>')
    parts.append(
        f'<text x="{(x0 + x1) / 2:.1f}" y="{height - 2}" text-anchor="middle">'
        "share of the games won</text>"
    )

    def sx(v: float) -> float:
        return x0 + (x1 - x0) * min(1.0, max(0.0, v))

    for i, r in enumerate(rows):
        y = top + line_h * i + line_h / 2
        colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        wr = r.win_rate
        parts.append(f'<text x="{x0 - 8}" y="{y + 4:.1f}" text-anchor="end">{esc(r.bot)}</text>')
        parts.append(
            f'<g class="kt-interval" data-bot="{esc(r.bot)}" data-low="{wr.low:.4g}" '
            f'data-estimate="{wr.estimate:.4g}" data-high="{wr.high:.4g}">'
            f"<title>{esc(r.bot)}: {wr.estimate:.3f} [{wr.low:.3f}, {wr.high:.3f}], "
            f"{r.seats} seats</title>"
            f'<line x1="{sx(wr.low):.1f}" y1="{y:.1f}" x2="{sx(wr.high):.1f}" y2="{y:.1f}" '
            f'stroke="{colour}" stroke-width="3"/>'
            f'<line x1="{sx(wr.low):.1f}" y1="{y - 6:.1f}" x2="{sx(wr.low):.1f}" y2="{y + 6:.1f}" '
            f'stroke="{colour}" stroke-width="2"/>'
            f'<line x1="{sx(wr.high):.1f}" y1="{y - 6:.1f}" x2="{sx(wr.high):.1f}" '
            f'y2="{y + 6:.1f}" stroke="{colour}" stroke-width="2"/>'
            f'<circle cx="{sx(wr.estimate):.1f}" cy="{y:.1f}" r="5" fill="{colour}"/></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def tournament_figure(result: TournamentResult) -> Any:
    """A plotly figure of ``result``: win rates and mean scores with their intervals (error bars),
    and the head-to-head shares as a heatmap (hover for the numbers).

    >>> from kuhtheory.tournament import run_tournament
    >>> fig = tournament_figure(run_tournament(["heuristic", "random", "random"], games=3, seed=1))
    >>> [t.type for t in fig.data]
    ['bar', 'bar', 'heatmap']
    """
    from plotly.subplots import make_subplots

    names = [r.bot for r in result.rows]
    colours = [PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i in range(len(names))]
    level = round(result.level * 100)
    # Two charts side by side, the head-to-head matrix under them: three in a row do not fit a
    # narrow page (their titles ran into each other).
    fig = make_subplots(
        rows=2,
        cols=2,
        specs=[[{}, {}], [{"colspan": 2}, None]],
        horizontal_spacing=0.15,
        vertical_spacing=0.2,
        subplot_titles=(
            f"win rate ({level}% Wilson)",
            f"mean score ({level}% t)",
            "head to head: the row's bot beats the column's",
        ),
    )
    wr = [r.win_rate for r in result.rows]
    ms = [r.mean_score for r in result.rows]
    for col, intervals, digits in ((1, wr, 3), (2, ms, 0)):
        fig.add_bar(
            x=names,
            y=[i.estimate for i in intervals],
            marker_color=colours,
            row=1,
            col=col,
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [i.high - i.estimate for i in intervals],
                "arrayminus": [i.estimate - i.low for i in intervals],
            },
            hovertemplate=f"%{{x}}: %{{y:.{digits}f}}<extra></extra>",
        )
    z = [[None if a == b else result.versus(a, b).share for b in names] for a in names]
    fig.add_heatmap(
        x=names,
        y=names,
        z=z,
        zmin=0,
        zmax=1,
        colorscale="RdBu",
        row=2,
        col=1,
        text=[["" if v is None else f"{v:.2f}" for v in line] for line in z],
        texttemplate="%{text}",
        hovertemplate="%{y} vs %{x}: %{z:.3f}<extra></extra>",
        colorbar={"len": 0.4, "y": 0.2, "thickness": 12},
    )
    fig.update_yaxes(range=[0, 1], row=1, col=1)
    fig.update_yaxes(autorange="reversed", row=2, col=1)
    fig.update_annotations(font_size=13)  # the subplot titles
    fig.update_layout(
        title={
            "text": f"{len(result.games)} games, seed {result.seed}<br>"
            f"<sub>{_setup_text(result)}</sub>",
            "font_size": 15,
        },
        showlegend=False,
        height=640,
        margin={"t": 90, "b": 40, "l": 60, "r": 20},
    )
    return fig


# ---------------------------------------------------------------------------------------------
# The widget


class TournamentRunner:
    """Widgets to run a tournament and read its table.

    Parameters
    ----------
    bots
        The bot in each seat at the start (3 to 5 names of :data:`kuhtheory.agents.AGENT_NAMES`).
    games, seed, edition
        The starting controls.
    run
        Run the tournament once at construction (so a static page shows a table).
    runner
        ``run_tournament``-like callable (tests pass a counting one); called with ``bots``,
        ``games``, ``seed=``, ``edition=``, ``jobs=1``, ``progress=False`` and ``on_game=``.
    """

    def __init__(
        self,
        bots: Sequence[str] = ("equilibrium", "heuristic", "random"),
        games: int = 30,
        seed: int = 1,
        edition: str = "classic",
        *,
        run: bool = True,
        runner: Runner | None = None,
    ) -> None:
        from kuhtheory.agents import AGENT_NAMES

        names = tuple(str(b).strip().lower() for b in bots)
        if not 1 <= len(names) <= MAX_SEATS:
            raise InvalidSetupError(f"bots={bots!r}: name 1 to {MAX_SEATS} bots, one per seat")
        unknown = [b for b in names if b not in AGENT_NAMES]
        if unknown:
            raise InvalidSetupError(
                f"bots={bots!r}: unknown bot {unknown[0]!r}: choose from {', '.join(AGENT_NAMES)}"
            )
        if edition not in EDITIONS:
            raise InvalidSetupError(
                f"edition={edition!r}: choose one of {', '.join(sorted(EDITIONS))}"
            )
        self._runner: Runner = runner or run_tournament
        options = [*AGENT_NAMES, EMPTY_SEAT]
        self.seat_selects = [
            w.Dropdown(
                options=options,
                value=names[k] if k < len(names) else EMPTY_SEAT,
                description=f"seat {k}",
                layout=w.Layout(width="210px"),
                style={"description_width": "50px"},
            )
            for k in range(MAX_SEATS)
        ]
        self.edition_select = w.Dropdown(
            options=sorted(EDITIONS),
            value=edition,
            description="edition",
            layout=w.Layout(width="210px"),
            style={"description_width": "50px"},
        )
        self.games_box = w.BoundedIntText(
            value=games,
            min=1,
            max=MAX_GAMES,
            description="games",
            layout=w.Layout(width="160px"),
            style={"description_width": "50px"},
        )
        self.seed_box = w.IntText(
            value=seed,
            description="seed",
            layout=w.Layout(width="160px"),
            style={"description_width": "50px"},
        )
        self.run_button = w.Button(description="Run the tournament", button_style="primary")
        self.run_button.on_click(lambda _: self.run())
        self.progress = w.IntProgress(
            value=0,
            min=0,
            max=games,
            description="games played",
            style={"description_width": "90px"},
        )
        self.message = w.HTML()
        self.table = w.HTML()
        self.chart = w.HTML()
        self.result: TournamentResult | None = None
        notice = kernel_notice(
            "tournament runner",
            "notebooks/tournaments.ipynb",
            "the result of its first tournament",
            command="kuhtheory tournament",
        )
        self.widget = w.VBox(
            [
                notice,
                row(self.seat_selects[:3]),
                row(self.seat_selects[3:]),
                row([self.edition_select, self.games_box, self.seed_box]),
                row([self.run_button, self.progress]),
                self.message,
                self.table,
                self.chart,
            ]
        )
        needs_kernel(self.widget)
        if run:
            self.run()

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots of the occupied seats, in seat order."""
        return tuple(str(s.value) for s in self.seat_selects if s.value != EMPTY_SEAT)

    def _on_game(self, played: int) -> None:
        self.progress.value = min(played, self.progress.max)

    def run(self) -> TournamentResult | None:
        """Play the tournament the controls describe and show its table and chart.

        A bad setup (too few seats for the edition, ...) is reported in ``message``; the previous
        table stays.
        """
        games = int(self.games_box.value)
        self.progress.max = games
        self.progress.value = 0
        self.message.value = "<i>playing...</i>"
        try:
            result = self._runner(
                self.bots,
                games,
                seed=int(self.seed_box.value),
                edition=str(self.edition_select.value),
                jobs=1,
                progress=False,
                on_game=self._on_game,
            )
        except KuhtheoryError as exc:
            self.message.value = f"<span style='color:#b91c1c'>{html.escape(str(exc))}</span>"
            return None
        self.result = result
        self.message.value = ""
        self.progress.value = games
        self.table.value = tournament_table_html(result)
        self.chart.value = intervals_svg(
            result.rows, title=f"win rate, {round(result.level * 100)}% Wilson interval"
        )
        return result

    def figure(self) -> Any:
        """The last result as a plotly figure (:func:`tournament_figure`)."""
        if self.result is None:
            raise InvalidSetupError("no tournament was run yet: press 'Run the tournament'")
        return tournament_figure(self.result)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _setup_text(result: TournamentResult) -> str:
    parts = []
    for k, v in result.setup:
        if isinstance(v, (list, tuple)):
            if not v:
                continue
            v = "+".join(map(str, v))
        parts.append(f"{k} {v}")
    bots = ", ".join(result.bots)
    return (", ".join(parts) + "; " if parts else "") + f"bots {bots}"
