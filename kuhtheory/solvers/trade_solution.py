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
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from kuhtheory.cards import Counts, from_counts
from kuhtheory.editions import Edition, TradeTie, get_edition
from kuhtheory.errors import SolverInputError, UnknownEditionError
from kuhtheory.solvers.refinements import Refinement
from kuhtheory.solvers.solve import solve_sequence_form
from kuhtheory.solvers.trade import (
    HandInput,
    TradeRules,
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


def _edition_name(edition: str | Edition | TradeRules) -> str:
    if isinstance(edition, TradeRules):
        return "custom"
    try:
        return get_edition(edition).name
    except UnknownEditionError as exc:
        raise SolverInputError(str(exc)) from None


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
) -> TradeSolution:
    start = time.perf_counter()
    reoffer = rules.trade_tie is TradeTie.REOFFER_THEN_FREE and not second
    later = _solve_single(rules, a, b, w, exact, refinement, True, edition) if reoffer else None
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
    result = solve_sequence_form(
        pruned, exact=exact_here, refinement=refinement, parameters=params, full=full
    )
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

    Raises :class:`SolverInputError` for unknown denominations, a negative ``value``, an edition
    without a trade or an unknown refinement, and :class:`SolverError` if an LP fails.
    """
    if isinstance(value, (tuple, list)):
        from kuhtheory.solvers.trade_general import solve_general_trade, worths

        if not isinstance(a, str) and any(isinstance(v, (tuple, list)) for v in a):
            raise SolverInputError("value=(W_A, W_B): A's hand must be one hand, not a belief")
        return solve_general_trade(edition, a, b, *worths(value), exact=exact)  # type: ignore[arg-type]
    from kuhtheory.solvers.trade_hidden import is_belief, parse_belief, solve_hidden_trade

    name = _edition_name(edition)
    rules = TradeRules.from_edition(edition)
    how = Refinement.parse(refinement)
    w = parse_value(value)
    hands = parse_belief(a) if is_belief(a) else parse_hands(a)
    if len(hands) == 1 and not is_belief(b):
        b_counts = parse_hand(b, "B's hand")  # type: ignore[arg-type]
        return _solve_single(rules, hands[0][0], b_counts, w, bool(exact), how, False, name)
    # A's hand drawn from a belief (B's too, in the one-round editions): trade_hidden
    return solve_hidden_trade(rules, a, b, w, exact=exact, refinement=how, name=name)


__all__ = ["solve_trade"]
