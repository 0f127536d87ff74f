"""The rules of Schnäppchen Jagd, clause by clause (RULES.md S-*), and the rule text's examples."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.games.schnaeppchen import make_agent
from kuhtheory.games.schnaeppchen.actions import (
    Convert,
    DiscardJunk,
    KeepJunk,
    PlayCard,
    Reveal,
)
from kuhtheory.games.schnaeppchen.cards import SUPER_OFFER, Card, full_deck
from kuhtheory.games.schnaeppchen.events import Converted, RoundDealt, TrickWon
from kuhtheory.games.schnaeppchen.state import Phase, SchnaeppchenState, new_game, position

LEON, BILOUD, CHRIS, BOB = 0, 1, 2, 3


def c(code: str) -> Card:
    return Card.parse(code)


def cs(codes: str) -> list[Card]:
    return [Card.parse(x) for x in codes.split()]


def run(state: SchnaeppchenState, *actions: object) -> SchnaeppchenState:
    for action in actions:
        state = state.apply(action)  # type: ignore[arg-type]
    return state


def illegal(state: SchnaeppchenState, action: object, clause: str) -> None:
    """``action`` raises IllegalActionError quoting it and naming ``clause``; state unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert clause in str(info.value) and repr(action) in str(info.value)
    assert state == before
    assert action not in state.legal_actions()


def greedy_game(players: int, seed: int) -> SchnaeppchenState:
    state = new_game(players=players, seed=seed)
    bots = [make_agent("greedy", seat) for seat in range(players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].act(state.observation(seat), state.legal_actions()))
    return state


def fill(players: int, pool_size: int) -> tuple[list[list[Card]], list[list[Card]]]:
    """Bargain and junk piles holding every card but ``pool_size`` (no super offer in a bargain)."""
    deck = [card for card in full_deck() if not card.is_super]
    bargain = [[deck.pop()] for _ in range(players)]
    rest = deck[pool_size:] + [SUPER_OFFER, SUPER_OFFER]
    junk: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(rest):
        junk[i % players].append(card)
    return bargain, junk


# -- the worked examples of the rule text ------------------------------------------------------


def example_table(hands: list[str]) -> SchnaeppchenState:
    """Léon, Biloud, Chris and Bob (seats 0-3), collecting purple 1-4; Léon leads."""
    return position([cs(h) for h in hands], [["P1"], ["P2"], ["P3"], ["P4"]], leader=LEON)


def test_example_1_chris_follows_with_the_equal_seven_declared_higher_and_wins() -> None:
    state = example_table(["G2 R5", "G7 G1", "G7 G3 Y9", "Y6 B1"])
    state = run(state, PlayCard(LEON, c("G2")), PlayCard(BILOUD, c("G7")))
    # Chris would like to trump but holds green: she must follow (S-TRICK-1).
    illegal(state, PlayCard(CHRIS, c("Y9"), True), "S-TRICK-1")
    illegal(state, PlayCard(CHRIS, c("G7")), "S-TRICK-4")
    state = state.apply(PlayCard(CHRIS, c("G7"), None, True))
    # Bob has no green, does not want the trick: yellow is not trump.
    state = state.apply(PlayCard(BOB, c("Y6"), False))
    assert state.tricks[-1].winner == CHRIS and state.leader == CHRIS
    assert state.junk[CHRIS] == tuple(cs("Y6 G2 G7 G7"))
    assert state.events[-1] == TrickWon(CHRIS, (), 4)


def test_example_2_the_first_of_two_super_offers_wins() -> None:
    state = example_table(["Y4 R5", "B9 G1", "Y2 SO", "SO Y8"])
    state = run(state, PlayCard(LEON, c("Y4")), PlayCard(BILOUD, c("B9"), True))
    # Chris holds yellow but plays the super offer as the highest trump (S-TRICK-5).
    state = state.apply(PlayCard(CHRIS, SUPER_OFFER))
    state = state.apply(PlayCard(BOB, SUPER_OFFER))  # Bob gets rid of junk
    assert state.tricks[-1].winner == CHRIS
    assert Counter(state.junk[CHRIS])[SUPER_OFFER] == 2


