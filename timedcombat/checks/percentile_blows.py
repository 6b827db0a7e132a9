"""Conditions of the ``percentile`` rules on strikes, damage and mounts.

Seed 001: a strike is "handled the same way as a weapon blow: the attacker compares the
number of strikes made to the target's number of parries, ducks, or blocks, then uses
rules of section 6.2 to find the Odds Of Hitting"; a hit's damage comes from Impact
(5E) and the Blunt Damage table (5D). The base tables are the documented
reconstruction (:mod:`timedcombat.checks.percentile_tables`); the mounted rules are the
worked example's (control roll, the warhorse's ram on Table 4D, the fall).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from timedcombat.checks import Finding
from timedcombat.checks.model import (
    Event,
    distance,
)
from timedcombat.checks.model import as_int as num
from timedcombat.checks.percentile_model import (
    DAMAGE,
    RAM,
    STRIKE,
    PercentileLog,
    found,
    text,
)
from timedcombat.checks.percentile_tables import (
    BY_PARRY,
    CONTROL_PER_LEVEL,
    FALL_BASE,
    HORSEMAN_LEVELS_PER_CA,
    IMPACT_DICE,
    MOUNT_HEIGHT,
    PD_STAR_DIVISOR,
    RAM_ATTACK_LEVEL,
    RAM_DICE,
    SHY_DIE,
    STROKES,
    TABLE_4D,
    UNARMED_STRIKES,
    WC,
    knockout_chance,
    location_of,
    parry_type,
    stroke_al,
)

Found = Iterator[Finding]


# ---------------------------------------------------------------------- strikes


def strike_parry(log: PercentileLog) -> Found:
    """Full Parry when the parries, ducks and blocks cover the strikes, Half when they
    cover half, else no parry."""
    for _, e in log.of(STRIKE):
        strikes, parries = num(e.get("strikes")), num(e.get("parries"))
        if strikes is None or parries is None:
            continue
        want = parry_type(strikes, parries)
        if e.get("parry") != want:
            yield found(e, f"parry {want} ({parries} parries against {strikes} strikes)",
                        f"parry {e.get('parry')}")


def strike_al(log: PercentileLog) -> Found:
    """An unarmed strike's Attack Level: Martial Arts Level + WC + stroke."""
    for i, e in log.of(STRIKE):
        name, stroke, al = e.get("strike"), e.get("stroke"), num(e.get("attack_level"))
        if name not in UNARMED_STRIKES or stroke not in STROKES or al is None:
            continue
        mal, extra = log.mal(e.get("actor"), i), stroke_al(stroke, log.rules)
        if mal is None or extra is None:
            continue
        want = mal + WC[name] + extra
        if al != want:
            yield found(e, f"AL {want} (MAL {mal} + WC {WC[name]} + {stroke} {extra:+d})",
                        f"attack_level {al}")


def strike_dl(log: PercentileLog) -> Found:
    """Against an unarmed target the Defense Level is his Martial Arts Level (his ducks
    and blocks)."""
    for i, e in log.of(STRIKE):
        target, dl = log.person(e.get("target")), num(e.get("defense_level"))
        if target is None or target.armed is not False or dl is None:
            continue
        mal = log.mal(target.id, i)
        if mal is not None and dl != mal:
            yield found(e, f"DL {mal} ({target.id}'s MAL)", f"defense_level {dl}")


def strike_odds(log: PercentileLog) -> Found:
    """Odds of Hitting by Parry Type (Full, Half; no parry: Table 4D) at AL - DL."""
    for _, e in log.of(STRIKE):
        table = BY_PARRY.get(e.get("parry"))  # type: ignore[arg-type]
        al, dl, odds = num(e.get("attack_level")), num(e.get("defense_level")), \
            num(e.get("odds"))
        if table is None or al is None or dl is None or odds is None:
            continue
        want = table.odds(al, dl)
        if odds != want:
            yield found(e, f"odds {want} (AL {al} v DL {dl}, {table.name})", f"odds {odds}")


def armed_block(log: PercentileLog) -> Found:
    """An unarmed man blocks an armed foe's arms only at range 1: further off, only his
    ducks count against the blows."""
    for i, e in log.of(STRIKE):
        foe, me = log.person(e.get("actor")), log.person(e.get("target"))
        parries = num(e.get("parries"))
        if foe is None or me is None or parries is None or foe.armed is not True \
                or me.armed is not False or e.get("strike") != "blow":
            continue
        a, b = log.pos_before(foe.id, i), log.pos_before(me.id, i)
        mine = log.declared(me.id, i)
        if a is None or b is None or mine is None or distance(a, b) <= 1:
            continue
        ducks = mine.count(("duck",))
        if parries > ducks:
            yield found(e, f"at most {ducks} parries ({me.id}'s ducks; no block at range "
                           f"{distance(a, b)})", f"parries {parries}")


