"""Fuzz the command line with mutated scenarios and mutated logs (issue 20).

    python tools/fuzz.py --scenarios 3000 --logs 2500 --jobs 1 --timeout 20 --seed 1 \\
        --keep /tmp/fuzz-long
    python tools/fuzz.py --case log:123 --seed 1 --keep /tmp/one      # one case again

Every scenario case starts from one of the bundled ``scenarios/*.toml`` (the four systems
in turn) and mutates its keys and values: wrong types, huge or negative numbers, figures
placed far away (within the documented ±1,000,000), long dice lists, unicode and lone
surrogates, missing and extra keys, plan words, ``[rules]`` parameters. Every log case
starts from an engine log of a bundled scenario and mutates its lines: numbers to 10^9,
2^64 or -1, wrong types, hexes such as ``["", 0]``, dropped, doubled and reordered lines,
lone surrogates, cut lines. Each case goes through the real command line (``run``,
``check``, some through ``batch``, ``map`` or ``show``; the log ``run`` writes is checked
too) in a worker process (``python tools/fuzz.py --worker``), command by command, each
under ``--timeout`` seconds: a worker that takes longer is killed and replaced.

A finding is a traceback, a command that hangs, an exit status a command may not give (1
from anything but ``check``), an exit 1 from ``check`` that is not a list of violations,
an exit 2 that is not one printable ``error: FILE: ...`` line, an error line that says the
program failed inside itself, or a log of the engine's that ``check`` refuses. The counts
per system and kind are printed at the end; exit status 1 when anything was found.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import json
import math
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SYSTEMS = ("tenths", "tft", "percentile", "gurps")
KINDS = ("scenario", "log")
OUTPUT_CAP = 20_000  # characters of a command's output kept in a report (judged in full)


# --- records --------------------------------------------------------------------------------

@attrs.frozen
class Command:
    """One command of a case: ``argv`` with ``{S}`` (the input file), ``{L}`` (a log to
    write), ``{O}`` (a CSV to write) for paths; ``engine`` when it checks the log an
    earlier command wrote (run only when that one exited 0)."""

    argv: tuple[str, ...]
    stdin: bytes | None = None
    engine: bool = False


@attrs.frozen
class Case:
    """A mutated input and the commands it goes through."""

    kind: str
    index: int
    seed: int
    system: str
    base: str
    mutations: tuple[str, ...]
    name: bytes  # the input's file name (bytes: it may be no UTF-8)
    data: bytes
    commands: tuple[Command, ...]
    encoding: str = "utf-8"  # of standard output and error

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.index}"


@attrs.frozen
class Result:
    """What one command did."""

    argv: tuple[str, ...]
    status: int | None  # None: it did not end within the time allowed
    stdout: str
    stderr: str
    seconds: float
    engine: bool = False


@attrs.frozen
class Finding:
    """Something a command must not do: ``symptom`` names it in a few words, the same for
    the same bug (numbers and paths taken out); ``detail`` is the evidence."""

    symptom: str
    command: str
    detail: str
    note: bool = False  # reported, but not counted as a failure


# --- vocabulary -----------------------------------------------------------------------------

def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


class Vocabulary:
    """Words, keys and parameters the mutations draw from, read from the bundled scenarios
    and from each system's loader and rule parameters (so that mutations reach past the
    first check)."""

    def __init__(self) -> None:
        import importlib

        self.docs: dict[str, dict[str, Any]] = {}
        self.system_of: dict[str, str] = {}
        for path in sorted(SCENARIOS.glob("*.toml")):
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
            self.docs[path.stem] = doc
            self.system_of[path.stem] = doc["scenario"]["system"]
        self.bases = {s: [b for b, sy in self.system_of.items() if sy == s] for s in SYSTEMS}
        self.actions: dict[str, dict[str, Any]] = {}
        self.plan_keys: set[str] = set()
        for system in SYSTEMS:
            loader = importlib.import_module(f"timedcombat.systems.{system}.loader")
            vocab = getattr(loader, "PLAN_VOCABULARY", {})
            self.actions[system] = {name: sorted(spec.keys) for name, spec in vocab.items()}
            self.plan_keys |= {k for keys in self.actions[system].values() for k in keys}
        self.params = {s: _parameters(s) for s in SYSTEMS}
        words = set()
        for doc in self.docs.values():
            words |= set(_strings(doc))
        for system in SYSTEMS:
            words |= set(self.actions[system]) | {str(v) for v in self.params[system].values()}
        self.words = sorted(words | set(SYSTEMS) | {"E", "NE", "NW", "W", "SW", "SE"})
        self.combatant_keys = sorted({k for doc in self.docs.values()
                                      for c in doc.get("combatant", []) for k in c})
        self.section_keys = {sec: sorted({k for doc in self.docs.values()
                                          for k in doc.get(sec, {})})
                             for sec in ("scenario", "map")}
        self._logs: dict[tuple[str, int], list[bytes]] = {}

    def log(self, base: str, seed: int) -> list[bytes]:
        """The engine's log of a bundled scenario, as lines (without their ``\\n``)."""
        key = (base, seed)
        if key not in self._logs:
            from timedcombat import load_scenario, simulate

            buf = io.StringIO()
            simulate(load_scenario(SCENARIOS / f"{base}.toml"), seed, log=buf, record=False)
            self._logs[key] = [line.encode() for line in buf.getvalue().splitlines()]
        return self._logs[key]


def _parameters(system: str) -> dict[str, Any]:
    """``timedcombat rules SYSTEM parameters --json``: name -> default value."""
    from timedcombat.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["rules", system, "parameters", "--json"])
    table = json.loads(out.getvalue())
    rows = next(iter(table.values()))["rows"] if "rows" not in table else table["rows"]
    return {row["name"]: row["value"] for row in rows}


_VOCAB: Vocabulary | None = None


def vocabulary() -> Vocabulary:
    global _VOCAB
    if _VOCAB is None:
        _VOCAB = Vocabulary()
    return _VOCAB


# --- values ---------------------------------------------------------------------------------

NUMBERS: list[Any] = [-1, 0, 1, -2, 10**9, -10**9, 2**31, 2**53 + 1, 2**63 - 1, 2**63,
                      -2**63, 2**64, 10**18, 10**30, 10**100, 999_999, 1_000_000, 1_000_001,
                      0.5, -0.0, 1e308, -1e308, math.inf, -math.inf, math.nan]
STRINGS = ["", " ", "x", "é", "日本語", "🗡️", "a\u0301", "\u202eevil", "\u200b", "\x00",
           "\x1b[31mred", "\t", "\n", "\r", "\u2028", "\ufeff", "–—", "\ud800", "\udcff",
           "\ud800rab", "a" * 5000, "0", "-1", "true", "null", "[0, 0]", "\\", '"', "'",
           "%s", "{0}", "..", "/etc/passwd"]
SURROGATES = ["\ud800", "\udcff", "\udfff", "\ud83d"]


def other_value(rng: random.Random, vocab: Vocabulary) -> Any:
    """Any value, of any type."""
    pick = rng.randrange(11)
    if pick == 0:
        return rng.choice(NUMBERS)
    if pick == 1:
        return rng.choice(STRINGS)
    if pick == 2:
        return rng.choice(vocab.words)
    if pick == 3:
        return rng.choice([True, False])
    if pick == 4:
        return []
    if pick == 5:
        return {}
    if pick == 6:
        return [rng.choice(NUMBERS), rng.choice(NUMBERS)]
    if pick == 7:
        return {rng.choice(vocab.words): rng.choice(NUMBERS)}
    if pick == 8:
        return dt.datetime(1979, 5, 27, 7, 32)
    if pick == 9:
        return rng.uniform(-100, 100)
    return rng.randint(-20, 30)


