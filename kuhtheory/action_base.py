"""What the actions of every game share: the frozen base class, its ``repr`` and its JSON form.

Each game (:mod:`kuhtheory.engine.actions`, :mod:`kuhtheory.games.schnaeppchen.actions`) defines
its actions as frozen dataclasses derived from :class:`BaseAction`, with a ``kind`` naming the
action in JSON. This module gives them one ``repr`` that rebuilds the action
(:func:`action_repr`; enum members print as ``Animal.COW``) and the two halves of the JSON round
trip, :func:`to_json` and :func:`from_json`, which each game calls with its own encoding of
the values that are not plain JSON (animals, card tuples, card codes).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, repr=False)
... class Knock(BaseAction):
...     times: int = 1
...     kind = "knock"
>>> Knock.__repr__ = action_repr
>>> to_json(Knock(2, 3), encode=lambda v: v)
{'type': 'knock', 'player': 2, 'times': 3}
>>> from_json({"type": "knock", "player": 2, "times": 3}, {"knock": Knock})
Knock(player=2, times=3)
>>> from_json({"type": "knock", "player": 2}, {"knock": Knock})
Traceback (most recent call last):
...
kuhtheory.errors.InvalidActionError: action {'type': 'knock', 'player': 2}: missing fields ['times']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from kuhtheory.errors import InvalidActionError
from kuhtheory.quoting import clip, excerpt

#: Seats are numbered below this in every game of the collection (none seats more than five):
#: a larger seat number is badly formed whatever the game, and never reaches a message in full.
MAX_SEATS = 16


def check_player(action: object, player: object, what: str = "player") -> None:
    """Raise :class:`InvalidActionError` unless ``player`` is a seat number ``0 .. MAX_SEATS-1``."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < MAX_SEATS:
        raise InvalidActionError(
            f"{type(action).__name__}: {what} {excerpt(player)} must be a seat 0, 1, ... "
            f"(below {MAX_SEATS})"
        )


@dataclass(frozen=True)
class BaseAction:
    """An action: the seat that takes it, and ``kind``, its name in JSON."""

    player: int
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        check_player(self, self.player)


def action_repr(action: Any) -> str:
    """``Kind(field=value, ...)``, which rebuilds the action; enum members as ``Class.NAME``.

    A value too big to quote (an integer of hundreds of digits, a list of a million cards: only
    an action being refused can hold one) is shown as a bounded excerpt, so that the message
    refusing it stays one short line.
    """
    parts = []
    for f in fields(action):
        parts.append(f"{f.name}={_field_text(getattr(action, f.name))}")
    return f"{type(action).__name__}({', '.join(parts)})"


def _field_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, int) and value.bit_length() > 64:
        return excerpt(value)
    if isinstance(value, (tuple, list, str, dict, set)) and len(value) > 64:
        return excerpt(value)
    text = excerpt(value) if isinstance(value, (tuple, list)) and _has_big(value) else repr(value)
    return text if len(text) <= 300 else clip(text, 300)


def _has_big(values: tuple[Any, ...] | list[Any]) -> bool:
    return any(isinstance(v, int) and v.bit_length() > 64 for v in values)


def to_json(action: Any, encode: Callable[[Any], Any]) -> dict[str, Any]:
    """``{"type": kind, field: encode(value), ...}``, the fields in their declared order."""
    out: dict[str, Any] = {"type": action.kind}
    for f in fields(action):
        out[f.name] = encode(getattr(action, f.name))
    return out


def from_json(
    data: object,
    types: Mapping[str, type],
    decode: Callable[[dict[str, Any], dict[str, Any]], None] | None = None,
) -> Any:
    """The action ``data`` describes; :class:`InvalidActionError` names what is wrong.

    ``types`` maps each ``kind`` to its class. ``decode(data, kwargs)`` may check and convert
    the field values in ``kwargs`` in place before the class is called (its own checks run then).
    """
    if not isinstance(data, dict):
        raise InvalidActionError(f"action {excerpt(data)} must be a JSON object")
    kind = data.get("type")
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidActionError(
            f"action {excerpt(data)}: unknown type {excerpt(kind)}, expected one of "
            f"{', '.join(types)}"
        )
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names - {"type"}
    missing = names - set(data)
    if unknown or missing:
        raise InvalidActionError(
            f"action {excerpt(data)}: "
            + (f"unknown fields {excerpt(sorted(map(str, unknown)))} " if unknown else "")
            + (f"missing fields {sorted(missing)}" if missing else "")
        )
    kwargs = {n: data[n] for n in names}
    if decode is not None:
        decode(data, kwargs)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise InvalidActionError(f"action {excerpt(data)}: {clip(str(exc), 200)}") from None
