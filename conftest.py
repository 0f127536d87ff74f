"""pytest: doctests of the compiled engine modules are collected from their Python sources only.

A module mypyc compiled is imported from its extension, which pytest's doctest collector cannot
read (no Python functions, another ``__file__``). When the engine runs compiled, those modules'
doctests are skipped here and run by the pure-Python pass of ``make unit``
(``KUHTHEORY_PURE=1``, see kuhtheory/_native.py). The generated digest module has no doctests.
"""

from __future__ import annotations

import kuhtheory
from kuhtheory import _native

collect_ignore = [_native.source_file(_native.SOURCES_MODULE)]
if kuhtheory.ENGINE_MODE == "compiled":
    collect_ignore += [_native.source_file(m) for m in _native.COMPILED]
