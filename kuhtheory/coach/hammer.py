"""The auctioneer's decision after the hammer: sell or take the lot himself (K-AUC-4).

Model: :mod:`kuhtheory.solvers.preemption`. Selling, the auctioneer receives the high bidder's
cheapest payment of the bid (K-PAY-1: no change, so it may exceed the bid); preempting, he pays
the bid with his own cheapest payment and keeps the lot, worth ``W_A`` to him (the worth model,
:mod:`.worth`). Payoffs are absolute (his own money and the lot's worth); he preempts when that is
strictly better, and the loss of the choice taken is the better outcome's payoff minus its own.
The payment itself is measured apart (:mod:`.payments`), so an overpay is never counted twice.

* Pay-bid editions: at the hammer the bidder has not paid yet. His cheapest payment comes from his
  hand as the auctioneer takes it (:mod:`.hands`); a believed hand that cannot pay the bid is
  taken to pay exactly the bid (noted). A bidder who really cannot pay makes the sale fail and
  the auction run again (K-PAY-2), which the model does not cover: that decision is skipped.
* bluff's buy-back: the bidder has paid; the auctioneer saw the cards. Buying back returns them and
  pays the bid again from his own other cards (:func:`kuhtheory.solvers.preemption.payoffs_at`
  with the known payment): the same comparison with nothing estimated.

>>> from kuhtheory.solvers.preemption import decide_preemption
>>> decide_preemption((500,), (10, 10), bid=10, value=100).decision  # the no-change cost of 490
'sell'
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from kuhtheory.cards import subtract, to_counts, total
from kuhtheory.coach.point import DecisionPoint, Skipped, action_text, cards_text, guess_text
from kuhtheory.coach.verdict import Advice, Certainty, Kind, Verdict
from kuhtheory.engine import Phase
from kuhtheory.engine.actions import Action, BuyBack, Preempt
from kuhtheory.payment import cheapest_total
from kuhtheory.solvers.preemption import Payoffs, payoffs_at, prefers_preempt

__all__ = ["HammerAssessment", "hammer_assessment"]

MODEL = (
    "the auctioneer's right after the hammer (K-AUC-4) with no-change payments (K-PAY-1): "
    "absolute payoffs of selling and of taking the lot, each paid with the cheapest payment"
)


@dataclass(frozen=True)
class HammerAssessment:
    """Sell or keep the lot, with both outcomes' payoffs to the auctioneer."""

    advice: Advice
    sell: Payoffs
    keep: Payoffs

    def judge(self, action: Action) -> Verdict:
        kept = isinstance(action, (Preempt, BuyBack))
        best = max(self.sell.auctioneer, self.keep.auctioneer)
        got = self.keep.auctioneer if kept else self.sell.auctioneer
        return Verdict.of(self.advice, action_text(action), float(best - got))


def hammer_assessment(point: DecisionPoint) -> HammerAssessment | Skipped | None:
    """The auctioneer's decision at ``point`` (the hammer or bluff's buy-back), else None."""
    state = point.state
    auction = state.auction
    if auction is None or auction.high_bidder is None:
        return None
    if state.phase is not Phase.HAMMER and state.phase is not Phase.BUY_BACK:
        return None
    start = time.perf_counter()
    me, bidder, bid = point.seat, auction.high_bidder, auction.high_bid
    worth = point.settings.worth
    w_mine = worth.worth(point.obs, auction.animals, me)
    w_theirs = worth.worth(point.obs, auction.animals, bidder)
    lot = " + ".join(a.label for a in auction.animals)
    own = state.money_counts(me)
    notes: tuple[str, ...] = ()
    if state.phase is Phase.BUY_BACK:
        paid = to_counts(auction.paid or ())
        own = subtract(own, paid)
        received, certainty = total(paid), Certainty.EXACT
        what = (
            f"P{me} may buy back {lot} from P{bidder}, who paid {cards_text(auction.paid or ())} "
            f"for the bid {bid} (bluff)"
        )
        keep_word = "buy back"
    else:
        guess = point.hand(bidder)
        what = f"P{me} hammers {lot} at {bid} to P{bidder}; {guess_text(bidder, guess)}"
        paid_total = cheapest_total(to_counts(guess.cards), bid)
        if paid_total is None and guess.exact:
            return Skipped(
                point.advice(
                    Kind.PREEMPTION,
                    "not solved",
                    model=MODEL,
                    certainty=Certainty.EXACT,
                    situation=what,
                    notes=(
                        f"P{bidder} cannot pay {bid}: selling makes him show his money and the "
                        "auction run again (K-PAY-2), which this model does not cover",
                    ),
                )
            )
        if paid_total is None:
            paid_total = bid
            notes = (f"P{bidder}'s believed hand cannot pay {bid}: taken to pay exactly {bid}",)
        received = paid_total
        certainty = Certainty.EXACT if guess.exact else Certainty.BELIEF
        keep_word = "preempt"
    cost = cheapest_total(own, bid)
    assert cost is not None  # the phase exists only when the auctioneer can pay the bid
    sell, keep = payoffs_at(received, cost, w_mine, w_theirs)
    assert keep is not None
    penalty = cost - bid
    keep_text = (
        f"{keep_word}: pay {cost} for the bid {bid}"
        + (f" (no-change cost {penalty})" if penalty else "")
        + f" and keep a lot worth {w_mine} ({keep.auctioneer:+d})"
    )
    sell_text = f"sell: receive {received} ({sell.auctioneer:+d})"
    recommend = keep_text if prefers_preempt(sell, keep) else sell_text
    other = sell_text if recommend == keep_text else keep_text
    advice = point.advice(
        Kind.PREEMPTION,
        f"{recommend} (rather than {other})",
        model=MODEL + f"; lot worth {w_mine} to P{me}, {w_theirs} to P{bidder}",
        certainty=certainty,
        situation=what,
        notes=notes,
        value=float(max(sell.auctioneer, keep.auctioneer)),
        seconds=time.perf_counter() - start,
    )
    return HammerAssessment(advice, sell, keep)
