"""The Kuhhandel engine: immutable game states, legal actions, observations and scores.

>>> from kuhtheory.engine import new_game, Auction
>>> s = new_game(players=4, seed=1, edition="classic", first_player=0)
>>> s2 = s.apply(Auction(player=0))
>>> s2.phase.name, s.phase.name          # s is unchanged
('BIDDING', 'TURN')

Modules: :mod:`~kuhtheory.engine.state` (the state, views, scores),
:mod:`~kuhtheory.engine.setup` (``new_game``, ``setup_position``),
:mod:`~kuhtheory.engine.rules` (the turn flow, the modelling decisions, legal actions, dispatch),
:mod:`~kuhtheory.engine.auction` and :mod:`~kuhtheory.engine.trade` (the transitions),
:mod:`~kuhtheory.engine.flow` (shared primitives: money, herds, donkeys, turns),
:mod:`~kuhtheory.engine.legal` (the compact legal-action list), :mod:`~kuhtheory.engine.bank`
(donkey payouts from a bank that may run short), :mod:`~kuhtheory.engine.events` (the public log),
:mod:`~kuhtheory.engine.observation` (what one player knows), :mod:`~kuhtheory.engine.playout`
(random play), :mod:`~kuhtheory.engine.actions` (the action types and their JSON form).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from kuhtheory.engine.actions import (
    ACTION_TYPES,
    Accept,
    Action,
    Auction,
    Bid,
    BuyBack,
    Counter,
    Offer,
    Pass,
    Pay,
    Preempt,
    Sell,
    Trade,
    action_from_json,
    action_to_json,
)
from kuhtheory.engine.events import Event
from kuhtheory.engine.legal import LegalActions
from kuhtheory.engine.observation import Observation
from kuhtheory.engine.playout import random_action, random_playout
from kuhtheory.engine.setup import new_game, setup_position
from kuhtheory.engine.state import (
    AuctionView,
    GameState,
    Phase,
    TradeView,
    family_score,
)
from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.game import Agent, GameSpec

__all__ = [
    "ACTION_TYPES",
    "Accept",
    "Action",
    "Auction",
    "AuctionView",
    "Bid",
    "BuyBack",
    "Counter",
    "Event",
    "GAME",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "LegalActions",
    "Observation",
    "Offer",
    "Pass",
    "Pay",
    "Phase",
    "Preempt",
    "Sell",
    "Trade",
    "TradeView",
    "action_from_json",
    "action_to_json",
    "family_score",
    "new_game",
    "random_action",
    "random_playout",
    "setup_of",
    "setup_position",
]


def setup_of(state: GameState) -> dict[str, Any]:
    """The JSON-ready keyword arguments of :func:`new_game` that rebuild ``state``'s start.

    >>> setup_of(new_game(players=3, seed=5, edition="2025+no-kidding", first_player=2))
    {'players': 3, 'seed': 5, 'edition': '2025', 'variants': ['no-kidding'], 'first_player': 2}
    """
    return {
        "players": state.players,
        "seed": state.seed,
        "edition": state.edition.key,
        "variants": list(state.edition.variants),
        "first_player": state.first_player,
    }


def _make_agent(name: str, seed: int) -> Agent:
    from kuhtheory.agents import make_agent  # lazy: the engine does not depend on the agents

    return make_agent(name, seed)  # type: ignore[no-any-return]


class _AgentNames(Sequence[str]):
    """``kuhtheory.agents.AGENT_NAMES``, read the first time it is used (a lazy tuple)."""

    def _names(self) -> tuple[str, ...]:
        from kuhtheory.agents import AGENT_NAMES

        return tuple(AGENT_NAMES)

    def __len__(self) -> int:
        return len(self._names())

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._names()[index]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __eq__(self, other: object) -> bool:
        return tuple(self) == (tuple(other) if isinstance(other, Sequence) else other)

    def __hash__(self) -> int:
        return hash(self._names())

    def __repr__(self) -> str:
        return repr(self._names())


GAME = GameSpec(
    name="kuhhandel",
    title="Kuhhandel (You're Bluffing!)",
    new_game=new_game,
    setup_of=setup_of,  # type: ignore[arg-type]
    action_to_json=action_to_json,
    action_from_json=action_from_json,
    make_agent=_make_agent,
    agent_names=_AgentNames(),  # type: ignore[arg-type]
)
