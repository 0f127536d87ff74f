"""Interop figures (``make bench``): the PettingZoo environment against the bare engine, the
OpenSpiel game, trajectories, and a tournament on a local Dask cluster against local processes.

* **engine**: random play in the bare engine (the random bot and ``apply``), and the same with
  the acting player's observation built at every action, as an environment must;
* **PettingZoo**: ``env.last()`` (observation vector and mask) and ``env.step`` with a uniformly
  random legal code, over whole games; an engine action is one or more codes (money is laid card
  by card), so both codes/s and engine actions/s are given;
* **OpenSpiel**: ``python_kuhhandel`` played with uniformly random legal codes (``legal_actions``
  and ``apply_action``), and with every player's information-state string and observation tensor
  read at each step, as OpenSpiel's random simulation test does;
* **trajectories**: records of heuristic-bot games turned into trajectories;
* **Dask**: the time of one tournament game for three mixes of bots, then the same tournament on
  two local processes and on a local Dask cluster of two worker processes (the cluster's start-up
  is timed apart).

Never fails on time. ``python benchmarks/bench_interop.py [GAMES]`` (default 20).
"""

from __future__ import annotations

import logging
import sys
import time

import numpy as np

from kuhtheory.agents.random import RandomAgent
from kuhtheory.engine import new_game
from kuhtheory.interop.pettingzoo import raw_env
from kuhtheory.interop.trajectories import bot_trajectories
from kuhtheory.tournament import run_tournament

EDITIONS = ["classic", "2025", "bluff"]
PLAYERS = 4


def engine(edition: str, games: int, observe: bool) -> tuple[int, float]:
    """(actions, seconds) of ``games`` random games in the bare engine."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = new_game(PLAYERS, seed, edition)
        bot = RandomAgent(seed)
        while not state.is_terminal:
            if observe:
                state.observation(state.current_player)  # type: ignore[arg-type]
            state = state.apply(bot.act(None, state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def pettingzoo(edition: str, games: int) -> tuple[int, int, float]:
    """(codes, engine actions, seconds) of ``games`` games of uniformly random legal codes."""
    env = raw_env(edition=edition, players=PLAYERS)
    rng = np.random.default_rng(0)
    codes = actions = 0
    start = time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            codes += 1
        actions += env.game.state.history_length
    return codes, actions, time.perf_counter() - start


def openspiel(edition: str, games: int, read_everything: bool) -> tuple[int, float]:
    """(codes, seconds) of ``games`` games of ``python_kuhhandel`` with random legal codes."""
    import pyspiel

    import kuhtheory.interop.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_kuhhandel", {"edition": edition, "players": PLAYERS})
    rng = np.random.default_rng(0)
    codes = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state()
        state.apply_action(seed)  # the deal
        while not state.is_terminal():
            if read_everything:
                for p in range(PLAYERS):
                    state.information_state_string(p)
                    state.observation_tensor(p)
            state.apply_action(int(rng.choice(state.legal_actions())))
            codes += 1
    return codes, time.perf_counter() - start


def trajectories(games: int) -> tuple[int, int, float]:
    """(trajectories, steps, seconds) for heuristic-bot games (the games' play included)."""
    start = time.perf_counter()
    made = list(bot_trajectories(["heuristic"] * PLAYERS, games, seed=1))
    return len(made), sum(len(t["steps"]) for t in made), time.perf_counter() - start


def game_cost(games: int) -> None:
    """Milliseconds a four-player game takes on one core, for three mixes of bots."""
    for bots, n in (
        (["random"] * 4, games),
        (["heuristic"] * 4, games),
        (["equilibrium", "heuristic", "heuristic", "random"], max(2, games // 5)),
    ):
        start = time.perf_counter()
        run_tournament(bots, n, seed=1, jobs=1)
        ms = (time.perf_counter() - start) / n * 1000
        print(f"  {','.join(bots):38} {ms:7.0f} ms a game on one core ({n} games)")


def dask_against_processes(games: int) -> None:
    from distributed import LocalCluster

    from kuhtheory.interop.cluster import cluster_tournament

    bots = ["heuristic", "heuristic", "random", "random"]
    start = time.perf_counter()
    local = run_tournament(bots, games, seed=1, jobs=2)
    processes = time.perf_counter() - start
    start = time.perf_counter()
    cluster = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    up = time.perf_counter() - start
    try:
        start = time.perf_counter()
        on_cluster = cluster_tournament(cluster.scheduler_address, bots, games, seed=1)
        dask = time.perf_counter() - start
    finally:
        cluster.close()
    same = "same result" if on_cluster == local else "DIFFERENT RESULT"
    print(
        f"  {games} games heuristic x2, random x2: 2 local processes {processes:.1f} s "
        f"({games / processes:.1f} games/s); Dask, 2 worker processes {dask:.1f} s "
        f"({games / dask:.1f} games/s) after {up:.1f} s to start the cluster; {same}"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"PettingZoo environment against the bare engine ({PLAYERS} players, {games} games)")
    for edition in EDITIONS:
        bare, t_bare = engine(edition, games, observe=False)
        seen, t_seen = engine(edition, games, observe=True)
        codes, actions, t_env = pettingzoo(edition, games)
        print(
            f"  {edition:8} engine {bare / t_bare:8.0f} actions/s, with observations "
            f"{seen / t_seen:8.0f}; PettingZoo {codes / t_env:7.0f} steps/s "
            f"= {actions / t_env:6.0f} engine actions/s ({codes / actions:.2f} codes an action)"
        )
    sims = max(1, games // 10)
    print(f"OpenSpiel python_kuhhandel ({PLAYERS} players, {sims} games of random codes)")
    for edition in EDITIONS:
        codes, t_plain = openspiel(edition, sims, read_everything=False)
        codes_all, t_all = openspiel(edition, sims, read_everything=True)
        print(
            f"  {edition:8} {codes / t_plain:7.0f} steps/s; reading every player's "
            f"information state and observation tensor at each step {codes_all / t_all:6.0f}"
        )
    made, steps, t_traj = trajectories(sims)
    print(
        f"Trajectories: {made} heuristic games, {steps} steps, {t_traj:.1f} s "
        f"({steps / t_traj:.0f} steps/s, play included)"
    )
    print("The cost of a tournament game (the work a cluster shares out)")
    game_cost(games)
    print("Tournament on a local Dask cluster against local processes")
    dask_against_processes(max(8, games))


if __name__ == "__main__":
    main()
