"""The bots (kuhtheory.agents): protocol, legality, determinism, observation only, strength."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.agents import AGENT_NAMES, HeuristicAgent, RandomAgent, make_agent, register_agent
from kuhtheory.agents import heuristic as H
from kuhtheory.agents.play import agent_seed, game_summary, play
from kuhtheory.cards import Animal
from kuhtheory.engine import (
    Auction,
    Bid,
    Counter,
    Pass,
    Pay,
    Phase,
    Preempt,
    Sell,
    Trade,
    new_game,
)
from kuhtheory.errors import InvalidSetupError
from kuhtheory.game import Agent, get_game

EDITIONS = ["classic", "2025", "first", "bluff", "classic+quick", "classic+short",
            "2025+double-move", "2025+no-kidding", "bluff+super-trade", "2025+original"]


def _game(bots, seed=1, edition="classic", players=None):
    players = players or len(bots)
    state = new_game(players=players, seed=seed, edition=edition)
    return play(state, [make_agent(b, agent_seed(seed, k)) for k, b in enumerate(bots)])


# ----- registry ----------------------------------------------------------------------------------
def test_registry_names_and_protocol():
    assert AGENT_NAMES[:2] == ("random", "heuristic")
    for name in ("random", "heuristic"):
        agent = make_agent(name, seed=4)
        assert isinstance(agent, Agent)
        assert agent.name == name
    assert tuple(get_game("kuhhandel").agent_names) == AGENT_NAMES


@pytest.mark.parametrize("bad", ["clever", "", "random,heuristic"])
def test_unknown_agent_names_the_choices(bad):
    with pytest.raises(InvalidSetupError, match="unknown agent .*choose one of random, heuristic"):
        make_agent(bad, seed=0)


def test_agent_seed_must_be_whole():
    with pytest.raises(InvalidSetupError, match="agent seed 1.5"):
        make_agent("random", 1.5)  # type: ignore[arg-type]


def test_register_agent():
    class Passive:
        name = "passive-test"

        def __init__(self, seed):
            self.inner = RandomAgent(seed)

        def act(self, observation, legal_actions):
            return self.inner.act(observation, legal_actions)

    register_agent("passive-test", Passive)
    import kuhtheory.agents as agents

    assert "passive-test" in agents.AGENT_NAMES
    assert make_agent("passive-test", 3).name == "passive-test"
    with pytest.raises(InvalidSetupError):
        register_agent("a,b", Passive)


# ----- every bot plays legally, to the end, in every edition -------------------------------------
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 100_000), edition=st.sampled_from(EDITIONS),
       bots=st.lists(st.sampled_from(["random", "heuristic"]), min_size=3, max_size=5))
def test_bots_finish_every_edition_legally(seed, edition, bots):
    end = _game(bots, seed=seed, edition=edition)  # apply() re-checks every action
    assert end.is_terminal
    families = [a for p in range(len(bots)) for a in end.families(p)]
    assert sorted(a.points for a in families) == sorted(a.points for a in Animal)


def test_agents_are_deterministic_given_their_seed():
    for bots in (["random"] * 4, ["heuristic"] * 4):
        assert _game(bots, seed=7).history == _game(bots, seed=7).history
    assert _game(["random"] * 4, seed=7).history != _game(["random"] * 4, seed=8).history


def test_heuristic_beats_random():
    # One heuristic seat against three random ones: a random seat would win about 1/4 of games.
    wins = 0.0
    games = 12
    for seed in range(games):
        end = _game(["heuristic", "random", "random", "random"], seed=seed)
        if 0 in end.winners():
            wins += 1 / len(end.winners())
    assert wins / games > 0.5


# ----- the random bot ----------------------------------------------------------------------------
def test_random_bids_are_small_raises_and_it_sometimes_passes():
    state = new_game(players=4, seed=2, first_player=0).apply(Auction(player=0))
    legal = state.legal_actions()
    assert state.phase is Phase.BIDDING and len(legal.bid_range) > 3
    bot = RandomAgent(seed=1)
    choices = [bot.act(None, legal) for _ in range(200)]
    bids = [a.amount for a in choices if isinstance(a, Bid)]
    assert set(bids) <= set(legal.bid_range[:3])
    assert 60 < len(bids) < 140  # pass with probability 1/2
    assert any(isinstance(a, Pass) for a in choices)


def test_random_turn_auctions_or_trades_about_half_each():
    end = _game(["random"] * 4, seed=5)
    state = new_game(players=4, seed=5)
    bots = [RandomAgent(agent_seed(5, k)) for k in range(4)]
    # find a turn where both an auction and a trade are possible
    for action in end.history:
        legal = state.legal_actions()
        if state.phase is Phase.TURN and legal.targets and legal.fixed:
            break
        state = state.apply(action)
    else:  # pragma: no cover
        pytest.fail("no turn with both choices")
    picks = [bots[0].act(None, legal) for _ in range(200)]
    trades = sum(isinstance(a, Trade) for a in picks)
    assert 60 < trades < 140
    assert all(a in legal for a in picks)


def test_random_agent_works_on_a_plain_sequence():
    assert RandomAgent(0).act(None, ["a", "b"]) in ("a", "b")
    with pytest.raises(ValueError, match="no legal action"):
        RandomAgent(0).act(None, [])


# ----- the heuristic bot uses only its observation ------------------------------------------------
def _money_swapped(state, player, other):
    """A state equal to ``state`` except that two opponents' hidden money is exchanged."""
    new = state._copy()
    money = list(new._money)
    money[player], money[other] = money[other], money[player]
    new._money = tuple(money)
    return new


