"""Monte Carlo batches: one scenario over many seeds, one CSV row per run, a summary.

Runs go to local processes (``concurrent.futures``) or, with ``executor="dask"``, to a
Dask cluster. Work is sent in chunks of seeds; each chunk carries the scenario's TOML
text, which a worker parses once and keeps. Rows are sorted by seed, so the same seeds
give the same rows (and the same CSV bytes) whatever the jobs or the executor.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import itertools
import json
import math
import os
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from pathlib import Path
from statistics import NormalDist
from typing import Any

import attrs

from timedcombat.engine import simulate
from timedcombat.errors import TimedCombatError
from timedcombat.loading import load_scenario, parse_scenario, read_scenario_text
from timedcombat.output import Outputs, check_outputs, inside, resolve
from timedcombat.results import BEATEN, DEAD, FLED, OUT, STATES
from timedcombat.scenario import MAX_SEED, Scenario
from timedcombat.structure import number
from timedcombat.systems.base import get_system

Z95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054
MAX_CHUNK = 250  # seeds per task at most: keeps the progress bar moving on long fights
# How a fight ends without a decision: the time cap (``until``, every system) or a stall
# (``stalemate``: nobody attacked for the system's stalemate time). The summary names them.
UNFINISHED = ("until", "stalemate")
SHOW_SEEDS = 20  # unfinished seeds the printed summary lists (--json and the CSV have all)
CHUNKS_PER_WORKER = 4  # enough tasks per worker to even out fights of unequal length

OnProgress = Callable[[int], None]


class BatchError(TimedCombatError):
    """A batch that cannot be run as asked (bad arguments, unreachable cluster)."""


@attrs.frozen
class Fighter:
    """One combatant at the end of one run."""

    id: str
    side: str
    damage: int
    state: str


@attrs.frozen
class Row:
    """One run: its seed, outcome, length in tenths, event count and each combatant."""

    seed: int
    winner: str | None
    reason: str
    duration: int
    events: int
    fighters: tuple[Fighter, ...]
    extra: tuple[tuple[str, Any], ...] = ()  # the system's own columns (batch_columns)


@attrs.frozen
class BatchResult:
    """Every run's row, sorted by seed, and the summary of them; ``jobs`` is the number of
    local processes the runs went to (1: this process; 0: a Dask cluster)."""

    scenario: str
    rows: tuple[Row, ...]
    summary: dict[str, Any]
    elapsed: float
    jobs: int = 1


# --- one chunk of runs (executed in a worker) -------------------------------------------


@lru_cache(maxsize=8)
def _scenario(text: str, file: str) -> Scenario:
    """The scenario parsed once per worker process (cached by its text)."""
    return parse_scenario(text, file)


def run_one(scenario: Scenario, seed: int, keep_log: bool = False) -> tuple[Row, str | None]:
    """Fight one seed; the row, and the JSON-lines log when ``keep_log``."""
    buf = io.StringIO() if keep_log else None
    result = simulate(scenario, seed, log=buf, record=False)
    out = result.outcome
    fighters = tuple(  # in scenario order: the CSV's columns do not depend on the engine
        Fighter(c.id, f.side, f.damage, f.state)
        for c in scenario.combatants
        for f in (out.combatants[c.id],)
    )
    system = get_system(scenario.system)
    values = system.batch_values(out, scenario)
    extra = tuple((col, values.get(col, "")) for col in system.batch_columns(scenario))
    row = Row(seed, out.winner, out.reason, out.end, result.event_count, fighters, extra)
    return row, (buf.getvalue() if buf is not None else None)


def run_chunk(text: str, file: str, seeds: Sequence[int], keep_logs: bool,
              log_dir: str | None = None) -> list[tuple[Row, str | None]]:
    """Fight every seed of a chunk (the unit of work sent to a process or a Dask worker).
    With ``log_dir`` (local processes) the worker writes the logs itself, in parallel, into
    the batch's staging directory; otherwise they travel back with the rows (a cluster)."""
    scenario = _scenario(text, file)
    out = []
    for seed in seeds:
        if _PARENT is not None and os.getppid() != _PARENT:
            os._exit(1)  # the batch is gone (killed outright): stop, do not fight on alone
        row, log = run_one(scenario, seed, keep_logs)
        if log_dir is not None and log is not None:
            path = log_path(log_dir, seed)
            try:
                path.write_text(log, encoding="utf-8", newline="")
            except OSError as exc:
                raise BatchError(f"--logs {Path(log_dir).parent}: cannot write: "
                                 f"{exc.strerror or exc}") from None
            log = None
        out.append((row, log))
    return out