def grabbed_limb(log: PercentileLog) -> Found:
    """No strike with a limb an opponent has grabbed."""
    for i, e in log.of(STRIKE):
        limb, actor = text(e.get("limb")), e.get("actor")
        if limb is None or not isinstance(actor, str):
            continue
        for h in log.holds_on(i, target=actor, hold="grab"):
            if h.limb == limb:
                yield found(e, f"no strike with the {limb} ({h.holder} holds it)",
                            f"{e.get('strike')} with it")
                break


# ---------------------------------------------------------------------- damage


def _hit(log: PercentileLog, i: int, e: Event) -> tuple[int, Event] | None:
    """The strike or ram that did the located damage ``e`` (event ``i``)."""
    for j, h in log.same_tenth(i, after=False):
        if h.get("event") in (STRIKE, RAM) and h.get("actor") == e.get("by") \
                and h.get("target") == e.get("actor") and h.get("result") == "hit":
            return j, h
    return None


def _located(log: PercentileLog) -> Iterator[tuple[int, Event, int, Event]]:
    for i, e in log.of(DAMAGE):
        if num(e.get("location_roll")) is None:
            continue
        hit = _hit(log, i, e)
        if hit is not None:
            yield i, e, hit[0], hit[1]


def grabbed_damage(log: PercentileLog) -> Found:
    """A grabbed striker's Damage Bonus is halved; one held by nobody strikes in full."""
    for _, e, j, h in _located(log):
        halved = e.get("halved")
        by = e.get("by")
        if h.get("event") != STRIKE or not isinstance(halved, bool) or not isinstance(by, str):
            continue
        if log.holds_on(j, target=by, hold="grab"):
            want = True
        elif not log.holds_on(j, target=by):
            want = False
        else:
            continue  # held otherwise than by a grab: the seed does not say
        if halved != want:
            yield found(e, f"halved {str(want).lower()} ({by} is "
                           f"{'grabbed' if want else 'held by nobody'})",
                        f"halved {str(halved).lower()}")


