"""Solvers for Kuhhandel's subgames: they use cards, editions and payments, never engine state.

* :mod:`.preemption` — the auctioneer's sell-or-preempt decision after the hammer (K-AUC-4) with
  no-change payments (K-PAY-1), and :func:`decision_regions` for plots;
* :mod:`.auction` — the ascending auction with the right under complete information (subgame-perfect
  equilibrium, checked on every bid path);
* :mod:`.bayesian` — private worths: the Bayesian equilibrium of the clock auction with the right,
  verified by exploitability;
* :mod:`.symbolic` — sympy closed forms for the textbook lone-bidder case (imported on demand, since
  sympy is slow to import).
"""

from kuhtheory.solvers.auction import (
    AuctionComparison,
    AuctionGame,
    AuctionResult,
    AuctionSweep,
    auction_sweep,
    compare_auction,
    solve_auction,
    verify_by_paths,
)
from kuhtheory.solvers.bayesian import (
    BayesianAuctionResult,
    BayesianComparison,
    LoneBidderResult,
    compare_bayesian,
    solve_bayesian_auction,
    solve_lone_bidder,
)
from kuhtheory.solvers.preemption import (
    DecisionRegions,
    Payoffs,
    PreemptionDecision,
    Purse,
    View,
    decide_preemption,
    decision_regions,
)

__all__ = [
    "AuctionComparison",
    "AuctionGame",
    "AuctionResult",
    "AuctionSweep",
    "BayesianAuctionResult",
    "BayesianComparison",
    "DecisionRegions",
    "LoneBidderResult",
    "Payoffs",
    "PreemptionDecision",
    "Purse",
    "View",
    "auction_sweep",
    "compare_auction",
    "compare_bayesian",
    "decide_preemption",
    "decision_regions",
    "solve_auction",
    "solve_bayesian_auction",
    "solve_lone_bidder",
    "verify_by_paths",
]
