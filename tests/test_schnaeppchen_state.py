"""The Schnäppchen Jagd state: setup, replay, hidden information, and properties of whole games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.errors import IllegalActionError, InvalidActionError
from kuhtheory.game import GameStateProtocol
from kuhtheory.games.schnaeppchen import make_agent
from kuhtheory.games.schnaeppchen.cards import Card, full_deck, sort_cards
from kuhtheory.games.schnaeppchen.state import (
    ROUNDS,
    Phase,
    SchnaeppchenState,
    new_game,
    position,
    setup_of,
)
from kuhtheory.games.schnaeppchen.tricks import Play

DECK = Counter(full_deck())


def random_game(players: int, seed: int, agent_seed: int, mix: str = "random") -> list:
    """Every state of one game, start to end."""
    state = new_game(players=players, seed=seed)
    bots = [make_agent(mix if mix != "mixed" else ("random", "greedy")[i % 2], agent_seed + i)
            for i in range(players)]  # fmt: skip
    states = [state]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].act(state.observation(seat), state.legal_actions()))
        states.append(state)
    return states


def test_new_game_satisfies_the_game_state_protocol() -> None:
    state = new_game(players=3, seed=1)
    assert isinstance(state, GameStateProtocol)
    assert state.players == 3 and state.seed == 1 and state.history == ()
    assert state.rounds == ROUNDS[3] == 6 and ROUNDS[4] == 4


@pytest.mark.parametrize("players", [2, 5, 0, "3", True])
def test_s_round_1_three_or_four_players_only(players: object) -> None:
    with pytest.raises(InvalidActionError, match="S-ROUND-1"):
        new_game(players=players, seed=0)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs, match", [
    ({"seed": True}, "seed=True"),
    ({"seed": 1.5}, "seed=1.5"),
    ({"seed": 0, "first_dealer": 3}, "first_dealer=3"),
    ({"seed": 0, "first_dealer": -1}, "first_dealer=-1"),
])  # fmt: skip
def test_new_game_refuses_bad_setup(kwargs: dict, match: str) -> None:
    with pytest.raises(InvalidActionError, match=match):
        new_game(players=3, **kwargs)


def test_first_dealer_is_drawn_from_the_seed_or_given() -> None:
    dealers = {new_game(players=4, seed=s).first_dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    state = new_game(players=4, seed=0, first_dealer=2)
    assert state.dealer == 2 and setup_of(state) == {"first_dealer": 2}


def test_setup_plus_actions_replays_the_same_game() -> None:
    states = random_game(4, seed=21, agent_seed=3, mix="mixed")
    end = states[-1]
    replay = new_game(players=end.players, seed=end.seed, **setup_of(end))
    for action in end.history:
        replay = replay.apply(action)
    assert replay == end and replay.events == end.events


def test_apply_returns_a_new_state_and_never_changes_self() -> None:
    state = new_game(players=3, seed=4)
    action = state.legal_actions()[0]
    after = state.apply(action)
    assert after is not state and state.history == () and after.history == (action,)
    with pytest.raises(IllegalActionError):
        after.apply(action)
    assert after.history == (action,)


def test_setup_of_and_observation_refuse_bad_input() -> None:
    with pytest.raises(InvalidActionError, match="not a Schnäppchen Jagd state"):
        setup_of(object())
    with pytest.raises(InvalidActionError, match="player 3"):
        new_game(players=3, seed=0).observation(3)


def test_observation_shows_own_cards_and_public_piles_only() -> None:
    state = random_game(3, seed=8, agent_seed=1, mix="greedy")[40]
    obs = state.observation(1)
    assert obs.hand == state.hands[1] and Counter(obs.junk) == Counter(state.junk[1])
    assert obs.hand_sizes == tuple(len(h) for h in state.hands)
    assert obs.junk_sizes == tuple(len(j) for j in state.junk)
    assert obs.bargain == state.bargain and obs.trick == state.trick
    assert obs.pool_size == len(state.pool) and obs.to_act == state.current_player
    assert not hasattr(obs, "hands") and not hasattr(obs, "pool")


def swap_hidden(state: SchnaeppchenState, opponent: int, rng: random.Random) -> SchnaeppchenState:
    """The same state with one card of ``opponent``'s hand and junk exchanged with the pool."""
    hand, pool, junk = list(state.hands[opponent]), list(state.pool), list(state.junk[opponent])
    if hand and pool:
        i, j = rng.randrange(len(hand)), rng.randrange(len(pool))
        hand[i], pool[j] = pool[j], hand[i]
    if junk and pool:
        i, j = rng.randrange(len(junk)), rng.randrange(len(pool))
        junk[i], pool[j] = pool[j], junk[i]
    hands = list(state.hands)
    hands[opponent] = sort_cards(hand)
    junks = list(state.junk)
    junks[opponent] = tuple(junk)
    return replace(state, hands=tuple(hands), junk=tuple(junks), pool=sort_cards(pool))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(0, 10**6), st.integers(0, 500), st.randoms())
