"""Helpers of the percentile driver tests: small scenario documents, runs with scripted dice."""

from __future__ import annotations

import random
from typing import Any

from timedcombat import ScriptedDice, simulate
from timedcombat.events import to_dict
from timedcombat.loading import scenario_from_dict

IDLE = {"action": "duck", "phase": 1000}  # a plan step far ahead: he declares nothing till then


def fighter(cid: str, side: str, at: list[int], plan: list[dict[str, Any]] | None = None,
            **stats: Any) -> dict[str, Any]:
    """A combatant: MAL 4, BAT 1.0 (6 Combat Actions a phase) unless given."""
    c: dict[str, Any] = {"id": cid, "side": side, "at": at, "mal": 4, "bat": 1.0}
    c.update(stats)
    if plan is not None:
        c["plan"] = plan
    return c


def idle(cid: str, side: str, at: list[int], **stats: Any) -> dict[str, Any]:
    """A combatant who declares nothing (his plan's one step is for a far phase)."""
    return fighter(cid, side, at, [dict(IDLE)], **stats)


def doc(*combatants: dict[str, Any], rules: dict[str, Any] | None = None,
        until: int = 200, walls: list[list[int]] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"scenario": {"name": "test", "system": "percentile",
                                        "until": until},
                           "combatant": list(combatants)}
    if rules:
        out["rules"] = rules
    if walls:
        out["map"] = {"walls": walls}
    return out


def run(document: dict[str, Any], faces: list[int] | None = None, seed: int = 0,
        fallback: bool = False) -> list[dict[str, Any]]:
    """Fight a document; ``faces`` scripted (an error when they run out, unless
    ``fallback``). The events as log dicts."""
    scenario = scenario_from_dict(document, "test.toml")
    dice = None
    if faces is not None:
        dice = ScriptedDice(faces, random.Random(seed) if fallback else None)
    return [to_dict(e) for e in simulate(scenario, seed, dice=dice).events]


def of(events: list[dict[str, Any]], name: str, /, **match: Any) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == name
            and all(e.get(k) == v for k, v in match.items())]


def one(events: list[dict[str, Any]], name: str, /, **match: Any) -> dict[str, Any]:
    found = of(events, name, **match)
    assert len(found) == 1, (name, match, found)
    return found[0]
