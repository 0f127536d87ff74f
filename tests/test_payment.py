"""kuhtheory.payment: no-change payments (K-PAY-1)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import DENOMINATIONS, from_counts, to_counts, total
from kuhtheory.errors import InvalidActionError
from kuhtheory.payment import (
    can_pay,
    cheapest_payment,
    cheapest_total,
    exact_payment,
    least_overpay,
    minimal_payments,
)

counts = st.lists(st.integers(0, 3), min_size=6, max_size=6).map(tuple)
amounts = st.integers(0, 120).map(lambda k: k * 10) | st.integers(0, 400)


def _all_payments(hand, amount):
    ranges = [range(c + 1) for c in hand]
    return [p for p in itertools.product(*ranges) if total(p) >= amount]


def test_k_pay_1_examples():
    hand = to_counts((0, 10, 10, 50, 100))
    assert [from_counts(p) for p in minimal_payments(hand, 60)] == [(100,), (10, 50)]
    assert from_counts(cheapest_payment(hand, 60)) == (10, 50)
    assert from_counts(cheapest_payment(to_counts((500,)), 10)) == (500,)  # no change
    assert cheapest_payment(to_counts((10,)), 20) is None
    assert minimal_payments(hand, 0) == ((0,) * 6,)
    assert cheapest_total(to_counts((50, 200)), 60) == 200


@settings(max_examples=300, deadline=None)
@given(counts, amounts)
def test_k_pay_1_minimal_payments_are_exactly_the_irreducible_ones(hand, amount):
    found = set(minimal_payments(hand, amount))
    brute = set()
    for p in _all_payments(hand, amount):
        if amount == 0:
            if sum(p) == 0:
                brute.add(p)
            continue
        if all(total(p) - DENOMINATIONS[i] < amount for i in range(6) if p[i]):
            brute.add(p)
    assert found == brute
    assert can_pay(hand, amount) == bool(found)


@settings(max_examples=300, deadline=None)
@given(counts, amounts)
def test_k_pay_1_least_overpay_is_the_smallest_total(hand, amount):
    best = least_overpay(hand, amount)
    every = _all_payments(hand, amount)
    if not every:
        assert best == () and cheapest_payment(hand, amount) is None
        return
    smallest = min(total(p) for p in every)
    assert best and all(total(p) == smallest for p in best)
    assert sum(best[0]) == min(sum(p) for p in every if total(p) == smallest)
    assert cheapest_payment(hand, amount) == best[0]  # found by one min, the same first one


@settings(max_examples=300, deadline=None)
@given(counts, amounts)
def test_exact_payment(hand, amount):
    exact = exact_payment(hand, amount)
    options = [
        p
        for p in itertools.product(*(range(c + 1) for c in hand))
        if total(p) == amount and p[0] == 0
    ]
    if not options:
        assert exact is None
    else:
        assert total(exact) == amount and sum(exact) == min(sum(p) for p in options)


@pytest.mark.parametrize("bad", [-10, 1.5, "10", True])
def test_bad_amounts(bad):
    with pytest.raises(InvalidActionError, match="amount"):
        minimal_payments(to_counts((10,)), bad)


def test_bad_hand():
    with pytest.raises(InvalidActionError):
        minimal_payments((1, 2), 10)
