"""Properties of every generated ``tft`` fight: deterministic, time never decreases, it ends;
turns and phases at their tenths, moves in the movement phase, blows in the action phase,
and every one-die HTH roll as seed 000's table says for its roll and modifiers."""

from __future__ import annotations

import json
import os
from typing import Any

from helpers import log_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timedcombat.check import check_events
from timedcombat.hexmap import distance
from timedcombat.systems.tft.rules import WEAPONS

SCALE = float(os.environ.get("TIMEDCOMBAT_FUZZ_SCALE", "1"))
UNTIL = 1500
ARMOR = ["none", "cloth", "leather", "chainmail"]
TALENT_SETS = [(), ("dive_block",), ("dive_block", "dive_block_2"), ("judo",),
               ("judo", "judo_2")]


@st.composite
def melees(draw: Any) -> tuple[dict[str, Any], int]:
    n_red, n_blue = draw(st.integers(1, 3)), draw(st.integers(1, 2))
    reds = [f"r{i}" for i in range(n_red)]
    blues = [f"b{i}" for i in range(n_blue)]
    taken: set[tuple[int, int]] = set()
    figures = []
    for cid in reds + blues:
        foes = blues if cid in reds else reds
        st_ = draw(st.integers(8, 16))
        talents = draw(st.sampled_from(TALENT_SETS))
        dx = draw(st.integers(9, 15))
        if "dive_block_2" in talents or "judo_2" in talents:
            dx = max(dx, 14)
        iq = 14 if talents else draw(st.integers(7, 12))
        usable = [w for w, rec in WEAPONS.items() if rec.st <= st_]
        weapons = draw(st.lists(st.sampled_from(usable), max_size=2, unique=True))
        kw: dict[str, Any] = {"st": st_, "dx": dx, "iq": iq, "ma": draw(st.integers(6, 12)),
                              "weapons": weapons, "armor": draw(st.sampled_from(ARMOR)),
                              "talents": list(talents)}
        if weapons and WEAPONS[weapons[0]].hands == 1 and draw(st.booleans()):
            kw["shield"] = draw(st.sampled_from(["small", "large"]))
        actions = ["attack", "hth", "dive", "defend", "dodge", "stand_still", "disengage",
                   "ready_knife", "stand_up", "release", "pin", "take_down", "throw",
                   "pick_up", "ready_weapon"]
        plan = []
        for a in draw(st.lists(st.sampled_from(actions), max_size=3)):
            step: dict[str, Any] = {"action": a}
            if a in ("hth", "dive", "pin", "take_down", "throw") or (
                    a == "attack" and draw(st.booleans())):
                step["target"] = draw(st.sampled_from(foes))
            if a == "ready_knife" and not any(WEAPONS[w].is_knife for w in weapons):
                continue
            if a == "ready_weapon":
                if len(weapons) < 2:
                    continue
                step["weapon"] = weapons[1]
            plan.append(step)
        kw["plan"] = plan
        kw["policy"] = draw(st.sampled_from(["default", "brawler"]))
        while True:
            at = (draw(st.integers(-4, 4)), draw(st.integers(-4, 4)))
            if at not in taken:
                break
        taken.add(at)
        figures.append({"id": cid, "side": "red" if cid in reds else "blue", "at": list(at),
                        "facing": draw(st.sampled_from(["E", "NE", "NW", "W", "SW", "SE"])),
                        **kw})
    d: dict[str, Any] = {"scenario": {"name": "prop", "system": "tft", "until": UNTIL},
                         "combatant": figures}
    rules = {k: draw(st.sampled_from(v)) for k, v in READINGS.items() if draw(st.booleans())}
    if rules:
        d["rules"] = rules
    return d, draw(st.integers(0, 10_000))


READINGS: dict[str, list[Any]] = {
    "join_hth": [True, False], "hth_target_down": [True, False],
    "join_hth_roll_by": ["target", "strongest_enemy"], "strongest_among": ["all", "enemies"],
    "hth_disengage_rolls": ["one", "per_enemy"], "hth_release": ["last_holder", "any_holder"],
    "judo_throws_divers": [True, False], "knife_draw_dx": ["adjusted", "dx"],
}
"""Readings of the seed a generated fight may take (docs/rules/tft.md)."""


def expected_result(e: dict[str, Any]) -> set[str]:
    """Seed 000's table for a modified total (a Judo defender may throw on 7+)."""
    total, dive = e["total"], e["kind"] == "dive"
    if total <= 2:
        out = {"entered_defender_down"}
    elif total <= 4:
        out = {"entered"}
    elif dive:
        out = {"knocked_back"} if total == 5 else {"knocked_back_hit"}
    else:
        out = {"repelled"} if total == 5 else {"repelled_hit"}
    if "defender_judo" in e["modifiers"] and total >= 7:
        out.add("thrown")
    return out


