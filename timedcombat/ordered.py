"""An insertion-ordered set: iteration order never depends on string hashing.

Python's ``set`` iterates strings in an order that changes with ``PYTHONHASHSEED``; an
engine that iterates one would write different logs in different processes. Every
set the engine iterates is this one instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

T = TypeVar("T")


class OrderedSet(dict[T, None]):
    """A set that iterates in insertion order (a dict underneath: membership, length and
    truth are as fast as a set's)."""

    __slots__ = ()

    # (no __init__ of its own: an empty one is made by dict's, with no Python call; made
    # from items by :meth:`of`)

    @classmethod
    def of(cls, items: Iterable[T]) -> OrderedSet[T]:
        """An ordered set of ``items``, in their order."""
        made: OrderedSet[T] = cls()
        for item in items:
            made[item] = None
        return made

    if TYPE_CHECKING:
        def add(self, item: T) -> None: ...
    else:
        add = dict.setdefault  # (item -> None, kept in place when there: no Python call)

    def discard(self, item: T) -> None:
        self.pop(item, None)

    def __repr__(self) -> str:
        return f"OrderedSet({list(self)!r})"
