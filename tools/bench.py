"""Benchmark the engine against a bare simpy loop, in one run (issue 5).

    python tools/bench.py            # the table
    python tools/bench.py --json     # the same figures for machines
    python tools/bench.py --quick    # smaller sizes, for a smoke test
    python tools/bench.py --sizes 2,400,4000   # melee sizes of your choice

For tenths melees of 2, 20, 200 and 400 combatants (two sides, default policies, bodies
too large to fall, so every size fights for the same simulated time), it reports log
events per CPU second with the in-memory recorder and with the JSON-lines log written to
a file, the peak memory of a process that runs the melee, and the rate of a bare simpy
loop doing the same number of timeouts with the same number of processes, with the ratio
of the two. Then batch throughput for the sword duel, with 1 and 2 jobs: fights per
second and attack resolutions per second, with logging off and with the JSON-lines log.
Where valgrind is installed (and not with ``--quick`` or ``--no-instructions``), it also
reports valgrind instructions per attack of the tenths, tft and gurps duels, logging off
and with the JSON log, against issue 22's targets (``tools/instructions.py``: repeatable
on a busy machine, unlike CPU seconds; about five minutes).

Where ``tools/compile.py`` has built the compiled modules, the bench runs them (the
machine line says which path ran) and counts instructions on both paths; ``--pure`` runs
the ``.py`` files throughout (``TIMEDCOMBAT_PURE=1``).

Figures depend on the machine; the ratios are what matter. CPU time is process time of
this process (and wall time for batches, which use several processes).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import simpy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "--pure" in sys.argv[1:]:  # before the package is imported: it picks the path then
    os.environ["TIMEDCOMBAT_PURE"] = "1"

from timedcombat import load_scenario, simulate, speedups  # noqa: E402
from timedcombat.loading import scenario_from_dict  # noqa: E402

SIZES = (2, 20, 200, 400)
UNTIL = 600  # tenths of simulated time for every melee (60 s)
WEAPONS = ("broadsword", "axe", "spear", "shortsword", "mace")


def melee_doc(n: int, until: int = UNTIL) -> dict[str, Any]:
    """``n`` combatants in two facing blocks, columns of 10, two hexes apart."""
    per_side = n // 2
    combatants = []
    for side, sign in (("red", -1), ("blue", 1)):
        for i in range(per_side):
            col, row = divmod(i, 10)
            combatants.append({
                "id": f"{side[0]}{i}", "side": side,
                "at": [sign * (3 + 2 * col), 2 * row - 10],
                "facing": "E" if sign < 0 else "W",
                "strength": 10 + i % 4, "best_skill": 2 + i % 4, "walk": 5, "run": 3,
                "defence": 9 + i % 3, "body": 1_000_000,
                "weapons": [WEAPONS[i % len(WEAPONS)]],
                "shield": WEAPONS[i % len(WEAPONS)] in ("broadsword", "axe") and i % 2 == 0,
            })
    return {"scenario": {"name": f"bench {n}", "system": "tenths", "until": until},
            "combatant": combatants}


def bare_simpy(timeouts: int, processes: int) -> float:
    """Timeouts per CPU second of a bare simpy loop: ``processes`` processes sharing
    ``timeouts`` timeouts of 1-3 tenths."""
    env = simpy.Environment()
    per = max(1, timeouts // processes)

    def proc(k: int):  # type: ignore[no-untyped-def]
        for _ in range(per):
            yield env.timeout(1 + k % 3)

    for k in range(processes):
        env.process(proc(k))
    t0 = time.process_time()
    env.run()
    return per * processes / (time.process_time() - t0)


def melee_rates(n: int, until: int, min_events: int) -> dict[str, Any]:
    """Rates for melees of ``n``: as many seeds as it takes to reach ``min_events`` events,
    so that small melees are measured over as many events as big ones."""
    scenario = scenario_from_dict(melee_doc(n, until), f"bench-{n}")
    seeds: list[int] = []
    events = 0
    recorder_s = 0.0
    while events < min_events or not seeds:
        seed = len(seeds) + 1
        t0 = time.process_time()
        result = simulate(scenario, seed, record=True)
        recorder_s += time.process_time() - t0
        events += result.event_count
        seeds.append(seed)
    json_s = off_s = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            path = Path(tmp) / f"log-{seed}.jsonl"
            with path.open("w", encoding="utf-8") as fh:
                t0 = time.process_time()
                simulate(scenario, seed, log=fh, record=False)
                fh.flush()
                json_s += time.process_time() - t0
    for seed in seeds:
        t0 = time.process_time()
        simulate(scenario, seed, record=False)
        off_s += time.process_time() - t0
    bare = bare_simpy(events, n)
    return {
        "combatants": n, "runs": len(seeds), "events": events, "simulated_s": until / 10,
        "events_per_s_recorder": events / recorder_s,
        "events_per_s_json": events / json_s,
        "events_per_s_off": events / off_s,
        "bare_simpy_per_s": bare,
        "ratio_recorder": events / recorder_s / bare,
        "ratio_json": events / json_s / bare,
        "us_per_event_recorder": recorder_s / events * 1e6,
        "peak_mb": peak_memory(n, until),
    }


def peak_memory(n: int, until: int) -> float:
    """Peak resident memory (MB) of a fresh process that loads and fights the melee."""
    code = (
        f"import resource, sys; sys.path.insert(0, {str(ROOT)!r})\n"
        "from tools.bench import melee_doc\n"
        "from timedcombat import simulate\n"
        "from timedcombat.loading import scenario_from_dict\n"
        f"simulate(scenario_from_dict(melee_doc({n}, {until}), 'm'), 1, record=False)\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return int(out.stdout.strip()) / 1024


def batch_rates(runs: int) -> list[dict[str, Any]]:
    from timedcombat.batch import run_batch

    duel = ROOT / "scenarios" / "sword_duel.toml"
    scenario = load_scenario(duel)
    attacks = 0
    for seed in range(scenario.info.seed, scenario.info.seed + runs):
        attacks += sum(1 for e in simulate(scenario, seed).events if e.EVENT == "attack")
    rows = []
    for logging in ("off", "json"):
        for jobs in (1, 2):
            with tempfile.TemporaryDirectory() as tmp:
                t0 = time.perf_counter()
                run_batch(duel, runs, jobs=jobs, logs=tmp if logging == "json" else None)
                wall = time.perf_counter() - t0
            rows.append({"jobs": jobs, "logging": logging, "runs": runs, "seconds": wall,
                         "fights_per_s": runs / wall, "attacks_per_s": attacks / wall})
    for r in rows:
        one = next(x for x in rows if x["logging"] == r["logging"] and x["jobs"] == 1)
        r["speedup"] = r["fights_per_s"] / one["fights_per_s"]
    return rows


def single_process_attacks(runs: int) -> dict[str, float]:
    """Attack resolutions per CPU second in this process: logging off, and JSON lines."""
    scenario = load_scenario(ROOT / "scenarios" / "sword_duel.toml")
    seeds = range(scenario.info.seed, scenario.info.seed + runs)
    attacks = sum(sum(1 for e in simulate(scenario, s).events if e.EVENT == "attack")
                  for s in seeds)
    t0 = time.process_time()
    for s in seeds:
        simulate(scenario, s, record=False)
    off = time.process_time() - t0
    t0 = time.process_time()
    for s in seeds:
        simulate(scenario, s, log=io.StringIO(), record=False)
    js = time.process_time() - t0
    return {"runs": runs, "attacks": attacks, "attacks_per_s_off": attacks / off,
            "attacks_per_s_json": attacks / js, "fights_per_s_off": runs / off,
            "fights_per_s_json": runs / js}


PEER = Path(os.environ.get("TIMEDCOMBAT_PEER", ROOT.parent / "shared" / "peer"))
"""Where the peer simulator DnD-battler lies (its folder holds ``DnD_battler/``)."""

DUELS: dict[str, dict[str, Any]] = {
    "tft": {
        "scenario": {"name": "TFT duel", "system": "tft"},
        "combatant": [
            {"id": "ana", "side": "red", "at": [0, 0], "facing": "E", "st": 12, "dx": 12,
             "iq": 8, "ma": 10, "weapons": ["broadsword"]},
            {"id": "bo", "side": "blue", "at": [3, 0], "facing": "W", "st": 12, "dx": 12,
             "iq": 8, "ma": 10, "weapons": ["broadsword"]},
        ],
    },
    "gurps": {
        "scenario": {"name": "GURPS duel", "system": "gurps"},
        "combatant": [
            {"id": "ana", "side": "red", "at": [0, 0], "facing": "E", "st": 11, "dx": 12,
             "ht": 11, "skills": {"broadsword": 13}, "weapons": ["broadsword"]},
            {"id": "bo", "side": "blue", "at": [3, 0], "facing": "W", "st": 11, "dx": 12,
             "ht": 11, "skills": {"broadsword": 13}, "weapons": ["broadsword"]},
        ],
    },
}
"""Sword duels of the turn systems (per attack rates beside the tenths sword duel)."""


def _peer() -> tuple[Any, Any] | None:
    """DnD-battler's encounter class and a knight duel, or ``None`` when it is not there."""
    if not (PEER / "DnD_battler").is_dir():
        return None
    import logging

    sys.path.insert(0, str(PEER))
    try:
        from DnD_battler import Creature, Encounter, log
    except Exception:  # (a broken peer is reported as missing, not a crash of the bench)
        return None
    log.setLevel(logging.WARNING)  # its logging off (it builds a DEBUG record per line)
    enc = Encounter(Creature.load("knight", name="ana", alignment="red"),
                    Creature.load("knight", name="bo", alignment="blue"))
    return enc, log


