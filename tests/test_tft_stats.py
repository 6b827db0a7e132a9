"""A ``tft`` figure's stats, its validation, the plan vocabulary, and the ``tft.*`` events."""

from __future__ import annotations

import json

import attrs
import pytest

from timedcombat.errors import ScenarioError
from timedcombat.events import event_class, to_dict, to_json
from timedcombat.structure import make_converter
from timedcombat.systems.tft import events as ev
from timedcombat.systems.tft.loader import structure_stats
from timedcombat.systems.tft.rules import TftRules
from timedcombat.systems.tft.stats import (
    PLAN_ACTIONS,
    REQUIRED_ACTIONS,
    TftStats,
    check_plan_step,
)

BASE = {"st": 12, "dx": 12, "iq": 10, "ma": 10}


def stats_from(raw: dict[str, object], rules: TftRules | None = None) -> TftStats:
    """A figure's stats as the loader reads them (the one parser of tft stats)."""
    return structure_stats(raw, make_converter(), "f.toml", "combatant[0]",
                           rules or TftRules())


def test_contract_keys_build_a_figure_whose_first_weapon_is_ready():
    s = stats_from({**BASE, "weapons": ["broadsword", "dagger"], "armor": "leather",
                    "shield": "small", "talents": ["dive_block"]})
    assert s.ready.name == "broadsword" and s.knives == ("dagger",)
    assert (s.armor_record.stops, s.shield_record.stops) == (2, 1)
    assert s.has("dive_block")
    bare = stats_from(BASE)
    assert bare.ready is None and bare.armor == "none" and bare.shield is None


@pytest.mark.parametrize(("change", "message"), [
    ({"st": 0}, "st: must be between 1 and 1000, got 0"),
    ({"st": 5000}, "st: must be between 1 and 1000, got 5000"),
    ({"dx": "12"}, "dx: expected an integer, got the string '12'"),
    ({"weapons": ["lightsaber"]}, "weapons[0]: unknown weapon 'lightsaber'"),
    ({"weapons": ["dagger", "greatsword"]}, "weapons[1]: greatsword needs ST 16"),
    ({"weapons": "dagger"}, "weapons: expected a list of names"),
    ({"armor": "mithril"}, "armor: unknown armour"),
    ({"shield": "tower"}, "shield: unknown shield"),
    ({"weapons": ["halberd"], "st": 13, "shield": "small"}, "shield: halberd"),
    ({"talents": ["kung_fu"]}, "talents[0]: unknown talent"),
    ({"talents": ["judo"]}, "talents[0]: judo needs IQ 12"),
    ({"talents": ["dive_block_2"], "iq": 9, "dx": 13}, "talents[0]: dive_block_2 needs dive_block"),
    ({"talents": ["dive_block", "dive_block_2"], "iq": 9}, "talents[1]: dive_block_2 needs DX 13"),
    ({"talents": ["judo", "judo_2"], "iq": 14, "dx": 13}, "talents[1]: judo_2 needs DX 14"),
    ({"speed": 3}, "speed: unknown key"),
])
def test_bad_stats_give_a_message_that_names_the_key(change, message):
    """The loader's messages (one parser: the second, ``stats_from``, that only these
    tests called, accepted ST 5000, which the loader refuses)."""
    with pytest.raises(ScenarioError) as err:
        stats_from({**BASE, **change})
    assert str(err.value).startswith(f"f.toml: combatant[0].{message}")


def test_missing_stat_is_named():
    with pytest.raises(ScenarioError, match=r"^f\.toml: combatant\[0\]\.ma: required"):
        stats_from({"st": 12, "dx": 12, "iq": 10})


def test_talent_prerequisites_can_be_switched_off():
    s = stats_from({**BASE, "talents": ["judo_2"]}, TftRules(check_talent_prerequisites=False))
    assert s.talents == ("judo_2",)


def test_plan_vocabulary_has_every_action_the_issue_names():
    assert set(REQUIRED_ACTIONS) <= set(PLAN_ACTIONS)
    assert PLAN_ACTIONS["move"].required == {"to"}
    assert PLAN_ACTIONS["hth"].required == {"target"}
    assert PLAN_ACTIONS["dive"].required == {"target"}
    for name in ("attack", "ready_knife", "disengage", "release", "stand_up", "defend"):
        assert not PLAN_ACTIONS[name].required


