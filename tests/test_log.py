"""The JSON-lines writer: the generated serializers write exactly what json.dumps would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from timedcombat import load_scenario, simulate
from timedcombat.events import Attack, State, to_dict, to_json
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
