"""Tests of kuhtheory.widgets.replay: stepping through shipped game records with a slider."""

from __future__ import annotations

import copy

import pytest

from kuhtheory.errors import InvalidRecordError
from kuhtheory.record import bundled_records, load_bundled
from kuhtheory.widgets.replay import ReplayViewer


@pytest.fixture(scope="module")
def viewer() -> ReplayViewer:
    return ReplayViewer("classic-preemption")


def test_every_shipped_record_replays_with_one_step_per_action() -> None:
    names = bundled_records()
    assert "classic-preemption" in names
    v = ReplayViewer(names[0])
    for name in names:
        v.record_select.value = name
        assert v.message.value == ""
        assert len(v.states) == len(load_bundled(name)["actions"]) + 1
        assert v.step_slider.max == len(v.states) - 1


def test_k_auc_4_the_preemption_record_opens_with_a_preemption(viewer: ReplayViewer) -> None:
    first = viewer.auctions()[0]
    actions = viewer.record["actions"]
    assert actions[4] == {"type": "preempt", "player": 1}
    assert (first.auctioneer, first.high_bidder, first.winner) == (1, 2, 1)
    assert (first.bid, first.price, first.preempted) == (10, 10, True)
    assert first.label().endswith("*")


def test_k_auc_4_preempting_moves_the_price_from_auctioneer_to_bidder(
    viewer: ReplayViewer,
) -> None:
    money = viewer.money_series()
    preempted = [a for a in viewer.auctions() if a.preempted]
    assert preempted
    for a in preempted:
        before, after = money[a.step - 1], money[a.step]
        moved = before[a.auctioneer] - after[a.auctioneer]
        assert moved == a.paid >= a.price  # K-PAY-1: no change, he may overpay
        assert a.high_bidder is not None
        assert after[a.high_bidder] == before[a.high_bidder] + moved
    assert any(a.paid > a.price for a in viewer.auctions())  # the record shows an overpay


def test_preemptions_are_marked_on_the_money_chart(viewer: ReplayViewer) -> None:
    marks = viewer.money_chart.value.count('stroke="#dc2626"')
    assert marks == sum(a.preempted for a in viewer.auctions())


def test_the_slider_steps_through_auctions(viewer: ReplayViewer) -> None:
    """The price chart shows every auction from step 0 on (not an empty chart), those still to
    come pale; the bars turn solid as the slider passes their auction."""
    bars = 2 * len(viewer.auctions())
    viewer.step_slider.value = 0
    chart = viewer.price_chart.value
    assert chart.count('class="kt-bar"') == bars and chart.count('opacity="0.3"><title>') == bars
    assert "0 of" in chart and "step 0 of" in viewer.step_text.value
    assert "Nothing has happened yet" in viewer.events.value
    middle = viewer.auctions()[len(viewer.auctions()) // 2]
    viewer.step_slider.value = middle.step
    done = sum(a.step <= middle.step for a in viewer.auctions())
    assert viewer.price_chart.value.count('opacity="0.3"><title>') == bars - 2 * done
    viewer.step_slider.value = viewer.step_slider.max
    chart = viewer.price_chart.value
    assert chart.count('class="kt-bar"') == bars and 'opacity="0.3"' not in chart
    assert "game over" in viewer.step_text.value


def test_a_players_view_hides_the_others_money(viewer: ReplayViewer) -> None:
    viewer.step_slider.value = 10
    viewer.view_select.value = 2
    state = viewer.state()
    assert viewer.table.value.count("data-value") == len(state.money(2))
    assert viewer.money_chart.value.count('class="kt-line"') >= 1
    assert 'data-series="P0"' not in viewer.money_chart.value
    viewer.view_select.value = -1
    total_cards = sum(state.card_count(p) for p in range(state.players))
    assert viewer.table.value.count("data-value") == total_cards


def test_a_tampered_record_is_refused_with_the_action_index() -> None:
    record = copy.deepcopy(load_bundled("classic-preemption"))
    record["actions"][1]["player"] = 1  # the auctioneer never bids (K-AUC-1)
    with pytest.raises(InvalidRecordError, match="action 1"):
        ReplayViewer(record)


def test_a_record_of_another_game_is_refused() -> None:
    record = copy.deepcopy(load_bundled("classic-preemption"))
    record["game"] = "schnaeppchen"
    with pytest.raises(InvalidRecordError, match="Kuhhandel games only"):
        ReplayViewer(record)
