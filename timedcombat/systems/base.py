"""The rule-system protocol, its default hooks, and the registry (like python-chess
variants: every system, built in or third party, plugs in the same way).

A rule system reads its own part of a scenario (``[rules]``, combatant stats, plans in
its own vocabulary), runs a fight on the arena's clock (:mod:`timedcombat.arena`), shows
its rule tables, and tells the core readers how to show its events: a timeline line
(:meth:`SystemBase.describe`), how the pictures draw them (:meth:`SystemBase.lane_kind`,
:attr:`SystemBase.lane_styles`, :attr:`SystemBase.span_states`), what the hex map shows
besides walls and figures (:meth:`SystemBase.map_marks`, :attr:`SystemBase.mark_styles`),
extra CSV columns for ``batch`` (:meth:`SystemBase.batch_values`).

Systems are found by entry point: a package lists ``name = "module:OBJECT"`` under
``[project.entry-points."timedcombat.systems"]`` (this project lists its own there too),
and the checker's rule sets likewise under ``"timedcombat.checks"``. :func:`register`
adds one at run time (tests, notebooks).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

import attrs

from timedcombat.plans import structure_plan
from timedcombat.results import CombatantResult, Outcome
from timedcombat.turns import TimeModel

if TYPE_CHECKING:
    import cattrs

    from timedcombat.dice import Dice
    from timedcombat.log import EventLog
    from timedcombat.scenario import CombatantSpec, Scenario

Event = Mapping[str, Any]

GROUP = "timedcombat.systems"
"""Entry-point group of rule systems."""


@attrs.frozen
class Parameter:
    """One named, overridable rule parameter with its default and what it means."""

    name: str
    default: Any
    doc: str
    source: str  # where the rule text states it, or "assumption" for a gap we filled


@attrs.frozen
class RuleTable:
    """A table of rule data for ``timedcombat rules``: column names and rows."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""


@attrs.frozen
class PlanAction:
    """A plan action of a system's vocabulary: the keys it takes (name -> type, structured
    strictly: ``str``, ``int``, ``Hex``, ``tuple[str, ...]`` ...) and those it needs."""

    keys: Mapping[str, Any] = attrs.field(factory=dict)
    required: frozenset[str] = frozenset()


def plan_vocabulary(actions: Mapping[str, tuple[Iterable[str], Iterable[str]]],
                    key_types: Mapping[str, Any]) -> dict[str, PlanAction]:
    """A system's plan vocabulary (``SystemBase.plan_actions``) from each action's keys and
    required keys, typed by ``key_types``: the one way every system builds it."""
    return {name: PlanAction({k: key_types[k] for k in sorted(keys)}, frozenset(required))
            for name, (keys, required) in actions.items()}


@attrs.frozen
class LaneStyle:
    """How the pictures draw one kind of bar or span: colour, legend label, hatch."""

    colour: str
    label: str
    hatch: str = ""


CORE_LANE_STYLES: dict[str, LaneStyle] = {
    "attack": LaneStyle("#c44e52", "blow"),
    "move": LaneStyle("#b0b0b0", "move"),
    "reaction": LaneStyle("#8172b3", "reaction / target change"),
    "other": LaneStyle("#64b5cd", "other action"),
}
"""Bar kinds every system may use; a system adds its own in :attr:`lane_styles`."""

CORE_SPAN_STATES: dict[str, LaneStyle] = {
    "close_quarters": LaneStyle("#dd8452", "close quarters", "///"),
    "hth": LaneStyle("#dd8452", "hand-to-hand", "\\\\\\"),
    "grappled": LaneStyle("#55a868", "grappled", "xx"),
    "close_combat": LaneStyle("#dd8452", "close combat", "///"),
    "down": LaneStyle("#999999", "down / prone", ".."),
    "prone": LaneStyle("#999999", "prone", ".."),
}
"""``state`` events drawn as spans while their value is true (the `state` values of docs/log.md)."""


Hex = tuple[int, int]


@attrs.frozen
class MarkStyle:
    """How the hex map draws one kind of mark: colour, legend label, and its shape:
    ``zone`` (the hexes shaded, as a blocking position's) or ``item`` (a thing lying on a
    hex, as a dropped weapon)."""

    colour: str
    label: str
    shape: str = "zone"


