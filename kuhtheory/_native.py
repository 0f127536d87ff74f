"""The compiled engine: which modules mypyc compiles, and the check that they match their sources.

The engine's hot path (the state, the rules, payments, the random bot and the play loop) is plain
Python, and ``pip install`` also compiles it with mypyc (see ``setup.py``) into C extensions that
play the same games about four times faster. The Python sources stay the reference: the tests
run the engine both ways and compare whole games (``tests/test_native.py``).

An extension that no longer matches its source must never run: after an edit or a ``git pull``,
the ``.so`` files next to an editable install would silently play the old rules. So the build
records the SHA-256 of every source it compiled in a generated module, ``_native_sources``, which is
compiled too; :func:`activate` (called when :mod:`kuhtheory` is imported) compares those digests
with the files on disk and, if any differs, warns and imports the pure-Python modules instead.
``KUHTHEORY_PURE=1`` in the environment asks for the pure-Python engine outright.

``python kuhtheory/_native.py --sources`` prints the compiled sources (the Makefile rebuilds the
extensions when one changes); the module imports nothing from the package.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

#: The modules mypyc compiles, in dependency order. The play loop and the random bot are the
#: throughput benchmark's own code; everything else is the rules.
COMPILED: tuple[str, ...] = (
    "kuhtheory.payment",
    "kuhtheory.engine.legal",
    "kuhtheory.engine.state",
    "kuhtheory.engine.bank",
    "kuhtheory.engine.flow",
    "kuhtheory.engine.auction",
    "kuhtheory.engine.trade",
    "kuhtheory.engine.rules",
    "kuhtheory.engine.setup",
    "kuhtheory.agents.random",
    "kuhtheory.agents.play",
)
#: The generated module holding the digests of the sources the extensions were built from.
SOURCES_MODULE = "kuhtheory._native_sources"
#: Set to 1 to import the pure-Python modules even where compiled ones are installed.
PURE_ENV = "KUHTHEORY_PURE"

_PACKAGE_DIR = Path(__file__).resolve().parent


def source_path(module: str, package_dir: Path = _PACKAGE_DIR) -> Path:
    """The ``.py`` file of a ``kuhtheory.*`` module name."""
    parts = module.split(".")
    if parts[0] != "kuhtheory" or len(parts) < 2:
        raise ValueError(f"{module!r} is not a kuhtheory module")
    return package_dir.joinpath(*parts[1:]).with_suffix(".py")


def source_file(module: str) -> str:
    """A module's source as a path relative to the project (``kuhtheory/engine/state.py``)."""
    return source_path(module).relative_to(_PACKAGE_DIR.parent).as_posix()


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_digests(
    modules: Sequence[str] = COMPILED, package_dir: Path = _PACKAGE_DIR
) -> dict[str, str]:
    """``{module: sha256 of its source}`` for the compiled modules (what the build records)."""
    return {m: digest(source_path(m, package_dir)) for m in modules}


def stale_modules(
    recorded: Mapping[str, str], modules: Sequence[str] = COMPILED, package_dir: Path = _PACKAGE_DIR
) -> list[str]:
    """The modules whose source differs from the digest recorded at build time (or has none)."""
    current = source_digests(modules, package_dir)
    return [m for m in modules if recorded.get(m) != current[m]]


def extension_path(module: str, package_dir: Path = _PACKAGE_DIR) -> Path | None:
    """The compiled extension of a module next to its source, or None.

    Found on disk rather than with :func:`importlib.util.find_spec`, which would import the parent
    package (and with it the engine) before the choice is made.
    """
    source = source_path(module, package_dir)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` sources, ahead of the extension modules."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def _use_pure() -> None:
    if not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder())


#: What :func:`activate` found: ``"compiled"`` or ``"pure (<why>)"``.
MODE = "pure (not activated)"


def activate() -> str:
    """Choose the compiled or the pure-Python engine before any engine module is imported.

    Returns (and stores in :data:`MODE`) ``"compiled"``, or ``"pure (<why>)"``: asked for with
    ``KUHTHEORY_PURE=1``, not compiled (no C compiler, or built with ``KUHTHEORY_PURE=1``), or
    stale (a source changed since the build: a warning names the files and says how to rebuild).
    """
    global MODE
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        MODE = f"pure ({PURE_ENV}={os.environ[PURE_ENV]})"
    elif all(extension_path(m) is None for m in COMPILED):
        MODE = "pure (not compiled)"
    else:
        stale = [m for m in (*COMPILED, SOURCES_MODULE) if extension_path(m) is None]
        if not stale:
            try:
                recorded = importlib.import_module(SOURCES_MODULE).SOURCES
            except (ImportError, AttributeError):  # the shared library is gone or broken
                recorded = {}
            stale = stale_modules(recorded)
        if not stale:
            MODE = "compiled"
            return MODE
        MODE = "pure (compiled modules out of date)"
        warnings.warn(
            "kuhtheory: the compiled engine does not match its sources "
            f"({', '.join(source_file(m) for m in stale)}); running the pure-Python engine. "
            "Rebuild it with 'make install' (or 'pip install -e .').",
            RuntimeWarning,
            stacklevel=3,
        )
    _use_pure()
    return MODE


if __name__ == "__main__":  # pragma: no cover - used by the Makefile
    if sys.argv[1:] == ["--sources"]:
        print(" ".join(source_file(m) for m in COMPILED))
    else:
        print("usage: python kuhtheory/_native.py --sources", file=sys.stderr)
        sys.exit(2)
