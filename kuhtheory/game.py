"""What every game in the collection offers to records, agents, tournaments and the command line.

Two games live in kuhtheory: Kuhhandel (:mod:`kuhtheory.engine`) and Schnäppchen Jagd
(:mod:`kuhtheory.games.schnaeppchen`). Both expose a :class:`GameSpec` named ``GAME`` and immutable
states that satisfy :class:`GameStateProtocol`, so that records (:mod:`kuhtheory.record`), agents
(:mod:`kuhtheory.agents`) and the command line handle any of them the same way.

Chance is drawn once, from the explicit ``seed`` given to ``new_game``: a game is its setup plus its
actions, and replaying the actions from the same setup gives the same state.

>>> get_game("kuhhandel").name
'kuhhandel'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from kuhtheory.errors import UnknownEditionError


@runtime_checkable
class GameStateProtocol(Protocol):
    """An immutable game state: every method returns a new state or a value, never mutates."""

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the game is over."""

    @property
    def is_terminal(self) -> bool: ...

    @property
    def history(self) -> tuple[Any, ...]:
        """The actions applied since the start, in order."""

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> GameStateProtocol:
        """The next state; raises IllegalActionError or InvalidActionError, self unchanged."""

    def observation(self, player: int) -> Any:
        """What ``player`` knows: everything public, his own hidden cards, others' card counts."""

    def scores(self) -> tuple[float, ...]: ...

    def winners(self) -> tuple[int, ...]: ...


@runtime_checkable
class Agent(Protocol):
    """A player: given what it observes and the legal actions, it returns one of those actions.

    Agents are deterministic given the seed they were built with.
    """

    name: str

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any: ...


@dataclass(frozen=True)
class GameSpec:
    """One game of the collection, as records and the command line see it: its rules only.

    The bots that play it are above the games (:func:`kuhtheory.agents.make_agent` with ``game=``).
    """

    name: str
    title: str
    #: ``new_game(players=..., seed=..., **setup)`` builds the start state.
    new_game: Callable[..., GameStateProtocol]
    #: The keyword arguments (JSON-ready) that rebuild a state's start with ``new_game``.
    setup_of: Callable[[Any], dict[str, Any]]
    action_to_json: Callable[[Any], dict[str, Any]]
    action_from_json: Callable[[object], Any]


_BUILTIN: Mapping[str, str] = {
    "kuhhandel": "kuhtheory.engine",
    "schnaeppchen": "kuhtheory.games.schnaeppchen",
}


def game_names() -> tuple[str, ...]:
    """The games of the collection."""
    return tuple(_BUILTIN)


def get_game(name: str) -> GameSpec:
    """The :class:`GameSpec` of a game by name (its module defines ``GAME``)."""
    key = str(name).strip().lower()
    if key not in _BUILTIN:
        raise UnknownEditionError(f"unknown game {name!r}: choose one of {', '.join(_BUILTIN)}")
    spec = importlib.import_module(_BUILTIN[key]).GAME
    assert isinstance(spec, GameSpec)
    return spec
