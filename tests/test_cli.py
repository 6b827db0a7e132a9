"""The command line: run, --log, --seed, rules."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from timedcombat.cli import main
from timedcombat.systems import base
from timedcombat.systems.base import RuleTable, get_system

ROOT = Path(__file__).resolve().parent.parent
DUEL = str(ROOT / "scenarios" / "sword_duel.toml")


def test_run_prints_a_timeline_with_a_lane_per_combatant_and_the_outcome(capsys):
    assert main(["run", DUEL]) == 0
    out = capsys.readouterr().out
    assert "ana (red)" in out and "bo (blue)" in out
    assert "Sword duel" in out
    last = out.strip().splitlines()[-1]
    assert last.startswith(("Winner: red, at", "Winner: blue, at", "No winner, at"))


def test_run_log_is_byte_identical_for_a_seed_and_differs_for_another(tmp_path):
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    assert main(["run", DUEL, "--seed", "5", "--log", str(a), "-q"]) == 0
    assert main(["run", DUEL, "--seed", "5", "--log", str(b), "-q"]) == 0
    assert main(["run", DUEL, "--seed", "6", "--log", str(c), "-q"]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()
    first = json.loads(a.read_text().splitlines()[0])
    assert first == {**first, "t": 0, "seq": 1, "event": "start", "system": "tenths",
                     "seed": 5, "scenario": "Sword duel"}


def test_module_entry_point_runs():
    proc = subprocess.run([sys.executable, "-m", "timedcombat", "run", DUEL, "-q"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and proc.stderr == ""


def test_rules_lists_parameters_and_tables(capsys):
    assert main(["rules", "tenths"]) == 0
    out = capsys.readouterr().out
    for word in ("dodge_modifier", "broadsword", "charge", "weapon_parry_time"):
        assert word in out


def test_rules_one_table_as_json(capsys):
    assert main(["rules", "tenths", "weapons", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["weapons"]
    spear = next(r for r in data["weapons"]["rows"] if r["name"] == "spear")
    assert spear == {"name": "spear", "base_speed": 10, "anti_parry": 1, "reach": "long",
                     "hands": 2, "damage": 2}


def test_rules_seed_values_are_the_seed_s(capsys):
    assert main(["rules", "tenths", "seed", "--json"]) == 0
    rows = {r["name"]: r["value"] for r in json.loads(capsys.readouterr().out)["seed"]["rows"]}
    assert rows["weapon_parry_time"] == 4 and rows["shield_parry_time"] == 2
    assert rows["charge_anti_parry"] == 3 and rows["charge_defence_penalty"] == -3
    assert rows["drop_time"] == 2 and rows["block_defence_penalty"] == -2


def test_rules_unknown_system_or_table_exit_2(capsys):
    assert main(["rules", "chess"]) == 2
    known = ", ".join(base.system_names())
    assert capsys.readouterr().err.strip() == f"error: unknown system 'chess' (known: {known})"
    assert main(["rules", "tenths", "nope"]) == 2
    assert capsys.readouterr().err.startswith("error: tenths has no table 'nope'")


def test_the_log_does_not_depend_on_the_hash_seed(tmp_path):
    melee = str(ROOT / "scenarios" / "melee_10v10.toml")
    logs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"h{hash_seed}.jsonl"
        env = {"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"}
        proc = subprocess.run([sys.executable, "-m", "timedcombat", "run", melee, "-q",
                               "--log", str(out)], env=env, capture_output=True, text=True,
                              check=False)
        assert proc.returncode == 0, proc.stderr
        logs.append(out.read_bytes())
    assert logs[0] == logs[1]


def test_version_is_the_package_s(capsys):
    import importlib.metadata

    import timedcombat

    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out == f"timedcombat {timedcombat.__version__}\n"
    assert timedcombat.__version__ == importlib.metadata.version("timedcombat")
    assert re.fullmatch(r"\d+\.\d+\.\d+", timedcombat.__version__)


def _rules_help(capsys) -> list[str]:
    assert main(["rules", "--help"]) == 0
    return capsys.readouterr().out.splitlines()


def test_rules_help_lists_every_table_of_every_system(capsys, monkeypatch):
    lines = _rules_help(capsys)
    start = lines.index("  tenths:") - 1
    tables = get_system("tenths").tables(None)
    first = lines.index("  tenths:")
    assert first > start
    assert lines[first:first + 1 + len(tables)] == [
        "  tenths:", *(f"    {t.name:<12} {t.title}" for t in tables)]
    assert [t.name for t in tables] == ["parameters", "weapons", "closing", "seed"]
    # read from the registry, not written into the command line: a new system shows too
    toy = RuleTable("moves", "Moves of the toy system", ("name",), (("step",),))
    monkeypatch.setitem(base._REGISTRY, "toy", SimpleNamespace(name="toy",
                                                                tables=lambda rules: (toy,)))
    lines = _rules_help(capsys)
    assert "  toy:" in lines and "    moves        Moves of the toy system" in lines


def test_a_scripted_face_the_die_cannot_show_names_the_file_and_its_place(tmp_path, capsys):
    """``[scenario] dice``: a face is checked against the die it comes to only when rolled;
    the error then names the file and ``scenario.dice[i]``, exit 2, and no log is left."""
    text = (ROOT / "scenarios" / "sword_duel.toml").read_text()
    assert "\ndice" not in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("[scenario]\n", "[scenario]\ndice = [14, 100]\n", 1))
    log = tmp_path / "bad.jsonl"
    assert main(["run", str(bad), "--log", str(log)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert re.fullmatch(rf"error: {re.escape(str(bad))}: scenario\.dice\[1\]: scripted face 100 "
                        r"does not fit a d\d+ \(roll 2\)", err[0]), err[0]
    assert not log.exists()