def test_example_3_red_is_trump_so_yellow_cannot_be_and_bob_plays_his_red_three_lower() -> None:
    state = example_table(["B5 G1", "R3 G2", "Y9 G3", "R3 R7"])
    state = run(state, PlayCard(LEON, c("B5")), PlayCard(BILOUD, c("R3"), True))
    illegal(state, PlayCard(CHRIS, c("Y9"), True), "S-TRICK-2")
    illegal(state, PlayCard(CHRIS, c("G3"), True), "S-TRICK-2")  # no colour but red is trump
    state = run(state, PlayCard(CHRIS, c("Y9"), False))  # no blue, no red: her 9 is beaten
    illegal(state, PlayCard(BOB, c("R3"), False, False), "S-TRICK-2")  # red is trump
    illegal(state, PlayCard(BOB, c("R3"), True), "S-TRICK-4")
    state = state.apply(PlayCard(BOB, c("R3"), True, False))
    assert state.tricks[-1].winner == BILOUD


def test_example_leon_sorts_his_junk_and_now_collects_threes() -> None:
    junk = cs("R1 R3 G3 B3 R4 G4 R5 R7 R9")
    state = position(
        [[], [], [], []], [cs("G6 Y6"), ["P2"], ["P3"], ["P4"]], [junk, [], [], []],
        phase="sort", leader=LEON,
    )  # fmt: skip
    assert state.legal_actions() == (Convert(LEON, 3), KeepJunk(LEON))
    before = state.scores()[LEON]
    state = state.apply(Convert(LEON, 3))
    assert state.bargain[LEON][:2] == tuple(cs("G6 Y6"))
    assert state.bargain[LEON][2].value == 3 and len(state.bargain[LEON]) == 3
    assert state.collecting(LEON) == 3
    assert Counter(state.junk[LEON]) == Counter(cs("R1 R4 G4 R5 R7 R9"))
    assert state.events[-1] == Converted(LEON, 3, 2, 1)
    assert (before, state.scores()[LEON]) == (2 - 9, 3 - 6)
    pool = Counter(state.pool)
    assert sum(pool[x] for x in cs("R3 G3 B3")) == 2 + 3  # the fee joins the 3 undealt 3s


def test_example_two_nines_are_not_enough_with_four_players() -> None:
    state = position(
        [[], [], [], []], [["G6"], ["P2"], ["P3"], ["P4"]], [cs("R9 G9 B1"), [], [], []],
        phase="sort", leader=LEON,
    )  # fmt: skip
    illegal(state, Convert(LEON, 9), "S-SORT-1")
    state = state.apply(KeepJunk(LEON))
    assert state.collecting(LEON) == 6  # he keeps collecting 6s


def test_example_leon_collects_threes_then_wins_2_3_6_8() -> None:
    state = position(
        [[], [], [], []], [["B6"], ["P2"], ["P3"], ["P4"]], [cs("R3 R3 G3 G3"), [], [], []],
        phase="sort", leader=LEON,
    )  # fmt: skip
    state = state.apply(Convert(LEON, 3))
    assert state.bargain[LEON] == tuple(cs("B6 G3 G3")) and state.junk[LEON] == ()
    trick = position(
        [cs("Y8 B1"), cs("Y2 B2"), cs("Y3 B4"), cs("Y6 B5")],
        [state.bargain[LEON], ["P2"], ["P3"], ["P4"]],
    )
    trick = run(
        trick,
        PlayCard(0, c("Y8")),
        PlayCard(1, c("Y2")),
        PlayCard(2, c("Y3")),
        PlayCard(3, c("Y6")),
    )
    assert trick.bargain[LEON] == tuple(cs("B6 G3 G3 Y3"))
    assert Counter(trick.junk[LEON]) == Counter(cs("Y2 Y6 Y8"))  # the old 6s are junk now


# -- S-ROUND-1 --------------------------------------------------------------------------------


@pytest.mark.parametrize("players, rounds", [(3, 6), (4, 4)])
def test_s_round_1_rounds_and_a_clockwise_dealer(players: int, rounds: int) -> None:
    state = greedy_game(players, seed=11)
    deals = [e for e in state.events if isinstance(e, RoundDealt)]
    assert [d.round for d in deals] == list(range(1, rounds + 1))
    first = state.first_dealer
    assert [d.dealer for d in deals] == [(first + r) % players for r in range(rounds)]
    assert state.is_terminal and state.current_player is None and state.legal_actions() == ()


@pytest.mark.parametrize("players", [3, 4])
def test_s_round_1_eight_cards_each_and_the_rest_waits(players: int) -> None:
    state = new_game(players=players, seed=2)
    assert all(len(h) == 8 for h in state.hands)
    assert len(state.pool) == 110 - 8 * players
    assert state.events[0] == RoundDealt(1, state.dealer, 8, 110 - 8 * players)


