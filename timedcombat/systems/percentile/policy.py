"""Default policies: what a combatant declares each phase once his plan is spent.

Every branch spends Combat Actions on something that can do damage or change the position,
so a fight always moves on: holds end fights (a choke in two phases), strikes add PD and
Knockout Rolls, escapes from joint locks cost PD*. The policy sees only what a fighter at
the table knows when declaring: positions, holds, levels and what the foe did last phase
(declarations are secret and simultaneous).

* ``default``: closes in; held, escapes (a joint lock or pin leaves nothing else; a plain
  grab only when the escape's odds beat his strikes'); holding a grab, chokes an unarmed foe
  (pins nothing, throws nothing: a choke ends the fight); free, grabs when the odds are 25 %
  or better (an armed foe's weapon arm); ducks one of the foe's expected blows each, then
  strikes with what is left. An armed man parries one expected blow and swings.
* ``striker``: the same without grappling moves (escapes excepted).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from timedcombat.hexmap import distance
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.allowed import (
    cost_of,
    foe_of,
    not_allowed,
    pm_of,
    striking_limbs,
    threat_reach,
)
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.costs import BLOW, CLOSE, action_cost
from timedcombat.systems.percentile.fighter import Fighter, Intent
from timedcombat.systems.percentile.resolve import (
    grapple_odds,
    parry_type,
    strike_attack_level,
    strike_odds,
)
from timedcombat.systems.percentile.rules import (
    CHOKE,
    DUCK,
    ESCAPE,
    GRAB,
    KICK,
    KNEE,
    LONG,
    NORMAL,
    PARRY,
    PUNCH,
    RIGHT_ARM,
    SHORT,
    STRANGLE,
    move_spec,
)

GRAB_ODDS = 25  # grab when the Odds of Success are at least this
CHOKE_ODDS = 10  # escaping a choke below these odds: strike instead


@attrs.frozen
class Policy:
    """A way to fight when the plan is spent (see the module docstring)."""

    name: str
    grapples: bool = True

    def declare(self, ctx: Context, f: Fighter, p: int, budget: int) -> list[Intent]:
        """The intents of a phase, in order (the driver keeps those that are allowed and
        fit; ``budget``: his Combat Actions)."""
        g = foe_of(ctx, f)
        if g is None or budget < 1:
            return []
        return _Phase(self, ctx, f, g, budget).choose()


class _Phase:
    """One phase's choice (a small helper: it keeps the Combat Actions left)."""

    def __init__(self, policy: Policy, ctx: Context, f: Fighter, g: Fighter,
                 budget: int) -> None:
        self.policy, self.ctx, self.f, self.g = policy, ctx, f, g
        self.left = budget
        self.out: list[Intent] = []

    def add(self, intent: Intent) -> bool:
        ctx = self.ctx
        cost = cost_of(ctx, self.f, intent)
        if cost > self.left or not_allowed(ctx, self.f, intent, self.out) is not None:
            return False
        self.out.append(intent)
        self.left -= cost
        return True

    def cost(self, action: str, stroke: str | None = None) -> int:
        return action_cost(action, stroke=stroke, weapon=self.f.stats.weapon,
                           armed_opponent=self.g.armed, rules=self.ctx.rules)

    # -------------------------------------------------------------- what he knows

    def expected_blows(self) -> int:
        """Blows the foe is expected to aim at him: as many as last phase, at least one
        when the foe can strike him now."""
        f, g, ctx = self.f, self.g, self.ctx
        last = f.struck_by.get(g.id, 0)
        can = distance(f.at, g.at) <= threat_reach(ctx, g) and not (
            holding.locked(ctx.holds, g.id) or holding.pinned(ctx.holds, g.id) or g.down)
        return max(last, 1) if can else 0

    def odds(self, move: str, variant: str | None = None) -> int:
        f, g, ctx = self.f, self.g, self.ctx
        assert f.levels is not None
        g_mal = g.levels.mal if g.levels is not None and g.phase == f.phase else g.stats.mal
        al = f.levels.mal + pm_of(ctx, f, g) + move_spec(move, variant).dr
        return grapple_odds(al, g_mal + pm_of(ctx, g, f))

    # -------------------------------------------------------------- the choice

    def choose(self) -> list[Intent]:
        f, g, ctx = self.f, self.g, self.ctx
        held_by = [h for h in holding.on(ctx.holds, f.id) if h.holder == g.id]
        if holding.locked(ctx.holds, f.id) or holding.pinned(ctx.holds, f.id):
            self.add(Intent(ESCAPE, g.id))
            return self.out
        gap = distance(f.at, g.at)
        if gap > threat_reach(ctx, f) or (not f.armed and gap > ctx.rules.unarmed_reach):
            return self.approach(gap)
        if f.armed and not holding.on(ctx.holds, f.id):
            return self.swordplay()
        if held_by:
            choked = any(h.move in (CHOKE, STRANGLE) for h in held_by)
            escape = self.odds(ESCAPE)
            if (escape >= CHOKE_ODDS) if choked else \
                    (f.down or escape >= self.strike_odds()):
                self.add(Intent(ESCAPE, g.id))
        elif self.policy.grapples and not f.down:
            self.grapple_move()
        self.defend_and_strike()
        return self.out

    def approach(self, gap: int) -> list[Intent]:
        """Out of reach. Armed: step up to his weapon's reach and swing. Unarmed: close to
        range 1, ducking one blow first when an armed foe will reach him this phase."""
        f, g, ctx = self.f, self.g, self.ctx
        if f.armed:
            for _ in range(gap - threat_reach(ctx, f)):
                if not self.add(Intent(CLOSE, g.id)):
                    break
            return self.swordplay()
        step = self.cost(CLOSE)
        steps = min(gap - 1, self.left // max(1, step))
        if g.armed and gap - steps <= threat_reach(ctx, g):
            self.add(Intent(DUCK, g.id))
        for _ in range(gap - 1):
            if not self.add(Intent(CLOSE, g.id)):
                break
        return self.out

    def grapple_move(self) -> None:
        f, g, ctx = self.f, self.g, self.ctx
        mine = [h for h in holding.by(ctx.holds, f.id) if h.target == g.id]
        if any(h.move != GRAB for h in mine):
            return  # a lock, choke or pin on: keep it (strike with what is free)
        if mine:
            self.add(Intent(CHOKE, g.id))
            return
        if self.odds(GRAB) >= GRAB_ODDS:
            limb = RIGHT_ARM if g.armed else None
            self.add(Intent(GRAB, g.id, limb=limb or self.striking_arm()))

    def striking_arm(self) -> str:
        """The foe's arm to grab: the one he struck with most (his right by default)."""
        return RIGHT_ARM

    def strike_odds(self) -> int:
        """Rough Odds of Hitting of a normal punch against his usual defence."""
        f, g = self.f, self.g
        assert f.levels is not None
        g_mal = g.levels.mal if g.levels is not None else g.stats.mal
        ducks = g.struck_by.get(f.id, 0)  # (a fair guess: he ducks as often as he was hit at)
        al = strike_attack_level(f.levels.mal, 2, NORMAL, self.ctx.rules)
        return strike_odds(al, g_mal, parry_type(2, min(ducks, 2)))

    def defend_and_strike(self, ducks: bool = True) -> None:
        """One duck per expected blow (while a strike still fits after it, unless he has
        already chosen something that can hurt or hold), then strikes with the rest."""
        f, g, ctx = self.f, self.g, self.ctx
        arms_free = not any(i.action in (CHOKE, STRANGLE, "joint_lock", "pin")
                            for i in self.out)  # (a two-armed hold takes his arms)
        in_reach = distance(f.at, g.at) <= ctx.rules.unarmed_reach and not f.down
        if ducks:
            duck = self.cost(DUCK)
            for _ in range(self.expected_blows()):
                offence = any(i.action not in (DUCK, CLOSE) for i in self.out)
                if in_reach and not offence and self.left - duck < self.cheapest(arms_free):
                    break
                if not self.add(Intent(DUCK, g.id)):
                    break
        if not in_reach:
            return
        while self.left > 0 and self.strike_once(g.id, arms_free):
            pass

    def cheapest(self, arms: bool) -> int:
        """Combat Actions of his cheapest strike (a short punch, a short knee)."""
        return self.cost(PUNCH, SHORT) if arms and striking_limbs(self.ctx, self.f, "arm") \
            else self.cost(KNEE, SHORT)

    def strike_once(self, target: str, arms: bool = True) -> bool:
        """The best strike that fits: a long kick with exactly 5 left, else a normal punch,
        a knee, a short punch or knee; a last Combat Action ducks."""
        choices = [Intent(PUNCH, target, NORMAL), Intent(KNEE, target, NORMAL),
                   Intent(PUNCH, target, SHORT), Intent(KNEE, target, SHORT),
                   Intent(DUCK, target)]
        if not arms:
            choices = [c for c in choices if c.action != PUNCH]
        elif self.f.armed:
            choices[:0] = [Intent(BLOW, target, NORMAL), Intent(BLOW, target, SHORT)]
        if self.left == 5:
            choices.insert(0, Intent(KICK, target, LONG))
        return any(self.add(i) for i in choices)

    def swordplay(self) -> list[Intent]:
        """An armed man in reach: a parry against an expected blow, blows with the rest."""
        g = self.g
        blow = self.cost(BLOW, SHORT)
        if self.expected_blows() and distance(self.f.at, g.at) <= threat_reach(self.ctx, g) \
                and self.left - self.cost(PARRY) >= blow:
            self.add(Intent(PARRY, g.id))
        while self.add(Intent(BLOW, g.id, NORMAL)) or self.add(Intent(BLOW, g.id, SHORT)):
            pass
        while self.cost(PARRY) > 0 and self.add(Intent(PARRY, g.id)):
            pass  # the rest in parries (free parries, weapon_parry_ca = 0: the one above)
        return self.out


POLICIES: dict[str, Callable[[], Policy]] = {
    "default": lambda: Policy("default"), "striker": lambda: Policy("striker", grapples=False)}


__all__ = ["POLICIES", "Policy"]
