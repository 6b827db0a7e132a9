"""Conditions of the ``percentile`` rules on time: phases, declarations, Combat Actions.

Seed 001 counts in phases and Combat Actions; the tenths follow the documented mapping
(``docs/rules/percentile.md``, "Phases on the tenth-second clock"): phase ``p`` covers
tenths ``p * P`` to ``p * P + P - 1``; a combatant spends his ``B`` Combat Actions in the
order he declared them, and an action that brings his spending to ``s`` falls at
``start + max(0, ceil(s * P / B) - 1)``; an action of no cost falls with the one before
it; a mount spends its own Combat Actions on the same rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from timedcombat.checks import Finding
from timedcombat.checks.model import as_int as num
from timedcombat.checks.percentile_model import (
    GRAPPLE,
    RAM,
    STRIKE,
    Declared,
    PercentileLog,
    found,
    text,
)
from timedcombat.checks.percentile_tables import (
    ARMS,
    CA_PER_BAT,
    DEFENCES,
    DUCK_BLOCK_ARMED,
    DUCK_BLOCK_UNARMED,
    GRAPPLE_CA,
    GRAPPLES,
    LEGS,
    PENALTIES,
    STRIKES,
    STROKE_COSTS,
    STROKES,
)

Found = Iterator[Finding]
CLOCK = ("start", "placed", "end", "percentile.turn", "percentile.phase")


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


# ---------------------------------------------------------------------- phases


def phase_length(log: PercentileLog) -> Found:
    """A phase lasts ``phase_tenths``: its ``end`` (the tenth after its last) is start + P."""
    p = log.rules["phase_tenths"]
    if p is None:
        return
    for ph in log.phases:
        if ph.end is not None and ph.end - ph.t != p:
            yield found(log.events[ph.index], f"a phase of {p} tenths (end {ph.t + p})",
                        f"end {ph.end} ({ph.end - ph.t} tenths)")


def phase_order(log: PercentileLog) -> Found:
    """Turns 1, 2, ... in order, turn k at (k - 1) * P; each turn one phase, on its tenth."""
    p = log.rules["phase_tenths"]
    expected = 1
    for _, e in log.turn_events:
        turn = num(e.get("turn"))
        if turn != expected:
            yield found(e, f"turn {expected} (turns follow each other from 1)", f"turn {turn}")
        elif p is not None and e["t"] != (turn - 1) * p:
            yield found(e, f"turn {turn} at {(turn - 1) * p} (one phase of {p} tenths a turn)",
                        f"at {e['t']}")
        expected = (turn if turn is not None else expected) + 1
    seen: set[int] = set()
    turn_idx = [i for i, _ in log.turn_events]
    for ph in log.phases:
        e = log.events[ph.index]
        before = [i for i in turn_idx if i < ph.index]
        if not before:
            yield found(e, "a phase after the start of its turn", "a phase before any turn")
            continue
        ti = before[-1]
        te = log.events[ti]
        if ti in seen:
            yield found(e, "one phase a turn (the seed knows no turn above the phase)",
                        f"a second phase in turn {te.get('turn')}")
        elif te["t"] != ph.t or num(te.get("turn")) != ph.turn:
            yield found(e, f"the phase of turn {te.get('turn')} on its first tenth {te['t']}",
                        f"turn {ph.turn} at {ph.t}")
        seen.add(ti)


def phase_inside(log: PercentileLog) -> Found:
    """Every step falls inside a begun phase: t before the phase's end; an ``action``
    ends inside its phase (never split across two)."""
    if not log.phases:
        return
    first = log.phases[0]
    for i, e in enumerate(log.events):
        kind = e.get("event")
        if kind in CLOCK:
            continue
        ph = log.phase_at(i)
        if ph is None:
            if kind != "state":
                yield found(e, f"no step before the first phase begins (at {first.t})",
                            f"{kind} before it")
            continue
        if ph.end is None:
            continue
        if e["t"] >= ph.end:
            yield found(e, f"inside the phase of turn {ph.turn} ({ph.t} to {ph.end - 1})",
                        f"{kind} at {e['t']}")
        elif kind == "action" and num(e.get("end")) is not None and e["end"] >= ph.end:
            yield found(e, f"{e.get('name')} done by {ph.end - 1} (actions never split "
                           "across phases)", f"end {e['end']}")


def declare(log: PercentileLog) -> Found:
    """A declaration on its phase's first tenth, numbered as its phase, one a phase for
    each combatant, every action with its cost and its tenth."""
    p = log.rules["phase_tenths"]
    for d in log.all_declares:
        e, ph = d.ev, d.phase
        if ph is None:
            continue
        number = num(e.get("phase"))
        if e["t"] != ph.t:
            yield found(e, f"declared at the start of the phase ({ph.t})", f"at {e['t']}")
        elif ph.number is not None and number != ph.number:
            yield found(e, f"phase {ph.number} (turn {ph.turn})", f"phase {number}")
        elif p is not None and number is not None and number * p != ph.t:
            yield found(e, f"phase {number} starts at {number * p}", f"its phase at {ph.t}")
        elif number is not None and log.declares.get((d.actor, number)) is not d:
            yield found(e, f"one declaration of phase {number}", "a second one")
        elif not len(d.names) == len(d.costs) == len(d.tenths):
            yield found(e, "a cost and a tenth for every action",
                        f"{len(d.names)} actions, {len(d.costs)} costs, {len(d.tenths)} tenths")


# ---------------------------------------------------------------------- Combat Actions


def ca_bat(log: PercentileLog) -> Found:
    """Six times BAT Combat Actions a phase (rounded down; armed: ``armed_ca_per_bat``),
    and the stated Martial Arts Level, before penalties."""
    for d in log.all_declares:
        p = log.person(d.actor)
        if p is None:
            continue
        e = d.ev
        bat, armed, mal = p.bat, p.armed, p.int_stat("mal")
        per = log.rules["armed_ca_per_bat"] if armed else CA_PER_BAT
        base = num(e.get("base_budget"))
        if bat is not None and armed is not None and per is not None and base is not None:
            want = int(per * bat)
            if base != want:
                yield found(e, f"{want} Combat Actions ({per} x BAT {bat})",
                            f"base_budget {base}")
                continue
        base_mal = num(e.get("base_mal"))
        if mal is not None and base_mal is not None and base_mal != mal:
            yield found(e, f"base MAL {mal} (placed)", f"base_mal {base_mal}")


def penalty(log: PercentileLog) -> Found:
    """Penalties are rows of the seed's table, taken off MAL and the Combat Actions."""
    for d in log.all_declares:
        e = d.ev
        names = e.get("penalties")
        if not isinstance(names, list):
            continue
        unknown = [n for n in names if not isinstance(n, str) or n not in PENALTIES]
        if unknown:
            yield found(e, f"penalties of the table ({', '.join(PENALTIES)})",
                        f"{unknown[0]!r}")
            continue
        mal_off = sum(PENALTIES[n][0] for n in names)
        ca_off = sum(PENALTIES[n][1] for n in names)
        base_mal, mal = num(e.get("base_mal")), num(e.get("mal"))
        base, budget = num(e.get("base_budget")), num(e.get("budget"))
        if base_mal is not None and mal is not None and mal != base_mal + mal_off:
            yield found(e, f"MAL {base_mal + mal_off} ({base_mal} {mal_off:+d})", f"mal {mal}")
        elif base is not None and budget is not None and budget != max(0, base + ca_off):
            yield found(e, f"{max(0, base + ca_off)} Combat Actions ({base} {ca_off:+d}, "
                           "at least 0)", f"budget {budget}")


