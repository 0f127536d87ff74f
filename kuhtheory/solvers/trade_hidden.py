"""The trade with hidden money, as the rules give it (K-TRD-1..3), built straight into arrays.

B does not see A's money: a *belief* ``[(hand, probability), ...]`` is a chance move over A's
hands; A knows his hand, B sees the card count of A's pile (K-TRD-1). What B learns beyond that
depends on the edition:

* **2025, first, bluff** (one round): nothing more before he replies. A has one information set per
  hand (his offers by count and total, :func:`~kuhtheory.solvers.trade.offer_classes`), B one per
  count: no tree is needed, and two piles of A with the same count and total are one offer.
* **classic** (a tie is re-offered, K-TRD-3): after a counter "the two piles are exchanged and
  counted", so on a tie B has *seen the cards of A's first pile* before A offers again. A pile
  therefore tells B which of A's hands could have laid it. Two piles of the same count and total
  are still one offer if the same hands contain them (B can infer nothing more from one than from
  the other; merging them can only help A, and A could always lay the same one) -- the class
  ``(count, total, hands that contain it)``; a pile whose total no counter of B can tie is never
  seen and keeps the class ``(count, total)``. After a tie with a pile that only one hand contains,
  B knows that hand: the rest is a proper subgame, the public second round (solved here as a
  one-hand model, the value of ``solve_trade(...).second_round``), and its value replaces it.
  After any other tie the second round is played in full, B's information set keyed by the pile's
  class and the new count. B's own counters are known to A only by total here (B's hand is
  public; which of equal-total counters B lays tells A nothing he can use).

Both hands hidden (``b`` a belief too) is supported in the one-round editions: B then has one
information set per (his hand, count) and A cannot see which; the two beliefs are independent.

The model is the sequence form (:class:`~kuhtheory.solvers.sequence_form.SequenceForm`) built with
numpy, never a tree (:mod:`kuhtheory.solvers.hidden_model`);
:func:`~kuhtheory.solvers.trade.trade_game` with ``collapse=False`` builds the same game as a tree
and the tests check both give the same value. It is solved by the generic pipeline
(:func:`~kuhtheory.solvers.solve.solve_sequence_form`: the refinement asked for, quasi-perfect by
default; exact certificate on request) when it is small, else by an *aggregated* LP: every offer
of A enters B's constraints only through the chance-weighted total of the hands that make the same
offer (``z = P x``), so B's constraints have one row per reply against a few hundred aggregates
instead of thousands of hand-offer pairs; its plans, a Nash equilibrium (not refined: the result
says so), are then checked by best responses on the model. A big classic model is built without
A's second offers that another offer of his of the same count weakly dominates (his last move:
they never do better, so the value and the equilibrium hold for the whole game;
:func:`~kuhtheory.solvers.hidden_model.build_model`). With five hidden ten-card hands that leaves
about a sixth of A's 62,000 sequences. HiGHS's presolve found these itself up to highspy 1.15;
from 1.16 it switches its dominated-column rule off whenever duals may be wanted (B's plan is read
from them), which made that solve twice as slow.

>>> from fractions import Fraction as F
>>> s = solve_hidden_trade("classic", [("10,50,50", F(1, 3)), ("0,0,10,10", F(1, 3)),
...                                    ("0,100", F(1, 3))], "50,100", 150, exact=True)
>>> s.value_exact                  # the issue's example; the count-and-total model gave 86.67
Fraction(1880, 23)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from kuhtheory.cards import Counts, from_counts
from kuhtheory.editions import Edition, TradeTie
from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers.best_response import exploitability
from kuhtheory.solvers.hidden_model import (
    Belief,
    HiddenModel,
    aggregated_lp,
    build_model,
    is_belief,
    parse_belief,
)
from kuhtheory.solvers.refinements import Refinement, complete_behaviour
from kuhtheory.solvers.result import SolveResult
from kuhtheory.solvers.sequence_form import uniform_plan
from kuhtheory.solvers.solve import solve_sequence_form
from kuhtheory.solvers.trade import (
    HandInput,
    TradeRules,
    counter_totals,
    edition_name,
    parse_hand,
    parse_value,
)
from kuhtheory.solvers.trade_tables import OfferRow, ReplyRow, TradeSolution

#: Models up to this many cells go through the generic pipeline (refined; exact on request).
SMALL_CELLS = 20_000
#: Exact mode is refused above this many cells (fractions are slow).
EXACT_CELLS = 400_000


def model_of(
    rules: TradeRules, hands: Belief, b_hands: Belief, value: Fraction, exact: bool
) -> HiddenModel:
    """:func:`~kuhtheory.solvers.hidden_model.build_model` with the public second round solved
    here where classic needs it; a float model that could exceed :data:`SMALL_CELLS` cells is
    built without A's dominated second-round offers (for the aggregated LP)."""
    b_hand = b_hands[0][0]

    def second(hand: Counts) -> Fraction:
        return _public_second_round(rules, hand, b_hand, value, exact)

    prune_above = None if exact else SMALL_CELLS
    return build_model(rules, hands, b_hands, value, exact, second, prune_above=prune_above)


