"""Conditions of the ``percentile`` rules on grappling: moves, positions, holds, throws.

Seed 001: each side's Attack Level is "his Martial Arts Level, his prior phase's Position
Modifier (PM), and the move's Difficulty Rating (DR)" against the opponent's Defense
Level ("Martial Arts Level plus prior phase's Position Modifier") on Table 4B; both roll;
"If one succeeds and the other fails, the position is changed to reflect the successful
move. If both fail, position remains constant from the last phase. If both succeed at
moves that cannot coincide, such as two Pins, they have disengaged". Table 5F and which
moves coincide are the documented reconstruction (``docs/rules/percentile.md``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from timedcombat.checks import Finding
from timedcombat.checks.model import (
    FACINGS,
    VECTORS,
    Event,
    as_hex,
    distance,
    neighbours,
)
from timedcombat.checks.model import as_int as num
from timedcombat.checks.percentile_model import (
    DAMAGE,
    GRAPPLE,
    STRIKE,
    Hold,
    PercentileLog,
    found,
    text,
)
from timedcombat.checks.percentile_tables import (
    HOLD_KNOCKOUT_PHASES,
    HOLD_PD_FACTOR,
    HOLDS,
    JOINT_PERMANENT,
    NON_INJURING_PD,
    ROLLOUT_HEXES,
    ROLLOUT_PER_MAL,
    TABLE_4B,
    THROW_HEXES,
    coincide,
    move_row,
)

Found = Iterator[Finding]
ESCAPE = "escape"


# ---------------------------------------------------------------------- one move


def grapple_levels(log: PercentileLog) -> Found:
    """AL = MAL + PM + DR; DL = the opponent's MAL + PM; both MALs those of the phase."""
    for i, e in log.of(GRAPPLE):
        al, dl = num(e.get("attack_level")), num(e.get("defense_level"))
        mal, pm, dr = num(e.get("mal")), num(e.get("pm")), num(e.get("dr"))
        dmal, dpm = num(e.get("defender_mal")), num(e.get("defender_pm"))
        own, theirs = log.mal(e.get("actor"), i), log.mal(e.get("target"), i)
        if own is not None and mal is not None and mal != own:
            yield found(e, f"MAL {own} (declared for the phase)", f"mal {mal}")
        elif theirs is not None and dmal is not None and dmal != theirs:
            yield found(e, f"defender MAL {theirs} ({e.get('target')}'s for the phase)",
                        f"defender_mal {dmal}")
        elif None not in (al, mal, pm, dr) and al != mal + pm + dr:  # type: ignore[operator]
            yield found(e, f"AL {mal + pm + dr} (MAL {mal} + PM {pm} + DR {dr})",  # type: ignore
                        f"attack_level {al}")
        elif None not in (dl, dmal, dpm) and dl != dmal + dpm:  # type: ignore[operator]
            yield found(e, f"DL {dmal + dpm} (MAL {dmal} + PM {dpm})",  # type: ignore[operator]
                        f"defense_level {dl}")


def grapple_dr(log: PercentileLog) -> Found:
    """Each move's Difficulty Rating is Table 5F's."""
    for _, e in log.of(GRAPPLE):
        row = move_row(str(e.get("move")), e.get("kind"))
        dr = num(e.get("dr"))
        if row is None:
            yield found(e, "a grappling move of Table 5F", f"{e.get('move')} {e.get('kind')}")
        elif dr is not None and dr != row[0]:
            yield found(e, f"DR {row[0]:+d} ({e.get('move')})", f"dr {dr}")


def grapple_pm(log: PercentileLog) -> Found:
    """The PMs are those of the prior phase's position (0 when never engaged)."""
    for i, e in log.of(GRAPPLE):
        a, b, number = e.get("actor"), e.get("target"), log.number_at(i)
        if not isinstance(a, str) or not isinstance(b, str) or number is None:
            continue
        for key, who, other in (("pm", a, b), ("defender_pm", b, a)):
            want, got = log.pm_before(who, other, i, number), num(e.get(key))
            if want is not None and got is not None and got != want:
                yield found(e, f"{who}'s PM {want} (the prior phase's position)",
                            f"{key} {got}")
                break


