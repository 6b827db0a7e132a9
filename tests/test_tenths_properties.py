"""Properties of every generated tenths fight: determinism, ordered time, sane events."""

from __future__ import annotations

import json
import os

from helpers import duel_doc, fighter, log_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timedcombat.check import check_events
from timedcombat.hexmap import distance

SCALE = float(os.environ.get("TIMEDCOMBAT_FUZZ_SCALE", "1"))
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


@settings(max_examples=int(80 * SCALE), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
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


ACTIONS = ["set", "wait", "attack", "defend", "charge", "avoid", "retreat", "block",
           "draw", "sheathe", "drop", "pick_up", "target", "defend_only", "style"]


@st.composite
def melees(draw):
    n_red = draw(st.integers(1, 4))
    n_blue = draw(st.integers(1, 4))
    ids = [f"r{i}" for i in range(n_red)] + [f"b{i}" for i in range(n_blue)]
    blues = [i for i in ids if i.startswith("b")]
    reds = [i for i in ids if i.startswith("r")]
    combatants = []
    for k, cid in enumerate(ids):
        red = cid.startswith("r")
        foes = blues if red else reds
        kind = draw(st.sampled_from(["sword", "spear", "pair", "dagger+sword"]))
        kw = {"policy": draw(st.sampled_from(["default", "aggressive", "cautious", "guard"])),
              "best_skill": draw(st.integers(0, 6)), "body": None,
              "strength": draw(st.integers(8, 14))}
        if kind == "sword":
            kw.update(weapons=["broadsword"], shield=draw(st.booleans()))
        elif kind == "spear":
            kw.update(weapons=["spear"])
        elif kind == "pair":
            kw.update(weapons=["shortsword", "dagger"],
                      style=draw(st.sampled_from(["main", "alternate"])))
        else:
            kw.update(weapons=["dagger", "broadsword"])
        names = kw["weapons"]
        plan = []
        for action in draw(st.lists(st.sampled_from(ACTIONS), max_size=4)):
            step = {"action": action}
            if action in ("draw", "sheathe", "drop", "pick_up"):
                step["weapon"] = draw(st.sampled_from(names))
            elif action == "target":
                step["target"] = draw(st.sampled_from(foes))
            elif action == "defend_only":
                if len(foes) < 2:
                    continue
                step["targets"] = draw(st.permutations(foes))[:2]
            elif action == "block":
                if kind != "spear":  # only long weapons block: refused when loading
                    continue
                step["position"] = draw(st.sampled_from(["left", "centre", "right"]))
            elif action == "style":
                if kind != "pair":
                    continue
                step["style"] = draw(st.sampled_from(["main", "alternate"]))
            plan.append(step)
        kw["plan"] = plan
        q = 0 if red else draw(st.integers(3, 7))
        combatants.append(fighter(cid, "red" if red else "blue", [q, k * 2 - len(ids)],
                                  facing="E" if red else "W", **kw))
    rules = {"surprise": draw(st.booleans())}
    if rules["surprise"]:
        for c in combatants:  # some start unaware (plans may make them choose a target)
            c["aware"] = draw(st.booleans())
    doc = duel_doc(*combatants, until=2500, rules=rules)
    walls = draw(st.lists(st.tuples(st.integers(1, 2), st.integers(-8, 8)), max_size=4,
                          unique=True))
    taken = {tuple(c["at"]) for c in combatants}
    doc["map"] = {"walls": [list(w) for w in walls if w not in taken]}
    return doc, draw(st.integers(0, 10_000))


@settings(max_examples=int(60 * SCALE), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(melees())
def test_every_melee_is_deterministic_and_keeps_the_timing_rules(case):
    doc, seed = case
    text = log_text(doc, seed)
    assert text == log_text(doc, seed)
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[-1]["event"] == "end"
    ts = [e["t"] for e in lines]
    assert all(0 <= x <= y for x, y in zip(ts, ts[1:], strict=False))
    no_defence: dict[str, list[tuple[int, int]]] = {}
    for e in lines:
        kind = e["event"]
        if kind == "reaction":
            assert e["tenths"] == max(1, e["roll"] - e["skill"])
            no_defence.setdefault(e["actor"], []).append((e["t"], e["end"]))
        elif kind == "action" and e["name"] in ("retreat", "pick_up"):
            no_defence.setdefault(e["actor"], []).append((e["t"], e["end"]))
        elif kind == "action" and e["name"] == "drop":
            assert e["end"] - e["t"] - e.get("delay", 0) == 2
        elif kind == "defence":
            for start, end in no_defence.get(e["actor"], []):
                assert not start <= e["t"] < end, (e, start, end)
        elif kind == "move":
            assert distance(tuple(e["from"]), tuple(e["to"])) <= 1
    walls = {tuple(w) for w in doc["map"]["walls"]}
    assert not any(tuple(e["to"]) in walls for e in lines if e["event"] == "move")
    assert check_events(lines) == []


@settings(max_examples=int(25 * SCALE), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(melees())
def test_every_melee_renders_as_a_timeline_and_lanes(case):
    import io

    from rich.console import Console

    from timedcombat.swimlanes import lanes_of
    from timedcombat.timeline import describe, render

    doc, seed = case
    events = [json.loads(line) for line in log_text(doc, seed).splitlines()]
    for e in events:
        text = describe(e)
        assert text is None or (isinstance(text, str) and text)
    out = io.StringIO()
    render(events, Console(file=out, width=160, markup=False))
    assert out.getvalue().rstrip().splitlines()[-1].startswith(("Winner: ", "No winner, at"))
    lanes = lanes_of(events)
    placed = [e["actor"] for e in events if e["event"] == "placed"]
    assert sorted(lanes.order) == sorted(placed)
    assert all(0 <= b.start <= b.end <= lanes.end for b in lanes.bars)
