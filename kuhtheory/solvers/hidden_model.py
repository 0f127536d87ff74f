"""The model of a trade with hidden money (K-TRD-1..3), built straight into arrays.

What the model is, edition by edition, is told in :mod:`kuhtheory.solvers.trade_hidden` (the front
door). Here: beliefs as exact probabilities (:func:`parse_belief`), A's first-round piles as
classes (:class:`Pile`), the sequence form with, for every sequence of A, its *group* and chance
weight (:func:`build_model`), and the aggregated LP that solves big models
(:func:`aggregated_lp`).

>>> from fractions import Fraction as F
>>> from kuhtheory.solvers.trade import TradeRules, parse_hand
>>> belief = parse_belief([("0,10", F(1, 2)), ("10,10", F(1, 2))])
>>> m = build_model(TradeRules.from_edition("2025"), belief, ((parse_hand("10"), F(1)),),
...                 F(30), exact=False)
>>> m.sf.sizes, len(m.sf.infosets[0]), [i.key for i in m.sf.infosets[1]]
((8, 5), 2, [('reply', 0), ('reply', 1), ('reply', 2)])
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from kuhtheory.cards import DENOMINATIONS, Counts, from_counts
from kuhtheory.editions import TradeTie
from kuhtheory.errors import SolverError, SolverInputError
from kuhtheory.solvers import highs
from kuhtheory.solvers.efg import to_fraction
from kuhtheory.solvers.highs import csc_from_triplets
from kuhtheory.solvers.sequence_form import Infoset, SequenceForm, _constraint_triplets
from kuhtheory.solvers.trade import (
    TradeRules,
    counter_payoff,
    counter_totals,
    offer_classes,
    offer_label,
    parse_hand,
)
from kuhtheory.solvers.trade_general import _undominated_for_b, settle

#: Probabilities of a belief may miss 1 by this much (then they are renormalised exactly).
PROB_TOL = 1e-6
#: A belief may hold at most this many hands.
MAX_HANDS = 1_000
#: The model may hold at most this many cells (memory).
MAX_CELLS = 5_000_000

Belief = tuple[tuple[Counts, Fraction], ...]


def parse_belief(hands: object, who: str = "A's hands") -> Belief:
    """A belief ``[(hand, probability), ...]`` as exact ``(counts, probability)`` pairs: hands
    with probability 0 are left out, equal hands merged, and probabilities that sum to 1 within
    :data:`PROB_TOL` (the floats a tracker computes) renormalised exactly.

    >>> [p for _, p in parse_belief([("0,10", 0.33333333), ("10,10", 0.66666666), ("50", 0)])]
    [Fraction(1, 3), Fraction(2, 3)]
    >>> parse_belief([("0", 0.5), ("10", 0.2)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kuhtheory.errors.SolverInputError: A's hands: the probabilities sum to 0.7, not 1 (...)
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise SolverInputError(f"{who} {hands!r} must be a list of (hand, probability) pairs")
    merged: dict[Counts, Fraction] = {}
    for item in hands:
        if not (isinstance(item, (tuple, list)) and len(item) == 2):
            raise SolverInputError(f"{who}: {item!r} must be a (hand, probability) pair")
        p = to_fraction(item[1], f"probability of {item[0]!r}")
        if p < 0:
            raise SolverInputError(f"{who}: probability {item[1]!r} must be >= 0")
        hand = parse_hand(item[0], who[:-1] if who.endswith("s") else who)
        if p:
            merged[hand] = merged.get(hand, Fraction(0)) + p
    total = sum(merged.values(), Fraction(0))
    if not merged or abs(total - 1) > PROB_TOL:
        raise SolverInputError(
            f"{who}: the probabilities sum to {float(total):.6g}, not 1 (tolerance {PROB_TOL:g})"
        )
    if len(merged) > MAX_HANDS:
        raise SolverInputError(f"{who}: {len(merged)} hands (limit {MAX_HANDS})")
    return tuple((h, p / total) for h, p in merged.items())


def is_belief(a: object) -> bool:
    """Whether ``a`` is a list of (hand, probability) pairs rather than one hand."""
    return (
        not isinstance(a, str)
        and isinstance(a, Sequence)
        and len(a) > 0
        and all(isinstance(v, (tuple, list)) for v in a)
    )


@functools.lru_cache(maxsize=256)
def _subs(hand: Counts) -> tuple[Counts, ...]:
    return tuple(itertools.product(*(range(c + 1) for c in hand)))


def _total(counts: Counts) -> int:
    return sum(v * c for v, c in zip(DENOMINATIONS, counts, strict=False))


def _text(counts: Counts) -> str:
    return "+".join(map(str, from_counts(counts))) or "nothing"


@dataclass(frozen=True)
class Pile:
    """One of A's first-round offers in the model: its count and total, and (classic, when a
    counter can tie it) the hands that contain it, with the cards of one pile of the class."""

    count: int
    total: int
    hands: tuple[int, ...] | None
    cards: tuple[int, ...]

    @property
    def label(self) -> str:
        """``"3 cards = 60"``, or with the cards when B would see them on a tie."""
        base = offer_label(self.count, self.total)
        return base if self.hands is None else f"{base}: {'+'.join(map(str, self.cards))}"


def _piles(rules: TradeRules, hands: Belief, b_totals: frozenset[int]) -> dict[int, list[Pile]]:
    """Each hand's first-round offers as :class:`Pile` classes (module docstring)."""
    reoffer = rules.trade_tie is TradeTie.REOFFER_THEN_FREE
    out: dict[int, list[Pile]] = {}
    if not reoffer:
        for h, (hand, _) in enumerate(hands):
            out[h] = [Pile(c, t, None, ()) for c, t, _ in offer_classes(hand)]
        return out
    arrays = [np.array(hand) for hand, _ in hands]
    PileKey = tuple[int, int, tuple[int, ...] | None]
    seen: dict[PileKey, Pile] = {}
    for h, (hand, _) in enumerate(hands):
        mine: dict[PileKey, Pile] = {}
        for sub in _subs(hand):
            c, t = sum(sub), _total(sub)
            if t in b_totals:
                s = np.array(sub)
                owners = tuple(k for k, arr in enumerate(arrays) if np.all(s <= arr))
                key: PileKey = (c, t, owners)
            else:
                key = (c, t, None)
            if key not in mine:
                pile = seen.get(key)
                if pile is None:
                    pile = Pile(c, t, key[2], from_counts(sub) if key[2] is not None else ())
                    seen[key] = pile
                mine[key] = pile
        out[h] = sorted(mine.values(), key=lambda p: (p.count, p.total, p.hands or ()))
    return out


@dataclass(frozen=True, eq=False)
class HiddenModel:
    """The model's sequence form and what the aggregated LP needs: for every sequence of A, its
    *group* (offers that pay the same against every reply of B, up to the chance weight) and that
    weight; the piles and hands for the tables."""

    sf: SequenceForm
    group: np.ndarray
    weight: np.ndarray
    hands: Belief
    b_hands: Belief
    piles: dict[int, list[Pile]]
    second_values: dict[int, float]
    #: How many of A's second-round offers (classic) were left out as weakly dominated by
    #: another offer of his of the same count (``build_model(..., prune_above=...)``); 0: none.
    pruned: int = 0


class _Builder:
    """Collects information sets and cells of the model (player 0 = A, player 1 = B)."""

    def __init__(self, exact: bool) -> None:
        self.sets: tuple[list[Infoset], list[Infoset]] = ([], [])
        self.next = [1, 1]
        self.rows: list[np.ndarray] = []
        self.cols: list[np.ndarray] = []
        self.vals: list[np.ndarray] = []
        self.exact: list[Fraction] | None = [] if exact else None
        self.group: list[int] = [-1]
        self.weight: list[float] = [1.0]
        self.groups: dict[Hashable, int] = {}
        self.n_groups = 0

    def infoset(self, player: int, key: Hashable, actions: Sequence[str], parent: int) -> int:
        first = self.next[player]
        self.sets[player].append(Infoset(key, tuple(actions), parent, first))
        self.next[player] += len(actions)
        return first

    def a_infoset(
        self,
        key: Hashable,
        actions: Sequence[str],
        parent: int,
        groups: Sequence[Hashable],
        w: float,
    ) -> int:
        """An information set of A whose sequences belong to the named ``groups``."""
        first = self.infoset(0, key, actions, parent)
        for g in groups:
            if g not in self.groups:
                self.groups[g] = self.new_groups(1)
            self.group.append(self.groups[g])
            self.weight.append(w)
        return first

    def new_groups(self, n: int) -> int:
        """Reserve ``n`` fresh group numbers; the first."""
        first = self.n_groups
        self.n_groups += n
        return first

    def cells(
        self, r: np.ndarray, c: np.ndarray, v: np.ndarray, exact: list[Fraction] | None
    ) -> None:
        self.rows.append(r)
        self.cols.append(c)
        self.vals.append(v)
        if self.exact is not None:
            assert exact is not None
            self.exact.extend(exact)

    def form(self, title: str) -> SequenceForm:
        empty = [np.zeros(0)]
        return SequenceForm(
            (tuple(self.sets[0]), tuple(self.sets[1])),
            np.concatenate(self.rows or empty).astype(np.int64),
            np.concatenate(self.cols or empty).astype(np.int64),
            np.concatenate(self.vals or empty).astype(float),
            tuple(self.exact) if self.exact is not None else None,
            title,
        )


def _reply_labels(rules: TradeRules, totals: Sequence[int]) -> list[str]:
    return (["accept"] if rules.responder_may_accept else []) + [f"counter {t}" for t in totals]


def _zero_sum_block(
    rules: TradeRules, a_tot: np.ndarray, totals: np.ndarray, w: float, tie: float
) -> np.ndarray:
    """A's payoff for offers ``a_tot`` (rows) against B's replies (accept first where allowed,
    then each counter total); a tie the edition does not settle as a win pays ``tie``."""
    money, wins, tied = settle(rules, a_tot[:, None], totals[None, :])
    block = np.where(tied, tie, money + w * wins)
    if rules.responder_may_accept:
        block = np.hstack([(w - a_tot)[:, None], block])
    return block


def _exact_payoff(rules: TradeRules, a: int, label: str, w: Fraction, tie: Fraction) -> Fraction:
    if label == "accept":
        return w - a
    b = int(label[8:])
    if a == b and rules.trade_tie is not TradeTie.OFFERER_WINS:
        return tie
    return counter_payoff(rules, a, b, w, tie)


def _keep(rules: TradeRules, block: np.ndarray) -> np.ndarray:
    """B's replies not weakly dominated on these offers' rows (B minimises A's payoff)."""
    keep: np.ndarray = _undominated_for_b(-block, np.array([0]))[0]
    return keep


def build_model(
    rules: TradeRules,
    hands: Belief,
    b_hands: Belief,
    value: Fraction,
    exact: bool,
    second_value: Callable[[Counts], Fraction] | None = None,
    title: str = "trade, hidden hands",
    prune_above: int | None = None,
) -> HiddenModel:
    """The model of :mod:`kuhtheory.solvers.trade_hidden` as a sequence form with groups and
    weights. ``second_value(hand)`` (classic): the public second round's value when A holds
    ``hand``, after a tie with a pile that only that hand contains (a proper subgame).

    ``prune_above``: when the model could hold more cells than this (:func:`cell_bound`), A's
    second-round offers that are weakly dominated by another offer of his of the same count are
    left out (``pruned`` says how many). A's second offer is his last move, so such an offer
    never does better whatever B does: the value, and every optimal plan of B, stay those of
    the whole game, and A's optimal plans stay optimal in it. What is lost is only what a
    refinement would do with them (B's replies against A's trembles): a pruned model is for
    the unrefined aggregated LP."""
    reoffer = rules.trade_tie is TradeTie.REOFFER_THEN_FREE
    if reoffer and len(b_hands) > 1:
        raise SolverInputError(
            "classic with B's hand hidden too is not modelled: after a tie A sees B's counter "
            "(K-TRD-3); give B one hand"
        )
    b_hand = b_hands[0][0]
    totals = np.array(counter_totals(b_hand), dtype=np.int64) if len(b_hands) == 1 else None
    all_totals = frozenset(t for hb, _ in b_hands for t in counter_totals(hb))
    piles = _piles(rules, hands, all_totals)
    bound = cell_bound(piles, hands, b_hands)
    if bound > MAX_CELLS:
        raise SolverInputError(
            f"the hidden-hand trade would have up to {bound:.3g} cells (limit "
            f"{MAX_CELLS:.3g}): use fewer or smaller hands"
        )
    prune = prune_above is not None and bound > prune_above
    w = float(value)
    bld = _Builder(exact)
    # --- A's first round: one information set per hand --------------------------------------
    a_seq: dict[tuple[int, Pile], int] = {}
    for h, (hand, p) in enumerate(hands):
        mine = piles[h]
        a_key: Hashable = ("offer", from_counts(hand)) if len(hands) > 1 else "offer"
        first = bld.a_infoset(
            a_key, [q.label for q in mine], 0, [("r1", q) for q in mine], float(p)
        )
        for k, q in enumerate(mine):
            a_seq[(h, q)] = first + k
    # --- the public second round's values (classic, piles one hand contains) ----------------
    values2: dict[int, Fraction] = {}
    if reoffer:
        for h, (hand, _) in enumerate(hands):
            if any(q.hands == (h,) for q in piles[h]):
                if second_value is None:
                    raise SolverInputError("classic: the public second round's value is needed")
                values2[h] = second_value(hand)
    # --- B's first round: one information set per (hand, count) ------------------------------
    counts = sorted({q.count for mine in piles.values() for q in mine})
    by_count: dict[int, list[Pile]] = {}
    for mine in piles.values():
        for q in mine:
            lst = by_count.setdefault(q.count, [])
            if q not in lst:
                lst.append(q)
    later: list[tuple[Pile, int]] = []  # (tie pile, B's sequence "counter total" it follows)
    for hb, pb in b_hands:
        tot_b = np.array(counter_totals(hb), dtype=np.int64)
        labels = _reply_labels(rules, tot_b.tolist())
        for c in counts:
            group = by_count[c]
            a_tot = np.array([q.total for q in group], dtype=float)
            block = _zero_sum_block(
                rules, a_tot, tot_b.astype(float), w, math.nan if reoffer else w
            )
            keep = np.ones(len(labels), dtype=bool) if reoffer else _keep(rules, block)
            kept = [labels[k] for k in np.flatnonzero(keep)]
            b_key = ("reply", c) if len(b_hands) == 1 else ("reply", from_counts(hb), c)
            first = bld.infoset(1, b_key, kept, 0)
            cols = first + np.arange(len(kept))
            sub = block[:, keep]
            for i, q in enumerate(group):
                owners = [
                    h for h in range(len(hands)) if (h, q) in a_seq
                ]  # hands that can lay this offer
                row_vals = sub[i]
                tie_cols = np.isnan(row_vals)
                for h in owners:
                    ph = float(hands[h][1]) * float(pb)
                    vals = row_vals * ph
                    ok = ~tie_cols
                    if reoffer and tie_cols.any() and q.hands is not None and len(q.hands) == 1:
                        vals = np.where(tie_cols, float(values2[h]) * ph, vals)
                        ok = np.ones_like(ok)
                    r = np.full(int(ok.sum()), a_seq[(h, q)])
                    ex = None
                    if exact:
                        pe = hands[h][1] * pb
                        ex = []
                        for k in np.flatnonzero(ok).tolist():
                            lab = kept[k]
                            if tie_cols[k]:
                                ex.append(values2[h] * pe)
                            else:
                                ex.append(_exact_payoff(rules, q.total, lab, value, value) * pe)
                    bld.cells(r, cols[ok], vals[ok], ex)
                if reoffer and tie_cols.any() and q.hands is not None and len(q.hands) > 1:
                    if (q, int(cols[tie_cols][0])) not in later:
                        later.append((q, int(cols[tie_cols][0])))
    # --- the second round after a tie with a pile several hands contain (classic) ------------
    templates: dict[tuple[int, ...], _Template] = {}
    pruned = 0
    for q, b_parent in later:
        assert q.hands is not None and totals is not None
        tpl = templates.get(q.hands)
        if tpl is None:
            tpl = templates[q.hands] = _template(rules, hands, q.hands, totals, value, exact, prune)
        pruned += tpl.pruned
        _second_round(bld, tpl, hands, q, a_seq, b_parent)
    sf = bld.form(title)
    return HiddenModel(
        sf,
        np.array(bld.group, dtype=np.int64),
        np.array(bld.weight, dtype=float),
        hands,
        b_hands,
        piles,
        {h: float(v) for h, v in values2.items()},
        pruned,
    )


@dataclass(frozen=True, eq=False)
class _Template:
    """The second round after a tie with a pile that the hands ``owners`` contain (the same for
    every such pile): A's actions per hand, B's replies per count, the cells relative to the
    copy's first sequences, and each A sequence's offer among the union of the hands' offers."""

    owners: tuple[int, ...]
    a_labels: tuple[tuple[str, ...], ...]
    b_sets: tuple[tuple[int, tuple[str, ...]], ...]
    a_union: np.ndarray
    a_weight: np.ndarray
    n_union: int
    rows: np.ndarray
    cols: np.ndarray
    vals: np.ndarray
    exact: tuple[Fraction, ...] | None
    pruned: int


def _template(
    rules: TradeRules,
    hands: Belief,
    owners: tuple[int, ...],
    totals: np.ndarray,
    value: Fraction,
    exact: bool,
    prune: bool,
) -> _Template:
    """The second round for the hands ``owners``. With ``prune``, each hand's offers that are
    weakly dominated by another of its own offers of the same count (on B's undominated replies
    to that count) are left out: A's offer is his last move, so such an offer never does better
    whatever B does, and leaving it out keeps the value and a Nash equilibrium of the whole game
    (not a refined one; :func:`build_model`)."""
    w = float(value)
    labels = _reply_labels(rules, totals.tolist())
    classes = {h: [(c, t) for c, t, _ in offer_classes(hands[h][0])] for h in owners}
    union = sorted({ct for h in owners for ct in classes[h]})
    # B's replies per count, and each hand's offers left after A's dominance check.
    blocks: list[tuple[int, list[tuple[int, int]], tuple[str, ...], np.ndarray]] = []
    alive = {h: set(classes[h]) for h in owners}
    for c in sorted({c for c, _ in union}):
        mine = [(cc, t) for cc, t in union if cc == c]
        a_tot = np.array([t for _, t in mine], dtype=float)
        block = _zero_sum_block(rules, a_tot, totals.astype(float), w, w)
        keep = _keep(rules, block)
        sub = block[:, keep]
        blocks.append((c, mine, tuple(labels[k] for k in np.flatnonzero(keep)), sub))
        if prune:
            for h in owners:
                own = [i for i, ct in enumerate(mine) if ct in alive[h]]
                undominated = _undominated_for_b(sub[own].T, np.array([0]))[0]
                alive[h] -= {mine[i] for i, ok in zip(own, undominated, strict=True) if not ok}
    a_off: dict[tuple[int, tuple[int, int]], int] = {}
    a_union: list[int] = []
    a_weight: list[float] = []
    a_labels: list[tuple[str, ...]] = []
    where = {ct: k for k, ct in enumerate(union)}
    for h in owners:
        mine_h = [ct for ct in classes[h] if ct in alive[h]]
        a_labels.append(tuple(offer_label(c, t) for c, t in mine_h))
        for ct in mine_h:
            a_off[(h, ct)] = len(a_union)
            a_union.append(where[ct])
            a_weight.append(float(hands[h][1]))
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    vals: list[np.ndarray] = []
    ex: list[Fraction] = []
    b_sets = []
    b_next = 0
    for c, mine, kept, sub in blocks:
        b_sets.append((c, kept))
        for h in owners:
            ph = float(hands[h][1])
            for i, ct in enumerate(mine):
                if (h, ct) not in a_off:
                    continue
                rows.append(np.full(len(kept), a_off[(h, ct)]))
                cols.append(b_next + np.arange(len(kept)))
                vals.append(sub[i] * ph)
                if exact:
                    ex.extend(
                        _exact_payoff(rules, ct[1], lab, value, value) * hands[h][1] for lab in kept
                    )
        b_next += len(kept)
    return _Template(
        owners,
        tuple(a_labels),
        tuple(b_sets),
        np.array(a_union, dtype=np.int64),
        np.array(a_weight),
        len(union),
        np.concatenate(rows),
        np.concatenate(cols),
        np.concatenate(vals),
        tuple(ex) if exact else None,
        sum(len(classes[h]) - len(alive[h]) for h in owners),
    )


def _second_round(
    bld: _Builder,
    tpl: _Template,
    hands: Belief,
    q: Pile,
    a_seq: dict[tuple[int, Pile], int],
    b_parent: int,
) -> None:
    """A offers again knowing his hand, B knowing the first pile's class ``q`` (K-TRD-3): a
    second tie gives A the stake free. One copy of the template ``tpl``."""
    a_base = bld.next[0]
    base_group = bld.new_groups(tpl.n_union)
    for h, labels in zip(tpl.owners, tpl.a_labels, strict=True):
        key = ("reoffer", from_counts(hands[h][0]), q.label)
        bld.infoset(0, key, labels, a_seq[(h, q)])
    bld.group.extend((base_group + tpl.a_union).tolist())
    bld.weight.extend(tpl.a_weight.tolist())
    b_base = bld.next[1]
    for c, kept in tpl.b_sets:
        bld.infoset(1, ("reply2", q.label, c), kept, b_parent)
    bld.cells(
        a_base + tpl.rows, b_base + tpl.cols, tpl.vals, list(tpl.exact) if tpl.exact else None
    )


def cell_bound(piles: dict[int, list[Pile]], hands: Belief, b_hands: Belief) -> int:
    """An upper bound on the model's cells, from the piles, before anything big is built: one
    cell per offer and reply in the first round, and in the classic second round one per offer
    of each hand that contains a tie pile."""
    replies = max(len(counter_totals(h)) for h, _ in b_hands) + 1
    classes = [len(offer_classes(h)) for h, _ in hands]
    first = sum(len(p) for p in piles.values()) * replies * len(b_hands)
    shared = {q for mine in piles.values() for q in mine if q.hands and len(q.hands) > 1}
    second = sum(classes[h] for q in shared for h in q.hands or ()) * replies
    return first + second


# ---------------------------------------------------------------------------------------------
# The aggregated LP


def aggregated_lp(model: HiddenModel) -> tuple[np.ndarray, np.ndarray, float]:
    """Both plans and the value by the sequence-form LP (Koller, Megiddo & von Stengel 1996,
    eq. (11)) with A's sequences aggregated: for a group ``g`` of two or more sequences,
    ``z_g = sum_{s in g} w_s x_s`` enters B's constraints once, with any member's row of ``A``
    over its weight (module docstring); a sequence alone in its group enters them directly.
    Variables ``(x, z, q)``; B's plan from the duals of his constraints."""
    sf = model.sf
    n0, n1 = sf.sizes
    m0, m1 = len(sf.infosets[0]) + 1, len(sf.infosets[1]) + 1
    group, weight = model.group, model.weight
    members = np.flatnonzero(group >= 0)
    size = np.bincount(group[members], minlength=int(group.max()) + 1)
    shared = np.flatnonzero(size >= 2)  # the groups that get a z
    z_of = np.full(len(size), -1, dtype=np.int64)
    z_of[shared] = np.arange(len(shared))
    n_z = len(shared)
    rep = np.full(len(size), -1, dtype=np.int64)
    rep[group[members[::-1]]] = members[::-1]  # the first member of each group
    g_of_row = group[sf.rows]
    alone = (g_of_row < 0) | (size[np.maximum(g_of_row, 0)] < 2)
    via_z = ~alone & (rep[np.maximum(g_of_row, 0)] == sf.rows)
    scale = max(1.0, float(np.max(np.abs(sf.vals)))) if len(sf.vals) else 1.0
    Er, Ec, Ev = _constraint_triplets(sf.infosets[0])
    Fr, Fc, Fv = _constraint_triplets(sf.infosets[1])
    # rows: n1 (B's sequences, <=), m0 (E x = e), n_z (z - P x = 0); columns: x, z, q
    zc, qc = n0, n0 + n_z
    in_z = members[size[group[members]] >= 2]
    rows = [
        sf.cols[alone],
        sf.cols[via_z],
        Fc,
        n1 + Er,
        n1 + m0 + np.arange(n_z),
        n1 + m0 + z_of[group[in_z]],
    ]
    cols = [sf.rows[alone], zc + z_of[g_of_row[via_z]], qc + Fr, Ec, zc + np.arange(n_z), in_z]
    vals = [
        -sf.vals[alone] / scale,
        -sf.vals[via_z] / weight[sf.rows[via_z]] / scale,
        Fv,
        Ev,
        np.ones(n_z),
        -weight[in_z],
    ]
    A = csc_from_triplets(
        np.concatenate(rows), np.concatenate(cols), np.concatenate(vals), (n1 + m0 + n_z, qc + m1)
    )
    c = np.zeros(qc + m1)
    c[qc] = -1.0
    b = np.zeros(n1 + m0 + n_z)
    b[n1] = 1.0
    lower = np.concatenate([np.zeros(n0), np.full(n_z + m1, -np.inf)])
    upper = np.full(qc + m1, np.inf)
    problems = []
    for presolve in (True, False):
        res = highs.solve(c, A, n1, b, lower, upper, presolve=presolve)
        if res.optimal:
            x = np.clip(res.x[:n0], 0.0, None)
            y = np.clip(-res.row_duals[:n1], 0.0, None)
            return x, y, float(res.x[qc]) * scale
        problems.append(res.message)
    raise SolverError(f"HiGHS failed on the aggregated LP of {sf.title!r}: {problems}")


__all__ = [
    "Belief",
    "HiddenModel",
    "Pile",
    "aggregated_lp",
    "build_model",
    "is_belief",
    "parse_belief",
]
