"""Tournaments: many games between bots, seats rotated, with confidence intervals.

:func:`run_tournament` plays ``games`` games of any game of the collection (Kuhhandel by default,
any edition and variants; Schnäppchen Jagd through :func:`kuhtheory.game.get_game`) between the
bots named in ``bots``, one per seat, and returns a :class:`TournamentResult`.

Determinism
    Game ``i`` is seeded with :func:`game_seed` ``(seed, i)``, a hash of the tournament seed and
    ``i``; the bot in seat ``s`` is built with :func:`kuhtheory.agents.play.agent_seed`
    ``(game seed, s)``. The games are cut into chunks of consecutive indices, each chunk is played
    by one worker, and the results are merged in index order, so the result is the same whatever
    the executor and however many workers it has (tested with 1 and 2 processes).

Seat rotation
    In game ``i`` seat ``s`` is taken by ``bots[(s + i) % n]``: over ``n`` consecutive games
    every bot entry sits once in every seat, so the first player's advantage is shared out.

Executors
    Any :class:`concurrent.futures.Executor` runs the chunks (``executor=``): by default a
    :class:`~concurrent.futures.ProcessPoolExecutor` with ``jobs`` processes, or the calling
    process when ``jobs == 1``. A Dask (``distributed.Client.get_executor()``) or Ray executor
    plugs in for bigger runs; the chunk function and its arguments are plain picklable values.

Statistics (per bot *name*: two ``heuristic`` entries are pooled)
    * ``win rate``: wins per seat played, with the Wilson 95 % interval (:mod:`kuhtheory.stats`).
      A win shared by ``k`` players counts ``1/k`` to each by default (``shared="fraction"``, so
      the win rates of a game add up to 1); ``shared="win"`` counts it as a full win for each.
      Pooled entries of the same bot in one game are not independent (two heuristic seats cannot
      both win alone); their negative correlation makes the interval slightly conservative.
    * ``mean score`` with the Student-t 95 % interval, cut at 0 (a score is never negative,
      K-END-2);
    * the head-to-head table: for two different bots A and B, over the games where both sit, the
      share of (A seat, B seat) pairs where A scored more than B (equal scores count 1/2).

A game that has not ended after ``max_actions`` actions (every game ends, by the house rule
K-HOUSE-1 if need be, but not always within the limit) is stopped: its scores are the families
completed so far, nobody wins it, it is counted in :attr:`TournamentResult.unfinished` and listed
with its seed (:meth:`TournamentResult.unfinished_games`), and the tournament goes on.

>>> r = run_tournament(["heuristic", "random", "random"], games=6, seed=1, jobs=1)
>>> [row.bot for row in r.rows]
['heuristic', 'random']
>>> r.rows[0].seats, r.rows[1].seats
(6, 12)
>>> run_tournament(["heuristic", "random", "random"], games=6, seed=1, jobs=1) == r
True
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    as_completed,
    wait,
)
from dataclasses import dataclass, field
from typing import Any, TextIO

from kuhtheory.errors import InvalidSetupError
from kuhtheory.game import get_game
from kuhtheory.progress import Progress
from kuhtheory.quoting import excerpt
from kuhtheory.stats import Interval, mean_interval, standard_deviation, wilson_interval

#: How shared wins count: a fraction 1/k to each of the k winners, or a full win to each.
SHARED_MODES = ("fraction", "win")
#: Default cap on the actions of one game (ordinary 4-player Kuhhandel games take 200-700).
MAX_ACTIONS = 3000
#: The most games one tournament plays: every game's result is kept (about 200 bytes each),
#: and a million Kuhhandel games take hours on a laptop.
MAX_GAMES = 1_000_000
#: The most worker processes started here, even when forced past the machine's cores (each holds
#: an engine); a given executor (a Dask cluster) may report more workers.
MAX_JOBS = 256
#: How many unfinished games a result lists with their seeds (it counts all of them).
MAX_UNFINISHED_LISTED = 100
#: The largest ``max_actions`` (a longer game is a bot that loops, K-HOUSE-1 ends real games).
MAX_ACTIONS_LIMIT = 1_000_000


# ---------------------------------------------------------------------------------------------
# Seeds and seats


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of the tournament seeded ``seed`` (a 31-bit whole number).

    >>> game_seed(1, 0), game_seed(1, 1) != game_seed(1, 0), game_seed(2, 0) != game_seed(1, 0)
    (648380095, True, True)
    """
    digest = hashlib.blake2b(f"kuhtheory-tournament:{seed}:{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") % (2**31 - 1)


