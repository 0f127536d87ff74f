"""The clock auction's tabulated inputs (private_worths): payments, preemption odds, limits."""

from __future__ import annotations

import math

import numpy as np
import pytest

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.preemption import Purse
from kuhtheory.solvers.private_worths import (
    MAX_BIDDERS,
    MAX_CELLS,
    MAX_LEVELS,
    clock_setup,
    payable_top,
    purse_costs,
)


def test_k_pay_1_purse_costs_per_level() -> None:
    # Cards pay with no change (cheapest payment), a budget stops, cash pays anything.
    cards = purse_costs(Purse.of("0,10,50"), 10, 8)
    assert cards[:7].tolist() == [0, 10, 50, 50, 50, 50, 60] and math.isnan(cards[7])
    budget = purse_costs(Purse.of(30), 10, 6)
    assert budget[:4].tolist() == [0, 10, 20, 30] and np.isnan(budget[4:]).all()
    assert purse_costs(Purse(), 10, 4).tolist() == [0, 10, 20, 30]
    assert payable_top(cards) == 6 and payable_top(budget) == 3


def test_k_auc_4_preemption_odds_are_the_auctioneers_threshold() -> None:
    # The auctioneer, worth 0, 70 or 150 with equal odds and paying cash, preempts a price p of
    # bidder 0 (cash) iff his worth exceeds 2p.
    s = clock_setup([[40]], [0, 70, 150], 10, None, None, True, "classic")
    for k in range(s.levels):
        expected = sum(1 for w in (0, 70, 150) if w > 2 * 10 * k) / 3 if k else 0.0
        assert s.q[0, k] == pytest.approx(expected)
    # v(w, p): paid p when preempted, w - p when sold
    k = 3  # price 30: preempted by the worths 70 and 150
    assert s.values[0][0, k] == pytest.approx(2 / 3 * 30 + 1 / 3 * (40 - 30))
    without = clock_setup([[40]], [0, 70, 150], 10, None, None, False, "classic")
    assert not without.q.any() and without.values[0][0, 3] == 10


@pytest.mark.parametrize(
    "worths,auctioneer,needle",
    [
        ([[10]] * (MAX_BIDDERS + 1), [0], f"at most {MAX_BIDDERS}"),
        ([[10 * MAX_LEVELS]], [0], f"limited to {MAX_LEVELS:,}"),
        ([list(range(0, 10**6, 10**4))] * 2, [0], f"solver's {MAX_CELLS:,}"),
    ],
)
def test_limits_name_the_input(worths: list[list[int]], auctioneer: list[int], needle: str) -> None:
    with pytest.raises(SolverInputError, match=needle):
        clock_setup(worths, auctioneer, 10, None, None, True, "classic")
