"""Rule data of the ``gurps`` system: seed 002's values, the Basic Set's tables, parameters.

Three kinds of data, kept apart:

* :data:`SEED` - every number seed 002 (GURPS 4e *Close Combat*) states. Never overridden.
* :data:`BASIC` and the tables (:data:`DAMAGE_BY_ST`, :data:`WEAPONS`, :data:`SHIELDS`,
  :data:`ARMOR`, :data:`WOUNDING`, :data:`MANEUVERS`, :data:`CRITICAL_HIT`,
  :data:`CRITICAL_MISS`, :data:`RANGE_PENALTIES`, :data:`POSTURES`, :data:`SKILLS`) - the
  base rules of the GURPS 4e Basic Set that a close-combat fight needs (the seed is a
  chapter that sits on them). Page references are to the Basic Set (``B16``...).
* :class:`GurpsRules` - named parameters, each filling one gap once (or one reading of a
  Basic Set rule we could not pin down); a scenario's ``[rules]`` table may override them.
  Every one is listed in ``docs/rules/gurps.md`` under "Assumptions (not in the source)".

All numbers are integers; Basic Speed is kept in quarters (``HT + DX``) so that no float
ever enters the rules.
"""

from __future__ import annotations

from typing import Any

import attrs

from timedcombat.dice import DiceSpec, parse
from timedcombat.systems.base import (
    RuleParameters,
    RuleTable,
    param,
    parameters_table,
    values_table,
)

C = 0
"""Reach "C" (close combat) written as 0 hexes; reach 1, 2 ... are hexes (yards)."""

# --------------------------------------------------------------------------- seed 002


@attrs.frozen
class SeedRules:
    """Numbers and switches seed 002 states. Each name says which passage it comes from."""

    close_combat_reach: int = C  # "any melee weapon of reach C"
    own_side_hexes: int = 3  # "one of the three hexes on your side"
    outside_attack_penalty: int = -2  # "Your attack is at -2"
    wrong_target_skill_cap: int = 9  # "Your effective skill is 9 or ... whichever is less"
    takedown_max_participants: int = 2  # "Up to two fighters may join an attempt to take down"
    pin_max_participants: int = 3  # "up to three may jointly try to pin him"
    helper_divisor: int = 5  # "add 1/5 of the matching score of each helper (round down)"
    shield_penalty_per_db: int = -1  # "a penalty equal to the shield's DB"
    shield_dx_free_turns: int = 1  # "Every DX roll ... after your first turn there"
    block_in_close_combat: bool = False  # "You cannot block at all!"
    ready_dx_roll: bool = True  # "You must make a DX roll to ready a weapon in close combat"
    discard_shield_dx_roll: bool = True  # "one Ready maneuver and a successful DX roll"


SEED = SeedRules()

# The maneuvers with which a fighter may run into a foe's hex and stop there, facing him
# ("With Move, Move and Attack or All-Out Attack you may run into the foe's hex and stop").
STOP_IN_FOE_HEX_MANEUVERS = frozenset({"move", "move_and_attack", "all_out_attack"})

# --------------------------------------------------------------------------- Basic Set


