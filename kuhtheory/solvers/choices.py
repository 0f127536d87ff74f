"""One parser for the solvers' string-valued enums (a view, an auction selection, a refinement).

A leaf module (it imports only :mod:`kuhtheory.errors`), so every solver can use it.

>>> import enum
>>> class Colour(enum.Enum):
...     RED = "red"
...     BLUE = "blue"
>>> parse_choice(Colour, " Blue ", "colour")
<Colour.BLUE: 'blue'>
>>> parse_choice(Colour, "green", "colour")
Traceback (most recent call last):
...
kuhtheory.errors.SolverInputError: colour='green' is unknown: choose 'red' or 'blue'
"""

from __future__ import annotations

import enum
from typing import TypeVar

from kuhtheory.errors import SolverInputError

Choice = TypeVar("Choice", bound=enum.Enum)


def parse_choice(kind: type[Choice], value: object, name: str) -> Choice:
    """``value`` as a member of the string-valued enum ``kind`` (a member, or its value in any
    case), else :class:`SolverInputError` naming ``name`` and the choices."""
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        names = [repr(member.value) for member in kind]
        choices = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
        raise SolverInputError(f"{name}={value!r} is unknown: choose {choices}") from None
