"""The package's exceptions.

Two errors for game actions, both ``ValueError`` as in python-chess:

* :class:`InvalidActionError`: the input is badly formed (an unknown money denomination, a negative
  amount, an action of the wrong type) whatever the state of the game;
* :class:`IllegalActionError`: the input is well formed but the rules forbid it *now*; the message
  quotes the action with ``!r`` and names the rule clause (``K-AUC-1``).

Game records, editions and solvers have errors of their own; every one of them is a ``ValueError``
except :class:`SolverError`, which reports a solver that failed (an infeasible LP) instead of
returning a wrong answer. This module imports nothing from the package.
"""

from __future__ import annotations


class KuhtheoryError(Exception):
    """Base class of every error raised on purpose by kuhtheory."""


class InvalidActionError(KuhtheoryError, ValueError):
    """An action (or money input) that is badly formed, whatever the state of the game."""


class IllegalActionError(KuhtheoryError, ValueError):
    """A well-formed action that the rules forbid in the current state; names the clause."""


class UnknownEditionError(KuhtheoryError, ValueError):
    """An edition or variant name that does not exist, or a variant for the wrong edition."""


class InvalidSetupError(KuhtheoryError, ValueError):
    """An impossible game setup: a seed that is not a whole number, a seat that does not exist."""


class InvalidRecordError(KuhtheoryError, ValueError):
    """A game record that is malformed or whose actions do not replay legally."""


class SolverInputError(KuhtheoryError, ValueError):
    """An impossible input to a solver (negative worth, unknown denomination, empty game)."""


class OutputFileError(KuhtheoryError, ValueError):
    """An output path that cannot be written: a directory, a missing folder, no permission."""


class SolverError(KuhtheoryError, RuntimeError):
    """A solver that failed (for example an infeasible or unbounded LP): never a wrong answer."""