@attrs.frozen
class BasicRules:
    """Fixed numbers of the GURPS 4e Basic Set that the resolution functions use."""

    turn_tenths: int = 10  # B362: a turn is one second
    crit_success_always: int = 4  # B348: 3 or 4 is always a critical success
    crit_success_5_at: int = 15  # 5 is critical at effective skill 15+
    crit_success_6_at: int = 16  # 6 is critical at effective skill 16+
    always_fail: int = 17  # B348: 17 or 18 always fails
    crit_fail_17_up_to: int = 15  # 17 is a critical failure at effective skill 15 or less
    crit_fail_margin: int = 10  # a roll 10 or more over effective skill is a critical failure
    dodge_bonus: int = 3  # B17: Dodge = Basic Speed (dropping fractions) + 3
    parry_base: int = 3  # B376: Parry = 3 + skill/2
    block_base: int = 3  # B375: Block = 3 + skill/2
    retreat_dodge: int = 3  # B377: retreating gives +3 to Dodge
    retreat_parry_block: int = 1  # ... and +1 to Parry or Block
    retreat_fencing_parry: int = 3  # ... +3 to a fencing-weapon parry
    multiple_parry: int = -4  # B376: -4 cumulative per parry after the first (same hand)
    multiple_parry_fencing: int = -2  # fencing weapons: -2
    side_attack_defence: int = -2  # B390: -2 to defend against an attack from the side
    stunned_defence: int = -4  # B420: a stunned fighter defends at -4
    lost_balance_defence: int = -2  # B556 critical miss 7/13: defences -2 until next turn
    all_out_defence_bonus: int = 2  # B366: Increased Defense +2
    move_and_attack_penalty: int = -4  # B365: -4 to a melee attack
    move_and_attack_cap: int = 9  # ... effective skill at most 9
    move_and_attack_ranged: int = -2  # ... ranged: -2 or the weapon's Bulk, whichever is worse
    determined_melee: int = 4  # B365: All-Out Attack (Determined) +4 melee
    determined_ranged: int = 1  # ... +1 ranged
    strong_damage: int = 2  # B365: All-Out Attack (Strong): +2 damage or +1 per die
    grappled_dx: int = -4  # B370: a grappled fighter is at -4 DX
    unarmed_parry_vs_weapon: int = -3  # B376: bare hand against a weapon (not a thrust)
    shock_cap: int = 4  # B419: shock is at most -4
    major_wound_divisor: int = 2  # B420: a single injury over HP/2 is a major wound
    knockout_margin: int = 5  # B420: failing the knockdown roll by 5+ knocks out
    death_check_multiples: tuple[int, ...] = (1, 2, 3, 4)  # B419: HT rolls at -1xHP ... -4xHP
    dead_at_multiple: int = 5  # B419: -5xHP: dead
    reeling_divisor: int = 3  # B419: below 1/3 HP, halve Move and Dodge (round up)
    aim_extra_max: int = 2  # B364: +1 for a second turn of Aim, +2 for three or more
    step_divisor: int = 10  # B368: a step is one hex or Move/10, whichever is more
    stand_up_maneuvers: int = 2  # B364: lying -> kneeling -> standing, one maneuver each
    min_damage_crushing: int = 0  # B378: crushing basic damage may be 0 ...
    min_damage_other: int = 1  # ... every other type does at least 1
    evade_standing_foe: int = -5  # B368 Evading: -5 if the foe is standing
    evade_kneeling_foe: int = -2  # -2 if kneeling
    evade_lying_foe: int = 5  # +5 if lying down
    evade_from_side: int = 2  # +2 approaching from his side
    evade_from_behind: int = 5  # +5 approaching from behind


BASIC = BasicRules()

# --------------------------------------------------------------------------- B16 damage

_DAMAGE_TABLE = """
ST   thrust  swing
  1  1d-6    1d-5
  2  1d-6    1d-5
  3  1d-5    1d-4
  4  1d-5    1d-4
  5  1d-4    1d-3
  6  1d-4    1d-3
  7  1d-3    1d-2
  8  1d-3    1d-2
  9  1d-2    1d-1
 10  1d-2    1d
 11  1d-1    1d+1
 12  1d-1    1d+2
 13  1d      2d-1
 14  1d      2d
 15  1d+1    2d+1
 16  1d+1    2d+2
 17  1d+2    3d-1
 18  1d+2    3d
 19  2d-1    3d+1
 20  2d-1    3d+2
 21  2d      4d-1
 22  2d      4d
 23  2d+1    4d+1
 24  2d+1    4d+2
 25  2d+2    5d-1
 26  2d+2    5d
 27  3d-1    5d+1
 28  3d-1    5d+1
 29  3d      5d+2
 30  3d      5d+2
 31  3d+1    6d-1
 32  3d+1    6d-1
 33  3d+2    6d
 34  3d+2    6d
 35  4d-1    6d+1
 36  4d-1    6d+1
 37  4d      6d+2
 38  4d      6d+2
 39  4d+1    7d-1
 40  4d+1    7d-1
 45  5d      7d+1
 50  5d+2    8d-1
 55  6d      8d+1
 60  7d-1    9d
 65  7d+1    9d+2
 70  8d      10d
 75  8d+2    10d+2
 80  9d      11d
 85  9d+2    11d+2
 90  10d     12d
 95  10d+2   12d+2
100  11d     13d
"""

