"""The sympy closed forms of the textbook case agree with the numerical solver on a grid."""

from __future__ import annotations

import pytest
import sympy as sp

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.bayesian import solve_lone_bidder
from kuhtheory.solvers.symbolic import (
    expected_transfer_uniform_bidder,
    lone_bidder_closed_form,
    uniform_midpoints,
)

CF = lone_bidder_closed_form()


def test_closed_forms_from_the_first_order_condition() -> None:
    v, low, high = CF.v, CF.L, CF.H
    assert sp.simplify(CF.best_bid - (high + low + 2 * v) / 8) == 0
    assert sp.simplify(CF.threshold - (high + low + 2 * v) / 4) == 0
    assert sp.simplify(CF.expected_transfer.subs(low, 0) - (4 * v**2 - high**2) / (16 * high)) == 0
    # A worthless bidder still bids H/8 when L = 0, and the auctioneer pays on average.
    assert CF.evaluate(CF.best_bid, v=0, L=0, H=200) == 25.0
    assert CF.evaluate(CF.expected_transfer, v=0, L=0, H=200) == -12.5


def test_auctioneer_and_bidder_payoffs_add_up() -> None:
    # The stake goes to the bidder with probability F(W*), to the auctioneer otherwise: total
    # surplus = v F(W*) + E[W; W > W*]; money only moves between the two.
    v, low, high, w = CF.v, CF.L, CF.H, sp.Symbol("w")
    surplus = v * CF.cdf(CF.threshold) + sp.integrate(w / (high - low), (w, CF.threshold, high))
    assert sp.simplify(CF.bidder_payoff + CF.auctioneer_payoff - surplus) == 0


@pytest.mark.parametrize("low,high,bins", [(0, 200, 100), (40, 240, 100), (0, 100, 50)])
def test_numerical_solver_equals_the_closed_form_on_a_grid(low: int, high: int, bins: int) -> None:
    # Bins of width 2: the midpoints are odd and the CDF is exact at every even 2p, so the
    # numerical payoff of every bid p = 0, 1, 2, ... equals f(p) exactly.
    auctioneer = uniform_midpoints(low, high, bins)
    worths = [0, 17, 40, 75, 100]
    r = solve_lone_bidder(worths, auctioneer, step=1)
    assert r.exploitability < 1e-9
    for t, v in enumerate(worths):
        payoffs = r.payoffs[t]
        for p in range(1, len(payoffs)):
            assert payoffs[p] == pytest.approx(CF.payoff_at(p, v, low, high), abs=1e-9)
        if not CF.is_interior(v, low, high):
            continue
        best = CF.evaluate(CF.best_bid, v=v, L=low, H=high)
        bid = r.bids[t]
        # The grid optimum of a concave quadratic is a nearest grid point to the closed form.
        assert abs(bid - best) <= 0.5
        assert (
            CF.payoff_at(bid, v, low, high)
            >= max(CF.payoff_at(p, v, low, high) for p in range(len(payoffs))) - 1e-9
        )
        assert r.thresholds[t] == 2 * bid
        # The expected transfer at the grid bid equals the closed-form expression p (2F(2p) - 1).
        share = (2 * bid - low) / (high - low)
        assert r.transfers[t] == pytest.approx(bid * (2 * share - 1), abs=1e-9)
        # And at the closed-form optimum the formula differs from the grid's by less than a step.
        closed = CF.evaluate(CF.expected_transfer, v=v, L=low, H=high)
        assert abs(r.transfers[t] - closed) <= 1.0


def test_expected_transfer_over_uniform_bidders() -> None:
    # v uniform on [0, 100], W uniform on [0, 200]: integral of (4v^2 - H^2)/(16H) over v.
    exact = expected_transfer_uniform_bidder(0, 100, 200)
    assert exact == pytest.approx((4 * 100**2 / 3 - 200**2) / (16 * 200))
    r = solve_lone_bidder(list(range(0, 101)), uniform_midpoints(0, 200, 100), step=1)
    assert r.expected_transfer == pytest.approx(exact, abs=1.0)


def test_bad_inputs() -> None:
    with pytest.raises(SolverInputError):
        uniform_midpoints(0, 10, 3)
    with pytest.raises(SolverInputError):
        expected_transfer_uniform_bidder(0, 400, 200)
    with pytest.raises(SolverInputError):
        CF.evaluate(CF.best_bid, v=1, L=5, H=5)
    with pytest.raises(SolverInputError, match="missing"):
        CF.evaluate(CF.best_bid, v=1)


def test_uniform_midpoints_limit() -> None:
    # A grid of 10**9 bins would be built element by element: refused at once.
    with pytest.raises(SolverInputError, match="at most 100,000 bins"):
        uniform_midpoints(0, 2 * 10**9, 10**9)
    assert len(uniform_midpoints(0, 200_000, 100_000)) == 100_000
