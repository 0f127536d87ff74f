"""Cards: the ten animal species and the money cards (RULES.md, "common to all editions").

Animal cards are public; money cards are secret (only their number is visible at the table).
Money is handled in two forms:

* a **hand** of card values, a sorted tuple such as ``(0, 0, 10, 50)``: what people read and type;
* a **count vector**, a tuple of six counts indexed like :data:`DENOMINATIONS`, such as
  ``(2, 1, 1, 0, 0, 0)``: what the engine and the solvers compute with (hashable, cheap to compare).

This module imports nothing from the package but :mod:`kuhtheory.errors`.

>>> Animal.HORSE.points
1000
>>> to_counts((0, 0, 10, 50))
(2, 1, 1, 0, 0, 0)
>>> from_counts((2, 1, 1, 0, 0, 0))
(0, 0, 10, 50)
>>> parse_money("0,10,10,50")
(0, 10, 10, 50)
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Iterable, Sequence

from kuhtheory.errors import InvalidActionError
from kuhtheory.quoting import excerpt

#: The money denominations, smallest first (RULES.md: money cards 0, 10, 50, 100, 200, 500).
DENOMINATIONS: tuple[int, ...] = (0, 10, 50, 100, 200, 500)
_INDEX = {value: i for i, value in enumerate(DENOMINATIONS)}

Counts = tuple[int, ...]
"""A money count vector: ``counts[i]`` cards of value ``DENOMINATIONS[i]``."""

NO_MONEY: Counts = (0,) * len(DENOMINATIONS)


class Animal(enum.Enum):
    """The ten species; the value is the points of the complete family (RULES.md)."""

    ROOSTER = 10
    GOOSE = 40
    CAT = 90
    DOG = 160
    SHEEP = 250
    GOAT = 350
    DONKEY = 500
    PIG = 650
    COW = 800
    HORSE = 1000

    # Identity hashing: animals key the engine's caches on every move, and Enum's own __hash__
    # (a Python-level hash of the name) is several times slower. Members are singletons, so
    # equality is identity and the two agree.
    __hash__ = object.__hash__

    @property
    def points(self) -> int:
        """Points of the complete family at the end of the game."""
        return self.value

    @property
    def german(self) -> str:
        """The German name printed on the card."""
        return _GERMAN[self]

    @property
    def label(self) -> str:
        """A short English name, capitalised (``"Horse"``)."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: object) -> Animal:
        """An animal from its English or German name (any case) or its points.

        >>> Animal.parse("kuh"), Animal.parse("Horse"), Animal.parse(160)
        (<Animal.COW: 800>, <Animal.HORSE: 1000>, <Animal.DOG: 160>)
        """
        if isinstance(text, Animal):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            try:
                return cls(text)
            except ValueError:
                pass
        elif isinstance(text, str):
            key = text.strip().lower()
            for animal in cls:
                if key in (animal.name.lower(), animal.german.lower()):
                    return animal
        names = ", ".join(a.name.lower() for a in cls)
        raise InvalidActionError(f"unknown animal {excerpt(text)}: expected one of {names}")

    def __repr__(self) -> str:
        return f"<Animal.{self.name}: {self.value}>"


_GERMAN = {
    Animal.ROOSTER: "Hahn",
    Animal.GOOSE: "Gans",
    Animal.CAT: "Katze",
    Animal.DOG: "Hund",
    Animal.SHEEP: "Schaf",
    Animal.GOAT: "Ziege",
    Animal.DONKEY: "Esel",
    Animal.PIG: "Schwein",
    Animal.COW: "Kuh",
    Animal.HORSE: "Pferd",
}

#: The species, cheapest first.
ANIMALS: tuple[Animal, ...] = tuple(Animal)
#: Each species' place in a herd vector (counts indexed like :data:`ANIMALS`).
ANIMAL_INDEX: dict[Animal, int] = {animal: i for i, animal in enumerate(ANIMALS)}
#: The points of each complete family, indexed like :data:`ANIMALS`.
FAMILY_POINTS: tuple[int, ...] = tuple(animal.points for animal in ANIMALS)


