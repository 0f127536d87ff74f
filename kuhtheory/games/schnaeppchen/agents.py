"""Bots for Schnäppchen Jagd: a random player and a greedy one.

Both follow :class:`kuhtheory.game.Agent`: ``act(observation, legal_actions)`` returns one of the
legal actions and depends only on what the player observes and on the bot's own seed.

The greedy bot looks one card ahead:

* preliminary (S-PRE-1): reveal the value it holds most of (ties: a value fewer others collect,
  then the higher value);
* tricks: for each legal card-and-declaration it asks "would I be winning the trick now?"; a
  trick is worth +1 per bargain, -1 per super offer and ``-junk_cost`` per other card, each card
  still to come counted as ``UNSEEN_SHARE`` of a junk card; a win counts with a rough chance of
  holding on (1 when it plays last or plays the first super offer, else the card's value / 10);
  losing options are ranked to shed high cards and keep its own bargains;
* sort (``S-SORT-*``): convert the biggest group it can, else throw the junk away if allowed,
  else keep.

Two knobs serve the analysis notebook: ``reveal`` ("most", "highest", "lowest", "random") and
``trump`` ("value": declare when it pays, "never", "always": declare trump whenever allowed).

>>> from kuhtheory.games.schnaeppchen.state import new_game
>>> state = new_game(players=3, seed=3)
>>> bot = make_agent("greedy", seed=1)
>>> action = bot.act(state.observation(state.current_player), state.legal_actions())
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from kuhtheory.errors import UnknownEditionError
from kuhtheory.games.schnaeppchen.actions import (
    Action,
    Convert,
    DiscardJunk,
    KeepJunk,
    PlayCard,
    Reveal,
)
from kuhtheory.games.schnaeppchen.cards import Card
from kuhtheory.games.schnaeppchen.state import Observation, Phase
from kuhtheory.games.schnaeppchen.tricks import Play, trick_winner

#: What the greedy bot charges for a junk card it wins: far less than its -1 at the end, because
#: junk of one value converts into bargains later (S-SORT-1). Tuned by self-play (one seat
#: varying, 90 games, 3 and 4 players): charging 1.0 lost about 3 points a game to bots charging
#: 0 to -0.25, and values between 0.25 and -0.5 scored alike.
JUNK_COST = 0.1
#: Each card still to come into a trick is counted as this share of a junk card's cost.
UNSEEN_SHARE = 0.8

REVEAL_POLICIES = ("most", "highest", "lowest", "random")
TRUMP_POLICIES = ("value", "never", "always")


class RandomAgent:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        return self._rng.choice(list(legal_actions))

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


class GreedyAgent:
    """One-card look-ahead heuristic (see the module docstring)."""

    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        reveal: str = "most",
        trump: str = "value",
        junk_cost: float = JUNK_COST,
    ) -> None:
        if reveal not in REVEAL_POLICIES:
            raise UnknownEditionError(
                f"reveal={reveal!r}: choose one of {', '.join(REVEAL_POLICIES)}"
            )
        if trump not in TRUMP_POLICIES:
            raise UnknownEditionError(f"trump={trump!r}: choose one of {', '.join(TRUMP_POLICIES)}")
        self.seed, self.reveal, self.trump = seed, reveal, trump
        self.junk_cost = float(junk_cost)
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return (
            f"GreedyAgent(seed={self.seed!r}, reveal={self.reveal!r}, trump={self.trump!r}, "
            f"junk_cost={self.junk_cost!r})"
        )

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        actions = list(legal_actions)
        if len(actions) == 1:
            return actions[0]
        if observation.phase is Phase.PRELIMINARY:
            return self._reveal(observation, [a for a in actions if isinstance(a, Reveal)])
        if observation.phase is Phase.TRICKS:
            return self._play(observation, [a for a in actions if isinstance(a, PlayCard)])
        return self._sort(observation, actions)

    # -- S-PRE-1 ---------------------------------------------------------------------------

    def _reveal(self, obs: Observation, actions: list[Reveal]) -> Reveal:
        values = sorted({a.card.value for a in actions})
        if self.reveal == "random":
            value = self._rng.choice(values)
        elif self.reveal == "highest":
            value = values[-1]
        elif self.reveal == "lowest":
            value = values[0]
        else:
            held = Counter(c.value for c in obs.hand if not c.is_super)
            taken = Counter(v for v in obs.collecting if v is not None)
            value = max(values, key=lambda v: (held[v], -taken[v], v))
        colours = Counter(c.colour for c in obs.hand)
        # Reveal the copy from the shortest colour: a void sooner frees the declarations.
        return min(
            (a for a in actions if a.card.value == value), key=lambda a: colours[a.card.colour]
        )

    # -- S-TRICK-* -------------------------------------------------------------------------

    def _play(self, obs: Observation, actions: list[PlayCard]) -> PlayCard:
        if self.trump == "never" and any(a.declare_trump is False for a in actions):
            actions = [a for a in actions if a.declare_trump is not True]
        elif self.trump == "always" and any(a.declare_trump is True for a in actions):
            actions = [a for a in actions if a.declare_trump is not False]
        mine = obs.collecting[obs.player]
        return max(actions, key=lambda a: self._worth(obs, a, mine))

    def _worth(self, obs: Observation, action: PlayCard, mine: int | None) -> tuple[float, float]:
        play = Play(action.player, action.card, action.declare_trump, action.equal_higher)
        trick = (*obs.trick, play)
        still_to_play = obs.players - len(trick)
        card = action.card
        is_mine = not card.is_super and card.value == mine
        if trick[trick_winner(trick)].player == obs.player:
            gain = sum(self._card_worth(obs, p.card, mine) for p in trick)
            expected = gain - self.junk_cost * UNSEEN_SHARE * still_to_play
            first_super = card.is_super and not any(p.card.is_super for p in obs.trick)
            if still_to_play == 0 or first_super:
                hold = 1.0
            else:
                hold = max(card.value, 1) / 10
            # Among equal worths, win with the lowest card (keep the strong ones).
            return (hold * expected, -card.value)
        # Losing: shed high cards, keep own bargains for tricks we win, dump a beaten super offer.
        return (0.0, (card.value if not card.is_super else 10) - (10 if is_mine else 0))

    def _card_worth(self, obs: Observation, card: Card, mine: int | None) -> float:
        """+1 for a bargain, -1 for a super offer, ``-junk_cost`` for other junk (S-TRICK-6)."""
        if card.is_super:
            return -1.0
        return 1.0 if card.value == mine else -self.junk_cost

    # -- S-SORT-* --------------------------------------------------------------------------

    def _sort(self, obs: Observation, actions: list[Action]) -> Action:
        converts = [a for a in actions if isinstance(a, Convert)]
        if converts:
            counts = Counter(c.value for c in obs.junk if not c.is_super)
            return max(converts, key=lambda a: (counts[a.value], a.value))
        for action in actions:
            if isinstance(action, DiscardJunk):
                return action
        return next(a for a in actions if isinstance(a, KeepJunk))


AGENT_NAMES: tuple[str, ...] = ("random", "greedy")


def make_agent(name: str, seed: int = 0) -> RandomAgent | GreedyAgent:
    """A bot by name: ``"random"`` or ``"greedy"``.

    >>> make_agent("greedy", 4)
    GreedyAgent(seed=4, reveal='most', trump='value', junk_cost=0.1)
    """
    key = str(name).strip().lower()
    if key == "random":
        return RandomAgent(seed)
    if key == "greedy":
        return GreedyAgent(seed)
    raise UnknownEditionError(
        f"unknown Schnäppchen Jagd agent {name!r}: choose one of {', '.join(AGENT_NAMES)}"
    )
