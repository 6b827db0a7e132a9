"""The colours the pictures share (map, swimlanes, HTML replay): each side's, and a
health band's by what is left."""

from __future__ import annotations

from collections.abc import Iterable

SIDE_COLOURS = ("#4c72b0", "#c44e52", "#55a868", "#8172b3", "#dd8452", "#937860",
                "#da8bc3", "#8c8c8c", "#ccb974", "#64b5cd")
"""Side colours in the order the sides are first placed (the HTML replay uses the same)."""
NAMED = {"blue": 0, "red": 1, "green": 2, "purple": 3, "violet": 3, "orange": 4,
         "brown": 5, "pink": 6, "grey": 7, "gray": 7, "yellow": 8, "gold": 8, "cyan": 9}
"""A side named after a colour gets that colour (``red`` is not drawn blue)."""


def side_colours(sides: Iterable[str]) -> dict[str, str]:
    """A colour for each side: its own when it is named after one, else the first of
    :data:`SIDE_COLOURS` not taken (in the order of ``sides``)."""
    sides = list(sides)
    out: dict[str, str] = {}
    for s in sides:
        k = NAMED.get(s.lower())
        if k is not None and SIDE_COLOURS[k] not in out.values():
            out[s] = SIDE_COLOURS[k]
    free = [c for c in SIDE_COLOURS if c not in out.values()]
    for i, s in enumerate(x for x in sides if x not in out):
        out[s] = free[i] if i < len(free) else SIDE_COLOURS[i % len(SIDE_COLOURS)]
    return {s: out[s] for s in sides}


def health_colour(frac: float) -> str:
    """Green while more than half is left, amber to a quarter, then red."""
    return "#59a14f" if frac > 0.5 else "#edc948" if frac > 0.25 else "#e15759"


__all__ = ["NAMED", "SIDE_COLOURS", "health_colour", "side_colours"]
