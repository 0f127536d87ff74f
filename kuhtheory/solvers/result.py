"""Solver results as frozen objects (after pygambit's): what was solved, how, how it was checked.

>>> from kuhtheory.solvers.solve import solve_game
>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> r = solve_game(kuhn_poker(), exact=True)
>>> r.value_exact, r.exact, r.exploitability
(Fraction(-1, 18), True, 0.0)
>>> r.strategy(0)[("K", "cb")]
{'fold': 0.0, 'call': 1.0}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

Behaviour = Mapping[Hashable, Mapping[str, float]]


@dataclass(frozen=True, eq=False)
class SolveResult:
    """An equilibrium of a two-player zero-sum game.

    Attributes
    ----------
    game : str
        The game's title.
    method : str
        How it was solved (``"sequence-form LP (HiGHS)"`` ...).
    value : float
        The game's value to player 0.
    value_exact : Fraction or None
        The certified exact value (``exact`` mode only).
    strategies : tuple of two behaviour strategies
        For each player, information set -> action -> probability.
    exploitability : float
        ``BR_0(y) - BR_1(x)`` of the returned plans (0 exactly when certified).
    exact : bool
        Whether the strategies and the value are exact fractions, certified.
    parameters : Mapping
        The inputs (edition, hands, W, ...), JSON-ready.
    seconds : float
        Wall-clock solve time.
    verified : str
        How the result was checked.
    refinement : str
        Which refinement the strategies satisfy: ``"none"``, ``"quasi-perfect"`` or ``"proper"``
        (:class:`~kuhtheory.solvers.refinements.Refinement`); ``verified`` says how it was checked.
    plans : tuple
        The realization plans (floats, or fractions when exact), in the sequence form's order.
    trembles : tuple
        ``trembles[i]``: the fully mixed plan of the opponent that player ``i``'s plan is a best
        response to (empty where nothing was refined); fractions where certified exactly.
    """

    game: str
    method: str
    value: float
    value_exact: Fraction | None
    strategies: tuple[Behaviour, Behaviour]
    exploitability: float
    exact: bool
    parameters: Mapping[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    verified: str = ""
    refinement: str = "none"
    plans: tuple[tuple[Any, ...], tuple[Any, ...]] = ((), ())
    trembles: tuple[tuple[Any, ...], tuple[Any, ...]] = ((), ())

    def strategy(self, player: int) -> Behaviour:
        """Player ``player``'s behaviour strategy."""
        return self.strategies[player]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (information-set keys become strings)."""
        out: dict[str, Any] = {
            "game": self.game,
            "method": self.method,
            "value": self.value,
            "exact": self.exact,
            "exploitability": self.exploitability,
            "seconds": self.seconds,
            "verified": self.verified,
            "refinement": self.refinement,
            "parameters": dict(self.parameters),
            "strategies": [
                {_key(k): {a: float(p) for a, p in acts.items()} for k, acts in s.items()}
                for s in self.strategies
            ],
        }
        if self.value_exact is not None:
            out["value_exact"] = str(self.value_exact)
        return out


def _key(key: Hashable) -> str:
    if isinstance(key, tuple):
        return " ".join(str(k) for k in key)
    return str(key)


def as_floats(plan: Any) -> np.ndarray:
    """A realization plan (floats or fractions) as a float array."""
    return np.array([float(v) for v in plan], dtype=float)
