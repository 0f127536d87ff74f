"""What a stake is worth in money: the coach's worth models.

The solved subgames need the worth of what is at stake (an auction's lot, a trade's animal or pair)
in money. Money is worth nothing at the end (K-END-2), so any such worth is a model. Two ship:

* :class:`FamilyWorth` (the default): the equilibrium bot's valuation
  (:mod:`kuhtheory.agents.equilibrium`). A card is worth the points of the family it helps complete
  times the player's progress towards it (:func:`~kuhtheory.agents.equilibrium.stake_points`),
  and a point is worth ``rate x money in play / open points`` money (all the money the players
  hold, chasing the points still to be won). Worths are rounded to 10 (money comes in tens) and
  are at most all the money in play: near the end, when few points are open, the rate makes the
  last families worth far more than all the money there is, and no price can reach that. The
  same rate turns a loss in money back into points (:meth:`FamilyWorth.points_per_money`).
* :class:`FixedWorth`: every stake worth the same amount to everyone, for hand-made examples and
  for seeing how a verdict depends on the worth; it gives no points-equivalent.

The zero-sum trade needs one worth ``W`` for both traders (:meth:`FamilyWorth.trade_worth`): the
average of the stake's worth to each, as the equilibrium bot takes it, at most the money both hands
hold plus 10 (the bot's cap: :func:`cap_worth`); the general-sum trade its worth to each,
``(W_A, W_B)`` (:meth:`FamilyWorth.trade_worths`), capped the same way.

>>> from kuhtheory.cards import Animal
>>> from kuhtheory.engine import new_game
>>> obs = new_game(players=4, seed=1, first_player=0).observation(0)
>>> FamilyWorth().worth(obs, (Animal.HORSE,), 0), FixedWorth(100).worth(obs, (Animal.HORSE,), 0)
(110, 100)
>>> round(FamilyWorth().points_per_money(obs), 3)
3.565
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from kuhtheory.agents.base import money_in_play, open_points
from kuhtheory.agents.equilibrium import RATE, W_STEP, stake_points
from kuhtheory.cards import Animal, Counts, total
from kuhtheory.engine.observation import Observation

__all__ = ["FamilyWorth", "FixedWorth", "WorthModel", "cap_worth"]


class WorthModel(Protocol):
    """How the coach values a stake in money (see the module docstring)."""

    def worth(self, obs: Observation, animals: Sequence[Animal], player: int) -> int:
        """The money worth to ``player`` of winning ``animals`` (one card each), now."""
        ...

    def trade_worth(
        self,
        obs: Observation,
        offerer: int,
        opponent: int,
        animal: Animal,
        stake: int,
        a_hand: Counts,
        b_hand: Counts,
    ) -> int:
        """The zero-sum trade's ``W``: what winning the stake is worth to both traders, whose
        hands (as the solver sees them) are ``a_hand`` and ``b_hand``."""
        ...

    def trade_worths(
        self,
        obs: Observation,
        offerer: int,
        opponent: int,
        animal: Animal,
        stake: int,
        a_hand: Counts,
        b_hand: Counts,
    ) -> tuple[int, int]:
        """The general-sum trade's ``(W_A, W_B)``: what winning the stake is worth to each."""
        ...

    def points_per_money(self, obs: Observation) -> float | None:
        """Points per unit of money now (None: the model has no such rate)."""
        ...

    def describe(self) -> str:
        """The model in a phrase, for the verdicts."""
        ...


def _rounded(money: float, step: int) -> int:
    return int(round(money / step)) * step


@dataclass(frozen=True)
class FamilyWorth:
    """The equilibrium bot's valuation: family points to money at ``rate x money in play / open
    points``, rounded to ``step``."""

    rate: float = RATE
    step: int = W_STEP

    def _money(self, obs: Observation, points: float) -> float:
        return points * self.rate * money_in_play(obs) / open_points(obs)

    def worth(self, obs: Observation, animals: Sequence[Animal], player: int) -> int:
        counts: dict[Animal, int] = {}
        for animal in animals:
            counts[animal] = counts.get(animal, 0) + 1
        points = sum(stake_points(obs, a, player, k) for a, k in counts.items())
        return min(_rounded(self._money(obs, points), self.step), money_in_play(obs))

    def trade_worth(
        self,
        obs: Observation,
        offerer: int,
        opponent: int,
        animal: Animal,
        stake: int,
        a_hand: Counts,
        b_hand: Counts,
    ) -> int:
        points = (
            stake_points(obs, animal, offerer, stake) + stake_points(obs, animal, opponent, stake)
        ) / 2
        worth = max(self.step, _rounded(self._money(obs, points), self.step))
        return cap_worth(worth, a_hand, b_hand, self.step)

    def trade_worths(
        self,
        obs: Observation,
        offerer: int,
        opponent: int,
        animal: Animal,
        stake: int,
        a_hand: Counts,
        b_hand: Counts,
    ) -> tuple[int, int]:
        def one(player: int) -> int:
            points = stake_points(obs, animal, player, stake)
            worth = max(self.step, _rounded(self._money(obs, points), self.step))
            return cap_worth(worth, a_hand, b_hand, self.step)

        return one(offerer), one(opponent)

    def points_per_money(self, obs: Observation) -> float | None:
        money = money_in_play(obs)
        return open_points(obs) / (self.rate * money) if money else None

    def describe(self) -> str:
        return (
            f"worths from the families each player can still complete, a point worth "
            f"{self.rate:g} x money in play / open points (the equilibrium bot's valuation)"
        )


@dataclass(frozen=True)
class FixedWorth:
    """Every stake is worth ``value`` money to everyone."""

    value: int

    def worth(self, obs: Observation, animals: Sequence[Animal], player: int) -> int:
        return self.value

    def trade_worth(
        self,
        obs: Observation,
        offerer: int,
        opponent: int,
        animal: Animal,
        stake: int,
        a_hand: Counts,
        b_hand: Counts,
    ) -> int:
        return self.value

    def trade_worths(
        self,
        obs: Observation,
        offerer: int,
        opponent: int,
        animal: Animal,
        stake: int,
        a_hand: Counts,
        b_hand: Counts,
    ) -> tuple[int, int]:
        return self.value, self.value

    def points_per_money(self, obs: Observation) -> float | None:
        return None

    def describe(self) -> str:
        return f"every stake worth {self.value} to everyone (fixed)"


def cap_worth(worth: int, a_hand: Counts, b_hand: Counts, step: int = W_STEP) -> int:
    """``worth``, at most the money of both hands rounded down to ``step`` plus ``step`` (the
    equilibrium bot's cap on a trade's ``W``, kept so that the bot and the coach solve the same
    trade).

    >>> cap_worth(500, (2, 4, 1, 0, 0, 0), (0, 2, 0, 0, 0, 0))
    120
    """
    cap = (total(a_hand) + total(b_hand)) // step * step + step
    return min(worth, cap)
