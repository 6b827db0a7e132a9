"""The rules of the ``tft`` system (seed 000, Rick Smith's HTH rules for The Fantasy Trip),
as the checker states them.

:data:`RULES` is the rule list: each :class:`~timedcombat.checks.Rule` quotes the passage
of seed 000 it comes from (``docs/checks/tft.md`` lists them) and has a condition over the
facts :mod:`timedcombat.checks.tft_model` reads from the log. This is a second reading of
the rule text, written from the text and never from an engine: where seed 000 leaves a
gap (the turn on the clock, the base game it builds on, the parameters), a rule follows
what ``docs/rules/tft.md`` documents, its section starts with ``(`` and its quote comes
from that page. Whatever the log does not say is skipped, never guessed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from timedcombat.checks import FieldSpec, Finding, Rule, RuleSet
from timedcombat.checks.model import (
    Event,
    Hex,
    as_hex,
    distance,
)
from timedcombat.checks.tft_model import (
    ACTION,
    ATTACK,
    AUTOMATIC_HIT,
    BLOW,
    DAMAGE,
    DIVE,
    ENTERED,
    ENTERED_DOWN,
    ENTERING,
    FIST,
    FRONT,
    HTH_ENTRY,
    HTH_RESULTS,
    JUMP,
    KNOCKED_BACK,
    KNOCKED_BACK_HIT,
    MOVEMENT,
    PRONE_ATTACK,
    REAR,
    REPELLED,
    REPELLED_HIT,
    SCORE_RANGE,
    SIDE,
    STAT_RANGE,
    STEPS,
    STRIKE,
    TENTH_RANGE,
    THROW_DAMAGE,
    THROWN,
    TURN_RANGE,
    TURN_TENTHS,
    UNKNOWN,
    TftLog,
    Turn,
    dice,
    ints,
    is_int,
    mods,
    names,
    read,
)

Found = Iterator[Finding]

# ---------------------------------------------------------------------- seed 000's data

UNARMED_TABLE: tuple[tuple[int, int, tuple[int, int]], ...] = (
    (0, 3, (1, -5)), (4, 7, (1, -4)), (8, 11, (1, -3)), (12, 15, (1, -2)),
    (16, 19, (1, -1)), (20, 26, (1, 0)), (27, 32, (1, 1)), (33, 39, (1, 2)),
    (40, 46, (2, 0)), (47, 52, (2, 1)),
)
"""Seed 000's unarmed damage (fist or kicking) by ST: (low, high, (dice, adds))."""


def unarmed(st: int) -> tuple[int, int] | None:
    """Fist damage by ST: the seed's table, then "the pattern from 20 ST to 40 ST" (every
    20 ST one more die; within the 20: +0 for the first 7, +1 for the next 6, +2 for the
    last 7)."""
    for low, high, dmg in UNARMED_TABLE:
        if low <= st <= high:
            return dmg
    if st < 0:
        return None
    off = (st - 20) % 20
    return 1 + (st - 20) // 20, 0 if off <= 6 else 1 if off <= 12 else 2


FIST_BONUS = {FIST: 0, "club": 2, "two_handed_club": 4, "rock": 0}
"""Weapons doing fist damage: bare hands, one- and two-handed clubs (+2, +4), a rock."""
KNIVES: dict[str, tuple[tuple[int, int], tuple[int, int], int]] = {
    "dagger": ((1, -1), (1, 1), 0), "dirk": ((1, 0), (1, 2), -1),
    "poniard": ((1, 1), (2, -1), -2),
}
"""Knives: regular damage, HTH damage, DX in HTH (figures from docs/rules/tft.md)."""
TALENT_NEEDS: dict[str, tuple[int, int | None, str | None]] = {
    "dive_block": (7, None, None), "dive_block_2": (9, 13, "dive_block"),
    "judo": (12, None, None), "judo_2": (14, 14, "judo"),
}
"""Each talent's IQ, DX and co-requisite talent (Unarmed Combat levels are not logged)."""
CRITICAL_DROPS = frozenset({"dropped_weapon", "broken_weapon"})

# ---------------------------------------------------------------------- helpers


def _at(e: Event, expected: Any, found: Any, actor: Any = UNKNOWN) -> Finding:
    who = e.get("actor") if actor is UNKNOWN else actor
    return Finding(e["t"], who if isinstance(who, str) else None, str(expected), str(found),
                   e.get("seq"))


def _d(d: tuple[int, int]) -> str:
    n, adds = d
    return f"{n}d{adds:+d}" if adds else f"{n}d"


def _hx(h: Any) -> str:
    return "unknown" if h is None else f"[{h[0]}, {h[1]}]"


def _param(log: TftLog, name: str) -> Any:
    return log.rules.get(name)


OWN_KINDS = (ATTACK, "tft.hth_roll", "tft.ready_knife", "tft.disengage", "tft.release",
             "tft.contest", "tft.ready_weapon", "tft.picked_up")
"""Events that can be a figure's own option for the turn, carried out at its tenth."""


def _own(log: TftLog, i: int, e: Event) -> bool:
    """Is event ``i`` an action its actor takes in its own slot (its option for the turn)?"""
    kind = e.get("event")
    if kind == ATTACK:
        if e.get("option") == STRIKE:
            return False
        return not any(r.get("target") == e["actor"] and r.get("actor") == e.get("target")
                       for _, r in log.at_tenth(e["t"], "tft.hth_roll"))  # automatic attack
    if kind == "tft.hth_roll":
        return e.get("kind") == JUMP
    if kind == "tft.ready_knife":  # free: on the 3-4 row against it, or outside HTH
        return e.get("free") is False or not any(
            r.get("target") == e["actor"] for j, r in log.at_tenth(e["t"], "tft.hth_roll")
            if j < i)
    return kind in OWN_KINDS


def _owns(log: TftLog, turn: Turn, actor: str) -> list[tuple[int, Event]]:
    return [(i, e) for i, e in log.in_turn(turn, *OWN_KINDS)
            if e.get("actor") == actor and _own(log, i, e)]


def _faces_ok(faces: tuple[int, ...] | None, n: int | None = None) -> bool:
    return faces is not None and all(1 <= f <= 6 for f in faces) and (n is None or
                                                                      len(faces) == n)


def _rolls(log: TftLog) -> Iterator[tuple[int, Event, Turn | None]]:
    for i, e in log.of("tft.hth_roll"):
        yield i, e, log.turn_of[i]


def _drops_of(log: TftLog, i: int, actor: str) -> list[tuple[int, Event]]:
    """The ``tft.dropped`` of ``actor`` that follow the HTH roll ``i`` (not by a fumbled
    attack roll): on its tenth, after it and before the next HTH roll of that tenth (two
    dives at one figure are rolled on the same tenth, each with its own drops)."""
    out = []
    for j, e in log.at_tenth(log.events[i]["t"], "tft.dropped", "tft.hth_roll"):
        if j <= i:
            continue
        if e.get("event") == "tft.hth_roll":
            break
        if e.get("actor") == actor and e.get("cause") not in CRITICAL_DROPS:
            out.append((j, e))
    return out


def _dropped_at(log: TftLog, i: int, actor: str) -> list[tuple[str, ...]]:
    """Items ``actor`` let fall with the HTH roll ``i`` (:func:`_drops_of`)."""
    return [names(e.get("items")) or () for _, e in _drops_of(log, i, actor)]


def _attack_of(log: TftLog, i: int, e: Event) -> Event | None:
    """The ``attack`` that did the damage of event ``i``: same tenth, before it."""
    found = None
    for j, a in log.at_tenth(e["t"], ATTACK):
        if j < i and a.get("actor") == e.get("source") and a.get("target") == e["actor"]:
            found = a
    return found


def _logged_dice(e: Event) -> tuple[int, int] | None:
    """The damage dice a ``damage`` event logs: ``dice`` is what the blow rolled, every add
    folded in (``modifiers`` only names the adds already in it: docs/rules/tft.md, "The
    log")."""
    return dice(e.get("dice"))


# ---------------------------------------------------------------------- turns and phases


def _number(v: int) -> str:
    return str(v) if abs(v) < 10**18 else f"a number of {len(str(abs(v)))} digits"


def c_turn(log: TftLog) -> Found:
    prev = 0
    for turn in log.tft_turns:
        if turn.n != prev + 1:
            yield _at(turn.ev, f"turn {prev + 1} after turn {prev}", f"turn {turn.n}")
        want = (turn.n - 1) * TURN_TENTHS
        if turn.t != want:
            yield _at(turn.ev, f"turn {turn.n} starts at {want}", f"at {turn.t}")
        prev = turn.n


def c_in_turn(log: TftLog) -> Found:
    flagged: set[int] = set()
    for i, e in enumerate(log.events):
        kind = e.get("event")
        if kind in ("start", "placed", "end", "tft.turn"):
            continue
        turn = log.turn_of[i]
        if turn is None:
            if kind in STEPS or kind == "action":
                yield _at(e, "every step after the first tft.turn", f"{kind} before it")
            continue
        if e["t"] >= turn.t + TURN_TENTHS and turn.index not in flagged:
            flagged.add(turn.index)
            yield _at(e, f"turn {turn.n + 1} to start at {turn.t + TURN_TENTHS}",
                      f"{kind} at {e['t']} with no tft.turn since {turn.t}")
        end = e.get("end")
        if kind == "action" and is_int(end) and not e["t"] <= end <= turn.t + TURN_TENTHS:
            yield _at(e, f"{e.get('name')} ends inside turn {turn.n} (by "
                         f"{turn.t + TURN_TENTHS})", f"end {end}")


def c_phase(log: TftLog) -> Found:
    last = max((e["t"] for e in log.events if e.get("event") != "end"), default=0)
    m = log.m
    for turn in log.tft_turns:
        want = [(MOVEMENT, turn.t, turn.t + m), (ACTION, turn.t + m, turn.t + TURN_TENTHS)]
        for k, (_, e) in enumerate(turn.phases):
            if k >= len(want):
                yield _at(e, f"two phases in turn {turn.n}", f"a third: {e.get('phase')}")
                continue
            name, t, end = want[k]
            got = (e.get("phase"), e["t"], e.get("end"), e.get("turn"))
            if got != (name, t, end, turn.n):
                yield _at(e, f"{name} phase of turn {turn.n} at {t}, ending {end}",
                          f"{got[0]} phase of turn {got[3]} at {got[1]}, ending {got[2]}")
        for name, t, _ in want[len(turn.phases):]:
            if last >= t:
                yield _at(turn.ev, f"the {name} phase of turn {turn.n} at {t}", "none logged")


def _tie_problem(seqs: list[tuple[int, ...]], always: bool) -> str | None:
    """Why dice sequences, in the logged order, are not a roll-off settled round by round
    (highest first, the tied rolling again); ``always``: everyone rolls a first die."""
    if len(seqs) == 1 and not always:
        return None if not seqs[0] else f"a roll-off die {list(seqs[0])} with no tie"
    if any(not _faces_ok(s) for s in seqs):
        return f"roll-off dice {[list(s) for s in seqs]} (six-sided faces)"

    def lcp(a: tuple[int, ...], b: tuple[int, ...]) -> int:
        n = 0
        while n < min(len(a), len(b)) and a[n] == b[n]:
            n += 1
        return n

    for a, b in zip(seqs, seqs[1:], strict=False):
        r = lcp(a, b)
        if r >= min(len(a), len(b)) or a[r] < b[r]:
            return f"dice {list(a)} ahead of {list(b)}"
    for k, s in enumerate(seqs):
        near = [lcp(s, seqs[j]) for j in (k - 1, k + 1) if 0 <= j < len(seqs)]
        need = 1 + max(near, default=0)
        if len(s) != need:
            return f"{len(s)} roll-off dice {list(s)} where the tie took {need}"
    return None


def c_order_dx(log: TftLog) -> Found:
    for turn in log.tft_turns:
        order, adj = turn.order, turn.adj_dx
        if order is None:
            continue
        if len(set(order)) != len(order):
            yield _at(turn.ev, "each figure once in the order of action", f"order {list(order)}")
        unknown = [c for c in order if c not in log.figures]
        if unknown:
            yield _at(turn.ev, "placed figures in the order of action", f"{unknown}")
        if adj is None:
            continue
        if len(adj) != len(order):
            yield _at(turn.ev, "an adjusted DX for each figure in order", f"{list(adj)}")
        elif any(a < b for a, b in zip(adj, adj[1:], strict=False)):
            yield _at(turn.ev, "the order of action by adjusted DX, highest first",
                      f"{list(order)} with adjusted DX {list(adj)}")


