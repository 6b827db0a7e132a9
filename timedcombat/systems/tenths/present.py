"""How the ``tenths`` system's events read and draw: its timeline wording, bar kinds, waiting
spans and map marks (:mod:`.mapmarks`).

The core readers (``timeline``, ``swimlanes``) word and draw core events from their fields
alone; these hooks give seed 004's vocabulary: closing actions in capitals, blows and
defences with their d20, reactions with their d10, blocking attacks, lost attacks, plan
skips and weapons on the ground.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from timedcombat.clock import seconds
from timedcombat.systems.tenths.mapmarks import map_marks
from timedcombat.wording import defence_text, hex_text, plan_skip_text

Event = Mapping[str, Any]

CLOSING = ("set", "wait", "attack", "defend", "charge", "avoid")


def lane_kind(e: Event) -> str | None:
    """The bar kind of an action."""
    name = e.get("name")
    if e.get("closing"):
        return "closing"
    if name in ("attack", "move", "retreat", "block"):
        return str(name)
    if name in ("target", "defend_only", "style", "react"):
        return "reaction"
    if name in ("draw", "sheathe", "drop", "pick_up"):
        return "weapons"
    return None


def describe(e: Event) -> str | None:
    """The timeline line of a ``tenths`` event (``None``: the core wording will do)."""
    kind = e["event"]
    if kind == "action":
        name = e["name"]
        tgt = f" {e['target']}" if e.get("target") else ""
        until = f" (to {seconds(e['end'])})"
        if e.get("closing"):
            return f"{name.upper()} on{tgt}{until}"
        if name == "attack":
            return f"swings {e.get('weapon', '')} at{tgt}{until}"
        if name == "move":
            dest = f" to {hex_text(e['to'])}" if e.get("to") and not e.get("target") else \
                f" toward{tgt}"
            return f"{e.get('mode', 'walk')}s{dest}{until}"
        return None
    if kind == "attack":
        sim = " SIMULTANEOUS" if e.get("simultaneous") else ""
        sim += " SURPRISED" if e.get("surprised") else ""
        if e.get("kind") == "block":
            return (f"blocking attack on {e['target']}: d20 {e['roll']} = {e['total']} "
                    f"vs {e['against']} -> {e['result'].upper()}")
        res = e["result"].upper()
        margin = f" {e['margin']:+d}" if e["result"] == "hit" else ""
        return (f"attacks {e['target']} ({e['weapon']}): d20 {e['roll']} = {e['total']} "
                f"vs {e['against']} -> {res}{margin}{sim}")
    if kind == "defence":
        return defence_text(e, f"d20 {e['roll']} = {e['total']}")
    if kind == "reaction":
        return f"reacts ({e['cause']}): d10 {e['roll']} -> {e['tenths']} tenths"
    if kind == "state":
        st, val, opp = e["state"], e.get("value"), e.get("opponent")
        if st == "close_quarters":
            return f"CLOSE QUARTERS with {opp}" if val else f"out of close quarters with {opp}"
        if st == "block":
            if val:
                return f"holds blocking position {val}"
            return f"blocking position lost ({e.get('cause', '')})"
        return None
    if kind == "tenths.attack_lost":
        return f"attack on {e['target']} lost ({e['reason']})"
    if kind == "tenths.plan_skip":
        return plan_skip_text(e)
    if kind == "tenths.dropped":
        return f"{e['weapon']} falls to the ground at {hex_text(e['at'])}"
    if kind == "tenths.picked_up":
        return f"picks up {e['weapon']} at {hex_text(e['at'])}"
    if kind == "tenths.retreat_cut":
        if not e.get("moves"):
            return f"cannot retreat from {e.get('target')} ({e.get('cause')})"
        return f"retreat from {e.get('target')} cut after {e['moves']} move ({e.get('cause')})"
    if kind == "tenths.defend_choice":
        return (f"attacked by {' and '.join(e['among'])} at once: defends against "
                f"{e['against']} (d{len(e['among'])} {e['roll']})")
    return None


def waiting_spans(events: list[Event]) -> list[tuple[str, int, int]]:
    """A closing action's own time is over but its exchange goes on: a Set waiting to
    strike, a Wait or Defend letting the opponent strike first. (actor, from, to) spans,
    drawn as a thin bar ("waiting")."""
    open_at: dict[str, int] = {}
    spans: list[tuple[str, int, int]] = []
    for e in events:
        kind, actor, t = e["event"], e.get("actor"), e["t"]
        if actor in open_at and (
                (kind in ("attack", "tenths.attack_lost") and e.get("closing") == "set")
                or kind in ("action", "reaction", "interrupted")
                or (kind == "state" and e.get("state") in ("out", "fled"))):
            t0 = open_at.pop(actor)
            if t > t0:
                spans.append((actor, t0, t))
        if kind == "action" and e["name"] in ("set", "wait", "defend") and e.get("closing"):
            open_at[str(actor)] = e.get("end", t + 1)
    return spans


__all__ = ["describe", "lane_kind", "map_marks", "waiting_spans"]
