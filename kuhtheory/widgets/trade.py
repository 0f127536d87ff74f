"""The trade and bluffing explorer: pick the hands and the stake's worth, see the equilibrium live.

The sealed-bid trade (K-TRD-1..3) is solved by
:func:`kuhtheory.solvers.trade_solution.solve_trade` each time a control changes. What is shown
comes from a :class:`~kuhtheory.solvers.trade_tables.TradeSummary`, computed from the solver's
tables by :func:`~kuhtheory.solvers.trade_tables.summarise` (pure, in the solvers: a notebook that
needs the numbers needs no ipywidgets):

* A's offers by card count and by total (bar charts);
* B's reply per card count: how often he accepts (where the edition allows it, K-TRD-2), and the
  counter-offers he lays;
* how often A bluffs with 0-cards only, and what the card count gives away: A's expected total for
  each count B can see;
* the editions' trade rules side by side, with the value of the same trade under each.

Charts are SVG strings in ``ipywidgets.HTML`` values, updated in place (a redraw costs well under
a millisecond; the time goes to the LP).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import ipywidgets as w

from kuhtheory.cards import DENOMINATIONS, from_counts
from kuhtheory.editions import EDITIONS, get_edition
from kuhtheory.errors import KuhtheoryError
from kuhtheory.plots import svg_bars
from kuhtheory.solvers.trade_tables import TradeSummary, summarise
from kuhtheory.widgets.common import kernel_notice, needs_kernel, row

__all__ = [
    "HandPicker",
    "TradeExplorer",
    "TradeSummary",
    "solve_summary",
    "summarise",
    "trade_rules_html",
    "worth_sweep_figure",
]


class HandPicker:
    """A hand of money cards: one counter per denomination (0 to ``most``)."""

    def __init__(self, description: str, counts: Sequence[int], most: int = 10) -> None:
        self.boxes = [
            w.BoundedIntText(
                value=c,
                min=0,
                max=most,
                description=f"{v}:",
                layout=w.Layout(width="100px"),
                style={"description_width": "32px"},
            )
            for v, c in zip(DENOMINATIONS, counts, strict=True)
        ]
        self.widget = row([w.HTML(f"<b>{html.escape(description)}</b>"), *self.boxes])

    @property
    def counts(self) -> tuple[int, ...]:
        """The hand as a count vector."""
        return tuple(int(b.value) for b in self.boxes)

    @property
    def cards(self) -> tuple[int, ...]:
        """The hand as sorted card values."""
        return from_counts(self.counts)

    def set_cards(self, cards: Sequence[int]) -> None:
        """Set the hand from card values (one change event per denomination)."""
        for box, v in zip(self.boxes, DENOMINATIONS, strict=True):
            box.value = list(cards).count(v)

    def observe(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback`` on every change."""
        for box in self.boxes:
            box.observe(callback, names="value")


#: The trade's rules, as :mod:`kuhtheory.edition_text` says them, in the editions' table.
TRADE_QUESTIONS = ("Answering a trade", "Money after a counter-offer", "Equal offers")


def trade_rules_html(values: Mapping[str, float] | None = None) -> str:
    """The editions' trade rules side by side in a player's words (K-TRD-2, K-TRD-3, ties), with
    the value of one trade under each edition when ``values`` (edition key -> value) is given.

    >>> page = trade_rules_html()
    >>> all(key in page for key in ("classic", "2025", "first", "bluff"))
    True
    >>> "B may not accept" in page and "ties go to the offerer" in page
    True
    """
    from kuhtheory.edition_text import rule_text

    rows = []
    for key in sorted(EDITIONS):
        ed = get_edition(key)
        value = "" if values is None or key not in values else f"{values[key]:.1f}"
        cells = "".join(f"<td>{html.escape(rule_text(ed, q))}</td>" for q in TRADE_QUESTIONS)
        rows.append(f"<tr><td><b>{key}</b></td>{cells}<td>{value}</td></tr>")
    heads = "".join(f"<th>{html.escape(q.lower())}</th>" for q in TRADE_QUESTIONS)
    return (
        "<table class='kt-rules'><tr><th>edition</th>"
        + heads
        + "<th>value to A</th></tr>"
        + "".join(rows)
        + "</table>"
    )


