"""Helpers for the ``gurps`` driver tests: small scenario documents run with scripted dice.

Dice order of a run: one initiative die (d6) per combatant in scenario order, then every
roll as the fight makes it (3d6 = three faces; ``1d6-1`` damage = one face ...).
"""

from __future__ import annotations

import random
from typing import Any

from timedcombat import ScriptedDice, simulate
from timedcombat.check import check_events
from timedcombat.events import to_dict
from timedcombat.loading import scenario_from_dict


def fighter(cid: str, side: str, at: list[int], **kw: Any) -> dict[str, Any]:
    """A combatant table: GURPS stats default to 10 (no weapons, no skills)."""
    c: dict[str, Any] = {"id": cid, "side": side, "at": at, "facing": "E"}
    c.update(kw)
    return c


def doc(*fighters: dict[str, Any], rules: dict[str, Any] | None = None, until: int = 100,
        walls: list[list[int]] | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"scenario": {"name": "test", "system": "gurps", "until": until},
                         "combatant": list(fighters)}
    if rules:
        d["rules"] = rules
    if walls:
        d["map"] = {"walls": walls}
    return d


def run(d: dict[str, Any], faces: list[int] | None = None, seed: int = 0,
        fallback: bool = False) -> list[dict[str, Any]]:
    """Run a document (scripted ``faces`` first; with ``fallback`` seeded dice after them).

    Every log a test makes passes the checker too (``timedcombat check``: the rule text
    read a second time, docs/checks/gurps.md): the scripted fights reach cases the
    example scenarios do not (Wait, evading, slams, Fast-Draw, dropping the shield)."""
    scenario = scenario_from_dict(d, "test.toml")
    dice = None
    if faces is not None:
        dice = ScriptedDice(faces, random.Random(seed) if fallback else None)
    events = [to_dict(e) for e in simulate(scenario, seed, dice=dice).events]
    assert [str(v) for v in check_events(events)] == []
    return events


def of(events: list[dict[str, Any]], name: str, /, **match: Any) -> list[dict[str, Any]]:
    """The events called ``name`` whose fields equal every ``match``."""
    return [e for e in events if e["event"] == name
            and all(e.get(k) == v for k, v in match.items())]


def one(events: list[dict[str, Any]], name: str, /, **match: Any) -> dict[str, Any]:
    found = of(events, name, **match)
    assert len(found) == 1, (name, match, found)
    return found[0]


def times(events: list[dict[str, Any]], name: str, /, **match: Any) -> list[int]:
    return [e["t"] for e in of(events, name, **match)]


def states(events: list[dict[str, Any]], actor: str, state: str) -> list[tuple[int, Any]]:
    return [(e["t"], e["value"]) for e in of(events, "state", actor=actor, state=state)]


KAZ = dict(st=11, dx=13, ht=11, skills={"knife": 15}, weapons=["knife"])
SVEN = dict(st=12, dx=12, ht=12, skills={"broadsword": 14, "shield": 13, "knife": 12},
            weapons=["broadsword", "knife"], shield="medium", armor="leather")
