"""A small description of two-player zero-sum extensive-form games with chance.

A game is a tree of three kinds of node (OpenSpiel's vocabulary, pygambit's data):

* :class:`Decision`: player 0 (the maximiser, "A") or player 1 (the minimiser, "B") chooses one of
  ``actions``; the node belongs to the information set ``infoset`` (any hashable key, usually a
  tuple such as ``("reply", 3)``), which groups the nodes the player cannot tell apart;
* :class:`Chance`: nature draws an outcome with a known probability (a hidden hand, a dealt card);
* :class:`Terminal`: the payoff to player 0; player 1 receives its negative (zero-sum).

Probabilities and payoffs are stored as :class:`fractions.Fraction`, so a game is exact by
construction; the solvers work in floating point and certify in fractions
(:mod:`kuhtheory.solvers.exact`). :class:`Game` checks its tree when built: actions of one
information set agree, chance probabilities are non-negative and sum to one, and each player has
*perfect recall* (an information set is always reached after the same own sequence of choices), the
condition under which the sequence form of Koller, Megiddo & von Stengel (1996) is exact.

>>> g = Game(Decision(0, "root", ("L", "R"), (Terminal(1), Terminal(-1))), title="toy")
>>> g.infoset_count(), g.terminal_count()
((1, 0), 2)
>>> Game(Terminal(3)).terminal_count()
Traceback (most recent call last):
...
kuhtheory.errors.SolverInputError: empty game 'game': no player ever moves
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational
from typing import Any

from kuhtheory.errors import SolverInputError

Number = int | float | Fraction


def to_fraction(value: object, what: str = "number") -> Fraction:
    """``value`` as a Fraction (ints and Fractions exactly, floats through their decimal repr).

    >>> to_fraction(0.1), to_fraction(3), to_fraction(Fraction(1, 3))
    (Fraction(1, 10), Fraction(3, 1), Fraction(1, 3))
    """
    if isinstance(value, bool):
        raise SolverInputError(f"{what} {value!r} is not a number")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, (int, Rational)):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise SolverInputError(f"{what} {value!r} is not a finite number")
        return Fraction(repr(value))
    try:
        return Fraction(str(value))  # strings such as "1/3", decimals
    except (TypeError, ValueError):
        raise SolverInputError(f"{what} {value!r} is not a number") from None


@dataclass(frozen=True, eq=False)
class Terminal:
    """A leaf: ``payoff`` to player 0 (player 1 gets ``-payoff``)."""

    payoff: Fraction
    label: str = ""

    def __init__(self, payoff: Number, label: str = "") -> None:
        object.__setattr__(self, "payoff", to_fraction(payoff, "payoff"))
        object.__setattr__(self, "label", label)


@dataclass(frozen=True, eq=False)
class Chance:
    """Nature's move: ``outcomes`` are ``(label, probability, child)`` triples."""

    outcomes: tuple[tuple[str, Fraction, Node], ...]
    label: str = ""

    def __init__(self, outcomes: Sequence[tuple[str, Number, Node]], label: str = "") -> None:
        out = tuple((str(a), to_fraction(p, "probability"), c) for a, p, c in outcomes)
        object.__setattr__(self, "outcomes", out)
        object.__setattr__(self, "label", label)


@dataclass(frozen=True, eq=False)
class Decision:
    """A choice of ``player`` (0 or 1) at information set ``infoset`` among ``actions``."""

    player: int
    infoset: Hashable
    actions: tuple[str, ...]
    children: tuple[Node, ...]
    label: str = ""

    def __init__(
        self,
        player: int,
        infoset: Hashable,
        actions: Sequence[str],
        children: Sequence[Node],
        label: str = "",
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "infoset", infoset)
        object.__setattr__(self, "actions", tuple(actions))
        object.__setattr__(self, "children", tuple(children))
        object.__setattr__(self, "label", label)


Node = Terminal | Chance | Decision


