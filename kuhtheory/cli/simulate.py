"""``kuhtheory simulate``: many games between bots, with a summary.

Seeds: game ``i`` (counting from 0) uses the seed ``--seed + i``; the bot in seat ``k`` of the game
seeded ``s`` is built with the seed ``s * 100 + k`` (:func:`kuhtheory.agents.play.agent_seed`), so
any one game can be played again alone with ``--seed s --games 1``. Seats keep their bots from
game to game (tournaments rotate them). The first player is drawn from each game's seed.

Output: a text summary, or with ``--json`` one JSON object ``{"command", "game", "edition",
"variants", "players", "bots", "seed", "games": [...], "summary": {...}}`` whose ``games`` entries
are :func:`kuhtheory.agents.play.game_summary` plus ``bots`` (and, for Kuhhandel,
``ended_by_repetition``: whether the house rule K-HOUSE-1 ended it), printed as each game ends
(the run holds only a :class:`Tally`, never the games). A game still running after
``--max-actions`` actions is stopped and counted unfinished (nobody wins it; the summary gives
how many and their seeds), and the run goes on. ``--record DIR`` writes each game's record to
``DIR/<game>-<seed>.json``. A progress bar is drawn on stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from kuhtheory.agents import agent_names, make_agent
from kuhtheory.agents.play import MAX_ACTIONS, agent_seed, game_summary, play
from kuhtheory.cli.options import add_edition_options
from kuhtheory.editions import DEFAULT_EDITION
from kuhtheory.errors import InvalidSetupError
from kuhtheory.files import check_output_dir
from kuhtheory.game import GameSpec, game_names, get_game
from kuhtheory.progress import Progress
from kuhtheory.tournament import MAX_GAMES

#: ``kuhtheory simulate --help``: plain words (the module docstring is written for the book).
DESCRIPTION = """\
Play many games between bots and print a summary: each seat's wins, win rate and mean score,
and the mean length of a game.

Every game is reproducible. Game i (counting from 0) uses the seed SEED + i, and the bot in seat
k of the game seeded s draws its choices from the seed s * 100 + k; so any one game can be played
again alone with --seed s --games 1. Seats keep their bots from game to game (a tournament
rotates them). The first player is drawn from each game's seed.

--record DIR writes each game's record to DIR/<game>-<seed>.json, for kuhtheory replay.
--json prints one JSON object with every game's result (each printed as it ends) and the summary.
A game still running after --max-actions actions is stopped, counted unfinished (nobody wins it)
with its seed, and the run goes on. The summary also counts the games the house rule K-HOUSE-1
ended (a turn starting in the same position a third time: see kuhtheory rules). A progress bar
is drawn on the error stream when it is a terminal.

