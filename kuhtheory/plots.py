"""Figures shared by the widgets and the book.

Two kinds of output. **Light SVG charts** (:func:`svg_bars`, :func:`svg_lines`,
:func:`svg_heatmap`, :func:`preemption_regions_svg`) are plain strings: a live widget puts them into
an ``ipywidgets.HTML`` value (a redraw costs far under a millisecond) and a static page embeds them.
**plotly figures** (:func:`plotly_slider_bars`, plotly imported inside the function) are the book's
interactive figures over precomputed data: a slider that needs no kernel.

Nothing here knows the engine's state or the widgets: inputs are plain numbers and labels, or the
solvers' result objects (:class:`~kuhtheory.solvers.preemption.DecisionRegions`).

>>> svg_bars(["0", "1"], [("offers", [0.5, 0.25])], title="offers").startswith("<svg")
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kuhtheory.solvers.preemption import DecisionRegions

__all__ = [
    "PLAYER_COLOURS",
    "REGION_COLOURS",
    "svg_bars",
    "svg_lines",
    "svg_heatmap",
    "preemption_regions_svg",
    "text_width",
    "plotly_slider_bars",
]

#: One colour per seat (colour-blind friendly, Okabe-Ito).
PLAYER_COLOURS: tuple[str, ...] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00")


# ---------------------------------------------------------------------------------------------
# Light SVG charts: pure strings for live widgets (a redraw costs well under a millisecond,
# where a PNG image costs a hundred) and for static pages.


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    return _ticks(0.0, value)[-1]


def _ticks(lo: float, hi: float, count: int = 4, *, whole: bool = False) -> list[float]:
    """Round tick values from ``lo`` (or below) to ``hi`` (or above), about ``count`` steps of
    1, 2, 2.5 or 5 times a power of ten (whole numbers only when ``whole``).

    >>> _ticks(0, 753, whole=True), _ticks(0, 1), _ticks(0, 37)
    ([0, 200, 400, 600, 800], [0, 0.25, 0.5, 0.75, 1], [0, 10, 20, 30, 40])
    """
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    exp = 10 ** math.floor(math.log10(raw))
    step = next(m * exp for m in (1, 2, 2.5, 5, 10) if raw <= m * exp * (1 + 1e-9))
    if whole:
        step = max(1, math.ceil(step))
    first = math.floor(lo / step + 1e-9)
    ticks: list[float] = []
    k = first
    while not ticks or ticks[-1] < hi - 1e-9:
        ticks.append(round(k * step, 10) if not whole else int(round(k * step)))
        k += 1
    return [int(t) if float(t).is_integer() else t for t in ticks]


#: The average width of a character of the charts' sans-serif labels, in ems (an upper estimate
#: for lower-case text and digits: what the layout reserves so that no label is cut off).
CHAR_EM = 0.6
_FONT = 11
_TITLE_FONT = 12


def text_width(text: str, size: float = _FONT) -> float:
    """The estimated width of a label in pixels (see :data:`CHAR_EM`)."""
    return CHAR_EM * size * len(text)


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` cut into lines of at most ``width`` pixels, at spaces."""
    lines: list[str] = []
    for word in str(text).split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def svg_open(width: int, height: int, title: str) -> list[str]:
    """The opening of a light SVG chart: the ``<svg>`` tag (class ``kt-chart``) and the centred,
    escaped title, its font shrunk to fit the width; the caller appends the body and ``</svg>``.

    >>> svg_open(200, 100, "a < b")[1].endswith('font-weight="bold">a &lt; b</text>')
    True
    """
    size = min(_TITLE_FONT, (width - 8) / max(1.0, CHAR_EM * len(title)))
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="kt-chart" font-family="sans-serif" '
        f'font-size="{_FONT}">',
        f'<text x="{width / 2:g}" y="14" text-anchor="middle" font-size="{size:.3g}" '
        f'font-weight="bold">{_escape(title)}</text>',
    ]


@dataclass(frozen=True)
class _Layout:
    """Where the parts of a chart go: the title's lines, the plot box, the legend's items."""

    width: int
    height: int
    title: tuple[str, ...]
    box: tuple[float, float, float, float]
    legend: tuple[tuple[float, float, str, str], ...]  # (x, y, name, colour)
    below: float = 0.0


