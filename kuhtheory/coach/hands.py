"""Which money the coach lets a decision maker see: :class:`Hands` and :class:`HandReader`.

A decision is measured with the decision maker's information. His own hand he knows exactly; the
others' money is hidden (only card counts are public). Two readings:

* ``Hands.BELIEF`` (the default): another player's hand is the most likely one under the public
  money flows, as the equilibrium bot believes it (:class:`~kuhtheory.agents.belief.MoneyTracker`,
  fed the decision maker's observations at each of his decisions, as a bot is fed them): his
  number of cards is public and his total is tracked from the prices, donkey payouts and trades
  he was seen in.
* ``Hands.PUBLIC``: every hand as it really is, as if money were played face up. This is the
  complete-information model; it is not what the player knew.

A pile laid face down in a running trade still belongs to its owner until the trade is settled
(K-TRD-1..3), so a hand here counts it: the offerer's hand in the challenged player's decision is
the hand he made his offer from.

>>> from kuhtheory.engine import new_game
>>> s = new_game(players=3, seed=1, first_player=0)
>>> reader = HandReader(Hands.BELIEF)
>>> reader.observe(s, 0)
>>> reader.hand(s, 0, 1)  # a belief (right here: every hand starts with the start money)
HandGuess(cards=(0, 0, 10, 10, 10, 10, 50), exact=False)
>>> HandReader(Hands.PUBLIC).hand(s, 0, 1)
HandGuess(cards=(0, 0, 10, 10, 10, 10, 50), exact=True)
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from kuhtheory.agents.belief import MoneyTracker, cards_held, likely_hand, unseen_pool
from kuhtheory.cards import Counts, add, from_counts, to_counts
from kuhtheory.engine.state import GameState
from kuhtheory.solvers.preemption import parse_choice

__all__ = ["HandGuess", "HandReader", "Hands", "belief_hands", "held"]


class Hands(enum.Enum):
    """Whose money the coach lets the decision maker see (module docstring)."""

    BELIEF = "belief"
    PUBLIC = "public"

    @classmethod
    def parse(cls, value: str | Hands) -> Hands:
        """A reading from its name; :class:`~kuhtheory.errors.SolverInputError` otherwise."""
        return parse_choice(cls, value, "hands")


@dataclass(frozen=True)
class HandGuess:
    """A hand as the decision maker takes it: sorted card values, and whether it is certain."""

    cards: tuple[int, ...]
    exact: bool


def held(state: GameState, player: int) -> tuple[int, ...]:
    """``player``'s money with his face-down pile of a running trade (the god's view)."""
    cards = state.money_counts(player)
    trade = state.trade
    if trade is not None:
        if player == trade.offerer and trade.offer is not None:
            cards = add(cards, to_counts(trade.offer))
        if player == trade.opponent and trade.counter is not None:
            cards = add(cards, to_counts(trade.counter))
    return from_counts(cards)


class HandReader:
    """The hands each decision maker works with, under one :class:`Hands` reading.

    Call :meth:`observe` at every decision of a seat (in the order of the game) before asking
    :meth:`hand` for that seat's view: a seat's belief is built from what he has seen so far.
    """

    def __init__(self, hands: Hands | str = Hands.BELIEF) -> None:
        self.hands = Hands.parse(hands)
        self._trackers: dict[int, MoneyTracker] = {}

    def observe(self, state: GameState, seat: int) -> None:
        """Feed ``seat``'s observation of ``state`` to his belief (nothing to do when public)."""
        if self.hands is Hands.BELIEF:
            self._trackers.setdefault(seat, MoneyTracker()).update(state.observation(seat))

    def hand(self, state: GameState, seat: int, player: int) -> HandGuess:
        """``player``'s hand as ``seat`` takes it at ``state`` (his own: exactly)."""
        if player == seat or self.hands is Hands.PUBLIC:
            return HandGuess(held(state, player), True)
        obs = state.observation(seat)
        tracker = self._trackers.setdefault(seat, MoneyTracker())
        target = tracker.totals(obs)[player]
        pool = unseen_pool(obs)
        count = cards_held(obs)[player]
        return _guess(pool, count, target)

    def belief(
        self, state: GameState, seat: int, player: int, spread: int
    ) -> list[tuple[tuple[int, ...], float]]:
        """``seat``'s belief over ``player``'s hand, ``[(hand, probability), ...]``
        (:func:`belief_hands`; the public reading: the hand itself)."""
        if player == seat or self.hands is Hands.PUBLIC:
            return [(held(state, player), 1.0)]
        obs = state.observation(seat)
        tracker = self._trackers.setdefault(seat, MoneyTracker())
        target = tracker.totals(obs)[player]
        return belief_hands(unseen_pool(obs), cards_held(obs)[player], target, spread)


@functools.lru_cache(maxsize=4096)
def _guess(pool: Counts, count: int, target: float) -> HandGuess:
    """The likely hand of ``count`` cards from ``pool`` near ``target`` (the tracker's rule),
    memoised: within an auction nothing it depends on changes."""
    return HandGuess(from_counts(likely_hand(pool, count, target)), _only_hand(pool, count))


def belief_hands(
    pool: Counts, count: int, target: float, spread: int
) -> list[tuple[tuple[int, ...], float]]:
    """The equilibrium bot's belief over a hand of ``count`` cards from ``pool``
    (:meth:`~kuhtheory.agents.belief.MoneyTracker.belief`'s rule: the likely hands at totals
    ``target x (1 +- 0.35 j)``, ``j = 0..spread``, weights ``2^-j``), for a count the tracker's
    method does not take: the cards held with a face-down pile.

    >>> belief_hands((4, 8, 2, 0, 0, 0), 3, 60.0, 1)
    [((10, 10, 10), 0.25), ((0, 10, 50), 0.5), ((10, 10, 50), 0.25)]
    """
    weights: dict[tuple[int, ...], float] = {}
    for j in range(-spread, spread + 1):
        hand = from_counts(likely_hand(pool, count, target * (1 + 0.35 * j)))
        weights[hand] = weights.get(hand, 0.0) + 2.0 ** -abs(j)
    total = sum(weights.values())
    return [(h, w / total) for h, w in weights.items()]


def _only_hand(pool: tuple[int, ...], count: int) -> bool:
    """Whether ``count`` cards from ``pool`` can make only one hand (all of it, none of it, or a
    pool of one denomination)."""
    return count in (0, sum(pool)) or sum(1 for c in pool if c) <= 1
