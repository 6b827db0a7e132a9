"""The hex map of a fight at a chosen tenth, from its log (any rule system).

:func:`state_at` is pure: from the events (JSON objects, in order) it works out what stands
where once every event of tenths ``<= t`` has happened: walls (the ``start`` event's
``walls``), each figure's hex, facing and state (``placed``, ``move``, ``state``,
``damage``), hexes holding two or more figures still in the fight (close quarters), the
turn and phase of a turn system (``<system>.turn`` / ``<system>.phase``), and what the
system shows besides (:meth:`~timedcombat.systems.base.SystemBase.map_marks`: blocking
positions, weapons on the ground ...). :func:`draw` draws such a state with matplotlib.
Nothing here reads engine internals: a hand-written log draws as well as the engine's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.clock import seconds
from timedcombat.colours import NAMED as NAMED  # (re-exported: mapview's names before)
from timedcombat.colours import SIDE_COLOURS as SIDE_COLOURS
from timedcombat.colours import health_colour
from timedcombat.colours import side_colours as side_colours
from timedcombat.hexmap import DIRECTIONS, FACINGS
from timedcombat.swimlanes import health_of
from timedcombat.systems.base import CORE_MARK_STYLES, MapMark, MarkStyle, find_system

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as MplFigure

Event = Mapping[str, Any]

DPI = 100
"""Dots per inch of a PNG unless asked otherwise."""
Hex = tuple[int, int]

GONE = ("out", "fled", "dead")
"""States after which a figure no longer fights (drawn grey)."""
DOWN = ("down", "prone")
MAX_GRID = 4000
FEW = 8
"""Maps of at most this many figures write each one's health under its name."""
"""The faint hex grid is drawn only on maps of at most this many hexes."""
_SQRT3 = math.sqrt(3.0)


@attrs.frozen
class Figure:
    """A combatant on the map: where it stands, which way it faces, how it is."""

    id: str
    side: str
    at: Hex
    facing: str | None
    state: str  # ok, hurt, down, out, fled, dead
    damage: int | None = None
    side_of_hex: str | None = None  # the part of a shared hex it holds (a facing name)
    health: tuple[int, int] | None = None  # (left, most) of its body / ST / HP


@attrs.frozen
class MapState:
    """What the map shows at tenth ``t`` (see :func:`state_at`)."""

    t: int
    title: str
    walls: tuple[Hex, ...]
    figures: tuple[Figure, ...]
    marks: tuple[MapMark, ...]
    crowded: tuple[tuple[Hex, tuple[str, ...]], ...]  # close quarters: a hex, who is in it
    sides: tuple[str, ...]  # in the order they were placed: their colours
    when: str = ""  # "turn 3, strike phase" for a turn system
    styles: Mapping[str, MarkStyle] = attrs.field(factory=dict)
    health_name: str = "body"  # what damage counts against (the system's health_name)

    def figure(self, fid: str) -> Figure | None:
        return next((f for f in self.figures if f.id == fid), None)

    def positions(self) -> dict[str, Hex]:
        return {f.id: f.at for f in self.figures}


def as_hex(v: Any) -> Hex | None:
    """A ``[q, r]`` field as a hex, or ``None`` when it is not one."""
    if isinstance(v, list | tuple) and len(v) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in v):
        return (v[0], v[1])
    return None




def log_system(events: Sequence[Event]) -> Any:
    """The rule system the log's ``start`` names, when it is installed (else ``None``)."""
    start = next((e for e in events if e.get("event") == "start"), {})
    return find_system(start.get("system"))


def marks_of(events: Sequence[Event]) -> tuple[list[MapMark], dict[str, MarkStyle]]:
    """The system's marks over the whole log and the styles they are drawn in (marks of a
    kind with no style are left out)."""
    system = log_system(events)
    styles = {**CORE_MARK_STYLES, **getattr(system, "mark_styles", {})}
    marks = list(system.map_marks(events)) if system is not None and hasattr(
        system, "map_marks") else []
    return [m for m in marks if m.kind in styles], styles


