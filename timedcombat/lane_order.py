"""The order of the swimlanes: opponents next to each other, so a blow's arrow is short.

Lanes grouped by side put every blow of a big fight across half the picture (r0 to r9,
then b0 to b9: r3's blow on b3 crosses ten lanes). Here each combatant's lane is placed
by *engagement*, how many blows went between two combatants (either way): a greedy chain
that starts from the first combatant of the given order and goes on with the one it
fought most, then a few passes that move a lane elsewhere only when that shortens the
arrows in total. Ties keep the given order, so a fight without blows, or one already
well ordered, is left as it was. Deterministic: the same log gives the same order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

Pair = tuple[str, str]

MAX_REFINE = 40
"""Lanes up to which the moves are tried (their cost grows as lanes^2 x pairs)."""


def engagement(blows: Iterable[Pair]) -> Counter[Pair]:
    """Blows between each two combatants, either way, keyed ``(a, b)`` with ``a < b``."""
    out: Counter[Pair] = Counter()
    for a, b in blows:
        if a != b:
            out[(a, b) if a < b else (b, a)] += 1
    return out


def cost(order: Sequence[str], blows: Iterable[Pair]) -> int:
    """The lanes all the blows' arrows cross together (sum of the lane distances)."""
    row = {a: i for i, a in enumerate(order)}
    return sum(abs(row[a] - row[b]) for a, b in blows if a in row and b in row and a != b)


def mean_distance(order: Sequence[str], blows: Iterable[Pair]) -> float:
    """The mean lane distance of a blow's arrow (0.0 without blows between two lanes)."""
    row = {a: i for i, a in enumerate(order)}
    d = [abs(row[a] - row[b]) for a, b in blows if a in row and b in row and a != b]
    return sum(d) / len(d) if d else 0.0


def arrange(base: Sequence[str], blows: Iterable[Pair]) -> tuple[str, ...]:
    """``base`` reordered so that who fought whom sit close (see the module docstring)."""
    weights = engagement(blows)
    if not weights:
        return tuple(base)
    rank = {a: i for i, a in enumerate(base)}
    near: dict[str, Counter[str]] = {a: Counter() for a in base}
    for (a, b), w in weights.items():
        if a in near and b in near:
            near[a][b] += w
            near[b][a] += w
    left = list(base)
    order: list[str] = []
    while left:
        chain = [left.pop(0)]
        while True:  # the one the chain's end fought most (the whole chain breaks ties)
            best = max(left, default=None, key=lambda x: (
                near[chain[-1]][x], sum(near[c][x] for c in chain), -rank[x]))
            if best is None or not any(near[c][best] for c in chain):
                break
            left.remove(best)
            chain.append(best)
        order += chain
    if len(order) <= MAX_REFINE:
        edges = [(a, b, w) for (a, b), w in sorted(weights.items())
                 if a in rank and b in rank]
        order = _refine(order, edges)
    return tuple(order)


def _refine(order: list[str], edges: list[tuple[str, str, int]]) -> list[str]:
    """Move single lanes while that strictly shortens the arrows (the first such move,
    in order; at most a few passes)."""

    def total(o: list[str]) -> int:
        row = {a: i for i, a in enumerate(o)}
        return sum(w * abs(row[a] - row[b]) for a, b, w in edges)

    best = total(order)
    for _round in range(8):
        moved = False
        for a in list(order):
            i = order.index(a)
            rest = order[:i] + order[i + 1:]
            for j in range(len(order)):
                if j == i:
                    continue
                trial = rest[:j] + [a] + rest[j:]
                c = total(trial)
                if c < best:
                    order, best, moved = trial, c, True
                    break
        if not moved:
            break
    return order
