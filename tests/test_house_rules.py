"""House rule K-HOUSE-1 (a thrice repeated position ends the game) and the property it buys: no
game of any edition runs for ever, whatever the bots (issue 16, item 1)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import Phase as Stage
from hypothesis import given, settings
from hypothesis import strategies as st

# the end-of-game properties random games are checked for (families, money, scores, winners)
from test_engine_properties import _check_end as check_end

from kuhtheory import record as rec
from kuhtheory.agents import make_agent
from kuhtheory.agents.play import agent_seed, play
from kuhtheory.cards import Animal
from kuhtheory.cli import main
from kuhtheory.editions import VARIANTS, Deadlock, get_edition
from kuhtheory.engine import Phase, new_game, setup_position
from kuhtheory.engine.events import GameEnded, PositionRepeated

COMBOS = [("classic", ()), ("2025", ()), ("first", ()), ("bluff", ())] + [
    (v.editions[0], (key,)) for key, v in VARIANTS.items()
]
IDS = ["+".join((e, *v)) for e, v in COMBOS]
#: A bound no game comes near unless it loops. Real games take 200-900 actions; bots that always
#: raise by the least step run every auction up to all the money in play (about 450 bids, again
#: after each insolvency, K-PAY-2): up to some 100,000 actions.
LIMIT = 300_000


#: A failing example is printed as found: shrinking an endless game would take hours.
NO_SHRINKING = (Stage.explicit, Stage.reuse, Stage.generate)


def goose_endgame(edition="2025", mine=(), theirs=(), active=0):
    """A 2025 endgame: seats 0 and 1 hold one and two geese and the given money, seat 2 owns
    every other family; the deck is empty, so seat ``active`` must trade (K-END-1)."""
    rest = {a: 3 for a in Animal if a is not Animal.GOOSE}
    return setup_position(
        3,
        edition,
        money={0: mine, 1: theirs, 2: ()},
        herds={0: {Animal.GOOSE: 1}, 1: {Animal.GOOSE: 2}, 2: rest},
        deck=(),
        active=active,
    )


# ----- the rule --------------------------------------------------------------------------------
def test_k_house_1_ends_the_moneyless_2025_deadlock_at_the_third_repetition():
    state = goose_endgame()
    turns = []
    while not state.is_terminal:
        if state.phase is Phase.TURN:
            turns.append((state.current_player, state.herd(0)[1], state.herd(1)[1]))
        state = state.apply(state.legal_actions()[0])  # trade with nothing; accept
    # P0 (1 goose) takes one, P1 (now 1) takes it back, ...: the start comes round twice more
    assert turns == [(0, 1, 2), (1, 2, 1), (0, 1, 2), (1, 2, 1)]
    assert state.ended_by_repetition and state.phase is Phase.GAME_OVER
    assert state.current_player is None and len(state.legal_actions()) == 0
    repeated, ended = state.events[-2:]
    assert repeated == PositionRepeated(player=0) and "K-HOUSE-1" in repeated.text()
    assert isinstance(ended, GameEnded) and ended.scores == state.scores()
    # the open goose family scores nothing; seat 2's nine families score as usual (x 9)
    assert state.family_owner(Animal.GOOSE) is None
    assert state.scores() == (0, 0, (sum(a.points for a in Animal) - 40) * 9)
    assert state.winners() == (2,)


def test_k_house_1_a_position_seen_twice_plays_on():
    state = goose_endgame()
    for _ in range(6):  # two full trades each way: positions seen twice
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.TURN and not state.is_terminal


def test_k_house_1_counts_the_money_too():
    # With money the piles change hands: the position is the same only when every hand is.
    state = goose_endgame(mine=(10,), theirs=(10,))
    seen = []
    while not state.is_terminal:
        if state.phase is Phase.TURN:
            seen.append((state.current_player, state.money(0), state.money(1)))
        legal = state.legal_actions()
        state = state.apply(legal[0])
    assert state.ended_by_repetition
    assert seen.count(seen[-1]) == 2  # the third occurrence ended it before the turn began


def test_k_house_1_is_the_editions_deadlock_field_and_can_be_switched_off():
    assert {get_edition(e).deadlock for e, _ in COMBOS} == {Deadlock.THIRD_REPETITION}
    printed = dataclasses.replace(get_edition("2025"), deadlock=Deadlock.NONE)
    state = goose_endgame(printed)
    for _ in range(200):
        state = state.apply(state.legal_actions()[0])
    assert not state.is_terminal and not state.ended_by_repetition


def test_k_house_1_a_deadlocked_game_ends_and_its_record_replays(tmp_path):
    # `kuhtheory simulate --edition 2025 --players 5 --games 100 --seed 1 --bots heuristic` lost
    # its run to seed 63, a deadlock; the house rule ends it.
    start = new_game(players=5, seed=63, edition="2025")
    bots = [make_agent("heuristic", agent_seed(63, k)) for k in range(5)]
    end = play(start, bots)
    assert end.is_terminal and end.ended_by_repetition
    record = rec.loads(rec.dumps(rec.record_from_state(end, seats=["heuristic"] * 5)))
    assert record["result"]["terminal"] is True
    assert rec.replay(record) == end


def test_the_simulate_run_that_never_ended_now_ends(capsys):
    argv = ["simulate", "--edition", "2025", "--players", "5", "--games", "100", "--seed", "1"]
    assert main([*argv, "--bots", "heuristic", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["games"] == 100 and data["summary"]["unfinished"] == 0


# ----- no game runs for ever ---------------------------------------------------------------------
class FirstLegal:
    """An adversary: always the first listed action (the smallest bid, trading with nothing)."""

    name = "first"
    uses_observation = False

    def act(self, observation, legal):
        return legal[0]


class LastLegal:
    """An adversary: always the last listed action (the highest bid, the largest pile)."""

    name = "last"
    uses_observation = False

    def act(self, observation, legal):
        return legal[len(legal) - 1]


def _bots(names, seed):
    made = {"first": FirstLegal, "last": LastLegal}
    return [
        made[n]() if n in made else make_agent(n, agent_seed(seed, k)) for k, n in enumerate(names)
    ]


@pytest.mark.parametrize(("edition", "variants"), COMBOS, ids=IDS)
@settings(max_examples=5, deadline=None, database=None, phases=NO_SHRINKING)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(3, 5),
    lineup=st.lists(st.sampled_from(["random", "heuristic", "first", "last"]), min_size=5),
    heuristic_seat=st.integers(0, 4),
)
def test_no_game_runs_for_ever_with_random_heuristic_or_adversarial_bots(
    edition, variants, seed, players, lineup, heuristic_seat
):
    names = list(lineup[:players])
    names[heuristic_seat % players] = "heuristic"  # a heuristic bot sits at every table
    start = new_game(players=players, seed=seed, edition=edition, variants=variants)
    end = play(start, _bots(names, seed), max_actions=LIMIT)
    check_end(end)  # play raises if the game has not ended after LIMIT actions


def test_the_equilibrium_bot_ends_its_own_loop():
    # 2025, 4 players, seed 28: the holder of two goats offered nothing at every turn (its
    # belief gave the other a 200 he did not have), lost the goat and took it back, for ever.
    # Now the bot lays its strongest offer when a position comes round again, and wins the goat;
    # even with the house rule off the game ends, and not by repetition.
    printed = dataclasses.replace(get_edition("2025"), deadlock=Deadlock.NONE)
    start = new_game(players=4, seed=28, edition=printed)
    end = play(start, _bots(["equilibrium"] * 4, 28), max_actions=3000)
    assert end.is_terminal and not end.ended_by_repetition


@pytest.mark.parametrize(("edition", "variants"), COMBOS, ids=IDS)
def test_no_game_runs_for_ever_with_the_equilibrium_bot(edition, variants):
    # one seeded game per edition and variant: the equilibrium bot is slow (about a second a game)
    seed = sum(map(ord, "+".join((edition, *variants))))
    rng = random.Random(seed)
    players = rng.choice([3, 4, 5])
    others = ["heuristic", "random", "first", "last"]
    names = ["equilibrium", "equilibrium", "heuristic"] + rng.choices(others, k=players - 3)
    rng.shuffle(names)
    start = new_game(players=players, seed=seed, edition=edition, variants=variants)
    end = play(start, _bots(names, seed), max_actions=LIMIT)
    check_end(end)
