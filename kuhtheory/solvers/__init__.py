"""Solvers for Kuhhandel's subgames: they use cards, editions and payments, never engine state.

* :mod:`.preemption` — the auctioneer's sell-or-preempt decision after the hammer (K-AUC-4) with
  no-change payments (K-PAY-1), and :func:`decision_regions` for plots;
* :mod:`.auction` (game in :mod:`.auction_game`) — the ascending auction with the right under
  complete information: the undominated subgame-perfect equilibrium by default (or the one in which
  indifferent bidders pass), certified at every state;
* :mod:`.bayesian` (inputs in :mod:`.private_worths`) — private worths: the Bayesian equilibrium
  of the clock auction with the right, verified by exploitability;
* :mod:`.efg`, :mod:`.sequence_form`, :mod:`.best_response`, :mod:`.exact`, :mod:`.solve` —
  two-player zero-sum extensive-form games with chance, solved by the sequence-form LP (Koller,
  Megiddo & von Stengel 1996) on HiGHS, refined off the path, certified exactly in fractions;
* :mod:`.trade`, :mod:`.trade_solution` — the sealed-bid trade (K-TRD-1..3) for every edition:
  :func:`solve_trade` with readable offer and reply tables;
* :mod:`.normal_form` (reduced normal form, its size, nashpy bridge), :mod:`.gambit_io`
  (.efg export Gambit reads), :mod:`.kuhn` (Kuhn poker, value -1/18, Kuhn's family of optimal
  strategies);
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
from kuhtheory.solvers.efg import Chance, Decision, Game, Terminal
from kuhtheory.solvers.gambit_io import to_efg, write_efg
from kuhtheory.solvers.kuhn import kuhn_poker
from kuhtheory.solvers.normal_form import normal_form_size, reduced_normal_form, solve_with_nashpy
from kuhtheory.solvers.preemption import (
    DecisionRegions,
    Payoffs,
    PreemptionDecision,
    Purse,
    View,
    decide_preemption,
    decision_regions,
)
from kuhtheory.solvers.result import SolveResult
from kuhtheory.solvers.solve import solve_game, solve_sequence_form
from kuhtheory.solvers.trade import TradeRules, trade_game
from kuhtheory.solvers.trade_solution import OfferRow, ReplyRow, TradeSolution, solve_trade

__all__ = [
    "Chance",
    "Decision",
    "Game",
    "OfferRow",
    "ReplyRow",
    "SolveResult",
    "Terminal",
    "TradeRules",
    "TradeSolution",
    "kuhn_poker",
    "normal_form_size",
    "reduced_normal_form",
    "solve_game",
    "solve_sequence_form",
    "solve_trade",
    "solve_with_nashpy",
    "to_efg",
    "trade_game",
    "write_efg",
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
