"""Bad ``gurps`` scenario input gets the same one-line errors as ``tenths``: exit status 2,
``error: FILE: KEY.PATH: what is wrong``, no traceback, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_scenario_errors import assert_rejected, run_cli

from timedcombat.loading import parse_scenario
from timedcombat.systems.gurps.rules import WEAPONS, GurpsRules

BASE = """\
[scenario]
name = "knife and shield"
system = "gurps"
seed = 2

[rules]
stalemate = 600

[[combatant]]
id = "kaz"
side = "red"
at = [-3, 0]
st = 11
dx = 13
ht = 11
skills = { knife = 15 }
weapons = ["knife"]
plan = [ { action = "move", target = "sven" } ]

[[combatant]]
id = "sven"
side = "blue"
at = [0, 0]
facing = "W"
st = 12
skills = { broadsword = 14, shield = 13, knife = 12 }
weapons = ["broadsword", "knife"]
shield = "medium"
armor = "leather"
plan = [ { action = "ready", weapon = "knife" } ]
"""


def edit(*pairs: str) -> str:
    text = BASE
    for old, new in zip(pairs[::2], pairs[1::2], strict=True):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


KAZ_PLAN = 'plan = [ { action = "move", target = "sven" } ]'


def kaz(step: str) -> str:
    return edit(KAZ_PLAN, f"plan = [ {step} ]")


def test_base_scenario_is_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scen = parse_scenario(BASE, "base.toml")
    sven = scen.combatants[1].stats
    assert (sven.st, sven.dx, sven.ht, sven.weapons[0]) == (12, 10, 10, WEAPONS["broadsword"])
    assert scen.rules == GurpsRules()
    assert scen.combatants[0].plan[0].target == "sven"
    status, out, err, _path, log = run_cli(tmp_path, capsys, BASE)
    assert (status, out, err) == (0, "", "")
    assert log.read_text(encoding="utf-8").count("\n") > 10


CASES: list[tuple[str, str, str, str]] = [
    # [rules]
    ("rules-unknown", edit("stalemate = 600", "stalemate = 600\nparry_all = true"),
     "rules.parry_all", "unknown key 'parry_all'"),
    ("rules-type", edit("stalemate = 600", 'stalemate = "long"'), "rules.stalemate",
     "expected an integer, got the string 'long'"),
    ("rules-negative-stalemate", edit("stalemate = 600", "stalemate = -1"), "rules.stalemate",
     "must be between 0 and"),
    ("rules-order", edit("stalemate = 600", 'wrong_target_order = "random"'),
     "rules.wrong_target_order", "must be one of nearest, entry"),
    ("rules-die", edit("stalemate = 600", "initiative_die = 1"), "rules.initiative_die",
     "must be between 2 and"),
    ("rules-pinned-bonus", edit("stalemate = 600", "break_free_pinned = 3"),
     "rules.break_free_pinned", "must be between"),
    ("rules-encumbrance", edit("stalemate = 600", "encumbrance = 5"), "rules.encumbrance",
     "must be between 0 and 4"),
    # stats
    ("stat-unknown", edit("st = 11\n", "st = 11\nstrength = 12\n"), "combatant[0].strength",
     "unknown key 'strength' (allowed: id, side, at, facing, plan, policy, st, dx"),
    ("stat-type", edit("dx = 13\n", 'dx = "13"\n'), "combatant[0].dx",
     "expected an integer, got the string '13'"),
    ("stat-bool", edit("ht = 11\n", "ht = true\n"), "combatant[0].ht",
     "expected an integer, got a boolean"),
    ("stat-zero", edit("st = 11\n", "st = 0\n"), "combatant[0].st", "must be between 1 and"),
    ("skill-unknown", edit("skills = { knife = 15 }", "skills = { karate = 15 }"),
     "combatant[0].skills.karate", "unknown skill 'karate' (known: knife"),
    ("skill-level", edit("skills = { knife = 15 }", "skills = { knife = 0 }"),
     "combatant[0].skills.knife", "must be between 1 and"),
    ("skills-not-table", edit("skills = { knife = 15 }", 'skills = ["knife"]'),
     "combatant[0].skills", "expected a table of skill = level"),
    ("weapon-unknown", edit('weapons = ["knife"]', 'weapons = ["katana"]'),
     "combatant[0].weapons[0]", "unknown weapon 'katana' (known: punch"),
    ("weapon-unarmed", edit('weapons = ["knife"]', 'weapons = ["punch"]'),
     "combatant[0].weapons[0]", "always at hand"),
    ("weapon-twice", edit('weapons = ["knife"]', 'weapons = ["knife", "knife"]'),
     "combatant[0].weapons[1]", "weapon 'knife' listed twice"),
    ("weapons-not-list", edit('weapons = ["knife"]', 'weapons = "knife"'),
     "combatant[0].weapons", "expected a list of weapon names"),
    ("shield-unknown", edit('shield = "medium"', 'shield = "tower"'), "combatant[1].shield",
     "expected a shield name (buckler, small, medium, large) or false, got 'tower'"),
    ("shield-two-hands", edit('weapons = ["broadsword", "knife"]',
                              'weapons = ["greatsword", "knife"]'),
     "combatant[1].shield", "'greatsword' takes two hands: no hand left for a shield"),
    ("armor-unknown", edit('armor = "leather"', 'armor = "mithril"'), "combatant[1].armor",
     "unknown armor 'mithril'"),
    ("armor-negative", edit('armor = "leather"', "armor = -2"), "combatant[1].armor",
     "must be between 0 and"),
    # plans
    ("plan-unknown-action", kaz('{ action = "charge", target = "sven" }'),
     "combatant[0].plan[0].action", "unknown action 'charge' for system gurps (known: move"),
    ("plan-unknown-key", kaz('{ action = "move", target = "sven", mode = "run" }'),
     "combatant[0].plan[0].mode", "'move' takes no 'mode' (keys it takes: target, to)"),
    ("plan-missing-key", kaz('{ action = "attack" }'), "combatant[0].plan[0].target",
     "required for 'attack'"),
    ("plan-one-of", kaz('{ action = "move" }'), "combatant[0].plan[0].target",
     "'move' needs one of: target, to"),
    ("plan-bad-option", kaz('{ action = "all_out_attack", target = "sven", option = "wild" }'),
     "combatant[0].plan[0].option", "must be one of determined, double, strong, got 'wild'"),
    ("plan-bad-via", kaz('{ action = "slam", target = "sven", via = "move" }'),
     "combatant[0].plan[0].via", "must be one of move_and_attack, all_out_attack"),
    ("plan-bad-hex", kaz('{ action = "move", to = [1] }'), "combatant[0].plan[0].to",
     "expected a hex [q, r] of two integers"),
    ("plan-unknown-target", kaz('{ action = "attack", target = "olaf" }'),
     "combatant[0].plan[0].target", "unknown combatant id 'olaf'"),
    ("plan-own-side", edit('plan = [ { action = "ready", weapon = "knife" } ]',
                           'plan = [ { action = "attack", target = "sven" } ]'),
     "combatant[1].plan[0].target", "'sven' is on the same side (blue)"),
    ("plan-weapon-not-carried", kaz('{ action = "attack", target = "sven", weapon = "axe" }'),
     "combatant[0].plan[0].weapon", "'kaz' has no 'axe'"),
    ("plan-ready-unarmed", kaz('{ action = "ready", weapon = "punch" }'),
     "combatant[0].plan[0].weapon", "'punch' is always at hand"),
    ("plan-discard-no-shield", kaz('{ action = "ready", discard = "shield" }'),
     "combatant[0].plan[0].discard", "'kaz' carries no shield"),
    ("plan-aim-melee", kaz('{ action = "aim", target = "sven" }'),
     "combatant[0].plan[0].action", "aim needs a ranged weapon: 'kaz' carries none"),
    ("plan-wall", edit(KAZ_PLAN, 'plan = [ { action = "move", to = [1, 1] } ]',
                       "seed = 2\n", "seed = 2\n\n[map]\nwalls = [[1, 1]]\n"),
     "combatant[0].plan[0].to", "[1, 1] is a wall"),
    ("plan-posture", kaz('{ action = "change_posture", posture = "crouching" }'),
     "combatant[0].plan[0].posture", "must be one of standing, kneeling, prone"),
    ("policy-unknown", edit('facing = "W"', 'facing = "W"\npolicy = "berserk"'),
     "combatant[1].policy", "unknown policy 'berserk' (known: default, aggressive)"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bad_gurps_input_is_one_line_naming_the_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        case: tuple[str, str, str, str]) -> None:
    _name, text, key, fragment = case
    assert_rejected(tmp_path, capsys, text, key, fragment)
