"""The auction with the auctioneer's right (K-AUC-1..4) under complete information, solved exactly.

Model (a turn-based ascending auction with jump bids)
-----------------------------------------------------
Bidders ``0..n-1`` sit in order after the auctioneer; their worths ``values[i]`` for the stake, the
auctioneer's worth and everybody's money are known to all. Bids are multiples of ``step`` (10 by
default; in 2025 a multiple of its minimum raise 10). The state is ``(level, high, active, mover)``:
the standing bid ``level * step`` (0: no bid yet), the high bidder, the bidders still in, and whose
turn it is. On his turn a bidder either

* **bids** any multiple of the step above the standing bid that his money can pay (K-AUC-1: each bid
  strictly higher than the last; K-PAY-2: never more than he holds; a bid may jump several steps, as
  at the table), or
* **passes**, and is out of this auction for good (the clock-auction convention of Krishna 2010,
  ch. 2, which makes the game finite).

The turn then goes to the next bidder in seat order who is still in and is not the high bidder. When
there is none the hammer falls (K-AUC-2). With no bid at all the auctioneer takes the stake free
(K-AUC-3); otherwise he sells or, with the right, preempts (K-AUC-4) as in
:func:`kuhtheory.solvers.preemption.prefers_preempt` (absolute payoffs; he preempts only when
strictly better). Payments follow each player's :class:`~kuhtheory.solvers.preemption.Purse`: cards
with no change (K-PAY-1, cheapest payment), a plain budget, or unlimited cash. Payoffs are absolute:
the winner's worth minus what he pays, the money received, 0 for a bidder who neither wins nor is
paid.

Bids are capped one step above the largest worth at the table: a higher bid can never pay off (sold,
the winner loses money; the auctioneer never preempts a price above his worth), so the cap removes
only dominated moves and keeps the tree finite.

Solution: subgame-perfect equilibrium by backward induction over the states (memoised). **Ties**: a
bidder indifferent between moves passes rather than bids, and among equally good bids makes the
lowest; the auctioneer indifferent between selling and preempting sells. The result's path is the
equilibrium play. :func:`verify_by_paths` checks the equilibrium against every bid path: from every
reachable state, no bidder gains by any sequence of his own moves (all paths enumerated with the
others keeping to the equilibrium), which is subgame perfection by definition.

Without the right (``preemption=False``) the keenest bidder wins at the opening bid: knowing all
worths, nobody bids against him (no competition under complete information). With the right, a
bidder who expects to be preempted bids the price up to just below the auctioneer's threshold to be
paid it: the seller-held right of first refusal (Bikhchandani, Lippman & Ryan 2005; Choi 2009).

>>> r = solve_auction([60], auctioneer_value=100)
>>> r.price, r.preempted, r.payoffs
(40, True, AuctionPayoffs(auctioneer=60, bidders=(40,)))
>>> r = solve_auction([60], auctioneer_value=100, preemption=False)
>>> r.price, r.winner, r.payoffs
(10, 0, AuctionPayoffs(auctioneer=10, bidders=(50,)))
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from kuhtheory.editions import Edition, get_edition
from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers.preemption import (
    Payoffs,
    Purse,
    check_step,
    check_worth,
    outcome_payoffs,
    prefers_preempt,
)

PASS = 0
"""The pass action (a bid level is always >= 1)."""

State = tuple[int, int, int, int]
"""``(level, high, active_mask, mover)``; ``high == -1``: no bid yet; ``mover == -1``: hammered."""


@dataclass(frozen=True)
class AuctionPayoffs:
    """The auctioneer's payoff and each bidder's, in seat order."""

    auctioneer: int
    bidders: tuple[int, ...]

    def as_tuple(self) -> tuple[int, ...]:
        """``(auctioneer, bidder 0, bidder 1, ...)``."""
        return (self.auctioneer, *self.bidders)


@dataclass(frozen=True)
class AuctionGame:
    """The complete-information auction as data: players, purses, step and the right."""

    values: tuple[int, ...]
    purses: tuple[Purse, ...]
    auctioneer_value: int
    auctioneer_purse: Purse
    step: int
    preemption: bool
    edition: str
    max_level: int
    _memo: dict[State, tuple[tuple[int, ...], int]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def n(self) -> int:
        """The number of bidders."""
        return len(self.values)

    @cached_property
    def top_level(self) -> tuple[int, ...]:
        """Each bidder's highest bid level: the cap, or less if his money cannot pay it."""
        tops = []
        for purse in self.purses:
            top = self.max_level
            while top > 0 and purse.cost(top * self.step) is None:
                top -= 1
            tops.append(top)
        return tuple(tops)

    def root(self) -> State:
        """The state before any bid: bidder 0 to move, everyone in."""
        return self._after(0, -1, (1 << self.n) - 1, -1)

    def _after(self, level: int, high: int, active: int, last: int) -> State:
        for offset in range(1, self.n + 1):
            i = (last + offset) % self.n
            if active >> i & 1 and i != high:
                return (level, high, active, i)
        return (level, high, active, -1)

    def actions(self, state: State) -> tuple[int, ...]:
        """The mover's moves: ``PASS`` then every bid level he can pay, lowest first."""
        level, _, _, mover = state
        if mover < 0:
            return ()
        return (PASS, *range(level + 1, self.top_level[mover] + 1))

    def play(self, state: State, action: int) -> State:
        """The state after the mover's ``action``."""
        level, high, active, mover = state
        if action == PASS:
            return self._after(level, high, active & ~(1 << mover), mover)
        return self._after(action, mover, active, mover)

    def hammer(self, state: State) -> tuple[bool, tuple[int, ...]]:
        """At a hammered state: (preempted, payoffs ``(auctioneer, bidder 0, ...)``)."""
        level, high, _, _ = state
        zeros = [0] * self.n
        if high < 0:  # K-AUC-3: no bid, the auctioneer takes the stake free
            return False, (self.auctioneer_value, *zeros)
        bid = level * self.step
        sell, preempt = outcome_payoffs(
            self.auctioneer_purse, self.purses[high], bid, self.auctioneer_value, self.values[high]
        )
        if sell is None:  # cannot happen: bids are limited to what the bidder can pay
            raise SolverInputError(f"bidder {high} cannot pay {bid} (K-PAY-2)")
        preempted = self.preemption and prefers_preempt(sell, preempt)
        chosen: Payoffs = preempt if preempted and preempt is not None else sell
        zeros[high] = chosen.bidder
        return preempted, (chosen.auctioneer, *zeros)

    def value(self, state: State) -> tuple[int, ...]:
        """The equilibrium payoffs ``(auctioneer, bidder 0, ...)`` of the subgame at ``state``."""
        return self._solve(state)[0]

    def best_action(self, state: State) -> int:
        """The equilibrium move at ``state`` (ties: pass, then the lowest bid)."""
        return self._solve(state)[1]

    def _solve(self, state: State) -> tuple[tuple[int, ...], int]:
        found = self._memo.get(state)
        if found is not None:
            return found
        mover = state[3]
        if mover < 0:
            result = (self.hammer(state)[1], PASS)
        else:
            best: tuple[int, ...] | None = None
            best_action = PASS
            for action in self.actions(state):
                payoff = self._solve(self.play(state, action))[0]
                if best is None or payoff[1 + mover] > best[1 + mover]:
                    best, best_action = payoff, action
            assert best is not None  # PASS is always available
            result = (best, best_action)
        self._memo[state] = result
        return result

    def states(self) -> Iterator[State]:
        """Every state reachable from the root (any moves), each once."""
        seen = {self.root()}
        stack = [self.root()]
        while stack:
            state = stack.pop()
            yield state
            for action in self.actions(state):
                nxt = self.play(state, action)
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)


