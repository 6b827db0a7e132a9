"""The engine's ordered set: insertion order, whatever the string hashing."""

from __future__ import annotations

from timedcombat.ordered import OrderedSet


def test_an_ordered_set_keeps_the_order_of_first_insertion() -> None:
    s: OrderedSet[str] = OrderedSet()
    for x in ("bo", "ana", "cy", "ana"):
        s.add(x)
    assert list(s) == ["bo", "ana", "cy"]
    s.discard("ana")
    s.discard("zed")  # (absent: nothing happens)
    s.add("ana")
    assert list(s) == ["bo", "cy", "ana"]
    assert list(OrderedSet.of(["cy", "bo", "cy"])) == ["cy", "bo"]
    assert "bo" in s and len(s) == 3