def grapple_odds(log: PercentileLog) -> Found:
    """Odds of Success on Combat Attack Table 4B."""
    for _, e in log.of(GRAPPLE):
        al, dl, odds = num(e.get("attack_level")), num(e.get("defense_level")), \
            num(e.get("odds"))
        if al is not None and dl is not None and odds is not None \
                and odds != TABLE_4B.odds(al, dl):
            yield found(e, f"odds {TABLE_4B.odds(al, dl)} (AL {al} v DL {dl}, Table 4B)",
                        f"odds {odds}")


def grapple_one(log: PercentileLog) -> Found:
    """Each attempts a move on his opponent: ``grapples_per_phase`` a phase at most."""
    most = log.rules["grapples_per_phase"]
    made: Counter[tuple[str, str, int]] = Counter()
    for i, e in log.of(GRAPPLE):
        a, b, number = e.get("actor"), e.get("target"), log.number_at(i)
        if most is None or not isinstance(a, str) or not isinstance(b, str) or number is None:
            continue
        made[(a, b, number)] += 1
        if made[(a, b, number)] > most:
            yield found(e, f"at most {most} grappling move(s) on {b} a phase",
                        f"move {made[(a, b, number)]}")


def grapple_together(log: PercentileLog) -> Found:
    """Two moves on each other in a phase are rolled together, on one tenth, and the
    position of the two follows on that tenth."""
    for i, e in log.of(GRAPPLE):
        p = log.partner(i)
        if p is not None and p < i and log.events[p]["t"] != e["t"]:
            yield found(e, f"rolled with {e.get('target')}'s {log.events[p].get('move')} "
                           f"(at {log.events[p]['t']})", f"at {e['t']}")
            continue
        pair = {e.get("actor"), e.get("target")}
        if not any(q.get("event") == "percentile.position"
                   and {q.get("actor"), q.get("target")} == pair for _, q in log.same_tenth(i)):
            yield found(e, "the position of the two after the roll, on this tenth", "none")


# ---------------------------------------------------------------------- positions


def _exchange(log: PercentileLog, j: int) -> list[tuple[int, Event]]:
    """The grappling moves a position event ``j`` settles: the pair's moves of its
    tenth since their last position event."""
    e = log.events[j]
    pair = {e.get("actor"), e.get("target")}
    moves: list[tuple[int, Event]] = []
    for i, g in log.same_tenth(j, after=False):
        kind = g.get("event")
        if kind == "percentile.position" and {g.get("actor"), g.get("target")} == pair:
            break
        if kind == GRAPPLE and {g.get("actor"), g.get("target")} == pair:
            moves.insert(0, (i, g))
    return moves


def _result(moves: list[tuple[int, Event]]) -> tuple[str, set[str]] | None:
    if not moves or len(moves) > 2 or any(g.get("result") not in ("success", "failure")
                                          for _, g in moves):
        return None
    won = [g for _, g in moves if g.get("result") == "success"]
    if not won:
        return "kept", set()
    if len(won) == 1:
        return "changed", {won[0].get("actor")}  # type: ignore[arg-type]
    if coincide(str(won[0].get("move")), str(won[1].get("move"))):
        return "both", {g.get("actor") for g in won}  # type: ignore[misc]
    return "disengaged", set()


def position_result(log: PercentileLog) -> Found:
    """One success changes the position, two failures keep it, two successes that cannot
    coincide disengage (a grab coincides with any move but an escape)."""
    for j, e in log.of("percentile.position"):
        want = _result(_exchange(log, j))
        if want is None:
            continue
        result, applied = want
        got = e.get("applied")
        if e.get("result") != result:
            yield found(e, f"result {result}", f"result {e.get('result')}")
        elif isinstance(got, list) and set(map(str, got)) != applied:
            yield found(e, f"applied [{', '.join(sorted(applied))}]",
                        f"[{', '.join(map(str, got))}]")


def _prior(moves: list[tuple[int, Event]], who: str) -> int | None:
    for _, g in moves:
        if g.get("actor") == who:
            return num(g.get("pm"))
    for _, g in moves:
        if g.get("target") == who:
            return num(g.get("defender_pm"))
    return None


