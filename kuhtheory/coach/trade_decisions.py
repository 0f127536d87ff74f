"""Trade decisions measured against the solved trade subgame (K-TRD-1..4).

The trade is set up with the decision maker's information and solved in :mod:`.trade_model`
(hands or beliefs, the worths, the budget). The recommendation is the equilibrium mix at the
decision: for the offerer A his offers (card count and total), for the challenged player B his
reply to the card count he saw. The loss is the decision maker's expected payoff of that mix minus
that of the action taken, both against the other trader's equilibrium strategy (each trader's own
payoff, :func:`~kuhtheory.coach.trade_model.payoffs`):

* A: ``u_A(x*, y*) - u_A(o, y*)`` for his offer ``o`` against B's equilibrium reply ``y*`` to its
  count; 0 for every offer his equilibrium lays, up to the solver's tolerance;
* B, when A's equilibrium lays the count he saw: the expectation over A's offers of that count
  (A's mix, over A's hands when they are a belief, conditioned on the count) of B's payoff of the
  recommended reply minus that of his reply. When A's equilibrium never lays that count (off its
  path) there is nothing to condition on: the zero-sum trade with one hand each is solved again
  with the ``proper`` refinement, whose reply at every count is optimal in that count's own game,
  and both replies are measured against A's best offer of that count (B's worst case). Should the
  reply taken still guard better (the general-sum solution is not refined, and the hidden-money
  model takes no ``proper``), the difference counts as 0, with a note.

With the classic tie (the money goes back, A offers again) a first-round tie is worth the second
round's equilibrium payoffs, and the re-offer and the reply to it are measured in the second round.

What kind of solution: a Nash equilibrium of the zero-sum trade refined as the coach's
``refinement`` says (quasi-perfect by default, :mod:`kuhtheory.solvers.refinements`; with one
hand each the ``proper`` solution of :func:`kuhtheory.solvers.trade_round.solution`, which is
quasi-perfect too and is what the equilibrium bot plays), or a Nash
equilibrium of the general-sum trade from Lemke's algorithm (not refined, possibly one of several).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kuhtheory.agents.base import stake_cards
from kuhtheory.agents.equilibrium import pile_of
from kuhtheory.cards import Animal, Counts
from kuhtheory.coach.point import Assessment, DecisionPoint, Skipped, action_text, cards_text
from kuhtheory.coach.trade_model import (
    TradeSetup,
    likeliest,
    offers_of,
    payoffs,
    row_payoffs,
    setup,
    solve,
    tie_payoffs,
)
from kuhtheory.coach.verdict import Advice, Certainty, Kind, Verdict
from kuhtheory.engine import Phase
from kuhtheory.engine.actions import Accept, Action, Counter, Offer, Trade
from kuhtheory.errors import SolverError
from kuhtheory.solvers import ReplyRow
from kuhtheory.solvers.trade import counter_totals, offer_classes
from kuhtheory.solvers.trade_round import RoundSolution

__all__ = [
    "OfferAssessment",
    "ReplyAssessment",
    "offer_assessment",
    "reply_assessment",
    "target_assessments",
    "trade_assessment",
]

#: A recommendation lists the moves of its mix down to this probability (the rest are counted).
SHOWN = 0.005
#: B's equilibrium reply is conditioned on the count he saw when A lays it at least this often.
ON_PATH = 1e-9


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


Move = TypeVar("Move")


def _mix_text(
    items: Sequence[tuple[Move, float]], label: Callable[[Move], str], limit: int = 4
) -> str:
    """The moves of a mix played with some probability, likeliest first: ``label(move) p%``."""
    played = sorted((x for x in items if x[1] > 1e-9), key=lambda x: -x[1])
    shown = [x for x in played[:limit] if x[1] >= SHOWN] or played[:1]
    text = ", ".join(f"{label(move)} {_percent(p)}" for move, p in shown)
    rest = len(played) - len(shown)
    return text + (
        f", {rest} more (together {_percent(1 - sum(p for _, p in shown))})" if rest else ""
    )


def _model(s: TradeSetup, solution: Any, second: bool) -> str:
    rules = s.rules
    accept = "B may accept" if rules.responder_may_accept else "B must counter"
    if s.general:
        kind = f"general-sum trade subgame (W_A = {s.worths[0]}, W_B = {s.worths[1]}; Lemke)"
    elif isinstance(solution, RoundSolution):
        kind = f"zero-sum trade subgame (W = {s.worths[0]}; each count's LP, as the bot plays)"
    else:
        kind = f"zero-sum trade subgame (W = {s.worths[0]}; sequence-form LP)"
    text = (
        f"{kind}, K-TRD-1..4: {accept}, {rules.counter_settlement.value}, tie "
        f"{rules.trade_tie.value}"
    )
    if len(s.a_hands) > 1 or len(s.b_hands) > 1:
        text += ", hidden money as a chance move over the believed hands"
    return text + (", second round after a tie" if second else "")


def _refinement(solution: Any) -> str:
    return str(getattr(solution, "refinement", None) or getattr(solution, "equilibrium", ""))


def _round(solution: Any, s: TradeSetup, second: bool) -> tuple[Any, tuple[float, float] | None]:
    """The round's solution and what a tie is worth in it (None: A takes the stake free)."""
    if not second:
        return solution, tie_payoffs(solution, s)
    if solution.second_round is None:
        raise SolverError("a second trade round without the classic tie rule")
    return solution.second_round, None


