"""A ``tft`` combatant's stats and equipment, and the plan vocabulary, as data.

Scenario keys are contract (issue 10): ``st``, ``dx``, ``iq``, ``ma``; ``weapons`` (names
from the weapon table, the first listed is ready), ``armor``, ``shield``, ``talents``
(``dive_block``, ``dive_block_2``, ``judo``, ``judo_2``); ours add ``agrees_to_hth``
(seed 000's situation (d)). Plan actions: at least ``move`` (with ``to``), ``attack``,
``hth`` (``target``), ``dive`` (``target``), ``ready_knife``, ``disengage``, ``release``,
``stand_up``, ``defend``; ours add ``dodge``, ``crawl``, ``pin``, ``take_down``,
``ready_weapon``, ``pick_up``, ``throw`` and ``stand_still``.

Validation raises ``ValueError`` whose message starts with the key it is about
(``weapons[1]: ...``), so the loader can turn it into its one-line error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from timedcombat.structure import bounds
from timedcombat.systems.base import RuleTable
from timedcombat.systems.tft.rules import (
    ARMOR,
    SEED,
    SHIELDS,
    TALENTS,
    WEAPONS,
    Armor,
    Shield,
    TftRules,
    Weapon,
)

# Bounds (docs/scenario.md, "Limits"): figures a table could use.
MAX_ST = 1000
MAX_ATTRIBUTE = 100  # DX, IQ
MAX_MA = 100


@attrs.frozen
class TftStats:
    """A figure: basic ST (also its hits), DX, IQ, MA, equipment and talents."""

    st: int = attrs.field(metadata=bounds(1, MAX_ST))
    dx: int = attrs.field(metadata=bounds(1, MAX_ATTRIBUTE))
    iq: int = attrs.field(metadata=bounds(1, MAX_ATTRIBUTE))
    ma: int = attrs.field(metadata=bounds(1, MAX_MA, unit=" hexes"))
    weapons: tuple[str, ...] = ()
    armor: str = "none"
    shield: str | None = None
    talents: tuple[str, ...] = ()
    agrees_to_hth: bool = False  # seed 000 (d): "the enemy agrees to HTH combat"

    @property
    def ready(self) -> Weapon | None:
        """The ready weapon: the first listed (``None``: bare hands)."""
        return WEAPONS[self.weapons[0]] if self.weapons else None

    @property
    def armor_record(self) -> Armor:
        return ARMOR[self.armor]

    @property
    def shield_record(self) -> Shield | None:
        return SHIELDS[self.shield] if self.shield is not None else None

    @property
    def knives(self) -> tuple[str, ...]:
        return tuple(w for w in self.weapons if WEAPONS[w].is_knife)

    def has(self, talent: str) -> bool:
        return talent in self.talents


def validate_stats(s: TftStats, rules: TftRules) -> None:
    """Raise ``ValueError`` for equipment or talents the rules do not allow."""
    for i, name in enumerate(s.weapons):
        w = WEAPONS.get(name)
        if w is None:
            raise ValueError(f"weapons[{i}]: unknown weapon {name!r} (known: "
                             f"{', '.join(WEAPONS)})")
        if s.st < w.st:
            raise ValueError(f"weapons[{i}]: {name} needs ST {w.st}, the figure has {s.st}")
    if len(set(s.weapons)) != len(s.weapons):
        raise ValueError("weapons: a weapon is listed twice")
    if s.armor not in ARMOR:
        raise ValueError(f"armor: unknown armour {s.armor!r} (known: {', '.join(ARMOR)})")
    if s.shield is not None and s.shield not in SHIELDS:
        raise ValueError(f"shield: unknown shield {s.shield!r} (known: {', '.join(SHIELDS)})")
    ready = s.ready
    if ready is not None and ready.hands == 2 and s.shield is not None:
        raise ValueError(f"shield: {ready.name}, the ready weapon, needs both hands")
    for i, t in enumerate(s.talents):
        if t not in TALENTS:
            raise ValueError(f"talents[{i}]: unknown talent {t!r} (known: {', '.join(TALENTS)})")
    if len(set(s.talents)) != len(s.talents):
        raise ValueError("talents: a talent is listed twice")
    if rules.check_talent_prerequisites:
        check_prerequisites(s)


def check_prerequisites(s: TftStats) -> None:
    """Seed 000's IQ levels and co-requisites (Unarmed Combat levels are not modelled)."""
    need = {
        "dive_block": (SEED.dive_block_iq, 0, None),
        "dive_block_2": (SEED.dive_block_2_iq, SEED.dive_block_2_dx, "dive_block"),
        "judo": (SEED.judo_iq, 0, None),
        "judo_2": (SEED.judo_2_iq, SEED.judo_2_dx, "judo"),
    }
    for i, t in enumerate(s.talents):
        iq, dx, coreq = need[t]
        if s.iq < iq:
            raise ValueError(f"talents[{i}]: {t} needs IQ {iq}, the figure has {s.iq}")
        if s.dx < dx:
            raise ValueError(f"talents[{i}]: {t} needs DX {dx}, the figure has {s.dx}")
        if coreq is not None and coreq not in s.talents:
            raise ValueError(f"talents[{i}]: {t} needs {coreq} too")


