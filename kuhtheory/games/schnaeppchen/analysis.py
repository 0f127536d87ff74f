"""Simulations of Schnäppchen Jagd that return plain data (lists, dicts, numbers) for notebooks.

* :func:`play_game`: one game between given agents;
* :func:`simulate`: many games, per-seat mean scores, win shares, pile sizes;
* :func:`policy_experiment`: one seat (rotating round the table) plays a variant of the greedy bot
  against plain greedy bots, on the same deals for every variant (common random numbers), so
  differences come from the policy, not the cards: ``knob="reveal"`` asks how much the preliminary
  choice of value matters (S-PRE-1), ``knob="trump"`` whether declaring a colour trump pays
  (S-TRICK-2);
* :func:`declaration_log` / :func:`declaration_table`: every time a player could choose to declare
  a colour trump, what he chose and what the trick brought him.

>>> result = simulate(players=3, games=2, agents=("greedy", "random", "random"), seed=1)
>>> result["games"], len(result["scores"]), len(result["mean_score"])
(2, 2, 3)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from kuhtheory.errors import InvalidActionError
from kuhtheory.game import Agent
from kuhtheory.games.schnaeppchen.actions import PlayCard
from kuhtheory.games.schnaeppchen.agents import (
    REVEAL_POLICIES,
    TRUMP_POLICIES,
    GreedyAgent,
    make_agent,
)
from kuhtheory.games.schnaeppchen.events import TrickWon
from kuhtheory.games.schnaeppchen.state import SchnaeppchenState, check_players, new_game

AgentSpec = str | Callable[[int], Agent]
Hook = Callable[[SchnaeppchenState, Any, SchnaeppchenState], None]


def _build(spec: AgentSpec, seed: int) -> Agent:
    return make_agent(spec, seed) if isinstance(spec, str) else spec(seed)


def _label(spec: AgentSpec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def play_game(
    players: int,
    agents: Sequence[Agent],
    seed: int,
    first_dealer: int | None = None,
    hook: Hook | None = None,
) -> SchnaeppchenState:
    """Play one game to the end; ``hook(before, action, after)`` sees every step."""
    if len(agents) != check_players(players):
        raise InvalidActionError(f"{len(agents)} agents for {players} players")
    state = new_game(players=players, seed=seed, first_dealer=first_dealer)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = agents[seat].act(state.observation(seat), state.legal_actions())
        after = state.apply(action)
        if hook is not None:
            hook(state, action, after)
        state = after
    return state


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def simulate(
    players: int = 3,
    games: int = 100,
    agents: Sequence[AgentSpec] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """``games`` games (seeds ``seed``, ``seed + 1``, ...) with one agent per seat.

    ``agents`` are names (``"greedy"``) or factories ``seed -> Agent``; default: greedy bots.
    Returns the per-game scores and, per seat, the mean score, its standard error, the win share
    (a shared win counts 1/k to each of k winners), the mean bargain and junk pile sizes.
    """
    check_players(players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidActionError(f"games={games!r} must be a positive whole number")
    specs: Sequence[AgentSpec] = agents if agents is not None else ("greedy",) * players
    if len(specs) != players:
        raise InvalidActionError(f"agents={specs!r}: need one per seat ({players})")
    scores: list[list[int]] = []
    wins = [0.0] * players
    bargain = [0] * players
    junk = [0] * players
    for g in range(games):
        game_seed = seed + g
        bots = [_build(spec, game_seed * 16 + i) for i, spec in enumerate(specs)]
        state = play_game(players, bots, game_seed)
        scores.append(list(state.scores()))
        for w in state.winners():
            wins[w] += 1 / len(state.winners())
        for i in range(players):
            bargain[i] += len(state.bargain[i])
            junk[i] += len(state.junk[i])
    per_seat = [_mean_se([s[i] for s in scores]) for i in range(players)]
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "agents": [_label(s) for s in specs],
        "scores": scores,
        "mean_score": [m for m, _ in per_seat],
        "stderr": [se for _, se in per_seat],
        "win_share": [w / games for w in wins],
        "mean_bargain": [b / games for b in bargain],
        "mean_junk": [j / games for j in junk],
    }


def policy_experiment(
    knob: str = "reveal",
    players: int = 3,
    games: int = 100,
    policies: Sequence[str] | None = None,
    seed: int = 0,
) -> dict[str, dict[str, float]]:
    """Mean score and win share of one greedy seat playing each policy of ``knob`` against greedy.

    The tested seat is ``g % players`` in game ``g``; every policy meets the same deals and the
    same opponents. ``knob`` is ``"reveal"`` (policies "most", "highest", "lowest", "random") or
    ``"trump"`` ("value", "never", "always").
    """
    check_players(players)
    if knob not in ("reveal", "trump"):
        raise InvalidActionError(f"knob={knob!r}: choose 'reveal' or 'trump'")
    allowed = REVEAL_POLICIES if knob == "reveal" else TRUMP_POLICIES
    chosen = tuple(policies) if policies is not None else allowed
    for policy in chosen:
        if policy not in allowed:
            raise InvalidActionError(f"policy {policy!r} for {knob}: choose from {allowed}")
    out: dict[str, dict[str, float]] = {}
    for policy in chosen:
        results: list[float] = []
        wins = 0.0
        for g in range(games):
            game_seed = seed + g
            tested = g % players
            bots: list[Agent] = [GreedyAgent(game_seed * 16 + i) for i in range(players)]
            variant = (
                GreedyAgent(game_seed * 16 + tested, reveal=policy)
                if knob == "reveal"
                else GreedyAgent(game_seed * 16 + tested, trump=policy)
            )
            bots[tested] = variant
            state = play_game(players, bots, game_seed)
            results.append(state.scores()[tested])
            if tested in state.winners():
                wins += 1 / len(state.winners())
        mean, se = _mean_se(results)
        out[policy] = {"mean_score": mean, "stderr": se, "win_share": wins / games}
    return out


def declaration_log(
    players: int = 3,
    games: int = 20,
    agents: Sequence[AgentSpec] | None = None,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """One record per card played where the player could choose trump or not (S-TRICK-2).

    Each record: ``value`` of the card, ``position`` in the trick (1 = second card), ``declared``
    (True: trump), ``won`` (the player took the trick), ``worth`` (bargains minus junk the trick
    brought him; 0 when he lost it), ``round``.

    >>> records = declaration_log(players=4, games=1, seed=2)
    >>> sorted(records[0])
    ['declared', 'position', 'round', 'value', 'won', 'worth']
    """
    check_players(players)
    specs: Sequence[AgentSpec] = agents if agents is not None else ("greedy",) * players
    records: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []

    def hook(before: SchnaeppchenState, action: Any, after: SchnaeppchenState) -> None:
        if not isinstance(action, PlayCard):
            return
        if action.declare_trump is not None:
            choices = {
                a.declare_trump
                for a in before.legal_actions()
                if isinstance(a, PlayCard) and a.card == action.card
            }
            if choices == {True, False}:
                pending.append(
                    {
                        "player": action.player,
                        "value": action.card.value,
                        "position": len(before.trick),
                        "declared": action.declare_trump,
                        "round": before.round,
                    }
                )
        if after.trick or not pending:
            return
        done = after.events[-1]  # the trick is complete: its TrickWon event is the last one
        assert isinstance(done, TrickWon)
        worth = len(done.bargains) - done.junk
        for record in pending:
            won = record.pop("player") == done.player
            records.append({**record, "won": won, "worth": worth if won else 0})
        pending.clear()

    for g in range(games):
        game_seed = seed + g
        bots = [_build(spec, game_seed * 16 + i) for i, spec in enumerate(specs)]
        play_game(players, bots, game_seed, hook=hook)
    return records


def declaration_table(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """:func:`declaration_log` records by (card value, declared): count, win rate, mean worth.

    >>> declaration_table([{"value": 9, "declared": True, "won": True, "worth": -2},
    ...                    {"value": 9, "declared": True, "won": False, "worth": 0}])
    [{'value': 9, 'declared': True, 'count': 2, 'win_rate': 0.5, 'mean_worth': -1.0}]
    """
    groups: dict[tuple[int, bool], list[dict[str, Any]]] = {}
    for record in records:
        groups.setdefault((record["value"], record["declared"]), []).append(record)
    return [
        {
            "value": value,
            "declared": declared,
            "count": len(rows),
            "win_rate": sum(r["won"] for r in rows) / len(rows),
            "mean_worth": sum(r["worth"] for r in rows) / len(rows),
        }
        for (value, declared), rows in sorted(groups.items())
    ]
