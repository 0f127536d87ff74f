"""Playing a game with agents: :func:`moves`, :func:`play`, :func:`agent_seed` and
:func:`game_summary`.

:func:`moves` is the one play loop of the package: it yields every move, so that a caller who
measures a game (:mod:`kuhtheory.analysis`), counts its actions (:mod:`kuhtheory.tournament`) or
only wants its end (:func:`play`) plays it the same way. It is generic over the games of the
collection: it needs a state with ``current_player``,
``legal_actions()``, ``observation(p)`` and ``apply``; the agents follow
:class:`kuhtheory.game.Agent`. An agent whose class sets ``uses_observation = False`` (the random
bot) is handed ``None`` instead of an observation, which saves building one per move.

>>> from kuhtheory.engine import new_game
>>> from kuhtheory.agents import make_agent
>>> bots = [make_agent("random", agent_seed(9, seat)) for seat in range(3)]
>>> end = play(new_game(players=3, seed=9), bots)
>>> end.is_terminal
True
>>> game_summary(end)["players"]
3
"""

from __future__ import annotations

import importlib
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any, Final

from kuhtheory.errors import InvalidSetupError
from kuhtheory.game import Agent, GameStateProtocol

#: A game that has not ended after this many actions is stopped with an error (a bot that loops).
MAX_ACTIONS: Final = 50_000


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``: ``game_seed * 100 + seat``.

    Each seat's bot draws from its own stream, fixed by the game's seed, so a game is reproducible
    from its seed and its bots' names alone.
    """
    return game_seed * 100 + seat


def moves(
    state: GameStateProtocol, agents: Sequence[Agent], *, max_actions: int = MAX_ACTIONS
) -> Iterator[tuple[Any, Any, Any]]:
    """Let ``agents`` (one per seat) play from ``state``: yields ``(state, action, next state)``
    for every move, until the game is over or ``max_actions`` moves were played."""
    if len(agents) != state.players:
        raise InvalidSetupError(
            f"{len(agents)} agents {[a.name for a in agents]!r} for {state.players} seats"
        )
    if isinstance(max_actions, bool) or not isinstance(max_actions, int) or max_actions < 1:
        raise InvalidSetupError(f"max_actions={max_actions!r} must be a whole number >= 1")
    wants = [getattr(a, "uses_observation", True) for a in agents]
    for _ in range(max_actions):
        p = state.current_player
        if p is None:  # nobody to act: the game is over
            return
        obs = state.observation(p) if wants[p] else None
        action = agents[p].act(obs, state.legal_actions())
        after = state.apply(action)
        yield state, action, after
        state = after


def play(
    state: GameStateProtocol,
    agents: Sequence[Agent],
    *,
    max_actions: int = MAX_ACTIONS,
    stop_at_limit: bool = False,
) -> Any:
    """Let ``agents`` (one per seat) play ``state`` to the end; returns the final state.

    A game that has not ended after ``max_actions`` moves raises :class:`InvalidSetupError`, or
    with ``stop_at_limit`` is returned as it stands (``is_terminal`` False): the runs of many
    games record it as unfinished and go on.
    """
    # Only the last move matters here: a deque of length 1 runs the loop and keeps it.
    last = deque(moves(state, agents, max_actions=max_actions), maxlen=1)
    end = last[0][2] if last else state
    if end.current_player is not None and not stop_at_limit:
        raise InvalidSetupError(
            f"no end after {max_actions} actions with agents {[a.name for a in agents]!r}"
        )
    return end


def game_summary(state: Any) -> dict[str, Any]:
    """JSON-ready figures of a game (the ``simulate --json`` entries, without the bots).

    Kuhhandel: ``seed, edition, variants, players, finished, turns, actions, winner`` (the seat,
    or None when shared), ``winners, scores, families`` (each player's complete species),
    ``bonus`` (the dove holder or None) and ``money`` (each player's final money total). Other
    games give the common fields and their own ``details``. A game stopped unfinished
    (``finished`` False) has no winners; its scores count the families completed so far.
    """
    finished = bool(state.is_terminal)
    winners = list(state.winners()) if finished else []
    out: dict[str, Any] = {
        "seed": state.seed,
        "edition": None,
        "variants": [],
        "players": state.players,
        "finished": finished,
        "turns": getattr(state, "turn", None),
        "actions": len(state.history),
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "scores": list(state.scores()),
    }
    edition = getattr(state, "edition", None)
    if edition is not None and hasattr(state, "families"):
        out["edition"] = edition.key
        out["variants"] = list(edition.variants)
        out["families"] = [
            [a.name.lower() for a in state.families(p)] for p in range(state.players)
        ]
        out["bonus"] = state.dove_holder
        out["money"] = [state.money_total(p) for p in range(state.players)]
    else:
        from kuhtheory.record import game_of

        module = importlib.import_module(game_of(state).new_game.__module__.rsplit(".", 1)[0])
        details = getattr(module, "summary", None)
        if details is not None:
            out["details"] = details(state)
    return out
