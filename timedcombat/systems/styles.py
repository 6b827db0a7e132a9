"""How the pictures draw a system, and the system's card that says so.

A system's *card* is the data file ``system.toml`` beside its modules: its name, one-line
title, the die of its attack rolls, what damage counts against, and the styles of its
bars, spans and map marks. A :class:`~timedcombat.systems.base.ModuleSystem` reads it
when it is there (a system may as well state the same as class attributes). The styles
every system may use are the core card, ``styles.toml`` in this package.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources

import attrs
import cattrs


@attrs.frozen
class LaneStyle:
    """How the pictures draw one kind of bar or span: colour, legend label, hatch."""

    colour: str
    label: str
    hatch: str = ""


@attrs.frozen
class MarkStyle:
    """How the hex map draws one kind of mark: colour, legend label, and its shape:
    ``zone`` (the hexes shaded, as a blocking position's) or ``item`` (a thing lying on a
    hex, as a dropped weapon)."""

    colour: str
    label: str
    shape: str = "zone"


@attrs.frozen
class Card:
    """What a ``system.toml`` states (every key optional; the core card has only styles)."""

    name: str = ""
    title: str = ""
    dice: str = ""
    health_name: str = "body"
    health_key: tuple[str, ...] = ("stats", "body")
    lane_styles: Mapping[str, LaneStyle] = attrs.field(factory=dict)
    span_states: Mapping[str, LaneStyle] = attrs.field(factory=dict)
    mark_styles: Mapping[str, MarkStyle] = attrs.field(factory=dict)


CARD_FILE = "system.toml"


class CardError(ValueError):
    """A card that cannot be read: names the file and what is wrong."""


def _text(value: object, _type: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"not a string: {value!r}")
    return value


_CONVERTER = cattrs.Converter(forbid_extra_keys=True)
_CONVERTER.register_structure_hook(str, _text)


def read_card(package: str, file: str = CARD_FILE) -> Card | None:
    """The card ``file`` of ``package`` (its styles in the order written), ``None`` when
    the package has none."""
    path = resources.files(package) / file
    if not path.is_file():
        return None
    where = f"{package.replace('.', '/')}/{file}"
    try:
        return _CONVERTER.structure(tomllib.loads(path.read_text("utf-8")), Card)
    except (tomllib.TOMLDecodeError, cattrs.BaseValidationError) as exc:
        detail = "; ".join(cattrs.transform_error(exc)) if isinstance(
            exc, cattrs.BaseValidationError) else str(exc)
        raise CardError(f"{where}: {detail}") from None


_CORE = read_card(__package__ or "timedcombat.systems", "styles.toml") or Card()

CORE_LANE_STYLES: Mapping[str, LaneStyle] = _CORE.lane_styles
"""Bar kinds every system may use; a system adds its own (its card's ``lane_styles``)."""

CORE_SPAN_STATES: Mapping[str, LaneStyle] = _CORE.span_states
"""``state`` events drawn as spans while their value is true (the `state` values of
docs/log.md)."""

CORE_MARK_STYLES: Mapping[str, MarkStyle] = _CORE.mark_styles
"""Mark kinds every system may use; a system adds its own (its card's ``mark_styles``)."""

__all__ = ["CARD_FILE", "CORE_LANE_STYLES", "CORE_MARK_STYLES", "CORE_SPAN_STATES", "Card",
           "CardError", "LaneStyle", "MarkStyle", "read_card"]
