"""Getting into hand-to-hand combat (seed 000): who may try, the one-die HTH roll, and
what each result does to both figures' weapons and places.

Pure functions: the caller rolls the die (or dice, when a side or rear 6 is rolled again)
and passes the faces in; every outcome record carries what a log line needs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import attrs

from timedcombat.events import Modifiers
from timedcombat.systems.tft.resolve import FRONT, KNEELING, POSTURES, PRONE, REAR, SIDE
from timedcombat.systems.tft.rules import (
    ENTERED,
    ENTERED_DEFENDER_DOWN,
    KNOCKED_BACK,
    KNOCKED_BACK_HIT,
    REPELLED,
    REPELLED_HIT,
    SEED,
    THROWN,
    TftRules,
    Weapon,
)

JUMP, DIVE = "jump", "dive"
# the five situations of seed 000, by their letters
BACK_TO_WALL_OR_DOWN = "a_back_to_wall_or_down"
LOWER_MA = "b_lower_ma"
FROM_SIDE_OR_REAR = "c_from_side_or_rear"
AGREES = "d_enemy_agrees"
DIVE_FOR_LEGS = "e_dive_for_legs"
ENTERED_RESULTS = frozenset({ENTERED_DEFENDER_DOWN, ENTERED})


class NeedMoreDice(ValueError):
    """The faces given ran out before the roll was settled (a side/rear 6 is rolled again)."""


@attrs.frozen
class EntryCheck:
    """May a figure try to move onto an enemy's hex? With every situation that allows it."""

    kind: str  # jump | dive
    allowed: bool
    reasons: tuple[str, ...]
    why_not: str | None = None


def entry_check(kind: str, *, attacker_ma: int, target_ma: int, arc: str,
                target_posture: str, back_to_wall: bool = False,
                agrees: bool = False) -> EntryCheck:
    """Seed 000's five situations. A jump (``hth``) needs one of (a)-(d): the enemy's back to
    the wall or the enemy prone, kneeling or knocked down; a lower MA; coming from its side
    or rear hexes; its agreement. A dive (e) needs only that the enemy's MA is less than twice
    the diver's. ``arc`` is where the attacker stands as seen by the target."""
    if kind not in (JUMP, DIVE):
        raise ValueError(f"not an HTH entry: {kind!r}")
    if arc not in (FRONT, SIDE, REAR):
        raise ValueError(f"not an arc: {arc!r}")
    if target_posture not in POSTURES:
        raise ValueError(f"not a posture: {target_posture!r}")
    if kind == DIVE:
        if target_ma >= SEED.dive_ma_ratio * attacker_ma:
            return EntryCheck(kind, False, (), f"the enemy's MA {target_ma} is twice the "
                              f"diver's {attacker_ma} or more")
        return EntryCheck(kind, True, (DIVE_FOR_LEGS,))
    reasons = []
    if back_to_wall or target_posture in (PRONE, KNEELING):
        reasons.append(BACK_TO_WALL_OR_DOWN)
    if target_ma < attacker_ma:
        reasons.append(LOWER_MA)
    if arc in (SIDE, REAR):
        reasons.append(FROM_SIDE_OR_REAR)
    if agrees:
        reasons.append(AGREES)
    if reasons:
        return EntryCheck(kind, True, tuple(reasons))
    return EntryCheck(kind, False, (), "the enemy stands, faces the attacker, has its back "
                      "free, an MA as high, and does not agree")


@attrs.frozen
class HthContext:
    """Everything besides the die that the HTH roll depends on."""

    kind: str = JUMP  # jump | dive
    arc: str = FRONT  # where the attacker came from, as seen by the defender
    attacker_talents: Collection[str] = ()
    defender_talents: Collection[str] = ()
    attacker_judo_2: int = 0  # the Judo 2 holder's choice: -1, 0 or +1
    defender_judo_2: int = 0
    defender_unarmed: bool = False  # no ready weapon: a Judo holder may throw
    defender_throws: bool = True  # a Judo holder's choice to throw on 7+
    attacker_too_large: bool = False  # so large it cannot be engaged unassisted: no throw


def hth_modifiers(ctx: HthContext) -> Modifiers:
    """The named modifiers of the defender's HTH roll (seed 000)."""
    mods: list[tuple[str, int]] = []
    a, d = set(ctx.attacker_talents), set(ctx.defender_talents)
    if ctx.kind == DIVE:
        mods.append(("dive", SEED.dive_roll_bonus))
        if "dive_block" in d:
            mods.append(("dive_block", SEED.dive_block_bonus))
        if "dive_block_2" in d:
            mods.append(("dive_block_2", SEED.dive_block_2_bonus))
    if "judo" in a:
        mods.append(("attacker_judo", SEED.judo_attacker_penalty))
    if "judo" in d:
        mods.append(("defender_judo", SEED.judo_defender_bonus))
    for who, talents, choice in (("attacker", a, ctx.attacker_judo_2),
                                 ("defender", d, ctx.defender_judo_2)):
        if choice not in (-1, 0, 1):
            raise ValueError(f"a Judo 2 choice is -1, 0 or +1, not {choice}")
        if choice and "judo_2" not in talents:
            raise ValueError(f"the {who} has no Judo 2 to add or subtract one")
        if choice:
            mods.append((f"{who}_judo_2", choice * SEED.judo_2_shift))
    return tuple(mods)


