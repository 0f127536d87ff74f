"""The coach: every decision of a game measured against the solved subgames.

Given a game (a record, or a game state with its history) the coach goes through the decisions
and, for each one a solver covers, says what was done, what the solved subgame recommends, and the
expected loss in money of the action taken, under a stated model:

* trade offers and replies (:mod:`.trade_decisions`, :mod:`.trade_model`): the trade subgame
  solved with the decision maker's information (:mod:`.hands`) and the stake's worth
  (:mod:`.worth`);
* the auctioneer's sell-or-preempt decision with the no-change cost (:mod:`.hammer`);
* payments against the least overpay (:mod:`.payments`, K-PAY-1);
* bids, in the complete-information auction model, labelled as a model (:mod:`.bids`).

Each verdict (:class:`Verdict`) names its model and refinement and how sure it is
(:class:`Certainty`: exact, float, belief). :func:`coach_game` measures a whole game and sums up
each player (:class:`PlayerSummary`); a :class:`Coach` follows a game as it is played and gives a
hint (:meth:`Coach.advise`) before a decision; :func:`~kuhtheory.coach.compare.compare_bots`
ranks bots by their losses at the same positions.

The coach sits above the agents and solvers (it uses the equilibrium bot's valuation and belief,
the trade, preemption and auction solvers and the payment rules) and below the widgets and the
command line (``kuhtheory coach RECORD``).

>>> report = coach_game("classic-preemption", seats=[1], kinds=["payment"])
>>> report.verdicts[0].line()
'step    5  P1 payment       pay 10 = 10  | recommended: pay 10 = 10  | loss 0 (exact)'
"""

from kuhtheory.coach.hands import HandGuess, HandReader, Hands
from kuhtheory.coach.report import CoachReport, PlayerSummary, coach_game, game_steps
from kuhtheory.coach.session import DEFAULT_BUDGET, NOT_MEASURED, Coach
from kuhtheory.coach.verdict import Advice, Certainty, Kind, Verdict
from kuhtheory.coach.worth import FamilyWorth, FixedWorth, WorthModel

__all__ = [
    "DEFAULT_BUDGET",
    "NOT_MEASURED",
    "Advice",
    "Certainty",
    "Coach",
    "CoachReport",
    "FamilyWorth",
    "FixedWorth",
    "HandGuess",
    "HandReader",
    "Hands",
    "Kind",
    "PlayerSummary",
    "Verdict",
    "WorthModel",
    "coach_game",
    "game_steps",
]
