"""Instructions per attack resolution of the bench duels, by valgrind's callgrind
(repeatable on a busy machine, unlike CPU seconds).

    python tools/instructions.py                 # tenths, tft, gurps duels, logging off
    python tools/instructions.py --log json      # with the JSON-lines log
    python tools/instructions.py --duels tenths

A child process runs fights of seeds 0..N-1 under callgrind; the figure is the
difference between 43 and 3 fights, divided by the attacks of fights 3..42: imports and
warm-up cancel out.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

FEW, MANY = 3, 43


def _scenario(name: str):  # type: ignore[no-untyped-def]
    from bench import DUELS

    from timedcombat import load_scenario
    from timedcombat.loading import scenario_from_dict

    if name == "tenths":
        return load_scenario(ROOT / "scenarios" / "sword_duel.toml")
    return scenario_from_dict(DUELS[name], f"bench-{name}")


def child(name: str, log: str, fights: int) -> None:
    from timedcombat import simulate

    scenario = _scenario(name)
    for seed in range(fights):
        simulate(scenario, seed, record=False, log=io.StringIO() if log == "json" else None)


def attacks(name: str) -> int:
    from timedcombat import simulate

    scenario = _scenario(name)
    return sum(sum(1 for e in simulate(scenario, s).events if e.EVENT == "attack")
               for s in range(FEW, MANY))


def total(name: str, log: str, fights: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--child", name, log, str(fights)],
                       check=True, capture_output=True)
        text = Path(out).read_text(errors="replace")
    m = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
    assert m, "no totals in callgrind output"
    return int(m.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", default="tenths,tft,gurps")
    parser.add_argument("--log", default="off", choices=("off", "json"))
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return 0
    figures = {}
    for name in args.duels.split(","):
        n = attacks(name)
        per = (total(name, args.log, MANY) - total(name, args.log, FEW)) / n
        figures[name] = round(per)
        if not args.json:
            print(f"{name:7} log {args.log:4} {per / 1000:8.0f}k instructions per attack "
                  f"({n} attacks)")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
