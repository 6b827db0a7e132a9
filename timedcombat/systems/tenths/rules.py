"""Rule data of the ``tenths`` system (seed 004): stated values, weapons, parameters.

Values the seed states are constants here (``SEED``), shown by ``timedcombat rules``
and never overridden. What the seed leaves out (base resolution, damage, wounds, the
weapon figures themselves) is filled once in :class:`TenthsRules`, a frozen record of
named parameters that a scenario's ``[rules]`` table may override. Each parameter is
listed in ``docs/rules/tenths.md`` under "Assumptions (not in the source)".
"""

from __future__ import annotations

import attrs

from timedcombat.systems.base import (
    RuleParameters,
    RuleTable,
    param,
    parameters_table,
    values_table,
)

SHORT, LONG = "short", "long"

CLOSING_ACTIONS = ("set", "wait", "attack", "defend", "charge", "avoid")
COMBAT_ACTIONS = (
    "attack", "retreat", "target", "defend_only", "block", "draw", "sheathe", "drop",
    "pick_up", "style",
)
EXTRA_ACTIONS = ("move",)  # extension: plain movement outside the closing zone
PLAN_ACTIONS = tuple(dict.fromkeys(CLOSING_ACTIONS + COMBAT_ACTIONS + EXTRA_ACTIONS))

BLOCK_POSITIONS = ("left", "centre", "right")
STYLES = ("main", "alternate")


@attrs.frozen
class SeedRules:
    """Numbers seed 004 states. Names say where each one comes from."""

    set_time: int = 1  # Set: "Takes one tenth"
    wait_time: int = 1  # Wait: "Takes one tenth"
    wait_defence_bonus: int = 2  # Wait/Defend: "Add two to defence potential"
    defend_defence_bonus: int = 2
    attack_time_offset: int = -3  # Attack: Base Speed + Walk Move Rate - 3
    closing_move_lead: int = 2  # move made two tenths before the full time
    charge_anti_parry: int = 3  # Charge: "Adds three to Anti-Parry to own first attack"
    charge_defence_penalty: int = -3  # "Subtracts three from defence potential"
    set_after_in_range: int = 1  # Set: "one tenth after opponent comes in range"
    weapon_parry_time: int = 4  # "a modifier of four tenths"
    shield_parry_time: int = 2  # "A modifier of two tenths is used for shield parries"
    natural_success: int = 20  # blocking: "a roll of 20 always blocking and a roll of 1 always
    # failing" (stated for blocking attacks only; rules.natural_rolls extends it)
    natural_failure: int = 1
    reaction_die: int = 10  # reaction time = d10 - Best Skill
    reaction_minimum: int = 1  # "minimum one"
    block_defence_penalty: int = -2  # "defence potential being reduced by two"
    block_take_up_offset: int = -5  # "Base Speed -5 tenths"
    block_move_offset: int = -10  # "Base Speed -10 tenths"
    close_quarters_margin: int = 2  # "the attack failing by at least two"
    two_weapon_speed_bonus: int = 2  # "average of the separate speeds plus two"
    two_weapon_parry_time: int = 4  # "a modifier of four being added to the times for both"
    two_weapon_anti_parry: int = -2  # "Two is subtracted from the Anti-Parries of both"
    drop_time: int = 2  # "To drop a weapon takes two tenths"
    pick_up_walks: int = 2  # "a time equal to two Walk moves"
    simultaneous_anti_parry: int = 2  # "Two is added to the Anti-Parry of each"
    retreat_moves: int = 2  # "two moves back plus up to two turns"
    retreat_turns: int = 2


SEED = SeedRules()


@attrs.frozen
class Weapon:
    """A weapon: base speed in tenths, anti-parry, reach, hands, and damage bonus."""

    name: str
    base_speed: int
    anti_parry: int = 0
    reach: str = SHORT
    hands: int = 1
    damage: int = 0

    @property
    def is_long(self) -> bool:
        return self.reach == LONG


# Assumption: the seed names no weapons and gives no figures; this table is ours.
WEAPONS: dict[str, Weapon] = {
    w.name: w
    for w in (
        Weapon("dagger", 6, 0, SHORT, 1, 0),
        Weapon("shortsword", 8, 1, SHORT, 1, 1),
        Weapon("broadsword", 10, 1, SHORT, 1, 2),
        Weapon("axe", 11, 2, SHORT, 1, 2),
        Weapon("mace", 11, 3, SHORT, 1, 2),
        Weapon("club", 9, 1, SHORT, 1, 1),
        Weapon("spear", 10, 1, LONG, 2, 2),
        Weapon("quarterstaff", 9, 0, LONG, 2, 1),
        Weapon("greatsword", 12, 2, LONG, 2, 3),
        Weapon("halberd", 13, 3, LONG, 2, 4),
    )
}