DAMAGE_BY_ST: dict[int, tuple[DiceSpec, DiceSpec]] = {
    int(st): (parse(thr), parse(sw))
    for st, thr, sw in (row.split() for row in _DAMAGE_TABLE.strip().splitlines()[1:])
}
"""B16 Damage Table: ST -> (thrust, swing). Above 40 only the listed rows exist; above 100
each full 10 ST adds 1d to both (see :func:`damage.basic_damage`)."""

# --------------------------------------------------------------------------- B379 wounding

WOUNDING: dict[str, tuple[int, int]] = {
    "pi-": (1, 2),  # small piercing x0.5
    "pi": (1, 1),  # piercing x1
    "pi+": (3, 2),  # large piercing x1.5
    "pi++": (2, 1),  # huge piercing x2
    "cut": (3, 2),  # cutting x1.5
    "imp": (2, 1),  # impaling x2
    "cr": (1, 1),  # crushing x1
    "burn": (1, 1),  # burning x1
    "cor": (1, 1),  # corrosion x1
    "tox": (1, 1),  # toxic x1
}
"""B379 wounding modifiers for the torso, as exact fractions (numerator, denominator)."""

DAMAGE_TYPE_NAMES = {
    "pi-": "small piercing", "pi": "piercing", "pi+": "large piercing", "pi++": "huge piercing",
    "cut": "cutting", "imp": "impaling", "cr": "crushing", "burn": "burning",
    "cor": "corrosion", "tox": "toxic",
}

# --------------------------------------------------------------------------- weapons


@attrs.frozen(cache_hash=True)  # a key of the remembered damage and worth lookups
class AttackMode:
    """One way to attack with a weapon: damage from ST (``thr``/``sw``) plus ``add``."""

    name: str  # swing | thrust | punch | kick | shot
    base: str  # "thr" or "sw"
    add: int
    damage_type: str
    reach: tuple[int, ...]  # hexes; 0 is C (close combat)
    to_hit: int = 0  # e.g. a kick is at -2

    @property
    def close(self) -> bool:
        """Usable in close combat: reach C (seed 002)."""
        return C in self.reach

    def reach_text(self) -> str:
        return ",".join("C" if r == C else str(r) for r in self.reach)


@attrs.frozen(cache_hash=True)  # a key of the remembered reach lookup
class Weapon:
    """A Basic Set weapon (B271-B275): skill, attack modes, parry, ST, hands, ranged data."""

    name: str
    skill: str
    modes: tuple[AttackMode, ...]
    parry: int | None  # None: cannot parry ("No")
    min_st: int
    hands: int = 1
    unbalanced: bool = False  # "U": cannot parry in a turn it attacked
    fencing: bool = False
    fast_draw: str | None = None  # Fast-Draw specialty: skills "fast_draw_<this>"
    ranged: bool = False
    acc: int = 0
    bulk: int = 0  # to-hit penalty used in close combat instead of speed/range (seed 002)
    range_half: int = 0  # x ST: half-damage range (ranged only)
    range_max: int = 0  # x ST: maximum range
    reload: int = 0  # Ready maneuvers to reload after a shot: Shots 1(2) -> 2
    unarmed: bool = False  # always at hand; never readied or dropped

    def mode(self, name: str | None = None) -> AttackMode:
        """The named mode, or the first (the default way of attacking)."""
        if name is None:
            return self.modes[0]
        for m in self.modes:
            if m.name == name:
                return m
        raise ValueError(f"{self.name} has no {name!r} attack (has: "
                         f"{', '.join(m.name for m in self.modes)})")

    @property
    def breakage_resistant(self) -> bool:
        """A solid crushing weapon (mace, club, staff): B556 "break" needs a second roll."""
        return not self.unarmed and not self.ranged and \
            all(m.damage_type == "cr" for m in self.modes)

    @property
    def close(self) -> bool:
        """Some melee mode of this weapon has reach C."""
        return not self.ranged and any(m.close for m in self.modes)


