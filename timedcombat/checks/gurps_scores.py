"""Conditions of the ``gurps`` rules on the numbers a fighter's stats make (issue 19): the
score a grappled victim resists with, his defence values, the damage dice of his ST, and
the HT rolls an injury calls for (the knockdown roll after a major wound, the roll to stay
conscious at 0 HP or less). The Basic Set tables they need are written out here, from the
Basic Set, apart from the engine's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from timedcombat.checks import Finding
from timedcombat.checks.gurps_base import DICE
from timedcombat.checks.gurps_close import _score
from timedcombat.checks.gurps_model import (
    GurpsLog,
    finding,
    maneuver_name,
    mod_sum,
    modifiers,
)
from timedcombat.checks.model import (
    Event,
    as_int,
)

Found = Iterator[Finding]

GRAPPLED_DX = -4
"""B370: a grappled fighter is at -4 DX."""
RESIST_TRAITS = ("st", "dx", "wrestling")


# ---------------------------------------------------------------------- resisting


def _resist_sides(log: GurpsLog) -> Iterator[tuple[int, Event]]:
    for i, e in log.of("gurps.check"):
        if e.get("kind") in ("takedown_resist", "pin_resist") and isinstance(e.get("actor"), str):
            yield i, e


def resist_best(log: GurpsLog) -> Found:
    """A victim resists a takedown or pin with the highest of his ST, DX and Wrestling as
    he rolls it: DX and Wrestling after the -4 of a grappled fighter (and whatever else his
    DX-based roll carries), ST as it is."""
    for i, e in _resist_sides(log):
        who = e["actor"]
        base, eff, mods = as_int(e.get("base")), as_int(e.get("effective")), modifiers(e)
        scores = {t: _score(log, who, t) for t in RESIST_TRAITS}
        if base is None or eff is None or mods is None or None in (scores["st"], scores["dx"]):
            continue
        penalty = mod_sum(mods)
        if penalty is None:
            continue
        if base == scores["st"] and penalty == 0:  # rolled on ST: guess the DX-based bar
            p = log.person(who)
            if p is None or p.shield is not None or log.phase_at(i, who) is not None:
                continue  # a shield's penalty, shock: more than the log says
            penalty = GRAPPLED_DX if log.snaps[i].is_grappled(who) else 0
        st, dx, wr = scores["st"], scores["dx"], scores["wrestling"]
        assert st is not None and dx is not None
        bars = {"st": st, "dx": dx + penalty}
        if wr is not None:
            bars["wrestling"] = wr + penalty
        trait, best = max(bars.items(), key=lambda tb: tb[1])
        if eff < best:
            yield finding(e, f"the best of his scores as he rolls them: {trait} {best} "
                             f"({', '.join(f'{t} {b}' for t, b in bars.items())})",
                          f"{eff} (base {base})")


# ---------------------------------------------------------------------- the tables

THRUST_SWING: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {
    1: ((1, -6), (1, -5)), 2: ((1, -6), (1, -5)), 3: ((1, -5), (1, -4)), 4: ((1, -5), (1, -4)),
    5: ((1, -4), (1, -3)), 6: ((1, -4), (1, -3)), 7: ((1, -3), (1, -2)), 8: ((1, -3), (1, -2)),
    9: ((1, -2), (1, -1)), 10: ((1, -2), (1, 0)), 11: ((1, -1), (1, 1)), 12: ((1, -1), (1, 2)),
    13: ((1, 0), (2, -1)), 14: ((1, 0), (2, 0)), 15: ((1, 1), (2, 1)), 16: ((1, 1), (2, 2)),
    17: ((1, 2), (3, -1)), 18: ((1, 2), (3, 0)), 19: ((2, -1), (3, 1)), 20: ((2, -1), (3, 2)),
    21: ((2, 0), (4, -1)), 22: ((2, 0), (4, 0)), 23: ((2, 1), (4, 1)), 24: ((2, 1), (4, 2)),
    25: ((2, 2), (5, -1)), 26: ((2, 2), (5, 0)), 27: ((3, -1), (5, 1)), 28: ((3, -1), (5, 1)),
    29: ((3, 0), (5, 2)), 30: ((3, 0), (5, 2)), 31: ((3, 1), (6, -1)), 32: ((3, 1), (6, -1)),
    33: ((3, 2), (6, 0)), 34: ((3, 2), (6, 0)), 35: ((4, -1), (6, 1)), 36: ((4, -1), (6, 1)),
    37: ((4, 0), (6, 2)), 38: ((4, 0), (6, 2)), 39: ((4, 1), (7, -1)), 40: ((4, 1), (7, -1)),
}
"""Thrust and swing damage (dice, adds) by ST, B16 (rows above 40 are not judged)."""

WEAPON_MODES: dict[str, dict[str, tuple[str, int]]] = {
    "punch": {"punch": ("thr", -1)}, "kick": {"kick": ("thr", 0)},
    "knife": {"swing": ("sw", -2), "thrust": ("thr", 0)},
    "small_knife": {"swing": ("sw", -3), "thrust": ("thr", -1)},
    "dagger": {"thrust": ("thr", -1)},
    "shortsword": {"swing": ("sw", 0), "thrust": ("thr", 0)},
    "broadsword": {"swing": ("sw", 1), "thrust": ("thr", 1)},
    "light_club": {"swing": ("sw", 1), "thrust": ("thr", 1)},
    "axe": {"swing": ("sw", 2)}, "mace": {"swing": ("sw", 3)},
    "spear": {"thrust": ("thr", 2)},
    "quarterstaff": {"swing": ("sw", 2), "thrust": ("thr", 2)},
    "greatsword": {"swing": ("sw", 3), "thrust": ("thr", 3)},
    "bow": {"shot": ("thr", 1)},
}
"""Damage of each weapon's attacks: thrust or swing of the wielder's ST, plus an add
(Basic Set B271-B275; a bow's from its archer's ST, docs/rules/gurps.md)."""

WEAPON_PARRY: dict[str, tuple[str, int]] = {
    "punch": ("brawling", 0), "knife": ("knife", -1), "small_knife": ("knife", -1),
    "dagger": ("knife", -1), "shortsword": ("shortsword", 0),
    "broadsword": ("broadsword", 0), "light_club": ("broadsword", 0), "axe": ("axe_mace", 0),
    "mace": ("axe_mace", 0), "quarterstaff": ("staff", 2),
    "greatsword": ("two_handed_sword", 0),
}
"""The skill a weapon parries with and its Parry modifier (B271-B273); a bare hand parries
with DX or Brawling (B376). The spear is left out: our reading of B273 gives it Parry 0,
the engine's table -1 (an open question, docs/checks/gurps.md)."""

