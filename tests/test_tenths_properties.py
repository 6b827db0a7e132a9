"""Properties of every generated tenths fight: determinism, ordered time, sane events."""

from __future__ import annotations

import json

from helpers import duel_doc, fighter, log_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timedcombat.hexmap import distance

CLOSING = ["set", "wait", "attack", "defend", "charge", "avoid"]
WEAPONS = ["dagger", "shortsword", "broadsword", "axe", "mace", "spear", "halberd",
           "quarterstaff"]


@st.composite
def duels(draw):
    def stats(cid, side, at, facing):
        weapon = draw(st.sampled_from(WEAPONS))
        plan = draw(st.lists(
            st.sampled_from(CLOSING + ["attack", "retreat"]).map(lambda a: {"action": a}),
            max_size=3))
        kw = {
            "strength": draw(st.integers(6, 16)),
            "best_skill": draw(st.integers(0, 6)),
            "walk": draw(st.integers(3, 7)),
            "run": draw(st.integers(2, 4)),
            "defence": draw(st.integers(6, 14)),
            "weapons": [weapon],
            "body": None,
            "policy": draw(st.sampled_from(["default", "aggressive", "cautious"])),
            "plan": plan,
        }
        if weapon not in ("spear", "halberd", "quarterstaff") and draw(st.booleans()):
            kw["shield"] = True
        return fighter(cid, side, at, facing=facing, **kw)

    gap = draw(st.integers(1, 8))
    a = stats("ana", "red", [0, 0], "E")
    b = stats("bo", "blue", [gap, draw(st.integers(-2, 0))],
              draw(st.sampled_from(["W", "E", "NW", "SW"])))
    return duel_doc(a, b, until=1500), draw(st.integers(0, 10_000))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(duels())
def test_every_fight_is_deterministic_ordered_and_ends(case):
    doc, seed = case
    text = log_text(doc, seed)
    assert text == log_text(doc, seed)
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["event"] == "start" and lines[-1]["event"] == "end"
    assert [e["seq"] for e in lines] == list(range(1, len(lines) + 1))
    ts = [e["t"] for e in lines]
    assert ts[0] == 0 and all(0 <= x <= y for x, y in zip(ts, ts[1:], strict=False))
    assert ts[-1] <= 1500
    for e in lines:
        if e["event"] == "move":
            assert distance(tuple(e["from"]), tuple(e["to"])) <= 1
        if e["event"] == "attack":
            assert e["result"] in {"hit", "miss", "parried", "dodged", "blocked"}
            assert 1 <= e["roll"] <= 20
            assert (e["margin"] > 0) == (e["result"] == "hit" and e["margin"] != 0)
        if e["event"] == "reaction":
            assert e["tenths"] == max(1, e["roll"] - e["skill"])
        if e["event"] == "action":
            assert e["end"] >= e["t"]
    outs = {e["actor"] for e in lines if e["event"] == "state" and e["state"] == "out"}
    for e in lines:
        if e["event"] in ("action", "move") and e["actor"] in outs:
            out_t = next(x["t"] for x in lines if x["event"] == "state"
                         and x["state"] == "out" and x["actor"] == e["actor"])
            assert e["t"] <= out_t
