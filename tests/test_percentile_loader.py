"""Bad percentile scenario input: one located line (``error: FILE: KEY.PATH: what is
wrong``), as for every system; and the rule tables on the command line."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from percentile_helpers import doc, fighter

from timedcombat.cli import main
from timedcombat.errors import ScenarioError
from timedcombat.loading import load_scenario, scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
BASE = doc(fighter("a", "x", [0, 0]), fighter("b", "y", [1, 0]))


def _a(**kw):
    def mutate(d):
        d["combatant"][0].update(kw)
    return mutate


def _plan(*steps, **kw):
    return _a(plan=list(steps), **kw)


CASES = [
    (_a(strength=3), "combatant[0].strength",
     "unknown key 'strength' (allowed: id, side, at, facing, plan, policy, mal, bat, skill, "
     "weapon, shield, holding, armor, disabled, surprised, mount, horseman, reins, "
     "fall_recovery, pd_limit)"),
    (lambda d: d["combatant"][0].pop("mal"), "combatant[0].mal", "required key missing"),
    (lambda d: d["combatant"][1].pop("bat"), "combatant[1].bat", "required key missing"),
    (_a(mal="x"), "combatant[0].mal", "expected an integer, got the string 'x'"),
    (_a(mal=99), "combatant[0].mal", "must be at most 30, got 99"),
    (_a(bat=0), "combatant[0].bat", "must be above 0 and at most 10, got 0"),
    (_a(bat=True), "combatant[0].bat", "expected a number, got a boolean"),
    (_a(bat=float("inf")), "combatant[0].bat", "must be above 0 and at most 10, got inf"),
    (_a(bat=float("nan")), "combatant[0].bat", "must be above 0 and at most 10, got nan"),
    (_a(weapon="axe"), "combatant[0].weapon",
     "unknown weapon 'axe' (known: dagger, sword, club, spear, staff)"),
    (_a(disabled="left_arm"), "combatant[0].disabled",
     "expected a list of strings, got the string 'left_arm'"),
    (_a(reins=1), "combatant[0].reins",
     "only has a meaning for a mounted combatant (give mount)"),
    (_a(skill=3), "combatant[0].skill", "weapon skill needs a weapon (give weapon)"),
    (_a(weapon="spear", shield=True), "combatant[0].shield",
     "a spear takes two hands: none left for a shield"),
    (_a(mount="camel"), "combatant[0].mount", "unknown mount 'camel' (known: warhorse, horse)"),
    (_plan({"action": "punch", "target": "b", "stroke": "huge"}), "combatant[0].plan[0].stroke",
     "must be one of short, normal, long, got 'huge'"),
    (_plan({"action": "kick", "target": "b", "limb": "left_arm"}), "combatant[0].plan[0].limb",
     "must be one of left_leg, right_leg, got 'left_arm'"),
    (_plan({"action": "grab", "target": "zed"}), "combatant[0].plan[0].target",
     "unknown combatant id 'zed'"),
    (_plan({"action": "blow", "target": "b"}), "combatant[0].plan[0].action",
     "'blow' needs a weapon (give weapon)"),
    (_plan({"action": "ram", "target": "b"}), "combatant[0].plan[0].action",
     "'ram' needs a mount (give mount)"),
    (_plan({"action": "reins"}, mount="warhorse"), "combatant[0].plan[0].hands",
     "required for 'reins'"),
    (_plan({"action": "duck", "phase": -1}), "combatant[0].plan[0].phase",
     "expected a phase number (0, 1, ...), got -1"),
    (_plan({"action": "throw", "target": "b", "direction": "N"}),
     "combatant[0].plan[0].direction", "must be one of E, NE, NW, W, SW, SE, got 'N'"),
    (_plan({"action": "grab", "target": "b", "stroke": "long"}), "combatant[0].plan[0].stroke",
     "'grab' takes no 'stroke' (keys it takes: limb, phase, target)"),
    (_plan({"action": "shield_strike", "target": "b"}), "combatant[0].plan[0].action",
     "'shield_strike' needs a strapped shield (shield = true)"),
    (_a(policy="berserk"), "combatant[0].policy",
     "unknown policy 'berserk' (known: default, striker)"),
    (lambda d: d.update(rules={"phase_tenths": 0}), "rules.phase_tenths",
     "must be between 1 and 10000 tenths, got 0"),
    (_plan({"action": "duck", "phase": 1_000_001}), "combatant[0].plan[0].phase",
     "must be at most 1000000, got 1000001"),
    (lambda d: d.update(rules={"unarmed_reach": 11}), "rules.unarmed_reach",
     "must be between 1 and 10, got 11"),
    (lambda d: d.update(rules={"pd_limit": "x"}), "rules.pd_limit",
     "expected an integer, got the string 'x'"),
    (lambda d: d.update(rules={"throw_keeps_grab": 1}), "rules.throw_keeps_grab",
     "expected true or false, got the integer 1"),
]


@pytest.mark.parametrize(("mutate", "path", "message"), CASES,
                         ids=[c[1] + ":" + c[2][:24] for c in CASES])
def test_bad_input_is_one_located_line(mutate, path, message):
    d = copy.deepcopy(BASE)
    mutate(d)
    with pytest.raises(ScenarioError) as info:
        scenario_from_dict(d, "t.toml")
    assert (info.value.path, info.value.message) == (path, message)
    assert str(info.value) == f"t.toml: {path}: {message}"


def test_a_target_on_the_same_side_is_refused():
    d = copy.deepcopy(BASE)
    d["combatant"].append(fighter("c", "x", [5, 5]))
    d["combatant"][0]["plan"] = [{"action": "grab", "target": "c"}]
    with pytest.raises(ScenarioError, match=r"plan\[0\]\.target: 'c' is on the same side"):
        scenario_from_dict(d, "t.toml")


def test_the_command_line_prints_one_error_line_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[scenario]\nname = "b"\nsystem = "percentile"\n\n[[combatant]]\nid = "a"\n'
                   'side = "x"\nat = [0, 0]\nmal = 4\nbat = 1.0\nplan = [{ action = "kick", '
                   'target = "b", stroke = "huge" }]\n\n[[combatant]]\nid = "b"\nside = "y"\n'
                   'at = [1, 0]\nmal = 4\nbat = 1.0\n', encoding="utf-8")
    assert main(["run", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: {bad}: combatant[0].plan[0].stroke: must be one of short, normal, " \
        "long, got 'huge'"


def test_the_scenarios_load_as_percentile():
    paths = sorted((ROOT / "scenarios").glob("percentile_*.toml"))
    assert {p.stem for p in paths} >= {"percentile_plunder_vs_derek", "percentile_choke_hold",
                                       "percentile_throw_rollout",
                                       "percentile_unarmed_vs_sword"}
    for p in paths:
        scen = load_scenario(p)
        assert scen.system == "percentile"
        assert all(c.stats.mal >= 0 for c in scen.combatants)


# --------------------------------------------------------------------------- rule tables


def _rules_json(capsys, *args):
    assert main(["rules", "percentile", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_attack_odds_is_the_combat_attack_table_with_the_examples_four_points(capsys):
    rows = _rules_json(capsys, "attack-odds")["attack-odds"]["rows"]
    assert set(rows[0]) == {"attack_level", "defense_level", "odds"}
    odds = {(r["attack_level"], r["defense_level"]): r["odds"] for r in rows}
    assert (odds[2, 3], odds[7, 11], odds[6, 3], odds[0, 3]) == (30, 22, 46, 24)


def test_action_costs_dr_pm_and_penalties_are_the_seeds(capsys):
    costs = _rules_json(capsys, "action-costs")["action-costs"]["rows"]
    by = {r["action"]: (r["short"], r["normal"], r["long"]) for r in costs}
    assert by["punch or elbow"] == (1, 2, 3) and by["knee or kick"] == (2, 3, 5)
    assert by["duck or block an unarmed opponent"] == (1, 1, 1)
    assert by["duck or block an armed opponent"] == (3, 3, 3)
    assert by["any grappling move"] == (4, 4, 4)
    dr = _rules_json(capsys, "dr-pm")["dr-pm"]["rows"]
    assert {(r["move"], r["kind"]): r["dr"] for r in dr}[("grab", "")] == -2
    pen = _rules_json(capsys, "penalties")["penalties"]["rows"]
    assert [(r["key"], r["mal"], r["ca"]) for r in pen] == [
        ("arm_disabled", -8, -3), ("leg_disabled", -12, -3), ("shield", -3, -2),
        ("holding", -2, -2), ("surprised_front", -2, -2), ("surprised_rear", -15, -4)]


def test_every_table_and_parameter_is_listed(capsys):
    tables = _rules_json(capsys)
    assert {"parameters", "attack-odds", "ram-odds", "strike-odds", "action-costs", "dr-pm",
            "penalties", "impact", "weapons", "blunt-damage", "holds", "mounts"} <= set(tables)
    names = {r["name"] for r in tables["parameters"]["rows"]}
    assert {"phase_tenths", "stalemate", "pd_limit", "victim_pm"} <= names
    assert main(["rules", "percentile", "penalties"]) == 0
    assert "surprised, attack from rear" in capsys.readouterr().out


# --------------------------------------------------------------------------- batch


def test_batch_writes_the_systems_columns(tmp_path, capsys):
    import csv

    out = tmp_path / "runs.csv"
    path = ROOT / "scenarios" / "percentile_choke_hold.toml"
    assert main(["batch", str(path), "--runs", "3", "--jobs", "1", "--out", str(out),
                 "-q"]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert list(rows[0])[-5:] == ["phases", "brand_cause", "brand_disabled", "wim_cause",
                                  "wim_disabled"]
    first = rows[0]  # the scenario's own seed: the choke knocks Wim out at 7.9 s
    assert (first["seed"], first["duration"], first["phases"], first["wim_cause"],
            first["state_wim"]) == ("18", "79", "4", "choke", "out")
