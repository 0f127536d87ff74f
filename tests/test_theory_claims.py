"""Claims the theory chapters make about the trade, checked (the pages compute them too).

* notebooks/trade.md, "What kind of game is the trade?": in the first edition and *bluff* the
  value is W/2 whenever both players can pay W/2 exactly (an equal-share partnership dissolved by
  bidding, Cramton, Gibbons & Klemperer 1987), and A's pure offer of W/2 guarantees it; in the
  2025 trade with the start money no pure offer of A guarantees the value (an all-pay contest has
  no pure equilibrium, Hillman & Riley 1989; Baye, Kovenock & de Vries 1996).
* notebooks/trade.md, "Stakes and bluffing": the bluff rate falls with W when A has a pile B cannot
  beat and rises when B can outbid every pile A lays, on the chapter's five examples.
* notebooks/trade.md, "Real bluffing": with A's hand hidden, the weak hand's bluff grows with B's
  belief that A is strong, and B's counter to a lone card climbs with it.
* notebooks/toy_trades.md: in the first edition B's counter changes nothing against A's honest 10.

The payoffs below are restated from the rules (K-TRD-2, K-TRD-3 and the edition table), not taken
from the solver, so that they check it.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.solvers import solve_trade
from kuhtheory.solvers.toy import W, count_matrices

START = "0,0,10,10,10,10,50"


def totals(hand: list[int]) -> set[int]:
    """Every total a pile from ``hand`` can make."""
    return {sum(c) for r in range(len(hand) + 1) for c in itertools.combinations(hand, r)}


def winner_pays(a: int, b: int | None, w: int) -> int:
    """A's payoff in the first edition and bluff: ``b`` None is B accepting; A wins ties."""
    if b is None or a >= b:
        return w - a
    return b


def piles_exchanged(a: int, b: int | None, w: int) -> int:
    """A's payoff in 2025: the piles are exchanged after a counter; A wins ties."""
    if b is None:
        return w - a
    return b - a + (w if a >= b else 0)


def guarantee(payoff, a: int, b_hand: list[int], w: int, may_accept: bool) -> int:  # type: ignore[no-untyped-def]
    """What a pure pile of total ``a`` guarantees A: B, who then knows it, replies his best."""
    replies: list[int | None] = sorted(totals(b_hand))
    if may_accept:
        replies.append(None)
    return min(payoff(a, b, w) for b in replies)


