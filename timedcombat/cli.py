"""The ``timedcombat`` command line (docs/cli.md).

Exit status: 0 on success, 2 for bad input (one line ``error: FILE: KEY.PATH: what``,
no traceback, nothing written).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from timedcombat import __version__
from timedcombat.batch import BatchError, BatchResult, check_args, check_seeds, log_path, run_batch
from timedcombat.engine import simulate
from timedcombat.errors import TimedCombatError, UsageError
from timedcombat.events import to_dict
from timedcombat.loading import load_scenario
from timedcombat.mapcmd import add_parsers as add_map_parsers
from timedcombat.output import STDOUT, Outputs, check_outputs, is_stream, resolve
from timedcombat.parquet import paths as parquet_paths
from timedcombat.results import DEAD
from timedcombat.runs_csv import csv_text
from timedcombat.scenario import MAX_SEED, MAX_UNTIL
from timedcombat.show import add_parsers as add_show_parsers
from timedcombat.show import add_view_options
from timedcombat.systems.base import get_system, system_names
from timedcombat.terminal import Interrupted, exit_status, raise_interrupted, safe_streams

SHOW_SEEDS = 20  # unfinished seeds the printed batch summary lists (--json, CSV: all)


class _Console(Console):
    def on_broken_pipe(self) -> None:
        raise BrokenPipeError  # handled in main(): exit 0, the reader had what it wanted


def _console() -> Console:
    width = None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "140"))
    return _Console(width=width, highlight=False, soft_wrap=False, markup=False)


def cmd_run(args: argparse.Namespace) -> int:
    view = view_options(args)
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed: must be between 0 and {MAX_SEED}")
    if args.until is not None and not 1 <= args.until <= MAX_UNTIL:
        raise UsageError(f"--until: must be between 1 and {MAX_UNTIL} tenths")
    for option, path in (("--svg", args.svg), ("--png", args.png)):
        if path == STDOUT:
            raise UsageError(f"{option}: a picture cannot go to standard output")
    scenario = load_scenario(args.scenario)
    unknown = [x for x in view.get("only", ()) if x not in {c.id for c in scenario.combatants}]
    if unknown:
        raise UsageError(f"--only: no combatant {unknown[0]!r} in the scenario (ids: "
                         f"{', '.join(c.id for c in scenario.combatants)})")
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
                out.write(option, path, partial(draw, events, fmt=fmt), f".{fmt}")
        out.write_streams()  # devices and `--log -` first: a full one stops all, shows nothing
        broken = None
        if timeline:
            from timedcombat.timeline import render

            try:
                render(events, _console(), **view)
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


def view_options(args: argparse.Namespace) -> dict[str, Any]:
    """The timeline's filters from the options (one-line errors for bad values)."""
    from timedcombat.clock import from_seconds

    out: dict[str, Any] = {"verbose": bool(getattr(args, "verbose", False))}
    if getattr(args, "only", None) is not None:
        ids = [x.strip() for x in args.only.split(",") if x.strip()]
        if not ids:
            raise UsageError("--only: give combatant ids separated by commas")
        out["only"] = ids
    for key, option in (("start", "--from"), ("stop", "--to")):
        value = getattr(args, key, None)
        if value is None:
            continue
        try:
            out[key] = from_seconds(value)
        except ValueError:
            raise UsageError(f"{option}: not a time in seconds with at most one decimal: "
                             f"{value!r}") from None
        if out[key] < 0:
            raise UsageError(f"{option}: must not be negative")
    if "start" in out and "stop" in out and out["start"] > out["stop"]:
        from timedcombat.clock import seconds

        raise UsageError(f"--from {seconds(out['start'])} is after --to {seconds(out['stop'])}")
    return out


def cmd_check(args: argparse.Namespace) -> int:
    """``timedcombat check LOG [--json]``: 0 clean, 1 with violations (2: raised)."""
    from timedcombat.check import check_file, format_report

    report = check_file(args.log)
    for line in format_report(report, bool(getattr(args, "json", False))):
        print(line)
    return 0 if report.clean else 1


# --- batch ----------------------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _secs(x: float) -> str:
    return f"{x:.1f} s"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _share_cells(share: Mapping[str, Any]) -> list[str]:
    lo, hi = share["ci95"]
    return [str(share["count"]), _pct(share["rate"]), f"{_pct(lo)} – {_pct(hi)}"]


