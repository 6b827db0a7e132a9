"""The JSON-lines writer: the serializers write exactly what json.dumps would."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from timedcombat import load_scenario, simulate
from timedcombat.events import Attack, State, to_dict, to_json
from timedcombat.log import EventLog, JsonLinesSink, Recorder
from timedcombat.systems.tenths.events import TenthsPlaced


def dumps(event):
    """The reference: what json.dumps writes for the event's dict."""
    return json.dumps(to_dict(event), separators=(",", ":"), ensure_ascii=True)

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_serializer_matches_json_dumps_on_every_event(path):
    for event in simulate(load_scenario(path)).events:
        line = to_json(event)
        assert line == dumps(event)
        assert json.loads(line) == to_dict(event)


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_lines_written_are_the_lines_of_the_records(path):
    # the JSON sink and the recorder are handed the same records
    buf = io.StringIO()
    result = simulate(load_scenario(path), log=buf)
    assert buf.getvalue().splitlines() == [to_json(e) for e in result.events]
    assert len(result.events) == result.event_count


def test_every_sink_takes_the_event_one_way_and_records_are_built_once():
    """One path whatever the sinks: each sink is handed (cls, t, seq, fields); the line
    writer writes from the fields, the record sinks share one record per event."""
    buf = io.StringIO()
    only_lines = EventLog([JsonLinesSink(buf)])
    only_lines.emit(State, 1, actor="a", state="hurt", value=True)
    rec, other = Recorder(), []
    both = EventLog([rec, JsonLinesSink(buf), other.append])
    both.emit(State, 2, actor="a", state="hurt", value=True)
    assert rec.events == [State(2, 1, actor="a", state="hurt", value=True)]
    assert other[0] is rec.events[0]  # (built once for both, a line writer between)
    assert buf.getvalue().splitlines() == [
        '{"t":1,"seq":1,"event":"state","actor":"a","state":"hurt","value":true}',
        '{"t":2,"seq":1,"event":"state","actor":"a","state":"hurt","value":true}']
    with pytest.raises(TypeError):  # an undeclared field, whatever the sinks
        only_lines.emit(State, 3, actor="a", state="block", value=False, nonsense=1)
    with pytest.raises(TypeError):  # a required one missing
        only_lines.emit(State, 3, actor="a", state="block")


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_lines_from_fields_alone_are_the_lines_of_the_records(path):
    buf = io.StringIO()
    simulate(load_scenario(path), record=False, log=buf)
    assert buf.getvalue().splitlines() == [to_json(e) for e in
                                           simulate(load_scenario(path)).events]


def test_serializer_escapes_and_writes_every_kind_of_value():
    odd = Attack(1, 2, actor='é"\\n', target="b\u2603", weapon="w", roll=1, total=2,
                 against=3, result="miss", margin=-1, simultaneous=True,
                 modifiers=(("x", -2),))
    assert to_json(odd) == dumps(odd)
    assert json.loads(to_json(odd))["actor"] == 'é"\\n'
    placed = TenthsPlaced(0, 1, actor="a", side="s", at=(-1, 2), facing="E", weapons=("x",),
                    shield=False, stats=(("walk", 5), ("aware", True)),
                    arms=((("name", "x"), ("reach", "short")),), style=None)
    assert to_json(placed) == ('{"t":0,"seq":1,"event":"placed","actor":"a","side":"s",'
                               '"at":[-1,2],"facing":"E","weapons":["x"],"shield":false,'
                               '"stats":{"walk":5,"aware":true},'
                               '"arms":[{"name":"x","reach":"short"}]}')
    state = State(3, 4, actor="a", state="block", value=False, cause="passed")
    assert to_json(state) == '{"t":3,"seq":4,"event":"state","actor":"a","state":"block",' \
        '"value":false,"cause":"passed"}'


