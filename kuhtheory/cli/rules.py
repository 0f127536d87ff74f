"""``kuhtheory rules``: an edition's rules in a player's words
(:func:`kuhtheory.edition_text.rules_in_words`) and its parameters
(:meth:`kuhtheory.editions.Edition.describe`, also as JSON)."""

from __future__ import annotations

import argparse
import json
import textwrap

from kuhtheory.cli.options import add_edition_options
from kuhtheory.edition_text import rules_in_words
from kuhtheory.editions import VARIANTS, get_edition


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``rules`` parser."""
    p = subparsers.add_parser(
        "rules",
        help="print an edition's rules in words, and its parameters",
        description="Print an edition's rules, with its variants applied: first in the words a "
        "player uses, then as the parameters the engine reads (--json: those as one JSON "
        "object).",
    )
    add_edition_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the edition's parameters as text or JSON."""
    edition = get_edition(args.edition, args.variant)
    described = edition.describe()
    if args.json:
        print(json.dumps(described, ensure_ascii=False))
        return 0
    print(f"{edition.title} [{edition.name}]")
    for question, answer in rules_in_words(edition).items():
        print(
            textwrap.fill(
                f"{question}: {answer}", 100, initial_indent="  ", subsequent_indent="      "
            )
        )
    print("Parameters (kuhtheory rules --json prints them as JSON):")
    width = max(len(k) for k in described)
    for key, value in described.items():
        if key == "title":
            continue
        print(f"  {key:<{width}}  {value}")
    fits = [v.key for v in VARIANTS.values() if edition.key in v.editions]
    if fits:
        print(f"  variants of {edition.key}: " + ", ".join(fits))
    return 0