def position_pm(log: PercentileLog) -> Found:
    """The next phase's PMs: a successful move gives its maker Table 5F's PM and the
    other ``victim_pm``; a successful escape frees both (0); kept: the prior PMs;
    disengaged: 0."""
    victim = log.rules["victim_pm"]
    for j, e in log.of("percentile.position"):
        moves = _exchange(log, j)
        want = _result(moves)
        if want is None or want[0] != e.get("result"):
            continue
        a, b = e.get("actor"), e.get("target")
        result = want[0]
        pms: dict[str, int | None] = {}
        if result == "disengaged":
            pms = {"pm": 0, "target_pm": 0}
        elif result == "kept":
            pms = {"pm": _prior(moves, str(a)), "target_pm": _prior(moves, str(b))}
        elif result == "changed":
            g = next(g for _, g in moves if g.get("result") == "success")
            row = move_row(str(g.get("move")), g.get("kind"))
            if g.get("move") == ESCAPE:
                pms = {"pm": 0, "target_pm": 0}
            elif row is not None:
                mine = g.get("actor") == a
                pms = {"pm": row[1] if mine else victim,
                       "target_pm": victim if mine else row[1]}
        for key, value in pms.items():
            got = num(e.get(key))
            if value is not None and got is not None and got != value:
                yield found(e, f"{key} {value} ({result})", f"{key} {got}")
                break


# ---------------------------------------------------------------------- holds


def _made(log: PercentileLog, h: Hold) -> bool:
    for _, g in log.same_tenth(h.on, after=False):
        if g.get("event") == GRAPPLE and g.get("actor") == h.holder \
                and g.get("target") == h.target and g.get("move") == h.hold \
                and g.get("result") == "success" \
                and (h.limb is None or text(g.get("limb")) in (None, h.limb)):
            return True
    return False


def hold_on(log: PercentileLog) -> Found:
    """A hold is put on by its move succeeding, and a move that takes effect puts its
    hold on."""
    for h in log.holds:
        if not _made(log, h):
            yield found(log.events[h.on], f"a successful {h.hold} of {h.holder} on "
                                          f"{h.target} on this tenth", "none")
    for j, e in log.of("percentile.position"):
        applied = e.get("applied")
        if not isinstance(applied, list):
            continue
        for _, g in _exchange(log, j):
            move, maker = g.get("move"), g.get("actor")
            if maker not in applied or move not in HOLDS or g.get("result") != "success":
                continue
            limb = text(g.get("limb"))
            if any(h.limb in (None, limb) for h in log.holds_on(j, target=g.get("target"),
                                                                holder=maker, hold=move)):
                continue
            if not any(q.get("event") == "percentile.hold" and q.get("state") == "on"
                       and q.get("actor") == maker and q.get("hold") == move
                       and q.get("target") == g.get("target") for _, q in log.same_tenth(j)):
                yield found(e, f"{maker}'s {move} on {g.get('target')} put on", "no hold")


def _freed(log: PercentileLog, j: int, e: Event) -> bool:
    return e.get("result") == "disengaged" or any(
        g.get("move") == ESCAPE and g.get("result") == "success" for _, g in _exchange(log, j))


def escape_frees(log: PercentileLog) -> Found:
    """A successful escape (or two successes that cannot coincide) leaves the two free
    and disengaged: no hold between them stays on past that tenth."""
    for j, e in log.of("percentile.position"):
        if not _freed(log, j, e):
            continue
        k = j
        for k2, _ in log.same_tenth(j):
            k = k2
        pair = {e.get("actor"), e.get("target")}
        left = [h for h in log.holds if {h.holder, h.target} == pair and h.on <= k
                and (h.off is None or h.off > k)]
        if left:
            h = left[0]
            yield found(e, "free and disengaged: every hold let go",
                        f"{h.holder}'s {h.hold} still on")


def joint_lock_held(log: PercentileLog) -> Found:
    """A joint lock is kept until the locked man escapes (or the two disengage, a new
    move of the holder takes effect, or one of them is out)."""
    for h in log.holds:
        if h.hold != "joint_lock" or h.off is None:
            continue
        ok = any(log.out_at.get(p, h.off + 1) <= h.off for p in (h.holder, h.target))
        a, b, reach = log.pos_before(h.holder, h.off), log.pos_before(h.target, h.off), \
            log.rules["unarmed_reach"]
        if a is not None and b is not None and reach is not None and distance(a, b) > reach:
            ok = True  # thrown apart (by a third): no lock is kept out of reach
        for j, e in log.same_tenth(h.off, after=False):
            if e.get("event") == "percentile.position" and \
                    {e.get("actor"), e.get("target")} == {h.holder, h.target}:
                applied = e.get("applied")
                if _freed(log, j, e) or (isinstance(applied, list) and h.holder in applied):
                    ok = True
        if not ok:
            yield found(log.events[h.off], f"the joint lock on {h.target} kept until he "
                                           "escapes", "let go")


