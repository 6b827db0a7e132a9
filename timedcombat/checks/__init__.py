"""Rule sets of the timing-rule checker, one per rule system (``timedcombat check``).

A rule set is a declarative statement of a system's timing rules: a table of
:class:`Rule` records, each with an id, the passage of the rule text it comes from, what
is checked, and a condition. A condition is a function over the facts that the rule set's
``prepare`` reads from a log; it yields a :class:`Finding` for every place the log breaks
the rule. Nothing here imports engine code: a rule set reads logs, never simulates.

Rule sets register by system id (the ``system`` of a log's ``start`` event), found by
entry point (group :data:`GROUP`), the same way for built-in and third-party systems
(see ``docs/plugins.md``).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Event = Mapping[str, Any]
"""One log line, as the JSON object it is."""


@dataclass(frozen=True)
class Finding:
    """One place where a log breaks a rule: when, who, what the rule wants, what it says."""

    t: int
    actor: str | None
    expected: Any
    found: Any
    seq: int | None = None


Condition = Callable[[Any], Iterable[Finding]]


@dataclass(frozen=True)
class Rule:
    """A timing rule: id, where the rule text states it, what is checked, and how."""

    id: str
    section: str  # where in the rule text, e.g. "Closing > Set"
    quote: str  # the sentence(s) of the rule text
    checks: str  # what the checker verifies, in one or two sentences
    condition: Condition = field(repr=False, compare=False)


FieldSpec = tuple[tuple[type, ...], bool] | tuple[tuple[type, ...], bool, tuple[int, int]]
"""Accepted JSON types of an event field, whether the field is required, and optionally
the least and most an integer value may be — or, for an array or an object, every integer
inside it (a log outside it is malformed: exit 2). An integer field with no bound of its
own is bounded by ``check.MAX_NUMBER``."""


@dataclass(frozen=True)
class RuleSet:
    """A system's rules, how to read its logs (``prepare``), and its event fields."""

    system: str
    source: str  # the rule text, e.g. "seed 004 (Special Situations)"
    rules: tuple[Rule, ...]
    prepare: Callable[[Sequence[Event]], Any] = field(repr=False, compare=False)
    schema: Mapping[str, Mapping[str, FieldSpec]] = field(default_factory=dict, repr=False,
                                                          compare=False)

    def rule(self, rule_id: str) -> Rule:
        """The rule with this id (``KeyError`` when there is none)."""
        for r in self.rules:
            if r.id == rule_id:
                return r
        raise KeyError(rule_id)


GROUP = "timedcombat.checks"
"""Entry-point group of rule sets: ``name = "module:RULESET"``, the name being the system
id (this project lists its own there; a third-party system lists its rule set likewise)."""

_REGISTRY: dict[str, RuleSet] = {}


def register(ruleset: RuleSet) -> RuleSet:
    """Make ``ruleset`` the checker's rule set for its system (entry points do it for
    installed packages; this is for rule sets defined at run time)."""
    _REGISTRY[ruleset.system] = ruleset
    return ruleset


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=GROUP)}


def get_ruleset(system: str) -> RuleSet | None:
    """The rule set of a system id, or ``None`` when no rule set covers it."""
    if system not in _REGISTRY:
        ep = _entry_points().get(system)
        if ep is None:
            return None
        _REGISTRY.setdefault(system, ep.load())
    return _REGISTRY.get(system)


def systems() -> tuple[str, ...]:
    """Every system id the checker knows."""
    return tuple(sorted(set(_entry_points()) | set(_REGISTRY)))


__all__ = ["GROUP", "Condition", "Event", "FieldSpec", "Finding", "Rule", "RuleSet",
           "get_ruleset", "register", "systems"]
