"""Toy trades in closed form: the trade's value and bluff rate as exact functions of the stake W.

Model
-----
The trade of :mod:`kuhtheory.solvers.trade` (K-TRD-1..3) with both hands public and the stake's
worth ``W >= 0`` a sympy symbol. B sees only how many cards A laid, so the game splits by count:

* for each count ``c`` A can lay, the **count game** is a matrix game: rows are A's offers with
  ``c`` cards (one per distinct total), columns B's replies (accept, if the edition allows it, or
  a counter of each total B can make); each entry is A's payoff, linear in ``W``
  (:func:`~kuhtheory.solvers.trade.counter_payoff`);
* A's payoff is positively homogeneous in the weight he puts on each count and B replies to each
  count separately, so the trade's value is the **largest count-game value**:
  ``V(W) = max_c V_c(W)``, and A lays only counts that reach it.

Each count game is solved for every ``W`` at once. By Shapley & Snow (1950) a matrix game has an
optimal pair given by a square nonsingular submatrix ``M_S``: value ``det M_S / (1' adj M_S 1)``,
strategies from ``adj M_S``. Those formulas are rational functions of ``W``; a candidate is optimal
wherever its probabilities are >= 0 and no row or column outside the support does better. All
these conditions change sign only at roots of finitely many rational functions; between two
consecutive roots one exact test point (Fractions) tells which candidate holds, and it holds on
the whole interval. The result is a sympy ``Piecewise`` in ``W``. Same for ``max_c``.

Ties that re-open the trade (the classic edition's re-offer) are not covered: their payoff is the
value of a second trade, itself piecewise; use :func:`kuhtheory.solvers.solve_trade` there.

>>> toy = toy_trade("2025", [0, 10], [10])
>>> toy.value
Piecewise((W, W <= 10), (W - 10 + 100/W, True))
>>> toy.bluff
Piecewise((10/W, W > 10))
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import sympy as sp

from kuhtheory.cards import from_counts
from kuhtheory.editions import Edition, TradeTie
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.trade import (
    HandInput,
    TradeRules,
    counter_payoff,
    counter_totals,
    offer_classes,
    parse_hand,
)

#: The stake's worth, the one symbol of every toy expression.
W = sp.Symbol("W", nonnegative=True)

#: A closed form valid on ``lo < W <= hi`` (``hi`` None: no upper end).
Piece = tuple[Fraction, Fraction | None, sp.Expr]


@dataclass(frozen=True)
class CountGame:
    """One count's matrix game: A's offer totals (rows) against B's replies (columns)."""

    count: int
    offers: tuple[int, ...]
    replies: tuple[str, ...]
    matrix: sp.Matrix
    #: The value as pieces ``(lo, hi, expr)``: ``expr`` holds on ``lo < W <= hi``.
    value_pieces: tuple[Piece, ...]
    #: A's probability of each offer (row) on each piece, aligned with ``value_pieces``.
    strategy_pieces: tuple[tuple[sp.Expr, ...], ...]


@dataclass(frozen=True)
class ToyTrade:
    """A toy trade solved for every ``W``.

    ``value``: the trade's value to A (``Piecewise`` in :data:`W`); ``count_games``: the count
    games; ``best_counts``: pieces ``(lo, hi, counts)``, the counts A may lay to reach the value
    on ``lo < W <= hi``; ``bluff``: the
    probability that A lays cards worth nothing at all (only 0-cards), defined on the pieces where
    one count is best and A's strategy there is unique (``Piecewise`` without a fallback, so it is
    ``nan`` elsewhere).
    """

    edition: str
    a_hand: tuple[int, ...]
    b_hand: tuple[int, ...]
    value: sp.Expr
    value_pieces: tuple[Piece, ...]
    best_counts: tuple[tuple[Fraction, Fraction | None, tuple[int, ...]], ...]
    bluff: sp.Expr
    count_games: tuple[CountGame, ...]

    def value_at(self, w: object) -> Fraction:
        """The value at ``W = w`` as an exact Fraction.

        >>> toy_trade("2025", [0, 10], [10]).value_at(20)
        Fraction(15, 1)
        """
        return _to_fraction(self.value.subs(W, sp.Rational(str(Fraction(str(w))))))

    def bluff_at(self, w: object) -> Fraction | None:
        """The bluff probability at ``W = w``, or None where it is not unique."""
        out = self.bluff.subs(W, sp.Rational(str(Fraction(str(w)))))
        return None if out is sp.nan or out.has(sp.nan) else _to_fraction(out)


def _to_fraction(x: sp.Expr) -> Fraction:
    r = sp.nsimplify(x)
    if not r.is_Rational:
        raise SolverInputError(f"{x!r} is not a rational number")
    return Fraction(int(r.p), int(r.q))


