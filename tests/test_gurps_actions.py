"""The ``gurps`` action table: every plan word has its handler in ``actions.ACTIONS``, and
the word in a scenario's plan is what runs it (issue 21: one shape for every system)."""

from __future__ import annotations

from typing import Any

import pytest
from gurps_helpers import KAZ, doc, fighter, of

from timedcombat import simulate
from timedcombat.events import to_dict
from timedcombat.loading import scenario_from_dict
from timedcombat.systems.gurps import SYSTEM, actions
from timedcombat.systems.gurps.layout import OTHER, Layout, Step
from timedcombat.systems.gurps.stats import PLAN_ACTIONS


def test_the_table_holds_exactly_the_plan_vocabulary():
    assert set(actions.ACTIONS) == set(SYSTEM.plan_actions) == set(PLAN_ACTIONS)
    assert {w for w, s in PLAN_ACTIONS.items() if s.maneuver is None} == actions.FREE_ACTIONS


def _run(plan: list[dict[str, Any]]) -> list[dict[str, Any]]:
    d = doc(fighter("a", "x", [0, 0], plan=plan, **KAZ), fighter("b", "y", [5, 0], **KAZ),
            until=15)
    scenario = scenario_from_dict(d, "test.toml")
    return [to_dict(e) for e in simulate(scenario, 0).events]


@pytest.mark.parametrize("word", ["wait", "do_nothing", "change_posture"])
def test_the_plan_word_runs_its_handler_from_the_table(monkeypatch: pytest.MonkeyPatch,
                                                       word: str) -> None:
    """A spy put in the table under the plan's word is called with (ctx, fighter, step)
    and its layout is what the fighter performs: the word leads to the table's entry, not
    to a copy or another dispatch."""
    calls: list[tuple[Any, str, str]] = []

    def spy(ctx: Any, f: Any, step: Any) -> Layout:
        calls.append((ctx, f.id, step.action))
        return Layout("do_nothing", 0, None, (Step(OTHER, lambda: ctx.stun(f) or True),))

    monkeypatch.setitem(actions.ACTIONS, word, spy)
    step = {"action": word, "target": "b"} if word == "wait" else \
        {"action": word, "posture": "kneeling"} if word == "change_posture" else \
        {"action": word}
    events = _run([step])
    assert [(c[1], c[2]) for c in calls] == [("a", word)]
    assert calls[0][0].by_id["a"].id == "a"  # the context is the running fight
    assert of(events, "gurps.maneuver", actor="a", name=word, maneuver="do_nothing")
    assert of(events, "state", actor="a", state="stunned", value=True)  # the spy's step ran


def test_retreat_is_no_maneuver_its_handler_runs_and_the_next_word_is_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = actions.ACTIONS["retreat"]

    def spy(ctx: Any, f: Any, step: Any) -> None:
        seen.append(step.action)
        return real(ctx, f, step)

    monkeypatch.setitem(actions.ACTIONS, "retreat", spy)
    events = _run([{"action": "retreat"}, {"action": "do_nothing"}])
    assert seen == ["retreat"]
    first = of(events, "gurps.maneuver", actor="a")[0]
    assert first["name"] == "do_nothing" and first["t"] < 10


def test_each_word_names_its_handler():
    """A reader finds the handler under the word's own name (takedown and pin share the
    cooperative attempt)."""
    for word, handler in actions.ACTIONS.items():
        name = "cooperative" if word in ("takedown", "pin") else word
        assert handler is getattr(actions, name), word
