"""Hostile input to the gurps system (issue 20): a figure placed far away on the
documented map (coordinates up to ±1,000,000) walks toward its foe with a route search
bounded by what it can reach in a maneuver, not by the distance."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from gurps_helpers import doc, fighter
from gurps_helpers import run as fight

from timedcombat import simulate
from timedcombat.events import to_dict
from timedcombat.hexmap import HexMap
from timedcombat.loading import scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
SEARCH_BUDGET = 2_000_000
"""Map queries a whole far fight may make: one route search across 10,000 hexes took
hundreds of millions (and gigabytes) before searches were bounded."""


class OverBudget(Exception):
    pass


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts ``HexMap.is_free`` calls, failing the run once over :data:`SEARCH_BUDGET`."""
    calls = [0]
    free = HexMap.is_free

    def is_free(self: HexMap, h: Any) -> bool:
        calls[0] += 1
        if calls[0] > SEARCH_BUDGET:
            raise OverBudget(f"over {SEARCH_BUDGET} map queries")
        return free(self, h)

    monkeypatch.setattr(HexMap, "is_free", is_free)
    return calls


@pytest.mark.parametrize("name", ["gurps_knife_vs_shield", "gurps_archer_wrong_target",
                                  "gurps_grappled", "gurps_takedown_pin"])
@pytest.mark.parametrize("far", [1000, 10001, 1_000_000])
def test_a_far_figure_walks_toward_its_foe_with_bounded_searches(
        name: str, far: int, counted: list[int]) -> None:
    data = tomllib.loads((ROOT / "scenarios" / f"{name}.toml").read_text())
    first = data["combatant"][0]
    first["at"] = [far, 0]
    events = [to_dict(e) for e in simulate(scenario_from_dict(data, name), 0).events]
    assert events[-1]["event"] == "end"
    moves = [e for e in events if e["event"] == "move" and e["actor"] == first["id"]
             and e["from"] != e["to"]]
    assert moves and moves[-1]["to"][0] < far  # it came nearer, hex by hex
    assert all(abs(e["to"][0] - e["from"][0]) <= 1 for e in moves)
    assert 0 < counted[0] <= SEARCH_BUDGET


def test_the_far_route_is_the_straight_way_for_a_full_move(counted: list[int]) -> None:
    """Facing his foe 10,000 hexes off, a Move 5 fighter covers his five hexes straight
    along the row in his first turn: the hexes a route across the whole distance would
    take, found by a search near him."""
    a = fighter("ana", "red", [10000, 0], facing="W",
                plan=[{"action": "move", "target": "bo"}])
    b = fighter("bo", "blue", [0, 0], facing="E", plan=[{"action": "do_nothing"}])
    events = fight(doc(a, b, until=10), [3, 3])
    steps = [(e["t"], e["to"]) for e in events if e["event"] == "move"
             and e["actor"] == "ana"]
    assert [to for _, to in steps] == [[10000 - k, 0] for k in range(1, 6)]
