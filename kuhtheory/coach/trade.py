"""Trade decisions measured against the solved trade subgame (K-TRD-1..4).

Model
-----
The sealed-bid trade of :mod:`kuhtheory.solvers.trade`, solved by
:func:`~kuhtheory.solvers.solve_trade` (sequence-form LP, the solver's refinement of off-path
replies), with the decision maker's information:

* his own hand exactly, the other trader's hand as he takes it (:mod:`.hands`: by default the most
  likely hand under the public money flows); a face-down pile counts as its owner's;
* the stake's worth ``W`` from the worth model (:mod:`.worth`): the trade is zero-sum, ``W`` the
  same for both traders (the average of its worth to each).

The recommendation is the equilibrium mix at the decision: for the offerer A his offers (card count
and total), for the challenged player B his reply to the card count he saw. The loss is the
decision maker's expected payoff of that mix minus that of the action taken, both against the other
trader's equilibrium strategy (payoffs in money, A's being his money change plus ``W`` if he wins,
B's ``W`` minus A's):

* A: ``V - u_A(o, y*)`` for his offer ``o`` against B's equilibrium reply ``y*`` to its count; 0
  for every offer his equilibrium lays, up to the LP's tolerance;
* B, when A's equilibrium lays the count he saw: the expectation over A's offers of that count
  (A's mix conditioned on the count) of ``u_A(o, reply) - u_A(o, y*)``. When A's equilibrium never
  lays that count (off its path) nothing is left to condition on: both replies are measured
  against A's best offer of that count (the worst case), and a negative difference (the solver's
  off-path reply is refined, not proper, and may guard worse than the reply taken) counts as 0 with
  a note.

With the classic tie (the money goes back, A offers again) the first round's tie is worth the
second round's value, and the re-offer and the reply to it are measured in the second round.

Limits: a decision's solve is estimated before it runs (:func:`estimate_seconds`); hands too large
for the budget are cut down (:func:`~kuhtheory.agents.equilibrium.model_hand`: the card counts
and denominations that matter most are kept) until it fits, else the decision is skipped with a
note.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from kuhtheory.agents.base import stake_cards
from kuhtheory.agents.equilibrium import model_hand, pile_of
from kuhtheory.cards import Animal, Counts, from_counts, to_counts, total
from kuhtheory.coach.point import (
    Assessment,
    DecisionPoint,
    Skipped,
    action_text,
    cards_text,
    guess_text,
)
from kuhtheory.coach.verdict import Advice, Certainty, Kind, Verdict
from kuhtheory.editions import TradeTie
from kuhtheory.engine.actions import Accept, Action, Counter, Offer, Trade
from kuhtheory.engine.views import Phase
from kuhtheory.errors import SolverError
from kuhtheory.solvers.trade import TradeRules, counter_payoff, counter_totals, offer_classes
from kuhtheory.solvers.trade_solution import ReplyRow, TradeSolution, solve_trade

__all__ = [
    "SECONDS_PER_CLASS",
    "SECONDS_PER_ENTRY",
    "OfferAssessment",
    "ReplyAssessment",
    "estimate_seconds",
    "offer_assessment",
    "reply_assessment",
    "target_assessments",
    "trade_assessment",
]

#: The trade solver's cost per round, from ``solve_trade`` on 10- to 34-card hands on this
#: machine (0.05 to 2.3 s): seconds per offer class (tables, labels, the exact offer piles) and
#: per payoff entry (offer classes x counter totals: the LP and its refinement). Cautious: the
#: estimate may run up to twice the time, rarely under it.
SECONDS_PER_CLASS = 1.5e-4
SECONDS_PER_ENTRY = 4e-6
#: Hands with more piles than this are not enumerated for an estimate.
MAX_ENUMERATED = 200_000
#: A hand is never cut below this many cards to meet the budget.
MIN_CARDS = 4
#: Mixed strategies show their moves down to this probability.
SHOWN = 1e-9


@dataclass(frozen=True)
class TradeSetup:
    """The trade as the decision maker models it: hands, ``W`` and what was cut."""

    rules: TradeRules
    offerer: int
    opponent: int
    animal: Animal
    stake: int
    a_hand: Counts
    b_hand: Counts
    worth: int
    certainty: Certainty
    notes: tuple[str, ...]
    situation: str


def estimate_seconds(rules: TradeRules, a_hand: Counts, b_hand: Counts) -> float:
    """A cautious estimate of ``solve_trade``'s time on these hands (both rounds of classic).

    >>> rules = TradeRules.from_edition("classic")
    >>> round(estimate_seconds(rules, to_counts((0, 10, 10, 50)), to_counts((10, 50))), 4)
    0.034
    """
    subsets = math.prod(c + 1 for c in a_hand)
    if subsets <= MAX_ENUMERATED:
        classes = len(offer_classes(a_hand))
        totals = len(counter_totals(b_hand))
    else:  # too many piles to list them just for an estimate: bounds
        classes = min(subsets, (sum(a_hand) + 1) * (total(a_hand) // 10 + 1))
        totals = min(math.prod(c + 1 for c in b_hand), total(b_hand) // 10 + 1)
    rounds = 2 if rules.trade_tie is TradeTie.REOFFER_THEN_FREE else 1
    per_round = classes * SECONDS_PER_CLASS + classes * totals * SECONDS_PER_ENTRY
    return 0.03 + rounds * per_round


def _fit(
    rules: TradeRules, a: Counts, b: Counts, budget: float, max_cards: int | None, a_floor: int
) -> tuple[Counts, Counts, list[str]] | None:
    """The hands cut to ``max_cards`` and then, one card at a time from the larger, until the
    estimate fits ``budget``; None if even ``MIN_CARDS`` each does not fit. A's hand keeps at
    least ``a_floor`` cards (the pile being judged, or the count B saw)."""
    notes = []
    new_a, new_b = a, b
    if max_cards is not None:
        new_a = _cut(a, max_cards, a_floor)
        new_b = _cut(b, max_cards)
    while estimate_seconds(rules, new_a, new_b) > budget:
        if sum(new_a) >= sum(new_b) and sum(new_a) > max(MIN_CARDS, a_floor):
            new_a = _cut(new_a, sum(new_a) - 1, a_floor)
        elif sum(new_b) > MIN_CARDS:
            new_b = _cut(new_b, sum(new_b) - 1)
        else:
            return None
    for who, old, new in (("A's", a, new_a), ("B's", b, new_b)):
        if new != old:
            notes.append(
                f"{who} hand cut from {sum(old)} to {sum(new)} cards for the solver "
                f"({cards_text(from_counts(new))})"
            )
    return new_a, new_b, notes


def _cut(hand: Counts, cards: int, floor: int = 0) -> Counts:
    """``hand`` cut to at most ``cards`` cards by the equilibrium bot's rule (at most two 0-cards,
    then a spread of the others, :func:`~kuhtheory.agents.equilibrium.model_hand`), keeping at
    least ``floor`` cards (0-cards first, then the smallest): the pile the other player saw must
    still fit in it.

    >>> from_counts(_cut(to_counts((0, 0, 0, 0, 10, 50)), 3, floor=5))
    (0, 0, 0, 0, 10)
    """
    out = list(model_hand(hand, cards))
    for i in range(len(out)):
        out[i] += min(max(floor - sum(out), 0), hand[i] - out[i])
    return tuple(out)


def _setup(
    point: DecisionPoint,
    offerer: int,
    opponent: int,
    animal: Animal,
    stake: int,
    what: str,
    a_floor: int = 0,
) -> TradeSetup | Skipped:
    rules = TradeRules.from_edition(point.state.edition)
    a, b = point.hand(offerer), point.hand(opponent)
    settings = point.settings
    fitted = _fit(
        rules, to_counts(a.cards), to_counts(b.cards), settings.budget, settings.max_cards, a_floor
    )
    kind = Kind.TRADE_OFFER if point.seat == offerer else Kind.TRADE_REPLY
    certainty = Certainty.FLOAT if a.exact and b.exact else Certainty.BELIEF
    situation = f"{what}; {guess_text(offerer, a)}; {guess_text(opponent, b)}"
    if fitted is None:
        return Skipped(
            point.advice(
                kind,
                "not solved",
                model="trade subgame",
                certainty=certainty,
                situation=situation,
                notes=(
                    f"skipped: the trade on these hands is estimated at "
                    f"{estimate_seconds(rules, to_counts(a.cards), to_counts(b.cards)):.1f} s, "
                    f"over the budget of {settings.budget:g} s even with "
                    f"{MIN_CARDS}-card hands",
                ),
            )
        )
    a_hand, b_hand, notes = fitted
    worth = settings.worth.trade_worth(point.obs, offerer, opponent, animal, stake, a_hand, b_hand)
    return TradeSetup(
        rules,
        offerer,
        opponent,
        animal,
        stake,
        a_hand,
        b_hand,
        worth,
        certainty,
        tuple(notes),
        f"{situation}; W {worth}",
    )


def _solve(point: DecisionPoint, setup: TradeSetup) -> tuple[TradeSolution, tuple[str, ...]]:
    a, b = from_counts(setup.a_hand), from_counts(setup.b_hand)
    try:
        return solve_trade(point.state.edition, a, b, setup.worth), ()
    except SolverError:
        # The off-path refinement's second LP can fail numerically on some hands; the unrefined
        # equilibrium is still an equilibrium (as the equilibrium bot does).
        note = "the refinement's LP failed: unrefined equilibrium (off-path replies may be weaker)"
        return solve_trade(point.state.edition, a, b, setup.worth, refined=False), (note,)


def _model(setup: TradeSetup, solution: TradeSolution, second: bool) -> str:
    rules = setup.rules
    accept = "B may accept" if rules.responder_may_accept else "B must counter"
    text = (
        f"zero-sum trade subgame (K-TRD-1..4: {accept}, {rules.counter_settlement.value}, "
        f"tie {rules.trade_tie.value}), W = {setup.worth}, equilibrium by the sequence-form LP"
    )
    return text + (", second round after a tie" if second else "")


def _round(solution: TradeSolution, second: bool) -> tuple[TradeSolution, Fraction | float | None]:
    """The round's solution and the payoff of a tie in it (None: A takes the stake free)."""
    if second:
        if solution.second_round is None:
            raise SolverError("a second trade round without the classic tie rule")
        return solution.second_round, None
    later = solution.second_round
    if later is None:
        return solution, None
    return solution, later.value_exact if later.value_exact is not None else later.value


