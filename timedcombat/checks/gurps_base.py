"""Conditions of the ``gurps`` rules that come from the GURPS 4e Basic Set, on which
seed 002 sits (``docs/rules/gurps.md``, "Base rules from the GURPS 4e Basic Set"): the
3d6 success roll and its criticals, effective skill, what each maneuver allows, damage,
wounds and shock. Their tables are written out here from the Basic Set."""

from __future__ import annotations

import re
from collections.abc import Iterator

from timedcombat.checks import Finding
from timedcombat.checks.gurps_model import (
    GurpsLog,
    Phase,
    as_ints,
    critical,
    finding,
    maneuver_name,
    mod_sum,
    modifiers,
    same_tenth,
    step_events,
    success,
)
from timedcombat.checks.model import (
    Event,
    as_int,
)

Found = Iterator[Finding]

ATTACKS: dict[str, int] = {
    "move": 0, "move_and_attack": 1, "all_out_attack": 1, "attack": 1, "ready": 0,
    "all_out_defense": 0, "step": 0, "wait": 1, "aim": 0, "change_posture": 0,
    "do_nothing": 0, "evaluate": 0, "concentrate": 0,
}
"""Attacks each maneuver allows (B363-B366); All-Out Attack (Double): two."""
WOUNDING: dict[str, tuple[int, int]] = {
    "cr": (1, 1), "crushing": (1, 1), "cut": (3, 2), "cutting": (3, 2), "imp": (2, 1),
    "impaling": (2, 1), "pi-": (1, 2), "pi": (1, 1), "pi+": (3, 2), "pi++": (2, 1),
    "burn": (1, 1), "cor": (1, 1), "tox": (1, 1), "fat": (1, 1),
}
"""Wounding multipliers to the torso (B379), as fractions."""
MIN_BASIC = {"cr": 0, "crushing": 0}
"""Least basic damage (B378): 0 for crushing, 1 for every other type."""
SHOCK_CAP = 4
CRITICAL_MAJOR, CRITICAL_DOUBLE_SHOCK = "major_wound", "double_shock"
"""Critical Hit Table effects (B556) a ``damage`` names in ``critical``: "if any damage
penetrates DR, treat it as a major wound"; "... double shock (max -8)"."""
DICE = re.compile(r"^(\d+)d(\d*)([+-]\d+)?$")


def _roll_of(e: Event, roll: str = "roll", faces: str = "faces") -> tuple[int | None, str]:
    """Whether ``faces`` are three faces of 1-6 summing to ``roll`` (and, on a core
    ``attack`` or ``defence``, its ``total`` the same): (roll, problem)."""
    f, r = as_ints(e.get(faces)), as_int(e.get(roll))
    total = as_int(e.get("total")) if roll == "roll" and e.get("event") in (
        "attack", "defence") else None
    if r is not None and total is not None and total != r:
        return r, f"total {total}, roll {r}"
    if f is None:
        return r, ""
    if len(f) != 3 or not all(1 <= x <= 6 for x in f):
        return r, f"{faces} {f}: not three faces of 1-6"
    if r is not None and r != sum(f):
        return r, f"{roll} {r}, faces {f} sum to {sum(f)}"
    return sum(f), ""


def dice(log: GurpsLog) -> Found:
    """Every 3d6 roll is three faces of 1-6 and its roll their sum; damage faces match
    their dice (NdM: N faces of 1-M)."""
    for _, e in log.of("attack", "defence", "gurps.check", "gurps.wrong_target",
                       "gurps.critical", "gurps.ready"):
        _, bad = _roll_of(e)
        if not bad and e["event"] == "gurps.ready":
            _, bad = _roll_of(e, "fast_draw_roll", "fast_draw_faces")
        if not bad and e["event"] == "gurps.critical":
            _, bad = _roll_of(e, "second_roll", "second_faces")
        if bad:
            yield finding(e, "3d6: three faces of 1-6, the roll their sum", bad)
    for _, e in log.of("damage", "gurps.slam"):
        for spec_key, faces_key in (("dice", "faces"), ("target_dice", "target_faces")):
            spec, faces = e.get(spec_key), as_ints(e.get(faces_key))
            m = DICE.match(spec) if isinstance(spec, str) else None
            if m is None or faces is None:
                continue
            n, sides = int(m.group(1)), int(m.group(2) or 6)
            if len(faces) != n or not all(1 <= x <= sides for x in faces):
                yield finding(e, f"{spec}: {n} faces of 1-{sides}", f"{faces_key} {faces}")


