"""Hostile input to the gurps system (issue 20): a figure placed far away on the
documented map (coordinates up to ±1,000,000) walks toward its foe with a route search
bounded by what it can reach in a maneuver, not by the distance; the checker bounds the
numbers it reads from a log."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from gurps_helpers import doc, fighter
from gurps_helpers import run as fight
from hypothesis import given
from hypothesis import strategies as st

from timedcombat import simulate
from timedcombat.check import validate
from timedcombat.checks.gurps import MAX_MOVEMENT
from timedcombat.checks.gurps_turns import _fits
from timedcombat.errors import LogFormatError
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


# ---------------------------------------------------------------------- the checker


def _engine_log(name: str) -> list[dict[str, Any]]:
    path = ROOT / "scenarios" / f"{name}.toml"
    data = tomllib.loads(path.read_text())
    return [json.loads(json.dumps(to_dict(e)))
            for e in simulate(scenario_from_dict(data, str(path)), None).events]


@pytest.mark.parametrize("movement", [-1, -5, MAX_MOVEMENT + 1, 10**9, 2**64])
def test_a_maneuvers_movement_out_of_bounds_is_a_malformed_log(movement: int) -> None:
    """Found by fuzzing: -5 indexed past the moves made (IndexError), 10^9 ran a loop to
    it for minutes. Now one line naming the line, the field and its bounds."""
    events = _engine_log("gurps_grappled")
    n = next(k for k, e in enumerate(events, 1) if e["event"] == "gurps.maneuver")
    events[n - 1]["movement"] = movement
    with pytest.raises(LogFormatError) as caught:
        validate(events, "f.jsonl")
    assert str(caught.value).startswith(f"f.jsonl:{n}: `gurps.maneuver`: "
                                        f"`movement` must be 0..{MAX_MOVEMENT}, not ")


def test_the_most_movement_a_log_may_claim_is_checked_in_bounded_work() -> None:
    """Every maneuver of a log claiming the most movement allowed: the step-spread rule
    computes each step's place instead of counting up to the movement (a subprocess, so
    that the old loop, hours long, is stopped by the timeout and fails the test)."""
    events = _engine_log("gurps_knife_vs_shield")
    for e in events:
        if e["event"] == "gurps.maneuver":
            e["movement"] = MAX_MOVEMENT
    code = ("import json, sys; from timedcombat.check import check_events; "
            "print(len(check_events(json.load(sys.stdin))))")
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(events),
                          capture_output=True, text=True, timeout=120, check=True)
    assert int(done.stdout) == 0  # every maneuver may move that far: no step breaks a rule


def _fits_counted(offsets: list[int], length: int, m: int, gaps: int) -> int:
    """The step-spread match as first written, counting ``k`` up one at a time."""
    k = 0
    for n, off in enumerate(offsets):
        first = k
        while k < m and k * length // m < off:
            k += 1
        if k >= m or k * length // m != off:
            return n
        gaps -= k - first
        if gaps < 0:
            return n
        k += 1
    return len(offsets)


@given(st.lists(st.integers(-3, 60), max_size=8).map(sorted), st.integers(1, 60),
       st.integers(1, 80), st.integers(0, 5))
def test_the_computed_step_match_is_the_counted_one(offsets: list[int], length: int, m: int,
                                                     gaps: int) -> None:
    assert _fits(offsets, length, m, gaps) == _fits_counted(offsets, length, m, gaps)
