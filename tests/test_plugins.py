"""A third-party system plugs in by entry point alone: the toy turn-based system of
``tests/plugins/toyduel/`` runs through ``run`` (text timeline), ``--png``, ``batch``
and ``check`` with no change to the core, and the turn clock places its steps."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
TOY = """[scenario]
name = "Toy duel"
system = "toy"
seed = 3
until = 400

[[combatant]]
id = "ann"
side = "red"
at = [0, 0]

[[combatant]]
id = "bob"
side = "blue"
at = [1, 0]
facing = "W"

[[combatant]]
id = "cyd"
side = "blue"
at = [0, 1]
facing = "NE"
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory that installs the toy the way pip would: its module and a dist-info
    whose entry points name it under the two groups."""
    root = tmp_path_factory.mktemp("site")
    shutil.copytree(HERE / "plugins" / "toyduel", root / "toyduel",
                    ignore=shutil.ignore_patterns("__pycache__"))
    info = root / "toyduel-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyduel\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[timedcombat.systems]\ntoy = toyduel:SYSTEM\n\n"
        "[timedcombat.checks]\ntoy = toyduel:RULESET\n")
    (root / "toy.toml").write_text(TOY)
    return root


def cli(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "timedcombat", *args], cwd=site, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_toy_runs_from_the_command_line_with_turns_in_its_timeline(site: Path) -> None:
    proc = cli(site, "run", "toy.toml", "--log", "toy.jsonl", "--png", "toy.png")
    assert proc.returncode == 0, proc.stderr
    assert "== turn 1:" in proc.stdout and "-- strike phase --" in proc.stdout
    assert "d6" in proc.stdout  # the dice notation comes from the system, not the core
    assert (site / "toy.png").stat().st_size > 1000
    events = [json.loads(line) for line in (site / "toy.jsonl").read_text().splitlines()]
    turns = [e for e in events if e["event"] == "toy.turn"]
    phases = [e for e in events if e["event"] == "toy.phase"]
    assert len(turns) >= 2
    assert [e["t"] for e in turns] == [10 * i for i in range(len(turns))]
    assert [(e["t"], e["end"]) for e in phases] == [(10 * i + 2, 10 * i + 10)
                                                   for i in range(len(phases))]
    # each turn's blows fall at the strike phase's start + the striker's rank, in order
    first = turns[0]["order"]
    blows = [e for e in events if e["event"] == "attack" and e["t"] < 10]
    assert [(e["t"], e["actor"]) for e in blows] == [(2 + i, a) for i, a in
                                                     enumerate(first)][:len(blows)]
    assert events[-1]["event"] == "end"


def test_the_toy_log_checks_clean_and_a_broken_one_is_caught(site: Path) -> None:
    cli(site, "run", "toy.toml", "--log", "toy2.jsonl", "-q")
    ok = cli(site, "check", "toy2.jsonl")
    assert ok.returncode == 0 and "clean" in ok.stdout and "toy rules" in ok.stdout
    events = [json.loads(line) for line in (site / "toy2.jsonl").read_text().splitlines()]
    phase = next(e for e in events if e["event"] == "toy.phase")
    blow = next(e for e in events if e["event"] == "attack")
    blow["t"] = phase["end"]  # the first tenth after the strike phase
    broken = sorted(events, key=lambda e: (e["t"], e["seq"]))
    for i, e in enumerate(broken, 1):
        e["seq"] = i
    (site / "bad.jsonl").write_text("\n".join(json.dumps(e) for e in broken) + "\n")
    bad = cli(site, "check", "bad.jsonl")
    assert bad.returncode == 1 and "X-PHASE" in bad.stdout


def test_the_toy_runs_in_a_batch(site: Path) -> None:
    proc = cli(site, "batch", "toy.toml", "--runs", "20", "--out", "runs.csv", "--json")
    assert proc.returncode == 0, proc.stderr
    rows = (site / "runs.csv").read_text().splitlines()
    assert len(rows) == 21 and rows[0].startswith("seed,winner,reason,duration")
    assert "state_ann" in rows[0]


def test_a_fight_that_does_not_say_how_it_begins_cannot_be_built():
    """``Arena.begin`` is the one hook a system must fill (abstract, not a runtime error)."""
    import pytest

    from timedcombat.arena import Arena

    class NoBegin(Arena):
        system = "nobegin"

    with pytest.raises(TypeError, match="abstract method begin"):
        NoBegin.__new__(NoBegin)


def _toy_log(plan_toml: str, seed: int = 3) -> list[dict]:
    import io

    from plugins.toyduel import SYSTEM

    from timedcombat import simulate
    from timedcombat.loading import parse_scenario
    from timedcombat.systems import base

    added = "toy" not in base._REGISTRY
    base.register(SYSTEM)
    try:  # registered for this run only: later tests see the installed systems alone
        text = TOY.replace('at = [0, 0]\n', 'at = [0, 0]\n' + plan_toml, 1)
        out = io.StringIO()
        simulate(parse_scenario(text, "toy.toml"), seed, log=out, record=False)
    finally:
        if added:
            base._REGISTRY.pop("toy", None)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_every_word_of_the_toy_s_plan_vocabulary_has_its_handler() -> None:
    from plugins.toyduel import SYSTEM
    from plugins.toyduel.actions import ACTIONS

    assert set(ACTIONS) == set(SYSTEM.plan_actions) == {"strike", "wait"}


def test_a_plan_word_leads_to_its_handler_then_the_policy_takes_over() -> None:
    """ann's plan says wait, then strike cyd: no blow of hers in turn 1, her blow of turn
    2 at cyd (not bob, the nearest first in the scenario), then the policy's nearest."""
    events = _toy_log('plan = [{action = "wait"}, {action = "strike", target = "cyd"}]\n', 1)
    blows = [(e["t"] // 10, e["target"]) for e in events
             if e["event"] == "attack" and e["actor"] == "ann"]
    assert blows[:3] == [(1, "cyd"), (2, "bob"), (3, "bob")]
    plain = _toy_log("", 1)
    assert [(e["t"] // 10, e["target"]) for e in plain
            if e["event"] == "attack" and e["actor"] == "ann"][:2] == [(0, "bob"), (1, "bob")]


def test_the_toy_is_typed_strictly() -> None:
    """The guide's example passes ``mypy --strict``: the anatomy is typed end to end."""
    mypy = shutil.which("mypy")
    if mypy is None:
        pytest.skip("mypy not installed")
    root = HERE.parent
    proc = subprocess.run([mypy, "--strict", "--follow-imports=silent", "toyduel"],
                          cwd=HERE / "plugins", capture_output=True, text=True,
                          env={**os.environ, "MYPYPATH": str(root)}, timeout=300)
    assert proc.returncode == 0, proc.stdout


def test_the_guide_s_excerpts_are_the_toy_s_code() -> None:
    """Every block of docs/plugins.md marked as an excerpt of a toy file is in that file,
    word for word: the guide shows the example as it is."""
    import re

    page = (HERE.parent / "docs" / "plugins.md").read_text()
    found = re.findall(r"<!-- an excerpt of (tests/plugins/toyduel/\w+\.py), not run -->\n"
                       r"```python\n(.*?)```", page, re.S)
    assert len(found) >= 4
    for path, block in found:
        assert block in (HERE.parent / path).read_text(), path
