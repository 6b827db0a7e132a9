"""How the ``percentile`` system's events read and draw: timeline wording, bar kinds,
spans, and ``batch`` columns.

Every line shows the dice from the event itself: a 00-99 roll against its odds (``d100
23 <= 30``), Impact d6 faces, the d10 of a (10-100) amount, the footing die.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from timedcombat.clock import seconds

Event = Mapping[str, Any]

STRIKE_NAMES = ("punch", "elbow", "knee", "kick", "head_butt", "shield_strike", "pommel_strike",
                "blow")
DEFENCE_NAMES = ("duck", "block", "parry")
GRAPPLE_NAMES = ("grab", "joint_lock", "choke", "strangle", "escape", "pin", "throw")


def lane_kind(e: Event) -> str | None:
    """The bar kind of an ``action``."""
    name = e.get("name")
    if name in STRIKE_NAMES:
        return "attack"
    if name in DEFENCE_NAMES:
        return "defence"
    if name in GRAPPLE_NAMES:
        return "grapple"
    if name == "close":
        return "move"
    if name in ("ram", "reins"):
        return "mount"
    return None


def _roll(e: Event) -> str:
    sign = "<=" if e["roll"] <= e["odds"] else ">"
    return f"d100 {e['roll']:02d} {sign} {e['odds']}"


def _against(e: Event, made: bool) -> str:
    """How a roll stood against a chance stated as "N %": a roll equal to the chance that
    did not make it was rolled under (``chance_roll``)."""
    if made:
        return "<="
    return ">" if e["roll"] > e["chance"] else "not under"


def _chance(e: Event, made: str) -> str:
    """``N %: d100 RR <= N -> RESULT``: a roll against a chance stated as "N %", made when
    the result is ``made``."""
    sign = _against(e, e["result"] == made)
    return f"{e['chance']} %: d100 {e['roll']:02d} {sign} {e['chance']} -> {e['result'].upper()}"


def _words(name: str) -> str:
    return name.replace("_", " ")


def _move(move: str, kind: str | None) -> str:
    """``injuring throw``, ``pin (all limbs)``, ``grab``."""
    if not kind:
        return _words(move)
    return f"{_words(kind)} {move}" if move == "throw" else f"{_words(move)} ({_words(kind)})"


def describe(e: Event) -> str | None:
    """The timeline line of a ``percentile`` event (``None``: the core wording)."""
    kind = e["event"]
    if kind == "action":
        tgt = f" {e['target']}" if e.get("target") else ""
        return f"{_words(e['name'])}{tgt} (to {seconds(e['end'])})"
    if kind == "attack":
        limb = f" ({_words(e['limb'])})" if e.get("limb") else ""
        stroke = f"{e.get('stroke')} " if e.get("stroke") not in (None, "", "normal") else ""
        what = e.get("strike") or e.get("weapon")
        if what == "blow":
            what = f"{e.get('weapon')} blow"
        parry = {"full": "Full Parry", "half": "Half Parry", "none": "no parry"}.get(
            e.get("parry", ""), "")
        return (f"{stroke}{_words(str(what))}{limb} at {e['target']}: AL {e['attack_level']} v "
                f"DL {e['defense_level']}, {e.get('strikes')} strike(s) v "
                f"{e.get('parries')} parries ({parry}): {_roll(e)} -> {e['result'].upper()}")
    if kind == "damage":
        dice = ""
        if e.get("faces"):
            rolled = f"{e['dice']} [{' '.join(map(str, e['faces']))}]"
            if e.get("halved"):
                base = e.get("base_dice")
                rolled = f"{base} halved to {rolled}" if base else f"{rolled}, halved"
            dice = f"{rolled}, "
        elif e.get("die") is not None:
            dice = f"d10 {e['die']} x 10, "
        where = _words(str(e["location"])) + (f" (d100 {e['location_roll']:02d})"
                                      if e.get("location_roll") is not None else "")
        star = "*" if e.get("star") else ""
        return (f"takes {e['pd']} PD{star} from {_words(str(e.get('source')))} at {where}: "
                f"{dice}total {e['total']}/{e['limit']}")
    if kind == "percentile.declare":
        acts = ", ".join(f"{_words(a)}{'>' + t if t else ''} {c} CA @{seconds(x)}"
                         for a, t, c, x in zip(e["actions"], e.get("targets") or
                                               [""] * len(e["actions"]), e["costs"],
                                               e["tenths"], strict=False))
        pen = f"; {', '.join(e['penalties'])}" if e.get("penalties") else ""
        return (f"declares (MAL {e['mal']}, {e['budget']} CA{pen}): "
                f"{acts or 'nothing'}")
    if kind == "percentile.grapple":
        what = _move(e["move"], e.get("kind"))
        limb = f" ({_words(e['limb'])})" if e.get("limb") else ""
        return (f"{what}{limb} on {e['target']}: AL {e['mal']}+{e['pm']}{e['dr']:+d} = "
                f"{e['attack_level']} v DL {e['defender_mal']}+{e['defender_pm']} = "
                f"{e['defense_level']}: {_roll(e)} -> {e['result'].upper()}")
    if kind == "percentile.position":
        applied = f" ({', '.join(e['applied'])})" if e.get("applied") else ""
        return (f"position with {e['target']}: {e['result']}{applied}; PM {e['pm']} / "
                f"{e['target_pm']}")
    if kind == "percentile.hold":
        limb = f" ({_words(e['limb'])})" if e.get("limb") else ""
        what = _move(e["hold"], e.get("kind"))
        if e["state"] == "on":
            return f"holds {e['target']} in a {what}{limb}"
        return f"lets go of {e['target']}'s {what}{limb} ({e['cause']})"
    if kind == "percentile.hold_phase":
        ko = ": KNOCKED OUT" if e.get("knocked_out") else ""
        return (f"{_words(e['hold'])} on {e['target']}, phase {e['phases']} held: "
                f"{e['pd']} PD (total {e['total']}){ko}")
    if kind == "percentile.knockout":
        sign = _against(e, e["result"] == "out")
        star = "*" if e.get("star") else ""
        return (f"Knockout Roll after {e['pd']} PD{star}: d100 {e['roll']:02d} {sign} "
                f"{e['chance']} -> {e['result'].upper()}")
    if kind == "percentile.disabled":
        perm = "PERMANENTLY" if e.get("permanent") else "not permanently"
        if e.get("roll") is None:
            return (f"{_words(e['limb'])} disabled ({_words(e['cause'])}): {perm} (its "
                    "permanence was rolled the first time)")
        return (f"{_words(e['limb'])} disabled ({_words(e['cause'])}): d100 {e['roll']:02d} "
                f"v {e['chance']}, {perm}")
    if kind == "percentile.throw":
        roll = ""
        if e.get("roll") is not None:
            roll = (f"; roll-out d100 {e['roll']:02d} v {e['rollout_chance']}")
        to = f" to ({e['to'][0]},{e['to'][1]})" if e.get("to") else ""
        way = f" (planned {e['planned']})" if e.get("planned") else ""
        if e.get("blocked_at"):
            stop = e["blocked_at"]
            roll = f", stopped before ({stop[0]},{stop[1]}){roll}"
        return (f"throws {e['target']} ({_words(e['kind'])}) {e.get('direction', '')}{way}"
                f"{to}: {_words(e['result'])}, {e['hexes']} hex(es){roll}")
    if kind == "percentile.footing":
        until = seconds(e["until"])
        return f"down: {e['dice']} {e['roll']} -> {e['phases']} phase(s), on his feet at {until}"
    if kind == "percentile.fall":
        return (f"falls {e['height']} ft (Fall Recovery {e['level']}): 100 / {e['height']} x "
                f"{e['level']} = {_chance(e, 'unhurt')}")
    if kind == "percentile.control":
        shy = f"; shies d10 {e['shy_roll']} hexes" if e.get("shy_roll") is not None else ""
        per = f"{e['per_level']} x {e['horseman']} = " if e.get("per_level") is not None \
            else ""
        return (f"Control roll ({e['mount']}, Horseman {e['horseman']}, {e['free_hands']} "
                f"hand(s) free): {per}{_chance(e, 'success')}{shy}")
    if kind == "percentile.ram":
        return (f"{e['mount']} rams {e['target']}: AL {e['attack_level']} v DL "
                f"{e['defense_level']}: {_roll(e)} -> {e['result'].upper()}")
    if kind == "percentile.plan_skip":
        return f"{_words(e['name'])} skipped ({e['reason']})"
    if kind == "move" and e.get("mode") in ("thrown", "shy", "step"):
        frm, to = e["from"], e["to"]
        return f"{e['mode']} ({frm[0]},{frm[1]})->({to[0]},{to[1]})"
    if kind == "state":
        st, val = e["state"], e.get("value")
        cause = f" ({_words(str(e['cause']))})" if e.get("cause") else ""
        if st == "grappled":
            return f"grappling with {e.get('opponent')}" if val else \
                f"free of {e.get('opponent')}"
        if st == "down":
            return f"DOWN{cause}" if val else "on his feet again"
        if st == "mounted":
            return f"no longer mounted{cause}" if not val else f"mounted{cause}"
        if st == "out":
            return f"OUT{cause}"
    return None


def batch_columns(scenario: Any) -> tuple[str, ...]:
    """``phases`` and, per combatant, ``<id>_cause`` (why he is out: knockout,
    incapacitated, choke, strangle) and ``<id>_disabled`` (limbs disabled)."""
    return ("phases", *(f"{c.id}_{col}" for c in scenario.combatants
                        for col in ("cause", "disabled")))


def batch_values(outcome: Any, scenario: Any) -> dict[str, Any]:
    """The phases begun, and each combatant's cause of being out and disabled limbs."""
    values: dict[str, Any] = {"phases": outcome.end // scenario.rules.phase_tenths + 1}
    for cid, res in outcome.combatants.items():
        values[f"{cid}_cause"] = res.extras.get("cause", "")
        values[f"{cid}_disabled"] = " ".join(res.extras.get("disabled", ()))
    return values