def c_order_ties(log: TftLog) -> Found:
    for turn in log.tft_turns:
        order, adj, rolls = turn.order, turn.adj_dx, turn.rolloffs
        if order is None or adj is None or rolls is None or len(adj) != len(order):
            continue
        if len(rolls) != len(order):
            yield _at(turn.ev, "roll-off dice for each figure in order", f"{len(rolls)} lists")
            continue
        k = 0
        while k < len(order):
            j = k
            while j + 1 < len(order) and adj[j + 1] == adj[k]:
                j += 1
            why = _tie_problem(list(rolls[k:j + 1]), always=False)
            if why:
                yield _at(turn.ev, f"ties at adjusted DX {adj[k]} settled by a roll-off, "
                                   "highest first", f"{list(order[k:j + 1])}: {why}")
            k = j + 1


def c_slots(log: TftLog) -> Found:
    m = log.m
    for turn in log.tft_turns:
        if turn.order is None or turn.slots is None:
            continue
        n = len(turn.order)
        want = [turn.t + m + i * (TURN_TENTHS - m) // n for i in range(n)]
        if list(turn.slots) != want:
            yield _at(turn.ev, f"action slots {want}", f"{list(turn.slots)}")


def c_move_order(log: TftLog) -> Found:
    last = _param(log, "initiative_winner_moves") == "last"
    for turn in log.tft_turns:
        sides, dice_ = turn.sides, turn.initiative
        if sides is None or dice_ is None:
            continue
        if len(dice_) != len(sides) or len(set(sides)) != len(sides):
            yield _at(turn.ev, "each side once, with its initiative dice",
                      f"sides {list(sides)}, dice {[list(d) for d in dice_]}")
            continue
        ranked = list(zip(sides, dice_, strict=True))
        if last and len(ranked) > 1:
            ranked = ranked[-1:] + ranked[:-1]  # the winner moves last
        why = _tie_problem([d for _, d in ranked], always=True)
        if why:
            rule = "last" if last else "first"
            yield _at(turn.ev, f"sides in initiative order (the winner moves {rule})",
                      f"{list(sides)}: {why}")


def c_move_window(log: TftLog) -> Found:
    span = log.m - 1
    for turn in log.tft_turns:
        if turn.sides is None:
            continue
        steps: dict[str, int] = {}
        for _, e in log.in_turn(turn, "move"):
            off = e["t"] - turn.t
            frm, to = as_hex(e.get("from")), as_hex(e.get("to"))
            if off >= span or (frm is not None and frm == to):
                continue
            side = log.side(e["actor"])
            if side is None:
                continue
            if side not in turn.sides:
                yield _at(e, f"a step of a side in the moving order {list(turn.sides)}",
                          f"a step of side {side}")
                continue
            k, n = turn.sides.index(side), len(turn.sides)
            start, end = k * span // n, (k + 1) * span // n
            count = steps[e["actor"]] = steps.get(e["actor"], 0) + 1
            ma = log.eff_ma(e["actor"])
            if ma is None:
                if not start <= off < end:
                    yield _at(e, f"steps of side {side} at offsets {start}-{end - 1}",
                              f"a step at offset {off}")
            elif count > ma:
                yield _at(e, f"at most MA {ma} steps", f"step {count}")
            else:
                want = start + count * (end - start) // (ma + 1)
                if off != want:
                    yield _at(e, f"step {count} (MA {ma}, side window {start}-{end - 1}) at "
                                 f"{turn.t + want}", f"at {e['t']}")


def c_movement_phase(log: TftLog) -> Found:
    for turn in log.tft_turns:
        eom = log.end_of_movement(turn)
        dive = any(r.get("kind") == DIVE for _, r in log.at_tenth(eom, "tft.hth_roll"))
        for _, e in log.in_turn(turn, *STEPS):
            kind = e.get("event")
            if e["t"] < eom and kind != "move":
                yield _at(e, "only moves in the movement phase", f"{kind} at {e['t']}")
            elif e["t"] == eom and not dive:
                yield _at(e, f"nothing at the end of movement ({eom}) but a dive and what "
                             "follows", f"{kind} with no dive")


def c_dive_time(log: TftLog) -> Found:
    for _, e, turn in _rolls(log):
        if e.get("kind") == DIVE and turn is not None and e["t"] != log.end_of_movement(turn):
            yield _at(e, f"a dive joins HTH at the end of movement "
                         f"({log.end_of_movement(turn)})", f"at {e['t']}")


def c_action_slot(log: TftLog) -> Found:
    for turn in log.tft_turns:
        slots = set(turn.slots or ())
        if turn.slots is None:
            continue
        for _, e in log.in_turn(turn, *STEPS):
            if log.phase_at(e["t"], turn) == ACTION and e["t"] not in slots:
                yield _at(e, f"action-phase steps on the action slots {sorted(slots)}",
                          f"{e.get('event')} at {e['t']}")


def c_own_slot(log: TftLog) -> Found:
    for turn in log.tft_turns:
        slot_of = turn.slot_of
        if not slot_of:
            continue
        for i, e in log.in_turn(turn, *OWN_KINDS):
            if log.phase_at(e["t"], turn) != ACTION or not _own(log, i, e):
                continue
            want = slot_of.get(e["actor"])
            if want != e["t"]:
                yield _at(e, f"{e['actor']} acts in its slot "
                             f"({'none this turn' if want is None else want})",
                          f"{e.get('event')} at {e['t']}")


# ---------------------------------------------------------------------- entering HTH


def c_hth_adjacent(log: TftLog) -> Found:
    for i, e, _ in _rolls(log):
        a, d = log.pos.before(e["actor"], i), log.pos.before(e.get("target"), i)
        if log.enemies(e["actor"], e.get("target")) is False:
            yield _at(e, "an HTH try at an enemy figure", f"{e.get('target')} is a friend")
        elif a is not None and d is not None and distance(a, d) != 1:
            yield _at(e, f"the attacker adjacent to {e.get('target')} ({_hx(d)})",
                      f"at {_hx(a)}")


def c_hth_by_roll(log: TftLog) -> Found:
    for i, e in log.of("state"):
        x = e["actor"]
        if e.get("state") != "hth" or e.get("value") is not True or log.hth.before(x, i) \
                or e.get("cause") == KNOCKED_DOWN_JUMPING:
            continue
        rolls = [r for j, r in log.at_tenth(e["t"], "tft.hth_roll")
                 if j < i and r.get("result") in ENTERING and x in (r["actor"], r.get("target"))]
        if not rolls:
            yield _at(e, f"{x} gets into HTH by an HTH roll that lets the attacker in (or "
                         "knocked down jumping)", "no such roll")


def c_dive_ma(log: TftLog) -> Found:
    for _, e, _ in _rolls(log):
        if e.get("kind") != DIVE:
            continue
        mine, theirs = log.eff_ma(e["actor"]), log.eff_ma(e.get("target"))
        if mine is not None and theirs is not None and theirs >= 2 * mine:
            yield _at(e, f"no dive at a foe whose MA is twice the diver's {mine} or more",
                      f"{e.get('target')} has MA {theirs}")


# the situations of seed 000 as a jump's `reasons` name them (docs/rules/tft.md, "The log")
BACK_TO_WALL_OR_DOWN, LOWER_MA = "a_back_to_wall_or_down", "b_lower_ma"
FROM_SIDE_OR_REAR, AGREES = "c_from_side_or_rear", "d_enemy_agrees"


def _not_so(log: TftLog, e: Event, reason: str) -> str | None:
    """Why the situation ``reason`` a jump names does not hold, if the log shows it."""
    a, d = e["actor"], e.get("target")
    if reason == BACK_TO_WALL_OR_DOWN:
        return None  # the walls are not in the log
    if reason == LOWER_MA:
        mine, theirs = log.eff_ma(a), log.eff_ma(d)
        if mine is not None and theirs is not None and theirs >= mine:
            return f"{d}'s MA {theirs} is not lower than {a}'s {mine}"
        return None
    if reason == FROM_SIDE_OR_REAR:
        return f"{a} came from {d}'s front" if e.get("arc") == FRONT else None
    if reason == AGREES:
        f = log.fig(d)
        return f"{d} does not agree to HTH" if f is not None and f.agrees is False else None
    return f"{reason!r} is none of the situations (a)-(d)"


def c_jump_situation(log: TftLog) -> Found:
    for _, e, _ in _rolls(log):
        reasons = names(e.get("reasons"))
        if e.get("kind") != JUMP or reasons is None:
            continue
        problems = [p for r in reasons if (p := _not_so(log, e, r)) is not None]
        if not reasons or problems:
            yield _at(e, "a jump allowed by one of the situations (a)-(d), each it names "
                         "holding", "; ".join(problems) or "no situation named")


def c_entry_turn(log: TftLog) -> Found:
    for i, e, turn in _rolls(log):
        if turn is None:
            continue
        entered = e.get("result") in ENTERING
        for j, o in _owns(log, turn, e["actor"]):
            if j == i or (j < i and o.get("event") == "tft.hth_roll"):
                continue  # (an earlier try is flagged from that one)
            if j > i and entered and o.get("event") == ATTACK and \
                    o.get("option") == HTH_ENTRY:
                continue
            why = "HTH was not joined" if j > i and not entered else "its option was the HTH try"
            yield _at(o, f"no other action in the turn {e['actor']} tried to enter HTH "
                         f"(at {e['t']})", f"{o.get('event')} at {o['t']} ({why})")


def c_hth_roll(log: TftLog) -> Found:
    for _, e, _ in _rolls(log):
        roll, total, mod = e.get("roll"), e.get("total"), e.get("modifier")
        m = mods(e)
        rerolls = ints(e.get("rerolls")) if "rerolls" in e else ()
        problems = []
        if not (is_int(roll) and 1 <= roll <= 6) or rerolls is None or \
                not _faces_ok(rerolls):
            problems.append(f"die {roll}, rerolls {e.get('rerolls')}")
        if is_int(mod) and is_int(roll) and is_int(total) and total != roll + mod:
            problems.append(f"total {total} for die {roll} {mod:+d}")
        if is_int(mod) and m is not None and sum(m.values()) != mod:
            problems.append(f"modifier {mod} but modifiers {m}")
        if e.get("kind") not in (JUMP, DIVE) or e.get("arc", FRONT) not in (FRONT, SIDE, REAR) \
                or e.get("result") not in HTH_RESULTS:
            problems.append(f"kind {e.get('kind')}, arc {e.get('arc')}, "
                            f"result {e.get('result')}")
        if problems:
            yield _at(e, "one six-sided die, total = die + modifier, a result of the table",
                      "; ".join(problems))


def _allowed_modifiers(log: TftLog, e: Event) -> set[int] | None:
    a, d = log.fig(e["actor"]), log.fig(e.get("target"))
    if a is None or d is None or a.talents is None or d.talents is None:
        return None
    base = 0
    if e.get("kind") == DIVE:
        base += 1 + (1 if "dive_block" in d.talents else 0) + \
            (2 if "dive_block_2" in d.talents else 0)
    if "judo" in a.talents:
        base -= 1
    sums = {base}
    choices: list[tuple[int, ...]] = [(0, 1)] if "judo" in d.talents else []
    choices += [(-1, 0, 1)] * (("judo_2" in a.talents) + ("judo_2" in d.talents))
    for options in choices:
        sums = {s + c for s in sums for c in options}
    return sums


def c_hth_modifiers(log: TftLog) -> Found:
    for _, e, _ in _rolls(log):
        mod, allowed = e.get("modifier"), _allowed_modifiers(log, e)
        if allowed is not None and is_int(mod) and mod not in allowed:
            yield _at(e, f"a modifier in {sorted(allowed)} ({e.get('kind')}, talents of "
                         f"{e['actor']} and {e.get('target')})", f"{mod:+d}")


def _rerolled(total: int, e: Event, log: TftLog) -> bool:
    if e.get("arc") not in (SIDE, REAR):
        return False
    return total == 6 if _param(log, "side_rear_reroll") == "six" else total >= 6


def c_hth_reroll(log: TftLog) -> Found:
    cap = _param(log, "max_hth_rerolls")
    for _, e, _ in _rolls(log):
        rerolls, mod, total = ints(e.get("rerolls", [])), e.get("modifier"), e.get("total")
        if rerolls is None or not is_int(mod) or not is_int(total):
            continue
        bad = [r for r in rerolls if not _rerolled(r + mod, e, log)]
        if bad:
            yield _at(e, "only a side or rear 6 is ignored and rolled again",
                      f"rerolled {bad} (arc {e.get('arc')}, modifier {mod:+d})")
        elif _rerolled(total, e, log) and not (is_int(cap) and len(rerolls) >= cap):
            yield _at(e, f"a {total} from the {e.get('arc')} ignored and rolled again",
                      f"result {e.get('result')} on {total}")


def _table(total: int, kind: str, log: TftLog) -> str:
    if total <= 2:
        return ENTERED_DOWN
    if total <= 4:
        return ENTERED
    if kind == JUMP:
        return REPELLED if total == 5 else REPELLED_HIT
    if total == 5:
        return KNOCKED_BACK
    return KNOCKED_BACK_HIT if total <= 7 else str(_param(log, "dive_high_result"))


def c_hth_table(log: TftLog) -> Found:
    for i, e, _ in _rolls(log):
        total, kind = e.get("total"), e.get("kind")
        if not is_int(total) or kind not in (JUMP, DIVE):
            continue
        allowed = {_table(total, kind, log)}
        d = log.fig(e.get("target"))
        judo = None if d is None else d.has("judo")
        ready = log.ready.before(e.get("target"), i, UNKNOWN)
        divers = _param(log, "judo_throws_divers") is not False
        if total >= 7 and judo is not False and ready in (None, UNKNOWN) and \
                (kind == JUMP or divers):
            allowed.add(THROWN)  # Judo, 7+ and unarmed: "you may throw" (a diver too)
        if e.get("result") not in allowed:
            yield _at(e, f"{' or '.join(sorted(allowed))} for a {kind} totalling {total}",
                      f"{e.get('result')}")


def c_auto_hit(log: TftLog) -> Found:
    for i, e, _ in _rolls(log):
        a, d, total, result = e["actor"], e.get("target"), e.get("total"), e.get("result")
        hits = [x for _, x in log.at_tenth(e["t"], DAMAGE)
                if x.get("cause") == AUTOMATIC_HIT and x["actor"] == a and x.get("source") == d]
        f = log.fig(d)
        judo = f.has("judo") if f else None
        want = result in (REPELLED_HIT, KNOCKED_BACK_HIT) or (
            judo is True and is_int(total) and total >= 6 and result != THROWN)
        if want and not hits:
            yield _at(e, f"{d} automatically hits {a} ({result}, total {total})",
                      "no automatic hit", d)
        elif hits and not want and judo is not None:
            yield _at(e, f"no automatic hit on {result}", f"{len(hits)} by {d}", d)
        ready = log.ready.before(d, i, UNKNOWN) if isinstance(d, str) else UNKNOWN
        for x in hits:
            if ready is not UNKNOWN and x.get("weapon") != (ready or FIST):
                yield _at(x, f"the automatic hit with {d}'s ready weapon ({ready or FIST})",
                          f"{x.get('weapon')}", d)


def c_back_off(log: TftLog) -> Found:
    failed = (REPELLED, REPELLED_HIT, KNOCKED_BACK, KNOCKED_BACK_HIT)
    for i, e, _ in _rolls(log):
        if e.get("result") not in failed:
            continue
        before = log.pos.before(e["actor"], i)
        after = log.pos.before(e["actor"], log.after_tenth(e["t"]))
        if before is not None and after != before:
            yield _at(e, f"{e['actor']} back in the hex he came from, {_hx(before)}",
                      f"at {_hx(after)} after {e.get('result')}")


def _hth_ends_at(log: TftLog, i: int, who: str) -> int:
    """The index, on event ``i``'s tenth and after it, at which ``who`` leaves HTH (``state
    hth`` false, ``state out``), or past the tenth when it does not."""
    for j, e in log.at_tenth(log.events[i]["t"], "state"):
        if j > i and e.get("actor") == who and (
                (e.get("state") == "hth" and e.get("value") is False)
                or (e.get("state") == "out" and e.get("value") not in (False, None))):
            return j
    return log.after_tenth(log.events[i]["t"])


def c_entered_hex(log: TftLog) -> Found:
    for i, e, _ in _rolls(log):
        if e.get("result") not in ENTERING:
            continue
        there = log.pos.before(e.get("target"), i)
        after = log.pos.before(e["actor"], _hth_ends_at(log, i, e["actor"]))
        if there is not None and after is not None and after != there:
            yield _at(e, f"{e['actor']} on {e.get('target')}'s hex {_hx(there)} (in HTH)",
                      f"at {_hx(after)}")


def _chosen_target(log: TftLog, i: int, actor: str) -> str | None:
    """The target of ``actor``'s last ``action`` of an HTH try (hth, dive) in the turn of
    event ``i``, up to it (``None``: not logged)."""
    turn = log.turn_of[i]
    found = None
    if turn is None:
        return None
    for j, a in log.in_turn(turn, "action"):
        if j > i:
            break
        if a.get("actor") == actor and a.get("name") in ("hth", "dive") and \
                isinstance(a.get("target"), str):
            found = a["target"]
    return found


def c_join_hth(log: TftLog) -> Found:
    join = _param(log, "join_hth") is not False
    strongest = _param(log, "join_hth_roll_by") == "strongest_enemy"
    current = _param(log, "strongest_by_current_st") is not False
    for i, e, _ in _rolls(log):
        a, d = e["actor"], e.get("target")
        group = log.hth.before(d, i) if isinstance(d, str) else None
        if not group:
            continue
        if not join:
            yield _at(e, "no try at a figure already in HTH (join_hth false)",
                      f"{e.get('kind')} at {d}, in HTH with {sorted(group)}")
            continue
        wanted = _chosen_target(log, i, a)
        if not strongest:
            if wanted is not None and wanted != d:
                yield _at(e, f"the roll by the figure {a} goes for ({wanted})",
                          f"rolled by {d}")
            continue
        there = [d, *(g for g in sorted(group) if g != d and log.enemies(a, g))]
        sts = {g: log.st_for(g, i, current) for g in there}
        if any(v is None for v in sts.values()) or any(log.enemies(a, g) is None
                                                       for g in there):
            continue
        top = max(v for v in sts.values() if v is not None)
        best = [g for g in there if sts[g] == top]
        if d not in best or (wanted in best and d != wanted):
            want = wanted if wanted in best else best[0]
            yield _at(e, f"the roll by the strongest of {a}'s enemies in the HTH ({want}, "
                         f"ST {top}; ties: its target)", f"rolled by {d} (ST {sts[d]})")


def _free(log: TftLog, h: Hex, t: int, but: set[str]) -> bool:
    """``h`` holds no wall and, after tenth ``t``, no figure in the fight but ``but``."""
    if h in log.walls:
        return False
    after = log.after_tenth(t)
    return not any(log.pos.before(c, after) == h and log.out.before(c, after) is not True
                   for c in log.figures if c not in but)


def _left_on_their_own(log: TftLog, t: int) -> set[str]:
    """Figures that leave HTH by themselves on tenth ``t``: a successful 4-dice disengage,
    released, out."""
    out = {e["actor"] for _, e in log.at_tenth(t, "tft.disengage")
           if e.get("hth") is True and e.get("success") is True}
    out |= {e.get("target") for _, e in log.at_tenth(t, "tft.release")}
    return {x for x in out if isinstance(x, str)}


def c_hth_ends(log: TftLog) -> Found:
    tenths = sorted({e["t"] for _, e in log.of("state", "tft.disengage", "tft.release")})
    for t in tenths:
        after, first = log.after_tenth(t), next(iter(log.at_tenth(t)))[0]
        last = log.events[after - 1]
        left: dict[Hex, list[str]] = {}
        gone = _left_on_their_own(log, t)
        for x in sorted(log.figures):
            mates = log.hth.before(x, after)
            if mates and all(log.enemies(x, y) is False for y in mates) and x < min(mates):
                yield _at(last, f"the HTH of {sorted(mates | {x})} ends with no enemy left "
                                "in it (state hth false)", "still in HTH", x)
            if not log.hth.before(x, first) or mates or x in gone or \
                    log.out.before(x, after) is True:
                continue
            where = log.pos.before(x, after)
            if where is not None and log.hth_hex.before(x, first) in (where, None):
                left.setdefault(where, []).append(x)
        for h, stay in left.items():
            room = [n for n in _around(h) if _free(log, n, t, set())]
            if len(stay) > 1 and room:
                yield _at(last, f"all but one of {stay} stand apart from {_hx(h)} when "
                                f"their HTH ends (free: {_hx(room[0])})",
                          f"{len(stay)} on {_hx(h)}", stay[-1])


def _around(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1)]


