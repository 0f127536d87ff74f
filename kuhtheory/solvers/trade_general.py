"""The trade (K-TRD-1..3) when the stake is not worth the same to both sides: a general-sum game.

In the zero-sum model (:mod:`kuhtheory.solvers.trade`) one number ``W`` is what winning the stake is
worth, the same to both, so A's gain is B's loss. In a real game it is not: the last card of a
family is worth far more to the player who completes it, and a third player may profit from either
side winning. Here the stake is worth ``W_A`` to the offerer A and ``W_B`` to the responder B; each
side's payoff is his net money change plus his worth of the stake if he ends with it::

    u_A = m_A + W_A * [A wins],      u_B = -m_A + W_B * [B wins]

with ``m_A`` the money A receives minus the money he pays (K-TRD-2, K-TRD-3 per edition, as in
:func:`kuhtheory.solvers.trade.counter_payoff`). With ``W_A == W_B == W`` the two payoffs add up
to ``W`` in every outcome: a constant-sum game with the same equilibria as the zero-sum trade,
and A's equilibrium payoff is its value (a test checks this against the LP).

Each round is built with numpy (A's offer classes by count and total, B's reply per card count
he sees), B's replies that are weakly dominated *for B* at their count are left out (an
equilibrium without them is one with them: a dominated reply never pays B more), and the round
is solved by Lemke's tracing path (:mod:`.lemke`) from several priors. The classic re-offer after
a tie is a proper subgame when both hands are public, so the second round is solved first and its
equilibrium payoffs replace the first round's tie (subgame decomposition: an equilibrium of the
first round with the second round's equilibrium continuation is an equilibrium of the whole).

>>> s = solve_general_trade("2025", "0,10,50", "10,50", 100, 100)   # W_A = W_B: the zero-sum value
>>> s.payoffs_exact
(Fraction(66, 1), Fraction(34, 1))
>>> s = solve_general_trade("2025", "0,10,50", "10,50", 100, 60)    # B cares less: A gains
>>> s.payoffs_exact, [(c, t, round(p, 3)) for c, t, p in s.offer_table() if p > 0]
((Fraction(71, 1), Fraction(15, 1)), [(1, 0, 0.167), (1, 10, 0.667), (1, 50, 0.167)])
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from kuhtheory.cards import Counts, from_counts
from kuhtheory.editions import CounterSettlement, Edition, TradeTie
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.lemke import Bimatrix, BimatrixResult, solve_bimatrix
from kuhtheory.solvers.sequence_form import Infoset
from kuhtheory.solvers.trade import (
    HandInput,
    TradeRules,
    counter_totals,
    edition_name,
    offer_classes,
    offer_label,
    parse_hand,
    parse_value,
)
from kuhtheory.solvers.trade_tables import OfferRow, ReplyRow

#: Starting priors traced per round (the uniform one and random fully mixed ones).
STARTS = 4


def settle(
    rules: TradeRules, a: np.ndarray, b: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(money to A, A wins, tie)`` when B counters total ``b`` against A's ``a`` (K-TRD-3),
    broadcast over the arrays; ``tie`` marks the ties that the edition settles otherwise than
    as a win of A (``OFFERER_FREE``: A takes the stake free; ``REOFFER_THEN_FREE``: a re-offer).

    >>> r = TradeRules.from_edition("classic")
    >>> [v.tolist() for v in settle(r, np.array([260]), np.array([250]))]  # RULES.md example
    [[-10.0], [True], [False]]
    """
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if rules.counter_settlement is CounterSettlement.KEEP_RECEIVED:
        money = b - a
    else:  # WINNER_PAYS: the winner pays his own pile to the loser
        money = np.where(a >= b, -a, b)
    wins = a >= b
    tie = (a == b) & (rules.trade_tie is not TradeTie.OFFERER_WINS)
    money = np.where(tie, 0.0, money)
    return money, wins, tie


