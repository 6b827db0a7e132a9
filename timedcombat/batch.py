"""Monte Carlo batches: one scenario over many seeds, one CSV row per run, a summary.

Runs go to local processes (``concurrent.futures``) or, with ``executor="dask"``, to a
Dask cluster. Work is sent in chunks of seeds; each chunk carries the scenario's TOML
text, which a worker parses once and keeps. Rows are sorted by seed, so the same seeds
give the same rows (and the same CSV bytes) whatever the jobs or the executor. The CSV is
:mod:`timedcombat.runs_csv`, the statistics :mod:`timedcombat.stats`, the command line
:mod:`timedcombat.cli`.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from pathlib import Path
from typing import Any

from timedcombat.engine import simulate
from timedcombat.errors import TimedCombatError
from timedcombat.loading import parse_scenario, read_scenario_text
from timedcombat.output import Outputs
from timedcombat.runs import BatchError, BatchResult, Fighter, Row
from timedcombat.scenario import MAX_SEED, Scenario
from timedcombat.stats import summarize
from timedcombat.structure import number
from timedcombat.systems.base import get_system

MAX_CHUNK = 250  # seeds per task at most: keeps the progress bar moving on long fights
CHUNKS_PER_WORKER = 4  # enough tasks per worker to even out fights of unequal length

OnProgress = Callable[[int], None]


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


@contextlib.contextmanager
def _signals_deferred() -> Iterator[list[int]]:
    """SIGINT and SIGTERM only noted inside the block, then acted on as it ends (the
    handlers they had are called, or the signal raised again under its default).

    Why: ``concurrent.futures`` takes locks (``wait`` takes every pending future's, one by
    one); an exception raised by a signal in the middle of that leaves a lock held, and
    the pool's shutdown then hangs for ever. So a Ctrl-C or SIGTERM lands between two
    waits, never inside one. Only the main thread can set handlers: elsewhere, nothing is
    deferred."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    kinds = (signal.SIGINT, signal.SIGTERM)
    old = {sig: signal.signal(sig, lambda sig, _frame: noted.append(sig)) for sig in kinds}
    try:
        yield noted
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if noted:
            first = signal.Signals(noted[0])
            handler = old[first]
            if callable(handler):
                handler(first, None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(first)


def _wait_any(pending: set[Future[Any]]) -> tuple[set[Future[Any]], set[Future[Any]]]:
    """The pending chunks that are done (at least one) and the rest; a Ctrl-C or SIGTERM
    meanwhile is acted on within a fifth of a second (:func:`_signals_deferred`)."""
    with _signals_deferred() as noted:
        while True:
            done, rest = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            if done or noted:
                return done, rest


# --- executors: each yields lists of (row, log) as chunks complete ----------------------

Batch = Generator[list[tuple[Row, str | None]], None, None]  # (closed when a batch stops)


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
        with _signals_deferred():
            for part in itertools.islice(parts, jobs * CHUNKS_PER_WORKER):
                pending.add(pool.submit(run_chunk, text, file, part, keep_logs, log_dir))
        while pending:
            done, pending = _wait_any(pending)
            for fut in done:
                with _signals_deferred():
                    for part in itertools.islice(parts, 1):
                        pending.add(pool.submit(run_chunk, text, file, part, keep_logs,
                                                log_dir))
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


def check_seeds(base: int, runs: int) -> None:
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
    parquet: str | Path | None = None,
) -> BatchResult:
    """Run the scenario file over seeds ``seed..seed+runs-1`` (default: the scenario's seed).

    ``jobs`` local processes (default: every core; 1 runs in this process), or the Dask
    cluster at ``scheduler`` when ``executor="dask"``. ``logs`` is a directory that gets
    each run's JSON-lines log, all of them or (after an error or an interrupt) none; with
    ``outputs`` they are put in place by its ``commit``, with the command's other outputs.
    ``progress`` is called with the number of runs just done; ``connect_timeout`` is how
    long to wait for the Dask scheduler, ``worker_timeout`` how long a cluster may have no
    worker before the batch gives up, in seconds. ``parquet`` (a directory, or a file
    name ending in ``.parquet``) gets every run's events and the runs table as Parquet
    (:mod:`timedcombat.parquet`; the ``analysis`` extra), with the other outputs.
    """
    check_args(runs, seed, jobs)
    if executor not in ("local", "dask"):
        raise BatchError(f"--executor: unknown executor {executor!r} (local or dask)")
    file = str(scenario)
    text = read_scenario_text(file)  # read once: the workers get these very bytes
    loaded = parse_scenario(text, file)  # bad scenario: ScenarioError before anything runs
    base = loaded.info.seed if seed is None else seed
    check_seeds(base, runs)
    own = outputs is None
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(Outputs()) if outputs is None else outputs
        log_dir = out.directory("--logs", str(logs)) if logs is not None else None
        sink = _parquet_sink(out, parquet, loaded) if parquet is not None else None
        if sink is not None:
            stack.callback(sink.close)
        client = _dask_client(scheduler, connect_timeout) if executor == "dask" else None
        keep = log_dir is not None or sink is not None
        # local workers write the logs themselves, unless the events go to Parquet here
        local_logs = str(log_dir) if log_dir is not None and sink is None else None
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
            rows = _collect(parts_done, log_dir, progress,
                            _in_order(base, sink.add) if sink is not None else None)
        if sink is not None:
            sink.finish(rows)
        elapsed = time.perf_counter() - started
        if own:
            out.commit()
    return BatchResult(loaded.info.name, rows, summarize(rows), elapsed, used)


