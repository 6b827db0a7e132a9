"""Every system's card (``system.toml``): what it states becomes the system's name, title,
die, health and styles; the core card's styles stand under every system's; a bad card is
one line naming its file."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from timedcombat.swimlanes import lanes_of
from timedcombat.systems.base import (
    CORE_LANE_STYLES,
    CORE_MARK_STYLES,
    CORE_SPAN_STATES,
    LaneStyle,
    MarkStyle,
    ModuleSystem,
    get_system,
)
from timedcombat.systems.styles import CardError, read_card


@pytest.mark.parametrize(("system", "dice", "health"), [
    ("tenths", "d20", ("body", ("stats", "body"))),
    ("tft", "3d6", ("ST", ("st",))),
    ("percentile", "d100", ("PD to limit", ("stats", "pd_limit"))),
    ("gurps", "3d6", ("HP", ("stats", "hp"))),
])
def test_the_card_names_the_system(system: str, dice: str,
                                   health: tuple[str, tuple[str, ...]]) -> None:
    s = get_system(system)
    assert s.name == system
    assert s.dice == dice
    assert (s.health_name, s.health_key) == health  # type: ignore[attr-defined]
    card = read_card(f"timedcombat.systems.{system}")
    assert card is not None and card.title == s.title and "(seed 00" in s.title


def test_styles_keep_the_cards_order_and_values() -> None:
    assert list(CORE_LANE_STYLES) == ["attack", "move", "reaction", "other"]
    assert CORE_SPAN_STATES["hth"] == LaneStyle("#dd8452", "hand-to-hand", "\\\\\\")
    assert CORE_MARK_STYLES["item"] == MarkStyle("#8c8c2c", "lying on the ground", "item")
    gurps = get_system("gurps")
    assert list(gurps.lane_styles) == ["grapple", "ready", "wait", "defend"]  # type: ignore
    assert gurps.span_states["pinned"] == LaneStyle("#2b5c37", "pinned", "oo")  # type: ignore
    tenths = get_system("tenths")
    assert tenths.mark_styles["block"].shape == "zone"  # type: ignore[attr-defined]
    assert tenths.mark_styles["weapon"].shape == "item"  # type: ignore[attr-defined]


def test_the_pictures_draw_with_the_core_card_under_the_systems() -> None:
    from timedcombat import load_scenario, simulate
    from timedcombat.events import to_dict

    scenario = load_scenario(Path(__file__).parents[1] / "scenarios" / "gurps_grappled.toml")
    events = [to_dict(e) for e in simulate(scenario, seed=1).events]
    lanes = lanes_of(events)
    assert lanes.styles["attack"] == LaneStyle("#c44e52", "blow")  # the core card's
    assert lanes.styles["grapple"] == LaneStyle("#55a868", "grappling")  # gurps's card
    assert lanes.span_styles["stunned"].hatch == "++"


def _package(tmp_path: Path, name: str, card: str) -> str:
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "present.py").write_text("def lane_kind(e):\n    return 'x'\n")
    (pkg / "system.toml").write_text(card)
    sys.path.insert(0, str(tmp_path))
    return name


def test_a_class_attribute_wins_over_the_card(tmp_path: Path) -> None:
    import importlib

    name = _package(tmp_path, "cardpkg_ok", 'name = "c"\ntitle = "T"\ndice = "d8"\n'
                    '[lane_styles]\nx = { colour = "#000000", label = "ex" }\n')
    try:
        present = importlib.import_module(f"{name}.present")

        class Sys(ModuleSystem, modules=(present,)):
            dice = "d4"

        assert (Sys.name, Sys.title, Sys.dice) == ("c", "T", "d4")
        assert Sys.lane_styles == {"x": LaneStyle("#000000", "ex")}
    finally:
        sys.path.remove(str(tmp_path))


@pytest.mark.parametrize(("card", "says"), [
    ('name = "c"\ncolour = "red"\n', "colour"),
    ('name = 3\n', "name"),
    ('[lane_styles]\nx = { colour = "#000" }\n', "label"),
    ('name = "c\n', "system.toml"),
])
def test_a_bad_card_is_one_line_naming_its_file(tmp_path: Path, card: str, says: str) -> None:
    name = _package(tmp_path, "cardpkg_" + re.sub(r"\W", "_", tmp_path.name), card)
    try:
        with pytest.raises(CardError) as err:
            read_card(name)
        text = str(err.value)
        assert text.startswith(f"{name}/system.toml: ") and "\n" not in text
        assert says in text
    finally:
        sys.path.remove(str(tmp_path))
