"""The OpenSpiel games (kuhtheory.interop.openspiel): OpenSpiel's random simulation test for every
edition and variant, chance as the deal, hidden information in the information states, and the
trade subgame's value from OpenSpiel's CFR+ against solve_trade (K-TRD-1..4)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from interop_helpers import EDITION_NAMES

pyspiel = pytest.importorskip("pyspiel")

from kuhtheory.editions import get_edition  # noqa: E402
from kuhtheory.engine import new_game  # noqa: E402
from kuhtheory.errors import (  # noqa: E402
    IllegalActionError,
    InvalidActionError,
    InvalidSetupError,
    SolverInputError,
    UnknownEditionError,
)
from kuhtheory.interop.encoding import CARD_0, DONE  # noqa: E402
from kuhtheory.interop.openspiel import (  # noqa: E402
    DEALS,
    GAME_NAME,
    TRADE_GAME_NAME,
    cfr_value,
)
from kuhtheory.solvers import solve_trade  # noqa: E402


def load(name: str, **params: object):  # type: ignore[no-untyped-def]
    return pyspiel.load_game(name, params)


def edition_params(name: str) -> dict[str, object]:
    edition, *variants = name.split("+")
    return {"edition": edition, "variants": "+".join(variants)}


def test_importing_registers_both_games_with_kuhhandel_in_their_names() -> None:
    names = pyspiel.registered_names()
    assert GAME_NAME in names and TRADE_GAME_NAME in names
    assert "kuhhandel" in GAME_NAME and "kuhhandel" in TRADE_GAME_NAME


@pytest.mark.parametrize("name", EDITION_NAMES)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    # One uniformly random game per edition and variant (random play is long: 1,000 to 3,000
    # codes), three players (five for one edition, to cover the largest table); the game string
    # round trip (serialize) for a few.
    players = 5 if name == "2025" else get_edition(name).min_players
    game = load(GAME_NAME, players=players, **edition_params(name))
    pyspiel.random_sim_test(
        game, num_sims=1, serialize=name in ("2025", "classic+short"), verbose=False
    )


def test_the_game_describes_itself() -> None:
    game = load(GAME_NAME, players=4, reward="score")
    info = game.get_type()
    assert info.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 4 and game.num_distinct_actions() == 522
    assert game.max_chance_outcomes() == DEALS and game.max_utility() == 38500.0  # 3850 x 10
    assert game.observation_tensor_shape() == [game.observation_tensor_size()]
    assert load(GAME_NAME, edition="first").max_utility() == 1.0


def test_chance_draws_the_deal_of_a_seed_and_hides_it() -> None:
    game = load(GAME_NAME, players=3, deals=1000)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 1000 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    a, b = state.child(17), state.child(18)
    assert a.engine_state == new_game(3, 17)  # the engine's own game with that seed
    # the seed is in no observation: two deals with the same start look the same to everyone
    for player in range(3):
        assert a.information_state_string(player) == b.information_state_string(player)
        assert a.observation_string(player) == b.observation_string(player)
        assert a.observation_tensor(player) == b.observation_tensor(player)
    fixed = load(GAME_NAME, players=3, seed=17).new_initial_state()
    assert not fixed.is_chance_node() and fixed.engine_state == a.engine_state


def first_player_0_state():  # type: ignore[no-untyped-def]
    """A 3-player classic game after the deal of a seed where P0 starts and the first card is no
    donkey: then P0 auctions (code 0), P1 bids 60 (57), P2 passes (1), P0 sells (2), and P1 pays
    60 from 0,0,10,10,10,10,50 (K-PAY-1: the one irreducible payment is 10+50)."""
    seed = next(
        s
        for s in range(100)
        if new_game(3, s).current_player == 0 and new_game(3, s).deck[0].name != "DONKEY"
    )
    state = load(GAME_NAME, players=3, deals=100).new_initial_state()
    state.apply_action(seed)
    for code in (0, 57, 1, 2):
        state.apply_action(code)
    assert state.engine_state.phase.value == "payment" and state.current_player() == 1
    return state


def test_cards_being_laid_stay_hidden_until_handed_over() -> None:
    state = first_player_0_state()
    before = [state.information_state_string(p) for p in range(3)]
    state.apply_action(CARD_0 + 1)  # P1 lays a 10
    after = [state.information_state_string(p) for p in range(3)]
    assert after[0] == before[0] and after[2] == before[2]
    assert after[1] == before[1] + "\nI CARD 10"
    assert [state.observation_string(p) for p in (0, 2)] != [] and "laying" not in (
        state.observation_string(0) + state.observation_string(2)
    )
    assert "laying: 10 = 10" in state.observation_string(1)
    state.apply_action(CARD_0 + 2)  # and a 50
    state.apply_action(DONE)  # Pay(1, (10, 50)): the table sees two cards, P0 (the payee) the cards
    last = [state.information_state_string(p).splitlines()[-1] for p in range(3)]
    assert last[2].startswith("P1 pay cards=2: ") and "money=" not in last[2]
    assert last[0].startswith("P1 pay cards=2: ") and "money=(0,0,10,10,10,10,10,50,50)" in last[0]
    assert last[1].startswith("I DONE: ") and "money=(0,0,10,10,10)" in last[1]


def test_information_states_have_perfect_recall() -> None:
    # The same moves give the same information state; P1's own different moves give different
    # ones, and the difference stays in every later information state of his.
    a, b, c = first_player_0_state(), first_player_0_state(), first_player_0_state()
    for state in (a, b):
        for code in (CARD_0 + 1, CARD_0 + 2, DONE):
            state.apply_action(code)
    assert a.information_state_string(1) == b.information_state_string(1)
    c.apply_action(CARD_0 + 1)
    assert c.information_state_string(1) != a.information_state_string(1)
    assert not a.information_state_string(1).startswith(c.information_state_string(1) + "\nI DONE")


def test_returns_are_win_shares_or_scores() -> None:
    for reward in ("win", "score"):
        state = load(GAME_NAME, players=3, seed=2, reward=reward).new_initial_state()
        rng = np.random.default_rng(2)
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        end = state.engine_state
        if reward == "score":
            assert state.returns() == [float(s) for s in end.scores()]
        else:
            winners = end.winners()
            assert state.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(3)]


def test_a_game_stops_at_max_steps_with_nobody_winning() -> None:
    state = load(GAME_NAME, players=3, seed=2, max_steps=30).new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.coded.steps == 30 and not state.engine_state.is_terminal
    assert state.returns() == [0.0, 0.0, 0.0]


def test_bad_parameters_and_actions_give_one_clear_error() -> None:
    with pytest.raises(UnknownEditionError, match="players=7 is not possible in 'classic'"):
        load(GAME_NAME, players=7)
    with pytest.raises(UnknownEditionError, match="unknown edition 'chess'"):
        load(GAME_NAME, edition="chess")
    with pytest.raises(InvalidSetupError, match="reward='points'"):
        load(GAME_NAME, reward="points")
    with pytest.raises(InvalidSetupError, match="deals=0 must be a whole number >= 1"):
        load(GAME_NAME, deals=0)
    state = load(GAME_NAME, players=3, deals=10).new_initial_state()
    with pytest.raises(InvalidActionError, match="chance outcome 10 is not a deal: deals are 0..9"):
        state.apply_action(10)
    state.apply_action(3)
    with pytest.raises(IllegalActionError, match=r"action 1 \(PASS\) is not allowed now"):
        state.apply_action(1)
    with pytest.raises(SolverInputError, match="A's hand '0 20': money card 20"):
        load(TRADE_GAME_NAME, a="0 20")
    with pytest.raises(SolverInputError, match="probabilities '1/2;1/3'"):
        load(TRADE_GAME_NAME, a="0 10;10 10", probabilities="1/2;1/3")
    with pytest.raises(SolverInputError, match="hands B cannot tell apart must have equally many"):
        load(TRADE_GAME_NAME, a="0 10;10", b="10")  # the card count is public


def test_game_strings_load_again_even_with_numbers_in_words() -> None:
    # OpenSpiel reads "edition=2025" in a game string as a number; the games keep such words.
    game = load(GAME_NAME, players=3, edition="2025+no-kidding", seed=1)
    assert game.get_parameters()["edition"] == "2025 "
    assert game.get_parameters()["variants"] == "no-kidding"
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().engine_state == game.new_initial_state().engine_state
    trade = load(TRADE_GAME_NAME, a="10", b="0 50", value="20", edition="2025")
    assert pyspiel.load_game(str(trade)).get_parameters() == trade.get_parameters()
    typed = pyspiel.load_game(f"{TRADE_GAME_NAME}(a=0 10,b=10 ,value=30 )")
    assert typed.get_parameters()["a"] == "0 10 " and typed.num_players() == 2


# ---------------------------------------------------------------------------------------------
# The trade subgame


#: Small hands for each distinct trade rule (responder may accept, settlement, tie rule): classic
#: (re-offer after a tie), 2025 (offerer wins ties), first (winner pays), bluff (no accept),
#: bluff's super trade (a tie gives A the animal free). The hands allow ties.
TRADES = [
    ("classic", "0 10", "10", "30"),
    ("2025", "0 10", "10", "30"),
    ("first", "0 10 10", "10 50", "40"),
    ("bluff", "10 10", "0 50", "60"),
    ("bluff+super-trade", "0 10", "10", "30"),
]


@pytest.mark.parametrize(("edition", "a", "b", "value"), TRADES)
def test_openspiel_cfr_value_of_the_trade_agrees_with_solve_trade(
    edition: str, a: str, b: str, value: str
) -> None:
    # CFR+ on the engine's own trade (OpenSpiel's solver) against the sequence-form LP of
    # solve_trade: the exact value lies within NashConv of the CFR+ profile's value.
    game = load(TRADE_GAME_NAME, edition=edition, a=a, b=b, value=value)
    got = cfr_value(game, iterations=150)
    exact = solve_trade(edition, a, b, value, exact=True)
    assert exact.value_exact is not None
    assert got.nash_conv < 0.25  # a fair approximation: values here are 20 to 50
    assert abs(got.value - float(exact.value_exact)) <= got.nash_conv + 1e-9


def test_the_trade_with_a_hand_b_does_not_know() -> None:
    # A chance node draws A's hand; B's information states do not tell the hands apart (the
    # looker-on seat keeps the bank the same), and the value is solve_trade's with a distribution.
    game = load(
        TRADE_GAME_NAME, edition="2025", a="0 10;10 10", b="10", value="30", probabilities="1/3;2/3"
    )
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, pytest.approx(1 / 3)), (1, pytest.approx(2 / 3))]
    first, second = state.child(0), state.child(1)
    assert first.information_state_string(1) == second.information_state_string(1)
    assert first.information_state_string(0) != second.information_state_string(0)
    got = cfr_value(game, iterations=150)
    exact = solve_trade(
        "2025", [("0,10", Fraction(1, 3)), ("10,10", Fraction(2, 3))], "10", 30, exact=True
    )
    assert exact.value_exact is not None and got.nash_conv < 0.25
    assert abs(got.value - float(exact.value_exact)) <= got.nash_conv + 1e-9


def test_b_sees_how_many_cards_a_laid_not_which() -> None:
    # K-TRD-1: A lays 0 or 10 (one card each): B's information state is the same; A's differs.
    game = load(TRADE_GAME_NAME, edition="classic", a="0 10", b="10", value="30")
    zero, ten = game.new_initial_state(), game.new_initial_state()
    zero.apply_action(CARD_0)
    zero.apply_action(DONE)
    ten.apply_action(CARD_0 + 1)
    ten.apply_action(DONE)
    assert zero.current_player() == ten.current_player() == 1
    assert zero.information_state_string(1) == ten.information_state_string(1)
    assert zero.information_state_string(0) != ten.information_state_string(0)


def test_a_settled_trade_pays_a_his_money_change_plus_the_animal() -> None:
    # classic, K-TRD-3: A offers 10 (one card), B counters 0: A wins the cow (worth 30) and the
    # piles are exchanged: A's money changes by 0 - 10, so A gets 30 - 10 = 20.
    game = load(TRADE_GAME_NAME, edition="classic", a="0 10", b="0 10", value="30")
    state = game.new_initial_state()
    for code in (CARD_0 + 1, DONE, CARD_0, DONE):
        state.apply_action(code)
    assert state.is_terminal() and state.payoff() == 20 and state.returns() == [20.0, -20.0]