def _expected_penalties(log: PercentileLog, d: Declared) -> list[str] | None:
    p = log.person(d.actor)
    if p is None:
        return None
    disabled = p.disabled()
    shield, holding = p.flag("shield"), p.flag("holding")
    known, surprised = p.choice("surprised")
    phases = log.rules["surprise_phases"]
    number = d.phase.number if d.phase else None
    if disabled is None or shield is None or holding is None or not known or phases is None \
            or number is None:
        return None
    limbs = list(dict.fromkeys(disabled))
    for i, e in log.of("percentile.disabled"):
        limb = text(e.get("limb"))
        if i < d.index and e.get("actor") == d.actor and limb is not None and limb not in limbs:
            limbs.append(limb)
    rows = ["arm disabled" for limb in limbs if limb in ARMS]
    rows += ["leg disabled" for limb in limbs if limb in LEGS]
    rows += ["strapped in shield"] * shield + ["holding an object"] * holding
    if surprised in ("front", "rear") and number < phases:
        rows.append(f"surprised, attack from {surprised}")
    return rows


def penalty_when(log: PercentileLog) -> Found:
    """The penalties are the ones that apply: a row per disabled limb (from the start or
    from a joint lock), shield, object held, surprise in the first phases."""
    for d in log.all_declares:
        names = d.ev.get("penalties")
        want = _expected_penalties(log, d)
        if want is None or not isinstance(names, list):
            continue
        if Counter(map(str, names)) != Counter(want):
            yield found(d.ev, f"penalties [{', '.join(want)}]",
                        f"[{', '.join(map(str, names))}]")


