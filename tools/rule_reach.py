"""How far each checker rule's condition gets on engine logs: lines of it never run.

    python tools/rule_reach.py scenarios/tft_*.toml --seeds 40

A rule whose condition never gets past its filters on the engine's own logs checks
nothing there: it reads a name (an event, an option, a cause) the engine does not write,
or the case never comes up in the scenarios. For every rule of the scenarios' system this
runs the scenarios over the seeds, checks each log under a line tracer, and prints the
lines of the rule's condition (and of the helpers in the same module) that never ran,
with how many times its first line ran. Slow (a tracer): a few dozen seeds are enough.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from collections import Counter
from types import FrameType
from typing import Any

from timedcombat import load_scenario, simulate
from timedcombat.check import check_events
from timedcombat.checks import get_ruleset
from timedcombat.events import to_dict


def traced(files: set[str], counts: Counter[tuple[str, int]], run: Any) -> None:
    """Run ``run()`` counting the lines executed in ``files``."""
    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            counts[(frame.f_code.co_filename, frame.f_lineno)] += 1
        return local

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename in files else None

    sys.settrace(tracer)
    try:
        run()
    finally:
        sys.settrace(None)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="+")
    ap.add_argument("--seeds", type=int, default=40)
    args = ap.parse_args()
    system = load_scenario(args.scenarios[0]).system
    ruleset = get_ruleset(system)
    if ruleset is None:
        print(f"no rule set for {system}")
        return 1
    files = {inspect.getsourcefile(r.condition) or "" for r in ruleset.rules}
    counts: Counter[tuple[str, int]] = Counter()
    for path in args.scenarios:
        scenario = load_scenario(path)
        for seed in range(args.seeds):
            events = [to_dict(e) for e in simulate(scenario, seed).events]
            traced(files, counts, lambda ev=events: check_events(ev))
    for r in ruleset.rules:
        fn = r.condition
        file = inspect.getsourcefile(fn) or ""
        lines, first = inspect.getsourcelines(fn)
        body = [(first + k, text.rstrip()) for k, text in enumerate(lines)
                if k and text.strip() and not text.strip().startswith(("#", '"""'))]
        dead = [(n, text) for n, text in body if counts[(file, n)] == 0]
        entry = counts[(file, body[0][0])] if body else 0
        print(f"{r.id:20} {fn.__name__:22} first line {entry:7}  never run: {len(dead)}")
        for n, text in dead:
            print(f"    {n:5} {text.strip()[:90]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
