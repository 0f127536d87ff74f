"""Write the cached edition statistics shipped in kuhtheory/data/edition_stats.json.

The editions chapter (notebooks/editions.md) reads this file instead of playing thousands of games
while it runs. Every game is seeded (game ``i`` of an edition uses the seed ``--seed + i``, its bots
``agent_seed(seed, seat)``), so the file is the same every time as long as the engine and the bots
do not change; rerun the script when they do. The defaults are those of the shipped file: 2000
four-player games per edition between heuristic bots, each stopped unfinished after 120 turns (a
finished heuristic game takes 30 to 100 turns).

Run: ``.venv/bin/python scripts/make_edition_stats.py [--games N] [--players P] [--jobs J]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from kuhtheory.analysis import CACHE_PATH, edition_summary, simulate_edition
from kuhtheory.editions import EDITIONS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per edition (default 2000)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--bots", default="heuristic", help="bot name for every seat")
    parser.add_argument(
        "--max-turns",
        type=int,
        default=120,
        help="stop a game unfinished after this many turns (default 120)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--editions", default=",".join(EDITIONS), help="editions separated by commas (default: all)"
    )
    parser.add_argument("--out", type=Path, default=CACHE_PATH, help="where to write the JSON")
    args = parser.parse_args(argv)
    out = {"format": 1, "editions": {}}
    executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for edition in args.editions.split(","):
            start = time.perf_counter()
            sim = simulate_edition(
                edition, args.players, args.games, args.seed, args.bots, args.max_turns, executor
            )
            out["editions"][edition] = sim
            s = edition_summary(sim)
            print(
                f"{edition:8} {args.games} games in {time.perf_counter() - start:6.1f} s: "
                f"finished {s['finished']:.3f}, mean turns {s.get('mean_turns', 0):.1f}",
                file=sys.stderr,
                flush=True,
            )
            # Written after every edition, so an interrupted run keeps what it finished.
            args.out.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    finally:
        if executor is not None:
            executor.shutdown()
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