@dataclass(frozen=True)
class OfferAssessment:
    """The offerer's pile (a new trade, or the classic re-offer) against the solved trade."""

    advice: Advice
    setup: TradeSetup
    replies: tuple[ReplyRow, ...]
    tie: tuple[float, float] | None

    def judge(self, action: Action) -> Verdict:
        cards = getattr(action, "cards", ())
        s = self.setup
        row = next((r for r in self.replies if r.count == len(cards)), None)
        laid = (len(cards), sum(cards))
        if row is None or self.advice.value is None or laid not in offer_set(s.a_hands[0][0]):
            note = (
                f"not measured: the pile laid ({cards_text(cards)}) is not one of the hand the "
                "solver saw (cut down for the budget): the other trader's equilibrium was not "
                "made against it"
            )
            return Verdict.of(self.advice, action_text(action), None, (note,))
        got = row_payoffs(s.rules, sum(cards), row, s.worths, self.tie)[0]
        return Verdict.of(self.advice, action_text(action), self.advice.value - got)


def offer_assessment(
    point: DecisionPoint,
    opponent: int,
    animal: Animal,
    stake: int,
    second: bool = False,
    pile: Sequence[int] = (),
) -> OfferAssessment | Skipped:
    """The offerer's decision at ``point``: challenge ``opponent`` for ``animal`` (``stake``
    cards, K-TRD-4), or lay the new offer of the classic second round. A hand cut for the budget
    can still lay a pile like ``pile`` (the pile being judged: its count and total)."""
    start = time.perf_counter()
    me = point.seat
    what = (
        f"P{me} offers again to P{opponent} for {stake} {animal.label} after a tie"
        if second
        else f"P{me} challenges P{opponent} for {stake} {animal.label}"
    )
    s = setup(point, me, opponent, animal, stake, what, pile=pile)
    if isinstance(s, str):
        return _skipped(point, Kind.TRADE_OFFER, what, s)
    solution, notes = solve(point, s)
    table, tie = _round(solution, s, second)
    hand = s.a_hands[0][0]
    rows = {r.count: r for r in table.replies}
    offers = offers_of(table, hand)
    value = sum(
        r.probability * row_payoffs(s.rules, r.total, rows[r.count], s.worths, tie)[0]
        for r in offers
        if r.probability > 0
    )

    def lay(offer: tuple[int, int]) -> str:
        count, amount = offer
        return f"lay {count} = {amount} ({cards_text(pile_of(hand, count, amount) or ())})"

    advice = point.advice(
        Kind.TRADE_OFFER,
        _mix_text([((r.count, r.total), r.probability) for r in offers], lay),
        model=_model(s, solution, second),
        refinement=_refinement(table),
        certainty=s.certainty,
        situation=s.situation,
        notes=s.notes + notes,
        value=value,
        seconds=time.perf_counter() - start,
    )
    return OfferAssessment(advice, s, table.replies, tie)


@dataclass(frozen=True)
class ReplyAssessment:
    """The challenged player's accept or counter against the solved trade."""

    advice: Advice
    setup: TradeSetup
    row: ReplyRow
    #: A's offer totals of the count seen, with their probabilities (empty: off the path)
    posterior: tuple[tuple[int, float], ...]
    #: A's offer totals of that count (for the worst case off the path)
    totals: tuple[int, ...]
    tie: tuple[float, float] | None

    def _b_payoff(self, reply: Callable[[int], tuple[float, float]]) -> float:
        """B's expected payoff over A's offers of the count (his worst case off the path)."""
        if self.posterior:
            return sum(p * reply(t)[1] for t, p in self.posterior)
        return min(reply(t)[1] for t in self.totals)

    def recommended(self) -> float:
        """B's payoff of the recommended reply mix."""
        s = self.setup
        return self._b_payoff(lambda t: row_payoffs(s.rules, t, self.row, s.worths, self.tie))

    def judge(self, action: Action) -> Verdict:
        s = self.setup
        reply = None if isinstance(action, Accept) else sum(getattr(action, "cards", ()))
        if reply is not None and reply not in counter_totals(likeliest(s.b_hands)):
            note = (
                f"not measured: a counter of {reply} is not one of the hand the solver saw (cut "
                "down for the budget): the other trader's equilibrium was not made against it"
            )
            return Verdict.of(self.advice, action_text(action), None, (note,))
        got = self._b_payoff(lambda t: payoffs(s.rules, t, reply, s.worths, self.tie))
        loss = self.recommended() - got
        notes: tuple[str, ...] = ()
        if not self.posterior and loss < 0:
            notes = (
                f"off the equilibrium path the reply taken guards better ({-loss:.2f}) than the "
                "solver's reply: counted as 0",
            )
            loss = 0.0
        return Verdict.of(self.advice, action_text(action), loss, notes)


