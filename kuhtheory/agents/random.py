"""The random bot: uniform over the legal actions, with sane bid sizes.

Uniform choice over the listed actions would almost never auction (one ``Auction`` against
hundreds of ``Trade`` piles) and would bid absurd sums, so the random bot is uniform in two steps:

* bidding: pass with probability 1/2, else raise to one of the three lowest listed bids
  (``legal.bid_range``: multiples of 10 above the high bid, K-AUC-1);
* its turn: auction or trade with probability 1/2 each when both are legal (K-TURN-1), a trade
  picking a target (opponent, species) and then a pile of its money uniformly (K-TRD-1);
* everything else (payments, accept or counter, sell or preempt, buy back): uniform over the list.

It samples an index of the legal-action sequence and never materialises the list, so it costs a
few microseconds per move. It sees nothing but the legal actions; it is deterministic given its
seed. :func:`random_playout` plays a game to the end with one per seat (property tests and the
benchmarks use it).

>>> from kuhtheory.engine import new_game
>>> state = new_game(players=4, seed=2)
>>> bots = [RandomAgent(seed=s) for s in range(4)]
>>> while not state.is_terminal:
...     p = state.current_player
...     state = state.apply(bots[p].act(state.observation(p), state.legal_actions()))
>>> sum(len(state.families(p)) for p in range(4))
10
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from kuhtheory.agents.play import MAX_ACTIONS, agent_seed, play
from kuhtheory.engine.legal import LegalActions

#: Probability of passing when a bid is possible.
PASS_PROBABILITY: Final = 0.5
#: The random bot raises to one of this many lowest listed bids.
LOWEST_BIDS: Final = 3


class RandomAgent:
    """Uniform over the legal actions (see the module docstring); ``seed`` fixes its choices."""

    name = "random"
    #: It never reads its observation: :func:`kuhtheory.agents.play.play` hands it None.
    uses_observation = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        # random() is several times cheaper than randrange(); int(random() * n) is uniform on
        # range(n) up to float rounding, far below anything a game can show.
        self._random = self._rng.random

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """One legal action, drawn as the module docstring says."""
        legal = legal_actions
        draw = self._random
        if isinstance(legal, LegalActions):
            # (``fixed`` would make every listed payment: it is read only where it is short.)
            if legal.bid_range:  # bidding (K-AUC-1, K-AUC-2)
                fixed = legal.fixed
                if fixed and draw() < PASS_PROBABILITY:
                    return fixed[int(draw() * len(fixed))]
                return legal.bid(int(draw() * min(len(legal.bid_range), LOWEST_BIDS)))
            if legal.kind == LegalActions.TRADE and legal.targets:  # a turn (K-TURN-1)
                fixed = legal.fixed
                if fixed and draw() < 0.5:
                    return fixed[int(draw() * len(fixed))]
                target = int(draw() * len(legal.targets))
                return legal.trade(target, int(draw() * len(legal.piles)))
        if not legal:
            raise ValueError("RandomAgent.act: no legal action to choose from")
        return legal[int(draw() * len(legal))]


def random_playout(state: Any, seed: int = 0, *, max_actions: int = MAX_ACTIONS) -> Any:
    """``state`` played to the end by random bots, the one in seat ``k`` seeded
    ``agent_seed(seed, k)`` (for property tests and benchmarks).

    >>> from kuhtheory.engine import new_game
    >>> end = random_playout(new_game(players=4, seed=3), seed=3)
    >>> end.is_terminal, sum(len(end.families(p)) for p in range(4))
    (True, 10)
    """
    bots = [RandomAgent(agent_seed(seed, seat)) for seat in range(state.players)]
    return play(state, bots, max_actions=max_actions)
