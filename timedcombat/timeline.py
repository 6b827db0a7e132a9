"""Readable timelines of a fight: a text table with one lane per combatant.

Works on event dicts (the JSON objects of the log), so it can draw a fight from a
log file as well as from a run. Up to ``MAX_LANES`` combatants get a column each;
bigger fights get one column with the actor named in each line.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.segment import Segment, Segments
from rich.style import Style
from rich.table import Table

from timedcombat.clock import Tenths, seconds
from timedcombat.systems.base import RuleSystem, find_system
from timedcombat.wording import defence_text, hex_text

MAX_LANES = 4


def describe(e: Mapping[str, Any], system: RuleSystem | None = None) -> str | None:
    """One line of plain text for an event (``None`` for events not shown): the system's
    own wording when it has one (:meth:`SystemBase.describe`), else the core's. An event
    whose fields the wording cannot read (a log written by hand, or edited) is shown as
    it is: its name and fields (:func:`as_written`)."""
    try:
        if system is not None:
            text = system.describe(e)
            if text is not None:
                return text
        return describe_core(e, getattr(system, "dice", "") or "")
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return as_written(e)


def as_written(e: Mapping[str, Any]) -> str:
    """An event as its log line gives it: ``move: {'to': [1, 0]}`` (no ``t``, ``seq``,
    ``actor``: the timeline shows them)."""
    rest = {k: v for k, v in e.items() if k not in ("t", "seq", "event", "actor")}
    return f"{e.get('event')}: {rest}"


def _roll(e: Mapping[str, Any], die: str) -> str:
    """``d20 12 = 15``: the die (from the event, or the system's), the roll, the total."""
    die = e.get("dice") or die or "roll"
    total = f" = {e['total']}" if e.get("total") is not None else ""
    return f"{die} {e.get('roll')}{total}"


def describe_core(e: Mapping[str, Any], die: str = "") -> str | None:
    """The core wording of an event, from its fields alone."""
    kind = e["event"]
    if kind == "action":
        name = e["name"]
        tgt = f" {e['target']}" if e.get("target") else ""
        until = f" (to {seconds(e['end'])})"
        extra = f" {e['position']}" if e.get("position") else ""
        extra += f" {e['weapon']}" if e.get("weapon") else ""
        return f"{name.replace('_', ' ')}{extra}{tgt}{until}"
    if kind == "move":
        mode = e.get("mode", "")
        if mode == "turn":
            return f"turns {e.get('facing')}"
        return f"{mode} {hex_text(e['from'])}->{hex_text(e['to'])}"
    if kind == "attack":
        sim = " SIMULTANEOUS" if e.get("simultaneous") else ""
        res = str(e.get("result", "")).upper()
        margin = f" {e['margin']:+d}" if e.get("result") == "hit" and \
            isinstance(e.get("margin"), int) else ""
        against = f" vs {e['against']}" if e.get("against") is not None else ""
        weapon = f" ({e['weapon']})" if e.get("weapon") else ""
        return (f"attacks {e['target']}{weapon}: {_roll(e, die)}{against} -> "
                f"{res}{margin}{sim}")
    if kind == "defence":
        return defence_text(e, _roll(e, die))
    if kind == "damage":
        return f"takes {e['amount']} ({e['total']}/{e.get('body', '?')})"
    if kind == "reaction":
        die = e.get("dice") or "roll"
        return f"reacts ({e['cause']}): {die} {e.get('roll')} -> {e['tenths']} tenths"
    if kind == "target":
        if e.get("targets"):
            return f"defends only: {', '.join(e['targets'])}"
        return f"targets {e['target']}" if e.get("target") else "no target"
    if kind == "state":
        st, val, opp = e["state"], e.get("value"), e.get("opponent")
        if st == "engaged":
            return f"in combat with {opp}" if val else f"no longer in combat with {opp}"
        label = st.upper().replace("_", " ")
        if opp:
            return f"{label} with {opp}" if val else f"no longer {st.replace('_', ' ')} " \
                f"with {opp}"
        return label if val is True else f"{st} = {val}"
    if kind == "interrupted":
        return f"{e['name']} interrupted ({e['cause']})"
    if kind.endswith(".turn"):
        return None  # shown as a row of its own (see render)
    if kind.endswith(".phase"):
        return None
    if "." in kind:
        rest = {k: v for k, v in e.items() if k not in ("t", "seq", "event", "actor")}
        return f"{kind}: {rest}"
    return None


def boundary(e: Mapping[str, Any], system: Any = None) -> str:
    """A turn or phase starting: ``== turn 3: ana, bo ==`` / ``-- movement phase --``; a
    turn's banner ends with the system's own words for it, when it has some (who won the
    initiative ...: :meth:`SystemBase.describe` of the turn event)."""
    if e["event"].endswith(".turn"):
        listed = e.get("order")
        order = ", ".join(map(str, listed)) if isinstance(listed, list) else ""
        text = f"== turn {e.get('turn')}" + (f": {order}" if order else "") + " =="
        try:
            more = system.describe(e) if system is not None else None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            more = None  # (an edited turn line its system cannot word: the banner alone)
        return f"{text} {more}" if more else text
    return f"-- {e.get('phase')} phase --"


_boundary = boundary


def outcome_line(events: Iterable[Mapping[str, Any]]) -> str:
    end = next((e for e in reversed(list(events)) if e["event"] == "end"), None)
    if end is None:
        return "No outcome (the log has no end event)."
    who = f"Winner: {end['winner']}" if end.get("winner") else "No winner"
    return f"{who}, at {seconds(end['t'])} s ({end.get('reason', 'no reason given')})."


def _verbose(e: Mapping[str, Any]) -> str:
    """The modifiers of a roll, as ``skill +3, hurt -2`` (``--verbose``)."""
    mods = e.get("modifiers")
    if not isinstance(mods, dict) or not mods:
        return ""
    return "  [" + ", ".join(f"{k} {v:+d}" if isinstance(v, int) and not isinstance(v, bool)
                             else f"{k} {v}" for k, v in mods.items()) + "]"


NAMES = ("actor", "target", "targets", "opponent", "against", "source", "by")
"""The fields of an event that name combatants (``source`` names one in most systems, in
some a strike or a hold: only a name that is some event's actor counts)."""


BY = ("against", "source", "by")
"""The fields that name who did something to the event's actor (a defence's attacker, the
one who dealt damage)."""


def _names(e: Mapping[str, Any], ids: set[str], keys: tuple[str, ...] = NAMES) -> set[str]:
    """The combatants an event names in ``keys`` (as actor, target, opponent, attacker,
    source)."""
    out: set[str] = set()
    for key in keys:
        value = e.get(key)
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, list | tuple):
            out.update(v for v in value if isinstance(v, str))
    return out & ids


