"""What the toy's rule code may use of a running fight: the core context (clock, dice,
log, map, figures, rules) and nothing else, so the handlers need no fight object."""

from __future__ import annotations

from typing import Protocol

from timedcombat import context

from .fighter import Fighter
from .rules import Rules


class Context(context.Context[Fighter, Rules], Protocol):
    """The core :class:`timedcombat.context.Context` over toy fighters and rules."""