def c_falls(log: TftLog) -> Found:
    if not log.reports_prone:
        return
    for _, e, _ in _rolls(log):
        result = e.get("result")
        who = e.get("target") if result == ENTERED_DOWN else e["actor"] \
            if result in (KNOCKED_BACK, KNOCKED_BACK_HIT) else None
        if isinstance(who, str) and log.prone.before(who, log.after_tenth(e["t"])) is not True:
            yield _at(e, f"{who} falls prone ({result})", "not reported prone", who)


def _shield_in(items: Iterable[str], shield: str) -> bool:
    return any(x == shield or "shield" in x for x in items)


def _drop_problem(log: TftLog, i: int, who: str, keep_knife: bool,
                  shield_too: bool) -> str | None:
    """What is wrong with ``who``'s drops on the tenth of event ``i``: the ready weapon
    (unless a knife is kept) and, with ``shield_too``, the shield must fall."""
    ready = log.ready.before(who, i, UNKNOWN)
    shield = log.shield.before(who, i)
    items = [x for d in _dropped_at(log, i, who) for x in d]
    if ready is UNKNOWN:
        return None
    knife = ready in KNIVES
    if knife and keep_knife:
        if ready in items:
            return f"dropped the ready {ready}"
    elif ready is not None and ready not in items:
        return f"kept the ready {ready}"
    if shield_too and shield and not _shield_in(items, shield):
        return f"kept the {shield} shield"
    return None


def c_attacker_drops(log: TftLog) -> Found:
    on_failure = _param(log, "attacker_drops_on_failure") is True
    for i, e, _ in _rolls(log):
        a = e["actor"]
        drops = _dropped_at(log, i, a)
        ready = log.ready.before(a, i, UNKNOWN)
        if e.get("result") in ENTERING or on_failure:
            if ready in KNIVES:
                if any(ready in d for d in drops):
                    yield _at(e, f"{a} keeps his ready {ready} in HTH", "dropped it")
                continue
            why = _drop_problem(log, i, a, keep_knife=True, shield_too=True)
            if why:
                yield _at(e, f"{a} drops his weapons and shield", why)
                continue
            came = log.pos.before(a, i)
            for _, x in _drops_of(log, i, a):
                where = as_hex(x.get("at"))
                if came is not None and where is not None and where != came:
                    yield _at(x, f"{a}'s weapons fall in the hex he entered from, "
                                 f"{_hx(came)}", f"at {_hx(where)}")
        elif drops:
            yield _at(e, f"{a} keeps his weapons ({e.get('result')}: no HTH)",
                      f"dropped {list(drops[0])}")


def c_defender_drops(log: TftLog) -> Found:
    for i, e, _ in _rolls(log):
        d, result = e.get("target"), e.get("result")
        if not isinstance(d, str):
            continue
        if result in ENTERING:
            keeps = result == ENTERED and log.ready.before(d, i) in KNIVES and \
                _param(log, "entered_keeps_shield_with_knife") is True
            why = _drop_problem(log, i, d, keep_knife=True, shield_too=not keeps)
            if why:
                yield _at(e, f"{d} drops his weapons and shields but a ready knife ({result})",
                          why, d)
        elif _dropped_at(log, i, d):
            yield _at(e, f"{d} does not drop his weapons ({result})",
                      f"dropped {list(_dropped_at(log, i, d)[0])}", d)


def c_defender_knife(log: TftLog) -> Found:
    for i, e in log.of("tft.ready_knife"):
        if e.get("free") is not True:
            continue
        x = e["actor"]
        rolls = [r for j, r in log.at_tenth(e["t"], "tft.hth_roll")
                 if j < i and r.get("target") == x]
        if rolls:
            if rolls[-1].get("result") != ENTERED:
                yield _at(e, "a knife readied for free only on the 3-4 row (entered)",
                          f"after {rolls[-1].get('result')}")
        elif log.hth.before(x, i):
            yield _at(e, "in HTH a knife is readied by a 3-dice roll (option (t))",
                      "readied with no roll")


KNOCKED_DOWN_JUMPING = "knocked_down_jumping"
"""The ``cause`` of the ``state hth`` of a jumper knocked down by a foe it left, and of
its defender (docs/rules/tft.md, "Entering hand-to-hand combat")."""