@pytest.mark.parametrize(("step", "message"), [
    ({}, "action: required"),
    ({"action": "fly"}, "action: unknown action 'fly'"),
    ({"action": "move"}, "to: move needs 'to'"),
    ({"action": "move", "to": [1]}, "to: must be a hex"),
    ({"action": "hth"}, "target: hth needs 'target'"),
    ({"action": "dive", "target": 3}, "target: must be a combatant id"),
    ({"action": "stand_up", "target": "bo"}, "target: stand_up takes no 'target'"),
    ({"action": "ready_knife", "weapon": "mace"}, "weapon: ready_knife needs a knife"),
])
def test_bad_plan_steps(step, message):
    with pytest.raises(ValueError, match="^" + message.replace("[", r"\[")):
        check_plan_step(step)


def test_good_plan_steps_and_knife_checks_against_the_figure():
    assert check_plan_step({"action": "move", "to": [2, -1]}).name == "move"
    assert check_plan_step({"action": "hth", "target": "bo"}).name == "hth"
    s = stats_from({**BASE, "weapons": ["broadsword"]})
    with pytest.raises(ValueError, match="carries no knife"):
        check_plan_step({"action": "ready_knife"}, s)
    with pytest.raises(ValueError, match="carries no dirk"):
        check_plan_step({"action": "ready_knife", "weapon": "dirk"}, s)


def _roundtrip(e):
    line = to_json(e)
    assert line == json.dumps(to_dict(e), separators=(",", ":"))
    return json.loads(line)


def test_hth_roll_event_has_the_fields_the_issue_requires():
    e = ev.HthRoll(25, 7, "ana", "bo", "jump", "rear", 3, (6,), 1, 4, "entered",
                   (("defender_judo", 1),))
    d = _roundtrip(e)
    assert d["event"] == "tft.hth_roll"
    assert {k: d[k] for k in ("roll", "modifier", "total", "rerolls", "result")} == \
        {"roll": 3, "modifier": 1, "total": 4, "rerolls": [6], "result": "entered"}
    assert d["modifiers"] == {"defender_judo": 1}
    assert event_class("tft.hth_roll") is ev.HthRoll


def test_every_tft_event_serialises_the_same_both_ways():
    samples = [
        ev.Turn(0, 1, 1, ("ana", "bo"), sides=("red", "blue"), initiative=((4,), (2,)),
                adj_dx=(12, 12), rolloffs=((5,), (3,)), slots=(25, 37)),
        ev.Phase(0, 2, 1, "movement", 25),
        ev.ReadyKnife(25, 5, "bo", "dagger", False, True, (3, 3, 3), 9, 11),
        ev.Disengage(30, 6, "bo", True, False, (), (3, 4, 5, 6), 18, 12, None),
        ev.Release(30, 7, "ana", "bo", (1, 0)),
        ev.Dropped(25, 8, "ana", ("broadsword",), (0, 0), "hth_entry"),
        ev.Throw(25, 9, "bo", "ana", (2, 0), 3),
        ev.Contest(30, 10, "ana", "bo", "pin", (1, 2, 3), (4, 5, 6), 2, 0, 8, 15, "bo"),
        ev.PlanSkip(25, 11, "ana", "disengage", 2, "entered HTH this turn"),
        ev.OptionLost(25, 12, "ana", "attack", "no enemy in a front hex"),
        ev.ReadyWeapon(25, 13, "ana", "mace", "dagger"),
        ev.PickedUp(25, 14, "ana", "broadsword", (1, 0)),
    ]
    for e in samples:
        d = _roundtrip(e)
        assert d["event"].startswith("tft.")
        assert event_class(d["event"]) is type(e)


def test_core_events_extended_keep_their_core_names_and_fields():
    from timedcombat import events as core

    samples = [
        (ev.TftAttack(25, 3, "ana", "bo", "dagger", 6, 6, 10, "hit", 4, False,
                      (("hth_entry", -4),), "3d6", option="hth_entry", faces=(1, 2, 3),
                      multiplier=1, in_hth=True), core.Attack),
        (ev.TftDamage(25, 4, "bo", 6, 6, 12, "ana", "dagger", cause="attack", dice="1d+2",
                      faces=(4,), rolled=6, hits=6, st=6, turn_hits=6,
                      dx_penalty_next_turn=True, modifiers=(("hth", 1),)), core.Damage),
        (ev.TftAction(0, 5, "ana", "hth", 25, target="bo", state="engaged", hexes=1, plan=0),
         core.Action),
        (ev.TftPlaced(0, 6, "ana", "red", (0, 0), "E", st=12, dx=12, iq=10, ma=10,
                      ma_armored=8, weapons=("dagger",), armor="leather"), core.Placed),
    ]
    for e, base in samples:
        d = _roundtrip(e)
        assert d["event"] == base.EVENT and event_class(d["event"]) is base
        core_keys = [f.name for f in attrs.fields(base) if f.name not in ("t", "seq")]
        written = [k for k in core_keys if k in d]  # (a None optional is left out)
        assert list(d)[3:3 + len(written)] == written  # the core fields first, in order
