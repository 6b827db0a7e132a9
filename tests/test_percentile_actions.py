"""The action table of the ``percentile`` system (issue 21): exactly the plan vocabulary's
words, and the word of a plan step leads to the handler that makes it."""

from __future__ import annotations

from typing import Any

import pytest
from percentile_helpers import doc, fighter, idle, of, run

from timedcombat.systems.percentile import SYSTEM, actions
from timedcombat.systems.percentile.fighter import Decl, Fighter
from timedcombat.systems.percentile.rules import GRAPPLES, UNARMED_STRIKES


def test_the_action_table_has_exactly_the_words_of_the_plan_vocabulary() -> None:
    assert set(actions.ACTIONS) == set(SYSTEM.plan_actions)
    assert len(actions.ACTIONS) == 21


def test_each_kind_of_word_has_its_handler() -> None:
    assert {actions.ACTIONS[w] for w in UNARMED_STRIKES} == {actions.strike}
    assert {actions.ACTIONS[w] for w in GRAPPLES} == {actions.grapple}
    assert {actions.ACTIONS[w] for w in ("duck", "block", "parry")} == {actions.defend}
    assert (actions.ACTIONS["close"], actions.ACTIONS["ram"], actions.ACTIONS["reins"]) == \
        (actions.close, actions.ram, actions.reins)


def _punch_and_kick() -> dict[str, Any]:
    return doc(fighter("a", "x", [0, 0], [{"action": "punch", "target": "b"},
                                          {"action": "kick", "target": "b"}]),
               idle("b", "y", [1, 0]), until=20)


def test_a_plan_word_runs_the_handler_the_table_gives_it(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Replacing ``ACTIONS["punch"]`` changes what a planned punch does, and only that:
    the kick still strikes (the engine dispatches through the table, word by word)."""
    made: list[tuple[str, str, int]] = []

    def recorder(ctx: Any, f: Fighter, d: Decl) -> None:
        made.append((f.id, d.action, ctx.env.now))  # (and no strike)

    before = run(_punch_and_kick(), seed=3)
    assert [e["weapon"] for e in of(before, "attack")] == ["punch", "kick"]
    monkeypatch.setitem(actions.ACTIONS, "punch", recorder)
    after = run(_punch_and_kick(), seed=3)
    declared = of(after, "percentile.declare", actor="a")[0]
    assert made == [("a", "punch", declared["tenths"][0])]
    assert [e["weapon"] for e in of(after, "attack")] == ["kick"]


def test_the_handler_gets_the_declared_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The handler of a word receives the fighter and his declared step (its intent from
    the plan), and what it does is what the log shows."""
    seen: list[Decl] = []
    original = actions.ACTIONS["kick"]

    def spy(ctx: Any, f: Fighter, d: Decl) -> None:
        seen.append(d)
        original(ctx, f, d)

    monkeypatch.setitem(actions.ACTIONS, "kick", spy)
    events = run(_punch_and_kick(), seed=3)
    assert [(d.action, d.target, d.plan_index, d.made) for d in seen] == \
        [("kick", "b", 1, True)]
    assert [e["weapon"] for e in of(events, "attack")] == ["punch", "kick"]
