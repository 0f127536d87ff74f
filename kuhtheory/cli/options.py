"""The options several commands share: which edition, and which of its variants.

Every command that plays or solves a Kuhhandel game names the edition with ``--edition`` and
applies variants with repeated ``--variant``; this module adds them, with one help text, so the
commands cannot drift apart. ``get_edition`` checks both and names a bad one.
"""

from __future__ import annotations

import argparse

from kuhtheory.editions import DEFAULT_EDITION, EDITIONS, VARIANTS


def add_edition_options(
    parser: argparse.ArgumentParser,
    *,
    variants: bool = True,
    default: str | None = DEFAULT_EDITION,
) -> None:
    """Add ``--edition`` (and, unless ``variants`` is false, ``--variant``) to ``parser``.

    ``default=None`` lets a command tell "not given" from the default edition (``simulate``
    refuses ``--edition`` for a game other than Kuhhandel).
    """
    parser.add_argument(
        "--edition",
        default=default,
        help=f"Kuhhandel edition: {', '.join(EDITIONS)} (default {DEFAULT_EDITION})",
    )
    if variants:
        parser.add_argument(
            "--variant",
            action="append",
            default=[],
            metavar="NAME",
            help=f"a variant of the edition (repeatable): {', '.join(VARIANTS)}",
        )