@functools.lru_cache(maxsize=512)
def _public_second_round(
    rules: TradeRules, hand: Counts, b_hand: Counts, value: Fraction, exact: bool
) -> Fraction:
    """The value of the classic second round with both hands public: the trade once more, a
    tie giving A the stake free (K-TRD-3), as a one-hand model of its own."""
    free = TradeRules(rules.responder_may_accept, rules.counter_settlement, TradeTie.OFFERER_FREE)
    one = ((hand, Fraction(1)),)
    model = build_model(free, one, ((b_hand, Fraction(1)),), value, exact, title="second round")
    if exact:
        result = solve_sequence_form(model.sf, exact=True, refinement=Refinement.NONE)
        assert result.value_exact is not None
        return result.value_exact
    return Fraction(aggregated_lp(model)[2])


# ---------------------------------------------------------------------------------------------
# The front door


def solve_model(model: HiddenModel, exact: bool, refinement: str | Refinement) -> SolveResult:
    """Solve ``model``: the generic pipeline (:func:`~kuhtheory.solvers.solve.solve_sequence_form`
    with ``refinement``) when small or exact, else the aggregated LP checked by best responses on
    the model (a Nash equilibrium, unrefined: the result says so). A model built without A's
    dominated second-round offers (``model.pruned``) always takes the aggregated LP: what it
    left out changes nothing for Nash, but would for a refinement."""
    sf = model.sf
    cells = len(sf.rows)
    if exact and cells > EXACT_CELLS:
        raise SolverInputError(
            f"exact mode: the hidden-hand trade has {cells} cells (limit {EXACT_CELLS} in "
            "fractions); solve it in floats"
        )
    if exact or (cells <= SMALL_CELLS and not model.pruned):
        return solve_sequence_form(sf, exact=exact, refinement=refinement, parameters={})
    start = time.perf_counter()
    x, y, value = aggregated_lp(model)
    gap = max(0.0, float(exploitability(sf, x, y)))
    scale = max(1.0, float(np.max(np.abs(sf.vals)))) if cells else 1.0
    if gap > 1e-6 * scale * max(1, len(model.hands)):
        raise SolverError(f"the aggregated LP of {sf.title!r} left plans exploitable by {gap:.3g}")
    return SolveResult(
        game=sf.title,
        method="aggregated sequence-form LP (HiGHS)",
        value=value,
        value_exact=None,
        strategies=(
            complete_behaviour(sf, 0, x, [uniform_plan(sf.infosets[1])]),
            complete_behaviour(sf, 1, y, [uniform_plan(sf.infosets[0])]),
        ),
        exploitability=gap,
        exact=False,
        seconds=time.perf_counter() - start,
        verified=f"float: exploitability {gap:.3g} by best responses on the model"
        + (
            f" ({model.pruned} of A's second offers left out as weakly dominated by an offer of "
            "the same count: they never do better, so the check holds for the whole game)"
            if model.pruned
            else ""
        ),
        refinement="none (Nash: off-path replies are only completed against a uniform tremble)",
        plans=(tuple(x), tuple(y)),
    )


