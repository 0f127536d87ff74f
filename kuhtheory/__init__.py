"""kuhtheory: a teaching and game-theory toolkit built around Kuhhandel."""

from kuhtheory import _native

__version__ = "0.1.0"

#: ``"compiled"`` when the engine runs from its mypyc-compiled modules, else ``"pure (<why>)"``
#: (see :mod:`kuhtheory._native`).
ENGINE_MODE = _native.activate()
