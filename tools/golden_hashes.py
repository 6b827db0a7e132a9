"""Fingerprints of the JSON-lines logs of every bundled scenario for many seeds: a
refactoring that must not change any fight is checked by comparing two runs of this.

    python tools/golden_hashes.py --seeds 100 > before.txt
    ...  # change the engine
    python tools/golden_hashes.py --seeds 100 --compare before.txt

Each line is ``scenario seed sha256`` of the log (seed ``-`` is the scenario's own seed);
``--compare`` prints the lines that differ and exits 1 when any does.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timedcombat import load_scenario, simulate  # noqa: E402


def fingerprints(path: str, seeds: int) -> list[str]:
    """The lines of one scenario: its own seed, then seeds 1..``seeds``."""
    scenario = load_scenario(path)
    name = Path(path).name
    lines = []
    for seed in [None, *range(1, seeds + 1)]:
        out = io.StringIO()
        simulate(scenario, seed, log=out, record=False)
        digest = hashlib.sha256(out.getvalue().encode()).hexdigest()
        lines.append(f"{name} {'-' if seed is None else seed} {digest}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", help="scenario files (default: scenarios/*.toml)")
    parser.add_argument("--seeds", type=int, default=100, help="seeds 1..N besides the own")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--compare", help="a file of fingerprints to compare with")
    args = parser.parse_args()
    paths = args.scenarios or sorted(str(p) for p in (ROOT / "scenarios").glob("*.toml"))
    with ProcessPoolExecutor(args.jobs) as pool:
        lines = [line for chunk in pool.map(fingerprints, paths, [args.seeds] * len(paths))
                 for line in chunk]
    if not args.compare:
        print("\n".join(lines))
        return 0
    before = dict(line.rsplit(" ", 1) for line in Path(args.compare).read_text().split("\n")
                  if line)
    differ = [line for line in lines
              if before.get(line.rsplit(" ", 1)[0]) != line.rsplit(" ", 1)[1]]
    for line in differ:
        print("differs:", line)
    print(f"{len(lines) - len(differ)} of {len(lines)} logs the same")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