def summary_lines(result: BatchResult, where: str | None = None) -> tuple[str, str, str, str]:
    """The summary's lines of text: the heading, the durations, how the runs ended, and the
    unfinished runs. Every rate is a percentage and every time is in seconds, each with one
    decimal. ``where`` says where the runs went (default: ``1 job``, ``2 jobs`` ...)."""
    s = result.summary
    where = where or (_plural(result.jobs, "job") if result.jobs else "Dask")
    n = s["runs"]
    head = (f"{result.scenario}: {_plural(n, 'run')}, seeds {s['seeds'][0]}..{s['seeds'][1]}"
            f" ({where}, {_secs(result.elapsed)})")
    d = s["duration_s"]
    duration = (f"Duration: median {_secs(d['median'])}, p10 {_secs(d['p10'])}, "
                f"p90 {_secs(d['p90'])} (min {_secs(d['min'])}, max {_secs(d['max'])})")
    ended = "Ended by: " + ", ".join(f"{k} {v} ({_pct(v / n)})"
                                     for k, v in s["reasons"].items())
    u = s["unfinished"]
    kinds = " or ".join(u["reasons"])
    if not u["count"]:
        unfinished = f"Unfinished ({kinds}): none"
    else:
        shown = ", ".join(str(seed) for seed in u["seeds"][:SHOW_SEEDS])
        more = u["count"] - SHOW_SEEDS
        rest = f" and {more} more (all in --json, and the CSV's reason)" if more > 0 else ""
        unfinished = (f"Unfinished ({kinds}): {_plural(u['count'], 'run')} "
                      f"({_pct(u['rate'])}), seed{'s' if u['count'] != 1 else ''} {shown}{rest}")
    return head, duration, ended, unfinished


def print_summary(result: BatchResult, where: str | None = None) -> None:
    """The summary as rich tables on stdout (``where``: see :func:`summary_lines`)."""
    from rich.table import Table

    s = result.summary
    head, duration, ended, unfinished = summary_lines(result, where)
    console = _console()
    console.print(head)
    wins = Table(title="Wins (95 % Wilson interval)", title_justify="left")
    for col in ("side", "wins", "rate", "95 % interval"):
        wins.add_column(col, justify="left" if col == "side" else "right")
    for side, share in s["sides"].items():
        wins.add_row(side, *_share_cells(share))
    wins.add_row("no winner", *_share_cells(s["draws"]))
    console.print(wins)
    console.print(duration)
    people = Table(title="Combatants", title_justify="left")
    dead = any(c["states"].get(DEAD) for c in s["combatants"].values())  # (systems with death)
    for col in ("combatant", "side", "out", *(("dead",) if dead else ()), "fled", "mean damage"):
        people.add_column(col, justify="left" if col in ("combatant", "side") else "right")
    for cid, c in s["combatants"].items():
        died = (_pct(c["states"].get(DEAD, 0) / len(result.rows)),) if dead else ()
        people.add_row(cid, c["side"], _pct(c["out_rate"]), *died, _pct(c["fled_rate"]),
                       f"{c['mean_damage']:.1f}")
    console.print(people)
    console.print(ended)
    console.print(unfinished)


def _check_cli(args: argparse.Namespace) -> None:
    check_args(args.runs, args.seed, args.jobs)
    if args.executor == "dask" and args.jobs is not None:
        raise BatchError("--jobs is for --executor local (a Dask cluster has its own workers)")
    if args.executor != "dask" and args.scheduler:
        raise BatchError("--scheduler needs --executor dask")
    if args.logs is not None:
        _check_logs_dir(args.logs)


def _check_logs_dir(logs: str) -> None:
    if logs == "":
        raise BatchError("--logs: an empty directory name")
    try:
        real = resolve(logs)
        if real.exists() and not real.is_dir():
            raise BatchError(f"--logs {logs}: not a directory")
        where = real
        while not where.exists():  # the directory made for it goes in the nearest parent
            where = where.parent
        if not where.is_dir() or not os.access(where, os.W_OK | os.X_OK):
            raise BatchError(f"--logs {logs}: cannot write there")
    except OSError as exc:
        raise BatchError(f"--logs {logs}: cannot write there: {exc.strerror or exc}") \
            from None


def _check_parquet(target: str) -> None:
    """``--parquet``: a directory (made when missing) or a file name ending in
    ``.parquet``; pyarrow installed."""
    if target == "" or target == STDOUT:
        raise BatchError(f"--parquet {target!r}: a directory or FILE.parquet, not "
                         "standard output")
    if not target.endswith(".parquet") and Path(target).exists() \
            and not Path(target).is_dir():
        raise BatchError(f"--parquet {target}: not a directory (a file name must end in "
                         ".parquet)")
    try:
        from timedcombat.parquet import pyarrow

        pyarrow()
    except ImportError as exc:  # ("--parquet needs pyarrow: pip install ...")
        raise BatchError(str(exc)) from None


