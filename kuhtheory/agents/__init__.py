"""Bots for Kuhhandel: small players that follow :class:`kuhtheory.game.Agent`.

An agent has a ``name`` and ``act(observation, legal_actions) -> action``: it sees only its
:class:`~kuhtheory.engine.Observation` (never the hidden state) and returns one of the legal
actions. Agents are deterministic given the seed they are built with.

* ``random`` (:class:`RandomAgent`): uniform over the legal actions with sane bid sizes;
* ``heuristic`` (:class:`HeuristicAgent`): values animals by the families it can still complete,
  bids below that value, preempts when cheap, trades when it expects to win and keep the card;
  once the deck is empty it lays what is sure to win and no more, so its games end.

The Kuhhandel bots share their routing by phase, payment and bidding
(:class:`kuhtheory.agents.base.KuhhandelBot`).

More bots register themselves with :func:`register_agent`; a bot module listed in
``_PLUGINS`` (the equilibrium bot) is imported the first time its name is asked for.

The bots of the other games of the collection are reached the same way, by the game's name:
``make_agent("greedy", seed, game="schnaeppchen")`` and ``agent_names("schnaeppchen")`` (the games
know nothing of their bots; this package holds the list).

>>> AGENT_NAMES[:2]
('random', 'heuristic')
>>> agent_names("schnaeppchen")
('random', 'greedy')
>>> make_agent("heuristic", seed=3).name
'heuristic'
>>> make_agent("clever", seed=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kuhtheory.errors.InvalidSetupError: unknown agent 'clever': choose one of random, heuristic...
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable

from kuhtheory.agents.heuristic import HeuristicAgent
from kuhtheory.agents.random import RandomAgent
from kuhtheory.errors import InvalidSetupError
from kuhtheory.game import Agent, get_game

AgentFactory = Callable[[int], Agent]

_FACTORIES: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
}

#: Bots written elsewhere in the package: name -> module. The module is imported when the name is
#: first asked for and must define ``make(seed: int) -> Agent``.
_PLUGINS: dict[str, str] = {
    "equilibrium": "kuhtheory.agents.equilibrium",
}


def _plugin_names() -> tuple[str, ...]:
    out = []
    for name, module in _PLUGINS.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if found:
            out.append(name)
    return tuple(out)


#: The bots ``make_agent`` builds (the CLI's ``--bots`` names).
AGENT_NAMES: tuple[str, ...] = (*_FACTORIES, *_plugin_names())


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make ``factory(seed)`` available as ``make_agent(name, seed)`` (for this session)."""
    global AGENT_NAMES
    key = str(name).strip().lower()
    if not key or "," in key:
        raise InvalidSetupError(f"agent name {name!r} must be a non-empty word without commas")
    _FACTORIES[key] = factory
    if key not in AGENT_NAMES:
        AGENT_NAMES = (*AGENT_NAMES, key)


def agent_names(game: str = "kuhhandel") -> tuple[str, ...]:
    """The bots :func:`make_agent` builds for ``game`` (a :func:`kuhtheory.game.get_game` name)."""
    if _game_key(game) == "schnaeppchen":
        from kuhtheory.games.schnaeppchen import agents as schnaeppchen_agents

        return schnaeppchen_agents.AGENT_NAMES
    return AGENT_NAMES


def make_agent(name: str, seed: int = 0, game: str = "kuhhandel") -> Agent:
    """A new bot ``name`` (one of :func:`agent_names` of ``game``) whose choices are fixed by
    ``seed``."""
    if _game_key(game) == "schnaeppchen":
        from kuhtheory.games.schnaeppchen import agents as schnaeppchen_agents

        return schnaeppchen_agents.make_agent(name, seed)
    key = str(name).strip().lower()
    factory = _FACTORIES.get(key)
    if factory is None and key in _PLUGINS and key in AGENT_NAMES:
        module = importlib.import_module(_PLUGINS[key])
        factory = module.make
        _FACTORIES[key] = factory
    if factory is None:
        raise InvalidSetupError(f"unknown agent {name!r}: choose one of {', '.join(AGENT_NAMES)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidSetupError(f"agent seed {seed!r} must be a whole number")
    return factory(seed)


def _game_key(game: str) -> str:
    """``game``'s name in :func:`kuhtheory.game.game_names`; an unknown one raises."""
    return get_game(game).name


__all__ = [
    "AGENT_NAMES",
    "HeuristicAgent",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "register_agent",
]
