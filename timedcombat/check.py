"""``timedcombat check``: a log against the timing rules of its system (docs/check.md).

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

import json
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, BinaryIO

from timedcombat.checks import Event, RuleSet, get_ruleset, systems
from timedcombat.errors import LogFormatError, TimedCombatError
from timedcombat.nesting import depth

CORE: dict[str, type] = {"t": int, "seq": int, "event": str}
IDS: dict[str, tuple[type, ...]] = {"actor": (str,), "target": (str, type(None))}
"""Combatant ids, wherever an event has them (docs/log.md)."""


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
        who = printable(self.actor or "-")
        return (f"{self.rule} t={self.t} {who}: expected {printable(self.expected)}; found "
                f"{printable(self.found)}{where}")

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


def printable(text: str) -> str:
    """``text`` on one line: a character that is not printable (a newline, an escape, a
    lone surrogate from a log's id) written as its escape (``\\n``, ``\\x1b``)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def _type_name(types: tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", bool: "true or false", list: "an array",
             dict: "an object", type(None): "null", float: "a number"}
    return " or ".join(names.get(t, "a value of another kind") for t in types)


def _is(value: Any, types: tuple[type, ...]) -> bool:
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


# Bounds of what `check` reads (docs/log.md, "Limits").
MAX_LOG_BYTES = 256 * 1024 * 1024
MAX_LINE_BYTES = 1024 * 1024
MAX_JSON_DEPTH = 20
MAX_TIME = 2**53 - 1  # `t` and `seq`: integers any JSON reader keeps exactly
MAX_NUMBER = MAX_TIME  # any other integer field a rule set reads, unless bounded closer
MAX_HEX = 10_000_000  # |q| and |r| of a hex in a log (ten times a scenario's bound)
HEX_FIELDS: dict[str, tuple[str, ...]] = {"placed": ("at",), "move": ("from", "to")}
"""The hexes of the core events, read by every rule set: each ``[q, r]``, two integers."""
STDIN = "-"

_JSON_NAMES = {dict: "an object", list: "an array", str: "a string", int: "a number",
               float: "a number", bool: "true or false", type(None): "null"}


