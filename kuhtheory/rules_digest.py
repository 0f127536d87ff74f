"""The rules digest shipped with the package: the rule texts restated with clause ids.

The code, the tests and the book cite the rules by clause id (``K-TRD-3``, ``S-TRICK-2``). The
digest that defines those ids is ``kuhtheory/data/rules/RULES.md``, installed with the package, so
the book publishes it as an appendix (every clause id on a page links to its entry there) and
anyone can read a clause from Python:

>>> clause("K-PAY-1")[:30]
'No change is ever given. Whoev'
>>> len(clauses()) >= 28 and "S-TRICK-2" in clauses()
True
>>> clause("K-TRADE")
Traceback (most recent call last):
...
KeyError: "no clause 'K-TRADE' in the rules digest (kuhtheory/data/rules/RULES.md)"

This module imports nothing from the package.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path

__all__ = ["CLAUSE_ID", "DIGEST_PATH", "anchor", "clause", "clauses", "digest_text"]

#: A clause id as the digest writes it: ``K-TRD-3`` (Kuhhandel), ``S-TRICK-2`` (Schnäppchen Jagd).
_ID = r"[KS]-[A-Z]+-[0-9]+"
CLAUSE_ID = re.compile(rf"\b{_ID}\b")

#: Where the digest is installed.
DIGEST_PATH: Path = Path(str(resources.files("kuhtheory") / "data" / "rules" / "RULES.md"))

# A clause is a list item that starts with its id: "- K-TURN-1 Turns go clockwise ...".
_ITEM = re.compile(rf"^- ({_ID}) (.*)$")


def digest_text() -> str:
    """The whole digest (Markdown)."""
    return DIGEST_PATH.read_text(encoding="utf-8")


@cache
def clauses() -> dict[str, str]:
    """Every clause of the digest, ``{id: text}`` in the digest's order (a continuation line of a
    list item belongs to its clause)."""
    found: dict[str, str] = {}
    current: str | None = None
    for line in digest_text().splitlines():
        item = _ITEM.match(line)
        if item:
            current = item.group(1)
            found[current] = item.group(2).strip()
        elif current is not None and line.startswith("  ") and line.strip():
            found[current] += " " + line.strip()
        else:
            current = None
    return found


def clause(clause_id: str) -> str:
    """The text of one clause; ``KeyError`` naming the id when the digest has no such clause."""
    try:
        return clauses()[clause_id]
    except KeyError:
        raise KeyError(
            f"no clause {clause_id!r} in the rules digest (kuhtheory/data/rules/RULES.md)"
        ) from None


def anchor(clause_id: str) -> str:
    """The HTML anchor of a clause in the book's appendix: ``"k-trd-3"`` for ``K-TRD-3``.

    >>> anchor("K-TRD-3")
    'k-trd-3'
    """
    return clause_id.lower()
