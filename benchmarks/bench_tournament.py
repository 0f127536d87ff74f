"""Tournament figures (``make bench``): games per second, the equilibrium bot legal at scale.

For every edition (and two variants) it plays ``GAMES`` games of equilibrium, heuristic, heuristic,
random with seats rotated on ``JOBS`` processes. Every action goes through the engine's ``apply``,
which raises on an illegal one, so a run that finishes is a legality check over all those games.
It prints games/s, the unfinished games (stopped at the action cap) and the table's win rates.
Then it times the same classic tournament with 1 and 2 processes and checks they agree.
Then the mix on one core (issue 15's target: 30 games/s) and the equilibrium bot's variants
(belief, general-sum) with their win rates. Last, the heuristic bots' endgame: for every edition
and variant, how many of ``GAMES`` games between four heuristic bots do not end within
``TURN_CAP`` turns (the cap of the cached edition statistics; before the endgame fix about 30 %
of 2025 games looped in one-card trades).
Never fails on time. ``python benchmarks/bench_tournament.py [GAMES]``; only the line
"equilibrium mix games/s": ``python benchmarks/bench_tournament.py mix [GAMES]``.
"""

from __future__ import annotations

import sys
import time

from kuhtheory.tournament import run_tournament

BOTS = ["equilibrium", "heuristic", "heuristic", "random"]
EDITIONS = ["classic", "2025", "first", "bluff", "2025+no-kidding", "classic+quick"]
JOBS = 2
CAP = 1000
#: Every edition and variant, for the heuristic endgame figures.
ALL_SPECS = [
    "classic",
    "classic+quick",
    "classic+short",
    "2025",
    "2025+double-move",
    "2025+no-kidding",
    "2025+donkey-100",
    "2025+original",
    "first",
    "bluff",
    "bluff+super-trade",
]
#: The turn cap of scripts/make_edition_stats.py.
TURN_CAP = 120


def _heuristic_turns(job: tuple[str, int]) -> tuple[bool, int]:
    """(ended within TURN_CAP turns, turns) of the 4-player heuristic game of one seed."""
    from kuhtheory.agents import make_agent
    from kuhtheory.agents.play import agent_seed
    from kuhtheory.engine import new_game

    spec, seed = job
    state = new_game(players=4, seed=seed, edition=spec)
    bots = [make_agent("heuristic", agent_seed(seed, k)) for k in range(4)]
    while not state.is_terminal and state.turn <= TURN_CAP:
        p = state.current_player
        state = state.apply(bots[p].act(state.observation(p), state.legal_actions()))
    return state.is_terminal, state.turn


def heuristic_endgame(games: int) -> None:
    """Print the unfinished heuristic games per edition and variant (seeds 1..games)."""
    from concurrent.futures import ProcessPoolExecutor

    print(f"heuristic bots x4, {games} games per edition/variant, cap {TURN_CAP} turns")
    with ProcessPoolExecutor(JOBS) as pool:
        for spec in ALL_SPECS:
            start = time.perf_counter()
            runs = list(
                pool.map(_heuristic_turns, [(spec, s) for s in range(1, games + 1)], chunksize=16)
            )
            seconds = time.perf_counter() - start
            done = [turns for ended, turns in runs if ended]
            print(
                f"{spec:<18} unfinished {games - len(done):>4}/{games}  "
                f"turns mean {sum(done) / max(len(done), 1):5.1f} max {max(done, default=0):>3}"
                f"  {games / seconds:6.1f} games/s"
            )


def _cold_caches() -> None:
    from kuhtheory.agents import equilibrium
    from kuhtheory.solvers import trade_round, trade_solution

    equilibrium._solve.cache_clear()
    for cached in (trade_round.values, trade_round.offers, trade_round.reply, trade_round.round_of):
        cached.cache_clear()
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
    one_core(max(games // 4, 60))
    variants(games)
    heuristic_endgame(games)


def one_core(n: int) -> None:
    """Issue 15 item 2: the mix equilibrium, heuristic, heuristic, random on one core (classic);
    target at least 30 four-player games per second. Caches cold at the start, as in a fresh
    process; CPU time is the fairer figure on a shared machine."""
    import scipy.stats  # noqa: F401  (the tournament's table imports it: not the bots' time)

    run_tournament(BOTS, 2, seed=99, jobs=1, max_actions=CAP)  # every module imported
    _cold_caches()
    w0, c0 = time.perf_counter(), time.process_time()
    run_tournament(BOTS, n, seed=7, jobs=1, max_actions=CAP)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    print(
        f"equilibrium mix games/s: {n / cpu:.1f} CPU, {n / wall:.1f} wall (one core, classic, "
        f"{','.join(BOTS)}, {n} games, caches cold; target 30)"
    )


def variants(games: int) -> None:
    """The equilibrium bot's strength by variant (issue 13 item 6), each in the seat of the
    equilibrium bot against heuristic, heuristic, random, seats rotated, classic and 2025: the
    default (likely hands, zero-sum), ``spread=2`` (solves against its belief over the
    opponent's hand) and ``general_sum`` (each side's own worth of the stake, Lemke). Win rates
    with 95 % Wilson intervals."""
    from kuhtheory.agents import register_agent
    from kuhtheory.agents.equilibrium import make_belief, make_general_sum

    register_agent("equilibrium-belief", make_belief)
    register_agent("equilibrium-general-sum", make_general_sum)
    print(f"equilibrium bot variants, {games} games each vs heuristic, heuristic, random")
    for edition in ("classic", "2025"):
        for name in ("equilibrium", "equilibrium-belief", "equilibrium-general-sum"):
            _cold_caches()
            start = time.perf_counter()
            r = run_tournament(
                [name, *BOTS[1:]], games, seed=11, edition=edition, jobs=JOBS, max_actions=CAP
            )
            wr = r.row(name).win_rate
            print(
                f"  {edition:8} {name:24} win rate {wr.estimate:.3f} [{wr.low:.3f}, {wr.high:.3f}]"
                f"  {games / (time.perf_counter() - start):5.1f} games/s ({JOBS} processes)"
                f"  unfinished {r.unfinished}"
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["mix"]:  # only the equilibrium mix line: ``... mix [GAMES]``
        one_core(int(sys.argv[2]) if len(sys.argv) > 2 else 60)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
