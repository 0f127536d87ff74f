"""``solve_trade``: the trade's equilibrium in readable tables, for notebooks, the CLI and bots.

>>> s = solve_trade("classic", "0,0,10,10,10,10,50", "0,10,10,50", 100, exact=True)
>>> s.value_exact, s.exploitability, s.second_round.value_exact
(Fraction(55, 1), 0.0, Fraction(60, 1))
>>> [row for row in s.offer_table() if row[2] > 0]
[(3, 20, 0.5), (3, 70, 0.5)]
>>> s.bluff_rate(), s.bluff_rate(threshold=20)
(0.0, 0.5)

The second round of the classic tie (the money goes back, A offers again) is ``s.second_round``, a
TradeSolution of its own whose ties give A the stake free (K-TRD-3, classic).

How a single-hand trade is solved: each round's sequence form is built by
:func:`~kuhtheory.solvers.trade.round_form` with B's weakly dominated counters left out, solved by
the LP, refined for B (A's only information set is the root), and, in exact mode, certified in
fractions on the pruned round *and* on the full round with every counter. ``seconds`` is the time
of the original solve; a cached result keeps it.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kuhtheory.cards import Counts, from_counts
from kuhtheory.editions import Edition, TradeTie, get_edition
from kuhtheory.errors import SolverInputError, UnknownEditionError
from kuhtheory.solvers.exact import certify
from kuhtheory.solvers.result import SolveResult
from kuhtheory.solvers.sequence_form import SequenceForm
from kuhtheory.solvers.solve import solve_sequence_form
from kuhtheory.solvers.trade import (
    HandInput,
    TradeRules,
    counter_totals,
    offer_classes,
    offer_label,
    parse_hand,
    parse_hands,
    parse_value,
    round_form,
)


@dataclass(frozen=True)
class OfferRow:
    """A's offer class (count, total) and how often he lays it."""

    count: int
    total: int
    probability: float


@dataclass(frozen=True)
class ReplyRow:
    """B's reply when he sees ``count`` cards: accept probability and counter totals' probabilities.

    ``on_path`` says whether A's equilibrium offer ever shows that count; off-path replies come from
    the refinement (best responses to a fully mixed tremble, :mod:`.sequence_form`).
    """

    count: int
    accept: float
    counters: tuple[tuple[int, float], ...]
    on_path: bool