hands = st.lists(st.sampled_from([0, 10, 10, 10, 50, 100]), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(
    a=hands,
    b=hands,
    w=st.integers(0, 15).map(lambda k: 20 * k),
    edition=st.sampled_from(["first", "bluff"]),
)
def test_first_edition_value_is_half_the_stake_when_both_can_pay_it(
    a: list[int], b: list[int], w: int, edition: str
) -> None:
    if w // 2 not in totals(a) or w // 2 not in totals(b):
        return
    s = solve_trade(edition, ",".join(map(str, a)), ",".join(map(str, b)), w, exact=True)
    assert s.value_exact == Fraction(w, 2)
    assert guarantee(winner_pays, w // 2, b, w, edition == "first") == w // 2


def test_first_edition_with_the_start_money() -> None:
    for w in range(0, 181, 20):
        assert solve_trade("first", START, START, w, exact=True).value_exact == w // 2
    # Beyond 180 A cannot reach W/2: he lays all 90 and keeps W - 90.
    for w in (200, 300):
        s = solve_trade("first", START, START, w, exact=True)
        assert s.value_exact == w - 90
        assert [(t, p) for _, t, p in s.offer_table() if p > 0] == [(90, 1.0)]
    # B holding 0, 10, 10, 50 cannot counter 30: A does better than W/2 at W = 60.
    assert solve_trade("first", START, "0,10,10,50", 60, exact=True).value_exact == 40


@pytest.mark.parametrize("w", [40, 100])
def test_2025_no_pure_offer_guarantees_the_value(w: int) -> None:
    start = [0, 0, 10, 10, 10, 10, 50]
    value = solve_trade("2025", START, START, w, exact=True).value_exact
    best_pure = max(guarantee(piles_exchanged, a, start, w, True) for a in totals(start))
    assert best_pure < value
    offers = [t for _, t, p in solve_trade("2025", START, START, w).offer_table() if p > 1e-9]
    assert len(set(offers)) > 1


def test_2025_a_stake_that_dwarfs_the_money_makes_a_lay_it_all() -> None:
    s = solve_trade("2025", START, START, 500, exact=True)
    assert s.value_exact == Fraction(2086, 5)
    assert sum(p for _, t, p in s.offer_table() if t == 90) > 0.8


PAIRS_FALLING = [("2025", "0,10", "10"), ("2025", "0,0,0,10,50", "10,10")]
PAIRS_RISING = [
    ("2025", "0,10", "10,10"),
    ("2025", "0,0,0,10,50", "10,10,50"),
    ("classic", "0,0,0,10,50", "10,10,50"),
]
WORTHS = (100, 150, 250, 500)


@pytest.mark.parametrize("edition,a,b", PAIRS_FALLING)
def test_bluffing_falls_with_the_stake_when_a_has_a_pile_b_cannot_beat(
    edition: str, a: str, b: str
) -> None:
    rates = [solve_trade(edition, a, b, w).bluff_rate() for w in WORTHS]
    assert rates == pytest.approx([10 / w for w in WORTHS], abs=1e-6)


@pytest.mark.parametrize("edition,a,b", PAIRS_RISING)
def test_bluffing_rises_with_the_stake_when_b_can_outbid_every_pile(
    edition: str, a: str, b: str
) -> None:
    assert sum(map(int, b.split(","))) > sum(map(int, a.split(",")))
    rates = [solve_trade(edition, a, b, w).bluff_rate() for w in WORTHS]
    assert all(x < y for x, y in itertools.pairwise(rates))


def test_first_edition_toy_counters_change_nothing_against_the_honest_ten() -> None:
    matrix = count_matrices("first", [0, 10], [10])[1][3]
    assert all(sp.simplify(entry - (W - 10)) == 0 for entry in matrix.row(1))


def test_hidden_hand_the_weak_hand_bluffs_more_as_b_believes_a_strong() -> None:
    """notebooks/trade.md, "Real bluffing": classic, A strong (10, 50) with B's belief q or weak
    (0, 0), B holding 10 and 50, W = 100. The weak hand lays its lone 0-card more often as q
    grows and always from q = 3/5; B's counter to a lone card climbs with q (10 or 60 at 3/5,
    mostly 50 at 9/10); a weak hand that lays nothing loses the stake to a counter."""
    rates, mean_counters = [], []
    for k in range(1, 10):
        q = Fraction(k, 10)
        s = solve_trade("classic", [("10,50", q), ("0,0", 1 - q)], "10,50", 100, exact=True)
        assert s.exact and s.refinement == "quasi-perfect"
        weak = {(r.count, r.total): r.probability for r in s.offers[(0, 0)]}
        rates.append(weak.get((1, 0), 0.0))
        one = next(r for r in s.replies if r.count == 1)
        counters = {t: p for t, p in one.counters if p > 1e-9}
        assert one.accept < 1e-9
        mean_counters.append(sum(t * p for t, p in counters.items()))
        if q == Fraction(3, 5):
            assert set(counters) == {10, 60}
        if q == Fraction(9, 10):
            assert max(counters, key=counters.__getitem__) == 50 and counters[50] > 0.5
        none = next(r for r in s.replies if r.count == 0)
        assert none.accept < 1e-9 and all(t >= 10 for t, p in none.counters if p > 1e-9)
    assert all(x <= y + 1e-12 for x, y in zip(rates, rates[1:], strict=False))
    assert [r > 1 - 1e-9 for r in rates] == [False] * 5 + [True] * 4
    assert all(x <= y + 1e-9 for x, y in zip(mean_counters, mean_counters[1:], strict=False))