def test_s_round_1_a_short_deal_gives_everyone_the_same_number() -> None:
    bargain, junk = fill(3, pool_size=14)
    state = position([[], [], []], bargain, junk, phase="sort", leader=0, round=4, dealer=2)
    state = run(state, KeepJunk(0), KeepJunk(1), KeepJunk(2))
    assert (state.round, state.dealer, state.phase) == (5, 0, Phase.TRICKS)
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.pool) == 2
    assert state.events[-1] == RoundDealt(5, 0, 4, 2)
    assert state.current_player == 1  # the dealer's left leads (S-TRICK-1)


def test_s_round_1_a_round_with_nothing_to_deal_is_only_its_sort() -> None:
    bargain, junk = fill(3, pool_size=2)
    state = position([[], [], []], bargain, junk, phase="sort", leader=0, round=5, dealer=2)
    state = run(state, KeepJunk(0), KeepJunk(1), KeepJunk(2))
    assert (state.round, state.phase, state.hands) == (6, Phase.SORT, ((), (), ()))
    assert state.queue == (1, 1, 2, 2, 0, 0)  # the last round: twice each, from dealer's left
    state = run(state, *(KeepJunk(p) for p in (1, 1, 2, 2, 0, 0)))
    assert state.is_terminal


# -- S-PRE-1 ----------------------------------------------------------------------------------


def test_s_pre_1_each_reveals_in_turn_from_the_dealers_left() -> None:
    state = new_game(players=4, seed=3, first_dealer=1)
    assert state.phase is Phase.PRELIMINARY and state.queue == (2, 3, 0, 1)
    for seat in (2, 3, 0, 1):
        card = next(x for x in state.hands[seat] if not x.is_super)
        illegal(state, Reveal((seat + 1) % 4, state.hands[(seat + 1) % 4][0]), "S-PRE-1")
        state = state.apply(Reveal(seat, card))
        assert state.bargain[seat] == (card,) and state.collecting(seat) == card.value
        assert len(state.hands[seat]) == 7
    assert state.phase is Phase.TRICKS and state.current_player == 2


def test_s_pre_1_a_super_offer_cannot_be_revealed() -> None:
    state = position([cs("SO G1"), ["G2"], ["G3"]], [[], [], []], phase="preliminary", queue=[0])
    illegal(state, Reveal(0, SUPER_OFFER), "S-PRE-1")
    illegal(state, Reveal(0, c("B7")), "S-PRE-1")  # not in his hand
    assert state.legal_actions() == (Reveal(0, c("G1")),)


def test_s_pre_1_two_players_may_collect_the_same_value() -> None:
    state = position(
        [cs("G5 B1"), cs("R5 B2"), cs("Y9 B3")], [[], [], []], phase="preliminary", queue=[0, 1, 2]
    )
    state = run(state, Reveal(0, c("G5")), Reveal(1, c("R5")))
    assert state.collecting(0) == state.collecting(1) == 5


def test_s_pre_1_only_in_the_first_round() -> None:
    state = greedy_game(3, seed=4)
    reveals = [a for a in state.history if isinstance(a, Reveal)]
    assert len(reveals) == 3 and state.history[:3] == tuple(reveals)
    trick = position([["G1"], ["G2"], ["G3"]], [["B1"], ["B2"], ["B3"]], round=2)
    illegal(trick, Reveal(0, c("G1")), "S-PRE-1")


# -- S-TRICK-* --------------------------------------------------------------------------------


def three(hands: list[str], leader: int = 0) -> SchnaeppchenState:
    return position([cs(h) for h in hands], [["P1"], ["P2"], ["P3"]], leader=leader)


def test_s_trick_1_must_follow_and_play_in_turn() -> None:
    state = three(["G2 B1", "G9 R9", "Y1 Y2"])
    illegal(state, PlayCard(1, c("G9")), "S-TRICK-1")  # not his turn
    state = state.apply(PlayCard(0, c("G2")))
    illegal(state, PlayCard(1, c("R9"), True), "S-TRICK-1")
    illegal(state, PlayCard(1, c("B5")), "S-TRICK-1")  # not in his hand
    assert state.legal_actions() == (PlayCard(1, c("G9")),)


def test_s_trick_2_a_void_player_must_declare() -> None:
    state = three(["G2 B1", "R9 R8", "Y1 Y2"]).apply(PlayCard(0, c("G2")))
    illegal(state, PlayCard(1, c("R9")), "S-TRICK-2")
    assert set(state.legal_actions()) == {
        PlayCard(1, c(x), t) for x in ("R9", "R8") for t in (True, False)
    }


