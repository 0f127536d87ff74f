"""Engine speed and robustness: random games per second, and thousands of games per edition.

Prints figures; never fails on time. Run: ``.venv/bin/python benchmarks/bench_engine.py``
(``--games N`` games per edition and variant, default 1000; ``--profile`` for a cProfile top 15).

1. Throughput: four-player classic games with four random bots, then with four heuristic bots, of
   :mod:`kuhtheory.agents` (the loop of :func:`kuhtheory.agents.play.play`), on one core:
   games/s, actions per game, and microseconds per action (wall clock and CPU time), in three
   rounds and their median. Targets (issue 15): 700 random games/s, 250 heuristic games/s.
   (The mix equilibrium, heuristic, heuristic, random is timed by bench_tournament.py.)
2. Bots: full games per second (CPU time, one core) for 3, 4 and 5 players with the random and the
   heuristic bots of :mod:`kuhtheory.agents` in classic, and one line per other edition and
   variant for 4 players (``--bot-games N`` random games per line, N/4 heuristic; 0 skips).
3. ``--breakdown N``: where a random game's time goes. N four-player classic games are played and
   every position kept; then, per action type, the legal actions, the random bot's choice and
   ``apply`` are timed again on those positions (each the best of several rounds: a position never
   changes, so the same work can be repeated), and the sum is set beside the whole loop's time.
   The rest is the loop itself and what only a first visit costs (cache misses, a cold CPU cache).
4. Robustness: ``--games`` random games (:func:`kuhtheory.agents.random.random_playout`, 3-5
   players) for every edition and variant; each must end with every family complete and owned by
   one player (or by the house rule K-HOUSE-1, counted) and the whole money deck accounted for.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable

from kuhtheory.agents.random import random_playout
from kuhtheory.cards import ANIMALS
from kuhtheory.editions import VARIANTS, get_edition
from kuhtheory.engine import GameState, new_game
from kuhtheory.engine.actions import Action
from kuhtheory.engine.legal import LegalActions

#: Rounds of the throughput section: a shared machine's other load can halve one round's figure,
#: so the median of the rounds is the figure to report (each round is printed too).
ROUNDS = 3


#: The throughput section's line-ups: bot name, games per round (a share of --throughput-games),
#: the issue's target in games/s.
LINEUPS = (("random", 1.0, 700), ("heuristic", 0.25, 250))


def _throughput(games: int) -> None:
    from kuhtheory.agents import make_agent
    from kuhtheory.agents.play import agent_seed, play

    for bot, share, target in LINEUPS:
        n = max(int(games * share), 1)
        print(f"throughput: four-player classic games, four {bot} bots, {ROUNDS} rounds of {n}")
        rates = []
        for round_ in range(ROUNDS):
            actions = 0
            wall, cpu = time.perf_counter(), time.process_time()
            for seed in range(n):
                bots = [make_agent(bot, agent_seed(seed, k)) for k in range(4)]
                actions += play(new_game(players=4, seed=seed), bots).history_length
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            rates.append(n / cpu)
            print(
                f"  round {round_ + 1}: {n / wall:8.1f} games/s wall   {n / cpu:8.1f} "
                f"games/s CPU   {actions / n:6.1f} actions/game  "
                f"{1e6 * cpu / actions:5.2f} us/action"
            )
        print(f"  median {statistics.median(rates):8.1f} games/s CPU (target {target})")


def _best(work: Callable[[], object], rounds: int = 7) -> float:
    """The least CPU time of ``rounds`` runs of ``work`` (the others were slowed by other load)."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def _breakdown(games: int) -> None:
    from kuhtheory.agents.play import agent_seed, moves, play
    from kuhtheory.agents.random import RandomAgent
    from kuhtheory.engine.rules import LEGAL_ACTIONS

    def setup() -> None:
        for seed in range(games):
            new_game(players=4, seed=seed)
            for k in range(4):
                RandomAgent(agent_seed(seed, k))

    def play_all() -> None:
        for seed in range(games):
            bots = [RandomAgent(agent_seed(seed, k)) for k in range(4)]
            play(new_game(players=4, seed=seed), bots)

    whole = _best(play_all, 3)
    by_kind: dict[str, list[tuple[GameState, Action]]] = {}
    for seed in range(games):
        bots = [RandomAgent(agent_seed(seed, k)) for k in range(4)]
        for state, action, _ in moves(new_game(players=4, seed=seed), bots):
            by_kind.setdefault(type(action).__name__, []).append((state, action))
    actions = sum(len(pairs) for pairs in by_kind.values())
    # The positions kept here are not garbage: leave them out of the collector's rounds, which
    # would otherwise walk all of them again and again (a play loop keeps none).
    gc.collect()
    gc.freeze()
    length = actions / games
    print(f"breakdown: {games} four-player classic random games, {length:.1f} actions each")
    print("  action   per game   legal    act  apply  (us, each the best of 7 rounds)   us/game")
    setup_time = _best(setup) / games
    total = setup_time
    for kind, pairs in sorted(by_kind.items(), key=lambda item: -len(item[1])):
        bot = RandomAgent(1)
        legal = [state.legal_actions() for state, _ in pairs]

        def list_legal(pairs: list[tuple[GameState, Action]] = pairs) -> None:
            for state, _ in pairs:
                LEGAL_ACTIONS[state.phase](state, state.current_player)

        def choose(legal: list[LegalActions] = legal, bot: RandomAgent = bot) -> None:
            for actions in legal:
                bot.act(None, actions)

        def apply(pairs: list[tuple[GameState, Action]] = pairs) -> None:
            for state, action in pairs:
                state.apply(action)

        costs = [_best(work) for work in (list_legal, choose, apply)]
        per_game = sum(costs) / games
        total += per_game
        legal_us, act_us, apply_us = (1e6 * cost / len(pairs) for cost in costs)
        print(
            f"  {kind:8s} {len(pairs) / games:8.1f} {legal_us:7.2f} {act_us:6.2f} {apply_us:6.2f}"
            f"   {1e6 * per_game:36.0f}"
        )
    gc.unfreeze()
    print(f"  setup (new_game and four bots){1e6 * setup_time:44.0f}")
    print(
        f"  sum {1e6 * total:.0f} us/game; play() {1e6 * whole / games:.0f} us/game "
        f"({1e6 * whole / actions:.2f} us/action): the rest is the loop and first visits"
    )


