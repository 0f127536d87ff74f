"""Find and write the game records shipped in kuhtheory/data/records/.

Each shipped record shows one rule at work. The script plays seeded games (seeds 1, 2, ...) with
the bots of each wanted record and keeps the first game whose public events show the rule, so it
writes the same files every time (as long as the engine and bots do not change):

* ``classic-preemption.json``: the auctioneer takes the animal by paying the bid (K-AUC-4);
* ``classic-insolvent-bidder.json``: a bidder cannot pay, shows his money and the auction runs
  again (K-PAY-2);
* ``classic-tie-reoffer.json``: a classic trade ends in a tie and the offerer offers again;
* ``2025-double-move.json``: a 2025 game with the double-move variant, with a trade followed by
  an auction in the same turn;
* ``bluff-buy-back.json``: the bluff edition's buy-back (the auctioneer returns the bidder's
  cards and pays the bid again);
* ``classic-coach-lesson.json``: a random, a heuristic and an equilibrium bot (and one more
  heuristic) in one classic game with a preemption and a counter-offered trade, for the coach's
  chapter (notebooks/coach.md).

Run: ``.venv/bin/python scripts/make_records.py [--out DIR] [--max-seed N] [--only FILE]``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.engine import events as ev
from kuhtheory.engine import new_game
from kuhtheory.record import record_from_state, replay, save

OUT = Path(__file__).resolve().parent.parent / "kuhtheory" / "data" / "records"


def _has(kind: type) -> Callable[[Any], bool]:
    return lambda state: any(isinstance(e, kind) for e in state.events)


def _trade_then_auction(state: Any) -> bool:
    """Double move: after a trade, the next turn event is an auction by the same offerer."""
    events = state.events
    for i, e in enumerate(events):
        if isinstance(e, ev.TradeResolved):
            for later in events[i + 1 :]:
                if isinstance(later, (ev.AuctionOpened, ev.TradeStarted, ev.TurnPassed)):
                    if isinstance(later, ev.AuctionOpened) and later.auctioneer == e.offerer:
                        return True
                    break
    return False


@dataclass(frozen=True)
class Wanted:
    """One record to find: the file name, the setup, the bots, the test and what it shows."""

    file: str
    edition: str
    variants: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    test: Callable[[Any], bool]
    shows: str


WANTED = (
    Wanted(
        "classic-preemption.json",
        "classic",
        (),
        4,
        ("heuristic", "heuristic", "heuristic", "heuristic"),
        _has(ev.Preempted),
        "K-AUC-4: an auctioneer preempts, paying the high bid to the high bidder",
    ),
    Wanted(
        "classic-insolvent-bidder.json",
        "classic",
        (),
        4,
        ("random", "heuristic", "random", "heuristic"),
        _has(ev.Insolvent),
        "K-PAY-2: a bidder who cannot pay shows his money and the auction runs again",
    ),
    Wanted(
        "classic-tie-reoffer.json",
        "classic",
        (),
        3,
        ("heuristic", "random", "heuristic"),
        _has(ev.TradeReoffered),
        "classic trade tie: the money goes back and the offerer offers again",
    ),
    Wanted(
        "2025-double-move.json",
        "2025",
        ("double-move",),
        5,
        ("heuristic", "random", "heuristic", "random", "heuristic"),
        _trade_then_auction,
        "2025 with the double-move variant: after a trade the active player also auctions",
    ),
    Wanted(
        "classic-coach-lesson.json",
        "classic",
        (),
        4,
        ("random", "heuristic", "equilibrium", "heuristic"),
        lambda state: _has(ev.Preempted)(state) and _has(ev.TradeCountered)(state),
        "a game to learn from: three kinds of bot, a preemption and counter-offered trades",
    ),
    Wanted(
        "bluff-buy-back.json",
        "bluff",
        (),
        4,
        ("heuristic", "random", "heuristic", "random"),
        _has(ev.BoughtBack),
        "bluff buy-back: the auctioneer returns the bidder's cards and pays the bid again",
    ),
)


def find(wanted: Wanted, max_seed: int) -> dict[str, Any]:
    """The record of the first seeded game that shows ``wanted``'s rule."""
    for seed in range(1, max_seed + 1):
        state = new_game(
            players=wanted.players, seed=seed, edition=wanted.edition, variants=wanted.variants
        )
        agents = [make_agent(b, agent_seed(seed, k)) for k, b in enumerate(wanted.bots)]
        end = play(state, agents)
        if wanted.test(end):
            return record_from_state(
                end,
                seats=wanted.bots,
                meta={
                    "shows": wanted.shows,
                    "found_by": f"scripts/make_records.py: first seed in 1..{max_seed}",
                },
            )
    raise SystemExit(f"no game among seeds 1..{max_seed} shows {wanted.file}")


def main(argv: list[str] | None = None) -> int:
    """Write every wanted record; print what was found."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--max-seed", type=int, default=500)
    parser.add_argument("--only", metavar="FILE", help="write only this record (a file name)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for wanted in WANTED:
        if args.only and wanted.file != args.only:
            continue
        record = find(wanted, args.max_seed)
        replay(record)  # every action re-checked, the result too
        path = save(record, args.out / wanted.file)
        print(
            f"{path.name}: seed {record['setup']['seed']}, {len(record['actions'])} actions "
            f"- {wanted.shows}",
            file=sys.stdout,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