def result_of(total: int, ctx: HthContext, rules: TftRules) -> str:
    """The table row of a modified total (seed 000), Judo's throw included (a diver's too,
    by ``judo_throws_divers``)."""
    if "judo" in set(ctx.defender_talents) and total >= SEED.judo_throw_min \
            and ctx.defender_unarmed and ctx.defender_throws and not ctx.attacker_too_large \
            and (ctx.kind == JUMP or rules.judo_throws_divers):
        return THROWN
    if total <= SEED.hth_entered_down_max:
        return ENTERED_DEFENDER_DOWN
    if total <= SEED.hth_entered_max:
        return ENTERED
    if ctx.kind == DIVE:
        if total < SEED.dive_knocked_back_hit_min:
            return KNOCKED_BACK
        if total <= SEED.dive_knocked_back_max_stated:
            return KNOCKED_BACK_HIT
        return rules.dive_high_result
    return REPELLED if total == SEED.hth_repelled else REPELLED_HIT


def judo_attack(total: int, ctx: HthContext) -> bool:
    """Judo: "If the modified result is a 6+ you get an automatic attack" (seed 000), on
    whatever row the total falls: a dive's total above 7 read as ``knocked_back`` too."""
    return "judo" in set(ctx.defender_talents) and total >= SEED.judo_auto_attack_min


def rolled_again(total: int, ctx: HthContext, rules: TftRules) -> bool:
    """From the side or rear hexes a 6 is ignored and rolled again (seed 000)."""
    if ctx.arc not in (SIDE, REAR):
        return False
    if rules.side_rear_reroll == "six":
        return total == SEED.side_rear_ignored
    return total >= SEED.side_rear_ignored


@attrs.frozen
class HthRoll:
    """The defender's one-die HTH roll and everything that follows from it."""

    kind: str
    arc: str
    roll: int  # the die that counted
    rerolls: tuple[int, ...]  # dice ignored (side/rear 6s), in order
    modifiers: Modifiers
    modifier: int
    total: int
    result: str
    entered: bool  # HTH takes place
    defender_falls: bool
    attacker_backs_up: bool  # to the hex he entered from (5 / 6+)
    attacker_knocked_back_prone: bool  # a dive's 5-7: prone in the hex moved through
    defender_hits: bool  # the automatic hit (6+, a dive's 6-7, a Judo automatic attack)
    thrown: bool  # a Judo throw: attacker into an adjacent hex, fist damage +3 / +5
    throw_bonus: int
    defender_may_ready_knife: bool  # the 3-4 row

    @property
    def faces(self) -> tuple[int, ...]:
        return self.rerolls + (self.roll,)


def hth_roll(faces: Sequence[int], ctx: HthContext, rules: TftRules) -> HthRoll:
    """Resolve the defender's HTH roll from its die faces, in the order rolled.

    Raises :class:`NeedMoreDice` when a side/rear 6 must be rolled again and no face is
    left, and ``ValueError`` when faces are left over.
    """
    faces = tuple(faces)
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"not six-sided faces: {faces}")
    mods = hth_modifiers(ctx)
    modifier = sum(v for _, v in mods)
    rerolls: list[int] = []
    for i, face in enumerate(faces):
        total = face + modifier
        if rolled_again(total, ctx, rules) and len(rerolls) < rules.max_hth_rerolls:
            rerolls.append(face)
            continue
        if i != len(faces) - 1:
            raise ValueError(f"faces left over after the HTH roll settled: {faces[i + 1:]}")
        return _outcome(face, tuple(rerolls), mods, modifier, ctx, rules)
    raise NeedMoreDice(f"the HTH roll needs another die after {faces}")


def _outcome(face: int, rerolls: tuple[int, ...], mods: Modifiers, modifier: int,
             ctx: HthContext, rules: TftRules) -> HthRoll:
    total = face + modifier
    result = result_of(total, ctx, rules)
    throw_bonus = 0
    if result == THROWN:
        judo_2 = "judo_2" in set(ctx.defender_talents)
        throw_bonus = SEED.judo_2_throw_damage if judo_2 else SEED.judo_throw_damage
    return HthRoll(
        kind=ctx.kind, arc=ctx.arc, roll=face, rerolls=rerolls, modifiers=mods,
        modifier=modifier, total=total, result=result,
        entered=result in ENTERED_RESULTS,
        defender_falls=result == ENTERED_DEFENDER_DOWN,
        attacker_backs_up=result in (REPELLED, REPELLED_HIT),
        attacker_knocked_back_prone=result in (KNOCKED_BACK, KNOCKED_BACK_HIT),
        defender_hits=result in (REPELLED_HIT, KNOCKED_BACK_HIT) or judo_attack(total, ctx)
        and result != THROWN,
        thrown=result == THROWN, throw_bonus=throw_bonus,
        defender_may_ready_knife=result == ENTERED,
    )