def _payoff(
    rules: TradeRules, offer: int, reply: int | None, worth: int, tie: Fraction | float | None
) -> float:
    """A's payoff of the offer total ``offer`` against a reply: accept (None) or a counter total."""
    if reply is None:
        return float(worth - offer)
    return float(counter_payoff(rules, offer, reply, Fraction(worth), tie))  # type: ignore[arg-type]


def _row_payoff(
    rules: TradeRules, offer: int, row: ReplyRow, worth: int, tie: Fraction | float | None
) -> float:
    """A's expected payoff of the offer total ``offer`` against B's reply mix ``row``."""
    value = row.accept * _payoff(rules, offer, None, worth, tie) if row.accept > 0 else 0.0
    for counter, p in row.counters:
        if p > 0:
            value += p * _payoff(rules, offer, counter, worth, tie)
    return value


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


Move = TypeVar("Move")


def _mix_text(
    items: Sequence[tuple[Move, float]], label: Callable[[Move], str], limit: int = 4
) -> str:
    """The moves of a mix played with some probability, likeliest first: ``label(move) p%``."""
    shown = sorted((x for x in items if x[1] > SHOWN), key=lambda x: -x[1])
    text = ", ".join(f"{label(move)} {_percent(p)}" for move, p in shown[:limit])
    return text + (f", {len(shown) - limit} more" if len(shown) > limit else "")


