"""The ``kuhtheory`` command: play, simulate, replay, rules, tournament, trajectories and solve.

::

    kuhtheory play --edition classic --players 4 --seat 0 --bots heuristic [--record game.json]
    kuhtheory simulate --edition classic --players 4 --games 1000 --seed 1 --bots random,heuristic
    kuhtheory replay game.json [--json]
    kuhtheory coach game.json [--seat N] [--json]
    kuhtheory rules --edition 2025 --variant no-kidding [--json]
    kuhtheory solve trade ... | kuhn ... | preemption ... | auction ...
    kuhtheory trajectories games/*.json --out games.jsonl

Each subcommand lives in its own module (:mod:`.play`, :mod:`.simulate`, :mod:`.replay`,
:mod:`.coach`, :mod:`.rules`, :mod:`.tournament`, :mod:`.trajectories`; the
``solve`` children in :mod:`.solve_trade` and :mod:`.solve_preemption`), which adds its parser with
``register(subparsers)`` and sets ``func``. :func:`main` turns every
:class:`~kuhtheory.errors.KuhtheoryError`, and every malformed command line, into one line
``kuhtheory: error: ...`` on stderr and exit status 2, never a traceback or a usage block.

>>> main(["rules", "--edition", "2025", "--json"]) == 0   # doctest: +ELLIPSIS
{...}
True
>>> main(["rules", "--edition", "chess"])
2
>>> main(["solve", "kuhn", "--bogus"])
2
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from kuhtheory.errors import KuhtheoryError
from kuhtheory.quoting import clip

PROG = "kuhtheory"
#: The longest error line (characters): messages quote bounded excerpts, this is the last guard.
MAX_ERROR = 1000


class UsageError(KuhtheoryError):
    """A malformed command line (unknown option, missing value): one error line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser (and, inherited, every sub-parser) whose errors are one line."""

    def error(self, message: str) -> NoReturn:
        where = self.prog.removeprefix(PROG).strip()
        message = clip(message, 300)  # argparse quotes a bad value in full
        raise UsageError(f"{where}: {message}" if where else message)


#: Modules adding the children of ``kuhtheory solve`` (written alongside the solvers).
SOLVE_MODULES = ("kuhtheory.cli.solve_trade", "kuhtheory.cli.solve_preemption")


def _add_solve(subparsers: argparse._SubParsersAction, children_too: bool = True) -> None:
    solve = subparsers.add_parser(
        "solve",
        help="solve a subgame (trade, kuhn, preemption, auction)",
        description="Solve a subgame of Kuhhandel exactly or numerically.",
    )
    children = solve.add_subparsers(dest="solver", metavar="SOLVER")
    children.required = True
    if not children_too:
        return  # the solvers import scipy: only when the command is `solve`
    for name in SOLVE_MODULES:
        importlib.import_module(name).register(children)


def build_parser(solvers: bool = True) -> argparse.ArgumentParser:
    """The argument parser of the ``kuhtheory`` command (``solvers=False``: without the children
    of ``solve``, which import the solvers and scipy)."""
    from kuhtheory import __version__
    from kuhtheory.cli import coach, play, replay, rules, simulate, tournament, trajectories

    parser = _Parser(
        prog=PROG,
        description="Kuhhandel (You're Bluffing!) and game theory: play a game against bots, "
        "simulate games and run tournaments between bots, replay and check game records, have "
        "a game's decisions measured by the coach, turn records into trajectories for learning "
        "code, read an edition's rules, solve subgames (the "
        "trade, the auctioneer's right, Kuhn poker). "
        "'kuhtheory COMMAND --help' describes a command.",
    )
    parser.add_argument(
        "--version", action="version", version=f"{PROG} {__version__}", help="print the version"
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    play.register(subparsers)
    simulate.register(subparsers)
    replay.register(subparsers)
    coach.register(subparsers)
    rules.register(subparsers)
    tournament.register(subparsers)
    trajectories.register(subparsers)
    _add_solve(subparsers, solvers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in args_list if not a.startswith("-")), None)
    try:
        parser = build_parser(solvers=command == "solve")
        try:
            args = parser.parse_args(args_list)
        except SystemExit as exc:  # argparse printed its usage and message
            return exc.code if isinstance(exc.code, int) else 2
        status = args.func(args)
        return int(status or 0)
    except KuhtheoryError as exc:
        print(f"{PROG}: error: {clip(str(exc), MAX_ERROR)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `kuhtheory ... | head`
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