@attrs.frozen
class Drops:
    """What each figure lets fall when HTH is tried, and where (seed 000)."""

    attacker_drops: tuple[str, ...]  # in the adjacent hex he entered HTH from
    defender_drops: tuple[str, ...]  # in his own hex
    attacker_keeps: str | None  # a ready knife
    defender_keeps: str | None


def drops(roll_result: str, *, attacker_ready: Weapon | None, attacker_shield: str | None,
          defender_ready: Weapon | None, defender_shield: str | None,
          rules: TftRules) -> Drops:
    """An attacker who enters keeps a ready knife, else drops his weapon and shield in the
    hex he entered from. On 1-2 the defender drops all but a ready knife; on 3-4 he drops
    his weapon and shield unless his ready weapon was a knife. On 5+ the defender keeps
    everything; the attacker drops only if ``attacker_drops_on_failure``."""
    entered = roll_result in ENTERED_RESULTS
    a_knife = attacker_ready is not None and attacker_ready.is_knife
    a_drop: list[str] = []
    if entered or rules.attacker_drops_on_failure:
        if attacker_ready is not None and not a_knife:
            a_drop.append(attacker_ready.name)
        if attacker_shield:
            a_drop.append(attacker_shield + "_shield")
    d_knife = defender_ready is not None and defender_ready.is_knife
    d_drop: list[str] = []
    if entered:
        if defender_ready is not None and not d_knife:
            d_drop.append(defender_ready.name)
        keep_shield = roll_result == ENTERED and d_knife and rules.entered_keeps_shield_with_knife
        if defender_shield and not keep_shield:
            d_drop.append(defender_shield + "_shield")
    return Drops(
        tuple(a_drop), tuple(d_drop),
        attacker_ready.name if a_knife and attacker_ready is not None else None,
        defender_ready.name if d_knife and defender_ready is not None else None,
    )


@attrs.frozen
class JumpStrikes:
    """How the foes' strikes at a figure jumping into HTH (and so disengaging from them)
    ended its attempt."""

    attempt: bool  # the HTH roll is still made
    both_down_in_hth: bool  # knocked down: both fall in the defender's hex, in HTH
    stopped: str | None  # why no attempt


def after_jump_strikes(*, knocked_down: bool, out: bool, rules: TftRules) -> JumpStrikes:
    """Seed 000: "If a figure you are disengaging from hits and knocks you down, you will
    fall down in the defender's hex, but the defender will also fall"."""
    if out:
        return JumpStrikes(False, False, "out")
    if knocked_down:
        if rules.knockdown_on_jump_hth:
            return JumpStrikes(False, True, None)
        return JumpStrikes(False, False, "knocked_down")
    return JumpStrikes(True, False, None)


def defender_roll_choice(face: int, ctx: HthContext, rules: TftRules) -> int:
    """A default for the defender's Judo 2 choice: the shift (-1, 0, +1) that gives the best
    result for the defender (repelling with a hit or a throw over repelling over entry)."""
    return _best(face, ctx, rules, "defender")


def attacker_roll_choice(face: int, ctx: HthContext, rules: TftRules) -> int:
    """A default for the attacker's Judo 2 choice: the shift best for the attacker."""
    return _best(face, ctx, rules, "attacker")


_DEFENDER_RANK = {ENTERED_DEFENDER_DOWN: 0, ENTERED: 1, REPELLED: 2, KNOCKED_BACK: 3,
                  REPELLED_HIT: 4, KNOCKED_BACK_HIT: 5, THROWN: 6}


def _rank(total: int, modifier: int, ctx: HthContext, rules: TftRules) -> float:
    """How good a total is for the defender; one that is ignored and rolled again (a side
    or rear 6) counts as the mean of the results a new die can settle on."""
    if rolled_again(total, ctx, rules):
        settled = [_DEFENDER_RANK[result_of(f + modifier, ctx, rules)] for f in range(1, 7)
                   if not rolled_again(f + modifier, ctx, rules)]
        if settled:
            return sum(settled) / len(settled)
    return _DEFENDER_RANK[result_of(total, ctx, rules)]


def _best(face: int, ctx: HthContext, rules: TftRules, who: str) -> int:
    talents = ctx.defender_talents if who == "defender" else ctx.attacker_talents
    if "judo_2" not in set(talents):
        return 0
    best, best_rank = 0, None
    for choice in (0, -1, 1):
        trial = attrs.evolve(ctx, defender_judo_2=choice) if who == "defender" \
            else attrs.evolve(ctx, attacker_judo_2=choice)
        modifier = sum(v for _, v in hth_modifiers(trial))
        rank = _rank(face + modifier, modifier, trial, rules)
        if who == "attacker":
            rank = -rank
        if best_rank is None or rank > best_rank:
            best, best_rank = choice, rank
    return best
