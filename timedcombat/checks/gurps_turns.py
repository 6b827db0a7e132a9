"""Conditions of the ``gurps`` rules on time: turns, phases, the order of action, where each
step of a maneuver falls (the time model of ``docs/rules/gurps.md``, "Turns, phases and
tenths": one-second turns of 10 tenths, a phase per combatant in Basic Speed order)."""

from __future__ import annotations

from collections.abc import Iterator

from timedcombat.checks import Finding
from timedcombat.checks.gurps_model import (
    TURN,
    GurpsLog,
    Phase,
    as_ints,
    as_strs,
    expected_phases,
    finding,
    maneuver_name,
    same_tenth,
    step_events,
)
from timedcombat.checks.model import (
    Event,
    as_hex,
    as_int,
)

Found = Iterator[Finding]
CLOCK_FREE = frozenset({"start", "placed", "gurps.initiative", "end"})
"""Events that may come before the first turn (or, ``end``, after the last)."""


def _is_wait(log: GurpsLog, i: int, actor: object) -> bool:
    return maneuver_name(log.maneuver_at(i, actor)) == "wait"


# ---------------------------------------------------------------------- turns


def turns(log: GurpsLog) -> Found:
    """Turns 1, 2, 3 ... each at tenth 10(k - 1); no event falls in a turn not begun."""
    want = 1
    seen: set[int] = set()
    for _, e in log.of("gurps.turn"):
        k = as_int(e.get("turn"))
        if k is None:
            continue
        if k != want:
            yield finding(e, f"turn {want} next", f"turn {k}")
        elif e["t"] != (k - 1) * TURN:
            yield finding(e, f"turn {k} at tenth {(k - 1) * TURN} (turns of {TURN} tenths)",
                          f"turn {k} at {e['t']}")
        want = k + 1
        seen.add(k)
    if not seen:
        return
    missing: set[int] = set()
    begun: set[int] = set()
    for e in log.events:
        if e.get("event") == "gurps.turn" and as_int(e.get("turn")) is not None:
            begun.add(e["turn"])
            continue
        if e.get("event") in CLOCK_FREE or (not begun and e["t"] == 0):
            continue  # the set-up, before the clock starts
        k = e["t"] // TURN + 1
        if k not in begun and k not in missing:
            missing.add(k)
            yield finding(e, f"turn {k} begun (gurps.turn at {(k - 1) * TURN}) before "
                             f"anything happens in it", f"{e.get('event')} at {e['t']}")


def phases(log: GurpsLog) -> Found:
    """Each turn: one phase per fighter in its order, the i-th of n from T + 10i // n to
    T + 10(i + 1) // n, logged in that order."""
    by_turn: dict[int, list[Phase]] = {}
    for p in log.phases:
        by_turn.setdefault(p.turn, []).append(p)
    for k, order in log.turn_orders.items():
        slots = {who: (rank, s, end) for rank, (who, s, end)
                 in enumerate(expected_phases(k, order))}
        logged = by_turn.get(k, [])
        had: set[str] = set()
        last_rank = -1
        for p in logged:
            e = log.events[p.index]
            if p.actor not in slots:
                yield finding(e, f"no phase for {p.actor} in turn {k} (order "
                                 f"{', '.join(order)})", "a phase", p.actor)
                continue
            rank, s, end = slots[p.actor]
            if p.actor in had:
                yield finding(e, f"one phase for {p.actor} in turn {k}", "a second one",
                              p.actor)
            elif (p.start, p.end) != (s, end):
                yield finding(e, f"{p.actor}'s phase of turn {k}: tenths {s}-{end - 1} "
                                 f"(end {end}; rank {rank} of {len(order)})",
                              f"at {p.start}, end {p.end}", p.actor)
            elif p.rank is not None and p.rank != rank:
                yield finding(e, f"rank {rank}", f"rank {p.rank}", p.actor)
            elif rank < last_rank:
                yield finding(e, f"phases of turn {k} in the order {', '.join(order)}",
                              f"{p.actor}'s after a later one", p.actor)
            had.add(p.actor)
            last_rank = max(last_rank, rank)
        yield from _missing_phases(log, k, slots, had)


