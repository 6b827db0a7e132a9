"""TFT's turn and phases placed on the shared clock of integer tenths.

A TFT turn is 5 seconds = 50 tenths; turn ``n`` (from 1) covers tenths
``[50(n-1), 50n)``. With the default ``movement_phase_tenths = 25``:

* tenth 0 of the turn: the turn starts (``tft.turn``: initiative, order of action) and
  the movement phase begins (``tft.phase``).
* tenths 0-23: movement. Sides move in initiative order, each in its own window: the 24
  tenths are cut into one window per side, ``[i*24//n, (i+1)*24//n)`` for the i-th of
  ``n`` sides. A figure with MA ``m`` makes its k-th hex step (k = 1..m) at
  ``window start + k * window length // (m + 1)``: steps spread evenly, faster figures
  step more often, and no step leaves the window (while MA + 1 is at most the window's
  length, none falls on its first tenth; beyond, several steps share a tenth). Figures of
  one side may step on the same tenth (ordered by moving order, then sequence). A figure
  moving fewer hexes than its MA takes the first of these tenths.
* tenth 24 (the last of the movement phase): end of movement, "after all last minute
  twists": dives for the legs are resolved here, in movement order.
* tenths 25-49: the action phase (``tft.phase``). The figures act in adjusted-DX order,
  highest first; ties are settled by a roll-off (each tied figure rolls a die, highest
  first, tied again roll again). The i-th of ``n`` figures acts at
  ``25 + i * 25 // n``: one slot per figure, spread over the phase, in order.

Everything in one slot (strikes at a disengaging figure, the HTH roll, the attack that
follows) happens on that tenth, ordered by sequence. All positions are pure functions of
the turn number, the side order and the action order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

import attrs

from timedcombat.systems.tft.rules import BASE, TftRules

MOVEMENT, ACTION = "movement", "action"


@attrs.frozen
class Layout:
    """Where the parts of a turn fall, as offsets from the turn's first tenth."""

    turn_tenths: int
    movement_tenths: int  # length of the movement phase, end-of-movement tenth included
    steps_tenths: int  # tenths for hex steps: [0, steps_tenths)
    end_of_movement: int  # the movement phase's last tenth: dives join HTH here
    action_start: int
    action_tenths: int


def layout(rules: TftRules) -> Layout:
    """The turn layout under ``rules`` (``movement_phase_tenths``)."""
    return _layout(rules.movement_phase_tenths)


@functools.lru_cache(maxsize=64)
def _layout(m: int) -> Layout:
    """The layout of a movement phase of ``m`` tenths (made once per length: every turn
    asks it several times)."""
    if not 2 <= m <= BASE.turn_tenths - 1:
        raise ValueError(f"movement_phase_tenths must be from 2 to {BASE.turn_tenths - 1}")
    return Layout(BASE.turn_tenths, m, m - 1, m - 1, m, BASE.turn_tenths - m)


def turn_start(turn: int) -> int:
    """First tenth of turn ``turn`` (counted from 1)."""
    if turn < 1:
        raise ValueError(f"turns count from 1, not {turn}")
    return (turn - 1) * BASE.turn_tenths


def turn_of(t: int) -> int:
    """The turn a tenth belongs to."""
    if t < 0:
        raise ValueError("time cannot be negative")
    return t // BASE.turn_tenths + 1


def phase_of(t: int, rules: TftRules) -> str:
    """``movement`` or ``action``: the phase a tenth belongs to."""
    return MOVEMENT if t % BASE.turn_tenths < layout(rules).movement_tenths else ACTION


def movement_windows(sides: Sequence[str], rules: TftRules) -> dict[str, tuple[int, int]]:
    """Each side's window ``[start, end)`` of offsets for its steps, in the order it moves."""
    return dict(_windows(tuple(sides), layout(rules).steps_tenths))


