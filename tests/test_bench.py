"""tools/bench.py runs and reports every figure (no timing threshold: speed is measured,
not asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_quick_reports_every_figure():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "bench.py"), "--quick",
                           "--json"], capture_output=True, text=True, check=True, cwd=ROOT)
    data = json.loads(proc.stdout)
    assert [m["combatants"] for m in data["melees"]] == [2, 20]
    for m in data["melees"]:
        assert m["events"] > 0 and m["peak_mb"] > 0
        assert m["ratio_recorder"] == m["events_per_s_recorder"] / m["bare_simpy_per_s"]
    assert {(b["logging"], b["jobs"]) for b in data["batch"]} == \
        {("off", 1), ("off", 2), ("json", 1), ("json", 2)}
    assert data["single"]["attacks"] > 0


def test_the_instruction_counts_table_says_how_each_target_stands(monkeypatch):
    sys.path.insert(0, str(ROOT / "tools"))
    import shutil

    import bench
    from rich.console import Console

    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert bench.instruction_counts() is None  # no valgrind: no figures, no error
    pure = {"tenths": {"off": 99_600, "json": 200_400}, "tft": {"off": 341_000, "json": 9}}
    compiled = {"tenths": {"off": 100_600, "json": 150_000}, "tft": {"off": 300_000, "json": 8}}

    def cells(*counts):
        console = Console(width=120, record=True)
        console.print(bench.instructions_table(*counts))
        rows = [line.split("│")[1:-1] for line in console.export_text().splitlines()
                if line.count("│") == 7]
        return [[c.strip() for c in r] for r in rows]

    assert cells(pure) == [["tenths", "off", "pure", "100k", "<= 100k", "yes"],
                           ["tenths", "json", "pure", "200k", "<= 200k", "no"],
                           ["tft", "off", "pure", "341k", "<= 341k", "yes"],
                           ["tft", "json", "pure", "0k", "-", "-"]]
    assert cells(pure, compiled)[:4] == [
        ["tenths", "off", "pure", "100k", "<= 100k", "yes"],
        ["tenths", "off", "compiled", "101k", "<= 100k", "no"],
        ["tenths", "json", "pure", "200k", "<= 200k", "no"],
        ["tenths", "json", "compiled", "150k", "<= 200k", "yes"]]