@attrs.frozen
class MapMark:
    """Something the hex map shows for a while, read from the log by a system's
    :meth:`SystemBase.map_marks`: shown from tenth ``start`` up to, not including, tenth
    ``stop`` (``None``: to the end). ``kind`` names its :class:`MarkStyle`; ``actor`` is
    whose it is (a mark of a zone is drawn in its side's colour)."""

    kind: str
    hexes: tuple[Hex, ...]
    label: str
    start: int
    stop: int | None = None
    actor: str | None = None

    def shown_at(self, t: int) -> bool:
        return self.start <= t and (self.stop is None or t < self.stop)


CORE_MARK_STYLES: dict[str, MarkStyle] = {
    "zone": MarkStyle("#937860", "hexes held", "zone"),
    "item": MarkStyle("#8c8c2c", "lying on the ground", "item"),
}
"""Mark kinds every system may use; a system adds its own in :attr:`SystemBase.mark_styles`."""


@runtime_checkable
class RuleSystem(Protocol):
    """What a rule system provides to the loader, the arena, the readers and the CLI."""

    name: str
    title: str
    plan_actions: Mapping[str, PlanAction]

    def structure_rules(self, raw: Mapping[str, Any], conv: cattrs.Converter,
                        file: str) -> Any: ...

    def structure_stats(self, raw: Mapping[str, Any], conv: cattrs.Converter, file: str,
                        where: str, rules: Any) -> Any: ...

    def structure_plan(self, raw: Sequence[Mapping[str, Any]], conv: cattrs.Converter,
                       file: str, where: str) -> tuple[Any, ...]: ...

    def check_combatant(self, scenario: Scenario, spec: CombatantSpec, file: str,
                        where: str) -> None: ...

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int) -> Outcome: ...

    def time_model(self, rules: Any) -> TimeModel: ...

    def parameters(self) -> tuple[Parameter, ...]: ...

    def tables(self, rules: Any) -> tuple[RuleTable, ...]: ...

    def describe(self, e: Event) -> str | None: ...

    def lane_kind(self, e: Event) -> str | None: ...

    def map_marks(self, events: Sequence[Event]) -> Sequence[MapMark]: ...

    def hex_sides(self, e: Event) -> Mapping[str, str] | None: ...

    def batch_columns(self, scenario: Scenario) -> tuple[str, ...]: ...

    def batch_values(self, outcome: Outcome, scenario: Scenario) -> Mapping[str, Any]: ...


class SystemBase:
    """Default hooks; a system subclasses it and overrides what it needs."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    plan_actions: ClassVar[Mapping[str, PlanAction]] = {}
    lane_styles: ClassVar[Mapping[str, LaneStyle]] = {}
    """The system's own bar kinds (added to :data:`CORE_LANE_STYLES`)."""
    span_states: ClassVar[Mapping[str, LaneStyle]] = {}
    """The system's own ``state`` names drawn as spans (added to :data:`CORE_SPAN_STATES`)."""
    dice: ClassVar[str] = ""
    """The die of the system's attack rolls in the text timeline (``d20``, ``3d6``)."""
    mark_styles: ClassVar[Mapping[str, MarkStyle]] = {}
    """The system's own kinds of map marks (added to :data:`CORE_MARK_STYLES`)."""
    health_name: ClassVar[str] = "body"
    """What a figure's damage counts against, as the pictures name it (``body``, ``ST``,
    ``HP``): the lanes, the map and the replay show what is left of it."""

    def structure_plan(self, raw: Sequence[Mapping[str, Any]], conv: cattrs.Converter,
                       file: str, where: str) -> tuple[Any, ...]:
        return structure_plan(raw, self.plan_actions, conv, file, where, self.name)

    def time_model(self, rules: Any) -> TimeModel:
        return TimeModel()

    def describe(self, e: Event) -> str | None:
        """A timeline line for ``e`` when the system words it its own way (``None``: the
        core wording)."""
        return None

    def lane_kind(self, e: Event) -> str | None:
        """The bar kind of an ``action`` event (``None``: the core's: ``attack``,
        ``move`` or ``other`` by name)."""
        return None

    def health_of(self, placed: Event) -> int | None:
        """How much a figure can take before any damage, from its ``placed`` event (a
        ``damage`` event says it too: its ``body``); ``None``: not known. Default: the
        ``stats`` ``body``."""
        stats = placed.get("stats")
        value = stats.get("body") if isinstance(stats, Mapping) else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def map_marks(self, events: Sequence[Event]) -> Sequence[MapMark]:
        """What the hex map shows besides walls and figures, read from a log (the events in
        order, as JSON objects): each mark with the tenths it is shown (blocking positions
        and their hexes, things on the ground ...). Default: nothing."""
        return ()

    def hex_sides(self, e: Event) -> Mapping[str, str] | None:
        """Which side of a shared hex each figure holds from event ``e`` on (figure id ->
        facing name, e.g. GURPS half hexes), until it moves; the map draws each figure of a
        crowded hex towards its side. Default: ``None`` (no sides: figures on a ring)."""
        return None

    def batch_columns(self, scenario: Scenario) -> tuple[str, ...]:
        """Extra CSV columns of ``batch`` (after the core ones)."""
        return ()

    def batch_values(self, outcome: Outcome, scenario: Scenario) -> Mapping[str, Any]:
        """The values of :meth:`batch_columns` for one run."""
        return {}

    def parameters(self) -> tuple[Parameter, ...]:
        return ()

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        return ()


