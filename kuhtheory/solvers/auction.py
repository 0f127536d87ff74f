"""The auction with the auctioneer's right (K-AUC-1..4) under complete information, solved exactly.

The front door. The game (a turn-based ascending auction with jump bids, every worth and purse
known) is :class:`~kuhtheory.solvers.auction_game.AuctionGame`; its solution and the checks live in
:mod:`kuhtheory.solvers.auction_equilibrium`; this module returns readable results, compares the
auction with and without the right and sweeps the auctioneer's worth.

Solution: subgame-perfect equilibrium (SPE) by backward induction, iteratively, level by level from
the top bid down (:func:`~kuhtheory.solvers.auction_equilibrium.backward_induction`; no recursion,
one entry per state, the best bid above each level kept as a running maximum, so the work grows
with the number of states, not their square). The auctioneer indifferent between selling and
preempting sells (the rules make selling the default).

Equilibrium selection
---------------------
The auction has many SPE, and they differ in the price. A bidder who will be outbid whatever he
does gains 0 from every move, so backward induction leaves his choice open, and how that tie is
broken decides how far the winner must go. Two selections (:class:`Selection`):

* ``"undominated"`` (the default): a bidder never passes while he can make a bid at which the
  hammer falling would not cost him anything: he **stays in while the price is below his worth**.
  Among his best moves he takes the lowest such bid before passing. Passing while a bid with a
  positive hammer payoff is open is weakly dominated (that bid gives at least 0 whatever the others
  do, and more when they all pass); at a bid exactly at his worth both are equally good and the
  selection stays in, as a bidder does in the English clock auction who drops out when the price
  reaches his worth (Krishna 2010, ch. 2). Without the right the keenest bidder (to the step) then
  wins at the second-highest worth rounded down to the step, as in the private-worths model of
  :mod:`kuhtheory.solvers.bayesian` with the worths known (bid your worth): exactly so when he
  bids first, otherwise possibly one step higher, since a losing bidder may make his highest safe
  bid before the winner can jump to it (K-AUC-1: every bid must be strictly higher). The name
  means this much: the weakly dominated passes are gone; :func:`check_equilibrium` checks that
  rule at every state, not dominance among all strategies.
* ``"pass-on-ties"``: a bidder indifferent between moves passes, so a losing bidder drops out as
  soon as staying in gains him nothing, and the winner often buys at the opening bid (worths 60 and
  40 without the right: at 10). Also subgame perfect, but it rests on weakly dominated passes;
  this was the package's only selection before.

Among equally good bids a bidder makes the lowest (the ``"undominated"`` selection: the lowest that
is safe in the sense above, if any). :func:`check_equilibrium` verifies a solution: at every state,
no move of the mover gains over the equilibrium move (the one-shot deviation property, which is
subgame perfection in a finite game), the auctioneer's hammer choices are best, and the selection's
own rule holds at every state. :func:`verify_by_paths` is the brute force for small games: every
path of one bidder's own moves from every reachable state.

The right and the shotgun clause: at the hammer the high bidder has named a price and the
auctioneer either buys at it (preempts: pays it to the bidder) or sells at it: the buy-sell
("shotgun") clause of partnership dissolution, with the high bidder proposing and the auctioneer
choosing (McAfee 1992; de Frutos & Kittsteiner 2008). A bidder who expects to be bought out bids
the price up to the highest price at which the auctioneer still buys, and is paid it; or, when
buying at the next price pays him more, bids just above it. It is not a right of first refusal
(Bikhchandani, Lippman & Ryan 2005): there the holder is a buyer who matches the price and pays the
seller; here the holder is the seller, who pays the price to the winner.

>>> r = solve_auction([60], auctioneer_value=100)
>>> r.price, r.preempted, r.payoffs
(40, True, AuctionPayoffs(auctioneer=60, bidders=(40,)))
>>> r = solve_auction([60, 40], auctioneer_value=100, preemption=False)
>>> r.price, r.winner, r.payoffs
(40, 0, AuctionPayoffs(auctioneer=40, bidders=(20, 0)))
>>> solve_auction([60, 40], auctioneer_value=100, preemption=False, selection="pass-on-ties").price
10

References
----------
* V. Krishna (2010), *Auction Theory*, 2nd ed., Academic Press (the English auction, ch. 2).
* R. P. McAfee (1992), "Amicable divorce: dissolving a partnership with simple mechanisms",
  *Journal of Economic Theory* 56(2).
* M. A. de Frutos and T. Kittsteiner (2008), "Efficient partnership dissolution under buy-sell
  clauses", *RAND Journal of Economics* 39(1).
* S. Bikhchandani, S. A. Lippman and R. Ryan (2005), "On the right-of-first-refusal", *Advances in
  Theoretical Economics* 5(1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kuhtheory.editions import Edition
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.auction_equilibrium import (
    MAX_CHECK_MOVES,
    MAX_PATH_LEVELS,
    AuctionEquilibrium,
    Selection,
    backward_induction,
    check_equilibrium,
    verify_by_paths,
)
from kuhtheory.solvers.auction_game import PASS, AuctionGame, check_budget, make_game

__all__ = [
    "MAX_CHECK_MOVES",
    "MAX_PATH_LEVELS",
    "AuctionComparison",
    "AuctionEquilibrium",
    "AuctionGame",
    "AuctionPayoffs",
    "AuctionResult",
    "AuctionSweep",
    "Selection",
    "auction_sweep",
    "backward_induction",
    "check_budget",
    "check_equilibrium",
    "compare_auction",
    "make_game",
    "solve_auction",
    "solve_auction_game",
    "verify_by_paths",
]


@dataclass(frozen=True)
class AuctionPayoffs:
    """The auctioneer's payoff and each bidder's, in seat order."""

    auctioneer: int
    bidders: tuple[int, ...]

    def as_tuple(self) -> tuple[int, ...]:
        """``(auctioneer, bidder 0, bidder 1, ...)``."""
        return (self.auctioneer, *self.bidders)


@dataclass(frozen=True)
class AuctionResult:
    """A solved complete-information auction (pygambit-style: inputs, method, values, check)."""

    game: AuctionGame
    selection: Selection
    method: str
    price: int
    high_bidder: int | None
    winner: int | None
    preempted: bool
    payoffs: AuctionPayoffs
    path: tuple[str, ...]
    verified: str
    equilibrium: AuctionEquilibrium = field(repr=False, compare=False)

    @property
    def decision(self) -> str:
        """``"preempt"``, ``"sell"`` or ``"no bid"`` (the auctioneer takes the stake free)."""
        if self.high_bidder is None:
            return "no bid"
        return "preempt" if self.preempted else "sell"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: ``decision``, ``payoffs``, ``price``, ``winner`` (bidder index or
        ``"auctioneer"``), the path, the selection and the inputs."""
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
            "selection": self.selection.value,
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

    @property
    def worth_of_right(self) -> int:
        """What the right is worth to the auctioneer: his payoff with it minus without it."""
        return self.with_right.payoffs.auctioneer - self.without_right.payoffs.auctioneer

    def to_dict(self) -> dict[str, object]:
        """Both results side by side."""
        return {
            "with_right": self.with_right.to_dict(),
            "without_right": self.without_right.to_dict(),
            "worth_of_right": self.worth_of_right,
        }


