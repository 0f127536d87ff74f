"""Trades and the end of the game: K-TURN-2, K-TRD-1..4, K-END-1, K-END-2, the double move."""

from __future__ import annotations

import pytest
from engine_helpers import A, deck_with, endgame, hand_total, money_everywhere, play

from kuhtheory.engine import (
    Accept,
    Auction,
    Counter,
    IllegalActionError,
    InvalidActionError,
    Offer,
    Pass,
    Phase,
    Trade,
    events,
    setup_position,
)

EDITIONS = ["classic", "2025", "first", "bluff"]


def sheep_trade(edition="classic", a_money=(10, 50, 200), b_money=(10, 10, 50, 200), **kw):
    """P0 and P1 own one sheep each; the deck is empty; P0 to play."""
    return endgame(
        3,
        edition,
        {0: {A.SHEEP: 1}, 1: {A.SHEEP: 1}},
        rest_to=2,
        money={0: a_money, 1: b_money},
        **kw,
    )


# ----- K-TURN-2 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_turn_2_trade_needs_both_to_own_the_species(edition):
    s = setup_position(3, edition, herds={0: {A.COW: 1}, 1: {A.COW: 1}, 2: {A.PIG: 1}})
    assert set(s.trade_targets()) == {(1, A.COW)}
    with pytest.raises(IllegalActionError, match=r"P2 owns no Cow.*K-TURN-2"):
        s.apply(Trade(0, 2, A.COW, ()))
    with pytest.raises(IllegalActionError, match=r"P0 owns no Pig.*K-TURN-2"):
        s.apply(Trade(0, 2, A.PIG, ()))
    assert s.is_legal(Trade(0, 1, A.COW, ()))


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_turn_2_no_trade_at_the_start(edition):
    from kuhtheory.engine import new_game

    s = new_game(players=3, seed=1, edition=edition)
    assert s.trade_targets() == () and list(s.legal_actions()) == [Auction(s.active_player)]


def test_k_turn_2_complete_family_cannot_be_traded():
    s = endgame(3, "classic", {0: {A.COW: 4, A.PIG: 1}, 1: {A.PIG: 3}})
    assert s.trade_targets() == ((1, A.PIG),)


# ----- K-TRD-1 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_trd_1_face_down_offer_card_count_is_public(edition):
    s = sheep_trade(edition)
    s = s.apply(Trade(0, 1, A.SHEEP, (10, 50)))
    assert s.phase is Phase.TRADE_RESPONSE and s.current_player == 1
    seen_by_b = s.observation(1).trade
    assert seen_by_b.offer_count == 2 and seen_by_b.offer is None
    assert s.observation(0).trade.offer == (10, 50)
    assert s.observation(2).trade.offer is None and s.observation(2).trade.offer_count == 2
    assert s.money(0) == (200,)  # the pile is on the table


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_trd_1_empty_or_zero_only_offer_is_legal(edition):
    s = sheep_trade(edition, a_money=(0, 0))
    assert s.is_legal(Trade(0, 1, A.SHEEP, ()))
    assert s.is_legal(Trade(0, 1, A.SHEEP, (0, 0)))
    with pytest.raises(IllegalActionError, match="not all in P0's hand"):
        s.apply(Trade(0, 1, A.SHEEP, (10,)))


def test_k_trd_1_cannot_trade_with_oneself():
    with pytest.raises(InvalidActionError):
        Trade(0, 0, A.SHEEP, ())


def test_k_trd_1_opponent_must_be_a_seat():
    s = sheep_trade()
    with pytest.raises(InvalidActionError, match="not a seat"):
        s.apply(Trade(0, 7, A.SHEEP, ()))


def test_k_trd_1_legal_trades_list_every_pile():
    s = sheep_trade(a_money=(0, 0, 10))
    la = s.legal_actions()
    assert la.kind == "trade" and la.targets == ((1, A.SHEEP), (2, A.SHEEP))
    assert len(la) == 2 * 6  # sub-multisets of {0, 0, 10}: 3 x 2
    assert Trade(0, 1, A.SHEEP, (0, 10)) in la and Trade(0, 1, A.SHEEP, (10, 10)) not in la