def _bot_rate(bot: str, players: int, edition: str, variants: tuple[str, ...], games: int) -> str:
    from kuhtheory.agents import make_agent
    from kuhtheory.agents.play import agent_seed, play

    actions = 0
    cpu = time.process_time()
    for seed in range(games):
        bots = [make_agent(bot, agent_seed(seed, k)) for k in range(players)]
        actions += play(new_game(players, seed, edition, variants), bots).history_length
    cpu = time.process_time() - cpu
    return (
        f"{bot:9s} {games / cpu:8.1f} games/s CPU  {actions / games:6.1f} actions/game  "
        f"{1e6 * cpu / actions:6.1f} us/action"
    )


def _bots(games: int) -> None:
    slow = max(games // 4, 1)
    print(f"bots: games/s on one core (CPU time), {games} random / {slow} heuristic games a line")
    for players in (3, 4, 5):
        for bot, n in (("random", games), ("heuristic", slow)):
            print(f"  classic {players} players  {_bot_rate(bot, players, 'classic', (), n)}")
    combos = [(k, ()) for k in ("2025", "first", "bluff")] + [
        (v.editions[0], (key,)) for key, v in VARIANTS.items()
    ]
    for edition, variants in combos:
        name = get_edition(edition, variants).name
        for bot, n in (("random", games), ("heuristic", slow)):
            print(f"  {name:18s} 4 players  {_bot_rate(bot, 4, edition, variants, n)}")


def _robustness(games: int) -> None:
    combos = [(k, ()) for k in ("classic", "2025", "first", "bluff")] + [
        (v.editions[0], (key,)) for key, v in VARIANTS.items()
    ]
    print(f"robustness: {games} random games per edition and variant, 3-5 players")
    for edition, variants in combos:
        ed = get_edition(edition, variants)
        rng = random.Random(2024)
        actions = repeated = 0
        start = time.perf_counter()
        for k in range(games):
            players = 3 + k % 3
            seed = rng.randrange(2**32)
            end = random_playout(new_game(players, seed, edition, variants), seed)
            actions += end.history_length
            owners = [end.family_owner(a) for a in ANIMALS]
            money = list(end.bank)
            for p in range(players):
                for i, c in enumerate(end.money_counts(p)):
                    money[i] += c
            repeated += end.ended_by_repetition  # K-HOUSE-1: families may stay open
            complete = end.ended_by_repetition or None not in owners
            if not end.is_terminal or not complete or tuple(money) != ed.money_deck:
                print(f"  FAILED {ed.name} seed={seed} players={players}")
                sys.exit(1)
        dt = time.perf_counter() - start
        print(
            f"  {ed.name:22s} {games} games ended ({repeated} by K-HOUSE-1)   "
            f"{games / dt:7.1f} games/s   {actions / games:7.1f} actions/game"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--throughput-games", type=int, default=1000)
    parser.add_argument("--bot-games", type=int, default=200)
    parser.add_argument("--breakdown", type=int, default=0, metavar="N")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(_throughput, min(args.throughput_games, 100))
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    if args.throughput_games > 0:
        _throughput(args.throughput_games)
    if args.breakdown > 0:
        _breakdown(args.breakdown)
    if args.bot_games > 0:
        _bots(args.bot_games)
    if args.games > 0:
        _robustness(args.games)


if __name__ == "__main__":
    main()