def round_bimatrix(
    rules: TradeRules,
    a_hand: Counts,
    b_hand: Counts,
    w_a: Fraction,
    w_b: Fraction,
    tie: tuple[Fraction, Fraction] | None = None,
    prune: bool = True,
    title: str = "trade",
) -> Bimatrix:
    """One trade round with public hands as a general-sum sequence form (A: one information set
    ``"offer"``, his offer classes; B: ``("reply", count)``, accept where allowed and a counter
    per total). ``tie``: both payoffs of a tie under ``REOFFER_THEN_FREE`` (``None``: A takes
    the stake free, as in the second round). With ``prune`` B's replies weakly dominated for B at
    their count are left out (of equal ones the first is kept).

    >>> g = round_bimatrix(TradeRules.from_edition("2025"), (1, 1, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0),
    ...                    Fraction(30), Fraction(20), prune=False)
    >>> g.sizes
    (5, 10)
    """
    classes = offer_classes(a_hand)
    counts = np.array([c for c, _, _ in classes], dtype=np.int64)
    a_tot = np.array([t for _, t, _ in classes], dtype=float)
    totals = np.array(counter_totals(b_hand), dtype=float)
    money, wins, tied = settle(rules, a_tot[:, None], totals[None, :])
    tie_a, tie_b = (w_a, Fraction(0)) if tie is None else tie
    pay_a = np.where(tied, float(tie_a), money + float(w_a) * wins)
    pay_b = np.where(tied, float(tie_b), -money + float(w_b) * ~wins)
    labels = [f"counter {int(t)}" for t in totals]
    if rules.responder_may_accept:  # accept: A takes the stake and pays his pile
        pay_a = np.hstack([(float(w_a) - a_tot)[:, None], pay_a])
        pay_b = np.hstack([a_tot[:, None], pay_b])
        labels.insert(0, "accept")
    distinct, starts, group_of = np.unique(counts, return_index=True, return_inverse=True)
    group_of = group_of.reshape(-1)
    keep = (
        _undominated_for_b(pay_b, starts) if prune else np.ones((len(distinct), len(labels)), bool)
    )
    kept = keep.sum(axis=1)
    firsts = 1 + np.concatenate([[0], np.cumsum(kept)[:-1]])
    seq_of = firsts[:, None] + np.cumsum(keep, axis=1) - 1
    mask = keep[group_of]
    ai, bi = np.nonzero(mask)
    b_sets = tuple(
        Infoset(("reply", int(c)), tuple(labels[k] for k in np.flatnonzero(keep[g])), 0, int(f))
        for g, (c, f) in enumerate(zip(distinct.tolist(), firsts.tolist(), strict=True))
    )
    a_set = Infoset("offer", tuple(offer_label(c, t) for c, t, _ in classes), 0, 1)
    exact_a, exact_b = _exact_cells(rules, classes, labels, ai, bi, w_a, w_b, (tie_a, tie_b))
    return Bimatrix(
        ((a_set,), b_sets),
        ai + 1,
        seq_of[group_of[ai], bi],
        pay_a[mask],
        pay_b[mask],
        exact_a,
        exact_b,
        title,
    )


