"""Quoting untrusted input in messages: bounded excerpts, control characters escaped.

Error messages quote the input they refuse (python-chess style), and records carry text written by
anyone (seat names). Quoted as it is, a 20 MB list makes a 20 MB "one-line" error, an integer of
5,000 digits cannot even be turned into text (Python refuses beyond 4,300 digits), and an ESC, BEL
or right-to-left override in a seat name reaches the terminal raw. Two functions keep every
message one short line:

* :func:`excerpt` is ``repr`` with a bound: long strings, lists and dicts are cut (``...``), a huge
  integer is described by its size, and the whole is at most ``limit`` characters;
* :func:`printable` escapes every character that is not printable (control and format
  characters, line breaks, lone surrogates) the way ``ascii`` would.

>>> excerpt(list(range(1000)))
'[0, 1, 2, 3, 4, 5, ...]'
>>> excerpt(10**5000)
'<an integer of 5001 digits>'
>>> printable("Eve\\x1b[2J\\u202e")
'Eve\\\\x1b[2J\\\\u202e'

This module imports nothing from the package.
"""

from __future__ import annotations

import math
import reprlib
from typing import Any

__all__ = ["MAX_EXCERPT", "clip", "excerpt", "printable"]

#: The longest excerpt :func:`excerpt` returns, in characters.
MAX_EXCERPT = 80


class _Short(reprlib.Repr):
    """``reprlib.Repr`` with small limits and integers that are never turned into long text."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = 6
        self.maxdict = 4
        self.maxstring = 40
        self.maxother = 40
        self.maxlong = 24

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        # reprlib sorts the keys; a message quotes them in the order they were written
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        items = [
            f"{self.repr1(key, level - 1)}: {self.repr1(x[key], level - 1)}"
            for key in list(x)[: self.maxdict]
        ]
        more = ", ..." if len(x) > self.maxdict else ""
        return "{" + ", ".join(items) + more + "}"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 80:  # beyond 24 digits: say how big, never build the digits
            digits = _digits(x)
            return f"<an integer of {digits} digits>"
        return super().repr_int(x, level)


def _digits(x: int) -> int:
    """The number of decimal digits of ``x`` (its sign left out), without converting it."""
    x = abs(x)
    estimate = int(x.bit_length() * math.log10(2))  # the true count is estimate or estimate + 1
    return estimate + 1 if x >= 10**estimate else estimate


_SHORT = _Short()


def excerpt(value: Any, limit: int = MAX_EXCERPT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, on one line, cheap for any size.

    >>> excerpt("x" * 500)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> excerpt({"a": "\\n"})
    "{'a': '\\\\n'}"
    """
    try:
        text = _SHORT.repr(value)
    except Exception:  # a broken __repr__ of some object: say what it is instead
        text = f"<{type(value).__name__} object>"
    return clip(text, limit)


def clip(text: str, limit: int = 300) -> str:
    """``text`` (an error message, a name) made :func:`printable` and cut to ``limit``
    characters, ``...`` marking the cut.

    >>> clip("a long message" * 10, 20)
    'a long messagea l...'
    """
    text = printable(text[: limit * 4])  # escaping at most quadruples a character
    return text if len(text) <= limit else text[: limit - 3] + "..."


def printable(text: str) -> str:
    """``text`` with each character that is not printable escaped as ``ascii`` writes it
    (``\\x1b``, ``\\n``, ``\\u202e``, a lone surrogate ``\\ud800``); printable text is unchanged.

    >>> printable("Zoë")
    'Zoë'
    >>> printable("a\\nb\\ud800")
    'a\\\\nb\\\\ud800'
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
