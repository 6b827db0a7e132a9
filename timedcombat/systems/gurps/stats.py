"""A combatant's GURPS stats and equipment, and the plan vocabulary, as checked data.

Scenario keys (contract, issue 12): ``st``, ``dx``, ``iq``, ``ht`` (default 10, the human
average), ``skills`` (skill name -> level, e.g. ``{ broadsword = 14, knife = 13 }``),
``weapons`` (names from the weapon table; the first listed is ready), ``shield`` (a shield
name) and ``armor`` (an armour name or a DR number). :func:`stats_from_mapping` checks them
and raises :class:`StatsError` (a ``ValueError`` that also names the key) for the loader to
turn into its one-line error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from timedcombat.errors import KeyedError
from timedcombat.structure import unknown_key
from timedcombat.systems.gurps.rules import (
    ARMOR,
    POSTURES,
    SHIELDS,
    SKILLS,
    WEAPONS,
    Armor,
    Shield,
    Weapon,
)

STAT_KEYS = ("st", "dx", "iq", "ht", "skills", "weapons", "shield", "armor")
ATTRIBUTES = ("st", "dx", "iq", "ht")
DEFAULT_ATTRIBUTE = 10


class StatsError(KeyedError):
    """A stat that cannot be used; ``key`` is its path below the combatant (``skills.bow``)."""


@attrs.frozen(cache_hash=True)
class GurpsStats:
    """A combatant's attributes, skills and equipment (resolved to table records)."""

    st: int = DEFAULT_ATTRIBUTE
    dx: int = DEFAULT_ATTRIBUTE
    iq: int = DEFAULT_ATTRIBUTE
    ht: int = DEFAULT_ATTRIBUTE
    skills: tuple[tuple[str, int], ...] = ()
    weapons: tuple[Weapon, ...] = ()
    shield: Shield | None = None
    armor: Armor = ARMOR["none"]

    def skill(self, name: str) -> int | None:
        """The level bought in a skill, or ``None`` when not listed."""
        for n, level in self.skills:
            if n == name:
                return level
        return None

    def weapon(self, name: str) -> Weapon | None:
        """A carried weapon by name (punch and kick are always at hand)."""
        for w in self.weapons:
            if w.name == name:
                return w
        return WEAPONS[name] if name in WEAPONS and WEAPONS[name].unarmed else None

    @property
    def ready_weapon(self) -> Weapon:
        """The first listed weapon, ready at the start; bare hands (punch) without one."""
        return self.weapons[0] if self.weapons else WEAPONS["punch"]


