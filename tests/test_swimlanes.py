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
    assert lanes.order == ("a", "c", "b")  # a struck c: side by side; b after them
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


def _pairs_log(pairs, sides):
    """A log in which each (striker, target) of ``pairs`` strikes once, in that order."""
    log = [{"t": 0, "seq": 1, "event": "start", "system": "tenths", "seed": 1,
            "scenario": "pairs"}]
    for actor, side in sides.items():
        log.append({"t": 0, "seq": len(log) + 1, "event": "placed", "actor": actor,
                    "side": side})
    for i, (a, b) in enumerate(pairs):
        log.append({"t": i + 1, "seq": len(log) + 1, "event": "attack", "actor": a,
                    "target": b, "result": "miss"})
    log.append({"t": len(pairs) + 1, "seq": len(log) + 1, "event": "end", "winner": None,
                "reason": "until"})
    return log


def test_opponents_sit_next_to_each_other_in_a_big_fight():
    from timedcombat.lane_order import mean_distance

    sides = {f"r{i}": "red" for i in range(6)} | {f"b{i}": "blue" for i in range(6)}
    # ri fights b(5-i): grouped by side, the arrows cross 6 lanes each on average
    pairs = [(f"r{i}", f"b{5 - i}") for i in range(6)] * 2 + \
        [(f"b{5 - i}", f"r{i}") for i in range(6)]
    order = lanes_of(_pairs_log(pairs, sides)).order
    blows = pairs
    grouped = tuple(sides)
    assert mean_distance(grouped, blows) == 6.0
    assert mean_distance(order, blows) == 1.0  # every blow to the next lane
    for i in range(6):
        assert abs(order.index(f"r{i}") - order.index(f"b{5 - i}")) == 1
    # the given order kept as far as it goes: the pairs in the order of the red lanes
    assert order == ("r0", "b5", "r1", "b4", "r2", "b3", "r3", "b2", "r4", "b1", "r5", "b0")


def test_a_fight_without_blows_keeps_its_lanes_grouped_by_side():
    sides = {"a": "red", "c": "blue", "b": "red"}
    assert lanes_of(_pairs_log([], sides)).order == ("a", "b", "c")


def test_the_10v10_arrows_are_short():
    from timedcombat import load_scenario, simulate
    from timedcombat.events import to_dict
    from timedcombat.lane_order import mean_distance

    events = [to_dict(e) for e in simulate(load_scenario(ROOT / "scenarios" /
                                                          "melee_10v10.toml")).events]
    lanes = lanes_of(events)
    blows = [(a, tgt) for a, _t, _r, tgt in lanes.marks]
    grouped = tuple(sorted(lanes.order, key=lambda a: (a[0] == "b", int(a[1:]))))
    assert mean_distance(grouped, blows) > 9  # r0..r9, b0..b9: 9.37 lanes a blow
    assert mean_distance(lanes.order, blows) < 1.6  # 1.44


def test_each_lane_names_its_side_in_the_side_colour(tmp_path):
    from timedcombat.swimlanes import figure

    fig = figure(_pairs_log([("r0", "b0")], {"r0": "red", "b0": "blue"}))
    labels = {t.get_text(): t.get_color() for t in fig.axes[0].get_yticklabels()}
    assert labels == {"r0 (red)": "#c44e52", "b0 (blue)": "#4c72b0"}


FELLED = [
    {"t": 0, "seq": 1, "event": "start", "system": "tenths", "seed": 1, "scenario": "f"},
    {"t": 0, "seq": 2, "event": "placed", "actor": "a", "side": "red",
     "stats": {"body": 12}},
    {"t": 0, "seq": 3, "event": "placed", "actor": "b", "side": "blue",
     "stats": {"body": 10}},
    {"t": 20, "seq": 4, "event": "attack", "actor": "a", "target": "b", "result": "hit"},
    {"t": 20, "seq": 5, "event": "damage", "actor": "b", "amount": 0, "total": 0,
     "body": 10},
    {"t": 60, "seq": 6, "event": "attack", "actor": "a", "target": "b", "result": "hit"},
    {"t": 60, "seq": 7, "event": "damage", "actor": "b", "amount": 4, "total": 4,
     "body": 10},
    {"t": 60, "seq": 8, "event": "state", "actor": "b", "state": "hurt", "value": True},
    {"t": 100, "seq": 9, "event": "attack", "actor": "a", "target": "b", "result": "hit"},
    {"t": 100, "seq": 10, "event": "damage", "actor": "b", "amount": 7, "total": 11,
     "body": 10},
    {"t": 100, "seq": 11, "event": "state", "actor": "b", "state": "out", "value": True},
    {"t": 100, "seq": 12, "event": "end", "winner": "red", "reason": "last side standing"},
]


