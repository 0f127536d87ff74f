"""``solve_trade``: one trade, from the rules to the table.

Follow the classic trade of A = 0,0,10,10,10,10,50 against B = 0,10,10,50 for a stake worth 100:

1. **rules** -- :meth:`TradeRules.from_edition <kuhtheory.solvers.trade.TradeRules.from_edition>`
   reads the three edition fields that decide a trade (K-TRD-2: may B accept; K-TRD-3: who keeps
   which pile; the tie rule);
2. **build** -- :func:`~kuhtheory.solvers.trade.round_form` writes each round's sequence form with
   numpy, once whole and once without B's weakly dominated counters (the LP is smaller; the
   refinement and the certificates still see every counter). In the classic edition a tie sends
   the money back and A offers again: that second round is solved first, and its value is the
   first round's payoff of a tie (a proper subgame of a zero-sum game);
3. **solve, refine, certify** -- :func:`~kuhtheory.solvers.solve.solve_sequence_form` runs the LP
   (:mod:`.lp`), picks the reported strategies (:mod:`.refinements`: ``"quasi-perfect"`` by
   default, ``"proper"`` or ``"none"``) and checks them (:mod:`.certify`), in floats or exactly;
4. **tables** -- :func:`~kuhtheory.solvers.trade_tables.round_tables` turns the strategies into
   A's offer rows and B's reply rows of a :class:`~kuhtheory.solvers.trade_tables.TradeSolution`.

>>> s = solve_trade("classic", "0,0,10,10,10,10,50", "0,10,10,50", 100, exact=True)
>>> s.value_exact, s.exploitability, s.second_round.value_exact, s.refinement
(Fraction(55, 1), 0.0, Fraction(60, 1), 'quasi-perfect')
>>> [row for row in s.offer_table() if row[2] > 0]
[(4, 20, 0.5), (4, 70, 0.5)]
>>> s.bluff_rate(), s.bluff_rate(threshold=20)
(0.0, 0.5)

With the refinements per round: the second round is refined as a game of its own, the first as
the game whose ties pay the second round's value. ``seconds`` is the time of the original solve; a
cached result keeps it.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from kuhtheory.cards import Counts, from_counts
from kuhtheory.editions import Edition, TradeTie
from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers.certify import EXACT_BUDGET
from kuhtheory.solvers.lp import default_tolerance
from kuhtheory.solvers.refinements import Refinement, RefinementFailed
from kuhtheory.solvers.result import SolveResult
from kuhtheory.solvers.sequence_form import SequenceForm, payoff_scale
from kuhtheory.solvers.solve import solve_sequence_form
from kuhtheory.solvers.trade import (
    HandInput,
    TradeRules,
    edition_name,
    parse_hand,
    parse_hands,
    parse_value,
    round_form,
)
from kuhtheory.solvers.trade_tables import (
    TradeSolution,
    number,
    round_tables,
)

#: The largest error a float trade solve may have: its exploitability, in money (a thousandth of
#: the smallest money card). A float answer that cannot reach it is refused, never returned.
TRADE_ACCURACY = 0.01
#: Payoffs above this size make a float check that fails the input's fault (a huge W or hand).
FLOAT_SCALE = 1e6


def trade_tolerance(sf: SequenceForm) -> float:
    """The tolerance of a trade round: the solvers' default (relative to the payoffs), but never
    more than :data:`TRADE_ACCURACY` in money, however large the stake.

    >>> from kuhtheory.cards import to_counts
    >>> rules = TradeRules.from_edition("2025")
    >>> trade_tolerance(round_form(rules, to_counts((0, 10)), to_counts((10,)), Fraction(30)))
    3e-06
    >>> trade_tolerance(round_form(rules, to_counts((0, 10)), to_counts((10,)), Fraction(10**9)))
    0.01
    """
    return min(default_tolerance(sf), TRADE_ACCURACY)


def _solve_round(
    pruned: SequenceForm,
    full: SequenceForm,
    w: Fraction,
    exact: bool,
    refinement: Refinement,
    params: Mapping[str, object],
    budget: float | None,
) -> SolveResult:
    """One round through the pipeline; a float check that fails with huge payoffs is refused as
    the input's fault (SolverInputError naming W and the limit), never answered."""
    tol = trade_tolerance(pruned)
    try:
        return solve_sequence_form(
            pruned,
            exact=exact,
            refinement=refinement,
            parameters=params,
            full=full,
            tolerance=tol,
            budget=budget,
        )
    except SolverError as exc:
        scale = payoff_scale(pruned)
        if scale <= FLOAT_SCALE:
            raise
        advice = (
            f"no exact certificate was found either (budget {budget} s); use a smaller W"
            if exact
            else "use exact=True or a smaller W"
        )
        if isinstance(exc, RefinementFailed):
            advice += " (the refinement's LPs fail first: refinement='none' may still solve it)"
        raise SolverInputError(
            f"value W={number(w)}: with payoffs up to {scale:.3g} no float answer passes the "
            f"best-response check to {tol:.3g} (a thousandth of the smallest money card); {advice}"
        ) from None


