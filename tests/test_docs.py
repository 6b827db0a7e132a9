"""The user documentation says what the code does: tables and examples read from the docs
are compared with the code that they describe."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from timedcombat.checks.tenths import RULES
from timedcombat.hexmap import DIRECTIONS, FACINGS, arc, distance, neighbour
from timedcombat.systems.tenths.blocking import POSITIONS, blocked_hexes

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_MD = (ROOT / "docs" / "scenario.md").read_text(encoding="utf-8")
TENTHS_MD = (ROOT / "docs" / "rules" / "tenths.md").read_text(encoding="utf-8")


def _number(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


def test_the_direction_table_is_the_code_s():
    rows = re.findall(r"^\| `(\w+)` \| \(([+−]?\d+), ([+−]?\d+)\) \| \[(-?\d+), (-?\d+)\] \|$",
                      SCENARIO_MD, re.MULTILINE)
    assert [r[0] for r in rows] == list(FACINGS)
    for i, (_name, dq, dr, q, r) in enumerate(rows):
        assert (_number(dq), _number(dr)) == DIRECTIONS[i]
        assert (int(q), int(r)) == neighbour((0, 0), i)
        assert distance((0, 0), (int(q), int(r))) == 1


def test_the_arcs_are_as_the_scenario_page_says():
    assert "(facing `E`: the `E`, `NE` and `SE` neighbours), its sides the next two (`NW`, " \
        "`SW`)" in " ".join(SCENARIO_MD.split())
    east = FACINGS.index("E")
    seen = {name: arc((0, 0), east, neighbour((0, 0), i)) for i, name in enumerate(FACINGS)}
    assert seen == {"E": "front", "NE": "front", "SE": "front", "NW": "side", "SW": "side",
                    "W": "rear"}
    assert arc((0, 0), east, (2, -2)) == "front" and arc((0, 0), east, (0, -2)) == "side"


def _blocking_lines(text: str) -> dict[str, list[tuple[int, int]]]:
    lines = re.findall(r"(left|centre|right):\s+((?:\[-?\d+, ?-?\d+\]\s*)+)\(", text)
    return {pos: [(int(q), int(r)) for q, r in re.findall(r"\[(-?\d+), ?(-?\d+)\]", hexes)]
            for pos, hexes in lines}


def test_the_blocking_positions_are_the_code_s_and_the_rules_page_s():
    ours = _blocking_lines(SCENARIO_MD)
    assert sorted(ours) == sorted(POSITIONS)
    for pos, hexes in ours.items():
        assert tuple(hexes) == blocked_hexes((0, 0), FACINGS.index("E"), pos, 2)
    assert ours == _blocking_lines(TENTHS_MD)


def _first_block(text: str) -> list[str]:
    return text.split("```console\n", 1)[1].split("```\n", 1)[0].splitlines()


def test_the_example_of_docs_check_md_is_what_the_commands_print(tmp_path):
    """Every ``$`` line of the example is run (in a directory with the scenarios); what
    they print is the example's other lines, the rule count included."""
    block = _first_block((ROOT / "docs" / "check.md").read_text(encoding="utf-8"))
    assert block[0].startswith("$ timedcombat run scenarios/sword_duel.toml")
    assert f" events, {len(RULES)} tenths rules)" in "\n".join(block)
    (tmp_path / "scenarios").symlink_to(ROOT / "scenarios")
    script = [f'timedcombat() {{ "{sys.executable}" -m timedcombat "$@"; }}']
    script += [line[2:] for line in block if line.startswith("$ ")]
    proc = subprocess.run(["bash", "-c", "\n".join(script)], cwd=tmp_path, text=True,
                          capture_output=True, check=False)
    assert proc.stderr == ""
    assert proc.stdout.splitlines() == [line for line in block if not line.startswith("$ ")]


def test_no_doc_points_at_files_a_user_does_not_have():
    """The design document and the rule texts ("seeds") sit beside the repository, not in
    it: the docs and docstrings say what a rule is and name its source by title instead.
    (docs/rules/tenths.md and docs/check.md are the rule pages, kept apart.)"""
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             *sorted((ROOT / "timedcombat").rglob("*.py")), *sorted((ROOT / "tools").glob("*.py"))]
    files = [f for f in files if f.name != "check.md"]
    assert len(files) > 20
    for f in files:
        text = f.read_text(encoding="utf-8")
        for word in ("shared/", "DESIGN", "seeds/"):
            assert word not in text, f"{f.relative_to(ROOT)} names {word!r}"
    assert "seed 004, *Special Situations*" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_missing_weapon_key_error_quoted_in_the_scenario_page_is_the_loader_s(
        tmp_path, monkeypatch, capsys):
    from timedcombat.cli import main

    quoted = re.search(r"`(error: duel\.toml: [^`]*)`", SCENARIO_MD, re.DOTALL)
    assert quoted is not None
    text = (ROOT / "scenarios" / "sword_duel.toml").read_text(encoding="utf-8")
    knife = '{ name = "knife", base_speed = 6, reach = "short", hands = 1 }'
    text = text.replace('weapons = ["broadsword"]', f'weapons = ["broadsword", {knife}]', 1)
    (tmp_path / "duel.toml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["run", "duel.toml"]) == 2
    assert capsys.readouterr().err == " ".join(quoted.group(1).split()) + "\n"
