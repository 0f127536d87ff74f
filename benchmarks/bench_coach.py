"""Benchmark: the coach on whole four-player games (figures only, never pass/fail on time).

Target (issue 17): a whole four-player game coached, every seat and every kind of decision, in
under 10 s on one core. Prints the CPU time (``time.process_time``) of :func:`coach_game` on a
shipped record and on seeded games of the three bots, each from cold caches (the trade solver's
and the coach's own caches are cleared first, as in a fresh process), with the number of decisions
measured and skipped and the longest single decision; then the three bots' mean loss per trade
decision, offer and reply, at the same positions (:func:`kuhtheory.coach.compare.compare_bots`).
Run:
``.venv/bin/python benchmarks/bench_coach.py`` (or ``make bench``).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.coach import coach_game
from kuhtheory.coach.compare import compare_bots
from kuhtheory.engine import new_game


def cold() -> None:
    """Empty the caches a fresh process starts without: every ``functools`` cache of kuhtheory's
    modules (the solvers', the coach's and the bots'), warmed by the games just played (the
    equilibrium bot solves the trades the coach then judges) or by the game measured before."""
    for name, module in list(sys.modules.items()):
        if name.startswith("kuhtheory.") and module is not None:
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def game(edition: str, seed: int, names: tuple[str, ...]) -> Any:
    return play(
        new_game(players=4, seed=seed, edition=edition),
        [make_agent(n, agent_seed(seed, p)) for p, n in enumerate(names)],
    )


def measure(label: str, source: Any) -> None:
    cold()
    start = time.process_time()
    report = coach_game(source)
    seconds = time.process_time() - start
    measured = sum(v.loss is not None for v in report.verdicts)
    longest = max((v.seconds for v in report.verdicts), default=0.0)
    print(
        f"{label:<58} {seconds:6.2f} s CPU  {measured:4d} decisions measured, "
        f"{len(report.verdicts) - measured} skipped, longest {longest:.2f} s"
    )


def main() -> None:
    print("coach_game on a whole four-player game, every seat, cold caches (target < 10 s):")
    measure("shipped record classic-preemption (4 heuristic bots)", "classic-preemption")
    mixed = ("random", "heuristic", "equilibrium", "heuristic")
    for seed in (1, 2):
        measure(
            f"classic seed {seed}: random, heuristic, equilibrium, heuristic",
            game("classic", seed, mixed),
        )
    measure(
        "classic seed 3: four random bots (large hands late)", game("classic", 3, ("random",) * 4)
    )
    measure("2025 seed 1: random, heuristic, equilibrium, heuristic", game("2025", 1, mixed))
    print("the bots at the same positions (compare_bots: 10 games of heuristic bots, hands cut")
    print("to 8 cards; every bot answers the same challenges and lays its pile for the same")
    print("trades), mean loss per decision in money with its 95% interval:")
    games = [game("classic", seed, ("heuristic",) * 4) for seed in range(1, 11)]
    start = time.process_time()
    result = compare_bots(games, max_cards=8)
    seconds = time.process_time() - start
    for kind in (None, "trade-offer", "trade-reply"):
        rows = ", ".join(
            f"{bot} {mean:.0f} [{low:.0f}, {high:.0f}]"
            for bot, n, mean, low, high in result.table(kind)
        )
        worse = result.difference("random", "heuristic", kind=kind)
        better = result.difference("heuristic", "equilibrium", kind=kind)
        print(
            f"  {kind or 'all trade':<12} n={result.decisions('random', kind):<4} {rows}; paired "
            f"random-heuristic {worse.estimate:.0f} [{worse.low:.0f}, {worse.high:.0f}], "
            f"heuristic-equilibrium {better.estimate:.0f} [{better.low:.0f}, {better.high:.0f}]"
        )
    print(f"  ({seconds:.1f} s CPU; the 50-game comparison is a test: tests/test_coach.py)")


if __name__ == "__main__":
    main()