def _w(name: str, skill: str, modes: tuple[AttackMode, ...], parry: int | None, min_st: int,
       **kw: Any) -> Weapon:
    return Weapon(name, skill, modes, parry, min_st, **kw)


WEAPONS: dict[str, Weapon] = {
    w.name: w
    for w in (
        _w("punch", "brawling", (AttackMode("punch", "thr", -1, "cr", (C,)),), 0, 0,
           unarmed=True),
        _w("kick", "brawling", (AttackMode("kick", "thr", 0, "cr", (C, 1), to_hit=-2),),
           None, 0, unarmed=True),
        _w("knife", "knife", (AttackMode("swing", "sw", -2, "cut", (C, 1)),
                              AttackMode("thrust", "thr", 0, "imp", (C,))), -1, 6,
           fast_draw="knife"),
        _w("small_knife", "knife", (AttackMode("thrust", "thr", -1, "imp", (C,)),
                                    AttackMode("swing", "sw", -3, "cut", (C, 1))), -1, 5,
           fast_draw="knife"),
        _w("dagger", "knife", (AttackMode("thrust", "thr", -1, "imp", (C,)),), -1, 5,
           fast_draw="knife"),
        _w("shortsword", "shortsword", (AttackMode("swing", "sw", 0, "cut", (1,)),
                                        AttackMode("thrust", "thr", 0, "imp", (1,))), 0, 8,
           fast_draw="sword"),
        _w("broadsword", "broadsword", (AttackMode("swing", "sw", 1, "cut", (1,)),
                                        AttackMode("thrust", "thr", 1, "cr", (1,))), 0, 10,
           fast_draw="sword"),
        _w("light_club", "broadsword", (AttackMode("swing", "sw", 1, "cr", (1,)),
                                        AttackMode("thrust", "thr", 1, "cr", (1,))), 0, 10),
        _w("axe", "axe_mace", (AttackMode("swing", "sw", 2, "cut", (1,)),), 0, 11,
           unbalanced=True),
        _w("mace", "axe_mace", (AttackMode("swing", "sw", 3, "cr", (1,)),), 0, 12,
           unbalanced=True),
        _w("spear", "spear", (AttackMode("thrust", "thr", 2, "imp", (1,)),), -1, 9),
        _w("quarterstaff", "staff", (AttackMode("swing", "sw", 2, "cr", (1, 2)),
                                     AttackMode("thrust", "thr", 2, "cr", (1, 2))), 2, 7,
           hands=2),
        _w("greatsword", "two_handed_sword", (AttackMode("swing", "sw", 3, "cut", (1, 2)),
                                               AttackMode("thrust", "thr", 3, "imp", (2,))),
           0, 12, hands=2),
        _w("bow", "bow", (AttackMode("shot", "thr", 1, "imp", ()),), None, 10, hands=2,
           ranged=True, acc=2, bulk=-7, range_half=15, range_max=20, reload=2,
           fast_draw="arrow"),
    )
}
"""Weapons (B271-B275). ``punch`` and ``kick`` are always at hand (unarmed)."""

UNARMED = ("punch", "kick")


@attrs.frozen
class Shield:
    """A shield (B287): its Defense Bonus, added to every active defence from the front."""

    name: str
    db: int


SHIELDS: dict[str, Shield] = {s.name: s for s in (
    Shield("buckler", 1), Shield("small", 1), Shield("medium", 2), Shield("large", 3),
)}


@attrs.frozen
class Armor:
    """Body armour (B283): DR, and a lower DR against crushing for flexible armour."""

    name: str
    dr: int
    dr_crushing: int | None = None  # flexible armour ("4/2*"): DR against crushing

    def dr_against(self, damage_type: str) -> int:
        if damage_type == "cr" and self.dr_crushing is not None:
            return self.dr_crushing
        return self.dr


ARMOR: dict[str, Armor] = {a.name: a for a in (
    Armor("none", 0), Armor("cloth", 1), Armor("leather", 2), Armor("mail", 4, 2),
    Armor("scale", 4), Armor("plate", 6),
)}


