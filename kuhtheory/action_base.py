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


def check_player(action: object, player: object) -> None:
    """Raise :class:`InvalidActionError` unless ``player`` is a seat number (an int >= 0)."""
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise InvalidActionError(
            f"{type(action).__name__}: player {player!r} must be a seat 0, 1, ..."
        )


@dataclass(frozen=True)
class BaseAction:
    """An action: the seat that takes it, and ``kind``, its name in JSON."""

    player: int
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        check_player(self, self.player)


def action_repr(action: Any) -> str:
    """``Kind(field=value, ...)``, which rebuilds the action; enum members as ``Class.NAME``."""
    parts = []
    for f in fields(action):
        value = getattr(action, f.name)
        text = (
            f"{type(value).__name__}.{value.name}" if isinstance(value, enum.Enum) else repr(value)
        )
        parts.append(f"{f.name}={text}")
    return f"{type(action).__name__}({', '.join(parts)})"


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
        raise InvalidActionError(f"action {data!r} must be a JSON object")
    kind = data.get("type")
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidActionError(
            f"action {data!r}: unknown type {kind!r}, expected one of {', '.join(types)}"
        )
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names - {"type"}
    missing = names - set(data)
    if unknown or missing:
        raise InvalidActionError(
            f"action {data!r}: "
            + (f"unknown fields {sorted(unknown)} " if unknown else "")
            + (f"missing fields {sorted(missing)}" if missing else "")
        )
    kwargs = {n: data[n] for n in names}
    if decode is not None:
        decode(data, kwargs)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise InvalidActionError(f"action {data!r}: {exc}") from None