def _only_escape(hold: str) -> Callable[[PercentileLog], Found]:
    def condition(log: PercentileLog) -> Found:
        for i, e in enumerate(log.events):
            kind = e.get("event")
            actor, target = e.get("actor"), e.get("target")
            if kind == STRIKE and isinstance(actor, str) and \
                    log.holds_on(i, target=actor, hold=hold):
                yield found(e, f"nothing but an escape ({actor} is held: {hold})",
                            f"{e.get('strike')}")
            elif kind == GRAPPLE and isinstance(actor, str) \
                    and log.holds_on(i, target=actor, hold=hold):
                holders = sorted({h.holder for h in log.holds_on(i, target=actor, hold=hold)})
                if e.get("move") != ESCAPE:
                    yield found(e, f"nothing but an escape ({actor} is held: {hold})",
                                f"{e.get('move')}")
                elif hold == "joint_lock" and e.get("target") not in holders:
                    yield found(e, f"an escape from the lock ({', '.join(holders)})",
                                f"escape from {e.get('target')}")
            elif kind == STRIKE and isinstance(target, str) and num(e.get("parries")) and \
                    log.holds_on(i, target=target, hold=hold):
                yield found(e, f"no parries, ducks or blocks of {target} (held: {hold})",
                            f"parries {e.get('parries')}")

    return condition


lock_only_escape = _only_escape("joint_lock")
pin_only_escape = _only_escape("pin")


def _locked_escape(log: PercentileLog, i: int, e: Event) -> list[Hold]:
    """The joint locks an escape ``e`` is attempted from: those its target has on him."""
    actor, target = e.get("actor"), text(e.get("target"))
    if e.get("move") != ESCAPE or not isinstance(actor, str):
        return []
    return [h for h in log.holds_on(i, target=actor, hold="joint_lock")
            if target is None or h.holder == target]


def joint_escape(log: PercentileLog) -> Found:
    """An escape attempted from a joint lock costs (10-100) PD* and disables the locked
    limb, whether or not it succeeds; the limb has 20 % to stay useless."""
    for i, e in log.of(GRAPPLE):
        locks = _locked_escape(log, i, e)
        if not locks:
            continue
        tenth = [q for _, q in log.same_tenth(i)]
        hurt = [q for q in tenth if q.get("event") == DAMAGE
                and q.get("actor") == e.get("actor")]
        off = [q for q in tenth if q.get("event") == "percentile.disabled"
               and q.get("actor") == e.get("actor")]
        die = num(hurt[0].get("die")) if hurt else None
        pd = num(hurt[0].get("pd")) if hurt else None
        limb = locks[0].limb
        if not hurt or hurt[0].get("star") is not True:
            yield found(e, "(10-100) PD* taken for the attempt", "no PD*")
        elif die is not None and (not 1 <= die <= 10 or pd != 10 * die):
            yield found(e, "10 x d10 PD* (10-100)", f"pd {pd}, die {die}")
        elif pd is not None and (pd % 10 or not 10 <= pd <= 100):
            yield found(e, "10-100 PD*, in tens", f"pd {pd}")
        elif not off:
            yield found(e, f"the locked {limb or 'limb'} disabled", "not disabled")
        elif limb is not None and text(off[0].get("limb")) not in (None, limb):
            yield found(e, f"the locked {limb} disabled", f"{off[0].get('limb')}")
        elif num(off[0].get("chance")) not in (None, JOINT_PERMANENT):
            yield found(e, f"{JOINT_PERMANENT} % chance to stay useless",
                        f"chance {off[0].get('chance')}")