@functools.lru_cache(maxsize=256)
def _windows(sides: tuple[str, ...], span: int) -> tuple[tuple[str, tuple[int, int]], ...]:
    """:func:`movement_windows` over ``span`` tenths of steps (remembered: every turn and
    every figure's steps ask)."""
    if not sides or len(set(sides)) != len(sides):
        raise ValueError("sides must be given once each, in moving order")
    n = len(sides)
    return tuple((s, (i * span // n, (i + 1) * span // n)) for i, s in enumerate(sides))


@functools.lru_cache(maxsize=1024)
def step_offsets(ma: int, steps: int, window: tuple[int, int]) -> tuple[int, ...]:
    """Offsets of a figure's first ``steps`` hex steps in its side's window: the k-th at
    ``start + k * length // (ma + 1)`` (remembered: every figure's move every turn)."""
    start, end = window
    if ma < 0 or steps < 0:
        raise ValueError("MA and steps cannot be negative")
    if steps > ma:
        raise ValueError(f"{steps} steps exceed MA {ma}")
    length = end - start
    return tuple(start + k * length // (ma + 1) for k in range(1, steps + 1))


def action_offsets(order: Sequence[str], rules: TftRules) -> dict[str, int]:
    """Offset of each figure's action slot, figures in their order of action."""
    lay = layout(rules)
    n = len(order)
    if len(set(order)) != n:
        raise ValueError("a figure acts once a turn")
    return {f: lay.action_start + i * lay.action_tenths // n for i, f in enumerate(order)}


# (a NamedTuple, frozen too: made at every turn, at about a third of an attrs record's cost)
class ActionOrder(NamedTuple):
    """The order of action of one turn: ids, their adjusted DX, and every roll-off die."""

    order: tuple[str, ...]
    adj_dx: tuple[int, ...]  # parallel to order
    rolloffs: tuple[tuple[int, ...], ...]  # parallel to order: the figure's roll-off faces


class RollOffNeeded(ValueError):
    """A tie is not settled by the roll-off faces given; ``ids`` need another die each."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        self.ids = ids
        super().__init__("tied figures need another roll-off die: " + ", ".join(ids))


def action_order(adj_dx: Mapping[str, int],
                 rolloffs: Mapping[str, Sequence[int]] | None = None,
                 roll: Callable[[str], int] | None = None) -> ActionOrder:
    """Figures by adjusted DX, highest first; ties by roll-off faces, highest first, round
    by round (a figure's faces are its dice in successive rounds).

    When a tie needs a die more than ``rolloffs`` gives, ``roll(id)`` rolls it (for each of
    the tied figures, in id order); without ``roll``, :class:`RollOffNeeded` names the
    figures that must roll (again). Faces given for a figure that needs none, or beyond the
    round that settled it, are an error.
    """
    if not rolloffs and len(set(adj_dx.values())) == len(adj_dx):
        # no tie and no faces to check (most turns): the order is the sort, as below
        ranked = sorted(adj_dx, key=adj_dx.__getitem__, reverse=True)
        return ActionOrder(tuple(ranked), tuple([adj_dx[k] for k in ranked]),
                           ((),) * len(ranked))
    return _action_order(adj_dx, rolloffs, roll)


def _action_order(adj_dx: Mapping[str, int], rolloffs: Mapping[str, Sequence[int]] | None,
                  roll: Callable[[str], int] | None) -> ActionOrder:
    """:func:`action_order` with ties or roll-off faces (the general reading of the rule,
    which gives every order)."""
    faces_of: dict[str, list[int]] = {}
    if rolloffs:
        faces_of = {k: list(v) for k, v in rolloffs.items()}
        for k, faces in faces_of.items():
            if k not in adj_dx:
                raise ValueError(f"roll-off faces for {k}, who is not in the turn")
            if faces and (min(faces) < 1 or max(faces) > 6):
                raise ValueError(f"not six-sided faces: {tuple(faces)}")
    ranked: list[str] = []
    used: dict[str, int] = {}
    groups: dict[int, list[str]] = {}
    for k in sorted(adj_dx):  # each group in id order: deterministic
        groups.setdefault(adj_dx[k], []).append(k)
    for dx in sorted(groups, reverse=True):
        group = groups[dx]
        if len(group) == 1:
            ranked.append(group[0])  # (nobody to settle a tie with: no call)
        else:
            _settle(group, faces_of, used, roll, ranked)
    if rolloffs:  # (faces rolled here are all used: only given ones can be left over)
        for k, faces in faces_of.items():
            if len(faces) != used.get(k, 0):
                raise ValueError(f"{k}: {len(faces)} roll-off faces given, "
                                 f"{used.get(k, 0)} used")
    return ActionOrder(tuple(ranked), tuple([adj_dx[k] for k in ranked]),
                       tuple([tuple(faces_of[k][:used[k]]) if k in used else ()
                              for k in ranked]))


def _settle(group: list[str], faces_of: dict[str, list[int]], used: dict[str, int],
            roll: Callable[[str], int] | None, out: list[str]) -> None:
    """Put one tied group onto ``out`` in order: each round, every figure short of a die
    rolls one (in id order; :class:`RollOffNeeded` before any die without ``roll``), then
    the group splits by that round's faces, highest first, the split groups settled in
    turn (depth first, by an explicit stack: a scripted run of ties may go on for as many
    rounds as there are dice, far past Python's recursion limit)."""
    todo: list[tuple[list[str], int]] = [(group, 0)]
    while todo:
        tied, depth = todo.pop()
        if len(tied) == 1:
            out.append(tied[0])
            continue
        nxt = depth + 1
        for k in tied:
            faces = faces_of.get(k)
            if faces is None or len(faces) <= depth:
                if roll is None:
                    raise RollOffNeeded(tuple(tied))
                if faces is None:
                    faces = faces_of[k] = []
                faces.append(roll(k))
            used[k] = nxt
        if len(tied) == 2:  # (the usual tie: two figures, settled or tied again)
            a, b = tied
            fa, fb = faces_of[a][depth], faces_of[b][depth]
            if fa == fb:
                todo.append((tied, nxt))
            else:
                out.extend((a, b) if fa > fb else (b, a))
            continue
        rounds = sorted({faces_of[k][depth] for k in tied})  # lowest first: popped last
        todo.extend(([k for k in tied if faces_of[k][depth] == face], nxt)
                    for face in rounds)


# (a NamedTuple, frozen too: made at every turn, at about a third of an attrs record's cost)
class TurnPlan(NamedTuple):
    """Absolute tenths of one turn's phases and action slots."""

    turn: int
    start: int
    movement_start: int
    end_of_movement: int
    action_start: int
    end: int  # first tenth of the next turn
    actions: tuple[tuple[str, int], ...]  # (figure, tenth) in order of action


def turn_plan(turn: int, order: Sequence[str], rules: TftRules) -> TurnPlan:
    """The tenths of turn ``turn``'s phases and of each figure's action slot."""
    lay = layout(rules)
    t0 = turn_start(turn)
    slots = action_offsets(order, rules)
    return TurnPlan(turn, t0, t0, t0 + lay.end_of_movement, t0 + lay.action_start,
                    t0 + lay.turn_tenths, tuple((f, t0 + slots[f]) for f in order))


def step_tenths(turn: int, ma: int, steps: int, side: str, sides: Sequence[str],
                rules: TftRules) -> tuple[int, ...]:
    """Absolute tenths of a figure's hex steps in turn ``turn``."""
    for s, window in _windows(tuple(sides), layout(rules).steps_tenths):
        if s == side:  # (the windows as :func:`movement_windows` gives them, no dict made)
            t0 = turn_start(turn)
            return tuple([t0 + o for o in step_offsets(ma, steps, window)])
    raise KeyError(side)


_D6 = frozenset(range(1, 7))


def movement_order(initiative: Mapping[str, int], rules: TftRules,
                   rerolls: Mapping[str, Sequence[int]] | None = None,
                   roll: Callable[[str], int] | None = None) -> tuple[str, ...]:
    """Sides in moving order from their initiative dice (one die per side, highest wins,
    ties by further dice as in :func:`action_order`, ``roll`` rolling them); the winner
    moves ``first`` or ``last`` (``initiative_winner_moves``)."""
    dice = set(initiative.values())
    if not rerolls and len(dice) == len(initiative) > 1 and dice <= _D6:
        # two sides or more, six-sided dice, no tie (most turns): highest first, as the
        # roll-off gives
        ranked = tuple(sorted(initiative, key=initiative.__getitem__, reverse=True))
    else:
        ranked = _moving_order(initiative, rerolls, roll)
    if rules.initiative_winner_moves == "last":
        ranked = ranked[1:] + ranked[:1]
    return ranked


def _moving_order(initiative: Mapping[str, int], rerolls: Mapping[str, Sequence[int]] | None,
                  roll: Callable[[str], int] | None) -> tuple[str, ...]:
    """The sides by their dice, the way :func:`action_order` settles a roll-off (every
    case, ties included)."""
    faces = {k: (v,) + tuple((rerolls or {}).get(k, ())) for k, v in initiative.items()}
    return _action_order({k: 0 for k in initiative}, faces, roll).order
