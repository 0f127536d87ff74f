"""The complete-information auction with the auctioneer's right (K-AUC-1..4) as data.

Model (a turn-based ascending auction with jump bids)
-----------------------------------------------------
Bidders ``0..n-1`` sit in order after the auctioneer; their worths ``values[i]`` for the stake, the
auctioneer's worth and everybody's money are known to all. Bids are multiples of ``step`` (10 by
default; in 2025 a multiple of its minimum raise 10). The state is ``(level, high, active, mover)``:
the standing bid ``level * step`` (0: no bid yet), the high bidder, the bidders still in (a bit
mask), and whose turn it is. On his turn a bidder either

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
paid. So only the high bidder at the hammer and the auctioneer ever gain or lose: the payoffs of a
play are those of its **outcome** ``(level, high)``, tabulated once in :attr:`AuctionGame.hammers`.

Bids are capped one step above the largest worth at the table: a higher bid can never pay off (sold,
the winner loses money; the auctioneer never preempts a price above his worth), so the cap removes
only dominated moves and keeps the tree finite.

Limits: the solver visits every state, about ``levels x n (n-1) 2^(n-2)`` of them for ``n``
bidders (:meth:`AuctionGame.state_count`), so :func:`make_game` refuses more than
:data:`MAX_BIDDERS` bidders or more than :data:`MAX_STATES` states with a
:class:`~kuhtheory.errors.SolverInputError` that names the input (never a RecursionError, a
MemoryError or a hang).

>>> g = make_game([60, 40], auctioneer_value=100)
>>> g.max_level, g.top_level, g.state_count()
(11, (11, 11), 49)
>>> g.hammers[0][4]
Hammer(preempted=True, auctioneer=60, bidder=40)
>>> g.hammers[0][5]
Hammer(preempted=False, auctioneer=50, bidder=10)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from kuhtheory.editions import Edition, get_edition
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.preemption import (
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

MAX_BIDDERS = 10
"""The most bidders :func:`make_game` accepts (the states grow as ``2^bidders``; a table of
Kuhhandel has at most four bidders)."""

MAX_STATES = 300_000
"""The most states :func:`make_game` accepts (the solver keeps one entry per state: about 1 s and
100 MB at the limit)."""


@dataclass(frozen=True)
class Hammer:
    """What the hammer at one price gives: whether the auctioneer preempts, and the two payoffs
    (the auctioneer's and the high bidder's; every other bidder gets 0)."""

    preempted: bool
    auctioneer: int
    bidder: int


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

    @property
    def n(self) -> int:
        """The number of bidders."""
        return len(self.values)

    @cached_property
    def top_level(self) -> tuple[int, ...]:
        """Each bidder's highest bid level: the cap, or less if he cannot pay it (K-PAY-2)."""
        return tuple(_top(purse, self.step, self.max_level) for purse in self.purses)

    @cached_property
    def hammers(self) -> tuple[tuple[Hammer | None, ...], ...]:
        """``hammers[i][level]``: the hammer with bidder ``i`` high at ``level`` (None at level 0
        and above what he can pay)."""
        table = []
        for i, (purse, value) in enumerate(zip(self.purses, self.values, strict=True)):
            row: list[Hammer | None] = [None]
            for level in range(1, self.top_level[i] + 1):
                bid = level * self.step
                sell, preempt = outcome_payoffs(
                    self.auctioneer_purse, purse, bid, self.auctioneer_value, value
                )
                assert sell is not None  # levels stop at what the bidder can pay
                if self.preemption and prefers_preempt(sell, preempt):
                    assert preempt is not None  # prefers_preempt is False without it
                    row.append(Hammer(True, preempt.auctioneer, preempt.bidder))
                else:
                    row.append(Hammer(False, sell.auctioneer, sell.bidder))
            table.append(tuple(row))
        return tuple(table)

    def root(self) -> State:
        """The state before any bid: bidder 0 to move, everyone in."""
        return self.after(0, -1, (1 << self.n) - 1, -1)

    def after(self, level: int, high: int, active: int, last: int) -> State:
        """The state ``(level, high, active, m)``, ``m`` the next bidder in after ``last``."""
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
            return self.after(level, high, active & ~(1 << mover), mover)
        return self.after(action, mover, active, mover)

    def payoffs(self, level: int, high: int) -> tuple[int, ...]:
        """The payoffs ``(auctioneer, bidder 0, ...)`` of the outcome ``(level, high)``."""
        zeros = [0] * self.n
        if high < 0:  # K-AUC-3: no bid, the auctioneer takes the stake free
            return (self.auctioneer_value, *zeros)
        hammer = self.hammers[high][level]
        assert hammer is not None  # the solver never lets a bidder bid what he cannot pay
        zeros[high] = hammer.bidder
        return (hammer.auctioneer, *zeros)

    def gain(self, bidder: int, level: int, high: int) -> int:
        """Bidder ``bidder``'s payoff of the outcome ``(level, high)``."""
        if high != bidder:
            return 0
        hammer = self.hammers[high][level]
        assert hammer is not None
        return hammer.bidder

    def state_count(self) -> int:
        """How many states the solver visits (every combination, reachable or not), in closed form.

        At level 0 there is no high bidder and any set of bidders may be in: ``1 + n 2^(n-1)``
        states. At a level ``l >= 1`` each bidder ``h`` who can pay it may be high, with any set of
        others in and any of them to move: ``1 + (n-1) 2^(n-2)`` states per such ``h``.
        """
        n = self.n
        per_high = 1 + (n - 1) * 2 ** (n - 2) if n >= 2 else 1
        return int(1 + n * 2 ** (n - 1) + per_high * sum(self.top_level))

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


