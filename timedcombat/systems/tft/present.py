"""How the ``tft`` system's events read and draw: its timeline wording (every die as the
event gives it), its bar kinds and state spans, and its ``batch`` columns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from timedcombat.clock import seconds
from timedcombat.results import Outcome
from timedcombat.systems.tft.timing import turn_of
from timedcombat.wording import Wording, hex_text, plan_skip_text

Event = Mapping[str, Any]

BATCH_COLUMNS = ("turns", "hth_attempts", "hth_entered", "thrown", "knockdowns")
"""Columns ``batch`` adds: turns fought, HTH attempts (jumps and dives) and entries, Judo
throws and knockdowns, summed over the figures."""

_KINDS = {
    "attack": "attack", "move": "move", "crawl": "ground", "stand_up": "ground",
    "hth": "hth", "dive": "hth", "disengage": "disengage", "release": "disengage",
    "ready_knife": "weapons", "ready_weapon": "weapons", "pick_up": "weapons",
    "defend": "defend", "dodge": "defend", "pin": "hth", "take_down": "hth",
}


def lane_kind(e: Event) -> str | None:
    """The bar kind of an ``action`` (an option)."""
    return _KINDS.get(str(e.get("name")))


def _faces(e: Event, key: str = "faces") -> str:
    faces = e.get(key) or ()
    return "[" + " ".join(str(f) for f in faces) + "]"


def _mods(mods: Mapping[str, int] | None) -> str:
    if not mods:
        return ""
    return " (" + ", ".join(f"{k} {v:+d}" for k, v in mods.items()) + ")"


def _action(e: Event) -> str:
    name = str(e["name"]).replace("_", " ").upper()
    tgt = f" {e['target']}" if e.get("target") else ""
    to = f" to {hex_text(e['to'])}" if e.get("to") else ""
    w = f" {e['weapon']}" if e.get("weapon") else ""
    hexes = e.get("hexes")
    moves = f", moves up to {hexes}" if hexes else ""
    plan = f", plan step {e['plan']}" if e.get("plan") is not None else ""
    return f"{name}{w}{tgt}{to} ({e.get('state', '')}{moves}{plan}; acts at {seconds(e['end'])})"


def _attack(e: Event) -> str:
    res = str(e["result"]).upper()
    crit = f" {str(e['critical']).replace('_', ' ')}" if e.get("critical") else ""
    mult = f" x{e['multiplier']}" if e.get("multiplier", 1) > 1 else ""
    opt = e.get("option") or "attack"
    return (f"{opt.replace('_', ' ')} on {e['target']} ({e['weapon']}): {e.get('dice', '3d6')} "
            f"{_faces(e)} = {e['roll']} vs DX {e['against']}{_mods(e.get('modifiers'))} -> "
            f"{res}{crit}{mult}")


def _damage(e: Event) -> str:
    stops = []
    if e.get("armor"):
        stops.append(f"armour -{e['armor']}")
    if e.get("shield"):
        stops.append(f"shield -{e['shield']}")
    stopped = f", {', '.join(stops)}" if stops else ""
    mult = f" x{e['multiplier']}" if e.get("multiplier", 1) > 1 else ""
    cause = {"automatic_hit": "automatic hit", "throw": "thrown"}.get(e.get("cause", ""), "")
    cause = f" ({cause})" if cause else ""
    effect = ""
    if e.get("knocked_down"):
        effect += ", KNOCKED DOWN"
    if e.get("dx_penalty_next_turn"):
        effect += ", DX -2 next turn"
    return (f"takes {e['amount']} from {e.get('source')}{cause}: {e.get('dice')} "
            f"{_faces(e)}{mult} = {e.get('rolled')}{stopped}; ST {e.get('st')}{effect}")


_REASONS = {"a_back_to_wall_or_down": "back to the wall or down", "b_lower_ma": "lower MA",
            "c_from_side_or_rear": "side or rear", "d_enemy_agrees": "agrees"}


def _hth_roll(e: Event) -> str:
    kind = "dives for the legs of" if e["kind"] == "dive" else "jumps"
    why = [_REASONS[r] for r in e.get("reasons") or () if r in _REASONS]
    why_text = f" ({', '.join(why)})" if why else ""
    ignored = "".join(f"{r} ignored, " for r in e.get("rerolls") or ())
    mod = f" {e['modifier']:+d}" if e.get("modifier") else ""
    return (f"{kind} {e['target']} from the {e['arc']}{why_text}: {e['target']} rolls 1d6 "
            f"{ignored}{e['roll']}{mod} = {e['total']}{_mods(e.get('modifiers'))} -> "
            f"{str(e['result']).replace('_', ' ').upper()}")


def _turn(e: Event) -> str | None:
    """The end of a turn's banner: who won the initiative (its dice, rolled again on ties)
    and which side moves first (the winner, or the loser when the winner moves last)."""
    sides: Sequence[str] = e.get("sides") or ()
    dice: Sequence[Sequence[int]] = e.get("initiative") or ()
    if len(sides) < 2 or len(dice) != len(sides):
        return None
    rolled = {s: tuple(d) for s, d in zip(sides, dice, strict=True)}
    winner = max(sides, key=lambda s: rolled[s])
    shown = ", ".join(f"{s} {' '.join(map(str, rolled[s]))}" for s in sides)
    if winner == sides[0]:
        return f"{winner} wins the initiative ({shown}) and moves first"
    return f"{winner} wins the initiative ({shown}); {sides[0]} moves first"


def _ready_knife(e: Event) -> str:
    if e.get("free"):
        return f"readies {e['weapon']}"
    ok = "readied" if e.get("success") else "fails"
    return (f"draws {e['weapon']} in HTH: 3d6 {_faces(e)} = {e.get('roll')} vs DX "
            f"{e.get('against')}{_mods(e.get('modifiers'))} -> {ok}")


def _disengage(e: Event) -> str:
    if e.get("hth"):
        ok = f"out to {hex_text(e['to'])}" if e.get("success") else "held"
        return (f"disengages from HTH: 4d6 {_faces(e)} = {e.get('roll')} vs DX "
                f"{e.get('against')}{_mods(e.get('modifiers'))} -> {ok}")
    by = f", struck at by {', '.join(e['strikers'])}" if e.get("strikers") else ""
    where = f" to {hex_text(e['to'])}" if e.get("to") else " (fails)"
    return f"disengages{where}{by}"


def _state(e: Event) -> str | None:
    st, val, opp = e["state"], e.get("value"), e.get("opponent")
    cause = f" ({str(e['cause']).replace('_', ' ')})" if e.get("cause") else ""
    if st == "hth":
        return f"IN HTH with {opp}{cause}" if val else f"out of HTH with {opp}{cause}"
    if st == "prone":
        return f"FALLS PRONE{cause}" if val else f"stands up{cause}"
    if st == "pinned":
        return f"PINNED by {opp}" if val else f"no longer pinned by {opp}{cause}"
    if st == "out":
        return f"OUT{cause}"
    return None


WORDING: Wording = {
    "action": _action,
    "attack": _attack,
    "damage": _damage,
    "state": _state,
    "tft.hth_roll": _hth_roll,
    "tft.turn": _turn,
    "tft.ready_knife": _ready_knife,
    "tft.disengage": _disengage,
    "tft.dropped": lambda e: f"drops {', '.join(e['items'])} at {hex_text(e['at'])} "
                             f"({str(e['cause']).replace('_', ' ')})",
    "tft.release": lambda e: f"releases {e['target']}, who stands at {hex_text(e['to'])}",
    "tft.throw": lambda e: f"THROWS {e['target']} to {hex_text(e['to'])} (fist +{e['bonus']})",
    "tft.contest": lambda e: (f"{str(e['kind']).replace('_', ' ')} contest with {e['target']}: "
                              f"{_faces(e, 'actor_faces')} {e['actor_score']} vs "
                              f"{_faces(e, 'target_faces')} {e['target_score']} -> "
                              f"{e['winner']} wins"),
    "tft.ready_weapon": lambda e: f"readies {e['weapon']}" + (
        f", puts away {e['put_away']}" if e.get("put_away") else ""),
    "tft.picked_up": lambda e: f"picks up {e['item']} at {hex_text(e['at'])}",
    "tft.plan_skip": plan_skip_text,
    "tft.option_lost": lambda e: f"{str(e['option']).replace('_', ' ')} lost ({e['reason']})",
}
"""Each ``tft`` event's timeline line (``ModuleSystem.describe`` reads it; an event not
here gets the core wording)."""


def batch_columns(scenario: Any) -> tuple[str, ...]:
    """:data:`BATCH_COLUMNS`, whatever the scenario."""
    return BATCH_COLUMNS


def batch_values(outcome: Outcome, scenario: Any) -> dict[str, Any]:
    """The ``batch`` columns of one run, from the outcome's extras."""
    out: dict[str, Any] = {"turns": turn_of(outcome.end)}
    for col in BATCH_COLUMNS[1:]:
        out[col] = sum(int(r.extras.get(col, 0)) for r in outcome.combatants.values())
    return out


__all__ = ["BATCH_COLUMNS", "WORDING", "batch_columns",
           "batch_values", "lane_kind"]