@settings(max_examples=int(60 * SCALE), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(melees())
def test_every_fight_is_deterministic_ordered_ends_and_keeps_the_turn(case):
    doc, seed = case
    text = log_text(doc, seed)
    assert text == log_text(doc, seed)
    ev = [json.loads(line) for line in text.splitlines()]
    assert ev[0]["event"] == "start" and ev[-1]["event"] == "end"
    assert [e["seq"] for e in ev] == list(range(1, len(ev) + 1))
    ts = [e["t"] for e in ev]
    assert ts[0] == 0 and all(0 <= x <= y for x, y in zip(ts, ts[1:], strict=False))
    assert ts[-1] <= UNTIL
    turns = [e for e in ev if e["event"] == "tft.turn"]
    assert [e["t"] for e in turns] == [50 * i for i in range(len(turns))]
    assert [e["turn"] for e in turns] == list(range(1, len(turns) + 1))
    for e in ev:
        if e["event"] == "tft.phase":
            assert e["t"] % 50 == (0 if e["phase"] == "movement" else 25)
    slots: dict[tuple[int, str], int] = {}
    for t in turns:
        assert t["slots"] == [t["t"] + 25 + i * 25 // len(t["order"])
                              for i in range(len(t["order"]))]
        assert t["adj_dx"] == sorted(t["adj_dx"], reverse=True)
        for fid, tenth in zip(t["order"], t["slots"], strict=True):
            slots[(t["turn"], fid)] = tenth
    out_at: dict[str, int] = {}
    for e in ev:
        kind, t, turn = e["event"], e["t"], e["t"] // 50 + 1
        if kind == "state" and e["state"] == "out" and e["value"]:
            out_at[e["actor"]] = t
        if kind in ("attack", "action", "move") and e["actor"] in out_at:
            raise AssertionError(f"{e['actor']} acts after it is out: {e}")
        if kind == "action":
            assert e["end"] == slots[(turn, e["actor"])]
            assert t % 50 < 24 or t == e["end"]  # chosen in its movement window, or again
        if kind == "move":  # a Judo throw lands the attacker next to the thrower: 1 or 2
            assert distance(tuple(e["from"]), tuple(e["to"])) <= (
                2 if e["mode"] == "thrown" else 1)
            if e["mode"] in ("step", "shift", "crawl"):
                assert t % 50 < 24
            if e["mode"] == "turn":
                assert e["from"] == e["to"]
        if kind == "attack":
            assert t % 50 >= 25
            assert e["roll"] == sum(e["faces"]) and len(e["faces"]) == int(e["dice"][0])
            assert e["against"] == e["roll"] + e["margin"]
            if e["in_hth"]:
                assert not {"rear", "side", "target_down"} & set(e["modifiers"])
            if e["option"] == "hth_entry":
                assert e["modifiers"]["hth_entry"] == -4
        if kind == "tft.hth_roll":
            assert e["total"] == e["roll"] + e["modifier"]
            assert e["modifier"] == sum(e["modifiers"].values())
            assert e["result"] in expected_result(e)
            for face in e["rerolls"]:
                assert face + e["modifier"] == 6 and e["arc"] in ("side", "rear")
            if e["kind"] == "dive":
                assert t % 50 == 24 and e["modifiers"]["dive"] == 1
                assert e["reasons"] == ["e_dive_for_legs"]
            else:
                assert t % 50 >= 25 and e["reasons"]
        if kind == "tft.ready_knife" and not e["free"]:
            assert len(e["faces"]) == 3 and e["success"] == (e["roll"] <= e["against"])
        if kind == "tft.disengage" and e["hth"]:
            assert len(e["faces"]) == 4 and e["success"] == (e["roll"] <= e["against"])
            assert not e["strikers"]
        if kind == "damage":
            assert e["amount"] == e["hits"] >= 0


@settings(max_examples=int(60 * SCALE), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
@given(melees())
def test_every_generated_fight_passes_the_checker(case):
    """The checker (written from seed 000, not from this driver) finds nothing in any log
    the driver writes: every rule it reads, the driver keeps (docs/rules/tft.md, "Engine
    and checker")."""
    doc, seed = case
    ev = [json.loads(line) for line in log_text(doc, seed).splitlines()]
    assert [str(v) for v in check_events(ev)] == []
