"""kuhtheory.cards: animals, denominations, hands and count vectors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import (
    ANIMALS,
    DENOMINATIONS,
    NO_MONEY,
    Animal,
    add,
    animal_deck,
    card_count,
    check_counts,
    check_denomination,
    contains,
    format_money,
    from_counts,
    parse_money,
    subtract,
    to_counts,
    total,
)
from kuhtheory.errors import InvalidActionError

hands = st.lists(st.sampled_from(DENOMINATIONS), max_size=15).map(lambda h: tuple(sorted(h)))


def test_animal_points_from_the_rules():
    # RULES.md: Rooster 10, Goose 40, Cat 90, Dog 160, Sheep 250, Goat 350, Donkey 500, Pig 650,
    # Cow 800, Horse 1000.
    assert [a.points for a in ANIMALS] == [10, 40, 90, 160, 250, 350, 500, 650, 800, 1000]
    assert len(ANIMALS) == 10 and ANIMALS[0] is Animal.ROOSTER


@pytest.mark.parametrize(
    ("text", "animal"),
    [
        ("kuh", Animal.COW),
        ("Horse", Animal.HORSE),
        (" esel ", Animal.DONKEY),
        (160, Animal.DOG),
        (Animal.PIG, Animal.PIG),
    ],
)
def test_animal_parse(text, animal):
    assert Animal.parse(text) is animal


@pytest.mark.parametrize("bad", ["unicorn", 11, True, None, 3.5])
def test_animal_parse_rejects_with_the_input_quoted(bad):
    with pytest.raises(InvalidActionError, match=repr(bad).replace("(", r"\(")):
        Animal.parse(bad)


def test_animal_labels():
    assert Animal.COW.german == "Kuh" and Animal.COW.label == "Cow"
    assert repr(Animal.COW) == "<Animal.COW: 800>"


def test_animal_deck():
    deck = animal_deck(4)
    assert len(deck) == 40 and all(deck.count(a) == 4 for a in ANIMALS)
    assert len(animal_deck(3)) == 30
    with pytest.raises(InvalidActionError):
        animal_deck(0)


def test_denominations_and_check():
    assert DENOMINATIONS == (0, 10, 50, 100, 200, 500)
    assert check_denomination(50) == 50
    for bad in (20, -10, "10", True, 10.0):
        with pytest.raises(InvalidActionError, match="not a money card"):
            check_denomination(bad)


def test_counts_round_trip_examples():
    assert to_counts((0, 0, 10, 50)) == (2, 1, 1, 0, 0, 0)
    assert from_counts((2, 1, 1, 0, 0, 0)) == (0, 0, 10, 50)
    assert to_counts(()) == NO_MONEY and from_counts(NO_MONEY) == ()


@settings(max_examples=200, deadline=None)
@given(hands)
def test_counts_round_trip(hand):
    counts = to_counts(hand)
    assert from_counts(counts) == hand
    assert total(counts) == sum(hand) and card_count(counts) == len(hand)


@settings(max_examples=200, deadline=None)
@given(hands, hands)
def test_add_subtract_contains(a, b):
    ca, cb = to_counts(a), to_counts(b)
    both = add(ca, cb)
    assert contains(both, ca) and contains(both, cb)
    assert subtract(both, cb) == ca
    if not contains(ca, cb):
        with pytest.raises(InvalidActionError, match="not all in the hand"):
            subtract(ca, cb)


@pytest.mark.parametrize(
    "bad", [(1, 2, 3), (0, 0, 0, 0, 0, -1), (0, 0, 0, 0, 0, 1.0), (True, 0, 0, 0, 0, 0)]
)
def test_check_counts_rejects(bad):
    with pytest.raises(InvalidActionError, match="money counts"):
        check_counts(bad)


def test_parse_and_format_money():
    assert parse_money("0,10,10,50") == (0, 10, 10, 50)
    assert parse_money("50, 0 10") == (0, 10, 50)
    assert parse_money("") == () and parse_money([10, 0]) == (0, 10)
    with pytest.raises(InvalidActionError, match="'ten'"):
        parse_money("ten, 10")
    with pytest.raises(InvalidActionError, match="not a money card"):
        parse_money("20")
    assert format_money((0, 10, 50)) == "0+10+50 = 60" and format_money(()) == "no cards"