@functools.lru_cache(maxsize=256)
def _solve_single(
    rules: TradeRules,
    a: Counts,
    b: Counts,
    w: Fraction,
    exact: bool,
    refinement: Refinement,
    second: bool,
    edition: str,
    budget: float | None,
) -> TradeSolution:
    start = time.perf_counter()
    reoffer = rules.trade_tie is TradeTie.REOFFER_THEN_FREE and not second
    later = (
        _solve_single(rules, a, b, w, exact, refinement, True, edition, budget) if reoffer else None
    )
    tie: Fraction | float | None = None
    if later is not None:
        tie = later.value_exact if later.value_exact is not None else later.value
    # An exact first round needs an exact tie value: if the second round's certificate fell back
    # to floats, so does the first round.
    exact_here = exact and (later is None or later.value_exact is not None)
    params = {
        "edition": edition,
        "a": list(from_counts(a)),
        "b": list(from_counts(b)),
        "value": number(w),
        "round": 2 if second else 1,
    }
    title = "trade, second round" if second else "trade"
    pruned = round_form(rules, a, b, w, tie, exact=exact_here, prune=True, title=title)
    full = round_form(rules, a, b, w, tie, exact=exact_here, prune=False, title=title)
    result = _solve_round(pruned, full, w, exact_here, refinement, params, budget)
    offers, replies = round_tables(rules, a, b, result)
    gap = result.exploitability + (later.exploitability if later else 0.0)
    verified = result.verified
    if later is not None:
        tie_text = later.value_exact if later.value_exact is not None else later.value
        verified += f"; second round (tie value {tie_text}): {later.verified}"
    return TradeSolution(
        edition=edition,
        rules=rules,
        a_hands=((from_counts(a), Fraction(1)),),
        b_hand=from_counts(b),
        stake_value=w,
        value=result.value,
        value_exact=result.value_exact,
        exploitability=gap,
        exact=result.exact,
        seconds=time.perf_counter() - start,
        offers={from_counts(a): offers},
        replies=replies,
        second_round=later,
        results=(result,) + (later.results if later else ()),
        verified=verified,
        refinement=result.refinement,
    )


def solve_trade(
    edition: str | Edition | TradeRules,
    a: HandInput | Sequence[tuple[HandInput, object]],
    b: HandInput | Sequence[tuple[HandInput, object]],
    value: object,
    exact: bool = False,
    refinement: str | Refinement = Refinement.QUASI_PERFECT,
    budget: float | None = EXACT_BUDGET,
) -> Any:
    """The equilibrium of the trade (:mod:`kuhtheory.solvers.trade`) between A holding ``a`` (a
    hand, or ``[(hand, probability), ...]`` when B does not know it) and B holding ``b`` (in the
    one-round editions also a belief), the stake worth ``value`` to either side, refined as
    ``refinement`` says (``"quasi-perfect"``, ``"proper"`` or ``"none"``, :mod:`.refinements`).
    Results for single hands are cached per (rules, hands, W, mode), so a notebook slider can call
    this freely. Beliefs go to :func:`~kuhtheory.solvers.trade_hidden.solve_hidden_trade` (the
    rules' model of hidden money: in classic B sees A's first pile after a tie; probabilities
    within 1e-6 of summing to 1 are renormalised exactly, hands of probability 0 left out).

    ``value=(W_A, W_B)`` (the stake worth ``W_A`` to A and ``W_B`` to B) solves the general-sum
    trade by Lemke's algorithm instead and returns a
    :class:`~kuhtheory.solvers.trade_general.GeneralTradeSolution` with the same tables.

    Float answers are checked by best responses to :func:`trade_tolerance` (at most
    :data:`TRADE_ACCURACY` in money). With ``exact`` the certificate gets ``budget`` seconds per
    round (None: no limit); past it the result falls back to the float answer and says so in
    ``verified`` (``exact`` is then False).

    Raises :class:`SolverInputError` for unknown denominations, a negative or too large
    ``value`` (a stake so large that the float answer fails its check), hands too large to solve,
    an edition without a trade or an unknown refinement; :class:`SolverError` if an LP fails.
    """
    if isinstance(value, (tuple, list)):
        from kuhtheory.solvers.trade_general import solve_general_trade, worths

        if not isinstance(a, str) and any(isinstance(v, (tuple, list)) for v in a):
            raise SolverInputError("value=(W_A, W_B): A's hand must be one hand, not a belief")
        return solve_general_trade(edition, a, b, *worths(value), exact=exact)  # type: ignore[arg-type]
    from kuhtheory.solvers.trade_hidden import is_belief, parse_belief, solve_hidden_trade

    name = edition_name(edition)
    rules = TradeRules.from_edition(edition)
    how = Refinement.parse(refinement)
    w = parse_value(value)
    hands = parse_belief(a) if is_belief(a) else parse_hands(a)
    if len(hands) == 1 and not is_belief(b):
        b_counts = parse_hand(b, "B's hand")  # type: ignore[arg-type]
        return _solve_single(rules, hands[0][0], b_counts, w, bool(exact), how, False, name, budget)
    # A's hand drawn from a belief (B's too, in the one-round editions): trade_hidden
    return solve_hidden_trade(rules, a, b, w, exact=exact, refinement=how, name=name)


__all__ = ["solve_trade"]