def no_disabling(log: PercentileLog) -> Found:
    """Only an escape from a joint lock disables a limb (escapes from choke and strangle
    holds do not)."""
    for i, e in log.of("percentile.disabled"):
        limb = text(e.get("limb"))
        ok = False
        for j, g in log.same_tenth(i, after=False):
            if g.get("event") == GRAPPLE and g.get("actor") == e.get("actor"):
                ok = ok or any(h.limb in (None, limb) for h in _locked_escape(log, j, g))
        if not ok:
            yield found(e, "a limb disabled only by escaping a joint lock on it",
                        f"{limb} disabled")


def permanent_once(log: PercentileLog) -> Found:
    """A limb disabled by joint locks has its 20 % chance to stay useless once: the first
    `percentile.disabled` of the limb rolls it, later ones roll nothing and keep it."""
    first: dict[tuple[str, str], Event] = {}
    for _, e in log.of("percentile.disabled"):
        actor, limb = text(e.get("actor")), text(e.get("limb"))
        if actor is None or limb is None:
            continue
        roll, permanent = num(e.get("roll")), e.get("permanent")
        before = first.get((actor, limb))
        if before is None:
            first[(actor, limb)] = e
            if roll is None:
                yield found(e, f"the {limb}'s permanence roll ({JOINT_PERMANENT} %), the "
                               "first time a joint lock disables it", "no roll")
        elif roll is not None:
            yield found(e, f"no second permanence roll for the {limb} (rolled at "
                           f"{before['t']})", f"roll {roll}")
        elif isinstance(permanent, bool) and isinstance(before.get("permanent"), bool) \
                and permanent != before["permanent"]:
            yield found(e, f"permanent {str(before['permanent']).lower()} (the {limb}'s roll "
                           f"at {before['t']})", f"permanent {str(permanent).lower()}")


# ---------------------------------------------------------------------- chokes, strangles


def _held(log: PercentileLog, i: int, e: Event) -> Hold | None:
    found_ = log.holds_on(i, target=text(e.get("target")), holder=text(e.get("actor")),
                          hold=text(e.get("hold")))
    return found_[0] if found_ else None


def _phases_held(log: PercentileLog, h: Hold, number: int) -> int | None:
    first = log.rules["hold_first_phase_counts"]
    began = log.number_at(h.on)
    if first is None or began is None:
        return None
    return number - began + (1 if first else 0)


def hold_damage(log: PercentileLog) -> Found:
    """A choke held N phases has done 10 x N x N PD, a strangle N x N: each phase's share
    on its last tenth, N counting the whole phases begun with the hold on."""
    for i, e in log.of("percentile.hold_phase"):
        hold = e.get("hold")
        if hold not in HOLD_PD_FACTOR:
            yield found(e, "a choke or strangle hold", f"hold {hold}")
            continue
        h, ph = _held(log, i, e), log.phase_at(i)
        if h is None:
            yield found(e, f"a {hold} of {e.get('actor')} on {e.get('target')} on", "none")
            continue
        f = HOLD_PD_FACTOR[hold]
        n_want = _phases_held(log, h, ph.number) if ph and ph.number is not None else None
        n, pd, total = num(e.get("phases")), num(e.get("pd")), num(e.get("total"))
        if ph is not None and ph.end is not None and e["t"] != ph.end - 1:
            yield found(e, f"on the phase's last tenth {ph.end - 1}", f"at {e['t']}")
        elif n_want is not None and n is not None and n != n_want:
            yield found(e, f"{n_want} phases held", f"phases {n}")
        elif n is not None and total is not None and total != f * n * n:
            yield found(e, f"total {f * n * n} ({f} x {n} x {n})", f"total {total}")
        elif n is not None and pd is not None and pd != f * (2 * n - 1):
            yield found(e, f"{f * (2 * n - 1)} PD this phase ({f * n * n} - "
                           f"{f * (n - 1) * (n - 1)})", f"pd {pd}")
    yield from _hold_phases_missing(log)


def _hold_phases_missing(log: PercentileLog) -> Found:
    ticks = {(e["t"], e.get("actor"), e.get("target"), e.get("hold"))
             for _, e in log.of("percentile.hold_phase")}
    for h in log.holds:
        began = log.number_at(h.on)
        if h.hold not in HOLD_PD_FACTOR or began is None:
            continue
        for ph in log.phases:
            if ph.end is None or ph.number is None or ph.number < began:
                continue
            n = _phases_held(log, h, ph.number)
            if not n:
                continue
            last = ph.end - 1
            if (h.off_t is not None and h.off_t <= last) or log.end_t is None \
                    or log.end_t <= last or _out_by(log, (h.holder, h.target), last):
                break
            if (last, h.holder, h.target, h.hold) not in ticks:
                yield Finding(last, h.holder, f"{h.hold} damage on {h.target} at {last} "
                                              f"(held {n} phases)", "none")
                break