def solve_hidden_trade(
    edition: str | Edition | TradeRules,
    a: HandInput | Sequence[tuple[HandInput, object]],
    b: HandInput | Sequence[tuple[HandInput, object]],
    value: object,
    exact: bool = False,
    refinement: str | Refinement = Refinement.QUASI_PERFECT,
    name: str | None = None,
) -> TradeSolution:
    """The trade with A's hand (and, in the one-round editions, B's) drawn from a belief: a
    :class:`~kuhtheory.solvers.trade_tables.TradeSolution` whose ``offers`` has a table per hand
    of A (module docstring); with B's hand drawn too, ``b_hand`` is his most likely hand and the
    reply table is averaged over his hands by the belief. Raises :class:`SolverInputError` for a
    bad belief."""
    start = time.perf_counter()
    rules = TradeRules.from_edition(edition)
    name = name or edition_name(edition)
    w = parse_value(value)
    hands = parse_belief(a) if is_belief(a) else ((parse_hand(a, "A's hand"), Fraction(1)),)  # type: ignore[arg-type]
    b_hands = (
        parse_belief(b, "B's hands")
        if is_belief(b)
        else ((parse_hand(b, "B's hand"), Fraction(1)),)  # type: ignore[arg-type]
    )
    model = model_of(rules, hands, b_hands, w, exact)
    result = solve_model(model, exact, refinement)
    offers, replies = _tables(rules, model, result)
    return TradeSolution(
        edition=name,
        rules=rules,
        a_hands=tuple((from_counts(h), p) for h, p in hands),
        b_hand=from_counts(max(b_hands, key=lambda hp: hp[1])[0]),
        stake_value=w,
        value=result.value,
        value_exact=result.value_exact,
        exploitability=result.exploitability,
        exact=bool(exact),
        seconds=time.perf_counter() - start,
        offers=offers,
        replies=replies,
        second_round=None,
        results=(result,),
        verified=result.verified,
        refinement=result.refinement,
    )


def _tables(
    rules: TradeRules, model: HiddenModel, result: SolveResult
) -> tuple[dict[tuple[int, ...], tuple[OfferRow, ...]], tuple[ReplyRow, ...]]:
    offers: dict[tuple[int, ...], tuple[OfferRow, ...]] = {}
    used: set[int] = set()
    strat0 = result.strategy(0)
    for h, (hand, _) in enumerate(model.hands):
        key = ("offer", from_counts(hand)) if len(model.hands) > 1 else "offer"
        acts = strat0[key]
        merged: dict[tuple[int, int], float] = {}
        for q in model.piles[h]:
            merged[(q.count, q.total)] = merged.get((q.count, q.total), 0.0) + float(acts[q.label])
        rows = tuple(OfferRow(c, t, p) for (c, t), p in sorted(merged.items()))
        offers[from_counts(hand)] = rows
        used |= {r.count for r in rows if r.probability > 0}
    totals = sorted({t for hb, _ in model.b_hands for t in counter_totals(hb)})
    # B's replies by count; with B's hand drawn too, averaged over his hands by the belief (what
    # A faces when he lays that many cards).
    weight = {from_counts(hb): float(pb) for hb, pb in model.b_hands}
    accept: dict[int, float] = {}
    counters: dict[int, dict[int, float]] = {}
    for info_key, acts in result.strategy(1).items():
        if not (isinstance(info_key, tuple) and info_key[0] == "reply"):
            continue
        count = int(info_key[-1])
        pb = weight[info_key[1]] if len(info_key) == 3 else 1.0
        row = counters.setdefault(count, dict.fromkeys(totals, 0.0))
        accept[count] = accept.get(count, 0.0) + pb * float(acts.get("accept", 0.0))
        for action, p in acts.items():
            if action != "accept":
                row[int(action[8:])] += pb * float(p)
    out = [ReplyRow(c, accept[c], tuple(counters[c].items()), c in used) for c in sorted(counters)]
    return offers, tuple(out)


__all__ = [
    "is_belief",
    "model_of",
    "parse_belief",
    "solve_hidden_trade",
    "solve_model",
]
