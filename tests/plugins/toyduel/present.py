"""How the text timeline and pictures show the toy's events: the core wording does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def describe(e: Mapping[str, Any]) -> str | None:
    """A timeline line of the toy's own wording (``None``: the core's)."""
    if e.get("event") == "toy.plan_skip":
        return f"skips its plan's {e.get('name')} ({e.get('reason')})"
    return None


def lane_kind(e: Mapping[str, Any]) -> str | None:
    """The bar kind of an ``action`` event (``None``: the core's)."""
    return None
