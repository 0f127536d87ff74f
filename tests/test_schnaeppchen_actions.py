"""Schnäppchen Jagd actions: construction checks, reprs, JSON both ways."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import InvalidActionError
from kuhtheory.games.schnaeppchen.actions import (
    Convert,
    DiscardJunk,
    KeepJunk,
    PlayCard,
    Reveal,
    action_from_json,
    action_to_json,
)
from kuhtheory.games.schnaeppchen.cards import SUPER_OFFER, VALUES, Card, Colour

cards = st.one_of(
    st.just(SUPER_OFFER), st.builds(Card, st.sampled_from(list(Colour)), st.sampled_from(VALUES))
)
seats = st.integers(0, 3)
flags = st.sampled_from([None, True, False])
actions = st.one_of(
    st.builds(Reveal, seats, cards),
    st.builds(PlayCard, seats, cards, flags, flags),
    st.builds(Convert, seats, st.sampled_from(VALUES)),
    st.builds(DiscardJunk, seats),
    st.builds(KeepJunk, seats),
)
NAMESPACE = {
    "Reveal": Reveal,
    "PlayCard": PlayCard,
    "Convert": Convert,
    "DiscardJunk": DiscardJunk,
    "KeepJunk": KeepJunk,
    "Card": Card,
    "Colour": Colour,
    "SUPER_OFFER": SUPER_OFFER,
}


@settings(max_examples=80, deadline=None)
@given(actions)
def test_json_round_trip_and_repr_rebuilds(action: object) -> None:
    data = action_to_json(action)  # type: ignore[arg-type]
    assert action_from_json(data) == action
    assert eval(repr(action), NAMESPACE) == action


def test_json_shape_uses_card_codes() -> None:
    assert action_to_json(PlayCard(1, Card.parse("B9"), True, None)) == {
        "type": "play",
        "player": 1,
        "card": "B9",
        "declare_trump": True,
        "equal_higher": None,
    }
    assert action_to_json(Reveal(0, SUPER_OFFER))["card"] == "SO"
    assert action_to_json(DiscardJunk(2)) == {"type": "discard-junk", "player": 2}


def test_play_card_accepts_a_code() -> None:
    assert PlayCard(0, "G7") == PlayCard(0, Card(Colour.GREEN, 7))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "build, match",
    [
        (lambda: PlayCard(-1, SUPER_OFFER), "player -1"),
        (lambda: KeepJunk(True), "player True"),  # type: ignore[arg-type]
        (lambda: PlayCard(0, SUPER_OFFER, "yes"), "declare_trump='yes'"),  # type: ignore[arg-type]
        (lambda: PlayCard(0, SUPER_OFFER, None, 1), "equal_higher=1"),  # type: ignore[arg-type]
        (lambda: Convert(0, 0), "S-SORT-1"),
        (lambda: Convert(0, 10), "S-SORT-1"),
        (lambda: Reveal(0, "Z9"), "'Z9'"),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_raise_invalid_action_error(build: object, match: str) -> None:
    with pytest.raises(InvalidActionError, match=match):
        build()  # type: ignore[operator]


@pytest.mark.parametrize(
    "data, match",
    [
        ([1], "must be a JSON object"),
        ({"type": "bid", "player": 0}, "unknown type 'bid'"),
        ({"type": "keep-junk"}, "missing fields"),
        ({"type": "keep-junk", "player": 0, "amount": 3}, "unknown fields"),
        ({"type": "reveal", "player": 0, "card": 7}, "card must be a code"),
        ({"type": "convert", "player": 0, "value": "3"}, "S-SORT-1"),
    ],
)
def test_bad_json_raises_invalid_action_error(data: object, match: str) -> None:
    with pytest.raises(InvalidActionError, match=match):
        action_from_json(data)


def test_action_to_json_refuses_foreign_objects() -> None:
    with pytest.raises(InvalidActionError, match="not a Schnäppchen Jagd action"):
        action_to_json("play")  # type: ignore[arg-type]
