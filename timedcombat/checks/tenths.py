"""The timing rules of the ``tenths`` system (seed 004), as the checker states them.

:data:`RULES` is the rule list: each :class:`~timedcombat.checks.Rule` names the passage
of seed 004 it comes from (``docs/check.md`` lists them) and a condition over the facts
:mod:`timedcombat.checks.tenths_model` reads from the log. Where seed 004 leaves a gap,
the condition follows the assumption written in ``docs/rules/tenths.md``.

Times are in tenths. An action's *own* duration is ``end - t - delay`` (``delay``: parry
time carried in from before); it completes at ``end`` plus the parry and dodge time
added while it ran.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from timedcombat.checks import Finding, Rule, RuleSet
from timedcombat.checks.model import Event, distance, lookup
from timedcombat.checks.tenths_acts import ALTERNATE, STOPPED, Act, half_up
from timedcombat.checks.tenths_model import TenthsLog
from timedcombat.checks.tenths_scene import read

Found = Iterator[Finding]


def _at(e: Event, expected: Any, found: Any) -> Finding:
    return Finding(e["t"], e.get("actor"), str(expected), str(found), e.get("seq"))


def _on(act: Act, expected: Any, found: Any) -> Finding:
    return _at(act.ev, expected, found)


def _mods(e: Event) -> dict[str, Any] | None:
    m = e.get("modifiers")
    return m if isinstance(m, dict) else None


def _acts(log: TenthsLog, *names: str, closing: bool | None = None) -> Iterator[Act]:
    for act in log.acts:
        if act.name in names and (closing is None or act.closing == closing):
            yield act


def _events(log: TenthsLog, kind: str) -> Iterator[tuple[int, Event]]:
    for i, e in enumerate(log.events):
        if e.get("event") == kind:
            yield i, e


def _stat(log: TenthsLog, act: Act, name: str) -> int | None:
    return log.stat(act.actor, name)


def _plus(n: Any) -> str:
    return f"{n:+d}" if isinstance(n, int) and not isinstance(n, bool) else str(n)


# ---------------------------------------------------------------------- durations


Expect = Callable[[TenthsLog, Act], "int | None"]


def duration(names: tuple[str, ...], expect: Expect, what: str,
             closing: bool | None = None) -> Callable[[TenthsLog], Found]:
    """A rule that an action's own duration is ``expect`` (skipped when ``None``)."""

    def condition(log: TenthsLog) -> Found:
        for act in _acts(log, *names, closing=closing):
            want = expect(log, act)
            if want is not None and act.nominal != want:
                yield _on(act, f"{act.name} takes {want} tenths ({what})",
                          f"{act.nominal} tenths (end {act.end}, delay {act.delay})")

    return condition


def _attack_time(log: TenthsLog, act: Act) -> int | None:
    walk = _stat(log, act, "walk")
    if act.base is None or walk is None:
        return None
    return max(1, act.base + walk - 3)


def _walk_back(log: TenthsLog, act: Act) -> int | None:
    walk = _stat(log, act, "walk")
    extra = log.rules.get("walk_back_extra")
    return walk + extra if walk is not None and isinstance(extra, int) else None


def _weapon_speed(log: TenthsLog, act: Act) -> int | None:
    spec = log.spec(act.actor, act.weapon)
    return spec.base_speed if spec else None


def _pick_up_time(log: TenthsLog, act: Act) -> int | None:
    walk = _stat(log, act, "walk")
    return 2 * walk if walk is not None else None


def _block_time(log: TenthsLog, act: Act) -> int | None:
    spec = log.spec(act.actor, act.weapon or (act.hand[0] if act.hand else None))
    if spec is None or spec.base_speed is None:
        return None
    return max(1, spec.base_speed - (10 if act.block else 5))


# ---------------------------------------------------------------------- closing


def _closing_moves(log: TenthsLog, act: Act) -> list[tuple[int, Event]]:
    """The moves a closing action makes (not dodges, nor a parry's close-in)."""
    moves = []
    defended: set[int] = set()  # tenths on which the actor parried or dodged (so far)
    for j, e in log.during(act):
        if e.get("event") == "defence":
            defended.add(e["t"])
        if e.get("event") != "move":
            continue
        parried = e["t"] in defended
        if e.get("mode") == "closing" or (e.get("mode") == "close_quarters" and not parried):
            moves.append((j, e))
    return moves


def _moves_at(log: TenthsLog, act: Act, offsets: list[int]) -> Found:
    """Every closing move falls at one of ``offsets`` (from the start, plus pushes)."""
    moves = _closing_moves(log, act)
    for j, e in moves:
        shift = act.shift_before(j)
        if shift is None:
            continue
        allowed = sorted({act.t + o + shift for o in offsets})
        if e["t"] not in allowed:
            yield _at(e, f"{act.name} move{'s' if len(allowed) > 1 else ''} at "
                         f"{' and '.join(map(str, allowed))}", f"move at {e['t']}")
    if len(moves) > len(offsets):
        j, e = moves[len(offsets)]
        yield _at(e, f"{act.name}: at most {len(offsets)} move(s)", f"{len(moves)} moves")


def _strikes_at_end(log: TenthsLog, act: Act) -> Found:
    """The closing attack falls at the end of the action (plus pushes)."""
    hit = log.first_strike(act)
    eff = act.eff_end
    if hit is None or eff is None or hit[1].get("closing") not in (None, act.name):
        return
    if hit[1]["t"] != eff:
        yield _at(hit[1], f"{act.name} attack at {eff} (the end of the action)",
                  f"attack at {hit[1]['t']}")


def _no_moves(log: TenthsLog, act: Act) -> Found:
    for _, e in _closing_moves(log, act):
        yield _at(e, f"no move during {act.name}", f"move at {e['t']}")


def _closing_rule(name: str, own: Expect, what: str,
                  offsets: Callable[[TenthsLog, Act, int], list[int]] | None,
                  strikes: bool) -> Callable[[TenthsLog], Found]:
    """A closing action: its duration, the times of its moves (or none), its attack."""
    timed = duration((name,), own, what, closing=True)

    def condition(log: TenthsLog) -> Found:
        yield from timed(log)
        for act in _acts(log, name, closing=True):
            want = own(log, act)
            if offsets is None:
                yield from _no_moves(log, act)
            elif want is not None:
                yield from _moves_at(log, act, offsets(log, act, want))
            if strikes:
                yield from _strikes_at_end(log, act)

    return condition


def _one(log: TenthsLog, act: Act) -> int:
    return 1


def _attack_offsets(log: TenthsLog, act: Act, length: int) -> list[int]:
    return [max(0, length - 2)]


def _charge_offsets(log: TenthsLog, act: Act, length: int) -> list[int]:
    run = _stat(log, act, "run")
    second = max(0, length - 2)
    return [second] if run is None else [max(0, second - run), second]


def _at_end(log: TenthsLog, act: Act, length: int) -> list[int]:
    return [length]


def _walk(log: TenthsLog, act: Act) -> int | None:
    return _stat(log, act, "walk")