def chunks(base: int, runs: int, workers: int) -> Iterator[range]:
    """Split seeds ``base..base+runs-1`` into contiguous ranges, a few per worker (made as
    they are needed, never all at once)."""
    size = _chunk_size(runs, workers)
    return (range(s, min(s + size, base + runs)) for s in range(base, base + runs, size))


def _chunk_size(runs: int, workers: int) -> int:
    return max(1, min(MAX_CHUNK, math.ceil(runs / (workers * CHUNKS_PER_WORKER))))


def usable_cores() -> int:
    """The cores this process may run on (what ``--jobs`` may ask for at most)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# --- worker processes: they die with the batch -------------------------------------------

_PARENT: int | None = None  # in a worker: the pid of the process that started it


def _worker_init() -> None:
    """Set up a local worker: Ctrl-C is for the batch (which stops its workers), SIGTERM
    ends the worker, and the worker dies at once when the batch process dies."""
    global _PARENT
    _PARENT = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    if os.getppid() != _PARENT:  # the batch died before the line above took effect
        os._exit(1)


def _die_with_parent() -> None:
    """Linux: ask the kernel to kill this process when its parent dies (PR_SET_PDEATHSIG).
    Elsewhere the worker notices between two seeds (``run_chunk``)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's worker processes now (an error or an interrupt in the batch): their
    unfinished chunks are thrown away, not waited for."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            proc.kill()


# --- executors: each yields lists of (row, log) as chunks complete ----------------------

Batch = Iterator[list[tuple[Row, str | None]]]


def _in_process(text: str, file: str, parts: Iterable[range], keep_logs: bool,
                log_dir: str | None) -> Batch:
    for part in parts:
        yield run_chunk(text, file, part, keep_logs, log_dir)


