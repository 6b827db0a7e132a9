"""Conditions of the ``gurps`` rules of seed 002 itself (Close Combat): entering and
leaving a foe's hex, half hexes, weapons, shields, Ready, defences, several participants
and attacks from outside, read from the log's moves, states and rolls.

The Basic Set figures these rules need (a weapon's reach and Bulk, a shield's DB) are
tables of their own below (Basic Set, B271-B287); a weapon or shield not in them is not
judged.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator, Sequence

from timedcombat.checks import Finding
from timedcombat.checks.gurps_model import (
    GurpsLog,
    Phase,
    Snap,
    as_ints,
    as_strs,
    finding,
    half_distance,
    is_step_move,
    maneuver_name,
    mod_sum,
    modifiers,
    same_tenth,
    side_hexes,
    success,
    tenth_ends,
)
from timedcombat.checks.model import (
    Event,
    Hex,
    as_hex,
    as_int,
    direction,
    lookup,
    opposite,
)

Found = Iterator[Finding]

C = 0
"""Reach "C" written as 0."""
REACHES: dict[str, tuple[int, ...]] = {
    "punch": (C,), "kick": (C, 1), "bite": (C,), "brass_knuckles": (C,), "blackjack": (C,),
    "knife": (C, 1), "large_knife": (C, 1), "small_knife": (C, 1), "dagger": (C,),
    "main_gauche": (C, 1), "shortsword": (1,), "broadsword": (1,), "light_club": (1,),
    "baton": (1,), "axe": (1,), "hatchet": (1,), "mace": (1,), "small_mace": (1,),
    "spear": (1,), "quarterstaff": (1, 2), "staff": (1, 2), "greatsword": (1, 2),
    "bastard_sword": (1, 2), "katana": (1, 2), "rapier": (1, 2), "saber": (1,),
    "smallsword": (1,), "great_axe": (1, 2), "maul": (1, 2), "halberd": (2, 3),
    "glaive": (2, 3), "morningstar": (1,), "flail": (1,), "warhammer": (1,),
}
"""Reaches of melee weapons (Basic Set B271-B273; 0 = C). Seed 002: only reach C in
close combat."""
BULK: dict[str, int] = {"bow": -7, "short_bow": -6, "longbow": -8, "composite_bow": -7,
                        "crossbow": -6, "sling": -4}
"""Bulk of ranged weapons (Basic Set B275): the to-hit penalty in close combat."""
SHIELD_DB: dict[str, int] = {"buckler": 1, "small": 1, "medium": 2, "large": 3}
"""Defence Bonus of shields (Basic Set B287)."""
FENCING = frozenset({"rapier", "saber", "smallsword", "main_gauche"})
BARE_HAND = frozenset({"punch", "hand", "hands", "bare_hand", "bare_hands", "unarmed"})
TAKEDOWN_MOST, PIN_MOST = 2, 3
"""Seed 002: "up to two fighters ... take down"; "up to three ... pin"."""
INTO_CLOSE_COMBAT = -2
WRONG_TARGET_CAP = 9
HELPER_DIVISOR = 5
STOPS = frozenset({"hit", "parried", "blocked"})
"""Results that end a wrong-target chain: someone is hit or someone parries."""


def _foes(log: GurpsLog, snap: Snap, actor: str, h: Hex, able: bool = True) -> list[str]:
    """Foes of ``actor`` standing in hex ``h`` (able to fight, unless ``able`` is off)."""
    me = log.person(actor)
    if me is None or me.side is None:
        return []
    out = []
    for who in snap.here(h):
        p = log.person(who)
        if who != actor and p is not None and p.side is not None and p.side != me.side \
                and not (able and who in snap.down):
            out.append(who)
    return out


def _held(snap: Snap, actor: str) -> bool:
    """Grappled by someone still able to hold him (or by someone the log does not name)."""
    return any(g is None or g not in snap.down for g in snap.grappled.get(actor, ()))


def _entries(log: GurpsLog) -> Iterator[tuple[int, Event, Hex, Hex, list[str]]]:
    """Every step move into a hex where able foes stand: (index, move, from, to, foes)."""
    for i, e in log.of("move"):
        if not is_step_move(log, i):
            continue
        snap = log.snaps[i]
        frm, to = snap.pos.get(e["actor"]) or as_hex(e.get("from")), as_hex(e.get("to"))
        if frm is None or to is None:
            continue
        foes = _foes(log, snap, e["actor"], to)
        if foes:
            yield i, e, frm, to, foes


def _next_move(log: GurpsLog, i: int, actor: str) -> tuple[int, Event] | None:
    for j in range(i + 1, len(log.events)):
        d = log.events[j]
        if d.get("event") == "move" and d.get("actor") == actor and is_step_move(log, j):
            return j, d
    return None


def _same_phase(log: GurpsLog, i: int, j: int, actor: str) -> Phase | None:
    p = log.phase_at(i, actor)
    return p if p is not None and log.phase_at(j, actor) is p else None


def _attempts(log: GurpsLog, lo: int, hi: int, actor: str, foes: Sequence[str],
              slam: bool = True) -> bool:
    """Whether ``actor`` tried to evade (or slam) one of ``foes`` between events ``lo`` and
    ``hi`` (their tenths included)."""
    t0, t1 = log.events[lo]["t"], log.events[hi]["t"]
    for k in range(bisect.bisect_left(log.times, t0), log.first_after(t1)):
        d = log.events[k]
        if d.get("actor") != actor:
            continue
        kind, what = d.get("event"), d.get("kind")
        if kind in ("gurps.contest", "gurps.check") and isinstance(what, str) \
                and what.startswith("evade") and (d.get("target") in foes
                                                  or d.get("against") in foes
                                                  or kind == "gurps.check"):
            return True
        if slam and ((kind == "attack" and what == "slam") or kind == "gurps.slam") \
                and d.get("target") in foes:
            return True
    return False


# ---------------------------------------------------------------------- entering


def close_combat_on_entering(log: GurpsLog) -> Found:
    """Whoever shares a hex with an able foe at the end of a tenth is in close combat
    (``state close_combat true`` by then): the one who entered and the one entered on."""
    reported: set[tuple[str, Hex]] = set()
    for i in tenth_ends(log):
        snap = log.snaps[i + 1]
        for who, h in snap.pos.items():
            if who in snap.down or not _foes(log, snap, who, h):
                reported.discard((who, h))
                continue
            if snap.in_close(who) or (who, h) in reported:
                continue
            reported.add((who, h))
            e = _entering_event(log, i, h)
            yield finding(e, f"{who} in close combat from {e['t']} (in a foe's hex: "
                             "state close_combat true)", "not in close combat", who)


def _entering_event(log: GurpsLog, i: int, h: Hex) -> Event:
    """The move into ``h`` on event ``i``'s tenth, else event ``i``."""
    for j in range(i, -1, -1):
        d = log.events[j]
        if d["t"] != log.events[i]["t"]:
            break
        if d.get("event") == "move" and as_hex(d.get("to")) == h:
            return d
    return log.events[i]


