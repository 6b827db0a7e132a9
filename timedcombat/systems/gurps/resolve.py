"""Pure resolution of the ``gurps`` rules, gathered: functions of values (rolls, scores,
tables, situations) to frozen results, with no fight, no dice of their own and no log.

The driver rolls the dice and passes the faces; these functions say what they mean. They
live by topic in the modules below, which this one gathers (the rule code imports each
from its topic module; no hand list of names here to keep in step):

* :mod:`.rolls`: 3d6 success rolls, criticals, Quick Contests (B343, B348);
* :mod:`.attack`: attack modifiers by name, attack rolls, reach, reloads;
* :mod:`.defence`: the active defences a fighter has and their rolls;
* :mod:`.damage`: damage, injury, wounds, the critical tables, HT rolls;
* :mod:`.closecombat`: the close-combat chapter's other rules (seed 002);
* :mod:`.grapple`: grapples, cooperative takedowns and pins, breaking free;
* :mod:`.movement`: allowances, movement points, evading;
* :mod:`.slam`: slams (B371).
"""

from __future__ import annotations

from timedcombat.systems.gurps import (
    attack,
    closecombat,
    damage,
    defence,
    grapple,
    movement,
    rolls,
    slam,
)

__all__ = ["attack", "closecombat", "damage", "defence", "grapple", "movement", "rolls", "slam"]
