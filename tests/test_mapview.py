"""The hex map read from a log: who stands where, facing where, in what state, at a chosen
tenth; walls from the ``start`` event; the ``tenths`` system's marks (blocking positions
with their hexes, weapons on the ground); drawing is reproducible."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from timedcombat import load_scenario, simulate
from timedcombat.events import to_dict
from timedcombat.mapview import (
    SIDE_COLOURS,
    draw,
    draw_log,
    frame_of,
    side_colours,
    state_at,
    text_lines,
)
from timedcombat.systems.base import get_system

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def golden(name: str) -> list[dict]:
    return [json.loads(line) for line in (GOLDEN / f"{name}.jsonl").read_text().splitlines()]


def ev(t: int, seq: int, event: str, **fields) -> dict:
    return {"t": t, "seq": seq, "event": event, **fields}


# A hand-written fight: ann walks in, bob turns, ann steps into bob's hex, bob goes out.
HAND = [
    ev(0, 1, "start", system="nosuchsystem", seed=0, scenario="by hand", until=100,
       walls=[[5, 5], [5, 6]]),
    ev(0, 2, "placed", actor="ann", side="north", at=[0, 0], facing="E"),
    ev(0, 3, "placed", actor="bob", side="south", at=[3, 0], facing="W"),
    ev(5, 4, "move", actor="ann", **{"from": [0, 0]}, to=[1, 0], mode="walk", facing="E"),
    ev(7, 5, "move", actor="bob", **{"from": [3, 0]}, to=[2, 0], mode="walk", facing="W"),
    ev(7, 6, "move", actor="bob", **{"from": [2, 0]}, to=[2, 0], mode="turn", facing="SW"),
    ev(9, 7, "move", actor="ann", **{"from": [1, 0]}, to=[2, 0], mode="close_quarters"),
    ev(9, 8, "damage", actor="bob", amount=4, total=4, body=10),
    ev(10, 9, "state", actor="bob", state="hurt", value=True),
    ev(12, 10, "state", actor="bob", state="out", value=True),
    ev(12, 11, "end", winner="north", reason="last side standing"),
]


def test_positions_are_those_after_every_event_of_that_tenth_and_before():
    assert state_at(HAND, 0).positions() == {"ann": (0, 0), "bob": (3, 0)}
    assert state_at(HAND, 4).positions() == {"ann": (0, 0), "bob": (3, 0)}
    assert state_at(HAND, 5).positions() == {"ann": (1, 0), "bob": (3, 0)}
    assert state_at(HAND, 7).positions() == {"ann": (1, 0), "bob": (2, 0)}
    assert state_at(HAND, 100).positions() == {"ann": (2, 0), "bob": (2, 0)}


def test_facing_follows_moves_and_turns_and_a_move_without_facing_keeps_it():
    assert state_at(HAND, 6).figure("bob").facing == "W"
    assert state_at(HAND, 7).figure("bob").facing == "SW"  # the turn after the step
    assert state_at(HAND, 9).figure("ann").facing == "E"  # its move gave none


def test_two_standing_in_one_hex_are_close_quarters_until_one_is_out():
    assert state_at(HAND, 8).crowded == ()
    assert state_at(HAND, 9).crowded == (((2, 0), ("ann", "bob")),)
    at_12 = state_at(HAND, 12)
    assert at_12.crowded == ()
    assert at_12.figure("bob").state == "out"


def test_states_and_damage():
    assert state_at(HAND, 8).figure("bob").state == "ok"
    assert state_at(HAND, 9).figure("bob").damage == 4
    assert state_at(HAND, 10).figure("bob").state == "hurt"
    assert [f.side for f in state_at(HAND, 0).figures] == ["north", "south"]


def test_walls_come_from_the_start_event_and_an_unknown_system_draws_no_marks():
    s = state_at(HAND, 3)
    assert s.walls == ((5, 5), (5, 6))
    assert s.marks == ()


def test_a_figure_seen_only_moving_is_drawn_from_its_first_move():
    log = [ev(0, 1, "start", system="x", seed=0, scenario="s", until=9),
           ev(3, 2, "move", actor="zed", **{"from": [4, 4]}, to=[4, 5], mode="walk")]
    assert state_at(log, 2).positions() == {}
    s = state_at(log, 3)
    assert s.positions() == {"zed": (4, 5)} and s.figure("zed").side == "?"


def test_the_turn_and_phase_of_a_turn_system():
    log = [ev(0, 1, "start", system="toy", seed=0, scenario="s", until=99),
           ev(0, 2, "toy.turn", turn=1, order=["a"]),
           ev(2, 3, "toy.phase", turn=1, phase="strike", end=10),
           ev(10, 4, "toy.turn", turn=2, order=["a"])]
    assert state_at(log, 1).when == "turn 1"
    assert state_at(log, 2).when == "turn 1, strike phase"
    assert state_at(log, 9).when == "turn 1, strike phase"
    assert state_at(log, 10).when == "turn 2"


# ---------------------------------------------------------------- tenths marks

def _block_log(position: str, long_reach: int = 2) -> list[dict]:
    return [
        ev(0, 1, "start", system="tenths", seed=0, scenario="s", until=99,
           rules={"long_reach": long_reach}),
        ev(0, 2, "placed", actor="hild", side="watch", at=[5, 0], facing="E"),
        ev(1, 3, "move", actor="hild", **{"from": [5, 0]}, to=[5, 0], mode="turn", facing="W"),
        ev(5, 4, "state", actor="hild", state="block", value=position),
        ev(29, 5, "state", actor="hild", state="block", value=False, cause="attack"),
    ]


@pytest.mark.parametrize(("position", "hexes"), [
    ("centre", ((4, 0), (3, 0))),   # straight west
    ("left", ((4, 1), (3, 2))),     # facing W, 60 degrees counter-clockwise: SW
    ("right", ((5, -1), (5, -2))),  # 60 degrees clockwise: NW
])
def test_a_blocking_position_shows_its_hexes_from_the_blocker_s_hex_and_facing(position, hexes):
    log = _block_log(position)
    assert state_at(log, 4).marks == ()
    (mark,) = state_at(log, 5).marks
    assert (mark.kind, mark.hexes, mark.label, mark.actor) == ("block", hexes,
                                                               f"hild: {position}", "hild")
    assert state_at(log, 28).marks == (mark,)
    assert state_at(log, 29).marks == ()


def test_the_blocked_line_is_as_long_as_the_log_s_long_reach():
    (mark,) = state_at(_block_log("centre", long_reach=3), 10).marks
    assert mark.hexes == ((4, 0), (3, 0), (2, 0))


def test_a_block_ends_when_its_holder_is_out():
    log = _block_log("centre")[:4] + [ev(9, 5, "state", actor="hild", state="out", value=True)]
    assert len(state_at(log, 8).marks) == 1
    assert state_at(log, 9).marks == ()


def test_a_weapon_lies_on_the_ground_from_its_drop_to_its_pick_up():
    log = [ev(0, 1, "start", system="tenths", seed=0, scenario="s", until=99),
           ev(0, 2, "placed", actor="orm", side="w", at=[0, 0], facing="E"),
           ev(15, 3, "tenths.dropped", actor="orm", weapon="broadsword", at=[0, 0]),
           ev(18, 4, "tenths.dropped", actor="orm", weapon="dagger", at=[1, 0]),
           ev(23, 5, "tenths.picked_up", actor="orm", weapon="broadsword", at=[0, 0])]
    assert state_at(log, 14).marks == ()
    assert [(m.kind, m.label, m.hexes) for m in state_at(log, 20).marks] == [
        ("weapon", "broadsword", ((0, 0),)), ("weapon", "dagger", ((1, 0),))]
    assert [m.label for m in state_at(log, 23).marks] == ["dagger"]


def test_the_doorway_log_holds_its_walls_and_hild_s_block():
    events = golden("doorway")
    scenario = load_scenario(ROOT / "scenarios" / "doorway.toml")
    assert [tuple(h) for h in events[0]["walls"]] == list(scenario.map.walls)
    taken = next(e for e in events if e["event"] == "state" and e["state"] == "block")
    lost = next(e for e in events if e["event"] == "state" and e["state"] == "block"
                and e["value"] is False)
    marks = get_system("tenths").map_marks(events)
    assert [(m.hexes, m.start, m.stop) for m in marks] == [
        (((4, 0), (3, 0)), taken["t"], lost["t"])]  # the spear blocks the door [3, 0]


def test_a_map_without_walls_logs_none():
    events = [to_dict(e) for e in simulate(load_scenario(ROOT / "scenarios" /
                                                         "sword_duel.toml"), until=1).events]
    assert "walls" not in events[0]


# ---------------------------------------------------------------- colours, text, pictures

def test_a_side_named_after_a_colour_gets_it_and_others_the_colours_left():
    colours = side_colours(["blue", "raiders", "red", "watch"])
    assert colours["red"] == SIDE_COLOURS[1] and colours["blue"] == SIDE_COLOURS[0]
    assert colours["raiders"] == SIDE_COLOURS[2] and colours["watch"] == SIDE_COLOURS[3]
    assert side_colours(["red"]) == {"red": SIDE_COLOURS[1]}


def test_the_map_as_text():
    lines = text_lines(state_at(HAND, 10))
    assert lines[0] == "At 1.0 s (tenth 10):"
    assert "  ann (north) at [2, 0] facing E, ok" in lines
    assert "  bob (south) at [2, 0] facing SW, hurt, damage 4, body 6/10 left" in lines
    assert "  close quarters at [2, 0]: ann, bob" in lines
    assert "  walls: 2 hexes" in lines


def test_each_figure_on_the_map_shows_the_health_it_has_left(tmp_path):
    state = state_at(HAND, 10)
    assert state.figure("bob").health == (6, 10)
    assert state.health_name == "body"
    out = tmp_path / "m.svg"
    draw(state, out)
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", out.read_text())
    assert "body 6/10" in " ".join(texts)  # under bob's name
    assert "body left (bar)" in texts


def test_a_gurps_map_counts_hp():
    events = [to_dict(e) for e in simulate(load_scenario(
        ROOT / "scenarios" / "gurps_knife_vs_shield.toml")).events]
    hit = next(e for e in events if e["event"] == "damage" and e["amount"] > 0)
    state = state_at(events, hit["t"])
    assert state.health_name == "HP"
    assert state.figure(hit["actor"]).health == (hit["hp"], hit["hp_max"])


def test_the_frame_holds_every_hex_the_log_names():
    assert set(frame_of(HAND)) == {(5, 5), (5, 6), (0, 0), (3, 0), (1, 0), (2, 0)}


def test_the_same_state_draws_the_same_svg_bytes(tmp_path):
    events = golden("doorway")
    draw_log(events, 10, tmp_path / "a.svg")
    draw_log(events, 10, tmp_path / "b.svg")
    draw_log(events, 10, tmp_path / "a.png")
    svg = (tmp_path / "a.svg").read_bytes()
    assert svg == (tmp_path / "b.svg").read_bytes()
    assert b"<dc:date>" not in svg
    assert b"blocked hexes (blocking position)" in svg  # the mark is in the legend
    assert (tmp_path / "a.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_figures_a_million_hexes_apart_draw_without_a_grid_of_a_trillion_hexes(tmp_path):
    log = [ev(0, 1, "start", system="x", seed=0, scenario="far", until=9),
           ev(0, 2, "placed", actor="a", side="s", at=[0, 0], facing="E"),
           ev(0, 3, "placed", actor="b", side="t", at=[1_000_000, -1_000_000], facing="W")]
    draw_log(log, 0, tmp_path / "far.svg")
    assert "<svg" in (tmp_path / "far.svg").read_text()


@pytest.mark.parametrize("n", range(1, 9))
def test_a_crowd_of_n_on_one_hex_is_drawn_inside_it_without_overlap(n):
    from timedcombat.mapview import crowd_layout, label_place

    spots = crowd_layout(n)
    assert len(spots) == n
    inner = math.sqrt(3) / 2  # the hex's inner radius (its radius is 1)
    for dx, dy, r in spots:
        assert math.hypot(dx, dy) + r <= inner + 1e-9
    for i, (x1, y1, r1) in enumerate(spots):
        for x2, y2, r2 in spots[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2 - 1e-9
    places = [label_place(*s) for s in spots]
    if n >= 3:  # names go outward: left figures to the left, the top one above
        assert places[0] == (0, -1)
        assert all(p[0] < 0 for s, p in zip(spots, places, strict=True) if s[0] < -0.1)
        assert all(p[0] > 0 for s, p in zip(spots, places, strict=True) if s[0] > 0.1)


# GURPS half hexes (seed 002: "half-hex occupancy by side of entry"): the system's
# ``hex_sides`` hook names the side of the hex each occupant holds; the map draws it there.
HALVES = [
    ev(0, 1, "start", system="gurps", seed=0, scenario="by hand", until=100),
    ev(0, 2, "placed", actor="vik", side="blue", at=[0, 0], facing="W"),
    ev(0, 3, "placed", actor="ana", side="red", at=[-2, 0], facing="E"),
    ev(0, 4, "placed", actor="bo", side="red", at=[1, -1], facing="SW"),
    ev(1, 5, "move", actor="ana", **{"from": [-1, 0]}, to=[0, 0], mode="move", facing="E"),
    ev(1, 6, "gurps.half_hex", actor="ana", at=[0, 0], occupants=["vik", "ana"],
       sides=["E", "W"]),
    ev(3, 7, "move", actor="bo", **{"from": [1, -1]}, to=[0, 0], mode="move", facing="SW"),
    ev(3, 8, "gurps.half_hex", actor="bo", at=[0, 0], occupants=["vik", "ana", "bo"],
       sides=["E", "W", "NE"]),
    ev(5, 9, "move", actor="ana", **{"from": [0, 0]}, to=[-1, 0], mode="step", facing="E"),
]


def test_the_side_of_a_shared_hex_each_holds_is_kept_until_it_moves():
    held = {t: {f.id: f.side_of_hex for f in state_at(HALVES, t).figures} for t in (0, 1, 3, 5)}
    assert held[0] == {"vik": None, "ana": None, "bo": None}
    assert held[1] == {"vik": "E", "ana": "W", "bo": None}
    assert held[3] == {"vik": "E", "ana": "W", "bo": "NE"}
    assert held[5] == {"vik": "E", "ana": None, "bo": "NE"}  # ana stepped out


def test_figures_holding_sides_of_a_hex_are_drawn_towards_them():
    from timedcombat.mapview import crowd_spots

    (vx, vy, vr), (ax, ay, ar), (bx, by, br) = crowd_spots(["E", "W", "NE"])
    assert vx > 0.4 and abs(vy) < 1e-9  # east
    assert ax < -0.4 and abs(ay) < 1e-9  # west
    assert bx > 0 and by > 0 and math.isclose(math.atan2(by, bx), math.radians(60), abs_tol=1e-3)
    assert vr == ar == br == 0.22  # E and NE a sixth apart: 0.44 sin 30 degrees
    # two on one side: a sixth of the ring apart, either side of its middle
    (x1, y1, r), (x2, y2, _) = crowd_spots(["SE", "SE"])
    a1, a2 = (math.degrees(math.atan2(y, x)) % 360 for x, y in ((x1, y1), (x2, y2)))
    assert (a1, a2) == (pytest.approx(270, abs=0.01), pytest.approx(330, abs=0.01))
    assert r == 0.22  # 0.44 sin 30 degrees: touching, not overlapping
    # three on the NE side and one SW: the three spread round NE, their order kept
    spots = crowd_spots(["NE", "NE", "SW", "NE"])
    degrees = [round(math.degrees(math.atan2(y, x)) % 360, 2) for x, y, _ in spots]
    assert degrees == [0, 60, 240, 120]
    # any side unknown: the ring of crowd_layout
    from timedcombat.mapview import crowd_layout

    assert crowd_spots(["E", None, "W"]) == crowd_layout(3)


@pytest.mark.parametrize("sides", [("E", "W"), ("E", "NE"), ("E", "E", "W"),
                                   ("E", "NE", "NW", "W", "SW", "SE"),
                                   ("NE", "NE", "NE", "SW"), ("E", "W", "NE", "SE", "NW")])
def test_figures_on_sides_of_a_hex_stay_inside_it_without_overlap(sides):
    from timedcombat.mapview import crowd_spots

    spots = crowd_spots(list(sides))
    inner = math.sqrt(3) / 2
    for dx, dy, r in spots:
        assert r > 0.1 and math.hypot(dx, dy) + r <= inner + 1e-9
    for i, (x1, y1, r1) in enumerate(spots):
        for x2, y2, r2 in spots[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2 - 1e-9


def test_the_replay_carries_the_sides_held_and_their_ending_moves():
    from timedcombat.replay import replay_data

    sides = replay_data(HALVES)["hexSides"]
    assert [s for s in sides if s[2] is not None] == [
        [1, "vik", "E"], [1, "ana", "W"], [3, "vik", "E"], [3, "ana", "W"], [3, "bo", "NE"]]
    assert [5, "ana", None] in sides
