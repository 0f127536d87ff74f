"""Closed forms with sympy for the textbook case: one bidder, the auctioneer's worth uniform.

Model
-----
A lone bidder of worth ``v`` names the hammer price ``p`` (K-AUC-1, a jump bid; nobody outbids him).
The auctioneer's worth ``W`` is private, uniform on ``[L, H]``; money is cash (no-change effects
left out, so each side pays exactly ``p``). After the hammer the auctioneer preempts iff ``W - p >
p`` (K-AUC-4, absolute payoffs), so his **threshold** is ``W* = 2p``, and with ``F`` the uniform CDF
the bidder's expected payoff is::

    f(p) = p * (1 - F(2p)) + (v - p) * F(2p).

For ``L <= 2p <= H`` this is the concave quadratic ``p + (v - 2p)(2p - L)/(H - L)``; its maximiser
is

    p* = (H + L + 2v) / 8,       W* = 2p* = (H + L + 2v) / 4,

valid while ``L <= W* <= H`` and the interior value beats the corners (always when ``L = 0`` and
``0 <= v <= 3H/2``; :attr:`LoneBidderClosedForm.interior` states the bounds). A worthless bidder
still bids ``(H + L)/8``: the right invites bids made to be bought out. The **expected transfer**
from bidder to auctioneer (the bidder pays ``p`` when sold, is paid ``p`` when preempted) is
``p* (2 F(W*) - 1)``; for ``L = 0`` it is ``(4v^2 - H^2) / (16 H)``: negative (the auctioneer pays
on average) for ``v < H/2``.

The bidder names a price at which the auctioneer then buys or sells: a buy-sell ("shotgun") clause
with the bidder proposing (McAfee 1992, "Amicable divorce", *Journal of Economic Theory* 56(2)),
not a right of first refusal, whose holder is a buyer who pays the seller. The computations are
plain calculus with a uniform law, as in Krishna (2010, *Auction Theory*, ch. 2).
:func:`kuhtheory.solvers.bayesian.solve_lone_bidder` solves the same model numerically; with the
auctioneer's worth on :func:`uniform_midpoints` its CDF is exact at every even price, so the two
agree exactly on the grid (tests/test_solvers_symbolic.py).

>>> cf = lone_bidder_closed_form()
>>> cf.best_bid
H/8 + L/8 + v/4
>>> cf.expected_transfer.subs(cf.L, 0).factor()
(-H + 2*v)*(H + 2*v)/(16*H)
>>> cf.evaluate(cf.threshold, v=60, L=0, H=200)
80.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

from kuhtheory.errors import SolverInputError

MAX_BINS = 100_000
"""The most bins :func:`uniform_midpoints` makes."""


@dataclass(frozen=True)
class LoneBidderClosedForm:
    """The textbook case's formulas as sympy expressions in ``v``, ``L``, ``H`` (and ``p``)."""

    v: sp.Symbol
    L: sp.Symbol
    H: sp.Symbol
    p: sp.Symbol
    #: The auctioneer's CDF at ``x`` for ``L <= x <= H``, as a function of the symbol ``x``.
    cdf: sp.Lambda
    #: The bidder's expected payoff of bidding ``p`` (interior region ``L <= 2p <= H``).
    payoff: sp.Expr
    best_bid: sp.Expr
    threshold: sp.Expr
    preempt_probability: sp.Expr
    expected_transfer: sp.Expr
    bidder_payoff: sp.Expr
    auctioneer_payoff: sp.Expr
    #: Conditions under which ``best_bid`` is the optimum (``W*`` inside ``[L, H]``).
    interior: tuple[sp.Expr, ...]

    def evaluate(self, expr: sp.Expr, **values: float) -> float:
        """``expr`` at numbers for ``v``, ``L``, ``H``, ``p`` as a float.

        Raises :class:`SolverInputError` when ``H <= L`` or a symbol is left without a value.
        """
        if "L" in values and "H" in values and not values["H"] > values["L"]:
            raise SolverInputError(f"H={values['H']!r} must exceed L={values['L']!r}")
        subs = {getattr(self, k): sp.nsimplify(x) for k, x in values.items()}
        out = sp.sympify(expr).subs(subs)
        if out.free_symbols:
            raise SolverInputError(f"missing values for {sorted(map(str, out.free_symbols))}")
        return float(out)

    def is_interior(self, v: float, L: float, H: float) -> bool:
        """Whether the closed-form optimum applies at these numbers."""
        return all(bool(c.subs({self.v: v, self.L: L, self.H: H})) for c in self.interior)

    def payoff_at(self, p: float, v: float, L: float, H: float) -> float:
        """The bidder's exact expected payoff of bid ``p`` for any ``p >= 0`` (every region)."""
        if not H > L:
            raise SolverInputError(f"H={H!r} must exceed L={L!r}")
        share = min(max((2 * p - L) / (H - L), 0.0), 1.0)
        return p * (1 - share) + (v - p) * share


