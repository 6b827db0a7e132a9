"""Rule sets of the timing-rule checker, one per rule system (``timedcombat check``).

A rule set is a declarative statement of a system's timing rules: a table of
:class:`Rule` records, each with an id, the passage of the rule text it comes from, what
is checked, and a condition. A condition is a function over the facts that the rule set's
``prepare`` reads from a log; it yields a :class:`Finding` for every place the log breaks
the rule. Nothing here imports engine code: a rule set reads logs, never simulates.

Rule sets register by system id (the ``system`` of a log's ``start`` event). The built-in
ones are imported lazily from ``timedcombat.checks.<system>``, which must define
``RULESET``; adding a system is one module and one name in :data:`BUILTIN`
(see ``docs/check.md``).
"""

from __future__ import annotations

import importlib
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


FieldSpec = tuple[tuple[type, ...], bool]
"""Accepted JSON types of an event field, and whether the field is required."""


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


BUILTIN: tuple[str, ...] = ("tenths",)
"""Systems whose rule sets ship with the package (add ``tft``, ``percentile``, ``gurps``
here when their modules land)."""

_REGISTRY: dict[str, RuleSet] = {}


def register(ruleset: RuleSet) -> RuleSet:
    """Make ``ruleset`` the checker's rule set for its system."""
    _REGISTRY[ruleset.system] = ruleset
    return ruleset


def get_ruleset(system: str) -> RuleSet | None:
    """The rule set of a system id, or ``None`` when no rule set covers it."""
    if system not in _REGISTRY and system in BUILTIN:
        module = importlib.import_module(f"timedcombat.checks.{system}")
        register(module.RULESET)
    return _REGISTRY.get(system)


def systems() -> tuple[str, ...]:
    """Every system id the checker knows."""
    return tuple(sorted(set(BUILTIN) | set(_REGISTRY)))


__all__ = ["BUILTIN", "Condition", "Event", "FieldSpec", "Finding", "Rule", "RuleSet",
           "get_ruleset", "register", "systems"]