def _missing_phases(log: GurpsLog, k: int, slots: dict[str, tuple[int, int, int]],
                    had: set[str]) -> Found:
    turn_i = log.turn_events[k][0]
    for who, (_, s, _end) in slots.items():
        if who in had or not log.continues_past(s):
            continue
        if who in log.snaps[log.first_after(s)].down:
            continue  # out of the fight before his phase came
        j = log.first_after(s - 1)
        e = log.events[j] if j < len(log.events) and j >= turn_i else log.events[turn_i]
        yield finding(e, f"a phase for {who} at {s} (turn {k})", "none", who)


def maneuvers(log: GurpsLog) -> Found:
    """``action`` and ``gurps.maneuver`` fall in their actor's phase and end at its end;
    one maneuver per phase."""
    if not log.phases:
        return
    for i, e in log.of("action", "gurps.maneuver"):
        actor = e.get("actor")
        if e["event"] == "action" and e.get("name") == "retreat":
            continue  # a plan order for the next defence, not a maneuver
        p = log.phase_at(i, actor)
        if p is None:
            yield finding(e, f"{e['event']} inside {actor}'s phase", f"none at {e['t']}")
            continue
        end = as_int(e.get("end"))
        if end is not None and end != p.end:
            yield finding(e, f"end {p.end} (the end of {actor}'s phase {p.start}-{p.last})",
                          f"end {end}")
        if e["event"] == "gurps.maneuver" and p.maneuver is not None and p.maneuver != i \
                and i not in p.after_free:
            yield finding(e, f"one maneuver in {actor}'s phase at {p.start}",
                          f"a second: {maneuver_name(e)}")


def phase_maneuver(log: GurpsLog) -> Found:
    """Every phase of a fighter able to act (grappled or not) has his maneuver."""
    if not any(True for _ in log.of("gurps.maneuver")):
        return
    for p in log.phases:
        if p.maneuver is not None or not log.continues_past(p.last):
            continue
        if p.actor in log.snaps[p.index].down or \
                p.actor in log.snaps[log.first_after(p.last)].down:
            continue
        held = " (grappled)" if log.snaps[p.index].is_grappled(p.actor) else ""
        yield finding(log.events[p.index], f"a maneuver in {p.actor}'s phase "
                                           f"{p.start}-{p.last}{held}", "none", p.actor)


Part = tuple[Phase, int | None, int]
"""A phase's maneuver: the phase, the maneuver's event index, the tenth its steps start."""


def _phase_steps(log: GurpsLog) -> dict[tuple[int, int | None], tuple[Part, list[tuple[int,
                                                                                     Event]]]]:
    """The own steps of each maneuver of each phase (a phase has a second one after a
    free ready), Wait attacks aside."""
    out: dict[tuple[int, int | None], tuple[Part, list[tuple[int, Event]]]] = {}
    for i, e in step_events(log):
        p = log.phase_at(i, e["actor"])
        if p is not None and p.actor == e["actor"]:
            j, start = log.part_of(p, i)
            out.setdefault((p.index, j), ((p, j, start), []))[1].append((i, e))
    return out


def steps_in_phase(log: GurpsLog) -> Found:
    """Every step of a maneuver (a hex moved, an attack, a ready) falls inside its actor's
    phase (a Wait's attack aside: G-WAIT-TRIGGER)."""
    if not log.phases:
        return
    for i, e in step_events(log):
        actor = e["actor"]
        if e["event"] != "gurps.ready" and _is_wait(log, i, actor):
            continue  # a Wait's attack (and its step) when the trigger comes
        if log.phase_at(i, actor) is None:
            p = log.snaps[i].phase.get(actor)
            where = f"his phase {p.start}-{p.last} is over" if p else "no phase of his yet"
            yield finding(e, f"{e['event']} inside {actor}'s phase", f"at {e['t']}: {where}")