# ----- K-TRD-2 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["classic", "2025", "first"])
def test_k_trd_2_accept_takes_the_money_hands_over_the_animal(edition):
    s = sheep_trade(edition).apply(Trade(0, 1, A.SHEEP, (10, 50)))
    s = s.apply(Accept(1))
    assert s.animals(0)[A.SHEEP] == 2 and A.SHEEP not in s.animals(1)
    assert hand_total(s, 1) == 270 + 60 and s.money(0) == (200,)
    # P1 now owns no animal in play: his turn passes (K-END-1), P2 plays.
    assert s.active_player == 2 and isinstance(s.events[-1], events.TurnPassed)


def test_k_trd_2_bluff_the_challenged_player_must_counter():
    s = sheep_trade("bluff").apply(Trade(0, 1, A.SHEEP, (10,)))
    assert Accept(1) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="must lay a counter-offer.*K-TRD-2"):
        s.apply(Accept(1))


def test_k_trd_2_bluff_super_trade_also_has_no_accept():
    s = sheep_trade("bluff", variants=("super-trade",)).apply(Trade(0, 1, A.SHEEP, ()))
    assert not s.is_legal(Accept(1))


# ----- K-TRD-3: the worked example (classic): 260 against 250 -----------------------------------


def test_k_trd_3_classic_example_260_vs_250_offerer_wins_net_10():
    s = sheep_trade("classic", a_money=(10, 50, 200), b_money=(50, 200))
    s = play(s, Trade(0, 1, A.SHEEP, (10, 50, 200)), Counter(1, (50, 200)))
    assert s.animals(0)[A.SHEEP] == 2 and A.SHEEP not in s.animals(1)
    assert hand_total(s, 0) == 260 - 10 and hand_total(s, 1) == 260  # A paid net 10
    assert s.observation(0).revealed[-1][1:] == (1, (50, 200))
    assert s.observation(1).revealed[-1][1:] == (0, (10, 50, 200))
    assert s.observation(2).revealed == ()


def test_k_trd_3_classic_example_had_b_accepted():
    s = sheep_trade("classic", a_money=(10, 50, 200), b_money=(50, 200))
    s = play(s, Trade(0, 1, A.SHEEP, (10, 50, 200)), Accept(1))
    assert hand_total(s, 1) == 250 + 260 and A.SHEEP not in s.animals(1)


def test_k_trd_3_classic_example_b_counters_270_wins_net_10():
    s = sheep_trade("classic", a_money=(10, 50, 200), b_money=(10, 10, 50, 200))
    s = play(s, Trade(0, 1, A.SHEEP, (10, 50, 200)), Counter(1, (10, 10, 50, 200)))
    assert s.animals(1)[A.SHEEP] == 2 and A.SHEEP not in s.animals(0)
    assert hand_total(s, 1) == 260 and hand_total(s, 0) == 270


@pytest.mark.parametrize("edition", ["first", "bluff"])
def test_k_trd_3_winner_pays_his_pile_zeros_go_back(edition):
    # first/bluff: the winner pays his own pile to the loser, the loser keeps his own pile;
    # 0-cards go back at once.
    s = sheep_trade(edition, a_money=(0, 0, 10, 50), b_money=(0, 10, 10))
    s = play(s, Trade(0, 1, A.SHEEP, (0, 0, 50)), Counter(1, (0, 10)))
    assert s.animals(0)[A.SHEEP] == 2
    assert s.money(0) == (0, 0, 10)  # his 50 went to B, his zeros came back
    assert s.money(1) == (0, 10, 10, 50)  # his own pile back plus A's 50
    resolved = [e for e in s.events if isinstance(e, events.TradeResolved)][-1]
    assert (resolved.winner, resolved.to_offerer, resolved.to_opponent) == (0, 0, 1)


@pytest.mark.parametrize("edition", ["first", "bluff"])
def test_k_trd_3_winner_pays_when_b_wins(edition):
    s = sheep_trade(edition, a_money=(0, 10), b_money=(0, 50))
    s = play(s, Trade(0, 1, A.SHEEP, (0, 10)), Counter(1, (0, 50)))
    assert s.animals(1)[A.SHEEP] == 2
    assert s.money(0) == (0, 10, 50) and s.money(1) == (0,)


def test_k_trd_3_super_trade_piles_kept_higher_wins():
    s = sheep_trade("bluff", variants=("super-trade",), a_money=(0, 10), b_money=(0, 50))
    s = play(s, Trade(0, 1, A.SHEEP, (0, 10)), Counter(1, (0, 50)))
    assert s.animals(1)[A.SHEEP] == 2
    assert s.money(0) == (0, 50) and s.money(1) == (0, 10)


