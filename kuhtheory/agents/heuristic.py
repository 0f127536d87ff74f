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
* **What the others hold** (:meth:`HeuristicAgent.money_of`): while animals are left, the money it
  does not hold shared out by card count (:func:`shared_estimate`); once the deck is empty, when
  money decides every trade, it remembers the public money flows and the piles it saw in its own
  trades (:class:`~kuhtheory.agents.belief.MoneyTracker`). A pile laid face down in a running
  trade still counts as its owner's, and a player who lately laid a pile against it is taken to
  hold at least that. A pile *sure to win* against a player (:meth:`HeuristicAgent.sure_pile`)
  reaches his estimated money times ``1 + SURE_MARGIN`` plus ``SURE_EXTRA``, but never more than
  his dearest possible cards: he cannot lay more than he has. After LONG_GAME turns it goes back
  to the quick estimate.
* **Auction** (K-AUC-1): raise by the minimum while the price is below that limit, else pass; with
  'no kidding' (one bid each) it bids 80 % of its limit at once
  (:func:`kuhtheory.agents.base.bid_up_to`).
* **Hammer** (K-AUC-4): preempt when its cheapest no-change payment (K-PAY-1) of the high bid is
  within its limit; buy back (bluff) on the same test.
* **Payment** (K-PAY-1): the payment with the least overpay, then the fewest cards.
* **Can it keep the card?** A card won in a trade can be won back on the loser's next turn if he
  still owns one of the species (K-TURN-2). The bot counts on keeping it when winning closes its
  family, or leaves him none, or leaves it still richer than him after paying him; otherwise the
  same card would go back and forth, each win paying for the next (K-TRD-3).
* **Turn** (K-TURN-1), while animals are left to auction: trade when a trade looks winnable — its
  money is at least the opponent's estimated money — and the card can be kept, choosing the target
  worth most per money of the opponent; offer the smallest pile reaching the larger of its limit
  and 60 % of the opponent's estimated money, but never more than the pile sure to win (whatever
  it lays beyond what wins is handed to the loser, K-TRD-3), padded with all its 0-cards
  (bluffing is the point, K-TRD-1). Otherwise auction.
* **Endgame turn** (K-END-1: the deck is empty, it must trade): money is worth nothing at the end
  except to win trades. It closes the family worth most that it is sure to win, laying the pile
  sure to win; failing that, it tries to close one with everything it has up to that pile (losing
  costs only the card: the piles come back to it one way or the other, K-TRD-3); failing that, it
  plays the trade it is sure to win and can keep that is worth most (best one that leaves the
  opponent none of the species; when neither it nor the opponent has money a pile of nothing is
  sure to win, since every tie goes to the offerer in the end, K-TRD-3); failing that it stops
  challenging: it gives up the card worth least to it, to the opponent who holds most of that
  species (he is the one who can close the family), laying only 0-cards (a bluff that costs
  nothing if called). The richer holder of a split family gathers it and closes it.
* **Trade response** (K-TRD-2): estimate the offer as the offerer's estimated money times the
  share of his cards he laid, at most his dearest possible cards of that count. If winning would
  complete its family, counter with the smallest pile reaching 1.5 times the estimate plus 50 —
  once the deck is empty, the pile sure to beat anything he can have laid — but never more than
  beats any pile of that many cards (nor more than it has). Once the deck is empty it lets a card
  go that it could not keep (the offerer would still own one and be the richer after the trade):
  it accepts, or counters with nothing. Otherwise accept if the estimate covers what the stake is
  worth to it, else counter with the smallest pile above the estimate if it can afford it, else
  accept (or counter when accepting is not allowed).
* **Classic tie** (re-offer): offer the smallest pile above its last offer.
* **A last guard** (``LONG_GAME``): should a game still run after 150 turns (the estimates can be
  wrong), the bigger holder of a species is let win: the smaller one accepts, or lays only 0-cards.

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
from typing import Any, NamedTuple

from kuhtheory.agents.base import (
    ONE_BID_SHARE,
    KuhhandelBot,
    bid_up_to,
    family_value,
    money_in_play,
    open_points,
    stake_cards,
)
from kuhtheory.agents.belief import MoneyTracker, cards_held, unseen_pool
from kuhtheory.cards import ANIMAL_INDEX, DENOMINATIONS, Animal, counts_of
from kuhtheory.engine.actions import Accept, Auction, Counter, Offer, Preempt, Trade
from kuhtheory.engine.legal import LegalActions
from kuhtheory.engine.observation import Observation
from kuhtheory.payment import cheapest_payment, cheapest_total

