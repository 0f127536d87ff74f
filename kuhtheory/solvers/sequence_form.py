"""The sequence form of a two-player zero-sum game: sequences, information sets, payoff matrix.

Koller, Megiddo & von Stengel (1996), "Efficient computation of equilibria for extensive two-person
games", and von Stengel (1996), "Efficient computation of behavior strategies": a player's mixed
strategy is replaced by its *realization plan* ``x``, one weight per *sequence* (the empty sequence,
and each information set's actions). The plans are exactly the non-negative solutions of
``E x = e`` (player 0) and ``F y = f`` (player 1), and player 0's expected payoff is ``x^T A y``,
where ``A`` sums, over the leaves, chance probability times payoff at the pair of sequences leading
there. Its size is linear in the tree, where the normal form is exponential
(:mod:`kuhtheory.solvers.normal_form` counts it).

This module is the *build* stage of every solve: it holds the data (:class:`SequenceForm`, built
from a tree by :func:`from_game`, or directly with numpy by
:func:`kuhtheory.solvers.trade.round_form`) and what a plan means (:func:`uniform_plan`,
:func:`behaviour`). What a plan earns is :mod:`.best_response`; the LP that finds optimal plans
is :mod:`.lp`; then come :mod:`.refinements`, the certificates (:mod:`.exact`, :mod:`.certify`)
and the front door :mod:`.solve`, each module using only the ones before it.

>>> from kuhtheory.solvers.kuhn import kuhn_poker
>>> sf = from_game(kuhn_poker())
>>> sf.sizes
(13, 13)
>>> [info.key for info in sf.infosets[1]][:2]
[('Q', 'c'), ('Q', 'b')]
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

import numpy as np
import scipy.sparse as sp

from kuhtheory.errors import SolverInputError
from kuhtheory.solvers.efg import Chance, Decision, Game, Node, Terminal

#: A sparse matrix as ``(rows, cols, values)`` arrays (repeated entries add up).
Triplets = tuple[np.ndarray, np.ndarray, np.ndarray]

#: A realization plan: one weight per sequence (floats or fractions; a list or an array).
Plan = Union[Sequence[Any], np.ndarray]  # noqa: UP007 (a runtime alias)


@dataclass(frozen=True, eq=False)
class Infoset:
    """One information set in the sequence form.

    ``parent`` is the index of the owner's sequence leading to it; its actions' sequences are
    ``first, first + 1, ..., first + len(actions) - 1``.
    """

    key: Hashable
    actions: tuple[str, ...]
    parent: int
    first: int


@dataclass(frozen=True, eq=False)
class SequenceForm:
    """Sequences, information sets and the sparse payoff matrix ``A`` of a zero-sum game.

    ``infosets[i]`` lists player ``i``'s information sets, parents before children; sequence 0 is
    the empty one. ``A`` is given as triplets ``rows, cols, vals`` (player 0's sequence, player 1's,
    chance-weighted payoff to player 0; repeated pairs add up); a pair of sequences that leads to a
    leaf has an entry even when its payoff is 0, so the triplets also say which sequences meet.
    ``exact_vals`` holds the same values as fractions when the game was built exactly.
    """

    infosets: tuple[tuple[Infoset, ...], tuple[Infoset, ...]]
    rows: np.ndarray
    cols: np.ndarray
    vals: np.ndarray
    exact_vals: tuple[Fraction, ...] | None = None
    title: str = "game"

    @functools.cached_property
    def sizes(self) -> tuple[int, int]:
        """The number of sequences of each player (the empty one included)."""
        return (_n_seq(self.infosets[0]), _n_seq(self.infosets[1]))

    def payoff_matrix(self) -> sp.csr_matrix:
        """The sparse payoff matrix ``A`` (player 0's sequences by player 1's), KMvS eq. (2)."""
        return self._matrices[0]

    def triplets(self, player: int) -> Triplets:
        """The constraint triplets of ``E`` (player 0) or ``F`` (player 1), built once."""
        return self._matrices[1 + player]

    @functools.cached_property
    def _matrices(self) -> tuple[sp.csr_matrix, Triplets, Triplets]:
        A = sp.csr_matrix((self.vals, (self.rows, self.cols)), shape=self.sizes)
        return (
            A,
            _constraint_triplets(self.infosets[0]),
            _constraint_triplets(self.infosets[1]),
        )

    @functools.cached_property
    def integer_vals(self) -> tuple[tuple[int, ...], int]:
        """The exact payoffs over one common denominator, ``(numerators, denominator)``: exact
        sums of products then run on Python integers (:mod:`.best_response`)."""
        if self.exact_vals is None:
            raise SolverInputError(f"{self.title!r} was built without exact payoffs")
        den = math.lcm(*(v.denominator for v in self.exact_vals)) if self.exact_vals else 1
        return tuple(v.numerator * (den // v.denominator) for v in self.exact_vals), den

    def seq_owner(self, player: int) -> np.ndarray:
        """For each sequence of ``player``, the index of its information set (-1 for the empty)."""
        owner = np.full(self.sizes[player], -1, dtype=np.int64)
        for k, info in enumerate(self.infosets[player]):
            owner[info.first : info.first + len(info.actions)] = k
        return owner

    def sequence_index(self, player: int) -> dict[tuple[Hashable, str], int]:
        """Each sequence of ``player`` by ``(information set key, action)``."""
        return {
            (info.key, act): info.first + k
            for info in self.infosets[player]
            for k, act in enumerate(info.actions)
        }


def _n_seq(infosets: Sequence[Infoset]) -> int:
    return 1 + sum(len(i.actions) for i in infosets)


def from_game(game: Game, exact: bool = True) -> SequenceForm:
    """The sequence form of ``game`` (a walk of its tree; pure Python, for small and mid games).

    >>> from kuhtheory.solvers.efg import Terminal
    >>> g = Game(Decision(0, "i", ("a", "b"), (Terminal(2), Terminal(-1))))
    >>> sf = from_game(g)
    >>> sf.sizes, sf.vals.tolist()
    ((3, 1), [2.0, -1.0])
    """
    registry: tuple[dict[Hashable, Infoset], dict[Hashable, Infoset]] = ({}, {})
    counters = [1, 1]
    entries: dict[tuple[int, int], Fraction] = {}
    stack: list[tuple[Node, int, int, Fraction]] = [(game.root, 0, 0, Fraction(1))]
    while stack:
        node, s0, s1, prob = stack.pop()
        if isinstance(node, Terminal):
            if prob:  # an entry even for a zero payoff: it records that s0 and s1 meet
                entries[(s0, s1)] = entries.get((s0, s1), Fraction(0)) + prob * node.payoff
            continue
        if isinstance(node, Chance):
            for _, p, child in reversed(node.outcomes):
                if p:
                    stack.append((child, s0, s1, prob * p))
            continue
        assert isinstance(node, Decision)  # guaranteed by Game's check
        player = node.player
        info = registry[player].get(node.infoset)
        if info is None:
            info = Infoset(node.infoset, node.actions, s0 if player == 0 else s1, counters[player])
            counters[player] += len(node.actions)
            registry[player][node.infoset] = info
        for k in reversed(range(len(node.children))):
            child = node.children[k]
            if player == 0:
                stack.append((child, info.first + k, s1, prob))
            else:
                stack.append((child, s0, info.first + k, prob))
    keys = list(entries)
    rows = np.array([k[0] for k in keys], dtype=np.int64)
    cols = np.array([k[1] for k in keys], dtype=np.int64)
    exact_vals = tuple(entries[k] for k in keys)
    vals = np.array([float(v) for v in exact_vals], dtype=float)
    # Infosets are numbered in order of first visit; a parent sequence always exists before.
    sets = (
        tuple(sorted(registry[0].values(), key=lambda i: i.first)),
        tuple(sorted(registry[1].values(), key=lambda i: i.first)),
    )
    return SequenceForm(sets, rows, cols, vals, exact_vals if exact else None, game.title)


def constraint_matrix(infosets: Sequence[Infoset]) -> tuple[sp.csr_matrix, np.ndarray]:
    """``(E, e)``: row 0 says the empty sequence has weight 1, row ``k + 1`` says the weights of
    information set ``k``'s actions add up to its parent sequence's weight (KMvS eq. (5)).

    >>> E, e = constraint_matrix([Infoset("i", ("a", "b"), 0, 1)])
    >>> E.toarray().tolist(), e.tolist()
    ([[1.0, 0.0, 0.0], [-1.0, 1.0, 1.0]], [1.0, 0.0])
    """
    r, c, v = _constraint_triplets(infosets)
    E = sp.csr_matrix((v, (r, c)), shape=(len(infosets) + 1, _n_seq(infosets)))
    return E, unit(len(infosets) + 1)


def payoff_matrix(sf: SequenceForm) -> sp.csr_matrix:
    """The sparse payoff matrix ``A`` of :class:`SequenceForm` (duplicate entries added)."""
    return sf.payoff_matrix()


def _constraint_triplets(infosets: Sequence[Infoset]) -> Triplets:
    """The triplets of :func:`constraint_matrix`, built with numpy."""
    sizes = np.array([len(i.actions) for i in infosets], dtype=np.int64)
    k = np.arange(1, len(infosets) + 1, dtype=np.int64)
    parents = np.array([i.parent for i in infosets], dtype=np.int64)
    firsts = np.array([i.first for i in infosets], dtype=np.int64)
    act_rows = np.repeat(k, sizes)
    offsets = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    act_cols = np.repeat(firsts, sizes) + offsets
    rows = np.concatenate([[0], k, act_rows])
    cols = np.concatenate([[0], parents, act_cols])
    vals = np.concatenate([[1.0], -np.ones(len(infosets)), np.ones(len(act_rows))])
    return rows, cols, vals


def uniform_plan(infosets: Sequence[Infoset]) -> np.ndarray:
    """The realization plan of the behaviour strategy that mixes uniformly everywhere.

    >>> uniform_plan([Infoset("i", ("a", "b"), 0, 1)]).tolist()
    [1.0, 0.5, 0.5]
    """
    x = np.ones(_n_seq(infosets))
    for info in infosets:
        x[info.first : info.first + len(info.actions)] = x[info.parent] / len(info.actions)
    return x


def behaviour(
    infosets: Sequence[Infoset], plan: Sequence[float]
) -> dict[Hashable, dict[str, float]]:
    """The behaviour strategy of a realization plan (von Stengel 1996): at each information set,
    each action's weight over the parent's; uniform where the parent has weight 0.

    >>> behaviour([Infoset("i", ("a", "b"), 0, 1)], [1.0, 0.25, 0.75])
    {'i': {'a': 0.25, 'b': 0.75}}
    """
    out: dict[Hashable, dict[str, float]] = {}
    for info in infosets:
        weights = [plan[info.first + a] for a in range(len(info.actions))]
        mass = sum(weights)
        if mass > 0:
            out[info.key] = {a: w / mass for a, w in zip(info.actions, weights, strict=False)}
        else:
            out[info.key] = {a: 1 / len(info.actions) for a in info.actions}
    return out


def payoff_scale(sf: SequenceForm) -> float:
    """The size of the payoffs, ``max |A|`` (at least 1): the solvers' default tolerance is
    relative to it (:func:`kuhtheory.solvers.lp.default_tolerance`), since HiGHS's own
    tolerances are, in effect, relative to the data.

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> payoff_scale(from_game(kuhn_poker()))
    1.0
    """
    return max(1.0, float(np.max(np.abs(sf.vals)))) if len(sf.vals) else 1.0


def unit(m: int) -> np.ndarray:
    """``(1, 0, ..., 0)`` of length ``m``: the right-hand side ``e`` of ``E x = e``."""
    out = np.zeros(m)
    out[0] = 1.0
    return out


def embedding(sub: SequenceForm, full: SequenceForm, player: int) -> np.ndarray:
    """Where each of ``player``'s sequences of ``sub`` sits in ``full``, a form of the same game
    with more actions (:func:`kuhtheory.solvers.trade.round_form` with and without pruning);
    SolverInputError if a sequence of ``sub`` is missing there.

    >>> from kuhtheory.solvers.kuhn import kuhn_poker
    >>> sf = from_game(kuhn_poker())
    >>> embedding(sf, sf, 1).tolist() == list(range(13))
    True
    """
    index = full.sequence_index(player)
    out = np.zeros(sub.sizes[player], dtype=np.int64)
    for info in sub.infosets[player]:
        for k, act in enumerate(info.actions):
            where = index.get((info.key, act))
            if where is None:
                raise SolverInputError(
                    f"{sub.title!r}: action {act!r} at {info.key!r} is not in {full.title!r}"
                )
            out[info.first + k] = where
    return out


def embed_plan(plan: Plan, where: np.ndarray, size: int) -> list[Any]:
    """A plan of a smaller form (:func:`embedding`) as a plan of the full one: the left-out
    sequences get weight 0 (of the plan's own number type).

    >>> embed_plan([1, 0.5, 0.5], np.array([0, 1, 3]), 4)
    [1, 0.5, 0, 0.5]
    """
    out: list[Any] = [0 * plan[0]] * size if len(plan) else [0] * size
    for k, s in enumerate(where.tolist()):
        out[s] = plan[k]
    return out