def _fits(offsets: list[int], length: int, m: int, gaps: int) -> int:
    """How many of ``offsets`` (in order) fall at ``k L // m`` for increasing ``k < m``,
    skipping at most ``gaps`` values of ``k`` before the last one matched. (The first
    ``k`` at or past ``off`` is computed, not counted up to: a maneuver's logged movement
    sets ``m``.)"""
    k = 0
    for n, off in enumerate(offsets):
        first = k
        k = max(k, min(m, -(-off * m // length)))  # the least k with k L // m >= off
        if k >= m or k * length // m != off:
            return n
        gaps -= k - first
        if gaps < 0:
            return n
        k += 1
    return len(offsets)


UNLOGGED_STEP = frozenset({"takedown", "pin"})
"""Plan actions whose attack step a helper makes without a roll of his own."""


def _gaps(log: GurpsLog, p: Phase, j: int, m_ev: Event) -> int:
    """Steps of a maneuver (taken at event ``j`` of phase ``p``) that a log may not show
    as steps: a facing change logged as a move on the spot, a contest or check instead of
    an attack roll, a step the rules refused (``gurps.plan_skip``), a helper's attack."""
    n = 1 if m_ev.get("name") in UNLOGGED_STEP else 0
    later = [k for k in p.after_free if k > j]
    for i in range(p.index, later[0] if later else len(log.events)):
        e = log.events[i]
        if e["t"] > p.last:
            break
        if e.get("actor") != p.actor or log.part_of(p, i)[0] != j:
            continue
        kind = e.get("event")
        if kind in ("gurps.contest", "gurps.check", "gurps.plan_skip") or (
                kind == "move" and log.snaps[i].pos.get(p.actor) == as_hex(e.get("to"))):
            n += 1
    return n


def step_spread(log: GurpsLog) -> Found:
    """The steps of a maneuver fall at start + k L // m (k-th of m steps, L the phase's
    length): the logged ones are the first of them, for some m between their number and
    the maneuver's movement + 2 (a step the log cannot show may be missing)."""
    for (p, j, start), steps in _phase_steps(log).values():
        m_ev = log.events[j] if j is not None else None
        movement = as_int(m_ev.get("movement")) if m_ev is not None else None
        length = p.end - start
        if j is None or m_ev is None or movement is None or length <= 0 or not steps:
            continue
        offsets = [e["t"] - start for _, e in steps]
        most = max(len(offsets), movement + 2)
        gaps = _gaps(log, p, j, m_ev)
        best = max(_fits(offsets, length, m, gaps) for m in range(len(offsets), most + 1))
        if best < len(offsets):
            _, e = steps[best]
            yield finding(e, f"steps of {p.actor}'s {maneuver_name(m_ev)} at {start} + "
                             f"k*{length}//m (m steps, {len(offsets)}..{most})",
                          f"steps at {', '.join(str(start + o) for o in offsets)}")


def defence_at_attack(log: GurpsLog) -> Found:
    """A defence (and its retreat step) falls at the tenth of the attack it answers."""
    for i, e in log.of("defence"):
        me, foe = e.get("actor"), e.get("against")
        answered = any(d.get("event") in ("attack", "gurps.wrong_target")
                       and d.get("actor") == foe and d.get("target") == me
                       for j, d in same_tenth(log, i) if j < i)
        if not answered:
            yield finding(e, f"{e.get('kind')} at the tenth of {foe}'s attack on {me}",
                          f"no such attack at {e['t']}")
            continue
        to = as_hex(e.get("retreat"))
        if to is not None and not any(d.get("event") == "move" and d.get("actor") == me
                                      and as_hex(d.get("to")) == to
                                      for _, d in same_tenth(log, i)):
            yield finding(e, f"the retreat to {list(to)} at {e['t']}", "no such move")


def wait_trigger(log: GurpsLog) -> Found:
    """A Wait's attack (and the step with it) outside its actor's phase falls at the tenth
    of another fighter's step (the trigger)."""
    for i, e in step_events(log):
        actor = e.get("actor")
        if e["event"] == "gurps.ready" or not _is_wait(log, i, actor) \
                or log.phase_at(i, actor) is not None:
            continue
        trigger = any(d.get("event") in ("move", "attack", "gurps.ready")
                      and isinstance(d.get("actor"), str) and d.get("actor") != actor
                      for j, d in same_tenth(log, i) if j < i)
        if not trigger:
            yield finding(e, "the Wait's action at the tenth of the step that triggers it",
                          f"no other fighter's step at {e['t']}")


def end_of_turn_rolls(log: GurpsLog) -> Found:
    """Rolls to recover from stun fall at the last tenth of the fighter's phase."""
    for i, e in log.of("gurps.check"):
        if e.get("kind") != "stun_recovery":
            continue
        actor = e.get("actor")
        p = log.phase_at(i, actor)
        if p is None:
            p = log.snaps[i].phase.get(actor) if isinstance(actor, str) else None
            if p is None:
                continue
        if e["t"] != p.last:
            yield finding(e, f"stun recovery at {p.last} (the last tenth of {actor}'s phase "
                             f"{p.start}-{p.last})", f"at {e['t']}")


# ---------------------------------------------------------------------- order of action


def _initiative_fields(e: Event) -> tuple[list[str] | None, list[int] | None,
                                          list[int] | None, list[int] | None]:
    return (as_strs(e.get("order")), as_ints(e.get("speeds")), as_ints(e.get("dx")),
            as_ints(e.get("rolls")))


def initiative(log: GurpsLog) -> Found:
    """The order of action: higher Basic Speed (x4 = HT + DX), then higher DX, then the
    higher roll of one die, then scenario order."""
    if log.initiative is None:
        return
    _, e = log.initiative
    order, speeds, dx, rolls = _initiative_fields(e)
    if order is None:
        return
    if log.people and sorted(order) != sorted(log.people):
        yield finding(e, f"everyone placed once: {', '.join(sorted(log.people))}",
                      ", ".join(order))
        return
    n = len(order)
    die = as_int(e.get("die")) or as_int(log.rule("initiative_die")) or 6
    for k, who in enumerate(order):
        p = log.people.get(who)
        ht, dex = (p.stat("ht"), p.stat("dx")) if p else (None, None)
        if speeds and len(speeds) == n and ht is not None and dex is not None \
                and speeds[k] != ht + dex:
            yield finding(e, f"{who}'s Basic Speed x4 = HT + DX = {ht + dex}",
                          f"{speeds[k]}", who)
        if dx and len(dx) == n and dex is not None and dx[k] != dex:
            yield finding(e, f"{who}'s DX {dex}", f"{dx[k]}", who)
        if rolls and len(rolls) == n and not 1 <= rolls[k] <= die:
            yield finding(e, f"{who}'s roll on one d{die}", f"{rolls[k]}", who)
    if not (speeds and dx and rolls and len(speeds) == len(dx) == len(rolls) == n):
        return
    for k in range(n - 1):
        a, b = order[k], order[k + 1]
        ka, kb = (-speeds[k], -dx[k], -rolls[k]), (-speeds[k + 1], -dx[k + 1], -rolls[k + 1])
        pa, pb = log.people.get(a), log.people.get(b)
        if ka > kb or (ka == kb and pa and pb and pa.order > pb.order):
            yield finding(e, f"{b} before {a} (Basic Speed, then DX, then the roll, then "
                             "scenario order)", f"{a} before {b}", b)


def turn_order(log: GurpsLog) -> Found:
    """Each turn's order is the order of action, fixed at the start, of the fighters
    still able to act (not out or dead; a pinned fighter still acts)."""
    ref: list[str] | None = None
    if log.initiative is not None:
        ref = as_strs(log.initiative[1].get("order"))
    if ref is None and log.turn_orders:
        ref = log.turn_orders[min(log.turn_orders)]
    if ref is None:
        return
    for k, (i, e) in sorted(log.turn_events.items()):
        order = log.turn_orders.get(k)
        if order is None:
            continue
        snap = log.snaps[i]
        kept = [a for a in ref if a in order]
        if kept != order:
            yield finding(e, f"the order of action {', '.join(ref)} (fixed for the fight)",
                          ", ".join(order))
            continue
        for a in ref:
            if a not in order and a not in snap.down:
                yield finding(e, f"{a} in turn {k}'s order (able to act)", "left out", a)
            elif a in order and a in snap.down and a not in snap.pinned:
                yield finding(e, f"{a} not in turn {k}'s order (out of the fight)",
                              "in it", a)