@attrs.frozen
class Skill:
    """A skill: what it defaults to when a combatant has no level in it (B173-B234)."""

    name: str
    default: int | None  # DX + this when untrained; None: no default
    note: str = ""


SKILLS: dict[str, Skill] = {s.name: s for s in (
    Skill("knife", -4), Skill("shortsword", -5), Skill("broadsword", -5),
    Skill("axe_mace", -5), Skill("spear", -5), Skill("staff", -5),
    Skill("two_handed_sword", -5), Skill("bow", -5), Skill("shield", -4),
    Skill("brawling", None, "punches and kicks use DX when untrained"),
    Skill("wrestling", None, "grapples and grappling contests use DX when untrained"),
    Skill("fast_draw", None, "generic Fast-Draw; fast_draw_knife, _sword, _arrow are "
          "the specialties"),
    Skill("fast_draw_knife", None), Skill("fast_draw_sword", None),
    Skill("fast_draw_arrow", None),
)}

# --------------------------------------------------------------------------- maneuvers


@attrs.frozen
class Maneuver:
    """A maneuver (B363-B366): how far it moves, whether it attacks, which defences remain."""

    name: str
    movement: str  # "full", "half_forward", "step", "step_or_half", "none"
    attacks: int  # attacks it allows (All-Out Attack (Double): 2)
    defences: str  # "any", "dodge_block" (no parry, no retreat), "none", "any_plus"
    note: str = ""


MANEUVERS: dict[str, Maneuver] = {m.name: m for m in (
    Maneuver("move", "full", 0, "any", "full Move; may enter a foe's hex and stop, evade"),
    Maneuver("move_and_attack", "full", 1, "dodge_block",
             "full Move and one attack at -4, effective skill at most 9 (melee); no parry, "
             "no retreat"),
    Maneuver("all_out_attack", "half_forward", 1, "none",
             "half Move forward; Determined +4 (ranged +1), Double (two attacks) or Strong "
             "(+2 damage or +1 per die); no active defence until the next turn"),
    Maneuver("attack", "step", 1, "any", "a step and one attack (before or after it)"),
    Maneuver("ready", "step", 0, "any", "ready a weapon or shield; in close combat a DX roll"),
    Maneuver("all_out_defense", "step_or_half", 0, "any_plus",
             "+2 to one of Dodge, Parry, Block (Increased Dodge may move half Move), or two "
             "different defences against one attack (Double)"),
    Maneuver("step", "step", 0, "any", "a step alone (a Do Nothing with a step)"),
    Maneuver("wait", "none", 1, "any",
             "hold the turn; attack at once when the target comes within reach"),
    Maneuver("aim", "step", 0, "any", "+Acc to the next ranged attack; +1 for a second "
             "turn, +2 for three or more; any active defence spoils it"),
    Maneuver("change_posture", "none", 0, "any", "one posture change (lying -> kneeling -> "
             "standing)"),
    Maneuver("do_nothing", "none", 0, "any", "nothing (a stunned fighter can only do this)"),
)}

# --------------------------------------------------------------------------- B556 critical


@attrs.frozen
class CriticalEffect:
    """One row of a critical table: an effect code the driver applies, and its text."""

    rolls: tuple[int, ...]
    effect: str
    text: str


CRITICAL_HIT: tuple[CriticalEffect, ...] = (
    CriticalEffect((3, 18), "triple", "triple damage"),
    CriticalEffect((4, 17), "half_dr", "DR protects at half (round down)"),
    CriticalEffect((5, 16), "double", "double damage"),
    CriticalEffect((6, 15), "max", "maximum normal damage"),
    CriticalEffect((7, 13, 14), "major_wound", "if any damage penetrates DR, a major wound"),
    CriticalEffect((8,), "double_shock", "if any damage penetrates DR, double shock (max -8)"),
    CriticalEffect((9, 10, 11), "normal", "normal damage only"),
    CriticalEffect((12,), "drop", "normal damage, and the victim drops what he holds"),
)
"""B556 Critical Hit Table (3d6). The target gets no active defence against a critical."""