def _local(text: str, file: str, parts: Iterator[range], keep_logs: bool, jobs: int,
           log_dir: str | None) -> Batch:
    """Chunks on ``jobs`` processes, a few in flight per process; if the batch stops early
    (an error, Ctrl-C, SIGTERM) the workers are killed, not waited for."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init)
    finished = False
    try:
        pending: set[Future[list[tuple[Row, str | None]]]] = set()
        for part in itertools.islice(parts, jobs * CHUNKS_PER_WORKER):
            pending.add(pool.submit(run_chunk, text, file, part, keep_logs, log_dir))
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                for part in itertools.islice(parts, 1):
                    pending.add(pool.submit(run_chunk, text, file, part, keep_logs, log_dir))
                try:
                    result = fut.result()
                except BrokenProcessPool:
                    raise BatchError("a worker process died (killed from outside, or out of "
                                     "memory)") from None
                yield result
        finished = True
    finally:
        if not finished:
            _stop_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)


def _dask_client(scheduler: str | None, timeout: float) -> Any:
    """A connected ``dask.distributed.Client``, or a :class:`BatchError` saying why not."""
    if not scheduler:
        raise BatchError("--executor dask needs --scheduler ADDRESS (e.g. tcp://host:8786)")
    try:
        from dask.distributed import Client
    except ImportError:
        raise BatchError(
            "--executor dask needs dask.distributed: pip install 'timedcombat[dask]'"
        ) from None
    from distributed.comm import get_address_host_port

    try:  # a malformed address would leave a half-made Client that complains when collected
        get_address_host_port(scheduler)
    except ValueError as exc:
        raise BatchError(f"--scheduler {scheduler}: {exc}") from None
    try:
        client = Client(scheduler, timeout=timeout, set_as_default=False)
    except Exception as exc:  # OSError, TimeoutError ...
        raise BatchError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    try:
        client.wait_for_workers(1, timeout=timeout)
    except Exception:
        client.close()
        raise BatchError(f"the Dask scheduler at {scheduler} has no workers") from None
    return client


def _dask(client: Any, text: str, file: str, base: int, runs: int, keep_logs: bool,
          worker_timeout: float) -> Batch:
    """Chunks sized to the cluster's threads, yielded as they finish; closes the client.
    When the cluster has had no worker for ``worker_timeout`` seconds, gives up."""
    from dask.distributed import as_completed

    try:
        try:
            workers = max(1, sum(client.nthreads().values()))
            parts = list(chunks(base, runs, workers))
            futures = client.map(run_chunk, [text] * len(parts), [file] * len(parts), parts,
                                 [keep_logs] * len(parts), pure=False)
            done = as_completed(futures, loop=client.loop)
        except Exception as exc:
            raise _cluster_error(exc) from None
        watch = _WorkerWatch(client, worker_timeout)
        while not done.is_empty():
            if not done.has_ready():
                time.sleep(0.05)
                watch.check(done.count())
                continue
            yield _next_result(done)
    finally:
        with contextlib.suppress(Exception):
            client.close()


class _WorkerWatch:
    """Asks the scheduler, about once a second, whether the cluster still has a worker;
    raises :class:`BatchError` once it has had none for ``timeout`` seconds."""

    def __init__(self, client: Any, timeout: float) -> None:
        self.client = client
        self.timeout = timeout
        self.asked = time.monotonic()
        self.alone_since: float | None = None

    def check(self, left: int) -> None:
        now = time.monotonic()
        if now - self.asked < min(1.0, self.timeout / 4):
            return
        self.asked = now
        try:
            has_workers = bool(self.client.nthreads())
        except Exception as exc:
            raise _cluster_error(exc) from None
        if has_workers:
            self.alone_since = None
        elif self.alone_since is None:
            self.alone_since = now
        elif now - self.alone_since >= self.timeout:
            raise BatchError(f"Dask cluster: every worker was lost and none came back in "
                             f"{self.timeout:g} s ({left} chunks of runs not done)")


def _next_result(done: Any) -> list[tuple[Row, str | None]]:
    """The next finished chunk from ``as_completed``."""
    try:
        fut = next(done)
        part: list[tuple[Row, str | None]] = fut.result()
    except TimedCombatError:
        raise
    except Exception as exc:
        raise _cluster_error(exc) from None
    fut.release()
    return part


def _cluster_error(exc: BaseException) -> BatchError:
    """One line saying what the cluster did, in words."""
    name = type(exc).__name__
    text = " ".join(str(exc).split())
    if name == "KilledWorker":
        what = "a worker died while running runs of this batch, again and again"
    elif name == "CommClosedError" or isinstance(exc, OSError | EOFError):
        what = "lost the connection to the scheduler"
    elif isinstance(exc, TimeoutError):
        what = "the scheduler did not answer in time"
    elif name == "CancelledError":
        what = "the scheduler dropped the work (restarted, or closed)"
    else:
        what = "a run failed on a worker"
    return BatchError(f"Dask cluster: {what}" + (f" ({text[:300]})" if text else ""))


# --- the library API ----------------------------------------------------------------------

MAX_RUNS = 1_000_000  # every row is kept in memory for the summary


def log_path(logs: str | Path, seed: int) -> Path:
    """Where ``--logs`` keeps the log of ``seed``: ``DIR/seed-000123.jsonl``."""
    return Path(logs) / f"seed-{seed:06d}.jsonl"


def check_args(runs: int, seed: int | None, jobs: int | None) -> None:
    """Raise :class:`BatchError` for a run count, base seed or job count that cannot be used."""
    if not 1 <= runs <= MAX_RUNS:
        raise BatchError(f"--runs: must be between 1 and {MAX_RUNS}, got {number(runs)}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise BatchError(f"--seed: must be between 0 and {MAX_SEED}, got {number(seed)}")
    cores = usable_cores()
    if jobs is not None and not 1 <= jobs <= cores:
        raise BatchError(f"--jobs: must be between 1 and {cores} (the cores this machine "
                         f"gives the batch), got {number(jobs)}")


def _check_seeds(base: int, runs: int) -> None:
    if base + runs - 1 > MAX_SEED:
        raise BatchError(f"--runs {runs} from seed {base}: the last seed would pass {MAX_SEED}")


def run_batch(
    scenario: str | Path,
    runs: int,
    *,
    seed: int | None = None,
    jobs: int | None = None,
    logs: str | Path | None = None,
    executor: str = "local",
    scheduler: str | None = None,
    progress: OnProgress | None = None,
    connect_timeout: float = 10.0,
    worker_timeout: float = 60.0,
    outputs: Outputs | None = None,
) -> BatchResult:
    """Run the scenario file over seeds ``seed..seed+runs-1`` (default: the scenario's seed).

    ``jobs`` local processes (default: every core; 1 runs in this process), or the Dask
    cluster at ``scheduler`` when ``executor="dask"``. ``logs`` is a directory that gets
    each run's JSON-lines log, all of them or (after an error or an interrupt) none; with
    ``outputs`` they are put in place by its ``commit``, with the command's other outputs.
    ``progress`` is called with the number of runs just done; ``connect_timeout`` is how
    long to wait for the Dask scheduler, ``worker_timeout`` how long a cluster may have no
    worker before the batch gives up, in seconds.
    """
    check_args(runs, seed, jobs)
    if executor not in ("local", "dask"):
        raise BatchError(f"--executor: unknown executor {executor!r} (local or dask)")
    file = str(scenario)
    text = read_scenario_text(file)  # read once: the workers get these very bytes
    loaded = parse_scenario(text, file)  # bad scenario: ScenarioError before anything runs
    base = loaded.info.seed if seed is None else seed
    _check_seeds(base, runs)
    own = outputs is None
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(Outputs()) if outputs is None else outputs
        log_dir = out.directory("--logs", str(logs)) if logs is not None else None
        client = _dask_client(scheduler, connect_timeout) if executor == "dask" else None
        keep = log_dir is not None
        local_logs = str(log_dir) if log_dir is not None else None  # local workers write them
        started = time.perf_counter()
        if client is not None:
            parts_done: Batch = _dask(client, text, file, base, runs, keep, worker_timeout)
            used = 0
        else:
            workers = jobs or usable_cores()
            parts = chunks(base, runs, workers)
            n_parts = math.ceil(runs / _chunk_size(runs, workers))
            if workers == 1 or n_parts == 1:
                parts_done = _in_process(text, file, parts, keep, local_logs)
                used = 1
            else:
                used = min(workers, n_parts)
                parts_done = _local(text, file, parts, keep, used, local_logs)
        with contextlib.closing(parts_done):
            rows = _collect(parts_done, log_dir, progress)
        elapsed = time.perf_counter() - started
        if own:
            out.commit()
    return BatchResult(loaded.info.name, rows, summarize(rows), elapsed, used)


def _collect(parts: Iterable[list[tuple[Row, str | None]]], log_dir: Path | None,
             progress: OnProgress | None) -> tuple[Row, ...]:
    """Gather rows as chunks complete, writing logs on the way; rows sorted by seed."""
    rows: list[Row] = []
    for part in parts:
        for row, text in part:
            rows.append(row)
            if log_dir is not None and text is not None:
                try:
                    log_path(log_dir, row.seed).write_text(text, encoding="utf-8", newline="")
                except OSError as exc:
                    raise BatchError(f"--logs {log_dir.parent}: cannot write: "
                                     f"{exc.strerror or exc}") from None
        if progress is not None:
            progress(len(part))
    rows.sort(key=lambda r: r.seed)
    return tuple(rows)


# --- CSV ------------------------------------------------------------------------------------

BASE_COLUMNS = ("seed", "winner", "reason", "duration", "events")


def columns(rows: Sequence[Row]) -> list[str]:
    """CSV header: the run columns, then ``damage_<id>``, ``state_<id>`` in scenario order."""
    cols = list(BASE_COLUMNS)
    if rows:
        for f in rows[0].fighters:
            cols += [f"damage_{f.id}", f"state_{f.id}"]
        cols += [name for name, _ in rows[0].extra]
    return cols


def csv_text(rows: Sequence[Row]) -> str:
    """The CSV of the rows: ``duration`` in tenths, an empty ``winner`` for no winner."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns(rows))
    for r in rows:
        cells: list[Any] = [r.seed, r.winner or "", r.reason, r.duration, r.events]
        for f in r.fighters:
            cells += [f.damage, f.state]
        cells += [value for _, value in r.extra]
        writer.writerow(cells)
    return buf.getvalue()


# --- statistics -------------------------------------------------------------------------


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``successes`` out of ``n`` (95 % by default)."""
    if n <= 0:
        raise ValueError("wilson: n must be positive")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100), linear between closest ranks (NumPy's default)."""
    if not values:
        raise ValueError("percentile of no values")
    data = sorted(values)
    h = (len(data) - 1) * q / 100
    lo = math.floor(h)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (h - lo) * (data[hi] - data[lo])


def _share(count: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(count, n)
    return {"count": count, "rate": count / n, "ci95": [lo, hi]}


def summarize(rows: Sequence[Row]) -> dict[str, Any]:
    """Win rate per side and draws (Wilson 95 %), duration median/p10/p90 in seconds,
    how often each combatant went out or fled, how the runs ended, and the seeds of the
    runs that ended unfinished (time cap or stalemate), to be fought again or looked at."""
    n = len(rows)
    if n == 0:
        return {"runs": 0}
    sides: dict[str, None] = {}
    for r in rows:
        for f in r.fighters:
            sides.setdefault(f.side, None)
    wins = Counter(r.winner for r in rows)
    durations = [r.duration for r in rows]
    return {
        "runs": n,
        "seeds": [rows[0].seed, rows[-1].seed],
        "sides": {s: _share(wins.get(s, 0), n) for s in sides},
        "draws": _share(wins.get(None, 0), n),
        "duration_s": {
            "median": percentile(durations, 50) / 10,
            "p10": percentile(durations, 10) / 10,
            "p90": percentile(durations, 90) / 10,
            "min": min(durations) / 10,
            "max": max(durations) / 10,
        },
        "combatants": _combatants(rows),
        "reasons": dict(sorted(Counter(r.reason for r in rows).items())),
        "unfinished": _unfinished(rows),
    }


def _unfinished(rows: Sequence[Row]) -> dict[str, Any]:
    """The runs that ended by ``until`` or ``stalemate``: how many, and every seed."""
    seeds = [r.seed for r in rows if r.reason in UNFINISHED]
    return {"reasons": list(UNFINISHED), "count": len(seeds), "rate": len(seeds) / len(rows),
            "seeds": seeds}


def _combatants(rows: Sequence[Row]) -> dict[str, dict[str, Any]]:
    n = len(rows)
    out: dict[str, dict[str, Any]] = {}
    for f in rows[0].fighters:
        states = Counter(g.state for r in rows for g in r.fighters if g.id == f.id)
        damage = [g.damage for r in rows for g in r.fighters if g.id == f.id]
        out[f.id] = {
            "side": f.side,
            "out": states.get(OUT, 0),
            "out_rate": states.get(OUT, 0) / n,
            "fled": states.get(FLED, 0),
            "fled_rate": states.get(FLED, 0) / n,
            "beaten_rate": sum(states.get(s, 0) for s in BEATEN) / n,
            "states": {s: states[s] for s in STATES if states.get(s)},
            "mean_damage": sum(damage) / len(damage),
        }
    return out


# --- the command line ---------------------------------------------------------------------


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

    from timedcombat.cli import _console

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


def _check_paths(args: argparse.Namespace, base: int) -> None:
    """No output on top of the scenario, of the logs directory, or of one of its logs."""
    check_outputs([("--out", args.out)], inputs=[("scenario", args.scenario)])
    if args.logs is None:
        return
    logs_key = {str(resolve(args.logs))}
    if args.out is not None and args.out != "-" and str(resolve(args.out)) in logs_key:
        raise BatchError(f"--out {args.out}: is the --logs directory")
    for what, path in (("--out", args.out), ("the scenario", args.scenario)):
        if path is None or path == "-" or not inside(path, args.logs):
            continue
        m = re.fullmatch(r"seed-(\d+)\.jsonl", Path(path).name)
        if m and base <= int(m.group(1)) < base + args.runs \
                and log_path(args.logs, int(m.group(1))).name == Path(path).name:
            raise BatchError(f"{what} {path}: the log of seed {int(m.group(1))} goes there "
                             f"(--logs {args.logs}): it would be overwritten")


def main_batch(args: argparse.Namespace) -> int:
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

    from timedcombat.cli import exit_status

    _check_cli(args)
    scenario = load_scenario(args.scenario)  # a bad scenario fails before any progress bar
    base = scenario.info.seed if args.seed is None else args.seed
    _check_seeds(base, args.runs)
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


__all__ = [
    "BatchError",
    "BatchResult",
    "Fighter",
    "Row",
    "columns",
    "csv_text",
    "log_path",
    "main_batch",
    "percentile",
    "run_batch",
    "run_one",
    "summarize",
    "wilson",
]
