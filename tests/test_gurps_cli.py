"""The ``gurps`` system through the command line: its rule tables, the text timeline with
turns and phases, the pictures and ``batch`` with its own columns."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from timedcombat.cli import main
from timedcombat.swimlanes import lanes_of
from timedcombat.systems.base import get_system

ROOT = Path(__file__).resolve().parent.parent
KNIFE = str(ROOT / "scenarios" / "gurps_knife_vs_shield.toml")
PIN = str(ROOT / "scenarios" / "gurps_takedown_pin.toml")


def test_the_system_is_registered_by_its_entry_point():
    system = get_system("gurps")
    assert system.name == "gurps" and system.dice == "3d6"
    assert system.time_model(None).turn == 10


def test_rules_lists_every_table_and_parameter(capsys):
    assert main(["rules", "gurps", "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert {"parameters", "damage", "weapons", "maneuvers", "seed", "basic", "wounding",
            "armor", "critical_hit", "critical_miss", "range", "posture", "skills"} <= set(tables)
    params = {r["name"]: r for r in tables["parameters"]["rows"]}
    assert params["stalemate"]["default"] == 600
    assert params["wrong_target_order"]["value"] == "nearest"
    damage = {r["st"]: (r["thrust"], r["swing"]) for r in tables["damage"]["rows"]}
    assert damage[12] == ("1d6-1", "1d6+2") and damage[20] == ("2d6-1", "3d6+2")
    knife = [r for r in tables["weapons"]["rows"] if r["name"] == "knife"]
    assert [(r["mode"], r["reach"]) for r in knife] == [("swing", "C,1"), ("thrust", "C")]
    moves = {r["maneuver"]: r["active defence"] for r in tables["maneuvers"]["rows"]}
    assert moves["all_out_attack"] == "none" and moves["move_and_attack"] == "dodge_block"
    assert main(["rules", "gurps", "seed"]) == 0
    out = capsys.readouterr().out
    assert "wrong_target_skill_cap" in out and "outside_attack_penalty" in out


def test_the_timeline_shows_turns_phases_and_rolls(capsys, tmp_path):
    png = tmp_path / "knife.png"
    assert main(["run", KNIFE, "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert "== turn 1: kaz, sven ==" in out and "-- kaz phase --" in out
    assert "-- sven phase --" in out
    assert "CLOSE COMBAT with" in out and "close-combat hex (0,0): sven E half, kaz W half" in out
    assert "readies knife: DX 3d6" in out
    assert "shield_in_close_combat" in out  # the modifiers by name
    assert png.stat().st_size > 10_000


def test_the_pictures_draw_turns_phases_and_close_combat(tmp_path):
    log = tmp_path / "pin.jsonl"
    assert main(["run", PIN, "--log", str(log), "-q"]) == 0
    events = [json.loads(line) for line in log.read_text().splitlines()]
    lanes = lanes_of(events)
    turns = [e["t"] for e in events if e["event"] == "gurps.turn"]
    phases = [e["t"] for e in events if e["event"] == "gurps.phase"]
    assert set(turns) | set(phases) == set(lanes.boundaries)
    spans = {st for _a, _t0, _t1, st in lanes.spans}
    assert {"close_combat", "grappled", "prone", "pinned"} <= spans
    kinds = {b.kind for b in lanes.bars}
    assert {"move", "grapple"} <= kinds


def test_batch_gives_the_system_s_columns(tmp_path, capsys):
    out = tmp_path / "runs.csv"
    assert main(["batch", KNIFE, "--runs", "12", "--out", str(out), "-q"]) == 0
    rows = list(csv.DictReader(out.read_text().splitlines()))
    assert len(rows) == 12
    assert {"turns", "hp_kaz", "hp_sven", "state_kaz", "state_sven"} <= set(rows[0])
    for r in rows:
        assert int(r["turns"]) >= 1 and r["reason"] == "last side standing"
        assert r["winner"] in ("red", "blue")
