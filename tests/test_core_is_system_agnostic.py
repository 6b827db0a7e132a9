"""Outside ``timedcombat/systems/`` and ``timedcombat/checks/`` no module names a rule
system or uses its vocabulary (issue 9): the core reaches systems only through the
registry and their hooks. "tenths" is also the product's unit of time, so it is the
system's *identifier* that is looked for: as a string, an event prefix or an import."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs

from timedcombat.events import known_events
from timedcombat.systems.base import get_system, system_names

ROOT = Path(__file__).resolve().parent.parent / "timedcombat"
CORE = sorted(p for p in ROOT.glob("*.py"))
DICE = re.compile(r"\bd(4|6|8|10|12|20|100)\b")
FIELDS = {f.name for cls in known_events().values() for f in attrs.fields(cls)}
"""Core event fields (the reaction's ``tenths``: its length, a core field)."""
CORE_WORDS = set(known_events()) | {"attack", "move", "target", "wait", "ready", "step",
                                     "retreat", "block", "defend", "aim", "pin"}


def _strings(tree: ast.AST) -> list[str]:
    """The string constants of a module, docstrings left out."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_core_modules_name_no_system_and_use_no_system_vocabulary():
    names = system_names()
    assert "tenths" in names
    vocabulary = {a for n in names for a in getattr(get_system(n), "plan_actions", {})}
    vocabulary -= CORE_WORDS
    assert {"charge", "defend_only", "sheathe"} <= vocabulary
    assert len(CORE) > 15
    for path in CORE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import):
                mods = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                    [a.name for a in node.names]
                for mod in mods:
                    for n in names:
                        assert not mod.startswith((f"timedcombat.systems.{n}",
                                                   f"timedcombat.checks.{n}")), (path, mod)
        for text in _strings(tree):
            for n in names:
                assert (text != n or n in FIELDS) and not text.startswith(f"{n}."), \
                    (path.name, text)
            assert not DICE.search(text), (path.name, text)
            assert text not in vocabulary, (path.name, text)
        prose = path.read_text(encoding="utf-8")
        for n in (x for x in names if x != "tenths"):
            assert not re.search(rf"\b{n}\b", prose), (path.name, n)
