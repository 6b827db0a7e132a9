"""What the hex map shows of a ``tenths`` fight besides walls and figures, read from its log:
blocking positions with the hexes they block, and weapons lying on the ground.

A blocking position is taken when the blocker's ``state block`` names it and lost when
that state turns false (or the blocker goes out or flees). Its hexes are the seed 004
line of :func:`~timedcombat.systems.tenths.blocking.blocked_hexes` from where the blocker
stands and faces at that moment (a blocker keeps its hex and its facing while it holds),
as far as a long weapon reaches (``[rules] long_reach``): only long weapons block. A
weapon lies on the ground from its ``tenths.dropped`` to the ``tenths.picked_up`` of the
same weapon at the same hex.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from timedcombat.hexmap import FACINGS
from timedcombat.systems.base import MapMark
from timedcombat.systems.tenths.blocking import POSITIONS, blocked_hexes
from timedcombat.systems.tenths.rules import TenthsRules

Event = Mapping[str, Any]
Hex = tuple[int, int]

GONE = ("out", "fled", "dead")


def _hex(v: Any) -> Hex | None:
    if isinstance(v, list | tuple) and len(v) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in v):
        return (v[0], v[1])
    return None


def map_marks(events: Sequence[Event]) -> list[MapMark]:
    """Blocking positions and weapons on the ground, each with the tenths it is shown."""
    start = next((e for e in events if e.get("event") == "start"), {})
    raw = start.get("rules")
    rules = raw if isinstance(raw, dict) else {}
    reach = rules.get("long_reach", TenthsRules().long_reach)
    reach = reach if isinstance(reach, int) and 0 < reach <= 100 else TenthsRules().long_reach
    at: dict[str, Hex] = {}
    facing: dict[str, int] = {}
    blocks: dict[str, tuple[int, tuple[Hex, ...], str]] = {}  # actor -> (from, hexes, label)
    marks: list[tuple[int, MapMark]] = []  # (order taken, mark): listed in the order shown
    ground: list[list[Any]] = []  # [weapon, hex, from, actor, stop, order]

    def lose(actor: str, t: int) -> None:
        held = blocks.pop(actor, None)
        if held is not None:
            t0, hexes, label = held
            marks.append((t0, MapMark("block", hexes, label, t0, t, actor)))

    for e in events:
        kind, actor, t = e.get("event"), e.get("actor"), e.get("t", 0)
        if not isinstance(actor, str):
            continue
        if kind in ("placed", "move"):
            h = _hex(e.get("at" if kind == "placed" else "to"))
            if h is not None:
                at[actor] = h
            if e.get("facing") in FACINGS:
                facing[actor] = FACINGS.index(e["facing"])
        elif kind == "state" and e.get("state") == "block":
            lose(actor, t)
            value = e.get("value")
            if value in POSITIONS and actor in at:
                hexes = blocked_hexes(at[actor], facing.get(actor, 0), value, reach)
                blocks[actor] = (t, hexes, f"{actor}: {value}")
        elif kind == "state" and e.get("state") in GONE and e.get("value"):
            lose(actor, t)
        elif kind == "tenths.dropped":
            h = _hex(e.get("at"))
            if h is not None:
                ground.append([e.get("weapon", "?"), h, t, actor, None])
        elif kind == "tenths.picked_up":
            h = _hex(e.get("at"))
            lying = next((g for g in ground if g[4] is None and g[0] == e.get("weapon")
                          and g[1] == h), None)
            if lying is not None:
                lying[4] = t
    for actor in list(blocks):
        t0, hexes, label = blocks.pop(actor)
        marks.append((t0, MapMark("block", hexes, label, t0, None, actor)))
    for weapon, h, t0, actor, stop in ground:
        marks.append((t0, MapMark("weapon", (h,), str(weapon), t0, stop, actor)))
    marks.sort(key=lambda m: m[0])  # stable: ties keep the order they were found
    return [m for _t, m in marks]