CRITICAL_MISS: tuple[CriticalEffect, ...] = (
    CriticalEffect((3, 4, 17, 18), "break", "weapon breaks (a mace or other solid crushing "
                   "weapon: roll again; a second break, else it is dropped)"),
    CriticalEffect((5,), "hit_self", "hit yourself in arm or leg (impaling, piercing or "
                   "ranged: roll again)"),
    CriticalEffect((6,), "hit_self_half", "as 5, half damage"),
    CriticalEffect((7, 13), "lose_balance", "lose balance: nothing else until the next turn, "
                   "active defences -2 until then"),
    CriticalEffect((8, 12), "turns_in_hand", "weapon turns in hand: an extra Ready before "
                   "using it again"),
    CriticalEffect((9, 10, 11), "drop", "drop the weapon"),
    CriticalEffect((14,), "flies", "a swung weapon flies 1d yards (else dropped)"),
    CriticalEffect((15,), "strain", "strained shoulder: weapon arm unusable for the fight"),
    CriticalEffect((16,), "fall", "fall down (ranged: lose balance as 7)"),
)
"""B556 Critical Miss Table (3d6), for a critical failure on an attack."""

# --------------------------------------------------------------------------- B550 range

RANGE_PENALTIES: tuple[tuple[int, int], ...] = (
    (2, 0), (3, -1), (5, -2), (7, -3), (10, -4), (15, -5), (20, -6), (30, -7), (50, -8),
    (70, -9), (100, -10), (150, -11), (200, -12), (300, -13), (500, -14),
)
"""B550 Size and Speed/Range Table: (distance up to, in yards = hexes; penalty)."""

# --------------------------------------------------------------------------- B551 posture

STANDING, KNEELING, PRONE = "standing", "kneeling", "prone"
POSTURES: dict[str, tuple[int, int]] = {
    STANDING: (0, 0),
    KNEELING: (-2, -2),
    PRONE: (-4, -3),
}
"""B551 posture: (melee attack modifier, active defence modifier)."""

# --------------------------------------------------------------------------- parameters


_READING = "Basic Set (our reading)"


@attrs.frozen
class GurpsRules(RuleParameters):
    """Overridable parameters: every gap seed 002 leaves (and the Basic Set readings we could
    not pin down), filled once. ``docs/rules/gurps.md`` lists them all."""

    initiative_die: int = param(
        6, "Sides of the one die each combatant rolls at the start to order ties of Basic "
        "Speed and DX (higher acts first; a tie after it keeps scenario order).")
    cooperative_limit_includes_leader: bool = param(
        True, "The seed's 'up to two fighters' (takedown) and 'up to three' (pin) count "
        "every participant, the one whose score is used included.")
    cooperative_needs_grapple: bool = param(
        True, "A cooperative takedown or pin needs at least one participant who has grappled "
        "the victim (the Basic Set's takedown and pin follow a grapple).")
    adjacent_joins_close_combat: bool = param(
        False, "The seed's miniatures compromise: a fighter in an adjacent hex may join close "
        "combat (help a takedown or pin) without entering the hex.")
    wrong_target_order: str = param(
        "nearest", "Who is in the way first when an attack into a close-combat hex misses: "
        "'nearest' (the occupant whose half is nearest the attacker, then who entered first) "
        "or 'entry' (order of entering the hex).")
    critical_tables: bool = param(
        True, "Roll the Critical Hit and Critical Miss tables (B556); false: a critical hit "
        "only denies the defence, a critical miss is a miss.", _READING)
    shield_arm: str = param(
        "left", "The arm that carries a shield: its DB counts against attacks from the front "
        "and that side.")
    shield_penalty_dx_skills: bool = param(
        False, "Apply the seed's -DB shield penalty to DX-based skill rolls in close combat "
        "as well as to plain DX rolls (false: DX rolls only; attacks have their own rule).")
    break_free_two_hands: int = param(
        5, "Bonus of a grappler who holds with both hands in the Quick Contest of ST to break "
        "free (B371).", _READING)
    break_free_pinned: int = param(
        -5, "Modifier to a pinned fighter's attempt to break free.")
    takedown_loser_falls: bool = param(
        True, "A takedown attacker who loses the Quick Contest falls himself (a tie: nothing "
        "happens).", _READING)
    wrestling_st_bonus: bool = param(
        True, "Wrestling at DX+1 adds +1 to ST (DX+2 or better: +2) in grappling contests "
        "that use ST (B228).", _READING)
    forward_cost: int = param(
        1, "Movement points to move into one of the three front hexes (B387).", _READING)
    side_back_cost: int = param(
        2, "Movement points to sidestep or step back (into a side or rear hex) during Move "
        "or Move and Attack (the seed: leaving costs movement to turn or sidestep).", _READING)
    turn_cost: int = param(
        1, "Movement points per hex-side of facing change during Move or Move and Attack.",
        _READING)
    encumbrance: int = param(
        0, "Encumbrance level of every combatant (0 None ... 4 Extra-Heavy): taken off Dodge "
        "and, as a fifth per level, off Move (B17).")
    slam_move_and_attack_penalty: bool = param(
        True, "A slam made with Move and Attack takes its -4 to hit (the effective-skill cap of "
        "9 never applies to a slam).", _READING)
    foes_stop_evaders: bool = param(
        True, "A foe always tries to stop an evader (rolls the Quick Contest of DX) rather "
        "than letting him pass.")
    bow_st_is_archer_st: bool = param(
        True, "A bow's damage comes from its archer's ST (each bow is made for its archer).")
    pinned_is_out: bool = param(
        True, "For the end of a fight a pinned fighter counts as out of it (he may still "
        "break free, which brings him back).")
    zero_hp_idle_defends: bool = param(
        True, "At 0 HP or less a fighter who does nothing (by choice, or stunned) still "
        "defends, so he makes the HT roll to stay conscious at his phase like anyone who acts "
        "(B419: the roll is spared only one who does nothing 'and does not attempt any "
        "defense rolls'); false: he makes no roll and no active defence until his next "
        "phase.", _READING)
    stalemate: int = param(
        600, "A fight in which nobody has made an attack roll (a blow, shot, grapple, slam, "
        "takedown, pin or a roll against the wrong target) for this many tenths ends as a "
        "stalemate, with no winner (0: never).")


