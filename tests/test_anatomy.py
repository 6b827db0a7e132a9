"""Every rule system has the same anatomy (issue 21, docs/architecture.md): the same
modules under the same names, an action table that is exactly the plan vocabulary, a
state record, a Context protocol over the core one, a fight over the arena, policies in
the core's registry form, and a checker; the architecture page's table says so."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

from timedcombat import context as core_context
from timedcombat.arena import Arena, Combatant
from timedcombat.systems.base import get_system

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = ("tenths", "tft", "percentile", "gurps")
MODULES = ("actions", "context", "fighter", "rules", "resolve", "policy", "present", "loader",
           "events", "engine")


def module(system: str, name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"timedcombat.systems.{system}.{name}")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_has_the_modules_of_the_anatomy(system: str) -> None:
    for name in MODULES:
        module(system, name)
    importlib.import_module(f"timedcombat.checks.{system}")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_action_table_is_exactly_the_plan_vocabulary(system: str) -> None:
    actions = module(system, "actions").ACTIONS
    assert set(actions) == set(get_system(system).plan_actions)
    for word, handler in actions.items():
        params = list(inspect.signature(handler).parameters)
        assert len(params) >= 3 and params[0] == "ctx", (word, params)


@pytest.mark.parametrize("system", SYSTEMS)
def test_state_context_and_fight_have_the_same_names_in_every_system(system: str) -> None:
    fighter = module(system, "fighter").Fighter
    assert issubclass(fighter, Combatant)
    ctx = module(system, "context").Context
    assert core_context.Context in ctx.__mro__ and getattr(ctx, "_is_protocol", False)
    fight = module(system, "engine").Fight
    assert issubclass(fight, Arena)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_fighter_is_slotted_all_the_way_down(system: str) -> None:
    """A fighter keeps no instance dict (docs/performance.md: a class in its chain without
    ``__slots__`` would bring the dict back, and every attribute read would pay for it);
    the slots name exactly what its methods assign to ``self``, nothing left over."""
    fighter = module(system, "fighter").Fighter
    for cls in fighter.__mro__[:-1]:
        assert "__slots__" in vars(cls), cls
    assert fighter.__dictoffset__ == 0  # (no instance dict anywhere in the chain)
    for cls in (fighter, Combatant):
        assigned = _set_on_self(cls)
        assert assigned == set(cls.__slots__), (cls, assigned ^ set(cls.__slots__))


def _set_on_self(cls: type) -> set[str]:
    """The attributes the methods of ``cls`` set on ``self``, read from its ``.py`` file
    (a compiled module has no source to inspect)."""
    path = ROOT / (cls.__module__.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text())
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    out: set[str] = set()
    for n in ast.walk(node):
        targets = n.targets if isinstance(n, ast.Assign) else \
            [n.target] if isinstance(n, ast.AnnAssign | ast.AugAssign) else []
        for t in targets:
            out |= {e.attr for e in ast.walk(t) if isinstance(e, ast.Attribute)
                    and isinstance(e.value, ast.Name) and e.value.id == "self"}
    return out


@pytest.mark.parametrize("system", SYSTEMS)
def test_policies_are_named_factories(system: str) -> None:
    policies = module(system, "policy").POLICIES
    assert "default" in policies
    for make in policies.values():
        assert callable(make) and make() is not make()


def test_the_architecture_page_opens_with_the_anatomy_table() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text()
    first = page[page.index("\n|"):].split("\n\n", 1)[0].strip().splitlines()
    header = [c.strip() for c in first[0].strip("|").split("|")]
    assert header == ["system", "actions", "state", "rules", "resolution", "policy",
                      "presentation", "loader", "checker"]
    rows = {re.sub(r"`", "", r.split("|")[1].strip()): [c.strip(" `") for c in
                                                        r.strip("|").split("|")[1:]]
            for r in first[2:]}
    for system in SYSTEMS:
        cells = rows[system]
        assert cells[:7] == ["actions.py", "fighter.py", "rules.py", "resolve.py",
                             "policy.py", "present.py", "loader.py"]
        assert cells[7] == f"checks/{system}.py"
        for cell in cells[:7]:
            assert (ROOT / "timedcombat" / "systems" / system / cell).is_file()


def test_no_class_is_over_300_lines() -> None:
    """Issue 21: no god objects; a class longer than this is split by concept."""
    import ast

    package = Path(__file__).resolve().parents[1] / "timedcombat"
    long = [(f"{path.relative_to(package)}:{node.lineno} {node.name}",
             (node.end_lineno or node.lineno) - node.lineno + 1)
            for path in sorted(package.rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text("utf-8")))
            if isinstance(node, ast.ClassDef)]
    assert len(long) > 100  # the walk sees the package's classes
    assert [(where, n) for where, n in long if n > 300] == []