# --------------------------------------------------------------------------- plans


@attrs.frozen
class PlanActionSpec:
    """A plan action: the keys it requires and allows (besides ``action``), and what it is."""

    name: str
    required: frozenset[str]
    optional: frozenset[str]
    doc: str
    source: str

    @property
    def keys(self) -> frozenset[str]:
        """The keys it takes: required and optional."""
        return self.required | self.optional


def _spec(name: str, required: tuple[str, ...], optional: tuple[str, ...], doc: str,
          source: str) -> PlanActionSpec:
    return PlanActionSpec(name, frozenset(required), frozenset(optional), doc, source)


PLAN_ACTIONS: dict[str, PlanActionSpec] = {
    s.name: s
    for s in (
        _spec("move", ("to",), (), "Move toward hex [q, r], up to full MA (disengaged) or a "
              "one-hex shift (engaged); no attack.", "base game: option (a)"),
        _spec("attack", (), ("target",), "Attack with the ready weapon (bare hands without "
              "one): a charge attack after up to half MA disengaged, shift and attack "
              "engaged, an HTH attack in HTH.", "base game: (b), (j); seed 000 in HTH"),
        _spec("hth", ("target",), ("to",), "Jump a foe: move adjacent and stop (engaged: "
              "shift or stand still), then in the action phase try to enter its hex; "
              "needs one of seed 000's situations (a)-(d). 'to': the hex next to the foe "
              "to try from.", "seed 000"),
        _spec("dive", ("target",), ("to",), "Wild dive for a foe's legs: HTH is joined at the "
              "end of the movement phase; +1 on the defender's roll; no strikes from foes "
              "disengaged from. 'to': the hex next to the foe to dive from.",
              "seed 000 (e)"),
        _spec("ready_knife", (), ("weapon",), "Ready a knife (the first carried, or "
              "'weapon'): in HTH a 3-dice roll against DX; outside HTH the ready-weapon "
              "option.", "seed 000 option (t); base game (e), (m)"),
        _spec("disengage", (), ("to",), "Leave: engaged, one hex in the action phase; in "
              "HTH a 4-dice roll against adjusted DX.", "base game (n); seed 000 (u)"),
        _spec("release", (), ("target", "to"), "Let a figure held in HTH go: it stands up in "
              "an adjacent hex ('to', when free), no roll.", "seed 000"),
        _spec("stand_up", (), (), "Stand up from prone (the whole turn).", "base game"),
        _spec("defend", (), (), "Engaged, no attack: attacks on the figure roll 4 dice.",
              "base game (k)"),
        _spec("dodge", (), ("to",), "Disengaged, move up to half MA: attacks on the figure "
              "roll 4 dice (extension).", "base game (c)"),
        _spec("crawl", ("to",), (), "Prone: crawl 2 hexes (Judo 2: 3) (extension).",
              "base game; seed 000 Judo 2"),
        _spec("pin", ("target",), (), "In HTH: a pin contest (extension; seed 000 names "
              "pins only).", "assumption"),
        _spec("take_down", ("target",), (), "In HTH: a take-down contest (extension; seed "
              "000 names take-downs only).", "assumption"),
        _spec("ready_weapon", ("weapon",), (), "Outside HTH: ready a carried weapon, putting "
              "the ready one away (extension).", "base game: ready a new weapon"),
        _spec("pick_up", (), ("weapon",), "Outside HTH: pick up the figure's own dropped weapon "
              "(or shield) from its hex or an adjacent one and ready it (extension).",
              "base game: pick up a dropped weapon"),
        _spec("throw", ("target",), (), "Throw the ready weapon (a knife, the rock, a javelin "
              "or spear) at a foe: 3 dice against DX -1 a hex of distance (extension).",
              "base game; seed 000 (the rock's damage)"),
        _spec("stand_still", (), (), "Do nothing this turn (extension).", "base game"),
    )
}
REQUIRED_ACTIONS = ("move", "attack", "hth", "dive", "ready_knife", "disengage", "release",
                    "stand_up", "defend")