# ----- ties -------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["2025", "first", "bluff"])
def test_k_trd_3_tie_offerer_wins(edition):
    s = sheep_trade(edition, a_money=(10, 50), b_money=(10, 10, 10, 10, 10, 10))
    s = play(s, Trade(0, 1, A.SHEEP, (10, 50)), Counter(1, (10, 10, 10, 10, 10, 10)))
    assert s.animals(0)[A.SHEEP] == 2
    if edition == "2025":  # each keeps what he received
        assert s.money(0) == (10,) * 6 and s.money(1) == (10, 50)


def test_k_trd_3_classic_tie_reoffer_then_free():
    s = sheep_trade("classic", a_money=(10, 50), b_money=(10, 50))
    s = play(s, Trade(0, 1, A.SHEEP, (10, 50)), Counter(1, (10, 50)))
    # The money goes back, A offers again for the same animal.
    assert s.phase is Phase.TRADE_REOFFER and s.current_player == 0
    assert s.money(0) == (10, 50) and s.money(1) == (10, 50)
    assert isinstance(s.events[-1], events.TradeTied)
    s = s.apply(Offer(0, (10,)))
    assert s.phase is Phase.TRADE_RESPONSE and s.current_player == 1 and s.trade.round == 2
    t = s.apply(Counter(1, (10,)))  # a second tie: B gives the animal to A for free
    assert t.animals(0)[A.SHEEP] == 2 and t.money(0) == (10, 50) and t.money(1) == (10, 50)
    assert [getattr(e, "how", None) for e in t.events if isinstance(e, events.TradeResolved)] == [
        "free"
    ]
    u = s.apply(Counter(1, (50,)))  # B may win the second round
    assert u.animals(1)[A.SHEEP] == 2
    v = s.apply(Accept(1))  # or accept
    assert v.animals(0)[A.SHEEP] == 2 and v.money(1) == (10, 10, 50)


def test_k_trd_3_super_trade_tie_gives_the_animal_for_free():
    s = sheep_trade("bluff", variants=("super-trade",), a_money=(50,), b_money=(10,) * 5)
    s = play(s, Trade(0, 1, A.SHEEP, (50,)), Counter(1, (10,) * 5))
    assert s.animals(0)[A.SHEEP] == 2 and s.money(0) == (50,) and s.money(1) == (10,) * 5


# ----- K-TRD-4 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["classic", "first", "bluff"])
def test_k_trd_4_pair_vs_pair_trades_both(edition):
    s = endgame(3, edition, {0: {A.COW: 2}, 1: {A.COW: 2}})
    s = s.apply(Trade(0, 1, A.COW, ()))
    assert s.trade.stake == 2
    s = s.apply(Counter(1, (10,)))
    assert s.animals(1)[A.COW] == 4 and A.COW not in s.animals(0)
    assert s.family_owner(A.COW) == 1


@pytest.mark.parametrize("edition", ["classic", "first", "bluff"])
def test_k_trd_4_one_vs_two_trades_one(edition):
    s = endgame(3, edition, {0: {A.COW: 1}, 1: {A.COW: 2}, 2: {A.COW: 1}})
    s = play(s, Trade(0, 1, A.COW, (10,)), Counter(1, ()))
    assert s.trade is None and s.animals(0)[A.COW] == 2 and s.animals(1)[A.COW] == 1


def test_k_trd_4_three_vs_one_trades_one():
    s = endgame(3, "classic", {0: {A.COW: 3}, 1: {A.COW: 1}})
    s = play(s, Trade(0, 1, A.COW, ()), Counter(1, (10,)))
    assert s.animals(1)[A.COW] == 2 and s.animals(0)[A.COW] == 2


def test_k_trd_4_2025_original_pair_trade():
    s = endgame(3, "2025", {0: {A.COW: 2}, 1: {A.COW: 2}}, variants=("original",))
    assert s.apply(Trade(0, 1, A.COW, ())).trade.stake == 2


def test_k_trd_4_2025_three_cards_a_family_one_card():
    s = endgame(3, "2025", {0: {A.COW: 2}, 1: {A.COW: 1}})
    assert s.apply(Trade(0, 1, A.COW, ())).trade.stake == 1


# ----- K-END-1 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_end_1_empty_deck_must_trade(edition):
    s = endgame(3, edition, {0: {A.COW: 1}, 1: {A.COW: 1}}, rest_to=2)
    assert Auction(0) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="K-END-1"):
        s.apply(Auction(0))


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_end_1_player_with_only_complete_families_passes(edition):
    # P2 holds only complete families (the parked ones): his turn passes automatically.
    s = endgame(
        3, edition, {0: {A.COW: 1, A.PIG: 1}, 1: {A.COW: 1, A.PIG: 1}}, active=2, park=2, rest_to=0
    )
    assert s.active_player == 0 and s.turn == 1
    assert isinstance(s.events[-1], events.TurnPassed) and s.events[-1].player == 2