def _success_rolls(log: GurpsLog) -> Iterator[tuple[Event, int, int, bool | None]]:
    """(event, roll, effective, success as logged) of each success roll."""
    for _, e in log.of("attack", "defence", "gurps.check", "gurps.wrong_target"):
        roll, _ = _roll_of(e)
        eff = as_int(e.get("effective_skill" if e["event"] == "gurps.wrong_target"
                           else "effective"))
        if roll is None or eff is None:
            continue
        if e["event"] in ("attack", "gurps.wrong_target"):
            result = e.get("result")
            ok = None if not isinstance(result, str) else result != "miss"
        else:
            flag = e.get("success")
            ok = flag if isinstance(flag, bool) else None
        yield e, roll, eff, ok


def success_rolls(log: GurpsLog) -> Found:
    """3d6 against effective skill: success on the roll or less, 3-4 always, 17-18 never;
    margin = effective - roll."""
    for e, roll, eff, ok in _success_rolls(log):
        want = success(roll, eff)
        if ok is not None and ok != want:
            yield finding(e, f"{'success' if want else 'failure'} ({roll} against {eff})",
                          f"{'success' if ok else 'failure'} ({e.get('result', '')})".
                          replace(" ()", ""))
            continue
        margin = as_int(e.get("margin"))
        if margin is not None and margin != eff - roll:
            yield finding(e, f"margin {eff - roll} ({eff} - {roll})", f"margin {margin}")


def criticals(log: GurpsLog) -> Found:
    """Critical success on 3-4 (5 at skill 15+, 6 at 16+), critical failure on 18 (17 at
    skill 15 or less, or 10 over skill) for attack rolls; no defence against a critical
    hit."""
    for i, e in log.of("attack"):
        roll, _ = _roll_of(e)
        eff = as_int(e.get("effective"))
        if roll is None or eff is None:
            continue
        want, got = critical(roll, eff), e.get("critical")
        if got != want:
            yield finding(e, f"critical {want or 'none'} ({roll} against {eff})",
                          f"critical {got or 'none'}")
        elif want == "success":
            for _, d in same_tenth(log, i):
                if d.get("event") == "defence" and d.get("actor") == e.get("target") \
                        and d.get("against") == e.get("actor") and d["seq"] > e["seq"]:
                    yield finding(d, "no defence against a critical hit",
                                  f"{d.get('kind')}")
                    break


def effective(log: GurpsLog) -> Found:
    """Effective skill = skill (or base) + the named modifiers; an attack's cap (Move and
    Attack: 9) bounds it."""
    for _, e in log.of("attack", "defence", "gurps.check"):
        mods = modifiers(e)
        base = as_int(e.get("skill" if e["event"] == "attack" else "base"))
        eff = as_int(e.get("effective"))
        total = mod_sum(mods) if mods is not None else None
        against = as_int(e.get("against")) if e["event"] == "attack" else None
        if eff is not None and against is not None and against != eff:
            yield finding(e, f"against {eff} (the effective skill)", f"against {against}")
            continue
        if base is None or eff is None or total is None:
            continue
        want = base + total
        cap = as_int(e.get("cap")) if e["event"] == "attack" else None
        if cap is not None:
            want = min(cap, want)
        if eff != want:
            what = f"{base} {total:+d}" + (f", at most {cap}" if cap is not None else "")
            yield finding(e, f"effective {want} ({what})", f"effective {eff}")
    for _, e in log.of("gurps.ready"):
        mods = e.get("fast_draw_modifiers")
        base, eff = as_int(e.get("fast_draw_skill")), as_int(e.get("fast_draw_effective"))
        total = mod_sum(mods) if isinstance(mods, dict) else None
        if base is not None and eff is not None and total is not None \
                and eff != base + total:
            yield finding(e, f"fast_draw_effective {base + total} ({base} {total:+d})",
                          f"fast_draw_effective {eff}")


def _allowed(m: Event) -> int | None:
    name = maneuver_name(m)
    if name is None or name not in ATTACKS:
        return None
    return 2 if name == "all_out_attack" and m.get("option") == "double" else ATTACKS[name]


def maneuver_attacks(log: GurpsLog) -> Found:
    """Only maneuvers that attack make attack rolls, as many as they allow (Move and
    Attack, All-Out Attack (Double: two), Attack, Wait: one)."""
    count: dict[tuple[int, int | None], int] = {}
    for i, e in log.of("attack"):
        p = log.phase_at(i, e.get("actor"))
        j = log.part_of(p, i)[0] if p is not None else None
        m = log.events[j] if j is not None else None
        most = _allowed(m) if m is not None else None
        if most is None or p is None:
            continue
        n = count[(p.index, j)] = count.get((p.index, j), 0) + 1
        if n > most:
            yield finding(e, f"{most} attack{'s' if most != 1 else ''} with "
                             f"{maneuver_name(m)}", f"attack {n}")


