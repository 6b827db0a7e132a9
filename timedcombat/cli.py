"""The ``timedcombat`` command line (docs/cli.md).

Exit status: 0 on success, 2 for bad input (one line ``error: FILE: KEY.PATH: what``,
no traceback, nothing written).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from timedcombat import __version__
from timedcombat.engine import simulate
from timedcombat.errors import TimedCombatError, UsageError
from timedcombat.events import to_dict
from timedcombat.loading import load_scenario
from timedcombat.output import STDOUT, Outputs, check_outputs, is_stream
from timedcombat.scenario import MAX_SEED, MAX_UNTIL
from timedcombat.systems.base import get_system, system_names


class _Console(Console):
    def on_broken_pipe(self) -> None:
        raise BrokenPipeError  # handled in main(): exit 0, the reader had what it wanted


def _console() -> Console:
    width = None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "140"))
    return _Console(width=width, highlight=False, soft_wrap=False, markup=False)


def cmd_run(args: argparse.Namespace) -> int:
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed: must be between 0 and {MAX_SEED}")
    if args.until is not None and not 1 <= args.until <= MAX_UNTIL:
        raise UsageError(f"--until: must be between 1 and {MAX_UNTIL} tenths")
    for option, path in (("--svg", args.svg), ("--png", args.png)):
        if path == STDOUT:
            raise UsageError(f"{option}: a picture cannot go to standard output")
    scenario = load_scenario(args.scenario)
    check_outputs([("--log", args.log), ("--svg", args.svg), ("--png", args.png)],
                  inputs=[("scenario", args.scenario)])
    for option, path in (("--svg", args.svg), ("--png", args.png)):
        check_picture_name(option, path)
    pictures = [(o, p, f) for o, p, f in (("--svg", args.svg, "svg"), ("--png", args.png, "png"))
                if p is not None]
    timeline = not args.quiet and args.log != STDOUT
    with Outputs() as out:
        log = out.open("--log", args.log) if args.log is not None else None
        try:  # events are kept only when something shows them (not for `-q --log`)
            result = simulate(scenario, args.seed, log=log, until=args.until,
                              record=bool(pictures) or timeline)
            if log is not None:
                log.close()
        except OSError as exc:
            raise UsageError(f"--log {args.log}: cannot write: {exc.strerror or exc}") from None
        finally:
            if log is not None and not log.closed:
                with contextlib.suppress(OSError):
                    log.close()
        events = [to_dict(e) for e in result.events]
        if pictures:
            from timedcombat.swimlanes import draw

            for option, path, fmt in pictures:
                out.write(option, path, lambda p, fmt=fmt: draw(events, p, fmt), f".{fmt}")
        out.write_streams()  # devices and `--log -` first: a full one stops all, shows nothing
        broken = None
        if timeline:
            from timedcombat.timeline import render

            try:
                render(events, _console())
                sys.stdout.flush()  # a full disk shows now, before any file is put in place
            except BrokenPipeError as exc:  # the reader had what it wanted: keep the files
                broken = exc
        out.commit()
    if broken is not None:
        raise broken
    return 0


PICTURES = {"--svg": ".svg", "--png": ".png"}  # the format each option writes, by extension


def check_picture_name(option: str, path: str | None) -> None:
    """A picture's file name ends in its format's extension (any case): ``--png x.jpg``
    would be a PNG under a JPEG's name. Devices (``/dev/...``) take any name."""
    if path is None or is_stream(path):
        return
    suffix = PICTURES[option]
    if Path(path).suffix.lower() != suffix:
        raise UsageError(f"{option} {path}: the file name must end in {suffix} ({option} "
                         f"writes {suffix[1:].upper()})")


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


