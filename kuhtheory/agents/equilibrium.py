"""The equilibrium bot: trades by the trade solver's equilibrium, preempts by the preemption solver.

It reads only its :class:`~kuhtheory.engine.Observation` and is deterministic given its seed.

* **Worth of a stake** (:func:`stake_points`): points, by the families a player can still complete
  and the edition's multiplier (K-END-2): one more card of a species whose family is open is worth
  the family's points times the player's progress ``(own + cards) / cards per family``; with
  ``sum x families`` scoring completing a family also raises the multiplier of the families he
  owns, so the family counts ``points x (owned + 1) + sum of owned points``. Completing a family
  counts in full. A species held by no one else is worth more (nobody can trade it away).
* **Points to money** (:meth:`EquilibriumAgent.money_worth`): money is worth nothing at the end
  (K-END-2), so a point is worth ``RATE x money in play / open points``: all the money the players
  hold, chasing the points still to be won.
* **Trade** (K-TRD-1..4): the zero-sum trade subgame of :func:`kuhtheory.solvers.solve_trade` with
  ``W`` the average of the stake's money worth to the two traders (what one gains and the other
  loses). The opponent's hidden hand is its most likely hand under the bot's belief
  (:mod:`kuhtheory.agents.belief`), or with ``spread > 0`` the belief itself: the likely hands at
  ``spread`` steps either side, a chance move over the opponent's hand (the rules' model of hidden
  money, :mod:`kuhtheory.solvers.trade_hidden`: as responder over the offerer's hand in every
  edition, as offerer over the responder's in the one-round editions). With ``general_sum`` the
  stake is worth its own value to each side (:meth:`EquilibriumAgent.trade_worths`) and the trade
  is the general-sum game of :mod:`kuhtheory.solvers.trade_general` (Lemke's algorithm, likely
  hands). As offerer the bot samples an offer (card count, total) from the quasi-perfect
  equilibrium and lays a pile of its hand of that class; as responder it samples accept or a counter
  total from the reply to the card count it saw, optimal in that count's own game (the proper
  reply, :func:`kuhtheory.solvers.trade_round.reply`: sensible at every count, on the path or
  off it); after a classic tie (K-TRD-3) both the re-offer and the reply to it come from the
  second round, where a tie gives A the stake free. As responder it models the challenger's hand
  with the pile he laid (still his, its count public, K-TRD-1).
* **Which trade, or an auction** (K-TURN-1): it values each possible trade by the equilibrium value
  to the offerer and trades when the best one is worth at least ``TRADE_SHARE`` of its stake; in the
  endgame (K-END-1) it plays the best one.
* **Auction** (K-AUC-1): it raises by the minimum while the price stays below its money worth of the
  lot and its money; with "no kidding" it bids ``ONE_BID_SHARE`` of that worth at once
  (:func:`kuhtheory.agents.base.bid_up_to`, shared with the heuristic bot).
* **Preemption** (K-AUC-4): :func:`kuhtheory.solvers.preemption.outcome_payoffs` and
  :func:`~kuhtheory.solvers.preemption.prefers_preempt` compare selling and preempting under the
  no-change rule, with its own cards and the high bidder's most likely hand (bluff's buy-back: the
  same comparison, its net flows are those of paying the bid).
* **Payment** (K-PAY-1): the least overpay, fewest cards.

Speed: every solved trade is cached by exactly what the solver sees (the trade rules, each side's
model hand or belief, the worth rounded to ``W_STEP``). With one model hand each and one worth
(the default bot) the values and the replies come from :mod:`kuhtheory.solvers.trade_round`
(small LPs: a round's value is that of its best count, and most counts are settled by pure
strategies' bounds); the offers from :func:`~kuhtheory.solvers.solve_trade` (:meth:`Plan.offers`
says why). To keep the LPs small, a hand of more than ``MAX_CARDS`` cards is cut down for the
model to at most two 0-cards and a spread of the other denominations (:func:`model_hand`): the
bot only ever lays cards of that cut-down hand. The belief reads the event log only when a
decision needs it (or the bot has just seen a pile). Figures (``benchmarks/bench_tournament.py``,
the line "equilibrium mix games/s"): four seats equilibrium, heuristic, heuristic, random play
about 19-20 classic games per CPU second (about 7 with the offers from ``solve_trade`` and no
bounds, 3.7 before trade_round); a candidate trade is valued only if its LP-free bound
(:meth:`Plan.bound`) can beat the best so far and reach ``TRADE_SHARE``; solving against the belief
(``spread=2``) or the general-sum trade costs more per trade, see the benchmark for the games per
second and the win rates of each variant.

>>> from kuhtheory.engine import new_game
>>> state = new_game(players=3, seed=5)
>>> bots = [EquilibriumAgent(seed=s) for s in range(3)]
>>> while not state.is_terminal and len(state.history) < 3000:
...     p = state.current_player
...     state = state.apply(bots[p].act(state.observation(p), state.legal_actions()))
>>> state.is_terminal
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kuhtheory.agents.base import (
    KuhhandelBot,
    bid_up_to,
    family_value,
    money_in_play,
    open_points,
    stake_cards,
)
from kuhtheory.agents.belief import MoneyTracker
from kuhtheory.cards import ANIMAL_INDEX, DENOMINATIONS, Animal, Counts, from_counts, to_counts
from kuhtheory.editions import Edition, TradeTie
from kuhtheory.engine.actions import Accept, Auction, BuyBack, Counter, Offer, Trade
from kuhtheory.engine.legal import LegalActions
from kuhtheory.engine.observation import Observation
from kuhtheory.errors import InvalidSetupError, SolverError
from kuhtheory.solvers import trade_round
from kuhtheory.solvers.trade import TradeRules

#: Money worth of a point: RATE x money in play / open points.
RATE = 3.0
#: Trade (rather than auction) when the best trade's equilibrium value is this share of its W.
TRADE_SHARE = 0.6
#: Hands with more cards are cut down for the solver (:func:`model_hand`).
MAX_CARDS = 8
#: W is rounded to this step (more cache hits; the equilibrium barely moves within a step).
W_STEP = 10
#: Trades valued (solved) on the bot's turn: the targets with the largest worths.
CANDIDATES = 3


# ---------------------------------------------------------------------------------------------
# Valuation


def stake_points(obs: Observation, animal: Animal, player: int, cards: int = 1) -> float:
    """Points that ``cards`` more cards of ``animal`` are worth to ``player`` (module docstring).

    >>> from kuhtheory.engine import new_game
    >>> obs = new_game(players=3, seed=1, first_player=0).observation(0)
    >>> stake_points(obs, Animal.HORSE, 0)        # first of four horses, nobody else has one
    375.0
    """
    i = ANIMAL_INDEX[animal]
    value = family_value(obs, animal, player)
    if value == 0:
        return 0.0
    per_family = obs.edition.cards_per_family
    mine = obs.herds[player][i]
    after = min(mine + cards, per_family)
    if after == per_family:
        return value
    progress = after / per_family
    rivals = sum(h[i] for p, h in enumerate(obs.herds) if p != player)
    if rivals == 0:
        progress *= 1.5
    elif rivals > mine:
        progress *= 0.5
    return value * min(progress, 1.0)


# ---------------------------------------------------------------------------------------------
# The trade model


def model_hand(hand: Counts, max_cards: int | None = None, floor: int = 0) -> Counts:
    """The hand the solver sees: the hand itself, or cut to ``max_cards`` cards: at most two
    0-cards, then one card of each other denomination in turn, smallest first; then, if that
    leaves fewer than ``floor`` cards, more of them (0-cards first, then the smallest) until it
    holds ``floor``: a challenger's hand keeps room for the pile he laid (K-TRD-1, its count is
    public).

    >>> from_counts(model_hand(to_counts((0, 0, 0, 10, 10, 10, 10, 10, 50, 50, 100, 200)), 8))
    (0, 0, 10, 10, 50, 50, 100, 200)
    >>> from_counts(model_hand(to_counts((0, 0, 0, 10, 10, 10, 10, 10, 50, 50, 100, 200)), 8, 10))
    (0, 0, 0, 10, 10, 10, 50, 50, 100, 200)
    """
    if max_cards is None:
        max_cards = MAX_CARDS
    if sum(hand) <= max(max_cards, floor):
        return tuple(hand)
    out = _cut(hand, max_cards)
    for i in range(len(out)):
        out[i] += min(max(floor - sum(out), 0), hand[i] - out[i])
    return tuple(out)


def _cut(hand: Counts, max_cards: int) -> list[int]:
    out = [0] * len(hand)
    out[0] = min(hand[0], 2)
    left = max_cards - out[0]
    while left > 0:
        moved = False
        for i in range(1, len(hand)):
            if left > 0 and out[i] < hand[i]:
                out[i] += 1
                left -= 1
                moved = True
        if not moved:
            break
    return out


#: Inputs whose refined solve failed in this process (kept for diagnosis).
_FAILED_REFINEMENTS: list[tuple[str, object, object, object]] = []

#: What the solver sees of one side: a hand (counts), or a belief ``((counts, probability), ...)``.
Side = Counts | tuple[tuple[Counts, float], ...]

#: A reply table: ``(count, accept probability, ((counter total, probability), ...))`` per count.
Replies = tuple[tuple[int, float, tuple[tuple[int, float], ...]], ...]

Solved = tuple[
    float,
    tuple[tuple[int, int, float], ...],
    Replies,
    tuple[tuple[int, int, float], ...] | None,
    Replies | None,
]


def _arg(side: Side) -> Any:
    """A side as :func:`~kuhtheory.solvers.solve_trade` takes it: card values or a belief."""
    if _is_belief(side):
        return [(from_counts(h), p) for h, p in side]  # type: ignore[misc]
    return from_counts(side)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=16384)
def _solve(
    edition: Edition, a: Side, b: Side, w: int | tuple[int, int], refined: bool = True
) -> Solved:
    """(value to A, A's offers, B's replies, second-round offers and replies) of one trade through
    :func:`~kuhtheory.solvers.solve_trade` (beliefs, general-sum), cached by exactly
    what the solver sees: the trade rules, each side's model hand or belief, the worth(s), and
    whether it is refined (quasi-perfect, the default) or only valued (``refined=False``: the
    value is the same, the plans may be weakly dominated off the path)."""
    from kuhtheory.solvers import solve_trade

    try:
        how = "quasi-perfect" if refined else "none"
        sol = solve_trade(edition, _arg(a), _arg(b), w, refinement=how)
    except SolverError:
        # The off-path refinement LP can fail numerically on some hands; the unrefined
        # equilibrium is still an equilibrium (off-path replies may be weaker).
        _FAILED_REFINEMENTS.append((edition.name, a, b, w))
        sol = solve_trade(edition, _arg(a), _arg(b), w, refinement="none")
    hidden_a = len(getattr(sol, "a_hands", ())) > 1  # A's offers then differ by hand: unused
    offers = () if hidden_a else tuple(sol.offer_table())
    second, second_replies = None, None
    if sol.second_round is not None:
        second = tuple(sol.second_round.offer_table())
        second_replies = _replies(sol.second_round)
    return float(sol.value), offers, _replies(sol), second, second_replies


def _replies(sol: Any) -> Replies:
    return tuple((c, acc, tuple(sorted(cs.items()))) for c, acc, cs in sol.reply_table())


@functools.lru_cache(maxsize=64)
def _rules(edition: Edition) -> TradeRules:
    return TradeRules.from_edition(edition)


@dataclass(frozen=True)
class Plan:
    """One trade as the bot's solver sees it: the edition, what it is told of A's and of B's
    money (a model hand, or a belief), the worth ``w`` (one number, or ``(W_A, W_B)``).

    With both hands single and one worth (the default bot) it is answered by
    :mod:`kuhtheory.solvers.trade_round` (small LPs, each answer cached by exactly those inputs;
    A's offers undominated, B's reply proper: optimal in the count's own game); otherwise, or if
    a check there fails, by :func:`~kuhtheory.solvers.solve_trade` (:func:`_solve`)."""

    edition: Edition
    a: Side
    b: Side
    w: int | tuple[int, int]

    def _round_args(self) -> tuple[TradeRules, Counts, Counts, float] | None:
        if isinstance(self.w, tuple) or _is_belief(self.a) or _is_belief(self.b):
            return None
        return _rules(self.edition), self.a, self.b, float(self.w)  # type: ignore[return-value]

    def value(self, refined: bool = True) -> float:
        """The trade's value to A (``refined=False``: the same value, the plans left unrefined
        where the full solver is used)."""
        args = self._round_args()
        if args is not None:
            try:
                return trade_round.values(*args).first
            except SolverError:
                pass
        return _solve(self.edition, self.a, self.b, self.w, refined)[0]

    def bound(self) -> float:
        """An upper bound on :meth:`value` without an LP (:func:`trade_round.upper_bound`);
        infinite where the full solver is used."""
        args = self._round_args()
        return float("inf") if args is None else trade_round.upper_bound(*args)

    def offers(self, second: bool = False) -> tuple[tuple[int, int, float], ...]:
        """A's offers ``(count, total, probability)`` in the first round or (``second``) in
        classic's round after a tie (K-TRD-3). Empty when A's offers depend on a hidden hand.

        With one model hand each and one worth from :func:`trade_round.offers`, the very
        solution the coach (:mod:`kuhtheory.coach`) measures against
        (:func:`trade_round.solution`); otherwise from :func:`_solve` (quasi-perfect)."""
        args = self._round_args()
        if args is not None:
            try:
                return tuple(trade_round.offers(*args, second).table())
            except SolverError:
                pass
        solved = _solve(self.edition, self.a, self.b, self.w)
        table = solved[3] if second else solved[1]
        return table if table is not None else solved[1]

    def reply(self, count: int, second: bool = False) -> list[tuple[int | None, float]]:
        """B's reply to ``count`` cards, ``(None for accept or a counter total, probability)``,
        in the first round or (``second``) classic's round after a tie (K-TRD-3)."""
        args = self._round_args()
        if args is not None:
            try:
                return trade_round.reply(*args, count, second).table()
            except SolverError:
                pass
        solved = _solve(self.edition, self.a, self.b, self.w)
        table = solved[4] if second and solved[4] is not None else solved[2]
        rows = [r for r in table if r[0] <= count]
        _, p_accept, counters = rows[-1] if rows else table[0]
        return [(None, p_accept), *counters]