def _in_range(log: TenthsLog, act: Act, other: str, i: int) -> bool | None:
    p = log.people.get(act.actor)
    a, b = log.pos_at(act.actor, i), log.pos_at(other, i)
    reach = log.reach(p, act.hand, act.style) if p else None
    if a is None or b is None or reach is None:
        return None
    return 1 <= distance(a, b) <= reach


def _came_in_range(log: TenthsLog, act: Act, other: str, until: int) -> int | None:
    """The tenth (not before ``act`` starts) from which ``other`` has been in range of
    the actor, looking at where both stand after each tenth's moves. At close quarters
    only the one in the actor's hex is in range ("only short range weapons may be used":
    not the long weapon's reach, nor anyone outside the hex), so the actor's own
    close-quarters changes count too (a Set begun at close quarters is not judged)."""
    inside = _in_range(log, act, other, act.index)
    since = act.t if inside else None
    close: set[str] = set()
    points = sorted((e["t"], j) for pid in (act.actor, other)
                    for j, e in log.of_actor(pid, act.index - 1, until)
                    if e.get("event") == "move"
                    or (pid == act.actor and e.get("event") == "state"
                        and e.get("state") == "close_quarters"))
    for k, (t, j) in enumerate(points):
        e = log.events[j]
        if e.get("event") == "state" and isinstance(e.get("opponent"), str):
            (close.add if e.get("value") else close.discard)(e["opponent"])
        if k + 1 < len(points) and points[k + 1][0] == t:
            continue  # only where they stand once the tenth's moves are done
        now = other in close if close else _in_range(log, act, other, j)
        if now is None:
            return None
        if now and not inside:
            since = t
        inside = now
    return since if inside else None


def set_attack(log: TenthsLog) -> Found:
    """Set: the attack after base time or one tenth after the opponent comes in range."""
    yield from _closing_rule("set", _one, "Set takes one tenth", None, False)(log)
    for act in _acts(log, "set", closing=True):
        hit = log.first_strike(act)
        eff = act.eff_end
        if hit is None or act.base is None or eff is None or act.close \
                or hit[1].get("event") != "attack" or act.target is None:
            continue
        since = _came_in_range(log, act, act.target, hit[0])
        if since is None:
            continue
        want = max(act.t + act.base, since + 1) + eff - (act.t + 1)
        if hit[1]["t"] != want:
            yield _at(hit[1], f"Set attack at {want} (start {act.t} + base speed {act.base},"
                              f" or {act.target} in range at {since} + 1)",
                      f"attack at {hit[1]['t']}")


def _first_attack_on(log: TenthsLog, act: Act) -> tuple[int, Event] | None:
    """The target's first attack on the actor after the closing action started, before
    the actor's next closing action."""
    nxt = next((a.index for a in log.acts_by[act.actor] if a.index > act.index and a.closing),
               len(log.events))
    for j, e in log.of_actor(act.target, act.index, nxt):
        if e.get("event") == "attack" and e.get("target") == act.actor \
                and e.get("kind") != "block":
            return j, e
    return None


def defence_bonus(kind: str, bonus: int) -> Callable[[TenthsLog], Found]:
    """The closing action ``kind`` changes the actor's defence potential by ``bonus``
    against its opponent's first attack (when the closing exchange made an attack)."""

    def condition(log: TenthsLog) -> Found:
        for act in _acts(log, kind, closing=True):
            first = _first_attack_on(log, act) if act.target else None
            if first is None or not log.made(act):
                continue
            mods = _mods(first[1])
            if mods is None:
                continue
            yield from _bonus_on(log, first[1], bonus, f"{act.actor}'s {kind}")

    return condition


def _bonus_on(log: TenthsLog, e: Event, bonus: int, why: str) -> Found:
    """An attack's ``defence_bonus`` is ``bonus`` and its defence potential the target's
    defence plus it (one finding at most)."""
    mods = _mods(e)
    if mods is None:
        return
    got = mods.get("defence_bonus", 0)
    base = log.stat(e.get("target"), "defence")
    potential = mods.get("defence_potential")
    if got != bonus:
        yield _at(e, f"defence bonus {_plus(bonus)} ({why})",
                  _plus(got) if isinstance(got, int) else str(got))
    elif base is not None and isinstance(potential, int) and potential != base + bonus:
        yield _at(e, f"defence potential {base + bonus} ({e.get('target')}'s {base} "
                     f"{_plus(bonus)}, {why})", f"{potential}")


def charge_anti_parry(log: TenthsLog) -> Found:
    """+3 anti-parry on the charge's own attack, and on no other attack."""
    for _, e in _events(log, "attack"):
        mods = _mods(e)
        if mods is None or e.get("kind") == "block":
            continue
        got = mods.get("charge_anti_parry", 0)
        want = 3 if e.get("closing") == "charge" else 0
        if got != want:
            what = "the charge's own attack" if want else "no charge bonus on this attack"
            yield _at(e, f"charge anti-parry {_plus(want)} ({what})", f"{_plus(got)}")


def first_after_wait(log: TenthsLog) -> Found:
    """Wait/Defend: the own first blow at max(start + base speed, opponent's first + 1)."""
    for act in _acts(log, "attack", closing=False):
        if act.first_after is None:
            continue
        want = max(act.first_after, act.t + 1) - act.t
        if act.nominal != want:
            yield _on(act, f"first blow at {act.t + want + act.delay} (after the opponent's"
                           f" first attack; {want} tenths)",
                      f"end {act.end} ({act.nominal} tenths)")


def let_first(log: TenthsLog) -> Found:
    """Wait/Defend: "let opponent make first attack": no attack on that opponent before
    its first attack on the waiter (strictly before: on the same tenth it would be a
    simultaneous attack), until the waiter's next closing action."""
    for act in _acts(log, "wait", "defend", closing=True):
        other = act.target
        if other is None or act.interrupted:
            continue
        mine = log.acts_by.get(act.actor, [])
        nxt = next((a.index for a in mine if a.index > act.index and a.closing),
                   len(log.events))
        theirs = next((e for _, e in log.of_actor(other, act.index, nxt)
                       if e.get("event") == "attack" and e.get("target") == act.actor
                       and e.get("kind") != "block"), None)
        for _, e in log.of_actor(act.actor, act.index, nxt):
            if e.get("event") != "attack" or e.get("target") != other \
                    or e.get("kind") == "block":
                continue
            if theirs is None or e["t"] <= theirs["t"]:
                yield _at(e, f"{other}'s first attack on {act.actor} first (its {act.name} at "
                             f"{act.t} lets the opponent make the first attack)",
                          f"attack on {other} at {e['t']}" + (
                              f", {other}'s first at {theirs['t']}" if theirs else
                              f", none by {other} yet"))
            break


# ---------------------------------------------------------------------- blows


