"""The written-out and remembered lookups of the gurps driver give what the plain rule
functions give: the defence options keyed by a tuple, the route's breadth-first levels
(issue 22: the fast path must agree with the general one)."""

from __future__ import annotations

from collections import deque
from types import SimpleNamespace

import attrs
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.hexmap import HexMap, distance, neighbours
from timedcombat.systems.gurps import attack, moving
from timedcombat.systems.gurps.defence import (
    DefenceSituation,
    options,
    options_in,
    situation_values,
    with_retreat,
)
from timedcombat.systems.gurps.rules import SHIELDS, WEAPONS
from timedcombat.systems.gurps.stats import GurpsStats

NAMES = [a.name for a in attrs.fields(DefenceSituation)]


def test_situation_values_are_the_fields_in_the_records_order() -> None:
    kw = {name: f"v{i}" for i, name in enumerate(NAMES)}  # every value different
    values = situation_values(**kw)  # type: ignore[arg-type]
    assert values == tuple(kw[n] for n in NAMES)
    assert DefenceSituation(*values) == DefenceSituation(**kw)  # type: ignore[arg-type]
    back = with_retreat(values)
    assert back == tuple(True if n == "retreat" else kw[n] for n in NAMES)


def test_attack_situation_values_are_the_fields_in_the_records_order() -> None:
    names = [a.name for a in attrs.fields(attack.AttackSituation)]
    kw = {name: f"v{i}" for i, name in enumerate(names)}
    values = attack.situation_values(**kw)  # type: ignore[arg-type]
    assert values == tuple(kw[n] for n in names)
    assert attack.AttackSituation(*values) == attack.AttackSituation(**kw)  # type: ignore[arg-type]


@given(st.builds(attack.AttackSituation,
                 maneuver=st.sampled_from(["attack", "move_and_attack", "all_out_attack"]),
                 option=st.sampled_from([None, "determined", "double", "strong"]),
                 in_close_combat=st.booleans(), entering=st.booleans(),
                 into_close_combat=st.booleans(), shield_db=st.integers(0, 3),
                 shock=st.integers(-4, 0), grappled=st.booleans(),
                 posture=st.sampled_from(["standing", "kneeling", "prone"]),
                 distance=st.integers(0, 40), aim_turns=st.integers(0, 4)),
       st.booleans(), st.integers(0, 6), st.integers(-2, 0), st.integers(-3, 0))
def test_remembered_attack_modifiers_are_the_modifiers(s: attack.AttackSituation, ranged: bool,
                                                       acc: int, to_hit: int,
                                                       short: int) -> None:
    values = tuple(getattr(s, a.name) for a in attrs.fields(attack.AttackSituation))
    assert attack.modifiers_in(values, ranged, -2, acc, to_hit, short) == attack.modifiers(
        s, ranged=ranged, bulk=-2, acc=acc, to_hit=to_hit, st_shortfall=short)


situations = st.builds(
    DefenceSituation,
    maneuver=st.sampled_from(["attack", "all_out_defense", "move_and_attack", "do_nothing",
                              "all_out_attack"]),
    option=st.sampled_from([None, "increased_dodge", "increased_parry", "double"]),
    in_close_combat=st.booleans(), grappled=st.booleans(),
    arc=st.sampled_from(["front", "side", "rear"]), shield_side=st.booleans(),
    stunned=st.booleans(), retreat=st.booleans(), retreated=st.booleans(),
    parries=st.sampled_from([(), (("broadsword", 1),), (("broadsword", 2),)]),
    blocked=st.booleans(), reeling=st.booleans(), lost_balance=st.booleans(),
    ranged_attack=st.booleans(), armed_swing=st.booleans())


@given(situations, st.sampled_from(["broadsword", "knife", "punch", "spear"]),
       st.sampled_from([None, "medium"]))
def test_remembered_options_are_the_options(s: DefenceSituation, weapon: str,
                                            shield: str | None) -> None:
    stats = GurpsStats(skills=(("broadsword", 13), ("knife", 12), ("spear", 11),
                               ("shield", 12)),
                       weapons=(WEAPONS[weapon],) if not WEAPONS[weapon].unarmed else (),
                       shield=SHIELDS[shield] if shield else None)
    values = tuple(getattr(s, n) for n in NAMES)
    assert options_in(stats, WEAPONS[weapon], values) == options(stats, WEAPONS[weapon], s)


def reference_levels(taken: set, start: tuple[int, int], goals: set, reach: int) -> dict:
    """Steps to the nearest goal over free hexes within ``reach`` of ``start``: the plain
    breadth-first search (every level complete, start reached like any free hex)."""
    dist = dict.fromkeys(goals, 0)
    queue = deque(sorted(goals))
    while queue:
        h = queue.popleft()
        if h == start:
            continue
        for n in neighbours(h):
            if n in dist or distance(n, start) > reach or (n != start and n in taken):
                continue
            dist[n] = dist[h] + 1
            queue.append(n)
    return dist


hexes = st.tuples(st.integers(-5, 5), st.integers(-5, 5))


@given(st.sets(hexes, max_size=30), st.sets(hexes, max_size=10), hexes,
       st.sets(hexes, min_size=1, max_size=6), st.integers(1, 12), st.booleans())
def test_route_levels_are_a_plain_breadth_first_search(walls: set, figures: set, start: tuple,
                                                       goals: set, reach: int,
                                                       stop: bool) -> None:
    walls -= {start} | goals
    m = HexMap(walls)
    for i, h in enumerate(sorted(figures - walls)):
        m.place(f"f{i}", h)
    goals.discard(start)
    if not goals:
        return
    got = moving._levels(SimpleNamespace(map=m), start, goals, reach, stop)
    want = reference_levels(walls | set(m.occupied), start, goals, reach)
    if not stop or start not in want:
        assert got == want
        return
    # stopped at the start: every level nearer than the start's is complete
    assert got[start] == want[start]
    assert {h: d for h, d in got.items() if d < want[start]} == \
        {h: d for h, d in want.items() if d < want[start]}