def close_combat_in_hex(log: GurpsLog) -> Found:
    """Whoever is in close combat at the end of a tenth shares a hex with a foe (unless
    the miniatures compromise ``adjacent_joins_close_combat`` is on)."""
    if log.rule("adjacent_joins_close_combat") is True:
        return
    reported: set[str] = set()
    for i in tenth_ends(log):
        snap = log.snaps[i + 1]
        for who, with_ in snap.close.items():
            h = snap.pos.get(who)
            if not with_ or h is None or _foes(log, snap, who, h, able=False):
                reported.discard(who)
                continue
            if who in reported:
                continue
            reported.add(who)
            e = next((d for j, d in [(i, log.events[i]), *same_tenth(log, i)]
                      if d.get("actor") == who), log.events[i])
            yield finding(e, f"{who} in close combat only in a foe's hex", f"in close combat "
                             f"at {list(h)} with no foe there", who)


def passing_through(log: GurpsLog) -> Found:
    """Moving on out of a foe's hex in the maneuver that entered it takes an evade or a
    slam of that foe."""
    for i, e, _, to, foes in _entries(log):
        actor = e["actor"]
        nxt = _next_move(log, i, actor)
        if nxt is None or as_hex(nxt[1].get("to")) == to:
            continue
        if _same_phase(log, i, nxt[0], actor) is None:
            continue
        if not _attempts(log, i, nxt[0], actor, foes):
            yield finding(nxt[1], f"an evade or slam of {', '.join(foes)} to move on "
                                  f"through {list(to)}", "none")


def _facing_after(log: GurpsLog, i: int, actor: str, facing: object) -> object:
    """``actor``'s facing once he stops after move ``i``: a turn in place he makes later
    on that tenth or in the rest of his phase, before he moves on (a ``move`` with
    ``from`` = ``to``: stopped by a foe he evaded, he turns to him), changes it."""
    p = log.phase_at(i, actor)
    last = p.last if p is not None else log.events[i]["t"]
    for j in range(i + 1, len(log.events)):
        d = log.events[j]
        if d["t"] > last:
            break
        if d.get("event") == "move" and d.get("actor") == actor:
            if as_hex(d.get("from")) != as_hex(d.get("to")):
                break
            facing = d.get("facing")
    return facing


def entering_facing(log: GurpsLog) -> Found:
    """Running into a foe's hex with Move, Move and Attack or All-Out Attack and stopping
    there, one faces the foe (the way one came in), at the latest by the end of his
    phase."""
    for i, e, frm, to, foes in _entries(log):
        actor = e["actor"]
        facing = _facing_after(log, i, actor, e.get("facing"))
        if not isinstance(facing, str) or len(log.snaps[i].here(to)) != 1:
            continue
        if maneuver_name(log.maneuver_at(i, actor)) not in ("move", "move_and_attack",
                                                    "all_out_attack"):
            continue
        nxt = _next_move(log, i, actor)
        if nxt is not None and _same_phase(log, i, nxt[0], actor) is not None:
            continue  # moving on: not stopping
        want = direction(frm, to)
        if want is not None and facing != want:
            yield finding(e, f"facing {want}, towards {foes[0]}", f"facing {facing}")


