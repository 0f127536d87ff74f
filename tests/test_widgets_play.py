"""Tests of the play table: kuhtheory.widgets.controller and kuhtheory.widgets.play.

The table is driven the way a student drives it: by clicking its buttons (``button.click()``) and
setting widget values; the engine decides what is legal.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.agents.random import RandomAgent
from kuhtheory.cards import from_counts, to_counts
from kuhtheory.engine import Bid, Phase
from kuhtheory.errors import IllegalActionError, InvalidSetupError
from kuhtheory.payment import least_overpay
from kuhtheory.widgets.common import CardPicker
from kuhtheory.widgets.controller import GameController
from kuhtheory.widgets.play import PlayTable


def bots(n: int, seed: int = 0) -> list[RandomAgent]:
    return [RandomAgent(seed + i) for i in range(n)]


def test_controller_runs_bots_until_the_human_must_act() -> None:
    game = GameController(players=4, seed=3, human=2, bots=bots(3), first_player=0)
    assert game.waiting_for_human
    assert game.state.current_player == 2
    # the bots' actions are in the history
    assert any(a.player != 2 for a in game.state.history)


def test_controller_refuses_actions_out_of_turn_and_leaves_the_state() -> None:
    game = GameController(players=3, seed=1, human=0, bots=bots(2), first_player=0)
    before = game.state
    with pytest.raises(IllegalActionError, match="human plays seat 0"):
        game.act(Bid(1, 10))
    assert game.state is before


def test_controller_needs_one_bot_per_other_seat() -> None:
    with pytest.raises(InvalidSetupError, match="one bot for each of the 2 other seats"):
        GameController(players=3, seed=1, bots=[RandomAgent(1)])
    with pytest.raises(InvalidSetupError, match="human=5"):
        GameController(players=3, seed=1, human=5)


def test_k_auc_1_bid_below_the_high_bid_is_refused_with_the_clause() -> None:
    table = _table_at(Phase.BIDDING, need_high_bid=True)
    c = table.controller
    auc = c.state.auction
    assert auc is not None
    state = c.state
    table.bid_input.value = auc.high_bid  # not strictly higher
    table.bid_button.click()
    assert "K-AUC-1" in table.message.value
    assert c.state is state


def test_bid_buttons_raise_by_ten_and_fifty() -> None:
    table = _table_at(Phase.BIDDING)
    c = table.controller
    auc = c.state.auction
    assert auc is not None
    base = auc.high_bid if auc.high_bidder is not None else 0
    seen_before = len(c.state.events)
    table.bid50_button.click()
    assert table.message.value == ""
    texts = [e.text() for e in c.state.events[seen_before:]]
    assert f"P{c.human} bids {base + 50}" in texts


def test_k_auc_4_preempt_then_pay_with_a_least_overpay_suggestion() -> None:
    table = _table_at(Phase.HAMMER, preempt_ok=True)
    c = table.controller
    auc = c.state.auction
    assert auc is not None
    animals, bid = auc.animals, auc.high_bid
    herd_before = c.state.animals(c.human).get(animals[0], 0)
    table.preempt_button.click()
    assert c.phase is Phase.PAYMENT and c.waiting_for_human
    expected = [from_counts(p) for p in least_overpay(to_counts(c.hand()), bid)]
    assert c.pay_suggestions() == expected[:4]
    assert table.picker.cards == expected[0]  # the first suggestion is picked
    paid_at = len(c.history) - 1
    table.pay_button.click()
    assert table.message.value == ""
    preempted = [e for e in c.state.events if type(e).__name__ == "Preempted"]
    assert preempted and preempted[-1].price == bid and preempted[-1].auctioneer == c.human
    after = c.history[paid_at + 1]
    assert after.animals(c.human).get(animals[0], 0) == herd_before + animals.count(animals[0])
    assert sum(after.money(c.human)) == sum(c.history[paid_at].money(c.human)) - sum(expected[0])


def test_k_pay_1_paying_too_little_is_refused() -> None:
    table = _table_at(Phase.HAMMER, preempt_ok=True)
    table.preempt_button.click()
    c = table.controller
    state = c.state
    table.picker.clear()
    table.pay_button.click()
    assert "K-PAY-1" in table.message.value
    assert c.state is state


def test_k_auc_4_bluff_buy_back_pays_with_the_auctioneers_own_cards() -> None:
    table = _table_at(Phase.BUY_BACK, edition="bluff")
    c = table.controller
    auc = c.state.auction
    assert auc is not None and auc.paid is not None
    rest = list(c.hand())
    for card in auc.paid:
        rest.remove(card)
    assert c.spendable() == tuple(rest)
    assert table.picker.hand == tuple(rest)
    expected = [from_counts(p) for p in least_overpay(to_counts(rest), auc.high_bid)]
    assert c.pay_suggestions() == expected[:4]
    assert table.sell_button.description == "Let the sale stand"
    assert table.pay_button.description.startswith("Buy back")
    assert expected  # this seed's auctioneer can afford the buy-back
    table.pay_button.click()
    assert table.message.value == ""
    assert any(type(e).__name__ == "BoughtBack" for e in c.state.events)


def test_k_trd_2_accepting_a_challenge_hands_over_the_animal() -> None:
    table = _table_at(Phase.TRADE_RESPONSE)
    c = table.controller
    trade = c.state.trade
    assert trade is not None and trade.opponent == c.human
    mine = c.state.animals(c.human)[trade.animal]
    step = len(c.history) - 1
    assert "challenges you" in table.prompt.value
    table.accept_button.click()
    after = c.history[step + 1]
    assert after.animals(c.human).get(trade.animal, 0) == mine - trade.stake
    assert len(after.money(c.human)) == len(c.history[step].money(c.human)) + trade.offer_count
    resolved = [e for e in after.events if type(e).__name__ == "TradeResolved"]
    assert resolved[-1].how == "accepted"


def test_controls_follow_the_phase() -> None:
    table = PlayTable(players=3, seed=2, first_player=0, bots=bots(2))
    on = table.controls_enabled()
    assert on["auction"] and not on["bid"] and not on["pay"]
    assert not table.auction_button.disabled and table.pass_button.disabled
    assert table.rows["turn"].layout.display == "flex"
    assert table.rows["bid"].layout.display == "none"
    bidding = _table_at(Phase.BIDDING)
    assert bidding.rows["bid"].layout.display == "flex"
    assert bidding.rows["turn"].layout.display == "none"


def test_a_whole_game_by_clicking_buttons_any_edition() -> None:
    for edition, seed in (("classic", 1), ("2025", 2), ("bluff", 3), ("first", 4)):
        table = PlayTable(players=4, seed=seed, edition=edition, bots=bots(3, seed))
        trades = _play_out(table)
        c = table.controller
        assert c.is_over, edition
        assert "Game over" in table.prompt.value
        assert sum(len(c.state.families(p)) for p in range(4)) == 10
        assert trades > 0, edition


def test_new_game_button_uses_the_chosen_edition_and_seed() -> None:
    table = PlayTable(players=3, seed=1, bots=bots(2))
    table.edition_select.value = "2025"
    table.seed_input.value = 9
    table.new_button.click()
    assert table.controller.state.edition.key == "2025"
    assert table.controller.state.seed == 9


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from((0, 10, 50, 100)), max_size=8), st.data())
def test_card_picker_only_offers_cards_in_hand(hand: list[int], data: st.DataObject) -> None:
    picker = CardPicker()
    picker.set_hand(hand)
    part = data.draw(st.lists(st.sampled_from(hand), max_size=len(hand))) if hand else []
    counts = to_counts(hand)
    want = to_counts(part)
    if all(x <= y for x, y in zip(want, counts, strict=True)):
        picker.set_cards(part)
        assert picker.cards == tuple(sorted(part))
    assert all(picker.cards.count(v) <= hand.count(v) for v in set(picker.cards))


# ----- helpers ------------------------------------------------------------------------------------


def _table_at(
    phase: Phase, need_high_bid: bool = False, preempt_ok: bool = False, edition: str = "classic"
) -> PlayTable:
    """A table whose human is asked for ``phase`` (found by playing seeds with simple clicks)."""
    for seed in range(60):
        table = PlayTable(players=3, seed=seed, edition=edition, bots=bots(2, seed))
        c = table.controller
        for _ in range(400):
            if c.is_over:
                break
            if c.phase is phase:
                auc = c.state.auction
                ok = True
                if need_high_bid:
                    ok = auc is not None and auc.high_bidder is not None
                if preempt_ok:
                    ok = auc is not None and c.why_illegal_preempt() is None
                if ok:
                    return table
            _default_click(table)
    raise AssertionError(f"no seed reached {phase}")


def _default_click(table: PlayTable) -> bool:
    """One sensible click for the current decision; True if it was a trade."""
    on = table.controls_enabled()
    c = table.controller
    if on["trade"] and (not on["auction"] or c.state.turn % 3 == 0):
        table.opponent_select.value = table.opponent_select.options[0][1]
        table.animal_select.value = table.animal_select.options[0][1]
        table.picker.set_cards(c.hand()[:1])
        table.trade_button.click()
        return True
    if on["auction"]:
        table.auction_button.click()
    elif on["bid"] and c.state.auction is not None and c.state.auction.high_bid < 30:
        table.bid10_button.click()
    elif on["pass"]:
        table.pass_button.click()
    elif on["preempt"] or on["sell"] and not on["pay"]:
        table.sell_button.click()
    elif on["pay"]:
        table.pay_button.click()  # the least-overpay suggestion is already picked
    elif on["counter"]:
        table.picker.set_cards(c.hand()[:2])
        table.counter_button.click()
    else:
        raise AssertionError(f"nothing to click in {c.state!r}: {on}")
    return False


def _play_out(table: PlayTable) -> int:
    trades = 0
    for _ in range(3000):
        if table.controller.is_over:
            break
        trades += _default_click(table)
        assert table.message.value == "", table.message.value
    return trades


def test_default_table_plays_against_the_package_bots() -> None:
    pytest.importorskip("kuhtheory.agents")
    table = PlayTable(players=4, seed=5)
    c = table.controller
    names = {agent.name for agent in c.agents.values()}
    assert names == {"heuristic"}
    _play_out(table)
    assert c.is_over
