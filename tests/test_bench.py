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
