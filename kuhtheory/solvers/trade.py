"""The sealed-bid trade (K-TRD-1..3) as a two-player zero-sum game, for every edition.

Model
-----
Inputs: the edition's trade rules, the offerer A's money cards, the responder B's money cards and
``W >= 0``, what winning the stake (the animal, or the pair under K-TRD-4) is worth in money.

1. A lays any sub-multiset ``O_A`` of his cards face down, the empty one included (K-TRD-1).
2. B sees only ``|O_A|``, the card count, and accepts (if ``Edition.responder_may_accept``) or lays
   any sub-multiset ``O_B`` of his own cards (K-TRD-2).
3. Payoff to A: his net money change, plus ``W`` if he ends with the stake; B gets the negative.

   * accept: A wins the stake and pays ``a = sum(O_A)``: ``W - a``;
   * counter, ``CounterSettlement.KEEP_RECEIVED`` (classic, 2025, bluff's super trade): the piles
     are exchanged and kept (K-TRD-3), A's money changes by ``b - a``; the higher total wins;
   * counter, ``CounterSettlement.WINNER_PAYS`` (first, bluff): the winner pays his own pile to the
     loser: A wins if ``a >= b`` and pays ``a``, otherwise A receives ``b``;
   * a tie ``a == b``: ``TradeTie.OFFERER_WINS`` -- A wins and money moves as on a win;
     ``TradeTie.OFFERER_FREE`` -- the money goes back and A takes the stake free (``W``);
     ``TradeTie.REOFFER_THEN_FREE`` (classic) -- the money goes back, both have now seen both piles,
     A offers again, B again sees the count and accepts or counters; a second tie gives A the stake
     free, no money moving.

Why zero-sum: the payoff ``V`` is A's *absolute* gain, the money he receives minus the money he
pays, plus ``W`` if he ends with the stake. B's gain is then ``W - V``: one of them ends with the
stake, and the money one pays the other receives. The two gains add up to ``W`` (a constant-sum
game), so the game is solved as zero-sum with B minimising ``V``; A's gain *relative to* B's is
``V - (W - V) = 2V - W``. ``W`` is the money-equivalent of owning the stake rather than the opponent
owning it, the same for both: a model for teaching, not the whole game's value.

Both hands are known to both players (a single hand each); what is hidden is which cards A lays
(and B's counter until the piles are exchanged). For B's uncertainty about A's hand, give A a
probability distribution over hands: that is a chance move (:func:`trade_game`).

Collapsing: two offers of A with the same count and total look the same to B and pay the same, and
two counters of B with the same total pay the same, so only one representative of each class is
kept (:func:`offer_classes`, :func:`counter_totals`); this keeps ten-card hands small (a few hundred
sequences rather than 180 x 2^10 tree nodes). :func:`trade_game` with ``collapse=False`` keeps every
distinct sub-multiset. With public hands both give the same value (tested), and so they do with
hidden hands in the one-round editions; *not* in classic with hidden hands: after a tie the piles
are exchanged and counted (K-TRD-3), so B has seen the cards of A's first pile, which tell him
which hands could have laid it, and ``collapse=True`` forgets them. Three equally likely hands
{10,50,50}, {0,0,10,10}, {0,100} against B = 50,100 at W = 150: 81.74 by the rules
(``collapse=False``), 86.67 collapsed. :func:`~kuhtheory.solvers.trade_solution.solve_trade` solves
beliefs by the rules' model, built with arrays (:mod:`kuhtheory.solvers.trade_hidden`).

The classic re-offer: with single (public) hands the position after a first tie is a proper
subgame (both know everything that happened) whose payoffs do not depend on the first round, so its
value ``V2`` -- the trade played once more with "a tie gives A the stake free" -- replaces the first
round's tie payoff exactly (subgame decomposition of a zero-sum game). :func:`round_form` builds
each round's sequence form directly with numpy; :func:`trade_game` builds the full two-round tree
(used with hidden hands, where it is not a proper subgame, and in the tests to check the
decomposition).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from kuhtheory.cards import DENOMINATIONS, Counts, from_counts, parse_money, to_counts
from kuhtheory.editions import CounterSettlement, Edition, TradeTie, get_edition
from kuhtheory.errors import InvalidActionError, SolverInputError, UnknownEditionError
from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal, to_fraction
from kuhtheory.solvers.sequence_form import Infoset, SequenceForm

HandInput = str | Sequence[int]


@dataclass(frozen=True)
class TradeRules:
    """The three edition fields that decide the trade (K-TRD-2, K-TRD-3 and the tie rule).

    >>> r = TradeRules.from_edition("bluff")
    >>> r.responder_may_accept, r.counter_settlement.value, r.trade_tie.value
    (False, 'winner-pays', 'offerer-wins')
    """

    responder_may_accept: bool
    counter_settlement: CounterSettlement
    trade_tie: TradeTie

    @classmethod
    def from_edition(cls, edition: str | Edition | TradeRules) -> TradeRules:
        """The trade rules of an edition (a key such as ``"classic+quick"`` or an Edition)."""
        if isinstance(edition, TradeRules):
            return edition
        try:
            ed = get_edition(edition)
        except UnknownEditionError as exc:
            raise SolverInputError(str(exc)) from None
        if not ed.has_trade:
            raise SolverInputError(f"edition {ed.name!r} has no trade rule (K-TRD-1)")
        return cls(ed.responder_may_accept, ed.counter_settlement, ed.trade_tie)


def edition_name(edition: str | Edition | TradeRules) -> str:
    """The edition's name for a result (``"custom"`` for bare :class:`TradeRules`), or
    :class:`SolverInputError` for an unknown edition.

    >>> edition_name("classic+quick"), edition_name(TradeRules.from_edition("2025"))
    ('classic+quick', 'custom')
    """
    if isinstance(edition, TradeRules):
        return "custom"
    try:
        return get_edition(edition).name
    except UnknownEditionError as exc:
        raise SolverInputError(str(exc)) from None


def parse_hand(cards: HandInput, who: str = "hand") -> Counts:
    """A hand (``"0,10,50"`` or a sequence of card values) as a count vector, or
    :class:`SolverInputError` naming the input.

    >>> parse_hand("0,10,10,50")
    (1, 2, 1, 0, 0, 0)
    >>> parse_hand([0, 20], "A's hand")
    Traceback (most recent call last):
    ...
    kuhtheory.errors.SolverInputError: A's hand [0, 20]: money card 20 is not a money card: ...
    """
    try:
        if isinstance(cards, str):
            return to_counts(parse_money(cards))
        return to_counts(list(cards), "money card")
    except (InvalidActionError, TypeError) as exc:
        raise SolverInputError(f"{who} {cards!r}: {exc}") from None


#: The largest stake's worth accepted: beyond it even the money's order of magnitude is lost in
#: floating point (and exact fractions of it grow without bound).
MAX_WORTH = 10**15


def parse_value(value: object) -> Fraction:
    """The stake's worth ``W`` as a Fraction; SolverInputError if negative, not a number or above
    :data:`MAX_WORTH`.

    >>> parse_value(10**16)
    Traceback (most recent call last):
    ...
    kuhtheory.errors.SolverInputError: value W=10000000000000000 is above the limit 10**15 ...
    """
    w = to_fraction(value, "value W")
    if w < 0:
        raise SolverInputError(f"value W={value!r} must be >= 0 (the stake's worth in money)")
    if w > MAX_WORTH:
        raise SolverInputError(
            f"value W={value!r} is above the limit 10**15 (the stake's worth in money; the "
            "solvers cannot tell the money apart at that scale)"
        )
    return w


def _sub_multisets(hand: Counts) -> Iterable[Counts]:
    return itertools.product(*(range(c + 1) for c in hand))


@functools.lru_cache(maxsize=512)
def offer_classes(hand: Counts) -> tuple[tuple[int, int, int], ...]:
    """A's offers up to what B can tell and what they pay: ``(count, total, ways)`` sorted, where
    ``ways`` is how many distinct sub-multisets fall in the class (counted denomination by
    denomination, without listing the sub-multisets).

    >>> offer_classes(to_counts((0, 10, 10)))
    ((0, 0, 1), (1, 0, 1), (1, 10, 1), (2, 10, 1), (2, 20, 1), (3, 20, 1))
    """
    classes: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, cards in zip(DENOMINATIONS, hand, strict=True):
        grown: dict[tuple[int, int], int] = {}
        for (count, total), ways in classes.items():
            for k in range(cards + 1):
                key = (count + k, total + k * value)
                grown[key] = grown.get(key, 0) + ways
        classes = grown
    return tuple((c, t, w) for (c, t), w in sorted(classes.items()))


@functools.lru_cache(maxsize=512)
def counter_totals(hand: Counts) -> tuple[int, ...]:
    """The distinct totals B can counter with (the empty counter 0 included), sorted.

    >>> counter_totals(to_counts((0, 10, 50)))
    (0, 10, 50, 60)
    """
    return tuple(sorted({t for _, t, _ in offer_classes(hand)}))


#: The largest trade round solved in floating point, in cells: A's offer classes times B's replies.
MAX_ROUND_CELLS = 2_000_000
#: ... and with exact fractions (every cell's payoff is a fraction, and certified).
MAX_EXACT_ROUND_CELLS = 200_000


def check_round_size(rules: TradeRules, a_hand: Counts, b_hand: Counts, exact: bool) -> int:
    """The number of cells of a trade round (A's offer classes times B's replies), or
    SolverInputError naming both hands and the limit when it is too large to solve.

    >>> rules = TradeRules.from_edition("2025")
    >>> check_round_size(rules, to_counts((0, 10)), to_counts((10,)), exact=True)  # 4 x 3
    12
    """
    cells = len(offer_classes(a_hand)) * (
        len(counter_totals(b_hand)) + (1 if rules.responder_may_accept else 0)
    )
    limit = MAX_EXACT_ROUND_CELLS if exact else MAX_ROUND_CELLS
    if cells > limit:
        raise SolverInputError(
            f"A's {sum(a_hand)} cards against B's {sum(b_hand)}: the trade round has {cells} "
            f"cells (A's offers times B's replies), more than the limit {limit}"
            + (" for exact=True" if exact else "")
        )
    return cells


def counter_payoff(
    rules: TradeRules, a: int, b: int, value: Fraction, tie: Fraction | None
) -> Fraction:
    """A's payoff when B counters ``b`` against ``a`` (K-TRD-3); ``tie`` is the payoff of a tie
    under ``REOFFER_THEN_FREE`` (the second round's value, or ``W`` in the second round).

    >>> r = TradeRules.from_edition("classic")
    >>> counter_payoff(r, 260, 250, Fraction(100), None)  # RULES.md: A wins, net 10
    Fraction(90, 1)
    """
    if a == b:
        if rules.trade_tie is TradeTie.OFFERER_FREE:
            return value
        if rules.trade_tie is TradeTie.REOFFER_THEN_FREE:
            return value if tie is None else tie
        # OFFERER_WINS: money moves as on a win
    if rules.counter_settlement is CounterSettlement.KEEP_RECEIVED:
        return (value if a >= b else Fraction(0)) + b - a
    return value - a if a >= b else Fraction(b)


def _round_payoffs(
    rules: TradeRules, a: np.ndarray, b: np.ndarray, value: float, tie: float
) -> np.ndarray:
    """Vectorised :func:`counter_payoff`: rows A's totals ``a``, columns B's totals ``b``."""
    A, B = a[:, None].astype(float), b[None, :].astype(float)
    offerer_wins = rules.trade_tie is TradeTie.OFFERER_WINS  # a tie: money moves as on a win
    wins = A >= B if offerer_wins else A > B
    if rules.counter_settlement is CounterSettlement.KEEP_RECEIVED:
        out = np.where(wins, value + B - A, B - A)
    else:
        out = np.where(wins, value - A, B)
    return out if offerer_wins else np.where(A == B, tie, out)


def offer_label(count: int, total: int) -> str:
    """The readable name of a collapsed offer: ``"3 cards = 60"``."""
    return f"{count} card{'s' if count != 1 else ''} = {total}"


def round_form(
    rules: TradeRules,
    a_hand: Counts,
    b_hand: Counts,
    value: Fraction,
    tie: Fraction | float | None = None,
    exact: bool = True,
    title: str = "trade",
    prune: bool = False,
) -> SequenceForm:
    """The sequence form of one trade round with public hands, built directly with numpy.

    A has one information set ``"offer"`` whose actions are his offer classes; B has one,
    ``("reply", count)``, per card count, with actions ``"accept"`` (where allowed) and
    ``"counter T"`` per total. ``tie`` is the payoff of a tie under ``REOFFER_THEN_FREE`` (``None``:
    the stake goes free, as in the second round). With ``prune``, each reply of B that is weakly
    dominated at its count (another reply pays A no more against every offer of that count; of equal
    replies the first is kept) is left out: the value is unchanged, and a dominated reply is never
    needed as a best response (for B, countering more than the smallest total that beats the same
    offers only gives A more money). Left-out replies are played with probability 0.

    >>> rules = TradeRules.from_edition("2025")
    >>> sf = round_form(rules, to_counts((0, 10)), to_counts((10,)), Fraction(30))
    >>> sf.sizes, [i.key for i in sf.infosets[1]]
    ((5, 10), [('reply', 0), ('reply', 1), ('reply', 2)])
    """
    check_round_size(rules, a_hand, b_hand, exact)
    classes = offer_classes(a_hand)
    shape = _round_shape(a_hand)
    totals = np.array(counter_totals(b_hand), dtype=np.int64)
    tie_value = value if tie is None else tie
    a_info = Infoset("offer", shape.labels, 0, 1)
    b_actions = (("accept",) if rules.responder_may_accept else ()) + _counter_labels(b_hand)
    wf = float(value)
    tie_exact = (value if tie is None else to_fraction(tie)) if exact else None
    # All of A's offers against all of B's replies at once; B tells the offers' counts apart, so
    # each count (a contiguous run of rows) is one information set of B.
    block = _round_payoffs(rules, shape.totals, totals, wf, float(tie_value))
    if rules.responder_may_accept:
        block = np.hstack([(wf - shape.totals)[:, None], block])
    if prune:
        keep = _undominated_by_group(block, shape.starts)
    else:
        keep = np.ones((len(shape.counts), block.shape[1]), dtype=bool)
    kept = keep.sum(axis=1)
    firsts = 1 + np.concatenate([[0], np.cumsum(kept)[:-1]])
    seq_of = firsts[:, None] + np.cumsum(keep, axis=1) - 1  # B's sequence of each kept reply
    mask = keep[shape.group_of]
    a_idx, b_idx = np.nonzero(mask)  # row by row, replies in order (as the tree lists them)
    b_infos = tuple(
        Infoset(("reply", c), tuple(b_actions[k] for k in np.flatnonzero(keep[g]).tolist()), 0, f)
        for g, (c, f) in enumerate(zip(shape.counts, firsts.tolist(), strict=True))
    )
    exact_vals: list[Fraction] = []
    if exact:
        b_values = [None if act == "accept" else int(act.split()[1]) for act in b_actions]
        for i, k in zip(a_idx.tolist(), b_idx.tolist(), strict=True):
            a, b = classes[i][1], b_values[k]
            exact_vals.append(
                value - a if b is None else counter_payoff(rules, a, b, value, tie_exact)
            )
    return SequenceForm(
        ((a_info,), b_infos),
        a_idx + 1,
        seq_of[shape.group_of[a_idx], b_idx],
        block[mask],
        tuple(exact_vals) if exact else None,
        title,
    )


@dataclass(frozen=True, eq=False)
class _RoundShape:
    """A's side of a round, fixed by his hand: offer labels and totals (sorted by count, then
    total), the distinct counts, where each count's run of offers starts, each offer's run."""

    labels: tuple[str, ...]
    totals: np.ndarray
    counts: tuple[int, ...]
    starts: np.ndarray
    group_of: np.ndarray


@functools.lru_cache(maxsize=512)
def _round_shape(hand: Counts) -> _RoundShape:
    classes = offer_classes(hand)
    counts = np.array([c for c, _, _ in classes], dtype=np.int64)
    distinct, starts, group_of = np.unique(counts, return_index=True, return_inverse=True)
    out = _RoundShape(
        tuple(offer_label(c, t) for c, t, _ in classes),
        np.array([t for _, t, _ in classes], dtype=np.int64),
        tuple(distinct.tolist()),
        starts,
        group_of.reshape(-1),
    )
    for arr in (out.totals, out.starts, out.group_of):
        arr.flags.writeable = False
    return out


@functools.lru_cache(maxsize=512)
def _counter_labels(hand: Counts) -> tuple[str, ...]:
    return tuple(f"counter {t}" for t in counter_totals(hand))


def _undominated_by_group(block: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """For each run of rows (B's information set: the offers of one count, starting at
    ``starts``), which columns (B's replies; B minimises) are not weakly dominated by another
    column on those rows (:func:`undominated_columns`). Shape: runs x columns."""
    ends = [*starts[1:].tolist(), block.shape[0]]
    out = np.ones((len(ends), block.shape[1]), dtype=bool)
    for g, (a, b) in enumerate(zip(starts.tolist(), ends, strict=True)):
        out[g] = undominated_columns(block[a:b])
    return out


_all, _any = np.logical_and.reduce, np.logical_or.reduce


def undominated_columns(rows: np.ndarray) -> np.ndarray:
    """Which columns of ``rows`` (B's replies to one count's offers; B minimises) are not weakly
    dominated by another column; of identical columns the first is kept. The comparisons run a
    few columns at a time, so memory stays bounded for large hands."""
    n = rows.shape[1]
    step = max(1, _COMPARE_CELLS // max(1, rows.shape[0] * n))
    # le[j, k]: column j <= column k on all of the rows (the ufuncs' reduce called straight:
    # ndarray.all and .any add two Python calls each, and most calls are small)
    if step >= n:
        le = _all(rows[:, :, None] <= rows[:, None, :], axis=0)
    else:
        le = np.empty((n, n), dtype=bool)
        for j in range(0, n, step):
            le[j : j + step] = _all(rows[:, j : j + step, None] <= rows[:, None, :], axis=0)
    # column k is dominated by a column j <= it that it is not <= (strictly better somewhere for
    # B) or that equals it and comes first
    out: np.ndarray = ~_any(le & (~le.T | _earlier(n)), axis=0)
    return out


@functools.lru_cache(maxsize=256)
def _earlier(n: int) -> np.ndarray:
    """``earlier[j, k]``: column ``j`` comes before column ``k`` (read only)."""
    out = np.triu(np.ones((n, n), dtype=bool), 1)
    out.flags.writeable = False
    return out


#: How many comparisons :func:`_undominated_by_group` makes at once (bounds its memory).
_COMPARE_CELLS = 4_000_000


def _offers(hand: Counts, collapse: bool) -> list[tuple[str, int, int, tuple[int, ...]]]:
    """``(label, count, total, cards)`` per offer: classes or every distinct sub-multiset."""
    if collapse:
        out = []
        for c, t, _ in offer_classes(hand):
            cards = next(s for s in _sub_multisets(hand) if sum(s) == c and _tot(s) == t)
            out.append((offer_label(c, t), c, t, from_counts(cards)))
        return out
    subs = sorted(_sub_multisets(hand), key=lambda s: (sum(s), _tot(s), s))
    return [
        ("+".join(map(str, from_counts(s))) or "nothing", sum(s), _tot(s), from_counts(s))
        for s in subs
    ]


def _counters(hand: Counts, collapse: bool) -> list[tuple[str, int, tuple[int, ...]]]:
    if collapse:
        return [(f"counter {t}", t, ()) for t in counter_totals(hand)]
    subs = sorted(_sub_multisets(hand), key=lambda s: (_tot(s), s))
    return [
        ("counter " + ("+".join(map(str, from_counts(s))) or "nothing"), _tot(s), from_counts(s))
        for s in subs
    ]


def _tot(counts: Sequence[int]) -> int:
    return sum(v * c for v, c in zip(DENOMINATIONS, counts, strict=False))


def parse_hands(
    a_hands: HandInput | Sequence[tuple[HandInput, object]],
) -> list[tuple[Counts, Fraction]]:
    """A's hand, or a distribution ``[(hand, probability), ...]``, as ``[(counts, prob)]``.

    >>> parse_hands("0,10")
    [((1, 1, 0, 0, 0, 0), Fraction(1, 1))]
    >>> parse_hands([("0", 0.5), ("10", 0.5)])[1]
    ((0, 1, 0, 0, 0, 0), Fraction(1, 2))
    """
    if isinstance(a_hands, str) or (
        isinstance(a_hands, Sequence) and all(isinstance(v, int) for v in a_hands)
    ):
        return [(parse_hand(a_hands, "A's hand"), Fraction(1))]  # type: ignore[arg-type]
    out: list[tuple[Counts, Fraction]] = []
    for item in a_hands:
        if not (isinstance(item, (tuple, list)) and len(item) == 2):
            raise SolverInputError(f"A's hands: {item!r} must be a (hand, probability) pair")
        prob = to_fraction(item[1], "probability")
        if prob < 0:
            raise SolverInputError(f"A's hands: probability {item[1]!r} must be >= 0")
        out.append((parse_hand(item[0], "A's hand"), prob))
    if not out or sum(p for _, p in out) != 1:
        raise SolverInputError(
            f"A's hands {a_hands!r}: the probabilities must be non-negative and sum to 1"
        )
    return out


#: The largest game tree :func:`trade_game` builds, in leaves (estimated before building).
MAX_TREE_LEAVES = 500_000


def tree_leaves(
    rules: TradeRules, hands: Sequence[Counts], b_hand: Counts, collapse: bool = True
) -> int:
    """At most how many leaves :func:`trade_game` would have (the classic re-offer counted as a
    second round after up to one tie per offer), without building it.

    >>> rules = TradeRules.from_edition("classic")
    >>> tree_leaves(rules, [to_counts((0, 10))], to_counts((10,)))  # an upper bound: 56 built
    60
    """

    def ways(hand: Counts) -> int:
        return math.prod(c + 1 for c in hand)

    replies = (1 if rules.responder_may_accept else 0) + (
        len(counter_totals(b_hand)) if collapse else ways(b_hand)
    )
    total = 0
    for hand in hands:
        offers = len(offer_classes(hand)) if collapse else ways(hand)
        per_round = offers * replies
        # a tie per offer at most (one counter of equal total); each starts a second round
        ties = offers if rules.trade_tie is TradeTie.REOFFER_THEN_FREE else 0
        total += per_round + ties * per_round
    return total


def trade_game(
    edition: str | Edition | TradeRules,
    a_hands: HandInput | Sequence[tuple[HandInput, object]],
    b_hand: HandInput,
    value: object,
    collapse: bool = True,
) -> Game:
    """The trade as an explicit game tree (A = player 0, B = player 1), with a chance move over
    A's hands when a distribution is given; the classic re-offer is expanded as a second round.

    B's information sets are ``("reply", count)`` and, in a second round, ``("reply2", count of A's
    first pile, B's first counter, count)``; A's are ``("offer", hand)`` and ``("reoffer", hand,
    first offer, first counter)``. When ``collapse`` is true a revealed pile is known by its count
    and total only (not the rules' model for classic with hidden hands, see the module docstring).
    Sizes grow fast: meant for small hands (single hands are solved by :func:`round_form`, beliefs
    by :mod:`kuhtheory.solvers.trade_hidden`); a tree of more than :data:`MAX_TREE_LEAVES` leaves
    is refused with SolverInputError before it is built.

    >>> g = trade_game("classic", "0,10", "10", 30)
    >>> g.infoset_count()
    (5, 15)
    """
    rules = TradeRules.from_edition(edition)
    w = parse_value(value)
    b = parse_hand(b_hand, "B's hand")
    hands = parse_hands(a_hands)
    leaves = tree_leaves(rules, [h for h, _ in hands], b, collapse)
    if leaves > MAX_TREE_LEAVES:
        raise SolverInputError(
            f"the trade's game tree for A {a_hands!r} and B {b_hand!r} would have about {leaves} "
            f"leaves, more than the limit {MAX_TREE_LEAVES}: use smaller or fewer hands"
        )
    counters = _counters(b, collapse)

    def reply(
        hand: Counts,
        label: str,
        count: int,
        a_tot: int,
        a_cards: tuple[int, ...],
        second: tuple[Any, ...] | None,
    ) -> Node:
        actions: list[str] = []
        children: list[Node] = []
        if rules.responder_may_accept:
            actions.append("accept")
            children.append(Terminal(w - a_tot))
        for c_label, b_tot, _b_cards in counters:
            actions.append(c_label)
            if a_tot == b_tot and rules.trade_tie is TradeTie.REOFFER_THEN_FREE and second is None:
                pile = (count, a_tot) if collapse else a_cards
                children.append(round_node(hand, label, c_label, pile))
            else:
                children.append(Terminal(counter_payoff(rules, a_tot, b_tot, w, None)))
        key = ("reply", count) if second is None else ("reply2", *second, count)
        return Decision(1, key, actions, children)

    def round_node(
        hand: Counts, first_label: str, first_counter: str, pile: tuple[int, ...]
    ) -> Node:
        offers = _offers(hand, collapse)
        return Decision(
            0,
            ("reoffer", from_counts(hand), first_label, first_counter),
            [o[0] for o in offers],
            [reply(hand, o[0], o[1], o[2], o[3], (pile, first_counter)) for o in offers],
        )

    def first_round(hand: Counts) -> Node:
        offers = _offers(hand, collapse)
        return Decision(
            0,
            ("offer", from_counts(hand)),
            [o[0] for o in offers],
            [reply(hand, o[0], o[1], o[2], o[3], None) for o in offers],
        )

    if len(hands) == 1:
        root = first_round(hands[0][0])
    else:
        root = Chance(
            [
                ("+".join(map(str, from_counts(h))) or "nothing", p, first_round(h))
                for h, p in hands
            ],
            label="A's hand",
        )
    return Game(root, ("A (offerer)", "B (responder)"), title="trade")
