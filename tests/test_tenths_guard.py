"""A `guard` with a long weapon and a blocking position it cannot take up (seed 004:
"A blocking position cannot be taken up if one of the blocked hexes is already
occupied"): it takes another position or stands, and never begins a block the rule
refuses. No dice are thrown (the enemy, a guard too, stays out of reach)."""

from __future__ import annotations

from helpers import duel_doc, fighter, of, run

SPEAR = {"name": "spear", "base_speed": 10, "anti_parry": 1, "reach": "long", "hands": 2}


def hild_with_friends(*friends: list[int], until: int = 60) -> list[dict]:
    """hild (spear, guard) at [0, 0] facing E, friends of hers on ``friends``, an enemy
    guard eight hexes off (out of the closing zone: she has time to block)."""
    hild = fighter("hild", "watch", [0, 0], weapons=[SPEAR], policy="guard")
    mates = [fighter(f"f{i}", "watch", at, policy="guard") for i, at in enumerate(friends)]
    rask = fighter("rask", "raid", [8, 0], facing="W", policy="guard")
    return run(duel_doc(hild, *mates, rask, until=until), [])


def test_a_guard_whose_centre_hex_is_taken_blocks_from_another_position():
    """The centre blocks [1, 0] and [2, 0]: f0 stands on [1, 0]. hild takes the left
    position (NE: [1, -1], [2, -2]) at once, in Base Speed - 5 = 5 tenths; before, she
    began a centre block every 5 tenths, each refused."""
    ev = hild_with_friends([1, 0])
    blocks = of(ev, "action", actor="hild", name="block")
    assert [(b["t"], b["end"], b["position"]) for b in blocks] == [(0, 5, "left")]
    assert [(e["t"], e["value"]) for e in of(ev, "state", actor="hild", state="block")] == [
        (5, "left")]
    assert not of(ev, "interrupted", actor="hild")


def test_a_guard_with_every_position_occupied_stands_and_begins_no_block():
    ev = hild_with_friends([1, 0], [1, -1], [0, 1])  # centre, left and right hexes taken
    assert not of(ev, "action", actor="hild")
    assert not of(ev, "interrupted", actor="hild")


def test_a_guard_takes_the_centre_once_its_hexes_are_free():
    ev = hild_with_friends()
    assert [(b["t"], b["position"]) for b in of(ev, "action", actor="hild", name="block")] \
        == [(0, "centre")]