def _duck_cost(log: PercentileLog, actor: str) -> set[int]:
    armed = {p.armed for p in log.opponents(actor)}
    if not armed or None in armed:
        return {DUCK_BLOCK_UNARMED, DUCK_BLOCK_ARMED}
    return {DUCK_BLOCK_ARMED if a else DUCK_BLOCK_UNARMED for a in armed}


def _costs(log: PercentileLog, d: Declared, name: str | None) -> set[int] | None:
    r = log.rules
    if name in STROKE_COSTS:
        return set(STROKE_COSTS[name])
    if name in ("duck", "block"):
        return _duck_cost(log, d.actor)
    if name in GRAPPLES:
        return {GRAPPLE_CA}
    if name in ("ram", "reins"):
        return {0}
    if name == "parry" and r["weapon_parry_ca"] is not None:
        return {r["weapon_parry_ca"]}
    if name == "close" and r["step_ca"] is not None:
        return {r["step_ca"]}
    return None


def ca_cost(log: PercentileLog) -> Found:
    """Each declared action costs what the seed's table says (a strike: by the stroke it
    was made with; duck or block: 1 against an unarmed, 3 against an armed opponent)."""
    stroke_of: dict[tuple[int, int], str] = {}
    for i, (d, k) in log.match.items():
        e = log.events[i]
        if e.get("event") == STRIKE and e.get("stroke") in STROKES:
            stroke_of[(d.index, k)] = e["stroke"]
    for d in log.all_declares:
        for k, (name, cost) in enumerate(zip(d.names, d.costs, strict=False)):
            if cost is None:
                continue
            stroke = stroke_of.get((d.index, k))
            want: set[int] | None
            if stroke is not None and name in STROKE_COSTS:
                want = {STROKE_COSTS[name][STROKES.index(stroke)]}
                why = f"a {stroke} {name}"
            else:
                want, why = _costs(log, d, name), str(name)
            if want is not None and cost not in want:
                yield found(d.ev, f"{why} costs {' or '.join(map(str, sorted(want)))}",
                            f"cost {cost} (action {k + 1})")


def ca_budget(log: PercentileLog) -> Found:
    """The actions declared for a phase fit its Combat Actions."""
    for d in log.all_declares:
        budget = num(d.ev.get("budget"))
        spent = sum(c for c in d.costs if c is not None)
        if budget is not None and spent > budget:
            yield found(d.ev, f"at most {budget} Combat Actions", f"{spent} declared")


def _mount_actions(log: PercentileLog, d: Declared) -> int | None:
    for i, e in log.of("percentile.control"):
        if e.get("actor") == d.actor and log.phase_at(i) is d.phase:
            return num(e.get("mount_actions")) if e.get("result") == "success" else 0
    return None


