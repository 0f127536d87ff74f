"""One trick as pure functions: led colour, trump, winner, the options of a hand (S-TRICK-*)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.games.schnaeppchen.cards import SUPER_OFFER, VALUES, Card, Colour, full_deck
from kuhtheory.games.schnaeppchen.tricks import (
    Play,
    has_twin,
    play_options,
    trick_context,
    trick_winner,
)


def c(code: str) -> Card:
    return Card.parse(code)


def test_s_trick_1_led_colour_is_the_first_card_and_never_trump() -> None:
    ctx = trick_context([Play(0, c("G2"))])
    assert ctx.led is Colour.GREEN and ctx.trump is None
    # Must follow: holding green, only green (and super offers) may be played.
    opts = play_options((c("G9"), c("R1"), SUPER_OFFER), (Play(0, c("G2")),))
    assert {o.card for o in opts} == {c("G9"), SUPER_OFFER}
    assert all(o.declare_trump is None for o in opts)


def test_s_trick_1_a_void_player_may_play_any_colour() -> None:
    opts = play_options((c("R1"), c("Y5")), (Play(0, c("G2")),))
    assert {(o.card, o.declare_trump) for o in opts} == {
        (c("R1"), False),
        (c("R1"), True),
        (c("Y5"), False),
        (c("Y5"), True),
    }


def test_s_trick_1_leading_needs_no_declaration() -> None:
    opts = play_options((c("R1"), c("R1"), SUPER_OFFER), ())
    assert [(o.card, o.declare_trump, o.equal_higher) for o in opts] == [
        (c("R1"), None, None),
        (SUPER_OFFER, None, None),
    ]


def test_s_trick_2_declared_not_trump_is_final_in_the_trick() -> None:
    trick = (Play(0, c("B5")), Play(1, c("R3"), False))
    assert trick_context(trick).not_trump == {Colour.RED}
    opts = play_options((c("R9"), c("Y1")), trick)
    assert {(o.card, o.declare_trump) for o in opts} == {
        (c("R9"), False),
        (c("Y1"), False),
        (c("Y1"), True),
    }


def test_s_trick_2_at_most_one_trump_colour_and_its_cards_are_trump() -> None:
    trick = (Play(0, c("B5")), Play(1, c("R3"), True))
    opts = play_options((c("R9"), c("Y1")), trick)
    assert {(o.card, o.declare_trump) for o in opts} == {(c("R9"), True), (c("Y1"), False)}


def test_s_trick_3_without_trump_the_highest_led_card_wins() -> None:
    trick = (Play(0, c("G2")), Play(1, c("Y9"), False), Play(2, c("G3")))
    assert trick_winner(trick) == 2


def test_s_trick_3_the_highest_trump_wins() -> None:
    trick = (
        Play(0, c("G9")),
        Play(1, c("R1"), True),
        Play(2, c("R2"), True),
        Play(3, c("Y9"), False),
    )
    assert trick_winner(trick) == 2


@pytest.mark.parametrize("higher, winner", [(True, 2), (False, 1)])
def test_s_trick_4_equal_card_declared_higher_or_lower(higher: bool, winner: int) -> None:
    trick = (Play(0, c("G2")), Play(1, c("G7")), Play(2, c("G7"), None, higher))
    assert trick_winner(trick) == winner
    assert has_twin(trick[:2], c("G7")) and not has_twin(trick[:2], c("G8"))


def test_s_trick_4_options_offer_both_declarations_for_the_twin() -> None:
    opts = play_options((c("G7"), c("G1")), (Play(0, c("G2")), Play(1, c("G7"))))
    assert {(o.card, o.equal_higher) for o in opts} == {
        (c("G7"), True),
        (c("G7"), False),
        (c("G1"), None),
    }


def test_s_trick_5_super_offer_any_time_and_first_of_two_wins() -> None:
    opts = play_options((c("Y1"), SUPER_OFFER), (Play(0, c("Y4")),))
    assert {o.card for o in opts} == {c("Y1"), SUPER_OFFER}
    trick = (Play(0, c("Y4")), Play(1, SUPER_OFFER), Play(2, c("B9"), True), Play(3, SUPER_OFFER))
    assert trick_winner(trick) == 1


def test_s_trick_5_after_a_led_super_offer_the_next_card_sets_the_colour() -> None:
    trick = (Play(0, SUPER_OFFER),)
    opts = play_options((c("R1"), c("Y2")), trick)
    assert {(o.card, o.declare_trump) for o in opts} == {(c("R1"), None), (c("Y2"), None)}
    trick = (*trick, Play(1, c("R1")))
    assert trick_context(trick).led is Colour.RED
    assert {o.card for o in play_options((c("R5"), c("Y2")), trick)} == {c("R5")}
    assert trick_winner((*trick, Play(2, c("R9")))) == 0


def test_trick_winner_of_an_empty_trick_raises() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner(())


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_option_added_to_the_trick_keeps_a_single_trump_colour(data: st.DataObject) -> None:
    deck = list(full_deck())
    trick: tuple[Play, ...] = ()
    for seat in range(4):
        hand = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=8))
        option = data.draw(st.sampled_from(play_options(hand, trick)))
        trick = (*trick, Play(seat, option.card, option.declare_trump, option.equal_higher))
        trumps = {p.card.colour for p in trick if p.declare_trump}
        assert len(trumps) <= 1
        assert not trumps & trick_context(trick).not_trump
        winner = trick[trick_winner(trick)]
        assert winner.card.is_super or winner.card.colour in (
            trick_context(trick).trump or trick_context(trick).led,
        )


@pytest.mark.parametrize("value", VALUES)
def test_any_trump_beats_any_led_card(value: int) -> None:
    trick = (Play(0, c("G9")), Play(1, Card(Colour.RED, value), True))
    assert trick_winner(trick) == 1
