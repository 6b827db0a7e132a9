"""The phase structure of seed 001 mapped onto tenths of a second.

The seed counts in phases ("Each phase strikes, grappling moves, or both may be executed";
"six times his Base Action Time (BAT) Combat Actions each phase") and does not say how
long a phase is: ``PercentileRules.phase_tenths`` (default 20, assumption). The mapping:

* Phase ``p`` (0, 1, ...) covers tenths ``p * P`` to ``p * P + P - 1`` (``P`` =
  ``phase_tenths``). The seed knows no turn above the phase: a turn is a phase.
* A combatant spends his ``B`` Combat Actions of the phase in the order of his plan. An
  action that brings his spending to ``s`` Combat Actions falls at tenth
  ``start + max(0, ceil(s * P / B) - 1)``: the phase is cut into ``B`` equal shares
  and the action falls on the last tenth of the share it completes. An action of no
  cost falls with the action before it (at the start when there is none). Spending
  the whole budget ends on the phase's last tenth; nothing falls outside the phase.
* Two grappling moves made on each other in a phase are resolved together (the seed:
  each side rolls, then the position changes) at the later of their two tenths.
* A choke or strangle hold does its damage, and may knock out, on the last tenth of
  each phase it is held.
* Someone who must regain his footing for ``n`` phases spends the rest of the phase he
  fell in and ``n`` whole phases after it down: he stands at the start of phase
  ``fell + n + 1``.

A mount spends its own Combat Actions on the same rule with its own budget.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from timedcombat.systems.percentile.rules import PercentileRules


def _p(rules: PercentileRules | None) -> int:
    length = (rules or PercentileRules()).phase_tenths
    if length < 1:
        raise ValueError("a phase is at least one tenth long")
    return length


def phase_start(phase: int, rules: PercentileRules | None = None) -> int:
    """First tenth of a phase."""
    if phase < 0:
        raise ValueError("phases count from 0")
    return phase * _p(rules)


def phase_end(phase: int, rules: PercentileRules | None = None) -> int:
    """Last tenth of a phase."""
    return phase_start(phase, rules) + _p(rules) - 1


def phase_of(t: int, rules: PercentileRules | None = None) -> int:
    """The phase a tenth belongs to."""
    if t < 0:
        raise ValueError("time starts at 0")
    return t // _p(rules)


def action_tenth(start: int, spent_after: int, budget: int, phase_tenths: int) -> int:
    """The tenth at which an action falls that brings the spending to ``spent_after``."""
    if budget < 1:
        raise ValueError("no Combat Actions to spend this phase")
    if not 0 <= spent_after <= budget:
        raise ValueError(f"{spent_after} Combat Actions spent of a budget of {budget}")
    return start + max(0, -(-spent_after * phase_tenths // budget) - 1)


@attrs.frozen
class Slot:
    """Where one planned action falls: its cost, the spending before and after, its tenth."""

    index: int
    cost: int
    spent_before: int
    spent_after: int
    t: int


def fitting(costs: Sequence[int], budget: int) -> int:
    """How many of the actions, in order, fit in the budget (the rest wait for a later
    phase: assumption, an action is never split across phases)."""
    spent = 0
    for n, cost in enumerate(costs):
        if cost < 0:
            raise ValueError("a cost is never negative")
        if spent + cost > budget:
            return n
        spent += cost
    return len(costs)


def schedule(start: int, costs: Sequence[int], budget: int,
             rules: PercentileRules | None = None) -> tuple[Slot, ...]:
    """The tenths of a phase's actions, in plan order (``ValueError`` if they overspend)."""
    length = _p(rules)
    if fitting(costs, budget) < len(costs):
        raise ValueError(f"costs {list(costs)} overspend a budget of {budget}")
    slots = []
    spent = 0
    for i, cost in enumerate(costs):
        after = spent + cost
        slots.append(Slot(i, cost, spent, after, action_tenth(start, after, budget, length)))
        spent = after
    return tuple(slots)


def exchange_tenth(*tenths: int) -> int:
    """Two grappling moves made on each other are resolved together at the later tenth."""
    if not tenths:
        raise ValueError("no moves to resolve")
    return max(tenths)


def hold_tick_tenth(phase: int, rules: PercentileRules | None = None) -> int:
    """A choke or strangle hold acts on the last tenth of each phase held."""
    return phase_end(phase, rules)


def stands_at(fell_phase: int, phases: int, rules: PercentileRules | None = None) -> int:
    """The tenth a thrown man is on his feet again after ``phases`` whole phases down."""
    if phases < 0:
        raise ValueError("phases down cannot be negative")
    return phase_start(fell_phase + phases + 1, rules)