@dataclass(frozen=True)
class AuctionResult:
    """A solved complete-information auction (pygambit-style: inputs, method, values, check)."""

    game: AuctionGame
    method: str
    price: int
    high_bidder: int | None
    winner: int | None
    preempted: bool
    payoffs: AuctionPayoffs
    path: tuple[str, ...]
    verified: str

    @property
    def decision(self) -> str:
        """``"preempt"``, ``"sell"`` or ``"no bid"`` (the auctioneer takes the stake free)."""
        if self.high_bidder is None:
            return "no bid"
        return "preempt" if self.preempted else "sell"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: ``decision``, ``payoffs``, ``price``, ``winner`` (bidder index or
        ``"auctioneer"``), the path and the inputs."""
        g = self.game
        return {
            "decision": self.decision,
            "payoffs": {
                "auctioneer": self.payoffs.auctioneer,
                "bidders": list(self.payoffs.bidders),
            },
            "price": self.price,
            "winner": "auctioneer" if self.winner is None else self.winner,
            "high_bidder": self.high_bidder,
            "preemption": g.preemption,
            "values": list(g.values),
            "money": [p.describe() for p in g.purses],
            "auctioneer_value": g.auctioneer_value,
            "auctioneer_money": g.auctioneer_purse.describe(),
            "step": g.step,
            "edition": g.edition,
            "path": list(self.path),
            "method": self.method,
            "verified": self.verified,
        }


@dataclass(frozen=True)
class AuctionComparison:
    """The same auction with and without the auctioneer's right."""

    with_right: AuctionResult
    without_right: AuctionResult

    def to_dict(self) -> dict[str, object]:
        """Both results side by side."""
        return {
            "with_right": self.with_right.to_dict(),
            "without_right": self.without_right.to_dict(),
        }


