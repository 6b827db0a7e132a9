"""docs/rules/percentile.md stays true to the code: every test it names exists, every
parameter of the rules is in its table of assumptions, every module it maps exists."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from timedcombat.systems.percentile.rules import PercentileRules

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "rules" / "percentile.md").read_text(encoding="utf-8")


def test_every_test_the_doc_names_exists():
    defined = set()
    for p in (ROOT / "tests").glob("test_percentile*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", p.read_text(encoding="utf-8"), re.M))
    named = set(re.findall(r"`(test_\w+?)(?:…)?`", DOC))
    whole = {n for n in named if f"`{n}`" in DOC}
    assert whole - defined == set()
    for prefix in named - whole:  # abbreviated names ("test_phase_2_location_52_…")
        assert any(d.startswith(prefix) for d in defined), prefix


def test_every_parameter_is_an_assumption_in_the_doc():
    for f in attrs.fields(PercentileRules):
        assert f"| `{f.name}` | " in DOC, f.name


def test_every_module_the_doc_maps_exists():
    for name in re.findall(r"^\| `(\w+)\.py` \|", DOC, re.M):
        assert (ROOT / "timedcombat" / "systems" / "percentile" / f"{name}.py").exists(), name
    assert "../" not in DOC and "DESIGN" not in DOC