class _ParquetSink:
    """The Parquet outputs of a batch: events as runs come (in seed order), runs at the
    end, both into staged files put in place with the other outputs."""

    def __init__(self, events: Path, runs: Path, system: Any) -> None:
        from timedcombat.parquet import EventsWriter

        self.runs_path = runs
        self.writer = EventsWriter(events, system)
        self.closed = False

    def add(self, row: Row, text: str) -> None:
        self.writer.add(row.seed, (json.loads(line) for line in text.splitlines()))

    def finish(self, rows: Sequence[Row]) -> None:
        from timedcombat.parquet import write_runs

        self.close()
        write_runs(self.runs_path, rows)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


def _parquet_sink(out: Outputs, target: str | Path, scenario: Scenario) -> _ParquetSink:
    from timedcombat.parquet import paths, pyarrow

    pyarrow()  # the extra is missing: say so before anything runs
    events, runs = paths(target)
    if events.parent == Path(target):  # a directory: events.parquet and runs.parquet
        staging = out.directory("--parquet", str(target))
        staged = staging / events.name, staging / runs.name
    else:
        staged = out.path("--parquet", str(events)), out.path("--parquet", str(runs))
    return _ParquetSink(*staged, get_system(scenario.system))


def _in_order(base: int, feed: Callable[[Row, str], None]) -> Callable[[list[Any]], None]:
    """A taker of completed chunks (in any order) that feeds their runs in seed order,
    holding a chunk back until the ones before it are in."""
    pending: dict[int, list[tuple[Row, str | None]]] = {}
    expected = base

    def take(part: list[tuple[Row, str | None]]) -> None:
        nonlocal expected
        if part:
            pending[part[0][0].seed] = part
        while expected in pending:
            done = pending.pop(expected)
            for row, text in done:
                assert text is not None
                feed(row, text)
            expected = done[-1][0].seed + 1

    return take


def _collect(parts: Iterable[list[tuple[Row, str | None]]], log_dir: Path | None,
             progress: OnProgress | None,
             ordered: Callable[[list[Any]], None] | None = None) -> tuple[Row, ...]:
    """Gather rows as chunks complete, writing logs on the way (and handing each chunk to
    ``ordered``, the Parquet writer's taker); rows sorted by seed."""
    rows: list[Row] = []
    for part in parts:
        if ordered is not None:
            ordered(part)
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


__all__ = ["BatchError", "BatchResult", "Fighter", "Row", "check_args", "check_seeds", "chunks",
           "log_path", "run_batch", "run_chunk", "run_one", "usable_cores"]
