"""Self-check questions that answer on a static page: no kernel, no network.

A chapter ends with a few short questions. A cell builds them, with the answers computed by the
package where they are numbers, and displays a :class:`SelfCheck`: its HTML carries the questions,
the answers and a small script (kuhtheory/data/selfcheck.js) that checks what the reader types or
picks. The book embeds that output, so the questions answer in the static page, offline; in
JupyterLab they answer once the cell has run, or at once in a trusted notebook (``make lab`` and
Binder trust the student notebooks). Without the script, each question still has a "Show the
answer" fold.

>>> check = SelfCheck(
...     Number("How many money cards are 0-cards in the classic deck?", answer=10),
...     Choice("Who may buy the animal at the winning bid?", ["the auctioneer", "the bank"], 0),
... )
>>> check
SelfCheck(2 questions)
>>> 'data-answer="10"' in check._repr_html_()
True
>>> Number("Half?", answer=0.5)
Traceback (most recent call last):
  ...
ValueError: Number('Half?'): 0.5 is not a whole number: give a tolerance (0.005 for 2 decimals)
"""

from __future__ import annotations

import hashlib
import html
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources

__all__ = ["Choice", "Number", "SelfCheck"]

#: Inline markup a question may use: *emphasis* and `code`; everything else is escaped.
_EMPHASIS = re.compile(r"\*([^*\n]+)\*")
_CODE = re.compile(r"`([^`\n]+)`")


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = _CODE.sub(r"<code>\1</code>", out)
    return _EMPHASIS.sub(r"<em>\1</em>", out)


def _need_text(kind: str, text: str, what: str) -> None:
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{kind}: the {what} must be non-empty text, got {text!r}")


@dataclass(frozen=True)
class Number:
    """A question answered by a number, right within ``tolerance`` (absolute).

    A reader may type a decimal point or comma, or a fraction such as ``1/3``. An answer that is
    not a whole number needs a tolerance: the rounding the question asks for.
    """

    question: str
    answer: float | int | Fraction
    tolerance: float = 0.0
    why: str = ""

    def __post_init__(self) -> None:
        _need_text("Number", self.question, "question")
        name = f"Number({self.question[:40]!r})"
        if isinstance(self.answer, bool) or not isinstance(self.answer, (int, float, Fraction)):
            raise ValueError(f"{name}: the answer must be a number, got {self.answer!r}")
        if not math.isfinite(float(self.answer)):
            raise ValueError(f"{name}: the answer must be finite, got {self.answer!r}")
        if not (isinstance(self.tolerance, (int, float)) and self.tolerance >= 0):
            raise ValueError(f"{name}: the tolerance must be a number >= 0, got {self.tolerance!r}")
        if self.tolerance == 0 and float(self.answer) != int(float(self.answer)):
            raise ValueError(
                f"{name}: {self.answer} is not a whole number: give a tolerance "
                "(0.005 for 2 decimals)"
            )

    def shown(self) -> str:
        """The answer as the reader is told it."""
        value = float(self.answer)
        if value == int(value):
            return str(int(value))
        # As many decimals as the tolerance resolves: 0.005 -> 2, 0.001 -> 3.
        digits = max(0, math.ceil(-math.log10(2 * self.tolerance)))
        return f"{value:.{digits}f}"

    def _attribute(self) -> str:
        value = float(self.answer)
        return str(int(value)) if value == int(value) else repr(value)

    def _html(self, name: str) -> str:
        return (
            f'<li class="kt-sc-q" data-kind="number" data-answer="{self._attribute()}" '
            f'data-tolerance="{float(self.tolerance)!r}">'
            f'<p class="kt-sc-text">{_inline(self.question)}</p>'
            f'<label class="kt-sc-field">Your answer <input type="text" inputmode="decimal" '
            f'autocomplete="off" name="{name}"></label> '
            f"{_CONTROLS}{_answer_fold(self.shown(), self.why)}</li>"
        )