def _attacks_of(scenario: Any, seeds: range) -> int:
    return sum(sum(1 for e in simulate(scenario, s).events if e.EVENT == "attack")
               for s in seeds)


def side_by_side(runs: int, rounds: int = 3) -> dict[str, Any]:
    """Attack resolutions per CPU second of DnD-battler's knight duel (its logging off) and
    of a sword duel of each system, logging off and with the JSON-lines log, measured in
    this process in alternating rounds (the best round of each counts: the least
    disturbed)."""
    import random

    duels: dict[str, Any] = {"tenths": load_scenario(ROOT / "scenarios" / "sword_duel.toml")}
    for name, doc in DUELS.items():
        try:
            duels[name] = scenario_from_dict(doc, f"bench-{name}")
        except Exception:  # (a system not installed)
            continue
    attacks = {name: _attacks_of(sc, range(runs)) for name, sc in duels.items()}
    best: dict[str, float] = {}
    peer = _peer()
    for _ in range(rounds):
        if peer is not None:
            enc, _log = peer
            for c in enc:
                c.tally["hits"] = c.tally["misses"] = 0
            t0 = time.process_time()
            for i in range(runs):
                random.seed(i)
                enc.battle()
            dt = time.process_time() - t0
            n = sum(c.tally["hits"] + c.tally["misses"] for c in enc)
            best["peer"] = max(best.get("peer", 0.0), n / dt)
        for name, sc in duels.items():
            for logging in ("off", "json"):
                t0 = time.process_time()
                for s in range(runs):
                    simulate(sc, s, record=False,
                             log=io.StringIO() if logging == "json" else None)
                dt = time.process_time() - t0
                key = f"{name}_{logging}"
                best[key] = max(best.get(key, 0.0), attacks[name] / dt)
    return {"runs": runs, "rounds": rounds, "attacks_per_s": best,
            "attacks_per_fight": {k: v / runs for k, v in attacks.items()},
            "peer": None if peer is None else "DnD-battler knight v knight, logging off"}