def solve_auction_game(
    game: AuctionGame,
    selection: str | Selection = Selection.UNDOMINATED,
    verify: bool = False,
) -> AuctionResult:
    """The subgame-perfect equilibrium play of ``game`` under ``selection``.

    With ``verify`` the solution is also checked by :func:`check_equilibrium`; a failed check
    raises :class:`SolverError`.
    """
    eq = backward_induction(game, selection)
    verified = "exact integer backward induction (not checked: verify=True or --verify checks it)"
    if verify:
        verified = check_equilibrium(eq)
    state = game.root()
    path: list[str] = []
    while state[3] >= 0:
        action = eq.action(state)
        mover = state[3]
        if action == PASS:
            path.append(f"bidder {mover} passes")
        else:
            path.append(f"bidder {mover} bids {action * game.step}")
        state = game.play(state, action)
    level, high, _, _ = state
    payoffs = game.payoffs(level, high)
    hammer = game.hammers[high][level] if high >= 0 else None
    preempted = hammer is not None and hammer.preempted
    if high < 0:
        path.append("no bid: the auctioneer takes the stake free (K-AUC-3)")
    else:
        path.append(
            f"hammer at {level * game.step}: the auctioneer "
            + ("preempts (K-AUC-4)" if preempted else "sells")
        )
    method = (
        "subgame-perfect equilibrium by backward induction over (price, high bidder, bidders in, "
        f"mover); selection {eq.selection.value!r}: "
        + (
            "a bidder stays in while a bid he would not regret being hammered at is open, "
            "then passes; among equal bids the lowest"
            if eq.selection is Selection.UNDOMINATED
            else "a bidder indifferent between moves passes; among equal bids the lowest"
        )
        + "; the auctioneer sells when indifferent"
    )
    return AuctionResult(
        game=game,
        selection=eq.selection,
        method=method,
        price=level * game.step,
        high_bidder=None if high < 0 else high,
        winner=None if high < 0 or preempted else high,
        preempted=preempted,
        payoffs=AuctionPayoffs(payoffs[0], payoffs[1:]),
        path=tuple(path),
        verified=verified,
        equilibrium=eq,
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
    selection: str | Selection = Selection.UNDOMINATED,
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
    selection
        ``"undominated"`` (stay in while the price is below your worth) or ``"pass-on-ties"``.
    verify
        Also check the solution (:func:`check_equilibrium`).

    Raises
    ------
    SolverInputError
        For impossible inputs, and for games beyond the solver's limits on bidders and states
        (``MAX_BIDDERS`` and ``MAX_STATES`` of :mod:`kuhtheory.solvers.auction_game`).

    Examples
    --------
    >>> r = solve_auction([60, 40], auctioneer_value=100, verify=True)
    >>> r.path
    ('bidder 0 bids 10', 'bidder 1 bids 20', 'bidder 0 bids 40', 'bidder 1 passes', \
'hammer at 40: the auctioneer preempts (K-AUC-4)')
    >>> r.verified.startswith("exact integer backward induction; one-shot")
    True
    """
    return solve_auction_game(
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
        selection=selection,
        verify=verify,
    )


def compare_auction(
    values: Sequence[int],
    budgets: Sequence[int] | None = None,
    **kwargs: object,
) -> AuctionComparison:
    """:func:`solve_auction` with and without the right, side by side.

    >>> c = compare_auction([60, 40], auctioneer_value=100)
    >>> c.with_right.payoffs.auctioneer, c.without_right.payoffs.auctioneer, c.worth_of_right
    (60, 40, 20)
    """
    kwargs.pop("preemption", None)
    return AuctionComparison(
        with_right=solve_auction(values, budgets, preemption=True, **kwargs),  # type: ignore[arg-type]
        without_right=solve_auction(values, budgets, preemption=False, **kwargs),  # type: ignore[arg-type]
    )


# ---------------------------------------------------------------------------------------------
# Sweeps for plots


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
