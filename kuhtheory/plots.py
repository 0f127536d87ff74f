"""Figures shared by the widgets and the book (matplotlib, imported inside the functions that draw).

Two kinds of output. **Light SVG charts** (:func:`svg_bars`, :func:`svg_lines`,
:func:`svg_heatmap`, :func:`preemption_regions_svg`) are plain strings: a live widget puts them into
an ``ipywidgets.HTML`` value (a redraw costs far under a millisecond) and a static page embeds them.
**matplotlib figures** for the book: each ``draw_*`` function draws onto a given ``Axes`` and
returns the artists it made, so a figure can be built once and its artists updated in place
(``update_*``). Figures are built with :func:`new_figure` on the Agg canvas (no pyplot, no global
state) and turned into PNG bytes with :func:`figure_png`.

Nothing here knows the engine's state or the widgets: inputs are plain numbers and labels, or the
solvers' result objects (:class:`~kuhtheory.solvers.preemption.DecisionRegions`).

>>> fig, (ax,) = new_figure(ncols=1)
>>> bars = draw_bars(ax, ["0", "1", "2"], [0.5, 0.25, 0.25], title="offers")
>>> update_bars(bars, [0.2, 0.3, 0.5])
>>> [round(b.get_height(), 2) for b in bars]
[0.2, 0.3, 0.5]
>>> figure_png(fig)[:4] == b"\\x89PNG"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from kuhtheory.solvers.preemption import DecisionRegions

__all__ = [
    "new_figure",
    "figure_png",
    "draw_bars",
    "update_bars",
    "draw_grouped_bars",
    "draw_preemption_regions",
    "update_preemption_regions",
    "draw_price_curves",
    "draw_money_lines",
    "PLAYER_COLOURS",
    "REGION_COLOURS",
    "svg_bars",
    "svg_lines",
    "svg_heatmap",
    "preemption_regions_svg",
    "plotly_slider_bars",
]

#: One colour per seat (colour-blind friendly, Okabe-Ito).
PLAYER_COLOURS: tuple[str, ...] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00")


def new_figure(
    ncols: int = 1, nrows: int = 1, width: float = 7.0, height: float = 3.2
) -> tuple[Figure, list[Axes]]:
    """A figure on the Agg canvas (no pyplot) and its axes as a flat list."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="tight")
    FigureCanvasAgg(fig)
    axes = fig.subplots(nrows, ncols, squeeze=False)
    return fig, [ax for row in axes for ax in row]


def figure_png(fig: Figure, dpi: int = 80) -> bytes:
    """The figure as PNG bytes."""
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def draw_bars(
    ax: Axes,
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "probability",
    colour: str = "#0072B2",
    ylim: tuple[float, float] | None = (0.0, 1.0),
) -> list[Any]:
    """A bar chart; returns the bars (``update_bars`` changes their heights)."""
    bars = ax.bar(range(len(labels)), values, color=colour, tick_label=list(labels))
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if ylim is not None:
        ax.set_ylim(*ylim)
    return list(bars)


def update_bars(bars: Sequence[Any], values: Sequence[float]) -> None:
    """Set the heights of bars made by :func:`draw_bars` (same number of values)."""
    if len(bars) != len(values):
        raise ValueError(f"{len(values)} values for {len(bars)} bars")
    for bar, v in zip(bars, values, strict=True):
        bar.set_height(v)


def draw_grouped_bars(
    ax: Axes,
    labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "probability",
    ylim: tuple[float, float] | None = (0.0, 1.0),
) -> list[list[Any]]:
    """Side-by-side bars, one group per label, one colour per series; returns bars per series."""
    n = max(1, len(series))
    width = 0.8 / n
    out = []
    for k, (name, values) in enumerate(series):
        xs = [i - 0.4 + width * (k + 0.5) for i in range(len(labels))]
        bars = ax.bar(
            xs, values, width=width, label=name, color=PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
        )
        out.append(list(bars))
    ax.set_xticks(range(len(labels)), list(labels))
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if ylim is not None:
        ax.set_ylim(*ylim)
    if series:
        ax.legend(fontsize=8)
    return out