def test_k_end_1_player_with_no_animal_passes():
    s = endgame(4, "classic", {0: {A.COW: 2}, 1: {A.COW: 2}}, active=2, park=3)
    assert s.active_player == 0 and s.turn == 2
    assert [e.player for e in s.events if isinstance(e, events.TurnPassed)] == [2, 3]


def test_k_end_1_someone_can_always_trade_while_a_family_is_incomplete():
    # With the deck empty every card is owned: an incomplete family has two owners.
    from kuhtheory.agents.random import RandomAgent

    for seed in range(30):
        s = endgame(4, "classic", {0: {A.COW: 1, A.PIG: 2}, 1: {A.COW: 3}, 2: {A.PIG: 2}}, park=3)
        bot = RandomAgent(seed)
        while not s.is_terminal:
            assert s.current_player is not None and len(s.legal_actions()) > 0
            s = s.apply(bot.act(None, s.legal_actions()))
        assert s.family_owner(A.COW) in (0, 1) and s.family_owner(A.PIG) in (0, 2)


# ----- K-END-2 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_end_2_game_ends_when_every_family_is_complete(edition):
    s = endgame(3, edition, {0: {A.COW: 1}, 1: {A.COW: 1}}, rest_to=1)
    s = play(s, Trade(0, 1, A.COW, ()), Counter(1, (10,)))
    assert s.is_terminal and s.phase is Phase.GAME_OVER and s.current_player is None
    assert len(s.legal_actions()) == 0
    with pytest.raises(IllegalActionError, match="K-END-2"):
        s.apply(Pass(0))
    assert isinstance(s.events[-1], events.GameEnded)


def test_k_end_2_money_is_worth_nothing():
    rich = endgame(3, "classic", {0: {A.COW: 1}, 1: {A.COW: 3}}, money={0: (500, 500)})
    poor = endgame(3, "classic", {0: {A.COW: 1}, 1: {A.COW: 3}}, money={0: ()})
    a = play(rich, Trade(0, 1, A.COW, ()), Accept(1))
    b = play(poor, Trade(0, 1, A.COW, ()), Accept(1))
    assert a.scores() == b.scores()


# ----- double move (2025 variant) ----------------------------------------------------------------


def test_k_var_1_2025_double_move_after_a_trade_must_auction():
    herds = {0: {A.COW: 1}, 1: {A.COW: 1}}
    s = setup_position(
        3, "2025", ["double-move"], herds=herds, deck=deck_with([A.PIG, A.HORSE], "2025", herds)
    )
    s = play(s, Trade(0, 1, A.COW, ()), Accept(1))
    assert s.phase is Phase.TURN and s.active_player == 0 and s.must_auction
    assert list(s.legal_actions()) == [Auction(0)]
    with pytest.raises(IllegalActionError, match="double move', K-VAR-1"):
        s.apply(Trade(0, 1, A.COW, ()))
    s = play(s, Auction(0), Pass(1), Pass(2))
    assert s.active_player == 1 and not s.must_auction


def test_2025_without_double_move_the_turn_passes_after_a_trade():
    herds = {0: {A.COW: 1}, 1: {A.COW: 1}}
    s = setup_position(3, "2025", herds=herds, deck=deck_with([A.PIG, A.HORSE], "2025", herds))
    s = play(s, Trade(0, 1, A.COW, ()), Accept(1))
    assert s.active_player == 1


def test_double_move_with_empty_deck_ends_the_turn():
    s = endgame(
        3,
        "2025",
        {0: {A.COW: 1, A.PIG: 1}, 1: {A.COW: 1, A.PIG: 2}, 2: {A.COW: 1}},
        variants=("double-move",),
    )
    s = play(s, Trade(0, 1, A.COW, ()), Accept(1))
    assert s.active_player == 1 and not s.must_auction


def test_trade_conserves_money():
    s = sheep_trade("classic")
    before = money_everywhere(s)
    s = s.apply(Trade(0, 1, A.SHEEP, (10, 50)))
    assert money_everywhere(s) == before
    s = s.apply(Counter(1, (10, 200)))
    assert money_everywhere(s) == before
