"""Running a scenario: one injected RNG, one event log, the system's simpy fight."""

from __future__ import annotations

import gc
import random
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

import attrs

from timedcombat.clock import Tenths, check_tenths
from timedcombat.dice import Dice, DiceError, ScriptedDice
from timedcombat.errors import ScenarioError
from timedcombat.events import Event
from timedcombat.log import EventLog, FieldSink, JsonLinesSink, Recorder, Sink
from timedcombat.scenario import Scenario
from timedcombat.systems.base import Outcome, get_system

if TYPE_CHECKING:
    import pandas as pd


@attrs.frozen
class Result:
    """What one run produced: the outcome and (when recorded) every event in order."""

    scenario: Scenario
    seed: int
    outcome: Outcome
    events: tuple[Event, ...] = ()
    event_count: int = 0

    @property
    def winner(self) -> str | None:
        return self.outcome.winner

    @property
    def end(self) -> int:
        return self.outcome.end

    def __repr__(self) -> str:
        return (f"Result(scenario={self.scenario.info.name!r}, system={self.scenario.system!r}, "
                f"seed={self.seed}, winner={self.winner!r}, end={self.end}, "
                f"events={len(self.events) or self.event_count})")

    def frame(self) -> pd.DataFrame:
        """The events as a pandas data frame: one row per event, the log's field names as
        columns (:func:`timedcombat.frames.events_frame`; needs the ``analysis`` extra)."""
        from timedcombat.frames import events_frame

        self._need_events()
        return events_frame(self.events)

    def html(self, at: Tenths = 0) -> str:
        """The HTML replay page of this run (what ``show --html`` writes), starting at
        tenth ``at`` (tenths: ``at=17`` is 1.7 s)."""
        from timedcombat.events import to_dict
        from timedcombat.replay import html

        check_tenths("at", at)
        self._need_events()
        return html([to_dict(e) for e in self.events], at)

    def _repr_html_(self) -> str:
        """Jupyter shows a run as its replay: map, swimlanes and controls, in a frame of
        its own (the page's script and styles stay inside it)."""
        from html import escape

        if not self.events:
            return f"<p>{escape(repr(self))}</p>"
        return (f'<iframe srcdoc="{escape(self.html(), quote=True)}" '
                'style="width:100%;height:760px;border:1px solid #ddd" '
                'sandbox="allow-scripts"></iframe>')

    def _need_events(self) -> None:
        if not self.events and self.event_count:
            raise ValueError("the run kept no events: simulate it with record=True")

    def show(self, **options: Any) -> None:
        """Render this run as ``timedcombat show`` renders its log: the timeline, or as
        asked ``png=``, ``svg=``, ``html=`` (files: then no timeline unless ``text=True``),
        ``at=``, ``start=``, ``stop=`` (all three in **tenths**: ``at=17`` is 1.7 s, the
        CLI's ``--at 1.7``), ``only=`` (see :func:`timedcombat.show.render_log`)."""
        from timedcombat.show import render_result  # (not at the top: rich, the pictures)

        render_result(self, **options)


def simulate(
    scenario: Scenario,
    seed: int | None = None,
    *,
    log: IO[str] | None = None,
    record: bool = True,
    dice: Dice | None = None,
    until: int | None = None,
    sinks: Sequence[Sink | FieldSink] = (),
) -> Result:
    """Fight ``scenario`` once.

    ``seed`` defaults to the scenario's own; ``log`` is a text stream that receives the
    JSON-lines log; ``record`` keeps the events in the result; ``dice`` replaces the
    seeded dice (scripted rolls); ``until`` overrides the scenario's cap in tenths.
    Python's cycle collector is paused while the fight runs (see the comment below).
    """
    run_seed = scenario.info.seed if seed is None else seed
    recorder = Recorder() if record else None
    all_sinks: list[Sink | FieldSink] = list(sinks)
    if recorder is not None:
        all_sinks.append(recorder)
    if log is not None:
        all_sinks.append(JsonLinesSink(log))
    event_log = EventLog(all_sinks)
    system = get_system(scenario.system)
    scripted = dice is None and bool(scenario.info.dice)
    if dice is None:
        rng = random.Random(run_seed)
        # a scenario's scripted faces come first, then the seeded dice
        dice = ScriptedDice(scenario.info.dice, rng) if scenario.info.dice else Dice(rng)
    # Python's cycle collector is paused while the fight runs, then left as it was. A
    # fight leaves next to no cyclic garbage (its own web of figures and processes, some
    # dozens of objects: tests/test_engine_gc.py), but the collector, woken by
    # allocations, would scan the young objects again and again, and in a long fight
    # that keeps its events every recorded one: a quarter of a 4000-figure melee's time
    # (docs/performance.md). Paused, the fight's survivors are scanned once, after it.
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        outcome = system.run(
            scenario,
            dice,
            event_log,
            scenario.info.until if until is None else until,
            run_seed,
        )
    except DiceError as exc:
        if not scripted or exc.index is None:
            raise
        # a face of the scenario's own script that the roll it came to cannot show
        raise ScenarioError(scenario.file, f"scenario.dice[{exc.index}]", exc.message) from exc
    finally:
        if collecting:
            gc.enable()
    return Result(scenario, run_seed, outcome,
                  tuple(recorder.events) if recorder is not None else (), event_log.count)
