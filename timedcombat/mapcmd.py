"""The ``map`` command: a scenario's hex map before anything happens (the scenario is run
to its first tenth for its ``start`` and ``placed`` events, then drawn as ``show --at 0``
draws a log)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.console import Console

from timedcombat import mapview
from timedcombat.engine import simulate
from timedcombat.errors import UsageError
from timedcombat.events import to_dict
from timedcombat.loading import load_scenario
from timedcombat.output import STDOUT, Outputs, check_outputs
from timedcombat.scenario import Scenario
from timedcombat.show import check_name


def start_events(scenario: Scenario) -> list[dict[str, Any]]:
    """A scenario's ``start`` and ``placed`` events: its map before anything happens."""
    result = simulate(scenario, until=1)
    return [to_dict(e) for e in result.events if e.EVENT in ("start", "placed")]


def cmd_map(args: argparse.Namespace, console: Console) -> int:
    """``timedcombat map SCENARIO [--png F] [--svg F] [-q]``: the scenario's start."""
    for option, path in (("--png", args.png), ("--svg", args.svg)):
        if path == STDOUT:
            raise UsageError(f"{option}: a picture cannot go to standard output")
        check_name(option, path)
    scenario = load_scenario(args.scenario)
    check_outputs([("--png", args.png), ("--svg", args.svg)],
                  inputs=[("scenario", args.scenario)])
    events = start_events(scenario)
    state = mapview.state_at(events, 0)
    with Outputs() as out:
        for option, path, fmt in (("--svg", args.svg, "svg"), ("--png", args.png, "png")):
            if path is not None:
                out.write(option, path, partial(mapview.draw_log, events, 0, fmt=fmt),
                          f".{fmt}")
        out.write_streams()
        if not args.quiet:
            console.print(state.title)
            for line in mapview.text_lines(state):
                console.print(line)
            sys.stdout.flush()
        out.commit()
    return 0


def add_parsers(sub: Any, console: Callable[[], Console]) -> None:
    """The ``map`` subcommand (the CLI's parser calls this; ``console`` makes the console
    it prints to)."""
    mp = sub.add_parser("map", help="draw a scenario's hex map at the start",
                        description="The hex map of a scenario before anything happens: "
                        "walls, each figure's hex, side and facing.")
    mp.add_argument("scenario", help="scenario file (TOML)")
    mp.add_argument("--png", metavar="FILE", help="draw the map as PNG")
    mp.add_argument("--svg", metavar="FILE", help="draw the map as SVG")
    mp.add_argument("-q", "--quiet", action="store_true", help="print nothing")
    mp.set_defaults(func=lambda args: cmd_map(args, console()))


__all__ = ["add_parsers", "cmd_map", "start_events"]
