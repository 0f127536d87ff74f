"""kuhtheory.edition_text: every edition's rules in a player's words, following its fields."""

from __future__ import annotations

import dataclasses
import re

import pytest

from kuhtheory.edition_text import (
    FIELDS,
    QUESTIONS,
    money_in_words,
    number,
    rule_text,
    rules_in_words,
)
from kuhtheory.editions import EDITIONS, VARIANTS, Edition, get_edition

#: Fields that name or trace an edition rather than state a rule.
NOT_RULES = {"key", "title", "source", "variants"}


def every_edition() -> list[Edition]:
    found = list(EDITIONS.values())
    for variant in VARIANTS.values():
        found += [get_edition(key, [variant.key]) for key in variant.editions]
    return found


def test_every_rule_field_is_answered_by_a_question():
    fields = {f.name for f in dataclasses.fields(Edition)} - NOT_RULES
    assert fields == FIELDS


@pytest.mark.parametrize("edition", every_edition(), ids=lambda e: e.name)
def test_answers_are_plain_words_not_field_values(edition: Edition):
    words = rules_in_words(edition)
    assert list(words) == list(QUESTIONS)
    for question, answer in words.items():
        assert answer and answer == answer.strip(), question
        # no enum values ("reoffer-then-free"), field names or count vectors ("10/20/10/5/5/5")
        assert not re.search(r"\b[a-z]+-[a-z]+-[a-z]+\b|_|\d+/\d+/", answer), (question, answer)


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_a_changed_field_changes_the_words(field: str):
    """For every rule field, the editions and variants that differ in it read differently."""
    questions = [q for q, (fields, _) in QUESTIONS.items() if field in fields]
    seen: dict[object, tuple[str, ...]] = {}
    for edition in every_edition():
        value = getattr(edition, field)
        seen.setdefault(value, tuple(rule_text(edition, q) for q in questions))
    answers = list(seen.values())
    assert len(set(answers)) == len(answers), (field, seen)


def test_the_rule_texts_say_what_the_leaflets_say():
    classic, e2025, first, bluff = (get_edition(k) for k in ("classic", "2025", "first", "bluff"))
    assert rule_text(bluff, "Answering a trade") == "B may not accept: he must counter-offer"
    assert "B may accept" in rule_text(classic, "Answering a trade")
    assert rule_text(e2025, "Equal offers") == "ties go to the offerer (A)"
    assert "second tie gives A the animal for free" in rule_text(classic, "Equal offers")
    assert "winner pays his own pile" in rule_text(first, "Money after a counter-offer")
    assert "exchanged" in rule_text(classic, "Money after a counter-offer")
    assert rule_text(e2025, "Bidding") == "at least 10 more than the last bid"
    assert "buy the animal back" in rule_text(bluff, "The auctioneer's right")
    assert rule_text(e2025, "Donkeys").endswith("50, 100 and 200 in turn")  # three donkeys
    assert "times the number of families" in rule_text(classic, "Score")
    assert "dove" in rule_text(first, "Score") and "dove" not in rule_text(classic, "Score")
    assert rule_text(classic, "Start money") == "two 0s, four 10s and one 50 (90)"
    assert rule_text(e2025, "Start money") == "two 0s, four 10s and two 50s (140)"
    quick = get_edition("classic", ["quick"])
    assert rule_text(quick, "Up for auction") == "two animal cards at once"
    assert "also run an auction" in rule_text(get_edition("2025", ["double-move"]), "A turn")


def test_money_and_numbers_in_words():
    assert money_in_words((0, 0, 0, 0, 0, 0)) == "no money"
    assert money_in_words((0, 0, 1, 0, 0, 0)) == "one 50 (50)"
    assert money_in_words((10, 25, 5, 5, 5, 5), with_total=False) == (
        "ten 0s, twenty-five 10s, five 50s, five 100s, five 200s and five 500s"
    )
    assert [number(n) for n in (0, 1, 20, 21, 39, 40)] == [
        "no",
        "one",
        "twenty",
        "twenty-one",
        "thirty-nine",
        "40",
    ]


def test_an_unknown_question_names_the_known_ones():
    with pytest.raises(KeyError, match="'Tie'.*Equal offers"):
        rule_text(get_edition("classic"), "Tie")