WRONG_TARGET_ORDERS = ("nearest", "entry")
SHIELD_ARMS = ("left", "right")


def check_rules(rules: GurpsRules) -> None:
    """Raise ``ValueError`` naming the first parameter that cannot be used."""
    if rules.initiative_die < 2:
        raise ValueError("initiative_die: must be at least 2")
    if rules.wrong_target_order not in WRONG_TARGET_ORDERS:
        raise ValueError(f"wrong_target_order: must be one of {', '.join(WRONG_TARGET_ORDERS)}"
                         f", got {rules.wrong_target_order!r}")
    if rules.shield_arm not in SHIELD_ARMS:
        raise ValueError(f"shield_arm: must be left or right, got {rules.shield_arm!r}")
    for name in ("forward_cost", "side_back_cost", "turn_cost"):
        if getattr(rules, name) < 0:
            raise ValueError(f"{name}: must not be negative")
    if rules.forward_cost < 1:
        raise ValueError("forward_cost: must be at least 1")
    if not 0 <= rules.encumbrance <= 4:
        raise ValueError("encumbrance: must be between 0 and 4")
    if rules.break_free_two_hands < 0:
        raise ValueError("break_free_two_hands: must not be negative")
    if rules.break_free_pinned > 0:
        raise ValueError("break_free_pinned: must not be positive")
    if rules.stalemate < 0:
        raise ValueError("stalemate: must not be negative")


# --------------------------------------------------------------------------- tables


def _signed(n: int) -> str:
    return f"{n:+d}" if n else ""


