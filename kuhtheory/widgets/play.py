"""The play table: a full game of Kuhhandel against bots, in widgets.

:class:`PlayTable` draws the table from the human's seat (:func:`kuhtheory.display.table_html`:
your money face up, the others' face down, every animal), the narrated events, and one row of
controls per kind of decision. Its buttons call
:class:`~kuhtheory.widgets.controller.GameController`; after each action the bots play until
it is the human's turn again, and every view is updated in place. Tests click the buttons with
``button.click()``.

>>> table = PlayTable(players=3, seed=2, first_player=0)
>>> table.controls_enabled()["auction"]
True
>>> table.auction_button.click()
>>> table.controller.state.history_length > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from kuhtheory.cards import ANIMALS, Animal
from kuhtheory.display import events_html, table_html
from kuhtheory.editions import EDITIONS
from kuhtheory.engine import Phase
from kuhtheory.errors import KuhtheoryError
from kuhtheory.widgets.common import CardPicker, kernel_notice, needs_kernel, row
from kuhtheory.widgets.controller import GameController

__all__ = ["PlayTable"]

_BUTTON = w.Layout(width="auto")


class PlayTable:
    """A widget table for one human seat against bots (any edition).

    Parameters are those of :class:`~kuhtheory.widgets.controller.GameController`. ``.widget`` is
    the container to display; ``.controller`` the game logic; ``.message`` shows the last refusal
    (an illegal action's reason, naming the rule clause). On a static page (the book) the table
    shows its first position with its controls greyed out and ``.kernel_notice``, which says that
    playing needs a live kernel and links to Binder and to ``kuhtheory play``.
    """

    def __init__(
        self,
        players: int = 4,
        seed: int = 1,
        edition: str = "classic",
        variants: Sequence[str] = (),
        human: int = 0,
        bots: Sequence[Any] | None = None,
        first_player: int | None = None,
    ) -> None:
        self._setup = dict(
            players=players,
            variants=tuple(variants),
            human=human,
            bots=bots,
            first_player=first_player,
        )
        self.controller = GameController(
            seed=seed,
            edition=edition,
            **self._setup,  # type: ignore[arg-type]
        )
        # new game row
        self.edition_select = w.Dropdown(
            options=sorted(EDITIONS), value=edition, description="edition"
        )
        self.seed_input = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.new_button = w.Button(description="New game", layout=_BUTTON)
        self.new_button.on_click(lambda _: self.new_game())
        # views
        self.table = w.HTML()
        self.prompt = w.HTML()
        self.message = w.HTML()
        self.events = w.HTML()
        # turn
        self.auction_button = w.Button(
            description="Auction next animal", button_style="primary", layout=_BUTTON
        )
        self.auction_button.on_click(lambda _: self._do(self.controller.auction))
        self.opponent_select = w.Dropdown(description="opponent", options=[])
        self.animal_select = w.Dropdown(description="animal", options=[])
        self.opponent_select.observe(lambda _: self._update_animals(), names="value")
        self.trade_button = w.Button(description="Trade (offer the picked cards)", layout=_BUTTON)
        self.trade_button.on_click(lambda _: self._do(self._trade))
        # bidding
        self.bid10_button = w.Button(description="Bid +10", layout=_BUTTON)
        self.bid10_button.on_click(lambda _: self._do(self.controller.raise_by, 10))
        self.bid50_button = w.Button(description="Bid +50", layout=_BUTTON)
        self.bid50_button.on_click(lambda _: self._do(self.controller.raise_by, 50))
        self.bid_input = w.IntText(value=10, description="bid", layout=w.Layout(width="160px"))
        self.bid_button = w.Button(description="Bid", layout=_BUTTON)
        self.bid_button.on_click(lambda _: self._do(self.controller.bid, int(self.bid_input.value)))
        self.pass_button = w.Button(description="Pass", layout=_BUTTON)
        self.pass_button.on_click(lambda _: self._do(self.controller.pass_))
        # hammer / buy-back
        self.sell_button = w.Button(description="Sell", layout=_BUTTON)
        self.sell_button.on_click(lambda _: self._do(self.controller.sell))
        self.preempt_button = w.Button(description="Preempt", layout=_BUTTON)
        self.preempt_button.on_click(lambda _: self._do(self.controller.preempt))
        # paying and piles
        self.picker = CardPicker("your cards")
        self.suggestions = w.Dropdown(description="least overpay", options=[])
        self.suggestions.observe(lambda _: self._use_suggestion(), names="value")
        self.pay_button = w.Button(description="Pay the picked cards", layout=_BUTTON)
        self.pay_button.on_click(lambda _: self._do(self._pay))
        self.accept_button = w.Button(description="Accept", layout=_BUTTON)
        self.accept_button.on_click(lambda _: self._do(self.controller.accept))
        self.counter_button = w.Button(description="Counter with the picked cards", layout=_BUTTON)
        self.counter_button.on_click(lambda _: self._do(self._counter))
        # the coach: a hint before deciding, the summary at the end
        self.hint_button = w.Button(
            description="Hint",
            tooltip="what the solved subgame recommends here (kuhtheory.coach)",
            layout=_BUTTON,
        )
        self.hint_button.on_click(lambda _: self.show_hint())
        self.hint = w.HTML()
        self.coach_box = w.HTML()

        self.rows = {
            "turn": row(
                [self.auction_button, self.opponent_select, self.animal_select, self.trade_button]
            ),
            "bid": row(
                [
                    self.bid10_button,
                    self.bid50_button,
                    self.bid_input,
                    self.bid_button,
                    self.pass_button,
                ]
            ),
            "hammer": row([self.sell_button, self.preempt_button]),
            "pay": row([self.suggestions, self.pay_button]),
            "respond": row([self.accept_button, self.counter_button]),
        }
        #: shown only on a static page (the book), where the buttons cannot run Python
        self.kernel_notice = kernel_notice(
            "play table",
            "notebooks/play.ipynb",
            "the game's first position",
            command="kuhtheory play",
        )
        self.widget = needs_kernel(
            w.VBox(
                [
                    self.kernel_notice,
                    row([self.edition_select, self.seed_input, self.new_button]),
                    self.table,
                    self.prompt,
                    self.picker.widget,
                    *self.rows.values(),
                    row([self.hint_button]),
                    self.hint,
                    self.message,
                    w.HTML("<b>What happened</b>"),
                    self.events,
                    self.coach_box,
                ]
            )
        )
        self.refresh()

    # ----- pure views -------------------------------------------------------------------------
    def names(self) -> list[str]:
        """Seat names: ``"You"`` for the human, ``"P1"``... for the bots."""
        c = self.controller
        return ["You" if p == c.human else f"P{p}" for p in range(c.state.players)]

    def table_view(self) -> str:
        """The table's HTML from the human's seat."""
        c = self.controller
        return table_html(c.state, viewer=c.human, names=self.names())

    def controls_enabled(self) -> dict[str, bool]:
        """Which controls the human may use now, by name (the buttons' ``disabled`` mirrors it)."""
        c = self.controller
        mine = c.waiting_for_human
        phase = c.phase
        return {
            "auction": mine and phase is Phase.TURN and c.can_auction(),
            "trade": mine and phase is Phase.TURN and bool(c.trade_targets()),
            "bid": mine and phase is Phase.BIDDING and c.min_bid() is not None,
            "pass": mine and phase is Phase.BIDDING,
            "sell": mine and phase in (Phase.HAMMER, Phase.BUY_BACK),
            "preempt": mine and phase is Phase.HAMMER and c.why_illegal_preempt() is None,
            "pay": mine and phase in (Phase.PAYMENT, Phase.BUY_BACK),
            "accept": mine
            and phase is Phase.TRADE_RESPONSE
            and c.state.edition.responder_may_accept,
            "counter": mine and phase in (Phase.TRADE_RESPONSE, Phase.TRADE_REOFFER),
        }

    # ----- actions ----------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a new game with the chosen edition and seed (same seats and bots)."""
        try:
            self.controller = GameController(
                seed=int(self.seed_input.value),
                edition=str(self.edition_select.value),
                **self._setup,  # type: ignore[arg-type]
            )
            self.message.value = ""
        except KuhtheoryError as exc:
            self.message.value = f'<span style="color:#b91c1c">{_esc(str(exc))}</span>'
        self.refresh()

    def _trade(self) -> None:
        opponent = self.opponent_select.value
        animal = self.animal_select.value
        if opponent is None or animal is None:
            raise _Refusal("pick an opponent and an animal you both own (K-TURN-2)")
        self.controller.trade(int(opponent), Animal.parse(animal), self.picker.cards)

    def _pay(self) -> None:
        c = self.controller
        if c.phase is Phase.BUY_BACK:
            c.buy_back(self.picker.cards)
        else:
            c.pay(self.picker.cards)

    def _counter(self) -> None:
        c = self.controller
        if c.phase is Phase.TRADE_REOFFER:
            c.offer(self.picker.cards)
        else:
            c.counter(self.picker.cards)

    def show_hint(self) -> None:
        """Show the coach's advice for the decision in front of the human."""
        advice = self.controller.hint()
        if not advice:
            self.hint.value = "<i>No hint here: the coach measures trades, the auctioneer's "
            self.hint.value += "choice after the hammer, payments and bids.</i>"
            return
        self.hint.value = "".join(
            f'<div class="kt-hint" style="background:#eff6ff;padding:4px 8px;margin:3px 0">'
            f"<b>{_esc(a.kind.value)}</b>: {_esc(a.recommendation)}"
            f'<div style="font-size:11px;color:#4b5563">{_esc(a.situation)}<br>'
            f"model: {_esc(a.model)} ({_esc(a.certainty.value)})</div></div>"
            for a in advice[:3]
        )

    def _do(self, fn: Callable[..., Any], *args: Any) -> None:
        try:
            fn(*args)
            self.message.value = ""
        except (KuhtheoryError, _Refusal) as exc:
            self.message.value = f'<span style="color:#b91c1c">{_esc(str(exc))}</span>'
        self.refresh()

    def _use_suggestion(self) -> None:
        cards = self.suggestions.value
        if cards:
            self.picker.set_cards(cards)

    def _update_animals(self) -> None:
        opponent = self.opponent_select.value
        animals = [a for p, a in self.controller.trade_targets() if p == opponent]
        self.animal_select.options = [(a.label, a.name.lower()) for a in ANIMALS if a in animals]

    # ----- refresh ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw every view and enable the controls that fit the current decision."""
        c = self.controller
        self.table.value = self.table_view()
        self.prompt.value = f"<b>{_esc(c.prompt())}</b>"
        self.hint.value = ""
        self.hint_button.disabled = not c.waiting_for_human
        summary = c.coach_summary()
        self.coach_box.value = (
            ""
            if summary is None
            else "<b>The coach's summary of your game</b><pre>"
            + _esc("\n".join(summary.lines()))
            + "</pre>"
        )
        self.events.value = events_html(c.narration(), limit=15)
        enabled = self.controls_enabled()
        buttons = {
            "auction": [self.auction_button],
            "trade": [self.trade_button, self.opponent_select, self.animal_select],
            "bid": [self.bid10_button, self.bid50_button, self.bid_button, self.bid_input],
            "pass": [self.pass_button],
            "sell": [self.sell_button],
            "preempt": [self.preempt_button],
            "pay": [self.pay_button, self.suggestions],
            "accept": [self.accept_button],
            "counter": [self.counter_button],
        }
        for key, items in buttons.items():
            for item in items:
                item.disabled = not enabled[key]
        self.sell_button.description = "Let the sale stand" if c.phase is Phase.BUY_BACK else "Sell"
        self.pay_button.description = (
            "Buy back with the picked cards"
            if c.phase is Phase.BUY_BACK
            else "Pay the picked cards"
        )
        self.counter_button.description = (
            "Offer again with the picked cards"
            if c.phase is Phase.TRADE_REOFFER
            else "Counter with the picked cards"
        )
        self.picker.set_hand(c.spendable() if enabled["pay"] else c.hand())
        suggestions = c.pay_suggestions()
        self.suggestions.options = [("", ())] + [
            (f"{'+'.join(map(str, s))} = {sum(s)}", s) for s in suggestions
        ]
        if suggestions:
            self.suggestions.value = suggestions[0]
        minimum = c.min_bid()
        if minimum is not None and self.bid_input.value < minimum:
            self.bid_input.value = minimum
        targets = c.trade_targets()
        opponents = sorted({p for p, _ in targets})
        self.opponent_select.options = [(self.names()[p], p) for p in opponents]
        self._update_animals()
        for key, line in self.rows.items():
            show = {
                "turn": enabled["auction"] or enabled["trade"],
                "bid": enabled["bid"] or enabled["pass"],
                "hammer": enabled["sell"] or enabled["preempt"],
                "pay": enabled["pay"],
                "respond": enabled["accept"] or enabled["counter"],
            }[key]
            line.layout.display = "flex" if show else "none"


class _Refusal(Exception):
    """A control used without its inputs (no opponent picked): shown, never raised out."""


def _esc(text: str) -> str:
    import html

    return html.escape(text)