def impact(log: PercentileLog) -> Found:
    """Impact: the strike's dice by stroke (5E; halved for a grabbed striker, rounded as
    the parameter says), each a d6, less the victim's armor. ``base_dice``, when the log
    gives it, is the stroke's dice before halving (the example's "two six sided dice")."""
    for _, e, _j, h in _located(log):
        name, stroke = h.get("strike"), h.get("stroke")
        if h.get("event") == RAM:
            dice = RAM_DICE
        elif name in IMPACT_DICE and stroke in STROKES:
            dice = IMPACT_DICE[name][STROKES.index(stroke)]
        else:
            continue
        if e.get("base_dice") not in (None, f"{dice}d6"):
            yield found(e, f"Impact {dice}d6 before halving", f"base_dice {e['base_dice']!r}")
            continue
        if h.get("event") != RAM and e.get("halved") is True:
            up = log.rules["grabbed_round_up"]
            if up is None:
                continue
            dice = -(-dice // 2) if up else dice // 2
        faces = e.get("faces")
        victim = log.person(e.get("actor"))
        armor = victim.int_stat("armor") if victim else None
        notation = f"{dice}d6" if dice else ""
        if e.get("dice") != notation:
            yield found(e, f"Impact {notation or 'none'}", f"dice {e.get('dice')!r}")
        elif not isinstance(faces, list) or len(faces) != dice or \
                any(num(f) is None or not 1 <= f <= 6 for f in faces):
            yield found(e, f"{dice} face{'s' if dice != 1 else ''} of a d6 (1-6)",
                        f"faces {faces}")
        elif armor is not None and num(e.get("armor")) not in (None, armor):
            yield found(e, f"armor {armor}", f"armor {e.get('armor')}")
        elif armor is not None and num(e.get("impact")) is not None and \
                e["impact"] != max(0, sum(faces) - armor):
            yield found(e, f"Impact {max(0, sum(faces) - armor)} ({sum(faces)} - armor "
                           f"{armor})", f"impact {e['impact']}")


def blunt(log: PercentileLog) -> Found:
    """Blunt Damage (5D): the hit location of the 00-99 roll, and PD by Impact there."""
    for _, e, _j, h in _located(log):
        loc = location_of(e["location_roll"])
        if loc is None:
            continue  # not 00-99: P-ROLL
        name, per, _ko = loc
        if e.get("location") != name:
            yield found(e, f"location {name} (roll {e['location_roll']})",
                        f"location {e.get('location')}")
            continue
        blunt_hit = h.get("event") == RAM or h.get("strike") in IMPACT_DICE
        imp, pd = num(e.get("impact")), num(e.get("pd"))
        if blunt_hit and imp is not None and pd is not None and pd != imp * per:
            yield found(e, f"{imp * per} PD (Impact {imp} x {per} at the {name})", f"pd {pd}")


def _damage_before(log: PercentileLog, i: int, e: Event) -> Event | None:
    """The damage a Knockout Roll ``e`` (event ``i``) follows: its victim's last ``damage``
    on its tenth."""
    for _, q in log.same_tenth(i, after=False):
        if q.get("event") == DAMAGE and q.get("actor") == e.get("actor"):
            return q
    return None


def knockout(log: PercentileLog) -> Found:
    """A Knockout Roll after a hit that does PD; its chance by PD and location (5D), PD*
    counted a quarter (``pd_star_knockout_quarter``, as for survival)."""
    quarter = log.rules["pd_star_knockout_quarter"]
    for i, e in log.of("percentile.knockout"):
        pd, chance, loc = num(e.get("pd")), num(e.get("chance")), e.get("location")
        hurt, own = _damage_before(log, i, e), e.get("star")
        star = hurt.get("star") if hurt is not None else own
        if isinstance(own, bool) and isinstance(star, bool) and own != star:
            yield found(e, f"star {str(star).lower()} (its damage's)",
                        f"star {str(own).lower()}")
            continue
        if star is True and quarter is None:
            continue
        counted = star is True and bool(quarter)
        want = knockout_chance(pd, loc, counted) if pd is not None and isinstance(loc, str) \
            else None
        if want is not None and chance is not None and chance != want:
            why = f"{pd} PD* a quarter" if counted else f"{pd} PD"
            yield found(e, f"knockout chance {want} ({why} at the {loc})",
                        f"chance {chance}")
    for i, e, _j, _h in _located(log):
        pd = num(e.get("pd"))
        if not pd or log.out_before(e.get("actor"), i):
            continue
        if not any(k.get("event") == "percentile.knockout" and k.get("actor") == e.get("actor")
                   for _, k in log.same_tenth(i)):
            yield found(e, f"a Knockout Roll after {pd} PD", "none")


def damage_total(log: PercentileLog) -> Found:
    """The total is the PD taken so far, PD* counting a quarter: the sum kept exact and
    rounded down once (90 + 50 PD* is 35, not 22 + 12); the limit is the combatant's
    ``pd_limit`` or the rule's."""
    quarters: Counter[str] = Counter()  # PD x 4, PD* x 1
    totals: Counter[str] = Counter()
    for _, e in log.of(DAMAGE):
        actor, pd, star = e.get("actor"), num(e.get("pd")), e.get("star")
        if not isinstance(actor, str) or pd is None or not isinstance(star, bool):
            continue
        quarters[actor] += pd if star else pd * PD_STAR_DIVISOR
        totals[actor] = quarters[actor] // PD_STAR_DIVISOR
        total, limit = num(e.get("total")), num(e.get("limit"))
        p = log.person(actor)
        own = p.int_stat("pd_limit") if p else None
        want_limit = own if own is not None else log.rules["pd_limit"] \
            if p is not None and p.stats is not None else None
        if total is not None and total != totals[actor]:
            yield found(e, f"total {totals[actor]} (PD* counted a quarter)", f"total {total}")
        elif want_limit is not None and limit is not None and limit != want_limit:
            yield found(e, f"limit {want_limit}", f"limit {limit}")


# ---------------------------------------------------------------------- mounts


def control(log: PercentileLog) -> Found:
    """The Control roll: per Horseman level 30 with one hand free, 10 with both (50
    with none, assumption); controlled, the mount has level // 3 Combat Actions; not,
    it shies away a d10 of hexes and takes none."""
    for _, e in log.of("percentile.control"):
        p = log.person(e.get("actor"))
        level, hands = num(e.get("horseman")), num(e.get("free_hands"))
        chance, acts = num(e.get("chance")), num(e.get("mount_actions"))
        own = p.int_stat("horseman") if p else None
        given = num(e.get("per_level"))
        table = CONTROL_PER_LEVEL.get(hands) if hands is not None else None
        if own is not None and level is not None and level != own:
            yield found(e, f"Horseman level {own} (placed)", f"horseman {level}")
        elif given is not None and table is not None and given != table:
            yield found(e, f"{table} a level with {hands} hands free", f"per_level {given}")
        elif level is not None and hands in CONTROL_PER_LEVEL and chance is not None \
                and chance != CONTROL_PER_LEVEL[hands] * level:
            per = CONTROL_PER_LEVEL[hands]
            yield found(e, f"chance {per * level} ({per} x level {level}, {hands} hands free)",
                        f"chance {chance}")
        elif e.get("result") == "success" and level is not None and acts is not None \
                and acts != level // HORSEMAN_LEVELS_PER_CA:
            yield found(e, f"{level // HORSEMAN_LEVELS_PER_CA} Combat Actions of the mount "
                           f"(level {level} // 3)", f"mount_actions {acts}")
        elif e.get("result") == "failure":
            shy = num(e.get("shy_roll"))
            if acts:
                yield found(e, "no Combat Action of the mount (control failed)",
                            f"mount_actions {acts}")
            elif shy is None or not 1 <= shy <= SHY_DIE:
                yield found(e, "a d10 of hexes shied away (1-10)", f"shy_roll {shy}")


def ram(log: PercentileLog) -> Found:
    """A warhorse's ram: only in a phase its rider controlled it, within its Combat
    Actions; its Attack Level 1 against the target's MAL on Table 4D."""
    used: Counter[tuple[str, int]] = Counter()
    for i, e in log.of(RAM):
        actor, number = e.get("actor"), log.number_at(i)
        if not isinstance(actor, str) or number is None:
            continue
        ctl = [c for j, c in log.of("percentile.control")
               if j < i and c.get("actor") == actor and log.number_at(j) == number]
        used[(actor, number)] += 1
        p = log.person(actor)
        mount = text(e.get("mount")) or (p.choice("mount")[1] if p else None)
        al, dl, odds = num(e.get("attack_level")), num(e.get("defense_level")), \
            num(e.get("odds"))
        mal = log.mal(e.get("target"), i)
        if ctl and ctl[-1].get("result") != "success":
            yield found(e, "no ram: the Control roll of this phase failed", "a ram")
        elif ctl and num(ctl[-1].get("mount_actions")) is not None \
                and used[(actor, number)] > ctl[-1]["mount_actions"]:
            yield found(e, f"at most {ctl[-1]['mount_actions']} mount actions", "one more ram")
        elif not ctl:
            yield found(e, "a successful Control roll of this phase first", "none")
        elif mount in RAM_ATTACK_LEVEL and al is not None and al != RAM_ATTACK_LEVEL[mount]:
            yield found(e, f"AL {RAM_ATTACK_LEVEL[mount]} (a {mount})", f"attack_level {al}")
        elif mal is not None and dl is not None and dl != mal:
            yield found(e, f"DL {mal} ({e.get('target')}'s MAL)", f"defense_level {dl}")
        elif al is not None and dl is not None and odds is not None \
                and odds != TABLE_4D.odds(al, dl):
            yield found(e, f"odds {TABLE_4D.odds(al, dl)} (AL {al} v DL {dl}, Table 4D)",
                        f"odds {odds}")


def fall(log: PercentileLog) -> Found:
    """A fall: 100 / height x Fall Recovery level %; a warhorse's rider falls 5 feet."""
    for _, e in log.of("percentile.fall"):
        p = log.person(e.get("actor"))
        height, level, chance = num(e.get("height")), num(e.get("level")), num(e.get("chance"))
        own = p.int_stat("fall_recovery") if p else None
        known, mount = p.choice("mount") if p else (False, None)
        if known and mount in MOUNT_HEIGHT and height is not None \
                and height != MOUNT_HEIGHT[mount]:
            yield found(e, f"a fall of {MOUNT_HEIGHT[mount]} feet (a {mount})",
                        f"height {height}")
        elif own is not None and level is not None and level != own:
            yield found(e, f"Fall Recovery level {own} (placed)", f"level {level}")
        elif height and level is not None and chance is not None \
                and chance != FALL_BASE // height * level:
            yield found(e, f"chance {FALL_BASE // height * level} (100 / {height} x {level})",
                        f"chance {chance}")
