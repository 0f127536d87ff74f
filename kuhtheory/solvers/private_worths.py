"""Private worths for the clock auction: worth distributions, purses, and what winning pays.

The inputs of :mod:`kuhtheory.solvers.bayesian` checked and tabulated once: each bidder's and the
auctioneer's worth distribution (:func:`distribution`), what each purse hands over at each price
level (K-PAY-1: cards with no change, a budget, or cash; nan where it cannot pay, K-PAY-2), the
probability ``q_i(p)`` that the auctioneer preempts bidder ``i`` at price ``p`` (his worth above
``T_A(p) + T_i(p)``, K-AUC-4), and the payoff table ``v_i(w, p)`` of winning at ``p`` with worth
``w``. The limits on bidders, price levels and table size live here, so every solver built on the
tables refuses an input it could not solve with a :class:`~kuhtheory.errors.SolverInputError`
naming it, instead of a MemoryError or a hang.

>>> s = clock_setup([[0, 60]], [100], step=10, money=None, auctioneer_money=None,
...                 preemption=True, edition="classic")
>>> s.levels, s.tops, s.q[0, 4:6].tolist()
(12, (11,), [1.0, 0.0])
>>> s.values[0][1, 4:6].tolist()  # worth 60: paid 40 when preempted, 60 - 50 when sold
[40.0, 10.0]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from kuhtheory.editions import Edition, get_edition
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.preemption import Purse, check_step, check_worth

Distribution = tuple[tuple[int, float], ...]
"""A discrete distribution of worths: ``((worth, probability), ...)``, worths increasing."""

TOLERANCE = 1e-9
"""The largest regret accepted, relative to the largest worth (at least this absolutely)."""
KEEP = 1e-12
"""Payoffs this close (relative to the largest worth) count as equal."""

MAX_BIDDERS = 12
"""The most bidders :func:`solve_bayesian_auction` accepts."""

MAX_LEVELS = 200_000
"""The most price levels (the largest worth divided by the step, plus two)."""

MAX_CELLS = 5_000_000
"""The most worth types (all bidders and the auctioneer) times price levels: the payoff tables'
size (40 MB of floats at the limit)."""

DistributionLike = Mapping[int, float] | Sequence[int] | Sequence[tuple[int, float]]


def distribution(spec: DistributionLike, name: str = "distribution") -> Distribution:
    """A checked :data:`Distribution` from ``{worth: prob}``, ``[(worth, prob)]`` or ``[worths]``.

    A plain list of worths is uniform (a repeated worth counts twice). Probabilities must be >= 0
    and sum to 1 (within 1e-9); worths whole numbers >= 0.

    >>> distribution([0, 50, 50, 100])
    ((0, 0.25), (50, 0.5), (100, 0.25))
    >>> distribution({10: 0.5, 20: 0.5})
    ((10, 0.5), (20, 0.5))
    """
    if isinstance(spec, Mapping):
        pairs: list[tuple[object, object]] = list(spec.items())
    else:
        items = list(spec)
        if items and all(isinstance(x, tuple) for x in items):
            pairs = list(items)  # type: ignore[arg-type]
        else:
            pairs = [(x, 1.0 / len(items)) for x in items]
    if not pairs:
        raise SolverInputError(f"{name}={spec!r} is empty: give at least one worth")
    merged: dict[int, float] = {}
    for raw_worth, prob in pairs:
        worth = check_worth(raw_worth, f"{name} worth")
        if isinstance(prob, bool) or not isinstance(prob, (int, float)) or not prob >= 0:
            raise SolverInputError(f"{name}: probability {prob!r} of worth {worth} must be >= 0")
        merged[worth] = merged.get(worth, 0.0) + float(prob)
    mass = sum(merged.values())
    if abs(mass - 1.0) > 1e-9:
        raise SolverInputError(f"{name}={spec!r}: probabilities sum to {mass!r}, not 1")
    return tuple(sorted(merged.items()))


@dataclass(frozen=True)
class ClockSetup:
    """The tabulated inputs of the clock auction (module docstring)."""

    worths: tuple[Distribution, ...]
    a_worth: Distribution
    purses: tuple[Purse, ...]
    a_purse: Purse
    step: int
    preemption: bool
    edition: str
    levels: int  # price levels 0..levels-1
    tops: tuple[int, ...]
    cost: np.ndarray  # cost[i, k]: what bidder i hands over at level k (nan: cannot)
    a_cost: np.ndarray  # a_cost[k]; nan: the auctioneer cannot pay
    q: np.ndarray  # q[i, k]: probability that the auctioneer preempts bidder i at level k
    values: tuple[np.ndarray, ...]  # values[i][t, k]: v_i(w_t, k), 0 where level k is impossible
    scale: float  # the largest worth (at least 1): tolerances are relative to it

    @property
    def tolerance(self) -> float:
        """The largest regret an equilibrium check accepts."""
        return TOLERANCE * self.scale

    @property
    def keep(self) -> float:
        """How close two payoffs must be to count as equal."""
        return KEEP * self.scale


def purse_costs(purse: Purse, step: int, levels: int) -> np.ndarray:
    """What ``purse`` hands over to pay each level's price (nan: it cannot), K-PAY-1."""
    amounts = np.arange(levels, dtype=float) * step
    limit = purse.limit
    if purse.cards is None:
        return amounts if limit is None else np.where(amounts <= limit, amounts, np.nan)
    out = np.full(levels, np.nan)
    assert limit is not None  # a hand of cards has a total
    for k in range(min(levels - 1, limit // step) + 1):
        paid = purse.cost(k * step)
        out[k] = np.nan if paid is None else paid
    return out


def clock_setup(
    bidder_worths: Sequence[DistributionLike],
    auctioneer_worth: DistributionLike,
    step: int,
    money: Sequence[Purse | int | str | Sequence[int] | None] | None,
    auctioneer_money: Purse | int | str | Sequence[int] | None,
    preemption: bool,
    edition: str | Edition,
) -> ClockSetup:
    """Check the inputs (the parameters of
    :func:`kuhtheory.solvers.bayesian.solve_bayesian_auction`) and tabulate them."""
    ed = get_edition(edition)
    step = check_step(step, ed)
    if not bidder_worths:
        raise SolverInputError("bidder_worths is empty: at least one bidder is needed")
    if len(bidder_worths) > MAX_BIDDERS:
        raise SolverInputError(
            f"bidder_worths has {len(bidder_worths)} bidders: the Bayesian auction solver handles "
            f"at most {MAX_BIDDERS}"
        )
    worths = tuple(distribution(d, f"bidder_worths[{i}]") for i, d in enumerate(bidder_worths))
    a_worth = distribution(auctioneer_worth, "auctioneer_worth")
    n = len(worths)
    if money is not None and len(money) != n:
        raise SolverInputError(f"money={money!r} must give one purse per bidder ({n})")
    purses = tuple(Purse.of(None if money is None else money[i], f"money[{i}]") for i in range(n))
    a_purse = Purse.of(auctioneer_money, "auctioneer_money")
    top_worth = max(max(w for w, _ in d) for d in (*worths, a_worth))
    levels = math.ceil(top_worth / step) + 2
    if levels > MAX_LEVELS:
        raise SolverInputError(
            f"a worth of {top_worth} with step={step} makes {levels:,} price levels; the Bayesian "
            f"auction solver is limited to {MAX_LEVELS:,} (a larger step or smaller worths)"
        )
    types = sum(len(d) for d in worths) + len(a_worth)
    if types * levels > MAX_CELLS:
        raise SolverInputError(
            f"{types} worth types x {levels:,} price levels (worths up to {top_worth}, "
            f"step={step}) exceed the Bayesian auction solver's {MAX_CELLS:,} (fewer worths, a "
            "larger step or smaller worths)"
        )
    cost = np.stack([purse_costs(purse, step, levels) for purse in purses])
    a_cost = purse_costs(a_purse, step, levels)
    tops = tuple(payable_top(row) for row in cost)
    a_values = np.array([w for w, _ in a_worth], dtype=float)
    a_probs = np.array([p for _, p in a_worth])
    # tail[j]: probability that the auctioneer's worth is a_values[j] or more.
    tail = np.append(np.cumsum(a_probs[::-1])[::-1], 0.0)
    q = np.zeros((n, levels))
    if preemption:
        threshold = a_cost[None, :] + cost  # nan where either cannot pay
        above = np.searchsorted(a_values, np.nan_to_num(threshold, nan=np.inf), side="right")
        q = np.where(np.isnan(threshold), 0.0, tail[above])
        q[:, 0] = 0.0
    values = []
    for i in range(n):
        w = np.array([x for x, _ in worths[i]], dtype=float)[:, None]
        c = np.nan_to_num(cost[i])[None, :]
        ac = np.nan_to_num(a_cost)[None, :]
        v = q[i][None, :] * ac + (1 - q[i][None, :]) * (w - c)
        v[:, 0] = 0.0
        v[:, tops[i] + 1 :] = 0.0
        values.append(v)
    return ClockSetup(
        worths,
        a_worth,
        purses,
        a_purse,
        step,
        preemption,
        ed.name,
        levels,
        tops,
        cost,
        a_cost,
        q,
        tuple(values),
        float(max(1, top_worth)),
    )


def payable_top(cost_row: np.ndarray) -> int:
    """The highest level up to which every price can be paid."""
    missing = np.flatnonzero(np.isnan(cost_row))
    return int(missing[0]) - 1 if missing.size else len(cost_row) - 1
