"""Conditions of the ``percentile`` rules on what a man can reach and strike with.

Seed 001: an unarmed man must "close to range 1" to block an armed foe's arms, and the
unarmed moves are made at that range (``unarmed_reach``, default 1, a documented
parameter); a limb "disabled" by a joint lock, or at the start, is "useless" for the
fight, and a strike is made with a limb. A reading of the log independent of the engine:
positions from ``placed`` and ``move``, disabled limbs from ``placed`` and
``percentile.disabled``.
"""

from __future__ import annotations

from collections.abc import Iterator

from timedcombat.checks import Finding
from timedcombat.checks.model import distance
from timedcombat.checks.percentile_model import (
    GRAPPLE,
    RAM,
    STRIKE,
    PercentileLog,
    found,
    text,
)

Found = Iterator[Finding]
UNARMED_REACH_STRIKES = ("punch", "elbow", "knee", "kick", "head_butt", "shield_strike")
"""Strikes made at unarmed reach (a blow and a pommel strike reach as far as the weapon,
which the checker's tables do not give)."""


def reach(log: PercentileLog) -> Found:
    """Unarmed strikes, grappling moves and rams are made on a target within
    ``unarmed_reach`` of their maker."""
    most = log.rules["unarmed_reach"]
    if most is None:
        return
    for i, e in enumerate(log.events):
        kind = e.get("event")
        if kind == STRIKE and e.get("strike") not in UNARMED_REACH_STRIKES:
            continue
        if kind not in (STRIKE, GRAPPLE, RAM):
            continue
        actor, target = text(e.get("actor")), text(e.get("target"))
        if actor is None or target is None:
            continue
        a, b = log.pos_before(actor, i), log.pos_before(target, i)
        if a is None or b is None or distance(a, b) <= most:
            continue
        what = e.get("strike") or e.get("move") or "ram"
        yield found(e, f"{target} within {most} hex{'es' if most > 1 else ''} "
                       f"(unarmed_reach)", f"{what} at {distance(a, b)} hexes")


def disabled_limb(log: PercentileLog) -> Found:
    """No strike with a limb that is disabled: given as disabled at the start, or
    disabled by a joint lock (``percentile.disabled``) before the strike."""
    off: dict[str, set[str]] = {}
    for pid, p in log.people.items():
        limbs = p.disabled()
        if limbs:
            off[pid] = set(limbs)
    for e in log.events:
        kind, actor = e.get("event"), text(e.get("actor"))
        if actor is None:
            continue
        if kind == "percentile.disabled":
            limb = text(e.get("limb"))
            if limb is not None:
                off.setdefault(actor, set()).add(limb)
        elif kind == STRIKE:
            limb = text(e.get("limb"))
            if limb is not None and limb in off.get(actor, ()):
                yield found(e, f"no strike with the disabled {limb.replace('_', ' ')}",
                            f"{e.get('strike')} with it")
