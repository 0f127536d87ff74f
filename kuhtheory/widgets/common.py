"""Small widget pieces shared by the tables and explorers: the money-card picker, rows that wrap,
labels shown whole, and the notice that a widget needs a live kernel.

>>> picker = CardPicker()
>>> picker.set_hand((0, 10, 10, 50))
>>> picker.set_cards((10, 50))
>>> picker.cards
(10, 50)
>>> picker.set_cards((100,))
Traceback (most recent call last):
...
kuhtheory.errors.InvalidActionError: cards (100,) are not all in the hand (0, 10, 10, 50)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as w

from kuhtheory.cards import DENOMINATIONS, from_counts, to_counts
from kuhtheory.errors import InvalidActionError

__all__ = [
    "BINDER_URL",
    "CardPicker",
    "FULL_LABEL",
    "binder_link",
    "kernel_notice",
    "needs_kernel",
    "row",
]

#: Binder for the project's repository (book/_config.yml: repository url and branch; a test
#: checks they agree).
BINDER_URL = "https://mybinder.org/v2/gh/kuhtheory/kuhtheory/main"

#: A control's style that shows its whole description ("bidders' worths", not "bidders' w...").
FULL_LABEL = {"description_width": "initial"}


def binder_link(notebook: str) -> str:
    """The Binder address that opens ``notebook`` (a path in the repository) in JupyterLab.

    >>> binder_link("notebooks/play.ipynb")
    'https://mybinder.org/v2/gh/kuhtheory/kuhtheory/main?urlpath=lab/tree/notebooks/play.ipynb'
    """
    return f"{BINDER_URL}?urlpath=lab/tree/{notebook}"


def kernel_notice(what: str, notebook: str, shows: str, *, command: str = "") -> w.HTML:
    """The notice that ``what`` needs a live Python kernel, with the ways to get one.

    A saved widget on a static page (the book) draws its last state, but its controls cannot
    run Python. The notice is hidden (an inline ``display: none``) wherever the widget runs for
    real, in JupyterLab or on Binder; the book's stylesheet (book/_ext/kuhbook_static/kuhbook.css,
    class ``kt-static-only``) shows it on the static page, where the widget's controls are also
    drawn inert (:func:`needs_kernel`). ``shows`` says what the static page shows instead;
    ``command`` is a terminal command that does the same without a kernel, if there is one.
    """
    local = f"run <code>{html.escape(command)}</code> in a terminal, or " if command else ""
    text = (
        f"<b>This {html.escape(what)} needs a live Python kernel.</b> On this static page it "
        f"shows {html.escape(shows)}, and its controls do nothing. To use it, open this chapter "
        f'<a href="{html.escape(binder_link(notebook))}" target="_blank" rel="noopener">on '
        f"Binder</a> (the rocket button at the top of the page does the same), or on your own "
        f"computer {local}run <code>make lab</code> and open <code>{html.escape(notebook)}</code>."
    )
    notice = w.HTML(f'<div class="kt-kernel-notice">{text}</div>')
    notice.add_class("kt-static-only")
    notice.layout.display = "none"
    return notice


def needs_kernel(container: w.Box) -> w.Box:
    """Mark ``container`` as a widget that needs a kernel (class ``kt-needs-kernel``: the book's
    stylesheet greys out its controls on the static page); returns it."""
    container.add_class("kt-needs-kernel")
    return container


def row(children: Sequence[w.Widget]) -> w.Box:
    """A row of widgets that wraps onto the next line on a narrow page (the book's column)."""
    return w.Box(
        list(children), layout=w.Layout(display="flex", flex_flow="row wrap", align_items="center")
    )


class CardPicker:
    """Choose some of a hand's money cards: one counter per denomination, capped by the hand.

    ``.widget`` is the container; ``.cards`` the chosen cards as a sorted tuple. Denominations the
    hand does not hold are hidden.
    """

    def __init__(self, description: str = "cards") -> None:
        self._hand: tuple[int, ...] = ()
        self._boxes = {
            v: w.BoundedIntText(
                value=0,
                min=0,
                max=0,
                description=f"{v}:",
                layout=w.Layout(width="105px"),
                style={"description_width": "32px"},
            )
            for v in DENOMINATIONS
        }
        self._label = w.HTML(f"<b>{description}</b>")
        self.widget = row([self._label, *self._boxes.values()])
        self.set_hand(())

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand the cards are chosen from."""
        return self._hand

    def set_hand(self, hand: Sequence[int]) -> None:
        """Offer the cards of ``hand``; the choice is cleared."""
        self._hand = tuple(sorted(hand))
        counts = to_counts(self._hand)
        for v, c in zip(DENOMINATIONS, counts, strict=True):
            box = self._boxes[v]
            box.value = 0
            box.max = c
            box.layout.display = "" if c else "none"

    @property
    def cards(self) -> tuple[int, ...]:
        """The chosen cards, sorted."""
        return from_counts(tuple(int(self._boxes[v].value) for v in DENOMINATIONS))

    def set_cards(self, cards: Sequence[int]) -> None:
        """Choose exactly ``cards``; they must be in the hand."""
        want = to_counts(cards)
        have = to_counts(self._hand)
        if any(x > y for x, y in zip(want, have, strict=True)):
            raise InvalidActionError(
                f"cards {tuple(sorted(cards))!r} are not all in the hand {self._hand!r}"
            )
        for v, c in zip(DENOMINATIONS, want, strict=True):
            self._boxes[v].value = c

    def clear(self) -> None:
        """Choose no card."""
        for box in self._boxes.values():
            box.value = 0
