"""What the Kuhhandel bots share: the dispatch by phase, the valuation of a family, the stake,
the least-overpay payment and the step-by-step bidding.

The heuristic bot (:mod:`kuhtheory.agents.heuristic`) and the equilibrium bot
(:mod:`kuhtheory.agents.equilibrium`) differ in how they value cards and decide trades, not in
how a phase is routed, how a payment is picked (K-PAY-1) or how a bid is raised (K-AUC-1): one
piece of code serves both.

>>> from kuhtheory.engine import new_game
>>> obs = new_game(players=3, seed=1, first_player=0).observation(0)
>>> family_value(obs, Animal.HORSE, 0)       # classic: no family yet, so x1
1000.0
>>> money_in_play(obs)                        # three start hands of 90
270
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from kuhtheory.cards import ANIMAL_INDEX, DENOMINATIONS, FAMILY_POINTS, Animal, cards_of
from kuhtheory.editions import Scoring
from kuhtheory.engine.actions import BuyBack, Pass, Pay, Preempt
from kuhtheory.engine.legal import LegalActions, make_bid
from kuhtheory.engine.observation import Observation
from kuhtheory.engine.phases import (
    BIDDING,
    BUY_BACK,
    HAMMER,
    PAYMENT,
    TRADE_REOFFER,
    TRADE_RESPONSE,
    TURN,
)

#: With 'no kidding' (one bid per auction) a bot bids this share of its limit at once.
ONE_BID_SHARE = 0.8
_MULTIPLYING = Scoring.SUM_TIMES_FAMILIES  # (read once: an enum member is slow to look up)


def family_value(obs: Observation, animal: Animal, player: int) -> float:
    """Points ``player`` gains by completing the family of ``animal`` (0 if it is complete).

    Summing editions: the family's points. Multiplying editions (K-END-2): the family's points
    times one more family, plus the rise of the multiplier on the families he already owns.
    """
    multiplying = obs.edition.scoring is _MULTIPLYING
    return _family_values(obs.family_owners, player, multiplying)[ANIMAL_INDEX[animal]]


@functools.lru_cache(maxsize=1024)
def _family_values(owners: tuple[int, ...], player: int, multiplying: bool) -> tuple[float, ...]:
    """:func:`family_value` of every species (indexed like ``ANIMALS``) given the owners of the
    complete families; remembered, since they change only when a family is completed."""
    owned = [p for p, owner in zip(FAMILY_POINTS, owners, strict=True) if owner == player]
    values = []
    for points, owner in zip(FAMILY_POINTS, owners, strict=True):
        if owner >= 0:  # complete
            values.append(0.0)
        elif multiplying:  # one more family, and the families he owns count once more
            values.append(float(points * (len(owned) + 1) + sum(owned)))
        else:
            values.append(float(points))
    return tuple(values)


def open_points(obs: Observation) -> float:
    """The points of the families not yet complete (at least 10)."""
    return _open_points(obs.family_owners)


@functools.lru_cache(maxsize=1024)
def _open_points(owners: tuple[int, ...]) -> float:
    """:func:`open_points` given the owners of the complete families (remembered)."""
    return max(sum(p for p, owner in zip(FAMILY_POINTS, owners, strict=True) if owner < 0), 10)


def money_in_play(obs: Observation) -> int:
    """All the money the players hold: the edition's money deck minus the bank (both public)."""
    deck = obs.edition.money_deck
    return sum(v * (d - b) for v, d, b in zip(DENOMINATIONS, deck, obs.bank, strict=True))


def stake_cards(obs: Observation, opponent: int, animal: Animal, player: int | None = None) -> int:
    """The cards at stake when ``player`` (default: the observer) trades ``opponent`` for
    ``animal``: two when both own exactly two and the edition trades pairs, else one (K-TRD-4)."""
    me = obs.player if player is None else player
    i = ANIMAL_INDEX[animal]
    if obs.edition.pair_trade and obs.herds[me][i] == 2 and obs.herds[opponent][i] == 2:
        return 2
    return 1


def pay_with_least_overpay(legal: LegalActions) -> Any:
    """The payment with the least overpay, then the fewest cards (K-PAY-1); ``legal[0]`` if none
    is listed."""
    payments = legal.payments
    if payments and legal.payment_kind is Pay:
        # chosen from the count vectors: only the Pay chosen is made
        best = min(range(len(payments)), key=lambda i: _least_overpay(cards_of(payments[i])))
        return legal.payment(best)
    pays = [a for a in legal.fixed if isinstance(a, Pay)]
    if not pays:
        return legal[0]
    return min(pays, key=lambda a: _least_overpay(a.cards))


