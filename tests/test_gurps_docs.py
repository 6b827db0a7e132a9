"""``docs/rules/gurps.md`` keeps up with the code: every parameter, plan action, event and
test it names exists, and it points at no file a user does not have."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from timedcombat.events import known_events
from timedcombat.systems.gurps import events as gurps_events  # noqa: F401 (registers them)
from timedcombat.systems.gurps.rules import GurpsRules
from timedcombat.systems.gurps.stats import PLAN_ACTIONS

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "rules" / "gurps.md").read_text(encoding="utf-8")


def test_every_parameter_and_plan_action_is_documented():
    for f in attrs.fields(GurpsRules):
        assert f"| `{f.name}` | " in PAGE, f.name
    for name in PLAN_ACTIONS:
        assert f"| `{name}` | " in PAGE, name


def test_every_event_the_system_logs_is_documented():
    names = [n for n in known_events() if n.startswith("gurps.")]
    assert len(names) >= 14
    for name in names:
        assert f"`{name}`" in PAGE, name


def test_every_test_the_page_names_exists():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py"))
    named = set(re.findall(r"`(test_[a-z0-9_]+)(?:…)?`", PAGE))
    assert len(named) > 60
    for name in named:
        assert f"def {name}" in code, name


def test_the_page_covers_every_section_of_the_chapter_and_names_no_outside_file():
    for section in ("Entering a foe's hex", "Leaving a foe's hex", "Weapons in close combat",
                    "Shields in close combat", "Ready in close combat",
                    "Defence in close combat", "Close combat with several participants",
                    "Attacks on close-combat participants", "Assumptions (not in the source)",
                    "Base rules from the GURPS 4e Basic Set"):
        assert f"## {section}" in PAGE or f"### {section}" in PAGE, section
    for word in ("shared/", "DESIGN", "seeds/", "../", "Not implemented yet"):
        assert word not in PAGE, word