def _is_belief(side: Side) -> bool:
    return bool(side) and isinstance(side[0], tuple)


def pile_of(hand: Counts, count: int, amount: int) -> tuple[int, ...] | None:
    """Cards of ``hand``: ``count`` of them (any number if ``count < 0``) totalling ``amount``;
    with a free count, the fewest cards. None if there is none.

    >>> pile_of(to_counts((0, 0, 10, 50)), 3, 10)
    (0, 0, 10)
    >>> pile_of(to_counts((0, 0, 10, 50)), -1, 60)
    (10, 50)
    """
    best: list[int] | None = None
    chosen = [0] * len(hand)

    def walk(i: int, cards: int, tot: int) -> None:
        nonlocal best
        if tot > amount or (count >= 0 and cards > count):
            return
        if i < 0:
            if tot == amount and (count < 0 or cards == count):
                if best is None or cards < sum(best):
                    best = list(chosen)
            return
        for k in range(hand[i], -1, -1):
            chosen[i] = k
            walk(i - 1, cards + k, tot + k * DENOMINATIONS[i])
        chosen[i] = 0

    walk(len(hand) - 1, 0, 0)
    return None if best is None else from_counts(best)


def _sample(rng: random.Random, weighted: Sequence[tuple[Any, float]]) -> Any:
    items = [(x, p) for x, p in weighted if p > 1e-9]
    if not items:
        return weighted[0][0]
    r = rng.random() * sum(p for _, p in items)
    for x, p in items:
        r -= p
        if r <= 0:
            return x
    return items[-1][0]


