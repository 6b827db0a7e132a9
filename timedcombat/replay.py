"""The HTML replay of a fight: one self-contained file (no network), from its log.

The page holds the log's events as JSON and its own script and style inline. The script
draws the hex map as inline SVG, sized to fill its box, and animates it over time (a
scrubber in tenths, play and pause): each figure with a bar of the health it has left
(its body, ST, HP), each blow an arrow from striker to target for a moment after it. The
swimlanes are drawn under it from the same data (with a health band in each lane) and a
time cursor on them; hovering a blow shows its roll, total, the bar it had to beat and
every modifier. What
only Python knows is worked out here and embedded: each event's line of text (the
system's wording, :func:`timedcombat.timeline.describe`), the bars and spans of the
lanes and each figure's health (:func:`timedcombat.swimlanes.lanes_of`) and the system's map marks
(:func:`timedcombat.mapview.marks_of`). Any system's log replays: core events, turn and
phase marks, and the system's own events as text.

For tests and tools the page exposes ``window.replay``: ``seek(t)``, ``t``, ``play()``,
``pause()``, ``positions()``; each figure on the map is an element ``.figure`` with
``data-id``, ``data-q``, ``data-r``, ``data-facing``, ``data-state`` and, when the log
says, ``data-hp`` / ``data-hp-max``; each blow's arrow on the map is a ``.attack-line``
with ``data-seq``, ``data-from``, ``data-to`` and ``data-result``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from timedcombat import mapview
from timedcombat.colours import side_colours
from timedcombat.swimlanes import RESULTS, lanes_of
from timedcombat.timeline import boundary, describe, outcome_line

Event = Mapping[str, Any]


def _style(style: Any) -> dict[str, Any]:
    return {k: v for k, v in attrs.asdict(style).items() if v != ""}


def _text(e: Event, system: Any) -> str | None:
    kind = e.get("event", "")
    if kind.endswith((".turn", ".phase")):
        return boundary(e, system)
    if kind in ("start", "placed", "end"):
        return None
    return describe(e, system)  # (an event it cannot word: as written)


def _hex_sides(events: Sequence[Event], system: Any) -> list[list[Any]]:
    """``[t, id, side]`` in log order: the side of a shared hex a figure holds from tenth
    ``t`` (the system's ``hex_sides``), ``side`` null when it moves (as mapview.state_at)."""
    hook = getattr(system, "hex_sides", None)
    out: list[list[Any]] = []
    for e in events:
        given = hook(e) if hook is not None else None
        for a, side in (given or {}).items():
            out.append([e.get("t", 0), a, side])
        if e.get("event") in ("placed", "move") and isinstance(e.get("actor"), str):
            out.append([e.get("t", 0), e["actor"], None])
    return out


def replay_data(events: Sequence[Event], at: int = 0) -> dict[str, Any]:
    """Everything the page shows, as plain JSON data (see the module docstring)."""
    system = mapview.log_system(events)
    marks, mark_styles = mapview.marks_of(events)
    lanes = lanes_of(events)
    sides = mapview.sides_of(events)
    for a in lanes.order:
        sides.setdefault(a, lanes.sides.get(a, "?"))
    walls = next((e.get("walls") or [] for e in events if e.get("event") == "start"), [])
    end = max([lanes.end] + [e.get("t", 0) for e in events[-1:]])
    return {
        "title": mapview.title_of(events),
        "outcome": outcome_line(events),
        "dice": getattr(system, "dice", "") or "",  # the die of attack rolls (d20, 3d6)
        "end": end,
        "at": max(0, min(at, end)),
        "walls": [list(h) for h in map(mapview.as_hex, walls) if h is not None],
        "sides": [[a, s] for a, s in sides.items()],
        "colours": side_colours(dict.fromkeys(sides.values())),
        "events": [dict(e) for e in events],
        "text": [_text(e, system) for e in events],
        "marks": [{"kind": m.kind, "hexes": [list(h) for h in m.hexes], "label": m.label,
                   "start": m.start, "stop": m.stop, "actor": m.actor} for m in marks],
        "markStyles": {k: _style(s) for k, s in mark_styles.items()},
        "lanes": {
            "order": list(lanes.order),
            "bars": [[b.actor, b.start, b.end, b.kind, b.label] for b in lanes.bars],
            "styles": {k: _style(s) for k, s in lanes.styles.items()},
            "spans": [list(s) for s in lanes.spans],
            "spanStyles": {k: _style(s) for k, s in lanes.span_styles.items()},
            "waits": [list(w) for w in lanes.waits],
        },
        "hexSides": _hex_sides(events, system),
        "health": [list(h) for h in lanes.health],  # [id, t, left, most]: steps
        "healthName": lanes.health_name,
        "results": {r: {"marker": m, "face": f, "edge": e, "label": lab}
                    for r, (m, f, e, lab) in RESULTS.items()},
    }


def _asset(name: str) -> str:
    return resources.files("timedcombat").joinpath("assets", name).read_text(encoding="utf-8")


def _script_json(data: Any) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<`` at all (``</script>`` or
    ``<!--`` in a name from the log cannot end or change the element)."""
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")


def _escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def html(events: Sequence[Event], at: int = 0) -> str:
    """The replay page of ``events`` (the log's JSON objects, in order), opened at tenth
    ``at``. The same events give the same bytes."""
    data = replay_data(events, at)
    parts = {"title": _escape(data["title"]), "css": _asset("replay.css"),
             "data": _script_json(data), "script": _asset("replay.js")}
    return re.sub(r"\{\{(\w+)\}\}", lambda m: parts[m.group(1)], _asset("replay.html"))


def write_html(events: Sequence[Event], path: str | Path, at: int = 0) -> None:
    """Write the replay page to ``path`` (UTF-8)."""
    Path(path).write_text(html(events, at), encoding="utf-8", newline="\n")