def select(events: Sequence[Mapping[str, Any]], only: Iterable[str] | None = None,
           start: Tenths | None = None, stop: Tenths | None = None
           ) -> list[Mapping[str, Any]]:
    """The events of a window (``start`` to ``stop``, both included, in **tenths**: 17 is
    1.7 s, the CLI's ``--from 1.7``) that concern
    the combatants ``only``, and what their deeds caused.

    An event concerns them when it names one of them (:data:`NAMES`: as actor, target,
    opponent, the one attacked, the source of damage). What their deeds caused: the log
    writes a blow's effects right after it, in the same tenth (the defence, the damage,
    HURT, a fall, OUT, an interrupted action, a reaction). So a deed of theirs makes its
    ``target`` (or ``targets``) *affected*, and so does an event that names them in
    :data:`BY` (a defence against them, damage they dealt) for its actor; the events of an
    affected combatant that name no one but the chosen and the affected are kept while
    that run of the log lasts: any other event (another's blow, a new tenth) ends it.
    ``start`` and ``end`` are kept, the ``placed`` of everyone with a line left, and turn
    and phase marks."""
    keep = set(only) if only is not None else None
    ids = {e["actor"] for e in events if isinstance(e.get("actor"), str)}
    out = []
    affected: set[str] = set()
    tenth = None
    for e in events:
        kind = e["event"]
        if kind in ("start", "end", "placed"):
            out.append(e)
            continue
        if (start is not None and e["t"] < start) or (stop is not None and e["t"] > stop):
            continue
        if keep is None or kind.endswith((".turn", ".phase")):
            out.append(e)
            continue
        if e["t"] != tenth:
            tenth, affected = e["t"], set()
        names = _names(e, ids)
        if names & keep:
            out.append(e)
            actor = e.get("actor")
            if actor in keep:  # a deed of theirs: its targets are affected
                affected |= _names(e, ids, ("target", "targets")) - keep
            elif isinstance(actor, str) and _names(e, ids, BY) & keep:
                affected.add(actor)  # done to someone by them: a defence, damage
        elif e.get("actor") in affected and names <= keep | affected:
            out.append(e)  # what a blow of theirs did to its target: damage, HURT, OUT ...
        else:
            affected = set()
    if keep is not None:
        shown = keep | {e.get("actor") for e in out if e["event"] != "placed"}
        out = [e for e in out if e["event"] != "placed" or e.get("actor") in shown]
    return out