def _knocked_down_by_strike(log: TftLog, x: str, t: int) -> int | None:
    """The index of the ``damage`` that knocks ``x`` down on tenth ``t`` after a strike at
    it (option strike: a foe it leaves), or ``None``."""
    striker = None
    for j, e in log.at_tenth(t, ATTACK, DAMAGE, "tft.hth_roll"):
        kind = e.get("event")
        if kind == "tft.hth_roll" and e.get("actor") == x:
            return None  # (strikes at a jumper come before its roll)
        if kind == ATTACK and e.get("target") == x:
            striker = e["actor"] if e.get("option") == STRIKE else None
        elif kind == DAMAGE and e["actor"] == x and striker is not None and \
                e.get("source") == striker:
            if e.get("knocked_down") is True:
                return j
            striker = None
    return None


def _jump_knockdowns(log: TftLog) -> Iterator[tuple[int, str, str | None]]:
    """(index of the knockdown, jumper, defender) for every jumper knocked down by a strike
    at its slot while its option was a jump (``action`` hth), and every pair whose HTH the
    log says began so (``state hth`` with cause knocked_down_jumping; defender ``None``
    when no such knockdown is there)."""
    seen: set[tuple[int, str]] = set()
    for i, e in log.of("state"):
        if e.get("state") != "hth" or e.get("value") is not True or \
                e.get("cause") != KNOCKED_DOWN_JUMPING or not isinstance(e.get("opponent"), str):
            continue
        a, o = e["actor"], e["opponent"]
        for x, d in ((a, o), (o, a)):
            j = _knocked_down_by_strike(log, x, e["t"])
            if j is not None:
                if (e["t"], x) not in seen:
                    seen.add((e["t"], x))
                    yield j, x, d
                break
        else:
            if (e["t"], a) not in seen and (e["t"], o) not in seen:
                seen.add((e["t"], a))
                yield i, a, None
    for i, e in log.of(DAMAGE):
        x, turn = e["actor"], log.turn_of[i]
        if e.get("knocked_down") is not True or turn is None or (e["t"], x) in seen or \
                turn.slot_of.get(x) != e["t"] or _knocked_down_by_strike(log, x, e["t"]) != i:
            continue
        if any(g["actor"] == x for _, g in log.at_tenth(e["t"], "tft.disengage")):
            continue  # a normal disengagement
        d = None
        for _, a in log.in_turn(turn, "action"):
            if a.get("actor") == x and a["t"] <= e["t"]:
                d = a.get("target") if a.get("name") == "hth" else None
        if isinstance(d, str):
            seen.add((e["t"], x))
            yield i, x, d


def c_jump_knockdown(log: TftLog) -> Found:
    joins = _param(log, "knockdown_on_jump_hth") is not False
    for i, x, d in _jump_knockdowns(log):
        e = log.events[i]
        if d is None:
            yield _at(e, f"{KNOCKED_DOWN_JUMPING} only for a jumper a foe it leaves knocks "
                         "down", f"no strike knocked {x} down")
            continue
        t = e["t"]
        if log.out.before(x, log.after_tenth(t)) is True or \
                log.out.before(d, log.after_tenth(t)) is True:
            continue
        tried = [r for _, r in log.at_tenth(t, "tft.hth_roll") if r["actor"] == x]
        end = _hth_ends_at(log, i, x)
        together = d in (log.hth.before(x, end) or ())
        if not joins:
            if together:
                yield _at(e, f"no HTH for {x}, knocked down jumping {d} "
                             "(knockdown_on_jump_hth false)", f"in HTH with {d}", x)
            continue
        if tried:
            yield _at(tried[0], f"no HTH roll: {x}, knocked down jumping, falls into HTH with "
                                f"{d}", f"a roll ({tried[0].get('result')})", x)
            continue
        if not together and (log.reports_hth or log.hth.changes(x)):
            yield _at(e, f"{x}, knocked down jumping, falls into HTH with {d}", "no HTH", x)
            continue
        there, here = log.pos.before(d, i), log.pos.before(x, end)
        if together and there is not None and here is not None and here != there:
            yield _at(e, f"{x} falls in {d}'s hex {_hx(there)}", f"at {_hx(here)}", x)
        if log.reports_prone and log.prone.before(d, log.after_tenth(t)) is not True:
            yield _at(e, f"{d}, jumped by {x} as it was cut down, falls too", "not prone", d)
        why = _drop_problem_after(log, i, d)
        if why:
            yield _at(e, f"{d} drops his weapons and shields but a ready knife (HTH)", why, d)


def _drop_problem_after(log: TftLog, i: int, who: str) -> str | None:
    """What is wrong with ``who``'s drops after event ``i`` on its tenth: the ready weapon
    unless a knife, and the shield, must fall."""
    ready = log.ready.before(who, i, UNKNOWN)
    if ready is UNKNOWN:
        return None
    items = [x for j, e in log.at_tenth(log.events[i]["t"], "tft.dropped")
             if j > i and e.get("actor") == who and e.get("cause") not in CRITICAL_DROPS
             for x in (names(e.get("items")) or ())]
    if ready is not None and ready not in KNIVES and ready not in items:
        return f"kept the ready {ready}"
    shield = log.shield.before(who, i)
    if shield and not _shield_in(items, shield):
        return f"kept the {shield} shield"
    return None


def _acts_later(turn: Turn | None, y: str, x: str, t: int) -> bool:
    """``y`` has not acted by ``x``'s slot at tenth ``t``: a later slot, or the same
    tenth and later in the turn's order (a crowd shares tenths)."""
    if turn is None or turn.order is None:
        return False
    slot = turn.slot_of.get(y, -1)
    if slot != t:
        return slot > t
    order = list(turn.order)
    return y in order and x in order and order.index(y) > order.index(x)


def c_jump_strikes(log: TftLog) -> Found:
    unacted = _param(log, "disengage_strikes_by_unacted") is not False
    for i, e in log.of(ATTACK):
        if e.get("option") != STRIKE:
            continue
        turn, y, x = log.turn_of[i], e["actor"], e.get("target")
        slot_of = turn.slot_of if turn else {}
        if x not in slot_of:
            continue
        if slot_of[x] != e["t"]:
            yield _at(e, f"strikes at {x} as it disengages or jumps, in its slot "
                         f"({slot_of[x]})", f"a strike at {e['t']}")
            continue
        py, px = log.pos.before(y, i), log.pos.before(x, i)
        if log.enemies(x, y) is False or (py and px and distance(py, px) != 1):
            yield _at(e, f"strikes from the foes {x} leaves (adjacent enemies)",
                      f"{y} at {_hx(py)}")
        elif unacted and not _acts_later(turn, y, x, e["t"]):
            yield _at(e, f"strikes only by foes that have not acted (slot after {e['t']}, "
                         f"or on it after {x} in the order)", f"{y}'s slot {slot_of.get(y)}")


def c_dive_no_strikes(log: TftLog) -> Found:
    for _, e, _ in _rolls(log):
        if e.get("kind") != DIVE:
            continue
        x = e["actor"]
        for _, a in log.at_tenth(e["t"], ATTACK):
            if a.get("target") == x and a["actor"] != e.get("target"):
                yield _at(a, f"no strike at {x} as it dives", f"{a['actor']} attacks")
        for _, g in log.at_tenth(e["t"], "tft.disengage"):
            if g["actor"] == x and names(g.get("strikers")):
                yield _at(g, "no strikers at a diver", f"strikers {g.get('strikers')}")


# ---------------------------------------------------------------------- in HTH


def c_hth_weapons(log: TftLog) -> Found:
    for _, e in log.of(ATTACK):
        w = e.get("weapon")
        if e.get("in_hth") is True and isinstance(w, str) and w != FIST and w not in KNIVES:
            yield _at(e, "in HTH bare hands (fist) or a ready knife", f"{w}")


def c_hth_entry_attack(log: TftLog) -> Found:
    for i, e in log.of(ATTACK):
        if e.get("option") != HTH_ENTRY:
            continue
        turn = log.turn_of[i]
        entered = turn is not None and any(
            r.get("actor") == e["actor"] and r.get("target") == e.get("target")
            and r.get("result") in ENTERING for j, r in log.in_turn(turn, "tft.hth_roll")
            if j < i)
        m = mods(e)
        if not entered:
            yield _at(e, f"an attack on entering after {e['actor']} entered HTH with "
                         f"{e.get('target')} this turn", "no such entry")
        elif m is not None and -4 not in m.values():
            yield _at(e, "the attack on entering HTH at -4 DX", f"modifiers {m}")


def c_hth_no_plus_4(log: TftLog) -> Found:
    for _, e in log.of(ATTACK):
        m = mods(e)
        if e.get("in_hth") is True and m is not None and 4 in m.values():
            yield _at(e, "no +4 (rear hex, target on the ground) between figures in HTH",
                      f"modifiers {m}")


def _hth_actions(log: TftLog) -> Iterator[tuple[int, Event, str | None]]:
    """Every action in HTH that rolls against adjusted DX: an attack in HTH (with its
    target), a knife drawn with a roll, a 4-dice disengage (``None``: no target)."""
    for i, e in log.of(ATTACK, "tft.ready_knife", "tft.disengage"):
        kind = e.get("event")
        if kind == ATTACK and e.get("in_hth") is True and isinstance(e.get("target"), str):
            yield i, e, e["target"]
        elif (kind == "tft.ready_knife" and e.get("free") is False) or \
                (kind == "tft.disengage" and e.get("hth") is True):
            yield i, e, None


def c_hth_strongest(log: TftLog) -> Found:
    current = _param(log, "strongest_by_current_st") is not False
    among_all = _param(log, "strongest_among") != "enemies"
    for i, e, y in _hth_actions(log):
        m, x = mods(e), e["actor"]
        if m is None:
            continue
        has = "strongest" in m
        if has and m["strongest"] != 2:
            yield _at(e, "the strongest figure in HTH at +2 DX", f"{m['strongest']:+d}")
            continue
        group = set(log.hth.before(x, i) or ())
        certain = y in group if y is not None else bool(group)
        others = group if certain else {y} if y is not None else set()
        if not others:
            continue
        if not among_all:
            sides = [log.enemies(x, o) for o in others]
            if None in sides:
                continue
            others = {o for o, foe in zip(others, sides, strict=True) if foe}
        sx = log.st_for(x, i, current)
        known = [log.st_for(o, i, current) for o in others]
        so = sorted(s for s in known if s is not None)
        if sx is None or len(so) != len(known):
            continue
        strongest = all(sx > s for s in so)
        judo = [fo.has("judo") if (fo := log.fig(o)) else None for o in others
                if log.enemies(x, o)]
        cancelled = any(j is True for j in judo)
        whom = "in HTH" if among_all else "of its enemies in HTH"
        if has and (not strongest or cancelled):
            yield _at(e, f"+2 only for the strongest {whom} ({x} ST {sx}, others "
                         f"{so}), none against an enemy with Judo", f"+2 for {x}")
        elif not has and certain and strongest and not cancelled and None not in judo:
            yield _at(e, f"+2 DX for {x}, the strongest {whom} (ST {sx} against "
                         f"{so})", f"modifiers {m}")


def c_hth_no_move(log: TftLog) -> Found:
    for i, e in log.of("move"):
        x = e["actor"]
        if not log.hth.before(x, i) or as_hex(e.get("from")) == as_hex(e.get("to")):
            continue
        t = e["t"]
        freed = any(g["actor"] == x and g.get("success") is True
                    for _, g in log.at_tenth(t, "tft.disengage")) or any(
            r.get("target") == x for _, r in log.at_tenth(t, "tft.release")) or any(
            r["actor"] == x and r.get("result") in ENTERING
            and as_hex(e.get("to")) == log.pos.before(r.get("target"), j)
            for j, r in log.at_tenth(t, "tft.hth_roll"))
        if not freed:
            yield _at(e, f"{x} in HTH does not move", f"a move to {_hx(as_hex(e.get('to')))}")


