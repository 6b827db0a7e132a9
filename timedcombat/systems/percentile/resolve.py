"""Pure resolution of the ``percentile`` system, in one place: functions of values (rolls,
levels, table rows) to frozen results, with no fight, no dice and no log.

The rule code that acts in a fight (:mod:`.actions` and the services beside it) takes
its resolution from here; each piece lives in the module of its topic, whose docstring
quotes the seed:

* :mod:`.odds` — the 00-99 roll against a chance, Tables 4B and 4D, the Parry Type;
* :mod:`.strike` — a strike or blow (:class:`StrikeOutcome`);
* :mod:`.damage` — a hit's damage and Knockout Roll, stated amounts (:class:`HitOutcome`);
* :mod:`.grapple` — a grappling move (:class:`GrappleAttempt`), a phase's exchange
  (:class:`Exchange`);
* :mod:`.holds` — choke and strangle holds by phase (:class:`HoldTick`), the cost of an
  escape from a joint lock (:class:`JointEscapeInjury`);
* :mod:`.throws` — a throw's roll-out, landing and footing (:class:`ThrowOutcome`);
* :mod:`.mount` — the Control roll, the ram, a fall (:class:`ControlOutcome`,
  :class:`RamOutcome`, :class:`FallOutcome`).
"""

from __future__ import annotations

from timedcombat.systems.percentile.damage import (
    HitOutcome,
    fixed_damage,
    impact_dice,
    incapacitated,
    pd_of,
    quarter_points,
    resolve_hit,
)
from timedcombat.systems.percentile.grapple import Exchange, GrappleAttempt, attempt, exchange
from timedcombat.systems.percentile.holds import (
    HoldTick,
    JointEscapeInjury,
    hold_tick,
    joint_escape_injury,
    phases_held,
)
from timedcombat.systems.percentile.mount import (
    ControlOutcome,
    FallOutcome,
    RamOutcome,
    control_chance,
    control_per_level,
    resolve_control,
    resolve_fall,
    resolve_ram,
)
from timedcombat.systems.percentile.odds import (
    chance_made,
    grapple_odds,
    parry_type,
    strike_odds,
    succeeds,
)
from timedcombat.systems.percentile.strike import (
    StrikeOutcome,
    blow_defense_level,
    resolve_strike,
    strike_attack_level,
    strike_spec,
)
from timedcombat.systems.percentile.throws import (
    ROLLED_OUT,
    THROWN,
    Landing,
    ThrowOutcome,
    footing_phases,
    into_thrower,
    landing,
    resolve_throw,
    rollout_chance,
    throw_pd,
    thrown_to,
)

__all__ = [
    "ROLLED_OUT", "THROWN", "ControlOutcome", "Exchange", "FallOutcome", "GrappleAttempt",
    "HitOutcome", "HoldTick", "JointEscapeInjury", "Landing", "RamOutcome", "StrikeOutcome",
    "ThrowOutcome", "attempt", "blow_defense_level", "chance_made", "control_chance",
    "control_per_level", "exchange", "fixed_damage", "footing_phases", "grapple_odds",
    "hold_tick", "impact_dice", "incapacitated", "into_thrower", "joint_escape_injury",
    "landing", "parry_type", "pd_of", "phases_held", "quarter_points", "resolve_control",
    "resolve_fall", "resolve_hit", "resolve_ram", "resolve_strike", "resolve_throw",
    "rollout_chance",
    "strike_attack_level", "strike_odds", "strike_spec", "succeeds", "throw_pd",
    "thrown_to",
]
