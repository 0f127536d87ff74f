"""``kuhtheory simulate``: many games between bots, with a summary.

Seeds: game ``i`` (counting from 0) uses the seed ``--seed + i``; the bot in seat ``k`` of the game
seeded ``s`` is built with the seed ``s * 100 + k`` (:func:`kuhtheory.agents.play.agent_seed`), so
any one game can be played again alone with ``--seed s --games 1``. Seats keep their bots from
game to game (tournaments rotate them). The first player is drawn from each game's seed.

Output: a text summary, or with ``--json`` one JSON object ``{"command", "game", "edition",
"variants", "players", "bots", "seed", "games": [...], "summary": {...}}`` whose ``games`` entries
are :func:`kuhtheory.agents.play.game_summary` plus ``bots``. ``--record DIR`` writes each game's
record to ``DIR/<game>-<seed>.json``. A progress bar is drawn on stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kuhtheory.agents import agent_names, make_agent
from kuhtheory.agents.play import agent_seed, game_summary, play
from kuhtheory.editions import DEFAULT_EDITION, EDITIONS, VARIANTS
from kuhtheory.errors import InvalidSetupError
from kuhtheory.game import GameSpec, game_names, get_game
from kuhtheory.progress import Progress

#: ``kuhtheory simulate --help``: plain words (the module docstring is written for the book).
DESCRIPTION = """\
Play many games between bots and print a summary: each seat's wins, win rate and mean score,
and the mean length of a game.

Every game is reproducible. Game i (counting from 0) uses the seed SEED + i, and the bot in seat
k of the game seeded s draws its choices from the seed s * 100 + k; so any one game can be played
again alone with --seed s --games 1. Seats keep their bots from game to game (a tournament
rotates them). The first player is drawn from each game's seed.

--record DIR writes each game's record to DIR/<game>-<seed>.json, for kuhtheory replay.
--json prints one JSON object with every game's result and the summary. A progress bar is drawn
on the error stream when it is a terminal.

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
    p.add_argument(
        "--game",
        default="kuhhandel",
        help=f"which game: {', '.join(game_names())} (default kuhhandel)",
    )
    p.add_argument(
        "--edition",
        default=None,
        help=f"Kuhhandel edition: {', '.join(EDITIONS)} (default {DEFAULT_EDITION})",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help=f"Kuhhandel variant (repeatable): {', '.join(VARIANTS)}",
    )
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument(
        "--bots",
        default="random",
        help="bot names separated by commas, one per seat, or one for every seat (default random)",
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


def setup_options(args: argparse.Namespace, spec: GameSpec) -> dict[str, Any]:
    """The game-specific keywords of ``new_game`` from the command line."""
    if spec.name == "kuhhandel":
        return {"edition": args.edition or DEFAULT_EDITION, "variants": tuple(args.variant)}
    if args.edition is not None or args.variant:
        raise InvalidSetupError(f"--edition and --variant are Kuhhandel options, not {spec.name}'s")
    return {}


def simulation_summary(games: Sequence[dict[str, Any]], bots: Sequence[str]) -> dict[str, Any]:
    """Per seat and per bot: games, wins (a shared win counts 1/k to each of k winners),
    win rate and mean score; mean turns and actions per game."""
    n = len(games)
    seats = []
    for seat, bot in enumerate(bots):
        wins = sum(1 / len(g["winners"]) for g in games if seat in g["winners"])
        score = sum(g["scores"][seat] for g in games)
        seats.append(
            {
                "seat": seat,
                "bot": bot,
                "wins": round(wins, 6),
                "win_rate": round(wins / n, 6) if n else None,
                "mean_score": round(score / n, 3) if n else None,
            }
        )
    by_bot: dict[str, dict[str, Any]] = {}
    for row in seats:
        b = by_bot.setdefault(str(row["bot"]), {"seats": 0, "wins": 0.0, "score": 0.0})
        b["seats"] += 1
        b["wins"] += row["wins"]
        b["score"] += (row["mean_score"] or 0) * n
    bots_out = {
        name: {
            "seats": b["seats"],
            "wins": round(b["wins"], 6),
            "win_rate_per_seat": round(b["wins"] / (n * b["seats"]), 6) if n else None,
            "mean_score": round(b["score"] / (n * b["seats"]), 3) if n else None,
        }
        for name, b in by_bot.items()
    }
    turns = [g["turns"] for g in games if g.get("turns") is not None]
    return {
        "games": n,
        "seats": seats,
        "bots": bots_out,
        "mean_turns": round(sum(turns) / len(turns), 3) if turns else None,
        "mean_actions": round(sum(g["actions"] for g in games) / n, 3) if n else None,
    }


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
) -> list[dict[str, Any]]:
    """Play the games; returns their summaries (and writes their records to ``record_dir``)."""
    from kuhtheory.record import record_from_state, save

    out = []
    for i in range(games):
        game_seed = seed + i
        state = spec.new_game(players=players, seed=game_seed, **options)
        agents = [
            make_agent(name, agent_seed(game_seed, k), game=spec.name)
            for k, name in enumerate(bots)
        ]
        end = play(state, agents)
        entry = game_summary(end)
        entry["bots"] = list(bots)
        out.append(entry)
        if record_dir is not None:
            save(record_from_state(end, seats=bots), record_dir / f"{spec.name}-{game_seed}.json")
        if progress is not None:
            progress.update()
    return out


def run(args: argparse.Namespace) -> int:
    """Run ``kuhtheory simulate``."""
    spec = get_game(args.game)
    options = setup_options(args, spec)
    if args.games < 1:
        raise InvalidSetupError(f"--games {args.games!r} must be at least 1")
    # Check the setup (edition, variants, player count) once, before any game or file.
    spec.new_game(players=args.players, seed=args.seed, **options)
    bots = parse_bots(args.bots, args.players, spec)
    record_dir = None
    if args.record is not None:
        record_dir = Path(args.record)
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidSetupError(f"--record {args.record!r}: {exc.strerror}") from None
    start = time.perf_counter()
    with Progress(args.games, enabled=False if args.no_progress else None) as bar:
        games = simulate(
            spec,
            args.players,
            args.games,
            args.seed,
            bots,
            options,
            record_dir=record_dir,
            progress=bar,
        )
    seconds = time.perf_counter() - start
    summary = simulation_summary(games, bots)
    edition = games[0]["edition"]
    variants = games[0]["variants"]
    if args.json:
        print(
            json.dumps(
                {
                    "command": "simulate",
                    "game": spec.name,
                    "edition": edition,
                    "variants": variants,
                    "players": args.players,
                    "bots": bots,
                    "seed": args.seed,
                    "games": games,
                    "summary": summary,
                },
                ensure_ascii=False,
            )
        )
        return 0
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
    if record_dir is not None:
        print(f"  records written to {record_dir}/")
    return 0
