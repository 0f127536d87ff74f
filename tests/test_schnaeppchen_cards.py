"""Cards of Schnäppchen Jagd (S-DECK-1)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import InvalidActionError
from kuhtheory.games.schnaeppchen.cards import (
    SUPER_OFFER,
    VALUES,
    Card,
    Colour,
    full_deck,
    remove_cards,
    sort_cards,
)

cards = st.one_of(
    st.just(SUPER_OFFER), st.builds(Card, st.sampled_from(list(Colour)), st.sampled_from(VALUES))
)


def test_s_deck_1_108_cards_and_two_super_offers() -> None:
    deck = full_deck()
    counts = Counter(deck)
    assert len(deck) == 110
    assert counts[SUPER_OFFER] == 2
    coloured = [c for c in deck if not c.is_super]
    assert len(coloured) == 108
    assert {c.colour for c in coloured} == set(Colour) and len(Colour) == 6
    assert {c.value for c in coloured} == set(range(1, 10))
    assert all(counts[c] == 2 for c in coloured)


def test_s_deck_1_deck_is_sorted_and_copies_are_equal() -> None:
    deck = full_deck()
    assert sort_cards(deck) == deck
    assert Card(Colour.GREEN, 7) == Card.parse("G7") and hash(Card.parse("g7")) == hash(
        Card(Colour.GREEN, 7)
    )


@settings(max_examples=60, deadline=None)
@given(cards)
def test_code_text_and_repr_rebuild_the_card(card: Card) -> None:
    assert Card.parse(card.code) == card
    assert Card.parse(card.text()) == card
    assert eval(repr(card), {"Card": Card, "Colour": Colour, "SUPER_OFFER": SUPER_OFFER}) == card


@pytest.mark.parametrize("text", ["vert 7", "GREEN 7", " g7 ", "green7"])
def test_parse_accepts_names_letters_and_french(text: str) -> None:
    assert Card.parse(text) == Card(Colour.GREEN, 7)


@pytest.mark.parametrize("text", ["X1", "G0", "G10", "", "green", 7, None, "super 3"])
def test_parse_refuses_non_cards_quoting_them(text: object) -> None:
    with pytest.raises(InvalidActionError, match=re.escape(f"card {text!r} is not a card")):
        Card.parse(text)


@pytest.mark.parametrize(
    "colour, value", [(Colour.RED, 0), (Colour.RED, 10), (Colour.RED, True), (None, 3), ("pink", 2)]
)
def test_bad_cards_raise_invalid_action_error(colour: object, value: object) -> None:
    with pytest.raises(InvalidActionError, match="S-DECK-1"):
        Card(colour, value)  # type: ignore[arg-type]


def test_super_offer_sorts_last_and_has_no_colour() -> None:
    assert SUPER_OFFER.is_super and SUPER_OFFER.colour is None and SUPER_OFFER.code == "SO"
    assert sort_cards([SUPER_OFFER, Card.parse("O1"), Card.parse("R9")])[-1] == SUPER_OFFER


def test_remove_cards_takes_one_copy_and_refuses_missing() -> None:
    hand = (Card.parse("G7"), Card.parse("G7"), SUPER_OFFER)
    assert remove_cards(hand, [Card.parse("G7")]) == (Card.parse("G7"), SUPER_OFFER)
    with pytest.raises(InvalidActionError, match="not among"):
        remove_cards(hand, [Card.parse("B1")])


def test_colour_parse_refuses_unknown_colour() -> None:
    with pytest.raises(InvalidActionError, match="'pink'"):
        Colour.parse("pink")