# ---------------------------------------------------------------------------------------------
# The bot


class EquilibriumAgent(KuhhandelBot):
    """The solver-driven bot of the module docstring; ``seed`` fixes its mixed choices."""

    name = "equilibrium"

    def __init__(
        self,
        seed: int = 0,
        spread: int = 0,
        rate: float | None = None,
        general_sum: bool = False,
    ) -> None:
        if isinstance(spread, bool) or not isinstance(spread, int) or not 0 <= spread <= 4:
            raise InvalidSetupError(f"spread={spread!r} must be a whole number from 0 to 4")
        self.seed = seed
        self.spread = spread
        self.general_sum = bool(general_sum)
        self.rate = RATE if rate is None else rate
        self._rng = random.Random(seed)
        self._belief = MoneyTracker()
        self._revealed = 0
        self._turn_starts: dict[tuple[Any, ...], int] = {}
        self._lot_key: tuple[Any, ...] = ()
        self._lot_value = 0.0

    def __repr__(self) -> str:
        extra = f", spread={self.spread!r}" if self.spread else ""
        extra += ", general_sum=True" if self.general_sum else ""
        return f"EquilibriumAgent(seed={self.seed!r}{extra})"

    # ----- valuations ----------------------------------------------------------------------------
    def money_worth(self, obs: Observation, points: float) -> float:
        """The money worth of ``points`` now (module docstring)."""
        return points * self.rate * money_in_play(obs) / open_points(obs)

    def trade_w(self, obs: Observation, a: int, b: int, animal: Animal, stake: int) -> int:
        """The trade's W: the average of the stake's money worth to A and to B, rounded."""
        pts = (stake_points(obs, animal, a, stake) + stake_points(obs, animal, b, stake)) / 2
        return _round_w(self.money_worth(obs, pts))

    def trade_worths(
        self, obs: Observation, a: int, b: int, animal: Animal, stake: int
    ) -> tuple[int, int]:
        """The stake's money worth to A and to B separately (from the families each can still
        complete), rounded: the general-sum trade's ``(W_A, W_B)``."""
        return (
            _round_w(self.money_worth(obs, stake_points(obs, animal, a, stake))),
            _round_w(self.money_worth(obs, stake_points(obs, animal, b, stake))),
        )

    def _hand_of(self, obs: Observation, player: int) -> Counts:
        """The model hand of ``player``: the bot's own money, or an opponent's most likely hand;
        a challenger's with the pile he laid face down (its count is public, K-TRD-1), kept
        whole by the cut (:func:`model_hand`'s ``floor``)."""
        if player == obs.player:
            return model_hand(to_counts(obs.money))
        trade = obs.trade
        floor = trade.offer_count if trade is not None and player == trade.offerer else 0
        return model_hand(to_counts(self._belief.likely_hand(obs, player)), floor=floor)

    def _side(self, obs: Observation, player: int, hidden: bool, hand: Counts) -> Side:
        """What the solver is told of ``player``'s money: his model ``hand`` (the bot's own, or
        the opponent's likely hand), or (``spread > 0`` and ``hidden``) the bot's belief over
        it."""
        if player == obs.player or not self.spread or not hidden:
            return hand
        weights: dict[Counts, float] = {}
        for likely, p in self._belief.belief(obs, player, self.spread):
            key = model_hand(to_counts(likely))
            weights[key] = weights.get(key, 0.0) + p
        if len(weights) == 1:
            return next(iter(weights))
        return tuple(sorted((h, round(p, 6)) for h, p in weights.items()))

    def _plan(
        self, obs: Observation, a: int, b: int, animal: Animal, stake: int
    ) -> tuple[Plan, int]:
        """The trade with A = ``a``, B = ``b`` as the solver is to see it, and A's worth of the
        stake (what the trade-or-auction rule compares the value with: the worth itself, not
        capped). Zero-sum by default, against the belief when ``spread > 0`` (A's hand hidden
        from B; B's from A in the one-round editions, where the model has it); with
        ``general_sum`` the stake is worth :meth:`trade_worths` to each side (likely hands). For
        the solver a worth beyond all the money of both hands changes nothing money can buy, so
        it is capped there."""
        ha, hb = self._hand_of(obs, a), self._hand_of(obs, b)
        money = sum(v * (x + y) for v, x, y in zip(DENOMINATIONS, ha, hb, strict=True))
        cap = (money // W_STEP + 1) * W_STEP
        if self.general_sum:
            wa, wb = self.trade_worths(obs, a, b, animal, stake)
            return Plan(obs.edition, ha, hb, (min(wa, cap), min(wb, cap))), wa
        w = self.trade_w(obs, a, b, animal, stake)
        one_round = obs.edition.trade_tie is not TradeTie.REOFFER_THEN_FREE
        side_a = self._side(obs, a, True, ha)
        side_b = self._side(obs, b, one_round, hb)
        return Plan(obs.edition, side_a, side_b, min(w, cap)), w

    # ----- the decisions (routed by :class:`~kuhtheory.agents.base.KuhhandelBot`) ----------------
    def observe(self, obs: Observation) -> None:
        """Read the public money flows into the belief when the bot has just seen a pile
        (its own exchange: the tracker reads the pile from ``revealed``); otherwise the belief
        is brought up to date only when a decision needs it (reading the event log each step
        costs more than every other part of the bot)."""
        if len(obs.revealed) != self._revealed:
            self._revealed = len(obs.revealed)
            self._belief.update(obs)

    def _lot_worth(self, obs: Observation) -> float:
        """The money worth of the lot to the bot, kept for the auction: it reads only the lot,
        the herds, the family owners and the bank (money in play), none of which a bid changes."""
        lot = obs.lot  # (not the whole auction view: this runs at every bid)
        if not lot:
            return 0.0
        key = (obs.edition, obs.player, lot, obs.herds, obs.family_owners, obs.bank)
        if key != self._lot_key:
            self._lot_key, self._lot_value = key, self._lot_points_worth(obs, lot)
        return self._lot_value

    def _lot_points_worth(self, obs: Observation, animals: Sequence[Animal]) -> float:
        pts = 0.0
        counts: dict[Animal, int] = {}
        for a in animals:
            counts[a] = counts.get(a, 0) + 1
        for a, k in counts.items():
            pts += stake_points(obs, a, obs.player, k)
        return self.money_worth(obs, pts)

    def _bid(self, obs: Observation, legal: LegalActions) -> Any:
        if not legal.bid_range:
            return bid_up_to(obs, legal, 0)
        return bid_up_to(obs, legal, min(self._lot_worth(obs), obs.money_total))

    def keeps_lot(self, obs: Observation, keep: Any) -> bool:
        """Preempt (or buy back) when the no-change preemption comparison prefers it."""
        from kuhtheory.solvers.preemption import Purse, outcome_payoffs, prefers_preempt

        auction = obs.auction
        if auction is None or auction.high_bidder is None:
            return False
        bidder = auction.high_bidder
        worth = int(self._lot_worth(obs))
        mine = Purse.of(obs.money)
        cost = mine.cost(auction.high_bid)
        bought_back = isinstance(keep, BuyBack) and auction.paid is not None
        if cost is None or worth - cost <= auction.high_bid:
            # Selling brings in at least the bid (no change is given, K-PAY-1): preempting is
            # not strictly better, whatever the bidder holds, so his hand is not estimated. The
            # belief still reads the events where estimating the hand would have made it (what
            # it makes of a money flow depends on when it reads it).
            if not bought_back:
                self._belief.update(obs)
            return False
        pts = 0.0
        for a in auction.animals:
            pts += stake_points(obs, a, bidder)
        bidder_worth = int(self.money_worth(obs, pts))
        if bought_back:
            theirs = Purse.of(auction.paid)
        else:
            hand = self._belief.likely_hand(obs, bidder)
            theirs = Purse.of(hand) if sum(hand) >= auction.high_bid else Purse.of(auction.high_bid)
        sell, preempt = outcome_payoffs(mine, theirs, auction.high_bid, worth, bidder_worth)
        return sell is not None and prefers_preempt(sell, preempt)

    def _turn(self, obs: Observation, legal: LegalActions) -> Any:
        auction = next((a for a in legal.fixed if isinstance(a, Auction)), None)
        if legal.kind != LegalActions.TRADE or not legal.targets:
            return auction if auction is not None else legal[0]
        me = obs.player
        scored = []
        for opponent, animal in legal.targets:
            stake = stake_cards(obs, opponent, animal)
            scored.append((self.trade_w(obs, me, opponent, animal, stake), opponent, animal, stake))
        scored.sort(key=lambda t: (-t[0], t[1], ANIMAL_INDEX[t[2]]))
        # Several candidates are only valued (the value does not depend on the refinement); the
        # chosen one is solved refined, so that the bot never lays a weakly dominated offer.
        several = len(scored) > 1 and CANDIDATES > 1
        # Each candidate's value is at most its bound (no LP): when no bound reaches
        # TRADE_SHARE of its W the bot auctions, and a candidate whose bound does not beat the
        # best value so far is not valued. Both only skip work: the choice is the same.
        candidates = []
        for _, opponent, animal, stake in scored[:CANDIDATES]:
            plan, w = self._plan(obs, me, opponent, animal, stake)
            candidates.append((plan.bound(), opponent, animal, w, plan))
        if auction is not None and all(ub < TRADE_SHARE * w for ub, _, _, w, _ in candidates):
            return auction
        best: tuple[float, int, Animal, int, Plan] | None = None
        for bound, opponent, animal, w, plan in candidates:
            if best is not None and bound <= best[0]:
                continue
            value = plan.value(refined=not several)
            if best is None or value > best[0]:
                best = (value, opponent, animal, w, plan)
        assert best is not None
        value, opponent, animal, w, plan = best
        if auction is not None and value < TRADE_SHARE * w:
            return auction
        offers = plan.offers()
        if offers and self._position_repeats(obs):
            # The same turn again: the equilibrium offer (solved as if this trade were the last
            # word) is going round in a loop, and a third time ends the game with the family
            # open (K-HOUSE-1). Lay the strongest offer this hand can make instead.
            count, amount, _ = max(offers, key=lambda o: (o[1], -o[0]))
            offers = ((count, amount, 1.0),)
        count, amount = _sample(self._rng, [((c, t), p) for c, t, p in offers])
        pile = pile_of(self._hand_of(obs, me), count, amount)
        if pile is None:  # cannot happen: the offer class comes from this very hand
            pile = ()
        return Trade(legal.player, opponent, animal, pile)

    def _position_repeats(self, obs: Observation) -> bool:
        """Whether this turn starts in a position the bot has seen at one of its turns before
        (what it can see: its money, every herd, the deck, every player's card count)."""
        key = (obs.money, obs.herds, obs.deck_size, obs.card_counts)
        times = self._turn_starts.get(key, 0) + 1
        self._turn_starts[key] = times
        return times > 1

    def _respond(self, obs: Observation, legal: LegalActions) -> Any:
        trade = obs.trade
        accept = next((a for a in legal.fixed if isinstance(a, Accept)), None)
        if trade is None or legal.kind != LegalActions.COUNTER:
            return accept if accept is not None else legal[0]
        plan, _ = self._plan(obs, trade.offerer, obs.player, trade.animal, trade.stake)
        # After a classic tie the trade is played again and a second tie gives A the stake
        # free (K-TRD-3): the reply is the second round's.
        table = plan.reply(trade.offer_count, second=trade.round > 1)
        choices = [(r, p) for r, p in table if r is not None or accept is not None]
        choice = _sample(self._rng, choices or [(0, 1.0)])
        if choice is None and accept is not None:
            return accept
        amount = 0 if choice is None else int(choice)
        pile = pile_of(self._hand_of(obs, obs.player), -1, amount) or ()
        return Counter(legal.player, pile)

    def _reoffer(self, obs: Observation, legal: LegalActions) -> Any:
        trade = obs.trade
        if trade is None or legal.kind != LegalActions.OFFER:
            return legal[0]
        plan, _ = self._plan(obs, obs.player, trade.opponent, trade.animal, trade.stake)
        table = plan.offers(second=trade.round > 1)
        count, amount = _sample(self._rng, [((c, t), p) for c, t, p in table])
        pile = pile_of(self._hand_of(obs, obs.player), count, amount) or ()
        return Offer(legal.player, pile)


def _round_w(worth: float) -> int:
    """A worth rounded to :data:`W_STEP` (at least one step): more cache hits, and the
    equilibrium barely moves within a step."""
    return max(W_STEP, int(round(worth / W_STEP)) * W_STEP)


def make(seed: int) -> EquilibriumAgent:
    """The registry's factory (:func:`kuhtheory.agents.make_agent` ``("equilibrium", seed)``)."""
    return EquilibriumAgent(seed)


def make_belief(seed: int) -> EquilibriumAgent:
    """The bot that solves against its belief over the opponent's hand (``spread=2``)."""
    return EquilibriumAgent(seed, spread=2)


def make_general_sum(seed: int) -> EquilibriumAgent:
    """The bot that solves the general-sum trade (each side's own worth of the stake)."""
    return EquilibriumAgent(seed, general_sum=True)


__all__ = [
    "EquilibriumAgent",
    "make",
    "make_belief",
    "make_general_sum",
    "model_hand",
    "pile_of",
    "stake_points",
]