def _check_paths(args: argparse.Namespace, base: int) -> None:
    """No output on top of the scenario, of the logs directory, or of one of its logs.
    Links are resolved first, dangling ones too: ``o.csv -> L/seed-000002.jsonl`` names
    that log, written or not yet."""
    if args.logs is not None:
        _check_not_a_log(args, base)
    outputs = [("--out", args.out)]
    if args.parquet is not None:
        _check_parquet(args.parquet)
        events, runs = parquet_paths(args.parquet)
        if events.parent != Path(args.parquet):  # a file name: both files are outputs
            outputs += [("--parquet", str(events)), ("--parquet", str(runs))]
    check_outputs(outputs, inputs=[("scenario", args.scenario)])


def _check_not_a_log(args: argparse.Namespace, base: int) -> None:
    try:
        logs = resolve(args.logs)
    except OSError:
        return  # (a loop of links: refused by the checks of --logs)
    for what, path in (("--out", args.out), ("the scenario", args.scenario)):
        if path is None or path == "-":
            continue
        try:
            real = resolve(path)
        except OSError:
            continue
        if what == "--out" and real == logs:
            raise BatchError(f"--out {path}: is the --logs directory")
        if real.parent != logs:
            continue
        m = re.fullmatch(r"seed-(\d+)\.jsonl", real.name)
        if m and base <= int(m.group(1)) < base + args.runs \
                and log_path(logs, int(m.group(1))).name == real.name:
            link = f" (a link to {real})" if Path(path).name != real.name else ""
            raise BatchError(f"{what} {path}{link}: the log of seed {int(m.group(1))} goes "
                             f"there (--logs {args.logs}): it would be overwritten")


def cmd_batch(args: argparse.Namespace) -> int:
    """``timedcombat batch``: check everything, run, then write the CSV, the logs and the
    summary, all of them or (after an error or an interrupt) none."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    _check_cli(args)
    scenario = load_scenario(args.scenario)  # a bad scenario fails before any progress bar
    base = scenario.info.seed if args.seed is None else args.seed
    check_seeds(base, args.runs)
    _check_paths(args, base)
    show = not args.quiet and sys.stderr.isatty()
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True, disable=not show)
    with Outputs() as out:
        try:
            with bar:
                task = bar.add_task("runs", total=args.runs)
                result = run_batch(args.scenario, args.runs, seed=args.seed, jobs=args.jobs,
                                   logs=args.logs, executor=args.executor,
                                   scheduler=args.scheduler, outputs=out,
                                   parquet=args.parquet,
                                   progress=lambda k: bar.advance(task, k))
        except KeyboardInterrupt as exc:
            out.abort()
            print("error: interrupted; nothing written", file=sys.stderr)
            return exit_status(exc)
        if args.out is not None:
            out.text("--out", args.out, csv_text(result.rows))
        out.write_streams()  # devices and `--out -` first: a full one stops all, shows nothing
        try:
            if args.json:
                print(json.dumps({"scenario": result.scenario, **result.summary}, indent=2))
            else:
                where = f"Dask at {args.scheduler}" if args.executor == "dask" else None
                print_summary(result, where)
            sys.stdout.flush()  # a full disk shows now, before any file is put in place
        except BrokenPipeError:
            out.commit()
            raise
        out.commit()
    return 0


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
    add_view_options(run, "timeline")
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
    batch.add_argument("--parquet", metavar="DIR_OR_FILE.parquet",
                       help="every run's events and the runs table as Parquet: "
                            "DIR/events.parquet and DIR/runs.parquet, or FILE.parquet and "
                            "FILE.runs.parquet (needs the analysis extra)")
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
    add_show_parsers(sub, _console)
    add_map_parsers(sub, _console)
    rules = sub.add_parser("rules", help="print a system's rule parameters and tables",
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    rules.lazy_epilog = tables_epilog
    rules.add_argument("system", help=f"one of: {', '.join(system_names())}")
    rules.add_argument("table", nargs="?", help="only this table (see the list below)")
    rules.add_argument("--json", action="store_true", help="machine-readable output")
    rules.set_defaults(func=cmd_rules)
    return parser


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM raises :class:`Interrupted` in the main thread, so that every ``finally``
    runs: temporary files are removed and worker processes are stopped."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    old = signal.signal(signal.SIGTERM, raise_interrupted)
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
    safe_streams()
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


__all__ = ["Interrupted", "UsageError", "build_parser", "exit_status", "main"]
