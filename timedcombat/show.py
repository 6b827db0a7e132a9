"""Rendering a fight from its log without running it again (``timedcombat show``), and a
scenario's starting map (``timedcombat map``).

:func:`render_log` takes the log's events (JSON objects, in order: a file read with
:func:`read_events`, or a run's ``Result.show()``) and makes what is asked: the text
timeline, the swimlanes (``png``/``svg``), the hex map at a tenth (``at``: the pictures are
then the map), the HTML replay (``html``). ``only``, ``start`` and ``stop`` narrow the
timeline and the swimlanes to some combatants and a window of time; the map and the replay
always show everyone and the whole fight. Outputs are checked before any work and written
all or none (:mod:`timedcombat.output`); bad options raise :class:`UsageError` (one line).

Times here are integer **tenths** of a second (``at=17`` is 1.7 s), where the command
line's ``--at``/``--from``/``--to`` are seconds (:func:`parse_seconds`,
:func:`timedcombat.clock.from_seconds` turn ``"1.7"`` into 17); a float is refused.
What is printed: the text (the timeline; with ``at`` the map as text) when no file is
written, or when ``text=True`` asks for it (``show --timeline``); a picture or the replay
is otherwise all that is made (``text=False``, ``show -q``: never any text).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console

from timedcombat import mapview, replay, swimlanes, timeline
from timedcombat.check import STDIN, read_lines
from timedcombat.clock import Tenths, check_tenths, seconds
from timedcombat.errors import LogFormatError, UsageError
from timedcombat.events import to_dict
from timedcombat.output import STDOUT, Outputs, check_outputs, is_stream
from timedcombat.scenario import MAX_UNTIL

Event = Mapping[str, Any]

SUFFIXES = {"--png": (".png",), "--svg": (".svg",), "--html": (".html", ".htm")}
"""What each output's file name ends in (any case; devices take any name)."""
_TIME = re.compile(r"(\d{1,9})(?:\.(\d))?")


def parse_seconds(option: str, text: str) -> int:
    """A time given in seconds (``1.7``, ``12``) as integer tenths (never a float)."""
    m = _TIME.fullmatch(text.strip())
    if m is None:
        raise UsageError(f"{option} {text}: a time in seconds with at most one decimal "
                         "(as 1.7)")
    tenths = int(m.group(1)) * 10 + int(m.group(2) or 0)
    if tenths > MAX_UNTIL:
        raise UsageError(f"{option} {text}: at most {seconds(MAX_UNTIL)} seconds")
    return tenths


def parse_only(text: str) -> tuple[str, ...]:
    """``--only a,b``: the ids, in order, each once."""
    ids = [x.strip() for x in text.split(",")]
    if any(not x for x in ids):
        raise UsageError(f"--only {text}: an empty combatant id (ids are separated by commas)")
    return tuple(dict.fromkeys(ids))


def read_events(path: str) -> list[dict[str, Any]]:
    """The events of a log file (``-``: standard input), read a line at a time within the
    bounds `check` uses; :class:`LogFormatError` (file and line) for what cannot be shown:
    not JSON, no ``t`` / ``event``, time going back, a hex that is not ``[q, r]``."""
    file = "<stdin>" if path == STDIN else path
    if path == STDIN:
        stream = sys.stdin.buffer
    else:
        try:
            stream = open(path, "rb")  # noqa: SIM115 - closed below
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise LogFormatError(file, 0, f"cannot read: {reason}") from None
    events: list[dict[str, Any]] = []
    last_t = 0
    try:
        for n, e in read_lines(stream, file):
            t, kind = e.get("t"), e.get("event")
            if not isinstance(t, int) or isinstance(t, bool) or t < 0:
                raise LogFormatError(file, n, "`t` must be a whole number of tenths, 0 or more")
            if not isinstance(kind, str):
                raise LogFormatError(file, n, "`event` must be a string")
            if t < last_t:
                raise LogFormatError(file, n, f"t goes back in time: {t} after {last_t}")
            if "actor" in e and not isinstance(e["actor"], str):
                raise LogFormatError(file, n, "`actor` must be a string")
            if kind == "placed" and "actor" not in e:
                raise LogFormatError(file, n, "`placed` needs `actor` (whom it places)")
            for key in ("at", "from", "to"):
                if key in e and kind in ("placed", "move") and mapview.as_hex(e[key]) is None:
                    raise LogFormatError(file, n, f"`{key}` must be a hex [q, r]")
            last_t = t
            events.append(e)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    if not events:
        raise LogFormatError(file, 1, "empty log: no events to show")
    return events


