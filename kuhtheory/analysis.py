"""Reading games played by bots: statistics per edition, and where each bot's points came from.

Pure functions that return plain data (numbers, lists, dicts, frozen records) for the editions and
tournaments chapters; no widgets, no plotting.

Per edition (``notebooks/editions.md``): game length, money flow, score spread, does the leader
win.

* :func:`game_stats`: play one game between bots and measure it (a :class:`GameStats`);
* :func:`simulate_edition`: many seeded games of one edition, as JSON-ready columns;
* :func:`edition_summary`: the chapter's figures from those columns (means, rates, the leader's
  wins);
* :func:`load_edition_stats` / :data:`CACHE_PATH`: the cached simulation shipped in
  ``kuhtheory/data/edition_stats.json``, written by ``scripts/make_edition_stats.py``.

Per bot of a tournament (``notebooks/tournaments.md``): :func:`bot_profiles` replays its games
(:func:`replay_game` plays one again) and measures, per bot, where the points came from: animals
bought in auctions and what they cost per point, trades started and won, the money and animal cards
trades brought in (:class:`BotProfile`).

What is measured, and how:

* **length**: turns (K-TURN-1, one per active player) and actions (every bid, pass, payment...);
* **money flow**: the money that changes hands, measured from the players' money totals before and
  after each auction or trade is settled (god's view, so overpayments under K-PAY-1 count): the net
  amount paid in auctions (the buyer to the auctioneer, or the auctioneer to the bidder when
  preempting, K-AUC-4), the net amount moved in trades (under K-TRD-3 with kept piles, the
  difference of the two piles; an accepted offer in full), and the bank's donkey payouts
  (K-DONK-1);
* **score spread**: the winner's score minus the last player's, absolute and relative to the
  winner's score (editions score on different scales: sums versus sums x families);
* **the leader**: the player with the most *animal value on the table* (each card worth its
  family's points divided by the cards in a family), taken at the first turn when half the animal
  deck has been auctioned, and at the first turn after the last auction. A tie means no leader.
  ``leader wins`` counts a shared win as ``1/k`` for ``k`` winners, like the simulate CLI.

A game the rules alone cannot end (the 2025 deadlock: two players without money passing the last
open family's card back and forth, each trade for one card under K-TRD-4) ends by the house rule
K-HOUSE-1 and is counted as ``ended_by_repetition``; a game still running after ``max_turns``
turns (a bot that loops without repeating a position) is stopped and counted as *unfinished*;
the other statistics are over finished games.

>>> stats = game_stats("first", players=3, seed=2)
>>> stats.finished, stats.turns > 0, len(stats.scores)
(True, True, 3)
>>> stats.auction_money >= 0 and stats.trade_money >= 0
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from statistics import fmean, median
from typing import Any

from kuhtheory.cards import ANIMALS, DENOMINATIONS, FAMILY_POINTS
from kuhtheory.editions import Edition, get_edition
from kuhtheory.errors import InvalidSetupError
from kuhtheory.tournament import TournamentResult

#: The cached simulation shipped with the package (see ``scripts/make_edition_stats.py``).
CACHE_PATH = Path(__file__).resolve().parent / "data" / "edition_stats.json"

#: The per-game fields of :class:`GameStats`, in the order of :func:`simulate_edition`'s columns.
FIELDS: tuple[str, ...] = (
    "seed",
    "finished",
    "ended_by_repetition",
    "turns",
    "actions",
    "auctions",
    "trades",
    "preemptions",
    "auction_money",
    "trade_money",
    "bank_money",
    "scores",
    "winners",
    "half_leader",
    "end_leader",
)


@dataclass(frozen=True)
class GameStats:
    """What :func:`game_stats` measures in one game (see the module docstring).

    ``half_leader`` / ``end_leader``: the seat leading in animal value when half the deck is
    auctioned / after the last auction, or None (a tie, or the game never got there).
    """

    seed: int
    finished: bool
    #: the game ended by the house rule K-HOUSE-1 (a position repeated a third time)
    ended_by_repetition: bool
    turns: int
    actions: int
    auctions: int
    trades: int
    preemptions: int
    auction_money: int
    trade_money: int
    bank_money: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    half_leader: int | None
    end_leader: int | None


def table_values(state: Any) -> tuple[float, ...]:
    """Each player's animal value on the table: sum of points x cards owned / cards per family.

    >>> from kuhtheory.engine import new_game
    >>> table_values(new_game(players=3, seed=0))
    (0.0, 0.0, 0.0)
    """
    per_family = state.edition.cards_per_family
    points = [a.points for a in ANIMALS]
    return tuple(
        sum(p * c for p, c in zip(points, state.herd(seat), strict=True)) / per_family
        for seat in range(state.players)
    )


def leader(values: Sequence[float]) -> int | None:
    """The seat with the strictly highest value, or None on a tie.

    >>> leader([10, 30, 20]), leader([30, 30, 5])
    (1, None)
    """
    best = max(values)
    seats = [i for i, v in enumerate(values) if v == best]
    return seats[0] if len(seats) == 1 else None


def _bank_total(state: Any) -> int:
    return sum(v * c for v, c in zip(DENOMINATIONS, state.bank, strict=True))


def _check_positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidSetupError(f"{name}={value!r} must be a positive whole number")
    return value


def _bots(bots: str | Sequence[str], players: int) -> tuple[str, ...]:
    names = (bots,) if isinstance(bots, str) else tuple(bots)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise InvalidSetupError(f"bots={bots!r}: give one bot name or one per seat ({players})")
    return names


def game_stats(
    edition: str | Edition = "classic",
    players: int = 4,
    seed: int = 0,
    bots: str | Sequence[str] = "heuristic",
    max_turns: int = 200,
) -> GameStats:
    """Play the game seeded ``seed`` between ``bots`` and measure it.

    The bot in seat ``k`` is ``make_agent(bots[k], agent_seed(seed, k))``, as in
    ``kuhtheory simulate``; the first player is drawn from the seed. The game stops unfinished
    after ``max_turns`` turns.
    """
    from kuhtheory.agents import make_agent  # the analysis sits on top of engine and bots
    from kuhtheory.agents.play import agent_seed, moves
    from kuhtheory.engine import Phase, new_game

    _check_positive("max_turns", max_turns)
    ed = get_edition(edition) if isinstance(edition, str) else edition
    state = new_game(players=players, seed=seed, edition=ed.key, variants=ed.variants)
    names = _bots(bots, state.players)
    agents = [make_agent(name, agent_seed(seed, k)) for k, name in enumerate(names)]
    half_deck = state.deck_size / 2
    counts = {"auctions": 0, "trades": 0, "preemptions": 0}
    money = {"auction": 0, "trade": 0, "bank": 0}
    half_leader: int | None = None
    end_leader: int | None = None
    seen_half = seen_end = False
    totals = [state.money_total(q) for q in range(state.players)]
    bank = _bank_total(state)
    episode = ""  # "auction" or "trade": what the active player started this turn
    start = state
    for before, action, state in moves(start, agents):
        if before.phase is Phase.TURN and not seen_half and before.deck_size <= half_deck:
            seen_half = True
            half_leader = leader(table_values(before))
        if before.phase is Phase.TURN and not seen_end and before.deck_size == 0:
            seen_end = True
            end_leader = leader(table_values(before))
        kind = type(action).__name__
        if kind == "Auction":
            counts["auctions"] += 1
            episode = "auction"
        elif kind == "Trade":
            counts["trades"] += 1
            episode = "trade"
        elif kind in ("Preempt", "BuyBack"):
            counts["preemptions"] += 1
        new_bank = _bank_total(state)
        if new_bank != bank:  # a donkey: the bank pays every player (K-DONK-1)
            money["bank"] += bank - new_bank
            bank = new_bank
            totals = [state.money_total(q) for q in range(state.players)]
        if episode and state.phase in (Phase.TURN, Phase.GAME_OVER):
            # The auction or trade is settled: the net money that changed hands. (During a trade
            # the face-down piles are in neither hand, so only the settled totals are compared.)
            new_totals = [state.money_total(q) for q in range(state.players)]
            money[episode] += sum(max(0, b - a) for a, b in zip(totals, new_totals, strict=True))
            totals = new_totals
            episode = ""
        if state.turn > max_turns:  # stopped unfinished
            break
    finished = state.is_terminal
    return GameStats(
        seed=seed,
        finished=finished,
        ended_by_repetition=state.ended_by_repetition,
        turns=state.turn,
        actions=state.history_length,
        auctions=counts["auctions"],
        trades=counts["trades"],
        preemptions=counts["preemptions"],
        auction_money=money["auction"],
        trade_money=money["trade"],
        bank_money=money["bank"],
        scores=tuple(state.scores()),
        winners=tuple(state.winners()) if finished else (),
        half_leader=half_leader,
        end_leader=end_leader,
    )


def _one(job: tuple[str, int, int, tuple[str, ...], int]) -> GameStats:
    edition, players, seed, bots, max_turns = job
    return game_stats(edition, players, seed, bots, max_turns)


def simulate_edition(
    edition: str = "classic",
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    bots: str | Sequence[str] = "heuristic",
    max_turns: int = 200,
    executor: Any = None,
) -> dict[str, Any]:
    """``games`` games (seeds ``seed``, ``seed + 1``, ...) of one edition, as JSON-ready columns.

    Returns ``{"edition", "players", "bots", "seed", "games", "max_turns", "columns"}`` where
    ``columns`` maps each name of :data:`FIELDS` to its list over the games. ``executor``: any
    ``concurrent.futures`` executor (a process pool for the cache script); None plays in this
    process.

    >>> sim = simulate_edition("first", players=3, games=2, seed=5)
    >>> sim["games"], sim["columns"]["seed"]
    (2, [5, 6])
    """
    _check_positive("games", games)
    get_edition(edition)  # raises UnknownEditionError for a bad name
    key = str(edition)
    names = _bots(bots, players)
    jobs = [(key, players, seed + i, names, max_turns) for i in range(games)]
    results = list(executor.map(_one, jobs)) if executor is not None else [_one(j) for j in jobs]
    columns: dict[str, list[Any]] = {name: [] for name in FIELDS}
    for stats in results:
        row = asdict(stats)
        for name in FIELDS:
            value = row[name]
            columns[name].append(list(value) if isinstance(value, tuple) else value)
    return {
        "edition": key,
        "players": players,
        "bots": list(names),
        "seed": seed,
        "games": games,
        "max_turns": max_turns,
        "columns": columns,
    }


def _share(winners: Sequence[int], seat: int | None) -> float:
    return 1 / len(winners) if seat is not None and seat in winners else 0.0


def edition_summary(sim: Mapping[str, Any]) -> dict[str, Any]:
    """The chapter's figures from one :func:`simulate_edition` result.

    Over finished games: mean and median turns and actions; mean auctions, trades, preemptions;
    mean money paid in auctions, moved in trades and paid by the bank; mean score spread (winner
    minus last) and relative spread (that over the winner's score); per leader measure (``half``,
    ``end``), how often there is a single leader and how often he wins. Also ``finished`` (the
    share of games that ended), ``repetition`` (the share that the house rule K-HOUSE-1 ended)
    and ``baseline`` (``1 / players``, a random player's chance).

    >>> cols = {"finished": [True, True], "ended_by_repetition": [False, True],
    ...         "turns": [50, 60], "actions": [500, 700],
    ...         "auctions": [40, 40], "trades": [10, 20], "preemptions": [3, 5],
    ...         "auction_money": [900, 1100], "trade_money": [200, 400], "bank_money": [600, 600],
    ...         "scores": [[300, 100, 0], [500, 500, 250]], "winners": [[0], [0, 1]],
    ...         "half_leader": [0, 1], "end_leader": [None, 2]}
    >>> s = edition_summary({"edition": "x", "players": 3, "games": 2, "columns": cols})
    >>> s["mean_turns"], s["mean_spread"], s["half"]["leader_wins"], s["end"]["has_leader"]
    (55.0, 275.0, 0.75, 0.5)
    """
    cols = sim["columns"]
    players = int(sim["players"])
    done = [i for i, f in enumerate(cols["finished"]) if f]
    out: dict[str, Any] = {
        "edition": sim["edition"],
        "players": players,
        "games": int(sim["games"]),
        "finished": len(done) / len(cols["finished"]) if cols["finished"] else 0.0,
        "repetition": (
            sum(map(bool, cols["ended_by_repetition"])) / len(cols["finished"])
            if cols["finished"]
            else 0.0
        ),
        "baseline": 1 / players,
    }
    if not done:
        return out

    def over(name: str) -> list[Any]:
        return [cols[name][i] for i in done]

    for name in ("turns", "actions"):
        out[f"mean_{name}"] = fmean(over(name))
        out[f"median_{name}"] = median(over(name))
    for name in ("auctions", "trades", "preemptions", "auction_money", "trade_money", "bank_money"):
        out[f"mean_{name}"] = fmean(over(name))
    spreads = [max(s) - min(s) for s in over("scores")]
    out["mean_spread"] = fmean(spreads)
    out["mean_relative_spread"] = fmean(
        (max(s) - min(s)) / max(s) if max(s) > 0 else 0.0 for s in over("scores")
    )
    out["mean_winning_score"] = fmean(max(s) for s in over("scores"))
    winners = over("winners")
    for when in ("half", "end"):
        seats = over(f"{when}_leader")
        led = [i for i, seat in enumerate(seats) if seat is not None]
        out[when] = {
            "has_leader": len(led) / len(seats),
            "leader_wins": (fmean(_share(winners[i], seats[i]) for i in led) if led else None),
        }
    return out


def simulate_editions(
    editions: Iterable[str],
    players: int = 4,
    games: int = 100,
    seed: int = 1,
    bots: str | Sequence[str] = "heuristic",
    max_turns: int = 200,
    executor: Any = None,
) -> dict[str, Any]:
    """:func:`simulate_edition` for each edition, keyed by edition (the cache file's shape)."""
    return {
        "format": 1,
        "editions": {
            e: simulate_edition(e, players, games, seed, bots, max_turns, executor)
            for e in editions
        },
    }


@lru_cache(maxsize=4)
def _load(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


def load_edition_stats(path: str | Path | None = None) -> dict[str, Any]:
    """The cached simulation (``{"format", "editions": {key: simulate_edition(...)}}``).

    Raises :class:`~kuhtheory.errors.InvalidSetupError` naming the file if it is missing or not a
    cache of this format; regenerate it with ``scripts/make_edition_stats.py``.
    """
    where = Path(path) if path is not None else CACHE_PATH
    try:
        data = json.loads(_load(str(where)))
    except (OSError, ValueError) as exc:
        raise InvalidSetupError(
            f"edition statistics {str(where)!r} cannot be read ({exc}); "
            "run scripts/make_edition_stats.py"
        ) from None
    if not isinstance(data, dict) or data.get("format") != 1 or "editions" not in data:
        raise InvalidSetupError(f"edition statistics {str(where)!r}: not a format-1 cache")
    return data


__all__ = [
    "CACHE_PATH",
    "FIELDS",
    "BotProfile",
    "GameStats",
    "bot_profiles",
    "game_stats",
    "leader",
    "load_edition_stats",
    "simulate_edition",
    "simulate_editions",
    "edition_summary",
    "table_values",
    "replay_game",
]


# ---------------------------------------------------------------------------------------------
# Bot profiles: where each bot's points came from in a tournament


@dataclass(frozen=True)
class BotProfile:
    """Where one bot's points came from, over its seats in a tournament (per seat-game means).

    Auctions (K-AUC-1..4): ``bought`` animal cards won in auctions (bought, preempted or taken
    free), ``paid`` the money they cost (overpayment under K-PAY-1 included), ``paid_per_point``
    that money over the cards' worth in points (a card is worth its family's points over the cards
    in a family), ``sold_for`` the money received for its own auctions.

    Trades (K-TRD-1..4): ``started`` and ``started_won`` trades it started (and won), ``challenged``
    and ``challenged_won`` trades others started against it (and it won), ``trade_money`` the net
    money trades brought in, ``trade_cards`` the net animal cards.

    ``families`` completed families at the end, ``score`` the final score.
    """

    bot: str
    seats: int
    bought: float
    paid: float
    paid_per_point: float | None
    sold_for: float
    started: float
    started_won: float
    challenged: float
    challenged_won: float
    trade_money: float
    trade_cards: float
    families: float
    score: float

    def trade_win_rate(self) -> float | None:
        """The share of the trades it took part in (either side) that it won."""
        total = self.started + self.challenged
        return None if total == 0 else (self.started_won + self.challenged_won) / total


def replay_game(result: TournamentResult, index: int) -> Any:
    """Play game ``index`` of ``result`` again (same seed, same seats, same bot seeds) and return
    its final state; the replay must reproduce the recorded scores.

    >>> from kuhtheory.tournament import run_tournament
    >>> r = run_tournament(["heuristic", "random", "random"], games=2, seed=1)
    >>> replay_game(r, 1).scores() == tuple(int(s) for s in r.games[1].scores)
    True
    """
    final, _ = _replay(result, index)
    return final


def _replay(result: TournamentResult, index: int) -> tuple[Any, list[dict[str, float]]]:
    """The final state of game ``index``, and one dict of measures per seat."""
    from kuhtheory.agents import make_agent
    from kuhtheory.agents.play import agent_seed, moves
    from kuhtheory.engine import Phase, new_game

    if result.game != "kuhhandel":
        raise InvalidSetupError(f"game {result.game!r}: only Kuhhandel games are replayed here")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(result.games):
        raise InvalidSetupError(f"game index {index!r} must lie in 0..{len(result.games) - 1}")
    g = result.games[index]
    state: Any = new_game(players=len(result.bots), seed=g.seed, **dict(result.setup))
    agents = [make_agent(result.bots[e], agent_seed(g.seed, s)) for s, e in enumerate(g.entries)]
    per_family = state.edition.cards_per_family
    n = state.players
    keys = (
        "bought",
        "paid",
        "points_bought",
        "sold_for",
        "started",
        "started_won",
        "challenged",
        "challenged_won",
        "trade_money",
        "trade_cards",
    )
    m: list[dict[str, float]] = [dict.fromkeys(keys, 0.0) for _ in range(n)]
    episode: tuple[str, int, int] | None = None  # (kind, active player, opponent)
    money: list[int] = []
    herds: list[tuple[int, ...]] = []
    start = state
    for before, action, state in moves(start, agents, max_actions=g.actions):
        kind = type(action).__name__
        p = before.current_player
        if kind == "Trade":
            # measured from before the action: the offer leaves the offerer's hand face down
            episode = (kind, p, action.opponent)
            money = [before.money_total(q) for q in range(n)]
            herds = [before.herd(q) for q in range(n)]
        if kind == "Auction":
            # measured from after the action: a donkey's payout (K-DONK-1) happens on the reveal
            episode = (kind, p, -1)
            money = [state.money_total(q) for q in range(n)]
            herds = [state.herd(q) for q in range(n)]
        if episode is not None and state.phase in (Phase.TURN, Phase.GAME_OVER):
            kind, active, other = episode
            new_money = [state.money_total(q) for q in range(n)]
            gained = [
                sum(b - a for a, b in zip(herds[q], state.herd(q), strict=True)) for q in range(n)
            ]
            if kind == "Auction":
                for q in range(n):
                    if gained[q] > 0:  # the buyer (or the auctioneer: preempted, taken free)
                        m[q]["bought"] += gained[q]
                        m[q]["paid"] += money[q] - new_money[q]
                        m[q]["points_bought"] += sum(
                            (b - a) * points / per_family
                            for points, a, b in zip(
                                FAMILY_POINTS, herds[q], state.herd(q), strict=True
                            )
                            if b > a
                        )
                if gained[active] <= 0:
                    m[active]["sold_for"] += new_money[active] - money[active]
            else:
                m[active]["started"] += 1
                m[other]["challenged"] += 1
                if gained[active] > 0:
                    m[active]["started_won"] += 1
                elif gained[other] > 0:
                    m[other]["challenged_won"] += 1
                for q in (active, other):
                    m[q]["trade_money"] += new_money[q] - money[q]
                    m[q]["trade_cards"] += gained[q]
            episode = None
    if tuple(float(s) for s in state.scores()) != g.scores:
        raise InvalidSetupError(
            f"game {index} replayed to scores {state.scores()!r}, not the recorded {g.scores!r}: "
            "did a bot change since the tournament was played?"
        )
    for q in range(n):
        m[q]["families"] = float(len(state.families(q)))
        m[q]["score"] = float(state.scores()[q])
    return state, m


def bot_profiles(result: TournamentResult) -> tuple[BotProfile, ...]:
    """Replay every game of ``result`` and measure, per bot (entries of the same name pooled), where
    its points came from (:class:`BotProfile`); bots in the table's order.

    >>> from kuhtheory.tournament import run_tournament
    >>> r = run_tournament(["heuristic", "random", "random"], games=3, seed=1)
    >>> [(p.bot, p.seats) for p in bot_profiles(r)]
    [('heuristic', 3), ('random', 6)]
    """
    sums: dict[str, dict[str, float]] = {r.bot: {} for r in result.rows}
    seats = dict.fromkeys(sums, 0)
    for i, g in enumerate(result.games):
        _, measures = _replay(result, i)
        for s, e in enumerate(g.entries):
            bot = result.bots[e]
            seats[bot] += 1
            for key, value in measures[s].items():
                sums[bot][key] = sums[bot].get(key, 0.0) + value
    out = []
    for bot, total in sums.items():
        k = max(1, seats[bot])

        def mean(key: str, total: dict[str, float] = total, k: int = k) -> float:
            return total.get(key, 0.0) / k

        points = total.get("points_bought", 0.0)
        out.append(
            BotProfile(
                bot=bot,
                seats=seats[bot],
                bought=mean("bought"),
                paid=mean("paid"),
                paid_per_point=None if points == 0 else total.get("paid", 0.0) / points,
                sold_for=mean("sold_for"),
                started=mean("started"),
                started_won=mean("started_won"),
                challenged=mean("challenged"),
                challenged_won=mean("challenged_won"),
                trade_money=mean("trade_money"),
                trade_cards=mean("trade_cards"),
                families=mean("families"),
                score=mean("score"),
            )
        )
    return tuple(out)
