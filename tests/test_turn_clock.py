"""The turn clock a turn system's fight runs on (timedcombat/turns.py), as the plug-in
guide (docs/plugins.md, "Turns") tells a system to use it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import simpy

from timedcombat.turns import PhaseSpec, PhaseStart, TimeModel, TurnClock, TurnStart


def test_a_process_waits_on_phase_event_as_the_guide_says(monkeypatch) -> None:
    """``clock.phase_event(name)`` is the event of a phase's start: it was shadowed by the
    constructor's own ``phase_event`` (the record class), so a plug-in following the guide
    got a TypeError. A process waiting on it wakes at each turn's phase start, with the
    turn's number, and the clock logs the phase with its record class."""
    from timedcombat import events

    monkeypatch.setattr(events, "_REGISTRY", dict(events._REGISTRY))  # (the classes register)
    env = simpy.Environment()
    logged: list[tuple[str, dict[str, Any]]] = []
    arena = SimpleNamespace(env=env, over=False, turn_order=lambda turn: (["ana"], {}),
                            emit=lambda cls, **f: logged.append((cls.__name__, f)))

    class Turn(TurnStart):
        EVENT = "toy2.turn"

    class Phase(PhaseStart):
        EVENT = "toy2.phase"

    clock = TurnClock(arena, TimeModel(10, (PhaseSpec("strike", 2, 8),)), Turn, Phase)
    woke: list[tuple[float, int]] = []

    def waiter() -> Any:
        for _ in range(2):
            turn = yield clock.phase_event("strike")
            woke.append((env.now, turn))

    clock.start()
    env.process(waiter())
    env.run(until=25)
    assert woke == [(2, 1), (12, 2)]
    assert clock.phase_record is Phase
    assert [name for name, _ in logged][:2] == ["Turn", "Phase"]
    assert logged[1][1] == {"turn": 1, "phase": "strike", "end": 10}


def test_a_phase_at_the_turns_first_tenth_begins_with_the_turn(monkeypatch) -> None:
    """A phase at offset 0 is logged right after its turn, at the same tenth, with no wait
    of the clock's between; a process waiting on it wakes then, and one asking for an
    unknown phase gets a KeyError."""
    from timedcombat import events

    monkeypatch.setattr(events, "_REGISTRY", dict(events._REGISTRY))
    env = simpy.Environment()
    logged: list[tuple[str, float]] = []
    arena = SimpleNamespace(env=env, over=False, turn_order=lambda turn: (["ana"], {}),
                            emit=lambda cls, **f: logged.append((cls.__name__, env.now)))

    class Turn(TurnStart):
        EVENT = "toy3.turn"

    class Phase(PhaseStart):
        EVENT = "toy3.phase"

    model = TimeModel(10, (PhaseSpec("move", 0, 4), PhaseSpec("act", 4, 6)))
    clock = TurnClock(arena, model, Turn, Phase)
    woke: list[tuple[str, float, int]] = []

    def waiter(name: str) -> Any:
        for _ in range(2):
            turn = yield clock.phase_event(name)
            woke.append((name, env.now, turn))

    clock.start()
    env.process(waiter("move"))
    env.process(waiter("act"))
    env.run(until=15)
    assert logged == [("Turn", 0), ("Phase", 0), ("Phase", 4), ("Turn", 10), ("Phase", 10),
                      ("Phase", 14)]
    assert woke == [("move", 0, 1), ("act", 4, 1), ("move", 10, 2), ("act", 14, 2)]
    try:
        clock.phase_event("rest")
    except KeyError:
        pass
    else:
        raise AssertionError("an unknown phase must be a KeyError")