def _int(raw: Any, key: str, least: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise StatsError(key, f"expected a whole number, got {raw!r}")
    if raw < least:
        raise StatsError(key, f"must be at least {least}, got {raw}")
    return raw


def stats_from_mapping(raw: Mapping[str, Any]) -> GurpsStats:
    """Check a combatant's stat keys and build its :class:`GurpsStats`."""
    for key in raw:
        if key not in STAT_KEYS:
            raise StatsError(str(key), unknown_key(key) + f" (allowed: {', '.join(STAT_KEYS)})")
    values = {a: _int(raw.get(a, DEFAULT_ATTRIBUTE), a, 1) for a in ATTRIBUTES}
    skills = _skills(raw.get("skills", {}))
    weapons = _weapons(raw.get("weapons", []))
    shield = _shield(raw.get("shield"))
    if shield is not None and weapons and weapons[0].hands == 2:
        raise StatsError("shield", f"{weapons[0].name!r} takes two hands: no hand left for "
                         "a shield")
    armor = _armor(raw.get("armor", "none"))
    return GurpsStats(skills=skills, weapons=weapons, shield=shield, armor=armor, **values)


def _skills(raw: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, Mapping):
        raise StatsError("skills", f"expected a table of skill = level, got {raw!r}")
    out = []
    for name, level in raw.items():
        if name not in SKILLS:
            raise StatsError(f"skills.{name}", f"unknown skill {name!r} (known: "
                             f"{', '.join(SKILLS)})")
        out.append((name, _int(level, f"skills.{name}", 1)))
    return tuple(out)


def _weapons(raw: Any) -> tuple[Weapon, ...]:
    if not isinstance(raw, list | tuple):
        raise StatsError("weapons", f"expected a list of weapon names, got {raw!r}")
    out: list[Weapon] = []
    for i, name in enumerate(raw):
        key = f"weapons[{i}]"
        if not isinstance(name, str):
            raise StatsError(key, f"expected a weapon name, got {name!r}")
        if name not in WEAPONS:
            raise StatsError(key, f"unknown weapon {name!r} (known: {', '.join(WEAPONS)})")
        if any(w.name == name for w in out):
            raise StatsError(key, f"weapon {name!r} listed twice")
        out.append(WEAPONS[name])
    return tuple(out)


def _shield(raw: Any) -> Shield | None:
    if raw is None or raw is False:
        return None
    if not isinstance(raw, str) or raw not in SHIELDS:
        raise StatsError("shield", f"expected a shield name ({', '.join(SHIELDS)}) or false, "
                         f"got {raw!r}")
    return SHIELDS[raw]


def _armor(raw: Any) -> Armor:
    if isinstance(raw, str):
        if raw not in ARMOR:
            raise StatsError("armor", f"unknown armor {raw!r} (known: {', '.join(ARMOR)}; or "
                             "a DR number)")
        return ARMOR[raw]
    dr = _int(raw, "armor", 0)
    return Armor(f"DR {dr}", dr)


# --------------------------------------------------------------------------- plans


@attrs.frozen
class PlanActionSpec:
    """One plan action: the maneuver it is, the keys it takes and which it needs."""

    name: str
    maneuver: str | None  # None: not a maneuver (retreat is part of the next defence)
    keys: frozenset[str]
    required: frozenset[str] = frozenset()
    one_of: frozenset[str] = frozenset()  # at least one of these
    choices: tuple[tuple[str, tuple[str, ...]], ...] = ()
    doc: str = ""


AOA_OPTIONS = ("determined", "double", "strong")
AOD_OPTIONS = ("increased_dodge", "increased_parry", "increased_block", "double")
SLAM_VIA = ("move_and_attack", "all_out_attack")
DISCARDABLE = ("shield",)

_PLAN_TABLE = """
action           maneuver         keys                     required  one of
move             move             to target                -         to target
step             step             to target                -         to target
move_and_attack  move_and_attack  target to weapon         target    -
all_out_attack   all_out_attack   target to weapon option  target    -
attack           attack           target to weapon         target    -
ready            ready            weapon discard           -         weapon discard
all_out_defense  all_out_defense  option to                -         -
wait             wait             target weapon            target    -
aim              aim              target weapon            target    -
grapple          attack           target                   target    -
takedown         attack           target                   target    -
pin              attack           target                   target    -
break_free       attack           target                   -         -
evade            move             target to                target    -
slam             move_and_attack  target via               target    -
retreat          -                target to                -         -
change_posture   change_posture   posture                  posture   -
do_nothing       do_nothing       -                        -         -
"""
"""Each plan action: the maneuver it is (``-``: none, retreat is part of the next defence),
the keys it takes, those it needs and those of which it needs one (columns two spaces or
more apart)."""

PLAN_CHOICES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "all_out_attack": (("option", AOA_OPTIONS),), "ready": (("discard", DISCARDABLE),),
    "all_out_defense": (("option", AOD_OPTIONS),), "slam": (("via", SLAM_VIA),),
    "change_posture": (("posture", tuple(POSTURES)),),
}
"""The values a plan key may take, by action."""

