"""Policies: how an unscripted combatant chooses, once its plan is used up.

A policy sees what the rules let a combatant know (its own state, where everyone
stands, and the current action of its target) and returns choices; the engine checks
and performs them. ``default`` closes, attacks, parries or dodges when it can and
retreats when badly hurt, then leaves the fight; ``aggressive`` never gives ground;
``cautious`` lets the opponent strike first; ``guard`` holds its ground.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from timedcombat.hexmap import distance
from timedcombat.policies import table
from timedcombat.systems.tenths import arms, resolve
from timedcombat.systems.tenths.fighter import Fighter, Step, plain_step

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context


class DefaultPolicy:
    """Close, attack, defend when possible; retreat when badly hurt, then withdraw."""

    name = "default"
    retreats = True
    withdraws = True
    defends_only = True

    # ---------------------------------------------------------------- targets
    def choose_target(self, ctx: Context, f: Fighter) -> Fighter | None:
        """The nearest enemy in front (ties: the first in the scenario)."""
        return ctx.nearest_enemy(f, visible=True)

    def nearest(self, ctx: Context, f: Fighter, among: list[Fighter]) -> Fighter | None:
        here = f.at
        best: Fighter | None = None
        best_d = 1 << 30
        for o in among:
            d = distance(here, o.at)
            if d < best_d:
                best, best_d = o, d
        return best

    # ---------------------------------------------------------------- closing
    def closing(self, ctx: Context, f: Fighter, t: Fighter) -> str | None:
        """Initiate: attack from one hex out of own range, charge from two."""
        d = distance(f.at, t.at)
        return "charge" if d >= ctx.reach(f) + 2 else "attack"

    def respond(self, ctx: Context, f: Fighter, t: Fighter, theirs: str | None) -> str:
        """Answer a closing action: Set against an attack or charge when the Set blow lands
        first, else Wait; Defend into a Set opponent (+2 against its blow); attack one who
        waits; Set against one who defends into us or avoids. Defending only: Wait."""
        if f.defend_targets is not None:
            return "wait"
        if theirs in ("attack", "charge"):
            their = resolve.closing_schedule(theirs, arms.base_speed(t), t.stats.walk,
                                             t.stats.run)
            comes_in = their.moves[-1][0] if their.moves else 0
            mine = resolve.set_attack_time(0, arms.base_speed(f), comes_in)
            return "set" if mine < (their.attack_at or 0) else "wait"
        if theirs == "set":
            return "defend"
        if theirs in ("defend", "avoid"):
            return "set"
        kind = self.closing(ctx, f, t)
        return kind if kind is not None else "wait"  # (one that does not initiate waits)

    def approach_mode(self, ctx: Context, f: Fighter, t: Fighter) -> str:
        d = distance(f.at, t.at)
        return "run" if d > ctx.threat_range(f, t) + 3 else "walk"

    def approach(self, ctx: Context, f: Fighter, t: Fighter) -> Step:
        """Out of closing distance: move toward the target."""
        return plain_step("move", t.id, self.approach_mode(ctx, f, t))

    # ---------------------------------------------------------------- fighting
    def combat(self, ctx: Context, f: Fighter, t: Fighter) -> Step:
        """In combat: attack when the target is in reach; re-arm when there is nothing in
        hand; defend only when two or more are on us; else step in."""
        if ctx.weapon_for(f) is None:
            return self.rearm(ctx, f) or Step("guard")
        if self.defends_only and len(f.engaged) >= 2 and not f.close:
            pair = self.defend_pair(ctx, f)
            if pair is not None:
                return Step("defend_only", targets=pair)
        if ctx.can_attack(f, t):
            return plain_step("attack", t.id)
        if f.close:
            return Step("guard")  # a long weapon at close quarters: wait for a chance out
        return plain_step("move", t.id, "walk")

    def attackers(self, ctx: Context, f: Fighter) -> list[Fighter]:
        """Enemies in combat with ``f`` that have it as target, nearest first."""
        here = f.at
        them = [ctx.fighters[o] for o in sorted(f.engaged)]
        them = [o for o in them if o.able and o.target is f]
        return sorted(them, key=lambda o: distance(here, o.at))

    def defend_pair(self, ctx: Context, f: Fighter) -> tuple[str, str] | None:
        """Two attackers to defend against only: ``f`` must be the target of two or more,
        and both must fit in its front at once (a target cannot be to the back)."""
        attackers = self.attackers(ctx, f)
        if len(ctx.targeting(f)) < 2:
            return None
        for i, a in enumerate(attackers):
            for b in attackers[i + 1:]:
                if ctx.covering(f, (a.id, b.id)) is not None:
                    return (a.id, b.id)
        return None

    def defending(self, ctx: Context, f: Fighter) -> Step:
        """Defending only: keep at it while both targets fight on, have it as target and
        stand in front; else take one target (the nearest of the two left)."""
        left = [ctx.fighters[x] for x in f.defend_targets or () if ctx.fighters[x].able]
        if len(left) == 2 and all(o.target is f for o in left) \
                and ctx.covering(f) is not None:
            return Step("guard")
        pick = left[0] if left else self.choose_target(ctx, f)
        if pick is None:
            return Step("guard")
        return Step("target", target=pick.id)

    def after_reaction(self, ctx: Context, f: Fighter, attacker: Fighter) -> Fighter | None:
        """After a reaction forced by an attacker: face it, unless the target is one we are
        in combat with."""
        t = f.target
        if t is not None and t.able and t.id in f.engaged and ctx.can_attack(f, t):
            return t
        return attacker

    def rearm(self, ctx: Context, f: Fighter) -> Step | None:
        """Nothing in hand: draw a sheathed weapon, or go and pick up one lying near."""
        for w in f.sheathed:
            if arms.free_hands(f) >= w.hands:
                return Step("draw", weapon=w.name)
        here = f.at
        best = None
        for at, items in sorted(ctx.map.ground.items()):
            for w in items:
                d = distance(here, at)
                if arms.free_hands(f) >= w.hands and (best is None or d < best[0]):
                    best = (d, at, w)
        if best is None:
            return None
        _, at, w = best
        if at == here:
            return Step("pick_up", weapon=w.name)
        return Step("move", to=at, mode="walk")

    def wants_close(self, ctx: Context, f: Fighter, opp: Fighter) -> bool:
        """Go to close quarters with a short weapon against a longer one."""
        mine = ctx.weapon_for(f)
        return (mine is not None and mine.reach == "short" and opp.hand != []
                and opp.hand[0].is_long)

    def leave_close(self, ctx: Context, f: Fighter, opp: Fighter) -> bool:
        """Use the advantage to step out of close quarters when we cannot strike there."""
        return arms.attack_weapon(f, close=True) is None

    def defence(self, ctx: Context, f: Fighter, attacker: Fighter, options: list[Any],
                attack_total: int) -> Any:
        """The option most likely to hold; on equal odds the one costing fewer tenths
        (a shield parry before a weapon parry), then the first offered (parries before
        dodges)."""
        best = None
        best_key = (0.0, 0)
        for opt in options:
            key = (resolve.chance_to_hold(opt.bonus, attack_total, ctx.natural), -opt.time)
            if best is None or key > best_key:
                best, best_key = opt, key
        return best if best_key[0] > 0 else None

    def retreat_now(self, ctx: Context, f: Fighter, attacker: Fighter) -> bool:
        return self.retreats and f.hurt

    def step_back_in(self, ctx: Context, f: Fighter, attacker: Fighter) -> bool:
        return not (self.retreats and f.hurt)

    def withdraw(self, ctx: Context, f: Fighter) -> bool:
        return self.withdraws and f.hurt


class AggressivePolicy(DefaultPolicy):
    """Never retreats or withdraws; charges whenever it can."""

    name = "aggressive"
    retreats = False
    withdraws = False

    def closing(self, ctx: Context, f: Fighter, t: Fighter) -> str:
        d = distance(f.at, t.at)
        return "charge" if d >= ctx.reach(f) + 1 else "attack"


class GuardPolicy(DefaultPolicy):
    """Holds its ground: with a long weapon it takes up a blocking position facing the
    enemy and keeps it. It never advances or makes a closing action of its own (it
    answers one: Set, or Wait while it holds a blocking position: no move, no attack, the
    position stands until its weapon attacks or defends), never retreats and never
    leaves the fight."""

    name = "guard"
    retreats = False
    withdraws = False

    def respond(self, ctx: Context, f: Fighter, t: Fighter, theirs: str | None) -> str:
        if f.block is not None:
            return "wait"
        return "set"

    def approach(self, ctx: Context, f: Fighter, t: Fighter) -> Step:
        """Take up a blocking position: the centre, or another when one of the centre's
        hexes is occupied (it cannot be taken up then); with all three occupied, stand
        (and look again later: no block begun that would be refused)."""
        if arms.blocks(f) and f.block is None:
            free = ctx.free_block_positions(f)
            if free:
                return Step("block", position="centre" if "centre" in free else free[0])
        return Step("guard")

    def closing(self, ctx: Context, f: Fighter, t: Fighter) -> str | None:
        """A guard does not initiate: it answers a closing action (with Set, or Wait while
        it holds a blocking position)."""
        return None


class CautiousPolicy(DefaultPolicy):
    """Lets the opponent strike first: closes with Defend, answers an attack or charge
    with Wait; retreats when hurt, as the default policy does."""

    name = "cautious"

    def closing(self, ctx: Context, f: Fighter, t: Fighter) -> str:
        return "defend"

    def respond(self, ctx: Context, f: Fighter, t: Fighter, theirs: str | None) -> str:
        if theirs in ("attack", "charge"):
            return "wait"
        return super().respond(ctx, f, t, theirs)


POLICIES = table(DefaultPolicy, AggressivePolicy, CautiousPolicy, GuardPolicy)

