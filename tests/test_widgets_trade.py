"""Tests of kuhtheory.widgets.trade: the trade explorer's summaries, charts and callbacks."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import to_counts
from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.solve import solve_sequence_form
from kuhtheory.solvers.trade import TradeRules, round_form
from kuhtheory.widgets.trade import (
    TradeExplorer,
    TradeSummary,
    summarise,
    trade_rules_html,
    worth_sweep_figure,
)


def one_round(edition: str, a: tuple[int, ...], b: tuple[int, ...], value: int) -> TradeSummary:
    """One trade round solved by the sequence form (exact for editions without a re-offer)."""
    rules = TradeRules.from_edition(edition)
    sf = round_form(rules, to_counts(a), to_counts(b), Fraction(value), exact=False)
    return summarise(solve_sequence_form(sf))


def bars(svg: str, series: str) -> dict[str, float]:
    name = re.escape(html.escape(series))
    found = re.findall(rf'data-series="{name}" data-label="([^"]*)" data-value="([^"]*)"', svg)
    return {label: float(v) for label, v in found}


def test_k_trd_1_nothing_to_fear_a_lays_nothing_and_wins_the_stake() -> None:
    # B holds no money: whatever he counters is 0, so A's empty pile wins (2025: A wins ties).
    ex = TradeExplorer(a_cards=(10,), b_cards=(), value=30, edition="2025", solver=one_round)
    s = ex.summary
    assert s is not None
    assert s.value == pytest.approx(30)
    assert s.by_count()[0] == pytest.approx(1)
    assert bars(ex.offers_count_chart.value, "A's offers")["0"] == pytest.approx(1)


def test_summary_reads_offers_and_replies_and_sums_to_one() -> None:
    s = one_round("2025", (0, 0, 10, 10, 10, 10, 50), (0, 0, 10, 10, 10, 10, 50), 90)
    assert sum(p for _, _, p in s.offers) == pytest.approx(1)
    assert sum(s.by_count().values()) == pytest.approx(1)
    for count, reply in s.replies.items():
        assert sum(reply.values()) == pytest.approx(1), count
    assert set(s.replies) == set(range(8))


def test_k_trd_2_bluff_edition_never_accepts() -> None:
    s = one_round("bluff", (0, 10, 50), (10, 10), 60)
    assert all(s.accept_rate(c) == 0 for c in s.replies)
    assert all("accept" not in reply for reply in s.replies.values())


def test_bluff_rate_and_what_the_count_gives_away_on_a_hand_made_summary() -> None:
    s = TradeSummary(
        value=0.0,
        offers=((1, 0, 0.25), (1, 50, 0.25), (2, 10, 0.5)),
        replies={1: {"accept": 0.5, "counter 10": 0.25, "counter 50": 0.25}},
    )
    assert s.bluff_rate() == pytest.approx(0.25)
    assert s.zero_share(1) == pytest.approx(0.5)
    assert s.zero_share(3) is None
    assert s.expected_total(1) == pytest.approx(25)
    assert s.expected_total(2) == pytest.approx(10)
    assert s.expected_counter(1) == pytest.approx(30)
    assert s.accept_rate(1) == 0.5 and s.accept_rate(2) == 0.0


def test_moving_the_slider_updates_the_charts_in_place() -> None:
    calls: list[int] = []

    def counting(edition: str, a: tuple[int, ...], b: tuple[int, ...], v: int) -> TradeSummary:
        calls.append(v)
        return one_round(edition, a, b, v)

    ex = TradeExplorer(
        a_cards=(0, 10, 50), b_cards=(10, 10), value=10, edition="2025", solver=counting
    )
    chart = ex.offers_total_chart
    before = chart.value
    ex.value_slider.value = 200
    assert calls == [10, 200]
    assert ex.offers_total_chart is chart and chart.value != before
    assert ex.summary is not None and ex.summary.value > 10


def test_changing_a_hand_re_solves() -> None:
    ex = TradeExplorer(a_cards=(10,), b_cards=(), value=100, edition="2025", solver=one_round)
    assert ex.summary is not None and ex.summary.value == pytest.approx(100)
    # B's 50 now beats anything A can lay: he counters, and A only gets the 50 (K-TRD-3)
    ex.b_hand.set_cards((50,))
    assert ex.summary.value == pytest.approx(50)


def test_solver_errors_are_shown_not_raised() -> None:
    def failing(edition: str, a: tuple[int, ...], b: tuple[int, ...], v: int) -> TradeSummary:
        raise SolverInputError(f"value W={v!r} is too large")

    ex = TradeExplorer(solver=failing)
    assert "too large" in ex.message.value


def test_editions_side_by_side() -> None:
    ex = TradeExplorer(a_cards=(0, 10, 50), b_cards=(10, 10), value=60, solver=one_round)
    ex.compare_button.click()
    table = ex.rules_table.value
    assert table.count("<tr>") == 5
    values = ex.edition_values()
    for key, v in values.items():
        assert f"{v:.1f}" in table, key
    page = trade_rules_html()
    # a player's words, not the fields' values
    assert "winner pays his own pile" in page and "second tie gives A the animal" in page
    assert "B may not accept" in page and "ties go to the offerer" in page
    assert "winner-pays" not in page and "reoffer-then-free" not in page


def test_the_editions_table_follows_the_hands_after_a_comparison() -> None:
    """Compared once, the table's values always belong to the current hands and worth (it used
    to keep the old hands' values after a change)."""
    ex = TradeExplorer(a_cards=(0, 10, 50), b_cards=(10, 10), value=60, solver=one_round)
    before = ex.rules_table.value
    assert "<td></td></tr>" in before  # no values before the button is pressed
    ex.compare_button.click()
    first = ex.edition_values()
    ex.b_hand.set_cards((50,))
    ex.value_slider.value = 100
    second = ex.edition_values()
    assert second != first
    table = ex.rules_table.value
    for key, v in second.items():
        assert f"<td><b>{key}</b></td>" in table and f"<td>{v:.1f}</td>" in table, key