def reply_assessment(point: DecisionPoint) -> ReplyAssessment | Skipped:
    """The challenged player's decision at ``point`` (accept or counter, K-TRD-2)."""
    start = time.perf_counter()
    trade = point.state.trade
    assert trade is not None  # only asked in the trade-response phase
    second = trade.round == 2
    count = trade.offer_count
    what = (
        f"P{trade.offerer} challenges P{point.seat} for {trade.stake} {trade.animal.label} "
        f"with {count} card(s)" + (" (offered again after a tie)" if second else "")
    )
    s = setup(point, trade.offerer, point.seat, trade.animal, trade.stake, what, count)
    if isinstance(s, str):
        return _skipped(point, Kind.TRADE_REPLY, what, s)
    solution, notes = solve(point, s)
    table, tie = _round(solution, s, second)
    weighted: dict[int, float] = {}
    totals: set[int] = set()
    for hand, p in s.a_hands:
        for r in offers_of(table, hand):
            if r.count == count:
                totals.add(r.total)
                weighted[r.total] = weighted.get(r.total, 0.0) + p * r.probability
    mass = sum(weighted.values())
    posterior = tuple((t, w / mass) for t, w in sorted(weighted.items()) if w > 0)
    if mass <= ON_PATH:
        posterior = ()
        notes += (
            f"A's equilibrium never lays {count} card(s): the reply is measured against his "
            "best offer of that count",
        )
        one_hand_each = len(s.a_hands) == 1 and len(s.b_hands) == 1  # what "proper" takes
        if not s.general and one_hand_each and point.settings.refinement != "proper":
            if 2 * s.estimate() <= point.settings.budget:  # a second solve, a little dearer
                proper, more = solve(point, s, refinement="proper")
                table, tie = _round(proper, s, second)
                notes += more + ("the reply there from the proper refinement",)
            else:
                notes += (
                    "no time left in the budget to solve it again with the proper "
                    "refinement: the solver's reply there",
                )
    row = next(r for r in table.replies if r.count == count)
    hand = likeliest(s.b_hands)

    def reply(move: int | None) -> str:
        if move is None:
            return "accept"
        return f"counter {move} ({cards_text(pile_of(hand, -1, move) or ())})"

    moves: list[tuple[int | None, float]] = [(None, row.accept), *row.counters]
    advice = point.advice(
        Kind.TRADE_REPLY,
        _mix_text(moves, reply),
        model=_model(s, solution, second),
        refinement=_refinement(table),
        certainty=s.certainty,
        situation=s.situation,
        notes=s.notes + notes,
        seconds=time.perf_counter() - start,
    )
    assessment = ReplyAssessment(advice, s, row, posterior, tuple(sorted(totals)), tie)
    return _with_value(assessment)


def offer_set(hand: Counts) -> frozenset[tuple[int, int]]:
    """The piles ``hand`` can lay, as (card count, total) classes (what B can tell apart)."""
    return frozenset((c, t) for c, t, _ in offer_classes(hand))


def _with_value(assessment: ReplyAssessment) -> ReplyAssessment:
    """The assessment with B's expected payoff of the recommendation as the advice's value."""
    import dataclasses

    advice = dataclasses.replace(assessment.advice, value=assessment.recommended())
    return dataclasses.replace(assessment, advice=advice)


def _skipped(point: DecisionPoint, kind: Kind, what: str, why: str) -> Skipped:
    return Skipped(
        point.advice(
            kind,
            "not solved",
            model="trade subgame",
            certainty=Certainty.BELIEF,
            situation=what,
            notes=(why,),
        )
    )


def trade_assessment(point: DecisionPoint, action: Action | None) -> Assessment | None:
    """The trade decision at ``point`` for ``action`` (for a hint: None, in the trade's own
    phases), or None when ``point`` is no trade decision."""
    state = point.state
    if isinstance(action, Trade):
        stake = stake_cards(point.obs, action.opponent, action.animal)  # K-TRD-4
        return offer_assessment(point, action.opponent, action.animal, stake, pile=action.cards)
    trade = state.trade
    if trade is None:
        return None
    if isinstance(action, Offer) or (action is None and state.phase is Phase.TRADE_REOFFER):
        pile = action.cards if action is not None else ()
        return offer_assessment(
            point, trade.opponent, trade.animal, trade.stake, second=True, pile=pile
        )
    if isinstance(action, (Accept, Counter)) or (
        action is None and state.phase is Phase.TRADE_RESPONSE
    ):
        return reply_assessment(point)
    return None


def target_assessments(point: DecisionPoint) -> list[OfferAssessment | Skipped]:
    """At the active player's turn: the solved trade with every opponent and species he may
    challenge (K-TURN-2), best value first (the choice between them and an auction has no
    solver)."""
    out: list[OfferAssessment | Skipped] = []
    for opponent, animal in point.state.trade_targets():
        stake = stake_cards(point.obs, opponent, animal)
        out.append(offer_assessment(point, opponent, animal, stake))
    out.sort(key=lambda a: -(a.advice.value if a.advice.value is not None else -math.inf))
    return out
