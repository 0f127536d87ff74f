"""The heuristic bot: values animals by the families it can still complete, and acts on that.

It reads only its :class:`~kuhtheory.engine.Observation`. Its rules of thumb:

* **Worth of a card** (:func:`card_worth`): nothing if the family is complete; else the family's
  points (in the multiplying editions, plus the rise of the multiplier on the families it already
  owns, K-END-2) times its progress ``(own cards + 1) / cards per family``, halved when an opponent
  holds more of the species than it does (he will trade it away).
* **Money for that worth** (:meth:`HeuristicAgent.limit`): money is worthless at the end, so it
  spends a share of its own money proportional to the card's worth over the points still to be won
  per player (times 1.5, at most 90 % of its money), with a seeded noise of +-15 %. It never bids
  more than it holds, so it is never insolvent (K-PAY-2).
* **Auction** (K-AUC-1): raise by the minimum while the price is below that limit, else pass; with
  'no kidding' (one bid each) it bids 80 % of its limit at once.
* **Hammer** (K-AUC-4): preempt when its cheapest no-change payment (K-PAY-1) of the high bid is
  within its limit; buy back (bluff) on the same test.
* **Payment** (K-PAY-1): the payment with the least overpay, then the fewest cards.
* **Turn** (K-TURN-1): trade when a trade looks winnable — its money is at least the opponent's
  estimated money (the money in play not its own, shared out by card count) — choosing the target
  worth most; offer the smallest pile reaching the larger of its limit and 60 % of the opponent's
  estimated money, padded with all its 0-cards (bluffing is the point, K-TRD-1). Otherwise auction.
* **Trade response** (K-TRD-2): estimate the offer as its card count times the offerer's estimated
  card value. If winning would complete its family, counter with the smallest pile reaching 1.5
  times the estimate plus 50 (or all it has). In a long game (150 turns) the bigger holder of the
  species is let win: it accepts (or counters with its least) when the offerer holds at least as
  many, counters strongly when it holds more, and as offerer lays only 0-cards against a bigger
  holder, so bots cannot swap cards round the table for ever. Otherwise accept if
  the estimate covers what the stake is worth to it, else counter with the smallest pile above the
  estimate if it can afford it, else accept (or counter when accepting is not allowed).
* **Classic tie** (re-offer): offer the smallest pile above its last offer.

>>> from kuhtheory.engine import new_game
>>> state = new_game(players=4, seed=5)
>>> bots = [HeuristicAgent(seed=s) for s in range(4)]
>>> while not state.is_terminal:
...     p = state.current_player
...     state = state.apply(bots[p].act(state.observation(p), state.legal_actions()))
>>> sum(len(state.families(p)) for p in range(4))
10
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal
from kuhtheory.editions import Scoring
from kuhtheory.engine.actions import Accept, Auction, BuyBack, Pass, Pay, Preempt
from kuhtheory.engine.legal import LegalActions, make_bid, make_counter, make_offer, make_trade
from kuhtheory.engine.observation import Observation
from kuhtheory.engine.state import Phase
from kuhtheory.payment import cheapest_payment, cheapest_total

#: Share of its money the bot spends for a card worth the points still to win per player.
SPEND = 1.5
#: It never spends more than this share of its money on one card.
MAX_SHARE = 0.9
#: Seeded noise on each limit: a factor drawn from 1 +- NOISE.
NOISE = 0.15
#: With 'no kidding' (one bid per auction) it bids this share of its limit at once.
ONE_BID_SHARE = 0.8
#: A trade offer reaches at least this share of the opponent's estimated money.
OFFER_SHARE = 0.6
#: Countering for the card that completes its family, it lays this multiple of the estimated offer.
COMPLETE_MARGIN = 1.5
#: After this many turns the bigger holder of a species is let win its trades (no endless swaps).
LONG_GAME = 150

_INDEX = {a: i for i, a in enumerate(ANIMALS)}


def card_worth(obs: Observation, animal: Animal, player: int | None = None) -> float:
    """Points one more card of ``animal`` is worth to ``player`` (default: the observer).

    >>> from kuhtheory.engine import new_game
    >>> obs = new_game(players=3, seed=1, first_player=0).observation(0)
    >>> card_worth(obs, Animal.HORSE)   # 1000 points, first of four cards
    250.0
    """
    me = obs.player if player is None else player
    i = _INDEX[animal]
    if obs.family_owners[i] >= 0:
        return 0.0
    per_family = obs.edition.cards_per_family
    mine = obs.herds[me][i]
    value = float(animal.points)
    if obs.edition.scoring is Scoring.SUM_TIMES_FAMILIES:
        owned = [a for a, o in zip(ANIMALS, obs.family_owners, strict=True) if o == me]
        # Completing a family multiplies every family by one more (K-END-2).
        value = animal.points * (len(owned) + 1) + sum(a.points for a in owned)
    progress = min(mine + 1, per_family) / per_family
    rival = max((h[i] for p, h in enumerate(obs.herds) if p != me), default=0)
    if rival > mine:
        progress /= 2
    return value * progress


def remaining_points(obs: Observation) -> float:
    """The points of the families not yet complete, per player (the scale of :func:`card_worth`)."""
    left = sum(a.points for a, o in zip(ANIMALS, obs.family_owners, strict=True) if o < 0)
    return max(left, 10) / obs.players


def money_in_play(obs: Observation) -> int:
    """All the money the players hold: the edition's money deck minus the bank (both public)."""
    deck = obs.edition.money_deck
    return sum(v * (d - b) for v, d, b in zip(DENOMINATIONS, deck, obs.bank, strict=True))