def c_hth_disengage(log: TftLog) -> Found:
    for i, e in log.of("tft.disengage"):
        if e.get("hth") is not True:
            continue
        faces, roll, bar, ok = ints(e.get("faces")), e.get("roll"), e.get("against"), \
            e.get("success")
        x = e["actor"]
        if not _faces_ok(faces, 4) or roll != sum(faces or ()) or \
                (is_int(bar) and isinstance(ok, bool) and ok != (roll <= bar)):
            yield _at(e, "4 dice against adjusted DX: success on a roll equal to or under it",
                      f"faces {e.get('faces')}, roll {roll}, against {bar}, success {ok}")
        strikers = names(e.get("strikers")) or ()
        struck = [a["actor"] for _, a in log.at_tenth(e["t"], ATTACK)
                  if a.get("target") == x and a.get("option") == STRIKE]
        if strikers or struck:
            yield _at(e, "no strikes at a figure disengaging from HTH",
                      f"strikes by {sorted(set(strikers) | set(struck))}")
        turn = log.turn_of[i]
        if turn is not None:
            for _, a in _owns(log, turn, x):
                if a.get("event") == ATTACK:
                    yield _at(a, f"{x} does not attack the turn it disengages from HTH",
                              f"an attack at {a['t']}")


def c_disengage_several(log: TftLog) -> Found:
    per_enemy = _param(log, "hth_disengage_rolls") == "per_enemy"
    tries: dict[tuple[int, str], list[tuple[int, Event]]] = {}
    for i, e in log.of("tft.disengage"):
        if e.get("hth") is True:
            tries.setdefault((e["t"], e["actor"]), []).append((i, e))
    for (_t, x), rolls in tries.items():
        i0 = rolls[0][0]
        holders = sorted(g for g in (log.hth.before(x, i0) or ()) if log.enemies(x, g))
        need = len(holders) if per_enemy and len(holders) > 1 else 1
        failed = next((k for k, (_, e) in enumerate(rolls) if e.get("success") is False),
                      None)
        want = need if failed is None else failed + 1
        named = [e.get("holder") for _, e in rolls]
        last = rolls[-1][1]
        if len(rolls) != want:
            how = f"one for each of {holders}" if need > 1 else "one"
            yield _at(last, f"{how} 4-dice roll{'s' if need > 1 else ''}, none after a "
                            "failure", f"{len(rolls)} rolls")
        elif need > 1 and (len(set(named)) != len(named) or not set(named) <= set(holders)):
            yield _at(last, f"each roll against another of {holders}", f"holders {named}")
        else:
            free = failed is None
            early = [e for _, e in rolls[:-1] if e.get("to") is not None]
            if early or (not free and last.get("to") is not None) or \
                    (free and last.get("success") is True and last.get("to") is None
                     and need > 1):
                yield _at(last, "out of HTH (to) only once every roll succeeded",
                          f"to {[e.get('to') for _, e in rolls]}")


def c_knife_dx(log: TftLog) -> Found:
    for _, e in log.of(ATTACK, "tft.ready_knife"):
        w, m = e.get("weapon"), mods(e)
        if w not in KNIVES or m is None or not KNIVES[w][2]:
            continue
        if e.get("event") == ATTACK and e.get("in_hth") is not True:
            continue
        if e.get("event") == "tft.ready_knife" and e.get("free") is not False:
            continue
        if KNIVES[w][2] not in m.values():
            what = "using" if e.get("event") == ATTACK else "drawing"
            yield _at(e, f"{what} a {w} in HTH at {KNIVES[w][2]:+d} DX", f"modifiers {m}")


def c_ready_knife(log: TftLog) -> Found:
    for _, e in log.of("tft.ready_knife"):
        w, f = e.get("weapon"), log.fig(e["actor"])
        if isinstance(w, str) and (w not in KNIVES or (f and f.weapons is not None and
                                                       w not in f.weapons)):
            yield _at(e, f"{e['actor']} readies a knife it carries", f"{w}")
            continue
        if e.get("free") is not False:
            continue
        faces, roll, bar, ok = ints(e.get("faces")), e.get("roll"), e.get("against"), \
            e.get("success")
        if not _faces_ok(faces, 3) or roll != sum(faces or ()) or \
                (is_int(bar) and isinstance(ok, bool) and ok != (roll <= bar)):
            yield _at(e, "3 dice equal to or under DX to ready a knife in HTH",
                      f"faces {e.get('faces')}, roll {roll}, against {bar}, success {ok}")


def c_knife_draw_dx(log: TftLog) -> Found:
    plain = _param(log, "knife_draw_dx") == "dx"
    for _, e in log.of("tft.ready_knife"):
        f, m, bar, w = log.fig(e["actor"]), mods(e), e.get("against"), e.get("weapon")
        if e.get("free") is not False or f is None or f.dx is None or m is None or \
                not is_int(bar) or w not in KNIVES:
            continue
        if bar != f.dx + sum(m.values()):
            yield _at(e, f"the roll against DX {f.dx} and its modifiers {m}", f"against {bar}")
            continue
        knife = KNIVES[w][2]
        rest = [v for k, v in m.items() if k != "strongest"]
        if plain and sorted(rest) != ([knife] if knife else []):
            yield _at(e, f"DX with only the HTH modifiers (strongest +2, {w} {knife:+d}; "
                         "knife_draw_dx dx)", f"modifiers {m}")
        elif not plain and any(v > 0 for v in rest):
            yield _at(e, "adjusted DX: no bonus but the strongest's +2", f"modifiers {m}")


def c_release(log: TftLog) -> Found:
    for i, e in log.of("tft.release"):
        x, y = e["actor"], e.get("target")
        if y not in (log.hth.before(x, i) or ()):
            yield _at(e, f"{x} releases a figure held in HTH with it", f"{y} is not")
            continue
        others = sorted(g for g in (log.hth.before(y, i) or ())
                        if g != x and log.enemies(y, g))
        if others and _param(log, "hth_release") != "any_holder":
            yield _at(e, f"no release of {y} while others hold it (hth_release last_holder)",
                      f"{y} still held by {others}")
            continue
        where = log.hth_hex.before(y, i) or log.pos.before(y, i)
        to = as_hex(e.get("to"))
        if where is not None and to is not None and distance(where, to) != 1:
            yield _at(e, f"{y} stands up in a hex adjacent to {_hx(where)}", f"at {_hx(to)}")
        elif log.reports_prone and log.prone.before(y, log.after_tenth(e["t"])) is True:
            yield _at(e, f"{y} stands up", "still prone", y)


# ---------------------------------------------------------------------- damage


def _fist(log: TftLog, who: Any, i: int) -> tuple[int, int] | None:
    current = _param(log, "unarmed_current_st") is True
    st = log.st_for(who, i, current) if isinstance(who, str) else None
    return None if st is None else unarmed(st)


def c_fist_damage(log: TftLog) -> Found:
    for i, e in log.of(DAMAGE):
        w, cause = e.get("weapon"), e.get("cause")
        if w not in FIST_BONUS or cause not in (BLOW, AUTOMATIC_HIT):
            continue
        if cause == BLOW:
            a = _attack_of(log, i, e)
            in_hth = a.get("in_hth") if a else None
        else:
            in_hth = _param(log, "auto_hit_uses_hth_damage") is True
        fist, got = _fist(log, e.get("source"), i), _logged_dice(e)
        if fist is None or got is None or not isinstance(in_hth, bool):
            continue
        want = (fist[0], fist[1] + FIST_BONUS[w] + (1 if in_hth else 0))
        if got != want:
            hth = " in HTH" if in_hth else ""
            yield _at(e, f"{w} damage {_d(want)}{hth} (fist {_d(fist)})", f"{_d(got)}",
                      e.get("source"))


def c_knife_damage(log: TftLog) -> Found:
    plus = _param(log, "hth_bonus_on_knives") is not False
    for i, e in log.of(DAMAGE):
        w = e.get("weapon")
        if w not in KNIVES or e.get("cause") != BLOW:
            continue
        a, got = _attack_of(log, i, e), _logged_dice(e)
        if a is None or got is None or not isinstance(a.get("in_hth"), bool):
            continue
        regular, hth, _ = KNIVES[w]
        want = (hth[0], hth[1] + (1 if plus else 0)) if a["in_hth"] else regular
        if got != want:
            where = "HTH" if a["in_hth"] else "regular"
            yield _at(e, f"{w} {where} damage {_d(want)}", f"{_d(got)}", e.get("source"))


def c_throw(log: TftLog) -> Found:
    for _, e, _ in _rolls(log):
        if e.get("result") != THROWN:
            continue
        d, a = e.get("target"), e["actor"]
        throws = [(j, x) for j, x in log.at_tenth(e["t"], "tft.throw")
                  if x["actor"] == d and x.get("target") == a]
        if not throws:
            yield _at(e, f"{d} throws {a} (result thrown)", "no throw", d)
            continue
        j, x = throws[0]
        f = log.fig(d)
        judo_2 = f.has("judo_2") if f else None
        bonus = x.get("bonus")
        if judo_2 is not None and bonus != (5 if judo_2 else 3):
            yield _at(x, f"a throw does +{5 if judo_2 else 3} (Judo{' 2' if judo_2 else ''})",
                      f"+{bonus}")
        here, to = log.pos.before(d, j), as_hex(x.get("to"))
        if here is not None and to is not None and distance(here, to) != 1:
            yield _at(x, f"{a} thrown into a hex adjacent to {_hx(here)}", f"to {_hx(to)}")
        fist = _fist(log, d, j)
        for _, g in log.at_tenth(e["t"], DAMAGE):
            got = _logged_dice(g)
            if g.get("cause") != THROW_DAMAGE or g["actor"] != a or fist is None or got is None \
                    or not is_int(bonus):
                continue
            want = (fist[0], fist[1] + bonus)
            if got != want:
                yield _at(g, f"throw damage: fist {_d(fist)} +{bonus} = {_d(want)}",
                          f"{_d(got)}", d)
    for i, x in log.of("tft.throw"):
        if not any(r.get("result") == THROWN and r.get("target") == x["actor"]
                   and r.get("actor") == x.get("target")
                   for j, r in log.at_tenth(x["t"], "tft.hth_roll") if j < i):
            yield _at(x, "a throw only on a Judo holder's 7+ HTH roll", "no such roll")


def c_attack_weapon(log: TftLog) -> Found:
    for i, e in log.of(ATTACK):
        w = e.get("weapon")
        ready = log.ready.before(e["actor"], i, UNKNOWN)
        if isinstance(w, str) and w != FIST and ready is not UNKNOWN and w != ready:
            yield _at(e, f"an attack with the ready weapon ({ready or 'bare hands'})", f"{w}")


def _hit(roll: int, n: int, bar: int, log: TftLog) -> tuple[bool, int | None]:
    """Hit or miss, and the damage multiplier of a hit (``None``: either)."""
    if n == 3:
        if roll >= 16:
            return False, None
        if roll <= 5:
            return True, {3: 3, 4: 2}.get(roll, 1)
    else:
        if roll >= 20:
            return False, None
        if roll <= 5:
            double = roll == 4 and _param(log, "four_dice_double_on_four") is True
            return True, 2 if double else 1
    return roll <= bar, 1


def c_to_hit(log: TftLog) -> Found:
    for _, e in log.of(ATTACK):
        faces, roll, bar = ints(e.get("faces")), e.get("roll"), e.get("against")
        if faces is None or not is_int(roll):
            continue
        if not _faces_ok(faces) or len(faces) not in (3, 4) or roll != sum(faces):
            yield _at(e, "3 (or 4) six-sided dice, roll = their sum",
                      f"faces {list(faces)}, roll {roll}")
            continue
        if not is_int(bar):
            continue
        hit, mult = _hit(roll, len(faces), bar, log)
        result, got = e.get("result"), e.get("multiplier")
        if result != ("hit" if hit else "miss") or (
                hit and mult is not None and is_int(got) and got != mult):
            want = f"hit x{mult}" if hit else "miss"
            yield _at(e, f"{want} on {roll} with {len(faces)} dice against {bar}",
                      f"{result} x{got}")


def c_fumble(log: TftLog) -> Found:
    for _, e in log.of(ATTACK):
        faces, roll, w = ints(e.get("faces")), e.get("roll"), e.get("weapon")
        if faces is None or not is_int(roll) or not isinstance(w, str) or w == FIST:
            continue
        drop, broke = (17, 18) if len(faces) == 3 else (21, 23)
        cause = "broken_weapon" if roll >= broke else "dropped_weapon" if roll >= drop else None
        found = [x for _, x in log.at_tenth(e["t"], "tft.dropped")
                 if x.get("actor") == e["actor"] and x.get("cause") in CRITICAL_DROPS]
        if cause and not any(x.get("cause") == cause and w in (names(x.get("items")) or ())
                             for x in found):
            yield _at(e, f"{w} {cause.replace('_', ' ')} on {roll}", "not dropped")
    for i, x in log.of("tft.dropped"):
        if x.get("cause") not in CRITICAL_DROPS:
            continue
        rolls = [a.get("roll") for j, a in log.at_tenth(x["t"], ATTACK)
                 if j < i and a.get("actor") == x["actor"]]
        if not rolls:
            yield _at(x, f"{x.get('cause')} only on a fumbled attack roll", "no attack")


