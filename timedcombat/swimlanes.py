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
        return k if k in styles else _core_kind(e)

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
        kind, actor, t = e["event"], e.get("actor"), e["t"]
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
            st, val = e.get("state"), e.get("value")
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
    waits = system.waiting_spans(list(events)) if hasattr(system, "waiting_spans") else []
    for actor, t0 in unaware.items():  # unaware until its first reaction (surprise rules)
        t1 = next((t for a, t in reactions if a == actor), end)
        spans.append((actor, t0, t1, "unaware"))
    for b in bars:
        b.end = min(b.end, end)
    order = arrange(grouped, [(a, tgt) for a, _t, _r, tgt in marks])
    boundaries = tuple(sorted({e["t"] for e in events
                               if e["event"].endswith((".turn", ".phase"))}))
    turn_starts = tuple(sorted({e["t"] for e in events if e["event"].endswith(".turn")}))
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
                 tuple(waits), styles, span_styles, tuple(surprises), turn_starts)


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


def figure(events: Sequence[Event], *, ax: Axes | None = None, dpi: float = DPI) -> MplFigure:
    """The swimlanes of ``events`` as a matplotlib ``Figure`` (shown inline by Jupyter),
    drawn on ``ax`` when given (its figure is returned), else on a new figure sized to
    the fight. No pyplot: the user's backend and open figures are left alone."""
    import matplotlib.ticker
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from timedcombat.mapview import side_colours

    lanes = lanes_of(events)
    n = max(1, len(lanes.order))
    seconds = max(lanes.end, 10) / 10
    width = min(MAX_WIDTH, max(10.0, 2.2 + seconds * 0.45))
    height = 1.9 + 0.42 * n + 0.9
    if ax is None:
        fig = Figure(figsize=(width, height), dpi=dpi)
        ax = fig.subplots()
        own = True
    else:
        fig, own = ax.figure, False
    row = {a: n - 1 - i for i, a in enumerate(lanes.order)}
    font = 8 if n <= 12 else 7

    for i, actor in enumerate(lanes.order):
        y = row[actor]
        shade = "#f4f4f4" if i % 2 == 0 else "#ffffff"
        ax.axhspan(y - 0.5, y + 0.5, color=shade, zorder=0, gid=f"lane-{actor}")
    colours = side_colours(dict.fromkeys(lanes.sides[a] for a in lanes.order))
    for actor in lanes.order:  # the side: a strip at the lane's left edge (and its name)
        y = row[actor]
        ax.axhspan(y - 0.46, y + 0.46, xmin=0, xmax=0.006, color=colours[lanes.sides[actor]],
                   zorder=6)
    for a, t0, t1, st in lanes.spans:
        style = lanes.span_styles[st]
        if style.hatch:  # a state of the whole lane: hatched
            ax.broken_barh([(t0 / 10, max(t1 - t0, 1) / 10)], (row[a] - 0.45, 0.9),
                           facecolors="none", edgecolors=style.colour, hatch=style.hatch,
                           linewidth=0, zorder=1)
        else:  # a position held: a thin bar under the lane's bars
            ax.broken_barh([(t0 / 10, max(t1 - t0, 1) / 10)], (row[a] - 0.42, 0.1),
                           facecolors=style.colour, zorder=2)
    wait_colour = lanes.styles.get("closing", lanes.styles["attack"]).colour
    for a, t0, t1 in lanes.waits:
        ax.broken_barh([(t0 / 10, (t1 - t0) / 10)],
                       (row[a] - 0.12, 0.24), facecolors=wait_colour, alpha=0.35, zorder=2)
    for b in lanes.bars:  # a white edge keeps two actions of one kind apart
        ax.broken_barh([(b.start / 10, max(b.end - b.start, 1) / 10)],
                       (row[b.actor] - 0.28, 0.56), facecolors=lanes.styles[b.kind].colour,
                       edgecolors="white", linewidth=1.0, zorder=2)
    for a, t, r, tgt in lanes.marks:  # blow -> target: coloured by result, arrow at target
        if tgt in row and tgt != a:
            colour = RESULTS.get(r, RESULTS["miss"])[2]
            y0, y1 = row[a], row[tgt]
            ax.annotate("", xy=(t / 10, y1 + (0.3 if y1 < y0 else -0.3)), xytext=(t / 10, y0),
                        arrowprops={"arrowstyle": "-|>", "color": colour, "alpha": 0.55,
                                    "linewidth": 0.8, "shrinkA": 0, "shrinkB": 0,
                                    "mutation_scale": 7}, zorder=3)
    last_label: dict[str, float] = {}
    for a, t, amount in lanes.wounds:
        ax.plot([t / 10], [row[a]], marker="|", markersize=14, color="#7a1f22", zorder=4)
        x = t / 10
        if n <= 12 and x - last_label.get(a, -99.0) >= 0.025 * seconds:
            # inside the lane, under its top edge; one label where wounds crowd together
            ax.text(x, row[a] + 0.31, f"-{amount}", fontsize=font - 1, ha="center",
                    va="center", color="#7a1f22", zorder=6,
                    bbox={"boxstyle": "square,pad=0.05", "fc": "white", "ec": "none",
                          "alpha": 0.7})
            last_label[a] = x
    if lanes.surprises:
        xs = [t / 10 for _a, t in lanes.surprises]
        ys = [row[a] for a, _t in lanes.surprises if a in row]
        ax.scatter(xs[:len(ys)], ys, marker="o", s=120, facecolors="none",
                   edgecolors="#dd8452", linewidths=1.4, zorder=5)
    for result, (marker, face, edge, _label) in RESULTS.items():
        pts = [(t / 10, row[a]) for a, t, r, _tgt in lanes.marks if r == result]
        if pts:
            xs, ys = zip(*pts, strict=True)
            ax.scatter(xs, ys, marker=marker, s=34, c=face, edgecolors=edge, linewidths=0.8,
                       zorder=4)
    for pts, marker, colour in ((lanes.reactions, "v", "#8172b3"),
                                (lanes.targets, "d", "#333333")):
        if pts:
            xs = [t / 10 for _a, t in pts]
            ys = [row[a] + 0.38 for a, _t in pts]
            ax.scatter(xs, ys, marker=marker, s=16, c=colour, zorder=5)
    for a, t, st in lanes.states:
        y = row[a]
        if st in ("out", "fled"):
            ax.axhspan(y - 0.5, y + 0.5, xmin=0, xmax=1, color="none")
            ax.broken_barh([(t / 10, max(lanes.end - t, 1) / 10)], (y - 0.5, 1.0),
                           facecolors="#00000018", zorder=3)
            near_end = lanes.end - t < max(8, lanes.end // 12)  # keep the label in the plot
            label = "OUT" if st == "out" else "FLED"
            ax.text(t / 10, y + 0.3, f"{label} " if near_end else f"  {label}", va="center",
                    ha="right" if near_end else "left", fontsize=font, fontweight="bold",
                    color="#222222", zorder=6)
        else:
            ax.scatter([t / 10], [y - 0.38], marker="*", s=28, c="#dd8452", zorder=5)
    turns = set(lanes.turn_starts)
    for t in lanes.boundaries:
        if t in turns:
            ax.axvline(t / 10, color="#777777", linewidth=0.8, linestyle="--", zorder=1)
        else:
            ax.axvline(t / 10, color="#aaaaaa", linewidth=0.6, linestyle=":", zorder=1)

    ax.set_yticks(range(n))
    ax.set_yticklabels([f"{a} ({lanes.sides[a]})" for a in reversed(lanes.order)],
                       fontsize=font)
    for label, a in zip(ax.get_yticklabels(), reversed(lanes.order), strict=True):
        label.set_color(colours[lanes.sides[a]])
        label.set_fontweight("bold")
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlim(0, lanes.end / 10 + 0.2)
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
    ax.set_title(lanes.title, fontsize=font + 2)
    handles = [Patch(color=st.colour, label=st.label) for k, st in lanes.styles.items()
               if any(b.kind == k for b in lanes.bars)]
    handles += [Line2D([], [], linestyle="", marker=m, markerfacecolor=f, markeredgecolor=e,
                       label=f"blow {lab}") for r, (m, f, e, lab) in RESULTS.items()
                if any(x[2] == r for x in lanes.marks)]
    if lanes.marks:
        handles.append(Line2D([], [], color="#555555", alpha=0.6, linewidth=0.8,
                              label="blow → its target (arrow; result on the striker's lane)"))
    if lanes.wounds:
        handles.append(Line2D([], [], linestyle="", marker="|", markersize=10,
                              color="#7a1f22", label="damage taken"))
    handles += [Line2D([], [], linestyle="", marker="v", color="#8172b3", label="reaction"),
                Line2D([], [], linestyle="", marker="d", color="#333333",
                       label="target chosen"),
                Line2D([], [], linestyle="", marker="*", color="#dd8452", label="hurt")]
    for st in dict.fromkeys(s for _a, _t0, _t1, s in lanes.spans):
        style = lanes.span_styles[st]
        if style.hatch:
            handles.append(Patch(facecolor="none", edgecolor=style.colour, hatch=style.hatch,
                                 label=style.label))
        else:
            handles.append(Line2D([], [], color=style.colour, linewidth=3, label=style.label))
    if lanes.waits:
        handles.append(Patch(color=wait_colour, alpha=0.35,
                             label="waiting (to strike, or for the first blow)"))
    if lanes.surprises:
        handles.append(Line2D([], [], linestyle="", marker="o", markerfacecolor="none",
                              markeredgecolor="#dd8452", markersize=9, label="surprised"))
    if lanes.turn_starts:
        handles.append(Line2D([], [], color="#777777", linewidth=0.8, linestyle="--",
                              label="a turn begins"))
    if set(lanes.boundaries) - set(lanes.turn_starts):
        handles.append(Line2D([], [], color="#aaaaaa", linewidth=0.8, linestyle=":",
                              label="a phase begins"))
    legend_rows = -(-len(handles) // 6)
    if own:
        fig.legend(handles=handles, loc="lower center", ncol=min(len(handles), 6),
                   fontsize=font, frameon=False)
        fig.tight_layout(rect=(0, (0.28 * legend_rows + 0.1) / height, 1, 1))
    else:
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0),
                  fontsize=font, frameon=False)
    return fig
