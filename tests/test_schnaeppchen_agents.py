"""Random and greedy Schnäppchen Jagd bots."""

from __future__ import annotations

import pytest

from kuhtheory.errors import UnknownEditionError
from kuhtheory.game import Agent
from kuhtheory.games.schnaeppchen.actions import Convert, DiscardJunk, KeepJunk, PlayCard, Reveal
from kuhtheory.games.schnaeppchen.agents import GreedyAgent, RandomAgent, make_agent
from kuhtheory.games.schnaeppchen.analysis import play_game, simulate
from kuhtheory.games.schnaeppchen.cards import SUPER_OFFER, Card
from kuhtheory.games.schnaeppchen.state import position


def c(code: str) -> Card:
    return Card.parse(code)


def cs(codes: str) -> list[Card]:
    return [Card.parse(x) for x in codes.split()]


def act(agent: Agent, state: object) -> object:
    seat = state.current_player  # type: ignore[attr-defined]
    return agent.act(state.observation(seat), state.legal_actions())  # type: ignore[attr-defined]


def test_make_agent_builds_both_bots_and_refuses_others() -> None:
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent(" Greedy ", 1), GreedyAgent)
    assert isinstance(make_agent("greedy", 1), Agent)
    with pytest.raises(UnknownEditionError, match="'clever'"):
        make_agent("clever", 0)
    with pytest.raises(UnknownEditionError, match="reveal='best'"):
        GreedyAgent(0, reveal="best")
    with pytest.raises(UnknownEditionError, match="trump='sometimes'"):
        GreedyAgent(0, trump="sometimes")


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_are_deterministic_given_their_seed(name: str) -> None:
    a = play_game(3, [make_agent(name, s) for s in range(3)], seed=12)
    b = play_game(3, [make_agent(name, s) for s in range(3)], seed=12)
    assert a.history == b.history


def test_greedy_beats_random_on_fixed_deals() -> None:
    for players in (3, 4):
        result = simulate(
            players, games=30, agents=["greedy"] + ["random"] * (players - 1), seed=40
        )
        assert result["mean_score"][0] > max(result["mean_score"][1:]) + 3
        assert result["win_share"][0] > 1.5 / players  # 1 / players by chance


def test_greedy_reveals_the_value_it_holds_most() -> None:
    state = position(
        [cs("G5 B5 R5 G1 B2"), cs("Y1"), cs("Y2")], [[], [], []], phase="preliminary", queue=[0]
    )
    action = act(GreedyAgent(0), state)
    assert isinstance(action, Reveal) and action.card.value == 5
    assert act(GreedyAgent(0, reveal="lowest"), state) == Reveal(0, c("G1"))
    assert act(GreedyAgent(0, reveal="highest"), state).card.value == 5  # type: ignore[attr-defined]


def test_greedy_takes_a_trick_full_of_its_bargains_when_last() -> None:
    state = position([cs("G5 B1"), cs("G6 B2"), cs("R9 R2")], [["P1"], ["P2"], ["B5"]], leader=0)
    state = state.apply(PlayCard(0, c("G5"))).apply(PlayCard(1, c("G6")))
    # Seat 2 collects 5s and has no green: declaring red trump wins a bargain.
    action = act(GreedyAgent(0), state)
    assert isinstance(action, PlayCard) and action.declare_trump is True
    never = act(GreedyAgent(0, trump="never"), state)
    assert never.declare_trump is False  # type: ignore[attr-defined]


def test_greedy_does_not_win_a_trick_of_super_offers() -> None:
    state = position([cs("G5 B1"), cs("SO B2"), cs("G9 G2 B3")], [["P1"], ["P2"], ["P3"]], leader=0)
    state = state.apply(PlayCard(0, c("G5"))).apply(PlayCard(1, SUPER_OFFER))
    action = act(GreedyAgent(0), state)
    assert action in state.legal_actions()
    always = act(GreedyAgent(0, trump="always"), state)
    assert always in state.legal_actions()


def test_greedy_converts_its_biggest_group_then_discards_then_keeps() -> None:
    junk = cs("R5 R5 G5 G5 R7 R7 G7 G7 B7 B1")
    state = position(
        [[], [], []], [["P1"], ["P2"], ["P3"]], [junk, cs("B2 B3"), cs("SO")],
        phase="sort", leader=0, junk_was_empty=[False, True, True],
    )  # fmt: skip
    assert act(GreedyAgent(0), state) == Convert(0, 7)
    state = state.apply(Convert(0, 7))
    assert act(GreedyAgent(0), state) == DiscardJunk(1)
    state = state.apply(DiscardJunk(1))
    assert act(GreedyAgent(0), state) == KeepJunk(2)


def test_random_agent_picks_among_the_legal_actions() -> None:
    state = position([cs("G5 B1"), cs("G6 B2"), cs("R9 R2")], [["P1"], ["P2"], ["B5"]])
    bot = RandomAgent(3)
    assert {act(bot, state) for _ in range(20)} <= set(state.legal_actions())
    assert repr(bot) == "RandomAgent(seed=3)"
