"""The trade as the decision maker models it, solved: hands, worths, the solve and its payoffs.

A trade decision is measured in the trade subgame of :mod:`kuhtheory.solvers.trade`, set up with
the decision maker's information (:func:`setup`) and solved by
:func:`~kuhtheory.solvers.solve_trade` (:func:`solve`; with one hand each and the zero-sum
trade, unless the refinement is ``none``, by :func:`kuhtheory.solvers.trade_round.solution`: the
solution the equilibrium bot plays, ``proper`` and so also quasi-perfect, so that a bot's optimal
move is never judged against the replies of another optimal solution):

* hands: his own exactly; the other trader's as he takes it (:mod:`.hands`), a face-down pile
  counted as its owner's. With ``spread > 0`` the other's hand is the tracker's belief over hands
  (a chance move, :mod:`kuhtheory.solvers.trade_hidden`): over the offerer's hand when the
  challenged player decides, over the challenged player's in the one-round editions when the
  offerer does. Classic keeps the most likely hand: there a tie leads to a second round that the
  hidden model's tables do not show.
* worths: zero-sum by default, the stake worth the same ``W`` to both (the average of its worth to
  each, :mod:`.worth`); with ``general_sum`` its own worth to each, ``(W_A, W_B)``, solved by
  Lemke's algorithm (one hand each; slower, and it may have several equilibria);
* limits: a solve is estimated before it runs (:func:`estimate_seconds`) and hands too large for
  the budget are cut down (:func:`cut`), else the decision is skipped.

Payoffs (:func:`payoffs`) are each trader's own: A's money change plus ``W_A`` if he ends with
the stake, B's the opposite money change plus ``W_B`` if he does; a first-round classic tie is
worth the second round's equilibrium payoffs to each. In the zero-sum trade B's payoff is ``W``
minus A's, so both measures agree with the solver's value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kuhtheory.agents.equilibrium import model_hand, pile_of
from kuhtheory.cards import (
    Animal,
    Counts,
    add,
    contains,
    from_counts,
    subtract,
    to_counts,
    total,
)
from kuhtheory.coach.hands import HandGuess
from kuhtheory.coach.point import DecisionPoint, cards_text, guess_text
from kuhtheory.coach.verdict import Certainty
from kuhtheory.editions import TradeTie
from kuhtheory.errors import SolverError
from kuhtheory.solvers import OfferRow, ReplyRow, solve_trade, trade_round
from kuhtheory.solvers.trade import TradeRules, counter_payoff, counter_totals, offer_classes

__all__ = [
    "SECONDS_PER_CLASS",
    "SECONDS_PER_ENTRY",
    "TradeSetup",
    "cut",
    "estimate_seconds",
    "offers_of",
    "payoffs",
    "setup",
    "solve",
]

#: The trade solver's cost per round, from ``solve_trade`` on 10- to 34-card hands on this
#: machine (0.05 to 2.3 s): seconds per offer class (tables, labels, the exact offer piles) and
#: per payoff entry (offer classes x counter totals: the LP and its refinement). Cautious: the
#: estimate may run up to twice the time, rarely under it.
SECONDS_PER_CLASS = 1.5e-4
SECONDS_PER_ENTRY = 4e-6
#: Lemke's algorithm (the general-sum trade) per payoff entry: 10 cards each about 1.4 s, 21
#: against 11 about 45 s on this machine.
SECONDS_PER_GENERAL_ENTRY = 2e-4
#: Hands with more piles than this are not enumerated for an estimate.
MAX_ENUMERATED = 200_000
#: A hand is never cut below this many cards to meet the budget.
MIN_CARDS = 4

Belief = tuple[tuple[Counts, float], ...]


@dataclass(frozen=True)
class TradeSetup:
    """The trade as the decision maker models it: each side's hand (or belief), the worths."""

    rules: TradeRules
    offerer: int
    opponent: int
    animal: Animal
    stake: int
    #: A's hands with their probabilities (one hand: probability 1)
    a_hands: Belief
    b_hands: Belief
    #: what the stake is worth to A and to B (equal: the zero-sum trade)
    worths: tuple[int, int]
    certainty: Certainty
    notes: tuple[str, ...]
    situation: str

    @property
    def general(self) -> bool:
        """Whether the trade is general-sum (the stake worth differently to the two)."""
        return self.worths[0] != self.worths[1]

    def estimate(self) -> float:
        """The estimated time of solving this trade (:func:`estimate_seconds`)."""
        return _estimate(self.rules, self.a_hands, self.b_hands, self.general)


