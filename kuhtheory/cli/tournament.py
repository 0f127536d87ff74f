"""``kuhtheory tournament``: many games between bots, seats rotated, with confidence intervals.

::

    kuhtheory tournament --edition classic --players 4 --bots equilibrium,heuristic,heuristic,random
        --games 2000 --jobs 2 [--json] [--csv FILE] [--seed N] [--variant V]

Game ``i`` is seeded from ``--seed`` and ``i`` (:func:`kuhtheory.tournament.game_seed`) and seats
rotate by one each game; the result does not depend on ``--jobs``. Output: the table with 95 %
intervals (Wilson for win rates, Student t for mean scores; a shared win counts 1/k to each of its
k winners unless ``--shared win``) and the head-to-head matrix, or with ``--json`` one JSON object
(:meth:`kuhtheory.tournament.TournamentResult.to_json`). ``--csv FILE`` also writes the table as CSV
(``--csv-games FILE``: one row per game). A progress bar is drawn on stderr when it is a terminal.
``--scheduler ADDRESS`` plays the games on a Dask cluster (:mod:`kuhtheory.interop.cluster`).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager

from kuhtheory.cli.simulate import add_game_options, parse_bots, setup_options
from kuhtheory.errors import InvalidSetupError
from kuhtheory.files import check_output_file, write_text_atomic
from kuhtheory.game import get_game
from kuhtheory.tournament import MAX_ACTIONS, MAX_JOBS, SHARED_MODES, run_tournament

#: ``kuhtheory tournament --help``: plain words (the module docstring is written for the book).
DESCRIPTION = """\
Play a tournament between bots: many games, the seats rotating by one each game so every bot
sits in every seat, and print each bot's win rate and mean score with 95% intervals (Wilson's
for win rates, Student's t for scores), and the head-to-head matrix: how often the row's bot
scored more than the column's in the games where both played.

A win shared by k players counts 1/k to each (--shared win: 1 to each). Each game's seed comes
from --seed and its number, so the result does not depend on --jobs. --scheduler ADDRESS plays
the games on a Dask cluster (started with 'dask scheduler' and 'dask worker ADDRESS', kuhtheory
installed on every worker) with the same result.

A game still running after --max-actions actions is stopped, counted unfinished (nobody wins
it) with its seed, and the tournament goes on; kuhtheory simulate --seed SEED --games 1 --bots
(the bots of its seats, in --csv-games or --json) plays it again alone.

--json prints one JSON object; --csv FILE also writes the table as CSV, --csv-games FILE one
row per game. A progress bar is drawn on the error stream when it is a terminal.

example:
  kuhtheory tournament --edition classic --players 4 --games 2000 --jobs 2 \\
      --bots equilibrium,heuristic,heuristic,random
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``tournament`` parser."""
    p = subparsers.add_parser(
        "tournament",
        help="play a tournament between bots, seats rotated, with intervals",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_options(p)
    p.add_argument(
        "--bots",
        default="equilibrium,heuristic,heuristic,random",
        help="bot names separated by commas, one per seat, or one for every seat "
        "(default equilibrium,heuristic,heuristic,random)",
    )
    p.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    p.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="worker processes (default 2; at most the machine's cores unless --force-jobs)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="play the games on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786; needs the [cluster] extra) instead of local processes",
    )
    p.add_argument(
        "--force-jobs",
        action="store_true",
        help="use --jobs even beyond the machine's cores",
    )
    p.add_argument(
        "--bots-file",
        action="append",
        default=[],
        metavar="FILE",
        help="a Python file that registers bots (repeatable); with --scheduler it is sent to "
        "every worker too",
    )
    p.add_argument(
        "--scheduler-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="give up if the scheduler or its first worker does not answer in time (default 10)",
    )
    p.add_argument(
        "--shared",
        choices=SHARED_MODES,
        default="fraction",
        help="a shared win counts 1/k to each winner (fraction) or 1 (win)",
    )
    p.add_argument(
        "--max-actions",
        type=int,
        default=MAX_ACTIONS,
        help=f"stop a game after this many actions (default {MAX_ACTIONS})",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--csv", metavar="FILE", default=None, help="write the table as CSV")
    p.add_argument("--csv-games", metavar="FILE", default=None, help="write every game as CSV")
    p.add_argument("--no-progress", action="store_true", help="never draw the progress bar")
    p.set_defaults(func=run)


def worker_count(jobs: int | None, force: bool = False, cores: int | None = None) -> int:
    """The worker processes to use: ``jobs`` (default 2), capped at the machine's ``cores``
    unless ``force``; :class:`InvalidSetupError` below 1, or forced past
    :data:`~kuhtheory.tournament.MAX_JOBS`.

    >>> worker_count(None, cores=8), worker_count(16, cores=4), worker_count(16, True, cores=4)
    (2, 4, 16)
    """
    cores = cores or os.cpu_count() or 1
    if jobs is None:
        return min(2, cores)
    if jobs < 1:
        raise InvalidSetupError(f"--jobs {jobs}: give at least one worker process")
    if force and jobs > MAX_JOBS:
        raise InvalidSetupError(f"--jobs {jobs} --force-jobs: at most {MAX_JOBS} worker processes")
    return jobs if force else min(jobs, cores)


def run(args: argparse.Namespace) -> int:
    """Run ``kuhtheory tournament``; returns the exit status."""
    spec = get_game(args.game)
    setup = setup_options(args, spec)
    if isinstance(args.players, bool) or args.players < 1:
        raise InvalidSetupError(f"--players {args.players!r} must be a positive whole number")
    spec.new_game(players=args.players, seed=0, **setup)  # the edition seats that many
    if args.bots_file:
        from kuhtheory.interop.cluster import load_bot_file

        for file in args.bots_file:
            load_bot_file(file)
    bots = parse_bots(args.bots, args.players, spec)
    # The output files are checked before any game is played (and written atomically after).
    for option, path in (("--csv", args.csv), ("--csv-games", args.csv_games)):
        if path:
            check_output_file(path, option)
    with _executor(args) as (executor, jobs):
        result = run_tournament(
            bots,
            args.games,
            seed=args.seed,
            game=spec.name,
            setup=setup,
            executor=executor,
            jobs=jobs,
            shared=args.shared,
            max_actions=args.max_actions,
            progress=False if args.no_progress else None,
        )
    if args.csv:
        write_text_atomic(args.csv, result.to_csv(kind="table"), "--csv")
    if args.csv_games:
        write_text_atomic(args.csv_games, result.to_csv(kind="games"), "--csv-games")
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result.table())
        capped = (
            f" (--jobs {args.jobs} capped at this machine's cores; --force-jobs goes past them)"
            if args.jobs is not None and args.jobs > jobs
            else ""
        )
        print(f"{result.seconds:.1f} s with {result.jobs} job(s){capped}")
    return 0


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    """Local processes (``--jobs``), or the Dask cluster of ``--scheduler`` with as many jobs as
    its worker threads (the results do not depend on it)."""
    if args.scheduler is None:
        yield None, worker_count(args.jobs, args.force_jobs)
        return
    from kuhtheory.interop.cluster import dask_executor

    with dask_executor(args.scheduler, args.scheduler_timeout, args.bots_file) as cluster:
        yield cluster.executor, cluster.threads