example:
  kuhtheory simulate --edition classic --players 4 --games 1000 --seed 1 --bots random,heuristic
  kuhtheory simulate --games 1 --seed 7 --record games/ && kuhtheory replay games/kuhhandel-7.json
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``simulate`` parser."""
    p = subparsers.add_parser(
        "simulate",
        help="play many games between bots and summarise them",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_options(p)
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument(
        "--bots",
        default="random",
        help="bot names separated by commas, one per seat, or one for every seat (default random)",
    )
    p.add_argument(
        "--max-actions",
        type=int,
        default=MAX_ACTIONS,
        help=f"stop a game after this many actions and count it unfinished (default {MAX_ACTIONS})",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--record", metavar="DIR", default=None, help="write every game's record here")
    p.add_argument("--no-progress", action="store_true", help="never draw the progress bar")
    p.add_argument(
        "--no-timing",
        action="store_true",
        help="leave out the games-per-second figure (for output that must not vary between runs)",
    )
    p.set_defaults(func=run)


def parse_bots(text: str, players: int, spec: GameSpec) -> list[str]:
    """The bot of each seat from ``"random,heuristic,..."`` (one name, or one per seat)."""
    names = [n.strip().lower() for n in str(text).split(",")]
    if any(not n for n in names):
        raise InvalidSetupError(f"--bots {text!r}: an empty bot name")
    known = agent_names(spec.name)
    for name in names:
        if name not in known:
            raise InvalidSetupError(
                f"--bots {text!r}: unknown bot {name!r} for {spec.name}: choose from "
                f"{', '.join(known)}"
            )
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise InvalidSetupError(
            f"--bots {text!r} names {len(names)} bots for {players} players: give one name "
            "or one per seat"
        )
    return names


def add_game_options(p: argparse.ArgumentParser) -> None:
    """The options that choose the game: ``--game``, ``--edition``, ``--variant``, ``--players``
    (read back by :func:`setup_options`)."""
    p.add_argument(
        "--game",
        default="kuhhandel",
        help=f"which game: {', '.join(game_names())} (default kuhhandel)",
    )
    add_edition_options(p, default=None)
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")


def setup_options(args: argparse.Namespace, spec: GameSpec) -> dict[str, Any]:
    """The game-specific keywords of ``new_game`` from the command line."""
    if spec.name == "kuhhandel":
        edition = DEFAULT_EDITION if args.edition is None else args.edition  # "" is an error
        return {"edition": edition, "variants": tuple(args.variant)}
    if args.edition is not None or args.variant:
        raise InvalidSetupError(f"--edition and --variant are Kuhhandel options, not {spec.name}'s")
    return {}


class Tally:
    """The running summary of a simulation: fed one game entry at a time (:meth:`add`), it holds
    a few numbers per seat, never the games, so a run of any length takes the same memory.

    Per seat and per bot: games, wins (a shared win counts 1/k to each of k winners; an
    unfinished game has no winner), win rate and mean score; mean turns and actions per game;
    the games stopped unfinished and their seeds (the first :data:`MAX_SEEDS_LISTED`); the games
    the house rule K-HOUSE-1 ended.
    """

    def __init__(self, bots: Sequence[str]) -> None:
        self.bots = list(bots)
        self.games = 0
        self.wins = [0.0] * len(self.bots)
        self.score = [0.0] * len(self.bots)
        self.turns = 0
        self.turn_games = 0
        self.actions = 0
        self.unfinished = 0
        self.unfinished_seeds: list[int] = []
        self.repeated = 0

    def add(self, game: dict[str, Any]) -> None:
        """Count one entry of :func:`simulate` (a :func:`~kuhtheory.agents.play.game_summary`)."""
        self.games += 1
        winners = game["winners"]
        for seat in winners:
            self.wins[seat] += 1 / len(winners)
        for seat, score in enumerate(game["scores"]):
            self.score[seat] += score
        if game.get("turns") is not None:
            self.turns += game["turns"]
            self.turn_games += 1
        self.actions += game["actions"]
        if game.get("ended_by_repetition"):
            self.repeated += 1
        if not game.get("finished", True):
            self.unfinished += 1
            if len(self.unfinished_seeds) < MAX_SEEDS_LISTED:
                self.unfinished_seeds.append(game["seed"])

    def summary(self) -> dict[str, Any]:
        """The JSON-ready summary (the ``summary`` of ``simulate --json``)."""
        n = self.games
        seats = [
            {
                "seat": seat,
                "bot": bot,
                "wins": round(self.wins[seat], 6),
                "win_rate": round(self.wins[seat] / n, 6) if n else None,
                "mean_score": round(self.score[seat] / n, 3) if n else None,
            }
            for seat, bot in enumerate(self.bots)
        ]
        by_bot: dict[str, dict[str, Any]] = {}
        for seat, bot in enumerate(self.bots):
            b = by_bot.setdefault(bot, {"seats": 0, "wins": 0.0, "score": 0.0})
            b["seats"] += 1
            b["wins"] += self.wins[seat]
            b["score"] += self.score[seat]
        bots_out = {
            name: {
                "seats": b["seats"],
                "wins": round(b["wins"], 6),
                "win_rate_per_seat": round(b["wins"] / (n * b["seats"]), 6) if n else None,
                "mean_score": round(b["score"] / (n * b["seats"]), 3) if n else None,
            }
            for name, b in by_bot.items()
        }
        return {
            "games": n,
            "seats": seats,
            "bots": bots_out,
            "mean_turns": round(self.turns / self.turn_games, 3) if self.turn_games else None,
            "mean_actions": round(self.actions / n, 3) if n else None,
            "unfinished": self.unfinished,
            "unfinished_seeds": list(self.unfinished_seeds),
            "ended_by_repetition": self.repeated,
        }


#: How many seeds of unfinished games a summary lists (it counts all of them).
MAX_SEEDS_LISTED = 100


def simulation_summary(games: Iterable[dict[str, Any]], bots: Sequence[str]) -> dict[str, Any]:
    """The :class:`Tally` summary of a sequence of game entries."""
    tally = Tally(bots)
    for game in games:
        tally.add(game)
    return tally.summary()


def simulate(
    spec: GameSpec,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    options: dict[str, Any],
    *,
    record_dir: Path | None = None,
    progress: Progress | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Iterator[dict[str, Any]]:
    """Play the games one after the other, yielding each one's summary as it ends (and writing
    its record to ``record_dir``). A game still running after ``max_actions`` actions is stopped
    and yielded unfinished (``"finished": False``, no winner); the run goes on."""
    from kuhtheory.record import record_from_state, save

    for i in range(games):
        game_seed = seed + i
        state = spec.new_game(players=players, seed=game_seed, **options)
        agents = [
            make_agent(name, agent_seed(game_seed, k), game=spec.name)
            for k, name in enumerate(bots)
        ]
        end = play(state, agents, max_actions=max_actions, stop_at_limit=True)
        entry = game_summary(end)
        if hasattr(end, "ended_by_repetition"):  # Kuhhandel's house rule K-HOUSE-1
            entry["ended_by_repetition"] = end.ended_by_repetition
        entry["bots"] = list(bots)
        if record_dir is not None:
            save(record_from_state(end, seats=bots), record_dir / f"{spec.name}-{game_seed}.json")
        if progress is not None:
            progress.update()
        yield entry


def run(args: argparse.Namespace) -> int:
    """Run ``kuhtheory simulate``."""
    spec = get_game(args.game)
    options = setup_options(args, spec)
    if not 1 <= args.games <= MAX_GAMES:
        raise InvalidSetupError(f"--games {args.games} must be at least 1 and at most {MAX_GAMES}")
    if args.max_actions < 1:
        raise InvalidSetupError(f"--max-actions {args.max_actions!r} must be at least 1")
    # Check the setup (edition, variants, player count) once, before any game or file.
    spec.new_game(players=args.players, seed=args.seed, **options)
    bots = parse_bots(args.bots, args.players, spec)
    record_dir = None
    if args.record is not None:
        record_dir = check_output_dir(args.record, "--record")
    # Game entries are printed (--json) or counted as they end: nothing grows with --games.
    first = game_summary(spec.new_game(players=args.players, seed=args.seed, **options))
    edition, variants = first["edition"], first["variants"]
    tally = Tally(bots)
    start = time.perf_counter()
    with Progress(args.games, enabled=False if args.no_progress else None) as bar:
        entries = simulate(
            spec,
            args.players,
            args.games,
            args.seed,
            bots,
            options,
            record_dir=record_dir,
            progress=bar,
            max_actions=args.max_actions,
        )
        if args.json:
            head = {
                "command": "simulate",
                "game": spec.name,
                "edition": edition,
                "variants": variants,
                "players": args.players,
                "bots": bots,
                "seed": args.seed,
                "max_actions": args.max_actions,
            }
            out = sys.stdout
            out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "games": [')
            for k, entry in enumerate(entries):
                tally.add(entry)
                out.write((", " if k else "") + json.dumps(entry, ensure_ascii=False))
            out.write('], "summary": ' + json.dumps(tally.summary(), ensure_ascii=False) + "}\n")
            return 0
        for entry in entries:
            tally.add(entry)
    seconds = time.perf_counter() - start
    summary = tally.summary()
    name = spec.title + (f" {'+'.join([edition, *variants])}" if edition else "")
    last = args.seed + args.games - 1
    print(f"{name}: {args.players} players, {args.games} games (seeds {args.seed}..{last})")
    print(f"  {'seat':<5}{'bot':<14}{'wins':>9}{'win rate':>10}{'mean score':>12}")
    for row in summary["seats"]:
        print(
            f"  {row['seat']:<5}{row['bot']:<14}{row['wins']:>9.1f}{row['win_rate']:>10.3f}"
            f"{row['mean_score']:>12.1f}"
        )
    turns = summary["mean_turns"]
    print(f"  mean turns {turns:.1f}, " if turns is not None else "  ", end="")
    speed = "" if args.no_timing else f"; {args.games / seconds:.1f} games/s"
    print(f"mean actions {summary['mean_actions']:.1f}{speed}")
    if summary["ended_by_repetition"]:
        print(
            f"  {summary['ended_by_repetition']} game(s) ended by the house rule K-HOUSE-1 "
            "(a position come round a third time)"
        )
    if summary["unfinished"]:
        seeds = ", ".join(map(str, summary["unfinished_seeds"]))
        more = ", ..." if summary["unfinished"] > len(summary["unfinished_seeds"]) else ""
        print(
            f"  {summary['unfinished']} game(s) stopped unfinished after {args.max_actions} "
            f"actions, nobody wins them (seeds {seeds}{more})"
        )
    if record_dir is not None:
        print(f"  records written to {record_dir}/")
    return 0
