"""``simulate`` pauses Python's cycle collector while the fight runs and leaves it as it
found it; that is safe because a fight leaves next to no cyclic garbage, however long
it runs (timedcombat/engine.py, docs/performance.md)."""

from __future__ import annotations

import copy
import gc
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from timedcombat import simulate
from timedcombat.errors import ScenarioError
from timedcombat.events import Event
from timedcombat.loading import scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
DUEL = tomllib.loads((ROOT / "scenarios" / "sword_duel.toml").read_text())


def _duel(body: int | None = None, **scenario: object):  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(DUEL)
    doc["scenario"].update(scenario)
    if body is not None:
        doc["scenario"]["until"] = 100_000
        for c in doc["combatant"]:
            c["body"] = body
    return scenario_from_dict(doc, "duel.toml")


@pytest.fixture
def collector() -> Iterator[None]:
    """The collector enabled and unchanged after the test, whatever it did."""
    was = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        (gc.enable if was else gc.disable)()


class Watch:
    """A sink that notes whether the collector runs at each event."""

    def __init__(self) -> None:
        self.enabled: list[bool] = []

    def __call__(self, event: Event) -> None:
        self.enabled.append(gc.isenabled())


def test_the_collector_is_paused_during_the_fight_and_enabled_after(collector: None) -> None:
    watch = Watch()
    r = simulate(_duel(), 3, sinks=[watch], record=False)
    assert len(watch.enabled) == r.event_count > 10
    assert not any(watch.enabled)
    assert gc.isenabled()


def test_a_collector_the_caller_disabled_stays_disabled(collector: None) -> None:
    gc.disable()
    simulate(_duel(), 3, record=False)
    assert not gc.isenabled()


def test_the_collector_is_enabled_again_when_the_fight_fails(collector: None) -> None:
    bad = _duel(dice=[21])  # (no d20 shows 21: the scenario's script is at fault)
    with pytest.raises(ScenarioError, match=r"scenario\.dice\[0\]"):
        simulate(bad, 3, record=False)
    assert gc.isenabled()


def _cyclic_garbage(scenario) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """(events, objects only the collector can free) of one fight."""
    gc.collect()
    r = simulate(scenario, 3, record=False)
    return r.event_count, gc.collect()


def test_a_fight_leaves_a_few_dozen_cyclic_objects_however_long(collector: None) -> None:
    short_events, short = _cyclic_garbage(_duel(body=150))
    long_events, long = _cyclic_garbage(_duel(body=2000))
    assert long_events > 10 * short_events
    assert 0 < long <= short + 5 and long < 100