@attrs.frozen
class TenthsRules(RuleParameters):
    """Overridable parameters: every gap seed 004 leaves, filled once (and ``surprise``)."""

    surprise: bool = param(
        False, "Use the optional surprise rules (the seed names them but does not state them).",
        "seed 004 (optional rules named)")
    short_reach: int = param(1, "Range in hexes of a short weapon.")
    long_reach: int = param(2, "Range in hexes of a long weapon (it also strikes adjacent).")
    skill_to_hit: bool = param(
        True, "Attack total = d20 + Best Skill (false: d20 alone) against defence potential."
    )
    dodge_modifier: int = param(-2, "Added to a dodge total (d20 + Best Skill): a dodge gives "
                                 "ground, so it is harder than an even parry.")
    parry_modifier: int = param(0, "Added to a parry total (d20 + Best Skill - anti-parry).")
    dodge_time: int = param(4, "Tenths a dodge adds to the dodger's current action.")
    blow_divisor: int = param(5, "Damage = Blow Strength // this + weapon damage + margin // "
                               "margin_divisor.")
    margin_divisor: int = param(3, "See blow_divisor.")
    min_damage: int = param(1, "Least damage a hit does.")
    body_bonus: int = param(6, "Body (damage a combatant can take) = strength + this, unless "
                             "the combatant gives body.")
    hurt_percent: int = param(50, "Damage, as a percentage of body, from which a combatant "
                               "is hurt (badly hurt).")
    hurt_penalty: int = param(2, "Taken off a hurt combatant's attack, parry and dodge totals.")
    walk_back_extra: int = param(0, "Extra tenths of a walk back over a walk move.")
    natural_rolls: str = param(
        "all", "Where a d20 of 20 always succeeds and 1 always fails: \"all\" (every attack and "
        "active defence; an assumption) or \"blocking\" (blocking attacks only, as the seed "
        "states it).")
    mutual_stop_advantage: str = param(
        "kept", "Two simultaneous attacks on each other both stopped: who holds the advantage "
        "after them (one advantage, so at most one of the two may Retreat): \"kept\" "
        "(whoever held it over the other before that tenth, or nobody) or \"none\" "
        "(nobody).")
    retreat_reaction: str = param(
        "after", "A reaction forced (by a non-target's attack, or a surprise) during a "
        "Retreat: \"after\" (the Retreat, a single action, makes its two moves; the "
        "reaction starts as it ends) or \"cuts\" (it breaks the Retreat off, as it does "
        "any other action).")
    wait_walk_in: bool = param(
        True, "An Attack or Charge against a Wait (\"Let opponent make first attack, making "
        "no move\") from too far for its moves to reach: the attacker first walks in, hex by "
        "hex, until they can, the Wait standing meanwhile (false: the attack is made from "
        "there and lost out of range).")
    stalemate: int = param(
        600, "A fight in which nobody has attacked (an attack roll, blocking attacks included) "
        "for this many tenths ends as a stalemate, with no winner (0: never).")


@attrs.frozen
class TenthsStats:
    """A combatant's stats (the names are the scenario file's keys: docs/scenario.md)."""

    strength: int
    best_skill: int
    walk: int
    run: int
    defence: int
    weapons: tuple[Weapon, ...]
    shield: bool = False
    body: int | None = None
    style: str | None = None  # two single-handed weapons: "main" or "alternate"
    aware: bool = True  # surprise rules: unaware of the enemy at the start


def reach_hexes(weapon: Weapon, rules: TenthsRules) -> int:
    return rules.long_reach if weapon.is_long else rules.short_reach


def tables(rules: TenthsRules | None = None) -> tuple[RuleTable, ...]:
    """Every rule table of the system, with ``rules`` applied (``timedcombat rules tenths``)."""
    rules = rules or TenthsRules()
    params = parameters_table(
        rules, "Every parameter fills a gap of seed 004 (see docs/rules/tenths.md).")
    weapons = RuleTable(
        "weapons", "Weapons (assumption: the seed names none)",
        ("name", "base_speed", "anti_parry", "reach", "hands", "damage"),
        tuple((w.name, w.base_speed, w.anti_parry, w.reach, w.hands, w.damage)
              for w in WEAPONS.values()),
        "base_speed in tenths; inline tables in a scenario may define others.",
    )
    closing = RuleTable(
        "closing", "Closing actions (seed 004)",
        ("action", "time", "moves", "attack", "bonus"),
        (
            ("set", "1", "none",
             "max(start + Base Speed, opponent in range + 1)", "none"),
            ("wait", "1", "none", "after the opponent's first attack (assumption: "
             "max(start + Base Speed, their attack + 1))",
             "+2 defence potential vs opponent's first attack"),
            ("attack", "Base Speed + Walk - 3", "1 hex at end - 2", "at end", "none"),
            ("defend", "Walk", "1 hex at end", "as wait",
             "+2 defence potential vs opponent's first attack"),
            ("charge", "Base Speed + Walk - 3", "2 hexes: end - 2 - Run, end - 2",
             "at end", "+3 anti-parry own first attack; -3 own defence potential vs "
             "opponent's first attack"),
            ("avoid", "Walk (a walk back)", "1 hex back at end", "none", "none"),
        ),
        "A closing action that leaves a combatant unable to attack loses that attack "
        "and its bonus.",
    )
    seed = values_table("seed", "Values stated by seed 004 (not overridable)", SEED)
    return (params, weapons, closing, seed)
