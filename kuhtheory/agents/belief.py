"""What the equilibrium bot believes about the other players' hidden money.

The exact posterior (every split of the unseen cards consistent with all the public flows) is out of
reach in a game of hundreds of moves, so the bot keeps a tractable approximation, built only from
its :class:`~kuhtheory.engine.Observation`:

1. **The unseen pool is known exactly.** Money in play is the edition's money deck minus the bank
   (both public); minus the observer's own hand, the rest is exactly what the opponents hold
   together (:func:`unseen_pool`). Its card count equals the sum of their public card counts.
2. **Each opponent's total is tracked from the public flows** (:class:`MoneyTracker`): the start
   money (known per edition), the donkey payouts (K-DONK-1: the cards are public), auction payments
   (K-AUC-4: the price is public and the payer's least overpay is taken as the price), buy-backs
   (bluff), and a trade's cards moved (K-TRD-1..3: only their count is public, so each card is
   valued at the average of the unseen pool; where the observer was one of the two traders he saw
   the other pile, ``revealed``, and uses it). A player who had to show his money (K-PAY-2) is set
   to the money shown. The totals are then rescaled so that they add up to the unseen pool.
3. **The most likely hand**: for an opponent with ``k`` cards and estimated total ``T``,
   :func:`likely_hand` picks ``k`` cards from the unseen pool whose total is closest to ``T``
   (ties: the composition closest to the pool's proportions).

:meth:`MoneyTracker.belief` returns ``[(hand, probability), ...]``: the likely hand, optionally
with its neighbours at lower and higher totals (``spread``). The trade solver accepts such a list as
chance over A's hands; the bot uses the single most likely hand by default because chance over
hands costs 1.4 s (two hands) to 11 s (three hands) per classic trade solve against ~0.05 s for one
(measured on 7-8 card hands, see the bot's module docstring).

>>> from kuhtheory.engine import new_game
>>> obs = new_game(players=3, seed=1, first_player=0).observation(0)
>>> unseen_pool(obs)
(4, 8, 2, 0, 0, 0)
>>> tracker = MoneyTracker()
>>> tracker.update(obs)
>>> tracker.totals(obs)
{1: 90.0, 2: 90.0}
>>> tracker.likely_hand(obs, 1)
(0, 0, 10, 10, 10, 10, 50)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np

from kuhtheory.cards import DENOMINATIONS, Counts, counts_of, from_counts, total
from kuhtheory.engine import events as ev
from kuhtheory.engine.observation import Observation

_N = len(DENOMINATIONS)
#: The public events that move money (bids and passes are not even read: EventLog.recorded).
_MONEY_FLOWS = frozenset(
    (ev.DonkeyPayout, ev.Sold, ev.Preempted, ev.BoughtBack, ev.Insolvent, ev.TradeResolved)
)


def unseen_pool(obs: Observation) -> Counts:
    """The money cards the observer's opponents hold together (deck - bank - own hand)."""
    own = counts_of(obs.money)
    return tuple(
        max(d - b - o, 0) for d, b, o in zip(obs.edition.money_deck, obs.bank, own, strict=True)
    )


def cards_held(obs: Observation) -> tuple[int, ...]:
    """Each player's money cards, counting the face-down piles of a running trade as their
    owners' (until the trade is settled the cards are his, K-TRD-1..3; the public card count
    leaves them out).

    >>> from kuhtheory.engine import new_game
    >>> cards_held(new_game(players=3, seed=1).observation(0))
    (7, 7, 7)
    """
    trade = obs.trade
    if trade is None:
        return tuple(obs.card_counts)
    held = list(obs.card_counts)
    held[trade.offerer] += trade.offer_count
    if trade.counter_count is not None:
        held[trade.opponent] += trade.counter_count
    return tuple(held)


def likely_hand(pool: Counts, cards: int, target: float) -> Counts:
    """``cards`` cards from ``pool`` whose total is closest to ``target``.

    Among equally close totals, the one closest to the pool's proportions (the squared distance
    of the counts to ``cards x pool share``). If the pool holds fewer cards, all of it. The target
    is an estimate: it is taken to the nearest ten (every total is a multiple of ten, so at most
    a total exactly between two candidates changes) and the answers are cached, since a
    tournament asks the same question many times.

    >>> from_counts(likely_hand((4, 8, 2, 0, 0, 0), 3, 60))
    (0, 10, 50)
    >>> from_counts(likely_hand((4, 8, 2, 0, 0, 0), 3, 0))
    (0, 0, 0)
    """
    return _likely_hand(tuple(pool), int(cards), 10 * int(round(target / 10)))


