"""The coach following one game: :class:`Coach` advises before a decision and judges it after.

A :class:`Coach` is fed the game in order, one decision at a time (:meth:`Coach.judge`); it keeps
each coached seat's belief about the others' money up to date (fed at each of his decisions, as a
bot is fed its observations) and routes the decision by phase to the kind that measures it:

==================  ==========================================  =================================
phase               decision (action)                           measured by
==================  ==========================================  =================================
turn                a trade's pile (``Trade``)                  :mod:`.trade_decisions` (offer)
trade response      ``Accept`` or ``Counter``                   :mod:`.trade_decisions` (reply)
trade re-offer      ``Offer`` (classic, after a tie)            :mod:`.trade_decisions` (round 2)
hammer              ``Sell`` or ``Preempt``                     :mod:`.hammer`
buy-back (bluff)    ``Sell`` or ``BuyBack``                     :mod:`.hammer`, :mod:`.payments`
payment             ``Pay``                                     :mod:`.payments`
bidding             ``Bid`` or ``Pass``                         :mod:`.bids` (a model)
==================  ==========================================  =================================

Not measured: the choice between auctioning and trading and whom to challenge (no solver
compares them), and bids in auctions with one bid per bidder (no model fits).

>>> from kuhtheory.engine import new_game, Auction
>>> coach = Coach()
>>> s = new_game(players=3, seed=1, first_player=0)
>>> coach.judge(0, s, Auction(0))   # the turn's choice itself is not measured
[]
>>> s = s.apply(Auction(0))
>>> [a.kind.value for a in coach.advise(s)]
['bid']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from kuhtheory.coach.bids import bid_assessment
from kuhtheory.coach.hammer import hammer_assessment
from kuhtheory.coach.hands import HandReader, Hands
from kuhtheory.coach.payments import payment_assessment
from kuhtheory.coach.point import Assessment, DecisionPoint, Settings
from kuhtheory.coach.trade_decisions import target_assessments, trade_assessment
from kuhtheory.coach.verdict import Advice, Kind, Verdict
from kuhtheory.coach.worth import FamilyWorth, WorthModel
from kuhtheory.editions import Edition
from kuhtheory.engine import Phase
from kuhtheory.engine.actions import Action, Sell
from kuhtheory.engine.state import GameState
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers import Refinement

__all__ = ["DEFAULT_BUDGET", "NOT_MEASURED", "Coach", "not_measured"]

#: Seconds a decision's solve may take, estimated before it runs (see :mod:`.trade_model`).
DEFAULT_BUDGET = 1.0

#: What the coach never measures, and why (said once per report).
NOT_MEASURED = (
    "the choice between auctioning and trading, and whom to challenge: no solver compares them",
)
#: Said too when the game's bidders may bid only once per auction.
NOT_MEASURED_ONE_BID = (
    "bids when each bidder may bid only once (2025 'no kidding'): no auction model here fits"
)


def not_measured(edition: Edition) -> tuple[str, ...]:
    """What the coach does not measure in a game of ``edition``, and why.

    >>> from kuhtheory.editions import get_edition
    >>> classic, no_kidding = get_edition("classic"), get_edition("2025", ["no-kidding"])
    >>> len(not_measured(classic)), len(not_measured(no_kidding))
    (1, 2)
    """
    if edition.one_bid_per_auction:
        return (*NOT_MEASURED, NOT_MEASURED_ONE_BID)
    return NOT_MEASURED


class Coach:
    """Advice and verdicts for the decisions of one game (module docstring).

    Parameters
    ----------
    seats
        The seats to coach (default: every seat).
    hands
        ``"belief"`` (each player's information) or ``"public"`` (every hand face up).
    worth
        The worth model (default :class:`~kuhtheory.coach.worth.FamilyWorth`).
    budget
        Seconds a decision's solve may take (estimated before it runs); larger trades are cut
        down, or skipped with a note.
    max_cards
        Cut hands with more cards for the trade solver (None: only the budget cuts).
    kinds
        The kinds of decision to measure (default: all of :class:`~kuhtheory.coach.verdict.Kind`).
    general_sum
        Solve trades with the stake worth its own value to each trader (Lemke's algorithm; much
        slower, one hand each) rather than zero-sum with the average worth.
    spread
        0: the other trader's most likely hand; 1 to 4: a belief over that many likely hands
        either side (zero-sum only; classic keeps the likely hand, :mod:`.trade_model`).
    refinement
        The zero-sum trade's refinement: ``"quasi-perfect"`` (the solver's default),
        ``"proper"`` or ``"none"``.
    """

    def __init__(
        self,
        seats: Iterable[int] | None = None,
        *,
        hands: Hands | str = Hands.BELIEF,
        worth: WorthModel | None = None,
        budget: float = DEFAULT_BUDGET,
        max_cards: int | None = None,
        kinds: Collection[Kind | str] | None = None,
        general_sum: bool = False,
        spread: int = 0,
        refinement: str = "quasi-perfect",
    ) -> None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget > 0:
            raise SolverInputError(f"budget={budget!r} must be a number of seconds > 0")
        if max_cards is not None and (
            isinstance(max_cards, bool) or not isinstance(max_cards, int) or max_cards < 1
        ):
            raise SolverInputError(f"max_cards={max_cards!r} must be a whole number >= 1")
        if isinstance(spread, bool) or not isinstance(spread, int) or not 0 <= spread <= 4:
            raise SolverInputError(f"spread={spread!r} must be a whole number from 0 to 4")
        self.seats = None if seats is None else frozenset(seats)
        self.settings = Settings(
            HandReader(hands),
            FamilyWorth() if worth is None else worth,
            float(budget),
            max_cards,
            bool(general_sum),
            spread,
            Refinement.parse(refinement).value,
        )
        self.kinds = frozenset(Kind) if kinds is None else frozenset(_kind(k) for k in kinds)

    def coaches(self, seat: int | None) -> bool:
        """Whether ``seat``'s decisions are measured."""
        return seat is not None and (self.seats is None or seat in self.seats)

    def _point(self, step: int, state: GameState) -> DecisionPoint | None:
        seat = state.current_player
        if not self.coaches(seat):
            return None
        assert seat is not None
        self.settings.reader.observe(state, seat)
        return DecisionPoint(step, state, seat, self.settings)

    def _assess(self, point: DecisionPoint, action: Action | None) -> list[Assessment]:
        phase = point.state.phase
        kinds = self.kinds
        found: list[Assessment | None] = []
        if phase in (Phase.TURN, Phase.TRADE_RESPONSE, Phase.TRADE_REOFFER):
            if kinds & {Kind.TRADE_OFFER, Kind.TRADE_REPLY}:
                found.append(trade_assessment(point, action))
        elif phase is Phase.HAMMER or phase is Phase.BUY_BACK:
            if Kind.PREEMPTION in kinds:
                found.append(hammer_assessment(point))
            if phase is Phase.BUY_BACK and Kind.PAYMENT in kinds and not isinstance(action, Sell):
                found.append(payment_assessment(point, action))  # the buy-back's cards
        elif phase is Phase.PAYMENT and Kind.PAYMENT in kinds:
            found.append(payment_assessment(point, action))
        elif phase is Phase.BIDDING and Kind.BID in kinds:
            found.append(bid_assessment(point))
        return [a for a in found if a is not None and a.advice.kind in kinds]

    def observe(self, state: GameState) -> None:
        """Feed the player to move at ``state`` his observation, where his decision is not
        measured (:meth:`judge`, :meth:`assess` and :meth:`advise` feed it themselves): his belief
        about the others' money follows him as it would in the game."""
        seat = state.current_player
        if self.coaches(seat):
            assert seat is not None
            self.settings.reader.observe(state, seat)

    def judge(self, step: int, state: GameState, action: Action) -> list[Verdict]:
        """The verdicts on ``action`` taken at ``state``, the game's decision number ``step``
        (none when the seat is not coached or no solver covers the decision). Call it for every
        action of the game, in order."""
        return [a.judge(action) for a in self.assess(step, state, action)]

    def assess(self, step: int, state: GameState, action: Action | None) -> list[Assessment]:
        """The assessments of the decision at ``state`` that ``action`` is one of (for a hint:
        None): each gives the advice and judges any action of that decision."""
        point = self._point(step, state)
        if point is None:
            return []
        return self._assess(point, action)

    def advise(self, state: GameState, step: int | None = None) -> list[Advice]:
        """The advice for the decision in front of the player to move (a hint). At his turn, one
        advice per trade he may start, the best first (whether to auction instead is his call)."""
        point = self._point(state.history_length if step is None else step, state)
        if point is None:
            return []
        if state.phase is Phase.TURN:
            if Kind.TRADE_OFFER not in self.kinds:
                return []
            return [a.advice for a in target_assessments(point)]
        return [a.advice for a in self._assess(point, None)]


def _kind(kind: Kind | str) -> Kind:
    if isinstance(kind, Kind):
        return kind
    try:
        return Kind(str(kind).strip().lower())
    except ValueError:
        choices = ", ".join(k.value for k in Kind)
        raise SolverInputError(f"kind {kind!r} is unknown: choose from {choices}") from None