@dataclass(frozen=True, eq=False)
class TradeSolution:
    """The trade's equilibrium: value to A, both strategies as tables, how it was checked."""

    edition: str
    rules: TradeRules
    a_hands: tuple[tuple[tuple[int, ...], Fraction], ...]
    b_hand: tuple[int, ...]
    stake_value: Fraction
    value: float
    value_exact: Fraction | None
    exploitability: float
    exact: bool
    seconds: float
    offers: Mapping[tuple[int, ...], tuple[OfferRow, ...]]
    replies: tuple[ReplyRow, ...]
    second_round: TradeSolution | None
    results: tuple[SolveResult, ...]
    verified: str
    refinement: str

    def offer_table(self, hand: Sequence[int] | None = None) -> list[tuple[int, int, float]]:
        """A's offers as rows ``(count, total, probability)`` (of ``hand`` if drawn)."""
        if hand is None:
            if len(self.offers) != 1:
                raise SolverInputError("A has several possible hands: name one with hand=...")
            rows = next(iter(self.offers.values()))
        else:
            key = tuple(sorted(hand))
            if key not in self.offers:
                raise SolverInputError(
                    f"hand {hand!r} is not one of A's hands {list(self.offers)!r}"
                )
            rows = self.offers[key]
        return [(r.count, r.total, r.probability) for r in rows]

    def reply_table(self) -> list[tuple[int, float, dict[int, float]]]:
        """Rows ``(count, accept probability, {counter total: probability})`` of B's replies."""
        return [(r.count, r.accept, dict(r.counters)) for r in self.replies]

    def bluff_rate(self, threshold: int = 0) -> float:
        """The probability that A lays at least one card and at most ``threshold`` in total (with
        the default 0: an offer of nothing but 0-cards, the bluff the rules name); averaged over A's
        hands when they are drawn. An empty offer is not a bluff: B sees that nothing was laid."""
        return sum(
            float(p)
            * sum(r.probability for r in self.offers[h] if r.count > 0 and r.total <= threshold)
            for h, p in self.a_hands
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``value``, ``value_exact`` (if exact), ``offerer``, ``responder``, ..."""
        out: dict[str, Any] = {
            "edition": self.edition,
            "a": [list(h) for h, _ in self.a_hands]
            if len(self.a_hands) > 1
            else list(self.a_hands[0][0]),
            "b": list(self.b_hand),
            "stake_value": _num(self.stake_value),
            "value": self.value,
            "exact": self.exact,
            "exploitability": self.exploitability,
            "seconds": self.seconds,
            "offerer": [
                {"hand": list(h), "count": r.count, "total": r.total, "probability": r.probability}
                for h, rows in self.offers.items()
                for r in rows
                if r.probability > 0
            ],
            "responder": [
                {
                    "count": r.count,
                    "accept": r.accept,
                    "counter": {str(t): p for t, p in r.counters if p > 0},
                    "on_path": r.on_path,
                }
                for r in self.replies
            ],
            "verified": self.verified,
            "refinement": self.refinement,
        }
        if len(self.a_hands) == 1:
            for row in out["offerer"]:
                del row["hand"]
        else:
            out["a_probabilities"] = [str(p) for _, p in self.a_hands]
        if self.value_exact is not None:
            out["value_exact"] = str(self.value_exact)
        if self.second_round is not None:
            out["second_round"] = self.second_round.to_dict()
        return out


def _num(v: Fraction) -> int | float:
    return int(v) if v.denominator == 1 else float(v)


def _edition_name(edition: str | Edition | TradeRules) -> str:
    if isinstance(edition, TradeRules):
        return "custom"
    try:
        return get_edition(edition).name
    except UnknownEditionError as exc:
        raise SolverInputError(str(exc)) from None


def _tables(
    rules: TradeRules, a_hand: Counts, b_hand: Counts, result: SolveResult
) -> tuple[tuple[OfferRow, ...], tuple[ReplyRow, ...]]:
    offer = result.strategy(0)["offer"]
    rows = tuple(
        OfferRow(c, t, float(offer[offer_label(c, t)])) for c, t, _ in offer_classes(a_hand)
    )
    used = {r.count for r in rows if r.probability > 0}
    return rows, _reply_rows(rules, b_hand, result.strategy(1), used, ("reply",))


def _reply_rows(
    rules: TradeRules, b_hand: Counts, strategy: Mapping, used: set[int], prefix: tuple
) -> tuple[ReplyRow, ...]:
    totals = counter_totals(b_hand)
    out = []
    for key, acts in strategy.items():
        if not (isinstance(key, tuple) and key[:-1] == prefix):
            continue
        counters = dict.fromkeys(totals, 0.0)
        for action, p in acts.items():
            if action != "accept":
                counters[int(action[8:])] = float(p)  # "counter T"
        out.append(
            ReplyRow(
                key[-1], float(acts.get("accept", 0.0)), tuple(counters.items()), key[-1] in used
            )
        )
    return tuple(sorted(out, key=lambda r: r.count))


def _certify_unpruned(
    rules: TradeRules,
    a: Counts,
    b: Counts,
    w: Fraction,
    tie: Fraction | float | None,
    pruned: SequenceForm,
    result: SolveResult,
    refined: bool,
) -> SolveResult:
    """Check the exact solution of the pruned round on the full round (every counter of B): both
    exact best-response values must equal the value there too; else solve the full round."""
    full = round_form(rules, a, b, w, tie, exact=True, prune=False, title=pruned.title)
    index = {
        (info.key, act): info.first + k
        for info in full.infosets[1]
        for k, act in enumerate(info.actions)
    }
    y = [Fraction(0)] * full.sizes[1]
    y[0] = Fraction(1)
    for info in pruned.infosets[1]:
        for k, act in enumerate(info.actions):
            y[index[(info.key, act)]] = result.plans[1][info.first + k]
    value = certify(full, result.plans[0], y)
    if value is not None and value == result.value_exact:
        return dataclasses.replace(
            result, verified=result.verified + "; also on the unpruned round (every counter)"
        )
    return solve_sequence_form(
        full, exact=True, refined=(1,) if refined else False, parameters=result.parameters
    )


@functools.lru_cache(maxsize=256)
def _solve_single(
    rules: TradeRules,
    a: Counts,
    b: Counts,
    w: Fraction,
    exact: bool,
    refined: bool,
    second: bool,
    edition: str,
) -> TradeSolution:
    start = time.perf_counter()
    reoffer = rules.trade_tie is TradeTie.REOFFER_THEN_FREE and not second
    later = _solve_single(rules, a, b, w, exact, refined, True, edition) if reoffer else None
    tie: Fraction | float | None = None
    if later is not None:
        tie = later.value_exact if later.value_exact is not None else later.value
    params = {
        "edition": edition,
        "a": list(from_counts(a)),
        "b": list(from_counts(b)),
        "value": _num(w),
        "round": 2 if second else 1,
    }
    sf = round_form(
        rules,
        a,
        b,
        w,
        tie,
        exact=exact,
        prune=True,
        title="trade, second round" if second else "trade",
    )
    # A's only information set is the root: only B's off-path replies need the refinement.
    result = solve_sequence_form(
        sf, exact=exact, refined=(1,) if refined else False, parameters=params
    )
    if exact:
        result = _certify_unpruned(rules, a, b, w, tie, sf, result, refined)
    offers, replies = _tables(rules, a, b, result)
    gap = result.exploitability + (later.exploitability if later else 0.0)
    verified = result.verified
    if later is not None:
        tie_text = later.value_exact if exact else later.value
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
        exact=exact,
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
    refined: bool = True,
) -> Any:
    """The equilibrium of the trade (:mod:`kuhtheory.solvers.trade`) between A holding ``a`` (a
    hand, or ``[(hand, probability), ...]`` when B does not know it) and B holding ``b`` (in the
    one-round editions also a belief), the stake worth ``value`` to either side. Results for
    single hands are cached per (rules, hands, W, mode), so a notebook slider can call this
    freely. Beliefs go to :func:`~kuhtheory.solvers.trade_hidden.solve_hidden_trade` (the rules'
    model of hidden money: in classic B sees A's first pile after a tie; probabilities within
    1e-6 of summing to 1 are renormalised exactly, hands of probability 0 left out).

    ``value=(W_A, W_B)`` (the stake worth ``W_A`` to A and ``W_B`` to B) solves the general-sum
    trade by Lemke's algorithm instead and returns a
    :class:`~kuhtheory.solvers.trade_general.GeneralTradeSolution` with the same tables.

    Raises :class:`SolverInputError` for unknown denominations, a negative ``value`` or an edition
    without a trade, and :class:`SolverError` if an LP fails.
    """
    if isinstance(value, (tuple, list)):
        from kuhtheory.solvers.trade_general import solve_general_trade, worths

        if not isinstance(a, str) and any(isinstance(v, (tuple, list)) for v in a):
            raise SolverInputError("value=(W_A, W_B): A's hand must be one hand, not a belief")
        return solve_general_trade(edition, a, b, *worths(value), exact=exact)  # type: ignore[arg-type]
    from kuhtheory.solvers.trade_hidden import is_belief, parse_belief, solve_hidden_trade

    name = _edition_name(edition)
    rules = TradeRules.from_edition(edition)
    w = parse_value(value)
    hands = parse_belief(a) if is_belief(a) else parse_hands(a)
    if len(hands) == 1 and not is_belief(b):
        b_counts = parse_hand(b, "B's hand")  # type: ignore[arg-type]
        return _solve_single(
            rules, hands[0][0], b_counts, w, bool(exact), bool(refined), False, name
        )
    # A's hand drawn from a belief (B's too, in the one-round editions): trade_hidden
    return solve_hidden_trade(rules, a, b, w, exact=exact, refined=refined, name=name)


__all__ = ["OfferRow", "ReplyRow", "TradeSolution", "solve_trade"]