def half_hexes(log: GurpsLog) -> Found:
    """Entering a foe's hex one takes the half on the side one came from; a lone foe
    there takes the other half (``gurps.half_hex``, on the entering tenth)."""
    for i, e, frm, to, _ in _entries(log):
        actor = e["actor"]
        nxt = _next_move(log, i, actor)
        if nxt is not None and _same_phase(log, i, nxt[0], actor) is not None:
            continue  # passing through
        event = next((d for _, d in same_tenth(log, i)
                      if d.get("event") == "gurps.half_hex" and d.get("actor") == actor
                      and as_hex(d.get("at")) == to), None)
        mine = direction(to, frm)
        if event is None:
            yield finding(e, f"gurps.half_hex for {actor} entering {list(to)}", "none")
            continue
        occupants, sides = as_strs(event.get("occupants")), as_strs(event.get("sides"))
        if occupants is None or sides is None or len(occupants) != len(sides) or mine is None:
            continue
        got = dict(zip(occupants, sides, strict=True))
        before = log.snaps[i]
        others = [a for a in before.here(to) if a != actor]
        want = {actor: mine}
        if len(others) == 1:
            want[others[0]] = opposite(mine)
        else:
            known = before.halves.get(to, {})
            want.update({a: known[a] for a in others if a in known})
        for who, side in want.items():
            if who in got and got[who] != side:
                yield finding(event, f"{who} in the {side} half", f"{got[who]}", actor)
            elif who not in got:
                yield finding(event, f"{who} in the {side} half", "not listed", actor)


# ---------------------------------------------------------------------- leaving


def leaving_own_side(log: GurpsLog) -> Found:
    """Leaving a close-combat hex goes into one of the three hexes on one's own side,
    unless one evades the foe (to leave through his side)."""
    for i, e in log.of("move"):
        if not is_step_move(log, i):
            continue
        actor, snap = e["actor"], log.snaps[i]
        h, to = snap.pos.get(actor), as_hex(e.get("to"))
        if h is None or to is None or not snap.in_close(actor):
            continue
        side = snap.halves.get(h, {}).get(actor)
        if side is None or to in side_hexes(h, side) or not _foes(log, snap, actor, h):
            continue
        p = log.phase_at(i, actor)
        lo = p.index if p is not None else i
        if not _attempts(log, lo, i, actor, _foes(log, snap, actor, h, able=False),
                         slam=False):
            own = " ".join(str(list(x)) for x in side_hexes(h, side))
            yield finding(e, f"out of {list(h)} (own side {side}) into {own}, or an evade",
                          f"into {list(to)}")


def grappled_stays(log: GurpsLog) -> Found:
    """A grappled fighter does not leave the hex (nor retreat) until he breaks free."""
    for i, e in log.of("move"):
        actor, to = e.get("actor"), as_hex(e.get("to"))
        snap = log.snaps[i]
        if not isinstance(actor, str) or to is None or snap.pos.get(actor) in (None, to):
            continue
        if _held(snap, actor):
            who = ", ".join(sorted(g or "?" for g in snap.grappled[actor]))
            yield finding(e, f"{actor} stays in {list(snap.pos[actor])} until free of {who}",
                          f"move to {list(to)}")


# ---------------------------------------------------------------------- weapons


def _ranged(e: Event) -> bool:
    return e.get("kind") == "shot" or e.get("weapon") in BULK


def _not_close(weapon: object) -> tuple[int, ...] | None:
    """The reaches of a weapon known to have no reach C (``None``: it has C, or the log's
    weapon is not one of the table)."""
    reaches = REACHES.get(weapon) if isinstance(weapon, str) else None
    return reaches if reaches is not None and C not in reaches else None


def close_weapons(log: GurpsLog) -> Found:
    """In close combat a melee attack uses a weapon of reach C."""
    for i, e in log.of("attack"):
        actor, weapon = e.get("actor"), e.get("weapon")
        if not isinstance(actor, str) or not log.snaps[i].in_close(actor) or _ranged(e) \
                or e.get("kind") in ("grapple", "slam"):
            continue
        reaches = _not_close(weapon)
        if reaches is not None:
            yield finding(e, "a weapon of reach C in close combat",
                          f"{weapon} (reach {', '.join(map(str, reaches))})")


def ranged_bulk(log: GurpsLog) -> Found:
    """A ranged weapon in close combat: its Bulk as the penalty, no range penalty; Bulk
    only in close combat."""
    for i, e in log.of("attack"):
        mods, actor = modifiers(e), e.get("actor")
        if mods is None or not isinstance(actor, str):
            continue
        bulk = mods.get("bulk_in_close_combat")
        if not log.snaps[i].in_close(actor) or not _ranged(e):
            if bulk not in (None, 0):
                yield finding(e, "no Bulk penalty (not a ranged attack in close combat)",
                              f"bulk_in_close_combat {bulk}")
            continue
        weapon = e.get("weapon")
        want = BULK.get(weapon) if isinstance(weapon, str) else None
        given = as_int(bulk)
        if (want is not None and bulk != want) or (want is None and (
                given is None or given >= 0)):
            yield finding(e, f"bulk_in_close_combat {want if want is not None else '< 0'} "
                             f"({e.get('weapon')} in close combat)", f"{bulk}")
        elif mods.get("range") not in (None, 0):
            yield finding(e, "no range penalty in close combat (Bulk instead)",
                          f"range {mods.get('range')}")


