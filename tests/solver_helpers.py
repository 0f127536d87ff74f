"""Helpers shared by the solver tests (not a test module)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from kuhtheory.cards import to_counts
from kuhtheory.solvers import highs
from kuhtheory.solvers.lp import solve_lp
from kuhtheory.solvers.sequence_form import SequenceForm
from kuhtheory.solvers.trade import TradeRules, round_form


def classic_first_round(a: tuple[int, ...], b: tuple[int, ...], w: int) -> SequenceForm:
    """The first round of a classic trade, whose tie pays the second round's (float) value."""
    rules = TradeRules.from_edition("classic")
    second = round_form(rules, to_counts(a), to_counts(b), Fraction(w), prune=True, exact=False)
    tie = solve_lp(second).value
    return round_form(rules, to_counts(a), to_counts(b), Fraction(w), tie, prune=True, exact=False)


def failing_highs(when: Callable[[bool, Any], bool]) -> Callable[..., highs.LPResult]:
    """A stand-in for :func:`highs.solve` that reports "Infeasible" when ``when(presolve, c)``."""
    original = highs.solve

    def fake(*args: Any, presolve: bool = True, **kwargs: Any) -> highs.LPResult:
        if when(presolve, args[0]):
            return highs.LPResult(False, "Infeasible", np.zeros(0), np.zeros(0), float("nan"))
        return original(*args, presolve=presolve, **kwargs)

    return fake