def animal_deck(cards_per_family: int) -> tuple[Animal, ...]:
    """The unshuffled animal deck: ``cards_per_family`` cards of each species, cheapest first."""
    if cards_per_family < 1:
        raise InvalidActionError(f"cards_per_family={excerpt(cards_per_family)} must be at least 1")
    return tuple(animal for animal in ANIMALS for _ in range(cards_per_family))


def check_denomination(value: object, what: str = "money card") -> int:
    """``value`` as an int if it is a money denomination, else :class:`InvalidActionError`."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in _INDEX:
        raise InvalidActionError(
            f"{what} {excerpt(value)} is not a money card: denominations are "
            + ", ".join(map(str, DENOMINATIONS))
        )
    return value


def to_counts(cards: Iterable[int], what: str = "money card") -> Counts:
    """The count vector of a hand of money cards; unknown values raise InvalidActionError."""
    counts = [0] * len(DENOMINATIONS)
    for card in cards:
        counts[_INDEX[check_denomination(card, what)]] += 1
    return tuple(counts)


def from_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """The sorted hand of card values of a count vector."""
    return cards_of(check_counts(counts))


def counts_of(cards: Iterable[int]) -> Counts:
    """:func:`to_counts` of card values already checked (the engine's own, an action's)."""
    counts = [0] * len(DENOMINATIONS)
    for card in cards:
        counts[_INDEX[card]] += 1
    return tuple(counts)


@functools.lru_cache(maxsize=4096)
def cards_of(counts: Counts) -> tuple[int, ...]:
    """:func:`from_counts` of a count vector already checked (the engine's own), remembered:
    a game turns the same few hands into card tuples again and again."""
    return tuple(
        value for value, count in zip(DENOMINATIONS, counts, strict=True) for _ in range(count)
    )


def check_counts(counts: Sequence[int], what: str = "money counts") -> Counts:
    """``counts`` as a tuple if it is a valid count vector, else :class:`InvalidActionError`."""
    if len(counts) != len(DENOMINATIONS) or any(
        isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts
    ):
        raise InvalidActionError(
            f"{what} {excerpt(tuple(counts))} must be {len(DENOMINATIONS)} non-negative whole "
            "numbers, "
            f"one per denomination {DENOMINATIONS}"
        )
    return tuple(counts)


def total(counts: Sequence[int]) -> int:
    """The money value of a count vector."""
    return sum(map(operator.mul, DENOMINATIONS, counts))


def card_count(counts: Sequence[int]) -> int:
    """How many cards a count vector holds (what the table sees of a hand)."""
    return sum(counts)


def add(a: Sequence[int], b: Sequence[int]) -> Counts:
    """The union of two count vectors."""
    return tuple(map(operator.add, a, b))


def subtract(a: Sequence[int], b: Sequence[int]) -> Counts:
    """``a`` minus ``b``; raises :class:`InvalidActionError` if ``b`` is not contained in ``a``."""
    if not contains(a, b):
        raise InvalidActionError(
            f"cards {from_counts(b)!r} are not all in the hand {from_counts(a)!r}"
        )
    return tuple(map(operator.sub, a, b))


def contains(hand: Sequence[int], part: Sequence[int]) -> bool:
    """Whether the count vector ``part`` is a sub-multiset of ``hand``."""
    return all(map(operator.le, part, hand))


def parse_money(text: str | Iterable[int]) -> tuple[int, ...]:
    """A sorted hand from ``"0,10,10,50"`` (commas or spaces; empty string: no cards) or ints.

    >>> parse_money("50, 0 10")
    (0, 10, 50)
    >>> parse_money("")
    ()
    """
    if isinstance(text, str):
        parts = [p for p in text.replace(",", " ").split() if p]
        values: list[int] = []
        for part in parts:
            try:
                values.append(int(part))
            except ValueError:
                raise InvalidActionError(
                    f"money card {excerpt(part)} in {excerpt(text)} is not a number: "
                    "denominations are " + ", ".join(map(str, DENOMINATIONS))
                ) from None
        return from_counts(to_counts(values))
    return from_counts(to_counts(text))


def format_money(cards: Iterable[int]) -> str:
    """``"0+10+50 = 60"`` style text for a hand (``"no cards"`` when empty)."""
    hand = tuple(cards)
    if not hand:
        return "no cards"
    return "+".join(map(str, hand)) + f" = {sum(hand)}"