# ---------------------------------------------------------------------- shields


def _db(log: GurpsLog, snap: Snap, actor: str) -> int | None:
    """The DB of the shield ``actor`` carries (0: none; ``None``: unknown)."""
    shield = snap.shield.get(actor)
    if shield is None:
        return 0 if actor in snap.shield else None
    p = log.person(actor)
    given = p.stat("shield_db") if p else None
    return given if given is not None else SHIELD_DB.get(shield)


def _entering_attack(log: GurpsLog, i: int, actor: str) -> bool:
    """Whether attack ``i`` is the one with which ``actor`` entered his foe's hex: a slam
    (it carries him into the hex), or his first attack after moving into it, in the same
    phase."""
    if log.events[i].get("kind") == "slam":
        return True
    h = log.snaps[i].pos.get(actor)
    p = log.phase_at(i, actor)
    if h is None or p is None:
        return False
    for j in range(i - 1, p.index, -1):
        d = log.events[j]
        if d.get("actor") != actor:
            continue
        if d.get("event") == "attack":
            return False
        if d.get("event") == "move" and as_hex(d.get("to")) == h and is_step_move(log, j):
            return bool(_foes(log, log.snaps[j], actor, h))
    return False


def shield_attacks(log: GurpsLog) -> Found:
    """Every attack in close combat while carrying a shield is at -DB, except the one
    with which the attacker entered the foe's hex."""
    for i, e in log.of("attack"):
        actor, mods = e.get("actor"), modifiers(e)
        if not isinstance(actor, str):
            continue
        snap = log.snaps[i]
        entering = _entering_attack(log, i, actor)
        if e.get("entering") is True and not entering:
            yield finding(e, "no exemption: not the attack that entered the foe's hex",
                          "entering true")
            continue
        db = _db(log, snap, actor)
        if mods is None or db is None:
            continue
        want = -db if snap.in_close(actor) and not entering else 0
        got = mods.get("shield_in_close_combat", 0)
        if got != want:
            why = "entering attack" if entering else "in close combat" if want else \
                "not in close combat" if db else "no shield"
            yield finding(e, f"shield_in_close_combat {want} ({why})", f"{got}")


def _first_close_phase(log: GurpsLog, i: int, actor: str) -> Phase | None:
    """The phase that is ``actor``'s first turn in his present close combat: the one in
    which he entered, or when a foe entered his hex, his next (docs/rules/gurps.md)."""
    snap = log.snaps[i]
    since = snap.close_since.get(actor) if snap.in_close(actor) else None
    if since is None:
        return None
    t = log.events[since]["t"]
    p = log.phase_at(since, actor)
    own = p is not None and any(d.get("event") == "move" and d.get("actor") == actor
                                for _, d in same_tenth(log, since))
    if own:
        return p
    return next((q for q in log.phases_of(actor) if q.start > t), None)


def _dx_rolls(log: GurpsLog) -> Iterator[tuple[int, Event]]:
    for i, e in log.of("gurps.ready", "gurps.check"):
        if e["event"] == "gurps.check" and e.get("kind") != "dx":
            continue
        if e["event"] == "gurps.ready" and e.get("roll") is None and e.get("faces") is None:
            continue
        yield i, e


def shield_dx(log: GurpsLog) -> Found:
    """Every DX roll in close combat after one's first turn there is at -DB (rolls in
    one's own phases: a Ready's DX roll, a DX check)."""
    for i, e in _dx_rolls(log):
        actor, mods = e.get("actor"), modifiers(e)
        if not isinstance(actor, str) or mods is None:
            continue
        snap = log.snaps[i]
        p = log.phase_at(i, actor)
        db = _db(log, snap, actor)
        if p is None or db is None or not snap.in_close(actor):
            continue
        first = _first_close_phase(log, i, actor)
        if first is None:
            continue
        want = -db if p.start > first.start else 0
        got = mods.get("shield_in_close_combat", 0)
        if got != want:
            when = "after" if want else "in"
            yield finding(e, f"shield_in_close_combat {want} (a DX roll {when} the first "
                             f"turn in close combat, from {first.start})", f"{got}")


def _roll(e: Event, key: str = "roll", faces: str = "faces") -> int | None:
    r = as_int(e.get(key))
    if r is None:
        f = as_ints(e.get(faces))
        r = sum(f) if f else None
    return r


def _ready_maneuver(log: GurpsLog, i: int, e: Event) -> Found:
    p = log.phase_at(i, e.get("actor"))
    m = log.maneuver_of(p, i) if p is not None else None
    if m is not None and maneuver_name(m) != "ready":
        yield finding(e, f"a Ready maneuver ({e.get('result')})", f"{maneuver_name(m)}")


