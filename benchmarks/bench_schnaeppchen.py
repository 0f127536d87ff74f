"""Benchmark: Schnäppchen Jagd games per second (figures only, never pass/fail on time).

Plays whole games (deal, preliminary reveals, every trick, the sorts, the final double sort) with
random bots and with greedy bots, for 3 and 4 players, through the public protocol
(``observation`` + ``legal_actions`` + ``apply``), and prints games/s and actions/s.
Run: ``.venv/bin/python benchmarks/bench_schnaeppchen.py`` (or ``make bench``).
"""

from __future__ import annotations

import time

from kuhtheory.games.schnaeppchen import make_agent
from kuhtheory.games.schnaeppchen.analysis import play_game

GAMES = 100


def bench(players: int, agent: str, games: int = GAMES) -> None:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        bots = [make_agent(agent, seed * 16 + seat) for seat in range(players)]
        actions += len(play_game(players, bots, seed).history)
    elapsed = time.perf_counter() - start
    print(
        f"{players} players, {agent:<6} bots: {games / elapsed:8.1f} games/s "
        f"{actions / elapsed:10.0f} actions/s  ({games} games, {actions / games:.0f} actions each)"
    )


def main() -> None:
    for players in (3, 4):
        for agent in ("random", "greedy"):
            bench(players, agent)


if __name__ == "__main__":
    main()
