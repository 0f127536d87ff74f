"""The reduced normal form of a game tree, its size, and the nashpy bridge (for small games).

A *pure strategy* names an action at every information set of a player; the *reduced* normal form
leaves out the choices at information sets that the player's own earlier choices rule out (they
cannot change any payoff). Even reduced, the number of pure strategies is a product over
information sets, exponential in the tree, while the sequence form (:mod:`.sequence_form`) has one
variable per sequence, linear in the tree -- why Koller, Megiddo & von Stengel (1996) solve the
sequence form. :func:`normal_form_size` counts both sizes without building anything, so a notebook
can show the explosion (in the ten-card trade the responder has about 2 x 10^18 reduced
strategies even with counters collapsed to their totals).

For games small enough, :func:`reduced_normal_form` builds the matrix exactly and
:func:`solve_with_nashpy` solves it by nashpy's linear program, to compare with the sequence form.

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> normal_form_size(kuhn_poker())
(27, 64)
>>> normal_form_size(kuhn_poker(), reduced=False)
(64, 64)
>>> round(solve_with_nashpy(kuhn_poker()).value, 9)
-0.055555556
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.efg import Game
from kuhtheory.solvers.sequence_form import Infoset, SequenceForm, from_game

#: Largest matrix (rows x columns) that :func:`reduced_normal_form` agrees to build.
MAX_CELLS = 2_000_000


def _children(infosets: Sequence[Infoset]) -> dict[int, list[Infoset]]:
    out: dict[int, list[Infoset]] = {}
    for info in infosets:
        out.setdefault(info.parent, []).append(info)
    return out


def strategy_count(infosets: Sequence[Infoset], reduced: bool = True) -> int:
    """The number of (reduced) pure strategies of a player with these information sets.

    >>> strategy_count([Infoset("i", ("a", "b"), 0, 1), Infoset("j", ("c", "d"), 1, 3)])
    3
    """
    if not reduced:
        return math.prod(len(i.actions) for i in infosets)
    children = _children(infosets)

    def count(seq: int) -> int:
        return math.prod(
            sum(count(info.first + a) for a in range(len(info.actions)))
            for info in children.get(seq, [])
        )

    return count(0)


def normal_form_size(game: Game | SequenceForm, reduced: bool = True) -> tuple[int, int]:
    """How many (reduced) pure strategies each player has: the normal form's rows and columns."""
    sf = game if isinstance(game, SequenceForm) else from_game(game, exact=False)
    return (strategy_count(sf.infosets[0], reduced), strategy_count(sf.infosets[1], reduced))


def pure_plans(infosets: Sequence[Infoset]) -> list[tuple[int, ...]]:
    """Every reduced pure strategy, as the tuple of sequences it plays (a 0/1 realization plan's
    support), the empty sequence included."""
    children = _children(infosets)

    def plans(seq: int) -> list[tuple[int, ...]]:
        partial: list[tuple[int, ...]] = [(seq,)]
        for info in children.get(seq, []):
            options = [p for a in range(len(info.actions)) for p in plans(info.first + a)]
            partial = [x + y for x in partial for y in options]
        return partial

    return plans(0)


@dataclass(frozen=True, eq=False)
class NormalForm:
    """A reduced normal form: each player's pure strategies (as information set -> action) and the
    exact payoff matrix to player 0."""

    strategies: tuple[tuple[dict[Hashable, str], ...], tuple[dict[Hashable, str], ...]]
    matrix: tuple[tuple[Fraction, ...], ...]

    def as_array(self) -> np.ndarray:
        """The payoff matrix as floats."""
        return np.array([[float(v) for v in row] for row in self.matrix], dtype=float)


def reduced_normal_form(game: Game | SequenceForm, max_cells: int = MAX_CELLS) -> NormalForm:
    """Build the reduced normal form (exact); refuses games whose matrix exceeds ``max_cells``.

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> nf = reduced_normal_form(kuhn_poker())
    >>> len(nf.matrix), len(nf.matrix[0])
    (27, 64)
    """
    sf = game if isinstance(game, SequenceForm) else from_game(game, exact=True)
    rows, cols = normal_form_size(sf)
    if rows * cols > max_cells:
        raise SolverInputError(
            f"the reduced normal form of {sf.title!r} has {rows} x {cols} cells, more than "
            f"max_cells={max_cells}: use the sequence form"
        )
    if sf.exact_vals is None:
        raise SolverInputError(f"{sf.title!r} was built without exact payoffs")
    p0, p1 = pure_plans(sf.infosets[0]), pure_plans(sf.infosets[1])
    col_of: dict[int, list[int]] = {}
    for k, plan in enumerate(p1):
        for s in plan:
            col_of.setdefault(s, []).append(k)
    entries: dict[int, dict[int, Fraction]] = {}
    for i, j, v in zip(sf.rows.tolist(), sf.cols.tolist(), sf.exact_vals, strict=False):
        entries.setdefault(i, {})
        entries[i][j] = entries[i].get(j, Fraction(0)) + v
    matrix = []
    for plan in p0:
        row = [Fraction(0)] * len(p1)
        for i in plan:
            for j, v in entries.get(i, {}).items():
                for k in col_of.get(j, []):
                    row[k] += v
        matrix.append(tuple(row))

    def names(
        infosets: Sequence[Infoset], plans: list[tuple[int, ...]]
    ) -> tuple[dict[Hashable, str], ...]:
        owner = {
            info.first + a: (info.key, info.actions[a])
            for info in infosets
            for a in range(len(info.actions))
        }
        return tuple(dict(owner[s] for s in plan if s) for plan in plans)

    return NormalForm((names(sf.infosets[0], p0), names(sf.infosets[1], p1)), tuple(matrix))


@dataclass(frozen=True, eq=False)
class NashpySolution:
    """Mixed strategies over the reduced pure strategies, and the value, from nashpy."""

    normal_form: NormalForm
    row: np.ndarray
    column: np.ndarray
    value: float


def solve_with_nashpy(game: Game | SequenceForm, max_cells: int = MAX_CELLS) -> NashpySolution:
    """Solve the reduced normal form by nashpy's linear program (``nashpy.Game.linear_program``)."""
    import nashpy

    nf = reduced_normal_form(game, max_cells)
    M = nf.as_array()
    row, column = nashpy.Game(M, -M).linear_program()
    return NashpySolution(nf, np.asarray(row), np.asarray(column), float(row @ M @ column))