def _region_matrix(regions: DecisionRegions) -> list[list[float]]:
    # 1: preempt, 0: sell, 0.5: sell because the auctioneer cannot pay the bid at all.
    out = []
    for row, gains in zip(regions.preempt, regions.gain, strict=True):
        out.append(
            [1.0 if p else (0.5 if g is None else 0.0) for p, g in zip(row, gains, strict=True)]
        )
    return out


def draw_preemption_regions(ax: Axes, regions: DecisionRegions) -> Any:
    """The sell/preempt regions over (bid, worth) as an image; returns the image artist."""
    from matplotlib.colors import ListedColormap

    cmap = ListedColormap(["#fde68a", "#d1d5db", "#1d4ed8"])
    bids, worths = regions.bids, regions.worths
    step_b = (bids[1] - bids[0]) if len(bids) > 1 else 10
    step_w = (worths[1] - worths[0]) if len(worths) > 1 else 10
    image = ax.imshow(
        _region_matrix(regions),
        origin="lower",
        aspect="auto",
        cmap=cmap,
        vmin=0,
        vmax=1,
        extent=(
            bids[0] - step_b / 2,
            bids[-1] + step_b / 2,
            worths[0] - step_w / 2,
            worths[-1] + step_w / 2,
        ),
        interpolation="nearest",
    )
    ax.set_xlabel("bid (hammer price)")
    ax.set_ylabel("worth of the animal to the auctioneer")
    ax.set_title("blue: preempt, yellow: sell, grey: cannot pay", fontsize=10)
    return image


def update_preemption_regions(image: Any, regions: DecisionRegions) -> None:
    """Refill an image made by :func:`draw_preemption_regions` with new regions (same grid axes
    are redrawn from ``regions``)."""
    bids, worths = regions.bids, regions.worths
    step_b = (bids[1] - bids[0]) if len(bids) > 1 else 10
    step_w = (worths[1] - worths[0]) if len(worths) > 1 else 10
    image.set_data(_region_matrix(regions))
    image.set_extent(
        (
            bids[0] - step_b / 2,
            bids[-1] + step_b / 2,
            worths[0] - step_w / 2,
            worths[-1] + step_w / 2,
        )
    )
    image.axes.set_xlim(bids[0] - step_b / 2, bids[-1] + step_b / 2)
    image.axes.set_ylim(worths[0] - step_w / 2, worths[-1] + step_w / 2)


def draw_price_curves(
    ax: Axes,
    xs: Sequence[float],
    curves: Sequence[tuple[str, Sequence[float | None]]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
) -> list[Any]:
    """Step lines, one per named curve (None values leave a gap); returns the lines."""
    lines = []
    for k, (name, ys) in enumerate(curves):
        values = [float("nan") if y is None else y for y in ys]
        (line,) = ax.step(
            xs, values, where="mid", label=name, color=PLAYER_COLOURS[k % len(PLAYER_COLOURS)], lw=2
        )
        lines.append(line)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if curves:
        ax.legend(fontsize=8)
    return lines


def draw_money_lines(
    ax: Axes,
    money: Sequence[Sequence[int]],
    *,
    names: Sequence[str] | None = None,
    marks: Sequence[int] = (),
    title: str = "money in hand",
) -> list[Any]:
    """One line per player of money over the steps of a game (``money[step][player]``);
    ``marks`` are steps drawn as vertical lines (preemptions). Returns the lines."""
    players = len(money[0]) if money else 0
    steps = list(range(len(money)))
    lines = []
    for p in range(players):
        name = names[p] if names is not None else f"P{p}"
        (line,) = ax.step(
            steps,
            [m[p] for m in money],
            where="post",
            label=name,
            color=PLAYER_COLOURS[p % len(PLAYER_COLOURS)],
        )
        lines.append(line)
    for step in marks:
        ax.axvline(step, color="#dc2626", lw=1, ls="--")
    ax.set_title(title, fontsize=10)
    ax.set_xlabel("step")
    ax.set_ylabel("money")
    if players:
        ax.legend(fontsize=8, ncol=players)
    return lines


# ---------------------------------------------------------------------------------------------
# Light SVG charts: pure strings for live widgets (a redraw costs well under a millisecond,
# where a matplotlib PNG costs a hundred) and for static pages.


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    import math

    exp = 10 ** math.floor(math.log10(value))
    for m in (1, 2, 2.5, 5, 10):
        if value <= m * exp:
            return m * exp
    return 10 * exp  # pragma: no cover


def svg_open(width: int, height: int, title: str) -> list[str]:
    """The opening of a light SVG chart: the ``<svg>`` tag (class ``kt-chart``) and the centred,
    escaped title; the caller appends the body and ``</svg>``.

    >>> svg_open(200, 100, "a < b")[1].endswith('font-weight="bold">a &lt; b</text>')
    True
    """
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="kt-chart" font-family="sans-serif" font-size="11">',
        f'<text x="{width / 2:g}" y="14" text-anchor="middle" font-size="12" '
        f'font-weight="bold">{_escape(title)}</text>',
    ]


