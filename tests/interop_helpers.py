"""Helpers shared by the tests of kuhtheory.interop."""

from __future__ import annotations

from kuhtheory.editions import EDITIONS, VARIANTS


def every_edition() -> list[str]:
    """Each edition, and each variant on each edition it belongs to (``"2025+no-kidding"``)."""
    names = list(EDITIONS)
    for key, variant in VARIANTS.items():
        names.extend(f"{edition}+{key}" for edition in variant.editions)
    return names


EDITION_NAMES = every_edition()
