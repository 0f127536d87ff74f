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
seed.

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
        r = self._random
        legal = legal_actions
        if type(legal) is LegalActions:
            bids = legal.bid_range
            if bids:
                fixed = legal.fixed
                if not fixed or r() >= PASS_PROBABILITY:
                    n = len(bids)
                    return legal.bid(int(r() * (n if n < LOWEST_BIDS else LOWEST_BIDS)))
                return fixed[int(r() * len(fixed))]
            if legal.kind == TRADE and legal.targets:
                fixed = legal.fixed
                if fixed and r() < 0.5:
                    return fixed[int(r() * len(fixed))]
                return legal.trade(int(r() * len(legal.targets)), int(r() * len(legal.piles)))
        n = len(legal)
        if n == 0:
            raise ValueError("RandomAgent.act: no legal action to choose from")
        return legal[int(r() * n)]


TRADE: Final = LegalActions.TRADE