@dataclass(frozen=True, eq=False)
class Game:
    """A checked two-player zero-sum game tree; payoffs are to ``players[0]``."""

    root: Node
    players: tuple[str, str] = ("A", "B")
    title: str = "game"
    _infosets: tuple[dict[Hashable, tuple[str, ...]], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_infosets", _check(self.root, self.title))

    def infoset_count(self) -> tuple[int, int]:
        """How many information sets each player has."""
        return (len(self._infosets[0]), len(self._infosets[1]))

    def infoset_actions(self, player: int) -> dict[Hashable, tuple[str, ...]]:
        """Each information set of ``player`` with its actions, in order of first visit."""
        return dict(self._infosets[player])

    def terminal_count(self) -> int:
        """How many leaves the tree has."""
        return sum(1 for node in walk(self.root) if isinstance(node, Terminal))


def walk(root: Node) -> Iterator[Node]:
    """Every node of the tree, parents before children (depth first)."""
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Decision):
            stack.extend(reversed(node.children))
        elif isinstance(node, Chance):
            stack.extend(c for _, _, c in reversed(node.outcomes))


def _check(root: Node, title: str) -> tuple[dict[Hashable, tuple[str, ...]], ...]:
    infosets: tuple[dict[Hashable, tuple[str, ...]], ...] = ({}, {})
    parents: tuple[dict[Hashable, tuple[Any, ...]], ...] = ({}, {})
    # Each stack item: node, the sequence (tuple of (infoset, action)) of each player to reach it.
    stack: list[tuple[Node, tuple[Any, ...], tuple[Any, ...]]] = [(root, (), ())]
    while stack:
        node, s0, s1 = stack.pop()
        if isinstance(node, Terminal):
            continue
        if isinstance(node, Chance):
            if not node.outcomes:
                raise SolverInputError(f"chance node {node.label!r} in {title!r} has no outcomes")
            if any(p < 0 for _, p, _ in node.outcomes) or sum(p for _, p, _ in node.outcomes) != 1:
                probs = [str(p) for _, p, _ in node.outcomes]
                raise SolverInputError(
                    f"chance node {node.label!r} in {title!r}: probabilities {probs!r} must be "
                    "non-negative and sum to 1"
                )
            stack.extend((c, s0, s1) for _, _, c in node.outcomes)
            continue
        if not isinstance(node, Decision):
            raise SolverInputError(f"{node!r} in {title!r} is not a Terminal, Chance or Decision")
        if node.player not in (0, 1):
            raise SolverInputError(f"player {node.player!r} at {node.infoset!r} must be 0 or 1")
        if not node.actions or len(node.actions) != len(node.children):
            raise SolverInputError(
                f"information set {node.infoset!r} in {title!r}: {len(node.actions)} actions for "
                f"{len(node.children)} children (at least one of each)"
            )
        if len(set(node.actions)) != len(node.actions):
            raise SolverInputError(f"information set {node.infoset!r}: repeated action names")
        own = s0 if node.player == 0 else s1
        known = infosets[node.player].get(node.infoset)
        if known is None:
            infosets[node.player][node.infoset] = node.actions
            parents[node.player][node.infoset] = own
        elif known != node.actions:
            raise SolverInputError(
                f"information set {node.infoset!r} in {title!r} has actions {node.actions!r} at "
                f"one node and {known!r} at another"
            )
        elif parents[node.player][node.infoset] != own:
            raise SolverInputError(
                f"information set {node.infoset!r} in {title!r} breaks perfect recall: it is "
                "reached after different own choices"
            )
        for action, child in zip(node.actions, node.children, strict=False):
            step = ((node.infoset, action),)
            if node.player == 0:
                stack.append((child, s0 + step, s1))
            else:
                stack.append((child, s0, s1 + step))
    if not infosets[0] and not infosets[1]:
        raise SolverInputError(f"empty game {title!r}: no player ever moves")
    return infosets
