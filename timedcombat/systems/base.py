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
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, runtime_checkable

import attrs

from timedcombat.plans import structure_plan
from timedcombat.results import CombatantResult, Outcome
from timedcombat.systems.styles import (
    CORE_LANE_STYLES,
    CORE_MARK_STYLES,
    CORE_SPAN_STATES,
    Card,
    LaneStyle,
    MarkStyle,
    read_card,
)
from timedcombat.turns import TimeModel
from timedcombat.wording import worded

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


class PlanKeys(Protocol):
    """What :func:`plan_vocabulary` reads of a system's own plan-action spec: the keys the
    action takes (besides ``action``) and those it needs."""

    @property
    def keys(self) -> Iterable[str]: ...

    @property
    def required(self) -> Iterable[str]: ...


@attrs.frozen
class ActionKeys:
    """A bare :class:`PlanKeys`, for a system whose actions have no spec record of their own."""

    keys: frozenset[str]
    required: frozenset[str] = frozenset()


PLAN_KEY_TYPES: dict[str, Any] = {
    "target": str, "targets": tuple[str, ...], "to": tuple[int, int], "weapon": str,
    "position": str, "style": str, "mode": str,
    "option": str, "discard": str, "via": str, "posture": str,
    "stroke": str, "limb": str, "kind": str, "direction": str, "phase": int, "hands": int,
}
"""The type of each plan key (``to``: a hex ``[q, r]``), one table for every built-in
system: a key means the same kind of value whichever system reads it."""


def plan_vocabulary(specs: Mapping[str, PlanKeys],
                    key_types: Mapping[str, Any] = PLAN_KEY_TYPES) -> dict[str, PlanAction]:
    """A system's plan vocabulary (``SystemBase.plan_actions``) from its own action specs
    (by name), each key typed by ``key_types`` (a third-party system with keys of its own
    passes its table): the one way every system builds it."""
    return {name: PlanAction({k: key_types[k] for k in sorted(spec.keys)},
                             frozenset(spec.required))
            for name, spec in specs.items()}