def test_s_trick_2_a_follower_or_leader_never_declares() -> None:
    state = three(["G2 B1", "G9 R8", "Y1 Y2"])
    illegal(state, PlayCard(0, c("G2"), False), "S-TRICK-2")
    state = state.apply(PlayCard(0, c("G2")))
    illegal(state, PlayCard(1, c("G9"), True), "S-TRICK-2")


def test_s_trick_2_declared_not_trump_is_final() -> None:
    state = run(
        three(["B5 G1", "R3 G2", "R9 Y3"]), PlayCard(0, c("B5")), PlayCard(1, c("R3"), False)
    )
    illegal(state, PlayCard(2, c("R9"), True), "S-TRICK-2")
    state = state.apply(PlayCard(2, c("Y3"), True))  # another colour may still become trump
    assert state.tricks[-1].winner == 2


def test_s_trick_2_at_most_one_trump_colour() -> None:
    state = run(
        three(["B5 G1", "R3 G2", "Y9 Y3"]), PlayCard(0, c("B5")), PlayCard(1, c("R3"), True)
    )
    illegal(state, PlayCard(2, c("Y9"), True), "S-TRICK-2")
    state = state.apply(PlayCard(2, c("Y9"), False))
    assert state.tricks[-1].winner == 1


def test_s_trick_3_highest_trump_wins_and_the_winner_leads() -> None:
    state = run(
        three(["G9 B1", "R1 B2", "R2 B3"]),
        PlayCard(0, c("G9")),
        PlayCard(1, c("R1"), True),
        PlayCard(2, c("R2"), True),
    )
    assert state.tricks[-1].winner == 2 and state.current_player == 2 and state.trick == ()


def test_s_trick_3_without_trump_only_the_led_colour_counts() -> None:
    state = run(
        three(["G2 B1", "Y9 B2", "G3 B3"]),
        PlayCard(0, c("G2")),
        PlayCard(1, c("Y9"), False),
        PlayCard(2, c("G3")),
    )
    assert state.tricks[-1].winner == 2


def test_s_trick_4_equal_card_declared_lower_loses() -> None:
    state = run(three(["G2 B1", "G7 B2", "G7 B3"]), PlayCard(0, c("G2")), PlayCard(1, c("G7")))
    illegal(state, PlayCard(2, c("G7"), None, None), "S-TRICK-4")
    state = state.apply(PlayCard(2, c("G7"), None, False))
    assert state.tricks[-1].winner == 1


def test_s_trick_4_no_declaration_without_an_equal_card() -> None:
    state = three(["G2 B1", "G7 B2", "G8 B3"]).apply(PlayCard(0, c("G2")))
    illegal(state, PlayCard(1, c("G7"), None, True), "S-TRICK-4")


def test_s_trick_5_super_offer_even_when_able_to_follow_and_without_declaration() -> None:
    state = three(["G2 B1", "G7 SO", "G8 B3"]).apply(PlayCard(0, c("G2")))
    assert PlayCard(1, SUPER_OFFER) in state.legal_actions()
    illegal(state, PlayCard(1, SUPER_OFFER, True), "S-TRICK-5")
    state = run(state, PlayCard(1, SUPER_OFFER), PlayCard(2, c("G8")))
    assert state.tricks[-1].winner == 1


def test_s_trick_6_bargains_face_up_everything_else_junk() -> None:
    state = position([cs("G2 B1"), cs("G3 B2"), cs("SO B3")], [["P9"], ["P2"], ["R3"]], leader=0)
    state = run(state, PlayCard(0, c("G2")), PlayCard(1, c("G3")), PlayCard(2, SUPER_OFFER))
    assert state.bargain[2] == tuple(cs("R3 G3"))
    assert Counter(state.junk[2]) == Counter([c("G2"), SUPER_OFFER])
    assert state.events[-1] == TrickWon(2, (c("G3"),), 2)
    assert state.scores()[2] == 0


# -- S-SORT-* ---------------------------------------------------------------------------------


def test_s_sort_1_starts_with_the_last_tricks_winner() -> None:
    state = run(
        three(["G2", "G9", "G3"]), PlayCard(0, c("G2")), PlayCard(1, c("G9")), PlayCard(2, c("G3"))
    )
    assert state.phase is Phase.SORT and state.queue == (1, 2, 0)
    illegal(state, KeepJunk(0), "S-SORT-1")
    state = run(state, KeepJunk(1), KeepJunk(2), KeepJunk(0))
    assert state.round == 2 and state.phase is Phase.TRICKS


