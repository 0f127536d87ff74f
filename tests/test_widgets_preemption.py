"""Tests of kuhtheory.widgets.preemption: the decision regions and the auction, driven by values."""

from __future__ import annotations

import pytest

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.auction import compare_auction
from kuhtheory.solvers.preemption import decision_regions
from kuhtheory.widgets.preemption import PreemptionExplorer, parse_values


@pytest.fixture(scope="module")
def explorer() -> PreemptionExplorer:
    return PreemptionExplorer(bidder_values="60", auction_worth=100)


def test_regions_are_the_solvers_grid(explorer: PreemptionExplorer) -> None:
    a, b = explorer.cards()
    direct = decision_regions(a, b, explorer.bids(), explorer.worths())
    assert explorer.regions() == direct
    # K-PAY-2: the grid stops at the high bidder's money
    assert max(explorer.bids()) == sum(b)


def test_k_auc_4_k_pay_1_a_500_card_makes_preempting_a_small_bid_ruinous() -> None:
    ex = PreemptionExplorer(auctioneer_cards="500", bidder_cards="10,10")
    ex.bid_slider.value = 10
    ex.worth_slider.value = 100
    d = ex.decision()
    assert (d.decision, d.penalty) == ("sell", 490)
    assert "<b>sell</b>" in ex.detail.value and "penalty: 490" in ex.detail.value
    assert not any(any(row) for row in ex.regions().preempt)


def test_k_auc_4_a_fitting_card_makes_preempting_pay() -> None:
    ex = PreemptionExplorer(auctioneer_cards="50", bidder_cards="10,10")
    ex.bid_slider.value = 10
    ex.worth_slider.value = 100
    assert "<b>preempt</b>" in ex.detail.value
    assert "auctioneer 50, bidder 50" in ex.detail.value


def test_changing_cards_redraws_the_regions_in_place() -> None:
    ex = PreemptionExplorer()
    chart = ex.regions_chart
    assert 'data-category="2"' in chart.value  # some preempt cells with the start money
    ex.auctioneer_text.value = "500"
    assert ex.regions_chart is chart  # the same widget, new value
    assert 'data-category="2"' not in chart.value
    assert ex.message.value == ""


def test_sliders_move_the_marker() -> None:
    import re

    ex = PreemptionExplorer()

    def marker() -> tuple[float, float]:
        found = re.search(r'class="kt-marker" cx="([\d.]+)" cy="([\d.]+)"', ex.regions_chart.value)
        assert found
        return float(found[1]), float(found[2])

    x_before, y_before = marker()
    ex.bid_slider.value = ex.bid_slider.value + 20
    x_after, y_after = marker()
    assert x_after > x_before and y_after == y_before
    ex.worth_slider.value = 150
    assert marker()[1] != y_after
    assert "worth 150" in ex.detail.value


def test_bad_cards_show_a_message_instead_of_raising() -> None:
    ex = PreemptionExplorer()
    ex.bidder_text.value = "0,0,7"
    assert "7" in ex.message.value and "not a money card" in ex.message.value
    ex.bidder_text.value = "0"
    assert "cannot bid 10" in ex.message.value


def test_the_right_raises_the_price_bidders_bid_it_up(explorer: PreemptionExplorer) -> None:
    c = explorer.comparison()
    a, b = explorer.cards()
    direct = compare_auction([60], money=[b], auctioneer_value=100, auctioneer_money=a)
    assert c == direct
    assert c.with_right.price > c.without_right.price
    assert c.with_right.decision == "preempt"
    assert "with the right" in explorer.auction_detail.value
    assert explorer.prices_chart.value.count('class="kt-line"') >= 2
    worths, with_right, without = explorer.price_curve()
    assert all(x >= y for x, y in zip(with_right, without, strict=True))
    assert with_right == sorted(with_right)  # a keener auctioneer is bid up further


def test_parse_values_refuses_words() -> None:
    assert parse_values("60 40") == (60, 40)
    with pytest.raises(SolverInputError, match="'x' is not a whole number"):
        parse_values("60, x")
    with pytest.raises(SolverInputError, match="at least one"):
        parse_values(" ")