def render(events: Sequence[Mapping[str, Any]], console: Console | None = None, *,
           only: Iterable[str] | None = None, start: Tenths | None = None,
           stop: Tenths | None = None, verbose: bool = False) -> None:
    """Print the timeline table and the outcome. ``only``: the combatants to show (ids);
    ``start``/``stop``: a window in **tenths** (17 is 1.7 s); ``verbose``: every roll's
    modifiers."""
    console = console or Console(markup=False, highlight=False)
    if only is not None or start is not None or stop is not None:
        events = select(events, only, start, stop)
    start_ev = next((e for e in events if e["event"] == "start"), None)
    actors = [e["actor"] for e in events if e["event"] == "placed"]
    sides = {e["actor"]: str(e.get("side", "?")) for e in events if e["event"] == "placed"}
    if not actors:
        actors = list(dict.fromkeys(e["actor"] for e in events if "actor" in e))
    system = find_system(start_ev.get("system")) if start_ev else None
    title = str(start_ev.get("scenario", "fight")) if start_ev else "fight"
    if start_ev:  # (as the log gives them: a hand-edited start may lack one, or hold null)
        title += f"  [{start_ev.get('system', '?')}, seed {start_ev.get('seed', '?')}]"
    lanes = len(actors) <= MAX_LANES
    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=False, expand=False)
    table.add_column("t (s)", justify="right", no_wrap=True)
    if lanes:
        for a in actors:
            table.add_column(f"{a} ({sides.get(a, '?')})", overflow="fold")
    else:
        table.add_column("who", no_wrap=True)
        table.add_column("what", overflow="fold")
    # per tenth: the turn/phase marks, then every line in log order (cause before effect)
    rows: dict[int, tuple[list[str], list[tuple[str, str]]]] = {}
    for e in events:
        if e["event"] in ("start", "placed", "end"):
            continue
        marks, lines = rows.setdefault(e["t"], ([], []))
        if e["event"].endswith((".turn", ".phase")):
            marks.append(boundary(e, system))
            continue
        text = describe(e, system)
        if text is None:
            continue
        if verbose:
            text += _verbose(e)
        lines.append((e.get("actor", ""), text))
    banners: list[str] = []
    for t in sorted(rows):
        marks, lines = rows[t]
        for k, mark in enumerate(marks):  # a row of its own, across every lane (below)
            cells = [f"{BANNER}{len(banners)}"] + [""] * (len(actors) - 1 if lanes else 1)
            table.add_row(seconds(t) if k == 0 else "", *cells, style="dim")
            banners.append(mark)
        if not lines:
            continue
        if lanes:
            by_lane: dict[str, list[str]] = {}
            for a, text in lines:
                by_lane.setdefault(a, []).append(text)
            table.add_row("" if marks else seconds(t),
                          *("\n".join(by_lane.get(a, [])) for a in actors))
        else:
            first = not marks
            for a, text in lines:  # in log order: the blow, then its damage, then OUT
                table.add_row(seconds(t) if first else "", a, text)
                first = False
    console.print(Segments(_with_banners(console, table, banners)))
    console.print(outcome_line(events))


BANNER = "\ue000"
"""Marks the cell of a turn or phase banner; its row is redrawn across the lanes."""


def _with_banners(console: Console, table: Table, banners: list[str]) -> list[Segment]:
    """The table's lines, each banner row redrawn as one full-width row: the banner from
    the first lane's column to the table's right edge, ruled to it with ``=`` (a turn) or
    ``-`` (a phase), wrapped there when longer."""
    out: list[Segment] = []
    dim = Style(dim=True)
    for line in console.render_lines(table, pad=False):
        text = "".join(seg.text for seg in line)
        at = text.find(BANNER)
        if at < 0:
            out += [*line, Segment.line()]
            continue
        digits = "".join(itertools.takewhile(str.isdigit, text[at + 1:]))
        banner = banners[int(digits)]
        width = max(len(text.rstrip()), len(text)) - at
        rule = "=" if banner.startswith("==") else "-"
        head = text[:at]
        parts = _wrap(banner, width)
        for k, part in enumerate(parts):
            lead = head if k == 0 else " " * len(head)
            tail = "" if k < len(parts) - 1 or len(part) + 2 > width else \
                " " + rule * (width - len(part) - 1)
            out += [Segment(lead + part + tail, dim), Segment.line()]
    return out


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
