"""A persistent append-only log: O(1) append that shares its past, read as an immutable sequence.

Game states are immutable, and every ``apply`` must remember what happened (the actions, the public
events). Copying a growing tuple at every step would cost O(n) per step and O(n²) per game, so the
state keeps a :class:`Log` instead: each node holds one item and a link to the log before it; an
append makes one node and shares everything older. Reading materialises the items once into a
tuple (cached on the node), so a log behaves like a tuple for ``len``, indexing, iteration and
equality.

>>> a = Log.EMPTY.append("x").append("y")
>>> b = a.append("z")
>>> tuple(a), tuple(b), len(b), b[-1]
(('x', 'y'), ('x', 'y', 'z'), 3, 'z')
>>> a == ("x", "y")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class Log(Sequence[T], Generic[T]):
    """An immutable sequence built by appending; appends share the older items."""

    __slots__ = ("_parent", "_item", "_len", "_items")

    EMPTY: Log[Any]

    def __init__(self, parent: Log[T] | None, item: Any, length: int) -> None:
        self._parent = parent
        self._item = item
        self._len = length
        self._items: tuple[T, ...] | None = None if length else ()

    def append(self, item: T) -> Log[T]:
        """A new log with ``item`` at the end; this one is unchanged."""
        return Log(self, item, self._len + 1)

    def extend(self, items: Sequence[T]) -> Log[T]:
        """A new log with ``items`` at the end."""
        log = self
        for item in items:
            log = Log(log, item, log._len + 1)
        return log

    def tuple(self) -> tuple[T, ...]:
        """The items as a tuple (computed once per node)."""
        items = self._items
        if items is None:
            chunk: list[T] = []
            node: Log[T] | None = self
            while node is not None and node._items is None:
                chunk.append(node._item)
                node = node._parent
            chunk.reverse()
            base: tuple[T, ...] = node._items if node is not None and node._items else ()
            items = base + tuple(chunk)
            self._items = items
        return items

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, int) and (index == -1 or index == self._len - 1) and self._len:
            return self._item  # type: ignore[no-any-return]
        return self.tuple()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self.tuple())

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Log):
            return self._len == other._len and self.tuple() == other.tuple()
        if isinstance(other, tuple):
            return self.tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.tuple())

    def __repr__(self) -> str:
        return f"Log({list(self.tuple())!r})"


Log.EMPTY = Log(None, None, 0)