class ModuleSystem(SystemBase):
    """A system built from the usual modules, whose hooks hand on to them: ``loader``
    (``structure_rules``, ``structure_stats``, ``check_combatant``), ``present``
    (``describe``, ``lane_kind``) and ``rules_class``, its frozen rule parameters (fields
    with defaults and ``parameter_docs()``). The system's class keeps only what is its
    own."""

    loader: ClassVar[Any]
    present: ClassVar[Any]
    rules_class: ClassVar[type]

    def describe(self, e: Event) -> str | None:
        return self.present.describe(e)

    def lane_kind(self, e: Event) -> str | None:
        return self.present.lane_kind(e)

    def structure_rules(self, raw: Mapping[str, Any], conv: cattrs.Converter,
                        file: str) -> Any:
        return self.loader.structure_rules(raw, conv, file)

    def structure_stats(self, raw: Mapping[str, Any], conv: cattrs.Converter, file: str,
                        where: str, rules: Any) -> Any:
        return self.loader.structure_stats(raw, conv, file, where, rules)

    def check_combatant(self, scenario: Scenario, spec: CombatantSpec, file: str,
                        where: str) -> None:
        self.loader.check_combatant(scenario, spec, file, where)

    def default_rules(self) -> Any:
        return self.rules_class()

    def parameter_source(self, name: str) -> str:
        """Where a rule parameter comes from (every one an assumption unless a system
        says otherwise)."""
        return "assumption"

    def parameters(self) -> tuple[Parameter, ...]:
        docs = self.rules_class.parameter_docs()
        return tuple(Parameter(f.name, f.default, docs[f.name], self.parameter_source(f.name))
                     for f in attrs.fields(self.rules_class))


_REGISTRY: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> RuleSystem:
    """Add a system to the registry under its ``name`` (entry points do it for installed
    packages; this is for systems defined at run time)."""
    _REGISTRY[system.name] = system
    return system


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=GROUP)}


def get_system(name: str) -> RuleSystem:
    """The system ``name``: registered, or loaded from its entry point; ``KeyError`` when
    there is none."""
    if name not in _REGISTRY:
        ep = _entry_points().get(name)
        if ep is None:
            raise KeyError(name)
        system: RuleSystem = ep.load()
        _REGISTRY.setdefault(name, system)
    return _REGISTRY[name]


def find_system(name: str | None) -> RuleSystem | None:
    """The system ``name`` if there is one (the readers of a log use it for wording)."""
    if not isinstance(name, str):
        return None
    try:
        return get_system(name)
    except (KeyError, ImportError):
        return None


def system_names() -> list[str]:
    return sorted(set(_REGISTRY) | set(_entry_points()))


__all__ = ["CORE_LANE_STYLES", "CORE_MARK_STYLES", "CORE_SPAN_STATES", "GROUP", "CombatantResult",
           "LaneStyle", "MapMark", "MarkStyle", "Outcome", "Parameter", "PlanAction",
           "RuleSystem", "RuleTable", "SystemBase", "find_system", "get_system",
           "plan_vocabulary", "register", "system_names"]
