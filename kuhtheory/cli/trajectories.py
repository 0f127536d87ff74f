"""``kuhtheory trajectories RECORD... --out FILE``: game records as trajectories for learning code.

Each Kuhhandel record (``kuhtheory simulate --record DIR``, ``kuhtheory play --record FILE``) is
replayed, every action re-checked, and written as one line of ``FILE`` (JSON Lines): per step the
acting player, his observation, the legal action codes and the code he chose
(:mod:`kuhtheory.interop.trajectories`). A record that cannot be replayed, or holds an action the
encoding has no code for, is one error line naming the record, and nothing is written. The
output file is checked before any record is read, and written atomically.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from kuhtheory.files import check_output_file
from kuhtheory.interop.trajectories import (
    OBSERVATIONS,
    trajectory_from_record,
    write_trajectories,
)
from kuhtheory.record import about_file, load

#: ``kuhtheory trajectories --help``: plain words (the module docstring is written for the book).
DESCRIPTION = """\
Turn game records into trajectories for learning code: for every step of each game, the player
to act, what he observed (a vector of numbers, or text with --observations string), the legal
action codes and the code he chose, as in the PettingZoo environment and the OpenSpiel game
kuhtheory provides. One game per line of FILE (JSON Lines); --observations none leaves the
observations out (about 1 MB a game with them).

example:
  kuhtheory simulate --games 20 --seed 1 --bots heuristic,random,random --record games/
  kuhtheory trajectories games/*.json --out games.jsonl
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``trajectories`` parser."""
    p = subparsers.add_parser(
        "trajectories",
        help="turn game records into trajectories for learning code",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("records", metavar="RECORD", nargs="+", help="Kuhhandel game records")
    p.add_argument("--out", metavar="FILE", required=True, help="the JSON Lines file to write")
    p.add_argument(
        "--observations",
        choices=OBSERVATIONS,
        default="tensor",
        help="each step's observation: a vector (default), text, or none",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``kuhtheory trajectories``; returns the exit status."""
    out = check_output_file(args.out, "--out")  # before any record is read
    steps = 0

    def converted() -> Iterator[dict[str, Any]]:
        nonlocal steps
        for path in args.records:
            with about_file(path):  # the error names the record that is wrong
                trajectory = trajectory_from_record(load(path), args.observations)
            steps += len(trajectory["steps"])
            yield trajectory

    # Each trajectory is written as it is made (one game's at a time in memory); the file
    # appears only when all are written, so a bad record leaves no partial file.
    count = write_trajectories(converted(), out, "--out")
    print(f"{count} trajectories, {steps} steps written to {args.out}")
    return 0