def estimate_seconds(
    rules: TradeRules, a_hand: Counts, b_hand: Counts, general: bool = False
) -> float:
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
    per_entry = SECONDS_PER_GENERAL_ENTRY if general else SECONDS_PER_ENTRY
    return 0.03 + rounds * (classes * SECONDS_PER_CLASS + classes * totals * per_entry)


def cut(hand: Counts, cards: int, floor: int = 0, pile: Sequence[int] = ()) -> Counts:
    """``hand`` cut to at most ``cards`` cards by the equilibrium bot's rule (at most two 0-cards,
    then a spread of the others, :func:`~kuhtheory.agents.equilibrium.model_hand`), keeping at
    least ``floor`` cards (0-cards first, then the smallest): the pile the other player saw must
    still fit in it. With ``pile`` (the offer being judged, card values) the cut hand can lay a
    pile of its count and total (all the other player can tell and all that is paid): when the
    rule's cut cannot, it is the pile's cards and the rule's cut of the rest. Without that, a
    pile the rule cuts away (all of one's 0-cards, say) could not be measured, and the piles left
    measured would not be a fair sample of a player's offers.

    >>> from_counts(cut(to_counts((0, 0, 0, 0, 10, 50)), 3, floor=5))
    (0, 0, 0, 0, 10)
    >>> from_counts(cut(to_counts((0, 0, 0, 0, 10, 10, 50, 100)), 4, pile=(0, 0, 0, 0, 50)))
    (0, 0, 0, 0, 50)
    >>> from_counts(cut(to_counts((0, 0, 0, 0, 10, 10, 50, 100)), 6, pile=(0, 0, 0, 100)))
    (0, 0, 0, 0, 10, 100)
    """
    floor = max(floor, len(pile))
    out = list(_at_most(hand, cards))
    for i in range(len(out)):
        out[i] += min(max(floor - sum(out), 0), hand[i] - out[i])
    if pile and pile_of(tuple(out), len(pile), sum(pile)) is None:
        keep = to_counts(tuple(pile))
        if not contains(hand, keep):  # not these very cards: a pile of their count and total
            like = pile_of(hand, len(pile), sum(pile))
            if like is None:
                return tuple(out)
            keep = to_counts(like)
        return add(keep, _at_most(subtract(hand, keep), max(cards, floor) - len(pile)))
    return tuple(out)


def _at_most(hand: Counts, cards: int) -> Counts:
    """``hand`` cut by the equilibrium bot's rule (:func:`model_hand`) to at most ``cards``
    cards, also below two (where the rule keeps two 0-cards)."""
    out = list(model_hand(hand, cards)) if cards > 0 else [0] * len(hand)
    out[0] -= min(out[0], max(sum(out) - max(cards, 0), 0))
    return tuple(out)


def _estimate(rules: TradeRules, a: Belief, b: Belief, general: bool) -> float:
    """The estimate for beliefs: every pair of hands (the hidden model grows with them)."""
    return sum(estimate_seconds(rules, ha, hb, general) for ha, _ in a for hb, _ in b)


def _cut_belief(belief: Belief, cards: int, floor: int = 0, pile: Sequence[int] = ()) -> Belief:
    merged: dict[Counts, float] = {}
    for hand, p in belief:
        key = cut(hand, cards, floor, pile)
        merged[key] = merged.get(key, 0.0) + p
    return tuple(merged.items())