@lru_cache(maxsize=1)
def lone_bidder_closed_form() -> LoneBidderClosedForm:
    """Derive the textbook case's formulas with sympy (cached)."""
    v, p, x, w = sp.symbols("v p x w", real=True)
    low, high = sp.symbols("L H", real=True, nonnegative=True)
    cdf = sp.Lambda(x, (x - low) / (high - low))
    payoff = sp.expand(p * (1 - cdf(2 * p)) + (v - p) * cdf(2 * p))
    (best,) = sp.solve(sp.diff(payoff, p), p)
    best = sp.simplify(best)
    threshold = sp.simplify(2 * best)
    preempt = sp.simplify(1 - cdf(threshold))
    transfer = sp.simplify(best * (2 * cdf(threshold) - 1))
    bidder = sp.simplify(payoff.subs(p, best))
    # The auctioneer: paid p* when he sells (W <= W*), keeps W - p* when he preempts.
    auctioneer = sp.simplify(
        best * cdf(threshold) + sp.integrate((w - best) / (high - low), (w, threshold, high))
    )
    interior = (sp.Ge(threshold, low), sp.Le(threshold, high))
    return LoneBidderClosedForm(
        v=v,
        L=low,
        H=high,
        p=p,
        cdf=cdf,
        payoff=payoff,
        best_bid=best,
        threshold=threshold,
        preempt_probability=preempt,
        expected_transfer=transfer,
        bidder_payoff=bidder,
        auctioneer_payoff=auctioneer,
        interior=interior,
    )


def expected_transfer_uniform_bidder(a: float, b: float, H: float) -> float:
    """The expected transfer when also ``v`` is uniform on ``[a, b]`` and ``L = 0``.

    Integrates ``(4v^2 - H^2)/(16H)`` over ``v`` (valid for ``0 <= a < b <= 3H/2``).

    >>> expected_transfer_uniform_bidder(0, 100, 100)
    2.0833333333333335
    """
    if not 0 <= a < b <= 1.5 * H:
        raise SolverInputError(f"need 0 <= a < b <= 3H/2, got a={a!r}, b={b!r}, H={H!r}")
    cf = lone_bidder_closed_form()
    per_v = cf.expected_transfer.subs(cf.L, 0)
    mean = sp.integrate(per_v, (cf.v, sp.nsimplify(a), sp.nsimplify(b))) / (
        sp.nsimplify(b) - sp.nsimplify(a)
    )
    return float(mean.subs(cf.H, sp.nsimplify(H)))


def uniform_midpoints(low: int, high: int, bins: int) -> tuple[tuple[int, float], ...]:
    """The uniform law on ``[low, high]`` as ``bins`` equal masses at the bins' midpoints.

    Its CDF equals the continuous one at every bin edge; the midpoints must be whole numbers
    (``(high - low) / bins`` even).

    >>> uniform_midpoints(0, 8, 4)
    ((1, 0.25), (3, 0.25), (5, 0.25), (7, 0.25))
    """
    width, rest = divmod(high - low, bins) if bins > 0 else (0, 1)
    if bins <= 0 or rest or width % 2 or low < 0:
        raise SolverInputError(
            f"uniform_midpoints(low={low!r}, high={high!r}, bins={bins!r}): need 0 <= low, "
            "bins > 0 and an even whole bin width"
        )
    if bins > MAX_BINS:
        raise SolverInputError(
            f"uniform_midpoints(bins={bins!r}): at most {MAX_BINS:,} bins (a distribution the "
            "auction solvers could not take anyway)"
        )
    return tuple((low + width * j + width // 2, 1.0 / bins) for j in range(bins))
