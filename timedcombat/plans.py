"""Scripted plans in a system's own vocabulary.

A scenario's ``plan`` is a list of tables ``{ action = "...", key = value ... }``. Which
actions exist and which keys each takes is the system's (``SystemBase.plan_actions``:
``PlanAction(keys={name: type}, required=...)``); this module checks a plan against that
vocabulary with the strict converter and gives :class:`PlanStep` records, whose keys
read as attributes (``step.target``; a key the step does not give reads ``None``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.errors import ScenarioError
from timedcombat.structure import describe, key_text, quoted, structure

if TYPE_CHECKING:
    import cattrs


@attrs.frozen(slots=False)
class PlanStep:
    """One scripted action: its name and the keys given with it.

    A key reads as an attribute: one given is set on the instance as it is made; one not
    given reads ``None`` (the first read of a name no step gave makes it a class default
    of ``None``: the later reads are plain lookups, not a failed lookup and a call, since
    the rule code of every turn asks the step's ``target``, ``weapon`` and ``to``). A key
    named like a method or field of the class (``get``, ``items``, ``action``, ``args``)
    reads as that, as it always has."""

    action: str
    args: tuple[tuple[str, Any], ...] = ()

    def __attrs_post_init__(self) -> None:
        for key, value in self.args:
            if key not in _OWN:
                object.__setattr__(self, key, value)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if name not in _OWN:
            setattr(PlanStep, name, None)  # (not given here: none given reads None)
        return None

    def get(self, name: str, default: Any = None) -> Any:
        value = getattr(self, name)
        return default if value is None else value

    def items(self) -> Iterator[tuple[str, Any]]:
        yield from self.args


_OWN = frozenset(PlanStep.__dict__) | {"action", "args"}
"""The class's own names: never set from a key (a key so named reads as the class's)."""


def structure_plan(raw: Sequence[Mapping[str, Any]], actions: Mapping[str, Any],
                   conv: cattrs.Converter, file: str, where: str,
                   system: str) -> tuple[PlanStep, ...]:
    """Check each step's action and keys against ``actions`` (a system's vocabulary) and
    structure its values by the declared types; one located :class:`ScenarioError` for
    the first problem."""
    steps = []
    for i, step in enumerate(raw):
        at = f"{where}[{i}]"
        action = step.get("action")
        if action is None:
            raise ScenarioError(file, f"{at}.action", "required key missing")
        if not isinstance(action, str):
            raise ScenarioError(file, f"{at}.action", f"expected a string, got "
                                f"{describe(action)}")
        spec = actions.get(action)
        if spec is None:
            raise ScenarioError(file, f"{at}.action",
                                f"unknown action {quoted(action)} for system {system} "
                                f"(known: {' '.join(actions)})")
        args = []
        for key, value in step.items():
            if key == "action":
                continue
            kind = spec.keys.get(key) if isinstance(spec.keys, Mapping) else None
            if kind is None:
                allowed = ", ".join(sorted(spec.keys)) or "none"
                raise ScenarioError(file, f"{at}.{key_text(key)}",
                                    f"{action!r} takes no {key!r} (keys it takes: {allowed})")
            args.append((key, structure(conv, value, kind, file, f"{at}.{key_text(key)}")))
        missing = sorted(set(spec.required) - {k for k, _ in args})
        if missing:
            raise ScenarioError(file, f"{at}.{missing[0]}", f"required for {action!r}")
        steps.append(PlanStep(action, tuple(args)))
    return tuple(steps)


__all__ = ["PlanStep", "structure_plan"]