def _least_overpay(cards: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
    """The order of :func:`pay_with_least_overpay`: the total, then the card count, then the
    cards."""
    return sum(cards), len(cards), cards


def bid_up_to(obs: Observation, legal: LegalActions, limit: float) -> Any:
    """Raise by the least step while it stays within ``limit``, else pass (K-AUC-1, K-AUC-2).

    With "no kidding" (one bid per bidder) bid ``ONE_BID_SHARE`` of the limit at once. The bots
    differ only in how they set the limit.
    """
    bids = legal.bid_range
    if bids:
        if obs.edition.one_bid_per_auction:
            amount = int(limit * ONE_BID_SHARE) // 10 * 10
            if amount >= bids[0]:
                return make_bid(legal.player, min(amount, bids[-1]))
        elif bids[0] <= limit:
            return make_bid(legal.player, bids[0])
    for action in legal.fixed:
        if isinstance(action, Pass):
            return action
    return legal[0]


class KuhhandelBot:
    """A bot that routes each phase to one method; subclasses write the decisions.

    ``act`` checks that it was given Kuhhandel legal actions, calls :meth:`observe` (a hook for
    bots that keep a belief), then routes the phase: bidding to ``_bid``, the hammer and the
    buy-back to ``_hammer`` (which asks :meth:`keeps_lot`), a payment to
    :func:`pay_with_least_overpay`, the turn to ``_turn``, a trade response to ``_respond``, a
    classic re-offer to ``_reoffer``; any other phase takes the first legal action.
    """

    name = "bot"

    def observe(self, obs: Observation) -> None:
        """Called with every observation before the decision (default: nothing)."""

    def act(self, observation: Observation, legal_actions: Sequence[Any]) -> Any:
        """One of ``legal_actions``, chosen by the subclass's rule for the phase."""
        obs = observation
        legal = legal_actions
        if not isinstance(legal, LegalActions) or len(legal) == 0:
            raise ValueError(f"{type(self).__name__}.act: no Kuhhandel legal actions in {legal!r}")
        self.observe(obs)
        phase = obs.phase
        if phase is BIDDING:
            return self._bid(obs, legal)
        if phase is HAMMER or phase is BUY_BACK:
            return self._hammer(obs, legal)
        if phase is PAYMENT:
            return pay_with_least_overpay(legal)
        if phase is TURN:
            return self._turn(obs, legal)
        if phase is TRADE_RESPONSE:
            return self._respond(obs, legal)
        if phase is TRADE_REOFFER:
            return self._reoffer(obs, legal)
        return legal[0]

    def _bid(self, obs: Observation, legal: LegalActions) -> Any:
        return bid_up_to(obs, legal, 0)

    def _hammer(self, obs: Observation, legal: LegalActions) -> Any:
        """Keep the lot when :meth:`keeps_lot` says so: preempt (K-AUC-4) or buy back with the
        cheapest listed pile (bluff); else sell, or give up the buy-back."""
        options = legal.fixed
        keep = [a for a in options if isinstance(a, (Preempt, BuyBack))]
        other = [a for a in options if not isinstance(a, (Preempt, BuyBack))]
        if keep and obs.auction is not None:
            backs = [a for a in keep if isinstance(a, BuyBack)]
            choice: Preempt | BuyBack = keep[0]
            if backs:
                choice = min(backs, key=lambda a: (sum(a.cards), len(a.cards)))
            if self.keeps_lot(obs, choice):
                return choice
        return other[0] if other else options[0]

    def keeps_lot(self, obs: Observation, keep: Any) -> bool:
        """Whether the auctioneer takes the lot himself with ``keep`` (a ``Preempt`` or the
        cheapest ``BuyBack``); default: never."""
        return False

    def _turn(self, obs: Observation, legal: LegalActions) -> Any:
        return legal[0]

    def _respond(self, obs: Observation, legal: LegalActions) -> Any:
        return legal[0]

    def _reoffer(self, obs: Observation, legal: LegalActions) -> Any:
        return legal[0]


__all__ = [
    "ONE_BID_SHARE",
    "KuhhandelBot",
    "bid_up_to",
    "family_value",
    "pay_with_least_overpay",
    "money_in_play",
    "open_points",
    "stake_cards",
]