def _close_readies(log: GurpsLog, discard: bool) -> Iterator[tuple[int, Event]]:
    """The ``gurps.ready`` events of fighters in close combat: those discarding a shield,
    or the others."""
    for i, e in log.of("gurps.ready"):
        actor = e.get("actor")
        if (e.get("discard") is True) == discard and isinstance(actor, str) \
                and log.snaps[i].in_close(actor):
            yield i, e


def _dx_readies(log: GurpsLog, discard: bool, what: str,
                judge: Callable[[GurpsLog, int, Event, int, int | None], Found]) -> Found:
    """The DX roll of each Ready in close combat (:func:`_close_readies`): a finding when
    there is none (to ``what``), else what ``judge`` finds of the roll and its effective
    skill (``None``: not given)."""
    for i, e in _close_readies(log, discard):
        roll = _roll(e)
        if roll is None:
            yield finding(e, f"a DX roll to {what} in close combat", "none")
        else:
            yield from judge(log, i, e, roll, as_int(e.get("effective")))


def discard_shield(log: GurpsLog) -> Found:
    """Getting rid of a shield in close combat takes a Ready maneuver and a successful DX
    roll."""
    return _dx_readies(log, True, "discard the shield", _discarded)


def _discarded(log: GurpsLog, i: int, e: Event, roll: int, eff: int | None) -> Found:
    yield from _ready_maneuver(log, i, e)
    if eff is None:
        return
    want = "ready" if success(roll, eff) else "wasted"
    if e.get("result") != want:
        yield finding(e, f"{want} (DX roll {roll} against {eff})", f"{e.get('result')}")


def ready_dx(log: GurpsLog) -> Found:
    """Readying a weapon in close combat takes a DX roll; on a failure the Ready is
    wasted."""
    return _dx_readies(log, False, "ready", _readied)


def _readied(log: GurpsLog, i: int, e: Event, roll: int, eff: int | None) -> Found:
    if eff is None:
        return
    if not success(roll, eff):
        if e.get("result") != "wasted":
            yield finding(e, f"wasted (DX roll {roll} against {eff} fails)",
                          f"{e.get('result')}")
        else:
            yield from _ready_maneuver(log, i, e)
    elif e.get("result") == "wasted":
        yield finding(e, f"readied (DX roll {roll} against {eff} succeeds)", "wasted")


def _reload(log: GurpsLog, i: int, e: Event) -> bool:
    """Whether ``gurps.ready`` ``i`` reloads the ranged weapon in hand (not the seed's
    drawing of a weapon): docs/rules/gurps.md, "after a shot it takes two Ready maneuvers
    (one saved by a successful Fast-Draw (Arrow) roll)"."""
    weapon = e.get("weapon")
    return e.get("result") == "reloading" or (
        isinstance(weapon, str) and weapon in BULK
        and lookup(log.snaps[i].hand, e.get("actor")) == weapon)


def fast_draw(log: GurpsLog) -> Found:
    """Fast-Draw in close combat: its roll only after the DX roll succeeds; success
    readies at once, failure takes a full Ready maneuver."""
    for i, e in _close_readies(log, discard=False):
        roll, eff = _roll(e), as_int(e.get("effective"))
        fd = _roll(e, "fast_draw_roll", "fast_draw_faces")
        fd_eff = as_int(e.get("fast_draw_effective"))
        result = e.get("result")
        if fd is None:
            if result == "ready_free":
                yield finding(e, "ready_free only after a Fast-Draw roll", "no Fast-Draw roll")
            continue
        if roll is not None and eff is not None and not success(roll, eff):
            yield finding(e, f"no Fast-Draw roll after the DX roll failed ({roll} against "
                             f"{eff})", f"Fast-Draw roll {fd}")
            continue
        if fd_eff is None:
            continue
        if _reload(log, i, e):
            if result == "ready_free":
                yield finding(e, f"ready or reloading (a reload of the {e.get('weapon')}: "
                                 "Fast-Draw (Arrow) saves one Ready)", f"{result}")
            continue
        want = "ready_free" if success(fd, fd_eff) else "ready"
        if result != want:
            yield finding(e, f"{want} (Fast-Draw roll {fd} against {fd_eff})", f"{result}")
        elif want == "ready":
            yield from _ready_maneuver(log, i, e)


# ---------------------------------------------------------------------- defences


def _retreating(e: Event) -> bool:
    return as_hex(e.get("retreat")) is not None


def _caught(log: GurpsLog, i: int, e: Event) -> bool:
    """Whether defence ``i`` is a retreat caught by a grapple (docs/rules/gurps.md,
    Readings of the driver, Retreat: "A retreat that fails against a grapple does not get
    away: he is caught as he steps back (the retreat bonus still counted)"): a failed
    defence with no retreat hex against a grapple that holds him on that tenth."""
    me, foe = e.get("actor"), e.get("against")
    if _retreating(e) or e.get("success") is not False:
        return False
    grab = held = False
    for j, d in same_tenth(log, i):
        if j < i and d.get("event") == "attack" and d.get("kind") == "grapple" \
                and d.get("actor") == foe and d.get("target") == me:
            grab = True
        if j > i and d.get("event") == "state" and d.get("state") == "grappled" \
                and d.get("actor") == me and d.get("value") is True \
                and d.get("opponent") in (foe, None):
            held = True
    return grab and held


