"""Schnäppchen Jagd cards: 6 colours x values 1-9 x 2 copies, plus 2 super offers (S-DECK-1).

A :class:`Card` is a colour and a value; the two copies of a card are equal values (the rules
never tell them apart, S-TRICK-4 orders them by declaration). The super offer is the card with
``colour=None`` and ``value=0``: :data:`SUPER_OFFER`.

The rule text names four colours (green, yellow, blue, red); we call the other two purple and
orange. Cards have a short code, used in JSON and on the command line: ``"G7"`` is the green 7,
``"SO"`` the super offer.

Hands and piles are tuples of cards; :func:`sort_cards` gives the canonical order (colours in
:class:`Colour` order, then values, super offers last).

>>> Card(Colour.GREEN, 7)
Card(Colour.GREEN, 7)
>>> Card.parse("g7") == Card(Colour.GREEN, 7), Card.parse("super").is_super
(True, True)
>>> len(full_deck()), full_deck().count(SUPER_OFFER)
(110, 2)
>>> [c.code for c in sort_cards([SUPER_OFFER, Card.parse("B2"), Card.parse("R9")])]
['R9', 'B2', 'SO']
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from kuhtheory.errors import InvalidActionError
from kuhtheory.quoting import excerpt

#: Card values 1-9 (S-DECK-1).
VALUES: tuple[int, ...] = tuple(range(1, 10))
#: Copies of each coloured card (S-DECK-1).
COPIES = 2
#: Super offers in the deck (S-DECK-1).
SUPER_OFFERS = 2


class Colour(enum.Enum):
    """The six colours; the value is the one-letter code."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"
    PURPLE = "P"
    ORANGE = "O"

    @property
    def label(self) -> str:
        """The lower-case English name (``"green"``)."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: object) -> Colour:
        """A colour from its name or letter, any case.

        >>> Colour.parse("vert"), Colour.parse("b")
        (Colour.GREEN, Colour.BLUE)
        """
        if isinstance(text, Colour):
            return text
        if isinstance(text, str):
            key = text.strip().lower()
            for colour in cls:
                if key in (colour.label, colour.value.lower(), _FRENCH[colour]):
                    return colour
        names = ", ".join(c.label for c in cls)
        raise InvalidActionError(
            f"unknown colour {excerpt(text)}: expected one of {names} (S-DECK-1)"
        )

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


_FRENCH = {
    Colour.RED: "rouge",
    Colour.YELLOW: "jaune",
    Colour.GREEN: "vert",
    Colour.BLUE: "bleu",
    Colour.PURPLE: "violet",
    Colour.ORANGE: "orange",
}
_COLOUR_INDEX = {colour: i for i, colour in enumerate(Colour)}


@dataclass(frozen=True)
class Card:
    """One card: a colour and a value 1-9, or the super offer (``colour=None``, ``value=0``)."""

    colour: Colour | None
    value: int

    def __post_init__(self) -> None:
        if self.colour is None:
            if self.value != 0:
                raise InvalidActionError(
                    f"card value {self.value!r} without a colour: the super offer has value 0 "
                    "(S-DECK-1)"
                )
        else:
            if not isinstance(self.colour, Colour):
                object.__setattr__(self, "colour", Colour.parse(self.colour))
            if isinstance(self.value, bool) or self.value not in VALUES:
                raise InvalidActionError(
                    f"card value {self.value!r} must be a whole number 1-9 (S-DECK-1)"
                )
        # Cached: cards are sorted and hashed constantly (not fields: equality ignores them).
        index = len(_COLOUR_INDEX) if self.colour is None else _COLOUR_INDEX[self.colour]
        object.__setattr__(self, "_sort_key", (index, self.value))
        object.__setattr__(self, "_hash", hash((index, self.value)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]

    @property
    def is_super(self) -> bool:
        """True for a super offer (S-TRICK-5)."""
        return self.colour is None

    @property
    def code(self) -> str:
        """The short code: ``"G7"``, ``"SO"`` for the super offer."""
        return "SO" if self.colour is None else f"{self.colour.value}{self.value}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Colours in :class:`Colour` order, then values; super offers last."""
        return self._sort_key  # type: ignore[attr-defined,no-any-return]

    def text(self) -> str:
        """A readable name: ``"green 7"``, ``"super offer"``."""
        return "super offer" if self.colour is None else f"{self.colour.label} {self.value}"

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card from its code (``"G7"``, ``"SO"``) or name (``"green 7"``, ``"super"``).

        >>> Card.parse("green 7"), Card.parse("SO")
        (Card(Colour.GREEN, 7), SUPER_OFFER)
        """
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            key = text.strip().lower()
            if key in ("so", "super", "super offer", "super offre", "*"):
                return SUPER_OFFER
            parts = key.split()
            if len(parts) == 1 and len(key) >= 2:
                parts = [key[:-1], key[-1]]
            if len(parts) == 2 and parts[1].isdigit():
                try:
                    return cls(Colour.parse(parts[0]), int(parts[1]))
                except InvalidActionError:
                    pass
        raise InvalidActionError(
            f"card {excerpt(text)} is not a card: expected a code such as 'G7' (green 7) or 'SO' "
            "(super offer) (S-DECK-1)"
        )

    def __repr__(self) -> str:
        if self.colour is None:
            return "SUPER_OFFER"
        return f"Card({self.colour!r}, {self.value})"


#: The super offer: the highest trump, junk for whoever wins it (S-TRICK-5, S-TRICK-6).
SUPER_OFFER = Card(None, 0)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in canonical order (see :attr:`Card.sort_key`)."""
    return tuple(sorted(cards, key=_key))


def _key(card: Card) -> tuple[int, int]:
    return card._sort_key  # type: ignore[attr-defined,no-any-return]


def full_deck() -> tuple[Card, ...]:
    """The 110 cards, sorted: every colour and value twice, and two super offers (S-DECK-1)."""
    coloured = tuple(Card(c, v) for c in Colour for v in VALUES for _ in range(COPIES))
    return coloured + (SUPER_OFFER,) * SUPER_OFFERS


def card_counts(cards: Iterable[Card]) -> Counter[Card]:
    """A multiset of cards (the two copies of a card are equal)."""
    return Counter(cards)


def remove_cards(cards: tuple[Card, ...], taken: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` without one copy of each card of ``taken``; :class:`InvalidActionError` if missing.

    >>> remove_cards((SUPER_OFFER, Card.parse("G7"), SUPER_OFFER), [SUPER_OFFER])
    (Card(Colour.GREEN, 7), SUPER_OFFER)
    """
    out = list(cards)
    for card in taken:
        try:
            out.remove(card)
        except ValueError:
            raise InvalidActionError(f"card {card!r} is not among {cards!r}") from None
    return tuple(out)
