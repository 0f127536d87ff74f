"""Schnäppchen Jagd (Uwe Rosenberg, Queen 1998): the second game of the collection.

A trick-taking game for 3 or 4 players with a trump declared anew in each trick, a value each
player collects (bargains, +1 each) and everything else he wins as junk (-1 each), which he may
later convert into bargains at a discard cost (RULES.md, clauses ``S-*``; the French source text is
``sources/schnaeppchen-jagd-fr.txt``).

Modules: :mod:`.cards` (cards, the deck), :mod:`.actions` (actions and JSON), :mod:`.tricks` (one
trick as pure functions), :mod:`.state` (the immutable state, observations, setup),
:mod:`.rules` (legal actions and their effect; the readings chosen where the rules are silent),
:mod:`.events` (the public log), :mod:`.agents` (random and greedy bots), :mod:`.analysis`
(simulations returning plain data).

``GAME`` is the :class:`kuhtheory.game.GameSpec` that records, agents and the command line use.

>>> from kuhtheory.game import get_game
>>> spec = get_game("schnaeppchen")
>>> state = spec.new_game(players=3, seed=5, **spec.setup_of(spec.new_game(players=3, seed=5)))
>>> agents = [make_agent("greedy", seat) for seat in range(3)]
>>> while not state.is_terminal:
...     seat = state.current_player
...     state = state.apply(agents[seat].act(state.observation(seat), state.legal_actions()))
>>> sum(state.all_cards().values())
110
>>> summary(state)["players"][0].keys()
dict_keys(['seat', 'score', 'bargain', 'junk', 'collecting', 'super_offers'])
"""

from __future__ import annotations

from typing import Any

from kuhtheory.errors import InvalidActionError
from kuhtheory.game import GameSpec
from kuhtheory.games.schnaeppchen.actions import (
    Action,
    Convert,
    DiscardJunk,
    KeepJunk,
    PlayCard,
    Reveal,
    action_from_json,
    action_to_json,
)
from kuhtheory.games.schnaeppchen.agents import GreedyAgent, RandomAgent, make_agent
from kuhtheory.games.schnaeppchen.cards import SUPER_OFFER, Card, Colour, full_deck
from kuhtheory.games.schnaeppchen.state import (
    Observation,
    Phase,
    SchnaeppchenState,
    new_game,
    position,
    setup_of,
)
from kuhtheory.games.schnaeppchen.tricks import Play, trick_winner


def summary(state: Any) -> dict[str, Any]:
    """JSON-ready per-player figures of a (usually finished) game, for ``simulate`` and notebooks.

    ``bargain`` and ``junk`` are pile sizes, ``score`` their difference (S-END-1), ``collecting``
    the value on top of the bargain pile, ``super_offers`` the super offers in the junk pile.
    """
    if not isinstance(state, SchnaeppchenState):
        raise InvalidActionError(f"{type(state).__name__} is not a Schnäppchen Jagd state")
    scores = state.scores()
    return {
        "game": "schnaeppchen",
        "round": state.round,
        "over": state.is_terminal,
        "winners": list(state.winners()),
        "players": [
            {
                "seat": seat,
                "score": scores[seat],
                "bargain": len(state.bargain[seat]),
                "junk": len(state.junk[seat]),
                "collecting": state.collecting(seat),
                "super_offers": sum(1 for c in state.junk[seat] if c.is_super),
            }
            for seat in range(state.players)
        ],
    }


GAME = GameSpec(
    name="schnaeppchen",
    title="Schnäppchen Jagd",
    new_game=new_game,
    setup_of=setup_of,
    action_to_json=action_to_json,  # type: ignore[arg-type]
    action_from_json=action_from_json,
)

__all__ = [
    "GAME",
    "SUPER_OFFER",
    "Action",
    "Card",
    "Colour",
    "Convert",
    "DiscardJunk",
    "GreedyAgent",
    "KeepJunk",
    "Observation",
    "Phase",
    "Play",
    "PlayCard",
    "RandomAgent",
    "Reveal",
    "SchnaeppchenState",
    "action_from_json",
    "action_to_json",
    "full_deck",
    "make_agent",
    "new_game",
    "position",
    "setup_of",
    "summary",
    "trick_winner",
]