def _top(purse: Purse, step: int, cap: int) -> int:
    limit = purse.limit
    return cap if limit is None else min(cap, limit // step)


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
    """Check the inputs and build the :class:`AuctionGame` (the parameters of
    :func:`kuhtheory.solvers.auction.solve_auction`).

    >>> make_game([10] * 11)
    Traceback (most recent call last):
    ...
    kuhtheory.errors.SolverInputError: values has 11 bidders: the complete-information auction \
solver handles at most 10 (its states grow as 2^bidders)
    """
    ed = get_edition(edition)
    step = check_step(step, ed)
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise SolverInputError(f"values={values!r} must be a list of worths, one per bidder")
    vals = tuple(check_worth(v, f"values[{i}]") for i, v in enumerate(values))
    if not vals:
        raise SolverInputError(f"values={values!r}: at least one bidder is needed")
    if len(vals) > MAX_BIDDERS:
        raise SolverInputError(
            f"values has {len(vals)} bidders: the complete-information auction solver handles at "
            f"most {MAX_BIDDERS} (its states grow as 2^bidders)"
        )
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
    game = AuctionGame(vals, purses, a_value, a_purse, step, preemption, ed.name, max_level)
    states = game.state_count()
    if states > MAX_STATES:
        worth = max(*vals, a_value)
        raise SolverInputError(
            f"values={_short(vals)} with auctioneer_value={a_value} and step={step}: bids up to "
            f"{max_level * step} ({max_level} levels) for {len(vals)} bidders make {states:,} "
            f"auction states; the complete-information solver is limited to {MAX_STATES:,} "
            f"(give smaller worths than {worth}, a larger step, budgets or fewer bidders)"
        )
    return game


def check_budget(budget: object, index: int) -> int:
    """A budget >= 0, else :class:`SolverInputError` naming ``budgets[index]``."""
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise SolverInputError(f"budgets[{index}]={budget!r} must be a whole number >= 0")
    return budget


def _short(values: tuple[int, ...]) -> str:
    text = repr(list(values))
    return text if len(text) <= 60 else text[:56] + " ...]"