def _fit(
    rules: TradeRules,
    a: Belief,
    b: Belief,
    budget: float,
    max_cards: int | None,
    a_floor: int,
    general: bool,
    pile: Sequence[int] = (),
) -> tuple[Belief, Belief, list[str]] | None:
    """The hands cut to ``max_cards`` and then, one card at a time from the larger side, until
    the estimate fits ``budget``; None if even ``MIN_CARDS`` each does not fit. A's hand keeps at
    least ``a_floor`` cards, and a pile like ``pile`` (:func:`cut`)."""
    new_a, new_b = a, b
    a_floor = max(a_floor, len(pile))
    if max_cards is not None:
        new_a, new_b = _cut_belief(a, max_cards, a_floor, pile), _cut_belief(b, max_cards)

    def size(belief: Belief) -> int:
        return max(sum(h) for h, _ in belief)

    # Each step cuts the hands as given (not the last cut) to one card fewer: every step makes
    # the larger side smaller, so the loop ends.
    while _estimate(rules, new_a, new_b, general) > budget:
        if size(new_a) >= size(new_b) and size(new_a) > max(MIN_CARDS, a_floor):
            new_a = _cut_belief(a, size(new_a) - 1, a_floor, pile)
        elif size(new_b) > MIN_CARDS:
            new_b = _cut_belief(b, size(new_b) - 1)
        else:
            return None
    notes = []
    for who, old, new in (("A's", a, new_a), ("B's", b, new_b)):
        if new != old and len(new) == 1:
            notes.append(
                f"{who} hand cut from {sum(old[0][0])} to {sum(new[0][0])} cards for the solver "
                f"({cards_text(from_counts(new[0][0]))})"
            )
        elif new != old:
            notes.append(f"{who} possible hands cut to at most {size(new)} cards for the solver")
    return new_a, new_b, notes


def _belief_of(point: DecisionPoint, player: int, guess: HandGuess, spread: int) -> Belief:
    if spread and player != point.seat and not guess.exact:
        found = point.settings.reader.belief(point.state, point.seat, player, spread)
        return tuple((to_counts(h), p) for h, p in found)
    return ((to_counts(guess.cards), 1.0),)


def setup(
    point: DecisionPoint,
    offerer: int,
    opponent: int,
    animal: Animal,
    stake: int,
    what: str,
    a_floor: int = 0,
    pile: Sequence[int] = (),
) -> TradeSetup | str:
    """The trade between ``offerer`` and ``opponent`` for ``stake`` cards of ``animal`` as the
    seat at ``point`` models it, or the reason it does not fit the budget. ``what`` describes
    the decision; A's hand keeps at least ``a_floor`` cards, and can lay a pile like ``pile``
    (the offer being judged, :func:`cut`)."""
    settings = point.settings
    rules = TradeRules.from_edition(point.state.edition)
    a, b = point.hand(offerer), point.hand(opponent)
    one_round = rules.trade_tie is not TradeTie.REOFFER_THEN_FREE
    spread = 0 if settings.general_sum else settings.spread
    a_hands = _belief_of(point, offerer, a, spread)
    b_hands = _belief_of(point, opponent, b, spread if one_round else 0)
    fitted = _fit(
        rules,
        a_hands,
        b_hands,
        settings.budget,
        settings.max_cards,
        a_floor,
        settings.general_sum,
        pile,
    )
    situation = f"{what}; {guess_text(offerer, a)}; {guess_text(opponent, b)}"
    if fitted is None:
        seconds = _estimate(rules, a_hands, b_hands, settings.general_sum)
        return (
            f"skipped: the trade on these hands is estimated at {seconds:.1f} s, over the budget "
            f"of {settings.budget:g} s even with {MIN_CARDS}-card hands"
        )
    a_fit, b_fit, notes = fitted
    likely_a, likely_b = max(a_fit, key=lambda hp: hp[1])[0], max(b_fit, key=lambda hp: hp[1])[0]
    worth = settings.worth
    if settings.general_sum:
        worths = worth.trade_worths(point.obs, offerer, opponent, animal, stake, likely_a, likely_b)
    else:
        w = worth.trade_worth(point.obs, offerer, opponent, animal, stake, likely_a, likely_b)
        worths = (w, w)
    if len(a_fit) > 1 or len(b_fit) > 1:
        notes.append(
            f"the other trader's hand as a belief over {max(len(a_fit), len(b_fit))} hands"
        )
    w_text = f"W {worths[0]}" if worths[0] == worths[1] else f"W_A {worths[0]}, W_B {worths[1]}"
    return TradeSetup(
        rules=rules,
        offerer=offerer,
        opponent=opponent,
        animal=animal,
        stake=stake,
        a_hands=a_fit,
        b_hands=b_fit,
        worths=worths,
        certainty=Certainty.FLOAT if a.exact and b.exact else Certainty.BELIEF,
        notes=tuple(notes),
        situation=f"{situation}; {w_text}",
    )


def _side(belief: Belief) -> Any:
    """A side as ``solve_trade`` takes it: a hand's card values, or ``[(hand, p), ...]``."""
    if len(belief) == 1:
        return from_counts(belief[0][0])
    return [(from_counts(h), p) for h, p in belief]


