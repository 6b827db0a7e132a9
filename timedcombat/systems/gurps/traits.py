"""Values derived from a combatant's stats (B15-B17, B173, B375-B376): pure arithmetic.

Basic Speed is ``(HT + DX) / 4``; it is kept in quarters (``HT + DX``) so that comparing
and printing it needs no float. Basic Move and Dodge drop its fractions.
"""

from __future__ import annotations

import functools

from timedcombat.systems.gurps.rules import BASIC, SKILLS, Weapon
from timedcombat.systems.gurps.stats import GurpsStats


def speed_quarters(ht: int, dx: int) -> int:
    """Basic Speed x 4 = HT + DX (B17)."""
    return ht + dx


def speed_text(quarters: int) -> str:
    """Basic Speed as written: ``21 -> '5.25'``."""
    whole, rest = divmod(quarters, 4)
    return f"{whole}.{rest * 25:02d}"


@functools.lru_cache(maxsize=1024)  # (asked at every maneuver: a pure lookup)
def basic_move(ht: int, dx: int, encumbrance: int = 0) -> int:
    """Basic Move = Basic Speed, fractions dropped; each encumbrance level takes a fifth
    (B17: x0.8, x0.6, x0.4, x0.2), rounded down, at least 1."""
    move = speed_quarters(ht, dx) // 4
    return max(1, move * (5 - encumbrance) // 5)


def dodge(ht: int, dx: int, encumbrance: int = 0) -> int:
    """Dodge = Basic Speed (fractions dropped) + 3 - encumbrance level (B17)."""
    return speed_quarters(ht, dx) // 4 + BASIC.dodge_bonus - encumbrance


def reeling(hp_now: int, hp_max: int) -> bool:
    """Below a third of HP (B419): Move and Dodge are halved."""
    return hp_now * BASIC.reeling_divisor < hp_max


def halve_up(value: int) -> int:
    """Half, rounded up (B419: halve Move and Dodge, round up)."""
    return (value + 1) // 2


def hit_points(stats: GurpsStats) -> int:
    """HP = ST (B16; no bought HP in a scenario)."""
    return stats.st


def step_hexes(move: int) -> int:
    """A step: one hex, or a tenth of Move if that is more (B368)."""
    return max(1, move // BASIC.step_divisor)


def skill_level(stats: GurpsStats, name: str) -> int | None:
    """The level in a skill: as bought, else its DX default, else ``None`` (no default)."""
    level = stats.skill(name)
    default = SKILLS[name].default if name in SKILLS else None
    from_default = stats.dx + default if default is not None else None
    if level is None:
        return from_default
    return level if from_default is None else max(level, from_default)


@functools.lru_cache(maxsize=4096)  # (asked at every attack and parry: a pure lookup)
def weapon_skill(stats: GurpsStats, weapon: Weapon) -> int:
    """The attack skill with a weapon; unarmed attacks use DX when Brawling is lower."""
    level = skill_level(stats, weapon.skill)
    if weapon.unarmed or level is None:
        return max(stats.dx, level or 0)
    return level


def fast_draw_skill(stats: GurpsStats, weapon: Weapon) -> int | None:
    """Fast-Draw for a weapon: its specialty (``fast_draw_knife`` ...) or a generic
    ``fast_draw``, whichever is higher; ``None`` without either (no default, B194)."""
    levels = [lv for name in (f"fast_draw_{weapon.fast_draw}" if weapon.fast_draw else None,
                              "fast_draw")
              if name is not None and (lv := stats.skill(name)) is not None]
    return max(levels) if levels else None


def grapple_skill(stats: GurpsStats) -> int:
    """A grapple rolls against DX or Wrestling, whichever is higher (B370)."""
    return max(stats.dx, stats.skill("wrestling") or 0)


def st_shortfall(stats: GurpsStats, weapon: Weapon) -> int:
    """-1 to skill per point of ST below the weapon's minimum (B270)."""
    return min(0, stats.st - weapon.min_st)


def parry(stats: GurpsStats, weapon: Weapon) -> int | None:
    """Parry = 3 + skill/2 (rounded down) + the weapon's parry modifier; ``None`` when the
    weapon cannot parry. A bare hand uses DX or Brawling (B376)."""
    if weapon.parry is None:
        return None
    return BASIC.parry_base + weapon_skill(stats, weapon) // 2 + weapon.parry


def block(stats: GurpsStats) -> int | None:
    """Block = 3 + Shield/2 (rounded down); ``None`` without a shield. The shield's DB is
    added as a modifier, as to every other defence (B375)."""
    if stats.shield is None:
        return None
    return BASIC.block_base + (skill_level(stats, "shield") or 0) // 2


def wrestling_st_bonus(stats: GurpsStats) -> int:
    """Wrestling at DX+1: +1 ST in grappling; at DX+2 or better: +2 (B228)."""
    level = stats.skill("wrestling")
    if level is None:
        return 0
    return max(0, min(2, level - stats.dx))