def test_a_structlog_sink_gets_every_event_with_the_contract_s_fields():
    """Each event to a structlog logger, in order: its name as structlog's event, then
    ``t``, ``seq`` and the fields of its JSON line, with the values the JSON line has."""
    import io
    import json
    from pathlib import Path

    from structlog.testing import capture_logs

    from timedcombat import load_scenario, simulate
    from timedcombat.log import StructlogSink

    scenario = load_scenario(Path(__file__).resolve().parent.parent / "scenarios" /
                             "two_on_one.toml")
    buf = io.StringIO()
    with capture_logs() as logged:
        result = simulate(scenario, 3, log=buf, sinks=[StructlogSink()])
    lines = [json.loads(line) for line in buf.getvalue().splitlines()]
    assert len(logged) == len(lines) == result.event_count > 20
    for got, line in zip(logged, lines, strict=True):
        assert got.pop("log_level") == "info"
        assert json.loads(json.dumps(got)) == line


def test_a_structlog_sink_logs_at_the_level_asked_to_the_logger_given():
    from structlog.testing import CapturingLogger

    from timedcombat import events
    from timedcombat.log import EventLog, StructlogSink

    cap = CapturingLogger()
    log = EventLog([StructlogSink(cap, level="debug")])
    log.emit(events.Move, 7, actor="ann", frm=(0, 0), to=(1, 0), mode="walk")
    (call,) = cap.calls
    assert call.method_name == "debug" and call.args == ("move",)
    assert call.kwargs["t"] == 7 and call.kwargs["from"] == [0, 0] and call.kwargs["to"] == [1, 0]


def test_emit_lazy_computes_the_fields_only_when_events_are_built():
    """``Arena.emit_lazy``: the core way to spare a costly event when logging is off (rule
    code does not test ``logging`` itself); on, the same record as ``emit``."""
    from timedcombat.arena import Arena
    from timedcombat.dice import Dice

    class Bare(Arena):
        def begin(self) -> None:
            pass

    scenario = load_scenario(ROOT / "scenarios" / "sword_duel.toml")
    calls = []

    def fields():
        calls.append(1)
        return {"actor": "a", "state": "hurt", "value": True}

    off = Bare(scenario, Dice(random.Random(0)), EventLog(), 600, 0)
    off.emit_lazy(State, fields)
    assert calls == [] and off.log.count == 1
    rec = Recorder()
    on = Bare(scenario, Dice(random.Random(0)), EventLog([rec]), 600, 0)
    on.emit_lazy(State, fields)
    on.emit(State, actor="a", state="hurt", value=True)
    on.emit_lazy(State, lambda who, value: {"actor": who, "state": "hurt", "value": value},
                 "a", True)  # (the builder's arguments: no closure per call)
    assert calls == [1] and on.log.count == 3
    first, second, third = rec.events
    assert first == State(0, 1, actor="a", state="hurt", value=True)
    assert to_json(first)[len('{"t":0,"seq":1'):] == to_json(second)[len('{"t":0,"seq":2'):]
    assert third == State(0, 3, actor="a", state="hurt", value=True)


def test_a_fields_cached_texts_never_mix_equal_values_of_other_types() -> None:
    """``True == 1 == 1.0`` and ``hash("1") != hash(1)``: the writer's per-field caches of
    whole ``,"key":value`` texts must give each its own JSON, in any order and past the
    caches' bound."""
    import json

    from timedcombat import events as ev
    from timedcombat.events import FIELD_CACHE_LIMIT, line_writer, to_dict

    write = line_writer(ev.State)
    values: list[object] = [1, True, 1.0, "1", 0, False, None, 2**70, -1, "tr\u00fce"]
    values += list(range(FIELD_CACHE_LIMIT + 5)) + [True, 1, 1.0]
    for seq, value in enumerate(values):
        fields = {"actor": "a", "state": "x", "value": value}
        expected = json.dumps(to_dict(ev.State(t=3, seq=seq, **fields)), separators=(",", ":"))
        assert write(3, seq, fields) == expected + "\n"


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_logging_off_counts_every_event_the_log_writes(path):
    """With logging off events are counted, not built (batch CSVs report the count): the
    count, and the outcome, are those of the run that writes its log."""
    scenario = load_scenario(path)
    for seed in (None, 1, 2, 3):
        off = simulate(scenario, seed, record=False)
        buf = io.StringIO()
        on = simulate(scenario, seed, record=False, log=buf)
        assert off.event_count == on.event_count == buf.getvalue().count("\n") > 3
        assert off.outcome == on.outcome