def blow_strength(log: TenthsLog) -> Found:
    """Blow Strength: the strength, or with a two-handed weapon one and a half times it,
    halves rounded down."""
    for _, e in _events(log, "damage"):
        got, source = e.get("blow_strength"), e.get("source")
        if not isinstance(got, int) or not isinstance(source, str):
            continue
        strength = log.stat(source, "strength")
        spec = log.spec(source, e.get("weapon"))
        if strength is None or spec is None or spec.hands is None:
            continue
        want = strength * 3 // 2 if spec.hands == 2 else strength
        if got != want:
            why = (f"1.5 x {strength}, halves down: two-handed {spec.name}"
                   if spec.hands == 2 else f"strength {strength}: one-handed {spec.name}")
            yield Finding(e["t"], source, f"blow strength {want} ({why})", f"{got}",
                          e.get("seq"))


def blow_speed(log: TenthsLog) -> Found:
    """In combat, one weapon: each blow takes the weapon's base speed."""
    for act in _acts(log, "attack", closing=False):
        if act.first_after is not None or act.first_unknown or act.style == ALTERNATE:
            continue
        spec = log.spec(act.actor, act.weapon)
        if spec is None or spec.base_speed is None or act.nominal == spec.base_speed:
            continue
        yield _on(act, f"blow after {spec.base_speed} tenths (base speed of {spec.name})",
                  f"{act.nominal} tenths (end {act.end}, delay {act.delay})")


def two_weapons(log: TenthsLog) -> Found:
    """Alternate style: weapons alternate; the first on the combined base speed, the
    second mid-way (halves up)."""
    for act in _acts(log, "attack", closing=False):
        if act.style != ALTERNATE or act.first_after is not None or act.first_unknown \
                or act.close \
                or act.base is None or act.blows is None:
            continue
        if act.blows and act.weapon == act.last_blow:
            yield _on(act, f"blow with the other weapon than {act.last_blow}",
                      f"{act.weapon} again")
            continue
        half = half_up(act.base)
        if not act.blows:
            want, why = act.base, "first blow: the combined base speed"
        elif act.weapon == act.seq_first:
            want, why = act.base - half, "first weapon: the rest of the combined base speed"
        else:
            want, why = half, "second weapon: mid-way, halves up"
        if act.nominal != want:
            yield _on(act, f"blow after {want} tenths ({why}, combined {act.base})",
                      f"{act.nominal} tenths")


def two_weapon_anti_parry(log: TenthsLog) -> Found:
    """Alternate style: two off the anti-parry of both weapons (and only then)."""
    for i, e in _events(log, "attack"):
        mods, snap = _mods(e), log.snap.get(i, {})
        if mods is None or e.get("kind") == "block" or snap.get("hand") is None:
            continue
        alternate = snap.get("style") == ALTERNATE and e.get("weapon") in snap["hand"]
        want, got = (-2 if alternate else 0), mods.get("two_weapon_anti_parry", 0)
        if got != want:
            yield _at(e, f"two-weapon anti-parry {_plus(want)}", f"{_plus(got)}")


def action_ends(log: TenthsLog) -> Found:
    """An action's effect falls at its end plus the parries and dodges made during it;
    the actor's next action does not start before."""
    for act in log.acts:
        eff = act.eff_end
        if eff is None:
            continue
        done = _completion(log, act)
        if done is not None and done["t"] != eff:
            yield _at(done, f"{act.name} done at {eff} (end {act.end} + "
                            f"{eff - act.end} parry/dodge)", f"at {done['t']}")
        if act.stop is not None and not act.interrupted and not act.closing:
            nxt = log.events[act.stop]
            if nxt["t"] < eff:
                yield _at(nxt, f"next action from {eff} ({act.name} runs until then)",
                          f"{nxt.get('name')} at {nxt['t']}")


def _completion(log: TenthsLog, act: Act) -> Event | None:
    """The event that shows ``act`` done, if the log has one."""
    if act.closing or act.interrupted:
        return None
    for _, e in log.during(act):
        kind = e.get("event")
        if act.name == "attack" and (kind == "tenths.attack_lost" or (
                kind == "attack" and e.get("kind") != "block")):
            return e
        if act.name == "move" and (
                (kind == "move" and e.get("mode") == act.ev.get("mode"))
                or (kind == "interrupted" and e.get("name") == "move")):
            return e
        if (act.name, kind) in (("drop", "tenths.dropped"), ("pick_up", "tenths.picked_up")):
            return e
        if act.name == "block" and ((kind == "state" and e.get("state") == "block"
                                     and e.get("value")) or kind == "interrupted"):
            return e
        if act.name in ("target", "defend_only") and kind == "target":
            return e
    return None


# ---------------------------------------------------------------------- defences


def parry_not_attacking(log: TenthsLog) -> Found:
    """No parry with a weapon on the tenth it attacks."""
    for _, e in _events(log, "defence"):
        if e.get("kind") != "parry" or e.get("weapon") is None:
            continue
        for j in log.attacks_at.get((e["actor"], e["t"]), ()):
            if log.events[j].get("weapon") == e["weapon"]:
                yield _at(e, f"no parry with {e['weapon']} (it attacks at {e['t']})",
                          f"parry with {e['weapon']}")


def parry_time(log: TenthsLog) -> Found:
    """A parry adds 4 tenths (shield, or main style's second weapon: 2); a dodge adds
    ``dodge_time``."""
    for i, e in _events(log, "defence"):
        snap = log.snap.get(i, {})
        got, want = e.get("delay"), snap.get("time")
        if isinstance(got, int) and want is not None and got != want:
            yield _at(e, f"{e.get('kind')} with {e.get('weapon') or 'no weapon'} adds {want}",
                      f"delay {got}")


def parry_carry(log: TenthsLog) -> Found:
    """Parry or dodge time no running action takes (the defender attacks on that tenth,
    or has no action running) goes to its next action, logged as ``delay``."""
    for act in log.acts:
        if act.carry is not None and act.delay != act.carry:
            yield _on(act, f"delay {act.carry} (parry/dodge time owed)", f"delay {act.delay}")


def simultaneous(log: TenthsLog) -> Found:
    """Attacks on each other on one tenth: flagged simultaneous, +2 anti-parry, no dodge."""
    for _, e in _events(log, "attack"):
        if e.get("kind") == "block":
            continue
        back = [j for j in lookup(log.attacks_at, (e.get("target"), e["t"])) or ()
                if log.events[j].get("target") == e.get("actor")]
        lost = lookup(log.lost_at, (e.get("target"), e["t"])) or ()
        if not back and lost:
            continue
        both = bool(back)
        flag, mods = e.get("simultaneous"), _mods(e)
        if isinstance(flag, bool) and flag != both:
            yield _at(e, f"simultaneous {str(both).lower()}", f"simultaneous {str(flag).lower()}")
        if mods is not None and mods.get("simultaneous_anti_parry", 0) != (2 if both else 0):
            yield _at(e, f"simultaneous anti-parry {_plus(2 if both else 0)}",
                      f"{_plus(mods.get('simultaneous_anti_parry', 0))}")
        if both and e.get("defence") == "dodge":
            yield _at(e, "no dodge against a simultaneous attack", "dodge")


