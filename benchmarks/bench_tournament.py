"""Tournament figures (``make bench``): games per second, the equilibrium bot legal at scale.

For every edition (and two variants) it plays ``GAMES`` games of equilibrium, heuristic, heuristic,
random with seats rotated on ``JOBS`` processes. Every action goes through the engine's ``apply``,
which raises on an illegal one, so a run that finishes is a legality check over all those games.
It prints games/s, the unfinished games (stopped at the action cap) and the table's win rates.
Then it times the same classic tournament with 1 and 2 processes and checks they agree.
Never fails on time. ``python benchmarks/bench_tournament.py [GAMES]``.
"""

from __future__ import annotations

import sys
import time

from kuhtheory.tournament import run_tournament

BOTS = ["equilibrium", "heuristic", "heuristic", "random"]
EDITIONS = ["classic", "2025", "first", "bluff", "2025+no-kidding", "classic+quick"]
JOBS = 2
CAP = 1000


def _cold_caches() -> None:
    from kuhtheory.agents import equilibrium
    from kuhtheory.solvers import trade_solution

    equilibrium._solve.cache_clear()
    single = getattr(trade_solution, "_solve_single", None)
    if hasattr(single, "cache_clear"):
        single.cache_clear()


def main(games: int = 200) -> None:
    print(f"{games} games per edition, bots {','.join(BOTS)}, {JOBS} processes, cap {CAP} actions")
    for name in EDITIONS:
        edition, *variants = name.split("+")
        start = time.perf_counter()
        r = run_tournament(
            BOTS, games, seed=1, edition=edition, variants=variants, jobs=JOBS, max_actions=CAP
        )
        seconds = time.perf_counter() - start
        eq, heur = r.row("equilibrium").win_rate, r.row("heuristic").win_rate
        print(
            f"{name:<18} {games / seconds:6.1f} games/s  unfinished {r.unfinished:>3}  "
            f"win rate equilibrium {eq.estimate:.3f} [{eq.low:.3f}, {eq.high:.3f}]  "
            f"heuristic {heur.estimate:.3f} [{heur.low:.3f}, {heur.high:.3f}]"
        )
    n = max(games // 4, 8)
    timings = {}
    results = {}
    for jobs in (1, 2):
        _cold_caches()  # forked workers would inherit a warm cache from this process
        start = time.perf_counter()
        results[jobs] = run_tournament(BOTS, n, seed=5, jobs=jobs, max_actions=CAP)
        timings[jobs] = time.perf_counter() - start
    print(
        f"classic {n} games: 1 process {timings[1]:.1f} s, 2 processes {timings[2]:.1f} s; "
        f"identical results: {results[1] == results[2]}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
