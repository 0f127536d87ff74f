"""Tests of kuhtheory.plots: the SVG charts and the plotly figures."""

from __future__ import annotations

import pytest

from kuhtheory.solvers.preemption import decision_regions


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