def no_defence_while(log: TenthsLog) -> Found:
    """No active defence during a retreat, a reaction (target change) or a pick-up."""
    windows: dict[str, list[tuple[int, int, int, str]]] = {}
    for i, e in _events(log, "reaction"):
        end = e["end"] if isinstance(e.get("end"), int) else e["t"] + e["tenths"]
        windows.setdefault(e["actor"], []).append(
            (i, e["t"], end, f"reaction ({e.get('cause')})"))
    for act in _acts(log, "retreat", "pick_up"):
        end = log.events[act.stop]["t"] if act.interrupted and act.stop is not None \
            else act.end
        windows.setdefault(act.actor, []).append((act.index, act.t, end, act.name))
    for i, e in _events(log, "defence"):
        for since, start, end, what in windows.get(e["actor"], ()):
            if i > since and e["t"] < end:
                yield _at(e, f"no active defence from {start} to {end} ({what})",
                          f"{e.get('kind')} at {e['t']}")


def target_only(log: TenthsLog) -> Found:
    """Active defences only against the target (or the two defend-only targets)."""
    for i, e in _events(log, "defence"):
        watched = log.snap.get(i, {}).get("watched")
        if watched is not None and e.get("against") not in watched:
            yield _at(e, f"defence only against {' or '.join(map(str, watched)) or 'a target'}",
                      f"{e.get('kind')} against {e.get('against')}")


def close_quarters(log: TenthsLog) -> Found:
    """At close quarters: dodging is the only active defence; only short weapons strike."""
    for i, e in enumerate(log.events):
        snap = log.snap.get(i, {})
        if not snap.get("close"):
            continue
        if e.get("event") == "defence" and e.get("kind") == "parry":
            yield _at(e, "no parry at close quarters (dodge only)", "parry")
        elif e.get("event") == "attack" and e.get("kind") != "block":
            spec = log.spec(e["actor"], e.get("weapon"))
            if spec is not None and spec.reach == "long":
                yield _at(e, "a short weapon at close quarters", f"{spec.name} (long)")


# ---------------------------------------------------------------------- reactions


def reaction_time(log: TenthsLog) -> Found:
    """Reaction time = d10 - Best Skill, at least one tenth."""
    for _, e in _events(log, "reaction"):
        tenths, roll = e["tenths"], e.get("roll")
        skill = e.get("skill") if isinstance(e.get("skill"), int) \
            else log.stat(e["actor"], "best_skill")
        if isinstance(roll, int) and not 1 <= roll <= 10:
            yield _at(e, "a d10 roll (1-10)", f"roll {roll}")
        elif isinstance(roll, int) and skill is not None and tenths != max(1, roll - skill):
            yield _at(e, f"{max(1, roll - skill)} tenths (d10 {roll} - skill {skill}, min 1)",
                      f"{tenths} tenths")
        elif tenths < 1:
            yield _at(e, "at least 1 tenth", f"{tenths} tenths")
        end = e.get("end")
        if isinstance(end, int) and end != e["t"] + tenths:
            yield _at(e, f"reaction ends at {e['t'] + tenths}", f"end {end}")


def reaction_actions(log: TenthsLog) -> Found:
    """Changing target, defending only and changing style each take a reaction time."""
    for act in _acts(log, "target", "defend_only", "style"):
        react = next((e for _, e in log.during(act)
                      if e.get("event") == "reaction" and e["t"] == act.t), None)
        if react is not None and act.end - act.t != react["tenths"]:
            yield _on(act, f"{act.name} takes the reaction time, {react['tenths']} tenths",
                      f"{act.end - act.t} tenths")
        elif react is None and act.end - act.t < 1:
            yield _on(act, f"{act.name} takes a reaction time (at least 1)",
                      f"{act.end - act.t} tenths")


# ---------------------------------------------------------------------- breaking off


def retreat_when(log: TenthsLog) -> Found:
    """A retreat only right after an attack on the retreater was stopped (same tenth),
    when the retreater holds the advantage over that attacker: one advantage between two,
    so two who stopped each other's simultaneous attacks do not both retreat."""
    holders = _advantage_holders(log)
    for act in _acts(log, "retreat"):
        stopped = [e for e in _same_tenth_before(log, act.index) if _stopped_for(e, act)]
        if not stopped:
            yield _on(act, f"an attack on {act.actor} stopped at {act.t}, with the advantage",
                      "none")
            continue
        who = {e["actor"] for e in stopped}
        held = holders.get(act.index, {})
        if not any(held.get(o) == act.actor for o in who):
            o = sorted(who)[0]
            yield _on(act, f"{act.actor} holding the advantage over {o} (one advantage: "
                           f"{_advantage_why(log)})",
                      f"the advantage with {held.get(o) or 'nobody'}")


def _advantage_why(log: TenthsLog) -> str:
    kept = log.rules.get("mutual_stop_advantage", "kept") != "none"
    return ("two stopped simultaneous attacks leave it where it was" if kept else
            "two stopped simultaneous attacks leave it to nobody")


def _advantage_holders(log: TenthsLog) -> dict[int, dict[str, str | None]]:
    """For each retreat (by event index), who holds the advantage between the retreater
    and each opponent it has exchanged blows with, read from the results alone
    (docs/rules/tenths.md, "Advantage"): the defender who stops an attack, the attacker
    who hits, a blocker whose block holds, a mover who gets past; when two simultaneous
    attacks on each other are both stopped, it stays where it was before that tenth
    (``mutual_stop_advantage = "kept"``) or goes to nobody (``"none"``)."""
    kept = log.rules.get("mutual_stop_advantage", "kept") != "none"
    holder: dict[frozenset[str], str | None] = {}
    before: dict[frozenset[str], str | None] = {}  # as the tenth began
    stopped_now: dict[tuple[str, str], bool] = {}
    tenth = -1
    out: dict[int, dict[str, str | None]] = {}
    for i, e in enumerate(log.events):
        if e["t"] != tenth:
            tenth, before, stopped_now = e["t"], {}, {}
        kind = e.get("event")
        if kind == "attack":
            a, b, result = e.get("actor"), e.get("target"), e.get("result")
            if not isinstance(a, str) or not isinstance(b, str) or not isinstance(result, str):
                continue
            pair = frozenset((a, b))
            before.setdefault(pair, holder.get(pair))
            if e.get("kind") == "block":
                holder[pair] = a if result == "blocked" else b
                continue
            stopped = result in STOPPED
            if stopped and stopped_now.get((b, a)):
                holder[pair] = before[pair] if kept else None
            else:
                holder[pair] = b if stopped else a
            stopped_now[(a, b)] = stopped
        elif kind == "action" and e.get("name") == "retreat":
            me = e.get("actor")
            out[i] = {next(iter(pair - {me})): h for pair, h in holder.items()
                      if me in pair and len(pair) == 2}
    return out


