"""How the ``gurps`` system's events read and draw: timeline wording, bar kinds, spans and
``batch`` columns.

Every roll is shown with its dice as the event carries them (``3d6 12 vs 15``), its named
modifiers (``[shield_in_close_combat -2, shock -4]``) and its outcome; turns and phases are
the timeline's own rows (``== turn 2: kaz, sven ==``, ``-- kaz phase --``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from timedcombat.clock import seconds
from timedcombat.wording import Wording, hex_text, plan_skip_text

Event = Mapping[str, Any]

_KINDS = {
    "attack": "attack", "move_and_attack": "attack", "all_out_attack": "attack",
    "slam": "attack", "move": "move", "step": "move", "evade": "move",
    "grapple": "grapple", "takedown": "grapple", "pin": "grapple", "break_free": "grapple",
    "ready": "ready", "wait": "wait", "aim": "wait", "all_out_defense": "defend",
}


def lane_kind(e: Event) -> str | None:
    """The bar kind of an ``action``."""
    return _KINDS.get(str(e.get("name")), "other")


def _mods(m: Mapping[str, int] | None) -> str:
    if not m:
        return ""
    return " [" + ", ".join(f"{k} {v:+d}" for k, v in m.items()) + "]"


def _roll(e: Event, bar: str = "") -> str:
    crit = f" CRITICAL {str(e['critical']).upper()}" if e.get("critical") else ""
    return f"3d6 {e['roll']} vs {bar}{e['effective']}{_mods(e.get('modifiers'))}{crit}"


def _action(e: Event) -> str:
    name = str(e["name"]).replace("_", " ").upper()
    tgt = f" {e['target']}" if e.get("target") else ""
    weapon = f" with {e['weapon']}" if e.get("weapon") else ""
    return f"{name}{tgt}{weapon} (to {seconds(e['end'])})"


def _maneuver(e: Event) -> str:
    opt = f" ({e['option'].replace('_', ' ')})" if e.get("option") else ""
    moves = f", {e['movement']} hex{'es' if e['movement'] != 1 else ''}" \
        if e.get("movement") else ""
    return f"maneuver {e['maneuver'].replace('_', ' ')}{opt}{moves}; defences: " \
        f"{e['defences'].replace('_', ' / ')}"


def _attack(e: Event) -> str:
    what = e["weapon"] if e["kind"] in (e["weapon"], "grapple", "slam") else \
        f"{e['weapon']} {e['kind']}"
    res = str(e["result"]).upper()
    margin = f" by {e['margin']}" if e["result"] == "hit" else ""
    entering = " (entering)" if e.get("entering") else ""
    return f"attacks {e['target']} ({what}): {_roll(e)} -> {res}{margin}{entering}"


def _defence(e: Event) -> str:
    w = f" with {e['weapon']}" if e.get("weapon") else ""
    back = f", retreating to {hex_text(e['retreat'])}" if e.get("retreat") else ""
    ok = "holds" if e["success"] else "fails"
    return f"{e['kind']}{w}{back}: {_roll(e)} -> {ok}"


def _damage(e: Event) -> str:
    faces = "+".join(map(str, e["faces"]))
    crit = f", critical {e['critical']}" if e.get("critical") else ""
    major = ", MAJOR WOUND" if e.get("major") else ""
    shock = f", shock {e['shock']}" if e.get("shock") else ""
    return (f"takes {e['injury']} from {e['source']} ({e['weapon']} {e['dice']} [{faces}] = "
            f"{e['basic']}, DR {e['dr']}, {e['damage_type']} {e['multiplier']}{crit}): "
            f"HP {e['hp']}/{e['hp_max']}{shock}{major}")


def _check(e: Event) -> str:
    against = f" against {e['against']}" if e.get("against") else ""
    return f"{e['kind'].replace('_', ' ')} roll{against}: {_roll(e)} -> " \
        f"{str(e['result']).replace('_', ' ')}"


def _critical(e: Event) -> str:
    again = f", again {e['second_roll']}" if e.get("second_roll") is not None else ""
    return (f"critical {e['table']} table: 3d6 {e['roll']}{again} -> "
            f"{e['effect'].replace('_', ' ')}")


def _contest(e: Event) -> str:
    helpers = ""
    if e.get("helpers"):
        helpers = "; helpers " + ", ".join(f"{h} +{b}" for h, b in
                                           zip(e["helpers"], e["helper_bonuses"], strict=False))
    lead = f" ({e['leader']} leads on {e['trait']}{helpers})" if e.get("leader") else ""
    winner = f", {e['winner']} wins by {e['margin']}" if e.get("winner") else ", a tie"
    return (f"{e['kind'].replace('_', ' ')} contest with {e['target']}: {e['score']} vs "
            f"{e['target_score']}{winner} -> {str(e['result']).replace('_', ' ')}{lead}")


def _wrong(e: Event) -> str:
    how = f" = {e['skill']}{_mods(e.get('modifiers'))}" if e.get("skill") is not None else ""
    return (f"astray onto {e['target']} (meant for {e['intended']}): 3d6 {e['roll']} vs "
            f"{e['effective_skill']} (9 or {e['skill_vs_target']}{how}, the less) -> "
            f"{str(e['result']).upper()}")


def _ready(e: Event) -> str:
    verb = "discards" if e.get("discard") else "readies"
    dx = f": DX 3d6 {e['roll']} vs {e['effective']}{_mods(e.get('modifiers'))}" \
        if e.get("roll") is not None else ""
    fast = f", Fast-Draw 3d6 {e['fast_draw_roll']} vs {e['fast_draw_effective']}" \
        f"{_mods(e.get('fast_draw_modifiers'))}" if e.get("fast_draw_roll") is not None else ""
    return f"{verb} {e['weapon']}{dx}{fast} -> {str(e['result']).replace('_', ' ')}"


def _half(e: Event) -> str:
    halves = ", ".join(f"{a} {s} half" for a, s in zip(e["occupants"], e["sides"],
                                                       strict=False))
    return f"close-combat hex {hex_text(e['at'])}: {halves}"


def hex_sides(e: Event) -> dict[str, str] | None:
    """The half hex each occupant of a close-combat hex holds (``gurps.half_hex``: by the
    side it entered from), for the map; ``None`` for other events or an odd hand-written
    one."""
    if e.get("event") != "gurps.half_hex":
        return None
    occupants, sides = e.get("occupants"), e.get("sides")
    if not isinstance(occupants, list | tuple) or not isinstance(sides, list | tuple):
        return None
    return {a: s for a, s in zip(occupants, sides, strict=False)
            if isinstance(a, str) and isinstance(s, str)}


def _slam(e: Event) -> str:
    falls = f"; falls: {', '.join(e['falls'])}" if e.get("falls") else ""
    dx = f"; DX to stay up: {', '.join(e['dx_roll'])}" if e.get("dx_roll") else ""
    return (f"slams {e['target']} at velocity {e['velocity']}: deals {e['dice']} "
            f"{list(e['faces'])} = {e['dealt']}, takes {e['target_dice']} "
            f"{list(e['target_faces'])} = {e['taken']}{falls}{dx}")


def _state(e: Event) -> str | None:
    st, val, opp = e["state"], e.get("value"), e.get("opponent")
    with_ = f" with {opp}" if opp else ""
    cause = f" ({e['cause']})" if e.get("cause") else ""
    words = {
        "close_combat": (f"CLOSE COMBAT{with_}", f"out of close combat{with_}"),
        "grappled": (f"GRAPPLED by {opp}", f"free of {opp}{cause}"),
        "pinned": (f"PINNED by {opp}", f"no longer pinned{cause}"),
        "prone": ("falls PRONE", "no longer prone"),
        "kneeling": ("kneels", "no longer kneeling"),
        "stunned": ("STUNNED", "recovers from stun"),
        "out": (f"OUT{cause}", "back in the fight"),
        "dead": (f"DEAD{cause}", "alive"),
    }
    if st in words:
        return words[st][0 if val else 1]
    return None


WORDING: Wording = {
    "action": _action,
    "gurps.maneuver": _maneuver,
    "attack": _attack,
    "defence": _defence,
    "damage": _damage,
    "state": _state,
    "gurps.check": _check,
    "gurps.critical": _critical,
    "gurps.contest": _contest,
    "gurps.wrong_target": _wrong,
    "gurps.ready": _ready,
    "gurps.half_hex": _half,
    "gurps.slam": _slam,
    "gurps.initiative": lambda e: "order of action: " + ", ".join(
        f"{a} (speed {s / 4:g}, DX {d}, d{e['die']} {r})"
        for a, s, d, r in zip(e["order"], e["speeds"], e["dx"], e["rolls"], strict=False)),
    "gurps.plan_skip": plan_skip_text,
    "gurps.no_defence": lambda e: f"no defence ({e['reason']}) against {e['against']}",
    "gurps.attack_lost": lambda e: f"attack on {e['target']} lost ({e['reason']})",
    "gurps.mishap": lambda e: f"mishap: {e['effect'].replace('_', ' ')}"
                              + (f" ({e['weapon']})" if e.get("weapon") else ""),
}
"""Each ``gurps`` event's timeline line (``ModuleSystem.describe`` reads it; an event not
here gets the core wording)."""


# --------------------------------------------------------------------------- batch


def batch_columns(scenario: Any) -> tuple[str, ...]:
    """``turns`` (turns begun) and each combatant's HP at the end (``hp_<id>``)."""
    return ("turns", *(f"hp_{c.id}" for c in scenario.combatants))


def batch_values(outcome: Any, scenario: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"turns": outcome.end // 10 + 1}
    for cid, res in outcome.combatants.items():
        out[f"hp_{cid}"] = res.extras.get("hp", "")
    return out