def _decode_line(raw: bytes, file: str, n: int) -> dict[str, Any] | None:
    """One line's JSON object (``None`` for a blank line); :class:`LogFormatError` else."""
    if len(raw) > MAX_LINE_BYTES + 1 or (len(raw) == MAX_LINE_BYTES + 1 and raw[-1:] != b"\n"):
        raise LogFormatError(file, n, f"a line longer than {MAX_LINE_BYTES} bytes "
                                      f"({MAX_LINE_BYTES // 1024} KiB), the most a line may be")
    try:
        line = raw.decode("utf-8-sig" if n == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise LogFormatError(file, n, f"not UTF-8 text: {exc.reason}") from None
    return _parse(line, file, n)


_SHARED: dict[Any, Any] = {}


def _shared(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys and short string values are shared with every earlier line
    (a log repeats its keys, ids and names on every line: kept once, not per event)."""
    memo = _SHARED
    out = {}
    for k, v in pairs:
        k = memo.setdefault(k, k)
        if type(v) is str and len(v) <= 40:
            v = memo.setdefault(v, v)
        out[k] = v
    if len(memo) > 100_000:
        memo.clear()  # (a log of ever new strings: stop sharing rather than grow)
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_shared)


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")  # the JSON escape of half a UTF-16 pair


def _no_surrogates(obj: dict[str, Any], file: str, n: int) -> None:
    """A lone surrogate (``"\\ud800"``: half a UTF-16 pair) is valid JSON but no text:
    nothing could print or write it. Names the first key path that holds one."""
    stack: list[tuple[str, Any]] = [("", obj)]
    while stack:
        where, node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if isinstance(k, str):
                path = f"{where}.{k}" if where else k
                if not _is_text(k):
                    raise LogFormatError(file, n, f"a key holds a lone surrogate (half a "
                                                  f"UTF-16 pair): {_shown(k)}")
            else:
                path = f"{where}[{k}]"
            if isinstance(v, str) and not _is_text(v):
                raise LogFormatError(file, n, f"`{_shown(path)[1:-1]}`: a lone surrogate (half "
                                              f"a UTF-16 pair) is not text: {_shown(v)}")
            if isinstance(v, dict | list):
                stack.append((path, v))


def _is_text(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _parse(line: str, file: str, n: int) -> dict[str, Any] | None:
    if not line.strip():
        return None
    try:
        obj = _DECODER.decode(line)
    except RecursionError:
        raise LogFormatError(file, n, _too_deep()) from None
    except ValueError as exc:
        if "digits" in str(exc) and "limit" in str(exc):
            raise LogFormatError(file, n, "not JSON: a number of more than 4300 digits") \
                from None
        raise LogFormatError(file, n, f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise LogFormatError(file, n, f"not a JSON object but {_JSON_NAMES[type(obj)]}")
    if line.count("[") + line.count("{") > MAX_JSON_DEPTH \
            and depth(obj, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise LogFormatError(file, n, _too_deep())
    if "\\u" in line and _SURROGATE.search(line):
        _no_surrogates(obj, file, n)
    return obj


def _too_deep() -> str:
    return f"arrays and objects nested deeper than {MAX_JSON_DEPTH} levels"


def parse_lines(text: str, file: str) -> tuple[list[dict[str, Any]], list[int]]:
    """The JSON objects of a log's lines and their line numbers (blank lines skipped).
    Lines end at ``\n`` only: other line and paragraph separators are text."""
    events: list[dict[str, Any]] = []
    lines: list[int] = []
    for n, line in enumerate(text.removeprefix("\ufeff").split("\n"), 1):
        obj = _parse(line, file, n)
        if obj is not None:
            events.append(obj)
            lines.append(n)
    return events, lines


def read_lines(stream: BinaryIO, file: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for each line of a log read from ``stream``, a line at a time,
    each at most :data:`MAX_LINE_BYTES` and all at most :data:`MAX_LOG_BYTES`."""
    total = 0
    n = 0
    while True:
        try:
            raw = stream.readline(MAX_LINE_BYTES + 1)
        except OSError as exc:
            raise LogFormatError(file, n + 1, f"cannot read: {exc.strerror or exc}") from None
        if not raw:
            return
        n += 1
        total += len(raw)
        if total > MAX_LOG_BYTES:
            raise LogFormatError(file, n, f"the log is larger than {MAX_LOG_BYTES} bytes "
                                          f"({MAX_LOG_BYTES // (1024 * 1024)} MiB), the most "
                                          "`check` reads")
        obj = _decode_line(raw, file, n)
        if obj is not None:
            yield n, obj


class _Validator:
    """Checks a log's shape one event at a time (the fields of docs/log.md and of the rule set)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.ruleset: RuleSet | None = None
        self.prev: Mapping[str, Any] | None = None
        self.start_line = 0
        self.end_line: int | None = None
        self.last_line = 0

    def feed(self, e: Mapping[str, Any], n: int) -> None:
        file = self.file
        _core(e, file, n)
        if self.ruleset is None:
            self.ruleset = _ruleset(e, file, n)
            self.start_line = n
        else:
            prev = self.prev
            assert prev is not None
            if e["t"] < prev["t"]:
                raise LogFormatError(file, n, f"t goes back in time: {e['t']} after "
                                              f"{prev['t']}")
            if e["seq"] <= prev["seq"]:
                raise LogFormatError(file, n, f"seq {e['seq']} does not follow {prev['seq']}")
            if e["event"] == "start":
                raise LogFormatError(file, n, f"a second `start` (the first is on line "
                                              f"{self.start_line}): one log per file")
            if self.end_line is not None:
                raise LogFormatError(file, n, f"an event after `end` (line {self.end_line})")
        if e["event"] == "end":
            self.end_line = n
        _fields(e, self.ruleset, file, n)
        self.prev = e
        self.last_line = n

    def finish(self, complete: bool) -> RuleSet:
        """The rule set; with ``complete`` (a whole log file) the log must end with `end`."""
        if self.ruleset is None:
            raise LogFormatError(self.file, 1, "empty log: the first event must be `start`")
        if complete and self.end_line is None:
            raise LogFormatError(self.file, self.last_line, "the log stops without an `end` "
                                                            "event (cut short?)")
        return self.ruleset


def validate(events: Sequence[Mapping[str, Any]], file: str = "<log>",
             lines: Sequence[int] | None = None, complete: bool = False) -> RuleSet:
    """Check the log's shape (the fields of docs/log.md and of the rule set); its rule set. One
    `start`, first; nothing after `end`; with ``complete`` (a whole file) `end` is needed."""
    at = list(lines) if lines is not None else list(range(1, len(events) + 1))
    check = _Validator(file)
    for e, n in zip(events, at, strict=True):
        check.feed(e, n)
    return check.finish(complete)


def _core(e: Mapping[str, Any], file: str, n: int) -> None:
    for key, typ in CORE.items():
        if key not in e:
            raise LogFormatError(file, n, f"missing `{key}`")
        if not _is(e[key], (typ,)):
            raise LogFormatError(file, n, f"`{key}` must be {_type_name((typ,))}, "
                                          f"not {_shown(e[key])}")
    if e["t"] < 0:
        raise LogFormatError(file, n, f"`t` must not be negative, not {_shown(e['t'])}")
    for key in ("t", "seq"):
        if abs(e[key]) > MAX_TIME:
            raise LogFormatError(file, n, f"`{key}` must be at most {MAX_TIME}, not "
                                          f"{_shown(e[key])}")
    for key, types in IDS.items():
        if key in e and not _is(e[key], types):
            raise LogFormatError(file, n, f"`{key}` must be {_type_name(types)}, "
                                          f"not {_shown(e[key])}")
    for key in HEX_FIELDS.get(e["event"], ()):
        if key in e:
            _hex(e, key, file, n)
    if e["event"] == "start" and "walls" in e:  # the map's walls: a list of hexes
        walls = e["walls"]
        if type(walls) is not list:
            raise LogFormatError(file, n, f"`start`: `walls` must be a list of hexes [q, r], "
                                          f"not {_shown(walls)}")
        for k, wall in enumerate(walls):
            _hex(e, f"walls[{k}]", file, n, wall)


_FIELD = object()  # (_hex's value: the event's own field)


def _hex(e: Mapping[str, Any], key: str, file: str, n: int, value: Any = _FIELD) -> None:
    value = e[key] if value is _FIELD else value
    if not (type(value) is list and len(value) == 2 and all(type(c) is int for c in value)):
        raise LogFormatError(file, n, f"`{e['event']}`: `{key}` must be a hex [q, r] of two "
                                      f"integers, not {_shown(value)}")
    if not all(-MAX_HEX <= c <= MAX_HEX for c in value):
        raise LogFormatError(file, n, f"`{e['event']}`: `{key}`: q and r must be between "
                                      f"{-MAX_HEX} and {MAX_HEX}, not {_shown(value)}")


def _shown(value: Any) -> str:
    """A JSON value as a message shows it: cut when long."""
    text = json.dumps(value, ensure_ascii=True) if not isinstance(value, int) or \
        abs(value) < 10**18 else f"<a number of {len(str(abs(value)))} digits>"
    return text if len(text) <= 60 else text[:57] + "..."


def _clip(text: str) -> str:
    """A name from the log, cut when long, without control characters."""
    text = text if len(text) <= 40 else text[:40] + "…"
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def _ruleset(first: Mapping[str, Any], file: str, n: int) -> RuleSet:
    if first["event"] != "start":
        raise LogFormatError(file, n, f"the first event must be `start`, not "
                                      f"`{_clip(first['event'])}`")
    system = first.get("system")
    if not isinstance(system, str):
        raise LogFormatError(file, n, "`start` needs `system` (a string)")
    ruleset = get_ruleset(system)
    if ruleset is None:
        raise LogFormatError(file, n, f"unknown system {_clip(system)!r} (known: "
                                      f"{', '.join(systems())})")
    return ruleset


def _fields(e: Mapping[str, Any], ruleset: RuleSet, file: str, n: int) -> None:
    for key, spec in ruleset.schema.get(e["event"], {}).items():
        types, required = spec[0], spec[1]
        if key not in e:
            if required:
                raise LogFormatError(file, n, f"`{_clip(e['event'])}` needs `{key}`")
            continue
        value = e[key]
        if not _is(value, types):
            raise LogFormatError(file, n, f"`{_clip(e['event'])}`: `{key}` must be "
                                          f"{_type_name(types)}, not {_shown(value)}")
        if isinstance(value, int) and not isinstance(value, bool):
            least, most = spec[2] if len(spec) > 2 else (-MAX_NUMBER, MAX_NUMBER)
            if not least <= value <= most:
                raise LogFormatError(file, n, f"`{_clip(e['event'])}`: `{key}` must be "
                                              f"{least}..{most}, not {_shown(value)}")
        elif len(spec) > 2 and isinstance(value, list | dict):
            least, most = spec[2]
            for where, number in _numbers(value, key):
                if not least <= number <= most:
                    raise LogFormatError(file, n, f"`{_clip(e['event'])}`: `{_clip(where)}` "
                                                  f"must be {least}..{most}, not "
                                                  f"{_shown(number)}")


def _numbers(value: Any, where: str) -> Iterator[tuple[str, int]]:
    """Every integer inside an array or object, with its key path (``slots[2]``,
    ``modifiers.side``); nesting is bounded by :data:`MAX_JSON_DEPTH`."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield where, value
    elif isinstance(value, list):
        for k, v in enumerate(value):
            yield from _numbers(v, f"{where}[{k}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _numbers(v, f"{where}.{k}")


def _open(path: str) -> BinaryIO:
    if path == STDIN:
        return sys.stdin.buffer
    try:
        return open(path, "rb")  # noqa: SIM115 - closed by read_log
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise LogFormatError(path, 0, f"cannot read: {reason}") from None


def read_log(path: str, complete: bool = True
             ) -> tuple[list[dict[str, Any]], list[int], RuleSet]:
    """A log file's events, their line numbers and its rule set, read a line at a time
    (``-``: standard input); ``LogFormatError`` when it is not a valid, whole log."""
    file = "<stdin>" if path == STDIN else path
    stream = _open(path)
    events: list[dict[str, Any]] = []
    lines: list[int] = []
    check = _Validator(file)
    try:
        for n, obj in read_lines(stream, file):
            check.feed(obj, n)
            events.append(obj)
            lines.append(n)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    return events, lines, check.finish(complete)


# ---------------------------------------------------------------------- checking


def _run(ruleset: RuleSet, events: Sequence[Event], lines: Sequence[int] | None,
         file: str = "<log>") -> list[Violation]:
    at = list(lines) if lines is not None else list(range(1, len(events) + 1))
    line_of = {e["seq"]: n for e, n in zip(events, at, strict=True)}
    try:
        facts = ruleset.prepare(events)
        found = [Violation(rule.id, f.t, f.actor, f.expected, f.found, f.seq,
                           line_of.get(f.seq))
                 for rule in ruleset.rules for f in rule.condition(facts)]
    except TimedCombatError:
        raise
    except Exception as exc:  # the last resort: a value no check of the shape foresaw
        raise LogFormatError(file, None, f"cannot read it as a {ruleset.system} log: the "
                                         f"rule set met a value it cannot use (unreadable "
                                         f"log)") from exc
    return sorted(found, key=lambda v: (v.t, v.line or 0, v.rule))


def check_events(events: Sequence[Event], file: str = "<log>",
                 lines: Sequence[int] | None = None) -> list[Violation]:
    """Every violation of the timing rules in a log given as JSON objects, in log order.
    ``LogFormatError`` when they are not a valid log."""
    return _run(validate(events, file, lines), events, lines, file)


def check_file(path: str) -> Report:
    """Check the log at ``path`` (``-``: standard input) against its system's timing rules."""
    events, lines, ruleset = read_log(path)
    file = "<stdin>" if path == STDIN else path
    violations = _run(ruleset, events, lines, file)
    return Report(file, ruleset.system, len(events), len(ruleset.rules), tuple(violations))


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


__all__ = ["MAX_JSON_DEPTH", "MAX_LINE_BYTES", "MAX_LOG_BYTES", "MAX_TIME", "Report",
           "Violation", "check_events", "check_file", "format_report",
           "parse_lines", "read_lines", "read_log", "validate"]