def _retreat_out(log: GurpsLog, i: int, e: Event) -> bool:
    """Whether defence ``i`` retreats out of close combat: into a hex, or a retreat (its
    bonus taken) that a grapple caught as he stepped back - "This lets you use any active
    defence"."""
    mods = modifiers(e) or {}
    return _retreating(e) or (bool(mods.get("retreat")) and _caught(log, i, e))


def close_parry(log: GurpsLog) -> Found:
    """In close combat one parries only with a bare hand or a weapon of reach C (unless
    retreating out of it)."""
    for i, e in log.of("defence"):
        actor, weapon = e.get("actor"), e.get("weapon")
        if e.get("kind") != "parry" or not isinstance(actor, str) \
                or not log.snaps[i].in_close(actor) or _retreat_out(log, i, e):
            continue
        if weapon is None or weapon in BARE_HAND:
            continue
        if _not_close(weapon) is not None:
            yield finding(e, "a parry with a bare hand or a reach C weapon in close combat",
                          f"{weapon}")


def close_block(log: GurpsLog) -> Found:
    """No block in close combat (unless retreating out of it)."""
    for i, e in log.of("defence"):
        actor = e.get("actor")
        if e.get("kind") == "block" and isinstance(actor, str) \
                and log.snaps[i].in_close(actor) and not _retreat_out(log, i, e):
            yield finding(e, "no block in close combat", "block")


def close_retreat(log: GurpsLog) -> Found:
    """A retreat out of close combat: only when not grappled, into one of the three hexes
    on one's side (a retreat a grapple caught: only when not grappled before it)."""
    for i, e in log.of("defence"):
        actor, to = e.get("actor"), as_hex(e.get("retreat"))
        snap = log.snaps[i]
        caught = to is None and _caught(log, i, e)
        if (to is None and not caught) or not isinstance(actor, str) \
                or not snap.in_close(actor):
            continue
        if _held(snap, actor):
            yield finding(e, "no retreat while grappled",
                          f"retreat to {list(to)}" if to else "a retreat (caught)")
            continue
        if to is None:
            continue
        h = snap.pos.get(actor)
        side = snap.halves.get(h, {}).get(actor) if h is not None else None
        if h is not None and side is not None and to not in side_hexes(h, side):
            yield finding(e, f"a retreat into one of the three hexes on the {side} side",
                          f"to {list(to)}")


def retreat_bonus(log: GurpsLog) -> Found:
    """A retreat gives the usual bonus: +3 Dodge, +1 Parry or Block (+3 a fencing parry);
    no bonus without one."""
    for i, e in log.of("defence"):
        mods = modifiers(e)
        if mods is None:
            continue
        got = mods.get("retreat", 0)
        if not _retreating(e) and not (got and _caught(log, i, e)):
            want = 0
        elif e.get("kind") == "dodge" or (e.get("kind") == "parry"
                                          and e.get("weapon") in FENCING):
            want = 3
        elif e.get("kind") in ("parry", "block"):
            want = 1
        else:
            continue
        if got != want:
            yield finding(e, f"retreat {want:+d} ({e.get('kind')}"
                             f"{', retreating' if want else ', not retreating'})", f"{got}")


# ---------------------------------------------------------------------- several at once


def _cooperative(log: GurpsLog) -> Iterator[tuple[int, Event, list[str]]]:
    """Takedowns and pins with helpers: (index, contest, participants, leader first)."""
    for i, e in log.of("gurps.contest"):
        helpers = as_strs(e.get("helpers"))
        if e.get("kind") not in ("takedown", "pin") or not helpers:
            continue
        leader = e.get("leader") if isinstance(e.get("leader"), str) else e.get("actor")
        if isinstance(leader, str):
            yield i, e, [leader, *helpers]


def cooperative_limit(log: GurpsLog) -> Found:
    """Up to two fighters take one foe down together, up to three pin him."""
    every = log.rule("cooperative_limit_includes_leader") is not False
    for _, e, who in _cooperative(log):
        most = TAKEDOWN_MOST if e.get("kind") == "takedown" else PIN_MOST
        n = len(set(who)) if every else len(set(who[1:]))
        if n > most:
            what = "fighters" if every else "helpers"
            yield finding(e, f"at most {most} {what} in a {e.get('kind')}",
                          f"{n}: {', '.join(who)}")


def cooperative_attack(log: GurpsLog) -> Found:
    """Every fighter in a joint takedown or pin chose the Attack maneuver that turn."""
    if not any(True for _ in log.of("gurps.maneuver")):
        return
    for i, e, who in _cooperative(log):
        turn = e["t"] // 10
        for a in dict.fromkeys(who):
            m = log.maneuver_at(i, a)
            if m is None or m["t"] // 10 != turn or maneuver_name(m) != "attack":
                got = f"{maneuver_name(m)} at {m['t']}" if m is not None else "none"
                yield finding(e, f"{a} chose Attack this turn (a joint {e.get('kind')})", got,
                              a)


