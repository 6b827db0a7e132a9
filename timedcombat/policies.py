"""The policy registry every rule system uses: a table of its policies by name, each a
factory of a fresh policy for one combatant, and the one way a scenario's ``policy`` key
picks from it (``default`` when it gives none) and is checked at load."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

P = TypeVar("P")

DEFAULT = "default"
"""The policy of a combatant whose scenario names none."""


def table(*factories: Any) -> dict[str, Callable[[], Any]]:
    """A system's policies by their ``name`` (classes, or factories with a ``name``)."""
    return {f.name: f for f in factories}


def make(policies: Mapping[str, Callable[[], P]], name: str | None) -> P:
    """A fresh policy for one combatant: ``name`` (the scenario's ``policy``, checked at
    load against ``policies``), or the default."""
    return policies[name or DEFAULT]()


__all__ = ["DEFAULT", "make", "table"]