@pytest.mark.parametrize("players, need, fee", [(3, 4, 3), (4, 3, 2)])
def test_s_sort_1_threshold_and_fee_by_player_count(players: int, need: int, fee: int) -> None:
    fives = cs("R5 R5 G5 G5 B5")
    bargain = [["P1"], ["P2"], ["P3"], ["P4"]][:players]
    for have in range(need - 1, 6):
        junk = [fives[:have], *([[]] * (players - 1))]
        state = position([[]] * players, bargain, junk, phase="sort", leader=0)
        if have < need:
            illegal(state, Convert(0, 5), "S-SORT-1")
            continue
        after = state.apply(Convert(0, 5))
        assert len(after.bargain[0]) == 1 + have - fee and after.junk[0] == ()
        assert len(after.pool) == len(state.pool) + fee


def test_s_sort_1_super_offers_stay_in_the_junk_when_converting() -> None:
    state = position(
        [[], [], []], [["P1"], ["P2"], ["P3"]], [cs("R5 R5 G5 G5 SO B1"), [], []],
        phase="sort", leader=0,
    )  # fmt: skip
    state = state.apply(Convert(0, 5))
    assert Counter(state.junk[0]) == Counter([SUPER_OFFER, c("B1")])


def test_s_sort_2_super_offer_is_never_discarded() -> None:
    state = position(
        [[], [], []], [["P1"], ["P2"], ["P3"]], [cs("SO B1"), [], []],
        phase="sort", leader=0, junk_was_empty=[True, True, True],
    )  # fmt: skip
    illegal(state, DiscardJunk(0), "S-SORT-2")
    assert state.legal_actions() == (KeepJunk(0),)


def test_s_sort_2_a_new_junk_pile_may_be_thrown_away() -> None:
    state = position(
        [[], [], []], [["P1"], ["P2"], ["P3"]], [cs("B1 B2 G7"), [], []],
        phase="sort", leader=0, junk_was_empty=[True, True, True],
    )  # fmt: skip
    assert DiscardJunk(0) in state.legal_actions()
    after = state.apply(DiscardJunk(0))
    assert after.junk[0] == () and after.scores()[0] == 1
    assert len(after.pool) == len(state.pool) + 3


def test_s_sort_2_an_old_junk_pile_may_not_be_thrown_away() -> None:
    state = position(
        [[], [], []], [["P1"], ["P2"], ["P3"]], [cs("B1 B2 G7"), [], []],
        phase="sort", leader=0, junk_was_empty=[False, True, True],
    )  # fmt: skip
    illegal(state, DiscardJunk(0), "S-SORT-2")


def test_s_sort_2_who_can_convert_may_not_throw_the_pile_away() -> None:
    state = position(
        [[], [], []], [["P1"], ["P2"], ["P3"]], [cs("R5 R5 G5 G5 B1"), [], []],
        phase="sort", leader=0, junk_was_empty=[True, True, True],
    )  # fmt: skip
    illegal(state, DiscardJunk(0), "S-SORT-2")
    illegal(state, DiscardJunk(1), "S-SORT-1")  # not his turn either


def test_s_sort_2_empty_before_this_round_is_read_at_the_deal() -> None:
    state = new_game(players=3, seed=9)
    assert state.junk_was_empty == (True, True, True)
    bargain, junk = fill(3, pool_size=40)
    junk[1] = []
    state = position([[], [], []], bargain, junk, phase="sort", leader=0, round=2, dealer=2)
    state = run(state, KeepJunk(0), KeepJunk(1), KeepJunk(2))
    assert state.round == 3 and state.junk_was_empty == (False, True, False)


def test_s_sort_3_discarded_cards_are_shuffled_into_the_next_deal() -> None:
    bargain, junk = fill(3, pool_size=0)
    junk[0] = [x for x in junk[0] if not x.is_super]
    junk[1] = [x for x in junk[1] if not x.is_super]
    junk[2] = [x for x in junk[2] if not x.is_super] + [SUPER_OFFER, SUPER_OFFER]
    state = position([[], [], []], bargain, junk, phase="sort", leader=0, round=2, dealer=2)
    values = Counter(x.value for x in state.junk[0])
    value = max(values, key=lambda v: values[v])
    state = run(state, Convert(0, value), KeepJunk(1), KeepJunk(2))
    # Only the 3 discarded cards were in the pool: the deal is one card each.
    assert [len(h) for h in state.hands] == [1, 1, 1] and state.pool == ()
    assert all(h[0].value == value for h in state.hands)