def c_hits(log: TftLog) -> Found:
    floor = _param(log, "min_damage")
    for i, e in log.of(DAMAGE):
        hits, st, rolled = e.get("hits"), e.get("st"), e.get("rolled")
        before = log.st.before(e["actor"], i)
        if not is_int(hits):
            continue
        top = max(rolled, floor) if is_int(rolled) and is_int(floor) else None
        if hits < 0 or (top is not None and hits > max(top, 0)):
            yield _at(e, f"0 to {top} hits from a roll of {rolled}", f"{hits}")
        elif is_int(before) and is_int(st) and st != before - hits:
            yield _at(e, f"ST {before} - {hits} hits = {before - hits}", f"ST {st}")


def c_injury(log: TftLog) -> Found:
    for i, e in log.of(DAMAGE):
        f, turn = log.fig(e["actor"]), log.turn_of[i]
        if f is None or f.st is None or f.st >= 30 or turn is None:
            continue
        total = sum(x["hits"] for j, x in log.in_turn(turn, DAMAGE)
                    if j <= i and x["actor"] == e["actor"] and is_int(x.get("hits")))
        th, pen, down = e.get("turn_hits"), e.get("dx_penalty_next_turn"), e.get("knocked_down")
        if is_int(th) and th != total:
            yield _at(e, f"{total} hits this turn", f"turn_hits {th}")
        elif isinstance(pen, bool) and pen != (total >= 5):
            yield _at(e, f"{'a' if total >= 5 else 'no'} -2 DX next turn after {total} hits",
                      f"dx_penalty_next_turn {pen}")
        elif down is True and total < 8:
            yield _at(e, f"knocked down only by 8+ hits in a turn ({total})", "knocked down")


# ---------------------------------------------------------------------- talents


def c_talents(log: TftLog) -> Found:
    if _param(log, "check_talent_prerequisites") is False:
        return
    for _, e in log.of("placed"):
        f = log.fig(e["actor"])
        if f is None or f.talents is None:
            continue
        for name in f.talents:
            need = TALENT_NEEDS.get(name)
            if need is None:
                continue
            iq, dx, coreq = need
            if f.iq is not None and f.iq < iq:
                yield _at(e, f"{name} needs IQ {iq}", f"IQ {f.iq}")
            if dx is not None and f.dx is not None and f.dx < dx:
                yield _at(e, f"{name} needs DX {dx}+", f"DX {f.dx}")
            if coreq and coreq not in f.talents:
                yield _at(e, f"{name} needs {coreq}", f"talents {list(f.talents)}")


def c_contest_dice(log: TftLog) -> Found:
    base = _param(log, "contest_dice")
    for _, e in log.of("tft.contest"):
        if e.get("kind") not in ("pin", "take_down") or not is_int(base):
            yield _at(e, "a pin or take-down contest", f"kind {e.get('kind')}")
            continue
        for who, key in ((e["actor"], "actor_faces"), (e.get("target"), "target_faces")):
            f, faces = log.fig(who), ints(e.get(key))
            if f is None or f.talents is None or faces is None:
                continue
            n = base + ("judo" in f.talents) + ("judo_2" in f.talents)
            if not _faces_ok(faces, n):
                yield _at(e, f"{who} rolls {n} dice ({base} + 1 die each for Judo, Judo 2)",
                          f"{list(faces)}", who)


def c_contest_score(log: TftLog) -> Found:
    bonus, ties = _param(log, "contest_st_bonus"), _param(log, "contest_ties_to_defender")
    for i, e in log.of("tft.contest"):
        x, y = e["actor"], e.get("target")
        if not isinstance(y, str) or not is_int(bonus):
            continue
        scores = []
        for who, other, side in ((x, y, "actor"), (y, x, "target")):
            faces, got, score = ints(e.get(f"{side}_faces")), e.get(f"{side}_bonus"), \
                e.get(f"{side}_score")
            if faces is None or not is_int(got) or not is_int(score):
                break
            sts = [(log.st_for(who, i, c), log.st_for(other, i, c)) for c in (True, False)]
            if any(a is None or b is None for a, b in sts):
                break
            stronger = [a > b for a, b in sts]  # type: ignore[operator]
            foe = log.fig(other)
            denied = None if foe is None else e.get("kind") == "pin" and foe.has("judo_2")
            if got not in (0, bonus) or (got and (not any(stronger) or denied is True)) or \
                    (not got and all(stronger) and denied is False):
                yield _at(e, f"+{bonus} for the stronger figure (none on ties; in pins none "
                             "against Judo 2)", f"{who} +{got}", who)
            if score != sum(faces) + got:
                yield _at(e, f"{who}'s score {sum(faces)} + {got}", f"{score}", who)
            scores.append(score)
        if len(scores) == 2:
            tie_to = y if ties is not False else x
            want = x if scores[0] > scores[1] else y if scores[1] > scores[0] else tie_to
            if e.get("winner") != want:
                yield _at(e, f"{want} wins ({scores[0]} to {scores[1]})",
                          f"winner {e.get('winner')}")


def c_judo_2_prone(log: TftLog) -> Found:
    for i, e in log.of(ATTACK):
        x = e["actor"]
        prone = log.reports_prone and log.prone.before(x, i) is True and _own(log, i, e) \
            and e.get("in_hth") is not True  # (fighting in HTH is not fighting prone)
        if e.get("option") != PRONE_ATTACK and not prone:
            continue
        f, m, turn = log.fig(x), mods(e), log.turn_of[i]
        moved = turn is not None and any(
            g["actor"] == x and as_hex(g.get("from")) != as_hex(g.get("to"))
            for j, g in log.in_turn(turn, "move") if j < i)
        if f is not None and f.has("judo_2") is False:
            yield _at(e, "only a Judo 2 holder attacks while prone", f"{x} without Judo 2")
        elif e.get("weapon") not in (FIST, None) or moved:
            yield _at(e, "a prone attack unarmed, after moving 0 hexes",
                      f"{e.get('weapon')}{', after moving' if moved else ''}")
        elif m is not None and -3 not in m.values():
            yield _at(e, "a prone attack at -3 DX", f"modifiers {m}")


def c_crawl(log: TftLog) -> Found:
    if not log.reports_prone:
        return
    for turn in log.tft_turns:
        count: dict[str, int] = {}
        for i, e in log.in_turn(turn, "move"):
            x = e["actor"]
            if log.prone.before(x, i) is not True or \
                    as_hex(e.get("from")) == as_hex(e.get("to")):
                continue
            count[x] = count.get(x, 0) + 1
            f = log.fig(x)
            most = 3 if f is not None and f.has("judo_2") else 2
            if count[x] == most + 1:
                yield _at(e, f"a prone figure crawls at most {most} hexes a turn",
                          f"hex {count[x]}")


# ---------------------------------------------------------------------- the rules


def _docs(what: str) -> str:
    return f"({what}, docs/rules/tft.md)"


HTH = "Hand to Hand Combat"
ENTER = HTH + " > Attempting to Enter HTH Combat"
ROLL = HTH + " > One Die HTH Roll"
IN_HTH = ROLL + " (after the roll)"
TURN_Q = ("A TFT turn is 5 seconds = 50 tenths: a movement phase, then the figures act in "
          "adjusted-DX order.")
WAIT_Q = "When movement is over, you wait until it is your turn to attack."
DIVE_Q = ("If you are allowed to enter HTH because you are diving at the enemies' legs, you "
          "do not enter HTH during the normal attack phase. Instead HTH is joined at the end "
          "of the Movement phase (after all last minute twists)")
ORDER_Q = "movement, then actions in adjusted-DX order; ties by a die roll-off"