@lru_cache(maxsize=256)
def _solve_cached(edition: str, a: tuple[int, ...], b: tuple[int, ...], value: int) -> TradeSummary:
    from kuhtheory.solvers.trade_solution import solve_trade

    return summarise(solve_trade(edition, a, b, value))


def solve_summary(edition: str, a: Sequence[int], b: Sequence[int], value: int) -> TradeSummary:
    """Solve the trade (:func:`kuhtheory.solvers.trade_solution.solve_trade`) and summarise it;
    solutions are cached, so moving a slider back is instant."""
    return _solve_cached(edition, tuple(sorted(a)), tuple(sorted(b)), int(value))


def worth_sweep_figure(
    edition: str,
    a_cards: Sequence[int],
    b_cards: Sequence[int],
    worths: Sequence[int],
    solver: Callable[[str, tuple[int, ...], tuple[int, ...], int], TradeSummary] | None = None,
) -> Any:
    """A plotly figure for the static book: A's offers by total, with a slider over the stake's
    worth ``W`` (every equilibrium solved beforehand, so the page needs no kernel).

    >>> fig = worth_sweep_figure("2025", (0, 10), (10,), (0, 50))
    >>> len(fig.layout.sliders[0].steps)
    2
    """
    from kuhtheory.plots import plotly_slider_bars

    solve = solver or solve_summary
    a, b = tuple(sorted(a_cards)), tuple(sorted(b_cards))
    summaries = [(w_, solve(edition, a, b, int(w_))) for w_ in worths]
    totals = sorted({t for _, s in summaries for _, t, _ in s.offers})
    steps = []
    for worth, s in summaries:
        by_total = s.by_total()
        steps.append(
            (
                str(worth),
                [str(t) for t in totals],
                [("A's offer totals", [by_total.get(t, 0.0) for t in totals])],
            )
        )
    return plotly_slider_bars(
        steps,
        title=f"A's offers by total ({edition})",
        xlabel="total offered",
        slider_label="stake's worth W = ",
    )


