"""Pieces of timeline wording that the core's and the systems' alike use (the core's
:mod:`timeline`, each system's ``present``): a hex, a defence line, a wording table
looked up by event name. Plain functions of an event's fields, importing nothing of
the readers, so that a system's presentation may use them without the timeline's
rendering machinery."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Event = Mapping[str, Any]

Wording = Mapping[str, Callable[[Event], str | None]]
"""A system's wording table: an event name to the function that words such an event."""


def hex_text(h: Any) -> str:
    """A hex as the timeline writes it: ``(q,r)``."""
    return f"({h[0]},{h[1]})"


def worded(wording: Wording, e: Event) -> str | None:
    """``e`` in the words of its event's entry in ``wording`` (``None``: no entry, the
    core wording will do)."""
    fn = wording.get(e["event"])
    return fn(e) if fn is not None else None


def defence_text(e: Event, roll: str) -> str:
    """A ``defence`` event's line, its roll as ``roll`` gives it: ``parry with axe: d20 12
    = 15, holds, +2 tenths``."""
    ok = "holds" if e.get("success") else "fails"
    w = f" with {e['weapon']}" if e.get("weapon") else ""
    delay = f", +{e['delay']} tenths" if e.get("delay") else ""
    return f"{e['kind']}{w}: {roll}, {ok}{delay}"


def plan_skip_text(e: Event) -> str:
    """A plan step skipped (each system's ``<system>.plan_skip``)."""
    return f"plan step {e['index']} '{e['name']}' skipped ({e['reason']})"


__all__ = ["Event", "Wording", "defence_text", "hex_text", "plan_skip_text", "worded"]
