"""The complete-information auction as data (auction_game): states, hammers and limits."""

from __future__ import annotations

import pytest

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.auction import solve_auction
from kuhtheory.solvers.auction_game import MAX_STATES, make_game
from kuhtheory.solvers.preemption import outcome_payoffs, prefers_preempt


@pytest.mark.parametrize(
    "values,kwargs",
    [([60], {}), ([60, 40], {}), ([50, 30, 20], {"budgets": [40, 20, 30]}), ([10] * 4, {})],
)
def test_state_count_is_the_number_of_states_the_solver_fills(
    values: list[int], kwargs: dict
) -> None:
    game = make_game(values, auctioneer_value=60, **kwargs)
    table = solve_auction(values, auctioneer_value=60, **kwargs).equilibrium.table
    assert game.state_count() == len(table)
    assert set(game.states()) <= set(table)  # every reachable state is solved


def test_k_pay_2_top_levels_and_k_auc_4_hammers() -> None:
    game = make_game(
        [60, 90], money=["0,10,50", "10,10"], auctioneer_value=100, auctioneer_money=(50,)
    )
    assert game.top_level == (6, 2)  # 60 and 20 are what their cards can pay
    for i, purse in enumerate(game.purses):
        for level in range(1, game.top_level[i] + 1):
            sell, preempt = outcome_payoffs(
                game.auctioneer_purse, purse, level * 10, 100, game.values[i]
            )
            assert sell is not None
            hammer = game.hammers[i][level]
            assert hammer is not None
            assert hammer.preempted == prefers_preempt(sell, preempt)
            chosen = preempt if hammer.preempted else sell
            assert (hammer.auctioneer, hammer.bidder) == (chosen.auctioneer, chosen.bidder)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "values,kwargs,needle",
    [
        ([10**12, 5], {}, "limited to 300,000"),
        ([60, 40], {"auctioneer_value": 10**9}, "auctioneer_value=1000000000"),
        ([10] * 50, {}, "values has 50 bidders: the complete-information auction solver handles"),
        ([10**7], {"budgets": [10**7]}, "values=[10000000]"),
    ],
)
def test_beyond_the_limits_a_solver_input_error(
    values: list[int], kwargs: dict, needle: str
) -> None:
    with pytest.raises(SolverInputError) as info:
        solve_auction(values, **kwargs)
    assert needle in str(info.value)


def test_budgets_keep_a_large_worth_within_the_limits() -> None:
    r = solve_auction([10**7, 10**7], budgets=[500, 400], auctioneer_value=0)
    assert r.game.top_level == (50, 40) and r.price == 400 and r.winner == 0


def test_the_state_limit_is_the_documented_one() -> None:
    assert MAX_STATES == 300_000
    worst = make_game([10] * 10, auctioneer_value=50)
    assert worst.state_count() <= MAX_STATES