RULES: tuple[Rule, ...] = (
    Rule("F-TURN", _docs("turn model"), TURN_Q,
         "Turns are numbered 1, 2, 3 … and turn n starts (tft.turn) at tenth 50(n - 1).",
         c_turn),
    Rule("F-IN-TURN", _docs("turn model"), TURN_Q,
         "Every step (move, attack, damage, HTH roll …, action) comes after the first "
         "tft.turn; no event comes after the 50 tenths of the last turn before the next "
         "tft.turn; an action ends within its turn.",
         c_in_turn),
    Rule("F-PHASE", _docs("turn model"),
         "tft.turn: one initiative die per side (ties roll again), the sides' moving order, the "
         "order of action (adjusted DX, highest first; ties by a roll-off die, again while "
         "tied) and each figure's action tenth; tft.phase movement",
         "Each turn logs the movement phase at its first tenth (end: + movement_phase_tenths) "
         "and then the action phase (end: the next turn), and no other; a phase the log "
         "reaches is not left out.", c_phase),
    Rule("F-MOVE-ORDER", _docs("base rules of TFT"),
         "movement, then actions in adjusted-DX order; ties by a die roll-off; one initiative "
         "die per side sets the moving order / the side winning initiative moves first (or "
         "last)",
         "tft.turn's sides are in initiative order: one die each, highest first, tied sides "
         "rolling again (initiative_winner_moves: the winner first or last).", c_move_order),
    Rule("F-ORDER-DX", _docs("base rules of TFT"),
         ORDER_Q,
         "tft.turn's order of action lists placed figures once each, highest adjusted DX "
         "(adj_dx, parallel) first.", c_order_dx),
    Rule("F-ORDER-TIES", _docs("base rules of TFT"),
         ORDER_Q,
         "Figures of equal adjusted DX are ordered by their roll-off dice: one die each, "
         "highest first, still tied ones rolling again; untied figures roll none.",
         c_order_ties),
    Rule("F-SLOTS", _docs("turn model"),
         "one tenth per figure in the order of action: the i-th of n acts at 25 + i·25 // n",
         "The i-th of n figures in the order of action acts at tenth turn start + m + "
         "i·(50 - m) // n (m: movement_phase_tenths): tft.turn's slots.", c_slots),
    Rule("F-MOVE-WINDOW", _docs("turn model"),
         "each side in moving order gets an equal window (two sides: 0–11 and 12–23) [...] "
         "and takes its k-th hex step at window start + k·length // (MA+1)",
         "A hex step in the movement phase falls in its side's window [i·(m-1)//n, "
         "(i+1)·(m-1)//n) for the i-th of n sides, the figure's k-th step at window start + "
         "k·length // (MA + 1), k at most MA (MA less what armour costs).", c_move_window),
    Rule("F-MOVEMENT-PHASE", ENTER, WAIT_Q + " / " + DIVE_Q,
         "The movement phase holds only moves before its last tenth, and on its last tenth "
         "(the end of movement) only a dive's HTH roll and what follows it.",
         c_movement_phase),
    Rule("F-DIVE-TIME", ENTER, DIVE_Q,
         "A dive's HTH roll (kind dive) falls on the last tenth of the movement phase.",
         c_dive_time),
    Rule("F-ACTION-SLOT", _docs("turn model"),
         "Everything a figure does at its tenth (strikes at it as it jumps away, the HTH roll, "
         "its attack on entering) falls on that tenth, in log order.",
         "Every step of the action phase (moves, attacks, damage, HTH rolls, knives, "
         "disengaging, releases, drops, throws, contests) falls on an action slot.",
         c_action_slot),
    Rule("F-OWN-SLOT", ENTER, WAIT_Q,
         "A figure's own action in the action phase (an attack not made as a strike at a "
         "disengaging figure nor as a defender's automatic attack, a jump, readying a knife "
         "or a weapon, picking one up, disengaging, releasing, a contest) falls on its own "
         "slot.", c_own_slot),
    Rule("F-HTH-ADJACENT", ENTER,
         "To enter HTH, you move adjacent to the figure you wish to go into HTH with and "
         "stop, (or if engaged) shift or stand still.",
         "The attacker of an HTH roll (jump or dive) stands next to its defender, an "
         "enemy, when the roll is made.", c_hth_adjacent),
    Rule("F-HTH-BY-ROLL", ROLL,
         "The defender will roll 1 die to see if the attacker successfully enters HTH. / If "
         "the defender rolls a 1 or 2, the attacker enters HTH [...] If the defender rolls a "
         "3 or 4, the attacker enters HTH",
         "A figure not in HTH comes into one (state hth true) only on a tenth with an "
         "entering HTH roll (entered, entered_defender_down) it makes or is the defender "
         "of, or with cause knocked_down_jumping (F-JUMP-KNOCKDOWN).", c_hth_by_roll),
    Rule("F-DIVE-MA", HTH,
         "(e) you are making a wild dive for the enemies' legs (you may not dive for the "
         "enemies' legs if the enemies' MA is twice your MA or higher)",
         "A dive's defender has an MA less than twice the diver's (MA less what armour "
         "costs).", c_dive_ma),
    Rule("F-JUMP-SITUATION", HTH,
         "A figure may move ONTO an enemy figure's hex, initiating HTH combat, if (a) the "
         "enemy has his back to the wall, or is prone, kneeling, or knocked down;  OR (b) the "
         "enemy has a lower MA;  OR (c) the attacker comes from the enemies' side or rear "
         "hexes;  OR (d) the enemy agrees to HTH combat",
         "A jump's tft.hth_roll names in reasons at least one of the situations (a)-(d), and "
         "each it names holds where the log shows it: (b) the defender's MA (less what armour "
         "costs) below the attacker's, (c) an arc side or rear, (d) the defender's "
         "agrees_to_hth; (a) is not checked (the walls are not in the log).",
         c_jump_situation),
    Rule("F-ENTRY-TURN", HTH,
         "Initiating HTH is considered an attack (thus, you may not enter HTH and then "
         "disengage from HTH in the same turn). / The attacker has lost his option. / The "
         "attacker may not try to disengage from HTH or try to draw his knife, that turn.",
         "In the turn a figure tries to enter HTH, it takes no other action of its own "
         "(attack, readying a knife or a weapon, picking one up, disengaging, release, "
         "contest, another try) except the attack on entering after it got in.",
         c_entry_turn),
    Rule("F-HTH-ROLL", ROLL,
         "The defender will roll 1 die to see if the attacker successfully enters HTH.",
         "tft.hth_roll: a six-sided die (and six-sided rerolls), total = roll + modifier, "
         "modifier = the sum of the modifiers, kind jump or dive, arc front, side or rear, a "
         "result of the table.", c_hth_roll),
    Rule("F-HTH-MODIFIERS", ROLL,
         "the defender ADDS ONE to the roll. / you add one to the 1 die roll to see if they "
         "get into HTH. / you add two to the 1 die roll to see if they get into HTH. / Any "
         "time you try to engage someone in HTH that person must subtract 1 from his HTH "
         "roll [...] Anytime someone tries to jump you in HTH you may add +1 to your HTH "
         "roll. / You may add or subtract one point (your choice) when entering HTH or "
         "seeing if someone gets you in HTH",
         "The roll's modifier is what the kind and talents give: dive +1, the defender's "
         "Dive Block +1 and Dive Block 2 +2 (dives only), the attacker's Judo -1, the "
         "defender's Judo 0 or +1 (\"may\"), each Judo 2 holder -1, 0 or +1.",
         c_hth_modifiers),
    Rule("F-HTH-REROLL", ROLL,
         "If the attacker jumped the defender from the side or rear hexes, ignore a 6 result "
         "and roll again.",
         "Rerolls come only from the side or rear, each a modified 6 (side_rear_reroll six; "
         "six_or_more: 6+); a final side or rear 6 stands only at max_hth_rerolls.",
         c_hth_reroll),
    Rule("F-HTH-TABLE", ROLL,
         "If the defender rolls a 1 or 2, the attacker enters HTH [...] If the defender rolls "
         "a 3 or 4, the attacker enters HTH [...] If the defender rolls a 5, the defender "
         "does not drop his weapons [...] If the defender rolls a 6 or higher, the defender "
         "does not drop his weapon / Also if a 5, 6 or 7 is rolled, the attacker is knocked "
         "back / If it is a 7+ and you are unarmed you may throw who ever tried to jump you "
         "into an adjacent hex",
         "The result is the table's row for the total: up to 2 entered_defender_down (below "
         "1 too), 3-4 entered, jump 5 repelled and 6+ repelled_hit, dive 5 knocked_back, 6-7 "
         "knocked_back_hit and above dive_high_result; thrown only on 7+ against an unarmed "
         "Judo holder (a dive only with judo_throws_divers).", c_hth_table),
    Rule("F-AUTO-HIT", ROLL,
         "AUTOMATICALLY gets a hit on the attacker (even if the defender has already attacked "
         "this turn!) / (as well as being automatically hit if a 6 or 7 was rolled) / If the "
         "modified result is a 6+ you get an automatic attack.",
         "repelled_hit and knocked_back_hit, and any total of 6+ against a Judo holder "
         "(\"If the modified result is a 6+ you get an automatic attack\") but a throw, "
         "bring a damage (cause automatic_hit) on the attacker from the defender on that "
         "tenth, with the defender's ready weapon; other results none.", c_auto_hit),
    Rule("F-BACK-OFF", ROLL,
         "the attacker immediately backs up to the hex from which he entered the defender's "
         "hex. HTH does not take place. / The attacker must retreat one hex as above. / the "
         "attacker is knocked back into the hex adjacent to the defender that he moved thru",
         "After repelled, repelled_hit, knocked_back or knocked_back_hit the attacker stands, "
         "once the tenth is over, in the hex it tried from.", c_back_off),
    Rule("F-ENTERED-HEX", HTH,
         "A figure may move ONTO an enemy figure's hex, initiating HTH combat",
         "After entered or entered_defender_down the attacker stands, once the tenth is "
         "over, on the defender's hex.", c_entered_hex),
    Rule("F-FALLS", ROLL,
         "the defender drops all weapons & shields (but not his knife if one is ready) and "
         "falls down. / and falls prone in that hex",
         "In a log that reports postures (state prone), the defender is prone after "
         "entered_defender_down and the diver after knocked_back(_hit).", c_falls),
    Rule("F-ATTACKER-DROPS", HTH,
         "If the attacker had a knife ready, he may use it in HTH combat. Otherwise he drops "
         "his weapons (and shields) in the adjacent hex that he entered HTH from.",
         "An attacker who gets in drops a ready non-knife weapon and his shield (tft.dropped "
         "at the hex he tried from) and keeps a ready knife; one who does not get in drops "
         "nothing (attacker_drops_on_failure: as if he got in).", c_attacker_drops),
    Rule("F-DEFENDER-DROPS", ROLL,
         "the defender drops all weapons & shields (but not his knife if one is ready) / the "
         "defender drops all weapons and shields (unless his ready weapon was a knife) / the "
         "defender does not drop his weapons",
         "On entered(_defender_down) the defender drops a ready non-knife weapon and his "
         "shield and keeps a ready knife; on the other results he drops nothing.",
         c_defender_drops),
    Rule("F-DEFENDER-KNIFE", ROLL, "but has time to ready his knife if he has one.",
         "A knife readied without a roll (free) right after an HTH roll against its holder "
         "follows the 3-4 row (entered); a figure already in HTH rolls for it.",
         c_defender_knife),
    Rule("F-JUMP-STRIKES", ENTER,
         "The foes that you disengage from, will get a chance to strike at you as you "
         "disengage and enter HTH, just as if you had disengaged normally",
         "A strike (option strike) at a figure falls in that figure's slot, from an adjacent "
         "enemy that has not acted yet this turn (disengage_strikes_by_unacted).",
         c_jump_strikes),
    Rule("F-JUMP-KNOCKDOWN", ENTER,
         "If a figure you are disengaging from hits and knocks you down, you will fall down "
         "in the defender's hex, but the defender will also fall (you're in HTH so he has "
         "dropped his weapons and fallen, but as you entered HTH you were cut down by his "
         "friends.)",
         "A jumper (its action hth) that a strike at it knocks down on its slot, and every "
         "pair whose state hth names cause knocked_down_jumping (only after such a "
         "knockdown): with knockdown_on_jump_hth, no HTH roll, the jumper in HTH with the "
         "defender on the defender's hex, the defender prone (where postures are reported) "
         "and its ready weapon but a knife and its shield dropped; without, no HTH.",
         c_jump_knockdown),
    Rule("F-DIVE-NO-STRIKES", ENTER,
         "no figures may try to hit you as you disengage from them.",
         "On a dive's tenth nobody but its defender attacks the diver, and the diver's "
         "disengagement lists no strikers.", c_dive_no_strikes),
    Rule("F-HTH-WEAPONS", IN_HTH,
         "If the attacker successfully enters HTH, he may then attack with his bare hands or "
         "with his knife if he had one ready.",
         "An attack in HTH (in_hth) is made with bare hands (fist) or a knife.",
         c_hth_weapons),
    Rule("F-HTH-ENTRY-ATTACK", IN_HTH, "This attack is at -4 DX.",
         "An attack on entering (option hth_entry) follows its attacker's entry into HTH "
         "with that target this turn, and carries a -4 modifier.", c_hth_entry_attack),
    Rule("F-HTH-STRONGEST", IN_HTH,
         "The strongest figure in HTH is at a significant advantage: he or she has +2 DX for "
         "all actions in HTH (ties for strongest figure get no bonus). / If an enemy figure "
         "is stronger than you he or she does not get the +1 DX bonus for being the strongest "
         "figure in HTH, because of this talent.",
         "An action in HTH rolled against adjusted DX (an attack in HTH, a knife drawn with "
         "a roll, the 4-dice disengage) carries strongest +2 only when its figure is "
         "stronger (by strongest_by_current_st) than every other figure in its HTH "
         "(strongest_among enemies: than each enemy there) and none of them is an enemy "
         "with Judo; and carries it whenever that is so.", c_hth_strongest),
    Rule("F-JOIN-HTH", _docs("several figures in one HTH"),
         "A figure may jump or dive into an HTH already going on / the enemy it goes for "
         "rolls the one die (join_hth_roll_by target), or the strongest of its enemies there "
         "(strongest_enemy, ties to the target)",
         "A tft.hth_roll whose defender is already in HTH comes only with join_hth; it is "
         "rolled by the figure the attacker's action names (target), or by the strongest of "
         "the attacker's enemies in that HTH, its target on a tie (strongest_enemy).",
         c_join_hth),
    Rule("F-HTH-ENDS", _docs("several figures in one HTH"),
         "The HTH lasts while it holds figures of two sides: when the last enemy of the "
         "others leaves, it ends for all of them, and all but the first stand apart in free "
         "hexes next to it",
         "Once a tenth is over no figure is in an HTH without an enemy in it, and of the "
         "figures whose HTH ended on it with them staying in its hex, at most one is still "
         "there while a hex next to it is free (no wall in start.walls, no figure).",
         c_hth_ends),
    Rule("F-HTH-NO-PLUS-4", IN_HTH,
         "figures in HTH never get the +4 \"on the ground, rear hex\" DX adjustment when "
         "striking at each other.",
         "An attack between figures in HTH carries no +4 modifier.", c_hth_no_plus_4),
    Rule("F-HTH-NO-MOVE", HTH + " > Disengaging From HTH Combat",
         "A figure in HTH may not automatically disengage, but must pick option (u). During "
         "the movement phase it does not move (since it is in HTH).",
         "A figure in HTH makes no move, but on the tenth it disengages, is released or gets "
         "into the hex it entered.", c_hth_no_move),
    Rule("F-HTH-DISENGAGE", HTH + " > Disengaging From HTH Combat",
         "During the attack phase, it does not attack but rolls 4 dice verses its adjDX. If "
         "this roll is successful he disengages from HTH. [...] they do not get to strike at "
         "the disengaging figure if they have not taken their action yet.",
         "Disengaging from HTH: 4 dice, success when the roll is equal to or under the "
         "adjusted DX; no strikers and no strike at it; no attack of its own that turn.",
         c_hth_disengage),
    Rule("F-DISENGAGE-SEVERAL", _docs("several figures in one HTH"),
         "Disengaging from an HTH with several enemies: one 4-dice roll frees the figure (as "
         "written), or per_enemy: a roll for each enemy holding it, every one needed",
         "A figure's 4-dice disengage rolls of one tenth are one (hth_disengage_rolls one, "
         "or a single enemy), or one for each enemy holding it, each naming another as its "
         "holder, none after a failure (per_enemy); only the roll that frees it gives its "
         "hex (to).", c_disengage_several),
    Rule("F-READY-KNIFE", HTH + " > Readying a Knife in HTH",
         "A figure in HTH combat may try to draw & ready his knife (if he has one) by picking "
         "option (t). The figure must roll 3 dice and get equal to or under his DX.",
         "A readied weapon is a knife (dagger, dirk, poniard) the figure carries; a roll for "
         "it is 3 dice, success when equal to or under the logged DX.", c_ready_knife),
    Rule("F-KNIFE-DRAW-DX", _docs("readings of the seed"),
         "knife_draw_dx: the DX a knife is drawn against in HTH (\"equal to or under his "
         "DX\"): adjusted DX, as TFT means by DX, or dx: basic DX with only the HTH "
         "modifiers the seed names",
         "A knife drawn with a roll is rolled against the figure's DX plus the modifiers it "
         "logs; with knife_draw_dx dx these are only the strongest's +2 and the knife's HTH "
         "DX (dirk -1, poniard -2), with adjusted no bonus but the strongest's +2.",
         c_knife_draw_dx),
    Rule("F-KNIFE-DX", HTH + " > Readying a Knife in HTH",
         "Some very large knives (dirks and poniards) give negative DX adjustments in HTH. "
         "These modifiers make it harder to draw a dirk or poniard in HTH (as well as making "
         "them harder to use once drawn).",
         "An attack in HTH with a dirk or poniard, and a roll to ready one in HTH, carries its "
         "HTH DX adjustment (dirk -1, poniard -2: docs/rules/tft.md) among its modifiers.",
         c_knife_dx),
    Rule("F-RELEASE", HTH + " > Disengaging From HTH Combat",
         "If the enemy wishes to release the figure, no roll is required, the figure just "
         "stands up in an adjacent hex.",
         "A release frees a figure in HTH with the releaser, while no other enemy holds it "
         "there (hth_release last_holder; any_holder: whoever else holds it); it stands in a "
         "hex adjacent to the HTH hex (not prone, where postures are reported).", c_release),
    Rule("F-FIST-DAMAGE", "Unarmed Combat",
         "This does damage according to the figure's ST: [...] (After 20 ST, the damage "
         "rises more slowly.) [...] etc. (Follow the pattern from 20 ST to 40 ST.) [...] In "
         "HTH combat all fighters do +1 damage. [...] A one handed club does Fist damage +2 "
         "A two handed club does Fist damage +4 A thrown rock does Fist damage if it hits.",
         "Damage with fist, club (+2), two_handed_club (+4) or rock is the seed's table for "
         "the striker's ST (unarmed_current_st), the pattern past ST 52, +1 in HTH (an "
         "automatic hit: auto_hit_uses_hth_damage).", c_fist_damage),
    Rule("F-KNIFE-DAMAGE", HTH + " > Readying a Knife in HTH",
         "Note that knives have two damages, regular combat (used when throwing them or "
         "striking at adjacent figures) and their HTH damage (used when attacking in HTH).",
         "A knife attack in HTH does the knife's HTH damage (+1 with hth_bonus_on_knives), "
         "elsewhere its regular damage (dagger 1d-1 / 1d+1, dirk 1d / 1d+2, poniard 1d+1 / "
         "2d-1: docs/rules/tft.md).", c_knife_damage),
    Rule("F-THROW", "New Talents for HTH > Judo",
         "If it is a 7+ and you are unarmed you may throw who ever tried to jump you into an "
         "adjacent hex and do +3 damage. / if you throw them you do +5 instead of +3 fist "
         "damage.",
         "A thrown result brings a tft.throw by the defender into a hex adjacent to it, bonus "
         "+3 (Judo 2: +5), and throw damage of its fist damage + the bonus; no throw "
         "otherwise.", c_throw),
    Rule("F-ATTACK-WEAPON", "Unarmed Combat",
         "A figure with no weapon ready may attack with his bare hands.",
         "An attack names bare hands (fist) or the attacker's ready weapon (the first it "
         "lists, changed by tft.dropped, tft.ready_knife, tft.ready_weapon, tft.picked_up and "
         "a throw).", c_attack_weapon),
    Rule("F-TO-HIT", _docs("base rules of TFT"),
         "To hit: 3 dice equal to or under adjusted DX; 3 triple, 4 double damage, 5 automatic "
         "hit; 16 automatic miss, 17 drops the weapon, 18 breaks it / Attacks on a defending "
         "or dodging figure roll 4 dice (4–5 automatic hits, 20+ misses",
         "An attack roll is the sum of 3 (or 4) six-sided dice; it hits when equal to or "
         "under against, always on 3-5 (3 dice: x3 on 3, x2 on 4; 4 dice: x2 on 4 with "
         "four_dice_double_on_four) and never on 16+ (4 dice: 20+).", c_to_hit),
    Rule("F-FUMBLE", _docs("base rules of TFT"),
         "16 automatic miss, 17 drops the weapon, 18 breaks it / 21–22 drop, 23–24 break",
         "A weapon attack rolling 17 (4 dice: 21-22) drops it, 18 (23-24) breaks it "
         "(tft.dropped with that cause); no such drop without such a roll.", c_fumble),
    Rule("F-HITS", _docs("base rules of TFT"),
         "Figures have ST, DX, IQ, MA; ST is also hits: each hit lowers it",
         "Hits are 0 to the damage rolled (at least min_damage), and ST after is ST before "
         "less the hits.", c_hits),
    Rule("F-INJURY", _docs("base rules of TFT"),
         "5+ hits last turn −2 / 8+ hits in one turn: the figure falls at once",
         "For figures of ST under 30: turn_hits is the turn's hits so far; the -2 DX flag is "
         "set exactly at 5+; knocked down only at 8+.", c_injury),
    Rule("F-TALENTS", "New Talents for HTH",
         "IQ 7 DIVE BLOCK (0.5) / IQ 9 DIVE BLOCK 2 (0.5) coreq. Dive Block and a DX of 13+. "
         "/ IQ 12 JUDO (2) coreq UC1. / IQ 14 JUDO 2 (2) coreq Judo, DX 14+ and UC2.",
         "A placed figure's talents have their IQ, DX and co-requisite talent "
         "(check_talent_prerequisites; Unarmed Combat levels are not logged).", c_talents),
    Rule("F-CONTEST-DICE", "New Talents for HTH > Judo, Judo 2",
         "You get a 1 die bonus in contests for any and all Pins and Take Downs. / This gives "
         "you a 1 die bonus for any take down contest. You get a 1 die bonus on all pins.",
         "In a pin or take-down contest each figure rolls contest_dice dice, one more with "
         "Judo and one more with Judo 2.", c_contest_dice),
    Rule("F-CONTEST-SCORE", "New Talents for HTH > Judo 2",
         "Your enemy gets no bonus for ST in pins in HTH.",
         "Our contest (docs/rules/tft.md): the stronger figure adds contest_st_bonus (none "
         "on ties, none in a pin against a Judo 2 holder), score = dice + bonus, the higher "
         "wins, ties to the target (contest_ties_to_defender).", c_contest_score),
    Rule("F-JUDO2-PRONE", "New Talents for HTH > Judo 2",
         "and may attack unarmed at -3 DX while prone if they move 0 hexes.",
         "A prone attack (option prone, or by a figure reported prone, not in HTH) is made by "
         "a Judo 2 holder, bare-handed, with no move that turn, at -3.", c_judo_2_prone),
    Rule("F-CRAWL", "New Talents for HTH > Judo 2",
         "Lastly when prone people with this talent can crawl 3 hexes.",
         "In a log that reports postures, a prone figure moves at most 2 hexes a turn "
         "(base game), 3 with Judo 2.", c_crawl),
)