def cooperative_last(log: GurpsLog) -> Found:
    """A joint takedown or pin is rolled when the last of its fighters acts (in his
    phase)."""
    for i, e, who in _cooperative(log):
        turn = e["t"] // 10 + 1
        mine = [log.snaps[i].phase.get(a) for a in dict.fromkeys(who)]
        phases = [p for p in mine if p is not None and p.turn == turn]
        if len(phases) < len(mine):
            late = [a for a, p in zip(dict.fromkeys(who), mine, strict=True)
                    if p is None or p.turn != turn]
            yield finding(e, f"the roll after every fighter's phase began ({', '.join(late)} "
                             "still to act)", f"at {e['t']}")
            continue
        last = max(phases, key=lambda p: (p.start, p.rank or 0, p.index))
        if not last.contains(e["t"]):
            yield finding(e, f"the roll in {last.actor}'s phase {last.start}-{last.last} "
                             "(the last to act)", f"at {e['t']}")


def _score(log: GurpsLog, who: str, trait: str) -> int | None:
    """``who``'s score for a grappling contest by ``trait`` (docs/rules/gurps.md: untrained
    Wrestling is DX; Wrestling adds +1/+2 to ST when ``wrestling_st_bonus``)."""
    p = log.person(who)
    if p is None:
        return None
    dx, st, wr = p.stat("dx"), p.stat("st"), p.skill("wrestling")
    if trait == "dx":
        return dx
    if trait == "wrestling":
        return wr if wr is not None else dx
    if trait == "st":
        if st is None:
            return None
        if log.rule("wrestling_st_bonus") is not False and wr is not None and dx is not None:
            st += 2 if wr >= dx + 2 else 1 if wr >= dx + 1 else 0
        return st
    return None


def cooperative_score(log: GurpsLog) -> Found:
    """A joint takedown or pin uses the best score among the fighters, plus a fifth of
    each helper's matching score, rounded down."""
    for _, e, who in _cooperative(log):
        trait = e.get("trait")
        if not isinstance(trait, str):
            continue
        scores = {a: _score(log, a, trait) for a in who}
        leader, helpers = who[0], who[1:]
        lead = scores[leader]
        for h in helpers:
            s = scores[h]
            if lead is not None and s is not None and s > lead:
                yield finding(e, f"the best {trait} leads: {h} ({s})",
                              f"{leader} ({lead})", leader)
                break
        bonuses = as_ints(e.get("helper_bonuses"))
        want = [s // HELPER_DIVISOR if s is not None else None
                for s in (scores[h] for h in helpers)]
        if bonuses is not None and len(bonuses) == len(helpers):
            for h, got, w in zip(helpers, bonuses, want, strict=True):
                if w is not None and got != w:
                    yield finding(e, f"{h} adds {w} (1/5 of {trait} {scores[h]}, rounded "
                                     "down)", f"{got}", h)
        score = as_int(e.get("score"))
        if score is not None and lead is not None and all(w is not None for w in want):
            total = lead + sum(w for w in want if w is not None)
            if score != total:
                yield finding(e, f"score {total} ({leader}'s {trait} {lead} + helpers "
                                 f"{want})", f"{score}", leader)


# ---------------------------------------------------------------------- from outside


def _outside(log: GurpsLog, i: int, e: Event) -> bool | None:
    """Whether attack ``i`` comes from outside the close-combat hex of a target in close
    combat (``None``: the log does not say)."""
    snap = log.snaps[i]
    actor, target = e.get("actor"), e.get("target")
    if not isinstance(actor, str) or not isinstance(target, str):
        return None
    a, b = snap.pos.get(actor), snap.pos.get(target)
    if a is None or b is None:
        return None
    if log.rule("adjacent_joins_close_combat") is True and snap.in_close(actor):
        return None
    return a != b and snap.in_close(target)


def into_close_combat(log: GurpsLog) -> Found:
    """An attack from outside on a fighter in close combat is at -2 (and no other)."""
    for i, e in log.of("attack"):
        mods = modifiers(e)
        if mods is None:
            continue
        outside = _outside(log, i, e)
        if outside is None:
            continue
        slam = e.get("kind") == "slam"  # the attack that enters the hex, not from outside
        want = INTO_CLOSE_COMBAT if outside and not slam else 0
        got = mods.get("into_close_combat", 0)
        if got != want:
            why = "a slam enters the hex" if slam else \
                "from outside into close combat" if outside else "not into close combat"
            yield finding(e, f"into_close_combat {want} ({why})", f"{got}")


