"""Benchmark: the widgets' callbacks, from a control change to the updated figures.

The target (issue 6): the trade explorer, ten-card hands, slider change to updated figure, p95 under
150 ms. Each slider value is visited once first (a fresh solve: ``solve_trade`` and the explorer
cache solutions, so a revisit only redraws) and then again (cached). Also timed: the preemption
explorer's point and card callbacks and one replay step. Figures only, never pass/fail on time.
Run: ``.venv/bin/python benchmarks/bench_widgets.py`` (or ``make bench``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

from kuhtheory.widgets.preemption import PreemptionExplorer
from kuhtheory.widgets.replay import ReplayViewer
from kuhtheory.widgets.trade import TradeExplorer

A_TEN = (0, 0, 10, 10, 10, 10, 50, 50, 100, 200)
B_TEN = (0, 0, 10, 10, 10, 50, 100, 100, 200, 500)


def percentiles(label: str, samples: Sequence[float]) -> None:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"{label:<62} n={len(ms):3d}  p50 {statistics.median(ms):8.1f} ms  p95 {p95:8.1f} ms"
          f"  max {ms[-1]:8.1f} ms")


def time_each(values: Sequence[object], change: Callable[[object], None]) -> list[float]:
    out = []
    for v in values:
        start = time.perf_counter()
        change(v)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    for edition in ("2025", "classic"):
        ex = TradeExplorer(a_cards=A_TEN, b_cards=B_TEN, value=0, edition=edition)
        worths = list(range(10, 501, 10))

        def move(v: object, ex: TradeExplorer = ex) -> None:
            ex.value_slider.value = v
            assert ex.message.value == "", ex.message.value

        fresh = time_each(worths, move)
        percentiles(f"trade explorer {edition}, ten-card hands, slider, fresh solve", fresh)
        again = time_each(list(reversed(worths)), move)
        percentiles(f"trade explorer {edition}, ten-card hands, slider, revisited", again)
        s = ex.summary
        assert s is not None
        start = time.perf_counter()
        for _ in range(20):
            ex.charts(s)
        per_draw = (time.perf_counter() - start) / 20 * 1000
        print(f"{'  of which the four SVG charts':<62} {per_draw:8.2f} ms")

    pre = PreemptionExplorer()
    bids = [10, 20, 30, 40, 50, 60, 70, 80, 90] * 3
    percentiles("preemption explorer, bid slider (point + regions chart)",
                time_each(bids, lambda v: setattr(pre.bid_slider, "value", v)))
    hands = ["0,0,10,10,10,10,50", "50", "500", "0,10,10,50,100"] * 3
    percentiles("preemption explorer, auctioneer's cards (regions + auctions)",
                time_each(hands, lambda v: setattr(pre.auctioneer_text, "value", v)))

    viewer = ReplayViewer("classic-preemption")
    steps = list(range(0, viewer.step_slider.max, max(1, viewer.step_slider.max // 60)))
    percentiles("replay viewer, step slider (table, events, three charts)",
                time_each(steps, lambda v: setattr(viewer.step_slider, "value", v)))


if __name__ == "__main__":
    main()