INT, NUM_OR_NULL = (int,), (int, type(None))
SCHEMA: dict[str, dict[str, FieldSpec]] = {
    "start": {"reports": ((list,), False), "walls": ((list,), False),
              "rules": ((dict,), False, SCORE_RANGE)},
    "placed": {"actor": ((str,), True), "side": ((str,), False), "at": ((list,), False),
               "stats": ((dict,), False, STAT_RANGE), "st": (INT, False, STAT_RANGE),
               "dx": (INT, False, STAT_RANGE), "iq": (INT, False, STAT_RANGE),
               "ma": (INT, False, STAT_RANGE)},
    "action": {"actor": ((str,), True), "end": (INT, False, TENTH_RANGE)},
    "move": {"actor": ((str,), True), "to": ((list,), True), "from": ((list,), False)},
    "state": {"actor": ((str,), True), "state": ((str,), True)},
    "tft.turn": {"turn": (INT, True, TURN_RANGE), "order": ((list,), True),
                 "sides": ((list,), False), "initiative": ((list,), False),
                 "adj_dx": ((list,), False, SCORE_RANGE), "rolloffs": ((list,), False),
                 "slots": ((list,), False, TENTH_RANGE)},
    "tft.phase": {"turn": (INT, True, TURN_RANGE), "phase": ((str,), True),
                  "end": (INT, True, TENTH_RANGE)},
    ATTACK: {"actor": ((str,), True), "target": ((str,), True),
             "weapon": ((str,), False), "option": ((str,), False),
             "faces": ((list,), False), "roll": (INT, False, SCORE_RANGE),
             "total": (INT, False, SCORE_RANGE), "against": (INT, False, SCORE_RANGE),
             "result": ((str,), False), "multiplier": (INT, False, SCORE_RANGE),
             "in_hth": ((bool,), False), "modifiers": ((dict,), False, SCORE_RANGE)},
    DAMAGE: {"actor": ((str,), True), "source": ((str,), False),
             "weapon": ((str,), False), "cause": ((str,), False),
             "dice": ((str,), False), "rolled": (INT, False, SCORE_RANGE),
             "hits": (INT, False, SCORE_RANGE), "st": (INT, False, SCORE_RANGE),
             "turn_hits": (INT, False, SCORE_RANGE), "knocked_down": ((bool,), False),
             "dx_penalty_next_turn": ((bool,), False), "modifiers": ((dict,), False, SCORE_RANGE)},
    "tft.hth_roll": {"actor": ((str,), True), "target": ((str,), True),
                     "kind": ((str,), True), "arc": ((str,), False),
                     "roll": (INT, True, SCORE_RANGE), "rerolls": ((list,), False),
                     "modifier": (INT, False, SCORE_RANGE),
                     "total": (INT, True, SCORE_RANGE), "result": ((str,), True),
                     "modifiers": ((dict,), False, SCORE_RANGE)},
    "tft.ready_knife": {"actor": ((str,), True), "weapon": ((str,), False),
                        "free": ((bool,), False), "success": ((bool,), False),
                        "faces": ((list,), False), "roll": (NUM_OR_NULL, False, SCORE_RANGE),
                        "against": (NUM_OR_NULL, False, SCORE_RANGE)},
    "tft.disengage": {"actor": ((str,), True), "hth": ((bool,), False),
                      "success": ((bool,), False), "strikers": ((list,), False),
                      "faces": ((list,), False), "roll": (NUM_OR_NULL, False, SCORE_RANGE),
                      "against": (NUM_OR_NULL, False, SCORE_RANGE),
                      "to": ((list, type(None)), False), "holder": ((str,), False)},
    "tft.release": {"actor": ((str,), True), "target": ((str,), True),
                    "to": ((list,), False)},
    "tft.dropped": {"actor": ((str,), True), "items": ((list,), False),
                    "at": ((list,), False), "cause": ((str,), False)},
    "tft.ready_weapon": {"actor": ((str,), True), "weapon": ((str,), False)},
    "tft.picked_up": {"actor": ((str,), True), "item": ((str,), False), "at": ((list,), False)},
    "tft.throw": {"actor": ((str,), True), "target": ((str,), True), "to": ((list,), False),
                  "bonus": (INT, False, SCORE_RANGE)},
    "tft.contest": {"actor": ((str,), True), "target": ((str,), True),
                    "kind": ((str,), False), "actor_faces": ((list,), False),
                    "target_faces": ((list,), False),
                    "actor_bonus": (INT, False, SCORE_RANGE),
                    "target_bonus": (INT, False, SCORE_RANGE),
                    "actor_score": (INT, False, SCORE_RANGE),
                    "target_score": (INT, False, SCORE_RANGE), "winner": ((str,), False)},
}
for _fields in SCHEMA.values():  # a roll's modifiers, on every event that has some
    _fields.setdefault("modifiers", ((dict,), False, SCORE_RANGE))
"""Fields the rules read, with their JSON types, whether they must be there and, for a
number, its bounds (docs/checks/tft.md, "Limits"; beyond them the log is malformed)."""

RULESET = RuleSet(
    system="tft",
    source="seed 000 (Rick Smith's HTH rules for The Fantasy Trip), on the base rules and "
           "the turn model documented in docs/rules/tft.md",
    rules=RULES,
    prepare=read,
    schema=SCHEMA,
)

__all__ = ["KNIVES", "RULES", "RULESET", "SCHEMA", "UNARMED_TABLE", "unarmed"]