def _rules(edition: str | Edition | TradeRules) -> tuple[str, TradeRules]:
    rules = TradeRules.from_edition(edition)
    if rules.trade_tie is TradeTie.REOFFER_THEN_FREE:
        raise SolverInputError(
            f"edition {getattr(edition, 'key', edition)!r}: a tie re-opens the trade (classic "
            "re-offer, K-TRD-3); toy closed forms cover editions whose ties settle at once"
        )
    name = edition if isinstance(edition, str) else getattr(edition, "key", "custom")
    return str(name), rules


def count_matrices(
    edition: str | Edition | TradeRules, a: HandInput, b: HandInput
) -> list[tuple[int, tuple[int, ...], tuple[str, ...], sp.Matrix]]:
    """Per count A can lay: ``(count, offer totals, reply labels, payoff matrix in W)``.

    >>> c, rows, cols, m = count_matrices("2025", [0, 10], [10])[1]
    >>> c, rows, cols
    (1, (0, 10), ('accept', 'counter 0', 'counter 10'))
    >>> m
    Matrix([
    [     W,      W, 10],
    [W - 10, W - 10,  W]])
    """
    _, rules = _rules(edition)
    a_counts, b_counts = parse_hand(a, "A's hand"), parse_hand(b, "B's hand")
    totals = counter_totals(b_counts)
    labels = (("accept",) if rules.responder_may_accept else ()) + tuple(
        f"counter {t}" for t in totals
    )
    out = []
    by_count: dict[int, list[int]] = {}
    for count, total, _ in offer_classes(a_counts):
        by_count.setdefault(count, []).append(total)
    for count, offers in sorted(by_count.items()):
        rows = []
        for a_total in offers:
            row = [W - a_total] if rules.responder_may_accept else []
            row += [sp.sympify(counter_payoff(rules, a_total, t, W, None)) for t in totals]
            rows.append(row)
        out.append((count, tuple(offers), labels, sp.Matrix(rows)))
    return out


# ----- solving a matrix game whose entries are rational in W ------------------------------------


@dataclass(frozen=True)
class _Candidate:
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    value: sp.Expr
    x: tuple[sp.Expr, ...]  # A's full strategy (zeros outside the support)
    y: tuple[sp.Expr, ...]


def _candidates(m: sp.Matrix) -> list[_Candidate]:
    """Shapley-Snow candidates: every square submatrix with 1' adj 1 not identically 0."""
    out = []
    n_rows, n_cols = m.shape
    for k in range(1, min(n_rows, n_cols) + 1):
        for rows in itertools.combinations(range(n_rows), k):
            for cols in itertools.combinations(range(n_cols), k):
                sub = m.extract(list(rows), list(cols))
                adj = sub.adjugate() if k > 1 else sp.Matrix([[1]])
                ones = sp.ones(k, 1)
                denom = sp.simplify((ones.T * adj * ones)[0, 0])
                if denom == 0:
                    continue
                det = sub.det() if k > 1 else sub[0, 0]
                x_s = (ones.T * adj) / denom
                y_s = (adj * ones) / denom
                x = [sp.Integer(0)] * n_rows
                y = [sp.Integer(0)] * n_cols
                for i, r in enumerate(rows):
                    x[r] = sp.simplify(x_s[0, i])
                for j, c in enumerate(cols):
                    y[c] = sp.simplify(y_s[j, 0])
                out.append(_Candidate(rows, cols, sp.simplify(det / denom), tuple(x), tuple(y)))
    return out


def _conditions(m: sp.Matrix, cand: _Candidate) -> list[sp.Expr]:
    """Expressions that must be >= 0 for ``cand`` to be optimal."""
    n_rows, n_cols = m.shape
    conds = list(cand.x) + list(cand.y)
    for j in range(n_cols):  # no column pays A less than the value against x
        conds.append(sum(cand.x[i] * m[i, j] for i in range(n_rows)) - cand.value)
    for i in range(n_rows):  # no row pays A more than the value against y
        conds.append(cand.value - sum(m[i, j] * cand.y[j] for j in range(n_cols)))
    return conds


def _roots(expr: sp.Expr) -> set[Fraction]:
    """Nonnegative rational roots and poles of a rational function of W (all that toy hands need:
    their conditions are ratios of products of linear factors with rational coefficients)."""
    num, den = sp.fraction(sp.together(sp.expand(expr)))
    found: set[Fraction] = set()
    for poly in (num, den):
        if not poly.has(W):
            continue
        for root in sp.Poly(poly, W).real_roots():
            if root >= 0:
                r = sp.nsimplify(root)
                if r.is_Rational:
                    found.add(Fraction(int(r.p), int(r.q)))
                else:  # an irrational breakpoint: approximate it (piece ends are then inexact)
                    found.add(Fraction(str(sp.N(root, 30))).limit_denominator(10**12))
    return found