@dataclass(frozen=True)
class Choice:
    """A question with one right option among ``options`` (``answer`` is its index)."""

    question: str
    options: tuple[str, ...] | list[str]
    answer: int
    why: str = ""

    def __post_init__(self) -> None:
        _need_text("Choice", self.question, "question")
        name = f"Choice({self.question[:40]!r})"
        options = tuple(self.options)
        object.__setattr__(self, "options", options)
        if len(options) < 2:
            raise ValueError(f"{name}: give at least two options, got {len(options)}")
        for option in options:
            _need_text(name, option, "option")
        if len(set(options)) != len(options):
            raise ValueError(f"{name}: two options read the same")
        if isinstance(self.answer, bool) or not isinstance(self.answer, int):
            raise ValueError(f"{name}: the answer is an option's index, got {self.answer!r}")
        if not 0 <= self.answer < len(options):
            raise ValueError(
                f"{name}: the answer {self.answer} is no option (0..{len(options) - 1})"
            )

    def shown(self) -> str:
        return self.options[self.answer]

    def _html(self, name: str) -> str:
        options = "".join(
            f'<label class="kt-sc-option"><input type="radio" name="{name}" value="{k}"> '
            f"{_inline(option)}</label>"
            for k, option in enumerate(self.options)
        )
        return (
            f'<li class="kt-sc-q" data-kind="choice" data-answer="{self.answer}">'
            f'<p class="kt-sc-text">{_inline(self.question)}</p>'
            f'<fieldset class="kt-sc-options"><legend>Options</legend>{options}</fieldset>'
            f"{_CONTROLS}{_answer_fold(self.shown(), self.why)}</li>"
        )


_CONTROLS = (
    '<button type="button" class="kt-sc-check">Check</button>'
    '<p class="kt-sc-feedback" aria-live="polite"></p>'
)


def _answer_fold(answer: str, why: str) -> str:
    reason = f" {_inline(why)}" if why else ""
    return (
        '<details class="kt-sc-answer"><summary>Show the answer</summary>'
        f"<p><strong>{_inline(answer)}</strong>.{reason}</p></details>"
    )


@cache
def _asset(name: str) -> str:
    return (resources.files("kuhtheory") / "data" / name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class SelfCheck:
    """A few questions displayed together (a notebook shows it through ``_repr_html_``)."""

    questions: tuple[Number | Choice, ...]
    title: str | None = None

    def __init__(self, *questions: Number | Choice, title: str | None = None):
        if not questions:
            raise ValueError("SelfCheck: give at least one question")
        for q in questions:
            if not isinstance(q, (Number, Choice)):
                raise ValueError(f"SelfCheck: {q!r} is not a Number or a Choice question")
        if title is not None:
            _need_text("SelfCheck", title, "title")
        object.__setattr__(self, "questions", tuple(questions))
        object.__setattr__(self, "title", title)

    def __repr__(self) -> str:
        return f"SelfCheck({len(self.questions)} question{'s' * (len(self.questions) != 1)})"

    @property
    def key(self) -> str:
        """A short id from the content: the same questions give the same page, build after build."""
        text = repr((self.title, [(type(q).__name__, vars(q)) for q in self.questions]))
        return "kt-sc-" + hashlib.sha256(text.encode()).hexdigest()[:12]

    def _repr_html_(self) -> str:
        key = self.key
        title = f'<p class="kt-sc-title">{_inline(self.title)}</p>' if self.title else ""
        items = "".join(q._html(f"{key}-{k}") for k, q in enumerate(self.questions))
        return (
            f'<div class="kt-selfcheck" id="{key}"><style>{_asset("selfcheck.css")}</style>{title}'
            '<p class="kt-sc-nojs">The Check buttons work once this cell has run (and in the '
            "book's page); each answer also folds out below its question.</p>"
            f'<ol class="kt-sc-questions">{items}</ol>'
            f"<script>{_asset('selfcheck.js')}</script></div>"
        )