TARGETS = {("tenths", "off"): 100_000, ("tenths", "json"): 200_000,
           ("tft", "off"): 341_000, ("gurps", "off"): 454_000}
"""Issue 22's targets: most instructions per attack."""


def instruction_counts(pure: bool = True) -> dict[str, dict[str, int]] | None:
    """Instructions per attack of each bench duel by logging (``None``: no valgrind), on
    the pure path or the compiled one."""
    import shutil

    if shutil.which("valgrind") is None:
        return None
    out: dict[str, dict[str, int]] = {}
    for log in ("off", "json"):
        proc = subprocess.run([sys.executable, str(ROOT / "tools" / "instructions.py"),
                               "--log", log, "--json", *(["--pure"] if pure else [])],
                              capture_output=True, text=True, check=True)
        for name, per in json.loads(proc.stdout).items():
            out.setdefault(name, {})[log] = per
    return out


def instructions_table(counts: dict[str, dict[str, int]],
                       compiled: dict[str, dict[str, int]] | None = None) -> Any:
    """The instructions per attack of each duel and logging, with its target and whether
    it meets it; with compiled counts, those too."""
    from rich.table import Table

    t = Table(title="valgrind instructions per attack (tools/instructions.py)")
    for col in ("duel", "logging", "path", "instructions", "target (issue 22)", "meets"):
        t.add_column(col, justify="left" if col in ("duel", "logging", "path") else "right")
    for name, by_log in counts.items():
        for log, per in by_log.items():
            target = TARGETS.get((name, log))
            for path, n in (("pure", per),
                            *((("compiled", compiled[name][log]),) if compiled else ())):
                t.add_row(name, log, path, f"{n / 1000:,.0f}k",
                          f"<= {target / 1000:,.0f}k" if target else "-",
                          ("yes" if n <= target else "no") if target else "-")
    return t