def _layout(
    width: int,
    plot_height: int,
    title: str,
    legend: Sequence[tuple[str, str]] = (),
    left: float = 48.0,
    below: float = 0.0,
) -> _Layout:
    """A chart ``width`` wide: the title wrapped over as many lines as it needs, a plot area
    ``plot_height`` high (with room for the tick labels and the x label below it), then the
    legend in rows of coloured squares and names, each row as wide as the chart allows.
    ``below`` is extra room under the axis (for slanted tick labels)."""
    lines = tuple(_wrap(title, width - 16, _TITLE_FONT)) if title else ()
    y0 = 16.0 + 15.0 * len(lines)
    x0, x1 = left, width - 10.0
    y1 = y0 + plot_height
    items: list[tuple[float, float, str, str]] = []
    x, row = 8.0, 0
    for name, colour in legend:
        item = 16 + text_width(name) + 14
        if x > 8.0 and x + item > width - 4:
            x, row = 8.0, row + 1
        items.append((x, y1 + below + 44 + 16 * row, name, colour))
        x += item
    height = int(y1 + below + 34 + (16 * (row + 1) + 4 if legend else 0))
    return _Layout(width, height, lines, (x0, y0, x1, y1), tuple(items), below)


def _head(layout: _Layout) -> list[str]:
    """The ``<svg>`` tag and the title's lines."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{layout.width}" '
        f'height="{layout.height}" viewBox="0 0 {layout.width} {layout.height}" class="kt-chart" '
        f'font-family="sans-serif" font-size="{_FONT}">'
    ]
    for k, line in enumerate(layout.title):
        parts.append(
            f'<text class="kt-title" x="{layout.width / 2:g}" y="{22 + 15 * k}" '
            f'text-anchor="middle" font-size="{_TITLE_FONT}" font-weight="bold">'
            f"{_escape(line)}</text>"
        )
    return parts


def _axis_labels(parts: list[str], layout: _Layout, xlabel: str, ylabel: str) -> None:
    x0, y0, x1, y1 = layout.box
    parts.append(
        f'<text class="kt-xlabel" x="{(x0 + x1) / 2:.1f}" y="{y1 + layout.below + 30:.1f}" '
        f'text-anchor="middle">{_escape(xlabel)}</text>'
    )
    size = min(_FONT, (y1 - y0) / max(1.0, CHAR_EM * len(ylabel)))
    parts.append(
        f'<text class="kt-ylabel" x="12" y="{(y0 + y1) / 2:.1f}" text-anchor="middle" '
        f'font-size="{size:.3g}" transform="rotate(-90 12 {(y0 + y1) / 2:.1f})">'
        f"{_escape(ylabel)}</text>"
    )


def _legend(parts: list[str], layout: _Layout) -> None:
    for x, y, name, colour in layout.legend:
        parts.append(
            f'<g class="kt-legend"><rect x="{x:.1f}" y="{y - 9:.1f}" width="10" height="10" '
            f'fill="{colour}"/><text x="{x + 14:.1f}" y="{y:.1f}">{_escape(name)}</text></g>'
        )


def _frame(
    layout: _Layout, xlabel: str, ylabel: str, yticks: Sequence[float]
) -> tuple[list[str], Callable[[float], float]]:
    """The head, the y grid with its labels, the x axis and the axis labels; returns the parts
    and the function from a y value to its pixel row."""
    x0, y0, x1, y1 = layout.box
    lo, hi = yticks[0], yticks[-1]
    span = (hi - lo) or 1.0

    def py(v: float) -> float:
        return y1 - (v - lo) / span * (y1 - y0)

    parts = _head(layout)
    for v in yticks:
        y = py(v)
        parts.append(f'<line x1="{x0}" y1="{y:.1f}" x2="{x1}" y2="{y:.1f}" stroke="#e5e7eb"/>')
        parts.append(f'<text x="{x0 - 4}" y="{y + 4:.1f}" text-anchor="end">{_fmt(v)}</text>')
    parts.append(f'<line x1="{x0}" y1="{y1}" x2="{x1}" y2="{y1}" stroke="#374151"/>')
    _axis_labels(parts, layout, xlabel, ylabel)
    return parts, py


def _escape(text: str) -> str:
    import html

    return html.escape(str(text))


def _colours(names: Sequence[str]) -> list[tuple[str, str]]:
    return [(name, PLAYER_COLOURS[k % len(PLAYER_COLOURS)]) for k, name in enumerate(names)]


def svg_bars(
    labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "probability",
    ymax: float | None = None,
    width: int = 420,
    height: int = 240,
    faded: Sequence[bool] = (),
) -> str:
    """Grouped bars as an SVG string: one group per label, one colour per series, the legend
    (two series or more) under the chart. ``height`` is the whole chart's height without the
    legend and the title's extra lines; a title too long for one line wraps, and labels too long
    for their group are slanted (only every second or third when even slanted they would touch).
    ``faded[i]`` draws group ``i`` pale (for example what is still to come).

    Each bar carries ``data-series``/``data-label``/``data-value`` attributes (tests read them).

    >>> svg = svg_bars(["0", "1"], [("A", [0.25, 0.75])], title="offers")
    >>> svg.count("<rect class"), 'data-value="0.75"' in svg
    (2, True)
    """
    largest = max((v for _, vs in series for v in vs), default=1.0)
    yticks = _ticks(0.0, ymax if ymax is not None else (largest or 1.0))
    names = [name for name, _ in series] if len(series) > 1 else []
    n_groups = max(1, len(labels))
    group_w = (width - 58.0) / n_groups
    longest = max((text_width(str(label)) for label in labels), default=0.0)
    slant = longest > group_w - 2
    below = longest * 0.8 if slant else 0.0  # sin(55 degrees), the slanted labels' height
    layout = _layout(width, height - 62, title, _colours(names), below=below)
    parts, py = _frame(layout, xlabel, ylabel, yticks)
    x0, y0, x1, y1 = layout.box
    top = yticks[-1]
    n = max(1, len(series))
    bar_w = group_w * 0.8 / n
    every = max(1, math.ceil(14 / group_w)) if slant else 1  # slanted labels 14 px apart
    for i, label in enumerate(labels):
        gx = x0 + group_w * i
        cx = gx + group_w / 2
        pale = ' opacity="0.3"' if i < len(faded) and faded[i] else ""
        if slant and i % every == 0:
            parts.append(
                f'<text x="{cx:.1f}" y="{y1 + 12}" text-anchor="end"{pale} '
                f'transform="rotate(-55 {cx:.1f} {y1 + 12})">{_escape(label)}</text>'
            )
        elif not slant:
            parts.append(
                f'<text x="{cx:.1f}" y="{y1 + 14}" text-anchor="middle"{pale}>'
                f"{_escape(label)}</text>"
            )
        for k, (name, values) in enumerate(series):
            v = float(values[i])
            h = y1 - py(max(0.0, min(v, top)))
            x = gx + group_w * 0.1 + bar_w * k
            colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
            parts.append(
                f'<rect class="kt-bar" data-series="{_escape(name)}" data-label="{_escape(label)}"'
                f' data-value="{v:.4g}" x="{x:.1f}" y="{y1 - h:.1f}" width="{bar_w:.1f}" '
                f'height="{h:.1f}" fill="{colour}"{pale}><title>{_escape(name)} '
                f"{_escape(label)}: {v:.3g}</title></rect>"
            )
    _legend(parts, layout)
    parts.append("</svg>")
    return "".join(parts)


def svg_lines(
    xs: Sequence[float],
    series: Sequence[tuple[str, Sequence[float | None]]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    vlines: Sequence[tuple[float, str]] = (),
    width: int = 420,
    height: int = 240,
    step: bool = True,
) -> str:
    """Lines (steps by default) over ``xs`` as an SVG string; None leaves a gap; ``vlines`` are
    ``(x, colour)`` markers. The axes have round ticks (whole numbers when every x is one) and
    the legend stands under the chart.

    >>> svg_lines([0, 1, 2], [("P0", [90, 80, None])]).count("<polyline")
    1
    """
    values = [float(v) for _, ys in series for v in ys if v is not None]
    yticks = _ticks(min(0.0, min(values, default=0.0)), max(values, default=1.0) or 1.0)
    layout = _layout(width, height - 62, title, _colours([name for name, _ in series]))
    parts, py = _frame(layout, xlabel, ylabel, yticks)
    x0, y0, x1, y1 = layout.box
    whole = all(float(x).is_integer() for x in xs)
    xticks = _ticks(min(xs), max(xs), whole=whole) if xs else [0, 1]
    xmin, xmax = xticks[0], xticks[-1]
    span = (xmax - xmin) or 1.0

    def px(x: float) -> float:
        return x0 + (x - xmin) / span * (x1 - x0)

    for x in xticks:
        parts.append(f'<text x="{px(x):.1f}" y="{y1 + 14}" text-anchor="middle">{_fmt(x)}</text>')
    for x, colour in vlines:
        parts.append(
            f'<line class="kt-mark" x1="{px(x):.1f}" y1="{y0}" x2="{px(x):.1f}" '
            f'y2="{y1}" stroke="{colour}" stroke-dasharray="4 3"/>'
        )
    for k, (name, ys) in enumerate(series):
        colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
        runs: list[list[str]] = [[]]
        for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
            if y is None:
                runs.append([])
                continue
            if step and runs[-1] and i > 0:
                runs[-1].append(f"{px(x):.1f},{py(float(ys[i - 1] or 0)):.1f}")
            runs[-1].append(f"{px(x):.1f},{py(float(y)):.1f}")
        for run in runs:
            if run:
                parts.append(
                    f'<polyline class="kt-line" data-series="{_escape(name)}" '
                    f'points="{" ".join(run)}" fill="none" stroke="{colour}" '
                    f'stroke-width="2"/>'
                )
    _legend(parts, layout)
    parts.append("</svg>")
    return "".join(parts)


def svg_heatmap(
    xs: Sequence[float],
    ys: Sequence[float],
    cells: Sequence[Sequence[int]],
    colours: Sequence[str],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    marker: tuple[float, float] | None = None,
    legend: Sequence[str] = (),
    width: int = 420,
    height: int = 280,
) -> str:
    """A grid of categories (``cells[i][j]`` indexes ``colours`` at ``ys[i]``, ``xs[j]``) as SVG;
    ``legend`` names the categories (in the order of ``colours``) under the chart.

    >>> svg = svg_heatmap([10, 20], [0, 100], [[0, 0], [1, 0]], ["#fde68a", "#1d4ed8"])
    >>> svg.count('class="kt-cell"'), svg.count('data-category="1"')
    (4, 1)
    """
    layout = _layout(width, height - 62, title, list(zip(legend, colours, strict=False)))
    parts = _head(layout)
    x0, y0, x1, y1 = layout.box
    cw = (x1 - x0) / max(1, len(xs))
    ch = (y1 - y0) / max(1, len(ys))
    for i, row in enumerate(cells):
        for j, c in enumerate(row):
            parts.append(
                f'<rect class="kt-cell" data-x="{xs[j]}" data-y="{ys[i]}" data-category="{c}" '
                f'x="{x0 + cw * j:.1f}" y="{y1 - ch * (i + 1):.1f}" width="{cw + 0.3:.1f}" '
                f'height="{ch + 0.3:.1f}" fill="{colours[c]}"/>'
            )
    every_x = max(1, -(-len(xs) // 8))
    for j in range(0, len(xs), every_x):
        parts.append(
            f'<text x="{x0 + cw * (j + 0.5):.1f}" y="{y1 + 14}" text-anchor="middle">'
            f"{_fmt(xs[j])}</text>"
        )
    every_y = max(1, -(-len(ys) // 7))
    for i in range(0, len(ys), every_y):
        parts.append(
            f'<text x="{x0 - 4}" y="{y1 - ch * (i + 0.5) + 4:.1f}" text-anchor="end">'
            f"{_fmt(ys[i])}</text>"
        )
    if marker is not None and xs and ys:
        mx, my = marker
        j = min(range(len(xs)), key=lambda k: abs(xs[k] - mx))
        i = min(range(len(ys)), key=lambda k: abs(ys[k] - my))
        parts.append(
            f'<circle class="kt-marker" cx="{x0 + cw * (j + 0.5):.1f}" '
            f'cy="{y1 - ch * (i + 0.5):.1f}" r="{max(4.0, min(cw, ch) / 2):.1f}" '
            f'fill="none" stroke="#dc2626" stroke-width="2.5"/>'
        )
    _axis_labels(parts, layout, xlabel, ylabel)
    _legend(parts, layout)
    parts.append("</svg>")
    return "".join(parts)


#: Colours of :func:`preemption_regions_svg`: sell, cannot pay (sell), preempt.
REGION_COLOURS: tuple[str, ...] = ("#fde68a", "#d1d5db", "#1d4ed8")
#: What each colour of :func:`preemption_regions_svg` means.
REGION_NAMES: tuple[str, ...] = ("sell", "sell (cannot pay the bid)", "preempt")


def preemption_regions_svg(
    regions: DecisionRegions, marker: tuple[float, float] | None = None, **kwargs: Any
) -> str:
    """The sell/preempt regions over (bid, worth) as an SVG heatmap (see :data:`REGION_COLOURS`)."""
    cells = [
        [2 if p else (1 if g is None else 0) for p, g in zip(row, gains, strict=True)]
        for row, gains in zip(regions.preempt, regions.gain, strict=True)
    ]
    return svg_heatmap(
        regions.bids,
        regions.worths,
        cells,
        REGION_COLOURS,
        title="the auctioneer's best choice after the hammer",
        xlabel="bid (hammer price)",
        ylabel="worth to the auctioneer",
        marker=marker,
        legend=REGION_NAMES,
        **kwargs,
    )


# ---------------------------------------------------------------------------------------------
# plotly: interactive figures for the static book (precomputed data, a slider, no kernel needed)


def plotly_slider_bars(
    steps: Sequence[tuple[str, Sequence[str], Sequence[tuple[str, Sequence[float]]]]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "probability",
    slider_label: str = "",
    ymax: float | None = 1.0,
) -> Any:
    """A plotly bar chart with a slider over precomputed steps.

    ``steps`` holds, per slider position, ``(step label, x labels, [(series name, values)])``.
    Every step's bars are traces; the slider shows one step's traces at a time, so the figure
    stays interactive on a static page (plotly.js runs in the browser, Python does not).

    >>> fig = plotly_slider_bars([("10", ["0", "1"], [("A", [0.5, 0.5])]),
    ...                           ("20", ["0", "1"], [("A", [0.0, 1.0])])])
    >>> len(fig.data), [t.visible for t in fig.data]
    (2, [True, False])
    >>> fig.layout.sliders[0].steps[1].args[0]["visible"]
    [False, True]
    """
    import plotly.graph_objects as go

    fig = go.Figure()
    owner: list[int] = []
    for k, (_, labels, series) in enumerate(steps):
        for j, (name, values) in enumerate(series):
            fig.add_trace(
                go.Bar(
                    x=list(labels),
                    y=[float(v) for v in values],
                    name=name,
                    visible=k == 0,
                    marker_color=PLAYER_COLOURS[j % len(PLAYER_COLOURS)],
                    legendgroup=name,
                    showlegend=len(series) > 1,
                )
            )
            owner.append(k)
    slider_steps = [
        {"method": "update", "label": label, "args": [{"visible": [o == k for o in owner]}]}
        for k, (label, _, _) in enumerate(steps)
    ]
    # The legend (several series) runs in one row above the bars, not in a column beside them:
    # at phone width a column takes a third of the figure and pushes the title past its edge.
    legend = {"orientation": "h", "x": 0, "xanchor": "left", "y": 1.0, "yanchor": "bottom"}
    fig.update_layout(
        title=title,
        xaxis_title=xlabel,
        yaxis_title=ylabel,
        barmode="group",
        sliders=[
            {
                "active": 0,
                "steps": slider_steps,
                "currentvalue": {"prefix": slider_label},
                "pad": {"t": 60},  # below the x-axis title
            }
        ],
        height=440,
        margin={"t": 80, "b": 40, "l": 50, "r": 10},
        legend=legend,
    )
    fig.update_xaxes(type="category")
    if ymax is not None:
        fig.update_yaxes(range=[0, ymax])
    return fig