DEFAULTS: dict[str, int] = {
    "knife": -4, "shortsword": -5, "broadsword": -5, "axe_mace": -5, "spear": -5,
    "staff": -5, "two_handed_sword": -5, "shield": -4,
}
"""Skill defaults, DX + this (B173-B234); Brawling has none (DX serves a bare hand)."""


def _hp_before(log: GurpsLog, i: int, who: str) -> tuple[int | None, int | None]:
    """``who``'s (HP now, HP max) before event ``i``: the last ``damage`` of his, else his
    ``placed`` HP."""
    p = log.person(who)
    top = p.stat("hp") if p is not None else None
    if top is None and p is not None:
        top = p.stat("st")
    now = top
    for j in range(i - 1, -1, -1):
        e = log.events[j]
        if e.get("event") == "damage" and e.get("actor") == who:
            now, top = as_int(e.get("hp")), as_int(e.get("hp_max")) or top
            break
    return now, top


def _skill(log: GurpsLog, who: str, name: str) -> int | None:
    """A skill as he rolls it: as bought or by its default, whichever is higher; Brawling
    (no default): DX."""
    p = log.person(who)
    if p is None:
        return None
    dx = p.stat("dx")
    bought = p.skill(name)
    if name == "brawling":
        return max(v for v in (bought, dx) if v is not None) if (bought, dx) != (None, None) \
            else None
    default = dx + DEFAULTS[name] if dx is not None and name in DEFAULTS else None
    known = [v for v in (bought, default) if v is not None]
    return max(known) if known else None


