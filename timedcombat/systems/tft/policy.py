"""Policies: how a ``tft`` figure chooses its option once its plan is used up.

``default`` fights sensibly to a finish: it goes for its focus (the nearest enemy), charges
when it can reach it in half its MA, attacks when engaged, re-arms when its hands are empty,
and a figure with a knife ready (or no weapon) tries to get into HTH whenever one of seed
000's situations allows it, into an HTH going on too (a dive when none does and the dive
bonus stays small). In HTH it goes for its focus among the foes there, attacks with a
ready knife or as the strongest, draws a carried knife, and tries to disengage from a
knife when it has none and its DX is high. ``brawler`` also jumps foes
with a sword in hand (dropping it).
"""

from __future__ import annotations

from collections.abc import Callable

from timedcombat.hexmap import distance
from timedcombat.policies import table
from timedcombat.systems.tft import board, combat, entry, group, hth
from timedcombat.systems.tft.choose import (
    adjacent_goals,
    entry_goals,
    item_goals,
    make,
    reaches,
)
from timedcombat.systems.tft.context import Context
from timedcombat.systems.tft.fighter import Choice, Fighter
from timedcombat.systems.tft.movement import DISENGAGED, DOWN, ENGAGED, IN_HTH
from timedcombat.systems.tft.rules import BASE, WEAPONS

HTH_DISENGAGE_DX = 13
"""Least adjusted DX at which the default policy tries the 4-dice disengage from a foe with
a knife (4d6 <= 13: 44%)."""


class DefaultPolicy:
    """Fight with the ready weapon; with a knife or bare hands, get into HTH."""

    name = "default"
    jumps_armed = False

    def hth_minded(self, f: Fighter) -> bool:
        return f.ready is None or f.knife_ready or self.jumps_armed

    # ---------------------------------------------------------------- the option

    def choose(self, ctx: Context, f: Fighter, state: str) -> Choice:
        if state == IN_HTH:
            return self.in_hth(ctx, f)
        if state == DOWN:
            return make(f, "stand_up", state)
        t = ctx.by_id.get(f.target or "")
        if t is None or not t.able:
            return make(f, "stand_still", state)
        rearm = self.rearm(ctx, f, state)
        if rearm is not None:
            return rearm
        if state == ENGAGED:
            return self.engaged(ctx, f, t)
        return self.disengaged(ctx, f, t)

    def in_place(self, ctx: Context, f: Fighter, state: str) -> Choice:
        """A new choice at the action tenth, moving nowhere."""
        if state == IN_HTH:
            return self.in_hth(ctx, f)
        if state == DOWN:
            return make(f, "stand_up", state)
        front = board.front_enemies(ctx, f)
        if front:
            t = next((o for o in front if o.id == f.target), front[0])
            return make(f, "attack", state, target=t.id, hexes=0)
        return make(f, "stand_still", state)

    def rearm(self, ctx: Context, f: Fighter, state: str) -> Choice | None:
        """Empty hands: pick up its own dropped weapon within reach, else ready a carried
        one (a knife last)."""
        if f.ready is not None:
            return None
        weapons = [i for i in sorted({i for items in ctx.map.ground.values()
                                      for o, i in items if o == f.id}) if i in WEAPONS
                   and not (WEAPONS[i].hands == 2 and f.shield is not None)]
        for w in weapons:
            c = make(f, "pick_up", state, weapon=w, approach="item")
            if reaches(ctx, f, item_goals(ctx, f, w), c.hexes):
                return c
        others = [w for w in f.carried if not WEAPONS[w].is_knife
                  and not (WEAPONS[w].hands == 2 and f.shield is not None)]
        if others:
            return make(f, "ready_weapon", state, weapon=others[0])
        knife = f.carried_knife()
        if knife is not None:
            return make(f, "ready_knife", state, weapon=knife)
        return None

    def engaged(self, ctx: Context, f: Fighter, t: Fighter) -> Choice:
        engagers = board.engagers(ctx, f)
        if f.st <= BASE.low_st and len(engagers) >= 2:
            return make(f, "defend", ENGAGED)
        if self.hth_minded(f):
            near = sorted(board.adjacent_enemies(ctx, f), key=lambda o: (o is not t, o.index))
            for o in near:
                if entry.why_not(ctx, f, o) is None and \
                        entry.check(ctx, f, o, hth.JUMP).allowed:
                    return make(f, "hth", ENGAGED, target=o.id, approach="entry")
        if distance(f.at, t.at) != 1 and engagers:
            t = engagers[0]
        return make(f, "attack", ENGAGED, target=t.id, approach="adjacent")

    def disengaged(self, ctx: Context, f: Fighter, t: Fighter) -> Choice:
        half = f.ma // BASE.half_ma_divisor
        adjacent = adjacent_goals(ctx, f, t)
        if f.ready == "rock" and distance(f.at, t.at) > 1:  # a rock is for throwing
            return make(f, "throw", DISENGAGED, target=t.id, weapon="rock")
        if self.hth_minded(f) and (not t.in_hth or ctx.rules.join_hth):
            jump = entry_goals(ctx, f, t)
            if jump and reaches(ctx, f, jump, half):
                return make(f, "hth", DISENGAGED, target=t.id, approach="entry")
            if self.dives(f, t) and reaches(ctx, f, adjacent, half):
                return make(f, "dive", DISENGAGED, target=t.id, approach="adjacent")
            if jump and not reaches(ctx, f, adjacent, half):
                return make(f, "move", DISENGAGED, target=t.id, approach="entry")
        if reaches(ctx, f, adjacent, half):
            return make(f, "attack", DISENGAGED, target=t.id, approach="adjacent")
        return make(f, "move", DISENGAGED, target=t.id, approach="adjacent")

    def dives(self, f: Fighter, t: Fighter) -> bool:
        """Dive when the rules allow it and the defender's roll gets at most +1 (the dive's
        own): Dive Block, Judo or a Judo 2 shift make it a poor bet."""
        if t.ma >= 2 * f.ma:
            return False
        hc = hth.HthContext(kind=hth.DIVE, attacker_talents=f.talents,
                            defender_talents=t.talents)
        return sum(v for _, v in hth.hth_modifiers(hc)) <= 1 and not t.has("judo_2")

    def in_hth(self, ctx: Context, f: Fighter) -> Choice:
        pinner = ctx.by_id.get(f.pinned_by or "")
        g = pinner or group.foe(ctx, f, f.target)
        assert g is not None
        if pinner is not None:
            return make(f, "pin", IN_HTH, target=g.id)
        entered_now = f.entered_turn == ctx.turn
        if f.knife_ready or combat.strongest(ctx, f):
            return make(f, "attack", IN_HTH, target=g.id)
        knife = f.carried_knife()
        if knife is not None and not entered_now:
            return make(f, "ready_knife", IN_HTH, weapon=knife)
        holders = group.foes(ctx, f)
        if any(o.knife_ready for o in holders) and not entered_now \
                and board.exit_hex(ctx, f, None, [o.at for o in holders]) is not None \
                and f.adjusted().total >= HTH_DISENGAGE_DX:
            return make(f, "disengage", IN_HTH)
        return make(f, "attack", IN_HTH, target=g.id)


class BrawlerPolicy(DefaultPolicy):
    """Like ``default``, but jumps foes with any weapon in hand (dropping it)."""

    name = "brawler"
    jumps_armed = True


POLICIES: dict[str, Callable[[], DefaultPolicy]] = table(DefaultPolicy, BrawlerPolicy)



__all__ = ["POLICIES", "BrawlerPolicy", "DefaultPolicy"]
