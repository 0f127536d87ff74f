"""Schnäppchen Jagd actions: small frozen values whose ``repr`` rebuilds them.

Every action names the seat that takes it (``player``, 0-based, seats numbered clockwise):

* :class:`Reveal`: first round only, a hand card becomes the first card of the bargain pile
  (S-PRE-1);
* :class:`PlayCard`: a card into the trick, with its declarations: ``declare_trump`` (True/False)
  when the player cannot follow and plays another colour (S-TRICK-2), ``equal_higher`` (True/False)
  when the same card is already in the trick (S-TRICK-4); each is ``None`` when the rules ask for no
  declaration;
* :class:`Convert`, :class:`DiscardJunk`, :class:`KeepJunk`: one sort after the tricks
  (S-SORT-1, S-SORT-2): convert a value of the junk pile, throw the whole junk pile away, or
  keep it.

Cards in JSON are their codes (``"G7"``, ``"SO"``).

>>> PlayCard(player=1, card=Card.parse("B9"), declare_trump=True)
PlayCard(player=1, card=Card(Colour.BLUE, 9), declare_trump=True, equal_higher=None)
>>> action_to_json(Convert(player=2, value=3))
{'type': 'convert', 'player': 2, 'value': 3}
>>> action_from_json(action_to_json(PlayCard(0, Card.parse("G7"), None, True)))
PlayCard(player=0, card=Card(Colour.GREEN, 7), declare_trump=None, equal_higher=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from kuhtheory.action_base import BaseAction, action_repr, from_json, to_json
from kuhtheory.errors import InvalidActionError
from kuhtheory.games.schnaeppchen.cards import VALUES, Card
from kuhtheory.quoting import excerpt


def _check_flag(action: object, name: str, value: object) -> None:
    if value is not None and not isinstance(value, bool):
        raise InvalidActionError(
            f"{type(action).__name__}: {name}={value!r} must be True, False or None"
        )


@dataclass(frozen=True)
class Reveal(BaseAction):
    """First round: a hand card face up as the first card of the bargain pile (S-PRE-1)."""

    card: Card = Card(None, 0)
    kind: ClassVar[str] = "reveal"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))


@dataclass(frozen=True)
class PlayCard(BaseAction):
    """A card into the trick with its declarations (S-TRICK-1 .. S-TRICK-5)."""

    card: Card = Card(None, 0)
    declare_trump: bool | None = None
    equal_higher: bool | None = None
    kind: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))
        _check_flag(self, "declare_trump", self.declare_trump)
        _check_flag(self, "equal_higher", self.equal_higher)


@dataclass(frozen=True)
class Convert(BaseAction):
    """Sort: discard the fee of ``value`` cards from the junk pile, the rest onto the bargain pile
    (S-SORT-1)."""

    value: int = 1
    kind: ClassVar[str] = "convert"

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.value, bool) or self.value not in VALUES:
            raise InvalidActionError(f"{self!r}: value must be a card value 1-9 (S-SORT-1)")


@dataclass(frozen=True)
class DiscardJunk(BaseAction):
    """Sort: throw the whole junk pile away (only when S-SORT-2 allows it)."""

    kind: ClassVar[str] = "discard-junk"


@dataclass(frozen=True)
class KeepJunk(BaseAction):
    """Sort: change nothing; the junk pile stays and the collected value too (S-SORT-1)."""

    kind: ClassVar[str] = "keep-junk"


Action = Reveal | PlayCard | Convert | DiscardJunk | KeepJunk

ACTION_TYPES: dict[str, type[BaseAction]] = {
    cls.kind: cls for cls in (Reveal, PlayCard, Convert, DiscardJunk, KeepJunk)
}


for _cls in ACTION_TYPES.values():
    setattr(_cls, "__repr__", action_repr)  # noqa: B010  (one repr for every action class)


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict: ``{"type": "play", "player": 0, "card": "G7", ...}``."""
    if not isinstance(action, tuple(ACTION_TYPES.values())):
        raise InvalidActionError(f"{action!r} is not a Schnäppchen Jagd action")
    return to_json(action, lambda value: value.code if isinstance(value, Card) else value)


def action_from_json(data: object) -> Action:
    """The action of :func:`action_to_json`; :class:`InvalidActionError` names what is wrong.

    >>> action_from_json({"type": "reveal", "player": 0, "card": "X1"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kuhtheory.errors.InvalidActionError: card 'X1' is not a card: ...
    """
    action: Action = from_json(data, ACTION_TYPES, _decode)
    return action


def _decode(data: dict[str, Any], kwargs: dict[str, Any]) -> None:
    if "card" in kwargs and not isinstance(kwargs["card"], str):
        raise InvalidActionError(
            f"action {excerpt(data)}: card must be a code such as 'G7' or 'SO'"
        )