def maneuver_defences(log: GurpsLog) -> Found:
    """After All-Out Attack no active defence; after Move and Attack no parry and no
    retreat (until one's next phase)."""
    for i, e in log.of("defence"):
        name = maneuver_name(log.maneuver_at(i, e.get("actor")))
        kind = e.get("kind")
        if name == "all_out_attack":
            yield finding(e, "no active defence after All-Out Attack", f"{kind}")
        elif name == "move_and_attack" and (kind == "parry" or _retreats(e)):
            what = "a parry" if kind == "parry" else "a retreat"
            yield finding(e, "dodge or block only, no retreat, after Move and Attack", what)


def _retreats(e: Event) -> bool:
    """A retreating defence: a hex retreated into, or the retreat bonus taken (a retreat
    a grapple caught, docs/rules/gurps.md)."""
    mods = modifiers(e)
    return e.get("retreat") is not None or bool(mods and mods.get("retreat"))


def _phase_moves(log: GurpsLog) -> dict[tuple[int, int | None], tuple[int | None,
                                                                      list[Event]]]:
    """The hexes moved under each maneuver of each phase."""
    out: dict[tuple[int, int | None], tuple[int | None, list[Event]]] = {}
    for i, e in step_events(log):
        p = log.phase_at(i, e["actor"])
        if e["event"] == "move" and p is not None:
            j = log.part_of(p, i)[0]
            out.setdefault((p.index, j), (j, []))[1].append(e)
    return out


def move_allowance(log: GurpsLog) -> Found:
    """A maneuver moves no more hexes than it allows (its ``movement``)."""
    for j, moves in _phase_moves(log).values():
        m = log.events[j] if j is not None else None
        most = as_int(m.get("movement")) if m is not None else None
        if most is not None and len(moves) > most:
            yield finding(moves[most], f"at most {most} hexes with {maneuver_name(m)}",
                          f"{len(moves)} hexes")


def _multiplier(text: object) -> tuple[int, int] | None:
    if not isinstance(text, str) or not re.match(r"^x\d+(\.\d+)?$", text):
        return None
    whole, _, frac = text[1:].partition(".")
    den = 10 ** len(frac)
    return int(whole) * den + (int(frac) if frac else 0), den


def damage(log: GurpsLog) -> Found:
    """Penetrating = basic - DR (at least 0); injury = penetrating x the wounding
    multiplier (rounded down, at least 1 when anything penetrates); HP fall by the
    injury."""
    hp: dict[str, int | None] = {}  # None: changed in a way the log does not give
    for _, e in log.of("damage", "gurps.slam"):
        if e["event"] == "gurps.slam":
            for who in (e.get("actor"), e.get("target")):
                if isinstance(who, str):
                    hp[who] = None
            continue
        actor = e.get("actor")
        basic, dr, pen = as_int(e.get("basic")), as_int(e.get("dr")), as_int(e.get("penetrating"))
        injury, left, top = as_int(e.get("injury")), as_int(e.get("hp")), \
            as_int(e.get("hp_max"))
        core = _core_damage(e, injury, left, top)
        if core:
            yield finding(e, "the core amount = injury, body = HP, total = HP lost", core)
            continue
        if basic is not None and dr is not None and pen is not None and pen != max(0, basic - dr):
            yield finding(e, f"penetrating {max(0, basic - dr)} ({basic} - DR {dr})", f"{pen}")
            continue
        kind = e.get("damage_type")
        mult = WOUNDING.get(kind) if isinstance(kind, str) else None
        logged = _multiplier(e.get("multiplier"))
        if mult is not None and logged is not None and \
                logged[0] * mult[1] != mult[0] * logged[1]:
            yield finding(e, f"multiplier x{mult[0] / mult[1]:g} for {kind} (torso)",
                          f"{e.get('multiplier')}")
            continue
        if e.get("critical") is None and mult is not None and pen is not None \
                and injury is not None:
            want = pen * mult[0] // mult[1]
            want = max(1, want) if pen > 0 else 0
            if injury != want:
                yield finding(e, f"injury {want} ({pen} x{mult[0] / mult[1]:g})",
                              f"injury {injury}")
                continue
        if isinstance(actor, str):
            before = hp.get(actor, top)
            if before is not None and injury is not None and left is not None \
                    and left != before - injury:
                yield finding(e, f"HP {before - injury} ({before} - {injury})", f"HP {left}")
            hp[actor] = left