#: Share of its money the bot spends for a card worth the points still to win per player.
SPEND = 1.5
#: It never spends more than this share of its money on one card.
MAX_SHARE = 0.9
#: Seeded noise on each limit: a factor drawn from 1 +- NOISE.
NOISE = 0.15
_LEAST_NOISE, _MOST_NOISE = 1 - NOISE, 1 + NOISE
#: A trade offer reaches at least this share of the opponent's estimated money.
OFFER_SHARE = 0.6
#: Countering for the card that completes its family, it lays this multiple of the estimated offer.
COMPLETE_MARGIN = 1.5
#: A pile sure to win against a player: his estimated money times 1 + SURE_MARGIN, plus SURE_EXTRA.
SURE_MARGIN = 0.25
#: See :data:`SURE_MARGIN`.
SURE_EXTRA = 20
#: A pile an opponent laid against it in the last RECENT_TURNS rounds of the table bounds his money
#: from below.
RECENT_TURNS = 2
#: After this many turns the bigger holder of a species is let win its trades (a last guard).
LONG_GAME = 150

__all__ = [
    "COMPLETE_MARGIN",
    "HeuristicAgent",
    "LONG_GAME",
    "MAX_SHARE",
    "NOISE",
    "OFFER_SHARE",
    "ONE_BID_SHARE",
    "SPEND",
    "SURE_EXTRA",
    "SURE_MARGIN",
    "bid_up_to",
    "card_worth",
    "remaining_points",
    "shared_estimate",
]


def card_worth(obs: Observation, animal: Animal, player: int | None = None) -> float:
    """Points one more card of ``animal`` is worth to ``player`` (default: the observer).

    >>> from kuhtheory.engine import new_game
    >>> obs = new_game(players=3, seed=1, first_player=0).observation(0)
    >>> card_worth(obs, Animal.HORSE)   # 1000 points, first of four cards
    250.0
    """
    me = obs.player if player is None else player
    i = ANIMAL_INDEX[animal]
    value = family_value(obs, animal, me)
    if value == 0:
        return 0.0
    per_family = obs.edition.cards_per_family
    held = [herd[i] for herd in obs.herds]  # each player's cards of the species
    mine = held.pop(me)
    progress = min(mine + 1, per_family) / per_family
    if max(held, default=0) > mine:  # a rival holds more
        progress /= 2
    return value * progress


def remaining_points(obs: Observation) -> float:
    """The points of the families not yet complete, per player (the scale of :func:`card_worth`)."""
    return open_points(obs) / obs.players


def shared_estimate(obs: Observation, player: int) -> float:
    """A quick estimate of ``player``'s money: the money the observer does not hold, shared out
    by card count (a pile laid in a running trade counts as its owner's, K-TRD-1).

    >>> from kuhtheory.engine import new_game
    >>> shared_estimate(new_game(players=3, seed=1).observation(0), 1)
    90.0
    """
    if player == obs.player:
        return float(obs.money_total)
    held = cards_held(obs)
    cards = sum(held[p] for p in range(obs.players) if p != obs.player)
    if cards == 0:
        return 0.0
    rest = max(money_in_play(obs) - obs.money_total, 0)
    return rest * held[player] / cards


class _Target(NamedTuple):
    """One possible trade of the turn, as the bot sees it."""

    opponent: int
    animal: Animal
    stake: int
    worth: float  # what the stake is worth to the bot (points)
    theirs: float  # the opponent's estimated money
    sure: float  # a pile sure to beat him


