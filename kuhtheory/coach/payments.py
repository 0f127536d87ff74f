"""Payments measured against the least overpay (K-PAY-1).

No change is ever given: the payer hands over cards totalling at least the amount and chooses
which. The money handed over beyond the least overpay (:func:`kuhtheory.payment.least_overpay`:
the payments of the amount with the smallest total) is lost to the payee, whatever the rest of the
game does: the loss is exact. Paying the same total with more cards costs no money (it may show
the others less of one's hand), so it counts as no loss.

Payments are the auction's: the high bidder's after a sale, the auctioneer's after a preemption
(K-AUC-4), and in bluff the buy-back's second payment, made from the auctioneer's own cards
without those he was just paid.

>>> from kuhtheory.payment import least_overpay
>>> from kuhtheory.cards import from_counts, to_counts
>>> [from_counts(p) for p in least_overpay(to_counts((0, 10, 10, 50, 100)), 60)]
[(10, 50)]
"""

from __future__ import annotations

from dataclasses import dataclass

from kuhtheory.cards import format_money, from_counts, subtract, to_counts, total
from kuhtheory.coach.point import DecisionPoint
from kuhtheory.coach.verdict import Advice, Certainty, Kind, Verdict
from kuhtheory.engine import Phase
from kuhtheory.engine.actions import Action, BuyBack, Pay
from kuhtheory.payment import least_overpay

__all__ = ["PaymentAssessment", "payment_assessment"]

MODEL = "no-change payment (K-PAY-1): the least overpay, fewest cards"


@dataclass(frozen=True)
class PaymentAssessment:
    """The least-overpay payment of the amount due, from the cards the payer may use."""

    advice: Advice
    amount: int
    least: int

    def judge(self, action: Action) -> Verdict:
        cards = getattr(action, "cards", ())
        return Verdict.of(self.advice, f"pay {format_money(cards)}", float(sum(cards) - self.least))


def payment_assessment(point: DecisionPoint, action: Action | None) -> PaymentAssessment | None:
    """The payment at ``point`` (a :class:`Pay`, or the cards of bluff's :class:`BuyBack`; for
    a hint, ``action`` None in the payment or buy-back phase), else None."""
    state = point.state
    auction = state.auction
    paying = isinstance(action, (Pay, BuyBack)) or (
        action is None and state.phase in (Phase.PAYMENT, Phase.BUY_BACK)
    )
    if auction is None or not paying:
        return None
    amount = auction.high_bid
    hand = state.money_counts(point.seat)
    if state.phase is Phase.BUY_BACK and auction.paid is not None:
        hand = subtract(hand, to_counts(auction.paid))  # K-AUC-4, bluff: his own other cards
    best = least_overpay(hand, amount)
    assert best, "the engine asks for a payment only from a hand that can pay it"
    least = from_counts(best[0])
    lot = " + ".join(a.label for a in auction.animals)
    if state.phase is Phase.BUY_BACK:
        why = f"to buy back {lot} (bluff)"
    elif auction.payer == auction.auctioneer:
        why = f"to P{auction.payee} after preempting {lot}"
    else:
        why = f"to P{auction.payee} for {lot}"
    advice = point.advice(
        Kind.PAYMENT,
        f"pay {format_money(least)}",
        model=MODEL,
        certainty=Certainty.EXACT,
        situation=f"P{point.seat} pays {amount} {why}; he holds {format_money(from_counts(hand))}",
        value=float(-total(best[0])),
    )
    return PaymentAssessment(advice, amount, total(best[0]))
