"""Auctions: K-TURN-1, K-AUC-1..4, K-PAY-1, K-PAY-2, K-DONK-1 for every edition where they apply."""

from __future__ import annotations

import pytest
from engine_helpers import A, deck_with, hand_total, money_everywhere, play

from kuhtheory.engine import (
    Auction,
    Bid,
    BuyBack,
    IllegalActionError,
    Pass,
    Pay,
    Phase,
    Preempt,
    Sell,
    events,
    setup_position,
)
from kuhtheory.engine.events import DonkeyPayout, Insolvent, TakenFree

EDITIONS = ["classic", "2025", "first", "bluff"]
PAY_BID = ["classic", "2025", "first"]


def opened(edition: str = "classic", top=(A.COW,), players: int = 3, money=None, active: int = 0):
    deck = deck_with(top, edition)
    s = setup_position(players, edition, money=money, deck=deck, active=active)
    return s.apply(Auction(active))


# ----- K-TURN-1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_turn_1_next_player_left_after_an_auction(edition):
    s = opened(edition, active=1)
    s = play(s, Pass(2), Pass(0))  # K-AUC-3: free to the auctioneer
    assert s.phase is Phase.TURN and s.active_player == 2 and s.turn == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_turn_1_last_seat_passes_to_seat_0(edition):
    s = opened(edition, active=2)
    s = play(s, Pass(0), Pass(1))
    assert s.active_player == 0


# ----- K-AUC-1 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_auc_1_bidding_starts_left_of_the_auctioneer(edition):
    s = opened(edition, active=1)
    assert s.phase is Phase.BIDDING and s.current_player == 2
    assert s.auction.animals == (A.COW,) if edition != "2025" else len(s.auction.animals) == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_auc_1_auctioneer_never_bids(edition):
    s = opened(edition)
    with pytest.raises(IllegalActionError, match="P1's move"):
        s.apply(Bid(0, 10))
    s = play(s, Bid(1, 10), Bid(2, 20))
    assert s.current_player == 1  # round goes 1, 2, 1, ...: never the auctioneer 0


@pytest.mark.parametrize("edition", ["classic", "first", "bluff"])
def test_k_auc_1_any_higher_bid(edition):
    s = play(opened(edition), Bid(1, 10))
    assert s.is_legal(Bid(2, 11))
    with pytest.raises(IllegalActionError, match=r"must exceed the current bid 10 \(K-AUC-1\)"):
        s.apply(Bid(2, 10))


def test_k_auc_1_2025_raise_by_at_least_10():
    s = play(opened("2025"), Bid(1, 10))
    assert not s.is_legal(Bid(2, 15))
    with pytest.raises(IllegalActionError, match="by at least 10"):
        s.apply(Bid(2, 19))
    assert s.is_legal(Bid(2, 20))
    assert s.legal_actions().bid_range.start == 20


def test_k_auc_1_2025_turns_up_two_animals():
    s = opened("2025", top=(A.COW, A.PIG))
    assert s.auction.animals == (A.COW, A.PIG)
    s = play(s, Bid(1, 30), Pass(2), Sell(0), Pay(1, (10, 10, 10)))
    assert s.animals(1) == {A.COW: 1, A.PIG: 1}


def test_k_auc_1_classic_quick_variant_two_animals():
    s = setup_position(3, "classic", ["quick"], deck=deck_with((A.HORSE, A.GOAT)))
    s = s.apply(Auction(0))
    assert s.auction.animals == (A.HORSE, A.GOAT)


# ----- K-AUC-2 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", PAY_BID)
def test_k_auc_2_hammer_when_everyone_else_passed_in_a_row(edition):
    s = play(opened(edition, players=4), Bid(1, 10), Pass(2))
    assert s.phase is Phase.BIDDING and s.current_player == 3
    s = s.apply(Pass(3))
    assert s.phase is Phase.HAMMER and s.auction.high_bidder == 1 and s.auction.high_bid == 10
    assert any(isinstance(e, events.Hammered) for e in s.events)


def test_k_auc_2_a_passer_may_bid_again_after_a_raise():
    s = play(opened("classic", players=4), Bid(1, 10), Pass(2), Bid(3, 20))
    assert s.current_player == 1
    s = play(s, Pass(1))
    assert s.current_player == 2  # 2 passed before 3's raise: asked again
    s = play(s, Bid(2, 30), Pass(3), Pass(1))
    assert s.phase is Phase.HAMMER and s.auction.high_bidder == 2