def sides_of(events: Sequence[Event]) -> dict[str, str]:
    """Each combatant's side, in the order they are placed (``?`` for a combatant only
    seen acting)."""
    sides: dict[str, str] = {}
    for e in events:
        if e.get("event") == "placed" and isinstance(e.get("actor"), str):
            sides.setdefault(e["actor"], str(e.get("side", "?")))
    return sides


def title_of(events: Sequence[Event]) -> str:
    start = next((e for e in events if e.get("event") == "start"), {})
    name = start.get("scenario", "fight")
    return f"{name} — {start.get('system', '?')}, seed {start.get('seed', '?')}"


def state_at(events: Sequence[Event], t: int,
             marks: tuple[Sequence[MapMark], Mapping[str, MarkStyle]] | None = None
             ) -> MapState:
    """The map once every event of tenths ``<= t`` has happened. ``marks``: the log's
    marks and styles when already worked out (:func:`marks_of`; a loop over many tenths)."""
    sides = sides_of(events)
    at: dict[str, Hex] = {}
    facing: dict[str, str] = {}
    states: dict[str, dict[str, Any]] = {}
    damage: dict[str, int] = {}
    walls: tuple[Hex, ...] = ()
    turn: Event | None = None
    phase: Event | None = None
    system = log_system(events)
    hex_sides = getattr(system, "hex_sides", None)
    held_side: dict[str, str] = {}
    for e in events:
        if e.get("t", 0) > t:
            break
        kind, actor = e.get("event"), e.get("actor")
        sides_now = hex_sides(e) if hex_sides is not None else None
        if sides_now:
            held_side.update(sides_now)
        if kind in ("placed", "move") and isinstance(actor, str):
            held_side.pop(actor, None)
        if kind == "start":
            walls = tuple(h for h in map(as_hex, e.get("walls") or ()) if h is not None)
        elif isinstance(kind, str) and kind.endswith(".turn"):
            turn, phase = e, None
        elif isinstance(kind, str) and kind.endswith(".phase"):
            phase = e
        if not isinstance(actor, str):
            continue
        if kind == "placed":
            h = as_hex(e.get("at"))
            if h is not None:
                at[actor] = h
        elif kind == "move":
            h = as_hex(e.get("to"))
            if actor not in at and as_hex(e.get("from")) is not None:
                at[actor] = as_hex(e.get("from"))  # type: ignore[assignment]
            if h is not None:
                at[actor] = h
        elif kind == "state" and isinstance(e.get("state"), str):
            states.setdefault(actor, {})[e["state"]] = e.get("value")
        elif kind == "damage" and isinstance(e.get("total"), int):
            damage[actor] = e["total"]
        if kind in ("placed", "move") and e.get("facing") in FACINGS:
            facing[actor] = e["facing"]
    for actor in at:
        sides.setdefault(actor, "?")
    health: dict[str, tuple[int, int]] = {}
    for a, _t, left, most in health_of([e for e in events if e.get("t", 0) <= t], system):
        health[a] = (left, most)
    figures = tuple(Figure(a, sides[a], at[a], facing.get(a), _state(states.get(a, {})),
                           damage.get(a), held_side.get(a), health.get(a))
                    for a in sides if a in at)
    crowd: dict[Hex, list[str]] = {}
    for f in figures:
        if f.state not in GONE:
            crowd.setdefault(f.at, []).append(f.id)
    crowded = tuple((h, tuple(ids)) for h, ids in crowd.items() if len(ids) > 1)
    all_marks, styles = marks if marks is not None else marks_of(events)
    shown = tuple(m for m in all_marks if m.shown_at(t))
    return MapState(t, title_of(events), walls, figures, shown, crowded,
                    tuple(dict.fromkeys(sides.values())), _when(turn, phase, t), styles,
                    getattr(system, "health_name", "body"))


def _state(held: Mapping[str, Any]) -> str:
    gone = [s for s in GONE if held.get(s)]
    if gone:
        return gone[-1] if "dead" not in gone else "dead"
    if any(held.get(s) for s in DOWN):
        return "down"
    return "hurt" if held.get("hurt") else "ok"


