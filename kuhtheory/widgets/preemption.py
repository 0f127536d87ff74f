"""The preemption explorer: the auctioneer's decision after the hammer and the auction it shapes.

Two parts, both solved live by :mod:`kuhtheory.solvers`:

* **the decision** (K-AUC-4 with K-PAY-1): for the auctioneer's and the high bidder's money cards,
  the sell/preempt regions over (bid, worth) from
  :func:`~kuhtheory.solvers.preemption.decision_regions`, the no-change penalty per bid, and the
  detail of one (bid, worth) point picked with sliders (who pays what to whom);
* **the auction** (K-AUC-1..4): the complete-information equilibrium with and without the
  right (:func:`~kuhtheory.solvers.auction.compare_auction`), its bid path (bidders bidding the
  price up to be preempted), and the equilibrium price against the auctioneer's worth.

>>> ex = PreemptionExplorer()
>>> ex.decision().decision in ("sell", "preempt")
True
>>> ex.worth_slider.value = 200
>>> ex.decision_html().count("preempt") > 0
True
"""

from __future__ import annotations

import html

import ipywidgets as w

from kuhtheory.cards import parse_money
from kuhtheory.editions import EDITIONS
from kuhtheory.errors import KuhtheoryError, SolverInputError
from kuhtheory.plots import preemption_regions_svg, svg_lines
from kuhtheory.solvers.auction import AuctionComparison, AuctionResult, compare_auction
from kuhtheory.solvers.preemption import (
    DecisionRegions,
    PreemptionDecision,
    decide_preemption,
    decision_regions,
)
from kuhtheory.widgets.common import FULL_LABEL, kernel_notice, needs_kernel, row

__all__ = ["PreemptionExplorer", "parse_values"]


def parse_values(text: str) -> tuple[int, ...]:
    """Bidders' worths from ``"60, 40"``.

    >>> parse_values("60, 40 10")
    (60, 40, 10)
    >>> parse_values("sixty")
    Traceback (most recent call last):
    ...
    kuhtheory.errors.SolverInputError: worths 'sixty': 'sixty' is not a whole number
    """
    out = []
    for part in text.replace(",", " ").split():
        try:
            out.append(int(part))
        except ValueError:
            raise SolverInputError(f"worths {text!r}: {part!r} is not a whole number") from None
    if not out:
        raise SolverInputError(f"worths {text!r}: give at least one bidder's worth")
    return tuple(out)