def wrong_target_skill(log: GurpsLog) -> Found:
    """Against the wrong target the effective skill is 9 or the skill against him,
    whichever is less. When the roll names how that skill comes about (``skill``,
    ``modifiers``, ``cap``), it is a deliberate attack's on him: the attack's own skill,
    -2 for attacking into close combat among the modifiers, their sum (at most the cap)."""
    attack_skill = {j: as_int(e.get("skill")) for _, e, links in _chains(log)
                    for j, _ in links}
    for j, e in log.of("gurps.wrong_target"):
        vs, eff = as_int(e.get("skill_vs_target")), as_int(e.get("effective_skill"))
        if vs is not None and eff is not None and eff != min(WRONG_TARGET_CAP, vs):
            yield finding(e, f"effective_skill {min(WRONG_TARGET_CAP, vs)} (the lesser of 9 "
                             f"and {vs})", f"{eff}")
        mods, skill = modifiers(e), as_int(e.get("skill"))
        if mods is not None and mods.get("into_close_combat", 0) != INTO_CLOSE_COMBAT:
            yield finding(e, f"into_close_combat {INTO_CLOSE_COMBAT} (a deliberate attack on "
                             "him comes from outside into close combat)",
                          f"{mods.get('into_close_combat', 0)}")
        total = mod_sum(mods) if mods is not None else None
        if skill is not None and total is not None and vs is not None:
            cap = as_int(e.get("cap"))
            want = skill + total if cap is None else min(skill + total, cap)
            if vs != want:
                yield finding(e, f"skill_vs_target {want} (skill {skill} and its modifiers"
                                 f"{'' if cap is None else f', at most {cap}'})", f"{vs}")
        base = attack_skill.get(j)
        if skill is not None and base is not None and skill != base:
            yield finding(e, f"skill {base} (the skill of the attack that went astray)",
                          f"{skill}")


def _chains(log: GurpsLog) -> Iterator[tuple[int, Event, list[tuple[int, Event]]]]:
    """Each attack with the wrong-target rolls that follow it on its tenth."""
    for i, e in log.of("attack"):
        links = []
        for j in range(i + 1, len(log.events)):
            d = log.events[j]
            if d["t"] != e["t"] or (d.get("event") == "attack"
                                    and d.get("actor") == e.get("actor")):
                break
            if d.get("event") == "gurps.wrong_target" and d.get("actor") == e.get("actor"):
                links.append((j, d))
        yield i, e, links


def wrong_target_chain(log: GurpsLog) -> Found:
    """A miss or a dodge of an attack from outside into close combat rolls against the
    others in that hex, one by one, until someone is hit, someone parries, or no one is
    left."""
    claimed: set[int] = set()
    for i, e, links in _chains(log):
        claimed.update(j for j, _ in links)
        outside = _outside(log, i, e)
        snap = log.snaps[i]
        target = e.get("target")
        h = snap.pos.get(target) if isinstance(target, str) else None
        others = [a for a in snap.here(h) if a not in (e.get("actor"), target)] \
            if h is not None else []
        result = e.get("result")
        if e.get("critical") == "failure":
            continue  # the Critical Miss Table decides: neither asked for nor ruled out
        # a slam enters the hex ("the initial slam ... with which you entered"): it is not
        # an attack from outside, and no chain follows it
        open_ = outside is True and result in ("miss", "dodged") and e.get("kind") != "slam"
        tried: list[str] = []
        for _j, d in links:
            who = d["target"]
            if not open_:
                why = "the chain has ended" if tried else "not a miss or dodge from outside"
                yield finding(d, f"no wrong-target roll after {result} ({why})",
                              f"a roll against {who}")
                break
            if who not in others or who in tried:
                yield finding(d, f"a wrong-target roll against one of {', '.join(others)} not "
                                 "tried yet", f"{who}")
                break
            tried.append(who)
            result = d.get("result")
            open_ = result not in STOPS
        else:
            left = [a for a in others if a not in tried and a not in snap.down]
            if open_ and left and outside is True:
                yield finding(e, f"a wrong-target roll against {left[0]} (after {result})",
                              "the rolls stop")
    for j, d in log.of("gurps.wrong_target"):
        if j not in claimed:
            yield finding(d, "a wrong-target roll after its attack, on its tenth",
                          "no attack of its own before it")


def wrong_target_order(log: GurpsLog) -> Found:
    """Who is in the way first is rolled against first: the ``order`` of the chain, the
    nearest half to the attacker first (``wrong_target_order = nearest``), or who came
    into the hex first (``entry``)."""
    how = log.rule("wrong_target_order")
    for i, e, links in _chains(log):
        if not links:
            continue
        order = as_strs(links[0][1].get("order"))
        if order is None:
            continue
        for k, (_, d) in enumerate(links):
            if k >= len(order) or d.get("target") != order[k]:
                want = order[k] if k < len(order) else "nobody"
                yield finding(d, f"a roll against {want} ({k + 1}. in the way)",
                              f"{d.get('target')}")
                break
        snap = log.snaps[i]
        h, a = snap.pos.get(e["target"]), snap.pos.get(e["actor"])
        if h is None or a is None:
            continue
        came = snap.here(h)
        if any(o not in came for o in order):
            continue
        halves = snap.halves.get(h, {})
        keys: list[tuple[int, ...]]
        if how == "entry":
            keys = [(came.index(o),) for o in order]
        elif how == "nearest" and all(o in halves for o in order):
            keys = [(half_distance(a, h, halves[o]), came.index(o)) for o in order]
        else:
            continue
        want_order = [o for _, o in sorted(zip(keys, order, strict=True))]
        if want_order != order:
            yield finding(links[0][1], f"in the way first: {', '.join(want_order)} ({how})",
                          f"{', '.join(order)}")