def test_heuristic_decides_on_the_observation_only():
    # Two states that differ only in opponents' hidden money look the same to the bot: it must
    # choose the same action in both (same seed).
    end = _game(["heuristic"] * 4, seed=3)
    state = new_game(players=4, seed=3)
    checked = 0
    for action in end.history[:300]:
        p = state.current_player
        others = [q for q in range(4) if q != p]
        twin = _money_swapped(state, others[0], others[1])
        if state.observation(p) == twin.observation(p):
            a = HeuristicAgent(9).act(state.observation(p), state.legal_actions())
            b = HeuristicAgent(9).act(twin.observation(p), twin.legal_actions())
            assert a == b
            checked += 1
        state = state.apply(action)
    assert checked > 20  # equal card counts: the swap is invisible to the player


def test_card_worth_values_families_it_can_complete():
    obs = new_game(players=3, seed=1, first_player=0).observation(0)
    assert H.card_worth(obs, Animal.HORSE) == 250.0
    assert H.card_worth(obs, Animal.ROOSTER) == 2.5
    # K-END-2 (classic): completing a family multiplies the others; a complete family is worth 0.
    end = _game(["heuristic"] * 3, seed=1)
    obs = end.observation(0)
    assert all(H.card_worth(obs, a) == 0 for a in Animal)


def test_k_pay_1_heuristic_pays_with_least_overpay():
    end = _game(["heuristic"] * 4, seed=2)
    state = new_game(players=4, seed=2)
    bot = HeuristicAgent(0)
    seen = 0
    for action in end.history:
        if state.phase is Phase.PAYMENT:
            legal = state.legal_actions()
            choice = bot.act(state.observation(state.current_player), legal)
            assert isinstance(choice, Pay)
            assert sum(choice.cards) == min(sum(a.cards) for a in legal.fixed)
            seen += 1
        state = state.apply(action)
    assert seen > 3


def _hammer_on_a_horse(bid: int):
    """A 3-player classic game at the hammer of the first horse, with one bid of ``bid``."""
    state = new_game(players=3, seed=1, first_player=0)
    while True:
        state = state.apply(Auction(player=state.active_player))
        if state.auction.animals[0] is Animal.HORSE:
            break
        while state.phase is Phase.BIDDING:  # nobody bids: the auctioneer takes it (K-AUC-3)
            state = state.apply(Pass(player=state.current_player))
        while state.phase is not Phase.TURN:
            state = state.apply(state.legal_actions()[0])
    state = state.apply(Bid(player=state.current_player, amount=bid))
    while state.phase is Phase.BIDDING:
        state = state.apply(Pass(player=state.current_player))
    assert state.phase is Phase.HAMMER
    return state


def test_k_auc_4_heuristic_preempts_a_cheap_hammer():
    # A first horse is worth a quarter of 1000 points; a bid of 10 costs the auctioneer 10 to
    # preempt: it preempts. A bid of 80 is beyond what it spends on one card: it sells.
    cheap = _hammer_on_a_horse(10)
    p = cheap.current_player
    assert isinstance(HeuristicAgent(0).act(cheap.observation(p), cheap.legal_actions()), Preempt)
    dear = _hammer_on_a_horse(80)
    assert isinstance(HeuristicAgent(0).act(dear.observation(p), dear.legal_actions()), Sell)


def test_k_trd_2_heuristic_counters_when_winning_completes_its_family():
    # Find, in seeded heuristic games, a trade response where the responder would complete its
    # family by winning: it must counter, not accept.
    found = 0
    for seed in range(6):
        end = _game(["heuristic"] * 4, seed=seed)
        state = new_game(players=4, seed=seed)
        for action in end.history:
            if state.phase is Phase.TRADE_RESPONSE and state.observation(
                state.current_player
            ).money_total > 0:
                t = state.trade
                me = state.current_player
                n = state.edition.cards_per_family
                if state.animals(me).get(t.animal, 0) + t.stake >= n:
                    assert isinstance(action, Counter), action
                    found += 1
            state = state.apply(action)
    assert found > 0


def test_heuristic_needs_kuhhandel_legal_actions():
    obs = new_game(players=3, seed=1).observation(0)
    with pytest.raises(ValueError, match="no Kuhhandel legal actions"):
        HeuristicAgent(0).act(obs, [])


# ----- play and summaries ------------------------------------------------------------------------
def test_play_checks_the_seat_count():
    with pytest.raises(InvalidSetupError, match="2 agents"):
        play(new_game(players=3, seed=1), [RandomAgent(0), RandomAgent(1)])


def test_play_stops_a_game_that_never_ends():
    class Endless:
        """A game in which nothing ever changes."""

        players = 2
        is_terminal = False
        current_player = 0

        def legal_actions(self):
            return ["wait"]

        def observation(self, player):
            return None

        def apply(self, action):
            return self

    with pytest.raises(InvalidSetupError, match="no end after 300 actions"):
        play(Endless(), [RandomAgent(0), RandomAgent(1)], max_actions=300)


def test_game_summary_fields():
    end = _game(["heuristic", "random", "random"], seed=4)
    s = game_summary(end)
    assert s["seed"] == 4 and s["edition"] == "classic" and s["players"] == 3
    assert s["scores"] == list(end.scores()) and s["winners"] == list(end.winners())
    assert s["winner"] == (s["winners"][0] if len(s["winners"]) == 1 else None)
    assert sorted(sum(s["families"], [])) == sorted(a.name.lower() for a in Animal)
    assert s["money"] == [end.money_total(p) for p in range(3)]
    assert s["bonus"] is None and s["turns"] == end.turn
