"""Pure resolution of the ``gurps`` rules, gathered: functions of values (rolls, scores,
tables, situations) to frozen results, with no fight, no dice of their own and no log.

The driver rolls the dice and passes the faces; these functions say what they mean. They
live by topic in the modules below and are re-exported here, so that one import names
them all:

* :mod:`.rolls`: 3d6 success rolls, criticals, Quick Contests (B343, B348);
* :mod:`.attack`: attack modifiers by name, attack rolls, reach, reloads;
* :mod:`.defence`: the active defences a fighter has and their rolls;
* :mod:`.damage`: damage, injury, wounds, the critical tables, HT rolls;
* :mod:`.closecombat`: the close-combat chapter's other rules (seed 002);
* :mod:`.grapple`: grapples, cooperative takedowns and pins, breaking free;
* :mod:`.movement`: allowances, movement points, evading;
* :mod:`.slam`: slams (B371).
"""

from __future__ import annotations

from timedcombat.systems.gurps.attack import (
    AttackRoll,
    AttackSituation,
    attack_roll,
    attacks_allowed,
    in_reach,
    may_attack_in_close_combat,
    modifiers,
    range_penalty,
    reload_turns,
    weapon_attack,
)
from timedcombat.systems.gurps.closecombat import (
    ReadyOutcome,
    StrayRoll,
    attack_after_stepping_out,
    chain_goes_on,
    discard_shield,
    dx_roll_modifiers,
    entering_choices,
    enters_close_combat,
    exits,
    ready_in_close_combat,
    shield_attack_penalty,
    shield_dx_penalty,
    step_after_attack,
    stray,
    stray_roll,
    strays,
    wrong_target_skill,
)
from timedcombat.systems.gurps.damage import (
    Injury,
    KnockdownCheck,
    Wound,
    basic_damage,
    below_zero_modifier,
    consciousness_check,
    critical_effect,
    critical_hit,
    critical_miss,
    critical_miss_needs_reroll,
    critical_miss_outcome,
    damage_roll,
    death_check,
    injury,
    knockdown_check,
    minimum_damage,
    shock,
    stun_recovery,
    weapon_damage,
    wound,
)
from timedcombat.systems.gurps.defence import (
    DefenceOption,
    DefenceRoll,
    DefenceSituation,
    attack_arc,
    best,
    can_retreat,
    defend,
    free_hands,
    options,
)
from timedcombat.systems.gurps.grapple import (
    BreakFree,
    GrappleContest,
    Grappler,
    TeamScore,
    break_free,
    break_free_modifiers,
    can_grapple,
    grapple_base,
    grappler,
    participant_limit,
    pin,
    resist_score,
    takedown,
    team_score,
)
from timedcombat.systems.gurps.movement import (
    EvadeOutcome,
    HexCost,
    allowance,
    costs_points,
    evade,
    evade_modifiers,
    forward_only,
    hex_cost,
    hexsides,
    is_forward,
)
from timedcombat.systems.gurps.rolls import (
    Contest,
    SuccessRoll,
    critical,
    mods,
    quick_contest,
    success_roll,
    three_d6,
    total,
)
from timedcombat.systems.gurps.slam import (
    SlamResult,
    slam_attack,
    slam_dice,
    slam_result,
    slam_skill,
)

__all__ = ["AttackRoll", "AttackSituation", "BreakFree", "Contest", "DefenceOption",
    "DefenceRoll", "DefenceSituation", "EvadeOutcome", "GrappleContest", "Grappler", "HexCost",
    "Injury", "KnockdownCheck", "ReadyOutcome", "SlamResult", "StrayRoll", "SuccessRoll",
    "TeamScore", "Wound", "allowance", "attack_after_stepping_out", "attack_arc", "attack_roll",
    "attacks_allowed", "basic_damage", "below_zero_modifier", "best", "break_free",
    "break_free_modifiers", "can_grapple", "can_retreat", "chain_goes_on", "consciousness_check",
    "costs_points", "critical", "critical_effect", "critical_hit", "critical_miss",
    "critical_miss_needs_reroll", "critical_miss_outcome", "damage_roll", "death_check", "defend",
    "discard_shield", "dx_roll_modifiers", "entering_choices", "enters_close_combat", "evade",
    "evade_modifiers", "exits", "forward_only", "free_hands", "grapple_base", "grappler",
    "hex_cost", "hexsides", "in_reach", "injury", "is_forward", "knockdown_check",
    "may_attack_in_close_combat", "minimum_damage", "modifiers", "mods", "options",
    "participant_limit", "pin", "quick_contest", "range_penalty", "ready_in_close_combat",
    "reload_turns", "resist_score", "shield_attack_penalty", "shield_dx_penalty", "shock",
    "slam_attack", "slam_dice", "slam_result", "slam_skill", "step_after_attack", "stray",
    "stray_roll", "strays", "stun_recovery", "success_roll", "takedown", "team_score", "three_d6",
    "total", "weapon_attack", "weapon_damage", "wound", "wrong_target_skill"]
