"""Sweep scenarios over many seeds: every log checked, ends counted, crowding measured.

    python tools/sweep.py scenarios/*.toml --seeds 2000          # all bundled scenarios
    python tools/sweep.py scenarios/melee_10v10.toml --seeds 200 --from 1000

For each scenario it prints how many runs ended by each reason (a run ending by
``until`` or ``stalemate`` is listed by seed: those are fights that did not finish),
the most figures ever seen on one hex, and every checker violation found (rule, seed,
tenth, actor); a system with no checker rule set yet is only fought. Exit status 1 when
any log breaks a rule, 0 otherwise. A release check,
not a test: it takes minutes for thousands of seeds.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from timedcombat import load_scenario, simulate
from timedcombat.check import check_events
from timedcombat.checks import get_ruleset
from timedcombat.events import to_dict


def crowding(events: list[dict[str, Any]]) -> int:
    """The most figures standing on one hex at any point of a log."""
    where: dict[str, tuple[int, int]] = {}
    gone: set[str] = set()
    most = 0
    for e in events:
        kind, actor = e["event"], e.get("actor")
        if kind == "placed":
            where[actor] = tuple(e["at"])
        elif kind == "move":
            where[actor] = tuple(e["to"])
        elif kind == "state" and e.get("state") in ("out", "fled") and e.get("value"):
            gone.add(actor)
        else:
            continue
        counts = Counter(h for a, h in where.items() if a not in gone)
        most = max(most, max(counts.values(), default=0))
    return most


def sweep(path: str, seeds: range) -> tuple[Counter[str], list[int], int, list[str]]:
    scenario = load_scenario(path)
    checked = get_ruleset(scenario.system) is not None  # (a system may have no rules yet)
    reasons: Counter[str] = Counter()
    unfinished: list[int] = []
    worst = 0
    broken: list[str] = []
    for seed in seeds:
        result = simulate(scenario, seed)
        events = [to_dict(e) for e in result.events]
        reasons[result.outcome.reason] += 1
        if result.outcome.reason in ("until", "stalemate"):
            unfinished.append(seed)
        worst = max(worst, crowding(events))
        broken += [f"{v.rule} seed={seed} t={v.t} {v.actor}: {v.expected}; found {v.found}"
                   for v in (check_events(events) if checked else ())]
    return reasons, unfinished, worst, broken


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenarios", nargs="+")
    ap.add_argument("--seeds", type=int, default=200, help="seeds per scenario")
    ap.add_argument("--from", dest="first", type=int, default=0, help="first seed")
    args = ap.parse_args(argv)
    bad = False
    for path in args.scenarios:
        reasons, unfinished, worst, broken = sweep(path, range(args.first,
                                                               args.first + args.seeds))
        ends = ", ".join(f"{r}: {n}" for r, n in sorted(reasons.items()))
        print(f"{Path(path).name}: {ends}; most on one hex: {worst}; "
              f"violations: {len(broken)}")
        if unfinished:
            print(f"  unfinished seeds: {' '.join(map(str, unfinished[:50]))}"
                  + (" ..." if len(unfinished) > 50 else ""))
        for line in broken[:20]:
            print("  " + line)
        bad = bad or bool(broken)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
