"""Pure resolution of the ``tenths`` rules: timings and roll outcomes, no simpy.

Each function takes plain numbers (stats, dice faces) and returns numbers or frozen
records, so the rules can be tested and replayed without running a fight. The simpy
driver (``engine.py``) only schedules what these functions compute.
"""

from __future__ import annotations

import functools

import attrs

from timedcombat.systems.tenths.rules import SEED, TenthsRules

TOWARD, AWAY = "toward", "away"
HIT, MISS, PARRIED, DODGED, BLOCKED = "hit", "miss", "parried", "dodged", "blocked"
STOPPED = frozenset({MISS, PARRIED, DODGED, BLOCKED})


# --------------------------------------------------------------------------- closing


@attrs.frozen
class ClosingSchedule:
    """When a closing action's moves and attack fall, as offsets from its start."""

    kind: str
    duration: int
    moves: tuple[tuple[int, str], ...] = ()  # (offset, TOWARD | AWAY)
    attack_at: int | None = None  # offset of the attack (Attack, Charge); Set is special
    defence_modifier: int = 0  # own defence potential against the opponent's first attack
    anti_parry_bonus: int = 0  # added to the anti-parry of the own first attack


@functools.lru_cache(maxsize=1024)
def closing_schedule(kind: str, base_speed: int, walk: int, run: int,
                     walk_back: int | None = None) -> ClosingSchedule:
    """The timings of seed 004's closing actions (a pure function of its arguments,
    worked out once for each: the schedule is frozen, shared).

    * Set: one tenth; the attack is timed by :func:`set_attack_time`.
    * Wait: one tenth; +2 defence potential against the opponent's first attack.
    * Attack: Base Speed + Walk - 3; one move 2 tenths before the end; attack at the end.
    * Defend: Walk; one move (at the end); +2 defence potential.
    * Charge: as Attack; second move 2 tenths before the end, first Run before that;
      +3 anti-parry on its own first attack, -3 defence potential against the opponent's.
    * Avoid: one walk back (assumption: it takes a walk back, the move at the end).
    """
    if kind == "set":
        return ClosingSchedule(kind, SEED.set_time)
    if kind == "wait":
        return ClosingSchedule(kind, SEED.wait_time, defence_modifier=SEED.wait_defence_bonus)
    if kind == "attack":
        duration = max(1, base_speed + walk + SEED.attack_time_offset)
        move_at = max(0, duration - SEED.closing_move_lead)
        return ClosingSchedule(kind, duration, ((move_at, TOWARD),), attack_at=duration)
    if kind == "defend":
        return ClosingSchedule(kind, walk, ((walk, TOWARD),),
                               defence_modifier=SEED.defend_defence_bonus)
    if kind == "charge":
        duration = max(1, base_speed + walk + SEED.attack_time_offset)
        second = max(0, duration - SEED.closing_move_lead)
        first = max(0, second - run)
        return ClosingSchedule(
            kind, duration, ((first, TOWARD), (second, TOWARD)), attack_at=duration,
            defence_modifier=SEED.charge_defence_penalty,
            anti_parry_bonus=SEED.charge_anti_parry,
        )
    if kind == "avoid":
        back = walk if walk_back is None else walk_back
        return ClosingSchedule(kind, back, ((back, AWAY),))
    raise ValueError(f"not a closing action: {kind!r}")


def set_attack_time(start: int, base_speed: int, in_range_at: int) -> int:
    """Set: attack after base time or one tenth after the opponent comes in range."""
    return max(start + base_speed, in_range_at + SEED.set_after_in_range)


def let_first_attack_time(start: int, base_speed: int, opponent_first_attack: int) -> int:
    """Wait/Defend (assumption): the own first attack comes after base time from the start
    of the closing action, and never before one tenth after the opponent's first attack."""
    return max(start + base_speed, opponent_first_attack + 1)


# --------------------------------------------------------------------------- rolls


@attrs.frozen
class BlowOutcome:
    """The result of one attack: what stopped it (if anything) and by how much."""

    result: str  # hit | miss | parried | dodged | blocked
    total: int
    against: int  # the bar the attack had to beat: defence potential or defence total
    margin: int  # total - against (a hit's margin is at least 0)


_outcome = functools.lru_cache(maxsize=4096)(BlowOutcome)
"""A :class:`BlowOutcome`, made once for each value (frozen: shared by every blow that
comes out the same)."""


def beats(roll: int, total: int, bar: int, natural: bool = True) -> bool:
    """A d20 roll beats a bar: total > bar; with ``natural``, 20 always succeeds and 1
    always fails (seed 004 states this for blocking attacks; ``rules.natural_rolls``)."""
    if natural:
        if roll >= SEED.natural_success:
            return True
        if roll <= SEED.natural_failure:
            return False
    return total > bar