class _Parser(argparse.ArgumentParser):
    """Argument errors are one ``error:`` line and exit status 2, like every bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)

    lazy_epilog: Callable[[], str] | None = None  # made only when the help is shown

    def format_help(self) -> str:
        if self.lazy_epilog is not None:
            self.epilog = self.lazy_epilog()
        return super().format_help()

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:  # argparse would drop a write error: --help > /dev/full must say so
            (file or sys.stderr).write(message)


def tables_epilog() -> str:
    """``rules --help``'s list of every system's tables, one line a table (name, title),
    read from the systems themselves."""
    lines = ["tables:"]
    for name in system_names():
        lines.append(f"  {name}:")
        lines += [f"    {t.name:<12} {t.title}" for t in get_system(name).tables(None)]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="timedcombat",
        description="Tabletop-RPG melee as a discrete-event simulation in tenths of a second.",
    )
    parser.add_argument("--version", action="version", version=f"timedcombat {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)
    run = sub.add_parser("run", help="fight a scenario and print its timeline")
    run.add_argument("scenario", help="scenario file (TOML)")
    run.add_argument("--seed", type=int, help="seed of the run (default: the scenario's)")
    run.add_argument("--log", metavar="FILE.jsonl",
                     help="write the JSON-lines event log (- for standard output)")
    run.add_argument("--svg", metavar="FILE", help="draw the timeline as SVG swimlanes")
    run.add_argument("--png", metavar="FILE", help="draw the timeline as PNG swimlanes")
    run.add_argument("--until", type=int, metavar="TENTHS", help="override the time cap")
    run.add_argument("-q", "--quiet", action="store_true", help="print no timeline")
    run.set_defaults(func=cmd_run)
    check = sub.add_parser("check", help="check a JSON-lines log against the timing rules")
    check.add_argument("log", metavar="LOG.jsonl",
                       help="a log written by `run --log` or by hand (- for standard input)")
    check.add_argument("--json", action="store_true", help="violations as JSON lines")
    check.set_defaults(func=cmd_check)
    batch = sub.add_parser(
        "batch", help="Monte Carlo: run a scenario over many seeds",
        description="Fight a scenario over N consecutive seeds, from the scenario's own "
        "seed (0 when it gives none) or --seed BASE: seeds BASE..BASE+N-1. Prints win "
        "rates, durations, how the runs ended and the seeds of unfinished runs (until, "
        "stalemate).")
    batch.add_argument("scenario", help="scenario file (TOML)")
    batch.add_argument("--runs", type=int, required=True, metavar="N",
                       help="number of runs (consecutive seeds)")
    batch.add_argument("--seed", type=int, metavar="BASE",
                       help="first seed (default: the scenario's seed, 0 when it gives "
                       "none); runs use BASE..BASE+N-1")
    batch.add_argument("--jobs", type=int, default=None, metavar="J",
                       help="local worker processes (default: all cores)")
    batch.add_argument("--out", metavar="FILE.csv", help="write one CSV row per run")
    batch.add_argument("--logs", metavar="DIR",
                       help="keep each run's JSON-lines log here (made, with its parents, "
                       "if missing)")
    batch.add_argument("--executor", choices=("local", "dask"), default="local",
                       help="where runs go: local processes, or a Dask cluster")
    batch.add_argument("--scheduler", metavar="ADDRESS",
                       help="Dask scheduler address (with --executor dask)")
    batch.add_argument("--json", action="store_true", help="summary as JSON")
    batch.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    batch.set_defaults(func=cmd_batch)
    rules = sub.add_parser("rules", help="print a system's rule parameters and tables",
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    rules.lazy_epilog = tables_epilog  # type: ignore[attr-defined]
    rules.add_argument("system", help=f"one of: {', '.join(system_names())}")
    rules.add_argument("table", nargs="?", help="only this table (see the list below)")
    rules.add_argument("--json", action="store_true", help="machine-readable output")
    rules.set_defaults(func=cmd_rules)
    return parser


class Interrupted(KeyboardInterrupt):
    """SIGTERM, handled as Ctrl-C is (the exit status says which signal it was)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def exit_status(interrupt: KeyboardInterrupt) -> int:
    """128 + the signal's number: 130 for Ctrl-C, 143 for SIGTERM."""
    return 128 + getattr(interrupt, "signum", signal.SIGINT)


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM raises :class:`Interrupted` in the main thread, so that every ``finally``
    runs: temporary files are removed and worker processes are stopped."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, _frame: Any) -> None:
        raise Interrupted(signum)

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _quiet_stdout() -> None:
    """Standard output is gone (a closed pipe, a full disk): send what Python still holds
    for it to /dev/null, so that no second error is printed at exit."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    with _terminate_as_interrupt():
        try:
            try:
                args = build_parser().parse_args(argv)
            except SystemExit as exc:  # --help: printed, nothing else to do
                status = exc.code if isinstance(exc.code, int) else 0
            else:
                status = int(args.func(args))
            sys.stdout.flush()
            return status
        except TimedCombatError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
            _quiet_stdout()
            return 0
        except OSError as exc:  # standard output cannot be written (> /dev/full, ...)
            _quiet_stdout()
            print(f"error: standard output: cannot write: {exc.strerror or exc}",
                  file=sys.stderr)
            return 2
        except KeyboardInterrupt as exc:
            print("error: interrupted", file=sys.stderr)
            return exit_status(exc)


__all__ = ["main", "build_parser", "UsageError"]
