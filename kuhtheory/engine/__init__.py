"""The Kuhhandel engine: immutable game states, legal actions, observations and scores.

>>> from kuhtheory.engine import new_game, Auction
>>> s = new_game(players=4, seed=1, edition="classic", first_player=0)
>>> s2 = s.apply(Auction(player=0))
>>> s2.phase.name, s.phase.name          # s is unchanged
('BIDDING', 'TURN')

Modules, each importing only the ones listed after it:
:mod:`~kuhtheory.engine.setup` (``new_game``, ``setup_position``),
:mod:`~kuhtheory.engine.state` (the state, its views, scores),
:mod:`~kuhtheory.engine.observation` (what one player knows),
:mod:`~kuhtheory.engine.rules` (the turn flow, the modelling decisions, the dispatch of actions and
the lists of legal actions), :mod:`~kuhtheory.engine.auction` and :mod:`~kuhtheory.engine.trade`
(the rules of each action), :mod:`~kuhtheory.engine.flow` (shared primitives: money, herds,
donkeys, turns), :mod:`~kuhtheory.engine.bank` (donkey payouts from a bank that may run short),
:mod:`~kuhtheory.engine.legal` (the compact legal-action list), :mod:`~kuhtheory.engine.events`
(the public log), :mod:`~kuhtheory.engine.actions` (the action types and their JSON form),
:mod:`~kuhtheory.engine.phases` (the phases, and the running auction and trade as records and
views). The rule modules see :class:`GameState` only as a type: the state calls them, never the
other way round. The bots are not part of the engine (:mod:`kuhtheory.agents`).
"""

from __future__ import annotations

from typing import Any

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
from kuhtheory.engine.phases import AuctionView, Phase, TradeView
from kuhtheory.engine.setup import new_game, setup_position
from kuhtheory.engine.state import GameState, family_score
from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.game import GameSpec

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
    "setup_of",
    "setup_position",
]


def setup_of(state: Any) -> dict[str, Any]:
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


GAME = GameSpec(
    name="kuhhandel",
    title="Kuhhandel (You're Bluffing!)",
    new_game=new_game,
    setup_of=setup_of,
    action_to_json=action_to_json,
    action_from_json=action_from_json,
)