def check_name(option: str, path: str | None) -> None:
    """An output's file name ends in its format's extension: ``--png x.jpg`` would be a
    PNG under a JPEG's name. Devices (``/dev/...``) take any name."""
    if path is None or is_stream(path):
        return
    allowed = SUFFIXES[option]
    if Path(path).suffix.lower() not in allowed:
        raise UsageError(f"{option} {path}: the file name must end in {allowed[0]} ({option} "
                         f"writes {allowed[0][1:].upper()})")


def _end(events: Sequence[Event]) -> int:
    return max((e.get("t", 0) for e in events), default=0)


def _check(events: Sequence[Event], png: str | None, svg: str | None, html: str | None,
           at: int | None, only: Iterable[str] | None, start: int | None,
           stop: int | None, inputs: Sequence[tuple[str, str]]) -> None:
    for option, path in (("--png", png), ("--svg", svg)):
        if path == STDOUT:
            raise UsageError(f"{option}: a picture cannot go to standard output")
    for option, path in (("--png", png), ("--svg", svg), ("--html", html)):
        check_name(option, path)
    end = _end(events)
    if at is not None and at > end:
        raise UsageError(f"--at {seconds(at)}: after the end of the log ({seconds(end)} s)")
    if start is not None and stop is not None and start > stop:
        raise UsageError(f"--from {seconds(start)} is after --to {seconds(stop)}")
    if only is not None:
        known = list(dict.fromkeys(
            [str(e["actor"]) for e in events if e.get("event") == "placed" and "actor" in e]
            + [str(e["actor"]) for e in events if isinstance(e.get("actor"), str)]))
        missing = [x for x in only if x not in known]
        if missing:
            raise UsageError(f"--only {missing[0]}: no such combatant in the log (ids: "
                             f"{', '.join(known[:12])}{' ...' if len(known) > 12 else ''})")
    check_outputs([("--png", png), ("--svg", svg), ("--html", html)], inputs=inputs)


def render_log(events: Iterable[Event], *, png: str | None = None, svg: str | None = None,
               html: str | None = None, at: Tenths | None = None,
               only: Iterable[str] | None = None, start: Tenths | None = None,
               stop: Tenths | None = None, text: bool | None = None,
               console: Console | None = None, inputs: Sequence[tuple[str, str]] = (),
               verbose: bool = False) -> None:
    """Show a log (see the module docstring). ``at``, ``start`` and ``stop`` are **tenths**
    (``at=17``: 1.7 s; the CLI's ``--at 1.7``); ``png``/``svg`` are the swimlanes, or with
    ``at`` the map at that tenth; ``html`` the replay, opened at ``at``; ``text`` prints
    the timeline (and with ``at`` the map as text): by default (``None``) only when no
    file is asked for, ``True`` as well as the files, ``False`` never (the replay on
    standard output, ``html="-"``, takes the place of the text); ``inputs``: files no
    output may overwrite, as ``[("log", path)]``."""
    for name, value in (("at", at), ("start", start), ("stop", stop)):
        check_tenths(name, value)
    if text is None:
        text = png is None and svg is None and html is None
    elif text and html == STDOUT:
        raise UsageError("--timeline: the replay goes to standard output (--html -): the "
                         "timeline cannot go there too")
    events = [dict(e) for e in events]
    only = tuple(only) if only is not None else None
    _check(events, png, svg, html, at, only, start, stop, inputs)
    narrowed = only is not None or start is not None or stop is not None
    shown = timeline.select(events, only, start, stop) if narrowed else events
    with Outputs() as out:
        for option, path, fmt in (("--svg", svg, "svg"), ("--png", png, "png")):
            if path is None:
                continue
            if at is None:
                out.write(option, path, partial(swimlanes.draw, shown, fmt=fmt), f".{fmt}")
            else:
                out.write(option, path, partial(mapview.draw_log, events, at, fmt=fmt),
                          f".{fmt}")
        if html is not None:
            out.write("--html", html, lambda p: replay.write_html(events, p, at or 0), ".html")
        out.write_streams()
        broken = None
        if text:
            console = console or Console(markup=False, highlight=False, soft_wrap=False)
            try:
                timeline.render(shown, console, verbose=verbose)
                if at is not None:
                    for line in mapview.text_lines(mapview.state_at(events, at)):
                        console.print(line)
                sys.stdout.flush()
            except BrokenPipeError as exc:  # the reader had what it wanted: keep the files
                broken = exc
        out.commit()
    if broken is not None:
        raise broken


