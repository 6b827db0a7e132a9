"""The logs of every bundled scenario, its own seed and seeds 1-100, are the ones
recorded in ``tests/golden/fingerprints.txt`` (sha256 of each JSON-lines log): a change
of the engine that alters any fight fails here, and its commit must say why and record
the new fingerprints (``python tools/golden_hashes.py --seeds 100 >
tests/golden/fingerprints.txt``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from golden_hashes import fingerprints  # noqa: E402


def test_every_bundled_scenario_fights_as_recorded() -> None:
    recorded = (ROOT / "tests" / "golden" / "fingerprints.txt").read_text().split("\n")
    recorded = [line for line in recorded if line]
    names = sorted({line.split(" ", 1)[0] for line in recorded})
    paths = sorted(p.name for p in (ROOT / "scenarios").glob("*.toml"))
    assert names == paths, "a scenario added or removed: record the fingerprints again"
    now = [line for name in names for line in fingerprints(str(ROOT / "scenarios" / name), 100)]
    differ = [a for a, b in zip(now, recorded, strict=True) if a != b]
    assert not differ, f"{len(differ)} logs differ, first: {differ[:3]}"