def estimated_money(obs: Observation, player: int) -> float:
    """The observer's estimate of ``player``'s money: others' money shared out by card count."""
    if player == obs.player:
        return float(obs.money_total)
    others = [p for p in range(obs.players) if p != obs.player]
    cards = sum(obs.card_counts[p] for p in others)
    if cards == 0:
        return 0.0
    rest = max(money_in_play(obs) - obs.money_total, 0)
    return rest * obs.card_counts[player] / cards


class HeuristicAgent:
    """The rule-of-thumb bot of the module docstring; ``seed`` fixes its noise."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicAgent(seed={self.seed!r})"

    # ----- valuations ----------------------------------------------------------------------------
    def limit(self, obs: Observation, animals: Sequence[Animal], stake: int = 1) -> int:
        """The most money it would give for ``animals`` (``stake`` cards each), a multiple of 10."""
        worth = sum(card_worth(obs, a) for a in animals) * stake
        share = min(MAX_SHARE, SPEND * worth / remaining_points(obs))
        noisy = share * obs.money_total * self._rng.uniform(1 - NOISE, 1 + NOISE)
        return min(int(noisy) // 10 * 10, obs.money_total)

    # ----- the decision --------------------------------------------------------------------------
    def act(self, observation: Observation, legal_actions: Sequence[Any]) -> Any:
        """One of ``legal_actions``, chosen by the rules of the module docstring."""
        obs = observation
        legal = legal_actions
        if not isinstance(legal, LegalActions) or len(legal) == 0:
            raise ValueError(f"HeuristicAgent.act: no Kuhhandel legal actions in {legal!r}")
        phase = obs.phase
        if phase is Phase.BIDDING:
            return self._bid(obs, legal)
        if phase is Phase.HAMMER or phase is Phase.BUY_BACK:
            return self._hammer(obs, legal)
        if phase is Phase.PAYMENT:
            return self._pay(legal)
        if phase is Phase.TURN:
            return self._turn(obs, legal)
        if phase is Phase.TRADE_RESPONSE:
            return self._respond(obs, legal)
        if phase is Phase.TRADE_REOFFER:
            return self._reoffer(obs, legal)
        return legal[0]

    def _bid(self, obs: Observation, legal: LegalActions) -> Any:
        if not legal.bid_range:
            return bid_up_to(obs, legal, 0)
        auction = obs.auction
        animals = auction.animals if auction is not None else ()
        return bid_up_to(obs, legal, self.limit(obs, animals))

    def _hammer(self, obs: Observation, legal: LegalActions) -> Any:
        auction = obs.auction
        options = legal.fixed
        keep = [a for a in options if isinstance(a, (Preempt, BuyBack))]
        other = [a for a in options if not isinstance(a, (Preempt, BuyBack))]
        if keep and auction is not None:
            limit = self.limit(obs, auction.animals)
            if isinstance(keep[0], Preempt):
                # A preemption is paid afterwards with the cheapest no-change payment (K-PAY-1).
                paid = cheapest_total(_counts(obs.money), auction.high_bid)
                if paid is not None and paid <= limit:
                    return keep[0]
            else:
                backs = [a for a in keep if isinstance(a, BuyBack)]
                best = min(backs, key=lambda a: (sum(a.cards), len(a.cards)))
                if sum(best.cards) <= limit:
                    return best
        return other[0] if other else options[0]

    def _pay(self, legal: LegalActions) -> Any:
        pays = [a for a in legal.fixed if isinstance(a, Pay)]
        if not pays:
            return legal[0]
        return min(pays, key=lambda a: (sum(a.cards), len(a.cards), a.cards))

    def _turn(self, obs: Observation, legal: LegalActions) -> Any:
        auction = next((a for a in legal.fixed if isinstance(a, Auction)), None)
        if legal.kind != LegalActions.TRADE or not legal.targets:
            return auction if auction is not None else legal[0]
        mine = obs.money_total
        best: tuple[float, int, Animal] | None = None
        for opponent, animal in legal.targets:
            estimate = estimated_money(obs, opponent)
            if auction is not None and mine < estimate:
                continue  # not winnable enough while there is still an auction to run
            worth = card_worth(obs, animal) * _stake(obs, opponent, animal)
            score = worth / (estimate + 10)
            if best is None or score > best[0]:
                best = (score, opponent, animal)
        if best is None:
            return auction if auction is not None else legal[0]
        _, opponent, animal = best
        stake = _stake(obs, opponent, animal)
        i = _INDEX[animal]
        if obs.turn >= LONG_GAME and obs.herds[opponent][i] > obs.herds[obs.player][i]:
            # A long endgame: let the bigger holder win, so the family gathers and closes.
            zeros = _smallest_pile(_hand(legal, obs), 0, pad_zeros=True)
            return make_trade(legal.player, opponent, animal, zeros)
        estimate = estimated_money(obs, opponent)
        target = max(self.limit(obs, (animal,), stake), OFFER_SHARE * estimate)
        pile = _smallest_pile(_hand(legal, obs), min(target, mine), pad_zeros=True)
        return make_trade(legal.player, opponent, animal, pile)

    def _respond(self, obs: Observation, legal: LegalActions) -> Any:
        trade = obs.trade
        accept = next((a for a in legal.fixed if isinstance(a, Accept)), None)
        if trade is None:
            return accept if accept is not None else legal[0]
        others = obs.card_counts[trade.offerer]
        per_card = estimated_money(obs, trade.offerer) / others if others else 0.0
        offer_estimate = per_card * trade.offer_count
        i = _INDEX[trade.animal]
        per_family = obs.edition.cards_per_family
        # Winning the counter completes my family (K-TRD-3).
        i_complete = obs.herds[obs.player][i] + trade.stake >= per_family
        if i_complete and obs.money_total > 0 and legal.kind == LegalActions.COUNTER:
            want = max(offer_estimate * COMPLETE_MARGIN + 50, offer_estimate + 10)
            pile = _smallest_pile(_hand(legal, obs), min(want, obs.money_total), pad_zeros=False)
            return make_counter(legal.player, pile)
        if obs.turn >= LONG_GAME:
            # A long endgame: the bigger holder wins, so the family gathers and closes.
            if obs.herds[trade.offerer][i] >= obs.herds[obs.player][i]:
                if accept is not None:
                    return accept
                return make_counter(legal.player, ())
            if legal.kind == LegalActions.COUNTER and obs.money_total > 0:
                want = max(offer_estimate * COMPLETE_MARGIN + 50, 10)
                hand = _hand(legal, obs)
                pile = _smallest_pile(hand, min(want, obs.money_total), pad_zeros=False)
                return make_counter(legal.player, pile)
        keep_worth = self.limit(obs, (trade.animal,), trade.stake)
        if accept is not None and offer_estimate >= keep_worth:
            return accept
        want = offer_estimate + 10
        if legal.kind == LegalActions.COUNTER and (accept is None or want <= obs.money_total):
            pile = _smallest_pile(_hand(legal, obs), min(want, obs.money_total), pad_zeros=False)
            return make_counter(legal.player, pile)
        return accept if accept is not None else legal[0]

    def _reoffer(self, obs: Observation, legal: LegalActions) -> Any:
        trade = obs.trade
        last = sum(trade.offer) if trade is not None and trade.offer is not None else 0
        if legal.kind == LegalActions.OFFER:
            hand = _hand(legal, obs)
            pile = _smallest_pile(hand, min(last + 10, obs.money_total), pad_zeros=True)
            return make_offer(legal.player, pile)
        return legal[0]


def _counts(cards: Sequence[int]) -> tuple[int, ...]:
    return tuple(cards.count(v) for v in DENOMINATIONS)


def _stake(obs: Observation, opponent: int, animal: Animal) -> int:
    """The cards at stake in a trade for ``animal`` (K-TRD-4: two against two is for both)."""
    i = _INDEX[animal]
    if obs.edition.pair_trade and obs.herds[obs.player][i] == 2 and obs.herds[opponent][i] == 2:
        return 2
    return 1


def _hand(legal: LegalActions, obs: Observation) -> tuple[int, ...]:
    """The hand the piles are taken from (every sub-multiset of it is a legal pile), as counts."""
    return legal.hand if legal.hand is not None else _counts(obs.money)


def _smallest_pile(hand: Sequence[int], amount: float, *, pad_zeros: bool) -> tuple[int, ...]:
    """The pile from ``hand`` (counts) with the smallest total reaching ``amount`` (all of it if it
    cannot), with the fewest cards; plus every 0-card if ``pad_zeros`` (more cards look richer,
    K-TRD-1). Computed from the counts: the listed piles of a rich hand run to thousands."""
    need = max(int(math.ceil(amount)), 0)
    counts: tuple[int, ...] | None
    if need == 0:
        counts = (0,) * len(DENOMINATIONS)
    else:
        counts = cheapest_payment(hand, need)
        if counts is None:  # cannot reach it: everything but the 0-cards
            counts = (0, *hand[1:])
    if pad_zeros:
        counts = (hand[0], *counts[1:])
    return tuple(v for v, c in zip(DENOMINATIONS, counts, strict=True) for _ in range(c))


def bid_up_to(obs: Observation, legal: LegalActions, limit: float) -> Any:
    """Raise by the least step while it stays within ``limit``, else pass (K-AUC-1, K-AUC-2).

    With "no kidding" (one bid per bidder) bid ``ONE_BID_SHARE`` of the limit at once. Shared by
    the heuristic and equilibrium bots, which differ only in how they set the limit.
    """
    bids = legal.bid_range
    pass_ = next((a for a in legal.fixed if isinstance(a, Pass)), None)
    if bids:
        if obs.edition.one_bid_per_auction:
            amount = int(limit * ONE_BID_SHARE) // 10 * 10
            if amount >= bids[0]:
                return make_bid(legal.player, min(amount, bids[-1]))
        elif bids[0] <= limit:
            return make_bid(legal.player, bids[0])
    return pass_ if pass_ is not None else legal[0]
