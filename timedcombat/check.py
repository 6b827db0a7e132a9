"""``timedcombat check``: a log against the timing rules of its system (DESIGN §6).

The checker reads a JSON-lines log, written by the engine or by hand from a fight at a
real table, and checks it against the rule set of the system its ``start`` event names
(:mod:`timedcombat.checks`). It runs no engine code: the rule sets are declarative
statements of the rule texts, and this module only reads logs and reports.

    >>> report = check_file("fight.jsonl")            # doctest: +SKIP
    >>> [str(v) for v in report.violations]           # doctest: +SKIP

Exit status of the command: 0 clean, 1 with violations (one per line), 2 for a file that
is not a valid log (``error: FILE:LINE: what is wrong``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from timedcombat.checks import Event, RuleSet, get_ruleset, systems
from timedcombat.errors import LogFormatError

CORE: dict[str, type] = {"t": int, "seq": int, "event": str}
IDS: dict[str, tuple[type, ...]] = {"actor": (str,), "target": (str, type(None))}
"""Combatant ids, wherever an event has them (DESIGN §5)."""


@dataclass(frozen=True)
class Violation:
    """A rule a log breaks: rule id, tenth, actor, what the rule expects, what was found."""

    rule: str
    t: int
    actor: str | None
    expected: str
    found: str
    seq: int | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line is not None else ""
        who = self.actor or "-"
        return f"{self.rule} t={self.t} {who}: expected {self.expected}; found {self.found}{where}"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Report:
    """What checking one log found."""

    file: str
    system: str
    events: int
    rules: int
    violations: tuple[Violation, ...] = field(default=())

    @property
    def clean(self) -> bool:
        return not self.violations


# ---------------------------------------------------------------------- reading


def _type_name(types: tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", bool: "true or false", list: "a list",
             dict: "an object", type(None): "null"}
    return " or ".join(names.get(t, t.__name__) for t in types)


def _is(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def parse_lines(text: str, file: str) -> tuple[list[dict[str, Any]], list[int]]:
    """The JSON objects of a log's lines and their line numbers (blank lines skipped)."""
    events: list[dict[str, Any]] = []
    lines: list[int] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise LogFormatError(file, n, f"not JSON: {exc}") from None
        if not isinstance(obj, dict):
            raise LogFormatError(file, n, f"not a JSON object but {type(obj).__name__}")
        events.append(obj)
        lines.append(n)
    return events, lines


def validate(events: Sequence[Mapping[str, Any]], file: str = "<log>",
             lines: Sequence[int] | None = None) -> RuleSet:
    """Check the log's shape (DESIGN §5 and the rule set's fields); its rule set."""
    at = list(lines) if lines is not None else list(range(1, len(events) + 1))
    if not events:
        raise LogFormatError(file, 1, "empty log: the first event must be `start`")
    _core(events[0], file, at[0])
    ruleset = _ruleset(events[0], file, at[0])
    prev_t, prev_seq = events[0]["t"], events[0]["seq"]
    for e, n in zip(events[1:], at[1:], strict=True):
        _core(e, file, n)
        if e["t"] < prev_t:
            raise LogFormatError(file, n, f"t goes back in time: {e['t']} after {prev_t}")
        if e["seq"] <= prev_seq:
            raise LogFormatError(file, n, f"seq {e['seq']} does not follow {prev_seq}")
        prev_t, prev_seq = e["t"], e["seq"]
    for e, n in zip(events, at, strict=True):
        _fields(e, ruleset, file, n)
    return ruleset


def _core(e: Mapping[str, Any], file: str, n: int) -> None:
    for key, typ in CORE.items():
        if key not in e:
            raise LogFormatError(file, n, f"missing `{key}`")
        if not _is(e[key], (typ,)):
            raise LogFormatError(file, n, f"`{key}` must be {_type_name((typ,))}, "
                                          f"not {json.dumps(e[key])}")
    if e["t"] < 0:
        raise LogFormatError(file, n, f"`t` must not be negative, not {e['t']}")
    for key, types in IDS.items():
        if key in e and not _is(e[key], types):
            raise LogFormatError(file, n, f"`{key}` must be {_type_name(types)}, "
                                          f"not {json.dumps(e[key])}")