def _out_by(log: PercentileLog, who: tuple[str, ...], t: int) -> bool:
    return any(log.out_at.get(p) is not None and log.events[log.out_at[p]]["t"] <= t
               for p in who)


def hold_knockout(log: PercentileLog) -> Found:
    """Knocked out after two phases in a choke, ten in a strangle."""
    for _, e in log.of("percentile.hold_phase"):
        n, out = num(e.get("phases")), e.get("knocked_out")
        most = HOLD_KNOCKOUT_PHASES.get(e.get("hold"))  # type: ignore[arg-type]
        if n is None or most is None or not isinstance(out, bool):
            continue
        if out != (n >= most):
            yield found(e, f"knocked_out {str(n >= most).lower()} ({n} of {most} phases)",
                        f"knocked_out {str(out).lower()}")


# ---------------------------------------------------------------------- throws


def _after(log: PercentileLog, i: int, kind: str, actor: object) -> list[Event]:
    """``actor``'s events of this kind after event ``i`` on its tenth."""
    return [q for _, q in log.same_tenth(i) if q.get("event") == kind
            and q.get("actor") == actor]


def _around(log: PercentileLog, i: int, kind: str, actor: object) -> list[Event]:
    """``actor``'s events of this kind on event ``i``'s tenth, before or after it."""
    before = [q for _, q in log.same_tenth(i, after=False)][::-1]
    return [q for q in before + _after(log, i, kind, actor)
            if q.get("event") == kind and q.get("actor") == actor]


NOMINAL = {"rolled_out": ROLLOUT_HEXES, "thrown": THROW_HEXES, "unhurt": THROW_HEXES}
"""How far each result of a throw sends the man, with nothing in his way."""


def throw_rollout(log: PercentileLog) -> Found:
    """10 x MAL % to roll out of a throw; rolled out: on his feet, no damage (3 hexes, or
    fewer when the way is blocked: P-THROW-HEX)."""
    for i, e in log.of("percentile.throw"):
        chance, mal = num(e.get("rollout_chance")), log.mal(e.get("target"), i)
        if chance is not None and mal is not None and chance != ROLLOUT_PER_MAL * mal:
            yield found(e, f"roll-out chance {ROLLOUT_PER_MAL * mal} (10 x MAL {mal})",
                        f"rollout_chance {chance}")
        elif e.get("result") == "rolled_out":
            hurt = [q for q in _after(log, i, DAMAGE, e.get("target"))
                    if num(q.get("location_roll")) is None]
            hexes = num(e.get("hexes"))
            if (hexes is not None and hexes > ROLLOUT_HEXES) or e.get("on_feet") is not True:
                yield found(e, "rolled out: 3 hexes (at most), on his feet",
                            f"{e.get('hexes')} hexes, on_feet {e.get('on_feet')}")
            elif hurt:
                yield found(e, "rolled out: no damage", f"{hurt[0].get('pd')} PD")


def throw_damage(log: PercentileLog) -> Found:
    """Not rolled out: one hex (at most), down, (30) PD* from a non-injuring throw or
    (10-100) PD from an injuring one; a rider dragged down who lands well: on his feet,
    unhurt."""
    for i, e in log.of("percentile.throw"):
        result, target = e.get("result"), e.get("target")
        hurt = [q for q in _around(log, i, DAMAGE, target)
                if num(q.get("location_roll")) is None]
        falls = _around(log, i, "percentile.fall", target)
        hexes = num(e.get("hexes"))
        far = hexes is not None and hexes > THROW_HEXES
        if result == "thrown":
            if far or e.get("on_feet") is not False:
                yield found(e, "thrown: one hex (at most), off his feet",
                            f"{e.get('hexes')} hexes, on_feet {e.get('on_feet')}")
            elif not hurt:
                yield found(e, "the throw's damage", "none")
            else:
                yield from _throw_pd(e, hurt[0])
        elif result == "unhurt":
            if not falls or falls[0].get("result") != "unhurt":
                yield found(e, "unhurt only by a Fall Recovery roll made", "no such roll")
            elif far or e.get("on_feet") is not True:
                yield found(e, "one hex (at most), on his feet",
                            f"{e.get('hexes')} hexes, on_feet {e.get('on_feet')}")
            elif hurt:
                yield found(e, "no damage", f"{hurt[0].get('pd')} PD")


