"""Instructions per attack resolution of the bench duels, by valgrind's callgrind
(repeatable on a busy machine, unlike CPU seconds).

    python tools/instructions.py                 # tenths, tft, gurps duels, logging off
    python tools/instructions.py --log json      # with the JSON-lines log
    python tools/instructions.py --duels tenths
    python tools/instructions.py --long          # long fights: the cost of one more blow
    python tools/instructions.py --pure          # the .py files even where compiled

Where ``tools/compile.py`` has built compiled modules, the child runs them unless
``--pure`` (``TIMEDCOMBAT_PURE=1``); each figure says which path it is.

A child process runs fights of seeds 0..N-1 under callgrind; the figure is the
difference between 43 and 3 fights, divided by the attacks of fights 3..42: imports and
warm-up cancel out. A duel's figure includes each fight's set-up and approach (a sword
duel is 3 to 8 attacks); ``--long`` makes the fights long (:data:`LONG`: bodies, ST or
armour raised, 30 to 60 attacks a fight; the difference of 6 and 1 fights) so that what
is left is nearly all the cost of a blow and its turn.
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
LONG_FEW, LONG_MANY = 1, 6

LONG = {"tenths": {"body": 150}, "tft": {"st": 100}, "gurps": {"armor": 5}}
"""What makes each duel long (set on both combatants): 58, 36 and 33 attacks a fight."""


def _scenario(name: str, long: bool = False):  # type: ignore[no-untyped-def]
    import copy
    import tomllib

    from bench import DUELS

    from timedcombat.loading import scenario_from_dict

    if name == "tenths":
        data = tomllib.loads((ROOT / "scenarios" / "sword_duel.toml").read_text())
    else:
        data = copy.deepcopy(DUELS[name])
    if long:
        for c in data["combatant"]:
            c.update(LONG[name])
    return scenario_from_dict(data, f"bench-{name}")


def child(name: str, log: str, fights: int, long: bool) -> None:
    from timedcombat import simulate

    scenario = _scenario(name, long)
    for seed in range(fights):
        simulate(scenario, seed, record=False, log=io.StringIO() if log == "json" else None)


def attacks(name: str, first: int, end: int, long: bool) -> int:
    from timedcombat import simulate

    scenario = _scenario(name, long)
    return sum(sum(1 for e in simulate(scenario, s).events if e.EVENT == "attack")
               for s in range(first, end))


def path(pure: bool) -> str:
    """``pure`` or ``compiled``: the path the child runs."""
    proc = subprocess.run([sys.executable, "-c", "import timedcombat.speedups as s; "
                           "print(s.running())"], cwd=ROOT, env=_env(pure), check=True,
                          capture_output=True, text=True)
    return proc.stdout.strip()


def _env(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "TIMEDCOMBAT_PURE"}
    env["PYTHONHASHSEED"] = "0"  # (set orders: repeatable)
    if pure:
        env["TIMEDCOMBAT_PURE"] = "1"
    return env


def total(name: str, log: str, fights: int, long: bool, pure: bool = False) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--child", name, log, str(fights),
                        str(int(long))],
                       check=True, capture_output=True, env=_env(pure))
        text = Path(out).read_text(errors="replace")
    m = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.M)
    assert m, "no totals in callgrind output"
    return int(m.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", default="tenths,tft,gurps")
    parser.add_argument("--log", default="off", choices=("off", "json"))
    parser.add_argument("--long", action="store_true",
                        help="long fights: the cost of one more blow (see LONG)")
    parser.add_argument("--pure", action="store_true",
                        help="run the .py files even where compiled modules exist")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]), args.child[3] == "1")
        return 0
    few, many = (LONG_FEW, LONG_MANY) if args.long else (FEW, MANY)
    figures = {}
    running = path(args.pure)
    for name in args.duels.split(","):
        n = attacks(name, few, many, args.long)
        per = (total(name, args.log, many, args.long, args.pure)
               - total(name, args.log, few, args.long, args.pure)) / n
        figures[name] = round(per)
        if not args.json:
            kind = "long fights" if args.long else "duel"
            print(f"{name:7} log {args.log:4} {per / 1000:8.0f}k instructions per attack "
                  f"({kind}: {n} attacks in {many - few} fights; {running})")
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