def _exact_cells(
    rules: TradeRules,
    classes: tuple[tuple[int, int, int], ...],
    labels: list[str],
    ai: np.ndarray,
    bi: np.ndarray,
    w_a: Fraction,
    w_b: Fraction,
    tie: tuple[Fraction, Fraction],
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The same cells as fractions (the float table is exact for integer inputs; ties and the
    worths may be fractions)."""
    out_a, out_b = [], []
    for i, k in zip(ai.tolist(), bi.tolist(), strict=True):
        a = classes[i][1]
        if labels[k] == "accept":
            out_a.append(w_a - a)
            out_b.append(Fraction(a))
            continue
        b = int(labels[k][8:])
        money, wins, tied = (v.item() for v in settle(rules, np.array(a), np.array(b)))
        if tied:
            out_a.append(tie[0])
            out_b.append(tie[1])
        else:
            m = Fraction(int(money))
            out_a.append(m + (w_a if wins else 0))
            out_b.append(-m + (0 if wins else w_b))
    return tuple(out_a), tuple(out_b)


def _undominated_for_b(pay_b: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Per run of rows (B's information set: the offers of one count), the columns (replies)
    not weakly dominated for B (he maximises ``pay_b``); of identical columns the first."""
    n = pay_b.shape[1]
    ends = [*starts[1:].tolist(), pay_b.shape[0]]
    out = []
    earlier = np.triu(np.ones((n, n), dtype=bool), 1)
    for a, b in zip(starts.tolist(), ends, strict=True):
        block = pay_b[a:b]
        ge = (block[:, :, None] >= block[:, None, :]).all(axis=0)  # ge[j, k]: j >= k everywhere
        eq = ge & ge.T
        dominated = np.any(ge.T & ~eq, axis=1) | np.any(eq & earlier, axis=0)
        out.append(~dominated)
    return np.array(out)


@dataclass(frozen=True, eq=False)
class GeneralTradeSolution:
    """An equilibrium of the general-sum trade: both payoffs, both strategies as the zero-sum
    solve's tables (:class:`~kuhtheory.solvers.trade_solution.OfferRow`, ``ReplyRow``), how many
    equilibria the starting priors reached and how it was checked."""

    edition: str
    rules: TradeRules
    a_hand: tuple[int, ...]
    b_hand: tuple[int, ...]
    values: tuple[Fraction, Fraction]
    payoffs: tuple[float, float]
    payoffs_exact: tuple[Fraction, Fraction] | None
    offers: tuple[OfferRow, ...]
    replies: tuple[ReplyRow, ...]
    second_round: GeneralTradeSolution | None
    result: BimatrixResult
    exact: bool
    seconds: float
    verified: str

    @property
    def value(self) -> float:
        """A's equilibrium payoff (the zero-sum solve's ``value`` when ``W_A == W_B``)."""
        return self.payoffs[0]

    @property
    def unique(self) -> bool:
        """Whether every start (of every round) reached the same equilibrium."""
        return self.result.unique and (self.second_round is None or self.second_round.unique)

    @property
    def equilibrium(self) -> str:
        """What kind of solution this is, and what it is not."""
        return (
            "Nash equilibrium of the general-sum trade (Lemke's tracing path); not refined: "
            "B's replies at card counts A never shows are only best responses to the "
            "path's priors"
        )

    def offer_table(self) -> list[tuple[int, int, float]]:
        """A's offers as rows ``(count, total, probability)``."""
        return [(r.count, r.total, r.probability) for r in self.offers]

    def reply_table(self) -> list[tuple[int, float, dict[int, float]]]:
        """Rows ``(count, accept probability, {counter total: probability})``."""
        return [(r.count, r.accept, dict(r.counters)) for r in self.replies]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with the zero-sum solve's ``offerer`` and ``responder`` tables."""
        out: dict[str, Any] = {
            "edition": self.edition,
            "a": list(self.a_hand),
            "b": list(self.b_hand),
            "stake_value": [_num(self.values[0]), _num(self.values[1])],
            "value": self.payoffs[0],
            "payoffs": list(self.payoffs),
            "exact": self.exact,
            "seconds": self.seconds,
            "offerer": [
                {"count": r.count, "total": r.total, "probability": r.probability}
                for r in self.offers
                if r.probability > 0
            ],
            "responder": [r.to_dict() for r in self.replies],
            "equilibria_reached": len(self.result.equilibria),
            "starts": self.result.starts,
            "unique_among_reached": self.unique,
            "verified": self.verified,
            "refinement": "none",
            "solution": self.equilibrium,
        }
        if self.payoffs_exact is not None:
            out["payoffs_exact"] = [str(v) for v in self.payoffs_exact]
            out["value_exact"] = str(self.payoffs_exact[0])
        if self.second_round is not None:
            out["second_round"] = self.second_round.to_dict()
        return out


def _num(v: Fraction) -> int | float:
    return int(v) if v.denominator == 1 else float(v)


def _tables(
    game: Bimatrix, b_hand: Counts, result: BimatrixResult
) -> tuple[tuple[OfferRow, ...], tuple[ReplyRow, ...]]:
    offer = result.strategies[0]["offer"]
    rows = []
    for label in game.infosets[0][0].actions:
        count, total = (
            int(v) for v in label.replace(" cards", "").replace(" card", "").split(" = ")
        )
        rows.append(OfferRow(count, total, float(offer[label])))
    used = {r.count for r in rows if r.probability > 0}
    totals = counter_totals(b_hand)
    replies = []
    for info in game.infosets[1]:
        acts: Mapping[str, float] = result.strategies[1][info.key]
        counters = dict.fromkeys(totals, 0.0)
        for action, p in acts.items():
            if action != "accept":
                counters[int(action[8:])] = float(p)
        assert isinstance(info.key, tuple)
        count = int(info.key[1])
        replies.append(
            ReplyRow(count, float(acts.get("accept", 0.0)), tuple(counters.items()), count in used)
        )
    return tuple(rows), tuple(replies)


def worths(value: tuple[object, ...] | list[object]) -> tuple[object, object]:
    """``(W_A, W_B)`` from a pair, or :class:`SolverInputError` naming the input."""
    if len(value) != 2:
        raise SolverInputError(f"value={value!r} must be one worth W or a pair (W_A, W_B)")
    return value[0], value[1]


def solve_general_trade(
    edition: str | Edition | TradeRules,
    a: HandInput,
    b: HandInput,
    value_a: object,
    value_b: object,
    exact: bool = False,
    starts: int = STARTS,
) -> GeneralTradeSolution:
    """A Nash equilibrium of the trade in which the stake is worth ``value_a`` to A and
    ``value_b`` to B (module docstring), by Lemke's tracing path from ``starts`` priors per round.
    ``exact``: certify it in fractions (SolverError if that fails); otherwise it is certified
    exactly anyway where the round is small, and checked by best responses in floats always.
    """
    rules = TradeRules.from_edition(edition)
    name = edition_name(edition)
    w_a = parse_value(value_a)
    w_b = parse_value(value_b)
    ha, hb = parse_hand(a, "A's hand"), parse_hand(b, "B's hand")
    return _solve(rules, name, ha, hb, w_a, w_b, bool(exact), starts, False)


def _solve(
    rules: TradeRules,
    name: str,
    ha: Counts,
    hb: Counts,
    w_a: Fraction,
    w_b: Fraction,
    exact: bool,
    starts: int,
    second: bool,
) -> GeneralTradeSolution:
    start = time.perf_counter()
    later = None
    tie = None
    if rules.trade_tie is TradeTie.REOFFER_THEN_FREE and not second:
        later = _solve(rules, name, ha, hb, w_a, w_b, exact, starts, True)
        if later.payoffs_exact is not None:
            tie = later.payoffs_exact
        else:
            tie = (Fraction(later.payoffs[0]), Fraction(later.payoffs[1]))
    title = "general-sum trade, second round" if second else "general-sum trade"
    game = round_bimatrix(rules, ha, hb, w_a, w_b, tie, prune=True, title=title)
    result = solve_bimatrix(game, starts=starts, exact=True if exact else None)
    offers, replies = _tables(game, hb, result)
    verified = result.verified + "; " + result.selection()
    if later is not None and tie is not None:
        verified += f"; second round (tie payoffs {tie[0]}, {tie[1]}): {later.verified}"
    return GeneralTradeSolution(
        edition=name,
        rules=rules,
        a_hand=from_counts(ha),
        b_hand=from_counts(hb),
        values=(w_a, w_b),
        payoffs=result.payoffs,
        payoffs_exact=result.payoffs_exact,
        offers=offers,
        replies=replies,
        second_round=later,
        result=result,
        exact=result.payoffs_exact is not None,
        seconds=time.perf_counter() - start,
        verified=verified,
    )


__all__ = [
    "GeneralTradeSolution",
    "round_bimatrix",
    "settle",
    "solve_general_trade",
    "worths",
]