def _when(turn: Event | None, phase: Event | None, t: int) -> str:
    if turn is None:
        return ""
    text = f"turn {turn.get('turn', '?')}"
    end = phase.get("end") if phase is not None else None
    if phase is not None and (not isinstance(end, int) or t < end):
        text += f", {phase.get('phase', '?')} phase"
    return text


def frame_of(events: Sequence[Event], marks: Iterable[MapMark] = ()) -> list[Hex]:
    """Every hex the log ever names (walls, positions, marks): a map drawn at any tenth
    of the fight shows all of them, so pictures of one log line up."""
    hexes: list[Hex] = []
    for e in events:
        kind = e.get("event")
        if kind == "start":
            hexes += [h for h in map(as_hex, e.get("walls") or ()) if h is not None]
        elif kind == "placed":
            hexes.append(as_hex(e.get("at")))  # type: ignore[arg-type]
        elif kind == "move":
            hexes += [as_hex(e.get("from")), as_hex(e.get("to"))]  # type: ignore[list-item]
    for m in marks:
        hexes += list(m.hexes)
    return [h for h in hexes if h is not None]


def crowd_layout(n: int) -> list[tuple[float, float, float]]:
    """Where ``n`` figures on one hex are drawn: (dx, dy, radius) from its centre, in hex
    radii, y to the north. One in the middle, two side by side, more on a ring from the
    top, clockwise (the HTML replay draws them the same way)."""
    if n == 1:
        return [(0.0, 0.0, 0.55)]
    if n == 2:
        return [(-0.45, 0.0, 0.36), (0.45, 0.0, 0.36)]
    radius = round(min(0.26, 0.44 * math.sin(math.pi / n)), 4)  # neighbours never overlap
    out = []
    for i in range(n):
        a = math.pi / 2 - 2 * math.pi * i / n
        out.append((round(0.45 * math.cos(a), 4), round(0.45 * math.sin(a), 4), radius))
    return out


def crowd_spots(sides: Sequence[str | None]) -> list[tuple[float, float, float]]:
    """Where the figures of one hex are drawn, as :func:`crowd_layout`, when each holds a
    side of the hex (``sides``: a facing name each, from the system's ``hex_sides``; GURPS
    half hexes): each on the ring towards its side, neighbours pushed apart (their order
    round the hex kept) until a sixth of the ring, or a share of it, lies between them.
    With any side unknown, or one figure: :func:`crowd_layout`. (The HTML replay draws
    them the same way.)"""
    n = len(sides)
    if n < 2 or any(s not in FACINGS for s in sides):
        return crowd_layout(n)
    angles = _spread([math.radians(60 * FACINGS.index(s)) for s in sides],
                     min(math.pi / 3, 2 * math.pi / n))
    gap = min(abs((a - b + math.pi) % (2 * math.pi) - math.pi)
              for i, a in enumerate(angles) for b in angles[i + 1:])
    radius = min(crowd_layout(n)[0][2], 0.44 * math.sin(gap / 2))
    return [(round(0.45 * math.cos(a), 4), round(0.45 * math.sin(a), 4), round(radius, 4))
            for a in angles]


def _spread(angles: list[float], least: float) -> list[float]:
    """``angles`` (radians) pushed apart, each pair of neighbours round the circle by the
    same amount, until ``least`` lies between every two (order kept; ties by position)."""
    n, full = len(angles), 2 * math.pi
    order = sorted(range(n), key=lambda i: angles[i] % full)
    x = [angles[i] % full for i in order]
    for _ in range(200):
        moved = False
        for k in range(n):
            j = (k + 1) % n
            gap = x[j] - x[k] if j else x[0] + full - x[k]
            if gap < least - 1e-9:
                x[k] -= (least - gap) / 2
                x[j] += (least - gap) / 2
                moved = True
        if not moved:
            break
    out = [0.0] * n
    for k, i in enumerate(order):
        out[i] = x[k]
    return out


def label_place(dx: float, dy: float, radius: float) -> tuple[int, int]:
    """Where a figure's name goes, outside its crowd: (-1 left, 0, 1 right) and (-1 above,
    0 beside, 1 below). Alone or two side by side: below."""
    if radius > 0.3:
        return 0, 1
    if dx < -0.1:
        return -1, 0
    if dx > 0.1:
        return 1, 0
    return 0, -1 if dy > 0 else 1