def _core_damage(e: Event, injury: int | None, left: int | None, top: int | None) -> str:
    """What of the core ``damage`` fields (``amount``, ``body``, ``total``) disagrees with
    the system's own (``injury``, ``hp_max``, HP lost = ``hp_max - hp``); "" when none."""
    amount, body, total = as_int(e.get("amount")), as_int(e.get("body")), \
        as_int(e.get("total"))
    if amount is not None and injury is not None and amount != injury:
        return f"amount {amount}, injury {injury}"
    if body is not None and top is not None and body != top:
        return f"body {body}, hp_max {top}"
    if total is not None and top is not None and left is not None and total != top - left:
        return f"total {total}, HP lost {top - left}"
    return ""


def major_wound(log: GurpsLog) -> Found:
    """A single injury over half one's HP is a major wound; so is any injury through DR
    from a critical hit whose effect is a major wound (B556)."""
    for _, e in log.of("damage"):
        injury, top, major = as_int(e.get("injury")), as_int(e.get("hp_max")), e.get("major")
        if injury is None or top is None or not isinstance(major, bool):
            continue
        forced = e.get("critical") == CRITICAL_MAJOR and injury > 0
        want = 2 * injury > top or forced
        if major != want:
            why = "a critical hit's major wound" if forced else \
                f"injury {injury} against HP {top}/2"
            yield finding(e, f"major {str(want).lower()} ({why})", f"major {str(major).lower()}")


def _slammed_unlogged(log: GurpsLog) -> set[str]:
    """Who took slam damage that no ``damage`` of the slam's tenth gives."""
    out: set[str] = set()
    for i, e in log.of("gurps.slam"):
        for who in (e.get("actor"), e.get("target")):
            if isinstance(who, str) and not any(
                    d.get("event") == "damage" and d.get("actor") == who
                    for _, d in same_tenth(log, i)):
                out.add(who)
    return out


def _shock(injury: int, doubled: bool) -> tuple[int, int]:
    """Shock (as a positive number) of ``injury`` HP, and its cap: -1 a HP, at most -4;
    doubled, at most -8, by a critical hit's double shock (B419, B556)."""
    cap = SHOCK_CAP * (2 if doubled else 1)
    return min(cap, injury * (2 if doubled else 1)), cap


def _turn_begins(p: Phase) -> int:
    """The event at which a fighter's turn begins: his maneuver's choice (an injury
    logged on his phase's first tenth before it, in the phase of a fighter who acts
    before him, counts for this turn), else the phase's own event."""
    return p.maneuver if p.maneuver is not None else p.index


def shock(log: GurpsLog) -> Found:
    """Shock: -1 per HP of injury, at most -4 (HP under 20; a critical hit's double shock:
    twice that, at most -8), on DX-based rolls in the victim's next turn only (the first
    he begins after the injury: :func:`_turn_begins`): his attacks there carry it."""
    taken: dict[str, list[tuple[int, int, bool]]] = {}
    unknown = _slammed_unlogged(log)  # shock the log does not let us work out
    for j, e in log.of("damage"):
        actor, injury, top, got = e.get("actor"), as_int(e.get("injury")), \
            as_int(e.get("hp_max")), as_int(e.get("shock"))
        if not isinstance(actor, str):
            continue
        if injury is None or top is None or top >= 20:
            unknown.add(actor)
            continue
        doubled = e.get("critical") == CRITICAL_DOUBLE_SHOCK and injury > 0
        want, cap = _shock(injury, doubled)
        if got is not None and abs(got) != want:
            twice = "doubled by a critical hit, " if doubled else ""
            yield finding(e, f"shock {want} ({injury} HP of injury, {twice}at most {cap})",
                          f"shock {got}")
        taken.setdefault(actor, []).append((j, injury, doubled))
    seen: set[int] = set()
    for i, e in log.of("attack"):
        actor, mods = e.get("actor"), modifiers(e)
        p = log.phase_at(i, actor)
        if p is None or mods is None or not isinstance(actor, str) or actor in unknown:
            continue
        before = [q for q in log.phases_of(actor) if q.start < p.start]
        lo = _turn_begins(before[-1]) if before else -1
        since = [(n, d) for j, n, d in taken.get(actor, ()) if lo <= j < _turn_begins(p)]
        due = _shock(sum(n for n, _ in since), any(d for _, d in since))[0]
        got = mods.get("shock", 0)
        if got != -due and p.index not in seen:
            seen.add(p.index)
            yield finding(e, f"shock {-due} (injury taken since his turn at "
                             f"{before[-1].start if before else 'the start'})", f"{got}")
