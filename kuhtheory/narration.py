"""Events that narrate themselves from a one-line template: :class:`TemplateEvent`.

Both games of the collection log what the table sees as small frozen dataclasses with a
``text()`` method. Most texts are one sentence built from the event's fields, so an event class
states it once as ``TEXT`` in :meth:`str.format` syntax and inherits ``text()``. Three format
specs cover what a sentence needs beyond the fields:

* ``{cards:s}`` — ``"s"`` unless the number is 1 (``"{cards} card{cards:s}"``);
* ``{animals:animals}`` — a tuple of animals as ``"Horse + Cow"`` (their ``label``);
* ``{card:text}`` — the field's own ``text()``.

Attribute and index lookups work as in :meth:`str.format` (``{animal.label}``, ``{pair[0].label}``).
An event whose sentence needs more logic overrides ``text()``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Counted(TemplateEvent):
...     player: int
...     cards: int
...     TEXT = "P{player} lays {cards} card{cards:s}"
>>> Counted(1, 3).text(), Counted(2, 1).text()
('P1 lays 3 cards', 'P2 lays 1 card')
"""

from __future__ import annotations

import string
from dataclasses import dataclass, fields
from typing import Any, ClassVar


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "s":
            return "" if value == 1 else "s"
        if format_spec == "animals":
            return " + ".join(a.label for a in value)
        if format_spec == "text":
            return value.text()
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


@dataclass(frozen=True)
class TemplateEvent:
    """Base class of events whose ``text()`` is their ``TEXT`` template filled with their fields."""

    #: The sentence, in :meth:`str.format` syntax over the event's fields (see the module docs).
    TEXT: ClassVar[str] = ""

    def text(self) -> str:
        """One sentence for the game's narration."""
        return _FORMATTER.vformat(
            self.TEXT, (), {f.name: getattr(self, f.name) for f in fields(self)}
        )