def make_game(
    values: Sequence[int],
    budgets: Sequence[int] | None = None,
    *,
    money: Sequence[str | Sequence[int]] | None = None,
    auctioneer_value: int | None = None,
    auctioneer_money: int | str | Sequence[int] | None = None,
    step: int = 10,
    preemption: bool = True,
    edition: str | Edition = "classic",
) -> AuctionGame:
    """Check the inputs and build the :class:`AuctionGame` (see :func:`solve_auction`)."""
    ed = get_edition(edition)
    step = check_step(step, ed)
    vals = tuple(check_worth(v, f"values[{i}]") for i, v in enumerate(values))
    if not vals:
        raise SolverInputError(f"values={values!r}: at least one bidder is needed")
    if budgets is not None and money is not None:
        raise SolverInputError("give budgets or money cards for the bidders, not both")
    if budgets is not None:
        if len(budgets) != len(vals):
            raise SolverInputError(
                f"budgets={tuple(budgets)!r} must give one budget per bidder ({len(vals)})"
            )
        purses = tuple(Purse.of(check_budget(b, i), f"budgets[{i}]") for i, b in enumerate(budgets))
    elif money is not None:
        if len(money) != len(vals):
            raise SolverInputError(f"money={money!r} must give one hand per bidder ({len(vals)})")
        purses = tuple(Purse.of(m, f"money[{i}]") for i, m in enumerate(money))
    else:
        purses = tuple(Purse() for _ in vals)
    a_value = (
        max(vals) if auctioneer_value is None else check_worth(auctioneer_value, "auctioneer_value")
    )
    a_purse = Purse.of(auctioneer_money, "auctioneer_money")
    max_level = math.ceil(max(*vals, a_value) / step) + 1
    return AuctionGame(vals, purses, a_value, a_purse, step, preemption, ed.name, max_level)


def check_budget(budget: object, index: int) -> int:
    """A budget >= 0, else :class:`SolverInputError` naming ``budgets[index]``."""
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise SolverInputError(f"budgets[{index}]={budget!r} must be a whole number >= 0")
    return budget