def seating(bots: Sequence[str], index: int) -> tuple[int, ...]:
    """For game ``index``, which entry of ``bots`` sits in each seat (rotated by one per game).

    >>> seating(["a", "b", "c"], 0), seating(["a", "b", "c"], 1)
    ((0, 1, 2), (1, 2, 0))
    """
    n = len(bots)
    return tuple((s + index) % n for s in range(n))


# ---------------------------------------------------------------------------------------------
# One game and one chunk (run in the workers)


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament: its index, seed, which bot entry sat where, and its outcome."""

    index: int
    seed: int
    #: ``entries[s]`` is the index in the tournament's ``bots`` of the bot in seat ``s``
    entries: tuple[int, ...]
    scores: tuple[float, ...]
    #: the winning seats (empty for an unfinished game)
    winners: tuple[int, ...]
    actions: int
    finished: bool

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "index": self.index,
            "seed": self.seed,
            "entries": list(self.entries),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "actions": self.actions,
            "finished": self.finished,
        }


@dataclass(frozen=True)
class _Job:
    """A chunk of games for one worker (plain picklable values only)."""

    game: str
    setup: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    seed: int
    indices: tuple[int, ...]
    max_actions: int


def play_game(
    game: str,
    bots: Sequence[str],
    index: int,
    seed: int,
    setup: Mapping[str, Any] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> GameResult:
    """Play game ``index`` of the tournament seeded ``seed`` (seats rotated, bots seeded).

    >>> g = play_game("kuhhandel", ["random"] * 3, index=2, seed=5)
    >>> g.finished, g.entries, len(g.scores)
    (True, (2, 0, 1), 3)
    """
    from kuhtheory.agents import make_agent
    from kuhtheory.agents.play import agent_seed, moves

    spec = get_game(game)
    gseed = game_seed(seed, index)
    entries = seating(bots, index)
    state = spec.new_game(players=len(bots), seed=gseed, **dict(setup or {}))
    agents = [
        make_agent(bots[e], agent_seed(gseed, s), game=spec.name) for s, e in enumerate(entries)
    ]
    steps = 0
    for _, _, after in moves(state, agents, max_actions=max_actions):
        state = after
        steps += 1
    finished = state.is_terminal
    scores = tuple(float(s) for s in state.scores())
    winners = tuple(state.winners()) if finished else ()
    return GameResult(index, gseed, entries, scores, winners, steps, finished)


def _play_chunk(job: _Job) -> list[GameResult]:
    """Play one chunk of games, in index order (the function the executor runs)."""
    return [
        play_game(job.game, job.bots, i, job.seed, dict(job.setup), job.max_actions)
        for i in job.indices
    ]


# ---------------------------------------------------------------------------------------------
# Statistics


@dataclass(frozen=True)
class BotRow:
    """One bot's line of the tournament table (all its entries pooled)."""

    bot: str
    #: how many entries of ``bots`` carry this name
    entries: int
    #: seats played: games x entries
    seats: int
    #: wins (fractional for shared wins with ``shared="fraction"``)
    wins: float
    win_rate: Interval
    mean_score: Interval
    score_sd: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "bot": self.bot,
            "entries": self.entries,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate.estimate,
            "win_rate_low": self.win_rate.low,
            "win_rate_high": self.win_rate.high,
            "mean_score": self.mean_score.estimate,
            "mean_score_low": self.mean_score.low,
            "mean_score_high": self.mean_score.high,
            "score_sd": self.score_sd,
        }


