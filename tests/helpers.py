"""Shared test helpers: build small tenths scenarios and run them with scripted dice."""

from __future__ import annotations

import copy
import io
import random
from typing import Any

from timedcombat import ScriptedDice, simulate
from timedcombat.events import to_dict
from timedcombat.loading import scenario_from_dict

BLADE = {"name": "blade", "base_speed": 10, "anti_parry": 1, "reach": "short", "hands": 1}

FIGHTER: dict[str, Any] = {
    "strength": 12,
    "best_skill": 3,
    "walk": 5,
    "run": 3,
    "defence": 10,
    "body": 100,
    "weapons": [BLADE],
}


def fighter(cid: str, side: str, at: list[int], **kw: Any) -> dict[str, Any]:
    c = copy.deepcopy(FIGHTER)
    c.update({"id": cid, "side": side, "at": at})
    c.setdefault("facing", "E")
    c.update(kw)
    return c


def duel_doc(a: dict[str, Any], b: dict[str, Any], *more: dict[str, Any],
             rules: dict[str, Any] | None = None, until: int = 200,
             walls: list[list[int]] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "scenario": {"name": "test", "system": "tenths", "until": until},
        "combatant": [a, b, *more],
    }
    if rules:
        doc["rules"] = rules
    if walls:
        doc["map"] = {"walls": walls}
    return doc


def run(doc: dict[str, Any], faces: list[int] | None = None, seed: int = 0,
        fallback: bool = False) -> list[dict[str, Any]]:
    """Run a scenario document; scripted ``faces`` when given. Events as log dicts."""
    scenario = scenario_from_dict(doc, "test.toml")
    dice = None
    if faces is not None:
        dice = ScriptedDice(faces, random.Random(seed) if fallback else None)
    result = simulate(scenario, seed, dice=dice)
    return [to_dict(e) for e in result.events]


def log_text(doc: dict[str, Any], seed: int) -> str:
    buf = io.StringIO()
    simulate(scenario_from_dict(doc, "test.toml"), seed, log=buf, record=False)
    return buf.getvalue()


def of(events: list[dict[str, Any]], name: str, /, **match: Any) -> list[dict[str, Any]]:
    """The events called ``name`` whose fields equal every ``match``."""
    return [e for e in events if e["event"] == name
            and all(e.get(k) == v for k, v in match.items())]


def times(events: list[dict[str, Any]], name: str, /, **match: Any) -> list[int]:
    return [e["t"] for e in of(events, name, **match)]
