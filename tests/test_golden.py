"""Golden logs: each example scenario, at its own seed, gives exactly the checked-in log.

After an intended change of behaviour, regenerate with
``TIMEDCOMBAT_REGEN=1 pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from timedcombat import load_scenario, simulate

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
GOLDEN = ROOT / "tests" / "golden"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_example_scenario_matches_its_golden_log(path):
    buf = io.StringIO()
    simulate(load_scenario(path), log=buf, record=False)
    golden = GOLDEN / f"{path.stem}.jsonl"
    if os.environ.get("TIMEDCOMBAT_REGEN"):
        golden.write_text(buf.getvalue(), encoding="utf-8")
    assert golden.exists(), f"no golden log for {path.name}: run with TIMEDCOMBAT_REGEN=1"
    assert buf.getvalue() == golden.read_text(encoding="utf-8")