def render_result(result: Any, **options: Any) -> None:
    """:func:`render_log` of a run's events (``simulate(..., record=True)``, the default)."""
    if not result.events and result.event_count:
        raise UsageError("the run kept no events: simulate it with record=True")
    render_log([to_dict(e) for e in result.events], **options)


# ---------------------------------------------------------------------- the commands

def cmd_show(args: argparse.Namespace, console: Console) -> int:
    """``timedcombat show LOG [--png F] [--svg F] [--html F] [--at S] [--only IDS]
    [--from S] [--to S] [--timeline | -q]``."""
    at = parse_seconds("--at", args.at) if args.at is not None else None
    start = parse_seconds("--from", args.start) if args.start is not None else None
    stop = parse_seconds("--to", args.stop) if args.stop is not None else None
    only = parse_only(args.only) if args.only is not None else None
    inputs = [("log", args.log)] if args.log != STDIN else []
    for option, path in (("--png", args.png), ("--svg", args.svg), ("--html", args.html)):
        check_name(option, path)
    check_outputs([("--png", args.png), ("--svg", args.svg), ("--html", args.html)],
                  inputs=inputs)  # before reading a long log: a bad output fails now
    text = False if args.quiet else True if args.timeline else None
    if text and args.html == STDOUT:
        raise UsageError("--timeline: the replay goes to standard output (--html -): the "
                         "timeline cannot go there too")
    events = read_events(args.log)
    try:
        render_log(events, png=args.png, svg=args.svg, html=args.html, at=at, only=only,
                   start=start, stop=stop, text=text, console=console, inputs=inputs,
                   verbose=args.verbose)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # the last resort: a value the viewer cannot use, in a log that is not the
        # engine's; one line, exit 2 (the text timeline shows such events as written)
        file = "<stdin>" if args.log == STDIN else args.log
        raise LogFormatError(file, None, f"cannot show it: an event holds a value the "
                             f"viewer cannot use ({type(exc).__name__}; unreadable log: "
                             f"`timedcombat check` names the line)") from None
    return 0


def add_view_options(p: argparse.ArgumentParser, shows: str) -> None:
    """What a command's text timeline shows (``run``'s and ``show``'s alike): ``--verbose``,
    ``--only``, ``--from``/``--to`` (parsed as ``start`` and ``stop``); ``shows``: what
    ``--only`` and the times filter (the timeline, and for ``show`` the swimlanes)."""
    p.add_argument("-v", "--verbose", action="store_true",
                   help="timeline: every roll's modifiers")
    p.add_argument("--only", metavar="ID,..",
                   help=f"{shows}: only these combatants' events, what is done to them and "
                   "what their blows caused")
    p.add_argument("--from", dest="start", metavar="SECONDS",
                   help=f"{shows}: from this time on (e.g. 2.5)")
    p.add_argument("--to", dest="stop", metavar="SECONDS", help=f"{shows}: up to this time")


def add_parsers(sub: Any, console: Callable[[], Console]) -> None:
    """The ``show`` subcommand (the CLI's parser calls this; ``console`` makes the
    console it prints to)."""
    show = sub.add_parser(
        "show", help="render a log without running it again: timeline, pictures, map, "
        "HTML replay",
        description="Render a JSON-lines log (the engine's or hand-written) without running "
        "the fight again. Times are in seconds with at most one decimal (1.7 = 17 tenths).")
    show.add_argument("log", metavar="LOG.jsonl",
                      help="a log written by `run --log` or by hand (- for standard input)")
    show.add_argument("--png", metavar="FILE",
                      help="the swimlanes as PNG; with --at, the hex map at that time")
    show.add_argument("--svg", metavar="FILE",
                      help="the swimlanes as SVG; with --at, the hex map at that time")
    show.add_argument("--html", metavar="FILE",
                      help="the HTML replay: one self-contained file (- for standard output)")
    show.add_argument("--at", metavar="SECONDS",
                      help="the map at this time (pictures, text; the replay opens there)")
    add_view_options(show, "timeline and swimlanes")
    said = show.add_mutually_exclusive_group()
    said.add_argument("--timeline", action="store_true",
                      help="print the timeline (and with --at the map as text) as well as "
                      "the files asked (without a file it is printed anyway)")
    said.add_argument("-q", "--quiet", action="store_true", help="print nothing")
    show.set_defaults(func=lambda args: cmd_show(args, console()))


__all__ = ["add_parsers", "add_view_options", "check_tenths", "parse_seconds", "read_events",
           "render_log", "render_result"]
