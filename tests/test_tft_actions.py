"""The ``tft`` action table: one handler for every word of the plan vocabulary, and the
handler of a plan's word is what runs at the figure's action tenth."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from tft_helpers import doc, fig, of, run

from timedcombat.systems.tft import SYSTEM, actions
from timedcombat.systems.tft.fighter import Choice


def test_the_action_table_has_exactly_the_words_of_the_plan_vocabulary():
    assert set(actions.ACTIONS) == set(SYSTEM.plan_actions)
    for word, handler in actions.ACTIONS.items():
        assert list(inspect.signature(handler).parameters) == ["ctx", "f", "c"], word


@pytest.mark.parametrize("word", ["attack", "stand_still"])
def test_a_plan_word_runs_its_handler_from_the_table(monkeypatch: pytest.MonkeyPatch,
                                                     word: str) -> None:
    """Ana's plan word leads to ``ACTIONS[word]`` at her action tenth (25: she acts first),
    with the fight, herself and the option of that step; the stub does nothing, so her
    scripted attack on Bo is never rolled."""
    seen: list[tuple[int, str, str, int | None]] = []

    def stub(ctx: Any, f: Any, c: Choice) -> None:
        seen.append((ctx.env.now, f.id, c.option, c.plan))

    monkeypatch.setitem(actions.ACTIONS, word, stub)
    d = doc(fig("ana", "red", (0, 0), dx=14, plan=[{"action": word, "target": "bo"}
                                                  if word == "attack" else {"action": word}]),
            fig("bo", "blue", (1, 0), "W", plan=[{"action": "stand_still"}]))
    ev = run(d, [6, 1], fallback=True)
    assert [s for s in seen if s[1] == "ana"] == [(25, "ana", word, 0)]
    assert of(ev, "attack", actor="ana") == []
