"""Simulations of Schnäppchen Jagd that return plain data (lists, dicts, numbers) for notebooks.

* :func:`play_game`: one game between given agents;
* :func:`simulate`: many games, per-seat mean scores, win shares, pile sizes;
* :func:`policy_experiment`: one seat (rotating round the table) plays a variant of the greedy bot
  against plain greedy bots, on the same deals for every variant (common random numbers), so
  differences come from the policy, not the cards: ``knob="reveal"`` asks how much the preliminary
  choice of value matters (S-PRE-1), ``knob="trump"`` whether declaring a colour trump pays
  (S-TRICK-2);
* :func:`declaration_log` / :func:`declaration_table`: every time a player could choose to declare
  a colour trump, what he chose and what the trick brought him;
* :func:`option_values`: in one position, what each legal action is worth to the player to act,
  by playing the game out from worlds consistent with what he sees (opponents' hands and the
  undealt cards reshuffled, future deals re-seeded), the same worlds for every action.

>>> result = simulate(players=3, games=2, agents=("greedy", "random", "random"), seed=1)
>>> result["games"], len(result["scores"]), len(result["mean_score"])
(2, 2, 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from kuhtheory.errors import InvalidActionError
from kuhtheory.game import Agent
from kuhtheory.games.schnaeppchen.actions import PlayCard, action_to_json
from kuhtheory.games.schnaeppchen.agents import (
    REVEAL_POLICIES,
    TRUMP_POLICIES,
    GreedyAgent,
    make_agent,
)
from kuhtheory.games.schnaeppchen.cards import sort_cards
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


def sample_world(state: SchnaeppchenState, player: int, rng: random.Random) -> SchnaeppchenState:
    """A state ``player`` cannot tell from ``state``: the cards he cannot see (opponents' hands and
    the pool) dealt again at random with the same hand sizes, and a new seed for future deals.

    Opponents' junk piles stay: a player who remembers the tricks knows them.
    """
    hidden = [c for seat, hand in enumerate(state.hands) if seat != player for c in hand]
    hidden += state.pool
    rng.shuffle(hidden)
    hands = list(state.hands)
    at = 0
    for seat in range(state.players):
        if seat != player:
            size = len(state.hands[seat])
            hands[seat] = sort_cards(hidden[at : at + size])
            at += size
    return replace(
        state, hands=tuple(hands), pool=sort_cards(hidden[at:]), seed=rng.randrange(2**31)
    )


def option_values(
    state: SchnaeppchenState,
    samples: int = 20,
    seed: int = 0,
    agents: Sequence[AgentSpec] | None = None,
) -> list[dict[str, Any]]:
    """What each legal action of the player to act is worth, by play-outs (plain data).

    For each of ``samples`` worlds (:func:`sample_world`), every legal action is applied and the
    game played to the end by ``agents`` (default greedy bots). Per action: ``action`` (JSON),
    ``text`` (its repr), ``mean_score`` (the player's final score), ``mean_margin`` (his score minus
    the best other score) and ``stderr`` of the score.

    The last trick of a game: seat 2 collects 5s and, void in green, can take the green 5 by
    declaring red trump; the new junk (green 6, red 9) is then thrown away in the final sort
    (S-SORT-2), so trump is worth 2 points, not trump 1:

    >>> from kuhtheory.games.schnaeppchen.state import position
    >>> last = position([["G5"], ["G6"], ["R9"]], [["P1"], ["P2"], ["B5"]], round=6)
    >>> last = last.apply(last.legal_actions()[0])
    >>> last = last.apply(last.legal_actions()[0])
    >>> [(row["action"]["declare_trump"], row["mean_score"]) for row in option_values(last, 1)]
    [(False, 1.0), (True, 2.0)]
    """
    player = state.current_player
    if player is None:
        raise InvalidActionError("option_values: the game is over, nobody is to act")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise InvalidActionError(f"samples={samples!r} must be a positive whole number")
    specs: Sequence[AgentSpec] = agents if agents is not None else ("greedy",) * state.players
    if len(specs) != state.players:
        raise InvalidActionError(f"agents={specs!r}: need one per seat ({state.players})")
    rng = random.Random(seed)
    options = state.legal_actions()
    scores: list[list[float]] = [[] for _ in options]
    margins: list[list[float]] = [[] for _ in options]
    for k in range(samples):
        world = sample_world(state, player, rng)
        for i, action in enumerate(options):
            bots = [_build(spec, seed * 7919 + k * 16 + j) for j, spec in enumerate(specs)]
            end = world.apply(action)
            while not end.is_terminal:
                seat = end.current_player
                assert seat is not None
                end = end.apply(bots[seat].act(end.observation(seat), end.legal_actions()))
            final = end.scores()
            scores[i].append(final[player])
            margins[i].append(final[player] - max(s for j, s in enumerate(final) if j != player))
    rows = []
    for i, action in enumerate(options):
        mean, se = _mean_se(scores[i])
        rows.append(
            {
                "action": action_to_json(action),
                "text": repr(action),
                "mean_score": mean,
                "mean_margin": sum(margins[i]) / samples,
                "stderr": se,
            }
        )
    return rows