def _throw_pd(e: Event, q: Event) -> Found:
    pd, star, die = num(q.get("pd")), q.get("star"), num(q.get("die"))
    if e.get("kind") == "injuring":
        if star is not False:
            yield found(e, "(10-100) PD, not PD*", "PD*")
        elif die is not None and (not 1 <= die <= 10 or pd != 10 * die):
            yield found(e, "10 x d10 PD (10-100)", f"pd {pd}, die {die}")
        elif pd is not None and (pd % 10 or not 10 <= pd <= 100):
            yield found(e, "10-100 PD, in tens", f"pd {pd}")
    elif pd != NON_INJURING_PD or star is not True:
        yield found(e, f"{NON_INJURING_PD} PD* (a non-injuring throw)",
                    f"{pd} PD{'*' if star else ''}")


Hex = tuple[int, int]


def _hex_text(h: Hex) -> str:
    return f"[{h[0]}, {h[1]}]"


def _along(frm: Hex, direction: str, k: int) -> Hex:
    """The hex ``k`` steps from ``frm`` in a facing direction."""
    dq, dr = VECTORS[direction]
    return (frm[0] + k * dq, frm[1] + k * dr)


def throw_hex(log: PercentileLog) -> Found:
    """The thrown man goes in the direction the thrower chose (never into the thrower's
    own hex): one hex, or three rolling out, stopping before a wall or a figure in his way
    (``throw_blocked``); his ``move`` takes him to the throw's ``to``."""
    for i, e in log.of("percentile.throw"):
        d, to, hexes = text(e.get("direction")), as_hex(e.get("to")), num(e.get("hexes"))
        target, thrower = e.get("target"), e.get("actor")
        if d not in FACINGS or to is None or hexes is None or not isinstance(target, str):
            continue
        frm = log.pos_before(target, i)
        if frm is None:
            continue
        own = log.pos_before(thrower, i) if isinstance(thrower, str) else None
        if own is not None and _along(frm, d, 1) == own:
            yield found(e, f"a direction other than into {thrower}'s own hex "
                           f"{_hex_text(own)}", f"direction {d}")
        elif hexes < 0 or to != _along(frm, d, hexes):
            yield found(e, f"to {list(_along(frm, d, max(hexes, 0)))} ({hexes} hex"
                           f"{'es' if hexes != 1 else ''} {d} of {list(frm)})", f"to {list(to)}")
        else:
            yield from _throw_way(log, i, e, target, frm, d)
            yield from _thrown_move(log, i, e, target, frm, to)


def _throw_way(log: PercentileLog, i: int, e: Event, target: str, frm: Hex,
               d: str) -> Found:
    """The way of a throw: free up to where he lands; short of the full distance only when
    the next hex is a wall or a figure; with ``throw_blocked`` ``redirect`` never into a
    blocked first hex while a neighbouring hex is free."""
    walls, standing = log.walls, log.standing_at(i)
    hexes, nominal = e["hexes"], NOMINAL.get(str(e.get("result")))
    if standing is None:
        return

    def blocked(h: Hex) -> str | None:
        if h in walls:
            return "a wall"
        who = standing.get(h)
        return who if who is not None and who != target else None

    for k in range(1, hexes + 1):
        what = blocked(_along(frm, d, k))
        if what is not None:
            yield found(e, f"a free way ({_hex_text(_along(frm, d, k))} is {what})",
                        f"thrown through it ({hexes} hexes)")
            return
    beyond = _along(frm, d, hexes + 1)
    if nominal is not None and hexes < nominal and blocked(beyond) is None:
        yield found(e, f"{nominal} hex{'es' if nominal > 1 else ''} (nothing in the way at "
                       f"{_hex_text(beyond)})", f"{hexes} hexes")
    elif log.rules["throw_blocked"] == "redirect" and blocked(_along(frm, d, 1)) is not None:
        free = [h for h in neighbours(frm) if blocked(h) is None]
        if free:
            yield found(e, f"a free direction (throw_blocked redirect: {_hex_text(free[0])} "
                           "is free)", f"direction {d} into {blocked(_along(frm, d, 1))}")