@dataclass(frozen=True)
class HeadToHead:
    """Bot ``bot`` against bot ``other``: the share of seat pairs where ``bot`` scored more."""

    bot: str
    other: str
    pairs: int
    #: pairs won (equal scores count 1/2)
    won: float

    @property
    def share(self) -> float:
        """``won / pairs`` (0.5 when they never met)."""
        return self.won / self.pairs if self.pairs else 0.5


def _win_credit(result: GameResult, seat: int, shared: str) -> float:
    if seat not in result.winners:
        return 0.0
    return 1.0 / len(result.winners) if shared == "fraction" else 1.0


def tabulate(
    bots: Sequence[str],
    results: Sequence[GameResult],
    shared: str = "fraction",
    level: float = 0.95,
) -> tuple[tuple[BotRow, ...], tuple[HeadToHead, ...]]:
    """The table rows (bots in order of first appearance) and the head-to-head pairs."""
    names = list(dict.fromkeys(bots))
    scores: dict[str, list[float]] = {b: [] for b in names}
    wins: dict[str, float] = {b: 0.0 for b in names}
    h2h: dict[tuple[str, str], list[float]] = {
        (a, b): [0, 0.0] for a in names for b in names if a != b
    }
    for r in results:
        seat_bot = [bots[e] for e in r.entries]
        for seat, bot in enumerate(seat_bot):
            scores[bot].append(r.scores[seat])
            wins[bot] += _win_credit(r, seat, shared)
        for s, a in enumerate(seat_bot):
            for t, b in enumerate(seat_bot):
                if a == b:
                    continue
                cell = h2h[(a, b)]
                cell[0] += 1
                cell[1] += (
                    1.0 if r.scores[s] > r.scores[t] else 0.5 if r.scores[s] == r.scores[t] else 0.0
                )
    rows = []
    for b in names:
        n = len(scores[b])
        rows.append(
            BotRow(
                bot=b,
                entries=sum(1 for x in bots if x == b),
                seats=n,
                wins=wins[b],
                win_rate=wilson_interval(min(wins[b], n), n, level),
                mean_score=mean_interval(scores[b], level, floor=0.0),
                score_sd=standard_deviation(scores[b]),
            )
        )
    pairs = tuple(HeadToHead(a, b, int(c[0]), c[1]) for (a, b), c in h2h.items())
    return tuple(rows), pairs


