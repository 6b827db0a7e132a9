"""How far each checker rule's condition gets on engine logs: lines of it never run.

    python tools/rule_reach.py scenarios/tft_*.toml --seeds 40
    python tools/rule_reach.py scenarios/gurps_*.toml --seeds 40 --decisions
    python tools/rule_reach.py --logs run1.jsonl run2.jsonl --decisions

A rule whose condition never gets past its filters on the engine's own logs checks
nothing there: it reads a name (an event, an option, a cause) the engine does not write,
or the case never comes up in the scenarios. For every rule of the scenarios' system this
runs the scenarios over the seeds (or reads the logs given), checks each log under a line
tracer, and prints the lines of the rule's condition that never ran, with how many times
its first line ran.

``--decisions`` prints instead, for each rule, how often it *decided* something: each
``if`` (or loop) whose branch yields a finding, in the condition and in the helpers it
calls, is a decision; ``examined N`` is the most any of them ran, and the decisions that
never ran are listed (``NEVER EXAMINES``: none of them ran on any log). Slow (a tracer): a
few dozen seeds are enough.
"""

from __future__ import annotations

import argparse
import ast
import dis
import inspect
import json
import sys
from collections import Counter
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from timedcombat import load_scenario, simulate
from timedcombat.check import check_events
from timedcombat.checks import Rule, RuleSet, get_ruleset
from timedcombat.events import to_dict

Lines = Counter[tuple[str, int]]


def traced(files: set[str], counts: Lines, run: Any, entered: set[str] | None = None) -> None:
    """Run ``run()`` counting the lines executed in ``files`` (and, in ``entered``, the
    functions of theirs it called, as ``file:name``)."""
    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            counts[(frame.f_code.co_filename, frame.f_lineno)] += 1
        return local

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename not in files:
            return None
        if entered is not None:
            entered.add(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")
        return local

    sys.settrace(tracer)
    try:
        run()
    finally:
        sys.settrace(None)


def code_lines(code: CodeType) -> set[int]:
    """The lines a code object (and the code nested in it) can run."""
    out = {line for _, line in dis.findlinestarts(code) if line is not None}
    for const in code.co_consts:
        if isinstance(const, CodeType):
            out |= code_lines(const)
    return out


# ---------------------------------------------------------------------- decisions


def _yields_finding(node: ast.AST) -> bool:
    """A ``yield finding(...)`` / ``yield Finding(...)`` or a ``yield from``."""
    if isinstance(node, ast.YieldFrom):
        return True
    if isinstance(node, ast.Yield) and isinstance(node.value, ast.Call):
        f = node.value.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) \
            else ""
        return name in ("finding", "Finding")
    return False


def decisions(path: str) -> dict[int, tuple[str, str]]:
    """Line of each decision in a module -> (function, source text): the innermost ``if``,
    ``for`` or ``while`` around each yielded finding."""
    source = Path(path).read_text(encoding="utf-8")
    lines = source.splitlines()
    out: dict[int, tuple[str, str]] = {}

    def walk(node: ast.AST, func: str, around: ast.stmt | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef):
                walk(child, child.name, None)
                continue
            here = child if isinstance(child, ast.If | ast.For | ast.While) else around
            if _yields_finding(child) and around is not None:
                out[around.lineno] = (func, lines[around.lineno - 1].strip())
            walk(child, func, here)

    walk(ast.parse(source), "", None)
    return out


# ---------------------------------------------------------------------- reports


def report_lines(ruleset: RuleSet, counts: Lines) -> None:
    """Per rule: how often its condition's first line ran, and its lines never run."""
    for r in ruleset.rules:
        fn = r.condition
        file = inspect.getsourcefile(fn) or ""
        source, first = inspect.getsourcelines(fn)
        runnable = sorted(code_lines(fn.__code__) - {first})
        body = [(n, source[n - first].rstrip()) for n in runnable]
        dead = [(n, text) for n, text in body if counts[(file, n)] == 0]
        entry = counts[(file, body[0][0])] if body else 0
        print(f"{r.id:20} {fn.__name__:22} first line {entry:7}  never run: {len(dead)}")
        for n, text in dead:
            print(f"    {n:5} {text.strip()[:90]}")


def report_decisions(rules: tuple[Rule, ...], found: dict[str, dict[int, tuple[str, str]]],
                     per_rule: dict[str, tuple[Lines, set[str]]]) -> int:
    """Per rule: ``examined N`` and its decisions never run; the number of rules that
    never examined anything."""
    idle = 0
    for r in rules:
        counts, entered = per_rule[r.id]
        mine = [(counts[(f, n)], f, n, func, text) for f, ds in found.items()
                for n, (func, text) in sorted(ds.items()) if f"{f}:{func}" in entered]
        most = max((c for c, *_ in mine), default=0)
        idle += most == 0
        print(f"{r.id:22} examined {most}{'  NEVER EXAMINES' if most == 0 else ''}")
        for c, f, n, func, text in mine:
            if c == 0:
                print(f"    {Path(f).name}:{n} {func}: {text[:80]}")
    return idle


def _logs(args: argparse.Namespace) -> tuple[str, list[list[dict[str, Any]]]]:
    """The system and the logs to check: the scenarios run over the seeds, or the files."""
    if args.logs:
        logs = [[json.loads(line) for line in Path(p).read_text(encoding="utf-8").splitlines()
                 if line.strip()] for p in args.scenarios]
        return str(logs[0][0].get("system")), logs
    scenarios = [load_scenario(p) for p in args.scenarios]
    return scenarios[0].system, [[to_dict(e) for e in simulate(s, seed).events]
                                 for s in scenarios for seed in range(args.seeds)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="+", help="scenario files (or, with --logs, logs)")
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--logs", action="store_true", help="the files are JSON-lines logs")
    ap.add_argument("--decisions", action="store_true",
                    help="how often each rule decided something (exit 1: a rule never did)")
    args = ap.parse_args(argv)
    system, logs = _logs(args)
    ruleset = get_ruleset(system)
    if ruleset is None:
        print(f"no rule set for {system}")
        return 1
    files = {inspect.getsourcefile(r.condition) or "" for r in ruleset.rules}
    if not args.decisions:
        counts: Lines = Counter()
        for events in logs:
            traced(files, counts, lambda ev=events: check_events(ev))
        report_lines(ruleset, counts)
        return 0
    files |= {str(p) for f in list(files) for p in Path(f).parent.glob(f"{system}*.py")}
    found = {f: decisions(f) for f in files}
    per_rule: dict[str, tuple[Lines, set[str]]] = {r.id: (Counter(), set())
                                                   for r in ruleset.rules}
    for events in logs:
        prepared = ruleset.prepare(events) if ruleset.prepare else events
        for r in ruleset.rules:
            counts, entered = per_rule[r.id]
            traced(files, counts, lambda c=r.condition, p=prepared: list(c(p)), entered)
    print(f"{len(logs)} logs")
    return 1 if report_decisions(ruleset.rules, found, per_rule) else 0


if __name__ == "__main__":
    raise SystemExit(main())
