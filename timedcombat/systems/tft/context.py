"""What ``tft`` rule code may use of a running fight: the core
:class:`~timedcombat.context.Context` (clock, dice, log, map, figures, rules) and the
turn's order, nothing else.

The action handlers (:mod:`.actions`), the choosing of options (:mod:`.choose`), the
policies, and the topic modules (:mod:`.board`, :mod:`.combat`, :mod:`.entry`,
:mod:`.group`) are written against :class:`Context`, never against
:class:`~timedcombat.systems.tft.engine.Fight`, which provides it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from timedcombat import context as core
from timedcombat.systems.tft.fighter import Fighter
from timedcombat.systems.tft.rules import TftRules


class Context(core.Context[Fighter, TftRules], Protocol):
    """A ``tft`` fight as rule code sees it: the core context plus this turn's order."""

    @property
    def by_id(self) -> Mapping[str, Fighter]:
        """Every figure by its id (``get``: a plan's or a choice's target may be none)."""

    @property
    def turn(self) -> int:
        """The number of the turn going on (1 is the first)."""

    @property
    def rank(self) -> Mapping[str, int]:
        """Each able figure's place in this turn's order of action (0: acts first)."""

    @property
    def slot(self) -> Mapping[str, int]:
        """Each able figure's action tenth this turn."""


__all__ = ["Context"]
