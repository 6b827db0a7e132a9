"""The ``timedcombat`` command line (DESIGN §6).

Exit status: 0 on success, 2 for bad input (one line ``error: FILE: KEY.PATH: what``,
no traceback, nothing written).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from timedcombat.engine import simulate
from timedcombat.errors import TimedCombatError
from timedcombat.events import to_dict
from timedcombat.log import dumps
from timedcombat.scenario import load_scenario
from timedcombat.systems.base import get_system, system_names


class UsageError(TimedCombatError):
    """A command-line argument that cannot be used."""


def _console() -> Console:
    width = None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "140"))
    return Console(width=width, highlight=False, soft_wrap=False)


def _write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file, so a failure leaves nothing."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _draw_atomic(events: list[dict[str, Any]], path: str, fmt: str) -> None:
    from timedcombat.swimlanes import draw

    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        draw(events, tmp, fmt)
        tmp.replace(target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def cmd_run(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario)
    if args.seed is not None and args.seed < 0:
        raise UsageError("--seed: must not be negative")
    buf = io.StringIO() if args.log else None
    result = simulate(scenario, args.seed, log=buf, until=args.until)
    if args.log:
        assert buf is not None
        _write_atomic(args.log, buf.getvalue())
    events = [to_dict(e) for e in result.events]
    for path, fmt in ((args.svg, "svg"), (args.png, "png")):
        if path:
            _draw_atomic(events, path, fmt)
    if not args.quiet:
        from timedcombat.timeline import render

        render(events, _console())
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from timedcombat.check import main_check

    return main_check(args)


def cmd_batch(args: argparse.Namespace) -> int:
    from timedcombat.batch import main_batch

    return main_batch(args)


def cmd_rules(args: argparse.Namespace) -> int:
    try:
        system = get_system(args.system)
    except KeyError:
        raise UsageError(
            f"unknown system {args.system!r} (known: {', '.join(system_names())})"
        ) from None
    tables = system.tables(None)
    if args.table:
        chosen = [t for t in tables if t.name == args.table]
        if not chosen:
            names = ", ".join(t.name for t in tables)
            raise UsageError(f"{args.system} has no table {args.table!r} (tables: {names})")
        tables = tuple(chosen)
    if args.json:
        out: dict[str, Any] = {
            t.name: {
                "title": t.title,
                "note": t.note,
                "rows": [dict(zip(t.columns, row, strict=True)) for row in t.rows],
            }
            for t in tables
        }
        print(json.dumps(out, indent=2))
        return 0
    console = _console()
    console.print(system.title)
    for t in tables:
        table = Table(title=t.title, caption=t.note or None, title_justify="left")
        for c in t.columns:
            table.add_column(c, overflow="fold")
        for row in t.rows:
            table.add_row(*(_cell(v) for v in row))
        console.print(table)
    return 0


def _cell(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="timedcombat",
        description="Tabletop-RPG melee as a discrete-event simulation in tenths of a second.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = sub.add_parser("run", help="fight a scenario and print its timeline")
    run.add_argument("scenario", help="scenario file (TOML)")
    run.add_argument("--seed", type=int, help="seed of the run (default: the scenario's)")
    run.add_argument("--log", metavar="FILE.jsonl", help="write the JSON-lines event log")
    run.add_argument("--svg", metavar="FILE", help="draw the timeline as SVG swimlanes")
    run.add_argument("--png", metavar="FILE", help="draw the timeline as PNG swimlanes")
    run.add_argument("--until", type=int, metavar="TENTHS", help="override the time cap")
    run.add_argument("-q", "--quiet", action="store_true", help="print no timeline")
    run.set_defaults(func=cmd_run)
    check = sub.add_parser("check", help="check a JSON-lines log against the timing rules")
    check.add_argument("log", metavar="LOG.jsonl", help="a log written by `run --log` or by hand")
    check.add_argument("--json", action="store_true", help="violations as JSON lines")
    check.set_defaults(func=cmd_check)
    batch = sub.add_parser("batch", help="Monte Carlo: run a scenario over many seeds")
    batch.add_argument("scenario", help="scenario file (TOML)")
    batch.add_argument("--runs", type=int, required=True, metavar="N", help="number of runs")
    batch.add_argument("--seed", type=int, metavar="BASE",
                       help="first seed (default: the scenario's); runs use BASE..BASE+N-1")
    batch.add_argument("--jobs", type=int, default=None, metavar="J",
                       help="local worker processes (default: all cores)")
    batch.add_argument("--out", metavar="FILE.csv", help="write one CSV row per run")
    batch.add_argument("--logs", metavar="DIR", help="keep each run's JSON-lines log here")
    batch.add_argument("--executor", choices=("local", "dask"), default="local",
                       help="where runs go: local processes, or a Dask cluster")
    batch.add_argument("--scheduler", metavar="ADDRESS",
                       help="Dask scheduler address (with --executor dask)")
    batch.add_argument("--json", action="store_true", help="summary as JSON")
    batch.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    batch.set_defaults(func=cmd_batch)
    rules = sub.add_parser("rules", help="print a system's rule parameters and tables")
    rules.add_argument("system", help=f"one of: {', '.join(system_names())}")
    rules.add_argument("table", nargs="?", help="only this table")
    rules.add_argument("--json", action="store_true", help="machine-readable output")
    rules.set_defaults(func=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except TimedCombatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0


__all__ = ["main", "build_parser", "dumps"]
