"""Benchmark: the preemption solvers (figures only, never pass/fail on time).

Prints the CPU time (``time.process_time``, which a shared machine disturbs least) of a 3-bidder
private-worths auction with 10 worth types per bidder (and the auctioneer), with and without the
right, of the complete-information auction (both equilibrium selections, up to worths of 10000) and
of the decision grid. Run: ``.venv/bin/python benchmarks/bench_preemption.py`` (or ``make bench``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from kuhtheory.solvers.auction import check_equilibrium, make_game, solve_auction_game
from kuhtheory.solvers.bayesian import solve_bayesian_auction
from kuhtheory.solvers.preemption import decision_regions

T = TypeVar("T")


def timed(label: str, fn: Callable[[], T], repeat: int = 5) -> T:
    best = float("inf")
    result = fn()
    for _ in range(repeat):
        start = time.process_time()
        result = fn()
        best = min(best, time.process_time() - start)
    print(f"{label:<70} {best * 1000:9.2f} ms CPU (best of {repeat})")
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
    r = timed(
        "private worths, 2 bidders of worth 10**5 (10,002 price levels)",
        lambda: solve_bayesian_auction([[10**5], [10**5]], [50]),
    )
    r = timed(
        "private worths, 3 worths up to 10**6 x 2 bidders (100,002 levels)",
        lambda: solve_bayesian_auction([[0, 5 * 10**5, 10**6], [3 * 10**5, 9 * 10**5]], [0, 10**6]),
    )
    print(f"    rounds {r.rounds}, max regret {r.max_regret:.2e}, E[price] {r.expected_price:.0f}")

    cases = [
        ("3 bidders, worths 150/120/90", [150, 120, 90], 160),
        ("4 bidders, worths up to 300", [300, 250, 200, 150], 300),
        ("4 bidders, worths up to 3000", [3000, 2500, 2000, 1500], 3000),
        ("2 bidders, worths 10000/10000", [10000, 10000], 10000),
        ("10 bidders, worths 50 (143,421 states of the 300,000 limit)", [50] * 10, 50),
    ]
    for label, values, worth in cases:
        game = make_game(values, auctioneer_value=worth, step=10)
        for selection in ("undominated", "pass-on-ties"):
            res = timed(
                f"complete information, {label}, {selection}",
                lambda game=game, selection=selection: solve_auction_game(game, selection),
                repeat=3,
            )
            print(f"    {game.state_count():,} states; price {res.price}, {res.decision}")
    check_game = make_game([3000, 2500, 2000, 1500], auctioneer_value=3000)
    eq = solve_auction_game(check_game).equilibrium
    timed("check_equilibrium, 4 bidders, worths up to 3000", lambda: check_equilibrium(eq), 1)
    timed(
        "decision grid: 9 bids x 50 worths, classic start money",
        lambda: decision_regions(
            "0,0,10,10,10,10,50", "0,0,10,10,10,10,50", range(10, 91, 10), range(0, 500, 10)
        ),
    )


if __name__ == "__main__":
    main()
