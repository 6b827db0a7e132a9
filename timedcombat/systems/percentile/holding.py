"""Who holds whom: the holds on between combatants, as plain records (pure functions).

Seed 001: "A person who has been grabbed halves his Damage Bonus for striking actions, and
any limb grabbed may not be used to strike"; Joint Locks "put the foe in a position from
which he may do nothing but attempt to Escape the lock"; "A Pinned person cannot attempt any
move other than an Escape"; "If the Escape is successful the opponents are free and
disengaged". The driver keeps a tuple of :class:`HoldOn` and asks these functions.

Our readings (docs/rules/percentile.md, "Assumptions"): a joint lock, choke, strangle or
pin put on by a man who holds a grab on the same opponent takes the place of that grab (the
grabbing arm goes into the new hold); a hold keeps the holder's limbs busy (Table 5F's
``arms``/``legs``); a held limb is the one named by a grab or joint lock (a pin holds them
all, a choke or strangle none).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from timedcombat.systems.percentile.rules import (
    ARMS,
    CHOKE,
    GRAB,
    JOINT_LOCK,
    LIMBS,
    PIN,
    STRANGLE,
    move_spec,
)

Holds = tuple["HoldOn", ...]


@attrs.frozen
class HoldOn:
    """A hold that is on: ``holder`` has ``target`` in ``move`` (on ``limb``, of ``kind``)
    since ``phase``."""

    holder: str
    target: str
    move: str
    limb: str | None = None
    kind: str | None = None
    phase: int = 0

    @property
    def arms(self) -> int:
        return move_spec(self.move, self.kind).arms

    @property
    def legs(self) -> int:
        return move_spec(self.move, self.kind).legs


def on(holds: Iterable[HoldOn], who: str) -> Holds:
    """The holds on ``who``."""
    return tuple(h for h in holds if h.target == who)


def by(holds: Iterable[HoldOn], who: str) -> Holds:
    """The holds ``who`` keeps on others."""
    return tuple(h for h in holds if h.holder == who)


def between(holds: Iterable[HoldOn], a: str, b: str) -> Holds:
    """The holds either of two combatants keeps on the other."""
    return tuple(h for h in holds if {h.holder, h.target} == {a, b})


def engaged(holds: Iterable[HoldOn], who: str) -> bool:
    """Whether ``who`` holds or is held by anyone."""
    return any(who in (h.holder, h.target) for h in holds)


def held_limbs(holds: Iterable[HoldOn], who: str) -> frozenset[str]:
    """Limbs of ``who`` an opponent holds (may not strike): grabbed or joint-locked limbs;
    every limb when he is pinned."""
    out: set[str] = set()
    for h in on(holds, who):
        if h.move == PIN:
            return frozenset(LIMBS)
        if h.limb is not None and h.move in (GRAB, JOINT_LOCK):
            out.add(h.limb)
    return frozenset(out)


def locked(holds: Iterable[HoldOn], who: str) -> bool:
    return any(h.move == JOINT_LOCK for h in on(holds, who))


def pinned(holds: Iterable[HoldOn], who: str) -> bool:
    return any(h.move == PIN for h in on(holds, who))


def busy(holds: Iterable[HoldOn], who: str, but: str | None = None) -> tuple[int, int]:
    """Arms and legs ``who`` keeps busy in his holds (those on ``but`` left out)."""
    mine = [h for h in by(holds, who) if h.target != but]
    return sum(h.arms for h in mine), sum(h.legs for h in mine)


def put_on(holds: Iterable[HoldOn], new: HoldOn) -> tuple[Holds, Holds]:
    """The holds after ``new`` is put on, and those it replaced: a lock, choke, strangle or
    pin takes the place of the holder's grabs on the same opponent; the same hold twice is
    kept once."""
    holds = tuple(holds)
    same = [h for h in holds if (h.holder, h.target, h.move, h.limb, h.kind)
            == (new.holder, new.target, new.move, new.limb, new.kind)]
    if same:
        return holds, ()
    replaced: Holds = ()
    if new.move != GRAB:
        replaced = tuple(h for h in holds if h.holder == new.holder
                         and h.target == new.target and h.move == GRAB)
    kept = tuple(h for h in holds if h not in replaced)
    return (*kept, new), replaced


def release(holds: Iterable[HoldOn], keep: Iterable[HoldOn] = (), *,
            between_: tuple[str, str] | None = None, of: str | None = None
            ) -> tuple[Holds, Holds]:
    """Let go of the holds between two combatants (``between_``) or every hold ``of`` one
    (held or holding), except those in ``keep``: (holds left, holds let go)."""
    keep = tuple(keep)
    gone: list[HoldOn] = []
    left: list[HoldOn] = []
    for h in holds:
        hit = (between_ is not None and {h.holder, h.target} == set(between_)) or \
            (of is not None and of in (h.holder, h.target))
        (gone if hit and h not in keep else left).append(h)
    return tuple(left), tuple(gone)


def choking(holds: Iterable[HoldOn], who: str) -> Holds:
    """The choke and strangle holds ``who`` keeps (they act at each phase's end)."""
    return tuple(h for h in by(holds, who) if h.move in (CHOKE, STRANGLE))


def weapon_arms(hands: int) -> tuple[str, ...]:
    """The arms a wielded weapon occupies: the right arm, both for a two-handed one
    (assumption: weapons are held in the right hand)."""
    return ARMS[::-1][:hands]