# ---------------------------------------------------------------------- defence values


def _defence_base(log: GurpsLog, i: int, e: Event) -> tuple[int, str] | None:
    who, kind = e["actor"], e.get("kind")
    p = log.person(who)
    if p is None:
        return None
    if kind == "dodge":
        ht, dx = p.stat("ht"), p.stat("dx")
        if ht is None or dx is None:
            return None
        enc = as_int(log.rule("encumbrance")) or 0
        value = (ht + dx) // 4 + 3 - enc
        now, top = _hp_before(log, i, who)
        if now is not None and top is not None and 3 * now < top:
            return -(-value // 2), "Dodge (HT + DX) / 4 + 3, halved (round up) below 1/3 HP"
        return value, "Dodge (HT + DX) / 4 + 3"
    if kind == "parry":
        weapon = e.get("weapon")
        if weapon not in WEAPON_PARRY:
            return None
        skill_name, bonus = WEAPON_PARRY[str(weapon)]
        skill = _skill(log, who, skill_name)
        if skill is None:
            return None
        return 3 + skill // 2 + bonus, f"Parry 3 + {skill_name} {skill} / 2 {bonus:+d}"
    if kind == "block":
        skill = _skill(log, who, "shield")
        if skill is None:
            return None
        return 3 + skill // 2, f"Block 3 + Shield {skill} / 2"
    return None


def defence_values(log: GurpsLog) -> Found:
    """An active defence's base comes from the defender's stats: Dodge = Basic Speed + 3
    (less encumbrance; halved, rounded up, below 1/3 HP), Parry = 3 + skill/2 + the
    weapon's Parry, Block = 3 + Shield/2."""
    for i, e in log.of("defence"):
        if not isinstance(e.get("actor"), str):
            continue
        want = _defence_base(log, i, e)
        got = as_int(e.get("base"))
        if want is not None and got is not None and got != want[0]:
            yield finding(e, f"base {want[0]} ({want[1]})", f"base {got}")


# ---------------------------------------------------------------------- ST damage


def _blow(log: GurpsLog, i: int, e: Event) -> tuple[int, Event] | None:
    """The attack whose damage ``damage`` event ``i`` is: the latest attack (or wrong-target
    roll) of its source on the damaged man on that tenth."""
    source, victim, t = e.get("source"), e.get("actor"), e["t"]
    for j in range(i - 1, -1, -1):
        d = log.events[j]
        if d["t"] != t:
            return None
        if d.get("actor") == source and d.get("event") == "attack" and \
                d.get("target") == victim:
            return j, d
        if d.get("actor") == source and d.get("event") == "gurps.wrong_target" and \
                d.get("target") == victim:
            for k in range(j - 1, -1, -1):
                a = log.events[k]
                if a["t"] != t:
                    return None
                if a.get("event") == "attack" and a.get("actor") == source:
                    return k, a
    return None


def st_damage(log: GurpsLog) -> Found:
    """A weapon's damage dice are the thrust or swing of its wielder's ST (B16) plus the
    weapon's add; All-Out Attack (Strong) adds +2 or +1 a die, the more."""
    for i, e in log.of("damage"):
        source, weapon = e.get("source"), e.get("weapon")
        if not isinstance(source, str) or source == e.get("actor") or weapon not in WEAPON_MODES:
            continue
        if weapon == "bow" and log.rule("bow_st_is_archer_st") is False:
            continue
        found, p = _blow(log, i, e), log.person(source)
        if found is None or p is None or found[1].get("weapon") != weapon:
            continue
        j, blow = found
        mode = WEAPON_MODES[str(weapon)].get(str(blow.get("kind")))
        st = p.stat("st")
        m = DICE.match(str(e.get("dice")))
        if mode is None or st is None or st not in THRUST_SWING or m is None:
            continue
        count, add = THRUST_SWING[st][0 if mode[0] == "thr" else 1]
        add += mode[1]
        governing = log.maneuver_at(j, source)
        if maneuver_name(governing) == "all_out_attack" and governing is not None and \
                governing.get("option") == "strong":
            add += max(2, count)
        got = (int(m.group(1)), int(m.group(2) or 6), int(m.group(3) or 0))
        if got != (count, 6, add):
            yield finding(e, f"{count}d{add:+d} ({mode[0]} of ST {st}, {weapon} "
                             f"{mode[1]:+d})".replace("+0 (", " ("), f"{e.get('dice')}")


# ---------------------------------------------------------------------- HT rolls


def _checks_on(log: GurpsLog, i: int, who: str, kind: str) -> list[tuple[int, Event]]:
    """``who``'s ``gurps.check`` events of ``kind`` on event ``i``'s tenth, after it."""
    t, out = log.events[i]["t"], []
    for j in range(i + 1, len(log.events)):
        d = log.events[j]
        if d["t"] != t:
            break
        if d.get("event") == "gurps.check" and d.get("actor") == who and d.get("kind") == kind:
            out.append((j, d))
    return out


def _states_on(log: GurpsLog, i: int, who: str, to_next_wound: bool = False
               ) -> dict[str, bool]:
    """The ``state`` changes of ``who`` after event ``i`` on its tenth (``to_next_wound``:
    up to his next ``damage``, which brings rolls of its own, or his own maneuver, whose
    rolls, such as recovering from a stun, are his turn's)."""
    out: dict[str, Any] = {}
    t = log.events[i]["t"]
    for j in range(i + 1, len(log.events)):
        d = log.events[j]
        if d["t"] != t or (to_next_wound and d.get("actor") == who
                           and d.get("event") in ("damage", "gurps.maneuver")):
            break
        if d.get("event") == "state" and d.get("actor") == who and isinstance(d.get("state"),
                                                                            str):
            out.setdefault(d["state"], bool(d.get("value")))
    return out


def _state(log: GurpsLog, i: int, who: str, name: str) -> bool:
    """Whether ``who`` is in state ``name`` before event ``i`` (its last ``state``)."""
    for j in range(i - 1, -1, -1):
        d = log.events[j]
        if d.get("event") == "state" and d.get("actor") == who and d.get("state") == name:
            return bool(d.get("value"))
    return False


def knockdown(log: GurpsLog) -> Found:
    """A major wound calls for an HT roll on its tenth (after any death checks); failure
    stuns him and knocks him down, failure by 5 or more or a critical failure knocks him
    out; no knockdown roll without a major wound."""
    wounds: dict[tuple[int, str], int] = {}
    for i, e in log.of("damage"):
        who, injury, top = e.get("actor"), as_int(e.get("injury")), as_int(e.get("hp_max"))
        if not isinstance(who, str) or injury is None or top is None:
            continue
        # a major wound as the Basic Set makes it (G-MAJOR-WOUND judges the `major` flag)
        if not (2 * injury > top or (e.get("critical") == "major_wound" and injury > 0)):
            continue
        wounds[(e["t"], who)] = i
        p = log.person(who)
        ht = p.stat("ht") if p is not None else None
        later = _states_on(log, i, who)
        if later.get("dead") or any(d.get("success") is False
                                    for _, d in _checks_on(log, i, who, "death")):
            continue
        rolls = _checks_on(log, i, who, "knockdown")
        if not rolls:
            yield finding(e, "a knockdown roll (HT) after the major wound", "none")
            continue
        j, kd = rolls[0]
        if ht is not None and as_int(kd.get("base")) != ht:
            yield finding(kd, f"the roll against HT {ht}", f"base {kd.get('base')}")
        eff, roll = as_int(kd.get("effective")), as_int(kd.get("roll"))
        if eff is None or roll is None or not isinstance(kd.get("success"), bool):
            continue
        after = _states_on(log, j, who, to_next_wound=True)  # (a crowd: several a tenth)
        if kd["success"]:
            # (at 0 HP or less a failed HT roll to stay conscious, on the same tenth, lays
            # him down and out by another rule, G-ZERO-HP)
            fainted = any(d.get("success") is False
                          for _, d in _checks_on(log, j, who, "consciousness"))
            shown = {k: v for k, v in after.items()
                     if not (fainted and k in ("prone", "out"))}
            if shown.get("stunned") or shown.get("prone") or shown.get("out"):
                yield finding(kd, "nothing after a knockdown roll made", f"{after}")
        elif kd.get("critical") == "failure" or eff - roll <= -5:
            if not after.get("out"):
                yield finding(kd, "knocked out (failed by 5 or more, or critically)",
                              f"{after or 'nothing'}")
        elif not (after.get("stunned", _state(log, j, who, "stunned"))
                  and after.get("prone", _state(log, j, who, "prone"))) \
                and not after.get("out"):
            yield finding(kd, "stunned and knocked down (state stunned and prone)",
                          f"{after or 'nothing'}")
    for _, e in log.of("gurps.check"):
        if e.get("kind") == "knockdown" and (e["t"], e.get("actor")) not in wounds:
            yield finding(e, "a knockdown roll only after a major wound on its tenth",
                          "a knockdown roll")


def _below_zero(hp: int, top: int) -> int:
    """-1 per full multiple of HP below zero (B419)."""
    return -((-hp) // top) if hp < 0 else 0


def zero_hp(log: GurpsLog) -> Found:
    """At 0 HP or less an HT roll (-1 per full multiple of HP below zero) at his phase's
    first tenth, or he falls unconscious - unless he does nothing and makes no defence roll
    until his next phase."""
    for p in log.phases:
        who = p.actor
        person = log.person(who)
        hp, top = _hp_before(log, p.index, who)
        if person is None or hp is None or top is None or top <= 0 or hp > 0 \
                or who in log.snaps[p.index].down:
            continue
        nxt = next((q for q in log.phases_of(who) if q.start > p.start), None)
        hi = nxt.index if nxt is not None else len(log.events)
        rolls = [(j, e) for j, e in enumerate(log.events[p.index:hi], p.index)
                 if e.get("event") == "gurps.check" and e.get("actor") == who
                 and e.get("kind") == "consciousness"]
        if not rolls:
            m = log.maneuver_of(p)
            if m is None and who in log.snaps[hi - 1].down:
                continue  # down before his turn began (a crowd's blows on his first tenth)
            idle = m is None or maneuver_name(m) == "do_nothing"
            defended = any(e.get("event") == "defence" and e.get("actor") == who
                           for e in log.events[p.index:hi])
            if not idle or defended:
                why = "he defends after it" if idle else f"he acts ({maneuver_name(m)})"
                yield finding(log.events[p.index], f"an HT roll to stay conscious at HP {hp} "
                              f"({why})", "none", who)
            continue
        j, e = rolls[0]
        # the HP as the roll finds them: a blow may land on his phase's first tenth,
        # before his turn begins (phases share tenths in a crowd)
        hp_then, _ = _hp_before(log, j, who)
        hp = hp_then if hp_then is not None else hp
        want = _below_zero(hp, top)
        ht, mods = person.stat("ht"), modifiers(e)
        if e["t"] != p.start:
            yield finding(e, f"the roll at his phase's first tenth {p.start}", f"at {e['t']}")
        if ht is not None and as_int(e.get("base")) != ht:
            yield finding(e, f"the roll against HT {ht}", f"base {e.get('base')}")
        if mods is not None and mods.get("hp_below_zero", 0) != want:
            yield finding(e, f"hp_below_zero {want} (HP {hp} of {top})",
                          f"{mods.get('hp_below_zero', 0)}")
        if e.get("success") is False and not _states_on(log, j, who).get("out"):
            yield finding(e, "unconscious after the failed roll (state out)", "still in")
