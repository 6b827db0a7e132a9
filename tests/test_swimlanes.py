"""Timeline pictures: lanes, bars and markers from a log; SVG/PNG files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from timedcombat.cli import main
from timedcombat.swimlanes import lanes_of

ROOT = Path(__file__).resolve().parent.parent


def test_svg_has_one_lane_per_combatant(tmp_path):
    for name, ids in (("sword_duel", ["ana", "bo"]),
                      ("melee_10v10", [f"r{i}" for i in range(10)] + [f"b{i}" for i in range(10)])):
        out = tmp_path / f"{name}.svg"
        assert main(["run", str(ROOT / "scenarios" / f"{name}.toml"), "-q", "--svg", str(out)]) == 0
        lanes = re.findall(r'id="lane-([A-Za-z0-9_]+)"', out.read_text())
        assert sorted(lanes) == sorted(ids)


def test_png_is_written_and_grows_with_the_lanes(tmp_path):
    sizes = {}
    for name in ("sword_duel", "melee_10v10"):
        out = tmp_path / f"{name}.png"
        assert main(["run", str(ROOT / "scenarios" / f"{name}.toml"), "-q", "--png", str(out)]) == 0
        data = out.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        sizes[name] = (width, height)
    assert sizes["melee_10v10"][1] > 3 * sizes["sword_duel"][1]


def test_unwritable_picture_path_is_a_one_line_error(tmp_path, capsys):
    bad = tmp_path / "missing-dir" / "x.svg"
    assert main(["run", str(ROOT / "scenarios" / "sword_duel.toml"), "-q", "--svg", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: --svg {bad}: no such directory {bad.parent}"]


LOG = [
    {"t": 0, "seq": 1, "event": "start", "system": "tenths", "seed": 4, "scenario": "x"},
    {"t": 0, "seq": 2, "event": "placed", "actor": "a", "side": "red"},
    {"t": 0, "seq": 3, "event": "placed", "actor": "c", "side": "blue"},
    {"t": 0, "seq": 4, "event": "placed", "actor": "b", "side": "red"},
    {"t": 0, "seq": 5, "event": "action", "actor": "a", "name": "attack", "end": 12,
     "closing": True},
    {"t": 0, "seq": 6, "event": "action", "actor": "c", "name": "attack", "end": 10},
    {"t": 5, "seq": 7, "event": "defence", "actor": "a", "kind": "parry", "against": "c",
     "delay": 4},
    {"t": 7, "seq": 8, "event": "interrupted", "actor": "c", "name": "attack",
     "cause": "reaction"},
    {"t": 7, "seq": 9, "event": "reaction", "actor": "c", "cause": "x", "roll": 5,
     "tenths": 3, "end": 10},
    {"t": 10, "seq": 10, "event": "x.turn"},
    {"t": 16, "seq": 11, "event": "attack", "actor": "a", "target": "c", "result": "hit"},
    {"t": 16, "seq": 12, "event": "damage", "actor": "c", "amount": 5},
    {"t": 16, "seq": 13, "event": "state", "actor": "c", "state": "out", "value": True},
    {"t": 16, "seq": 14, "event": "end", "winner": "red", "reason": "last side standing"},
]


def test_lanes_of_a_log():
    lanes = lanes_of(LOG)
    assert lanes.order == ("a", "b", "c")  # grouped by side, in order of appearance
    bars = [(b.actor, b.start, b.end, b.kind) for b in lanes.bars]
    assert bars == [("a", 0, 16, "closing"),  # 12 pushed back 4 by the parry
                    ("c", 0, 7, "attack"),  # cut short by the interruption
                    ("c", 7, 10, "reaction")]
    assert lanes.marks == (("a", 16, "hit", "c"),)
    assert lanes.wounds == (("c", 16, 5),)
    assert lanes.states == (("c", 16, "out"),)
    assert lanes.spans == ()
    assert lanes.boundaries == (10,)
    assert lanes.end == 16
    assert lanes.title == "x — tenths, seed 4 — winner red at 1.6 s"


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_draw_a_hand_made_log(tmp_path, fmt):
    from timedcombat.swimlanes import draw

    out = tmp_path / f"x.{fmt}"
    draw(LOG, out)
    assert out.stat().st_size > 1000


def test_a_set_waiting_to_strike_is_a_span_from_its_tenth_to_its_blow():
    log = [
        {"t": 0, "seq": 1, "event": "start", "system": "tenths", "seed": 1, "scenario": "s"},
        {"t": 0, "seq": 2, "event": "placed", "actor": "p", "side": "a"},
        {"t": 0, "seq": 3, "event": "placed", "actor": "w", "side": "b"},
        {"t": 0, "seq": 4, "event": "action", "actor": "p", "name": "set", "end": 1,
         "closing": True},
        {"t": 10, "seq": 5, "event": "attack", "actor": "p", "target": "w", "result": "miss",
         "closing": "set"},
        {"t": 10, "seq": 6, "event": "action", "actor": "p", "name": "attack", "end": 20},
        {"t": 20, "seq": 7, "event": "end", "winner": None, "reason": "until"},
    ]
    lanes = lanes_of(log)
    assert lanes.waits == (("p", 1, 10),)
    assert [(b.actor, b.start, b.end, b.kind) for b in lanes.bars] == \
        [("p", 0, 1, "closing"), ("p", 10, 20, "attack")]