class TradeExplorer:
    """Widgets over the trade's equilibrium.

    Parameters
    ----------
    a_cards, b_cards
        A's (offerer) and B's (responder) money cards.
    value
        The stake's worth ``W`` in money.
    edition
        Edition key.
    solver
        ``(edition, a_cards, b_cards, value) -> TradeSummary``; default :func:`solve_summary`.
    """

    def __init__(
        self,
        a_cards: Sequence[int] = (0, 0, 0, 10, 50),
        b_cards: Sequence[int] = (10, 10, 50),
        value: int = 100,
        edition: str = "classic",
        solver: Callable[[str, tuple[int, ...], tuple[int, ...], int], TradeSummary] | None = None,
    ) -> None:
        from kuhtheory.cards import to_counts

        self._solver = solver or solve_summary
        self.edition_select = w.Dropdown(
            options=sorted(EDITIONS), value=edition, description="edition"
        )
        self.a_hand = HandPicker("A (offerer)", to_counts(a_cards))
        self.b_hand = HandPicker("B (responder)", to_counts(b_cards))
        self.value_slider = w.IntSlider(
            value=value,
            min=0,
            max=500,
            step=10,
            description="stake's worth W",
            continuous_update=False,
            style={"description_width": "110px"},
            layout=w.Layout(width="480px"),
        )
        self.compare_button = w.Button(
            description="Compare the editions", layout=w.Layout(width="auto")
        )
        self.compare_button.on_click(lambda _: self.compare_editions())
        self.summary_text = w.HTML()
        self.offers_count_chart = w.HTML()
        self.offers_total_chart = w.HTML()
        self.reply_chart = w.HTML()
        self.count_chart = w.HTML()
        self.rules_table = w.HTML(trade_rules_html())
        self.message = w.HTML()
        self.summary: TradeSummary | None = None
        #: whether the editions' table shows values (then every change recomputes them)
        self.compared = False
        for control in (self.edition_select, self.value_slider):
            control.observe(lambda _: self.refresh(), names="value")
        self.a_hand.observe(lambda _: self.refresh())
        self.b_hand.observe(lambda _: self.refresh())
        self.widget = needs_kernel(
            w.VBox(
                [
                    kernel_notice(
                        "explorer",
                        "notebooks/trade.ipynb",
                        "the equilibrium of its starting hands",
                    ),
                    self.edition_select,
                    self.a_hand.widget,
                    self.b_hand.widget,
                    self.value_slider,
                    self.message,
                    self.summary_text,
                    row([self.offers_count_chart, self.offers_total_chart]),
                    row([self.reply_chart, self.count_chart]),
                    w.HTML("<b>The editions' trade rules</b>"),
                    self.compare_button,
                    self.rules_table,
                ]
            )
        )
        self.refresh()

    # ----- pure computations ------------------------------------------------------------------
    def solve(self) -> TradeSummary:
        """The equilibrium summary for the current controls."""
        a, b = self.a_hand.cards, self.b_hand.cards
        return self._solver(str(self.edition_select.value), a, b, int(self.value_slider.value))

    def summary_html(self, s: TradeSummary) -> str:
        """The value, the bluff rate and how to read the charts."""
        return (
            f"<div>Value of the trade to A (his expected gain; B's is W minus it): "
            f"<b>{s.value:.2f}</b>. "
            f"A lays only 0-cards (a pure bluff) with probability <b>{s.bluff_rate():.2f}</b>."
            "</div>"
        )

    def count_labels(self, s: TradeSummary) -> list[int]:
        """The card counts A may lay (0 to the size of his hand)."""
        return list(range(len(self.a_hand.cards) + 1))

    def charts(self, s: TradeSummary) -> dict[str, str]:
        """The four charts as SVG strings, by name."""
        counts = self.count_labels(s)
        by_count = s.by_count()
        by_total = s.by_total()
        totals = [t for t, p in by_total.items() if p > 1e-9] or [0]
        accept = [s.accept_rate(c) for c in counts]
        zero = [s.zero_share(c) or 0.0 for c in counts]
        expected = [s.expected_total(c) or 0.0 for c in counts]
        counter = [s.expected_counter(c) or 0.0 for c in counts]
        labels = [str(c) for c in counts]
        return {
            "offers_count": svg_bars(
                labels,
                [("A's offers", [by_count.get(c, 0.0) for c in counts])],
                title="A's offers by card count",
                xlabel="cards laid",
                ymax=1.0,
            ),
            "offers_total": svg_bars(
                [str(t) for t in totals],
                [("A's offers", [by_total.get(t, 0.0) for t in totals])],
                title="A's offers by total",
                xlabel="total offered",
                ymax=1.0,
            ),
            "reply": svg_bars(
                labels,
                [("B accepts", accept), ("only 0-cards", zero)],
                title="B's reply and A's bluffs, per card count",
                xlabel="cards A laid",
                ymax=1.0,
            ),
            "count": svg_bars(
                labels,
                [("A's expected total", expected), ("B's expected counter", counter)],
                title="what the count gives away",
                xlabel="cards A laid",
                ylabel="money",
            ),
        }

    def edition_values(self) -> dict[str, float]:
        """The value of the current trade under every edition's rules."""
        a, b = self.a_hand.cards, self.b_hand.cards
        value = int(self.value_slider.value)
        return {key: self._solver(key, a, b, value).value for key in sorted(EDITIONS)}

    # ----- refresh ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-solve and update every chart in place."""
        try:
            s = self.solve()
        except KuhtheoryError as exc:
            self.message.value = f"<span style='color:#b91c1c'>{html.escape(str(exc))}</span>"
            if self.compared:  # no values for hands that cannot be solved, never stale ones
                self.rules_table.value = trade_rules_html()
            return
        self.summary = s
        self.message.value = ""
        self.summary_text.value = self.summary_html(s)
        charts = self.charts(s)
        self.offers_count_chart.value = charts["offers_count"]
        self.offers_total_chart.value = charts["offers_total"]
        self.reply_chart.value = charts["reply"]
        self.count_chart.value = charts["count"]
        if self.compared:
            self.compare_editions()

    def compare_editions(self) -> None:
        """Fill the editions' table with the value of this trade under each; from then on the
        table follows every change of the hands, the worth or the edition."""
        self.compared = True
        try:
            self.rules_table.value = trade_rules_html(self.edition_values())
        except KuhtheoryError as exc:
            self.rules_table.value = trade_rules_html()
            self.message.value = f"<span style='color:#b91c1c'>{html.escape(str(exc))}</span>"