# ----- K-AUC-3 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_auc_3_no_bid_auctioneer_takes_for_free(edition):
    s = opened(edition, top=(A.HORSE, A.COW))
    before = hand_total(s, 0)
    s = play(s, Pass(1), Pass(2))
    assert A.HORSE in s.animals(0) and hand_total(s, 0) == before
    assert isinstance(s.events[-1], TakenFree) or any(isinstance(e, TakenFree) for e in s.events)


# ----- K-AUC-4 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", PAY_BID)
def test_k_auc_4_sell_bidder_pays_auctioneer(edition):
    s = opened(edition, money={0: (0, 100), 1: (0, 10, 50, 50)})
    s = play(s, Bid(1, 60), Pass(2), Sell(0))
    assert s.phase is Phase.PAYMENT and s.current_player == 1
    assert set(s.legal_actions()) == {Pay(1, (10, 50)), Pay(1, (50, 50))}
    before = hand_total(s, 0)
    s = s.apply(Pay(1, (10, 50)))
    assert A.COW in s.animals(1) and A.COW not in s.animals(0)
    assert s.money(1) == (0, 50) and hand_total(s, 0) == before + 60
    assert s.active_player == 1
    sold = [e for e in s.events if isinstance(e, events.Sold)][-1]
    assert (sold.buyer, sold.seller, sold.price, sold.cards) == (1, 0, 60, 2)


@pytest.mark.parametrize("edition", PAY_BID)
def test_k_auc_4_preempt_auctioneer_pays_the_bidder(edition):
    s = play(opened(edition), Bid(1, 30), Pass(2), Preempt(0))
    assert s.phase is Phase.PAYMENT and s.current_player == 0
    b1, b0 = hand_total(s, 1), hand_total(s, 0)
    s = s.apply(Pay(0, (10, 10, 10)))
    assert A.COW in s.animals(0) and A.COW not in s.animals(1)
    assert hand_total(s, 1) == b1 + 30 and hand_total(s, 0) == b0 - 30
    assert isinstance(s.events[-1], events.Preempted) or any(
        isinstance(e, events.Preempted) for e in s.events
    )


@pytest.mark.parametrize("edition", PAY_BID)
def test_k_auc_4_auctioneer_who_cannot_pay_cannot_preempt(edition):
    s = opened(edition, money={0: (0, 10)})
    s = play(s, Bid(1, 20), Pass(2))
    # The hammer phase is skipped: only the sale is possible, the bidder pays at once.
    assert s.phase is Phase.PAYMENT and s.current_player == 1
    with pytest.raises(IllegalActionError):
        s.apply(Preempt(0))


def test_k_auc_4_bluff_buy_back_returns_the_cards_and_pays_again():
    s = play(opened("bluff"), Bid(1, 30), Pass(2))
    assert s.phase is Phase.PAYMENT and s.current_player == 1  # the bidder pays first
    s = s.apply(Pay(1, (10, 10, 10)))
    assert s.phase is Phase.BUY_BACK and s.current_player == 0
    assert s.auction.paid == (10, 10, 10)
    la = s.legal_actions()
    assert Sell(0) in la and BuyBack(0, (10, 10, 10)) in la
    # He may not use the cards he just received to pay the buy-back.
    with pytest.raises(IllegalActionError, match="K-AUC-4"):
        s.apply(BuyBack(0, (10, 10, 10, 10, 10, 10, 10, 10)))
    t = s.apply(BuyBack(0, (10, 10, 10)))
    assert A.COW in t.animals(0)
    assert hand_total(t, 1) == 50 + 30  # his 30 back plus 30 more
    assert hand_total(t, 0) == 50 - 30
    u = s.apply(Sell(0))
    assert A.COW in u.animals(1) and hand_total(u, 0) == 80


def test_k_auc_4_bluff_buy_back_skipped_if_the_auctioneer_cannot_pay():
    s = opened("bluff", money={0: (0,)})
    s = play(s, Bid(1, 30), Pass(2), Pay(1, (10, 10, 10)))
    assert s.phase is Phase.TURN and A.COW in s.animals(1)