class PreemptionExplorer:
    """Widgets over the preemption decision and the auction with and without the right.

    Parameters
    ----------
    auctioneer_cards, bidder_cards
        Money cards as text (``"0,10,50"``); by default hands that cannot pay every bid exactly,
        so the no-change penalty shows (the classic start money pays every bid up to 90 exactly).
    edition
        Edition key (the buy-back edition ``bluff`` changes the card flows, not the payoffs).
    bidder_values, auction_worth
        The auction part: the bidders' worths in seat order and the stake's worth to the auctioneer.
    """

    def __init__(
        self,
        auctioneer_cards: str = "0,10,50,100",
        bidder_cards: str = "0,0,10,10,10,50,100",
        edition: str = "classic",
        bidder_values: str = "60, 40",
        auction_worth: int = 100,
        max_worth: int = 200,
    ) -> None:
        self.edition_select = w.Dropdown(
            options=sorted(EDITIONS), value=edition, description="edition"
        )
        self.auctioneer_text = w.Text(
            value=auctioneer_cards, description="auctioneer's cards", style=FULL_LABEL
        )
        self.bidder_text = w.Text(
            value=bidder_cards, description="high bidder's cards", style=FULL_LABEL
        )
        self.view_toggle = w.ToggleButtons(
            options=["absolute", "relative"], value="absolute", description="payoffs"
        )
        self.bid_slider = w.IntSlider(value=40, min=10, max=90, step=10, description="bid")
        self.worth_slider = w.IntSlider(
            value=100, min=0, max=max_worth, step=10, description="worth"
        )
        self.max_worth = max_worth
        self.values_text = w.Text(
            value=bidder_values, description="bidders' worths", style=FULL_LABEL
        )
        self.auction_worth_slider = w.IntSlider(
            value=auction_worth,
            min=0,
            max=max_worth,
            step=10,
            description="auctioneer's worth",
            style=FULL_LABEL,
        )
        self.message = w.HTML()
        self.detail = w.HTML()
        self.auction_detail = w.HTML()
        #: the regions heatmap (SVG, the picked point circled) and the penalty chart
        self.regions_chart = w.HTML()
        self.penalty_chart = w.HTML()
        #: equilibrium prices against the auctioneer's worth
        self.prices_chart = w.HTML()
        self._regions = self.regions()

        for control in (
            self.edition_select,
            self.auctioneer_text,
            self.bidder_text,
            self.view_toggle,
        ):
            control.observe(lambda _: self.refresh(), names="value")
        for control in (self.bid_slider, self.worth_slider):
            control.observe(lambda _: self.refresh_point(), names="value")
        for control in (self.values_text, self.auction_worth_slider):
            control.observe(lambda _: self.refresh_auction(), names="value")

        self.widget = needs_kernel(
            w.VBox(
                [
                    kernel_notice(
                        "explorer",
                        "notebooks/preemption.ipynb",
                        "the decision and the auction for its starting cards and worths",
                    ),
                    w.HTML("<h4>The decision after the hammer</h4>"),
                    row([self.edition_select, self.view_toggle]),
                    row([self.auctioneer_text, self.bidder_text]),
                    row([self.regions_chart, self.penalty_chart]),
                    row([self.bid_slider, self.worth_slider]),
                    self.detail,
                    w.HTML("<h4>The auction it shapes</h4>"),
                    row([self.values_text, self.auction_worth_slider]),
                    self.auction_detail,
                    self.prices_chart,
                    self.message,
                ]
            )
        )
        self.refresh()

    # ----- pure computations ------------------------------------------------------------------
    def cards(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The auctioneer's and the high bidder's money cards from the text boxes."""
        return parse_money(self.auctioneer_text.value), parse_money(self.bidder_text.value)

    def bids(self) -> tuple[int, ...]:
        """The bids of the grid: multiples of 10 up to the high bidder's money (K-PAY-2)."""
        _, bidder = self.cards()
        top = sum(bidder)
        if top < 10:
            raise SolverInputError(
                f"high bidder's cards {bidder!r} total {top}: he cannot bid 10 (K-PAY-2)"
            )
        return tuple(range(10, top + 1, 10))

    def worths(self) -> tuple[int, ...]:
        """The auctioneer's worths of the grid."""
        return tuple(range(0, self.max_worth + 1, 10))

    def regions(self) -> DecisionRegions:
        """The sell/preempt regions for the current cards, edition and view."""
        a, b = self.cards()
        return decision_regions(
            a,
            b,
            self.bids(),
            self.worths(),
            edition=str(self.edition_select.value),
            view=str(self.view_toggle.value),
        )

    def decision(self) -> PreemptionDecision:
        """The decision at the (bid, worth) picked with the sliders."""
        a, b = self.cards()
        bid = min(int(self.bid_slider.value), max(self.bids()))
        return decide_preemption(
            a,
            b,
            bid,
            int(self.worth_slider.value),
            edition=str(self.edition_select.value),
            view=str(self.view_toggle.value),
        )

    def decision_html(self) -> str:
        """The picked point explained: both outcomes, the penalty, the card flows."""
        d = self.decision()
        pre = (
            "cannot preempt: his money does not reach the bid"
            if d.preempt is None
            else (f"preempt: auctioneer {d.preempt.auctioneer}, bidder {d.preempt.bidder}")
        )
        penalty = "-" if d.penalty is None else str(d.penalty)
        flows = "".join(f"<li>{html.escape(f)}</li>" for f in d.flows)
        return (
            f"<div class='kt-decision'>At bid {d.bid} and worth {d.auctioneer_value}, the "
            f"auctioneer should <b>{d.decision}</b>. "
            f"Payoffs ({d.view.value}): sell: auctioneer {d.sell.auctioneer}, bidder "
            f"{d.sell.bidder}; {pre}. No-change penalty: {penalty}; the bidder overpays "
            f"{d.seller_excess} when sold.<ul>{flows}</ul></div>"
        )

    def comparison(self) -> AuctionComparison:
        """The auction's equilibrium with and without the right at the chosen worths.

        The bidders have the high bidder's cards each; the auctioneer his cards.
        """
        a, b = self.cards()
        values = parse_values(self.values_text.value)
        return compare_auction(
            list(values),
            money=[b] * len(values),
            auctioneer_value=int(self.auction_worth_slider.value),
            auctioneer_money=a,
            edition=str(self.edition_select.value),
        )

    def price_curve(self) -> tuple[tuple[int, ...], list[int], list[int]]:
        """Equilibrium prices with and without the right against the auctioneer's worth."""
        a, b = self.cards()
        values = list(parse_values(self.values_text.value))
        worths = tuple(range(0, self.max_worth + 1, 20))
        with_right, without = [], []
        for worth in worths:
            c = compare_auction(
                values,
                money=[b] * len(values),
                auctioneer_value=worth,
                auctioneer_money=a,
                edition=str(self.edition_select.value),
            )
            with_right.append(c.with_right.price)
            without.append(c.without_right.price)
        return worths, with_right, without

    def auction_html(self) -> str:
        """Both equilibria: the bid path, the price, who wins, the payoffs."""
        c = self.comparison()

        def one(title: str, r: AuctionResult) -> str:
            path = "".join(f"<li>{html.escape(step)}</li>" for step in r.path)
            pay = r.payoffs
            return (
                f"<td style='vertical-align:top;padding-right:2em'><b>{title}</b>: price "
                f"{r.price}, {r.decision}; payoffs auctioneer {pay.auctioneer}, "
                f"bidders {list(pay.bidders)}<ol>{path}</ol></td>"
            )

        return (
            "<table><tr>"
            + one("with the right", c.with_right)
            + one("without the right", c.without_right)
            + "</tr></table>"
        )

    def penalty_svg(self) -> str:
        """The no-change penalty and the bidder's overpay per bid, as an SVG chart; its title
        says so when both hands pay every bid exactly (two flat lines at 0)."""
        r = self._regions
        exact = not any(r.penalty) and not any(r.seller_excess)
        return svg_lines(
            r.bids,
            [
                ("no-change penalty", list(r.penalty)),
                ("bidder's overpay when sold", list(r.seller_excess)),
            ],
            title="what no change costs: nothing, both hands pay every bid exactly"
            if exact
            else "what no change costs",
            xlabel="bid",
            ylabel="money above the bid",
        )

    def prices_svg(self) -> str:
        """Equilibrium prices with and without the right against the auctioneer's worth."""
        worths, with_right, without = self.price_curve()
        return svg_lines(
            worths,
            [("with the right", list(with_right)), ("without the right", list(without))],
            title="equilibrium price",
            xlabel="worth to the auctioneer",
            ylabel="price",
            vlines=[(int(self.auction_worth_slider.value), "#6b7280")],
        )

    # ----- refresh ----------------------------------------------------------------------------
    def _error(self, exc: Exception) -> None:
        self.message.value = f"<span style='color:#b91c1c'>{html.escape(str(exc))}</span>"

    def refresh(self) -> None:
        """Recompute the regions (cards, edition or view changed) and everything below."""
        try:
            self._regions = self.regions()
        except KuhtheoryError as exc:
            self._error(exc)
            return
        self.message.value = ""
        self.bid_slider.max = max(self._regions.bids)
        self.penalty_chart.value = self.penalty_svg()
        self.refresh_point()
        self.refresh_auction()

    def refresh_point(self) -> None:
        """Circle the picked point and explain it."""
        try:
            self.detail.value = self.decision_html()
        except KuhtheoryError as exc:
            self._error(exc)
            return
        self.regions_chart.value = preemption_regions_svg(
            self._regions, marker=(self.bid_slider.value, self.worth_slider.value)
        )

    def refresh_auction(self) -> None:
        """Re-solve the auction with and without the right and redraw the price curve."""
        try:
            self.auction_detail.value = self.auction_html()
            self.prices_chart.value = self.prices_svg()
        except KuhtheoryError as exc:
            self._error(exc)
            return
        self.message.value = ""