def test_each_lane_carries_the_health_left_after_each_blow():
    lanes = lanes_of(FELLED)
    assert lanes.health == (("a", 0, 12, 12), ("b", 0, 10, 10), ("b", 20, 10, 10),
                            ("b", 60, 6, 10), ("b", 100, -1, 10))
    assert lanes.health_name == "body"


def test_damage_labels_say_0_not_minus_0_and_the_felling_blow_joins_out():
    from timedcombat.swimlanes import lane_labels

    texts = [(lab.actor, lab.text, lab.kind) for lab in lane_labels(lanes_of(FELLED), 0.05)]
    assert ("b", "-7 OUT", "out") in texts  # one label, not "-7" on top of "OUT"
    assert ("b", "0", "damage") in texts and ("b", "-4", "damage") in texts
    assert not any(text in ("-0", "-7", "OUT") for _a, text, _k in texts)
    assert ("b", "body 10", "health") in texts and ("b", "6", "health") in texts
    assert ("b", "body -1", "health") in texts  # past its body, as the log says


def test_the_svg_shows_the_labels_as_text_and_the_hurt_star_inside_its_lane(tmp_path):
    from timedcombat.swimlanes import draw

    out = tmp_path / "f.svg"
    fig = draw(FELLED, out)
    svg = out.read_text()
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert "-7 OUT" in texts and "0" in texts and "-0" not in texts
    assert "health left (body)" in texts
    ax = fig.axes[0]
    stars = [c for c in ax.collections if c.get_offsets().shape[0] == 1
             and c.get_facecolor().shape[0] and
             tuple(round(v, 3) for v in c.get_facecolor()[0][:3]) == (0.867, 0.518, 0.322)]
    (star,) = stars
    x, y = star.get_offsets()[0]
    row_b = lanes_of(FELLED).order[::-1].index("b")
    assert x == 6.0 and row_b - 0.5 < y < row_b + 0.5


def test_a_tft_lane_counts_st_and_a_gurps_lane_hp():
    from timedcombat import load_scenario, simulate
    from timedcombat.events import to_dict

    for name, word, actor, first in (("tft_knife_jump", "ST", "sven", 13),
                                     ("gurps_knife_vs_shield", "HP", "sven", 12)):
        events = [to_dict(e) for e in simulate(load_scenario(
            ROOT / "scenarios" / f"{name}.toml")).events]
        lanes = lanes_of(events)
        assert lanes.health_name == word
        steps = [s for s in lanes.health if s[0] == actor]
        assert steps[0] == (actor, 0, first, first)
        damage = [e for e in events if e["event"] == "damage" and e["actor"] == actor]
        assert [s[2] for s in steps[1:]] == [e["body"] - e["total"] for e in damage]


def test_the_duel_s_legend_is_compact_and_nothing_at_0_s_is_cut():
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from timedcombat import load_scenario, simulate
    from timedcombat.events import to_dict
    from timedcombat.swimlanes import figure

    events = [to_dict(e) for e in simulate(load_scenario(ROOT / "scenarios" /
                                                          "sword_duel.toml")).events]
    fig = figure(events)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    whole = fig.get_tightbbox(renderer)  # inches
    under = fig.axes[0].get_tightbbox(renderer).y0 / fig.dpi - whole.y0
    assert under < 0.15 * whole.height  # the legend under the plot: 0.30 of it before
    ax = fig.axes[0]
    assert ax.get_xlim()[0] < -0.1  # a marker at 0 s is drawn whole, not halved
    zero = [c for c in ax.collections if len(c.get_offsets())
            and (c.get_offsets()[:, 0] == 0).any()]
    assert zero  # the targets chosen at 0 s
