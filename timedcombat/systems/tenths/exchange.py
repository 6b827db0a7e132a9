"""A closing exchange: two combatants' closing actions against each other, until both
are over (seed 004, Closing). It is over when both have made or lost their attack (or,
for Wait, Defend and Avoid, let the other's play out); then a Wait or Defend may be owed
its first blow's time, and an exchange in which nobody attacked makes the next one
against that opponent attack (``Fighter.futile``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat.systems.tenths import arms, resolve
from timedcombat.systems.tenths.fighter import Fighter
from timedcombat.systems.tenths.signals import WAKE

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context


class Exchange:
    """Two combatants' closing actions against each other, until both are over."""

    def __init__(self, a: Fighter, b: Fighter) -> None:
        self.a, self.b = a, b
        self.kinds: dict[str, str] = {}
        self.pending: set[str] = {a.id, b.id}  # sides whose closing is not over
        self.settled: set[str] = set()  # sides whose closing action time is over
        self.first_attack: dict[str, int] = {}
        self.first_attack_seq: dict[str, int] = {}  # (its place in the log's order)
        self.open = True

    def partner(self, f: Fighter) -> Fighter:
        return self.b if f is self.a else self.a


def finish_closing(ctx: Context, f: Fighter, ex: Exchange) -> None:
    ex.pending.discard(f.id)
    f.anti_parry_bonus = 0
    if not ex.pending and ex.open:
        close_exchange(ctx, ex)


def close_exchange(ctx: Context, ex: Exchange) -> None:
    ex.open = False
    made = bool(ex.first_attack)
    for side in (ex.a, ex.b):
        if side.exchange is not ex:
            continue  # approached without answering: not part of this exchange
        other = ex.partner(side)
        kind = ex.kinds.get(side.id)
        if made and kind in ("wait", "defend") and other.id in ex.first_attack \
                and side.other_action_seq < ex.first_attack_seq[other.id]:
            # (owed only as its next action: one begun after that attack ends it)
            side.first_attack_after = resolve.let_first_attack_time(
                side.closing_start, arms.base_speed(side), ex.first_attack[other.id])
        if not made:
            side.defence_mods.pop(other.id, None)
        side.futile = None if made else other.id
        side.closing = None
        side.exchange = None
        ctx.poke(side, WAKE)