def ca_tenths(log: PercentileLog) -> Found:
    """The declared actions fall in order at the tenths of the documented spending rule."""
    p = log.rules["phase_tenths"]
    for d in log.all_declares:
        budget = num(d.ev.get("budget"))
        if p is None or budget is None or d.phase is None:
            continue
        start = d.phase.t
        spent, rams = 0, 0
        last: int | None = start  # the tenth of the rider's action before (None: a ram)
        mount = None
        for k, (name, cost) in enumerate(zip(d.names, d.costs, strict=False)):
            got = d.tenth(k)
            if name == "ram":
                rams += 1
                last = None  # whether a ram is "the action before" the seed does not say
                mount = _mount_actions(log, d) if mount is None else mount
                if not mount:
                    continue
                want = start + max(0, _ceil(rams * p, mount) - 1)
                why = f"the mount's action {rams} of {mount}"
            elif cost is None or cost < 0:
                break
            elif cost == 0:
                if last is None:
                    continue
                want, why = last, "no cost: with the action before"
            else:
                spent += cost
                if spent > budget:
                    break
                want = start + max(0, _ceil(spent * p, budget) - 1)
                why = f"{spent} of {budget} Combat Actions spent"
                last = want
            if got != want:
                yield found(d.ev, f"{name} (action {k + 1}) at {want} ({why})", f"at {got}")
                break


# ---------------------------------------------------------------------- order of action


def action_tenth(log: PercentileLog) -> Found:
    """Each strike, ram and grappling move is a declared action of its phase, made at its
    declared tenth (two moves on each other: together, at the later one's tenth)."""
    for i, e in enumerate(log.events):
        kind = e.get("event")
        if kind not in (STRIKE, GRAPPLE, RAM):
            continue
        name = e.get("strike") if kind == STRIKE else e.get("move") if kind == GRAPPLE \
            else "ram"
        d = log.declared(e.get("actor"), i)
        if d is None:
            if log.all_declares and log.phase_at(i) is not None:
                yield found(e, f"{name} declared at the start of the phase", "no declaration")
            continue
        if i not in log.match:
            where = "" if kind == GRAPPLE else f" at {e['t']}"
            yield found(e, f"a declared {name}{where} (declared: "
                           f"{_listing(d)})", f"{name} at {e['t']}")
            continue
        if kind != GRAPPLE:
            continue
        own = d.tenth(log.match[i][1])
        partner = log.partner(i)
        other = log.match.get(partner) if partner is not None else None
        if partner is not None and other is None:
            continue
        want = own if other is None else max(own or 0, other[0].tenth(other[1]) or 0)
        if own is not None and e["t"] != want:
            why = "with the opponent's move" if other is not None else "declared"
            yield found(e, f"{name} at {want} ({why})", f"at {e['t']}")


def _listing(d: Declared) -> str:
    return ", ".join(f"{n} {t}" for n, t in zip(d.names, d.tenths, strict=False)) or "nothing"


def strike_count(log: PercentileLog) -> Found:
    """A strike compares the strikes made to the target's parries, ducks and blocks:
    no more strikes than the striker declared and no fewer than he has made at the
    target this phase; no more parries than the target declared."""
    made: Counter[tuple[str, str, int]] = Counter()
    for i, e in log.of(STRIKE):
        actor, target, number = e.get("actor"), e.get("target"), log.number_at(i)
        strikes, parries = num(e.get("strikes")), num(e.get("parries"))
        if not isinstance(actor, str) or not isinstance(target, str) or number is None:
            continue
        made[(actor, target, number)] += 1
        mine, theirs = log.declared(actor, i), log.declared(target, i)
        if strikes is not None and mine is not None and strikes > mine.count(STRIKES):
            yield found(e, f"at most {mine.count(STRIKES)} strikes (declared)",
                        f"strikes {strikes}")
        elif strikes is not None and strikes < made[(actor, target, number)]:
            yield found(e, f"at least {made[(actor, target, number)]} strikes (made at "
                           f"{target} this phase)", f"strikes {strikes}")
        elif parries is not None and theirs is not None and parries > theirs.count(DEFENCES):
            yield found(e, f"at most {theirs.count(DEFENCES)} parries, ducks and blocks "
                           f"({target} declared)", f"parries {parries}")
