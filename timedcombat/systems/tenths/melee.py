"""Resolving attacks: the blows of one tenth together, and blocking attacks.

Attacks landing on the same tenth are gathered by :func:`.blows.strike` and resolved
here, after that tenth's moves, in initiative order: attacks by a combatant holding the
advantage over its target first, then in the order they were declared. Two combatants
attacking each other on the same tenth make a simultaneous attack: no dodge, no parry
with the attacking weapon, +2 anti-parry each, and a parry with the other weapon or
shield is added to the time of the parrier's next action.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs

from timedcombat import events as ev
from timedcombat.hexmap import DIRECTIONS, distance, is_back
from timedcombat.systems.tenths import arms, resolve
from timedcombat.systems.tenths.events import AttackLost, DefendChoice, TenthsAttack
from timedcombat.systems.tenths.exchange import finish_closing
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.rules import SEED, Weapon
from timedcombat.systems.tenths.signals import UNINTERRUPTIBLE, Preempt

if TYPE_CHECKING:
    import simpy

    from timedcombat.systems.tenths.context import Context


@attrs.define
class Intent:
    """An attack declared for the current tenth."""

    attacker: Fighter
    target: Fighter
    weapon: Weapon
    closing: str | None
    seq: int


@attrs.frozen
class DefenceOption:
    """An active defence open to the defender against one attack."""

    kind: str  # parry | dodge
    weapon: str | None = None  # parrying weapon ("shield" for the shield)
    time: int = 0  # tenths it adds to the defender's action
    bonus: int = 0  # added to d20 for the defence total


_NO_WEAPONS: frozenset[str] = frozenset()
"""No weapon busy attacking on this tenth."""

_option = functools.lru_cache(maxsize=1024)(DefenceOption)
"""A :class:`DefenceOption`, made once for each value (frozen: shared)."""


def resolve_tenth(ctx: Context, bucket: list[Intent], resolved: simpy.Event) -> None:
    """Resolve every attack declared for this tenth, then let the attackers go on
    (``resolved``: the one event they wait on, :attr:`.Context.resolved`)."""
    ctx.bucket_t = -1
    ctx.resolving = bucket
    attacking: dict[str, set[str]] = {}
    for i in bucket:
        attacking.setdefault(i.attacker.id, set()).add(i.weapon.name)
    if len(bucket) == 1:  # (most tenths: one blow, nothing to order or pair)
        resolve_attack(ctx, bucket[0], False, attacking)
    else:
        pairs = {(i.attacker.id, i.target.id) for i in bucket}
        order = sorted(
            bucket, key=lambda i: (0 if i.attacker.advantage_over == i.target.id else 1, i.seq)
        )
        undefended = _defend_only_choices(ctx, order)
        mutual = Mutual({i.attacker.id: i.attacker.advantage_over for i in bucket})
        for intent in order:
            if ctx.over:
                break
            resolve_attack(ctx, intent, (intent.target.id, intent.attacker.id) in pairs,
                           attacking, intent.seq in undefended, mutual)
        mutual.retreat(ctx)
    for intent in bucket:
        a = intent.attacker
        if intent.closing and a.exchange is not None:
            # the closing attack is made: that side's closing is over on this very tenth
            finish_closing(ctx, a, a.exchange)
    ctx.resolving = []
    ctx.check_end()
    resolved.succeed()


@attrs.define
class Mutual:
    """Simultaneous attacks of one tenth: one advantage between two combatants. When both
    attacks of a pair are stopped, the advantage is not each defender's: it stays where it
    was before the tenth (``rules.mutual_stop_advantage = "kept"``) or goes to nobody
    (``"none"``), so at most one of them may Retreat. The Retreats of the tenth's
    simultaneous attacks wait until every attack is resolved."""

    before: dict[str, str | None]  # each attacker's advantage_over as the tenth began
    stopped: dict[tuple[str, str], bool] = attrs.field(factory=dict)  # (attacker, target)
    retreats: list[tuple[Fighter, Fighter]] = attrs.field(factory=list)  # (retreater, from)

    def holder(self, ctx: Context, a: Fighter, b: Fighter) -> Fighter | None:
        """Who holds the advantage between ``a`` and ``b`` after both were stopped."""
        if ctx.rules.mutual_stop_advantage == "none":
            return None
        if self.before.get(a.id) == b.id:
            return a
        return b if self.before.get(b.id) == a.id else None

    def retreat(self, ctx: Context) -> None:
        """Start the Retreats of those who kept the advantage over their attacker."""
        for b, a in self.retreats:
            if b.able and not ctx.over:
                ctx.poke(b, Preempt("retreat", Step("retreat", target=a.id)))


def _defend_only_choices(ctx: Context, order: list[Intent]) -> set[int]:
    """A defend-only combatant attacked by both its targets on one tenth defends against
    one of them, chosen at random; returns the intents left undefended."""
    against: dict[str, list[Intent]] = {}
    for i in order:
        b = i.target
        if b.defend_targets is not None and i.attacker.id in b.defend_targets:
            against.setdefault(b.id, []).append(i)
    undefended: set[int] = set()
    for bid, intents in against.items():
        if len(intents) < 2:
            continue
        roll = ctx.dice.die(len(intents))
        chosen = intents[roll - 1]
        ctx.emit(DefendChoice, actor=bid, among=tuple(i.attacker.id for i in intents),
                 roll=roll, against=chosen.attacker.id)
        undefended.update(i.seq for i in intents if i is not chosen)
    return undefended


def surprised(ctx: Context, b: Fighter, a: Fighter) -> bool:
    """Surprise rules (assumption, see docs): an unaware combatant, or one attacked from
    its back, is surprised."""
    if not ctx.rules.surprise or not b.able:
        return False
    return not b.aware or (not b.close and is_back(b.at, b.facing, a.at))


def _watches(b: Fighter, a: Fighter) -> bool:
    """``b`` watches ``a``: its target, or one of its two defend-only targets
    (:func:`.targets.watched`, asked of one opponent)."""
    only = b.defend_targets
    return b.target is a if only is None else a.id in only


def defence_options(ctx: Context, b: Fighter, a: Fighter, simultaneous: bool,
                    attacking: dict[str, set[str]], anti_parry: int) -> list[DefenceOption]:
    """The active defences ``b`` may make against ``a`` right now (seed 004 rules)."""
    now = ctx.env._now
    if not b.able or not _watches(b, a) or now < b.no_defence_until or b.reacting:
        return []
    if a.at != b.at and is_back(b.at, b.facing, a.at):
        return []  # "A target cannot be to the back": none is watched there
    rules = ctx.rules
    hurt = ctx.hurt_penalty(b)
    opts: list[DefenceOption] = []
    if not b.close:  # at close quarters dodging is the only active defence
        for name, time in arms.parries(b, attacking.get(b.id, _NO_WEAPONS)):
            opts.append(_option("parry", name, time,
                                b.skill - anti_parry + rules.parry_modifier - hurt))
    if not simultaneous and ctx.can_step_away(b, a.at):
        opts.append(_option("dodge", None, rules.dodge_time,
                            b.skill + rules.dodge_modifier - hurt))
    return opts


def resolve_attack(ctx: Context, intent: Intent, simultaneous: bool,
                   attacking: dict[str, set[str]], undefended: bool = False,
                   mutual: Mutual | None = None) -> None:
    a, b, w = intent.attacker, intent.target, intent.weapon
    now = ctx.env._now
    if not b.able:
        ctx.emit(AttackLost, actor=a.id, target=b.id, reason="target out",
                 closing=intent.closing, weapon=w.name)
        return
    if not ctx.reaches(a, b):
        ctx.emit(AttackLost, actor=a.id, target=b.id, reason="out of range",
                 closing=intent.closing, weapon=w.name)
        return
    rules = ctx.rules
    skill = a.skill if rules.skill_to_hit else 0
    hurt = ctx.hurt_penalty(a)
    bonus = skill - hurt
    charge = a.anti_parry_bonus
    two = SEED.two_weapon_anti_parry if arms.style(a) == arms.ALTERNATE and w in a.hand else 0
    both = SEED.simultaneous_anti_parry if simultaneous else 0
    anti_parry = w.anti_parry + charge + two + both
    dp_mod = b.defence_mods.pop(a.id, 0) if b.defence_mods else 0
    dp = b.stats.defence + dp_mod
    surprise = rules.surprise and surprised(ctx, b, a)

    ctx.last_attack = now
    roll = ctx.dice.d20()
    total = roll + bonus
    defence: tuple[str, int, int] | None = None
    chosen: DefenceOption | None = None
    natural = ctx.natural
    if resolve.beats(roll, total, dp, natural) and not undefended and not surprise:
        options = defence_options(ctx, b, a, simultaneous, attacking, anti_parry)
        if options:
            chosen = b.policy.defence(ctx, b, a, options, total)
        if chosen is not None:
            d_roll = ctx.dice.d20()
            defence = (chosen.kind, d_roll, d_roll + chosen.bonus)
    outcome = resolve.resolve_blow(roll, total, dp, defence, natural)
    stopped = outcome.result in resolve.STOPPED
    # (a blow of an attacker who fell on this very tenth still lands, but forces nothing)
    non_target = a.able and not _watches(b, a)
    # a stopped attack by its target lets the defender Retreat: decided before the
    # advantage move, which the Retreat incorporates as its first move
    retreating = (stopped and not non_target and not surprise and b.able
                  and b.act not in UNINTERRUPTIBLE and _wants_retreat(ctx, b, a)
                  and _room_to_retreat(ctx, b, a, chosen, defence, outcome))
    holder: Fighter | None = b if stopped else a
    if simultaneous and mutual is not None:
        mutual.stopped[(a.id, b.id)] = stopped
        if stopped and mutual.stopped.get((b.id, a.id)):
            # both attacks of the pair stopped: one advantage, not one each
            holder = mutual.holder(ctx, a, b)
            retreating = retreating and holder is b
            if holder is not a:  # the first one's defender no longer holds it: no Retreat
                mutual.retreats = [(r, o) for r, o in mutual.retreats
                                   if not (r is a and o is b)]
    a.advantage_over = b.id if holder is a else None
    b.advantage_over = a.id if holder is b else None
    if ctx.logging:
        mods = _attack_modifiers(skill, hurt, charge, two, both, anti_parry, dp_mod, dp)
        ctx.emit(TenthsAttack, actor=a.id, target=b.id, weapon=w.name, roll=roll,
                 total=total, against=outcome.against, result=outcome.result,
                 margin=outcome.margin, simultaneous=simultaneous, modifiers=mods,
                 closing=intent.closing, defence=chosen.kind if chosen else None,
                 advantage=holder.id if holder is not None else None,
                 surprised=True if surprise else None)
    else:
        ctx.log.count += 1
    if chosen is not None and defence is not None:
        _apply_defence(ctx, b, a, chosen, defence, outcome, attacking,
                       distance(a.at, b.at) == 1, retreating)
    a.attacked.add(b.id)
    ex = a.exchange
    if ex is not None and ex.partner(a) is b:
        ex.first_attack.setdefault(a.id, now)
        ex.first_attack_seq.setdefault(a.id, ctx.log.count)
    if a.able and b.able:
        if b.id not in a.engaged:
            ctx.engage(a, b)
        if chosen is not None and chosen.kind == "dodge":
            ctx.check_break_off(a, b)  # a dodge on the first blow may leave both apart
    if outcome.result == resolve.HIT:
        blow = resolve.blow_strength(a.stats.strength, w.hands == 2)
        amount = resolve.damage(blow, w.damage, outcome.margin, rules)
        ctx.wound(b, amount, a, w.name, blow)
    if not b.able:
        return
    if surprise:
        if not b.reacting:
            _force_reaction(ctx, b, "surprised",
                            Step("react", target=a.id, reason="surprised"))
        return
    if non_target:
        # "Reaction is always forced by the attack of a non-target" (one already reacting
        # is in the middle of a reaction: that one stands)
        if not b.reacting:
            _force_reaction(ctx, b, "reaction",
                            Step("react", target=a.id, reason="attacked by non-target"))
        return
    if retreating:
        if simultaneous and mutual is not None:
            mutual.retreats.append((b, a))  # once the tenth's attacks are all resolved
        else:
            ctx.poke(b, Preempt("retreat", Step("retreat", target=a.id)))
        return
    if (stopped and b.close and a.id in b.close and b.act not in UNINTERRUPTIBLE
            and b.policy.leave_close(ctx, b, a)):
        to = ctx.step_away(b, a.at)
        if to is not None:
            ctx.move(b, to, "advantage")  # the advantage used to step out


def _attack_modifiers(skill: int, hurt: int, charge: int, two: int, both: int,
                      anti_parry: int, dp_mod: int, dp: int) -> tuple[tuple[str, int], ...]:
    """An attack's ``modifiers`` as logged (the ones that apply, in this order): built
    only when the log is written."""
    mods: list[tuple[str, int]] = []
    if skill:
        mods.append(("skill", skill))
    if hurt:
        mods.append(("hurt", -hurt))
    if charge:
        mods.append(("charge_anti_parry", charge))
    if two:
        mods.append(("two_weapon_anti_parry", two))
    if both:
        mods.append(("simultaneous_anti_parry", both))
    mods.append(("anti_parry", anti_parry))
    if dp_mod:
        mods.append(("defence_bonus", dp_mod))
    mods.append(("defence_potential", dp))
    return tuple(mods)


def _apply_defence(ctx: Context, b: Fighter, a: Fighter, opt: DefenceOption,
                   defence: tuple[str, int, int], outcome: resolve.BlowOutcome,
                   attacking: dict[str, set[str]], adjacent: bool,
                   retreating: bool = False) -> None:
    kind, d_roll, d_total = defence
    held = outcome.result in (resolve.PARRIED, resolve.DODGED)
    attacking_now = b.id in attacking
    if ctx.logging:
        ctx.emit(ev.Defence, actor=b.id, kind=kind, against=a.id, roll=d_roll,
                 total=d_total, success=held, weapon=opt.weapon, delay=opt.time,
                 modifiers=(("bonus", opt.bonus),))
    else:
        ctx.log.count += 1
    if kind == "parry" and b.block is not None and opt.weapon == b.hand[0].name:
        ctx.drop_block(b, "parry")  # a blocking position ends when the weapon defends
    close_in = (held and adjacent and not retreating
                and outcome.margin <= -SEED.close_quarters_margin and _short_in_hand(b)
                and ctx.can_close_in(b, a) and b.policy.wants_close(ctx, b, a))
    if close_in:
        # the attack failed by two or more: step into the attacker's hex
        ctx.enter_close(b, a, "close_quarters")
    elif kind == "dodge" and held and (to := ctx.step_away(b, a.at)) is not None:
        vacated = b.at
        ctx.move(b, to, "dodge", check=False)
        if not b.close and not retreating and b.policy.step_back_in(ctx, b, a):
            back = _back_in_range(ctx, b, a, vacated)
            if back is not None:
                ctx.move(b, back, "advantage", check=False)
        for oid in tuple(b.engaged):
            ctx.check_break_off(b, ctx.fighters[oid])
    ctx.delay(b, opt.time, attacking_now)


def _short_in_hand(f: Fighter) -> bool:
    for w in f.hand:  # noqa: SIM110 (a loop, not any() over a generator: every held parry asks)
        if w.reach == "short":
            return True
    return False


def _back_in_range(ctx: Context, b: Fighter, a: Fighter,
                   vacated: tuple[int, int]) -> tuple[int, int] | None:
    """The advantage move after a dodge: back to a hex from which ``b`` reaches ``a``
    (the hex it dodged from when it is one, else the first in direction order)."""
    q, r = b.at
    offsets = _in_reach(a.at[0] - q, a.at[1] - r, ctx.map.free_mask(b.at), ctx.reach(b))
    if not offsets:
        return None
    if (vacated[0] - q, vacated[1] - r) in offsets:
        return vacated
    return (q + offsets[0][0], r + offsets[0][1])


@functools.lru_cache(maxsize=8192)
def _in_reach(dq: int, dr: int, free: int, reach: int) -> tuple[tuple[int, int], ...]:
    """The offsets, in direction order, of the free neighbours (``free``: the map's
    mask) from which a hex at offset ``(dq, dr)`` is within ``reach`` (at least one
    hex away): worked out once per offset, mask and reach."""
    return tuple(d for i, d in enumerate(DIRECTIONS)
                 if free >> i & 1 and 1 <= distance(d, (dq, dr)) <= reach)


def _force_reaction(ctx: Context, b: Fighter, reason: str, step: Step) -> None:
    """A reaction forced on ``b``: now, or, during a Retreat (a single action), as it ends
    (``rules.retreat_reaction = "after"``; the first one forced stands)."""
    if b.act == "retreat" and ctx.rules.retreat_reaction == "after":
        if b.after_retreat is None:
            b.after_retreat = step
        return
    ctx.poke(b, Preempt(reason, step))


def _room_to_retreat(ctx: Context, b: Fighter, a: Fighter, chosen: DefenceOption | None,
                     defence: tuple[str, int, int] | None,
                     outcome: resolve.BlowOutcome) -> bool:
    """``b`` has somewhere to go back to from where it will stand once its defence is done
    (a held dodge first moves it a hex away): a Retreat needs a free hex for its first
    move."""
    if chosen is not None and defence is not None and chosen.kind == "dodge" \
            and outcome.result == resolve.DODGED:
        dodge_to = ctx.step_away(b, a.at)
        if dodge_to is not None:
            return ctx.room_away(dodge_to, a.at)
    return ctx.step_away(b, a.at) is not None


def _wants_retreat(ctx: Context, b: Fighter, a: Fighter) -> bool:
    head = b.plan_head
    if head is not None and head.action == "retreat":
        return True
    return bool(b.policy.retreat_now(ctx, b, a))


# ---------------------------------------------------------------- blocking attacks


def blocking_attack(ctx: Context, blocker: Fighter, mover: Fighter, running: bool) -> bool:
    """``mover`` tries to enter a hex ``blocker`` blocks. True when it gets in.

    d20 + Best Skill against the mover's defence potential - 2 (20 always blocks, 1
    always fails); the mover may dodge it as a normal attack. A block that holds keeps
    the mover where it is; one that fails lets it in and ends the position.
    """
    rules = ctx.rules
    bonus = blocker.skill if rules.skill_to_hit else 0
    mods: list[tuple[str, int]] = [("skill", bonus)] if bonus else []
    if hurt := ctx.hurt_penalty(blocker):
        bonus -= hurt
        mods.append(("hurt", -hurt))
    dp = mover.stats.defence + SEED.block_defence_penalty
    mods += [("defence_bonus", SEED.block_defence_penalty), ("defence_potential", dp)]
    ctx.last_attack = ctx.env._now
    roll = ctx.dice.d20()
    total = roll + bonus
    defence = None
    chosen: DefenceOption | None = None
    if resolve.beats(roll, total, dp) and roll < SEED.natural_success:
        opts = [o for o in defence_options(ctx, mover, blocker, False, {}, 0)
                if o.kind == "dodge"]
        if opts:
            chosen = mover.policy.defence(ctx, mover, blocker, opts, total)
        if chosen is not None:
            d_roll = ctx.dice.d20()
            defence = ("dodge", d_roll, d_roll + chosen.bonus)
    # seed: 20 always blocks and 1 always fails; the dodge roll as rules.natural_rolls says
    outcome = resolve.resolve_blow(roll, total, dp, defence, True, ctx.natural)
    held = outcome.result == resolve.HIT
    result = resolve.BLOCKED if held else outcome.result
    blocker.advantage_over = mover.id if held else None
    mover.advantage_over = None if held else blocker.id
    w = blocker.hand[0]
    ctx.emit(TenthsAttack, actor=blocker.id, target=mover.id, weapon=w.name, roll=roll,
             total=total, against=outcome.against, result=result, margin=outcome.margin,
             simultaneous=False, modifiers=tuple(mods), kind="block",
             defence=chosen.kind if chosen else None,
             advantage=blocker.id if held else mover.id)
    if chosen is not None and defence is not None:
        ctx.emit(ev.Defence, actor=mover.id, kind="dodge", against=blocker.id,
                 roll=defence[1], total=defence[2], success=not held,
                 modifiers=(("bonus", chosen.bonus),))
    if held:
        ctx.emit(ev.Interrupted, actor=mover.id, name=mover.act or "move",
                 cause=f"blocked by {blocker.id}" + (": stopped" if running else ""))
        return False
    ctx.drop_block(blocker, "passed")
    return True
