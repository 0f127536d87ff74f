"""Random play for property tests and benchmarks: :func:`random_action`, :func:`random_playout`.

Uniform choice over the listed legal actions would almost never auction (one ``Auction`` against
thousands of ``Trade`` piles) and would bid wildly, so the random player chooses sensibly:

* bidding: pass with probability 1/2, else raise to one of the three lowest listed bids;
* turn: auction or trade with probability 1/2 each (when both are possible), a trade picking a
  target and a pile uniformly;
* everything else (payments, accept/counter piles, hammer decisions): uniform over the list.

>>> import random
>>> from kuhtheory.engine import new_game
>>> end = random_playout(new_game(players=4, seed=3), random.Random(3))
>>> end.is_terminal, sum(len(end.families(p)) for p in range(4))
(True, 10)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from kuhtheory.engine.actions import Action
from kuhtheory.engine.legal import LegalActions
from kuhtheory.engine.phases import BIDDING, TURN

if TYPE_CHECKING:
    from kuhtheory.engine.state import GameState


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action of ``state`` (see the module docstring); the game must not be over."""
    legal = state.legal_actions()
    phase = state.phase
    if phase is BIDDING:
        bids = legal.bid_range
        if not bids or rng.random() < 0.5:
            return legal.fixed[0]
        return legal.bid(min(rng.randrange(3), len(bids) - 1))
    if phase is TURN and legal.kind == LegalActions.TRADE:
        if legal.fixed and rng.random() < 0.5:
            return legal.fixed[0]
        target = rng.randrange(len(legal.targets))
        return legal.trade(target, rng.randrange(len(legal.piles)))
    n = len(legal)
    if n == 0:
        raise ValueError(f"no legal action in {state!r}")
    return legal[rng.randrange(n)]


def random_playout(state: GameState, rng: random.Random, max_steps: int = 1_000_000) -> GameState:
    """Play random actions from ``state`` to the end of the game; returns the final state."""
    steps = 0
    while not state.is_terminal:
        state = state.apply(random_action(state, rng))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"no end after {max_steps} random actions: {state!r}")
    return state