def test_k_auc_4_bluff_buy_back_no_change():
    s = opened("bluff", money={0: (100,)})
    s = play(s, Bid(1, 30), Pass(2), Pay(1, (10, 10, 10)))
    assert s.legal_actions().fixed == (BuyBack(0, (100,)), Sell(0))
    t = s.apply(BuyBack(0, (100,)))
    assert hand_total(t, 1) == 50 + 100 and hand_total(t, 0) == 0


# ----- K-PAY-1 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_pay_1_no_change_payer_hands_at_least_the_amount(edition):
    s = opened(edition, money={1: (0, 50, 100)})
    s = play(s, Bid(1, 40), Pass(2))
    if s.phase is Phase.HAMMER:
        s = s.apply(Sell(0))
    assert s.phase is Phase.PAYMENT
    assert set(s.legal_actions()) == {Pay(1, (50,)), Pay(1, (100,))}
    with pytest.raises(IllegalActionError, match=r"less than the 40 due.*K-PAY-1"):
        s.apply(Pay(1, (0,)))
    with pytest.raises(IllegalActionError, match="not all in P1's hand"):
        s.apply(Pay(1, (200,)))
    t = s.apply(Pay(1, (0, 50, 100)))  # overpaying is his choice
    assert hand_total(t, 1) == 0


@pytest.mark.parametrize("edition", PAY_BID)
def test_k_pay_1_preempting_auctioneer_gets_no_change(edition):
    s = opened(edition, money={0: (100,)})
    s = play(s, Bid(1, 20), Pass(2), Preempt(0))
    assert list(s.legal_actions()) == [Pay(0, (100,))]
    s = s.apply(Pay(0, (100,)))
    assert 100 in s.money(1) and A.COW in s.animals(0)


# ----- K-PAY-2 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_pay_2_insolvent_bidder_shows_money_and_auction_runs_again(edition):
    s = opened(edition)
    s = play(s, Bid(1, 500), Pass(2))
    if s.phase is Phase.HAMMER:
        s = s.apply(Sell(0))
    # P1 cannot pay 500: shows his money, the auction runs again with his bids capped.
    assert s.phase is Phase.BIDDING and s.current_player == 1
    shown = s.shown_money[1]
    assert shown == s.money(1)
    assert s.auction.caps[1] == sum(shown) and s.auction.high_bid == 0
    ev = [e for e in s.events if isinstance(e, Insolvent)]
    assert ev and ev[-1].player == 1 and ev[-1].bid == 500 and ev[-1].money == shown
    with pytest.raises(IllegalActionError, match="K-PAY-2"):
        s.apply(Bid(1, sum(shown) + 10))
    assert s.legal_actions().bid_range.stop - 1 <= sum(shown)
    assert s.observation(2).shown_money[1] == shown


def test_k_pay_2_capped_bidder_is_skipped_when_the_bid_passes_his_money():
    s = opened("classic", players=3, money={1: (10,)})
    s = play(s, Bid(1, 100), Pass(2))  # P0 has 90 < 100: he cannot preempt, the sale goes on
    assert s.phase is Phase.BIDDING and s.auction.caps[1] == 10
    s = play(s, Pass(1), Bid(2, 20))
    # P1 cannot bid above 10: skipped, the auction is hammered.
    assert s.phase is Phase.HAMMER and s.auction.high_bidder == 2


def test_k_pay_2_bid_above_money_is_legal():
    s = opened("classic")
    assert s.is_legal(Bid(1, 5000))  # the bluff K-PAY-2 punishes


# ----- K-DONK-1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_k_donk_1_donkeys_pay_50_100_200_500(edition):
    from kuhtheory.editions import get_edition

    ed = get_edition(edition)
    donkeys = ed.cards_per_family
    top = []
    for _ in range(donkeys):
        top += [A.DONKEY] + ([A.ROOSTER] if ed.animals_per_auction == 2 else [])
    s = setup_position(3, edition, deck=deck_with(top, edition))
    deck_money = money_everywhere(s)
    paid = []
    for _k in range(donkeys):
        before = [hand_total(s, p) for p in range(3)]
        s = s.apply(Auction(s.active_player))
        paid.append([hand_total(s, p) - before[p] for p in range(3)])
        while s.phase is Phase.BIDDING:
            s = s.apply(Pass(s.current_player))
        assert money_everywhere(s) == deck_money
    expected = [50, 100, 200, 500][:donkeys]
    assert [row[0] for row in paid] == expected
    assert all(len(set(row)) == 1 for row in paid)  # everyone, the active player too