@dataclass(frozen=True)
class OfferAssessment:
    """The offerer's pile (a new trade, or the classic re-offer) against the solved trade."""

    advice: Advice
    setup: TradeSetup
    solution: TradeSolution
    tie: Fraction | float | None

    def judge(self, action: Action) -> Verdict:
        cards = getattr(action, "cards", ())
        rows = {r.count: r for r in self.solution.replies}
        row = rows.get(len(cards))
        if row is None or self.advice.value is None:
            note = f"a pile of {len(cards)} cards is beyond the hand the solver saw"
            return Verdict.of(self.advice, action_text(action), None, (note,))
        got = _row_payoff(self.setup.rules, sum(cards), row, self.setup.worth, self.tie)
        return Verdict.of(self.advice, action_text(action), self.advice.value - got)


def offer_assessment(
    point: DecisionPoint,
    opponent: int,
    animal: Animal,
    stake: int,
    second: bool = False,
    pile: int = 0,
) -> OfferAssessment | Skipped:
    """The offerer's decision at ``point``: challenge ``opponent`` for ``animal`` (``stake``
    cards, K-TRD-4), or lay the new offer of the classic second round. A hand cut for the budget
    keeps at least ``pile`` cards (the pile being judged)."""
    start = time.perf_counter()
    me = point.seat
    what = (
        f"P{me} offers again to P{opponent} for {stake} {animal.label} after a tie"
        if second
        else f"P{me} challenges P{opponent} for {stake} {animal.label}"
    )
    setup = _setup(point, me, opponent, animal, stake, what, pile)
    if isinstance(setup, Skipped):
        return setup
    solution, notes = _solve(point, setup)
    table, tie = _round(solution, second)
    rows = {r.count: r for r in table.replies}
    offers = table.offers[from_counts(setup.a_hand)]
    value = sum(
        r.probability * _row_payoff(setup.rules, r.total, rows[r.count], setup.worth, tie)
        for r in offers
        if r.probability > 0
    )
    hand = setup.a_hand

    def lay(offer: tuple[int, int]) -> str:
        count, amount = offer
        return f"lay {count} = {amount} ({cards_text(pile_of(hand, count, amount) or ())})"

    advice = point.advice(
        Kind.TRADE_OFFER,
        _mix_text([((r.count, r.total), r.probability) for r in offers], lay),
        model=_model(setup, solution, second),
        refinement=table.refinement,
        certainty=setup.certainty,
        situation=setup.situation,
        notes=setup.notes + notes,
        value=value,
        seconds=time.perf_counter() - start,
    )
    return OfferAssessment(advice, setup, table, tie)


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
    tie: Fraction | float | None

    def _a_payoff(self, reply: int | None) -> float:
        s = self.setup
        if self.posterior:
            return sum(p * _payoff(s.rules, t, reply, s.worth, self.tie) for t, p in self.posterior)
        return max(_payoff(s.rules, t, reply, s.worth, self.tie) for t in self.totals)

    def recommended_a_payoff(self) -> float:
        """A's expected payoff against B's recommended reply mix (B's is ``W`` minus it)."""
        s = self.setup
        if self.posterior:
            return sum(
                p * _row_payoff(s.rules, t, self.row, s.worth, self.tie) for t, p in self.posterior
            )
        return max(_row_payoff(s.rules, t, self.row, s.worth, self.tie) for t in self.totals)

    def judge(self, action: Action) -> Verdict:
        reply = None if isinstance(action, Accept) else sum(getattr(action, "cards", ()))
        loss = self._a_payoff(reply) - self.recommended_a_payoff()
        notes: tuple[str, ...] = ()
        if not self.posterior and loss < 0:
            notes = (
                f"off the equilibrium path the reply taken guards better ({-loss:.2f}) than the "
                "solver's refined reply: counted as 0 (a proper refinement would recommend a "
                "reply at least as good)",
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
    setup = _setup(point, trade.offerer, point.seat, trade.animal, trade.stake, what, count)
    if isinstance(setup, Skipped):
        return setup
    solution, notes = _solve(point, setup)
    table, tie = _round(solution, second)
    row = next(r for r in table.replies if r.count == count)
    offers = [r for r in table.offers[from_counts(setup.a_hand)] if r.count == count]
    mass = sum(r.probability for r in offers)
    posterior = tuple((r.total, r.probability / mass) for r in offers if r.probability > 0)
    if mass <= SHOWN:
        posterior = ()
        notes += (
            f"A's equilibrium never lays {count} card(s): the reply is measured against his "
            "best offer of that count",
        )
    hand = setup.b_hand

    def reply(move: int | None) -> str:
        if move is None:
            return "accept"
        return f"counter {move} ({cards_text(pile_of(hand, -1, move) or ())})"

    assessment = ReplyAssessment(
        point.advice(
            Kind.TRADE_REPLY,
            _mix_text([(None, row.accept), *row.counters], reply),  # type: ignore[list-item]
            model=_model(setup, solution, second),
            refinement=table.refinement,
            certainty=setup.certainty,
            situation=setup.situation,
            notes=setup.notes + notes,
            seconds=time.perf_counter() - start,
        ),
        setup,
        row,
        posterior,
        tuple(r.total for r in offers),
        tie,
    )
    return assessment


def trade_assessment(point: DecisionPoint, action: Action | None) -> Assessment | None:
    """The trade decision at ``point`` for ``action`` (for a hint: None, in the trade's own
    phases), or None when ``point`` is no trade decision."""
    state = point.state
    if isinstance(action, Trade):
        stake = stake_cards(point.obs, action.opponent, action.animal)  # K-TRD-4
        return offer_assessment(
            point, action.opponent, action.animal, stake, pile=len(action.cards)
        )
    trade = state.trade
    if trade is None:
        return None
    if isinstance(action, Offer) or (action is None and state.phase is Phase.TRADE_REOFFER):
        pile = len(action.cards) if action is not None else 0
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
