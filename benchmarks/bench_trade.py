"""Solve times of the trade subgame (``make bench``; prints figures, never fails on time).

A and B each holding {0,0,10,10,10,10,50} and each holding {0,0,10,10,10,10,50,50,100,200},
W = 100, every edition: float and exact solves with the default refinement (quasi-perfect), then
the ten-card trade under each refinement (none, quasi-perfect, proper; issue 13), the cache
cleared before each run. Reports the median wall-clock time and the median CPU time of the process
(``time.process_time``), the fairer figure on a machine shared with other jobs. Targets (issue 3):
the ten-card classic game under 25 ms float and under 1 s exact on one core.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")

from kuhtheory.cards import to_counts  # noqa: E402
from kuhtheory.solvers.normal_form import normal_form_size  # noqa: E402
from kuhtheory.solvers.refinements import Refinement  # noqa: E402
from kuhtheory.solvers.trade import TradeRules, round_form  # noqa: E402
from kuhtheory.solvers.trade_solution import _solve_single, solve_trade  # noqa: E402
from kuhtheory.solvers.trade_tables import TradeSolution  # noqa: E402

HANDS = {
    "7 cards": "0,0,10,10,10,10,50",
    "10 cards": "0,0,10,10,10,10,50,50,100,200",
}
EDITIONS = ("classic", "2025", "first", "bluff", "bluff+super-trade")
REPEATS = int(os.environ.get("BENCH_REPEATS", "15"))


def timed(
    edition: str, hand: str, exact: bool, refinement: Refinement = Refinement.QUASI_PERFECT
) -> tuple[float, float, TradeSolution]:
    """Median wall and CPU seconds of a solve from scratch, and the solution."""
    walls, cpus = [], []
    solution = None
    for _ in range(REPEATS if not exact else max(3, REPEATS // 3)):
        _solve_single.cache_clear()
        w0, c0 = time.perf_counter(), time.process_time()
        solution = solve_trade(edition, hand, hand, 100, exact=exact, refinement=refinement)
        cpus.append(time.process_time() - c0)
        walls.append(time.perf_counter() - w0)
    assert solution is not None
    return statistics.median(walls), statistics.median(cpus), solution


def by_edition() -> None:
    print(f"trade solve times, W=100, median of {REPEATS} runs (exact: fewer), ms wall / ms CPU")
    print(f"{'hands':9} {'edition':18} {'float':>16} {'exact':>16}  value    LP size (A x B seqs)")
    for label, hand in HANDS.items():
        for edition in EDITIONS:
            fw, fc, _ = timed(edition, hand, False)
            ew, ec, sol = timed(edition, hand, True)
            sf = round_form(
                TradeRules.from_edition(edition),
                to_counts(_h(hand)),
                to_counts(_h(hand)),
                sol.stake_value,
                prune=True,
            )
            print(
                f"{label:9} {edition:18} {1000 * fw:7.1f} /{1000 * fc:6.1f} "
                f"{1000 * ew:7.1f} /{1000 * ec:6.1f}  {str(sol.value_exact):8} "
                f"{sf.sizes[0]} x {sf.sizes[1]}"
            )


def by_refinement() -> None:
    print()
    print("ten-card trade per refinement, W=100, ms wall / ms CPU (exact: how it was certified)")
    print(f"{'edition':18} {'refinement':14} {'float':>16} {'exact':>16}  exact certificate")
    hand = HANDS["10 cards"]
    for edition in EDITIONS:
        for refinement in Refinement:
            fw, fc, _ = timed(edition, hand, False, refinement)
            ew, ec, sol = timed(edition, hand, True, refinement)
            how = "exact" if sol.exact else "fell back to floats"
            if sol.exact and "checked in floats only" in sol.verified:
                how = "value exact, refinement in floats"
            print(
                f"{edition:18} {refinement.value:14} {1000 * fw:7.1f} /{1000 * fc:6.1f} "
                f"{1000 * ew:7.1f} /{1000 * ec:6.1f}  {how}"
            )


def main() -> int:
    solve_trade("2025", "0,10", "0", 10)  # warm up imports
    by_edition()
    by_refinement()
    hand = to_counts(_h(HANDS["10 cards"]))
    sf = round_form(TradeRules.from_edition("2025"), hand, hand, 100)  # type: ignore[arg-type]
    rows, cols = normal_form_size(sf)
    print(
        f"ten-card trade, one round: reduced normal form {rows} x {cols:.3g} "
        f"vs sequence form {sf.sizes[0]} x {sf.sizes[1]}"
    )
    return 0


def _h(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split(","))


if __name__ == "__main__":
    sys.exit(main())