def solve(
    point: DecisionPoint, s: TradeSetup, refinement: str | None = None
) -> tuple[Any, tuple[str, ...]]:
    """The solved trade (a :class:`~kuhtheory.solvers.TradeSolution`, or the general-sum
    solution with the same tables) and notes; ``refinement`` overrides the coach's."""
    edition = point.state.edition
    a, b = _side(s.a_hands), _side(s.b_hands)
    if s.general:
        return solve_trade(edition, a, b, s.worths), ()
    how = refinement or point.settings.refinement
    if how != "none" and len(s.a_hands) == 1 and len(s.b_hands) == 1:
        # One hand each: the solution the equilibrium bot plays (trade_round, proper and so
        # also quasi-perfect), so that a bot's optimal move is never judged against another
        # optimal solution's replies.
        try:
            w = float(s.worths[0])
            return trade_round.solution(s.rules, s.a_hands[0][0], s.b_hands[0][0], w), ()
        except SolverError:
            pass  # a check failed: the full solver below
    try:
        return solve_trade(edition, a, b, s.worths[0], refinement=how), ()
    except SolverError:
        # A refinement's LP can fail numerically on some hands; the unrefined equilibrium is
        # still an equilibrium (off-path replies may be weaker), as the equilibrium bot does.
        note = f"the {how} refinement's LP failed: unrefined equilibrium"
        return solve_trade(edition, a, b, s.worths[0], refinement="none"), (note,)


def offers_of(solution: Any, hand: Counts) -> tuple[OfferRow, ...]:
    """A's offer rows for ``hand`` (the zero-sum solution keys them by hand, the general-sum
    solution has one hand)."""
    offers = solution.offers
    if isinstance(offers, Mapping):
        return tuple(offers[from_counts(hand)])
    return tuple(offers)


def tie_payoffs(solution: Any, s: TradeSetup) -> tuple[float, float] | None:
    """What a first-round tie is worth to A and to B under the classic rule (the second round's
    equilibrium payoffs), None when a tie ends the trade."""
    later = solution.second_round
    if later is None:
        return None
    if s.general:
        return (float(later.payoffs[0]), float(later.payoffs[1]))
    value = float(later.value_exact) if later.value_exact is not None else float(later.value)
    return (value, s.worths[0] - value)


def payoffs(
    rules: TradeRules,
    offer: int,
    reply: int | None,
    worths: tuple[int, int],
    tie: tuple[float, float] | None,
) -> tuple[float, float]:
    """The payoffs to A and to B when A's pile totals ``offer`` and B accepts (``reply`` None) or
    counters ``reply`` (K-TRD-2, K-TRD-3); ``tie`` is what a first-round classic tie is worth.

    >>> rules = TradeRules.from_edition("classic")
    >>> payoffs(rules, 260, 250, (100, 100), None)  # RULES.md: A wins the sheep, paying net 10
    (90.0, 10.0)
    """
    moved: Fraction | int
    won: Fraction | int
    if reply is None:
        moved, won = -offer, 1  # B takes A's pile and hands over the stake
    elif tie is not None and offer == reply:
        return tie
    else:  # the money A gains, and whether he ends with the stake, under the edition's rules
        moved = counter_payoff(rules, offer, reply, Fraction(0), None)
        won = counter_payoff(rules, offer, reply, Fraction(1), None) - moved
    return (float(moved + worths[0] * won), float(-moved + worths[1] * (1 - won)))


def row_payoffs(
    rules: TradeRules,
    offer: int,
    row: ReplyRow,
    worths: tuple[int, int],
    tie: tuple[float, float] | None,
) -> tuple[float, float]:
    """The expected payoffs of the offer total ``offer`` against B's reply mix ``row``."""
    moves: list[tuple[int | None, float]] = [(None, row.accept)]
    moves += [(t, p) for t, p in row.counters]
    u_a = u_b = 0.0
    for reply, p in moves:
        if p > 0:
            a, b = payoffs(rules, offer, reply, worths, tie)
            u_a += p * a
            u_b += p * b
    return u_a, u_b


def likeliest(belief: Sequence[tuple[Counts, float]]) -> Counts:
    """The most likely hand of a belief."""
    return max(belief, key=lambda hp: hp[1])[0]
