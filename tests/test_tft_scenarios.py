"""The ``tft`` system from the outside: its scenarios, the one-line errors of bad input,
``timedcombat rules tft``, the text timeline, the pictures and ``batch``."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from test_scenario_errors import assert_rejected

from timedcombat import load_scenario, simulate
from timedcombat.cli import main
from timedcombat.events import to_dict
from timedcombat.swimlanes import lanes_of
from timedcombat.systems.base import get_system
from timedcombat.systems.tft.rules import TftRules

ROOT = Path(__file__).resolve().parent.parent
TFT_SCENARIOS = sorted((ROOT / "scenarios").glob("tft_*.toml"))

BASE = """\
[scenario]
name = "tft test"
system = "tft"
seed = 3

[[combatant]]
id = "ana"
side = "red"
at = [0, 0]
st = 12
dx = 13
iq = 10
ma = 10
weapons = ["dagger"]

[[combatant]]
id = "bo"
side = "blue"
at = [4, 0]
facing = "W"
st = 13
dx = 11
iq = 9
ma = 9
weapons = ["broadsword"]
armor = "leather"
shield = "large"
"""
ANA = 'id = "ana"\n'


def edit(*pairs: str) -> str:
    text = BASE
    for old, new in zip(pairs[::2], pairs[1::2], strict=True):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


# ---------------------------------------------------------------- the scenarios


def test_the_issue_asks_for_four_scenarios_each_commented_at_the_top():
    assert {p.stem for p in TFT_SCENARIOS} >= {"tft_knife_jump", "tft_dive_block",
                                                "tft_judo_throw", "tft_brawl3"}
    for p in TFT_SCENARIOS:
        assert p.read_text(encoding="utf-8").startswith("# "), p.name


@pytest.mark.parametrize("path", TFT_SCENARIOS, ids=lambda p: p.stem)
def test_each_scenario_fights_to_a_finish_and_every_hth_roll_keeps_the_table(path):
    from test_tft_properties import expected_result

    scenario = load_scenario(path)
    assert scenario.system == "tft"
    rolls = 0
    for seed in range(40):
        result = simulate(scenario, seed)
        assert result.outcome.reason == "last side standing", (path.name, seed)
        for e in map(to_dict, result.events):
            if e["event"] == "tft.hth_roll":
                rolls += 1
                assert e["total"] == e["roll"] + sum(e["modifiers"].values())
                assert e["result"] in expected_result(e), (path.name, seed, e)
    assert rolls >= 30  # (at least about one a fight)


def _events(path: Path, seed: int | None = None) -> list[dict]:
    return [to_dict(e) for e in simulate(load_scenario(path), seed).events]


def test_the_knife_jump_shows_the_rear_reroll_the_drops_and_the_entry_attack():
    ev = _events(ROOT / "scenarios" / "tft_knife_jump.toml")
    roll = next(e for e in ev if e["event"] == "tft.hth_roll")
    assert (roll["actor"], roll["target"], roll["arc"]) == ("kit", "sven", "rear")
    assert roll["rerolls"] and roll["result"] == "entered"
    drop = next(e for e in ev if e["event"] == "tft.dropped")
    assert drop["actor"] == "sven" and drop["items"] == ["broadsword", "large_shield"]
    entry = next(e for e in ev if e["event"] == "attack" and e["actor"] == "kit")
    assert entry["option"] == "hth_entry" and entry["weapon"] == "dagger"
    assert any(e["event"] == "attack" and e["actor"] == "pell" and
               e["modifiers"].get("into_hth") == 4 for e in ev)


def test_the_dive_block_scenario_dives_at_the_end_of_movement_against_both_talents():
    ev = _events(ROOT / "scenarios" / "tft_dive_block.toml")
    dives = [e for e in ev if e["event"] == "tft.hth_roll" and e["kind"] == "dive"]
    assert {e["target"]: e["modifier"] for e in dives} == {"della": 2, "dora": 4}
    assert all(e["t"] == 24 for e in dives)


def test_the_judo_scenario_throws_for_both_judo_holders():
    ev = _events(ROOT / "scenarios" / "tft_judo_throw.toml")
    throws = {e["actor"]: e["bonus"] for e in ev if e["event"] == "tft.throw"}
    assert throws == {"jun": 3, "kano": 5}


def test_the_brawl_shows_a_strike_at_a_figure_jumping_away():
    ev = _events(ROOT / "scenarios" / "tft_brawl3.toml")
    strike = next(e for e in ev if e["event"] == "attack" and e["option"] == "strike")
    roll = next(e for e in ev if e["event"] == "tft.hth_roll")
    assert (strike["actor"], strike["target"], strike["t"]) == ("bram", "ash", roll["t"])
    assert strike["seq"] < roll["seq"] and roll["target"] == "cole"


def test_the_gang_scenario_puts_four_figures_in_one_hth():
    ev = _events(ROOT / "scenarios" / "tft_gang_hth.toml")
    into = [(e["actor"], e["to"]) for e in ev if e["event"] == "move" and e["mode"] == "hth"]
    assert [a for a, _ in into[:3]] == ["ash", "dara", "finn"]
    assert len({tuple(h) for _, h in into[:3]}) == 1  # one hex: Bram's
    firsts = [next(e for e in ev if e["event"] == "tft.hth_roll" and e["actor"] == a)
              for a in ("dara", "finn")]  # each jumps a figure already in HTH: (a)
    assert all("a_back_to_wall_or_down" in e["reasons"] for e in firsts)
    assert any(e["event"] == "move" and e["mode"] == "hth_end" for e in ev)
    dis = [e for e in ev if e["event"] == "tft.disengage" and e["hth"]]
    assert dis and all("holder" not in e for e in dis)  # one roll frees from them all


# ---------------------------------------------------------------- bad input

CASES: list[tuple[str, str, str, str]] = [
    ("missing-st", edit("st = 12\n", ""), "combatant[0].st", "required key missing"),
    ("missing-ma", edit("ma = 9\n", ""), "combatant[1].ma", "required key missing"),
    ("tenths-stat", edit(ANA, ANA + "strength = 3\n"), "combatant[0].strength",
     "unknown key 'strength' (allowed: id, side, at, facing, plan, policy, st, dx, iq, ma, "
     "weapons, armor, shield, talents, agrees_to_hth)"),
    ("string-for-dx", edit("dx = 13\n", 'dx = "13"\n'), "combatant[0].dx",
     "expected an integer, got the string '13'"),
    ("st-zero", edit("st = 12\n", "st = 0\n"), "combatant[0].st",
     "must be between 1 and 1000, got 0"),
    ("ma-huge", edit("ma = 10\n", "ma = 1000\n"),
     "combatant[0].ma", "must be between 1 and 100 hexes, got 1000"),
    ("unknown-weapon", edit('weapons = ["dagger"]', 'weapons = ["lightsaber"]'),
     "combatant[0].weapons[0]", "unknown weapon 'lightsaber' (known: dagger, dirk"),
    ("weapon-too-heavy", edit('weapons = ["dagger"]', 'weapons = ["dagger", "greatsword"]'),
     "combatant[0].weapons[1]", "greatsword needs ST 16, the figure has 12"),
    ("string-for-weapons", edit('weapons = ["dagger"]', 'weapons = "dagger"'),
     "combatant[0].weapons", "expected a list of names, got the string 'dagger'"),
    ("unknown-armor", edit('armor = "leather"', 'armor = "mithril"'), "combatant[1].armor",
     "unknown armour 'mithril'"),
    ("unknown-shield", edit('shield = "large"', 'shield = "tower"'), "combatant[1].shield",
     "unknown shield 'tower'"),
    ("shield-with-two-hands", edit('weapons = ["broadsword"]', 'weapons = ["battleaxe"]',
                                   "st = 13\n", "st = 15\n"),
     "combatant[1].shield", "battleaxe, the ready weapon, needs both hands"),
    ("unknown-talent", edit(ANA, ANA + 'talents = ["kung_fu"]\n'), "combatant[0].talents[0]",
     "unknown talent 'kung_fu'"),
    ("judo-iq", edit(ANA, ANA + 'talents = ["judo"]\n'), "combatant[0].talents[0]",
     "judo needs IQ 12, the figure has 10"),
    ("dive-block-2-alone", edit(ANA, ANA + 'talents = ["dive_block_2"]\n'),
     "combatant[0].talents[0]", "dive_block_2 needs dive_block too"),
    ("bool-agrees", edit(ANA, ANA + 'agrees_to_hth = "yes"\n'), "combatant[0].agrees_to_hth",
     "expected true or false, got the string 'yes'"),
    ("unknown-action", edit(ANA, ANA + 'plan = [{ action = "jump" }]\n'),
     "combatant[0].plan[0].action", "unknown action 'jump' for system tft (known: move"),
    ("key-not-taken", edit(ANA, ANA + 'plan = [{ action = "stand_up", target = "bo" }]\n'),
     "combatant[0].plan[0].target", "'stand_up' takes no 'target' (keys it takes: none)"),
    ("hth-needs-target", edit(ANA, ANA + 'plan = [{ action = "hth" }]\n'),
     "combatant[0].plan[0].target", "required for 'hth'"),
    ("unknown-target", edit(ANA, ANA + 'plan = [{ action = "dive", target = "zed" }]\n'),
     "combatant[0].plan[0].target", "unknown combatant id 'zed'"),
    ("own-side-target", edit(ANA, ANA + 'plan = [{ action = "hth", target = "ana" }]\n'),
     "combatant[0].plan[0].target", "'ana' is on the same side (red)"),
    ("bad-to", edit(ANA, ANA + 'plan = [{ action = "move", to = [1] }]\n'),
     "combatant[0].plan[0].to", "expected a hex [q, r] of two integers"),
    ("to-a-wall", "[map]\nwalls = [[2, 2]]\n\n" + edit(
        ANA, ANA + 'plan = [{ action = "move", to = [2, 2] }]\n'),
     "combatant[0].plan[0].to", "[2, 2] is a wall"),
    ("ready-knife-without-one", edit('id = "bo"\n', 'id = "bo"\nplan = [{ action = '
                                     '"ready_knife" }]\n'),
     "combatant[1].plan[0].action", "ready_knife, but 'bo' carries no knife"),
    ("ready-knife-not-a-knife", edit(ANA, ANA + 'plan = [{ action = "ready_knife", '
                                     'weapon = "broadsword" }]\n'),
     "combatant[0].plan[0].weapon", "ready_knife needs a knife, not 'broadsword'"),
    ("weapon-not-carried", edit(ANA, ANA + 'plan = [{ action = "ready_weapon", '
                                'weapon = "mace" }]\n'),
     "combatant[0].plan[0].weapon", "'ana' carries no 'mace'"),
    ("unknown-policy", edit(ANA, ANA + 'policy = "berserk"\n'), "combatant[0].policy",
     "unknown policy 'berserk' (known: default, brawler)"),
    ("unknown-rule", "[rules]\ngravity = 1\n\n" + BASE, "rules.gravity",
     "unknown key 'gravity'"),
    ("rule-choice", '[rules]\ninitiative_winner_moves = "middle"\n\n' + BASE,
     "rules.initiative_winner_moves", "must be one of first, last, not 'middle'"),
    ("rule-phase", "[rules]\nmovement_phase_tenths = 60\n\n" + BASE,
     "rules.movement_phase_tenths", "must be from 2 to 49, not 60"),
    ("rule-type", "[rules]\njudo_throw_prone = 1\n\n" + BASE, "rules.judo_throw_prone",
     "expected true or false, got the integer 1"),
    ("rule-stalemate", "[rules]\nstalemate = -5\n\n" + BASE, "rules.stalemate",
     "must be between 0 and"),
]


@pytest.mark.parametrize(("text", "key", "fragment"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_bad_tft_input_is_one_line_naming_the_key(tmp_path, capsys, text, key, fragment):
    assert_rejected(tmp_path, capsys, text, key, fragment)


def test_the_base_document_is_valid_and_fights():
    from timedcombat.loading import parse_scenario

    scen = parse_scenario(BASE, "base.toml")
    assert scen.combatant("bo").stats.shield == "large"
    assert simulate(scen, record=False).outcome.reason == "last side standing"


# ---------------------------------------------------------------- rules tables


def _rules_json(capsys, *args: str) -> dict:
    assert main(["rules", "tft", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_rules_unarmed_damage_is_the_seeds_table_then_its_pattern(capsys):
    rows = _rules_json(capsys, "unarmed-damage")["unarmed-damage"]["rows"]
    seed = [(0, 3, "1d-5"), (4, 7, "1d-4"), (8, 11, "1d-3"), (12, 15, "1d-2"),
            (16, 19, "1d-1"), (20, 26, "1d"), (27, 32, "1d+1"), (33, 39, "1d+2"),
            (40, 46, "2d"), (47, 52, "2d+1")]
    assert [(r["st_low"], r["st_high"], r["damage"]) for r in rows[:10]] == seed
    assert {r["source"] for r in rows[:10]} == {"seed 000"}
    # past 52 the pattern of 20-40: +1 after 7 ST, +2 after 13, a die every 20
    assert [(r["st_low"], r["st_high"], r["damage"]) for r in rows[10:14]] == [
        (53, 59, "2d+2"), (60, 66, "3d"), (67, 72, "3d+1"), (73, 79, "3d+2")]


def test_rules_hth_roll_is_the_one_die_table(capsys):
    rows = _rules_json(capsys, "hth-roll")["hth-roll"]["rows"]
    assert [(r["kind"], r["low"], r["high"], r["result"]) for r in rows] == [
        ("jump", "-", 2, "entered_defender_down"), ("jump", 3, 4, "entered"),
        ("jump", 5, 5, "repelled"), ("jump", 6, "+", "repelled_hit"),
        ("dive", "-", 2, "entered_defender_down"), ("dive", 3, 4, "entered"),
        ("dive", 5, 5, "knocked_back"), ("dive", 6, 7, "knocked_back_hit")]


def test_rules_tft_lists_every_table_and_every_parameter(capsys):
    out = _rules_json(capsys)
    assert list(out) == ["unarmed-damage", "hth-roll", "weapons", "armor", "talents",
                         "actions", "parameters", "base", "seed"]
    acts = {r["action"]: (r["requires"], r["optional"]) for r in out["actions"]["rows"]}
    # the issue's plan actions, each with the keys the loader takes
    assert acts["move"] == ("to", "-") and acts["hth"] == acts["dive"] == ("target", "to")
    assert acts["release"] == ("-", "target to") and acts["ready_knife"] == ("-", "weapon")
    assert {"attack", "disengage", "stand_up", "defend"} <= set(acts)
    names = [r["name"] for r in out["parameters"]["rows"]]
    import attrs

    assert names == [f.name for f in attrs.fields(TftRules)]
    params = {p.name for p in get_system("tft").parameters()}
    assert params == set(names)


# ---------------------------------------------------------------- timeline, pictures, batch


@pytest.mark.parametrize(("rules", "dice", "words"), [
    ({}, [5, 2], "== turn 1: ana, bo == red wins the initiative (red 5, blue 2) and moves "
                 "first"),
    ({"initiative_winner_moves": "last"}, [5, 2],
     "== turn 1: ana, bo == red wins the initiative (blue 2, red 5); blue moves first"),
    ({}, [4, 4, 1, 6], "== turn 1: ana, bo == red wins the initiative (red 4 6, blue 4 1) "
                       "and moves first"),  # tied: rolled again
])
def test_the_turn_banner_says_who_won_the_initiative_and_who_moves_first(rules, dice, words):
    """The initiative dice are only in the log's ``tft.turn``: the banner of the timeline
    and of the replay names the winner, its dice, and the side that moves first."""
    import io

    from rich.console import Console
    from tft_helpers import doc, fig, run

    from timedcombat.replay import replay_data
    from timedcombat.timeline import render

    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "stand_still"}]),
            fig("bo", "blue", (9, 0), "W", dx=11, plan=[{"action": "stand_still"}]),
            rules=rules)
    ev = run(d, dice)
    out = io.StringIO()
    render(ev, Console(file=out, width=400, markup=False, highlight=False))
    assert words in out.getvalue()
    assert words in replay_data(ev)["text"]


def test_the_timeline_shows_turns_phases_and_the_dice(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # (no wrapping inside the lanes)
    assert main(["run", str(ROOT / "scenarios" / "tft_knife_jump.toml")]) == 0
    out = capsys.readouterr().out
    assert "== turn 1:" in out and "-- movement phase --" in out and "-- action phase --" in out
    assert ("jumps sven from the rear (lower MA, side or rear): sven rolls 1d6 6 ignored, 3 = 3 "
            "-> ENTERED") in out
    assert "hth entry on sven (dagger): 3d6 [" in out


def test_the_picture_draws_hth_spans_and_the_turn_and_phase_boundaries(tmp_path, capsys):
    png = tmp_path / "knife.png"
    assert main(["run", str(ROOT / "scenarios" / "tft_knife_jump.toml"), "-q",
                 "--png", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    lanes = lanes_of(_events(ROOT / "scenarios" / "tft_knife_jump.toml"))
    assert {(a, s) for a, _t0, _t1, s in lanes.spans} >= {("kit", "hth"), ("sven", "hth")}
    assert {0, 25, 50, 75} <= set(lanes.boundaries)
    assert {0, 50} <= set(lanes.turn_starts) and not {25, 75} & set(lanes.turn_starts)
    kinds = {b.kind for b in lanes.bars}
    assert {"hth", "attack"} <= kinds


def test_batch_writes_the_systems_own_columns(tmp_path, capsys):
    out = tmp_path / "runs.csv"
    assert main(["batch", str(ROOT / "scenarios" / "tft_brawl3.toml"), "--runs", "12",
                 "--out", str(out), "--quiet"]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 12
    for col in ("turns", "hth_attempts", "hth_entered", "thrown", "knockdowns"):
        assert col in rows[0]
    assert all(int(r["hth_attempts"]) >= 1 and int(r["turns"]) >= 1 for r in rows)
    assert all(int(r["hth_entered"]) <= int(r["hth_attempts"]) for r in rows)


# ---------------------------------------------------------------- the rules page


def test_the_rules_page_names_only_tests_that_exist_and_every_parameter():
    import re

    import attrs

    text = (ROOT / "docs" / "rules" / "tft.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)", text))
    defined: set[str] = set()
    for p in (ROOT / "tests").glob("test_tft_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", p.read_text(encoding="utf-8"), re.M))
    assert len(named) > 60 and named <= defined, sorted(named - defined)
    for f in attrs.fields(TftRules):
        assert f"| `{f.name}` |" in text, f.name
    for word in ("../", "shared/", "DESIGN", "seeds/", "not implemented yet"):
        assert word not in text


def test_the_batch_summary_counts_deaths_apart_from_out(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["batch", str(ROOT / "scenarios" / "tft_judo_throw.toml"), "--runs",
                 "20"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "combatant" in line)
    assert [w for w in header.replace("┃", " ").split() if w in ("out", "dead", "fled")] == \
        ["out", "dead", "fled"]
