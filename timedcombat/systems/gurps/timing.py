"""GURPS turns and phases on the tenth-second clock: a pure, deterministic mapping.

* A turn is one second: turn ``k`` (1, 2, ...) covers tenths ``10(k-1)`` to ``10k - 1``.
* The order of action is fixed when the fight starts (B363): higher Basic Speed first,
  then higher DX, then a higher roll of one die each (``initiative_die``); a tie after
  that keeps scenario order. It does not change during the fight.
* Each turn, the ``n`` combatants still able to act get one *phase* each, in that order.
  The ``i``-th (0-based) phase starts at tenth ``T + (10 i) // n`` and ends (exclusive)
  at ``T + (10 (i+1)) // n``, ``T`` the turn's first tenth. Two fighters: tenths 0-4 and
  5-9; three: 0-2, 3-5, 6-9. With more than ten fighters some phases have no length and
  share their start tenth with the next one; same-tenth order is then phase rank.
* The steps of a maneuver (each hex moved, the attack, a ready ...) are spread over its
  phase: of ``m`` steps the ``k``-th falls at ``start + (k L) // m`` (``L`` the phase's
  length), so each step has a tenth of its own when the phase has room, and the last
  step always falls before the phase ends. A short phase puts several steps on one tenth;
  they keep their order by step index.
* An active defence (and a retreat step) happens at the tenth of the attack it answers;
  a Wait's triggered attack at the tenth of the step that triggered it. End-of-turn rolls
  (stun recovery) fall on the phase's last tenth; the roll to stay conscious at 0 HP or
  less on its first. A cooperative takedown or pin is rolled at the attack step of the
  last participant.
* The maneuver is chosen and logged at the phase's first tenth. When a Fast-Draw readies
  a weapon with no maneuver spent, the next maneuver is laid out the same way over the
  rest of the phase, from that tenth.
* A combatant who drops out of the fight during a turn keeps his phase; nothing happens
  in it.
* Same-tenth happenings are ordered by :func:`order_key`: ``(t, rank, step, seq)``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from timedcombat.clock import Span
from timedcombat.systems.gurps.rules import BASIC

TURN = BASIC.turn_tenths


def turn_start(turn: int) -> int:
    """First tenth of turn ``turn`` (1-based)."""
    if turn < 1:
        raise ValueError(f"turns are counted from 1, got {turn}")
    return (turn - 1) * TURN


def turn_of(t: int) -> int:
    """The turn a tenth falls in."""
    return t // TURN + 1


@attrs.frozen
class InitiativeEntry:
    """One combatant's place in the order of action: Basic Speed x 4, DX, a die roll."""

    actor: str
    speed_quarters: int
    dx: int
    roll: int


def initiative_order(entries: Sequence[InitiativeEntry]) -> tuple[str, ...]:
    """Higher Basic Speed first, then higher DX, then higher roll, then scenario order."""
    ranked = sorted(enumerate(entries),
                    key=lambda ie: (-ie[1].speed_quarters, -ie[1].dx, -ie[1].roll, ie[0]))
    return tuple(e.actor for _, e in ranked)


@attrs.frozen
class Phase(Span):
    """One combatant's share of a turn: tenths ``start`` .. ``end - 1`` (maybe none)."""

    turn: int
    actor: str
    rank: int  # 0 acts first
    start: int
    end: int  # exclusive; equal to start for a phase with no length


def phases(turn: int, order: Sequence[str]) -> tuple[Phase, ...]:
    """The phases of one turn for the combatants still able to act, in order of action."""
    t0, n = turn_start(turn), len(order)
    return tuple(Phase(turn, who, i, t0 + (TURN * i) // n, t0 + (TURN * (i + 1)) // n)
                 for i, who in enumerate(order))


def step_tenths(phase: Phase, steps: int) -> tuple[int, ...]:
    """The tenth of each of a maneuver's ``steps`` inside its phase."""
    start = phase.start
    return tuple([start + o for o in _step_offsets(phase.end - start, steps)])


@functools.lru_cache(maxsize=1024)
def _step_offsets(length: int, steps: int) -> tuple[int, ...]:
    """The offsets of :func:`step_tenths` in a phase of ``length`` tenths (remembered)."""
    if steps < 1:
        return ()
    if length <= 0:
        return (0,) * steps
    return tuple((k * length) // steps for k in range(steps))


def schedule(phase: Phase, kinds: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Each step kind (``move``, ``attack`` ...) paired with its tenth."""
    return tuple(zip(kinds, step_tenths(phase, len(kinds)), strict=True))


def next_phase(turn: int, order: Sequence[str], actor: str, after: int) -> Phase | None:
    """The actor's first phase starting after tenth ``after``, looking at this turn and
    the next (the order taken as unchanged); ``None`` when he has no phase in either.

    Shock taken at ``after`` applies in this phase only; a stun lasts at least until it.
    """
    for k in (turn, turn + 1):
        for p in phases(k, order):
            if p.actor == actor and p.start > after:
                return p
    return None


def order_key(t: int, rank: int, step: int, seq: int) -> tuple[int, int, int, int]:
    """Same-tenth order: time, the acting combatant's rank, his step index, sequence."""
    return (t, rank, step, seq)