def holds(roll: int, total: int, attack_total: int, natural: bool = True) -> bool:
    """An active defence holds: its total reaches the attack's; with ``natural``, 20
    always holds and 1 never does."""
    if natural:
        if roll >= SEED.natural_success:
            return True
        if roll <= SEED.natural_failure:
            return False
    return total >= attack_total


def resolve_blow(roll: int, total: int, defence_potential: int,
                 defence: tuple[str, int, int] | None = None,
                 natural: bool = True, defence_natural: bool | None = None) -> BlowOutcome:
    """Resolve an attack roll against defence potential and an optional active defence.

    ``defence`` is ``(kind, roll, total)`` with kind ``parry``/``dodge``/``block``. The
    active defence is only rolled when the attack beats the defence potential (the
    caller decides that with :func:`beats` first); a defence that holds stops the attack
    (margin = attack total - defence total, at most 0). A failed defence still raises
    the bar the hit's margin is counted from. ``natural``: whether 20 and 1 decide
    the attack roll whatever the totals (``defence_natural``: the defence roll; default
    as the attack).
    """
    if not beats(roll, total, defence_potential, natural):
        return _outcome(MISS, total, defence_potential, min(0, total - defence_potential))
    if defence is None:
        return _outcome(HIT, total, defence_potential, max(0, total - defence_potential))
    kind, d_roll, d_total = defence
    if holds(d_roll, d_total, total, natural if defence_natural is None else defence_natural):
        result = {"parry": PARRIED, "dodge": DODGED, "block": BLOCKED}[kind]
        return _outcome(result, total, d_total, min(0, total - d_total))
    bar = max(defence_potential, d_total)
    return _outcome(HIT, total, bar, max(0, total - bar))


@functools.lru_cache(maxsize=4096)
def chance_to_hold(bonus: int, attack_total: int, natural: bool = True) -> float:
    """Chance that a d20 + bonus active defence holds against ``attack_total``."""
    wins = sum(1 for r in range(1, 21) if holds(r, r + bonus, attack_total, natural))
    return wins / 20.0


# --------------------------------------------------------------------------- damage


def blow_strength(strength: int, two_handed: bool) -> int:
    """Blow Strength: two-handed weapons use 1.5 x strength, halves rounded down."""
    return (strength * 3) // 2 if two_handed else strength


def damage(blow: int, weapon_damage: int, margin: int, rules: TenthsRules) -> int:
    """Assumption: Blow Strength // blow_divisor + weapon damage + margin // margin_divisor."""
    amount = blow // rules.blow_divisor + weapon_damage + max(0, margin) // rules.margin_divisor
    return max(rules.min_damage, amount)


def body_of(strength: int, body: int | None, rules: TenthsRules) -> int:
    return body if body is not None else strength + rules.body_bonus


def hurt_threshold(body: int, rules: TenthsRules) -> int:
    """Damage from which a combatant is hurt: ceil(body x hurt_percent / 100)."""
    return max(1, -(-body * rules.hurt_percent // 100))


# --------------------------------------------------------------------------- times


def reaction_time(roll: int, best_skill: int) -> int:
    """Reaction time = d10 - Best Skill, minimum one tenth."""
    return max(SEED.reaction_minimum, roll - best_skill)


def combined_base_speed(first: int, second: int) -> int:
    """Two weapons both attacking: the average of their speeds + 2, halves rounded up."""
    return -(-(first + second) // 2) + SEED.two_weapon_speed_bonus


def alternate_offset(combined: int) -> int:
    """The second weapon strikes mid-way between the first's blows, halves rounded up."""
    return -(-combined // 2)


def block_take_up_time(base_speed: int) -> int:
    """Taking up a blocking position: Base Speed - 5 (at least one tenth, assumption)."""
    return max(1, base_speed + SEED.block_take_up_offset)


def block_move_time(base_speed: int) -> int:
    """Moving between blocking positions: Base Speed - 10 (at least one tenth)."""
    return max(1, base_speed + SEED.block_move_offset)


def pick_up_time(walk: int) -> int:
    """Picking up a weapon: two Walk moves."""
    return SEED.pick_up_walks * walk


def parry_time(with_shield: bool, two_weapons: bool) -> int:
    """Tenths a parry adds to the parrier's action: shield 2, weapon 4, two weapons 4."""
    if with_shield:
        return SEED.shield_parry_time
    return SEED.two_weapon_parry_time if two_weapons else SEED.weapon_parry_time