class HeuristicAgent(KuhhandelBot):
    """The rule-of-thumb bot of the module docstring; ``seed`` fixes its noise."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._tracker = MoneyTracker()
        self._totals: tuple[Observation | None, dict[int, float]] = (None, {})
        # The money estimates of the last observation asked about (see ``money_of``).
        self._estimates: tuple[Observation | None, dict[int, float]] = (None, {})
        # The unseen money of the last observation asked about (see ``_unseen``).
        self._pool: tuple[Observation | None, tuple[int, ...]] = (None, ())
        # The shares ``limit`` computed in the last position it was asked about (see ``_share``).
        self._shares: dict[tuple[tuple[Animal, ...], int], float] = {}
        self._shares_at: tuple[Any, ...] = ()

    def __repr__(self) -> str:
        return f"HeuristicAgent(seed={self.seed!r})"

    # ----- valuations ----------------------------------------------------------------------------
    def limit(self, obs: Observation, animals: Sequence[Animal], stake: int = 1) -> int:
        """The most money it would give for ``animals`` (``stake`` cards each), a multiple of 10."""
        share = self._share(obs, tuple(animals), stake)
        money = obs.money_total
        noisy = share * money * self._rng.uniform(_LEAST_NOISE, _MOST_NOISE)
        return min(int(noisy) // 10 * 10, money)

    def _share(self, obs: Observation, animals: tuple[Animal, ...], stake: int) -> float:
        """The share of its money :meth:`limit` gives for ``animals``, before the noise.

        It depends on the lot and on the position: the herds, the complete families, the observer
        and the edition. The position does not change while an auction's bidding runs (the bot is
        asked again at every raise, K-AUC-1) nor while a turn weighs its possible trades, so the
        share of each lot is remembered until the position changes.
        """
        position = (obs.herds, obs.family_owners, obs.player, obs.edition)
        if position != self._shares_at:
            self._shares = {}
            self._shares_at = position
        share = self._shares.get((animals, stake))
        if share is None:
            worth = sum(card_worth(obs, a) for a in animals) * stake
            share = min(MAX_SHARE, SPEND * worth / remaining_points(obs))
            self._shares[animals, stake] = share
        return share

    def money_of(self, obs: Observation, player: int) -> float:
        """The money ``player`` holds: its own exactly; an opponent's while animals are left as
        :func:`shared_estimate`, once the deck is empty (when money decides every trade) from the
        public money flows and the piles it saw (:class:`~kuhtheory.agents.belief.MoneyTracker`);
        at least the pile he laid against it lately.

        Estimated once per observation and player: a turn asks for each possible trade's opponent
        several times."""
        if self._estimates[0] is not obs:
            self._estimates = (obs, {})
        known = self._estimates[1]
        if player not in known:
            known[player] = self._estimate(obs, player)
        return known[player]

    def _estimate(self, obs: Observation, player: int) -> float:
        """:meth:`money_of`, computed."""
        if player == obs.player:
            return float(obs.money_total)
        if obs.deck_size > 0 or obs.turn >= LONG_GAME:
            # (In a game that will not end, re-reading the whole event log each turn would make
            # every turn slower than the last.)
            estimate = shared_estimate(obs, player)
        else:
            if self._totals[0] is not obs:  # one belief update per observation
                self._totals = (obs, self._tracker.totals(obs))
            estimate = self._totals[1][player]
        # What he laid against it lately, he can likely lay again.
        recent = obs.turn - RECENT_TURNS * obs.players
        shown = [
            sum(cards) for turn, who, cards in obs.revealed if who == player and turn >= recent
        ]
        return max(estimate, shown[-1]) if shown else estimate

    def sure_pile(self, obs: Observation, player: int, cards: int | None = None) -> float:
        """A pile that beats anything ``player`` can lay (with ``cards`` of his cards: default all
        he holds): his estimated money with a margin, but never more than his ``cards`` dearest
        possible cards (the unseen money, K-PAY-1, plus 10)."""
        theirs = self.money_of(obs, player)
        k = cards_held(obs)[player] if cards is None else cards
        return min(theirs * (1 + SURE_MARGIN) + SURE_EXTRA, dearest(self._unseen(obs), k) + 10)

    def _unseen(self, obs: Observation) -> tuple[int, ...]:
        """:func:`~kuhtheory.agents.belief.unseen_pool` of ``obs``, once per observation (a
        turn asks for it for every possible trade)."""
        if self._pool[0] is not obs:
            self._pool = (obs, unseen_pool(obs))
        return self._pool[1]

    # ----- the decisions -------------------------------------------------------------------------
    def _bid(self, obs: Observation, legal: LegalActions) -> Any:
        if not legal.bid_range:
            return bid_up_to(obs, legal, 0)
        return bid_up_to(obs, legal, self.limit(obs, obs.lot))

    def keeps_lot(self, obs: Observation, keep: Any) -> bool:
        """Preempt or buy back when what it pays is within its limit for the lot (K-AUC-4)."""
        auction = obs.auction
        if auction is None:
            return False
        limit = self.limit(obs, auction.animals)
        if isinstance(keep, Preempt):
            # A preemption is paid afterwards with the cheapest no-change payment (K-PAY-1).
            paid = cheapest_total(counts_of(obs.money), auction.high_bid)
            return paid is not None and paid <= limit
        return sum(keep.cards) <= limit

    def _targets(self, obs: Observation, legal: LegalActions) -> list[_Target]:
        out = []
        for opponent, animal in legal.targets:
            stake = stake_cards(obs, opponent, animal)
            theirs = self.money_of(obs, opponent)
            worth = card_worth(obs, animal) * stake
            sure = self.sure_pile(obs, opponent, obs.card_counts[opponent])
            if obs.money_total == 0 and dearest(self._unseen(obs), obs.card_counts[opponent]) == 0:
                sure = 0.0  # both can only lay nothing, and a tie goes to the offerer in the end
            out.append(_Target(opponent, animal, stake, worth, theirs, sure))
        return out

    def _turn(self, obs: Observation, legal: LegalActions) -> Any:
        auction = next((a for a in legal.fixed if isinstance(a, Auction)), None)
        if legal.kind != LegalActions.TRADE or not legal.targets:
            return auction if auction is not None else legal[0]
        hand = _hand(legal, obs)
        choice = self._trade_choice(obs, hand, self._targets(obs, legal), auction is not None)
        if choice is None:
            return auction if auction is not None else legal[0]
        target, amount = choice
        pile = _smallest_pile(hand, amount, pad_zeros=True)
        return Trade(legal.player, target.opponent, target.animal, pile)

    def _trade_choice(
        self, obs: Observation, hand: Sequence[int], targets: list[_Target], can_auction: bool
    ) -> tuple[_Target, float] | None:
        """The trade to start and the least its pile must reach, or None to auction instead."""
        mine = obs.money_total
        me = obs.player

        def most(ts: list[_Target]) -> _Target:
            return max(ts, key=lambda t: (t.worth, -t.theirs))

        if obs.turn >= LONG_GAME:
            # The last guard: against a bigger holder it only lays 0-cards.
            bigger = [
                t
                for t in targets
                if obs.herds[t.opponent][ANIMAL_INDEX[t.animal]]
                > obs.herds[me][ANIMAL_INDEX[t.animal]]
            ]
            if bigger:
                return bigger[0], 0
        per_family = obs.edition.cards_per_family

        def closes(t: _Target) -> bool:
            return obs.herds[me][ANIMAL_INDEX[t.animal]] + t.stake >= per_family and t.worth > 0

        def keeps(t: _Target, amount: float) -> bool:
            """Whether it could keep the card after winning it with a pile reaching ``amount``:
            it closes the family, or he has none of it left to trade it back with (K-TURN-2), or
            it is still richer than him after paying him (else he wins it back next turn, and
            the card goes back and forth for ever)."""
            if closes(t) or obs.herds[t.opponent][ANIMAL_INDEX[t.animal]] <= t.stake:
                return True
            paid = sum(_smallest_pile(hand, amount, pad_zeros=False))  # no change (K-PAY-1)
            return mine - paid >= t.theirs + paid

        if can_auction:
            # Animals are left: trade only what looks winnable and can be kept, the most worth
            # per money at risk; else auction.
            best_amount: tuple[float, _Target, float] | None = None
            for t in targets:
                if mine < t.theirs:
                    continue
                wanted = max(self.limit(obs, (t.animal,), t.stake), OFFER_SHARE * t.theirs)
                amount = min(wanted, t.sure, mine)
                score = t.worth / (t.theirs + 10)
                if keeps(t, amount) and (best_amount is None or score > best_amount[0]):
                    best_amount = (score, t, amount)
            return None if best_amount is None else (best_amount[1], best_amount[2])
        # The endgame (K-END-1): it must trade. Money buys nothing but trades now.
        closing = [t for t in targets if closes(t)]
        sure = [t for t in closing if mine >= t.sure]
        if sure:
            # Sure to close a family: the one worth most, paying what wins.
            best = most(sure)
            return best, best.sure
        if closing:
            # Winning closes its family; losing costs nothing but the card: what it lays comes
            # back (the winner pays his own pile, or each keeps what he received, K-TRD-3).
            best = most(closing)
            return best, min(best.sure, mine)
        # A card that does not close its family is worth winning only if it can keep it.
        keep = [t for t in targets if t.worth > 0 and mine >= t.sure and keeps(t, t.sure)]
        if keep:
            # Best a card he cannot trade back, having none left (K-TURN-2).
            best = max(
                keep,
                key=lambda t: (
                    obs.herds[t.opponent][ANIMAL_INDEX[t.animal]] <= t.stake,
                    t.worth,
                    -t.theirs,
                ),
            )
            return best, best.sure
        # It cannot win a trade: give up the card worth least to it, to the biggest holder,
        # laying only 0-cards.
        give = min(
            targets,
            key=lambda t: (t.worth, -obs.herds[t.opponent][ANIMAL_INDEX[t.animal]], t.opponent),
        )
        return give, 0

    def _respond(self, obs: Observation, legal: LegalActions) -> Any:
        trade = obs.trade
        accept = next((a for a in legal.fixed if isinstance(a, Accept)), None)
        if trade is None:
            return accept if accept is not None else legal[0]
        theirs = self.money_of(obs, trade.offerer)
        held = cards_held(obs)[trade.offerer]
        # The offer is at most his dearest ``offer_count`` cards; above that, a counter is waste.
        beats_any = self.sure_pile(obs, trade.offerer, trade.offer_count)
        offer_estimate = min(theirs * trade.offer_count / held if held else 0.0, beats_any - 10)
        i = ANIMAL_INDEX[trade.animal]
        mine = obs.money_total
        hand = _hand(legal, obs)
        # Winning the counter completes my family (K-TRD-3).
        i_complete = obs.herds[obs.player][i] + trade.stake >= obs.edition.cards_per_family
        if i_complete and mine > 0 and legal.kind == LegalActions.COUNTER:
            want = max(offer_estimate * COMPLETE_MARGIN + 50, offer_estimate + 10)
            if obs.deck_size == 0:
                # Money is worth nothing at the end: make sure of the family.
                want = max(want, beats_any)
            want = min(want, beats_any)
            pile = _smallest_pile(hand, min(want, mine), pad_zeros=False)
            return Counter(legal.player, pile)
        if obs.turn >= LONG_GAME and obs.herds[trade.offerer][i] >= obs.herds[obs.player][i]:
            # The last guard: the bigger holder wins.
            return accept if accept is not None else Counter(legal.player, ())
        want = offer_estimate + 10
        if obs.deck_size == 0 and obs.herds[trade.offerer][i] > trade.stake:
            # The endgame: winning the card by a counter is worth it only if it can keep it: he
            # would still own one to trade it back with, so it must stay the richer.
            paid = sum(_smallest_pile(hand, min(want, mine), pad_zeros=False))
            if mine - paid < theirs + paid:
                return accept if accept is not None else Counter(legal.player, ())
        keep_worth = self.limit(obs, (trade.animal,), trade.stake)
        if accept is not None and offer_estimate >= keep_worth:
            return accept
        if legal.kind == LegalActions.COUNTER and (accept is None or want <= mine):
            pile = _smallest_pile(hand, min(want, mine), pad_zeros=False)
            return Counter(legal.player, pile)
        return accept if accept is not None else legal[0]

    def _reoffer(self, obs: Observation, legal: LegalActions) -> Any:
        trade = obs.trade
        last = sum(trade.offer) if trade is not None and trade.offer is not None else 0
        if legal.kind == LegalActions.OFFER:
            hand = _hand(legal, obs)
            pile = _smallest_pile(hand, min(last + 10, obs.money_total), pad_zeros=True)
            return Offer(legal.player, pile)
        return legal[0]


def dearest(pool: Sequence[int], cards: int) -> int:
    """The total of the ``cards`` dearest money cards of ``pool`` (counts).

    >>> dearest((2, 4, 1, 0, 1, 0), 2)    # 200 + 50
    250
    """
    out = 0
    left = cards
    for value, count in zip(reversed(DENOMINATIONS), reversed(pool), strict=True):
        take = min(count, left)
        out += take * value
        left -= take
        if left <= 0:
            break
    return out


def _hand(legal: LegalActions, obs: Observation) -> tuple[int, ...]:
    """The hand the piles are taken from (every sub-multiset of it is a legal pile), as counts."""
    return legal.hand if legal.hand is not None else counts_of(obs.money)


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
