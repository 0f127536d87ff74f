"""Figures for the analysis chapters: measured games per second per edition (kuhtheory.analysis,
heuristic bots, 4 players, one process) and the time to derive toy trades in closed form
(kuhtheory.solvers.toy, sympy). Prints figures; never fails on time.

Run: ``.venv/bin/python benchmarks/bench_analysis.py [--games N]``.
"""

from __future__ import annotations

import argparse
import time

from kuhtheory.analysis import game_stats
from kuhtheory.editions import EDITIONS
from kuhtheory.solvers import toy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per edition (default 40)")
    args = parser.parse_args()
    print(f"game_stats, 4 heuristic bots, {args.games} games per edition (seeds 1..):")
    for edition in EDITIONS:
        start = time.process_time()
        unfinished = sum(
            not game_stats(edition, 4, seed, "heuristic", 120).finished
            for seed in range(1, args.games + 1)
        )
        cpu = time.process_time() - start
        rate = args.games / cpu
        print(f"  {edition:8} {rate:7.1f} games/s CPU ({unfinished} stopped at 120 turns)")
    print("toy_trade, closed forms for every W (sympy), CPU seconds:")
    for edition, a, b in [
        ("2025", [0, 10], [10]),
        ("2025", [0, 50], [10, 10]),
        ("2025", [0, 0, 10], [0, 10]),
        ("first", [0, 10], [10]),
    ]:
        toy._toy.cache_clear()
        start = time.process_time()
        toy.toy_trade(edition, a, b)
        print(f"  {edition:6} A {a!s:12} B {b!s:10} {time.process_time() - start:6.2f} s")


if __name__ == "__main__":
    main()
