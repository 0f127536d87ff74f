"""Benchmark: the preemption solvers (figures only, never pass/fail on time).

Prints the solve time of a 3-bidder private-worths auction with 10 worth types per bidder (and the
auctioneer), with and without the right, and of the complete-information auction and the decision
grid. Run: ``.venv/bin/python benchmarks/bench_preemption.py`` (or ``make bench``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from kuhtheory.solvers.auction import make_game, solve_game
from kuhtheory.solvers.bayesian import solve_bayesian_auction
from kuhtheory.solvers.preemption import decision_regions

T = TypeVar("T")


def timed(label: str, fn: Callable[[], T], repeat: int = 5) -> T:
    best = float("inf")
    result = fn()
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<66} {best * 1000:9.2f} ms (best of {repeat})")
    return result


def main() -> None:
    rng = random.Random(2005)  # Bikhchandani, Lippman & Ryan
    types = [sorted(rng.sample(range(0, 400, 10), 10)) for _ in range(3)]
    auctioneer = sorted(rng.sample(range(0, 400, 10), 10))
    for right in (True, False):
        r = timed(
            f"private worths, 3 bidders x 10 types, auctioneer 10 types, right={right}",
            lambda right=right: solve_bayesian_auction(
                types, auctioneer, step=10, preemption=right
            ),
        )
        print(
            f"    rounds {r.rounds}, exploitability {r.exploitability:.2e}, "
            f"E[price] {r.expected_price:.2f}, P(preempt) {r.preempt_probability:.3f}, "
            f"E[auctioneer] {r.expected_auctioneer_payoff:.2f}"
        )
    r = timed(
        "private worths, 3 bidders x 10 types, cards (start money) for all",
        lambda: solve_bayesian_auction(
            types,
            auctioneer,
            step=10,
            money=["0,0,10,10,10,10,50"] * 3,
            auctioneer_money="0,0,10,10,10,10,50",
        ),
    )
    print(f"    exploitability {r.exploitability:.2e}, E[price] {r.expected_price:.2f}")

    def complete() -> object:
        game = make_game([150, 120, 90], auctioneer_value=160, step=10)
        return solve_game(game)

    res = timed("complete information, 3 bidders, worths 150/120/90, step 10", complete)
    print(f"    price {res.price}, {res.decision}")  # type: ignore[attr-defined]

    def bigger() -> object:
        game = make_game([300, 250, 200, 150], auctioneer_value=300, step=10)
        return solve_game(game)

    res = timed("complete information, 4 bidders, worths up to 300, step 10", bigger, repeat=1)
    print(f"    price {res.price}, {res.decision}")  # type: ignore[attr-defined]
    timed(
        "decision grid: 9 bids x 50 worths, classic start money",
        lambda: decision_regions(
            "0,0,10,10,10,10,50", "0,0,10,10,10,10,50", range(10, 91, 10), range(0, 500, 10)
        ),
    )


if __name__ == "__main__":
    main()