def test_s_sort_3_each_rounds_deal_follows_from_the_seed() -> None:
    a, b = new_game(players=3, seed=5), new_game(players=3, seed=5)
    assert a == b
    assert new_game(players=3, seed=6, first_dealer=a.first_dealer).hands != a.hands


# -- S-END-1 ----------------------------------------------------------------------------------


def test_s_end_1_two_sorts_in_a_row_after_the_last_round() -> None:
    junk = cs("R5 R5 G5 G5 R7 R7 G7 G7 B1")
    state = position(
        [cs("G2"), cs("G9"), cs("G3")], [["P1"], ["P4"], ["P8"]], [[], junk, []],
        round=6, leader=0,
    )  # fmt: skip
    state = run(state, PlayCard(0, c("G2")), PlayCard(1, c("G9")), PlayCard(2, c("G3")))
    assert state.queue == (1, 1, 2, 2, 0, 0)
    state = run(state, Convert(1, 5), Convert(1, 7))
    assert state.collecting(1) == 7 and len(state.bargain[1]) == 1 + 1 + 1
    assert Counter(state.junk[1]) == Counter(cs("B1 G2 G3 G9"))
    state = run(state, KeepJunk(2), KeepJunk(2), KeepJunk(0), KeepJunk(0))
    assert state.is_terminal and state.scores() == (1, 3 - 4, 1)
    assert state.winners() == (0, 2)
    illegal(state, KeepJunk(0), "S-END-1")


def test_s_end_1_score_is_bargain_minus_junk() -> None:
    state = greedy_game(4, seed=3)
    assert state.scores() == tuple(
        len(b) - len(j) for b, j in zip(state.bargain, state.junk, strict=True)
    )
    best = max(state.scores())
    assert state.winners() == tuple(i for i, s in enumerate(state.scores()) if s == best)


# -- errors -----------------------------------------------------------------------------------


def test_wrong_phase_actions_name_their_clause() -> None:
    state = three(["G2 B1", "G9 R8", "Y1 Y2"])
    illegal(state, Convert(0, 3), "S-SORT-1")
    illegal(state, KeepJunk(0), "S-SORT-1")
    sort = position([[], [], []], [["P1"], ["P2"], ["P3"]], phase="sort")
    illegal(sort, PlayCard(0, c("G1")), "S-TRICK-1")


def test_unknown_seat_and_foreign_actions_are_invalid() -> None:
    state = three(["G2 B1", "G9 R8", "Y1 Y2"])
    with pytest.raises(InvalidActionError, match="seat 3 does not exist"):
        state.apply(PlayCard(3, c("G2")))
    with pytest.raises(InvalidActionError, match="not a Schnäppchen Jagd action"):
        state.apply("G2")  # type: ignore[arg-type]


def test_s_end_1_second_sort_may_throw_away_what_is_left_of_a_new_pile() -> None:
    # Reading of S-SORT-2 in the double sort (rules module docstring): the pile was empty before
    # this round, so after converting once the rest may go.
    state = position(
        [[], [], []], [["P1"], ["P4"], ["P8"]], [cs("R5 R5 G5 G5 B1 B2"), [], []],
        phase="sort", leader=0, round=6, junk_was_empty=[True, True, True],
    )  # fmt: skip
    assert state.queue == (0, 0, 1, 1, 2, 2)
    assert DiscardJunk(0) not in state.legal_actions()  # he can convert 5s first
    state = state.apply(Convert(0, 5))
    assert state.legal_actions() == (DiscardJunk(0), KeepJunk(0))
    state = state.apply(DiscardJunk(0))
    assert state.junk[0] == () and state.scores()[0] == 2


def test_s_trick_5_a_led_super_offer_wins_and_the_next_card_sets_the_colour() -> None:
    state = three(["SO B1", "R1 Y2", "R5 Y3"])
    state = run(state, PlayCard(0, SUPER_OFFER))
    assert set(state.legal_actions()) == {PlayCard(1, c("R1")), PlayCard(1, c("Y2"))}
    state = state.apply(PlayCard(1, c("R1")))
    illegal(state, PlayCard(2, c("Y3"), False), "S-TRICK-1")  # red was set: follow it
    state = state.apply(PlayCard(2, c("R5")))
    assert state.tricks[-1].winner == 0