def _test_points(breaks: Sequence[Fraction]) -> list[tuple[Fraction, Fraction, Fraction | None]]:
    """``(test point, lo, hi)`` for each open interval between sorted breakpoints from 0."""
    points = sorted({Fraction(0), *breaks})
    out: list[tuple[Fraction, Fraction, Fraction | None]] = []
    for lo, hi in zip(points, points[1:], strict=False):
        out.append(((lo + hi) / 2, lo, hi))
    out.append((points[-1] + 1, points[-1], None))
    return out


def _holds(conds: Sequence[sp.Expr], w: Fraction) -> bool:
    at = sp.Rational(w.numerator, w.denominator)
    for c in conds:
        v = c.subs(W, at)
        if v.has(sp.zoo, sp.nan) or v < 0:
            return False
    return True


def _same(u: sp.Expr, v: sp.Expr) -> bool:
    if u is sp.nan or v is sp.nan:
        return u is v
    return bool(sp.simplify(u - v) == 0)


def _merge(
    pieces: list[tuple[Fraction, Fraction | None, sp.Expr, tuple[sp.Expr, ...]]],
) -> list[tuple[Fraction, Fraction | None, sp.Expr, tuple[sp.Expr, ...]]]:
    merged: list[tuple[Fraction, Fraction | None, sp.Expr, tuple[sp.Expr, ...]]] = []
    for lo, hi, expr, extra in pieces:
        if (
            merged
            and _same(merged[-1][2], expr)
            and all(sp.simplify(p - q) == 0 for p, q in zip(merged[-1][3], extra, strict=True))
        ):
            merged[-1] = (merged[-1][0], hi, merged[-1][2], merged[-1][3])
        else:
            merged.append((lo, hi, expr, extra))
    return merged


def solve_matrix_in_w(
    m: sp.Matrix,
) -> list[tuple[Fraction, Fraction | None, sp.Expr, tuple[sp.Expr, ...]]]:
    """The value of the zero-sum matrix game ``m(W)`` (row player maximises) for all ``W >= 0``,
    as pieces ``(lo, hi, value, row strategy)`` valid on ``lo < W <= hi``.

    Matching pennies scaled by W (value 0, rows half and half):

    >>> solve_matrix_in_w(sp.Matrix([[W, -W], [-W, W]]))
    [(Fraction(0, 1), None, 0, (1/2, 1/2))]
    """
    cands = _candidates(m)
    breaks: set[Fraction] = set()
    conds = {id(c): _conditions(m, c) for c in cands}
    for cand in cands:
        for cond in conds[id(cand)]:
            breaks |= _roots(cond)
    pieces = []
    for w, lo, hi in _test_points(sorted(breaks)):
        for cand in cands:
            if _holds(conds[id(cand)], w):
                pieces.append((lo, hi, cand.value, cand.x))
                break
        else:  # pragma: no cover - Shapley-Snow guarantees a candidate
            raise SolverInputError(f"no optimal candidate at W={w} for {m!r}")
    return _merge(pieces)


def _piecewise(
    pieces: Sequence[tuple[Fraction, Fraction | None, sp.Expr]], fallback: bool = True
) -> sp.Expr:
    args = []
    for k, (_lo, hi, expr) in enumerate(pieces):
        last = k == len(pieces) - 1
        if last and fallback:
            args.append((expr, True))
        else:
            cond = W <= sp.Rational(hi.numerator, hi.denominator) if hi is not None else True
            args.append((expr, cond))
    return sp.Piecewise(*args)


def _value_on(pieces: Sequence[Piece], w: Fraction) -> sp.Expr:
    for lo, hi, expr in pieces:
        if lo < w and (hi is None or w <= hi):
            return expr
    return pieces[0][2]


