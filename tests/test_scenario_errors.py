"""Bad input (docs/scenario.md): exit status 2, one line naming file and key path,
no traceback, nothing written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from timedcombat.cli import main
from timedcombat.errors import ScenarioError
from timedcombat.loading import load_scenario, parse_scenario
from timedcombat.systems.tenths.loader import _RawStats
from timedcombat.systems.tenths.rules import WEAPONS

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(p for p in (ROOT / "scenarios").glob("*.toml")
                   if not p.name.startswith("percentile_"))  # (tenths: percentile's own tests)

# A small valid scenario; every bad case below is one edit of it.
BASE = """\
[scenario]
name = "test duel"
system = "tenths"
seed = 3

[[combatant]]
id = "ana"
side = "red"
at = [0, 0]
facing = "E"
strength = 12
best_skill = 3
walk = 5
run = 3
defence = 10
weapons = ["broadsword"]

[[combatant]]
id = "bo"
side = "blue"
at = [4, 0]
facing = "W"
strength = 11
best_skill = 4
walk = 4
run = 2
defence = 9
weapons = ["dagger", "shortsword"]
"""

ANA = 'id = "ana"\n'
BO = 'id = "bo"\n'


def edit(*pairs: str) -> str:
    """Apply (old, new) replacements to BASE; each ``old`` must occur exactly once."""
    assert len(pairs) % 2 == 0
    text = BASE
    for old, new in zip(pairs[::2], pairs[1::2], strict=True):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def run_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None,
            name: str = "scen.toml") -> tuple[int, str, str, Path, Path]:
    """Run ``timedcombat run FILE --log OUT``; return (status, stdout, stderr, file, log)."""
    path = tmp_path / name
    if text is not None:
        path.write_text(text, encoding="utf-8")
    log = tmp_path / "out.jsonl"
    status = main(["run", str(path), "--log", str(log), "--quiet"])
    out, err = capsys.readouterr()
    return status, out, err, path, log


def assert_rejected(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None,
                    key: str, fragment: str) -> str:
    """The contract; return the message after ``error: FILE: KEY: ``."""
    status, out, err, path, log = run_cli(tmp_path, capsys, text)
    assert status == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    prefix = f"error: {path}: {key}: " if key else f"error: {path}: "
    assert lines[0].startswith(prefix), (lines[0], prefix)
    message = lines[0][len(prefix):]
    assert fragment in message, (message, fragment)
    assert not log.exists()
    expected = {path.name} if text is not None else set()
    assert {p.name for p in tmp_path.iterdir()} == expected  # no log, no temp file
    return message


# ---------------------------------------------------------------------------
# the base is valid, so each case fails for its own reason only


def test_base_scenario_is_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scen = parse_scenario(BASE, "base.toml")
    assert [c.id for c in scen.combatants] == ["ana", "bo"]
    assert scen.info.seed == 3
    assert scen.combatants[1].stats.weapons == (WEAPONS["dagger"], WEAPONS["shortsword"])
    status, out, err, _path, log = run_cli(tmp_path, capsys, BASE)
    assert (status, out, err) == (0, "", "")
    assert log.read_text(encoding="utf-8").count("\n") >= 2


# ---------------------------------------------------------------------------
# (case id, document, key path, a fragment of the message)

CASES: list[tuple[str, str, str, str]] = [
    # bad TOML
    ("toml-unclosed-table", edit("[scenario]\n", "[scenario\n"), "", "bad TOML: "),
    ("toml-duplicate-key", edit('seed = 3\n', 'seed = 3\nseed = 4\n'), "", "bad TOML: "),
    ("toml-unterminated-string", edit('name = "test duel"', 'name = "test duel'), "",
     "bad TOML: "),
    # missing required keys
    ("missing-scenario-name", edit('name = "test duel"\n', ""), "scenario.name",
     "required key missing"),
    ("missing-scenario-system", edit('system = "tenths"\n', ""), "scenario.system",
     "required key missing"),
    ("missing-scenario-table",
     edit('[scenario]\nname = "test duel"\nsystem = "tenths"\nseed = 3\n', ""),
     "scenario", "required table missing"),
    ("missing-side", edit('side = "red"\n', ""), "combatant[0].side", "required key missing"),
    ("missing-strength", edit("strength = 12\n", ""), "combatant[0].strength",
     "required key missing"),
    ("missing-at-second", edit("at = [4, 0]\n", ""), "combatant[1].at",
     "required key missing"),
    ("missing-id", edit(ANA, ""), "combatant[0].id", "required key missing"),
    ("missing-weapons", edit('weapons = ["dagger", "shortsword"]\n', ""),
     "combatant[1].weapons", "required key missing"),
    ("missing-plan-action", edit(ANA, ANA + 'plan = [{ target = "bo" }]\n'),
     "combatant[0].plan[0].action", "required key missing"),
    ("missing-inline-weapon-speed",
     edit('weapons = ["broadsword"]', 'weapons = [{ name = "rapier" }]'),
     "combatant[0].weapons[0].base_speed", "required for a weapon not in the table"),
    ("block-without-a-long-weapon",
     edit('id = "ana"\n', 'id = "ana"\nplan = [{ action = "charge" }, '
          '{ action = "block", position = "centre" }]\n'),
     "combatant[0].plan[1].action",
     "block needs a long weapon: 'ana' carries none (broadsword) and picks none up before "
     "this step"),
    ("block-before-picking-up-a-long-weapon",
     edit('weapons = ["dagger", "shortsword"]', 'weapons = ["spear"]',
          'weapons = ["broadsword"]', 'weapons = ["broadsword"]\nplan = [{ action = '
          '"block", position = "left" }, { action = "pick_up", weapon = "spear" }]'),
     "combatant[0].plan[0].action", "block needs a long weapon: 'ana' carries none"),
    ("short-handed-long-weapon",
     edit('weapons = ["broadsword"]', 'weapons = [{ name = "spear", hands = 1 }]'),
     "combatant[0].weapons[0].hands",
     'long weapons take two hands (seed 004, Special Situations: "All long weapons require '
     'the use of two hands")'),
    ("missing-inline-weapon-anti-parry",
     edit('weapons = ["dagger", "shortsword"]',
          'weapons = ["dagger", { name = "rapier", base_speed = 7, reach = "short", '
          'hands = 1 }]'),
     "combatant[1].weapons[1].anti_parry", "required for a weapon not in the table ('rapier')"),
    ("missing-inline-weapon-reach",
     edit('weapons = ["broadsword"]',
          'weapons = [{ name = "pike", base_speed = 12, anti_parry = 1, hands = 2 }]'),
     "combatant[0].weapons[0].reach", "required for a weapon not in the table ('pike')"),
    ("missing-inline-weapon-hands",
     edit('weapons = ["broadsword"]',
          'weapons = [{ name = "pike", base_speed = 12, anti_parry = 1, reach = "long" }]'),
     "combatant[0].weapons[0].hands", "required for a weapon not in the table ('pike')"),
    ("no-combatants", BASE.split("[[combatant]]")[0], "combatant",
     "at least one [[combatant]]"),
    # unknown keys
    ("unknown-top", "colour = 1\n" + BASE, "colour", "unknown key"),
    ("unknown-scenario", edit('seed = 3\n', 'seed = 3\nauthor = "me"\n'), "scenario.author",
     "unknown key 'author'"),
    ("unknown-combatant", edit(BO, BO + "agility = 3\n"), "combatant[1].agility",
     "unknown key 'agility'"),
    ("unknown-plan-step",
     edit(ANA, ANA + 'plan = [{ action = "attack" }, { action = "attack", speed = 3 }]\n'),
     "combatant[0].plan[1].speed", "takes no 'speed'"),
    ("unknown-rules", "[rules]\ngravity = 3\n\n" + BASE, "rules.gravity",
     "unknown key 'gravity'"),
    ("unknown-map", "[map]\nsize = 3\n\n" + BASE, "map.size", "unknown key 'size'"),
    ("unknown-long-key", "[map]\n" + "9" * 5000 + "walls = 3\n\n" + BASE,
     "map." + "9" * 40 + "…", "unknown key '" + "9" * 40 + "…' (5005 characters) (allowed: walls)"),
    ("unknown-inline-weapon",
     edit('weapons = ["broadsword"]', 'weapons = [{ name = "axe", colour = "red" }]'),
     "combatant[0].weapons[0].colour", "unknown key 'colour'"),
    # wrong types
    ("string-for-int", edit("strength = 12\n", 'strength = "12"\n'), "combatant[0].strength",
     "expected an integer, got the string '12'"),
    ("bool-for-int", edit("best_skill = 4\n", "best_skill = true\n"),
     "combatant[1].best_skill", "expected an integer, got a boolean"),
    ("float-for-int", edit("walk = 5\n", "walk = 5.5\n"), "combatant[0].walk",
     "expected an integer, got the number 5.5"),
    ("whole-float-for-int", edit("seed = 3\n", "seed = 3.0\n"), "scenario.seed",
     "expected an integer, got the number 3.0"),
    ("int-for-string", edit('name = "test duel"', "name = 5"), "scenario.name",
     "expected a string, got the integer 5"),
    ("int-for-bool", edit(ANA, ANA + "shield = 1\n"), "combatant[0].shield",
     "expected true or false, got the integer 1"),
    ("string-for-bool", "[rules]\nskill_to_hit = \"yes\"\n\n" + BASE, "rules.skill_to_hit",
     "expected true or false, got the string 'yes'"),
    ("list-for-scenario-table",
     edit('[scenario]\nname = "test duel"\nsystem = "tenths"\nseed = 3\n',
          "scenario = [1, 2]\n"),
     "scenario", "expected a table, got a list"),
    ("list-for-rules-table", "rules = [1]\n" + BASE, "rules", "expected a table, got a list"),
    ("list-for-map-table", "map = [[0, 1]]\n" + BASE, "map", "expected a table, got a list"),
    ("table-for-combatant-array",
     'combatant = { id = "x" }\n[scenario]\nname = "n"\nsystem = "tenths"\n',
     "combatant", "expected an array of tables"),
    ("table-for-plan", edit(ANA, ANA + 'plan = { action = "attack" }\n'),
     "combatant[0].plan", "got a table"),
    ("string-for-plan-step", edit(ANA, ANA + 'plan = [{ action = "attack" }, "attack"]\n'),
     "combatant[0].plan[1]", "got the string 'attack'"),
    ("string-for-weapons", edit('weapons = ["broadsword"]', 'weapons = "broadsword"'),
     "combatant[0].weapons", "got the string 'broadsword'"),
    ("table-for-weapons", edit('weapons = ["broadsword"]', 'weapons = { name = "axe" }'),
     "combatant[0].weapons", "got a table"),
    ("int-for-weapon", edit('weapons = ["broadsword"]', "weapons = [3]"),
     "combatant[0].weapons[0]", "expected a weapon name or an inline table"),
    ("bad-inline-weapon-field",
     edit('weapons = ["dagger", "shortsword"]',
          'weapons = ["dagger", { name = "x", base_speed = "7" }]'),
     "combatant[1].weapons[1].base_speed", "expected an integer, got the string '7'"),
    ("int-for-facing", edit('facing = "E"', "facing = 0"), "combatant[0].facing",
     "expected a string, got the integer 0"),
    ("short-hex", edit("at = [0, 0]", "at = [0]"), "combatant[0].at",
     "expected a hex [q, r] of two integers"),
    ("string-in-hex", edit("at = [4, 0]", 'at = [4, "0"]'), "combatant[1].at",
     "expected a hex [q, r] of two integers"),
    ("bad-wall", "[map]\nwalls = [[1, 1], [2]]\n\n" + BASE, "map.walls[1]",
     "expected a hex [q, r] of two integers"),
    ("int-for-walls", "[map]\nwalls = 5\n\n" + BASE, "map.walls",
     "expected a list of hexes"),
    ("string-for-targets", edit(ANA, ANA + 'plan = [{ action = "defend_only", targets = "bo" }]\n'),
     "combatant[0].plan[0].targets", "expected a list of strings"),
    ("int-for-action", edit(ANA, ANA + "plan = [{ action = 3 }]\n"),
     "combatant[0].plan[0].action", "expected a string, got the integer 3"),
    # unknown names
    ("unknown-system", edit('system = "tenths"', 'system = "gurpz"'), "scenario.system",
     "unknown system 'gurpz' (known: "),
    ("unknown-weapon", edit('weapons = ["broadsword"]', 'weapons = ["lightsaber"]'),
     "combatant[0].weapons[0]", "unknown weapon 'lightsaber'"),
    ("unknown-second-weapon",
     edit('weapons = ["dagger", "shortsword"]', 'weapons = ["dagger", "lightsaber"]'),
     "combatant[1].weapons[1]", "unknown weapon 'lightsaber'"),
    ("unknown-target",
     edit(ANA, ANA + 'plan = [{ action = "wait" }, { action = "charge", target = "zed" }]\n'),
     "combatant[0].plan[1].target", "unknown combatant id 'zed'"),
    ("target-on-own-side", edit(BO, BO + 'plan = [{ action = "attack", target = "bo" }]\n'),
     "combatant[1].plan[0].target", "'bo' is on the same side (blue)"),
    ("unknown-action",
     edit(ANA, ANA + 'plan = [{ action = "attack" }, { action = "jump" }]\n'),
     "combatant[0].plan[1].action", "unknown action 'jump' for system tenths"),
    ("key-the-action-does-not-take",
     edit(ANA, ANA + 'plan = [{ action = "retreat", target = "bo" }]\n'),
     "combatant[0].plan[0].target", "'retreat' takes no 'target'"),
    ("unknown-policy", edit(BO, BO + 'policy = "berserk"\n'), "combatant[1].policy",
     "unknown policy 'berserk'"),
    ("unknown-facing", edit('facing = "W"', 'facing = "N"'), "combatant[1].facing",
     "unknown facing 'N' (one of E NE NW W SW SE)"),
    # identity and position
    ("duplicate-id", edit(BO, 'id = "ana"\n'), "combatant[1].id",
     "duplicate id 'ana' (also combatant[0])"),
    ("empty-id", edit(ANA, 'id = ""\n'), "combatant[0].id", "must not be empty"),
    ("two-on-one-hex", edit("at = [4, 0]", "at = [0, 0]"), "combatant[1].at",
     "two figures on one hex: [0, 0] is taken by 'ana'"),
    ("on-a-wall", "[map]\nwalls = [[4, 0]]\n\n" + BASE, "combatant[1].at",
     "[4, 0] is a wall"),
    # values out of range
    ("until-zero", edit("seed = 3\n", "seed = 3\nuntil = 0\n"), "scenario.until",
     "must be between 1 and"),
    ("negative-seed", edit("seed = 3\n", "seed = -1\n"), "scenario.seed",
     "must not be negative, got -1"),
    ("zero-walk", edit("walk = 4\n", "walk = 0\n"), "combatant[1].walk", "must be at least 1"),
    ("no-weapons", edit('weapons = ["broadsword"]', "weapons = []"), "combatant[0].weapons",
     "at least one weapon is required"),
    ("bad-reach",
     edit('weapons = ["broadsword"]', 'weapons = [{ name = "axe", reach = "medium" }]'),
     "combatant[0].weapons[0].reach", "must be \"short\" or \"long\", got 'medium'"),
    ("weapon-twice", edit('weapons = ["broadsword"]', 'weapons = ["axe", "axe"]'),
     "combatant[0].weapons[1]", "weapon 'axe' listed twice"),
    ("hurt-percent", "[rules]\nhurt_percent = 0\n\n" + BASE, "rules.hurt_percent",
     "must be between 1 and 100"),
]


@pytest.mark.parametrize(("text", "key", "fragment"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_bad_scenario_is_rejected(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  text: str, key: str, fragment: str) -> None:
    assert_rejected(tmp_path, capsys, text, key, fragment)


def test_case_ids_are_unique() -> None:
    assert len({c[0] for c in CASES}) == len(CASES)


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    message = assert_rejected(tmp_path, capsys, None, "", "cannot read file")
    assert message == "cannot read file: No such file or directory"


def test_directory_instead_of_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "scen.toml").mkdir()
    status, out, err, path, log = run_cli(tmp_path, capsys, None)
    assert status == 2
    assert err.startswith(f"error: {path}: cannot read file: ")
    assert err.count("\n") == 1
    assert not log.exists()


def test_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "scen.toml"
    path.write_bytes(b'[scenario]\nname = "\xff"\n')
    status, _out, err, _path, log = run_cli(tmp_path, capsys, None)
    assert status == 2
    assert err == f"error: {path}: not UTF-8 text (byte 19)\n"
    assert not log.exists()


def test_bad_toml_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    message = assert_rejected(tmp_path, capsys, edit('seed = 3\n', 'seed = 3\nseed = 4\n'),
                              "", "bad TOML: ")
    assert "line 5" in message


def test_unknown_combatant_key_lists_every_allowed_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    message = assert_rejected(tmp_path, capsys, edit(ANA, ANA + "colour = 1\n"),
                              "combatant[0].colour", "unknown key")
    # the common keys come first, then every stat the system reads
    stat_keys = ", ".join(f.name for f in attrs.fields(_RawStats))
    common = "id, side, at, facing, plan, policy"
    assert message == f"unknown key 'colour' (allowed: {common}, {stat_keys})"
    assert stat_keys.startswith("strength, best_skill, walk, run, defence, weapons, shield")


def test_exact_line_for_unknown_weapon(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    message = assert_rejected(tmp_path, capsys,
                              edit('weapons = ["broadsword"]', 'weapons = ["lightsaber"]'),
                              "combatant[0].weapons[0]", "unknown weapon")
    known = ", ".join(sorted(WEAPONS))
    assert message == f"unknown weapon 'lightsaber' (known: {known}; or give an inline table)"


def test_existing_log_is_left_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "out.jsonl"
    log.write_text("old\n", encoding="utf-8")
    path = tmp_path / "scen.toml"
    path.write_text(edit('system = "tenths"', 'system = "nope"'), encoding="utf-8")
    assert main(["run", str(path), "--log", str(log)]) == 2
    assert log.read_text(encoding="utf-8") == "old\n"
    assert capsys.readouterr().err.startswith(f"error: {path}: scenario.system: ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (edit("[scenario]\n", "[scenario\n"), ": bad TOML: "),
        (edit('weapons = ["broadsword"]', 'weapons = ["lightsaber"]'),
         ": combatant[0].weapons[0]: unknown weapon 'lightsaber'"),
        (edit("at = [4, 0]", "at = [0, 0]"), ": combatant[1].at: two figures on one hex"),
        (None, ": cannot read file: "),
    ],
    ids=["bad-toml", "unknown-weapon", "same-hex", "missing-file"],
)
def test_subprocess(tmp_path: Path, text: str | None, expected: str) -> None:
    path = tmp_path / "scen.toml"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    log = tmp_path / "out.jsonl"
    proc = subprocess.run(
        [sys.executable, "-m", "timedcombat", "run", str(path), "--log", str(log)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith(f"error: {path}{expected}")
    assert not log.exists()


# ---------------------------------------------------------------------------
# errors from the library API carry the key path


def test_scenario_error_fields() -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(edit("at = [4, 0]", "at = [0, 0]"), "x.toml")
    err = info.value
    assert (err.file, err.path) == ("x.toml", "combatant[1].at")
    assert str(err) == "x.toml: combatant[1].at: two figures on one hex: [0, 0] is taken by 'ana'"


# ---------------------------------------------------------------------------
# valid files load


TENTHS_SCENARIOS = [p for p in SCENARIOS if not p.name.startswith("tft_")]


@pytest.mark.parametrize("path", TENTHS_SCENARIOS, ids=[p.name for p in TENTHS_SCENARIOS])
def test_example_scenarios_load(path: Path) -> None:
    scen = load_scenario(path)
    assert scen.file == str(path)
    assert scen.system == ("gurps" if path.name.startswith("gurps_") else "tenths")
    assert len(scen.combatants) >= 2
    assert len({c.id for c in scen.combatants}) == len(scen.combatants)
    for c in scen.combatants:
        if scen.system == "tenths":
            assert c.stats.weapons
            assert all(w.base_speed >= 1 and w.hands in (1, 2) for w in c.stats.weapons)


def test_example_scenarios_exist() -> None:
    assert {p.name for p in SCENARIOS} >= {"sword_duel.toml", "spear_set.toml", "retreat.toml"}


def test_sword_duel_loads_exactly() -> None:
    scen = load_scenario(ROOT / "scenarios" / "sword_duel.toml")
    assert scen.info.name == "Sword duel"
    assert (scen.info.seed, scen.info.until) == (1, 6000)
    assert scen.map.walls == ()
    ana, bo = scen.combatants
    assert (ana.id, ana.side, ana.at, ana.facing, ana.plan, ana.policy) == (
        "ana", "red", (0, 0), "E", (), None)
    assert (bo.id, bo.side, bo.at, bo.facing) == ("bo", "blue", (6, 0), "W")
    assert (ana.stats.strength, ana.stats.best_skill, ana.stats.walk, ana.stats.run,
            ana.stats.defence, ana.stats.shield) == (12, 3, 5, 3, 10, True)
    assert ana.stats.weapons == (WEAPONS["broadsword"],)
    assert bo.stats.shield is False
    assert scen.combatant("bo") is bo


def test_spear_set_plans_load() -> None:
    scen = load_scenario(ROOT / "scenarios" / "spear_set.toml")
    wulf = scen.combatant("wulf")
    pike = scen.combatant("pike")
    assert [(s.action, s.target) for s in wulf.plan] == [("charge", "pike")]
    assert [(s.action, s.target) for s in pike.plan] == [("set", None)]
    assert wulf.policy == "aggressive"
    assert pike.stats.weapons[0].reach == "long"
    assert (scen.info.seed, scen.info.until) == (7, 600)


def test_inline_weapon_and_rules_and_walls() -> None:
    text = "[rules]\nlong_reach = 3\n\n[map]\nwalls = [[2, 2], [3, 2]]\n\n" + edit(
        'weapons = ["broadsword"]',
        'weapons = [{ name = "rapier", base_speed = 7, anti_parry = 2, reach = "short", '
        'hands = 1 }, { name = "axe", damage = 5 }]',
    )
    scen = parse_scenario(text, "inline.toml")
    assert scen.rules.long_reach == 3
    assert scen.rules.short_reach == 1
    assert scen.map.walls == ((2, 2), (3, 2))
    rapier, axe = scen.combatant("ana").stats.weapons
    assert (rapier.name, rapier.base_speed, rapier.anti_parry, rapier.reach, rapier.hands,
            rapier.damage) == ("rapier", 7, 2, "short", 1, 0)
    assert (axe.base_speed, axe.anti_parry, axe.damage) == (11, 2, 5)


def test_block_with_a_long_weapon_carried_or_picked_up_first_loads() -> None:
    carried = edit('weapons = ["broadsword"]', 'weapons = ["dagger", "quarterstaff"]\n'
                   'plan = [{ action = "draw", weapon = "quarterstaff" }, '
                   '{ action = "block", position = "right" }]')
    assert parse_scenario(carried, "t.toml").combatant("ana").plan[1].position == "right"
    picked = edit('weapons = ["dagger", "shortsword"]', 'weapons = ["spear"]',
                  'weapons = ["broadsword"]', 'weapons = ["broadsword"]\nplan = [{ action = '
                  '"pick_up", weapon = "spear" }, { action = "block", position = "left" }]')
    assert parse_scenario(picked, "t.toml").combatant("ana").plan[1].action == "block"


def test_a_weapon_of_the_table_given_inline_keeps_the_figures_it_does_not_override() -> None:
    scen = parse_scenario(edit('weapons = ["broadsword"]',
                               'weapons = [{ name = "spear", anti_parry = 3 }]'), "inline.toml")
    spear = scen.combatant("ana").stats.weapons[0]
    assert (spear.base_speed, spear.anti_parry, spear.reach, spear.hands, spear.damage) == \
        (10, 3, "long", 2, 2)


# ---------------------------------------------------------------------------
# quoted TOML keys: the path quotes them, and the error stays one printable line


@pytest.mark.parametrize(
    ("text", "line_end"),
    [
        ('"a\\nb" = 1\n' + BASE,
         ': "a\\u000Ab": unknown key (allowed: scenario, rules, map, combatant)'),
        (edit("seed = 3\n", 'seed = 3\n"x\\u0000y" = 1\n'),
         ": scenario.\"x\\u0000y\": unknown key 'x\\x00y' "
         "(allowed: name, system, seed, until, dice)"),
        (edit(ANA, ANA + '"two words" = 1\n'),
         ": combatant[0].\"two words\": unknown key 'two words' (allowed: "),
        ('[rules]\n"q\\"t" = 1\n\n' + BASE, ": rules.\"q\\\"t\": unknown key 'q\"t' (allowed: "),
        (edit(ANA, ANA + 'plan = [{ action = "attack", "é" = 1 }]\n'),
         ": combatant[0].plan[0].\"é\": 'attack' takes no 'é' (keys it takes: "),
    ],
    ids=["newline-top", "nul-in-scenario", "space-in-combatant", "quote-in-rules",
         "unicode-in-plan"],
)
def test_quoted_keys_in_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                              line_end: str) -> None:
    status, out, err, path, log = run_cli(tmp_path, capsys, text)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    line = err.rstrip("\n")
    assert line.isprintable()
    assert line.startswith(f"error: {path}{line_end}"), line
    assert not log.exists()


def test_errors_survive_pickling_between_processes() -> None:
    import pickle

    from timedcombat.errors import LogFormatError, ScenarioError

    err = pickle.loads(pickle.dumps(ScenarioError("f.toml", "combatant[0].id", "bad")))
    assert (str(err), err.file, err.path, err.message) == \
        ("f.toml: combatant[0].id: bad", "f.toml", "combatant[0].id", "bad")
    log_err = pickle.loads(pickle.dumps(LogFormatError("x.jsonl", 3, "not JSON")))
    assert (str(log_err), log_err.line) == ("x.jsonl:3: not JSON", 3)


def test_a_hex_that_is_not_two_integers_shows_what_was_given(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    path = tmp_path / "hex.toml"
    path.write_text('[scenario]\nname = "x"\nsystem = "tenths"\n[[combatant]]\nid = "a"\n'
                    'side = "r"\nat = [1.5, 0]\n')
    assert main(["run", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"error: {path}: combatant[0].at: expected a hex [q, r] of two integers, got [1.5, 0]")