def far_hex(rng: random.Random) -> list[int]:
    """A hex within the documented ±1,000,000, often far (or just past the bound)."""
    far = rng.choice([1000, 10001, 100_000, 999_999, 1_000_000, 1_000_001,
                      rng.randint(-1_000_000, 1_000_000)])
    sign = rng.choice([1, -1])
    near = rng.randint(-3, 3)
    return [sign * far, near] if rng.random() < 0.5 else [near, sign * far]


# --- paths in nested documents ----------------------------------------------------------------

Path_ = tuple[Any, ...]


def _nodes(node: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, node
    if isinstance(node, dict):
        for k, v in list(node.items()):
            yield from _nodes(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _nodes(v, (*path, i))


def _get(doc: Any, path: Path_) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: Path_, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _is_hex(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)


def _name(path: Path_) -> str:
    return ".".join(str(p) for p in path) or "<document>"


# --- TOML -----------------------------------------------------------------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_string(s: str) -> str:
    """A TOML basic string; a lone surrogate is written as its ``\\u`` escape (which TOML
    does not allow: the loader must say so)."""
    out = []
    for ch in s:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7F or 0xD800 <= o <= 0xDFFF:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_key(k: str) -> str:
    return k if _BARE.match(k) else toml_string(k)


def toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, dt.datetime | dt.date | dt.time):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{toml_key(str(k))} = {toml_value(x)}"
                                for k, x in v.items()) + " }"
    return toml_string(str(v))


def toml_doc(doc: dict[str, Any]) -> str:
    """A document as TOML: scalars first, then tables, then arrays of tables."""
    lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in doc.items()
             if not isinstance(v, dict) and not _table_array(v)]
    for k, v in doc.items():
        if isinstance(v, dict):
            lines.append(f"\n[{toml_key(k)}]")
            lines += [f"{toml_key(str(kk))} = {toml_value(vv)}" for kk, vv in v.items()]
    for k, v in doc.items():
        if _table_array(v):
            for item in v:
                lines.append(f"\n[[{toml_key(k)}]]")
                lines += [f"{toml_key(str(kk))} = {toml_value(vv)}" for kk, vv in item.items()]
    return "\n".join(lines) + "\n"


def _table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


# --- scenario mutations -----------------------------------------------------------------------

Mutation = Callable[[random.Random, dict[str, Any], Vocabulary, str], str]


def _combatants(doc: dict[str, Any]) -> list[dict[str, Any]]:
    cs = doc.get("combatant")
    return [c for c in cs if isinstance(c, dict)] if isinstance(cs, list) else []


def _leaf(rng: random.Random, doc: Any, want: Callable[[Any], bool]) -> Path_ | None:
    paths = [p for p, v in _nodes(doc) if p and want(v)]
    return rng.choice(paths) if paths else None


