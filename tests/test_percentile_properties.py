"""Properties of percentile fights built at random under the default policies: the same
seed gives the same log; time never goes back; every declaration spends at most its
Combat Actions inside its phase; and every fight ends, one side standing, long before the
time cap."""

from __future__ import annotations

import io
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from percentile_helpers import doc, fighter

from timedcombat import simulate
from timedcombat.events import to_dict
from timedcombat.loading import scenario_from_dict

SCALE = int(os.environ.get("TIMEDCOMBAT_FUZZ_SCALE", "1"))
UNTIL = 6000

stats = st.fixed_dictionaries(
    {"mal": st.integers(0, 12), "bat": st.sampled_from([0.5, 1.0, 1.5, 2.0])},
    optional={"armor": st.integers(0, 2), "policy": st.sampled_from(["default", "striker"])})


@st.composite
def fights(draw: Any) -> tuple[dict[str, Any], int]:
    n = draw(st.integers(2, 3))
    people = []
    for i in range(n):
        s = dict(draw(stats))
        if i == n - 1 and draw(st.booleans()):
            s.update(weapon=draw(st.sampled_from(["sword", "dagger", "club"])),
                     skill=draw(st.integers(0, 8)))
        at = [draw(st.integers(1, 4)) * (1 if i % 2 else -1), i] if i else [0, 0]
        people.append(fighter(f"c{i}", "ab"[i % 2], at, **s))
    return doc(*people, until=UNTIL), draw(st.integers(0, 2**32))


PROPS = settings(max_examples=int(25 * SCALE), deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def _log(d: dict[str, Any], seed: int) -> str:
    buf = io.StringIO()
    simulate(scenario_from_dict(d, "p.toml"), seed, log=buf, record=False)
    return buf.getvalue()


@PROPS
@given(fights())
def test_the_same_seed_gives_the_same_log(case):
    d, seed = case
    assert _log(d, seed) == _log(d, seed)


@PROPS
@given(fights())
def test_time_never_goes_back_declarations_fit_and_every_fight_ends(case):
    d, seed = case
    events = [to_dict(e) for e in simulate(scenario_from_dict(d, "p.toml"), seed).events]
    ts = [e["t"] for e in events]
    assert ts == sorted(ts)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    for e in events:
        if e["event"] == "percentile.declare":
            start = e["phase"] * 20
            assert sum(e["costs"]) <= e["budget"]
            assert all(start <= t <= start + 19 for t in e["tenths"])
            assert e["t"] == start
    end = events[-1]
    assert end["event"] == "end"
    assert end["reason"] == "last side standing", (end, seed)
    assert end["t"] < UNTIL // 2