def actions_table() -> RuleTable:
    """The plan actions for ``timedcombat rules tft actions``: keys, what, where from."""
    return RuleTable(
        "actions", "Plan actions (each step is the figure's option for one turn)",
        ("action", "requires", "optional", "what", "source"),
        tuple((s.name, " ".join(sorted(s.required)) or "-",
               " ".join(sorted(s.optional)) or "-", s.doc, s.source)
              for s in PLAN_ACTIONS.values()),
        "A step naming a foe too far for the option's movement moves toward it and waits; "
        "a step the rules do not allow now is skipped (tft.plan_skip). Policies once the "
        "plan is used up: default, brawler.",
    )


def _hex(value: Any) -> bool:
    return isinstance(value, list | tuple) and len(value) == 2 \
        and all(type(v) is int for v in value)


def check_plan_step(step: Mapping[str, Any], stats: TftStats | None = None) -> PlanActionSpec:
    """Check one plan step's shape (action name, keys, value types); return its spec.
    Target ids are checked by the loader, which knows the scenario."""
    name = step.get("action")
    if not isinstance(name, str):
        raise ValueError(f"action: required, one of {', '.join(PLAN_ACTIONS)}")
    spec = PLAN_ACTIONS.get(name)
    if spec is None:
        raise ValueError(f"action: unknown action {name!r} (tft: {', '.join(PLAN_ACTIONS)})")
    keys = set(step) - {"action"}
    extra = sorted(keys - spec.keys)
    if extra:
        allowed = ", ".join(sorted(spec.keys)) or "none"
        raise ValueError(f"{extra[0]}: {name} takes no {extra[0]!r} (keys: {allowed})")
    missing = sorted(spec.required - keys)
    if missing:
        raise ValueError(f"{missing[0]}: {name} needs {missing[0]!r}")
    if "to" in step and not _hex(step["to"]):
        raise ValueError(f"to: must be a hex [q, r], not {step['to']!r}")
    if "target" in step and not isinstance(step["target"], str):
        raise ValueError(f"target: must be a combatant id, not {step['target']!r}")
    if "weapon" in step:
        w = step["weapon"]
        if not isinstance(w, str) or w not in WEAPONS:
            raise ValueError(f"weapon: not a weapon of the table: {w!r}")
        if name == "ready_knife" and not WEAPONS[w].is_knife:
            raise ValueError(f"weapon: ready_knife needs a knife, not {w!r}")
        if stats is not None and w not in stats.weapons:
            raise ValueError(f"weapon: the figure carries no {w}")
    if name == "ready_knife" and stats is not None and not stats.knives:
        raise ValueError("action: ready_knife, but the figure carries no knife")
    return spec