def m_type(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    path = _leaf(rng, doc, lambda v: True)
    if path is None:
        return "type: nothing to change"
    value = other_value(rng, vocab)
    _set(doc, path, value)
    return f"type: {_name(path)} = {_short(value)}"


def m_number(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    path = _leaf(rng, doc, _is_number)
    if path is None:
        return m_type(rng, doc, vocab, system)
    old = _get(doc, path)
    value = rng.choice(NUMBERS) if rng.random() < 0.6 else (
        rng.choice([0, 1, 2, old + 1, old - 1, old * 2, old * 10]) if isinstance(old, int)
        else rng.choice([0.0, 0.1, old * 2, old + 1]))
    _set(doc, path, value)
    return f"number: {_name(path)} = {_short(value)}"


def m_far(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    paths = [p for p, v in _nodes(doc) if p and p[-1] in ("at", "to") and _is_hex(v)]
    walls = doc.get("map", {}).get("walls") if isinstance(doc.get("map"), dict) else None
    if not paths:
        return m_number(rng, doc, vocab, system)
    path = rng.choice(paths)
    value = far_hex(rng)
    _set(doc, path, value)
    if isinstance(walls, list) and rng.random() < 0.2:
        walls.append(far_hex(rng))
    return f"far: {_name(path)} = {value}"


def m_dice(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    n = rng.choice([1, 10, 100, 1000, 2000, 5000])
    kind = rng.choice([0, 0, 0, 1, 2, 3, 4, 5])  # all ones most often: ties, again and again
    if kind == 0:
        dice: list[Any] = [1] * n
    elif kind == 1:
        dice = [rng.randint(1, 6) for _ in range(n)]
    elif kind == 2:
        dice = [rng.randint(1, 20) for _ in range(n)]
    elif kind == 3:
        dice = [rng.choice([0, -1, 7, 11, 21, 100, 10**9, 2**64])]
    elif kind == 4:
        dice = [other_value(rng, vocab) for _ in range(min(n, 5))]
    else:
        dice = [rng.choice([1, 6, 10, 20, 100]) for _ in range(n)]
    sec = doc.setdefault("scenario", {})
    if not isinstance(sec, dict):
        return "dice: no [scenario] table"
    sec["dice"] = dice
    return f"dice: {len(dice)} faces ({_short(dice[:3])}...)"


def m_unicode(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    new = rng.choice(STRINGS + [rng.choice(SURROGATES) + "x"])
    if rng.random() < 0.5:  # rename an id everywhere, so that it gets past the id checks
        ids = [c.get("id") for c in _combatants(doc) if isinstance(c.get("id"), str)]
        if ids:
            old = rng.choice(ids)
            new = rng.choice([new, old + new, new + old])
            for p, v in list(_nodes(doc)):
                if p and v == old:
                    _set(doc, p, new)
            return f"unicode: id {old!r} -> {_short(new)} everywhere"
    path = _leaf(rng, doc, lambda v: isinstance(v, str))
    if path is None:
        return "unicode: no string"
    _set(doc, path, new)
    return f"unicode: {_name(path)} = {_short(new)}"


def m_drop(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    paths = [p for p, _ in _nodes(doc) if p and isinstance(_get(doc, p[:-1]), dict)]
    if not paths:
        return "drop: nothing"
    path = rng.choice(paths)
    del _get(doc, path[:-1])[path[-1]]
    return f"drop: {_name(path)}"


def m_extra(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    tables = [p for p, v in _nodes(doc) if isinstance(v, dict)]
    path = rng.choice(tables)
    pool = vocab.combatant_keys + sorted(vocab.plan_keys) + vocab.section_keys["scenario"] \
        + list(vocab.params[rng.choice(SYSTEMS)]) + ["zzz", "", "é", "dice", "walls"]
    key = rng.choice(pool)
    value = other_value(rng, vocab)
    _get(doc, path)[key] = value
    return f"extra: {_name((*path, key))} = {_short(value)}"


def m_plan(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    cs = _combatants(doc)
    if not cs:
        return m_extra(rng, doc, vocab, system)
    c = rng.choice(cs)
    ids = [x.get("id") for x in cs] + ["nobody", "", c.get("id")]
    mild = rng.random() < 0.6  # a step the loader may take, so that the fight is fought
    own = vocab.actions[system] if mild or rng.random() < 0.8 else \
        vocab.actions[rng.choice(SYSTEMS)]
    action = rng.choice(sorted(own) + ([] if mild else ["fly", "", "ATTACK", "attack "]))
    step: dict[str, Any] = {"action": action}
    for key in own.get(action, []):
        if rng.random() < 0.7:
            step[key] = _plan_value(rng, key, ids, vocab, mild, c)
    if not mild and rng.random() < 0.3:
        key = rng.choice(sorted(vocab.plan_keys) + ["zzz"])
        step[key] = _plan_value(rng, key, ids, vocab, mild, c)
    plan = c.get("plan") if isinstance(c.get("plan"), list) else []
    how = rng.randrange(5)
    if how == 0:
        plan = [step] * rng.choice([100, 1000, 5000])
        what = f"{len(plan)} x {_short(step)}"
    elif how == 1:
        plan = []
        what = "empty"
    elif how == 2 and plan:
        plan[rng.randrange(len(plan))] = step
        what = f"a step -> {_short(step)}"
    else:
        plan.insert(rng.randint(0, len(plan)), step)
        what = f"+ {_short(step)}"
    c["plan"] = plan
    return f"plan: {c.get('id')!r} {what}"


def _plan_value(rng: random.Random, key: str, ids: list[Any], vocab: Vocabulary, mild: bool,
                who: dict[str, Any]) -> Any:
    r = rng.random()
    if r < 0.15 and not mild:
        return other_value(rng, vocab)
    if key == "target":
        return rng.choice(ids[:-3] if mild else ids)
    if key == "weapon" and mild and isinstance(who.get("weapons"), list) and who["weapons"]:
        w = rng.choice(who["weapons"])
        return w.get("name") if isinstance(w, dict) else w
    if mild and key in ("phase", "turn", "count", "hexes"):
        return rng.randint(0, 5)
    if key == "targets":
        return [rng.choice(ids) for _ in range(rng.randint(0, 4))]
    if key == "to":
        return far_hex(rng) if r < 0.3 else [rng.randint(-6, 6), rng.randint(-6, 6)]
    if key in ("phase", "turn", "count", "hexes"):
        return rng.choice(NUMBERS + [0, 1, 2, 3])
    return rng.choice(vocab.words)


def m_rules(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    params = vocab.params[system if rng.random() < 0.85 else rng.choice(SYSTEMS)]
    rules = doc.get("rules")
    if not isinstance(rules, dict):
        rules = doc["rules"] = {}
    name = rng.choice(sorted(params) + ["zzz"])
    default = params.get(name)
    r = rng.random()
    if isinstance(default, bool) and r < 0.7:
        value = not default
    elif _is_number(default) and r < 0.35:  # negative, huge: each bound must hold
        value = rng.choice(NUMBERS + [default + 1, default - 1, -default, -1, -1, 10**12])
    elif _is_number(default) and r < 0.7:  # a value a table might pick
        value = rng.choice([default + rng.randint(-3, 3), rng.randint(0, 2 * abs(default) + 5)])
    elif isinstance(default, str) and r < 0.7:
        value = rng.choice([str(v) for v in params.values() if isinstance(v, str)]
                           + ["", default.upper(), "zzz"])
    else:
        value = other_value(rng, vocab)
    rules[name] = value
    return f"rules: {name} = {_short(value)}"


def m_system(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    sec = doc.get("scenario")
    if not isinstance(sec, dict):
        return "system: no [scenario] table"
    new = rng.choice([s for s in SYSTEMS if s != system] + ["", "TENTHS", "dnd"])
    sec["system"] = new
    return f"system: {new!r}"


def m_crowd(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    cs = _combatants(doc)
    if not cs:
        return "crowd: no combatant"
    how = rng.randrange(5)
    if how == 0:
        doc["combatant"] = []
        return "crowd: no combatants"
    if how == 1:
        doc["combatant"] = [cs[0]]
        return "crowd: one combatant"
    c = rng.choice(cs)
    if how == 2:
        doc["combatant"].append(dict(c))
        return f"crowd: {c.get('id')!r} twice (same id, same hex)"
    n = rng.choice([5, 20, 40]) if how == 3 else 1
    free = _free_hexes(rng, doc, n)
    for i in range(n):
        copy = json.loads(json.dumps(c, default=str))
        copy["id"] = f"{c.get('id')}_{i}"
        copy["at"] = free[i]
        copy["side"] = rng.choice([c.get("side"), "third", f"s{i}"])
        doc["combatant"].append(copy)
    return f"crowd: {n} more like {c.get('id')!r}"


def _free_hexes(rng: random.Random, doc: dict[str, Any], n: int) -> list[list[int]]:
    """``n`` hexes near the middle that no figure and no wall of ``doc`` is on."""
    taken = {tuple(c["at"]) for c in _combatants(doc) if _is_hex(c.get("at"))}
    walls = doc.get("map", {}).get("walls", []) if isinstance(doc.get("map"), dict) else []
    taken |= {tuple(w) for w in walls if _is_hex(w)} if isinstance(walls, list) else set()
    free = [[q, r] for q in range(-9, 10) for r in range(-9, 10) if (q, r) not in taken]
    return rng.sample(free, n)


def m_header(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    sec = doc.get("scenario")
    if not isinstance(sec, dict):
        return "header: no [scenario] table"
    key = rng.choice(["until", "until", "seed", "name", "dice"])
    value = rng.choice(NUMBERS + STRINGS[:8] + [1, 5, 10_000_000, 10_000_001])
    sec[key] = value
    return f"header: scenario.{key} = {_short(value)}"


def m_walls(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    cs = _combatants(doc)
    how = rng.randrange(4)
    if how == 0 and cs and _is_hex(cs[0].get("at")):
        walls: Any = [cs[0]["at"]]
        what = "on a figure"
    elif how == 1:
        walls = [[q, r] for q in range(-30, 30) for r in range(-30, 30)
                 if (q, r) != (0, 0) and abs(q) + abs(r) > 8]
        what = f"{len(walls)} walls around"
    elif how == 2:
        walls = [far_hex(rng) for _ in range(rng.randint(1, 5))]
        what = "far walls"
    else:
        walls = other_value(rng, vocab)
        what = _short(walls)
    doc["map"] = {"walls": walls} if rng.random() < 0.8 else other_value(rng, vocab)
    return f"walls: {what}"


def m_splice(rng: random.Random, doc: dict[str, Any], vocab: Vocabulary, system: str) -> str:
    base = rng.choice(vocab.bases[system] if rng.random() < 0.7 else sorted(vocab.docs))
    other = _combatants(vocab.docs[base])
    if not other:
        return "splice: nothing"
    c = json.loads(json.dumps(rng.choice(other)))
    c["at"] = _free_hexes(rng, doc, 1)[0]
    if isinstance(doc.get("combatant"), list):
        doc["combatant"].append(c)
    return f"splice: combatant {c.get('id')!r} of {base}"


SCENARIO_MUTATIONS: list[tuple[Mutation, int]] = [
    (m_type, 5), (m_number, 10), (m_far, 5), (m_dice, 6), (m_unicode, 6), (m_drop, 4),
    (m_extra, 3), (m_plan, 14), (m_rules, 14), (m_system, 2), (m_crowd, 5), (m_header, 4),
    (m_walls, 3), (m_splice, 3),
]

TOML_JUNK = [b"\xff", b"\x00", b"\xef\xbb\xbf", b"\r", b"\xed\xa0\x80", b"[[combatant]]\n",
             b"[scenario]\n", b'"', b"=", b"\n", b"#", b"9" * 5000, b"[" * 50]


def mutate_bytes(rng: random.Random, raw: bytes, junk: Sequence[bytes]) -> tuple[bytes, str]:
    """A cut, or junk put in, at a random place."""
    pos = rng.randint(0, len(raw))
    if rng.random() < 0.4:
        return raw[:pos], f"bytes: cut at {pos} of {len(raw)}"
    piece = rng.choice(list(junk))
    return raw[:pos] + piece + raw[pos:], f"bytes: {_short(piece)} at {pos}"


# --- log mutations --------------------------------------------------------------------------

LOG_NUMBERS: list[Any] = [10**9, 2**64, -1, 2**63, 2**53, 2**53 - 1, 0, 10**18, 10**30, 1.5,
                          -0.0, 1e308, math.inf, math.nan, 2**31, -2**63, "\x00HUGE\x00"]
HUGE = "\x00HUGE\x00"  # written as a number of 4301 digits (more than Python reads as is)
BAD_HEXES: list[Any] = [["", 0], [4, [None]], [1], [1, 2, 3], [], [10**9, 0], [2**64, -1],
                        [True, False], [1.5, 0], "E", None, {"q": 1}, [1_000_000, -1_000_000],
                        [None, None], [[0, 0], [0, 0]], [-1, 2**63]]
LINE_JUNK = [b"\xff", b"\x00", b"\r", b"\xef\xbb\xbf", b"\xed\xa0\x80", b"\xe2\x80\xa8",
             b"{", b"}", b"]", b",", b'"', b"\\", b"\n", b"\\ud800"]


@attrs.define
class LogDoc:
    """A log being mutated: lines as JSON objects, or raw bytes once cut or spoilt."""

    lines: list[Any]  # dict | bytes
    vocab: Vocabulary
    system: str

    def objects(self) -> list[int]:
        return [i for i, x in enumerate(self.lines) if isinstance(x, dict)]


LogMutation = Callable[[random.Random, LogDoc], str]


def _line_leaf(rng: random.Random, log: LogDoc, want: Callable[[Path_, Any], bool],
               skip_core: bool = True) -> tuple[int, Path_] | None:
    found = [(i, p) for i in log.objects() for p, v in _nodes(log.lines[i])
             if p and want(p, v) and not (skip_core and p in (("t",), ("seq",), ("event",)))]
    return rng.choice(found) if found else None


def l_number(rng: random.Random, log: LogDoc) -> str:
    hit = _line_leaf(rng, log, lambda p, v: _is_number(v), skip_core=rng.random() < 0.9)
    if hit is None:
        return "number: none"
    i, path = hit
    value = rng.choice(LOG_NUMBERS)
    _set(log.lines[i], path, value)
    return f"number: line {i + 1} {_name(path)} = {_short(value)}"


def l_type(rng: random.Random, log: LogDoc) -> str:
    hit = _line_leaf(rng, log, lambda p, v: True, skip_core=rng.random() < 0.9)
    if hit is None:
        return "type: none"
    i, path = hit
    value = rng.choice([other_value(rng, log.vocab), None, rng.choice(STRINGS)])
    if isinstance(value, dt.datetime):
        value = value.isoformat()
    _set(log.lines[i], path, value)
    return f"type: line {i + 1} {_name(path)} = {_short(value)}"


def l_hex(rng: random.Random, log: LogDoc) -> str:
    hit = _line_leaf(rng, log, lambda p, v: _is_hex(v))
    if hit is None:
        return l_number(rng, log)
    i, path = hit
    value = rng.choice(BAD_HEXES)
    _set(log.lines[i], path, json.loads(json.dumps(value)))
    return f"hex: line {i + 1} {_name(path)} = {_short(value)}"


def l_lines(rng: random.Random, log: LogDoc) -> str:
    n = len(log.lines)
    i, j = rng.randrange(n), rng.randrange(n)
    how = rng.randrange(5)
    if how == 0:
        del log.lines[i]
        return f"lines: drop {i + 1}"
    if how == 1:
        log.lines.insert(j, json.loads(json.dumps(log.lines[i])) if isinstance(
            log.lines[i], dict) else log.lines[i])
        return f"lines: copy {i + 1} before {j + 1}"
    if how == 2:
        log.lines[i], log.lines[j] = log.lines[j], log.lines[i]
        return f"lines: swap {i + 1} and {j + 1}"
    if how == 3:
        log.lines.insert(j, log.lines.pop(i))
        return f"lines: move {i + 1} to {j + 1}"
    k = rng.randint(1, max(1, n // 3))
    del log.lines[n - k:]
    return f"lines: cut the last {k}"


def l_keys(rng: random.Random, log: LogDoc) -> str:
    objs = log.objects()
    if not objs:
        return "keys: none"
    i = rng.choice(objs)
    obj = log.lines[i]
    if rng.random() < 0.5 and obj:
        key = rng.choice(sorted(obj))
        del obj[key]
        return f"keys: line {i + 1} drop {key}"
    keys = sorted({k for j in objs for k in log.lines[j]} | {"zzz"})
    key = rng.choice(keys)
    donors = [log.lines[j][key] for j in objs if key in log.lines[j]]
    value = rng.choice(donors) if donors and rng.random() < 0.6 else other_value(rng, log.vocab)
    if isinstance(value, dt.datetime):
        value = value.isoformat()
    obj[key] = json.loads(json.dumps(value))
    return f"keys: line {i + 1} {key} = {_short(value)}"


def l_event(rng: random.Random, log: LogDoc) -> str:
    objs = log.objects()
    if not objs:
        return "event: none"
    i = rng.choice(objs)
    names = sorted({log.lines[j].get("event") for j in objs
                    if isinstance(log.lines[j].get("event"), str)})
    others = [f"{s}.{n.split('.', 1)[1]}" for s in SYSTEMS for n in names if "." in n]
    new = rng.choice(names + others + ["start", "end", "zzz", ""])
    log.lines[i]["event"] = new
    return f"event: line {i + 1} -> {new!r}"


def l_ids(rng: random.Random, log: LogDoc) -> str:
    hit = _line_leaf(rng, log, lambda p, v: isinstance(v, str) and p[-1] in (
        "actor", "target", "opponent", "against", "holder", "by", "side"))
    if hit is None:
        return l_type(rng, log)
    i, path = hit
    old = _get(log.lines[i], path)
    new = rng.choice(["nobody", "", old + rng.choice(SURROGATES), rng.choice(SURROGATES) + old,
                      "\ud800rab", old.upper(), "日本", "\x1b[31m" + old, old * 400])
    if rng.random() < 0.4:  # everywhere: a consistent, strange id
        for j in log.objects():
            for p, v in list(_nodes(log.lines[j])):
                if p and v == old:
                    _set(log.lines[j], p, new)
        return f"ids: {old!r} -> {_short(new)} everywhere"
    _set(log.lines[i], path, new)
    return f"ids: line {i + 1} {_name(path)} {old!r} -> {_short(new)}"


def l_surrogate(rng: random.Random, log: LogDoc) -> str:
    hit = _line_leaf(rng, log, lambda p, v: isinstance(v, str), skip_core=False)
    if hit is None:
        return "surrogate: none"
    i, path = hit
    old = _get(log.lines[i], path)
    pos = rng.randint(0, len(old))
    new = old[:pos] + rng.choice(SURROGATES) + old[pos:]
    _set(log.lines[i], path, new)
    return f"surrogate: line {i + 1} {_name(path)} = {_short(new)}"


def l_text(rng: random.Random, log: LogDoc) -> str:
    i = rng.randrange(len(log.lines))
    raw = _line_bytes(log.lines[i])
    pos = rng.randint(0, len(raw))
    if rng.random() < 0.5:
        log.lines[i] = raw[:pos]
        return f"text: line {i + 1} cut at {pos}"
    piece = rng.choice(LINE_JUNK)
    log.lines[i] = raw[:pos] + piece + raw[pos:]
    return f"text: line {i + 1} {_short(piece)} at {pos}"


def l_rules(rng: random.Random, log: LogDoc) -> str:
    starts = [i for i in log.objects() if log.lines[i].get("event") == "start"]
    if not starts:
        return l_number(rng, log)
    start = log.lines[starts[0]]
    rules = start.get("rules")
    if not isinstance(rules, dict) or not rules:
        start["rules"] = rules = {}
        key = "zzz"
    else:
        key = rng.choice(sorted(rules) + ["zzz"])
    if rng.random() < 0.2 and key in rules:
        del rules[key]
        return f"rules: drop {key}"
    value = rng.choice(LOG_NUMBERS + [None, "", "zzz", [], {}, True])
    rules[key] = value
    return f"rules: {key} = {_short(value)}"


def l_system(rng: random.Random, log: LogDoc) -> str:
    starts = [i for i in log.objects() if log.lines[i].get("event") == "start"]
    if not starts:
        return l_event(rng, log)
    new = rng.choice([s for s in SYSTEMS if s != log.system])
    log.lines[starts[0]]["system"] = new
    return f"system: start.system = {new!r}"


def l_splice(rng: random.Random, log: LogDoc) -> str:
    vocab = log.vocab
    base = rng.choice(vocab.bases[log.system if rng.random() < 0.8 else rng.choice(SYSTEMS)])
    other = vocab.log(base, vocab.docs[base]["scenario"].get("seed", 0))
    a = rng.randrange(1, len(other))
    piece = [json.loads(x) for x in other[a:a + rng.randint(1, 5)]]
    at = rng.randint(1, len(log.lines))
    log.lines[at:at] = piece
    return f"splice: {len(piece)} lines of {base} at {at + 1}"


def l_time(rng: random.Random, log: LogDoc) -> str:
    hit = _line_leaf(rng, log, lambda p, v: p in (("t",), ("seq",)), skip_core=False)
    if hit is None:
        return "time: none"
    i, path = hit
    old = _get(log.lines[i], path)
    value = rng.choice([old + 1, old - 1, old + 1000, 0, -1, 2**53, 2**63, old * 10])
    _set(log.lines[i], path, value)
    return f"time: line {i + 1} {path[0]} {old} -> {_short(value)}"


LOG_MUTATIONS: list[tuple[LogMutation, int]] = [
    (l_number, 16), (l_type, 10), (l_hex, 8), (l_lines, 10), (l_keys, 8), (l_event, 5),
    (l_ids, 7), (l_surrogate, 5), (l_text, 6), (l_rules, 8), (l_system, 2), (l_splice, 4),
    (l_time, 3),
]


def _line_bytes(line: Any) -> bytes:
    if isinstance(line, bytes):
        return line
    text = json.dumps(line, separators=(",", ":"), ensure_ascii=False)
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: as its \u escape
        raw = json.dumps(line, separators=(",", ":")).encode("ascii")
    return raw.replace(b'"\\u0000HUGE\\u0000"', b"1" + b"0" * 4300)


# --- cases ----------------------------------------------------------------------------------

FILE_NAMES = [b"\xff\xfe", "日本".encode(), b"a b", b"new\nline", "\u202eevil".encode(),
              b"\x1b[31m", b"-dash", b"%s", b"x" * 200]


def specs(scenarios: int, logs: int, seed: int) -> list[list[Any]]:
    """The case specs of a fuzz: ``[kind, index, seed]``, scenario and log cases mixed."""
    out: list[list[Any]] = []
    for i in range(max(scenarios, logs)):
        if i < scenarios:
            out.append(["scenario", i, seed])
        if i < logs:
            out.append(["log", i, seed])
    return out


def _count(rng: random.Random) -> int:
    return rng.choices([1, 2, 3], weights=[6, 3, 1])[0]


def _name_of(rng: random.Random, ext: bytes) -> bytes:
    if rng.random() < 0.04:
        return rng.choice(FILE_NAMES) + ext
    return b"input" + ext


def make_case(kind: str, index: int, seed: int) -> Case:
    """The case ``index`` of a fuzz seeded ``seed``: the same input and commands every time."""
    vocab = vocabulary()
    rng = random.Random(f"timedcombat-fuzz:{kind}:{index}:{seed}")
    system = SYSTEMS[index % len(SYSTEMS)]
    base = rng.choice(vocab.bases[system])
    encoding = "ascii" if rng.random() < 0.05 else "utf-8"
    if kind == "scenario":
        doc = json.loads(json.dumps(vocab.docs[base]))
        done = []
        for mutation in rng.choices([m for m, _ in SCENARIO_MUTATIONS],
                                    weights=[w for _, w in SCENARIO_MUTATIONS], k=_count(rng)):
            done.append(mutation(rng, doc, vocab, system))
        data = toml_doc(doc).encode("utf-8", "surrogatepass")
        if rng.random() < 0.06:
            data, what = mutate_bytes(rng, data, TOML_JUNK)
            done.append(what)
        return Case(kind, index, seed, system, base, tuple(done), _name_of(rng, b".toml"),
                    data, _scenario_commands(rng), encoding)
    if kind != "log":
        raise ValueError(f"unknown kind {kind!r}")
    run_seed = rng.choice([vocab.docs[base]["scenario"].get("seed", 0), 1, 2])
    log = LogDoc([json.loads(x) for x in vocab.log(base, run_seed)], vocab, system)
    done = [f"log of seed {run_seed}"]
    for mutation in rng.choices([m for m, _ in LOG_MUTATIONS],
                                weights=[w for _, w in LOG_MUTATIONS], k=_count(rng)):
        done.append(mutation(rng, log))
    data = b"".join(_line_bytes(x) + b"\n" for x in log.lines)
    return Case(kind, index, seed, system, base, tuple(done), _name_of(rng, b".jsonl"), data,
                _log_commands(rng, data), encoding)


def _scenario_commands(rng: random.Random) -> tuple[Command, ...]:
    r = rng.random()
    check = Command(("check", "{L}"), engine=True)
    if r < 0.62:
        return (Command(("run", "{S}", "--log", "{L}")), check)
    if r < 0.80:
        return (Command(("run", "{S}", "-q", "--log", "{L}")), check)
    if r < 0.86:
        return (Command(("run", "{S}", "-v", "--seed", str(rng.randint(0, 99)))),)
    if r < 0.93:
        return (Command(("map", "{S}")),)
    return (Command(("batch", "{S}", "--runs", "3", "--jobs", "1", "-q", "--out", "{O}")),)


def _log_commands(rng: random.Random, data: bytes) -> tuple[Command, ...]:
    r = rng.random()
    if r < 0.72:
        return (Command(("check", "{S}")),)
    if r < 0.82:
        return (Command(("check", "--json", "{S}")),)
    if r < 0.87:
        return (Command(("check", "-"), stdin=data),)
    return (Command(("show", "{S}")),)


# --- running --------------------------------------------------------------------------------

class CaseTimeout(BaseException):
    """A command ran past its time (in-process runs: no ``except Exception`` stops it)."""


@contextlib.contextmanager
def _alarm(seconds: float | None) -> Iterator[None]:
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(_signum: int, _frame: Any) -> None:
        raise CaseTimeout

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _stream(encoding: str, errors: str, data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding=encoding, errors=errors,
                            line_buffering=False)


def call_cli(argv: Sequence[str], stdin: bytes | None = None, encoding: str = "utf-8",
             timeout: float | None = None) -> tuple[int | None, str, str]:
    """``python -m timedcombat ARGV`` in this process: standard output encodes strictly
    (as a pipe does), standard error with backslashes; what an uncaught exception would
    print is on standard error, status 1, as Python's own handler does."""
    from timedcombat.cli import main

    out, err = _stream(encoding, "strict"), _stream(encoding, "backslashreplace")
    inp = _stream("utf-8", "surrogateescape", stdin or b"")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = inp, out, err
    status: int | None
    try:
        with _alarm(timeout):
            try:
                status = main(list(argv))
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None
                                                                     else 1)
            except CaseTimeout:
                status = None
            except BaseException:  # noqa: BLE001 - what Python would print, then exit 1
                with contextlib.suppress(Exception):
                    err.write(traceback.format_exc())
                status = 1
            with contextlib.suppress(Exception):
                out.flush()
            with contextlib.suppress(Exception):
                err.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return status, _text(out, encoding), _text(err, encoding)


def _text(stream: io.TextIOWrapper, encoding: str) -> str:
    raw = stream.buffer.getvalue()  # type: ignore[attr-defined]
    return raw.decode(encoding, "backslashreplace")


def paths(case: Case, where: Path) -> dict[str, str]:
    """The file names the commands of ``case`` use, in the directory ``where``."""
    ext = ".toml" if case.kind == "scenario" else ".jsonl"
    return {"S": os.fsdecode(bytes(where) + b"/" + case.name) if case.name else
            str(where / f"input{ext}"),
            "L": str(where / "out.jsonl"), "O": str(where / "out.csv")}


def write_input(case: Case, where: Path) -> str:
    name = paths(case, where)["S"]
    with open(os.fsencode(name), "wb") as f:
        f.write(case.data)
    return name


def run_command(case: Case, command: Command, where: Path,
                timeout: float | None = None) -> Result:
    names = paths(case, where)
    argv = tuple(a.format(**names) if a.startswith("{") else a for a in command.argv)
    start = time.monotonic()
    status, out, err = call_cli(argv, command.stdin, case.encoding, timeout)
    return Result(argv, status, out, err, time.monotonic() - start, command.engine)


def run_case(case: Case, where: Path | None = None, timeout: float | None = None,
             on_command: Callable[[int], None] | None = None) -> list[Result]:
    """Every command of ``case``, in the directory ``where`` (a temporary one by default);
    a command that checks the engine's log runs only when the run before it gave 0."""
    with contextlib.ExitStack() as stack:
        if where is None:
            where = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="fuzz-")))
        write_input(case, where)
        results: list[Result] = []
        for i, command in enumerate(case.commands):
            if command.engine and (not results or results[-1].status != 0):
                continue
            if on_command is not None:
                on_command(i)
            results.append(run_command(case, command, where, timeout))
            if results[-1].status is None:
                break
        return results


# --- judging --------------------------------------------------------------------------------

VIOLATION = re.compile(r"^\S.* t=-?\d+ .*: expected .*; found .*$")
VIOLATION_KEYS = {"rule", "t", "actor", "expected", "found"}
SUMMARY = re.compile(r"^.*: \d+ violations? of the \S+ rules$")
INTERNAL = re.compile(r"internal|crash|unexpected|a bug|unreadable|traceback|exception|"
                      r"\b[A-Za-z]+(Error|Exception)\b|\[Errno", re.IGNORECASE)
ALLOWED = {"check": {0, 1, 2}}


def judge(case: Case, results: Sequence[Result]) -> list[Finding]:
    """What the commands of ``case`` did that they must not do (empty: all well)."""
    found: list[Finding] = []
    for res in results:
        found += judge_one(case, res)
    return found


def judge_one(case: Case, res: Result) -> list[Finding]:
    cmd = res.argv[0] if res.argv else "?"
    what = f"{cmd} (engine log)" if res.engine else cmd
    shown = " ".join(res.argv)
    out: list[Finding] = []

    def add(symptom: str, detail: str, note: bool = False) -> None:
        out.append(Finding(f"{what}: {symptom}", shown, detail, note))

    if res.status is None:
        add(f"hang (no end in {res.seconds:.0f} s)", res.stderr[-500:])
        return out
    if "Traceback (most recent call last)" in res.stderr:
        add("traceback: " + traceback_symptom(res.stderr), res.stderr[-3000:])
        return out
    if res.status not in ALLOWED.get(cmd, {0, 2}):
        add(f"exit {res.status}", (res.stderr or res.stdout)[-1000:])
        return out
    path = input_of(res)
    err, stdout = res.stderr, res.stdout
    if not res.engine and not case.name.startswith(b"input.") and path:  # our odd name
        err, stdout = err.replace(path, "FILE"), stdout.replace(path, "FILE")
        if (err, stdout) != (res.stderr, res.stdout) and not all(
                x.isprintable() for x in path):
            add("the file's odd name printed as it is", (res.stderr or res.stdout)[:500],
                note=True)
    if res.status == 2:
        line = err.rstrip("\n")
        if not err.startswith("error: ") or err.count("\n") != 1:
            add("exit 2 without one `error:` line", res.stderr[-1000:])
        elif not line.isprintable():
            add("unprintable error line", line[:500])
        elif INTERNAL.search(line.partition(": ")[2]):
            add("error line of an internal failure: " + normal(line), line[:500])
        elif res.engine:
            add("the engine's log is refused: " + normal(line), line[:500])
        elif not _names_file(line, path):
            add("error line does not name the file: " + normal(line), line[:500])
        return out
    if res.status == 1:  # check: only violations, one a line, and the summary
        lines = stdout.split("\n")[:-1] if stdout.endswith("\n") else stdout.split("\n")
        if "--json" in res.argv:
            good = bool(lines) and all(_violation_json(x) for x in lines)
        else:
            good = len(lines) >= 2 and SUMMARY.match(lines[-1]) is not None and all(
                VIOLATION.match(x) for x in lines[:-1])
        if err or not good:
            add("exit 1 that is not a list of violations", (res.stderr + res.stdout)[-1000:])
        elif res.engine:
            rules = sorted({(json.loads(x)["rule"] if "--json" in res.argv
                             else x.split(" ", 1)[0]) for x in lines[:-1]})
            add("the engine's log breaks rules: " + ", ".join(rules), res.stdout[-1000:],
                note=True)
    return out


def _json_default(value: Any) -> str:
    return str(value)


def _violation_json(line: str) -> bool:
    try:
        obj = json.loads(line)
    except ValueError:
        return False
    return isinstance(obj, dict) and set(obj) >= VIOLATION_KEYS


def input_of(res: Result) -> str:
    """The input a command reads, as its error line should name it."""
    for a in res.argv[1:]:
        if a == "-":
            return "<stdin>"
        if not a.startswith("-"):
            return a
    return ""


def _names_file(line: str, given: str) -> bool:
    """The error line starts with the input's name (as given, or, for an odd name, an
    escaped form of it: its directory is enough)."""
    return line.startswith((f"error: {given}:", "error: FILE:",
                            f"error: {os.path.dirname(given)}/"))


def traceback_symptom(text: str) -> str:
    """``ExcType at file:function`` of a traceback's innermost frame in timedcombat."""
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', text)
    ours = [f for f in frames if "timedcombat" in f[0] and "/tools/" not in f[0]] or frames
    names = re.findall(r"^([A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Iteration|Exit|Timeout))\b",
                       text, re.MULTILINE)
    exc = names[-1] if names else "?"

    if ours:
        file, _line, func = ours[-1]
        file = file.split("timedcombat/", 1)[-1]
        return f"{exc} in {file}:{func}"
    return exc


def normal(line: str) -> str:
    """An error line with its particulars taken out, so one bug is one symptom."""
    line = line.removeprefix("error: ")
    line = re.sub(r"^(FILE|\S*?(input|out|\.toml|\.jsonl|<stdin>)\S*?):(\d+:)? ?", "", line)
    line = re.sub(r"/\S+", "PATH", line)
    line = re.sub(r"'[^']*'|\"[^\"]*\"", "'X'", line)
    line = re.sub(r"-?\d+(\.\d+)?(e[+-]?\d+)?", "N", line)
    line = re.sub(r"\[[^\]]*\]", "[..]", line)
    return line[:120]


def _short(value: Any) -> str:
    if isinstance(value, int) and abs(value) >= 10**18:
        return f"<{len(str(abs(value)))} digits>" if abs(value) < 10**4000 else "<huge>"
    if value == HUGE:
        return "<4301 digits>"
    text = value.decode("latin-1") if isinstance(value, bytes) else (
        value if isinstance(value, str) else json.dumps(value, default=_json_default))
    text = text.encode("unicode_escape").decode("ascii") if not text.isprintable() or any(
        0xD800 <= ord(c) <= 0xDFFF for c in text) else text
    if isinstance(value, str):
        text = repr(text) if len(text) <= 40 else repr(text[:37]) + f"...({len(value)})"
    return text if len(text) <= 60 else text[:57] + "..."


# --- the worker -----------------------------------------------------------------------------

def worker(proto_in: Any, proto_out: Any, memory_mb: int) -> int:
    """Cases from ``proto_in`` (one ``[kind, index, seed]`` a line), a line back for each
    command it starts (``{"command": i}``) and one with its result."""
    if sys.platform.startswith("linux"):  # killed with the fuzz (PR_SET_PDEATHSIG)
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)
    if memory_mb:
        import resource

        limit = memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    vocabulary()
    for line in proto_in:
        kind, index, seed = json.loads(line)

        def started(i: int) -> None:
            proto_out.write(json.dumps({"command": i}) + "\n")
            proto_out.flush()

        try:
            case = make_case(kind, index, seed)
            with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
                results = run_case(case, Path(tmp), on_command=started)
            findings = judge(case, results)
            answer = {"results": [_result_json(r) for r in results],
                      "findings": [attrs.asdict(f) for f in findings]}
        except BaseException:  # noqa: BLE001 - the fuzzer's own fault: reported as such
            answer = {"results": [], "findings": [attrs.asdict(Finding(
                "fuzz.py itself: " + traceback_symptom(traceback.format_exc()), "-",
                traceback.format_exc()))]}
        proto_out.write(json.dumps(answer) + "\n")
        proto_out.flush()
    return 0


def _result_json(r: Result) -> dict[str, Any]:
    return {"argv": list(r.argv), "status": r.status, "stdout": _cap(r.stdout),
            "stderr": _cap(r.stderr), "seconds": round(r.seconds, 3), "engine": r.engine}


def _cap(text: str) -> str:
    if len(text) <= OUTPUT_CAP:
        return text
    half = OUTPUT_CAP // 2
    return text[:half] + f"\n[... {len(text) - OUTPUT_CAP} characters ...]\n" + text[-half:]


_WORKERS: set[Worker] = set()  # running, so that an interrupted fuzz stops them all


class Worker:
    """A ``fuzz.py --worker`` process, replaced when it hangs or dies."""

    def __init__(self, memory_mb: int, errlog: Path) -> None:
        self.memory_mb = memory_mb
        self.errlog = errlog
        self.proc: subprocess.Popen[bytes] | None = None
        self.buf = b""

    def start(self) -> None:
        env = dict(os.environ, PYTHONHASHSEED="0", COLUMNS="140")
        with open(self.errlog, "ab") as err:
            self.proc = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "--worker",
                 "--memory", str(self.memory_mb)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env=env,
                start_new_session=True, cwd=tempfile.gettempdir())
        self.buf = b""
        _WORKERS.add(self)

    def stop(self) -> None:
        _WORKERS.discard(self)
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        for f in (proc.stdin, proc.stdout):
            with contextlib.suppress(OSError):
                f.close()  # type: ignore[union-attr]

    def readline(self, deadline: float) -> bytes | None:
        """One line from the worker, ``None`` at the deadline, ``b""`` when it died."""
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b""
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line

    def run(self, spec: list[Any], timeout: float) -> dict[str, Any]:
        """The worker's answer to one case; a hang or a death is an answer too."""
        if self.proc is None:
            self.start()
        assert self.proc is not None and self.proc.stdin is not None
        command = -1
        try:
            self.proc.stdin.write((json.dumps(spec) + "\n").encode())
            self.proc.stdin.flush()
        except OSError:
            self.stop()
            return {"died": command}
        deadline = time.monotonic() + timeout
        while True:
            line = self.readline(deadline)
            if line is None:
                self.stop()
                return {"hang": command}
            if not line:
                self.stop()
                return {"died": command}
            msg = json.loads(line)
            if "command" in msg:
                command = msg["command"]
                deadline = time.monotonic() + timeout
                continue
            return msg


# --- the run --------------------------------------------------------------------------------

@attrs.define
class Tally:
    """Counts of a fuzz, per kind and system, and what it found."""

    cases: Counter[tuple[str, str]] = attrs.Factory(Counter)
    statuses: Counter[tuple[str, str, str]] = attrs.Factory(Counter)
    failing: Counter[tuple[str, str]] = attrs.Factory(Counter)
    symptoms: dict[tuple[str, str], list[str]] = attrs.Factory(dict)
    notes: dict[tuple[str, str], list[str]] = attrs.Factory(dict)
    slowest: list[tuple[float, str, str]] = attrs.Factory(list)  # commands that ended
    interrupted: bool = False

    def add(self, case: Case, answer: dict[str, Any]) -> list[Finding]:
        self.cases[case.kind, case.system] += 1
        for r in answer.get("results", []):
            status = "hang" if r["status"] is None else str(r["status"])
            if r["status"] is not None:
                self.slowest = sorted([*self.slowest, (r["seconds"], case.label,
                                                       r["argv"][0])], reverse=True)[:5]
            name = r["argv"][0] + (" (engine log)" if r.get("engine") else "")
            self.statuses[case.kind, name, status] += 1
        findings = [Finding(**f) for f in answer.get("findings", [])]
        if any(not f.note for f in findings):
            self.failing[case.kind, case.system] += 1
        for f in findings:
            book = self.notes if f.note else self.symptoms
            book.setdefault((case.system, f.symptom), []).append(case.label)
        return findings

    def report(self, seconds: float) -> list[str]:
        lines = [f"fuzz: {sum(self.cases.values())} cases in {seconds:.0f} s"
                 + (" (interrupted)" if self.interrupted else "")]
        for kind in KINDS:
            per = ", ".join(f"{s} {self.cases[kind, s]}" for s in SYSTEMS)
            bad = ", ".join(f"{s} {self.failing[kind, s]}" for s in SYSTEMS)
            total = sum(self.cases[kind, s] for s in SYSTEMS)
            lines.append(f"{kind}s: {total} ({per}); with findings: "
                         f"{sum(self.failing[kind, s] for s in SYSTEMS)} ({bad})")
            names = sorted({n for k, n, _ in self.statuses if k == kind})
            for name in names:
                counts = ", ".join(f"exit {st}: {n}" if st != "hang" else f"hang: {n}"
                                   for (k, nm, st), n in sorted(self.statuses.items())
                                   if k == kind and nm == name)
                lines.append(f"  {name}: {counts}")
        lines.append("slowest commands that ended: " + ", ".join(
            f"{label} {name} {sec:.1f} s" for sec, label, name in self.slowest))
        for title, book in (("findings", self.symptoms), ("notes (not failures)", self.notes)):
            lines.append(f"{title}: {len(book)} distinct")
            for (system, symptom), labels in sorted(book.items()):
                more = f" ... ({len(labels)})" if len(labels) > 8 else ""
                lines.append(f"  [{system}] {symptom}: {' '.join(labels[:8])}{more}")
        return lines


def keep(where: Path, case: Case, answer: dict[str, Any], findings: list[Finding]) -> None:
    """A finding's input, commands, outputs and findings, in ``where/KIND-INDEX``."""
    folder = where / f"{case.kind}-{case.index:05d}-{case.system}"
    folder.mkdir(parents=True, exist_ok=True)
    ext = ".toml" if case.kind == "scenario" else ".jsonl"
    (folder / f"input{ext}").write_bytes(case.data)
    about = [f"case: {case.label} --seed {case.seed} ({case.system}, from {case.base})",
             f"file name: {case.name!r}", f"stdout encoding: {case.encoding}",
             "mutations:", *[f"  {m}" for m in case.mutations], "findings:",
             *[f"  {'(note) ' if f.note else ''}{f.symptom}" for f in findings]]
    (folder / "case.txt").write_text("\n".join(about) + "\n", encoding="utf-8",
                                     errors="backslashreplace")
    for i, r in enumerate(answer.get("results", [])):
        text = (f"$ timedcombat {' '.join(r['argv'])}\nstatus: {r['status']} "
                f"({r['seconds']} s)\n--- stdout\n{r['stdout']}\n--- stderr\n{r['stderr']}\n")
        (folder / f"command-{i}.txt").write_text(text, encoding="utf-8",
                                                 errors="backslashreplace")


def fuzz(todo: Sequence[list[Any]], jobs: int, timeout: float, memory_mb: int,
         keep_dir: Path | None, progress: Callable[[str], None]) -> Tally:
    """Every case of ``todo`` on ``jobs`` worker processes."""
    tally = Tally()
    lock = threading.Lock()
    queue = list(reversed(todo))
    done = [0]
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix="fuzz-workers-"))
    if keep_dir is not None:  # what a dying worker printed is kept with the findings
        keep_dir.mkdir(parents=True, exist_ok=True)

    def loop(n: int) -> None:
        w = Worker(memory_mb, (keep_dir or scratch) / f"worker-{n}.err")
        try:
            while True:
                with lock:
                    if not queue:
                        return
                    spec = queue.pop()
                answer = w.run(spec, timeout)
                case = make_case(*spec)
                if "hang" in answer or "died" in answer:
                    answer = _lost(case, answer, timeout)
                with lock:
                    findings = tally.add(case, answer)
                    done[0] += 1
                    if keep_dir is not None and findings:
                        keep(keep_dir, case, answer, findings)
                    for f in findings:
                        if not f.note:
                            progress(f"{case.label} [{case.system} {case.base}] {f.symptom}")
                    if done[0] % 250 == 0:
                        progress(f"... {done[0]}/{len(todo)} cases, "
                                 f"{time.monotonic() - started:.0f} s")
        finally:
            w.stop()

    threads = [threading.Thread(target=loop, args=(n,), daemon=True) for n in range(jobs)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM: what was done is reported
        tally.interrupted = True
    finally:  # no worker is left behind
        queue.clear()
        for w in list(_WORKERS):
            w.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    return tally


def _lost(case: Case, answer: dict[str, Any], timeout: float) -> dict[str, Any]:
    """A worker's hang or death, as the result of the command it was running."""
    i = answer.get("hang", answer.get("died", -1))
    command = case.commands[i] if 0 <= i < len(case.commands) else Command(("?",))
    names = paths(case, Path("DIR"))
    argv = tuple(a.format(**names) if a.startswith("{") else a for a in command.argv)
    hang = "hang" in answer
    res = Result(argv, None if hang else -9, "", "" if hang else "the worker process died",
                 timeout if hang else 0.0, command.engine)
    findings = judge_one(case, res) if hang else [Finding(
        f"{argv[0]}: the worker died (memory?)", " ".join(argv), "", False)]
    return {"results": [_result_json(res)], "findings": [attrs.asdict(f) for f in findings]}


def parse_case(text: str) -> list[Any]:
    kind, _, index = text.partition(":")
    if kind not in KINDS or not index.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: KIND:INDEX, KIND one of {KINDS}")
    return [kind, int(index)]


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenarios", type=int, default=300, metavar="N", help="scenario cases")
    ap.add_argument("--logs", type=int, default=300, metavar="N", help="log cases")
    ap.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes")
    ap.add_argument("--timeout", type=float, default=20.0, metavar="S",
                    help="seconds a command may take (default 20)")
    ap.add_argument("--seed", type=int, default=0, metavar="K", help="seed of the mutations")
    ap.add_argument("--keep", type=Path, metavar="DIR",
                    help="write each finding's input, commands and outputs there")
    ap.add_argument("--case", type=parse_case, action="append", metavar="KIND:INDEX",
                    help="only this case (again: more)")
    ap.add_argument("--memory", type=int, default=3072, metavar="MB",
                    help="address space of a worker (0: no limit; default 3072)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.worker:
        proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # a stray print cannot break the protocol
        return worker(sys.stdin, proto_out, args.memory)
    todo = ([[k, i, args.seed] for k, i in args.case] if args.case
            else specs(args.scenarios, args.logs, args.seed))
    start = time.monotonic()
    vocabulary()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # as Ctrl-C: workers stopped
    tally = fuzz(todo, max(1, args.jobs), args.timeout, args.memory, args.keep,
                 lambda line: print(line, flush=True))
    for line in tally.report(time.monotonic() - start):
        print(line)
    return 130 if tally.interrupted else 1 if tally.symptoms else 0


if __name__ == "__main__":
    sys.exit(main())