def test_k_donk_1_variant_first_donkey_pays_100():
    s = setup_position(3, "2025", ["donkey-100"], deck=deck_with([A.DONKEY, A.COW], "2025"))
    s = s.apply(Auction(0))
    assert s.money(1).count(100) == 1 and hand_total(s, 1) == 140 + 100


def test_k_donk_1_bank_short_2025_five_players_pays_the_smallest_larger_card():
    # 2025 with 5 players: the start money takes every 0, 10 and 50 card.
    s = setup_position(5, "2025", deck=deck_with([A.DONKEY, A.DONKEY], "2025"))
    assert s.bank == (0, 0, 0, 5, 5, 5)
    s = s.apply(Auction(0))
    # Two donkeys turned up: payouts 50 then 100; no 50s or 10s, so 100s, then 200s.
    payouts = [e for e in s.events if isinstance(e, DonkeyPayout)]
    assert [p.value for p in payouts] == [50, 100]
    assert all(cards == (100,) for _, cards in payouts[0].given)
    assert all(cards == (200,) for _, cards in payouts[1].given)
    assert s.bank == (0, 0, 0, 0, 0, 5)


def test_k_donk_1_bank_short_2025_four_players_pays_exact_then_larger():
    s = setup_position(4, "2025", deck=deck_with([A.DONKEY, A.COW], "2025"), active=0)
    assert s.bank == (2, 4, 2, 5, 5, 5)
    s = s.apply(Auction(0))
    payout = [e for e in s.events if isinstance(e, DonkeyPayout)][0]
    # Dealt from the left of the active player, ending with him: two 50s, then 10s are too few
    # (4 x 10 = 40 < 50), so the smallest larger card: a 100 each.
    assert payout.given == ((1, (50,)), (2, (50,)), (3, (100,)), (0, (100,)))


def test_k_donk_1_short_game_dealt_donkeys_pay_out():
    from kuhtheory.engine import new_game

    for seed in range(40):
        s = new_game(players=3, seed=seed, edition="classic", variants=("short",))
        dealt = sum(s.animals(p).get(A.DONKEY, 0) for p in range(3))
        assert s.donkeys_seen == dealt
        assert all(sum(s.animals(p).values()) == 4 for p in range(3))
        assert s.deck_size == 40 - 12
        expected = 90 + sum([50, 100, 200, 500][:dealt])
        assert hand_total(s, 0) == expected
        if dealt:
            return
    pytest.fail("no seed dealt a donkey")


# ----- variants ---------------------------------------------------------------------------------


def test_2025_no_kidding_each_bidder_bids_once():
    s = setup_position(3, "2025", ["no-kidding"], deck=deck_with([A.COW, A.PIG], "2025"))
    s = play(s, Auction(0), Bid(1, 10), Bid(2, 20))
    # P1 has bid once: he is skipped, the auction is hammered at once.
    assert s.phase is Phase.HAMMER and s.auction.high_bidder == 2
    t = setup_position(4, "2025", ["no-kidding"], deck=deck_with([A.COW, A.PIG], "2025"))
    t = play(t, Auction(0), Bid(1, 10), Pass(2), Bid(3, 30))
    assert t.current_player == 2  # P2 passed but has not bid: may still bid once
    with pytest.raises(IllegalActionError):
        t.apply(Bid(1, 40))


def test_k_pay_2_rerun_is_a_fresh_auction_even_with_no_kidding():
    s = setup_position(3, "2025", ["no-kidding"], deck=deck_with([A.COW, A.PIG], "2025"))
    s = play(s, Auction(0), Bid(1, 500), Pass(2))
    s = s.apply(Sell(0)) if s.phase is Phase.HAMMER else s
    # P1 could not pay: the auction runs again from the left of the auctioneer; he may bid once
    # more, up to the money he showed.
    assert s.phase is Phase.BIDDING and s.current_player == 1 and s.auction.has_bid == ()
    assert s.is_legal(Bid(1, 140)) and not s.is_legal(Bid(1, 150))