Hex = tuple[int, int]


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
    health_key: ClassVar[tuple[str, ...]] = ("stats", "body")
    """Where a ``placed`` event says how much a figure can take (:meth:`health_of`): its
    keys, outermost first."""

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
        value at :attr:`health_key` (``stats.body``)."""
        value: Any = placed
        for key in self.health_key:
            value = value.get(key) if isinstance(value, Mapping) else None
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


class RuleParameters:
    """Base of a system's frozen rule parameters (its ``[rules]`` record): each field an
    attrs field with ``doc`` (and optionally ``source``) metadata."""

    __slots__ = ()

    @classmethod
    def parameter_docs(cls) -> dict[str, str]:
        """What each parameter means (its field's ``doc``)."""
        return parameter_docs(cls)

def param(default: Any, doc: str, source: str | None = None, *,
          choices: tuple[Any, ...] | None = None) -> Any:
    """A rule parameter's field: its ``default``, what it means (``doc``), where the rule
    text states it (``source``; none: :meth:`ModuleSystem.parameter_source`, an
    assumption) and, for a choice, the values it takes (``choices``)."""
    meta: dict[str, Any] = {"doc": doc}
    if source is not None:
        meta["source"] = source
    if choices is not None:
        meta["choices"] = choices
    return attrs.field(default=default, metadata=meta)


def parameter_docs(rules_class: type) -> dict[str, str]:
    """What each parameter of a rule record means: its fields' ``doc`` metadata."""
    return {f.name: f.metadata["doc"] for f in attrs.fields(rules_class)}


def rule_parameters(rules_class: type,
                    source_of: Callable[[str], str] | None = None) -> tuple[Parameter, ...]:
    """The parameters of a rule record: each field's default and ``doc``; its source from
    the field's ``source`` metadata, else ``source_of(name)``, else ``assumption``."""
    return tuple(
        Parameter(f.name, f.default, f.metadata["doc"],
                  f.metadata.get("source") or (source_of(f.name) if source_of else
                                               "assumption"))
        for f in attrs.fields(rules_class))


def parameters_table(rules: Any, note: str, *, sources: bool = False) -> RuleTable:
    """The ``parameters`` table of ``timedcombat rules``: each parameter of ``rules``'s
    record, its value, default and meaning (and its source, with ``sources``)."""
    columns = ("name", "value", "default", *(("source",) if sources else ()), "meaning")
    return RuleTable(
        "parameters", "Rule parameters ([rules] overrides)", columns,
        tuple((p.name, getattr(rules, p.name), p.default, *((p.source,) if sources else ()),
               p.doc) for p in rule_parameters(type(rules))),
        note)


def values_table(name: str, title: str, record: Any) -> RuleTable:
    """A table of a frozen record of fixed values (a seed's, a base game's): each field's
    name and value."""
    return RuleTable(name, title, ("name", "value"),
                     tuple((f.name, getattr(record, f.name)) for f in attrs.fields(type(record))))


_FROM_MODULES = (("plan_actions", "loader", "PLAN_VOCABULARY"),
                 ("lane_styles", "present", "LANE_STYLES"),
                 ("span_states", "present", "SPAN_STATES"),
                 ("mark_styles", "present", "MARK_STYLES"))
"""Declarations a :class:`ModuleSystem` takes from its modules unless it states them."""

_FROM_CARD = tuple(f.name for f in attrs.fields(Card))
"""What a :class:`ModuleSystem` takes from its card (``system.toml``) unless it states it."""
_BLANK_CARD = Card()


class ModuleSystem(SystemBase):
    """A system built from the usual modules, whose hooks hand on to them by the same
    names in every system:

    - ``loader``: ``structure_rules``, ``structure_stats``, ``check_combatant``,
      ``structure_plan`` (when it has one) and ``PLAN_VOCABULARY`` (:attr:`plan_actions`);
    - ``engine``: ``Fight`` (:meth:`run`), ``time_model(rules)`` or ``MODEL``;
    - ``rules``: ``tables(rules)``, ``MODEL``; ``rules_class``, its frozen rule parameters
      (fields with ``doc`` metadata: :meth:`parameters`);
    - ``present``: ``describe`` (or ``WORDING``, its events' lines by
      :func:`~timedcombat.wording.worded`), ``lane_kind``, ``hex_sides``, ``map_marks``,
      ``waiting_spans``, ``batch_columns(scenario)``, ``batch_values(outcome, scenario)``
      (each when it has one) and ``LANE_STYLES``, ``SPAN_STATES``, ``MARK_STYLES`` (when
      the card does not give them).

    Its name, title, dice, health and styles are its card, ``system.toml`` beside the
    modules (:mod:`timedcombat.systems.styles`); the system's class keeps only what is
    truly its own."""

    loader: ClassVar[ModuleType]
    present: ClassVar[ModuleType]
    engine: ClassVar[ModuleType]
    rules: ClassVar[ModuleType]
    rules_class: ClassVar[type]
    """The frozen rule parameters; default: the :class:`RuleParameters` record its ``rules``
    module defines."""

    def __init_subclass__(cls, modules: Iterable[ModuleType] = (), **kwargs: Any) -> None:
        """``class S(ModuleSystem, modules=(engine, loader, present, rules))``: each module
        becomes the class attribute of its name, and what the class does not state is taken
        from the card beside them (``system.toml``: :data:`_FROM_CARD`), then from the
        modules (:data:`_FROM_MODULES`, :attr:`rules_class`)."""
        super().__init_subclass__(**kwargs)
        modules = tuple(modules)
        for module in modules:
            setattr(cls, module.__name__.rpartition(".")[2], module)
        own = vars(cls)
        card = read_card(modules[0].__name__.rpartition(".")[0]) if modules else None
        for attr in _FROM_CARD if card is not None else ():
            value = getattr(card, attr)
            if attr not in own and value != getattr(_BLANK_CARD, attr):
                setattr(cls, attr, value)
        for attr, module_name, name in _FROM_MODULES:
            source = own.get(module_name)
            if attr not in own and source is not None and hasattr(source, name):
                setattr(cls, attr, getattr(source, name))
        if "rules_class" not in own and "rules" in own:
            records = [v for v in vars(own["rules"]).values() if isinstance(v, type)
                       and issubclass(v, RuleParameters) and v.__module__ == own["rules"].__name__]
            if len(records) == 1:
                cls.rules_class = records[0]

    def _present(self, name: str) -> Callable[..., Any] | None:
        present = getattr(self, "present", None)
        return getattr(present, name, None)

    def describe(self, e: Event) -> str | None:
        fn = self._present("describe")
        if fn is not None:
            return cast("str | None", fn(e))
        wording = getattr(self.present, "WORDING", None) if hasattr(self, "present") else None
        return worded(wording, e) if wording is not None else None

    def lane_kind(self, e: Event) -> str | None:
        fn = self._present("lane_kind")
        return cast("str | None", fn(e)) if fn is not None else None

    def hex_sides(self, e: Event) -> Mapping[str, str] | None:
        fn = self._present("hex_sides")
        return cast("Mapping[str, str] | None", fn(e)) if fn is not None else None

    def map_marks(self, events: Sequence[Event]) -> Sequence[MapMark]:
        fn = self._present("map_marks")
        return cast("Sequence[MapMark]", fn(events)) if fn is not None else ()

    def waiting_spans(self, events: Sequence[Event]) -> list[tuple[str, int, int]]:
        fn = self._present("waiting_spans")
        return cast("list[tuple[str, int, int]]", fn(events)) if fn is not None else []

    def batch_columns(self, scenario: Scenario) -> tuple[str, ...]:
        fn = self._present("batch_columns")
        return cast("tuple[str, ...]", fn(scenario)) if fn is not None else ()

    def batch_values(self, outcome: Outcome, scenario: Scenario) -> Mapping[str, Any]:
        fn = self._present("batch_values")
        return cast("Mapping[str, Any]", fn(outcome, scenario)) if fn is not None else {}

    def structure_rules(self, raw: Mapping[str, Any], conv: cattrs.Converter,
                        file: str) -> Any:
        return self.loader.structure_rules(raw, conv, file)

    def structure_stats(self, raw: Mapping[str, Any], conv: cattrs.Converter, file: str,
                        where: str, rules: Any) -> Any:
        return self.loader.structure_stats(raw, conv, file, where, rules)

    def structure_plan(self, raw: Sequence[Mapping[str, Any]], conv: cattrs.Converter,
                       file: str, where: str) -> tuple[Any, ...]:
        own = getattr(self.loader, "structure_plan", None)
        if own is not None:
            return cast("tuple[Any, ...]", own(raw, conv, file, where))
        return super().structure_plan(raw, conv, file, where)

    def check_combatant(self, scenario: Scenario, spec: CombatantSpec, file: str,
                        where: str) -> None:
        self.loader.check_combatant(scenario, spec, file, where)

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int = 0) -> Outcome:
        return cast(Outcome, self.engine.Fight(scenario, dice, log, until, seed).run())

    def time_model(self, rules: Any) -> TimeModel:
        engine = getattr(self, "engine", None)
        made = getattr(engine, "time_model", None)
        if made is not None:
            return cast(TimeModel, made(rules or self.default_rules()))
        for module in (getattr(self, "rules", None), engine):
            model = getattr(module, "MODEL", None)
            if isinstance(model, TimeModel):
                return model
        return TimeModel()

    def default_rules(self) -> Any:
        return self.rules_class()

    def parameter_source(self, name: str) -> str:
        """Where a rule parameter comes from when its field does not say (every one an
        assumption unless a system says otherwise)."""
        return "assumption"

    def parameters(self) -> tuple[Parameter, ...]:
        return rule_parameters(self.rules_class, self.parameter_source)

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        made = getattr(getattr(self, "rules", None), "tables", None)
        if made is None:
            return ()
        return cast("tuple[RuleTable, ...]", made(rules or self.default_rules()))


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
           "LaneStyle", "MapMark", "MarkStyle", "ModuleSystem", "Outcome", "Parameter",
           "PlanAction", "RuleParameters", "RuleSystem", "RuleTable", "SystemBase",
           "find_system", "get_system", "param", "parameter_docs", "parameters_table",
           "plan_vocabulary", "register", "rule_parameters", "system_names", "values_table"]