def solve_game(game: AuctionGame, verify: bool = False) -> AuctionResult:
    """The subgame-perfect equilibrium play of ``game`` by backward induction.

    With ``verify`` the equilibrium is also checked by :func:`verify_by_paths` (exponential: for
    small games); a failed check raises :class:`SolverError`.
    """
    verified = "exact integer backward induction (not path-checked: pass verify=True)"
    if verify:
        gain = verify_by_paths(game)
        if gain > 0:
            raise SolverError(f"subgame-perfection check failed: a deviation gains {gain}")
        verified = (
            "exact integer backward induction; every bid path from every reachable state "
            "enumerated: no profitable deviation"
        )
    state = game.root()
    path: list[str] = []
    while state[3] >= 0:
        action = game.best_action(state)
        mover = state[3]
        if action == PASS:
            path.append(f"bidder {mover} passes")
        else:
            path.append(f"bidder {mover} bids {action * game.step}")
        state = game.play(state, action)
    preempted, payoffs = game.hammer(state)
    level, high, _, _ = state
    if high < 0:
        path.append("no bid: the auctioneer takes the stake free (K-AUC-3)")
    else:
        path.append(
            f"hammer at {level * game.step}: the auctioneer "
            + ("preempts (K-AUC-4)" if preempted else "sells")
        )
    method = (
        "subgame-perfect equilibrium by backward induction over (price, high bidder, bidders in, "
        "mover); ties: pass, then the lowest bid; the auctioneer sells when indifferent"
    )
    return AuctionResult(
        game=game,
        method=method,
        price=level * game.step,
        high_bidder=None if high < 0 else high,
        winner=None if high < 0 or preempted else high,
        preempted=preempted,
        payoffs=AuctionPayoffs(payoffs[0], payoffs[1:]),
        path=tuple(path),
        verified=verified,
    )


def solve_auction(
    values: Sequence[int],
    budgets: Sequence[int] | None = None,
    *,
    money: Sequence[str | Sequence[int]] | None = None,
    auctioneer_value: int | None = None,
    auctioneer_money: int | str | Sequence[int] | None = None,
    step: int = 10,
    preemption: bool = True,
    edition: str | Edition = "classic",
    verify: bool = False,
) -> AuctionResult:
    """Solve the complete-information auction (module docstring) with or without the right.

    Parameters
    ----------
    values
        Each bidder's worth for the stake, in seat order after the auctioneer.
    budgets
        Each bidder's money as a plain total (no-change ignored); or give ``money``.
    money
        Each bidder's money cards (``"0,10,50"``): payments with no change (K-PAY-1).
    auctioneer_value
        The stake's worth to the auctioneer (default: the largest bidder's worth).
    auctioneer_money
        The auctioneer's cards or budget (default: unlimited cash).
    step
        The bid increment (a multiple of the edition's minimum raise).
    preemption
        Whether the auctioneer has the right of K-AUC-4.
    verify
        Also check every bid path (:func:`verify_by_paths`; small games only).

    >>> r = solve_auction([100, 60], auctioneer_value=100, verify=True)
    >>> r.path
    ('bidder 0 bids 50', 'bidder 1 passes', 'hammer at 50: the auctioneer sells')
    >>> r.verified.endswith("no profitable deviation")
    True
    """
    return solve_game(
        make_game(
            values,
            budgets,
            money=money,
            auctioneer_value=auctioneer_value,
            auctioneer_money=auctioneer_money,
            step=step,
            preemption=preemption,
            edition=edition,
        ),
        verify=verify,
    )


def compare_auction(
    values: Sequence[int],
    budgets: Sequence[int] | None = None,
    **kwargs: object,
) -> AuctionComparison:
    """:func:`solve_auction` with and without the right, side by side.

    >>> c = compare_auction([60], auctioneer_value=100)
    >>> c.with_right.payoffs.auctioneer, c.without_right.payoffs.auctioneer
    (60, 10)
    """
    kwargs.pop("preemption", None)
    return AuctionComparison(
        with_right=solve_auction(values, budgets, preemption=True, **kwargs),  # type: ignore[arg-type]
        without_right=solve_auction(values, budgets, preemption=False, **kwargs),  # type: ignore[arg-type]
    )


