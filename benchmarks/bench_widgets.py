"""Benchmark: the widgets' callbacks, from a control change to the updated figures.

The target (issue 6): the trade explorer, ten-card hands, slider change to updated figure, p95 under
150 ms, in every edition. Each slider value is visited once first (a fresh solve: ``solve_trade``
and the explorer cache solutions, so a revisit only redraws) and then again (cached). Besides the
wall-clock time of each callback, its CPU time (``time.process_time``) is shown: the fairer figure
on a machine shared with other jobs. Also timed: the preemption explorer's point and card callbacks
and one replay step. Figures only, never pass/fail on time.
Run: ``.venv/bin/python benchmarks/bench_widgets.py`` (or ``make bench``); ``--trade`` times only
the trade explorer.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence

os.environ.setdefault("OMP_NUM_THREADS", "1")

from kuhtheory.editions import EDITIONS  # noqa: E402
from kuhtheory.widgets.preemption import PreemptionExplorer  # noqa: E402
from kuhtheory.widgets.replay import ReplayViewer  # noqa: E402
from kuhtheory.widgets.trade import TradeExplorer  # noqa: E402

A_TEN = (0, 0, 10, 10, 10, 10, 50, 50, 100, 200)
B_TEN = (0, 0, 10, 10, 10, 50, 100, 100, 200, 500)
#: Ten-card hands with the most offer classes (249) and counter totals (93): the largest LPs.
A_WIDE = (0, 10, 10, 50, 50, 100, 100, 200, 200, 500)
B_WIDE = (0, 10, 10, 50, 50, 100, 100, 200, 500, 500)


def _p95(ms: Sequence[float]) -> float:
    return ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]


def percentiles(label: str, samples: Sequence[float], cpu: Sequence[float] | None = None) -> None:
    ms = sorted(s * 1000 for s in samples)
    line = (
        f"{label:<66} n={len(ms):3d}  p50 {statistics.median(ms):8.1f} ms"
        f"  p95 {_p95(ms):8.1f} ms  max {ms[-1]:8.1f} ms"
    )
    if cpu is not None:
        cms = sorted(s * 1000 for s in cpu)
        line += f"  | CPU p50 {statistics.median(cms):6.1f} p95 {_p95(cms):6.1f} ms"
    print(line)


def time_each(values: Sequence[object], change: Callable[[object], None]) -> list[float]:
    return time_each_cpu(values, change)[0]


def time_each_cpu(
    values: Sequence[object], change: Callable[[object], None]
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of ``change(v)`` for each value."""
    walls, cpus = [], []
    for v in values:
        start, cpu = time.perf_counter(), time.process_time()
        change(v)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - start)
    return walls, cpus


def main() -> None:
    cases = [(edition, A_TEN, B_TEN, "ten-card hands") for edition in sorted(EDITIONS)]
    cases.append(("classic", A_WIDE, B_WIDE, "ten-card wide hands"))
    for edition, a_cards, b_cards, hands in cases:
        ex = TradeExplorer(a_cards=a_cards, b_cards=b_cards, value=0, edition=edition)
        worths = list(range(10, 501, 10))

        def move(v: object, ex: TradeExplorer = ex) -> None:
            ex.value_slider.value = v
            assert ex.message.value == "", ex.message.value

        fresh, fresh_cpu = time_each_cpu(worths, move)
        percentiles(f"trade explorer {edition}, {hands}, slider, fresh solve", fresh, fresh_cpu)
        again, again_cpu = time_each_cpu(list(reversed(worths)), move)
        percentiles(f"trade explorer {edition}, {hands}, slider, revisited", again, again_cpu)
        s = ex.summary
        assert s is not None
        start = time.perf_counter()
        for _ in range(20):
            ex.charts(s)
        per_draw = (time.perf_counter() - start) / 20 * 1000
        print(f"{'  of which the four SVG charts':<66} {per_draw:8.2f} ms")
    if "--trade" in sys.argv[1:]:
        return

    pre = PreemptionExplorer()
    bids = [10, 20, 30, 40, 50, 60, 70, 80, 90] * 3
    percentiles(
        "preemption explorer, bid slider (point + regions chart)",
        time_each(bids, lambda v: setattr(pre.bid_slider, "value", v)),
    )
    hands = ["0,0,10,10,10,10,50", "50", "500", "0,10,10,50,100"] * 3
    percentiles(
        "preemption explorer, auctioneer's cards (regions + auctions)",
        time_each(hands, lambda v: setattr(pre.auctioneer_text, "value", v)),
    )

    viewer = ReplayViewer("classic-preemption")
    steps = list(range(0, viewer.step_slider.max, max(1, viewer.step_slider.max // 60)))
    percentiles(
        "replay viewer, step slider (table, events, three charts)",
        time_each(steps, lambda v: setattr(viewer.step_slider, "value", v)),
    )


if __name__ == "__main__":
    main()