def test_opponents_hidden_cards_do_not_change_an_observation(
    players: int, seed: int, step: int, rng: random.Random
) -> None:
    states = random_game(players, seed, agent_seed=seed)
    state = states[step % len(states)]
    for player in range(players):
        opponent = (player + 1) % players
        other = swap_hidden(state, opponent, rng)
        assert other.all_cards() == state.all_cards()
        assert other.observation(player) == state.observation(player)
    if state.hands[1] and state.pool:
        changed = swap_hidden(state, 1, rng)
        if changed.hands[1] != state.hands[1]:
            assert changed.observation(1) != state.observation(1)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from([3, 4]), st.integers(0, 10**6), st.sampled_from(["random", "greedy", "mixed"])
)
def test_cards_are_conserved_scores_add_up_and_games_terminate(
    players: int, seed: int, mix: str
) -> None:
    states = random_game(players, seed, agent_seed=seed + 1, mix=mix)
    # A bound on the game's length: reveals, every card dealt played once, two sorts a seat a round.
    bound = players + ROUNDS[players] * (8 * players + 2 * players)
    assert len(states) - 1 <= bound
    assert states[-1].is_terminal and states[-1].phase is Phase.OVER
    for state in states:
        assert state.all_cards() == DECK  # 108 + 2 cards, wherever they are
        assert (
            sum(len(h) for h in state.hands)
            + len(state.trick)
            + len(state.pool)
            + sum(len(b) + len(j) for b, j in zip(state.bargain, state.junk, strict=True))
            == 110
        )
        assert state.scores() == tuple(
            len(b) - len(j) for b, j in zip(state.bargain, state.junk, strict=True)
        )
        assert not any(c.is_super for b in state.bargain for c in b)
        if not state.is_terminal:
            assert state.legal_actions()
            assert state.current_player in range(players)


def test_position_refuses_impossible_positions() -> None:
    with pytest.raises(InvalidActionError, match="more copies"):
        position([["G1", "G1"], ["G1"], ["B1"]], [["P1"], ["P2"], ["P3"]])
    with pytest.raises(InvalidActionError, match="bargain pile"):
        position([["G1"], ["G2"], ["B1"]], [[], ["P2"], ["P3"]])
    with pytest.raises(InvalidActionError, match="never a bargain"):
        position([["G1"], ["G2"], ["B1"]], [["SO"], ["P2"], ["P3"]])
    with pytest.raises(InvalidActionError, match="one entry per seat"):
        position([["G1"], ["G2"], ["B1"]], [["P1"], ["P2"]])
    with pytest.raises(InvalidActionError, match="round=7"):
        position([["G1"], ["G2"], ["B1"]], [["P1"], ["P2"], ["P3"]], round=7)
    with pytest.raises(InvalidActionError, match="leader=3"):
        position([["G1"], ["G2"], ["B1"]], [["P1"], ["P2"], ["P3"]], leader=3)
    with pytest.raises(InvalidActionError, match="queue="):
        position([[], [], []], [["P1"], ["P2"], ["P3"]], phase="sort", queue=[0, 4])
    with pytest.raises(InvalidActionError, match="in turn from leader=0"):
        position(
            [["G1"], ["G2"], ["B1"]], [["P1"], ["P2"], ["P3"]], trick=[Play(1, Card.parse("G3"))]
        )
    with pytest.raises(InvalidActionError, match="no card"):
        position([[], ["G2"], ["B1"]], [["P1"], ["P2"], ["P3"]])


def test_text_describes_the_table() -> None:
    state = position([["G1"], ["G2"], ["B1"]], [["P1"], ["P2"], ["P3"]])
    state = state.apply(state.legal_actions()[0])
    text = state.text()
    assert "Round 1/6" in text and "seat 1: collects 2" in text and "trick: 0:G1" in text
    assert Card.parse("G1") in state.all_cards()