def _best_deviation(game: AuctionGame, state: State, player: int) -> int:
    """Bidder ``player``'s best payoff from ``state`` over every path of his own moves."""
    mover = state[3]
    if mover < 0:
        return game.hammer(state)[1][1 + player]
    if mover != player:
        return _best_deviation(game, game.play(state, game.best_action(state)), player)
    return max(_best_deviation(game, game.play(state, a), player) for a in game.actions(state))


def verify_by_paths(game: AuctionGame) -> int:
    """The largest gain any bidder gets by deviating, over every reachable subgame (0: SPE).

    Enumerates, from every state reachable by any moves, every path of one bidder's own moves
    with the others following the equilibrium, without memoisation; exponential, for small games.
    Also checks the auctioneer's hammer choice against its alternative.
    """
    worst = 0
    for state in game.states():
        if state[3] < 0:
            level, high, _, _ = state
            if high >= 0 and game.preemption:
                sell, preempt = outcome_payoffs(
                    game.auctioneer_purse,
                    game.purses[high],
                    level * game.step,
                    game.auctioneer_value,
                    game.values[high],
                )
                chosen = game.hammer(state)[1][0]
                options = [sell.auctioneer] if sell else []
                if preempt is not None:
                    options.append(preempt.auctioneer)
                worst = max(worst, max(options) - chosen)
            continue
        value = game.value(state)
        for player in range(game.n):
            worst = max(worst, _best_deviation(game, state, player) - value[1 + player])
    return worst


@dataclass(frozen=True)
class AuctionSweep:
    """The auction solved for each auctioneer's worth, with and without the right (for plots).

    Every field but ``values`` and ``auctioneer_values`` is aligned with ``auctioneer_values``;
    ``winner_*`` is the index of the bidder who takes the stake, None for the auctioneer.
    """

    values: tuple[int, ...]
    auctioneer_values: tuple[int, ...]
    price_with: tuple[int, ...]
    price_without: tuple[int, ...]
    preempted: tuple[bool, ...]
    winner_with: tuple[int | None, ...]
    winner_without: tuple[int | None, ...]
    auctioneer_with: tuple[int, ...]
    auctioneer_without: tuple[int, ...]
    bidders_with: tuple[tuple[int, ...], ...]
    bidders_without: tuple[tuple[int, ...], ...]


def auction_sweep(
    values: Sequence[int],
    auctioneer_values: Sequence[int],
    budgets: Sequence[int] | None = None,
    **kwargs: object,
) -> AuctionSweep:
    """:func:`compare_auction` for every auctioneer's worth in ``auctioneer_values``.

    >>> s = auction_sweep([0], [0, 50, 100])
    >>> s.price_with, s.preempted, s.auctioneer_with, s.auctioneer_without
    ((0, 20, 40), (False, True, True), (0, 30, 60), (0, 50, 100))
    """
    worths = tuple(auctioneer_values)
    if not worths:
        raise SolverInputError("auctioneer_values is empty: give at least one worth")
    kwargs.pop("auctioneer_value", None)
    runs = [compare_auction(values, budgets, auctioneer_value=w, **kwargs) for w in worths]
    return AuctionSweep(
        values=tuple(values),
        auctioneer_values=worths,
        price_with=tuple(r.with_right.price for r in runs),
        price_without=tuple(r.without_right.price for r in runs),
        preempted=tuple(r.with_right.preempted for r in runs),
        winner_with=tuple(r.with_right.winner for r in runs),
        winner_without=tuple(r.without_right.winner for r in runs),
        auctioneer_with=tuple(r.with_right.payoffs.auctioneer for r in runs),
        auctioneer_without=tuple(r.without_right.payoffs.auctioneer for r in runs),
        bidders_with=tuple(r.with_right.payoffs.bidders for r in runs),
        bidders_without=tuple(r.without_right.payoffs.bidders for r in runs),
    )