def test_a_kernel_notice_only_the_static_page_shows() -> None:
    ex = TradeExplorer(a_cards=(0, 10), b_cards=(10,), value=60, solver=one_round)
    notice = ex.widget.children[0]
    assert "kt-needs-kernel" in ex.widget._dom_classes
    assert "kt-static-only" in notice._dom_classes and notice.layout.display == "none"
    assert "needs a live Python kernel" in notice.value and "mybinder.org" in notice.value


@settings(max_examples=10, deadline=None)
@given(
    st.lists(st.sampled_from((0, 10, 50)), max_size=3),
    st.lists(st.sampled_from((0, 10, 50)), max_size=3),
    st.integers(0, 20).map(lambda k: 10 * k),
)
def test_value_is_between_the_extremes(a: list[int], b: list[int], value: int) -> None:
    # A can always lay nothing and B can always counter 0: the value lies in [-sum(b), W + sum(b)]
    s = one_round("2025", tuple(a), tuple(b), value)
    assert -sum(b) - 1e-6 <= s.value <= value + sum(b) + 1e-6
    assert s.bluff_rate() <= 1 + 1e-9


def test_default_solver_is_solve_trade_and_agrees_with_its_tables() -> None:
    solution_module = pytest.importorskip("kuhtheory.solvers.trade_solution")
    a, b = (0, 0, 10, 10, 10, 10, 50), (0, 10, 10, 50)
    ex = TradeExplorer(a_cards=a, b_cards=b, value=100, edition="classic")
    solution = solution_module.solve_trade("classic", a, b, 100, exact=True)
    s = ex.summary
    assert s is not None
    assert s.value == pytest.approx(float(solution.value_exact))  # 165/4 (solver's doctest)
    assert s.bluff_rate() == pytest.approx(solution.bluff_rate())
    mine = {(c, t): q for c, t, q in s.offers}
    for count, total, p in solution.offer_table():
        assert mine[(count, total)] == pytest.approx(p, abs=1e-6)


def test_summarise_reads_a_behaviour_strategy_too() -> None:
    class Result:
        value = 5.0
        strategies = (
            {"offer": {"0 cards = 0": 0.5, "1 card = 0": 0.5}},
            {("reply", 0): {"counter 0": 1.0}, ("reply", 1): {"counter 10": 1.0}},
        )

    s = summarise(Result())
    assert s.offers == ((0, 0, 0.5), (1, 0, 0.5))
    assert s.bluff_rate() == 0.5 and s.expected_counter(1) == 10
    Result.strategies = ({"offer": {"half a card": 1.0}}, {})
    with pytest.raises(SolverInputError, match="half a card"):
        summarise(Result())


def test_worth_sweep_figure_holds_one_equilibrium_per_slider_step() -> None:
    worths = (0, 100, 250)
    fig = worth_sweep_figure("2025", (0, 0, 50, 100), (0, 10, 10, 10, 50), worths, solver=one_round)
    steps = fig.layout.sliders[0].steps
    assert [s.label for s in steps] == ["0", "100", "250"]
    assert len(fig.data) == len(worths)
    for k, worth in enumerate(worths):
        s = one_round("2025", (0, 0, 50, 100), (0, 10, 10, 10, 50), worth)
        trace = fig.data[k]
        by_total = s.by_total()
        assert list(trace.y) == pytest.approx([by_total.get(int(t), 0.0) for t in trace.x])
        assert steps[k].args[0]["visible"] == [j == k for j in range(len(worths))]
