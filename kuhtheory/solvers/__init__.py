"""Solvers for Kuhhandel's subgames: they use cards, editions and payments, never engine state.

Two-player zero-sum games in extensive form, one straight pipeline (each stage a module that uses
only the ones before it; ``tests/test_solvers_pipeline.py`` checks it):

1. **build** -- :mod:`.efg` (game trees with chance), :mod:`.sequence_form` (the sequence form of
   Koller, Megiddo & von Stengel 1996), :mod:`.trade` (the sealed-bid trade, K-TRD-1..3, for every
   edition: rules, the round's sequence form written with numpy, the full tree),
   :mod:`.best_response` (what a plan earns: best responses, exploitability);
2. **solve** -- :mod:`.highs` (HiGHS through ``highspy``), :mod:`.lp` (the sequence-form LP, its
   answers checked by best responses);
3. **refine** -- :mod:`.refinements` (``"none"``, ``"quasi-perfect"``, ``"proper"``);
4. **certify** -- :mod:`.exact` (fractions: rounding, support equations, an exact simplex) and
   :mod:`.certify` (exploitability and each refinement's defining property, float or exact);
5. **report** -- :mod:`.result` and the front door :mod:`.solve` (:func:`solve_game`,
   :func:`solve_sequence_form`); for trades :mod:`.trade_solution` (:func:`solve_trade`) and the
   readable tables of :mod:`.trade_tables` (:class:`TradeSolution`, :class:`TradeSummary`).
   :func:`solve_trade` also hands over to two variants built on the stages above: hidden money
   as the rules give it, a belief over A's hand straight into arrays (:mod:`.trade_hidden`, the
   model and its aggregated LP in :mod:`.hidden_model`), and
   general-sum trades (:mod:`.trade_general`), solved by Lemke's algorithm on the sequence form
   of a bimatrix game (:mod:`.lemke`, Koller, Megiddo & von Stengel 1996; the tracing start of
   von Stengel, van den Elzen & Talman 2002).

Beside it: :mod:`.preemption` (the auctioneer's sell-or-preempt decision, K-AUC-4, with
no-change payments, K-PAY-1), :mod:`.auction` (game in :mod:`.auction_game`, selection in
:mod:`.auction_equilibrium`: the ascending auction with the right under complete information),
:mod:`.bayesian` (inputs in :mod:`.private_worths`: private worths), :mod:`.toy` (closed forms of
the toy trades), :mod:`.normal_form` (reduced normal form, its size, nashpy bridge),
:mod:`.gambit_io` (.efg export Gambit reads), :mod:`.kuhn` (Kuhn poker, value -1/18, Kuhn's
family), :mod:`.symbolic` (sympy closed forms, imported on demand) and :mod:`.choices` (one parser
for the solvers' string-valued options).
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
from kuhtheory.solvers.refinements import Refinement
from kuhtheory.solvers.result import SolveResult
from kuhtheory.solvers.solve import solve_game, solve_sequence_form
from kuhtheory.solvers.trade import TradeRules, trade_game
from kuhtheory.solvers.trade_solution import solve_trade
from kuhtheory.solvers.trade_tables import (
    OfferRow,
    ReplyRow,
    TradeSolution,
    TradeSummary,
    summarise,
)

__all__ = [
    "Chance",
    "Decision",
    "Game",
    "OfferRow",
    "Refinement",
    "ReplyRow",
    "SolveResult",
    "Terminal",
    "TradeRules",
    "TradeSolution",
    "TradeSummary",
    "kuhn_poker",
    "normal_form_size",
    "reduced_normal_form",
    "solve_game",
    "solve_sequence_form",
    "solve_trade",
    "solve_with_nashpy",
    "summarise",
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