def _same_tenth_before(log: TenthsLog, i: int) -> Iterator[Event]:
    t = log.events[i]["t"]
    for j in range(i - 1, -1, -1):
        if log.events[j]["t"] != t:
            return
        yield log.events[j]


def _stopped_for(e: Event, act: Act) -> bool:
    """``e`` is an attack on the retreater by its opponent, stopped."""
    return (e.get("event") == "attack" and e.get("target") == act.actor
            and e.get("kind") != "block" and e.get("result") in STOPPED
            and act.target in (None, e.get("actor")))


def retreat_time(log: TenthsLog) -> Found:
    """A retreat takes one walk back; its two moves at its start and its end."""
    yield from duration(("retreat",), _walk_back, "one walk back")(log)
    for act in _acts(log, "retreat"):
        moves = [e for _, e in log.during(act)
                 if e.get("event") == "move" and e.get("mode") == "retreat"]
        for e in moves[:2]:
            if e["t"] not in (act.t, act.end):
                yield _at(e, f"retreat move at {act.t} or {act.end}", f"move at {e['t']}")
        if len(moves) > 2:
            yield _at(moves[2], "two retreat moves", f"{len(moves)} moves")


# ---------------------------------------------------------------------- blocking


def block_attack(log: TenthsLog) -> Found:
    """A blocking attack: the mover's defence potential reduced by two."""
    for _, e in _events(log, "attack"):
        if e.get("kind") == "block":
            yield from _bonus_on(log, e, -2, "blocking attack")


def block_lost(log: TenthsLog) -> Found:
    """A blocking position ends when the weapon attacks (as the attack's time begins) or
    parries."""
    for act in _acts(log, "attack", "charge"):
        if act.block:
            yield from _block_ends(log, act.index, act.ev, "attack begins")
    for i, e in _events(log, "defence"):
        snap = log.snap.get(i, {})
        hand = snap.get("hand")
        if e.get("kind") == "parry" and snap.get("block") and hand and e.get("weapon") == hand[0]:
            yield from _block_ends(log, i, e, "parry with the blocking weapon")


def _block_ends(log: TenthsLog, i: int, e: Event, why: str) -> Found:
    for later in log.events[i + 1:]:
        if later["t"] != e["t"]:
            break
        if later.get("event") == "state" and later.get("actor") == e["actor"] \
                and later.get("state") == "block" and not later.get("value"):
            return
    yield _at(e, f"blocking position lost at {e['t']} ({why})", "still blocking")


# ---------------------------------------------------------------------- weapons


def pick_up_hex(log: TenthsLog) -> Found:
    """A weapon is picked up only in the hex where it lies."""
    for i, e in _events(log, "tenths.picked_up"):
        snap = log.snap.get(i, {})
        at, pos, lying = e.get("at"), snap.get("pos"), snap.get("lying")
        here = tuple(at) if isinstance(at, list) else None
        if pos is not None and here is not None and pos != here:
            yield _at(e, f"{e['actor']} in the hex {list(here)}", f"at {list(pos)}")
        elif lying is not None and here is not None and here not in lying:
            yield _at(e, f"{e.get('weapon')} lying at {' or '.join(map(str, map(list, lying)))}"
                      if lying else f"{e.get('weapon')} lying there", f"picked up at {list(here)}")


# ---------------------------------------------------------------------- the rule list

def scene(rule_id: str) -> Callable[[TenthsLog], Found]:
    """A rule found in the one pass of :class:`~timedcombat.checks.tenths_scene.Scene`."""

    def condition(log: TenthsLog) -> Found:
        yield from log.scene.found.get(rule_id, ())

    return condition



SET_Q = ("Set:Make no move but prepare to attack as soon as opponent is in range. Attack made "
         "after base time or one tenth after opponent comes in range, whichever is later. "
         "Takes one tenth and gives no advantage.")
WAIT_Q = ("Wait: Let opponent make first attack, making no move. Add two to defence potential "
          "against opponent's first attack. Takes one tenth.")
ATTACK_Q = ("Attack: Move one hex and make attack. No advantage. Takes Base Speed + Walk Move "
            "Rate - 3 tenths. The move is made two tenths before the full time and the attack at "
            "the end of it.")
DEFEND_Q = ("Defend: Move one hex and let opponent make first attack. Add two to defence "
            "potential against opponent's first attack. Time is Walk Move Rate.")
CHARGE_Q = ("Charge:Move two hexes and make attack. Adds three to Anti-Parry to own first "
            "attack. Subtracts three from defence potential against opponent's first attack. "
            "Time as for Attack, second move is made two tenths before full time and the first "
            "move Run Move Rate before that.")
CLOSING = "Closing for combat and breaking off > Closing"

