"""``kuhtheory replay FILE``: re-check a game record and narrate it, or print its final state.

Every action is re-checked against the rules (:func:`kuhtheory.record.replay`); a malformed or
tampered record is one error line. The narration is the game's public event log (each event's
``text()``); ``--json`` prints the final state instead: scores, winners, and for Kuhhandel each
player's money, animals and complete families. ``FILE`` may be ``-`` for standard input.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kuhtheory.quoting import printable
from kuhtheory.record import read, replay

#: ``kuhtheory replay --help``: plain words (the module docstring is written for the book).
DESCRIPTION = """\
Re-check a game record and tell the game. Every action is checked against the rules again; a
malformed or tampered record is refused with one line saying which action breaks which rule.
The story is the game's public events, one per line; --json prints the final state instead
(scores, winners, and for Kuhhandel each player's money, animals and complete families).
FILE may be - to read the record from the standard input.

Records come from kuhtheory simulate --record DIR, kuhtheory play --record FILE, or the package's
own (kuhtheory/data/records).
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``replay`` parser."""
    p = subparsers.add_parser(
        "replay",
        help="re-check a game record and narrate it",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="a record written by kuhtheory (- for stdin)")
    p.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    p.set_defaults(func=run)


def final_state(state: Any) -> dict[str, Any]:
    """The JSON-ready final state of a replayed game."""
    out: dict[str, Any] = {
        "players": state.players,
        "terminal": bool(state.is_terminal),
        "scores": list(state.scores()),
        "winners": list(state.winners()),
    }
    if hasattr(state, "families") and hasattr(state, "money"):
        out["money"] = [list(state.money(p)) for p in range(state.players)]
        out["money_totals"] = [state.money_total(p) for p in range(state.players)]
        out["animals"] = [
            {a.name.lower(): n for a, n in state.animals(p).items()} for p in range(state.players)
        ]
        out["families"] = [
            [a.name.lower() for a in state.families(p)] for p in range(state.players)
        ]
        out["bonus"] = state.dove_holder
        out["turns"] = state.turn
    return out


def run(args: argparse.Namespace) -> int:
    """Run ``kuhtheory replay``."""
    record = read(args.file)  # bounded; replay validates it once and re-checks every action
    state = replay(record)
    if args.json:
        print(
            json.dumps(
                {
                    "game": record["game"],
                    "setup": record["setup"],
                    "seats": record["seats"],
                    **final_state(state),
                },
                ensure_ascii=True,  # a seat name's lone surrogate or RLO stays an escape
            )
        )
        return 0
    setup = ", ".join(f"{k}={v}" for k, v in record["setup"].items())
    seats = ", ".join(printable(seat) for seat in record["seats"])  # escapes ESC, BEL, RLO, ...
    print(printable(f"{record['game']} ({setup})") + f"; seats: {seats}")
    print(f"{len(record['actions'])} actions, every one legal")
    for event in getattr(state, "events", ()):
        print(f"  {event.text()}")
    scores = ", ".join(f"P{p} {s}" for p, s in enumerate(state.scores()))
    over = "final" if state.is_terminal else "unfinished game,"
    print(f"{over} scores: {scores}; winner(s): " + ", ".join(f"P{p}" for p in state.winners()))
    return 0
