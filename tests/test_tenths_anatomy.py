"""The ``tenths`` system in the one shape (issue 21): its action table holds exactly the
words of its plan vocabulary, and the word in a scenario's plan leads straight to the
handler the table names: the handler found there is the one that runs."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import duel_doc, fighter, of, run

import timedcombat.systems.tenths as tenths_pkg
from timedcombat import context as core_context
from timedcombat.systems.tenths import SYSTEM, actions, closing
from timedcombat.systems.tenths.loader import PLAN_KEYS


def _sheathe_then_draw() -> list[dict]:
    """orm sheathes its broadsword (10 tenths), then draws its dagger (6); the foe stands."""
    orm = fighter("orm", "red", [0, 0], walk=4, policy="guard",
                  weapons=["broadsword", "dagger"],
                  plan=[{"action": "sheathe", "weapon": "broadsword"},
                        {"action": "draw", "weapon": "dagger"}])
    foe = fighter("foe", "blue", [9, 0], facing="W", policy="guard")
    return run(duel_doc(orm, foe, until=20), [])


def test_the_action_table_holds_exactly_the_plan_vocabulary():
    assert set(actions.ACTIONS) == set(SYSTEM.plan_actions) == set(PLAN_KEYS)
    assert not set(actions.ACTIONS) & set(actions.OWN_STEPS)  # no word in both tables
    assert actions.ACTIONS["charge"] is closing.do_closing


def test_a_plan_word_runs_the_handler_its_table_names(monkeypatch):
    """Replace the handlers of ``sheathe`` and ``draw`` in the table: the spies run, with
    the plan's steps, and the originals they hand on to log the actions as before."""
    seen = []

    def spy(word):
        original = actions.ACTIONS[word]

        def handler(ctx, f, step):
            seen.append((word, f.id, step.name, step.weapon, ctx.env.now))
            return original(ctx, f, step)
        return handler

    for word in ("sheathe", "draw"):
        monkeypatch.setitem(actions.ACTIONS, word, spy(word))
    ev = _sheathe_then_draw()
    assert seen == [("sheathe", "orm", "sheathe", "broadsword", 0),
                    ("draw", "orm", "draw", "dagger", 10)]
    acts = [(e["name"], e["t"], e["end"]) for e in of(ev, "action", actor="orm")]
    assert acts == [("sheathe", 0, 10), ("draw", 10, 16)]


def test_a_handler_swapped_in_the_table_changes_what_happens(monkeypatch):
    """The table is what runs: a ``draw`` whose handler does nothing draws nothing."""

    def idle(ctx, f, step):
        yield ctx.env.timeout(1)

    monkeypatch.setitem(actions.ACTIONS, "draw", idle)
    ev = _sheathe_then_draw()
    assert [e["name"] for e in of(ev, "action", actor="orm")] == ["sheathe"]


TENTHS = Path(tenths_pkg.__file__).parent


def _members(tree: ast.AST, name: str) -> set[str]:
    cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name)
    return {n.target.id for n in cls.body
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)} | \
        {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}


def test_the_context_lists_exactly_what_the_rule_code_uses():
    """Every ``ctx.NAME`` of the rule code is in the tenths Context (or the core one it
    extends), and every member the tenths Context adds is used somewhere."""
    used: set[str] = set()
    for path in TENTHS.glob("*.py"):
        if path.name in ("engine.py", "context.py"):
            continue
        used |= {n.attr for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                 and n.value.id == "ctx"}
    own = _members(ast.parse((TENTHS / "context.py").read_text(encoding="utf-8")), "Context")
    core = _members(ast.parse(Path(core_context.__file__).read_text(encoding="utf-8")),
                    "Context")
    assert used - own - core == set()
    assert own - used == set()
    assert len(used) > 60


def test_no_rule_module_imports_the_fight():
    """Rule code is written against the Context: only the system object imports the
    engine (not even for types)."""
    for path in TENTHS.glob("*.py"):
        if path.name in ("__init__.py", "engine.py"):
            continue
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.ImportFrom):
                assert n.module != "timedcombat.systems.tenths.engine", path.name