def _frame(
    width: int, height: int, title: str, xlabel: str, ylabel: str, ymax: float, ymin: float = 0.0
) -> tuple[list[str], tuple[float, float, float, float]]:
    """The SVG head, title, y grid and labels; returns parts and the plot box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = 48.0, 24.0, width - 10.0, height - 38.0
    esc = _escape
    parts = svg_open(width, height, title)
    for k in range(5):
        v = ymin + (ymax - ymin) * k / 4
        y = y1 - (y1 - y0) * k / 4
        parts.append(f'<line x1="{x0}" y1="{y:.1f}" x2="{x1}" y2="{y:.1f}" stroke="#e5e7eb"/>')
        parts.append(f'<text x="{x0 - 4}" y="{y + 4:.1f}" text-anchor="end">{_fmt(v)}</text>')
    parts.append(f'<line x1="{x0}" y1="{y1}" x2="{x1}" y2="{y1}" stroke="#374151"/>')
    parts.append(
        f'<text x="{(x0 + x1) / 2:.1f}" y="{height - 4}" text-anchor="middle">{esc(xlabel)}</text>'
    )
    parts.append(
        f'<text x="12" y="{(y0 + y1) / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {(y0 + y1) / 2:.1f})">{esc(ylabel)}</text>'
    )
    return parts, (x0, y0, x1, y1)


def _escape(text: str) -> str:
    import html

    return html.escape(str(text))


def _legend(parts: list[str], names: Sequence[str], x1: float, y0: float) -> None:
    for k, name in enumerate(names):
        colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
        y = y0 + 4 + 14 * k
        parts.append(f'<rect x="{x1 - 120}" y="{y}" width="10" height="10" fill="{colour}"/>')
        parts.append(f'<text x="{x1 - 106}" y="{y + 9}">{_escape(name)}</text>')


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
) -> str:
    """Grouped bars as an SVG string: one group per label, one colour per series.

    Each bar carries ``data-series``/``data-label``/``data-value`` attributes (tests read them).

    >>> svg = svg_bars(["0", "1"], [("A", [0.25, 0.75])], title="offers")
    >>> svg.count("<rect class"), 'data-value="0.75"' in svg
    (2, True)
    """
    top = (
        ymax
        if ymax is not None
        else _nice_max(max((v for _, vs in series for v in vs), default=1.0))
    )
    parts, (x0, y0, x1, y1) = _frame(width, height, title, xlabel, ylabel, top)
    n_groups = max(1, len(labels))
    group_w = (x1 - x0) / n_groups
    n = max(1, len(series))
    bar_w = group_w * 0.8 / n
    for i, label in enumerate(labels):
        gx = x0 + group_w * i
        parts.append(
            f'<text x="{gx + group_w / 2:.1f}" y="{y1 + 14}" text-anchor="middle">'
            f"{_escape(label)}</text>"
        )
        for k, (name, values) in enumerate(series):
            v = float(values[i])
            h = 0.0 if top <= 0 else max(0.0, min(v, top)) / top * (y1 - y0)
            x = gx + group_w * 0.1 + bar_w * k
            colour = PLAYER_COLOURS[k % len(PLAYER_COLOURS)]
            parts.append(
                f'<rect class="kt-bar" data-series="{_escape(name)}" data-label="{_escape(label)}"'
                f' data-value="{v:.4g}" x="{x:.1f}" y="{y1 - h:.1f}" width="{bar_w:.1f}" '
                f'height="{h:.1f}" fill="{colour}"><title>{_escape(name)} {_escape(label)}: '
                f"{v:.3g}</title></rect>"
            )
    if len(series) > 1:
        _legend(parts, [name for name, _ in series], x1, y0)
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
    ``(x, colour)`` markers.

    >>> svg_lines([0, 1, 2], [("P0", [90, 80, None])]).count("<polyline")
    1
    """
    values = [v for _, ys in series for v in ys if v is not None]
    lo = min(0.0, min(values, default=0.0))
    top = _nice_max(max(values, default=1.0))
    parts, (x0, y0, x1, y1) = _frame(width, height, title, xlabel, ylabel, top, lo)
    xmin, xmax = (min(xs), max(xs)) if xs else (0.0, 1.0)
    span = (xmax - xmin) or 1.0

    def px(x: float) -> float:
        return x0 + (x - xmin) / span * (x1 - x0)

    def py(y: float) -> float:
        return y1 - (y - lo) / ((top - lo) or 1.0) * (y1 - y0)

    for k in range(5):
        x = xmin + span * k / 4
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
    if series:
        _legend(parts, [name for name, _ in series], x1, y0)
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
    width: int = 420,
    height: int = 280,
) -> str:
    """A grid of categories (``cells[i][j]`` indexes ``colours`` at ``ys[i]``, ``xs[j]``) as SVG.

    >>> svg = svg_heatmap([10, 20], [0, 100], [[0, 0], [1, 0]], ["#fde68a", "#1d4ed8"])
    >>> svg.count('class="kt-cell"'), svg.count('data-category="1"')
    (4, 1)
    """
    parts = svg_open(width, height, title)
    x0, y0, x1, y1 = 48.0, 24.0, width - 10.0, height - 38.0
    cw = (x1 - x0) / max(1, len(xs))
    ch = (y1 - y0) / max(1, len(ys))
    for i, row in enumerate(cells):
        for j, c in enumerate(row):
            parts.append(
                f'<rect class="kt-cell" data-x="{xs[j]}" data-y="{ys[i]}" data-category="{c}" '
                f'x="{x0 + cw * j:.1f}" y="{y1 - ch * (i + 1):.1f}" width="{cw + 0.3:.1f}" '
                f'height="{ch + 0.3:.1f}" fill="{colours[c]}"/>'
            )
    every_x = max(1, len(xs) // 8)
    for j in range(0, len(xs), every_x):
        parts.append(
            f'<text x="{x0 + cw * (j + 0.5):.1f}" y="{y1 + 14}" text-anchor="middle">'
            f"{_fmt(xs[j])}</text>"
        )
    every_y = max(1, len(ys) // 6)
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
    parts.append(
        f'<text x="{(x0 + x1) / 2:.1f}" y="{height - 4}" text-anchor="middle">'
        f"{_escape(xlabel)}</text>"
    )
    parts.append(
        f'<text x="12" y="{(y0 + y1) / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {(y0 + y1) / 2:.1f})">{_escape(ylabel)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


#: Colours of :func:`preemption_regions_svg`: sell, cannot pay (sell), preempt.
REGION_COLOURS: tuple[str, ...] = ("#fde68a", "#d1d5db", "#1d4ed8")


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
        title="blue: preempt, yellow: sell, grey: cannot pay",
        xlabel="bid (hammer price)",
        ylabel="worth to the auctioneer",
        marker=marker,
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
    fig.update_layout(
        title=title,
        xaxis_title=xlabel,
        yaxis_title=ylabel,
        barmode="group",
        sliders=[{"active": 0, "steps": slider_steps, "currentvalue": {"prefix": slider_label}}],
        height=420,
        margin={"t": 50, "b": 40},
    )
    fig.update_xaxes(type="category")
    if ymax is not None:
        fig.update_yaxes(range=[0, ymax])
    return fig
