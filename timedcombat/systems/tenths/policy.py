"""Policies: how an unscripted combatant chooses, once its plan is used up.

A policy sees what the rules let a combatant know (its own state, where everyone
stands, and the current action of its target) and returns choices; the engine checks
and performs them. ``default`` closes, attacks, parries or dodges when it can and
retreats when badly hurt, then leaves the fight; ``aggressive`` never gives ground;
``cautious`` lets the opponent come and retreats early.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from timedcombat.hexmap import distance
from timedcombat.systems.tenths import resolve
from timedcombat.systems.tenths.fighter import Fighter, Step

if TYPE_CHECKING:
    from timedcombat.systems.tenths.engine import Fight


class DefaultPolicy:
    """Close, attack, defend when possible; retreat when badly hurt, then withdraw."""

    name = "default"
    retreats = True
    withdraws = True

    # ---------------------------------------------------------------- targets
    def choose_target(self, fight: Fight, f: Fighter) -> Fighter | None:
        """The nearest enemy in front (ties: the first in the scenario)."""
        return self.nearest(fight, f, fight.visible_enemies(f))

    def nearest(self, fight: Fight, f: Fighter, among: list[Fighter]) -> Fighter | None:
        here = fight.pos(f)
        best: Fighter | None = None
        best_d = 1 << 30
        for o in among:
            d = distance(here, fight.pos(o))
            if d < best_d:
                best, best_d = o, d
        return best

    # ---------------------------------------------------------------- closing
    def closing(self, fight: Fight, f: Fighter, t: Fighter) -> str:
        """Initiate: attack from one hex out of own range, charge from two."""
        d = distance(fight.pos(f), fight.pos(t))
        return "charge" if d >= fight.reach(f) + 2 else "attack"

    def respond(self, fight: Fight, f: Fighter, t: Fighter, theirs: str | None) -> str:
        """Answer a closing action: Set against an attack or charge when the Set blow lands
        first, else Wait; Defend into a Set opponent (+2 against its blow); attack one who
        waits; Set against one who defends into us or avoids."""
        if theirs in ("attack", "charge"):
            their = resolve.closing_schedule(theirs, t.weapon.base_speed, t.stats.walk,
                                             t.stats.run)
            comes_in = their.moves[-1][0] if their.moves else 0
            mine = resolve.set_attack_time(0, f.weapon.base_speed, comes_in)
            return "set" if mine < (their.attack_at or 0) else "wait"
        if theirs == "set":
            return "defend"
        if theirs in ("defend", "avoid"):
            return "set"
        return self.closing(fight, f, t)

    def approach_mode(self, fight: Fight, f: Fighter, t: Fighter) -> str:
        d = distance(fight.pos(f), fight.pos(t))
        return "run" if d > fight.threat_range(f, t) + 3 else "walk"

    # ---------------------------------------------------------------- fighting
    def combat(self, fight: Fight, f: Fighter, t: Fighter) -> Step:
        if fight.can_attack(f, t):
            return Step("attack", target=t.id, weapon=f.weapon.name)
        return Step("move", target=t.id, mode="walk")

    def defence(self, fight: Fight, f: Fighter, attacker: Fighter, options: list[Any],
                attack_total: int) -> Any:
        """The option most likely to hold; on equal odds the one costing fewer tenths
        (a shield parry before a weapon parry), then the first offered (parries before
        dodges)."""
        best = None
        best_key = (0.0, 0)
        for opt in options:
            key = (resolve.chance_to_hold(opt.bonus, attack_total), -opt.time)
            if best is None or key > best_key:
                best, best_key = opt, key
        return best if best_key[0] > 0 else None

    def retreat_now(self, fight: Fight, f: Fighter, attacker: Fighter) -> bool:
        return self.retreats and f.hurt

    def step_back_in(self, fight: Fight, f: Fighter, attacker: Fighter) -> bool:
        return not (self.retreats and f.hurt)

    def withdraw(self, fight: Fight, f: Fighter) -> bool:
        return self.withdraws and f.hurt


class AggressivePolicy(DefaultPolicy):
    """Never retreats or withdraws; charges whenever it can."""

    name = "aggressive"
    retreats = False
    withdraws = False

    def closing(self, fight: Fight, f: Fighter, t: Fighter) -> str:
        d = distance(fight.pos(f), fight.pos(t))
        return "charge" if d >= fight.reach(f) + 1 else "attack"


class CautiousPolicy(DefaultPolicy):
    """Lets the opponent come (Wait), and retreats as soon as it is hurt."""

    name = "cautious"

    def respond(self, fight: Fight, f: Fighter, t: Fighter, theirs: str | None) -> str:
        if theirs in ("attack", "charge"):
            return "wait"
        return super().respond(fight, f, t, theirs)


POLICIES: dict[str, type[DefaultPolicy]] = {
    p.name: p for p in (DefaultPolicy, AggressivePolicy, CautiousPolicy)
}


def get_policy(name: str | None) -> DefaultPolicy:
    return POLICIES[name or "default"]()