PLAN_DOCS: dict[str, str] = {
    "move": "Move up to full Move to a hex (or towards a target); into a foe's hex it "
            "enters close combat and stops, facing him.",
    "step": "One step (a hex); into a foe's hex it enters close combat.",
    "move_and_attack": "Full Move towards the target and one attack at -4 (melee skill at most 9).",
    "all_out_attack": "Half Move forward and an all-out attack (option determined by default); no "
                      "active defence until the next turn.",
    "attack": "A step (to ``to``, if given) and one attack on the target.",
    "ready": "Ready a weapon (in close combat: a DX roll, Fast-Draw as the seed says), or "
             "discard the shield (discard = \"shield\": a DX roll in close combat).",
    "all_out_defense": "+2 to one defence (increased_dodge by default) or two defences per attack.",
    "wait": "Hold the turn; attack the target as soon as it comes within reach.",
    "aim": "Aim a ranged weapon at the target (+Acc, then +1, +2).",
    "grapple": "Grab the target (an attack with DX or Wrestling; needs a free hand).",
    "takedown": "Throw a grappled foe down (Quick Contest); others choosing takedown on the "
                "same foe that turn help (up to two fighters).",
    "pin": "Pin a foe on the ground (Quick Contest); up to three fighters together.",
    "break_free": "Try to break a grapple (Quick Contest of ST), of the target or of any grappler.",
    "evade": "Move through the target's hex (Quick Contest of DX); also the way out of close "
             "combat through the foe's side.",
    "slam": "Run into the target and slam him (via move_and_attack by default).",
    "retreat": "Not a maneuver: the next active defence retreats (out of close combat into one "
               "of the three hexes on one's own side), with the retreat bonus.",
    "change_posture": "Extension: one posture change (getting up from prone takes two).",
    "do_nothing": "Extension: nothing this turn.",
}
"""What each plan action does, in a line or two."""


def _plan_actions(table: str) -> dict[str, PlanActionSpec]:
    """The specs of :data:`_PLAN_TABLE`'s rows, in its order."""
    out: dict[str, PlanActionSpec] = {}
    for line in table.strip().splitlines()[1:]:
        name, maneuver, keys, required, one_of = (
            "" if c == "-" else c for c in re.split(r"\s{2,}", line.strip()))
        out[name] = PlanActionSpec(name, maneuver or None, frozenset(keys.split()),
                                   frozenset(required.split()), frozenset(one_of.split()),
                                   PLAN_CHOICES.get(name, ()), PLAN_DOCS[name])
    return out


PLAN_ACTIONS: dict[str, PlanActionSpec] = _plan_actions(_PLAN_TABLE)
"""The ``gurps`` plan actions by name (the plan vocabulary)."""

PLAN_KEYS = ("action", "target", "to", "weapon", "option", "discard", "via", "posture")


def check_plan_step(step: Mapping[str, Any], stats: GurpsStats | None = None) -> PlanActionSpec:
    """Check one plan step's keys (not target ids: they need the scenario); its spec."""
    action = step.get("action")
    if action not in PLAN_ACTIONS:
        raise StatsError("action", f"unknown action {action!r} for system gurps (known: "
                         f"{' '.join(PLAN_ACTIONS)})")
    spec = PLAN_ACTIONS[action]
    given = {k for k, v in step.items() if k != "action" and v is not None}
    for key in sorted(given):
        if key not in spec.keys:
            allowed = ", ".join(sorted(spec.keys)) or "none"
            raise StatsError(key, f"{action!r} takes no {key!r} (keys it takes: {allowed})")
    for key in sorted(spec.required - given):
        raise StatsError(key, f"required for {action!r}")
    if spec.one_of and not spec.one_of & given:
        raise StatsError(sorted(spec.one_of)[0],
                         f"{action!r} needs one of: {', '.join(sorted(spec.one_of))}")
    for key, allowed_values in spec.choices:
        if key in given and step[key] not in allowed_values:
            raise StatsError(key, f"must be one of {', '.join(allowed_values)}, got "
                             f"{step[key]!r}")
    if "to" in given:
        _hex(step["to"])
    if "target" in given and not isinstance(step["target"], str):
        raise StatsError("target", f"expected a combatant id, got {step['target']!r}")
    if "weapon" in given and stats is not None and stats.weapon(step["weapon"]) is None:
        raise StatsError("weapon", f"no {step['weapon']!r} among this combatant's weapons")
    if "discard" in given and stats is not None and stats.shield is None:
        raise StatsError("discard", "this combatant carries no shield")
    return spec


def _hex(raw: Any) -> tuple[int, int]:
    if (not isinstance(raw, list | tuple) or len(raw) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in raw)):
        raise StatsError("to", f"expected a hex [q, r], got {raw!r}")
    return (raw[0], raw[1])
