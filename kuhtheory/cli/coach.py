"""``kuhtheory coach RECORD``: every decision of a recorded game measured against the solved
subgames (:mod:`kuhtheory.coach`).

One line per measured decision (step, seat, kind, the action taken, the recommendation, the loss in
money and how sure it is), then a summary per player. ``--json`` prints one object with
``decisions`` and ``summary``. A decision whose solve would take longer than ``--budget`` seconds
is cut down (smaller model hands) or skipped, with a note.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

#: ``kuhtheory coach --help``: plain words (the module docstring is written for the book).
DESCRIPTION = """\
Go through a recorded game and measure each decision a solver covers: trade offers and replies
(the trade solved with what the player could know), the auctioneer's sell-or-preempt after the
hammer, payments (against the least overpay: no change is given), and bids (in a model of the
auction, labelled as such). For each: what was done, what the solved subgame recommends, and the
expected loss in money. Then a summary per player: money lost by kind of decision and the three
costliest decisions.

RECORD is a record file (from kuhtheory play --record or simulate --record), - for the standard
input, or the name of a record shipped with the package (for example classic-preemption).
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``coach`` parser."""
    p = subparsers.add_parser(
        "coach",
        help="measure every decision of a recorded game against the solved subgames",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("record", metavar="RECORD", help="a record file, - for stdin, or a shipped name")
    p.add_argument(
        "--seat",
        type=int,
        action="append",
        metavar="N",
        help="coach only this seat (repeatable; default: every seat)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="time a decision's solve may take, estimated before it runs; larger ones are cut "
        "down or skipped with a note (default 1)",
    )
    p.add_argument(
        "--hands",
        choices=("belief", "public"),
        default="belief",
        help="belief: each player sees his own money and believes the others' from the public "
        "money flows (default); public: every hand face up",
    )
    p.add_argument(
        "--general-sum",
        action="store_true",
        help="trades with the stake worth its own value to each trader (Lemke's algorithm: much "
        "slower) instead of zero-sum with the average worth",
    )
    p.add_argument(
        "--spread",
        type=int,
        default=0,
        metavar="N",
        help="the other trader's money as a belief over 2N+1 likely hands (0 to 4; default 0: "
        "the most likely hand; classic keeps the likely hand)",
    )
    p.add_argument(
        "--refinement",
        choices=("quasi-perfect", "proper", "none"),
        default="quasi-perfect",
        help="the zero-sum trade's refinement (default quasi-perfect)",
    )
    p.add_argument(
        "--min-loss",
        type=float,
        default=0.0,
        metavar="MONEY",
        help="list only the decisions that lost at least this much (the summary counts all)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``kuhtheory coach``."""
    from kuhtheory.coach import DEFAULT_BUDGET, coach_game
    from kuhtheory.errors import InvalidRecordError
    from kuhtheory.record import load, loads

    if args.record == "-":
        source: object = loads(sys.stdin.read())
    elif Path(args.record).exists() or args.record.endswith(".json"):
        source = load(args.record)
    else:
        source = args.record  # a shipped record's name
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    if not budget > 0:
        raise InvalidRecordError(f"--budget {args.budget!r}: give a number of seconds > 0")
    report = coach_game(
        source,  # type: ignore[arg-type]
        args.seat,
        hands=args.hands,
        budget=budget,
        general_sum=args.general_sum,
        spread=args.spread,
        refinement=args.refinement,
    )
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
        return 0
    for line in report.lines(min_loss=args.min_loss):
        print(line)
    return 0
