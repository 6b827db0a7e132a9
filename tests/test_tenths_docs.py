"""docs/rules/tenths.md lists every parameter of the rules record, with its default."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from timedcombat.systems.tenths.rules import TenthsRules

ROOT = Path(__file__).resolve().parent.parent
TENTHS_MD = (ROOT / "docs" / "rules" / "tenths.md").read_text(encoding="utf-8")


def test_every_parameter_is_an_assumption_of_the_rules_page_with_its_default():
    table = TENTHS_MD.split("## Assumptions (not in the source)", 1)[1]
    rows = dict(re.findall(r"^\| `([a-z_]+)`(?:, `[a-z_]+`)? \| ([^|]+) \|", table, re.M))
    rows.update(re.findall(r"^\| `[a-z_]+`, `([a-z_]+)` \| [^,|]+, ([^|]+) \|", table, re.M))
    for field in attrs.fields(TenthsRules):
        assert field.name in rows, field.name
        default = field.default
        shown = rows[field.name].strip().strip("`").replace("−", "-")
        if isinstance(default, bool):
            assert shown == str(default).lower(), field.name
        elif isinstance(default, str):
            assert shown == f'"{default}"', field.name
        else:
            assert shown.split(",")[0].strip() == str(default), field.name
