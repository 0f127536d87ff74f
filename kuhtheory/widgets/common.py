"""Small widget pieces shared by the tables and explorers: the money-card picker.

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

from collections.abc import Sequence

import ipywidgets as w

from kuhtheory.cards import DENOMINATIONS, from_counts, to_counts
from kuhtheory.errors import InvalidActionError

__all__ = ["CardPicker", "row"]


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