def _thrown_move(log: PercentileLog, i: int, e: Event, target: str, frm: Hex,
                 to: Hex) -> Found:
    """The thrown man's ``move`` on the throw's tenth takes him to ``to`` (none when he
    stays where he stood)."""
    moves = [q for q in _after(log, i, "move", target) if q.get("mode") in (None, "thrown")]
    went = as_hex(moves[0].get("to")) if moves else frm
    if went != to:
        yield found(e, f"{target} moved to {list(to)}", f"moved to {list(went or ())}")


def footing_phases(roll: int, die: int) -> int:
    """"1 to 2 phases": a footing_die face spread evenly over 1 and 2 (the lower half of
    the die 1, the upper 2; a d2 gives the face itself, a d1 always 1)."""
    return 1 + (roll - 1) * 2 // die


def footing(log: PercentileLog) -> Found:
    """Thrown and not rolled out: 1 to 2 phases to regain footing (1d2); he stands at the
    start of the phase after those whole phases."""
    p, die = log.rules["phase_tenths"], log.rules["footing_die"]
    for i, e in log.of("percentile.footing"):
        roll, n, until = num(e.get("roll")), num(e.get("phases")), num(e.get("until"))
        number = log.number_at(i)
        if roll is not None and die is not None and not 1 <= roll <= die:
            yield found(e, f"a d{die} (1-{die})", f"roll {roll}")
        elif roll is not None and die is not None and n is not None \
                and n != footing_phases(roll, die):
            yield found(e, f"{footing_phases(roll, die)} phases (roll {roll} of a d{die} on "
                           "1 to 2)", f"phases {n}")
        elif None not in (n, until, p, number) and until != p * (number + n + 1):  # type: ignore
            want = p * (number + n + 1)  # type: ignore[operator]
            yield found(e, f"stands at {want} (start of phase {number + n + 1})",  # type: ignore
                        f"until {until}")
    for i, e in log.of("percentile.throw"):
        if e.get("result") == "thrown" and not _around(log, i, "percentile.footing",
                                                       e.get("target")):
            yield found(e, f"{e.get('target')} down 1 to 2 phases", "no footing roll")


def footing_stand(log: PercentileLog) -> Found:
    """A man thrown down regains his footing after his 1 to 2 phases, not before: he
    stands (``state`` ``down`` false) at his footing's ``until``, the start of his phase;
    one still in the fight who declares in that phase has stood by then."""
    for i, e in log.of("percentile.footing"):
        actor, until = text(e.get("actor")), num(e.get("until"))
        if actor is None or until is None:
            continue
        stood: int | None = None
        for j in range(i + 1, len(log.events)):
            q = log.events[j]
            if q.get("actor") != actor:
                continue
            if q.get("event") == "percentile.footing":
                break  # thrown again: his new footing decides
            if q.get("event") == "state" and q.get("state") == "down" and q.get("value") is False:
                stood = j
                if q["t"] < until:
                    yield found(q, f"{actor} on his feet at {until} (his footing)",
                                f"on his feet at {q['t']}")
                break
            if q.get("event") == "percentile.declare" and q["t"] >= until and stood is None:
                yield found(q, f"{actor} on his feet at {until}, before he declares",
                            "still down")
                break


def footing_down(log: PercentileLog) -> Found:
    """Regaining his footing, a man only ducks, blocks, parries or escapes."""
    down: dict[str, tuple[int, int]] = {}
    for i, e in enumerate(log.events):
        kind, actor = e.get("event"), e.get("actor")
        if kind == "percentile.footing" and isinstance(actor, str) \
                and num(e.get("until")) is not None:
            down[actor] = (i, e["until"])
            continue
        if not isinstance(actor, str) or actor not in down or e["t"] >= down[actor][1]:
            continue
        if kind in (STRIKE, "percentile.ram") or (kind == GRAPPLE and e.get("move") != ESCAPE):
            what = e.get("strike") or e.get("move") or "ram"
            yield found(e, f"only ducks, blocks, parries or escapes until {down[actor][1]} "
                           "(regaining footing)", what)