def _ruleset(first: Mapping[str, Any], file: str, n: int) -> RuleSet:
    if first["event"] != "start":
        raise LogFormatError(file, n, f"the first event must be `start`, not "
                                      f"`{first['event']}`")
    system = first.get("system")
    if not isinstance(system, str):
        raise LogFormatError(file, n, "`start` needs `system` (a string)")
    ruleset = get_ruleset(system)
    if ruleset is None:
        raise LogFormatError(file, n, f"unknown system {system!r} (known: "
                                      f"{', '.join(systems())})")
    return ruleset


def _fields(e: Mapping[str, Any], ruleset: RuleSet, file: str, n: int) -> None:
    for key, (types, required) in ruleset.schema.get(e["event"], {}).items():
        if key not in e:
            if required:
                raise LogFormatError(file, n, f"`{e['event']}` needs `{key}`")
            continue
        if not _is(e[key], types):
            raise LogFormatError(file, n, f"`{e['event']}`: `{key}` must be "
                                          f"{_type_name(types)}, not {json.dumps(e[key])}")


def _read_text(path: str) -> str:
    """The file as text: UTF-8 (a byte-order mark, as some editors write, is dropped)."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise LogFormatError(path, 0, f"cannot read: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise LogFormatError(path, line, f"not UTF-8 text: {exc.reason}") from None


def read_log(path: str) -> tuple[list[dict[str, Any]], list[int]]:
    """A log file's events and their line numbers; ``LogFormatError`` when it is not a
    valid log."""
    events, lines = parse_lines(_read_text(path), path)
    validate(events, path, lines)
    return events, lines


# ---------------------------------------------------------------------- checking


def _run(ruleset: RuleSet, events: Sequence[Event], lines: Sequence[int] | None
         ) -> list[Violation]:
    at = list(lines) if lines is not None else list(range(1, len(events) + 1))
    line_of = {e["seq"]: n for e, n in zip(events, at, strict=True)}
    facts = ruleset.prepare(events)
    found = [Violation(rule.id, f.t, f.actor, f.expected, f.found, f.seq, line_of.get(f.seq))
             for rule in ruleset.rules for f in rule.condition(facts)]
    return sorted(found, key=lambda v: (v.t, v.line or 0, v.rule))


def check_events(events: Sequence[Event], file: str = "<log>",
                 lines: Sequence[int] | None = None) -> list[Violation]:
    """Every violation of the timing rules in a log given as JSON objects, in log order.
    ``LogFormatError`` when they are not a valid log."""
    return _run(validate(events, file, lines), events, lines)


def check_file(path: str) -> Report:
    """Check the log at ``path`` against its system's timing rules."""
    events, lines = parse_lines(_read_text(path), path)
    ruleset = validate(events, path, lines)
    violations = _run(ruleset, events, lines)
    return Report(path, ruleset.system, len(events), len(ruleset.rules), tuple(violations))


def format_report(report: Report, as_json: bool = False) -> Iterable[str]:
    """The lines ``timedcombat check`` prints for a report."""
    if as_json:
        for v in report.violations:
            yield json.dumps(v.as_dict(), separators=(",", ":"))
        return
    for v in report.violations:
        yield str(v)
    if report.clean:
        yield (f"{report.file}: clean ({report.events} events, {report.rules} "
               f"{report.system} rules)")
    else:
        n = len(report.violations)
        yield f"{report.file}: {n} violation{'s' if n != 1 else ''} of the {report.system} rules"


def main_check(args: argparse.Namespace) -> int:
    """``timedcombat check LOG [--json]``: 0 clean, 1 with violations (2: raised)."""
    report = check_file(args.log)
    for line in format_report(report, bool(getattr(args, "json", False))):
        print(line)
    return 0 if report.clean else 1


__all__ = ["Report", "Violation", "check_events", "check_file", "format_report",
           "main_check", "parse_lines", "read_log", "validate"]
