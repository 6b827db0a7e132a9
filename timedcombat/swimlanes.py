"""Timeline pictures: one swimlane per combatant, drawn with matplotlib (SVG or PNG).

Works on the event dicts of a log, from any rule system. Each action is a bar from its
start to its completion (pushed back by parries and dodges, cut short when interrupted),
coloured by kind; attack results, reactions, target changes and states are markers; the
turn or phase boundaries of turn-based systems (events named ``*.turn`` / ``*.phase``)
are vertical lines. Lanes are ordered so that opponents sit next to each other (by who
struck whom most, :mod:`timedcombat.lane_order`), each lane's side shown by the colour of
its name and of a strip at its left edge; sizes grow with the number of combatants and the
length of the fight so that labels do not overlap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.colours import health_colour, side_colours
from timedcombat.lane_order import arrange
from timedcombat.systems.base import CORE_LANE_STYLES, CORE_SPAN_STATES, LaneStyle, find_system

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as MplFigure

Event = Mapping[str, Any]

DPI = 100
"""Dots per inch of a PNG unless asked otherwise."""

RESULTS = {  # marker, face colour, edge colour, label
    "hit": ("o", "#c44e52", "#7a1f22", "hit"),
    "miss": ("o", "white", "#555555", "miss"),
    "parried": ("s", "#4c72b0", "#233a63", "parried"),
    "dodged": ("^", "#55a868", "#2b5c37", "dodged"),
    "blocked": ("X", "#222222", "#222222", "blocked"),
}


@attrs.define
class Bar:
    actor: str
    start: int
    end: int
    kind: str
    label: str


@attrs.frozen
class Lanes:
    """What the picture shows, worked out from the events (no drawing here)."""

    order: tuple[str, ...]
    sides: Mapping[str, str]
    bars: tuple[Bar, ...]
    marks: tuple[tuple[str, int, str, str], ...]  # (actor, t, result, target)
    wounds: tuple[tuple[str, int, int], ...]  # (actor, t, amount)
    reactions: tuple[tuple[str, int], ...]
    targets: tuple[tuple[str, int], ...]
    states: tuple[tuple[str, int, str], ...]  # (actor, t, state) for out/fled/hurt
    spans: tuple[tuple[str, int, int, str], ...]  # a state held (actor, from, to, state)
    boundaries: tuple[int, ...]
    end: int
    title: str
    waits: tuple[tuple[str, int, int], ...] = ()  # waiting to strike (actor, from, to)
    styles: Mapping[str, LaneStyle] = attrs.field(factory=dict)  # bar kinds
    span_styles: Mapping[str, LaneStyle] = attrs.field(factory=dict)  # spans by state
    surprises: tuple[tuple[str, int], ...] = ()  # (surprised combatant, tenth)
    turn_starts: tuple[int, ...] = ()  # the boundaries that begin a turn (drawn darker)
    health: tuple[tuple[str, int, int, int], ...] = ()  # (actor, t, left, most): steps
    health_name: str = "body"  # what damage counts against (the system's health_name)
    turns: tuple[tuple[int, Any], ...] = ()  # (tenth, turn number) of each turn's start


UNAWARE = LaneStyle("#999999", "unaware (surprise rules)", "..")
MAX_WIDTH = 24.0  # inches (2400 px): a long fight is drawn compressed, not 6000 px wide
MAX_MINOR = 400  # minor ticks at most (matplotlib warns past 1000)


def _core_kind(e: Event) -> str:
    name = e.get("name")
    return str(name) if name in ("attack", "move") else "other"


def lanes_of(events: Sequence[Event]) -> Lanes:
    """Turn a log into lanes, bars and markers (bar kinds and spans: the core's and the
    log's system's, :mod:`timedcombat.systems.base`)."""
    start = next((e for e in events if e["event"] == "start"), {})
    system = find_system(start.get("system"))
    styles = {**CORE_LANE_STYLES, **getattr(system, "lane_styles", {})}
    span_styles = {**CORE_SPAN_STATES, **getattr(system, "span_states", {})}

    def kind_of(e: Event) -> str:
        k = system.lane_kind(e) if system is not None else None
        return k if k is not None and k in styles else _core_kind(e)

    end_ev = next((e for e in reversed(events) if e["event"] == "end"), None)
    end = end_ev["t"] if end_ev else (events[-1]["t"] if events else 0)
    sides: dict[str, str] = {}
    for e in events:
        if e["event"] == "placed":
            sides[e["actor"]] = e.get("side", "?")
    for e in events:
        if "actor" in e and e["actor"] not in sides:
            sides[e["actor"]] = "?"
    side_order = list(dict.fromkeys(sides.values()))
    grouped = sorted(sides, key=lambda a: (side_order.index(sides[a]), list(sides).index(a)))
    bars: list[Bar] = []
    open_bar: dict[str, Bar] = {}

    def close(actor: str, t: int) -> None:
        bar = open_bar.pop(actor, None)
        if bar is not None:
            bar.end = max(bar.start, min(bar.end, t))

    marks, reactions, targets, states, wounds = [], [], [], [], []
    surprises: list[tuple[str, int]] = []  # (surprised combatant, tenth)
    unaware = {e["actor"]: e["t"] for e in events if e["event"] == "placed"
               and isinstance(e.get("stats"), dict) and e["stats"].get("aware") is False}
    span_open: dict[tuple[str, str], int] = {}
    spans: list[tuple[str, int, int, str]] = []
    for e in events:
        actor: Any = e.get("actor")  # (JSON: a string on every event read below)
        kind, t = e["event"], e["t"]
        if kind == "action":
            close(actor, t)
            bar = Bar(actor, t, e.get("end", t), kind_of(e), e["name"])
            bars.append(bar)
            open_bar[actor] = bar
        elif kind == "interrupted":
            close(actor, t)
        elif kind == "defence" and e.get("delay") and actor in open_bar:
            open_bar[actor].end += e["delay"]
        elif kind == "attack":
            marks.append((actor, t, e["result"], e.get("target", actor)))
            if e.get("surprised"):
                surprises.append((e.get("target", actor), t))
        elif kind == "damage":
            wounds.append((actor, t, e.get("amount", 0)))
        elif kind == "reaction":
            close(actor, t)
            bar = Bar(actor, t, e.get("end", t + e.get("tenths", 1)), "reaction", "react")
            bars.append(bar)
            open_bar[actor] = bar  # (cut short if its actor falls meanwhile)
            reactions.append((actor, t))
        elif kind == "target":
            targets.append((actor, t))
        elif kind == "state":
            st: Any = e.get("state")  # (JSON: a string in a state event)
            val = e.get("value")
            if st in ("out", "fled", "hurt", "down", "prone") and val:
                states.append((actor, t, st))
                if st in ("out", "fled"):
                    close(actor, t)
            if st in span_styles and st not in ("out", "fled"):
                key = (actor, st)
                if val and val is not None:
                    span_open.setdefault(key, t)
                elif key in span_open:
                    spans.append((actor, span_open.pop(key), t, st))
    for (actor, st), t0 in span_open.items():
        spans.append((actor, t0, end, st))
    health = health_of(events, system, order_seen=list(sides))
    waiting_spans = getattr(system, "waiting_spans", None)  # (a system's own hook)
    waits = waiting_spans(list(events)) if waiting_spans is not None else []
    for actor, t0 in unaware.items():  # unaware until its first reaction (surprise rules)
        t1 = next((t for a, t in reactions if a == actor), end)
        spans.append((actor, t0, t1, "unaware"))
    for b in bars:
        b.end = min(b.end, end)
    order = arrange(grouped, [(a, tgt) for a, _t, _r, tgt in marks])
    boundaries = tuple(sorted({e["t"] for e in events
                               if e["event"].endswith((".turn", ".phase"))}))
    turn_starts = tuple(sorted({e["t"] for e in events if e["event"].endswith(".turn")}))
    turns = tuple(dict.fromkeys((e["t"], e.get("turn")) for e in events
                                if e["event"].endswith(".turn")))
    name = start.get("scenario", "fight")
    if end_ev is None:
        outcome = "no end"
    elif end_ev.get("winner"):
        outcome = f"winner {end_ev['winner']} at {end / 10:.1f} s"
    else:
        outcome = f"no winner at {end / 10:.1f} s ({end_ev.get('reason', '')})"
    title = f"{name} — {start.get('system', '?')}, seed {start.get('seed', '?')} — {outcome}"
    span_styles.setdefault("unaware", UNAWARE)
    return Lanes(order, sides, tuple(bars), tuple(marks), tuple(wounds), tuple(reactions),
                 tuple(targets), tuple(states), tuple(spans), boundaries, end, title,
                 tuple(waits), styles, span_styles, tuple(surprises), turn_starts,
                 health, getattr(system, "health_name", "body"), turns)


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def health_of(events: Sequence[Event], system: Any = None,
              order_seen: Sequence[str] = ()) -> tuple[tuple[str, int, int, int], ...]:
    """Each figure's health over the fight, as steps ``(actor, t, left, most)``: what is
    left of its body (ST, HP: the system's ``health_name``) from tenth ``t`` on. The
    first step is its ``placed`` event (the system's ``health_of``); each ``damage``
    event gives ``body - total`` (or the last value less its ``amount`` when the log has
    no total). A figure whose most is never known gets no steps."""
    hook = getattr(system, "health_of", None)
    most: dict[str, int] = {}
    left: dict[str, int] = {}
    steps: list[tuple[str, int, int, int]] = []
    for e in events:
        actor, kind, t = e.get("actor"), e.get("event"), _int(e.get("t")) or 0
        if not isinstance(actor, str):
            continue
        if kind == "placed" and hook is not None:
            full = _int(hook(e))
            if full is not None:
                most[actor] = left[actor] = full
                steps.append((actor, t, full, full))
        elif kind == "damage":
            body, total, amount = _int(e.get("body")), _int(e.get("total")), \
                _int(e.get("amount"))
            if body is not None and actor not in most:
                most[actor] = body
                if not any(a == actor for a, *_ in steps):
                    steps.append((actor, 0, body, body))
            if actor not in most:
                continue
            if body is not None and total is not None:
                now = body - total
            elif amount is not None and actor in left:
                now = left[actor] - amount
            else:
                continue
            left[actor] = now
            steps.append((actor, t, now, most[actor]))
    rank = {a: i for i, a in enumerate(order_seen)}
    return tuple(sorted(steps, key=lambda s: (rank.get(s[0], len(rank)), s[1])))


def _tick_step(seconds: float) -> float:
    for step in (1, 2, 5, 10, 15, 30, 60):
        if seconds / step <= 30:
            return step
    return 120


def draw(events: Sequence[Event], path: str | Path, fmt: str | None = None, *,
         dpi: float = DPI) -> MplFigure:
    """Draw the swimlanes of ``events`` into ``path`` (format from the suffix, or ``fmt``)
    at ``dpi`` (PNG); returns the figure. The same log gives the same bytes."""
    import matplotlib

    fig = figure(events, dpi=dpi)
    kind = (fmt or Path(str(path)).suffix.lstrip(".") or "png").lower()
    # the same log gives the same bytes: no date, fixed ids in SVG; nothing cut at the edges;
    # SVG text stays text (searchable, selectable), not paths
    metadata = {"Date": None} if kind == "svg" else {"Software": None} if kind == "png" \
        else None
    with matplotlib.rc_context({"svg.hashsalt": "timedcombat", "svg.fonttype": "none"}):
        fig.savefig(path, format=fmt, dpi=dpi, bbox_inches="tight", pad_inches=0.15,
                    metadata=metadata)
    return fig


BAR = (-0.12, 0.42)  # a lane's action bars: from y-0.12, 0.42 high (lane units)
MID = BAR[0] + BAR[1] / 2  # where the blow markers sit
BAND = (-0.46, 0.24)  # the health band under the bars
HELD = (-0.2, 0.06)  # a position held (a thin bar between the two)
TOP = 0.4  # the label row: damage, OUT / FLED, reactions and targets chosen


def damage_text(amount: Any) -> str | None:
    """A damage label: ``-5``; ``0`` for a blow that did nothing; ``None``: no label."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        return None
    return f"-{amount}" if amount > 0 else "0" if amount == 0 else f"+{-amount}"


@attrs.frozen
class Label:
    """A text of a lane's label row or health band, placed where it does not overlap."""

    actor: str
    x: float  # seconds
    text: str
    ha: str  # left, center, right
    kind: str  # out, damage, health


def lane_labels(lanes: Lanes, per_char: float) -> list[Label]:
    """The label row's and the band's texts, ``per_char`` seconds wide a character: OUT /
    FLED first (with the damage of the blow that felled them: ``-5 OUT``), then each
    damage (``-4``, ``0``) where it does not overlap one already placed, and in the band
    the health left: the first value (``body 17``), the last, then the others that fit."""
    near_end = max(8, lanes.end // 12)
    out: list[Label] = []
    taken: dict[tuple[str, str], list[tuple[float, float]]] = {}

    def extent(lab: Label) -> tuple[float, float]:
        w = per_char * (len(lab.text) + 0.6)
        return {"left": (lab.x, lab.x + w), "right": (lab.x - w, lab.x),
                "center": (lab.x - w / 2, lab.x + w / 2)}[lab.ha]

    def place(lab: Label, row: str) -> bool:
        lo, hi = extent(lab)
        spans = taken.setdefault((lab.actor, row), [])
        if any(lo < b and a < hi for a, b in spans):
            return False
        spans.append((lo, hi))
        out.append(lab)
        return True

    felled: set[tuple[str, int]] = set()
    for a, t, st in lanes.states:
        if st not in ("out", "fled"):
            continue
        word = "OUT" if st == "out" else "FLED"
        blow = next((w for w in lanes.wounds if w[0] == a and 0 <= t - w[1] <= 1), None)
        text = damage_text(blow[2]) if blow else None
        if blow is not None:
            felled.add((a, blow[1]))
        word = f"{text} {word}" if text else word
        ending = lanes.end - t < near_end  # keep the label inside the plot
        place(Label(a, t / 10 - per_char * 0.3 if ending else t / 10 + per_char * 0.3, word,
                    "right" if ending else "left", "out"), "top")
    for a, t, amount in lanes.wounds:
        text = damage_text(amount)
        if text is not None and (a, t) not in felled:
            place(Label(a, t / 10, text, "center", "damage"), "top")
    by_actor: dict[str, list[tuple[int, int, int]]] = {}
    for a, t, left, most in lanes.health:
        by_actor.setdefault(a, []).append((t, left, most))
    for a, all_steps in by_actor.items():
        steps = [s for k, s in enumerate(all_steps) if k == 0 or s[1] != all_steps[k - 1][1]]
        picks = [0, len(steps) - 1] + list(range(1, len(steps) - 1))
        for k in dict.fromkeys(picks):
            t, left, _most = steps[k]
            text = str(left)
            room = (steps[k + 1][0] if k + 1 < len(steps) else lanes.end) / 10 - t / 10
            named = f"{lanes.health_name} {left}"
            if left < 0 or (k == 0 and per_char * (len(named) + 2.5) < room):
                text = named  # below 0 ("-1" would read as damage); first: where it fits
            ending = k > 0 and lanes.end - t < near_end  # the last value: left of its step
            x = t / 10 - per_char * 1.4 if ending else t / 10 + per_char * 1.4
            place(Label(a, x, text, "right" if ending else "left", "health"), "band")
    return out


def figure(events: Sequence[Event], *, ax: Axes | None = None, dpi: float = DPI) -> MplFigure:
    """The swimlanes of ``events`` as a matplotlib ``Figure`` (shown inline by Jupyter),
    drawn on ``ax`` when given (its figure is returned), else on a new figure sized to
    the fight. No pyplot: the user's backend and open figures are left alone.

    Each lane, top to bottom: a label row (damage ``-4``, ``OUT``, reactions and targets
    chosen), the action bars with the blows on them (an arrow to the target's lane), and
    a band of the health left (the system's ``health_name``: body, ST, HP) with its value
    after each change and the hurt star where it fell."""
    import matplotlib.ticker
    from matplotlib.figure import Figure


    lanes = lanes_of(events)
    n = max(1, len(lanes.order))
    seconds = max(lanes.end, 10) / 10
    width = min(MAX_WIDTH, max(10.0, 2.2 + seconds * 0.45))
    lane_in = 0.85 if n <= 3 else 0.7 if n <= 12 else 0.58
    font = 8 if n <= 12 else 7
    handles = _legend(lanes)
    ncol = max(3, min(len(handles), int((width - 0.4) / 1.3)))
    legend_in = (0.145 * -(-len(handles) // ncol) + 0.04) if handles else 0.0
    height = 1.1 + lane_in * n + legend_in
    if ax is None:
        fig = Figure(figsize=(width, height), dpi=dpi)
        ax = fig.subplots()
        own = True
    else:
        root = ax.get_figure(root=True)  # (the Figure, also for an Axes of a SubFigure)
        assert root is not None
        fig, own = root, False
    row = {a: n - 1 - i for i, a in enumerate(lanes.order)}
    pad = max(0.15, 0.012 * seconds)  # room left of 0 s: the strips, markers at 0
    xspan = lanes.end / 10 + 0.2 + pad
    axes_in = max(1.0, fig.get_size_inches()[0] - 1.7 if own else
                  ax.get_position().width * fig.get_size_inches()[0])  # the plot's width
    per_char = 0.6 * (font - 1) / 72 * xspan / axes_in  # seconds a character takes

    colours = side_colours(dict.fromkeys(lanes.sides[a] for a in lanes.order))
    for i, actor in enumerate(lanes.order):
        y = row[actor]
        shade = "#f4f4f4" if i % 2 == 0 else "#ffffff"
        ax.axhspan(y - 0.5, y + 0.5, color=shade, zorder=0, gid=f"lane-{actor}")
        # the side: a strip at the lane's left edge (and the colour of its name)
        ax.broken_barh([(-pad, pad * 0.45)], (y - 0.46, 0.92),
                       facecolors=colours[lanes.sides[actor]], zorder=6)
    for a, t0, t1, st in lanes.spans:
        style = lanes.span_styles[st]
        if style.hatch:  # a state of the whole lane: hatched
            ax.broken_barh([(t0 / 10, max(t1 - t0, 1) / 10)], (row[a] - 0.45, 0.9),
                           facecolors="none", edgecolors=style.colour, hatch=style.hatch,
                           linewidth=0, zorder=1)
        else:  # a position held: a thin bar under the lane's bars
            ax.broken_barh([(t0 / 10, max(t1 - t0, 1) / 10)], (row[a] + HELD[0], HELD[1]),
                           facecolors=style.colour, zorder=2)
    wait_colour = lanes.styles.get("closing", lanes.styles["attack"]).colour
    for a, t0, t1 in lanes.waits:
        ax.broken_barh([(t0 / 10, (t1 - t0) / 10)], (row[a] + MID - 0.1, 0.2),
                       facecolors=wait_colour, alpha=0.35, zorder=2)
    for b in lanes.bars:  # a white edge keeps two actions of one kind apart
        ax.broken_barh([(b.start / 10, max(b.end - b.start, 1) / 10)],
                       (row[b.actor] + BAR[0], BAR[1]), facecolors=lanes.styles[b.kind].colour,
                       edgecolors="white", linewidth=1.0, zorder=2)
    _draw_health(ax, lanes, row)
    for a, t, r, tgt in lanes.marks:  # blow -> target: coloured by result, arrow at target
        if tgt in row and tgt != a:
            colour = RESULTS.get(r, RESULTS["miss"])[2]
            y0, y1 = row[a] + MID, row[tgt]
            end = y1 + BAR[0] + BAR[1] if y1 < row[a] else y1 + BAR[0]
            ax.annotate("", xy=(t / 10, end), xytext=(t / 10, y0),
                        arrowprops={"arrowstyle": "-|>", "color": colour, "alpha": 0.55,
                                    "linewidth": 0.8, "shrinkA": 0, "shrinkB": 0,
                                    "mutation_scale": 7}, zorder=3)
    if lanes.surprises:
        xs = [t / 10 for _a, t in lanes.surprises]
        ys = [row[a] + MID for a, _t in lanes.surprises if a in row]
        ax.scatter(xs[:len(ys)], ys, marker="o", s=120, facecolors="none",
                   edgecolors="#dd8452", linewidths=1.4, zorder=5)
    for result, (marker, face, edge, _label) in RESULTS.items():
        pts = [(t / 10, row[a] + MID) for a, t, r, _tgt in lanes.marks if r == result]
        if pts:
            px, py = zip(*pts, strict=True)
            ax.scatter(px, py, marker=marker, s=34, c=face, edgecolors=edge, linewidths=0.8,
                       zorder=4)
    for seen, marker, colour in ((lanes.reactions, "v", "#8172b3"),
                                 (lanes.targets, "d", "#333333")):
        if seen:
            xs = [t / 10 for _a, t in seen]
            ys = [row[a] + TOP for a, _t in seen]
            ax.scatter(xs, ys, marker=marker, s=16, c=colour, zorder=5)
    for a, t, st in lanes.states:
        y = row[a]
        if st in ("out", "fled"):
            ax.broken_barh([(t / 10, max(lanes.end - t, 1) / 10)], (y - 0.5, 1.0),
                           facecolors="#00000018", zorder=3)
        else:  # hurt (down, prone): a star on the health band, where it fell
            ax.scatter([t / 10], [y + BAND[0] + BAND[1] / 2], marker="*", s=60,
                       c="#dd8452", edgecolors="#222222", linewidths=0.4, zorder=7)
    for lab in lane_labels(lanes, per_char):
        y = row[lab.actor]
        if lab.kind == "health":
            ax.text(lab.x, y + BAND[0] + BAND[1] / 2, lab.text, fontsize=font - 1.5,
                    ha=lab.ha, va="center", color="#1f3d1a", zorder=6)
            continue
        out = lab.kind == "out"
        ax.text(lab.x, y + TOP, lab.text, fontsize=font if out else font - 0.5,
                ha=lab.ha, va="center", color="#222222" if out else
                "#7a1f22" if lab.text != "0" else "#666666",
                fontweight="bold", zorder=6,
                bbox={"boxstyle": "square,pad=0.05", "fc": "white", "ec": "none",
                      "alpha": 0.75})
    turns = set(lanes.turn_starts)
    for t in lanes.boundaries:
        if t in turns:
            ax.axvline(t / 10, color="#777777", linewidth=0.8, linestyle="--", zorder=1)
        else:
            ax.axvline(t / 10, color="#aaaaaa", linewidth=0.6, linestyle=":", zorder=1)
    _turn_numbers(ax, lanes, per_char, font)

    ax.set_yticks(range(n))
    ax.set_yticklabels([f"{a} ({lanes.sides[a]})" for a in reversed(lanes.order)],
                       fontsize=font)
    for label, a in zip(ax.get_yticklabels(), reversed(lanes.order), strict=True):
        label.set_color(colours[lanes.sides[a]])
        label.set_fontweight("bold")
    ax.tick_params(axis="y", length=0)
    ax.set_ylim(-0.5, n - 0.5)
    ax.set_xlim(-pad, lanes.end / 10 + 0.2)
    step = _tick_step(seconds)
    ax.xaxis.set_major_locator(matplotlib.ticker.MultipleLocator(step))
    minor = 0.1 if seconds * 10 <= MAX_MINOR else (1.0 if seconds <= MAX_MINOR else step)
    ax.xaxis.set_minor_locator(matplotlib.ticker.MultipleLocator(minor))
    ax.tick_params(axis="x", which="minor", length=2)
    ax.tick_params(axis="x", labelsize=font)
    ax.set_xlabel("time (s); minor ticks every tenth" if minor == 0.1 else
                  "time (s); minor ticks every second" if minor == 1.0 else "time (s)",
                  fontsize=font)
    ax.grid(axis="x", which="major", color="#dddddd", linewidth=0.6, zorder=0)
    ax.set_title(lanes.title, fontsize=font + 2, pad=14 if lanes.turns else 6)
    if own:
        if handles:
            fig.legend(handles=handles, loc="lower center", ncol=ncol, fontsize=font - 0.5,
                       frameon=False, columnspacing=1.2, handletextpad=0.5,
                       borderaxespad=0.1, borderpad=0.2, labelspacing=0.3)
        fig.tight_layout(rect=(0, legend_in / height, 1, 1), pad=0.5)
    elif handles:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0),
                  fontsize=font, frameon=False)
    return fig


def _draw_health(ax: Axes, lanes: Lanes, row: Mapping[str, int]) -> None:
    """The band of each lane: a grey trough, filled as high as the share of the health
    left (green, amber, red), one block per step."""
    by_actor: dict[str, list[tuple[int, int, int]]] = {}
    for a, t, left, most in lanes.health:
        if a in row:
            by_actor.setdefault(a, []).append((t, left, most))
    out = {a: t for a, t, st in lanes.states if st == "out"}
    for a, steps in by_actor.items():
        y0 = row[a] + BAND[0]
        t_first = steps[0][0]
        ax.broken_barh([(t_first / 10, max(lanes.end - t_first, 1) / 10)], (y0, BAND[1]),
                       facecolors="#e4e4e4", edgecolors="#bbbbbb", linewidth=0.4, zorder=2)
        for k, (t, left, most) in enumerate(steps):
            t1 = min(steps[k + 1][0] if k + 1 < len(steps) else lanes.end,
                     out.get(a, lanes.end))  # nothing left to show once out
            frac = max(0.0, min(1.0, left / most)) if most > 0 else 0.0
            if t1 > t and frac > 0:
                ax.broken_barh([(t / 10, (t1 - t) / 10)], (y0, BAND[1] * frac),
                               facecolors=health_colour(frac), edgecolors="none", zorder=2)


def _turn_numbers(ax: Axes, lanes: Lanes, per_char: float, font: float) -> None:
    """Each turn's number above the plot at its line (``turn 3``, or ``3`` when the turns
    are too close for the word)."""
    if not lanes.turns:
        return
    times = [t for t, _n in lanes.turns]
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)] or [lanes.end - times[0]]
    room = min(gaps) / 10
    last = -1e9
    for t, number in lanes.turns:
        text = f"turn {number}" if room > per_char * 8 else str(number)
        if t / 10 - last < per_char * (len(text) + 1):
            continue
        ax.text(t / 10, 1.005, text, transform=ax.get_xaxis_transform(), ha="left",
                va="bottom", fontsize=font - 1, color="#555555")
        last = t / 10


def _legend(lanes: Lanes) -> list[Any]:
    """The legend's entries: only what the picture shows, in few words."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Patch(color=st.colour, label=st.label)
                          for k, st in lanes.styles.items()
                          if any(b.kind == k for b in lanes.bars)]
    handles += [Line2D([], [], linestyle="", marker=m, markerfacecolor=f, markeredgecolor=e,
                       label=f"blow {lab}") for r, (m, f, e, lab) in RESULTS.items()
                if any(x[2] == r for x in lanes.marks)]
    if lanes.marks:
        handles.append(Line2D([], [], color="#555555", alpha=0.6, linewidth=0.8,
                              label="blow → target"))
    if lanes.wounds:
        handles.append(Line2D([], [], linestyle="", marker="$-4$", markersize=9,
                              color="#7a1f22", label="damage taken"))
    if lanes.health:
        handles.append(Patch(facecolor=health_colour(1.0), edgecolor="#bbbbbb",
                             label=f"health left ({lanes.health_name})"))
    if lanes.reactions:
        handles.append(Line2D([], [], linestyle="", marker="v", color="#8172b3",
                              label="reaction"))
    if lanes.targets:
        handles.append(Line2D([], [], linestyle="", marker="d", color="#333333",
                              label="target chosen"))
    if any(st not in ("out", "fled") for _a, _t, st in lanes.states):
        handles.append(Line2D([], [], linestyle="", marker="*", markersize=9,
                              color="#dd8452", markeredgecolor="#222222",
                              markeredgewidth=0.4, label="hurt"))
    for st in dict.fromkeys(s for _a, _t0, _t1, s in lanes.spans):
        style = lanes.span_styles[st]
        if style.hatch:
            handles.append(Patch(facecolor="none", edgecolor=style.colour, hatch=style.hatch,
                                 label=style.label))
        else:
            handles.append(Line2D([], [], color=style.colour, linewidth=3, label=style.label))
    if lanes.waits:
        handles.append(Patch(color=lanes.styles.get("closing", lanes.styles["attack"]).colour,
                             alpha=0.35, label="waiting to strike"))
    if lanes.surprises:
        handles.append(Line2D([], [], linestyle="", marker="o", markerfacecolor="none",
                              markeredgecolor="#dd8452", markersize=9, label="surprised"))
    if lanes.turn_starts:
        handles.append(Line2D([], [], color="#777777", linewidth=0.8, linestyle="--",
                              label="turn"))
    if set(lanes.boundaries) - set(lanes.turn_starts):
        handles.append(Line2D([], [], color="#aaaaaa", linewidth=0.8, linestyle=":",
                              label="phase"))
    return handles