RULES: tuple[Rule, ...] = (
    Rule("T-CLOSE-SET", f"{CLOSING} > Set", SET_Q,
         "Set lasts 1 tenth with no move; its attack falls at max(start + base speed, the "
         "tenth the opponent came in range + 1), later by the parry time it carried or took "
         "(at close quarters only the one in the hex is in range).",
         set_attack),
    Rule("T-CLOSE-WAIT", f"{CLOSING} > Wait", WAIT_Q,
         "Wait lasts 1 tenth with no move.",
         _closing_rule("wait", _one, "Wait takes one tenth", None, False)),
    Rule("T-CLOSE-WAIT-BONUS", f"{CLOSING} > Wait", WAIT_Q,
         "The opponent's first attack on the waiting combatant has defence_bonus +2 "
         "(and defence potential = defence + 2), once the closing exchange made an attack.",
         defence_bonus("wait", 2)),
    Rule("T-CLOSE-ATTACK", f"{CLOSING} > Attack", ATTACK_Q,
         "Attack lasts Base Speed + Walk - 3 (at least 1); its move falls 2 tenths before "
         "the end, its attack at the end (both later by parries made meanwhile).",
         _closing_rule("attack", _attack_time, "Base Speed + Walk - 3", _attack_offsets,
                       True)),
    Rule("T-CLOSE-DEFEND", f"{CLOSING} > Defend", DEFEND_Q,
         "Defend lasts Walk; its move falls at the end (assumption: the text gives no time "
         "for the move).",
         _closing_rule("defend", _walk, "Walk Move Rate", _at_end, False)),
    Rule("T-CLOSE-DEFEND-BONUS", f"{CLOSING} > Defend", DEFEND_Q,
         "The opponent's first attack on the defending combatant has defence_bonus +2.",
         defence_bonus("defend", 2)),
    Rule("T-CLOSE-CHARGE", f"{CLOSING} > Charge", CHARGE_Q,
         "Charge lasts Base Speed + Walk - 3; its second move falls 2 tenths before the end, "
         "its first Run before that, its attack at the end.",
         _closing_rule("charge", _attack_time, "as Attack", _charge_offsets, True)),
    Rule("T-CLOSE-CHARGE-BONUS", f"{CLOSING} > Charge", CHARGE_Q,
         "The charge's own attack has charge_anti_parry +3; no other attack has it (a lost "
         "attack loses its bonus).", charge_anti_parry),
    Rule("T-CLOSE-CHARGE-DEFENCE", f"{CLOSING} > Charge", CHARGE_Q,
         "The opponent's first attack on the charging combatant has defence_bonus -3.",
         defence_bonus("charge", -3)),
    Rule("T-CLOSE-AVOID", f"{CLOSING} > Avoid",
         "Avoid:Move back to attempt to remain out of range.",
         "Avoid lasts one walk back (Walk + walk_back_extra), its move at the end "
         "(assumption of docs/rules/tenths.md).",
         _closing_rule("avoid", _walk_back, "one walk back", _at_end, False)),
    Rule("T-CLOSE-FIRST", f"{CLOSING} > Wait, Defend", WAIT_Q,
         "After Wait or Defend, the combatant's first blow falls at max(start of its closing "
         "action + base speed, the opponent's first attack + 1) (assumption of "
         "docs/rules/tenths.md: base time, after the opponent's first attack).",
         first_after_wait),
    Rule("T-CLOSE-LET-FIRST", f"{CLOSING} > Wait, Defend",
         "Wait: Let opponent make first attack, making no move. / Defend: Move one hex and "
         "let opponent make first attack.",
         "After a Wait or Defend against an opponent (not broken off), the waiter's first "
         "attack on that opponent comes on a later tenth than the opponent's first attack on "
         "it, until the waiter's next closing action.", let_first),
    Rule("T-BLOW-SPEED", "Closing for combat and breaking off > Closing",
         "After the closing actions and an attack being made the two combatants are in combat."
         " They make blows, move and defend with the standard timings.",
         "In combat a blow (one weapon, or main style) comes the weapon's base speed after the "
         "action starts (the shield strikes at close quarters with base speed 8: assumption).",
         blow_speed),
    Rule("T-ACTION-END", "Weapon Combinations and uses > One Single-Handed Weapon",
         "A parry cannot be made at the same time as an attack, but can be made at all other "
         "times, a modifier of four tenths being used.",
         "An action's effect (blow, move, drop, pick-up, block, new target) falls at its end "
         "plus the parry and dodge time added while it ran; the next action does not start "
         "before.", action_ends),
    Rule("T-PARRY-WEAPON", "Weapon Combinations and uses > One Single-Handed Weapon",
         "A parry cannot be made at the same time as an attack, but can be made at all other "
         "times, a modifier of four tenths being used.",
         "No parry with a weapon on a tenth on which that weapon attacks.",
         parry_not_attacking),
    Rule("T-PARRY-TIME", "Weapon Combinations and uses",
         "A modifier of two tenths is used for shield parries land one of four tenths for "
         "weapon parries.",
         "A defence's delay: 2 for a shield parry (and the second weapon of main style, 'as "
         "for weapon plus shield'), 4 for a weapon parry (either of two weapons in alternate "
         "style), dodge_time for a dodge.", parry_time),
    Rule("T-PARRY-CARRY", "Simultaneous Attacks",
         "any modifiers for parrying with shield or second weapon is added to the time for the"
         " next action.",
         "Parry and dodge time that no running action takes (the defender attacks on that "
         "tenth, or has no action running) is the next action's delay.", parry_carry),
    Rule("T-SIMUL", "Simultaneous Attacks",
         "When two combatants attack each other at the same time, they are unable to defend "
         "properly. Active Dodges and parries with the attacking weapon are not possible. Two "
         "is added to the Anti-Parry of each for the attack",
         "Attacks of two combatants on each other on one tenth are simultaneous, have "
         "simultaneous_anti_parry +2, and are not dodged.", simultaneous),
    Rule("T-REACT-TIME", "Multiple Combatants",
         "A combatant may change his target, and this takes a reaction time = d10 - Best "
         "Skill, minimum one.",
         "A reaction's tenths = max(1, d10 - Best Skill) where the roll is logged, and at "
         "least 1; it ends at t + tenths.", reaction_time),
    Rule("T-REACT-ACTION", "Multiple Combatants; Two Single-Handed Weapons",
         "To change to the defend only way of fighting takes the time required to select the "
         "new target, and a similar reaction time is required to change back. / To change "
         "from one style to the other takes a reaction time.",
         "target, defend_only and style actions last the reaction time logged with them.",
         reaction_actions),
    Rule("T-NO-DEFENCE", "Breaking Off; Multiple Combatants; Changing Weapons",
         "During the time for a Retreat no active defence can be made / While changing target "
         "no active defence is possible. / During these moves no active defence can be made.",
         "No parry or dodge while a retreat, a reaction or a pick-up runs.", no_defence_while),
    Rule("T-TARGET-DEFENCE", "Multiple Combatants",
         "The target is the only opponent that can be attacked and the only opponent against "
         "whose attacks an active defence can be made.",
         "A defence is only against the defender's target (or its two defend-only targets).",
         target_only),
    Rule("T-RETREAT-WHEN", "Breaking Off",
         "It can only occur immediately after an attack has been successfully stopped, when "
         "the combatant has the advantage.",
         "A retreat starts on a tenth on which an attack on the retreater by its opponent was "
         "stopped (miss, parried, dodged), and the retreater then holds the advantage over that "
         "opponent, as the checker reads it from the results: the defender who stops an attack, "
         "the attacker who hits; two simultaneous attacks on each other both stopped leave it "
         "where it was before the tenth (rules.mutual_stop_advantage = kept) or with nobody "
         "(none). One advantage: the two never both retreat.", retreat_when),
    Rule("T-RETREAT-TIME", "Breaking Off",
         "This consists off two moves back plus up to two turns all as a single action. [...] "
         "The time for this action is that for a single Walk Back.",
         "A retreat lasts one walk back; at most two retreat moves, at its start (the "
         "advantage move) and its end.", retreat_time),
    Rule("T-BLOW-STRENGTH", "Weapon Combinations and uses > Two Handed Weapon",
         "The Strength used to calculate Blow Strength is the combatant's two-handed strength "
         "which is one and a half times the ordinary strength, rounding halves down.",
         "A damage event's blow_strength is its source's strength (placed stats), or with a "
         "two-handed weapon (hands 2) strength x 3 // 2.", blow_strength),
    Rule("T-BLOCK-TIME", "Blocking and moving past",
         "To take up a blocking position takes Base Speed -5 tenths and to move from one "
         "position to another takes Base Speed -10 tenths.",
         "block lasts base speed - 5, or base speed - 10 when a position is held (at least 1 "
         "tenth: assumption).", duration(("block",), _block_time, "Base Speed - 5 / - 10")),
    Rule("T-BLOCK-ATTACK", "Blocking and moving past",
         "When an opponent tries to enter a blocked hex the blocker makes a “blocking attack”"
         " with the opponent's defence potential being reduced by two.",
         "A blocking attack has defence_bonus -2 (defence potential = defence - 2).",
         block_attack),
    Rule("T-BLOCK-LOST", "Blocking and moving past",
         "A blocking position is maintained until the weapon is used to attack or defend. It "
         "is lost at the beginning of the time for an attack.",
         "A blocker starting an attack, or parrying with its weapon, loses the position on "
         "that tenth.", block_lost),
    Rule("T-BLOCK-FREE", "Blocking and moving past",
         "A blocking position cannot be taken up if one of the blocked hexes is already "
         "occupied.",
         "When a blocking position is taken up (state block), no figure able to fight stands on "
         "one of its hexes: the line out from the blocker as far as its weapon reaches, along "
         "its facing (centre) or 60 degrees left or right of it (our figure of the positions, "
         "docs/rules/tenths.md).", scene("T-BLOCK-FREE")),
    Rule("T-DRAW", "Changing Weapons",
         "To draw a weapon or to replace it in its sheath takes a time equal to te combatant's "
         "Base Speed with the weapon",
         "draw lasts the drawn weapon's base speed.",
         duration(("draw",), _weapon_speed, "the weapon's base speed")),
    Rule("T-SHEATHE", "Changing Weapons",
         "To draw a weapon or to replace it in its sheath takes a time equal to te combatant's "
         "Base Speed with the weapon",
         "sheathe lasts the weapon's base speed.",
         duration(("sheathe",), _weapon_speed, "the weapon's base speed")),
    Rule("T-DROP", "Changing Weapons", "To drop a weapon takes two tenths.",
         "drop lasts 2 tenths.", duration(("drop",), lambda log, act: 2, "two tenths")),
    Rule("T-PICKUP", "Changing Weapons",
         "This takes a time equal to two Walk moves.",
         "pick_up lasts 2 x Walk.", duration(("pick_up",), _pick_up_time, "two Walk moves")),
    Rule("T-PICKUP-HEX", "Changing Weapons",
         "To pick up a weapon from the ground a combatant must be in the hex in which it was "
         "dropped.",
         "A weapon is picked up where its picker stands and where it was dropped.",
         pick_up_hex),
    Rule("T-TWO-ALTERNATE", "Weapon Combinations and uses > Two Single-Handed Weapons",
         "In this case a combined base speed is calculated the average of the separate speeds "
         "plus two, any halves being rounded up. The first attack when closing is made with a "
         "chosen first weapon after the combined base speed. After this attacks are made "
         "alternately, those of the first weapon making the combined base speed and those of "
         "the second coming being similarly spaced but occurring mid-way between the others, "
         "halves again rounded up.",
         "Alternate style: blows alternate weapons; the first after the combined base speed "
         "(ceil(average) + 2), a second-weapon blow ceil(combined / 2) after a first-weapon "
         "one, a first-weapon blow the rest of the combined base speed after a second-weapon "
         "one.", two_weapons),
    Rule("T-TWO-ANTI-PARRY", "Weapon Combinations and uses > Two Single-Handed Weapons",
         "Two is subtracted from the Anti-Parries of both weapons.",
         "Attacks in alternate style have two_weapon_anti_parry -2; others have none.",
         two_weapon_anti_parry),
    Rule("T-CLOSE-QUARTERS", "Combat at close quarters",
         "When in close quarters only short range weapons may be used, and dodging is the only"
         " possible active defence.",
         "No parry by a combatant at close quarters; no long weapon strikes there.",
         close_quarters),
)

