"""The PettingZoo environment (kuhtheory.interop.pettingzoo): PettingZoo's own API and seed tests
for every edition and variant, seeded rollouts that are the engine's own game, hidden money,
rewards, truncation and the errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from interop_helpers import EDITION_NAMES

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from kuhtheory.cards import Animal  # noqa: E402
from kuhtheory.editions import get_edition  # noqa: E402
from kuhtheory.engine import new_game, setup_position  # noqa: E402
from kuhtheory.errors import (  # noqa: E402
    IllegalActionError,
    InvalidActionError,
    InvalidSetupError,
    UnknownEditionError,
)
from kuhtheory.interop.features import ObservationLayout  # noqa: E402
from kuhtheory.interop.pettingzoo import env, raw_env  # noqa: E402
from kuhtheory.record import replay  # noqa: E402

#: PettingZoo's warnings for an observation that is a dict with an action mask, as in its own
#: classic games (chess, connect four): expected, nothing else is.
EXPECTED_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def players_for(edition: str) -> int:
    ed = get_edition(edition)
    return {0: 3, 1: 4, 2: 5}[len(edition) % 3] if ed.max_players >= 5 else ed.min_players


def play_random(e, seed: int, rng_seed: int) -> list[int]:  # type: ignore[no-untyped-def]
    """Play ``e`` to the end from ``reset(seed)`` with uniform random codes from the masks."""
    rng = np.random.default_rng(rng_seed)
    e.reset(seed=seed)
    codes = []
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        codes.append(code)
        e.step(code)
        assert agent in e.possible_agents
    return codes


@pytest.mark.parametrize("edition", EDITION_NAMES)
def test_pettingzoo_api_test_passes(edition: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(edition=edition, players=players_for(edition)), num_cycles=1000)
    assert {str(w.message) for w in caught} <= EXPECTED_WARNINGS


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: env(edition="bluff", players=4), num_cycles=200)


@pytest.mark.parametrize(
    "edition", ["classic", "2025+no-kidding", "first", "bluff", "classic+short"]
)
def test_a_seeded_random_rollout_is_the_engines_own_game(edition: str) -> None:
    players = 4
    e = env(edition=edition, players=players)
    e.reset(seed=21)
    # reset(seed=s) deals new_game(seed=s): the same deck, money and first player
    assert e.unwrapped.game.state == new_game(players, 21, edition)
    codes = play_random(e, seed=21, rng_seed=5)
    end = e.unwrapped.game.state
    assert end.is_terminal and e.unwrapped.game.steps == len(codes)
    # The record the environment writes replays, action by action, in the engine to the same end.
    record = e.unwrapped.record(seats=["rl"] * players)
    assert replay(record) == end
    # The same seed and the same codes give the same game again.
    again = env(edition=edition, players=players)
    again.reset(seed=21)
    for code in codes:
        again.step(code)
    assert again.unwrapped.game.state == end


def test_rewards_are_the_win_shares_or_the_scores() -> None:
    for mode in ("win", "score"):
        e = raw_env(edition="2025", players=3, reward=mode)
        e.reset(seed=3)
        rng = np.random.default_rng(3)
        got = {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                got[agent] = (reward, info)
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        state = e.game.state
        assert state.is_terminal and set(got) == set(e.possible_agents)
        winners = state.winners()
        for seat in range(3):
            reward, info = got[f"player_{seat}"]
            if mode == "score":
                assert reward == float(state.scores()[seat])  # K-END-2
            else:
                assert reward == (1 / len(winners) if seat in winners else 0.0)
            assert info == {"score": state.scores()[seat], "won": seat in winners}


def test_a_long_game_is_truncated_at_max_steps() -> None:
    e = raw_env(players=4, reward="score", max_steps=40)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    while not any(e.truncations.values()):
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 40 and not any(e.terminations.values())
    assert all(e.infos[a]["won"] is False for a in e.agents)
    assert not e.observe(e.agent_selection)["action_mask"].any()


def test_observations_hide_the_other_players_money() -> None:
    # P1 and P2 hold each other's cards (two cards each, the bank unchanged): P0 sees no difference,
    # P1 and P2 do.
    layout = ObservationLayout.for_game("classic", 3)
    herds = {0: {Animal.COW: 1}}
    a = setup_position(3, money={1: (10, 50), 2: (0, 200)}, herds=herds)
    b = setup_position(3, money={1: (0, 200), 2: (10, 50)}, herds=herds)
    assert np.array_equal(layout.vector(a.observation(0)), layout.vector(b.observation(0)))
    for viewer in (1, 2):
        assert not np.array_equal(
            layout.vector(a.observation(viewer)), layout.vector(b.observation(viewer))
        )


def test_observations_are_relative_to_the_viewer_and_in_the_space() -> None:
    e = raw_env(players=4)
    e.reset(seed=8, options={"first_player": 1})
    assert e.agent_selection == "player_1"
    layout = e.layout
    for seat in range(4):
        obs = e.observe(f"player_{seat}")
        assert e.observation_space(f"player_{seat}").contains(obs)
        assert layout.part(obs["observation"], "to_act").tolist() == [
            1.0 if (1 - seat) % 4 == k else 0.0 for k in range(4)
        ]
        assert layout.part(obs["observation"], "seat")[seat] == 1.0
        assert obs["action_mask"].any() == (seat == 1)


def test_the_pile_being_laid_is_seen_by_its_owner_only() -> None:
    e = raw_env(players=3)
    e.reset(seed=4, options={"first_player": 0})
    for code in (0, 57, 1, 2):  # P0 auctions, P1 bids 60, P2 passes, P0 sells: P1 pays
        e.step(code)
    assert e.agent_selection == "player_1" and e.game.state.phase.value == "payment"
    others = {a: e.observe(a)["observation"].copy() for a in ("player_0", "player_2")}
    e.step(6)  # CARD 10
    laying = e.layout.part(e.observe("player_1")["observation"], "pile")
    assert e.layout.part(e.observe("player_1")["observation"], "laying")[0] == 1.0
    assert laying.tolist() == [0, 1, 0, 0, 0, 0]
    for agent, before in others.items():
        assert np.array_equal(e.observe(agent)["observation"], before)


def test_bad_input_gives_one_clear_error_and_changes_nothing() -> None:
    e = env(players=3)
    e.reset(seed=2, options={"first_player": 0})
    state = e.unwrapped.game
    with pytest.raises(
        IllegalActionError,
        match=r"action 1 \(PASS\) is not allowed now: P0 is to act in the turn phase; "
        "the mask allows AUCTION",
    ):
        e.step(1)
    with pytest.raises(
        InvalidActionError,
        match=r"action 999 is not an action code: codes are whole numbers 0\.\.521",
    ):
        e.step(999)
    with pytest.raises(InvalidActionError, match="not an action code"):
        e.step("auction")
    assert e.unwrapped.game is state and e.agent_selection == "player_0"
    with pytest.raises(
        InvalidSetupError,
        match="agent 'player_3' is not an agent of this game: "
        "the agents are player_0, player_1, player_2",
    ):
        e.observe("player_3")
    with pytest.raises(InvalidSetupError, match="agent 'bob' is not an agent"):
        e.action_space("bob")
    with pytest.raises(InvalidSetupError, match="reward='points'"):
        raw_env(reward="points")
    with pytest.raises(UnknownEditionError, match="players=6"):
        raw_env(players=6)
    with pytest.raises(UnknownEditionError, match="variant 'quick' belongs to classic"):
        raw_env(edition="2025", variants=["quick"])
    with pytest.raises(InvalidSetupError, match="first_player 7"):
        e.reset(seed=1, options={"first_player": 7})


def test_reset_without_a_seed_continues_from_the_last_seed() -> None:
    a, b = raw_env(players=3), raw_env(players=3)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.game.state == b.game.state and a.game.state.seed != 5


def test_render_shows_the_acting_players_view() -> None:
    e = raw_env(players=3, render_mode="ansi")
    e.reset(seed=1, options={"first_player": 2})
    text = e.render()
    assert text is not None and text.startswith("P2 (classic), turn, P2 to act")
    assert "my money: 0+0+10+10+10+10+50 = 90" in text
    assert e.describe_action(57) == "BID 60"