@lru_cache(maxsize=64)
def _toy(name: str, rules: TradeRules, a: tuple[int, ...], b: tuple[int, ...]) -> ToyTrade:
    games = []
    for count, offers, replies, matrix in count_matrices(rules, a, b):
        pieces = solve_matrix_in_w(matrix)
        games.append(
            CountGame(
                count,
                offers,
                replies,
                matrix,
                tuple((lo, hi, v) for lo, hi, v, _ in pieces),
                tuple(x for *_, x in pieces),
            )
        )
    # max over counts: break at every crossing of two count values and every piece end
    breaks: set[Fraction] = set()
    for g in games:
        breaks |= {hi for _, hi, _ in g.value_pieces if hi is not None}
    all_values = {v for g in games for _, _, v in g.value_pieces}
    for u, v in itertools.combinations(all_values, 2):
        breaks |= _roots(u - v)
    raw = []
    for w, lo, hi in _test_points(sorted(breaks)):
        at = sp.Rational(w.numerator, w.denominator)
        values = [_value_on(g.value_pieces, w) for g in games]
        numbers = [v.subs(W, at) for v in values]
        top = max(numbers)
        best = tuple(g.count for g, n in zip(games, numbers, strict=True) if n == top)
        expr = values[numbers.index(top)]
        bluff: sp.Expr = sp.nan
        if len(best) == 1:
            g = games[numbers.index(top)]
            k = next(
                k
                for k, (plo, phi, _) in enumerate(g.value_pieces)
                if plo < w and (phi is None or w <= phi)
            )
            x = g.strategy_pieces[k]
            bluff = sp.Integer(0)
            if g.count > 0:  # a bluff lays cards, all of them 0-cards (total 0)
                bluff = sum((x[i] for i, t in enumerate(g.offers) if t == 0), sp.Integer(0))
            if not _unique_rows(g, w):
                bluff = sp.nan
        raw.append((lo, hi, expr, (bluff, sp.Integer(len(best)), *map(sp.Integer, best))))
    value_pieces = tuple(
        (lo, hi, e) for lo, hi, e, _ in _merge([(lo, hi, e, ()) for lo, hi, e, _ in raw])
    )
    value = _piecewise(value_pieces)
    bluff_pieces = _merge([(lo, hi, extra[0], ()) for lo, hi, _, extra in raw])
    defined = [(b_, lo, hi) for lo, hi, b_, _ in bluff_pieces if b_ is not sp.nan]
    bluff_pw = (
        sp.Piecewise(
            *[
                (
                    b_,
                    sp.And(
                        W > sp.Rational(lo.numerator, lo.denominator),
                        W <= sp.Rational(hi.numerator, hi.denominator),
                    )
                    if hi is not None
                    else W > sp.Rational(lo.numerator, lo.denominator),
                )
                for b_, lo, hi in defined
            ]
        )
        if defined
        else sp.nan
    )
    best_counts: list[tuple[Fraction, Fraction | None, tuple[int, ...]]] = []
    for lo, hi, _, extra in raw:
        counts = tuple(int(c) for c in extra[2:])
        if best_counts and best_counts[-1][2] == counts:
            best_counts[-1] = (best_counts[-1][0], hi, counts)
        else:
            best_counts.append((lo, hi, counts))
    return ToyTrade(name, a, b, value, value_pieces, tuple(best_counts), bluff_pw, tuple(games))


def _unique_rows(game: CountGame, w: Fraction) -> bool:
    """Whether A's optimal strategy in ``game`` at ``W = w`` is unique (checked by the LP's
    optimal face: no other candidate with a different row strategy is also optimal)."""
    at = sp.Rational(w.numerator, w.denominator)
    strategies = set()
    for cand in _candidates(game.matrix):
        if _holds(_conditions(game.matrix, cand), w):
            strategies.add(tuple(sp.nsimplify(x.subs(W, at)) for x in cand.x))
    return len(strategies) == 1


def toy_trade(edition: str | Edition | TradeRules, a: HandInput, b: HandInput) -> ToyTrade:
    """The trade between public hands ``a`` (offerer) and ``b`` (responder) for every ``W >= 0``.

    Meant for small hands (a few cards each: the count games are enumerated by submatrix).
    Raises :class:`SolverInputError` for a bad hand or an edition whose ties re-open the trade.

    >>> toy = toy_trade("first", [0, 10], [10])
    >>> toy.value
    Piecewise((W, W <= 10), (10, W <= 20), (W - 10, True))
    >>> toy.bluff_at(30) is None     # two counts are best: the bluff rate is not unique
    True
    """
    name, rules = _rules(edition)
    a_hand = from_counts(parse_hand(a, "A's hand"))
    b_hand = from_counts(parse_hand(b, "B's hand"))
    if len(a_hand) > 4 or len(b_hand) > 4:
        raise SolverInputError(
            f"toy_trade: hands {list(a_hand)!r} and {list(b_hand)!r} are too large for closed "
            "forms (at most 4 cards each); use kuhtheory.solvers.solve_trade"
        )
    return _toy(name, rules, a_hand, b_hand)


__all__ = ["W", "CountGame", "ToyTrade", "count_matrices", "solve_matrix_in_w", "toy_trade"]
