"""How deep a parsed document nests: the one bound the readers of untrusted input share
(a scenario's TOML in :mod:`loading`, a log's JSON lines in :mod:`check`), counted
without recursion so that a hostile document cannot exhaust the stack."""

from __future__ import annotations

from typing import Any


def depth(doc: Any, limit: int) -> int:
    """How deep dicts and lists nest in ``doc`` (``doc`` itself is level 1); the count
    stops once it passes ``limit`` (the answer is then some level above ``limit``)."""
    deepest = 0
    stack = [(doc, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if level > limit:
            break
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return deepest


__all__ = ["depth"]
