"""An insertion-ordered set: iteration order never depends on string hashing.

Python's ``set`` iterates strings in an order that changes with ``PYTHONHASHSEED``; an
engine that iterates one would write different logs in different processes. Every
set the engine iterates is this one instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSet
from typing import TypeVar

T = TypeVar("T")


class OrderedSet(MutableSet[T]):
    """A set that iterates in insertion order."""

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: dict[T, None] = dict.fromkeys(items)

    def __contains__(self, item: object) -> bool:
        return item in self._items

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def add(self, item: T) -> None:
        self._items[item] = None

    def discard(self, item: T) -> None:
        self._items.pop(item, None)

    def clear(self) -> None:
        self._items.clear()

    def __repr__(self) -> str:
        return f"OrderedSet({list(self._items)!r})"