def report(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=None if sys.stdout.isatty() else 132)
    m = data["machine"]
    console.print(f"Python {m['python']}, {m['cpus']} CPUs, the {m['path']} path"
                  + (" (tools/compile.py builds the compiled one)" if m["path"] == "pure"
                     else " (--pure: the .py files)"))
    sim = data["melees"][0]["simulated_s"]
    least = data["min_events"]
    t = Table(title=f"Melees of {sim:g} simulated seconds (CPU time; small ones repeated "
                    f"over seeds to {least:,} events)")
    for col in ("combatants", "runs", "events", "events/s memory", "events/s JSON file",
                "bare simpy /s", "ratio memory", "ratio JSON", "µs/event", "peak MB"):
        t.add_column(col, justify="right")
    for m in data["melees"]:
        t.add_row(str(m["combatants"]), str(m["runs"]), str(m["events"]),
                  f"{m['events_per_s_recorder']:,.0f}",
                  f"{m['events_per_s_json']:,.0f}", f"{m['bare_simpy_per_s']:,.0f}",
                  f"1/{1 / m['ratio_recorder']:.1f}", f"1/{1 / m['ratio_json']:.1f}",
                  f"{m['us_per_event_recorder']:.1f}", f"{m['peak_mb']:.0f}")
    console.print(t)
    small = data["melees"][0]["us_per_event_recorder"]
    big = data["melees"][-1]["us_per_event_recorder"]
    console.print(f"per-event cost at {data['melees'][-1]['combatants']} vs "
                  f"{data['melees'][0]['combatants']} combatants: {big / small:.2f}x")
    b = Table(title="Batch: sword duel (wall time)")
    for col in ("logging", "jobs", "runs", "s", "fights/s", "attacks/s", "vs 1 job"):
        b.add_column(col, justify="right")
    for r in data["batch"]:
        b.add_row(r["logging"], str(r["jobs"]), str(r["runs"]), f"{r['seconds']:.2f}",
                  f"{r['fights_per_s']:,.0f}", f"{r['attacks_per_s']:,.0f}",
                  f"{r['speedup']:.2f}x")
    console.print(b)
    p = data.get("peer")
    if p is not None:
        rates = p["attacks_per_s"]
        peer = rates.get("peer")
        t = Table(title=f"Attack resolutions per CPU second, one process, best of "
                        f"{p['rounds']} alternating rounds of {p['runs']} fights")
        for col in ("simulator", "logging", "attacks/s", "vs peer (logging off)"):
            t.add_column(col, justify="left" if col in ("simulator", "logging") else "right")
        if peer is not None:
            t.add_row("DnD-battler knight duel", "off", f"{peer:,.0f}", "1.00x")
        for key, rate in rates.items():
            if key == "peer":
                continue
            name, logging = key.rsplit("_", 1)
            t.add_row(f"{name} sword duel", logging, f"{rate:,.0f}",
                      f"{rate / peer:.2f}x" if peer else "-")
        console.print(t)
    counts = data.get("instructions")
    if counts:
        console.print(instructions_table(counts, data.get("instructions_compiled")))
    s = data["single"]
    console.print(f"one process, sword duel x{s['runs']}: {s['attacks_per_s_off']:,.0f} "
                  f"attack resolutions/s with logging off, {s['attacks_per_s_json']:,.0f} "
                  f"with the JSON-lines log ({s['fights_per_s_off']:,.0f} / "
                  f"{s['fights_per_s_json']:,.0f} fights/s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--quick", action="store_true", help="small sizes (smoke test)")
    parser.add_argument("--sizes", help="melee sizes, comma-separated (default "
                        f"{','.join(map(str, SIZES))}; 4000 takes a few minutes)")
    parser.add_argument("--no-instructions", action="store_true",
                        help="leave out the valgrind instruction counts")
    parser.add_argument("--pure", action="store_true",
                        help="run the .py files even where compiled modules exist")
    args = parser.parse_args()
    sizes = (2, 20) if args.quick else SIZES
    if args.sizes:
        try:
            sizes = tuple(int(n) for n in args.sizes.split(","))
        except ValueError:
            parser.error(f"--sizes: not a list of numbers: {args.sizes!r}")
        if any(n < 2 for n in sizes):
            parser.error("--sizes: every melee needs at least 2 combatants")
    until = 100 if args.quick else UNTIL
    runs = 100 if args.quick else 2000
    data = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                    "path": speedups.running()},
        "min_events": 2000 if args.quick else 20000,
        "melees": [melee_rates(n, until, 2000 if args.quick else 20000) for n in sizes],
        "batch": batch_rates(runs),
        "single": single_process_attacks(runs // 2),
        "peer": side_by_side(100 if args.quick else 1000, 1 if args.quick else 3),
        "instructions": None if args.quick or args.no_instructions else instruction_counts(),
        "instructions_compiled": None if (args.quick or args.no_instructions or args.pure
                                          or not speedups.compiled_modules())
        else instruction_counts(pure=False),
    }
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        report(data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