def centre(h: Hex) -> tuple[float, float]:
    """The centre of a pointy-top hex of radius 1 (x to the east, y to the north)."""
    q, r = h
    return _SQRT3 * (q + r / 2.0), -1.5 * r


def _corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex (the first at the top)."""
    x, y = centre(h)
    return [(x + size * math.cos(math.radians(90 + 60 * k)),
             y + size * math.sin(math.radians(90 + 60 * k))) for k in range(6)]


def _hexes_in(xmin: float, xmax: float, ymin: float, ymax: float) -> list[Hex]:
    rmin, rmax = math.floor(-ymax / 1.5), math.ceil(-ymin / 1.5)
    out = []
    for r in range(rmin, rmax + 1):
        qmin = math.floor(xmin / _SQRT3 - r / 2.0)
        qmax = math.ceil(xmax / _SQRT3 - r / 2.0)
        out += [(q, r) for q in range(qmin, qmax + 1)]
    return out


def draw(state: MapState, path: str | Path, fmt: str | None = None,
         frame: Sequence[Hex] = (), *, dpi: float = DPI) -> MplFigure:
    """Draw ``state`` into ``path`` (PNG or SVG, from the suffix or ``fmt``, PNG at
    ``dpi``); ``frame``: the hexes the picture must hold besides the state's own (see
    :func:`frame_of`). The same state gives the same bytes (no date, fixed SVG ids).
    Returns the figure."""
    import matplotlib

    with matplotlib.rc_context({"svg.hashsalt": "timedcombat", "svg.fonttype": "none"}):
        fig = figure(state, frame, dpi=dpi)
        fig.savefig(path, format=fmt, dpi=dpi, bbox_inches="tight",
                    metadata={"Date": None} if _is_svg(path, fmt) else None)
    return fig


def figure(state: MapState, frame: Sequence[Hex] = (), *, ax: Axes | None = None,
           dpi: float = DPI) -> MplFigure:
    """The map of ``state`` as a matplotlib ``Figure`` (shown inline by Jupyter), drawn on
    ``ax`` when given (its figure is returned). No pyplot: the user's backend and open
    figures are left alone."""
    from matplotlib.collections import PolyCollection
    from matplotlib.figure import Figure as Canvas  # (Figure here is a figure on the map)
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Patch, RegularPolygon

    colours = side_colours(state.sides)
    hexes = list(frame) + list(state.walls) + [f.at for f in state.figures] + \
        [h for m in state.marks for h in m.hexes]
    if not hexes:
        hexes = [(0, 0)]
    xs, ys = zip(*(centre(h) for h in hexes), strict=True)
    xmin, xmax, ymin, ymax = min(xs) - 1.8, max(xs) + 1.8, min(ys) - 1.8, max(ys) + 1.8
    span = max(xmax - xmin, ymax - ymin)
    scale = min(0.55, 11.0 / span)  # inches per unit: big maps are shrunk to stay readable
    width, height = max(4.0, (xmax - xmin) * scale), max(3.0, (ymax - ymin) * scale)
    font = 8 if scale >= 0.3 else 6
    if ax is None:
        fig = Canvas(figsize=(width, height), dpi=dpi)
        ax = fig.subplots()
    else:
        root = ax.get_figure(root=True)  # (the Figure, also for an Axes of a SubFigure)
        assert root is not None
        fig = root
    ax.set_aspect("equal")
    ax.set_xlim(xmin, xmax)
    ax.set_ylim(ymin, ymax)
    ax.axis("off")
    if (xmax - xmin) * (ymax - ymin) / (1.5 * _SQRT3) <= MAX_GRID:  # about that many hexes
        grid = _hexes_in(xmin, xmax, ymin, ymax)  # one collection: one SVG element
        ax.add_collection(PolyCollection([_corners(h) for h in grid], facecolors="none",
                                         edgecolors="#dddddd", linewidths=0.5, zorder=0))
    if state.walls:
        ax.add_collection(PolyCollection([_corners(h) for h in state.walls],
                                         facecolors="#555555", edgecolors="#333333",
                                         linewidths=0.5, zorder=1))
    sides_of_fig = {f.id: f.side for f in state.figures}
    for m in state.marks:
        style = state.styles.get(m.kind, CORE_MARK_STYLES["zone"])
        if style.shape == "item":
            for h in m.hexes:
                x, y = centre(h)
                ax.plot([x + 0.45], [y - 0.45], marker="D", markersize=6,
                        color=style.colour, markeredgecolor="#333333", zorder=5)
                ax.text(x + 0.45, y - 0.75, m.label, fontsize=font - 2, ha="center",
                        va="top", color="#333333", zorder=6)
            continue
        edge = colours.get(sides_of_fig.get(m.actor or "", ""), style.colour)
        for h in m.hexes:
            ax.add_patch(RegularPolygon(centre(h), 6, radius=0.92, facecolor=style.colour,
                                        alpha=0.35, edgecolor=edge, linewidth=1.2,
                                        hatch="//", zorder=2))
    for h, _ids in state.crowded:
        ax.add_patch(RegularPolygon(centre(h), 6, radius=0.98, facecolor="none",
                                    edgecolor="#dd8452", linewidth=2.2, zorder=3))
    by_hex: dict[Hex, list[Figure]] = {}
    for f in state.figures:
        by_hex.setdefault(f.at, []).append(f)
    for h, here in by_hex.items():
        cx, cy = centre(h)
        spots = crowd_spots([f.side_of_hex for f in here])
        for f, (dx, dy, radius) in zip(here, spots, strict=True):
            x, y = cx + dx, cy + dy
            gone = f.state in GONE
            face = "#bbbbbb" if gone else colours.get(f.side, "#888888")
            ax.add_patch(Circle((x, y), radius, facecolor=face, edgecolor="#222222",
                                linewidth=1.4 if f.state in ("hurt", "down") else 0.8,
                                linestyle="--" if f.state == "fled" else "-", zorder=4))
            if f.facing is not None and not gone:
                d = DIRECTIONS[FACINGS.index(f.facing)]
                fx, fy = centre(d)
                norm = math.hypot(fx, fy)
                ax.plot([x, x + fx / norm * radius * 1.45], [y, y + fy / norm * radius * 1.45],
                        color="#222222", linewidth=1.6, zorder=5, solid_capstyle="round")
            if gone:
                ax.plot([x - radius * 0.6, x + radius * 0.6],
                        [y - radius * 0.6, y + radius * 0.6], color="#222222", zorder=5)
                ax.plot([x - radius * 0.6, x + radius * 0.6],
                        [y + radius * 0.6, y - radius * 0.6], color="#222222", zorder=5)
            if f.health is not None and not gone:
                _health_bar(ax, x, y + radius * 1.18, radius * 1.8, f.health,
                            0.11 if radius > 0.3 else 0.05)
            label = f.id + ("" if f.state in ("ok", "hurt") else f" ({f.state})")
            if f.health is not None and not gone and len(state.figures) <= FEW:
                label += f"\n{state.health_name} {f.health[0]}/{f.health[1]}"
            side, up = label_place(dx, dy, radius)
            ax.text(x + side * (radius + 0.06),
                    y + (radius + 0.08) * -up if up else y,
                    label, fontsize=font, color="#111111", zorder=6,
                    ha={-1: "right", 0: "center", 1: "left"}[side],
                    va={-1: "bottom", 0: "center", 1: "top"}[up],
                    fontweight="bold" if f.state in ("hurt", "down") else "normal")
    when = f", {state.when}" if state.when else ""
    ax.set_title(f"{state.title}\nat {seconds(state.t)} s (tenth {state.t}){when}",
                 fontsize=font + 1)
    handles: list[Any] = [Patch(facecolor=colours[s], edgecolor="#222222", label=f"side {s}")
                          for s in state.sides]
    handles.append(Line2D([], [], color="#222222", linewidth=1.6, label="facing"))
    if state.walls:
        handles.append(Patch(facecolor="#555555", label="wall"))
    for kind in dict.fromkeys(m.kind for m in state.marks):
        style = state.styles.get(kind, CORE_MARK_STYLES["zone"])
        if style.shape == "item":
            handles.append(Line2D([], [], linestyle="", marker="D", color=style.colour,
                                  markeredgecolor="#333333", label=style.label))
        else:
            handles.append(Patch(facecolor=style.colour, alpha=0.35, hatch="//",
                                 label=style.label))
    if any(f.health is not None for f in state.figures):
        handles.append(Patch(facecolor=health_colour(1.0), edgecolor="#999999",
                             label=f"{state.health_name} left (bar)"))
    if state.crowded:
        handles.append(Patch(facecolor="none", edgecolor="#dd8452", linewidth=2.2,
                             label="close quarters (sharing a hex)"))
    if any(f.state in ("hurt", "down") for f in state.figures):
        handles.append(Patch(facecolor="white", edgecolor="#222222", linewidth=1.4,
                             label="hurt or down: thick outline, name in bold"))
    if any(f.state in GONE for f in state.figures):
        handles.append(Patch(facecolor="#bbbbbb", edgecolor="#222222",
                             label="out of the fight"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0),
              fontsize=font, frameon=False)
    return fig


def _health_bar(ax: Axes, x: float, y: float, width: float, health: tuple[int, int],
                h: float) -> None:
    """A small bar above a figure: a grey trough filled as far as the health left."""
    from matplotlib.patches import Rectangle

    left, most = health
    frac = max(0.0, min(1.0, left / most)) if most > 0 else 0.0
    x0 = x - width / 2
    ax.add_patch(Rectangle((x0, y), width, h, facecolor="#e4e4e4", edgecolor="#777777",
                           linewidth=0.4, zorder=6))
    if frac > 0:
        ax.add_patch(Rectangle((x0, y), width * frac, h, facecolor=health_colour(frac),
                               edgecolor="none", zorder=6))


def _is_svg(path: str | Path, fmt: str | None) -> bool:
    return (fmt or Path(path).suffix.lstrip(".")).lower() == "svg"


def draw_log(events: Sequence[Event], t: int, path: str | Path, fmt: str | None = None, *,
             dpi: float = DPI) -> MplFigure:
    """Draw the map of a log at tenth ``t``, framed on every hex the log names."""
    marks = marks_of(events)
    return draw(state_at(events, t, marks), path, fmt, frame_of(events, marks[0]), dpi=dpi)


def figure_of_log(events: Sequence[Event], t: int, *, ax: Axes | None = None,
                  dpi: float = DPI) -> MplFigure:
    """The map of a log at tenth ``t`` as a ``Figure``, framed on every hex the log names."""
    marks = marks_of(events)
    return figure(state_at(events, t, marks), frame_of(events, marks[0]), ax=ax, dpi=dpi)


def text_lines(state: MapState) -> list[str]:
    """The map as lines of text: each figure's hex, facing and state, then the marks."""
    when = f", {state.when}" if state.when else ""
    lines = [f"At {seconds(state.t)} s (tenth {state.t}){when}:"]
    width = max((len(f.id) for f in state.figures), default=2)
    for f in state.figures:
        facing = f" facing {f.facing}" if f.facing else ""
        hurt = f", damage {f.damage}" if f.damage else ""
        if f.health is not None and f.health[0] != f.health[1]:
            hurt += f", {state.health_name} {f.health[0]}/{f.health[1]} left"
        lines.append(f"  {f.id:<{width}} ({f.side}) at [{f.at[0]}, {f.at[1]}]{facing}, "
                     f"{f.state}{hurt}")
    for h, ids in state.crowded:
        lines.append(f"  close quarters at [{h[0]}, {h[1]}]: {', '.join(ids)}")
    for m in state.marks:
        where = " ".join(f"[{q}, {r}]" for q, r in m.hexes)
        lines.append(f"  {state.styles[m.kind].label}: {m.label} at {where}")
    if state.walls:
        lines.append(f"  walls: {len(state.walls)} hexes")
    return lines
