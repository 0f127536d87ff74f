"""The auction's equilibrium selections and the checks that certify them (auction_equilibrium)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers.auction import solve_auction
from kuhtheory.solvers.auction_equilibrium import (
    AuctionEquilibrium,
    Selection,
    backward_induction,
    check_equilibrium,
    verify_by_paths,
)
from kuhtheory.solvers.auction_game import PASS, make_game


def test_check_equilibrium_catches_a_wrong_move() -> None:
    # A table in which bidder 1 passes at once (the pass-on-ties move) is still subgame perfect
    # but breaks the undominated rule; one in which bidder 0 overbids is not subgame perfect.
    game = make_game([60, 40], auctioneer_value=100, preemption=False)
    eq = backward_induction(game)
    lazy = backward_induction(game, "pass-on-ties")
    state = game.play(game.root(), 1)  # bidder 0 bid 10; bidder 1 to move
    mixed = dict(eq.table)
    mixed[state] = lazy.table[state]
    with pytest.raises(SolverError, match="passes although he could bid 20"):
        check_equilibrium(AuctionEquilibrium(game, Selection.UNDOMINATED, mixed))
    overbid = dict(eq.table)
    overbid[game.root()] = (6, 0, 6)  # bidder 0 opens at 60: sold at his worth, he gains 0
    with pytest.raises(SolverError):
        check_equilibrium(AuctionEquilibrium(game, Selection.UNDOMINATED, overbid))


@settings(max_examples=30, deadline=None)
@given(
    worths=st.lists(st.integers(0, 80), min_size=1, max_size=3),
    a_value=st.integers(0, 120),
    right=st.booleans(),
    budgets=st.lists(st.integers(0, 90), min_size=3, max_size=3),
)
def test_each_selection_keeps_its_own_rule_at_every_state(
    worths: list[int], a_value: int, right: bool, budgets: list[int]
) -> None:
    # Written out here from the definitions, state by state, apart from check_equilibrium.
    game = make_game(worths, budgets[: len(worths)], auctioneer_value=a_value, preemption=right)
    for rule in Selection:
        eq = backward_induction(game, rule)
        for state, (_, _, action) in eq.table.items():
            mover = state[3]
            if mover < 0:
                continue
            gains = {
                a: game.gain(mover, *eq.outcome(game.play(state, a))) for a in game.actions(state)
            }
            assert gains[action] == max(gains.values())  # a best move: subgame perfect
            if rule is Selection.UNDOMINATED and action == PASS:
                # he passes only when every bid open to him would lose money at the hammer
                assert all(
                    game.hammers[mover][a].bidder < 0  # type: ignore[union-attr]
                    for a in gains
                    if a != PASS
                )
            if rule is Selection.PASS_ON_TIES and action != PASS:
                assert gains[action] > gains[PASS]


def test_selection_names() -> None:
    assert Selection.parse(" Pass-On-Ties ") is Selection.PASS_ON_TIES
    with pytest.raises(SolverInputError, match="selection='lazy' is unknown"):
        solve_auction([10], selection="lazy")


def test_checks_beyond_their_limits() -> None:
    with pytest.raises(SolverInputError, match="verify=True compares .* limited to 5,000,000"):
        solve_auction([30000, 30000], verify=True)
    big = solve_auction([200, 100], auctioneer_value=0)
    with pytest.raises(SolverInputError, match="21 levels, more than its limit 12"):
        verify_by_paths(big.equilibrium)
