"""Bad actions and setups (issue 16, item 4): integer bounds on amounts, seats and piles, every
setup field validated; each refusal is one short InvalidActionError / InvalidSetupError line that
names the input, never a TypeError, an AttributeError or Python's ValueError for huge integers."""

from __future__ import annotations

import pytest

from kuhtheory import record as rec
from kuhtheory.action_base import MAX_SEATS
from kuhtheory.cards import Animal
from kuhtheory.engine import (
    Auction,
    Bid,
    Counter,
    Pay,
    Trade,
    action_from_json,
    new_game,
    setup_position,
)
from kuhtheory.engine.actions import MAX_AMOUNT, MAX_CARDS
from kuhtheory.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidSetupError,
    KuhtheoryError,
    UnknownEditionError,
)

HUGE = 10**5000


def short(exc: BaseException, limit: int = 300) -> str:
    text = str(exc)
    assert "\n" not in text and len(text) <= limit, text[:400]
    return text


# ----- actions -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: Bid(0, HUGE), r"amount=<an integer of 5001 digits>\): amount must be"),
        (lambda: Bid(0, MAX_AMOUNT + 1), f"from 1 to {MAX_AMOUNT}"),
        (lambda: Bid(0, 0), "from 1 to"),
        (lambda: Bid(HUGE, 10), "player <an integer of 5001 digits> must be a seat"),
        (lambda: Bid(MAX_SEATS, 10), f"below {MAX_SEATS}"),
        (lambda: Trade(0, HUGE, Animal.COW), "opponent <an integer of 5001 digits>"),
        (lambda: Pay(0, [10] * 1_000_000), f"1000000 cards .*at most {MAX_CARDS}"),
        (lambda: Pay(0, [HUGE]), "money card <an integer of 5001 digits> is not a money card"),
        (lambda: Counter(0, "x" * 1_000_000), "must be a tuple"),
        (lambda: Trade(0, 1, "x" * 1_000_000), "unknown animal"),
    ],
)
def test_malformed_actions_are_one_short_invalid_action_error(make, match):
    with pytest.raises(InvalidActionError, match=match) as info:
        make()
    short(info.value)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "bid", "player": 1, "amount": HUGE},
        {"type": "bid", "player": HUGE, "amount": 10},
        {"type": "pay", "player": 0, "cards": [HUGE]},
        {"type": "pay", "player": 0, "cards": [10] * 100_000},
        {"type": "trade", "player": 0, "opponent": 1, "animal": "cow", "cards": [], "x" * 10**6: 1},
        {"type": "x" * 10**6, "player": 0},
        [HUGE] * 1000,
    ],
)
def test_malformed_json_actions_are_one_short_invalid_action_error(data):
    with pytest.raises(InvalidActionError) as info:
        action_from_json(data)
    short(info.value)


def test_an_illegal_action_leaves_the_state_unchanged_and_names_the_clause():
    s = new_game(players=3, seed=2, first_player=0).apply(Auction(0))
    before = (s.history, s.phase, s.current_player, s.auction)
    with pytest.raises(IllegalActionError, match=r"Bid\(player=2, amount=10\): it is P1's move"):
        s.apply(Bid(2, 10))
    assert (s.history, s.phase, s.current_player, s.auction) == before


def test_the_largest_bid_is_legal_and_recordable():
    # A bid above every money deck is a legal bluff (K-PAY-2); the bound keeps it recordable.
    s = new_game(players=3, seed=2, first_player=0).apply(Auction(0))
    s = s.apply(Bid(1, MAX_AMOUNT))
    again = rec.replay(rec.loads(rec.dumps(rec.record_from_state(s))))
    assert again == s


# ----- setups ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"herds": {0: {Animal.COW: -1}}}, "-1 Cow cards: a count must be a whole number"),
        ({"herds": {0: {Animal.COW: 5}}}, "5 Cow cards"),
        ({"herds": {0: {Animal.COW: HUGE}}}, "<an integer of 5001 digits> Cow cards"),
        ({"herds": {0: {"cow": 2.0}}}, "2.0 Cow cards"),
        ({"herds": {0: {"unicorn": 1}}}, "unknown animal 'unicorn'"),
        ({"herds": {0: [1]}}, "must map animals to card counts"),
        ({"herds": [1]}, "must map seats to herds"),
        ({"herds": {5: {}}}, "herds: seat 5 is not a seat"),
        ({"money": 5}, "must map seats to money"),
        ({"money": {0: 10}}, "must be a tuple of at most 55 money cards"),
        ({"money": {0: (True,)}}, "money card True of seat 0 is not a denomination"),
        ({"money": {0: (20,)}}, "money card 20"),
        ({"money": {"0": (10,)}}, "money: seat '0' is not a seat"),
        ({"deck": 5}, "deck=5 must be a tuple"),
        ({"deck": ["unicorn"]}, "deck: unknown animal 'unicorn'"),
        ({"dove_holder": 7}, "dove_holder 7 is not a seat of a 3-player game"),
        ({"dove_holder": 0}, "'classic' has no dove bonus card"),
        ({"dove_holder": 0, "edition": "first"}, "P0 owns no complete pair of families"),
        ({"active": "0"}, "seat '0' is not a seat"),
        ({"seed": "x"}, "seed 'x' must be a whole number"),
        ({"seed": -1}, "seed -1 must be a whole number from 0"),
    ],
)
def test_setup_position_validates_every_field(kwargs, match):
    with pytest.raises(InvalidSetupError, match=match) as info:
        setup_position(**{"players": 3, **kwargs})
    short(info.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": HUGE},
        {"players": "3"},
        {"players": None},
        {"edition": 5},
        {"edition": None},
        {"edition": "x" * 1_000_000},
        {"variants": 5},
        {"variants": None},
        {"variants": [3]},
        {"variants": ["x" * 1_000_000]},
        {"seed": HUGE},
        {"seed": -7},
        {"seed": 1.5},
        {"first_player": HUGE},
        {"first_player": 3},
    ],
)
def test_new_game_refuses_bad_setups_with_one_short_line(kwargs):
    with pytest.raises((InvalidSetupError, UnknownEditionError)) as info:
        new_game(**{"players": 3, **kwargs})
    short(info.value)


def test_a_correct_dove_holder_is_accepted():
    herds = {0: {Animal.ROOSTER: 4, Animal.GOOSE: 4}}
    s = setup_position(3, "first", herds=herds, dove_holder=0)
    assert s.dove_holder == 0 and s.score(0) == 10 + 40 + 500


def test_setup_errors_are_kuhtheory_errors_for_any_type():
    odd = [object(), [], {}, (), 1.5, -1, "", None, HUGE, b"x"]
    for field in ("money", "herds", "deck", "active", "dove_holder", "seed"):
        for value in odd:
            try:
                setup_position(3, **{field: value})
            except KuhtheoryError as exc:
                short(exc)