def small_tournaments(result: TournamentResult, size: int) -> tuple[tuple[BotRow, ...], ...]:
    """Cut the games into consecutive tournaments of ``size`` games (a remainder is dropped) and
    tabulate each as :func:`kuhtheory.tournament.tabulate` does.

    With ``size`` a multiple of the number of seats, each small tournament rotates its seats fully.

    >>> from kuhtheory.tournament import run_tournament
    >>> r = run_tournament(["heuristic", "random", "random"], games=7, seed=1)
    >>> [rows[0].seats for rows in small_tournaments(r, 3)]
    [3, 3]
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InvalidSetupError(f"size={size!r} must be a whole number >= 1")
    games = result.games
    return tuple(
        tabulate(result.bots, games[i : i + size], result.shared, result.level)[0]
        for i in range(0, len(games) - size + 1, size)
    )


# ---------------------------------------------------------------------------------------------
# The result


@dataclass(frozen=True)
class TournamentResult:
    """A finished tournament: its parameters, every game, the table and the head-to-head pairs.

    Two results compare equal when their parameters and games are equal (the wall-clock
    ``seconds`` and the executor do not take part).
    """

    game: str
    setup: tuple[tuple[str, Any], ...]
    bots: tuple[str, ...]
    seed: int
    shared: str
    level: float
    games: tuple[GameResult, ...]
    rows: tuple[BotRow, ...]
    head_to_head: tuple[HeadToHead, ...]
    seconds: float = field(default=0.0, compare=False)
    jobs: int = field(default=1, compare=False)

    @property
    def unfinished(self) -> int:
        """How many games were stopped at ``max_actions`` (nobody wins them)."""
        return sum(1 for g in self.games if not g.finished)

    def unfinished_games(self, limit: int = MAX_UNFINISHED_LISTED) -> tuple[GameResult, ...]:
        """The first ``limit`` games stopped at ``max_actions``, in index order. Each plays
        again alone with ``kuhtheory simulate --seed <its seed> --games 1 --bots <the bots of
        its seats>`` (the same game seed and the same bot seeds)."""
        return tuple(g for g in self.games if not g.finished)[:limit]

    def row(self, bot: str) -> BotRow:
        """The table row of ``bot``."""
        for r in self.rows:
            if r.bot == bot:
                return r
        raise InvalidSetupError(f"bot {bot!r} did not play: the bots were {list(self.bots)!r}")

    def versus(self, bot: str, other: str) -> HeadToHead:
        """The head-to-head pair ``bot`` against ``other``."""
        for h in self.head_to_head:
            if h.bot == bot and h.other == other:
                return h
        raise InvalidSetupError(f"no head-to-head {bot!r} vs {other!r} among {list(self.bots)!r}")

    # ----- output --------------------------------------------------------------------------------
    def to_json(self, games: bool = False) -> dict[str, Any]:
        """A JSON-ready dict: parameters, the table, head-to-head, optionally every game."""
        out: dict[str, Any] = {
            "game": self.game,
            "setup": {k: list(v) if isinstance(v, tuple) else v for k, v in self.setup},
            "bots": list(self.bots),
            "games": len(self.games),
            "seed": self.seed,
            "shared_wins": self.shared,
            "confidence": self.level,
            "unfinished": self.unfinished,
            "unfinished_games": [
                {"index": g.index, "seed": g.seed, "seats": [self.bots[e] for e in g.entries]}
                for g in self.unfinished_games()
            ],
            "jobs": self.jobs,
            "seconds": round(self.seconds, 3),
            "table": [r.to_json() for r in self.rows],
            "head_to_head": [
                {"bot": h.bot, "other": h.other, "pairs": h.pairs, "won": h.won, "share": h.share}
                for h in self.head_to_head
            ],
        }
        if games:
            out["game_results"] = [g.to_json() for g in self.games]
        return out

    def to_csv(self, stream: TextIO | None = None, kind: str = "table") -> str:
        """The table (``kind="table"``, one row per bot) or every game (``kind="games"``) as CSV.

        Written with the standard :mod:`csv` module (no pandas); returns the text and also writes
        it to ``stream`` if one is given.
        """
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        if kind == "table":
            header = list(self.rows[0].to_json()) if self.rows else ["bot"]
            writer.writerow(header)
            for r in self.rows:
                writer.writerow([_csv_value(v) for v in r.to_json().values()])
        elif kind == "games":
            n = len(self.bots)
            writer.writerow(
                ["index", "seed", "actions", "finished"]
                + [f"bot{s}" for s in range(n)]
                + [f"score{s}" for s in range(n)]
                + ["winners"]
            )
            for g in self.games:
                writer.writerow(
                    [g.index, g.seed, g.actions, int(g.finished)]
                    + [self.bots[e] for e in g.entries]
                    + [_csv_value(s) for s in g.scores]
                    + [" ".join(map(str, g.winners))]
                )
        else:
            raise InvalidSetupError(f"CSV kind {kind!r}: choose 'table' or 'games'")
        text = buffer.getvalue()
        if stream is not None:
            stream.write(text)
        return text

    def table(self) -> str:
        """The tournament table as aligned text, with the head-to-head matrix below it."""
        lines = [
            f"{self.game} {_setup_text(self.setup)}, {len(self.games)} games, seed {self.seed}, "
            f"shared wins count {'1/k' if self.shared == 'fraction' else 'as wins'}, "
            f"{round(self.level * 100)}% intervals",
            f"{'bot':<14}{'seats':>7}{'wins':>9}  {'win rate [CI]':<24}{'mean score [CI]':<28}",
        ]
        for r in self.rows:
            w = r.win_rate
            m = r.mean_score
            lines.append(
                f"{r.bot:<14}{r.seats:>7}{_num(r.wins):>9}  "
                f"{f'{w.estimate:.3f} [{w.low:.3f}, {w.high:.3f}]':<24}"
                f"{f'{m.estimate:.1f} [{m.low:.1f}, {m.high:.1f}]':<28}"
            )
        names = [r.bot for r in self.rows]
        if len(names) > 1:
            lines.append("")
            lines.append("head to head: share of seat pairs where the row bot scored more")
            width = max(10, *(len(n) + 2 for n in names))
            lines.append(" " * 14 + "".join(f"{n:>{width}}" for n in names))
            for a in names:
                cells = []
                for b in names:
                    cells.append("-" if a == b else f"{self.versus(a, b).share:.3f}")
                lines.append(f"{a:<14}" + "".join(f"{c:>{width}}" for c in cells))
        if self.unfinished:
            listed = self.unfinished_games(limit=10)
            seeds = ", ".join(str(g.seed) for g in listed)
            more = ", ..." if self.unfinished > len(listed) else ""
            lines.append(
                f"{self.unfinished} game(s) stopped unfinished (nobody wins them): seeds "
                f"{seeds}{more}"
            )
        return "\n".join(lines)

    def to_text_json(self, games: bool = False) -> str:
        """:meth:`to_json` as indented JSON text."""
        return json.dumps(self.to_json(games=games), indent=2)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _csv_value(v: Any) -> Any:
    if isinstance(v, float):
        return repr(v) if not v.is_integer() else str(int(v))
    return v


def _setup_text(setup: tuple[tuple[str, Any], ...]) -> str:
    parts = []
    for k, v in setup:
        if isinstance(v, (list, tuple)):
            if not v:
                continue
            v = "+".join(map(str, v))
        parts.append(f"{k}={v}")
    return ", ".join(parts) or "(default setup)"


# ---------------------------------------------------------------------------------------------
# The runner


def _check_args(
    game: str,
    bots: Sequence[str],
    games: int,
    shared: str,
    jobs: int,
    chunk_size: int | None,
    max_actions: int,
    setup: Mapping[str, Any],
    local: bool = True,
) -> tuple[str, tuple[str, ...]]:
    spec = get_game(game)
    if isinstance(bots, str):
        bots = [b for b in bots.split(",")]
    names = tuple(str(b).strip().lower() for b in bots)
    if not names or any(not b for b in names):
        raise InvalidSetupError(
            f"bots={bots!r}: name one bot per seat, e.g. 'heuristic,random,random'"
        )
    from kuhtheory.agents import agent_names

    known = agent_names(spec.name)
    unknown = [b for b in names if b not in known]
    if unknown:
        raise InvalidSetupError(
            f"bots={list(bots)!r}: unknown bot {unknown[0]!r} for {spec.name}: choose from "
            f"{', '.join(known)}"
        )
    for name, value, high in (
        ("games", games, MAX_GAMES),
        ("jobs", jobs, MAX_JOBS if local else MAX_GAMES),
        ("max_actions", max_actions, MAX_ACTIONS_LIMIT),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
            raise InvalidSetupError(
                f"{name}={excerpt(value)} must be a whole number from 1 to {high}"
            )
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise InvalidSetupError(f"chunk_size={chunk_size!r} must be a whole number >= 1")
    if shared not in SHARED_MODES:
        raise InvalidSetupError(f"shared={shared!r}: choose one of {', '.join(SHARED_MODES)}")
    # Build one start state now, so that a bad edition or player count fails here, not in a worker.
    spec.new_game(players=len(names), seed=0, **dict(setup))
    return spec.name, names


def chunks(games: int, chunk_size: int) -> Iterator[tuple[int, ...]]:
    """Consecutive index chunks covering ``range(games)``, made one at a time as they are taken.

    >>> list(chunks(5, 2))
    [(0, 1), (2, 3), (4,)]
    """
    for i in range(0, games, chunk_size):
        yield tuple(range(i, min(i + chunk_size, games)))


def _run_lazily(
    pool: Executor,
    jobs: Iterator[tuple[int, _Job]],
    in_flight: int,
    done: Callable[[int, list[GameResult]], None],
) -> None:
    """Run the numbered ``jobs`` on ``pool`` with at most ``in_flight`` submitted at a time,
    calling ``done(k, results)`` as each ends (in any order)."""
    pending: dict[Future[list[GameResult]], int] = {}
    for k, job in jobs:
        pending[pool.submit(_play_chunk, job)] = k
        if len(pending) >= in_flight:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                done(pending.pop(fut), fut.result())
    for fut in as_completed(pending):
        done(pending[fut], fut.result())


def run_tournament(
    bots: Sequence[str] | str,
    games: int,
    *,
    seed: int = 0,
    game: str = "kuhhandel",
    setup: Mapping[str, Any] | None = None,
    edition: str | None = None,
    variants: Sequence[str] = (),
    executor: Executor | None = None,
    jobs: int = 1,
    chunk_size: int | None = None,
    shared: str = "fraction",
    level: float = 0.95,
    max_actions: int = MAX_ACTIONS,
    progress: bool | None = None,
    on_game: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play a tournament and return its :class:`TournamentResult` (see the module docstring).

    Parameters
    ----------
    bots
        One bot name per seat (``["equilibrium", "heuristic", "heuristic", "random"]`` or the same
        comma-separated); the number of players is ``len(bots)``.
    games
        How many games.
    seed
        The tournament seed; game ``i`` is seeded :func:`game_seed` ``(seed, i)``.
    game, setup
        The game (``get_game`` name) and extra ``new_game`` keywords.
    edition, variants
        Kuhhandel shortcuts for ``setup={"edition": ..., "variants": ...}``.
    executor
        Runs the chunks; default: a process pool of ``jobs`` workers (or this process if
        ``jobs == 1``). A given executor is not shut down.
    chunk_size
        Games per chunk; default ``ceil(games / (8 * jobs))``, at most 50. The results do not
        depend on it.
    shared
        ``"fraction"`` (a win shared by k counts 1/k) or ``"win"`` (a full win each).
    level
        Confidence level of the intervals.
    max_actions
        Cap on the actions of one game; a game stopped there is unfinished (nobody wins it).
    progress
        Draw a progress bar on stderr (default: only when stderr is a terminal).
    on_game
        Called with the number of games finished so far after each chunk (for notebooks).
    """
    setup_map: dict[str, Any] = dict(setup or {})
    if edition is not None:
        setup_map["edition"] = edition
    if variants:
        setup_map["variants"] = tuple(variants)
    if "variants" in setup_map:
        setup_map["variants"] = tuple(setup_map["variants"])
    game_name, names = _check_args(
        game, bots, games, shared, jobs, chunk_size, max_actions, setup_map, executor is None
    )
    size = chunk_size or max(1, min(50, math.ceil(games / (8 * jobs))))
    setup_items = tuple(sorted(setup_map.items()))
    # The chunks are made lazily: only those running or waiting to run exist at any time.
    job_list = (
        _Job(game_name, setup_items, names, seed, idx, max_actions) for idx in chunks(games, size)
    )
    start = time.perf_counter()
    results: dict[int, list[GameResult]] = {}
    bar = Progress(games, enabled=progress, label="games ")
    finished = 0

    def done(k: int, chunk: list[GameResult]) -> None:
        nonlocal finished
        results[k] = chunk
        finished += len(chunk)
        bar.update(len(chunk))
        if on_game is not None:
            on_game(finished)

    with bar:
        if executor is None and jobs == 1:
            for k, job in enumerate(job_list):
                done(k, _play_chunk(job))
        else:
            own = executor is None
            pool = ProcessPoolExecutor(max_workers=jobs) if executor is None else executor
            try:
                _run_lazily(pool, enumerate(job_list), 2 * jobs, done)
            finally:
                if own:
                    pool.shutdown(cancel_futures=True)
    merged = tuple(g for k in sorted(results) for g in results[k])
    rows, pairs = tabulate(names, merged, shared, level)
    return TournamentResult(
        game=game_name,
        setup=setup_items,
        bots=names,
        seed=seed,
        shared=shared,
        level=level,
        games=merged,
        rows=rows,
        head_to_head=pairs,
        seconds=time.perf_counter() - start,
        jobs=jobs,
    )
