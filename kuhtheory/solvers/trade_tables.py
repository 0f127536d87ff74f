"""The trade's *tables*: a solved trade as readable rows, for notebooks, the CLI and bots.

The last stage of a trade solve (:mod:`.trade_solution` runs the others): from the behaviour
strategies of a :class:`~kuhtheory.solvers.result.SolveResult` of a trade round
(:func:`~kuhtheory.solvers.trade.round_form` names A's information set ``"offer"`` with actions
``"3 cards = 60"``, B's ``("reply", count)`` with ``"accept"`` and ``"counter T"``):

* :class:`TradeSolution` -- A's offers (:class:`OfferRow`) and B's replies per card count
  (:class:`ReplyRow`), the value, which refinement and how it was verified, the classic second
  round, and ``to_dict`` for JSON;
* :class:`TradeSummary` -- what a chart of the trade needs (offers by count and by total, bluff
  rate, what the count gives away), from :func:`summarise`; no ipywidgets needed.

>>> from kuhtheory.solvers.trade_solution import solve_trade
>>> s = summarise(solve_trade("2025", "0,10", "10", 30))
>>> s.by_count(), round(s.value, 3)
({0: 0.0, 1: 1.0, 2: 0.0}, 23.333)
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from kuhtheory.cards import Counts
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.result import SolveResult
from kuhtheory.solvers.trade import TradeRules, counter_totals, offer_classes, offer_label

_OFFER = re.compile(r"^(\d+) cards? = (\d+)$")
_COUNTER = re.compile(r"^counter (\d+)$")


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
    the refinement (:mod:`.refinements`: best responses to a fully mixed tremble of A, and under
    ``"proper"`` optimal in that count's own matrix game).
    """

    count: int
    accept: float
    counters: tuple[tuple[int, float], ...]
    on_path: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``count``, ``accept``, ``counter`` (the totals played), ``on_path``."""
        return {
            "count": self.count,
            "accept": self.accept,
            "counter": {str(t): p for t, p in self.counters if p > 0},
            "on_path": self.on_path,
        }


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
            "stake_value": number(self.stake_value),
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
            "responder": [r.to_dict() for r in self.replies],
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


def number(v: Fraction) -> int | float:
    """A fraction for JSON: an int when whole."""
    return int(v) if v.denominator == 1 else float(v)


def round_tables(
    rules: TradeRules, a_hand: Counts, b_hand: Counts, result: SolveResult
) -> tuple[tuple[OfferRow, ...], tuple[ReplyRow, ...]]:
    """A's offer rows and B's reply rows of one solved round (:func:`round_form`'s names)."""
    offer = result.strategy(0)["offer"]
    rows = tuple(
        OfferRow(c, t, float(offer[offer_label(c, t)])) for c, t, _ in offer_classes(a_hand)
    )
    used = {r.count for r in rows if r.probability > 0}
    return rows, reply_rows(rules, b_hand, result.strategy(1), used, ("reply",))


def reply_rows(
    rules: TradeRules,
    b_hand: Counts,
    strategy: Mapping[Hashable, Mapping[str, float]],
    used: set[int],
    prefix: tuple[Hashable, ...],
) -> tuple[ReplyRow, ...]:
    """B's reply rows from his behaviour strategy: the information sets ``(*prefix, count)``;
    ``used`` are the counts A's offers show."""
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


@dataclass(frozen=True)
class TradeSummary:
    """What the trade explorer shows, from an equilibrium of the trade.

    ``offers`` are A's offer classes ``(count, total, probability)`` (B tells offers apart only by
    count; equal totals pay the same); ``replies[count]`` maps B's actions (``"accept"``,
    ``"counter T"``) to probabilities.
    """

    value: float
    offers: tuple[tuple[int, int, float], ...]
    replies: Mapping[int, Mapping[str, float]]

    def by_count(self) -> dict[int, float]:
        """P(A lays ``count`` cards)."""
        return {c: mass for c, (mass, _, _) in self._per_count.items()}

    @cached_property
    def _per_count(self) -> dict[int, tuple[float, float, float]]:
        """Per count: P(count), P(count and total 0), sum of p * total (one pass, cached: the
        charts ask for each count several times)."""
        out: dict[int, list[float]] = {}
        for c, t, p in self.offers:
            acc = out.setdefault(c, [0.0, 0.0, 0.0])
            acc[0] += p
            if t == 0:
                acc[1] += p
            acc[2] += p * t
        return {c: (m, z, e) for c, (m, z, e) in out.items()}

    def by_total(self) -> dict[int, float]:
        """P(A's offer totals ``t``)."""
        out: dict[int, float] = {}
        for _, t, p in self.offers:
            out[t] = out.get(t, 0.0) + p
        return dict(sorted(out.items()))

    def bluff_rate(self) -> float:
        """P(A lays only 0-cards): a pile that looks like money and is worth nothing."""
        return sum(p for c, t, p in self.offers if c > 0 and t == 0)

    def zero_share(self, count: int) -> float | None:
        """P(total 0 | A lays ``count`` cards), None if that count is never laid."""
        pc, zero, _ = self._per_count.get(count, (0.0, 0.0, 0.0))
        if pc <= 1e-12:
            return None
        return zero / pc

    def expected_total(self, count: int) -> float | None:
        """E[total | count]: what B can infer from the number of cards he sees."""
        pc, _, total = self._per_count.get(count, (0.0, 0.0, 0.0))
        if pc <= 1e-12:
            return None
        return total / pc

    def accept_rate(self, count: int) -> float:
        """P(B accepts | A laid ``count`` cards) (0 where the edition forbids accepting)."""
        return float(self.replies.get(count, {}).get("accept", 0.0))

    def expected_counter(self, count: int) -> float | None:
        """E[B's counter total | he counters an offer of ``count`` cards]."""
        return self._counters.get(count)

    @cached_property
    def _counters(self) -> dict[int, float | None]:
        out: dict[int, float | None] = {}
        for count, reply in self.replies.items():
            weight = total = 0.0
            for action, p in reply.items():
                t = _counter_total(action)
                if t is not None:
                    weight += p
                    total += p * t
            out[count] = None if weight <= 1e-12 else total / weight
        return out


@lru_cache(maxsize=4096)
def _counter_total(action: str) -> int | None:
    """T of ``"counter T"``, None for any other action (cached: the same labels recur)."""
    m = _COUNTER.match(action)
    return int(m[1]) if m else None


def summarise(result: Any) -> TradeSummary:
    """A :class:`TradeSummary` from a solved trade.

    ``result`` is a :class:`~kuhtheory.solvers.trade_solution.TradeSolution` (its
    ``offer_table()`` and ``reply_table()``), or any result with ``value`` and behaviour
    ``strategies`` named as :func:`kuhtheory.solvers.trade.round_form` names them (A's information
    set ``"offer"`` with actions ``"3 cards = 60"``; B's ``("reply", count)`` with ``"accept"`` /
    ``"counter T"``).
    """
    if hasattr(result, "offer_table") and hasattr(result, "reply_table"):
        offers = tuple(
            sorted((int(c), int(t), max(0.0, float(p))) for c, t, p in result.offer_table())
        )
        replies = {
            int(count): {
                "accept": float(accept),
                **{f"counter {t}": float(p) for t, p in counters.items()},
            }
            for count, accept, counters in result.reply_table()
        }
        return TradeSummary(float(result.value), offers, replies)
    a_strategy, b_strategy = result.strategies
    offer = a_strategy.get("offer")
    if offer is None:
        raise SolverInputError(f"cannot find A's offer among {list(a_strategy)!r}")
    rows = []
    for label, p in offer.items():
        m = _OFFER.match(str(label))
        if not m:
            raise SolverInputError(f"unexpected offer label {label!r}")
        rows.append((int(m[1]), int(m[2]), max(0.0, float(p))))
    replies = {}
    for key, actions in b_strategy.items():
        if isinstance(key, tuple) and len(key) == 2 and key[0] == "reply":
            replies[int(key[1])] = {str(a): max(0.0, float(p)) for a, p in actions.items()}
    return TradeSummary(float(result.value), tuple(sorted(rows)), replies)