def tables(rules: GurpsRules | None = None) -> tuple[RuleTable, ...]:
    """Every rule table, with the given parameters applied (``timedcombat rules gurps``)."""
    rules = rules or GurpsRules()
    params = parameters_table(
        rules, "Each fills a gap of seed 002 or is a reading of the Basic Set "
        "(docs/rules/gurps.md).", sources=True)
    damage = RuleTable(
        "damage", "Thrust and swing damage by ST (B16)",
        ("st", "thrust", "swing"),
        tuple((st, str(thr), str(sw)) for st, (thr, sw) in DAMAGE_BY_ST.items()),
        "Between listed rows above 40 use the row below; above 100, +1d to both per full 10 "
        "ST. Written 1d6-2 = the Basic Set's 1d-2.",
    )
    weapons = RuleTable(
        "weapons", "Weapons (B271-B275)",
        ("name", "skill", "mode", "damage", "reach", "parry", "st", "hands", "notes"),
        tuple(
            (w.name, w.skill, m.name, f"{m.base}{_signed(m.add)} {m.damage_type}",
             "-" if w.ranged else m.reach_text(),
             "No" if w.parry is None else f"{w.parry}{'U' if w.unbalanced else ''}",
             w.min_st, w.hands, _weapon_notes(w, m))
            for w in WEAPONS.values() for m in w.modes
        ),
        "Reach C = close combat: only C weapons attack or parry there (seed 002). The first "
        "weapon a combatant lists is ready; punch and kick are always at hand.",
    )
    maneuvers = RuleTable(
        "maneuvers", "Maneuvers (B363-B366)",
        ("maneuver", "movement", "attacks", "active defence", "notes"),
        tuple((m.name, m.movement, m.attacks, m.defences, m.note) for m in MANEUVERS.values()),
        "One maneuver per one-second turn (10 tenths); evade and slam are movement with a "
        "roll, retreat is part of an active defence.",
    )
    seed = values_table("seed", "Values stated by seed 002 (not overridable)", SEED)
    basic = values_table("basic", "Fixed values of the Basic Set used here (not overridable)",
                         BASIC)
    wounding = RuleTable(
        "wounding", "Damage types and wounding modifiers, torso (B379)",
        ("type", "name", "multiplier"),
        tuple((k, DAMAGE_TYPE_NAMES[k], f"x{n / d:g}") for k, (n, d) in WOUNDING.items()),
        "Injury = penetrating damage x multiplier, rounded down, at least 1 when any "
        "damage penetrates.",
    )
    armor = RuleTable(
        "armor", "Armour (B283) and shields (B287)",
        ("name", "kind", "dr or db", "note"),
        tuple((a.name, "armor", a.dr,
               f"DR {a.dr_crushing} against crushing" if a.dr_crushing is not None else "")
              for a in ARMOR.values())
        + tuple((s.name, "shield", s.db, "DB to every active defence from the front and "
                 "shield side") for s in SHIELDS.values()),
    )
    critical_hit = RuleTable(
        "critical_hit", "Critical Hit Table (B556, 3d6)", ("rolls", "effect", "text"),
        tuple((" ".join(map(str, c.rolls)), c.effect, c.text) for c in CRITICAL_HIT),
    )
    critical_miss = RuleTable(
        "critical_miss", "Critical Miss Table (B556, 3d6)", ("rolls", "effect", "text"),
        tuple((" ".join(map(str, c.rolls)), c.effect, c.text) for c in CRITICAL_MISS),
    )
    ranges = RuleTable(
        "range", "Speed/Range penalties (B550)", ("up to hexes", "modifier"),
        RANGE_PENALTIES, "In close combat a ranged weapon uses its Bulk instead (seed 002).",
    )
    postures = RuleTable(
        "posture", "Posture modifiers (B551)", ("posture", "melee attack", "defence"),
        tuple((k, a, d) for k, (a, d) in POSTURES.items()),
    )
    skills = RuleTable(
        "skills", "Skills and their defaults", ("skill", "default", "note"),
        tuple((s.name, "-" if s.default is None else f"DX{s.default:+d}", s.note)
              for s in SKILLS.values()),
    )
    return (params, damage, weapons, maneuvers, seed, basic, wounding, armor, critical_hit,
            critical_miss, ranges, postures, skills)


def _weapon_notes(w: Weapon, m: AttackMode) -> str:
    notes = []
    if m.to_hit:
        notes.append(f"{m.to_hit:+d} to hit")
    if w.ranged:
        notes.append(f"Acc {w.acc}, Bulk {w.bulk}, range x{w.range_half}/x{w.range_max} ST, "
                     f"reload {w.reload} Ready")
    if w.fencing:
        notes.append("fencing")
    if w.unarmed:
        notes.append("always at hand")
    return "; ".join(notes)