MULTI = "Multiple Combatants"
CLOSING_Q = ("When a combatant wants to make a move which will bring him into a hex such that "
             "he or an opponent can make an attack, or when he expects an opponent to make such "
             "a move he makes a closing action. The opponent also makes a closing action unless "
             "he is already in combat or being approached from the back.")
TARGET_Q = ("A combatant may change his target, and this takes a reaction time = d10 - Best "
            "Skill, minimum one. [...] The target is an opponent whose actions are being "
            "watched, and a combatant will know the current action of his target, but not of "
            "any other combatant.")

SCENE_RULES: tuple[Rule, ...] = (
    Rule("T-DEFEND-ONLY-WHO", MULTI,
         "A combatant who is the target of two or more opponents may choose to defend only "
         "and then can specify two targets.",
         "A defend_only action starts only while two or more able opponents have the actor as "
         "target (their latest target events).", scene("T-DEFEND-ONLY-WHO")),
    Rule("T-TARGET-FRONT", MULTI, "A target cannot be to the back of a combatant.",
         "Every target a target event names (both defend-only targets too) is in the actor's "
         "front (not its side or rear hexes), with the facing logged by then.",
         scene("T-TARGET-FRONT")),
    Rule("T-DEFENCE-BACK", MULTI, "A target cannot be to the back of a combatant.",
         "No parry or dodge against an attacker standing to the defender's back (side or rear "
         "hexes).", scene("T-DEFENCE-BACK")),
    Rule("T-TARGET-CHANGE", MULTI, TARGET_Q,
         "After the opening nominations, a target event that names a new target falls at the "
         "end of a reaction of its actor; a closing action is made only against the actor's "
         "target (a non-target must first become the target: a reaction).",
         scene("T-TARGET-CHANGE")),
    Rule("T-REACT-FORCED", MULTI,
         "Reaction is always forced by the attack of a non-target.",
         "An attack on a combatant by an opponent it does not watch (and that leaves it able to "
         "fight) is followed by a reaction on that tenth, unless a reaction of its own already "
         "covers that tenth; during a Retreat, by one starting as the Retreat ends (a single "
         "action: rules.retreat_reaction = after).", scene("T-REACT-FORCED")),
    Rule("T-REACT-NOT-BY-TARGET", MULTI,
         "A combatant is never forced to react by his target unless the optional surprise "
         "rules are being used.",
         "A reaction with cause 'attacked by non-target' follows an attack on that tenth by an "
         "opponent the reactor did not watch (or, as a Retreat ends, one during it).",
         scene("T-REACT-NOT-BY-TARGET")),
    Rule("T-CLOSE-ANSWER", "Closing for combat and breaking off > Closing", CLOSING_Q,
         "When a closing action starts against a combatant in combat with nobody, aware, and "
         "not approached from the back, the first action it starts while that closing action "
         "is under way (reaction-time actions aside) is a closing action against the closer, "
         "unless it is in combat by then; against a Wait, a walk toward the waiter may come "
         "first, and one walking in on a Wait carries that exchange on first when it began "
         "(with the Wait or its own closing action on the waiter) before the closer's "
         "(rules.wait_walk_in).", scene("T-CLOSE-ANSWER")),
    Rule("T-CLOSE-WALK-IN", "Closing for combat and breaking off > Closing > Wait",
         "Wait: Let opponent make first attack, making no move.",
         "An Attack or Charge closing action paired with a Wait (answering it, or answered by "
         "it, at once or late) and not broken off reaches the waiter with the moves it has "
         "left once both have begun (distance at most reach + the moves left: an Attack 1, a "
         "Charge 2, less those made): from farther the attacker walks in first, the Wait "
         "standing (assumption: rules.wait_walk_in), unless no hex next to it closer to the "
         "waiter is free or a block kept it out on that tenth. (An Attack broken off to walk "
         "in logs interrupted, cause 'walk in'.)",
         scene("T-CLOSE-WALK-IN")),
    Rule("T-CLOSE-IN-COMBAT", "Closing for combat and breaking off > Closing",
         "It is not possible to make another closing action without first breaking off.",
         "A closing action starts only while its actor is in combat with nobody (assumption "
         "of docs/rules/tenths.md, \"In combat, no closing\": with anyone).",
         scene("T-CLOSE-IN-COMBAT")),
    Rule("T-MOVE-HEX", "Closing for combat and breaking off > Closing; Breaking Off",
         "Charge:Move two hexes and make attack. / This consists off two moves back plus up to "
         "two turns all as a single action.",
         "Every move goes from the mover's hex (as the log has placed and moved it) to a "
         "neighbouring hex, one hex a move; a turn (mode turn) stays in its hex.",
         scene("T-MOVE-HEX")),
    Rule("T-COMBAT-BLOW", "Closing for combat and breaking off > Closing",
         "After the closing actions and an attack being made the two combatants are in combat."
         " They make blows, move and defend with the standard timings. It is not possible to "
         "make another closing action without first breaking off.",
         "An ordinary blow (an attack action that is not a closing action) starts only while "
         "its actor is in combat with someone.", scene("T-COMBAT-BLOW")),
    Rule("T-BREAK-OFF", "Closing for combat and breaking off > Breaking Off",
         "Combatants break off when both are out of range and so cannot attack. This can "
         "happen automatically due to dodging or ordinary movement.",
         "Two combatants in combat who are both out of range of each other once a tenth's "
         "moves are done (close quarters: only the one in the hex, with a short weapon) are no "
         "longer in combat at the end of that tenth.", scene("T-BREAK-OFF")),
    Rule("T-RETREAT-ADVANTAGE", "Closing for combat and breaking off > Breaking Off",
         "This consists off two moves back plus up to two turns all as a single action. [...] "
         "The advantage move is incorporated as Dart of the Retreat.",
         "A retreater makes no separate advantage move on the tenth its Retreat starts (the "
         "Retreat's first move is the advantage move).", scene("T-RETREAT-ADVANTAGE")),
    Rule("T-RETREAT-MOVES", "Closing for combat and breaking off > Breaking Off",
         "This consists off two moves back plus up to two turns all as a single action.",
         "A Retreat makes two moves back, each farther from its opponent; fewer only when the "
         "log says why: a tenths.retreat_cut with the moves made (no free hex: only when every "
         "hex next to the retreater farther from its opponent is a wall or taken; a block that "
         "held; out; the fight over), the retreater out, or the end before the Retreat's. A "
         "single action: a reaction forced meanwhile does not break it off but starts as it "
         "ends (assumption: rules.retreat_reaction = after; with cuts, it may).",
         scene("T-RETREAT-MOVES")),
    Rule("T-OCCUPANCY", "Combat at close quarters",
         "A combatant using a short range weapon may attempt to come into close quarters by "
         "entering the same hex as his opponent.",
         "At the end of every tenth a hex holds one figure, or two enemies at close quarters "
         "with each other (our occupancy rule, docs/rules/tenths.md).", scene("T-OCCUPANCY")),
    Rule("T-SIMUL-HURT", "Simultaneous Attacks",
         "When two combatants attack each other at the same time, they are unable to defend "
         "properly.",
         "An attack carries the hurt penalty exactly when its attacker was hurt on an earlier "
         "tenth: a blow cannot change another roll of its own tenth (assumption: the hurt "
         "penalty, rules.hurt_penalty).", scene("T-SIMUL-HURT")),
    Rule("T-NATURAL", "Blocking and moving past",
         "Initiative and dodging are treated in both cases as for a normal attack, with a roll "
         "of 20 always blocking and a roll of l always failing, but not having any other "
         "effect.",
         "A blocking attack rolling 20 blocks, one rolling 1 does not; other attacks follow "
         "rules.natural_rolls (all: 20 never misses, 1 always misses; blocking: the total "
         "decides).", scene("T-NATURAL")),
    Rule("T-STALEMATE", "(assumption: rules.stalemate)",
         "No attack for rules.stalemate tenths ends the fight as a stalemate.",
         "No two attack rolls (or the start and the first) are stalemate tenths or more apart, "
         "and a fight ending as stalemate ends exactly stalemate tenths after the last attack.",
         scene("T-STALEMATE")),
)

