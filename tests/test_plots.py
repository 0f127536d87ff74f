"""Tests of kuhtheory.plots: figures built on the Agg canvas, artists updated in place."""

from __future__ import annotations

import pytest

from kuhtheory.plots import (
    draw_bars,
    draw_grouped_bars,
    draw_money_lines,
    draw_preemption_regions,
    draw_price_curves,
    figure_png,
    new_figure,
    update_bars,
    update_preemption_regions,
)
from kuhtheory.solvers.preemption import decision_regions


def test_bars_update_in_place_and_refuse_a_wrong_length() -> None:
    fig, (ax,) = new_figure()
    bars = draw_bars(ax, ["a", "b"], [0.1, 0.9])
    update_bars(bars, [0.6, 0.4])
    assert [b.get_height() for b in bars] == [0.6, 0.4]
    with pytest.raises(ValueError, match="3 values for 2 bars"):
        update_bars(bars, [0.1, 0.2, 0.7])


def test_png_changes_when_the_data_changes() -> None:
    fig, (ax,) = new_figure()
    bars = draw_bars(ax, ["a", "b"], [0.1, 0.9])
    first = figure_png(fig)
    update_bars(bars, [0.9, 0.1])
    second = figure_png(fig)
    assert first.startswith(b"\x89PNG") and first != second


def test_preemption_regions_image_holds_the_solver_grid() -> None:
    r = decision_regions((50,), (10, 10, 50), bids=(10, 20, 50), worths=(0, 100))
    fig, (ax,) = new_figure()
    image = draw_preemption_regions(ax, r)
    assert image.get_array().tolist() == [[0.0, 0.0, 0.0], [1.0, 1.0, 0.0]]
    cannot = decision_regions((10,), (10, 10, 50), bids=(10, 20), worths=(0, 100))
    update_preemption_regions(image, cannot)
    # the auctioneer's 10 cannot pay a bid of 20: grey (0.5)
    assert image.get_array().tolist()[1][1] == 0.5


def test_grouped_bars_curves_and_money_lines() -> None:
    fig, axes = new_figure(ncols=3)
    groups = draw_grouped_bars(axes[0], ["1", "2"], [("A", [0.5, 0.5]), ("B", [1.0, 0.0])])
    assert [len(g) for g in groups] == [2, 2]
    lines = draw_price_curves(axes[1], [0, 10], [("with", [10, None])])
    assert len(lines) == 1
    money = draw_money_lines(axes[2], [(90, 90), (80, 100)], marks=(1,))
    assert [list(line.get_ydata()) for line in money] == [[90, 80], [90, 100]]
    assert figure_png(fig)


def test_svg_bars_scale_to_the_largest_value_and_carry_data() -> None:
    import xml.etree.ElementTree as ET

    from kuhtheory.plots import svg_bars

    svg = svg_bars(["0", "1", "2"], [("A", [0.2, 0.4, 0.8]), ("B", [0.0, 1.0, 0.5])], ymax=1.0)
    root = ET.fromstring(svg)
    bars = [e for e in root.iter() if e.get("class") == "kt-bar"]
    assert len(bars) == 6
    heights = {(b.get("data-series"), b.get("data-label")): float(b.get("height")) for b in bars}
    assert heights[("B", "1")] == pytest.approx(2.5 * heights[("A", "1")], abs=0.3)
    assert heights[("B", "0")] == 0.0


def test_svg_lines_leave_gaps_for_missing_values_and_mark_steps() -> None:
    from kuhtheory.plots import svg_lines

    svg = svg_lines([0, 1, 2, 3], [("p", [1, None, 2, 3])], vlines=[(2, "red")])
    assert svg.count("<polyline") == 2
    assert svg.count('class="kt-mark"') == 1


def test_preemption_regions_svg_colours_each_cell() -> None:
    from kuhtheory.plots import preemption_regions_svg

    r = decision_regions((10,), (10, 10, 50), bids=(10, 20), worths=(0, 100))
    svg = preemption_regions_svg(r)
    # worth 0: sell at 10; worth 100: preempt at 10; his 10 cannot pay a bid of 20 (grey)
    assert svg.count('data-category="0"') == 1
    assert svg.count('data-category="2"') == 1
    assert svg.count('data-category="1"') == 2


def test_plotly_slider_bars_shows_one_step_at_a_time() -> None:
    from kuhtheory.plots import plotly_slider_bars

    steps = [(str(k), ["a", "b"], [("x", [k, 1]), ("y", [0, k])]) for k in range(3)]
    fig = plotly_slider_bars(steps, ymax=None)
    assert len(fig.data) == 6
    assert [t.visible for t in fig.data] == [True, True, False, False, False, False]
    last = fig.layout.sliders[0].steps[2].args[0]["visible"]
    assert last == [False, False, False, False, True, True]
    assert list(fig.data[5].y) == [0, 2]
