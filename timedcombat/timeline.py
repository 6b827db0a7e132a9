"""Readable timelines of a fight: a text table with one lane per combatant.

Works on event dicts (the JSON objects of the log), so it can draw a fight from a
log file as well as from a run. Up to ``MAX_LANES`` combatants get a column each;
bigger fights get one column with the actor named in each line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from timedcombat.clock import seconds

MAX_LANES = 4


def _hex(h: Any) -> str:
    return f"({h[0]},{h[1]})"


def describe(e: Mapping[str, Any]) -> str | None:
    """One line of plain text for an event (``None`` for events not shown)."""
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
            dest = f" to {_hex(e['to'])}" if e.get("to") and not e.get("target") else \
                f" toward{tgt}"
            return f"{e.get('mode', 'walk')}s{dest}{until}"
        extra = f" {e['position']}" if e.get("position") else ""
        extra += f" {e['weapon']}" if e.get("weapon") and name != "attack" else ""
        return f"{name.replace('_', ' ')}{extra}{tgt}{until}"
    if kind == "move":
        mode = e.get("mode", "")
        if mode == "turn":
            return f"turns {e.get('facing')}"
        return f"{mode} {_hex(e['from'])}->{_hex(e['to'])}"
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
        ok = "holds" if e.get("success") else "fails"
        w = f" with {e['weapon']}" if e.get("weapon") else ""
        delay = f", +{e['delay']} tenths" if e.get("delay") else ""
        return f"{e['kind']}{w}: d20 {e['roll']} = {e['total']}, {ok}{delay}"
    if kind == "damage":
        return f"takes {e['amount']} ({e['total']}/{e.get('body', '?')})"
    if kind == "reaction":
        return f"reacts ({e['cause']}): d10 {e['roll']} -> {e['tenths']} tenths"
    if kind == "target":
        if e.get("targets"):
            return f"defends only: {', '.join(e['targets'])}"
        return f"targets {e['target']}" if e.get("target") else "no target"
    if kind == "state":
        st, val, opp = e["state"], e.get("value"), e.get("opponent")
        if st == "engaged":
            return f"in combat with {opp}" if val else f"no longer in combat with {opp}"
        if st == "close_quarters":
            return f"CLOSE QUARTERS with {opp}" if val else f"out of close quarters with {opp}"
        if st == "block":
            if val:
                return f"holds blocking position {val}"
            return f"blocking position lost ({e.get('cause', '')})"
        return st.upper().replace("_", " ") if val is True else f"{st} = {val}"
    if kind == "interrupted":
        return f"{e['name']} interrupted ({e['cause']})"
    if kind == "tenths.attack_lost":
        return f"attack on {e['target']} lost ({e['reason']})"
    if kind == "tenths.plan_skip":
        return f"plan step {e['index']} '{e['name']}' skipped ({e['reason']})"
    if kind == "tenths.dropped":
        return f"{e['weapon']} falls to the ground at {_hex(e['at'])}"
    if kind == "tenths.picked_up":
        return f"picks up {e['weapon']} at {_hex(e['at'])}"
    if kind == "tenths.defend_choice":
        return (f"attacked by {' and '.join(e['among'])} at once: defends against "
                f"{e['against']} (d{len(e['among'])} {e['roll']})")
    if kind.startswith("tenths.") or "." in kind:
        rest = {k: v for k, v in e.items() if k not in ("t", "seq", "event", "actor")}
        return f"{kind}: {rest}"
    return None


def outcome_line(events: Iterable[Mapping[str, Any]]) -> str:
    end = next((e for e in reversed(list(events)) if e["event"] == "end"), None)
    if end is None:
        return "No outcome (the log has no end event)."
    who = f"Winner: {end['winner']}" if end.get("winner") else "No winner"
    return f"{who}, at {seconds(end['t'])} s ({end['reason']})."


def render(events: list[Mapping[str, Any]], console: Console | None = None) -> None:
    """Print the timeline table and the outcome."""
    console = console or Console(markup=False, highlight=False)
    start = next((e for e in events if e["event"] == "start"), None)
    actors = [e["actor"] for e in events if e["event"] == "placed"]
    sides = {e["actor"]: e["side"] for e in events if e["event"] == "placed"}
    if not actors:
        actors = list(dict.fromkeys(e["actor"] for e in events if "actor" in e))
    title = start["scenario"] if start else "fight"
    if start:
        title += f"  [{start['system']}, seed {start['seed']}]"
    lanes = len(actors) <= MAX_LANES
    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=False, expand=False)
    table.add_column("t (s)", justify="right", no_wrap=True)
    if lanes:
        for a in actors:
            table.add_column(f"{a} ({sides.get(a, '?')})", overflow="fold")
    else:
        table.add_column("who", no_wrap=True)
        table.add_column("what", overflow="fold")
    rows: dict[int, dict[str, list[str]]] = {}
    for e in events:
        if e["event"] in ("start", "placed", "end"):
            continue
        text = describe(e)
        if text is None:
            continue
        rows.setdefault(e["t"], {}).setdefault(e.get("actor", ""), []).append(text)
    for t in sorted(rows):
        cells = rows[t]
        if lanes:
            table.add_row(seconds(t), *("\n".join(cells.get(a, [])) for a in actors))
        else:
            first = True
            for a in actors + [k for k in cells if k not in actors]:
                for line in cells.get(a, []):
                    table.add_row(seconds(t) if first else "", a, line)
                    first = False
    console.print(table)
    console.print(outcome_line(events))