@functools.lru_cache(maxsize=65536)
def _likely_hand(pool: Counts, cards: int, target: int) -> Counts:
    size = sum(pool)
    if cards >= size:
        return tuple(pool)
    width = total(pool) // 10 + 1  # every total is a multiple of ten
    # pen[used, total / 10]: the least penalty of a composition over the denominations so far;
    # took[i][used, total / 10]: how many cards of denomination i that composition holds.
    pen = np.full((cards + 1, width), np.inf)
    pen[0, 0] = 0.0
    took = []
    for i, value in enumerate(DENOMINATIONS):
        step = value // 10
        expected = cards * (pool[i] / size)  # this denomination's share of ``cards``
        # none of this denomination: every composition so far, with the penalty of taking none
        nxt = pen + (0 - expected) ** 2
        kk = np.zeros(pen.shape, dtype=np.int64)
        for k in range(1, min(pool[i], cards) + 1):
            # k of them: from (used, total) to (used + k, total + k x value)
            cand = pen[: cards + 1 - k, : width - k * step] + (k - expected) ** 2
            into, chosen = nxt[k:, k * step :], kk[k:, k * step :]
            better = cand < into  # on a tie the fewer cards of this denomination stay
            np.copyto(into, cand, where=better)
            np.copyto(chosen, k, where=better)
        pen = nxt
        took.append(kk)
    row = pen[cards]
    totals = np.arange(width) * 10
    ok = np.flatnonzero(np.isfinite(row))
    # closest total first, then the least penalty, then the smaller total
    pick = ok[np.lexsort((totals[ok], row[ok], np.abs(totals[ok] - target)))[0]]
    counts = [0] * _N
    used, t = cards, int(pick)
    for i in reversed(range(_N)):
        k = int(took[i][used, t])
        counts[i] = k
        used -= k
        t -= k * (DENOMINATIONS[i] // 10)
    return tuple(counts)


class MoneyTracker:
    """Each opponent's estimated money total, updated from the public events (module docstring).

    Feed it every observation of one game with :meth:`update` (it reads only the new events); an
    event log that does not continue the one it read (shorter, or another last event where it
    stopped) means another game and resets it.
    """

    def __init__(self) -> None:
        self._seen = 0
        self._last: object = None
        self._est: dict[int, float] = {}
        self._me: int | None = None
        self._hands: dict[tuple[object, ...], tuple[int, ...]] = {}

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self._seen = 0
        self._last = None
        self._est = {}
        self._me = None
        self._hands = {}

    def update(self, obs: Observation) -> None:
        """Read the events added since the last call.

        The last event read must still be where it was, else this is another game. Only the
        recorded events are read (:meth:`~kuhtheory.engine.events.EventLog.recorded`: the bids
        and passes, most of the log, move no money), walking back no further than the last read.
        """
        raw = obs.event_log
        seen = self._seen
        if (
            len(raw) < seen
            or self._me not in (None, obs.player)
            or (seen and raw[seen - 1] != self._last)  # not the game it was reading
        ):
            self.reset()
            seen = 0
        if self._me is None:
            self._me = obs.player
            start = float(obs.edition.start_money_total)
            self._est = {p: start for p in range(obs.players) if p != obs.player}
        if len(raw) == seen:
            return
        flows = [(cls, args) for cls, args in raw.recorded(seen) if cls in _MONEY_FLOWS]
        if flows:
            pool = unseen_pool(obs)
            pool_cards = sum(pool)
            per_card = total(pool) / pool_cards if pool_cards else 0.0
            for cls, args in flows:
                self._apply(obs, cls, args, per_card)
        self._seen = len(raw)
        self._last = raw[-1]

    def _add(self, player: int, amount: float) -> None:
        if player in self._est:
            self._est[player] += amount

    def _apply(self, obs: Observation, cls: type, args: tuple, per_card: float) -> None:
        e = cls(*args)
        if isinstance(e, ev.DonkeyPayout):
            for p, cards in e.given:
                self._add(p, sum(cards))
        elif isinstance(e, ev.Sold):
            self._add(e.buyer, -e.price)
            self._add(e.seller, e.price)
        elif isinstance(e, (ev.Preempted, ev.BoughtBack)):
            self._add(e.auctioneer, -e.price)
            self._add(e.high_bidder, e.price)
        elif isinstance(e, ev.Insolvent):
            if e.player in self._est:
                self._est[e.player] = float(sum(e.money))
        elif isinstance(e, ev.TradeResolved):
            a, b = e.offerer, e.opponent
            me = obs.player
            if me in (a, b):
                other = b if me == a else a
                # The observer saw the other's pile when piles were exchanged, else he got the
                # offer on accepting (then ``revealed`` holds it too) or gave his own.
                seen = [cards for _, who, cards in obs.revealed if who == other]
                to_other = e.to_opponent if other == b else e.to_offerer
                from_other = e.to_offerer if other == b else e.to_opponent
                got = float(sum(seen[-1])) if seen and from_other else from_other * per_card
                self._add(other, -got)
                self._add(other, to_other * per_card)
            else:
                self._add(a, (e.to_offerer - e.to_opponent) * per_card)
                self._add(b, (e.to_opponent - e.to_offerer) * per_card)

    def totals(self, obs: Observation) -> dict[int, float]:
        """Each opponent's estimated total, rescaled to add up to the unseen pool (>= 0 each)."""
        self.update(obs)
        pool_total = total(unseen_pool(obs))
        est = {p: max(v, 0.0) for p, v in self._est.items()}
        held = cards_held(obs)
        for p in est:
            if held[p] == 0:
                est[p] = 0.0
        s = sum(est.values())
        if s <= 0:
            cards = sum(held[p] for p in est) or 1
            return {p: pool_total * held[p] / cards for p in est}
        return {p: v * pool_total / s for p, v in est.items()}

    def likely_hand(self, obs: Observation, player: int) -> tuple[int, ...]:
        """The most likely hand of ``player`` (sorted card values), his face-down pile of a
        running trade included (:func:`cards_held`: the cards are still his, K-TRD-1..3, and the
        tracked total counts them). Kept until the next event: a decision asks for the same hand
        several times."""
        cards = cards_held(obs)[player]
        key = (len(obs.event_log), player, cards, obs.money, obs.bank)
        hand = self._hands.get(key)
        if hand is None:
            target = self.totals(obs)[player]
            if len(self._hands) > 64:
                self._hands.clear()
            hand = self._hands[key] = from_counts(likely_hand(unseen_pool(obs), cards, target))
        return hand

    def belief(
        self, obs: Observation, player: int, spread: int = 0
    ) -> list[tuple[tuple[int, ...], float]]:
        """``[(hand, probability), ...]`` for ``player``: the likely hand and, with ``spread=s``,
        the likely hands at totals ``T x (1 +- 0.35 j)`` for ``j = 1..s`` with weights ``2^-j``
        (distinct hands only, probabilities normalised). The trade solver takes it as it is
        (:func:`kuhtheory.solvers.trade_hidden.parse_belief`: float probabilities within 1e-6 of
        summing to 1 are renormalised exactly).

        >>> from kuhtheory.engine import new_game
        >>> obs = new_game(players=3, seed=1, first_player=0).observation(0)
        >>> MoneyTracker().belief(obs, 1, spread=2)  # doctest: +NORMALIZE_WHITESPACE
        [((0, 0, 0, 0, 10, 10, 10), 0.1), ((0, 10, 10, 10, 10, 10, 10), 0.2),
         ((0, 0, 10, 10, 10, 10, 50), 0.4), ((0, 0, 0, 10, 10, 50, 50), 0.2),
         ((10, 10, 10, 10, 10, 50, 50), 0.1)]
        """
        target = self.totals(obs)[player]
        pool = unseen_pool(obs)
        k = cards_held(obs)[player]
        weights: dict[tuple[int, ...], float] = {}
        for j in range(-spread, spread + 1):
            hand = from_counts(likely_hand(pool, k, target * (1 + 0.35 * j)))
            weights[hand] = weights.get(hand, 0.0) + math.pow(2.0, -abs(j))
        s = sum(weights.values())
        return [(h, w / s) for h, w in weights.items()]


def shares(values: Sequence[float]) -> list[float]:
    """``values`` normalised to sum to 1 (uniform if they sum to 0)."""
    s = sum(values)
    if s <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / s for v in values]
