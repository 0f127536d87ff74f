"""Private worths: Bayesian equilibrium of the clock auction with the auctioneer's right."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.auction import Selection, solve_auction
from kuhtheory.solvers.bayesian import (
    compare_bayesian,
    distribution,
    solve_bayesian_auction,
    solve_lone_bidder,
)
from kuhtheory.solvers.preemption import Purse

# ---------------------------------------------------------------------------------------------
# Independent enumeration of every worth profile (the clock rule restated from the docstring).


def _outcome_payoffs(result, limits):  # type: ignore[no-untyped-def]
    """Expected payoffs (auctioneer, bidders...) and price by enumerating all worth profiles."""
    n = len(result.bidder_worths)
    purses, a_purse, step = result.purses, result.auctioneer_purse, result.step
    totals = [0.0] * (n + 1)
    price_mean = 0.0
    preempt = 0.0
    for profile in itertools.product(*[range(len(d)) for d in result.bidder_worths]):
        p_types = 1.0
        for i, t in enumerate(profile):
            p_types *= result.bidder_worths[i][t][1]
        bids = [limits[i][t] for i, t in enumerate(profile)]
        top = max(bids)
        for w_a, p_a in result.auctioneer_worth:
            prob = p_types * p_a
            if top == 0:
                totals[0] += prob * w_a
                continue
            winners = [i for i in range(n) if bids[i] == top]
            others = sorted(bids, reverse=True)
            price = max(others[1] if n > 1 else 0, step)
            if len(winners) > 1:
                price = top
            price_mean += prob * price
            for i in winners:
                share = prob / len(winners)
                paid = purses[i].cost(price)
                a_paid = a_purse.cost(price)
                if result.preemption and a_paid is not None and w_a - a_paid > paid:
                    totals[0] += share * (w_a - a_paid)
                    totals[1 + i] += share * a_paid
                    preempt += share
                else:
                    totals[0] += share * paid
                    totals[1 + i] += share * (result.bidder_worths[i][profile[i]][0] - paid)
    return totals, price_mean, preempt


def _type_payoff(result, limits, i, t, limit):  # type: ignore[no-untyped-def]
    changed = [list(lim) for lim in limits]
    changed[i][t] = limit
    # The payoff of bidder i's type t: condition on t by dividing out its probability.
    only = [list(d) for d in result.bidder_worths]
    only[i] = [(result.bidder_worths[i][t][0], 1.0)]
    changed[i] = [limit]

    class View:
        bidder_worths = tuple(tuple(d) for d in only)
        auctioneer_worth = result.auctioneer_worth
        purses = result.purses
        auctioneer_purse = result.auctioneer_purse
        step = result.step
        preemption = result.preemption

    totals, _, _ = _outcome_payoffs(View, changed)
    return totals[1 + i]


def _check_by_enumeration(result) -> None:  # type: ignore[no-untyped-def]
    totals, price, preempt = _outcome_payoffs(result, result.limits)
    assert totals[0] == pytest.approx(result.expected_auctioneer_payoff, abs=1e-9)
    assert totals[1:] == pytest.approx(list(result.expected_bidder_payoffs), abs=1e-9)
    assert price == pytest.approx(result.expected_price, abs=1e-9)
    assert preempt == pytest.approx(result.preempt_probability, abs=1e-9)
    for i, dist in enumerate(result.bidder_worths):
        limit_top = result.purses[i].limit
        grid_top = max(w for d in (*result.bidder_worths, result.auctioneer_worth) for w, _ in d)
        top = grid_top + 2 * result.step
        if limit_top is not None:
            top = min(top, limit_top)
        for t in range(len(dist)):
            here = _type_payoff(result, result.limits, i, t, result.limits[i][t])
            for alt in range(0, top + 1, result.step):
                assert _type_payoff(result, result.limits, i, t, alt) <= here + 1e-9


def test_k_auc_4_two_bidders_worthless_types_bid_to_be_bought_out() -> None:
    r = solve_bayesian_auction([[0, 100], [0, 100]], [100], step=10)
    assert r.limits == ((50, 100), (40, 100))  # the worth-100 types bid their worth
    assert r.exploitability < 1e-9 and r.max_regret < 1e-9
    assert r.expected_price == pytest.approx(57.5)
    assert r.preempt_probability == pytest.approx(0.5)
    assert r.thresholds[0][4] == 80  # cash: preempt at 40 iff worth > 80
    assert r.selection is Selection.UNDOMINATED and r.to_dict()["selection"] == "undominated"
    _check_by_enumeration(r)
    # Passing on ties, bidder 1's worth-100 type stops at 90 (winning at 100 gains nothing).
    lazy = solve_bayesian_auction([[0, 100], [0, 100]], [100], selection="pass-on-ties")
    assert lazy.limits == ((50, 100), (40, 90)) and lazy.expected_price == pytest.approx(55.0)
    _check_by_enumeration(lazy)


def test_without_the_right_bidding_the_worth_is_an_equilibrium() -> None:
    r = solve_bayesian_auction([[0, 30, 70], [20, 50]], [100], preemption=False)
    _check_by_enumeration(r)
    for dist, limits in zip(r.bidder_worths, r.limits, strict=True):
        for (worth, _), limit in zip(dist, limits, strict=True):
            assert worth - 10 <= limit <= worth  # the worth, to the grid (English auction)
    assert r.preempt_probability == 0.0


def test_compare_with_and_without_the_right() -> None:
    c = compare_bayesian([[0, 40, 80], [0, 40, 80]], [20, 100, 180], step=10)
    assert c.with_right.preempt_probability > 0
    assert c.without_right.preempt_probability == 0
    assert c.with_right.expected_price > c.without_right.expected_price
    _check_by_enumeration(c.with_right)
    _check_by_enumeration(c.without_right)


def test_k_pay_1_cards_and_budgets() -> None:
    r = solve_bayesian_auction(
        [[0, 60], [30, 90]],
        [0, 120],
        step=10,
        money=[(10, 10, 50), 40],
        auctioneer_money=(0, 50, 100),
    )
    assert max(r.limits[1]) <= 40  # K-PAY-2: budget 40
    assert max(r.limits[0]) <= 70
    assert r.thresholds[0][1] == 50 + 10  # the auctioneer pays 10 with his 50
    _check_by_enumeration(r)


def test_lone_bidder_jump_bid() -> None:
    r = solve_lone_bidder([0, 60], [100], step=10)
    assert r.bids == (40, 40) and r.thresholds == (80, 80)
    assert r.transfers == (-40.0, -40.0) and r.exploitability < 1e-9
    r = solve_lone_bidder([60], [100], step=10, auctioneer_money=(500,))
    assert r.bids == (10,) and r.thresholds == (510,)  # a 500 card pays any bid: never worth it
    assert r.preempt_probability == 0.0


@pytest.mark.parametrize(
    "worths,auctioneer,needle",
    [
        ([[]], [10], "bidder_worths[0]=[] is empty"),
        ([[10]], [], "auctioneer_worth=[] is empty"),
        ([[-10]], [10], "-10"),
        ([{10: 0.5, 20: 0.4}], [10], "sum to"),
        ([{10: -0.5, 20: 1.5}], [10], "-0.5"),
        ([], [10], "bidder_worths"),
    ],
)
def test_bad_distributions(worths: list, auctioneer: list, needle: str) -> None:
    with pytest.raises(SolverInputError) as info:
        solve_bayesian_auction(worths, auctioneer)
    assert needle in str(info.value)


def test_step_checked_against_2025() -> None:
    with pytest.raises(SolverInputError, match="step=15"):
        solve_bayesian_auction([[10]], [10], step=15, edition="2025")


def test_distribution_forms() -> None:
    assert distribution([5, 5, 10]) == ((5, pytest.approx(2 / 3)), (10, pytest.approx(1 / 3)))
    assert distribution([(0, 0.5), (10, 0.5)]) == ((0, 0.5), (10, 0.5))


def test_purses_are_reported() -> None:
    r = solve_bayesian_auction([[10]], [10], money=[30])
    assert r.purses == (Purse(budget=30),)


@settings(max_examples=20, deadline=None)
@given(
    worths=st.lists(
        st.lists(st.integers(0, 8).map(lambda k: 10 * k), min_size=1, max_size=3),
        min_size=1,
        max_size=3,
    ),
    auctioneer=st.lists(st.integers(0, 10).map(lambda k: 10 * k), min_size=1, max_size=3),
    right=st.booleans(),
)
def test_equilibrium_passes_the_enumerated_best_response_check(
    worths: list[list[int]], auctioneer: list[int], right: bool
) -> None:
    r = solve_bayesian_auction(worths, auctioneer, step=10, preemption=right)
    assert r.exploitability < 1e-9
    _check_by_enumeration(r)


# ---------------------------------------------------------------------------------------------
# Bid your worth: the private-worths model and the complete-information one agree without the right


@settings(max_examples=30, deadline=None)
@given(
    worths=st.lists(st.lists(st.integers(0, 120), min_size=1, max_size=4), min_size=1, max_size=3),
    auctioneer=st.lists(st.integers(0, 120), min_size=1, max_size=2),
)
def test_without_the_right_every_type_bids_his_worth(
    worths: list[list[int]], auctioneer: list[int]
) -> None:
    # Krishna (2010, ch. 2): with continuous prices bidding one's worth is weakly dominant in the
    # English (clock) auction. On the grid a type drops out at his worth rounded down, or one step
    # above it: that step wins a tie at his worth at the same price.
    r = solve_bayesian_auction(worths, auctioneer, step=10, preemption=False)
    for dist, limits in zip(r.bidder_worths, r.limits, strict=True):
        for (w, _), limit in zip(dist, limits, strict=True):
            assert limit in (w // 10 * 10, w // 10 * 10 + 10)
    _check_by_enumeration(r)


def test_on_the_grid_a_step_above_the_worth_wins_a_tie() -> None:
    # Worths 10 and 11: against a drop-out price of 10, the worth-11 type gains 1/2 by staying in
    # to 10 (a tie) and 1 by staying in to 20 (he wins at 10; at 20 nobody is left to push him).
    r = solve_bayesian_auction([[10], [11]], [0], preemption=False)
    assert r.limits == ((10,), (20,)) and r.expected_bidder_payoffs == (0.0, 1.0)


@settings(max_examples=60, deadline=None)
@given(
    worths=st.lists(st.integers(0, 100), min_size=1, max_size=3),
    auctioneer=st.integers(0, 150),
)
def test_complete_information_and_bayesian_models_agree_without_the_right(
    worths: list[int], auctioneer: int
) -> None:
    # Known worths (one type each): the clock auction's winner pays the second-highest drop-out
    # price, the worth rounded down; the turn-based auction's winner pays the same when he moves
    # first (he jumps to it), else at most one step more (tests/test_solvers_auction.py).
    clock = solve_bayesian_auction([[w] for w in worths], [auctioneer], preemption=False)
    turns = solve_auction(worths, auctioneer_value=auctioneer, preemption=False)
    assert clock.max_regret == 0.0
    if max(worths) < 10:
        assert clock.sale_probability == 0.0 and turns.decision == "no bid"
        return
    floors = [w // 10 for w in worths]
    if len(worths) == 1 or floors[0] > max(floors[1:]):
        assert clock.expected_price == turns.price
        assert clock.expected_auctioneer_payoff == turns.payoffs.auctioneer
        assert clock.expected_bidder_payoffs == turns.payoffs.bidders
    else:
        assert turns.price - 10 <= clock.expected_price <= turns.price


def test_with_the_right_the_models_differ_where_the_winner_would_jump() -> None:
    # With the right they need not agree: worths 25 and 69, the auctioneer's 52 (he buys at 20,
    # not at 30). On the clock the price is the loser's drop-out price 20, so the keen bidder is
    # bought out at 20; taking turns he jumps to 30 and buys (69 - 30 = 39 > 20).
    clock = solve_bayesian_auction([[25], [69]], [52])
    turns = solve_auction([25, 69], auctioneer_value=52, verify=True)
    assert (clock.expected_price, clock.preempt_probability) == (20.0, 1.0)
    assert (turns.price, turns.decision, turns.winner) == (30, "sell", 1)


# ---------------------------------------------------------------------------------------------
# Limits: large worths are solved (vectorised), beyond the limits a clear error


def test_large_worths_are_solved() -> None:
    # Issue 13: two bidders of worth 10**5 hung, a worth of 10**6 raised MemoryError.
    r = solve_bayesian_auction([[10**5], [10**5]], [50])
    assert r.limits == ((10**5,), (10**5,)) and r.expected_price == 10**5
    r = solve_bayesian_auction([[0, 10**6]], [10**6])
    assert r.limits == ((499_990, 10**6),) and r.max_regret == 0.0


@pytest.mark.parametrize(
    "worths,auctioneer,needle",
    [
        ([[10**7]], [0], "a worth of 10000000 with step=10 makes 1,000,002 price levels"),
        ([[0]], [10**7], "limited to 200,000"),
        ([[10]] * 50, [10], "bidder_worths has 50 bidders: the Bayesian auction solver handles"),
        ([list(range(0, 10**6, 10**4))] * 2, [0], "201 worth types x 99,002 price levels"),
    ],
)
def test_beyond_the_limits_a_solver_input_error(
    worths: list[list[int]], auctioneer: list[int], needle: str
) -> None:
    with pytest.raises(SolverInputError) as info:
        solve_bayesian_auction(worths, auctioneer)
    assert needle in str(info.value)