RULES = RULES + SCENE_RULES

SCHEMA: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "placed": {"actor": ((str,), True), "at": ((list,), False), "stats": ((dict,), False),
               "arms": ((list,), False), "weapons": ((list,), False),
               "style": ((str, type(None)), False), "shield": ((bool,), False)},
    "action": {"actor": ((str,), True), "name": ((str,), True), "end": ((int,), True),
               "delay": ((int,), False), "target": ((str,), False), "weapon": ((str,), False),
               "closing": ((bool,), False), "mode": ((str,), False)},
    "interrupted": {"actor": ((str,), True), "name": ((str,), True), "cause": ((str,), False)},
    "move": {"actor": ((str,), True), "to": ((list,), True), "mode": ((str,), False)},
    "attack": {"actor": ((str,), True), "target": ((str,), True), "weapon": ((str,), False),
               "modifiers": ((dict,), False), "closing": ((str, type(None)), False),
               "simultaneous": ((bool,), False), "result": ((str,), False),
               "kind": ((str, type(None)), False), "advantage": ((str, type(None)), False)},
    "defence": {"actor": ((str,), True), "kind": ((str,), True), "against": ((str,), True),
                "weapon": ((str, type(None)), False), "delay": ((int,), False)},
    "reaction": {"actor": ((str,), True), "tenths": ((int,), True), "roll": ((int,), False),
                 "skill": ((int,), False), "end": ((int,), False)},
    "target": {"actor": ((str,), True), "target": ((str, type(None)), False),
               "targets": ((list,), False)},
    "state": {"actor": ((str,), True), "state": ((str,), True)},
    "tenths.attack_lost": {"actor": ((str,), True), "target": ((str,), False)},
    "tenths.dropped": {"actor": ((str,), True), "weapon": ((str,), False),
                       "at": ((list,), False)},
    "tenths.picked_up": {"actor": ((str,), True), "weapon": ((str,), False),
                         "at": ((list,), False)},
    "damage": {"actor": ((str,), True), "source": ((str,), False),
               "weapon": ((str,), False), "blow_strength": ((int,), False)},
    "tenths.retreat_cut": {"actor": ((str,), True), "target": ((str,), False),
                           "moves": ((int,), False), "cause": ((str,), False)},
}
"""Fields the rules read, with their JSON types and whether they must be there."""

RULESET = RuleSet(
    system="tenths",
    source="seed 004 (Special Situations: closing, breaking off, multiple combatants, "
           "blocking, close quarters, weapon combinations, changing weapons, simultaneous "
           "attacks)",
    rules=RULES,
    prepare=read,
    schema=SCHEMA,
)
