"""The auctioneer's preemption decision after the hammer (K-AUC-4) under the no-change rule
(K-PAY-1).

Model
-----
An auction has been hammered at the high bid ``b``. The auctioneer A holds money cards ``a`` and
values the stake (the animal or animals of this auction) at ``W_A``; the high bidder B holds money
cards ``h`` and values it at ``W_B``. Money is counted at face value; worths are in money units. A
now either

* **sells**: B pays ``b`` with his *cheapest payment* (the cards of his hand with the smallest total
  at least ``b``, fewest cards among those: :func:`kuhtheory.payment.cheapest_payment`) and takes
  the stake, so A gains ``T_B(b)`` (the total B hands over, which may exceed ``b``) and B gains
  ``W_B - T_B(b)``;
* **preempts**: A pays ``b`` to B with *his* cheapest payment, total ``T_A(b)``, and keeps the
  stake: A gains ``W_A - T_A(b)``, B gains ``T_A(b)``. An auctioneer whose money is below ``b``
  cannot preempt at all (K-PAY-1, K-PAY-2).

The **no-change penalty** is ``T_A(b) - b``: what not getting change costs the auctioneer on top of
the bid (an auctioneer holding only a 500 card pays 500 for a bid of 10).

Two views of the payoffs are offered (:class:`View`): **absolute**, each player's own gain, and
**relative**, the two-player view of a race for points where what counts is one's gain minus the
other's (A's relative payoff is ``u_A - u_B``). The auctioneer preempts when that is *strictly*
better for him in the chosen view; on a tie he sells (the rules make selling the default: "si le
meneur n'exerce pas son droit de préemption, le tour est terminé").

Bluff's buy-back (``Preemption.BUY_BACK``, source: bluff-first-edition-fr.txt, "Le droit de rachat
du vendeur") is modelled by its card flows: B has already paid with his cheapest payment; A hands
back those same cards and pays the bid once more from his own hand with his cheapest payment, never
using B's cards to make change; if he cannot, he gives up the right. The net transfers are then
those of ``PAY_BID``: the box's "double price" is the cost relative to selling (``T_B(b) +
T_A(b)``), which :attr:`PreemptionDecision.cost_of_preempting` reports for every edition. What
differs is the order of play, recorded in :attr:`PreemptionDecision.flows`.

At the hammer the high bidder has named a price and the auctioneer buys or sells at it: the
buy-sell ("shotgun") clause of partnership dissolution, with the bidder proposing and the
auctioneer choosing (McAfee 1992; de Frutos & Kittsteiner 2008). It is not a *right of first
refusal* (Bikhchandani, Lippman & Ryan 2005; Choi 2009), whose results do not carry over: there the
holder is a buyer who matches the price and pays the seller; here the holder is the seller, who
pays the price to the winner.

References
----------
* R. P. McAfee (1992), "Amicable divorce: dissolving a partnership with simple mechanisms",
  *Journal of Economic Theory* 56(2).
* M. A. de Frutos and T. Kittsteiner (2008), "Efficient partnership dissolution under buy-sell
  clauses", *RAND Journal of Economics* 39(1).
* S. Bikhchandani, S. A. Lippman and R. Ryan (2005), "On the right-of-first-refusal", *Advances in
  Theoretical Economics* 5(1).
* A. H. Choi (2009), "A rent extraction theory of right of first refusal", *Journal of Industrial
  Economics* 57(2).
* V. Krishna (2010), *Auction Theory*, 2nd ed., Academic Press (the English auction, ch. 2).

>>> d = decide_preemption((500,), (10, 10), bid=10, value=100)
>>> d.decision, d.penalty
('sell', 490)
>>> d = decide_preemption((50,), (10, 10), bid=10, value=100)
>>> d.decision, d.payoffs
('preempt', Payoffs(auctioneer=50, bidder=50))
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kuhtheory.cards import Counts, from_counts, parse_money, to_counts, total
from kuhtheory.editions import Edition, Preemption, get_edition
from kuhtheory.errors import InvalidActionError, SolverInputError
from kuhtheory.payment import cheapest_payment
from kuhtheory.solvers.choices import parse_choice

SELL = "sell"
PREEMPT = "preempt"


class View(enum.Enum):
    """Which payoff the auctioneer maximises."""

    #: Each player's own gain.
    ABSOLUTE = "absolute"
    #: Own gain minus the other player's gain (two-player race).
    RELATIVE = "relative"

    @classmethod
    def parse(cls, view: str | View) -> View:
        """A view from its name; :class:`SolverInputError` otherwise."""
        return parse_choice(cls, view, "view")


# ---------------------------------------------------------------------------------------------
# Input checks shared by the solvers


def check_worth(value: object, name: str) -> int:
    """``value`` if it is a whole number >= 0, else :class:`SolverInputError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SolverInputError(f"{name}={value!r} must be a whole number >= 0")
    return value


def check_bid(bid: object, edition: Edition, name: str = "bid") -> int:
    """A positive bid that the edition allows (K-AUC-1; 2025: multiples of its raise of 10)."""
    if isinstance(bid, bool) or not isinstance(bid, int) or bid <= 0:
        raise SolverInputError(f"{name}={bid!r} must be a whole number > 0 (K-AUC-1)")
    if edition.min_raise > 1 and bid % edition.min_raise:
        raise SolverInputError(
            f"{name}={bid!r} is not a multiple of {edition.min_raise}: in {edition.name!r} every "
            f"bid exceeds the last by at least {edition.min_raise} from 0 (K-AUC-1)"
        )
    return bid


def check_step(step: object, edition: Edition) -> int:
    """A bid step that the edition allows (a multiple of ``edition.min_raise``)."""
    if isinstance(step, bool) or not isinstance(step, int) or step <= 0:
        raise SolverInputError(f"step={step!r} must be a whole number > 0")
    if step % edition.min_raise:
        raise SolverInputError(
            f"step={step!r} is not a multiple of {edition.name!r}'s minimum raise "
            f"{edition.min_raise} (K-AUC-1)"
        )
    return step


def _hand(cards: object, name: str) -> Counts:
    try:
        if isinstance(cards, str):
            return to_counts(parse_money(cards))
        if isinstance(cards, Iterable):
            return to_counts(tuple(cards))
    except InvalidActionError as error:
        raise SolverInputError(f"{name}: {error}") from None
    raise SolverInputError(f"{name}={cards!r} must be money cards such as (0, 10, 50)")


@dataclass(frozen=True)
class Purse:
    """What a player can pay with: money cards (no change, K-PAY-1) or a plain budget.

    ``cards`` set: a payment of ``x`` costs the cheapest total at least ``x`` the cards allow.
    ``budget`` set: a payment of ``x`` costs exactly ``x`` while ``x <= budget``. Neither: unlimited
    cash.

    >>> Purse.of((0, 50)).cost(10), Purse.of(40).cost(10), Purse.of(40).cost(50)
    (50, 10, None)
    """

    cards: Counts | None = None
    budget: int | None = None

    @classmethod
    def of(cls, money: Purse | int | str | Sequence[int] | None, name: str = "money") -> Purse:
        """A purse from cards (a hand or ``"0,10,50"``), a budget (an int) or None (unlimited)."""
        if isinstance(money, Purse):
            return money
        if money is None:
            return cls()
        if isinstance(money, int) and not isinstance(money, bool):
            if money < 0:
                raise SolverInputError(f"{name}={money!r}: a budget must be >= 0")
            return cls(budget=money)
        return cls(cards=_hand(money, name))

    def cost(self, amount: int) -> int | None:
        """The total actually handed over to pay ``amount``; None if it cannot be paid."""
        if self.cards is not None:
            payment = cheapest_payment(self.cards, amount)
            return None if payment is None else total(payment)
        if self.budget is not None and amount > self.budget:
            return None
        return amount

    def payment(self, amount: int) -> tuple[int, ...] | None:
        """The cards handed over (cards purse) or ``(amount,)`` as cash; None if unpayable."""
        if self.cards is not None:
            payment = cheapest_payment(self.cards, amount)
            return None if payment is None else from_counts(payment)
        cost = self.cost(amount)
        return None if cost is None else (cost,)

    @property
    def limit(self) -> int | None:
        """The most this purse can pay (None: unlimited)."""
        if self.cards is not None:
            return total(self.cards)
        return self.budget

    def describe(self) -> str:
        """Short text: ``"cards 0+10+50"``, ``"budget 40"`` or ``"unlimited"``."""
        if self.cards is not None:
            return "cards " + ("+".join(map(str, from_counts(self.cards))) or "none")
        return "unlimited" if self.budget is None else f"budget {self.budget}"


# ---------------------------------------------------------------------------------------------
# The decision


@dataclass(frozen=True)
class Payoffs:
    """The auctioneer's and the high bidder's payoffs of one outcome."""

    auctioneer: int
    bidder: int

    def relative(self) -> Payoffs:
        """The two-player view: each player's gain minus the other's."""
        return Payoffs(self.auctioneer - self.bidder, self.bidder - self.auctioneer)

    def in_view(self, view: View) -> Payoffs:
        """These payoffs in ``view``."""
        return self if view is View.ABSOLUTE else self.relative()


@dataclass(frozen=True)
class PreemptionDecision:
    """The auctioneer's best choice after the hammer, with both outcomes (pygambit-style result).

    ``sell``/``preempt`` are absolute payoffs (``preempt`` is None when the auctioneer cannot pay);
    :attr:`payoffs` is the chosen outcome's payoffs in the chosen view.
    """

    auctioneer_cards: tuple[int, ...]
    bidder_cards: tuple[int, ...]
    bid: int
    auctioneer_value: int
    bidder_value: int
    edition: str
    view: View
    method: str
    decision: str
    can_preempt: bool
    bidder_payment: tuple[int, ...]
    auctioneer_payment: tuple[int, ...] | None
    sell: Payoffs
    preempt: Payoffs | None
    flows: tuple[str, ...]
    verified: str

    @property
    def payoffs(self) -> Payoffs:
        """The chosen outcome's payoffs in :attr:`view`."""
        chosen = self.preempt if self.decision == PREEMPT and self.preempt else self.sell
        return chosen.in_view(self.view)

    @property
    def price(self) -> int:
        """The money that changes hands in the chosen outcome."""
        if self.decision == PREEMPT and self.auctioneer_payment is not None:
            return sum(self.auctioneer_payment)
        return sum(self.bidder_payment)

    @property
    def winner(self) -> str:
        """Who takes the stake: ``"auctioneer"`` or ``"bidder"``."""
        return "auctioneer" if self.decision == PREEMPT else "bidder"

    @property
    def penalty(self) -> int | None:
        """The no-change penalty: the auctioneer's payment minus the bid (None: he cannot pay)."""
        if self.auctioneer_payment is None:
            return None
        return sum(self.auctioneer_payment) - self.bid

    @property
    def seller_excess(self) -> int:
        """What the auctioneer receives above the bid when he sells (the bidder's overpay)."""
        return sum(self.bidder_payment) - self.bid

    @property
    def cost_of_preempting(self) -> int | None:
        """The auctioneer's money given up by preempting rather than selling (bluff's "double")."""
        if self.auctioneer_payment is None:
            return None
        return sum(self.auctioneer_payment) + sum(self.bidder_payment)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: ``decision``, ``payoffs``, ``price``, ``winner`` and the inputs."""

        def pay(p: Payoffs | None) -> dict[str, int] | None:
            return None if p is None else {"auctioneer": p.auctioneer, "bidder": p.bidder}

        return {
            "decision": self.decision,
            "payoffs": pay(self.payoffs),
            "price": self.price,
            "winner": self.winner,
            "view": self.view.value,
            "bid": self.bid,
            "edition": self.edition,
            "auctioneer_cards": list(self.auctioneer_cards),
            "bidder_cards": list(self.bidder_cards),
            "auctioneer_value": self.auctioneer_value,
            "bidder_value": self.bidder_value,
            "can_preempt": self.can_preempt,
            "bidder_payment": list(self.bidder_payment),
            "auctioneer_payment": (
                None if self.auctioneer_payment is None else list(self.auctioneer_payment)
            ),
            "penalty": self.penalty,
            "seller_excess": self.seller_excess,
            "outcomes": {"sell": pay(self.sell), "preempt": pay(self.preempt)},
            "flows": list(self.flows),
            "method": self.method,
            "verified": self.verified,
        }


def outcome_payoffs(
    auctioneer: Purse, bidder: Purse, bid: int, value: int, bidder_value: int
) -> tuple[Payoffs | None, Payoffs | None]:
    """The absolute (sell, preempt) payoffs at hammer price ``bid``; None for an impossible one.

    >>> outcome_payoffs(Purse.of((500,)), Purse.of((10,)), 10, 100, 100)
    (Payoffs(auctioneer=10, bidder=90), Payoffs(auctioneer=-400, bidder=500))
    """
    paid = bidder.cost(bid)
    cost = auctioneer.cost(bid)
    if paid is None:
        return None, None if cost is None else Payoffs(value - cost, cost)
    return payoffs_at(paid, cost, value, bidder_value)


def payoffs_at(
    paid: int, cost: int | None, value: int, bidder_value: int
) -> tuple[Payoffs, Payoffs | None]:
    """The absolute (sell, preempt) payoffs when selling hands the auctioneer ``paid`` and
    preempting costs him ``cost`` (None: he cannot pay): K-AUC-4.

    >>> payoffs_at(10, 500, 100, 100)
    (Payoffs(auctioneer=10, bidder=90), Payoffs(auctioneer=-400, bidder=500))
    """
    return Payoffs(paid, bidder_value - paid), None if cost is None else Payoffs(value - cost, cost)


def prefers_preempt(sell: Payoffs, preempt: Payoffs | None, view: View = View.ABSOLUTE) -> bool:
    """Whether the auctioneer preempts: strictly better in ``view``; ties sell."""
    if preempt is None:
        return False
    return preempt.in_view(view).auctioneer > sell.in_view(view).auctioneer


def decide_preemption(
    auctioneer_cards: str | Sequence[int],
    bidder_cards: str | Sequence[int],
    bid: int,
    value: int,
    bidder_value: int | None = None,
    edition: str | Edition = "classic",
    view: str | View = View.ABSOLUTE,
) -> PreemptionDecision:
    """The auctioneer's choice after the hammer at ``bid`` (K-AUC-4, K-PAY-1).

    Parameters
    ----------
    auctioneer_cards, bidder_cards
        The two hands of money cards (``(0, 10, 50)`` or ``"0,10,50"``).
    bid
        The high bid (a positive whole number; a multiple of 10 in 2025).
    value
        The stake's worth to the auctioneer.
    bidder_value
        The stake's worth to the high bidder (default: ``value``).
    edition
        Edition name or object; ``Edition.preemption`` picks pay-bid or bluff's buy-back.
    view
        ``"absolute"`` (own gain) or ``"relative"`` (own gain minus the other's).

    Examples
    --------
    >>> d = decide_preemption("0,10,50", "0,10,10,50", 40, 100)
    >>> d.decision, d.sell, d.preempt
    ('sell', Payoffs(auctioneer=50, bidder=50), Payoffs(auctioneer=50, bidder=50))
    >>> d = decide_preemption("0,10,50", "0,10,10,50", 20, 100, view="relative")
    >>> d.decision, d.payoffs, d.penalty
    ('preempt', Payoffs(auctioneer=0, bidder=0), 30)
    """
    ed = get_edition(edition)
    bid = check_bid(bid, ed)
    value = check_worth(value, "value")
    bidder_value = value if bidder_value is None else check_worth(bidder_value, "bidder_value")
    the_view = View.parse(view)
    a_purse = Purse(cards=_hand(auctioneer_cards, "auctioneer_cards"))
    b_purse = Purse(cards=_hand(bidder_cards, "bidder_cards"))
    assert a_purse.cards is not None and b_purse.cards is not None  # built just above
    if b_purse.cost(bid) is None:
        raise SolverInputError(
            f"bid={bid!r} exceeds the high bidder's money {total(b_purse.cards)} "
            f"{from_counts(b_purse.cards)!r}: he may not bid more than he holds (K-PAY-2)"
        )
    sell, preempt = outcome_payoffs(a_purse, b_purse, bid, value, bidder_value)
    assert sell is not None  # the bidder can pay, checked above
    choice = PREEMPT if prefers_preempt(sell, preempt, the_view) else SELL
    b_pay = b_purse.payment(bid) or ()
    a_pay = a_purse.payment(bid)
    flows = _flows(ed, choice, b_pay, a_pay)
    method = (
        f"compare both outcomes' {the_view.value} payoffs under no-change payments "
        f"(K-AUC-4, K-PAY-1, {ed.preemption.value}); ties sell"
    )
    return PreemptionDecision(
        auctioneer_cards=from_counts(a_purse.cards),
        bidder_cards=from_counts(b_purse.cards),
        bid=bid,
        auctioneer_value=value,
        bidder_value=bidder_value,
        edition=ed.name,
        view=the_view,
        method=method,
        decision=choice,
        can_preempt=preempt is not None,
        bidder_payment=b_pay,
        auctioneer_payment=a_pay,
        sell=sell,
        preempt=preempt,
        flows=flows,
        verified="exact: both outcomes enumerated, integer payoffs",
    )


def _flows(
    edition: Edition, choice: str, b_pay: tuple[int, ...], a_pay: tuple[int, ...] | None
) -> tuple[str, ...]:
    def show(cards: Sequence[int]) -> str:
        return "+".join(map(str, cards)) or "nothing"

    if choice == SELL:
        return (f"bidder pays {show(b_pay)} to the auctioneer and takes the stake",)
    assert a_pay is not None  # PREEMPT is only chosen when the auctioneer can pay
    if edition.preemption is Preemption.BUY_BACK:
        return (
            f"bidder pays {show(b_pay)} to the auctioneer",
            f"auctioneer hands back the same cards {show(b_pay)}",
            f"auctioneer pays {show(a_pay)} from his own hand and keeps the stake",
        )
    return (f"auctioneer pays {show(a_pay)} to the bidder and keeps the stake",)


# ---------------------------------------------------------------------------------------------
# A grid for plotting


@dataclass(frozen=True)
class DecisionRegions:
    """Sell/preempt over a grid of bids (columns) and auctioneer's worths (rows).

    ``preempt[i][j]`` is True when the auctioneer preempts at ``worths[i]`` and ``bids[j]``;
    ``penalty[j]`` is the no-change penalty at ``bids[j]`` (None: he cannot pay it);
    ``seller_excess[j]`` is the bidder's overpay when sold; ``gain[i][j]`` is the auctioneer's
    advantage of preempting over selling in the chosen view (None: cannot preempt).
    """

    auctioneer_cards: tuple[int, ...]
    bidder_cards: tuple[int, ...]
    bids: tuple[int, ...]
    worths: tuple[int, ...]
    bidder_value: int | None
    edition: str
    view: View
    preempt: tuple[tuple[bool, ...], ...]
    gain: tuple[tuple[int | None, ...], ...]
    penalty: tuple[int | None, ...]
    seller_excess: tuple[int, ...]


MAX_GRID_CELLS = 1_000_000
"""The most cells (bids x worths) :func:`decision_regions` computes."""


def decision_regions(
    auctioneer_cards: str | Sequence[int],
    bidder_cards: str | Sequence[int],
    bids: Iterable[int],
    worths: Iterable[int],
    edition: str | Edition = "classic",
    bidder_value: int | None = None,
    view: str | View = View.ABSOLUTE,
) -> DecisionRegions:
    """The decision on a grid: every bid in ``bids`` against every auctioneer's worth in ``worths``.

    The bidder's worth is ``bidder_value`` (default: the same as the auctioneer's, row by row).
    Bids above the bidder's money raise :class:`SolverInputError` (K-PAY-2), and so does a grid of
    more than :data:`MAX_GRID_CELLS` cells. Each bid's two payments are found once; every cell
    then compares the outcomes as :func:`decide_preemption` does.

    >>> r = decision_regions((50,), (10, 10, 50), bids=(10, 20, 50), worths=(0, 100))
    >>> r.preempt
    ((False, False, False), (True, True, False))
    >>> r.penalty
    (40, 30, 0)
    """
    bid_t = _bounded(bids, "bids")
    worth_t = _bounded(worths, "worths")
    if not bid_t or not worth_t:
        raise SolverInputError(f"bids={bid_t!r} and worths={worth_t!r} must not be empty")
    if len(bid_t) * len(worth_t) > MAX_GRID_CELLS:
        raise SolverInputError(
            f"{len(bid_t):,} bids x {len(worth_t):,} worths make {len(bid_t) * len(worth_t):,} "
            f"cells; decision_regions is limited to {MAX_GRID_CELLS:,}"
        )
    ed = get_edition(edition)
    the_view = View.parse(view)
    a_purse = Purse(cards=_hand(auctioneer_cards, "auctioneer_cards"))
    b_purse = Purse(cards=_hand(bidder_cards, "bidder_cards"))
    assert a_purse.cards is not None and b_purse.cards is not None  # built just above
    paid: list[int] = []
    cost: list[int | None] = []
    for bid in bid_t:
        check_bid(bid, ed, "bids")
        b_cost = b_purse.cost(bid)
        if b_cost is None:
            raise SolverInputError(
                f"bids: {bid!r} exceeds the high bidder's money {total(b_purse.cards)} "
                f"{from_counts(b_purse.cards)!r}: he may not bid more than he holds (K-PAY-2)"
            )
        paid.append(b_cost)
        cost.append(a_purse.cost(bid))
    if bidder_value is not None:
        check_worth(bidder_value, "bidder_value")
    rows: list[tuple[bool, ...]] = []
    gains: list[tuple[int | None, ...]] = []
    for worth in worth_t:
        worth = check_worth(worth, "worths")
        own = worth if bidder_value is None else bidder_value
        row: list[bool] = []
        gain_row: list[int | None] = []
        for b_cost, a_cost in zip(paid, cost, strict=True):
            sell, preempt = payoffs_at(b_cost, a_cost, worth, own)
            row.append(prefers_preempt(sell, preempt, the_view))
            gain_row.append(
                None
                if preempt is None
                else preempt.in_view(the_view).auctioneer - sell.in_view(the_view).auctioneer
            )
        rows.append(tuple(row))
        gains.append(tuple(gain_row))
    return DecisionRegions(
        auctioneer_cards=from_counts(a_purse.cards),
        bidder_cards=from_counts(b_purse.cards),
        bids=bid_t,
        worths=worth_t,
        bidder_value=bidder_value,
        edition=ed.name,
        view=the_view,
        preempt=tuple(rows),
        gain=tuple(gains),
        penalty=tuple(None if c is None else c - b for c, b in zip(cost, bid_t, strict=True)),
        seller_excess=tuple(p - b for p, b in zip(paid, bid_t, strict=True)),
    )


def _bounded(values: Iterable[int], name: str) -> tuple[int, ...]:
    """``values`` as a tuple, refusing more than :data:`MAX_GRID_CELLS` without listing them."""
    out = tuple(itertools.islice(values, MAX_GRID_CELLS + 1))
    if len(out) > MAX_GRID_CELLS:
        raise SolverInputError(f"{name} has more than {MAX_GRID_CELLS:,} values: the grid's limit")
    return out
