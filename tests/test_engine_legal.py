"""The compact legal-action list (bids as a range, piles on demand) and the bank's payouts."""

from __future__ import annotations

import pytest
from engine_helpers import A, deck_with, endgame, play
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import from_counts, to_counts, total
from kuhtheory.engine import (
    Auction,
    Bid,
    Counter,
    LegalActions,
    Pass,
    Pay,
    Phase,
    Trade,
    setup_position,
)
from kuhtheory.engine.bank import bank_payment, pay_from_bank
from kuhtheory.engine.legal import Piles, submultisets
from kuhtheory.payment import minimal_payments


def test_bids_are_a_range_of_tens_up_to_the_money_in_play():
    s = play(setup_position(3, "classic", deck=deck_with([A.COW])), Auction(0))
    la = s.legal_actions()
    assert la.bid_range == range(10, 3 * 90 + 1, 10)
    assert la.fixed == (Pass(1),) and la.others == (Pass(1),)
    assert len(la) == 27 + 1 and la[0] == Bid(1, 10) and la[-1] == Pass(1)
    assert Bid(1, 270) in la and Bid(1, 15) not in la and Bid(2, 10) not in la
    # apply also accepts bids off the list: any amount above, bluffs beyond all money.
    assert s.is_legal(Bid(1, 15)) and s.is_legal(Bid(1, 10_000))


def test_bid_range_starts_at_the_next_ten_above_the_high_bid():
    s = play(setup_position(3, "classic", deck=deck_with([A.COW])), Auction(0), Bid(1, 15))
    assert s.legal_actions().bid_range.start == 20


def test_payments_listed_are_the_irreducible_ones():
    s = setup_position(3, "classic", money={1: (0, 10, 10, 50, 100)}, deck=deck_with([A.COW]))
    s = play(s, Auction(0), Bid(1, 60), Pass(2))
    s = s.apply(s.legal_actions()[0]) if s.phase is Phase.HAMMER else s
    expected = {Pay(1, from_counts(c)) for c in minimal_payments(to_counts(s.money(1)), 60)}
    assert set(s.legal_actions()) == expected == {Pay(1, (100,)), Pay(1, (10, 50))}


def test_counter_lists_every_pile_and_accept():
    s = endgame(3, "classic", {0: {A.COW: 1}, 1: {A.COW: 1}}, rest_to=2, money={1: (0, 10, 10)})
    s = s.apply(Trade(0, 1, A.COW, ()))
    la = s.legal_actions()
    assert la.kind == LegalActions.COUNTER and len(la) == 1 + 2 * 3
    assert {a.cards for a in la.others[1:]} == {(), (0,), (10,), (0, 10), (10, 10), (0, 10, 10)}
    assert Counter(1, (10, 10)) in la and Counter(1, (0, 0)) not in la
    assert la.others[0] == la[0]


def test_legal_actions_are_cached_per_state():
    s = setup_position(3, "classic", deck=deck_with([A.COW]))
    assert s.legal_actions() is s.legal_actions()


def test_legal_actions_slices_and_index_errors():
    s = play(setup_position(3, "classic", deck=deck_with([A.COW])), Auction(0))
    la = s.legal_actions()
    assert la[:2] == (Bid(1, 10), Bid(1, 20))
    with pytest.raises(IndexError):
        la[len(la)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=6, max_size=6))
def test_piles_are_every_distinct_sub_multiset(counts):
    hand = tuple(counts)
    piles = submultisets(hand)
    listed = list(piles)
    assert len(listed) == len(set(listed)) == len(piles)
    expected = 1
    for c in hand:
        expected *= c + 1
    assert len(piles) == expected
    assert all(p == tuple(sorted(p)) for p in listed)
    assert all(all(a <= b for a, b in zip(to_counts(p), hand, strict=False)) for p in listed)
    assert all(p in piles for p in listed[:50])
    assert isinstance(piles, Piles)


# ----- the bank (K-DONK-1 with a bank that ran short) -------------------------------------------


def test_bank_pays_the_card_when_it_has_it():
    assert bank_payment((0, 0, 1, 0, 0, 0), 50) == (0, 0, 1, 0, 0, 0)


def test_bank_pays_exactly_in_smaller_cards():
    assert from_counts(bank_payment(to_counts((10,) * 5 + (500,)), 50)) == (10,) * 5
    assert from_counts(bank_payment(to_counts((50, 50, 200)), 100)) == (50, 50)


def test_bank_pays_the_smallest_larger_card_when_exact_is_impossible():
    assert from_counts(bank_payment(to_counts((10, 200, 500)), 50)) == (200,)


def test_bank_pays_what_it_can_when_nothing_else_works():
    assert from_counts(bank_payment(to_counts((0, 10, 10)), 50)) == (10, 10)
    assert bank_payment((0,) * 6, 500) == (0,) * 6


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=6, max_size=6), st.sampled_from([50, 100, 200, 500]))
def test_bank_never_gives_cards_it_does_not_have(counts, value):
    bank = tuple(counts)
    after, cards = pay_from_bank(bank, value)
    assert all(c <= b for c, b in zip(cards, bank, strict=False))
    assert tuple(a + c for a, c in zip(after, cards, strict=False)) == bank
    assert cards[0] == 0  # never a 0-card
    paid = total(cards)
    if paid != value:
        # Only when no exact payment exists; then the smallest larger card, or less than value.
        assert all(total(p) != value for p in minimal_payments(bank, value)) or paid < value
