"""Replay a game record: step through it with a slider, from the god's-eye view or one player's.

A record (:mod:`kuhtheory.record`) is replayed once, every action re-checked by the engine; the
viewer keeps the states and shows, at the chosen step, the table
(:func:`kuhtheory.display.table_html`: in a player's view the others' money stays face down), the
last events, every player's money over the game (god's view) or only the viewer's own, everybody's
public card count, and each auction's price against the animal's worth, preemptions (K-AUC-4)
highlighted. With the coach on (``coach=True`` or its toggle) it also shows the coach's verdict on
the action just taken (:mod:`kuhtheory.coach`: the recommendation beside it, coloured by the loss)
and the money each player has lost so far by the coach's measure.

A few records ship with the package (:func:`kuhtheory.record.bundled_records`).

>>> viewer = ReplayViewer("classic-preemption")
>>> viewer.step_slider.max == len(viewer.states) - 1
True
>>> [a.preempted for a in viewer.auctions()][:1]
[True]
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as w

from kuhtheory.cards import Animal
from kuhtheory.display import events_html, table_html, verdicts_html
from kuhtheory.errors import InvalidRecordError, KuhtheoryError
from kuhtheory.plots import svg_bars, svg_lines
from kuhtheory.record import bundled_records, load_bundled
from kuhtheory.widgets.common import kernel_notice, needs_kernel, row

__all__ = ["AuctionSummary", "ReplayViewer"]

GOD = "god's view"


@dataclass(frozen=True)
class AuctionSummary:
    """One finished auction of a replayed game.

    ``step`` is the index of the state right after it ended; ``bid`` the hammer price (0 when no
    one bid), ``price`` the price the public log announces, ``paid`` the money that really changed
    hands (god's view: with no change it may exceed the price, K-PAY-1), ``worth`` the family
    points of the animals' species divided by the cards of a family (each card's share).
    """

    step: int
    auctioneer: int
    high_bidder: int | None
    winner: int
    animals: tuple[Animal, ...]
    bid: int
    price: int
    paid: int
    worth: float
    preempted: bool
    free: bool

    def label(self) -> str:
        """A short label: the animals, ``*`` when preempted."""
        names = "+".join(a.label for a in self.animals)
        return names + ("*" if self.preempted else "")


class ReplayViewer:
    """Step through a game record with a slider.

    Parameters
    ----------
    record
        A record dict, the path of a record file, or the name of a shipped record.
    viewer
        None for the god's-eye view, or a seat whose view is shown (his money only).
    coach
        Show the coach's verdicts from the start (else its toggle does, when pressed).
    notebook
        The student notebook that shows the viewer live (named by the static page's notice).
    """

    def __init__(
        self,
        record: Mapping[str, Any] | str | Path = "classic-preemption",
        viewer: int | None = None,
        coach: bool = False,
        notebook: str = "notebooks/replay.ipynb",
    ) -> None:
        self.record_select = w.Dropdown(options=list(bundled_records()), description="record")
        self.view_select = w.Dropdown(description="view")
        self.step_slider = w.IntSlider(
            value=0,
            min=0,
            max=0,
            description="step",
            continuous_update=True,
            layout=w.Layout(width="600px"),
        )
        self.table = w.HTML()
        self.events = w.HTML()
        self.step_text = w.HTML()
        self.money_chart = w.HTML()
        self.count_chart = w.HTML()
        self.price_chart = w.HTML()
        self.message = w.HTML()
        # the coach's verdicts (kuhtheory.coach), measured when first shown
        self.coach_toggle = w.ToggleButton(
            value=coach,
            description="coach's verdicts",
            tooltip="measure every decision against the solved subgames (a few seconds)",
            layout=w.Layout(width="auto"),
        )
        self.verdict = w.HTML()
        self.coach_chart = w.HTML()
        self._report: Any = None
        self.states: list[Any] = []
        self._event_counts: list[int] = []
        self._auctions: list[AuctionSummary] = []
        self.load(record, viewer)
        if isinstance(record, str) and record in bundled_records():
            self.record_select.value = record
        else:
            self.record_select.value = None
        self.record_select.observe(lambda ch: self._pick_record(ch["new"]), names="value")
        self.view_select.observe(lambda _: self.refresh(), names="value")
        self.step_slider.observe(lambda _: self.refresh_step(), names="value")
        self.coach_toggle.observe(lambda _: self.refresh(), names="value")
        self.widget = needs_kernel(
            w.VBox(
                [
                    kernel_notice(
                        "viewer",
                        notebook,
                        "the step it was saved at (the charts show the whole game)",
                        command="kuhtheory replay FILE",
                    ),
                    row([self.record_select, self.view_select, self.coach_toggle]),
                    self.step_slider,
                    self.step_text,
                    self.verdict,
                    self.table,
                    w.HTML("<b>Last events</b>"),
                    self.events,
                    row([self.money_chart, self.count_chart]),
                    self.price_chart,
                    self.coach_chart,
                    self.message,
                ]
            )
        )

    # ----- loading ----------------------------------------------------------------------------
    def load(self, record: Mapping[str, Any] | str | Path, viewer: int | None = None) -> None:
        """Replay ``record`` (every action re-checked) and show its first step."""
        from kuhtheory.record import load, replay_states

        if isinstance(record, Path) or (isinstance(record, str) and record.endswith(".json")):
            data: Mapping[str, Any] = load(record)
        elif isinstance(record, str):
            data = load_bundled(record)
        else:
            data = record
        if data.get("game") != "kuhhandel":
            raise InvalidRecordError(
                f"record.game {data.get('game')!r}: the replay viewer shows Kuhhandel games only"
            )
        states: list[Any] = list(replay_states(dict(data)))
        self.record = dict(data)
        self._report = None
        self.states = states
        self._event_counts = [len(s.events) for s in states]
        self._auctions = self._find_auctions()
        players = states[0].players
        options = [(GOD, -1)] + [(f"P{p}'s view", p) for p in range(players)]
        self.view_select.options = options
        self.view_select.value = -1 if viewer is None else viewer
        self.step_slider.max = len(states) - 1
        self.step_slider.value = 0
        self.refresh()

    def _pick_record(self, name: str | None) -> None:
        if not name:
            return
        try:
            self.load(name)
            self.message.value = ""
        except KuhtheoryError as exc:
            self.message.value = f"<span style='color:#b91c1c'>{html.escape(str(exc))}</span>"

    # ----- pure views -------------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose view is shown, None for the god's-eye view."""
        v = self.view_select.value
        return None if v is None or v < 0 else int(v)

    def state(self, step: int | None = None) -> Any:
        """The state at ``step`` (default: the slider's)."""
        return self.states[self.step_slider.value if step is None else step]

    def events_until(self, step: int | None = None) -> list[str]:
        """The public events up to ``step``, as sentences."""
        return [e.text() for e in self.state(step).events]

    def step_of_event(self, index: int) -> int:
        """The first step whose state has the event ``index`` in its log."""
        import bisect

        return bisect.bisect_right(self._event_counts, index)

    def _find_auctions(self) -> list[AuctionSummary]:
        final = self.states[-1]
        per_family = final.edition.cards_per_family
        out: list[AuctionSummary] = []
        bid = 0
        for i, e in enumerate(final.events):
            kind = type(e).__name__
            if kind == "Hammered":
                bid = e.amount
            elif kind in ("Sold", "Preempted", "BoughtBack", "TakenFree"):
                animals = e.animals
                worth = sum(a.points for a in animals) / per_family
                pre = free = False
                high: int | None
                if kind == "Sold":
                    winner, auctioneer, high, price = e.buyer, e.seller, e.buyer, e.price
                elif kind == "TakenFree":
                    winner, auctioneer, high, price = e.auctioneer, e.auctioneer, None, 0
                    free, bid = True, 0
                else:
                    winner, auctioneer, high = e.auctioneer, e.auctioneer, e.high_bidder
                    price, pre = e.price, True
                step = self.step_of_event(i)
                paid = 0
                if high is not None:
                    payer = auctioneer if pre else high
                    paid = self.states[step - 1].money_total(payer) - self.states[step].money_total(
                        payer
                    )
                out.append(
                    AuctionSummary(
                        step, auctioneer, high, winner, animals, bid, price, paid, worth, pre, free
                    )
                )
                bid = 0
        return out

    def auctions(self) -> list[AuctionSummary]:
        """Every finished auction of the game, in order."""
        return list(self._auctions)

    def money_series(self) -> list[tuple[int, ...]]:
        """Every player's money total at each step (the god's-eye view)."""
        return [tuple(s.money_total(p) for p in range(s.players)) for s in self.states]

    def card_count_series(self) -> list[tuple[int, ...]]:
        """Every player's number of money cards at each step (public)."""
        return [tuple(s.card_count(p) for p in range(s.players)) for s in self.states]

    def table_view(self, step: int | None = None) -> str:
        """The table at ``step`` from the chosen view."""
        return table_html(self.state(step), viewer=self.viewer)

    def money_svg(self) -> str:
        """Money over the game: everybody's (god) or the viewer's own, preemptions marked."""
        series = self.money_series()
        steps = list(range(len(series)))
        players = self.states[0].players
        seats = range(players) if self.viewer is None else (self.viewer,)
        marks = [(a.step, "#dc2626") for a in self._auctions if a.preempted]
        marks.append((self.step_slider.value, "#111827"))
        return svg_lines(
            steps,
            [(f"P{p}", [m[p] for m in series]) for p in seats],
            title="money in hand" + ("" if self.viewer is None else f" (P{self.viewer})"),
            xlabel="step (red: preemption)",
            ylabel="money",
            vlines=marks,
            width=460,
        )

    def count_svg(self) -> str:
        """Everybody's number of money cards over the game (what the table sees)."""
        series = self.card_count_series()
        players = self.states[0].players
        return svg_lines(
            list(range(len(series))),
            [(f"P{p}", [m[p] for m in series]) for p in range(players)],
            title="money cards in hand (public)",
            xlabel="step",
            ylabel="cards",
            vlines=[(self.step_slider.value, "#111827")],
            width=460,
        )

    def price_svg(self, upto: int | None = None) -> str:
        """Every auction of the game, price against worth; those not yet finished at ``upto``
        (default: the slider's step) are drawn pale, so the chart shows the whole game from
        the first step on."""
        step = self.step_slider.value if upto is None else upto
        labels = [f"{k + 1}:{a.label()}" for k, a in enumerate(self._auctions)]
        done = sum(1 for a in self._auctions if a.step <= step)
        return svg_bars(
            labels,
            [
                ("price", [a.price for a in self._auctions]),
                ("card's share of family points", [a.worth for a in self._auctions]),
            ],
            title=f"auctions: price against worth ({done} of {len(labels)} done by this step; "
            "pale: still to come; * preempted)",
            ylabel="money / points",
            width=min(760, max(460, 14 * len(labels) + 70)),
            faded=[a.step > step for a in self._auctions],
        )

    # ----- the coach ----------------------------------------------------------------------------
    def coach_report(self) -> Any:
        """The coach's report on the record (:func:`kuhtheory.coach.coach_game`, every seat with
        his own information), measured once per record."""
        if self._report is None:
            from kuhtheory.coach import coach_game

            self._report = coach_game(self.record)
        return self._report

    def verdicts(self, step: int | None = None) -> list[Any]:
        """The coach's verdicts on the action that led to ``step`` (default: the slider's), the
        viewer's own only in a player's view (the verdicts show the hands as each player took
        them)."""
        step = self.step_slider.value if step is None else step
        found = self.coach_report().at_step(step - 1) if step > 0 else []
        return [v for v in found if self.viewer is None or v.seat == self.viewer]

    def coach_svg(self, upto: int | None = None) -> str:
        """Money lost so far by each player (the god's view) or by the viewer, by the coach's
        verdicts, over the game; a dashed line marks ``upto`` (default: the slider's step)."""
        from kuhtheory.coach.report import running_losses

        report = self.coach_report()
        players = self.states[0].players
        seats = range(players) if self.viewer is None else (self.viewer,)
        lost = [[0.0] * len(self.states) for _ in range(players)]
        for v, added in running_losses(report.verdicts):  # bids: each auction once, as summed up
            lost[v.seat][v.step + 1] += added
        series = []
        for p in seats:
            total, line = 0.0, []
            for x in lost[p]:
                total += x
                line.append(total)
            series.append((f"P{p}", line))
        return svg_lines(
            list(range(len(self.states))),
            series,
            title="money lost so far, by the coach's verdicts (bids in a model of the auction)",
            xlabel="step",
            ylabel="money lost",
            vlines=[(self.step_slider.value if upto is None else upto, "#111827")],
            width=760,
        )

    def _refresh_coach(self) -> None:
        if not self.coach_toggle.value:
            self.verdict.value = ""
            self.coach_chart.value = ""
            return
        self.verdict.value = verdicts_html(
            self.verdicts(),
            empty="<i>The coach measures no decision at this step (a turn, or a decision "
            "another seat's view does not show).</i>",
        )
        self.coach_chart.value = self.coach_svg()

    # ----- refresh ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything (record or view changed)."""
        self.money_chart.value = self.money_svg()
        self.count_chart.value = self.count_svg()
        self.refresh_step()

    def refresh_step(self) -> None:
        """Redraw what depends on the step."""
        step = self.step_slider.value
        s = self.state()
        done = sum(1 for a in self._auctions if a.step <= step)
        self.step_text.value = (
            f"step {step} of {len(self.states) - 1} &middot; turn {s.turn} &middot; "
            f"{done} auction(s) finished" + (" &middot; <b>game over</b>" if s.is_terminal else "")
        )
        self.table.value = self.table_view()
        told = self.events_until()
        self.events.value = (
            events_html(told, limit=8)
            if told
            else "<i>Nothing has happened yet: move the step slider.</i>"
        )
        self.money_chart.value = self.money_svg()
        self.count_chart.value = self.count_svg()
        self.price_chart.value = self.price_svg()
        self._refresh_coach()
