"""What the long fuzz of issue 20 found on the merged code (docs/cli.md, "Fuzzing"), each
a test that fails on the code before its fix."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from timedcombat import load_scenario, simulate
from timedcombat.check import Violation, check_events
from timedcombat.errors import LogFormatError, ScenarioError
from timedcombat.events import to_dict
from timedcombat.loading import scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "scenarios" / "sword_duel.toml"


def _log(path: Path) -> list[dict[str, object]]:
    return [json.loads(json.dumps(to_dict(e))) for e in simulate(load_scenario(str(path))).events]


@pytest.mark.skipif(sys.platform != "linux", reason="file names of any bytes")
def test_check_prints_a_file_name_that_is_no_utf8_as_escapes(tmp_path: Path) -> None:
    """log:1448: `check` on `\\xff\\xfe.jsonl` printed its summary line with the name's
    bytes held as lone surrogates: UnicodeEncodeError on a UTF-8 stdout."""
    events = _log(DUEL)
    name = os.fsencode(tmp_path) + b"/\xff\xfe.jsonl"
    with open(name, "w", encoding="utf-8") as f:
        f.write("".join(json.dumps(e) + "\n" for e in events))
    done = subprocess.run([sys.executable, "-m", "timedcombat", "check", name],
                          capture_output=True, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.startswith(os.fsencode(tmp_path) + b"/\\xff\\xfe.jsonl: clean (")


def test_a_violation_line_stays_one_line_whatever_the_ids() -> None:
    """log:118: an actor id "\\n" split a violation over two lines (check's output is one
    violation a line)."""
    v = Violation("P-ACTION-TENTH", 139, "\n", "punch declared", "no declaration \x1b", line=9)
    assert str(v) == ("P-ACTION-TENTH t=139 \\n: expected punch declared; found no "
                      "declaration \\x1b (line 9)")


def test_tft_thrown_dx_per_hex_is_bounded_like_the_other_parameters() -> None:
    """scenario:277: `thrown_dx_per_hex = 10^18` was accepted, and the log it made was
    then refused by `check` (its bound on the numbers of start.rules)."""
    doc = tomllib.loads((ROOT / "scenarios" / "tft_knife_jump.toml").read_text())
    doc["rules"] = {"thrown_dx_per_hex": 10**18}
    with pytest.raises(ScenarioError, match=r"rules\.thrown_dx_per_hex: must be between "
                                            r"-100 and 100"):
        scenario_from_dict(doc, "x.toml")


def test_a_knockdown_roll_made_then_out_at_zero_hp_is_no_knockdown_break() -> None:
    """scenario:1075 (a note: the engine's log broke G-KNOCKDOWN): ulf_20 makes his
    knockdown roll after a major wound that takes him below 0 HP, then fails the HT roll
    to stay conscious on that tenth and goes out: out by the 0-HP rule, not the knockdown."""
    events = _log(ROOT / "tests" / "cases" / "gurps_crowd_knockdown.toml")
    assert check_events(events) == []
    made = [(i, e) for i, e in enumerate(events) if e["event"] == "gurps.check"
            and e.get("kind") == "knockdown" and e.get("success")]
    assert any(f["event"] == "gurps.check" and f.get("kind") == "consciousness"
               and f.get("success") is False and f["actor"] == e["actor"] and f["t"] == e["t"]
               for i, e in made for f in events[i + 1:i + 8])


def test_show_refuses_a_placed_line_without_its_actor(tmp_path: Path) -> None:
    """log:72 (seed 4): a `placed` without `actor` reached the timeline, which reads every
    placed figure's id: the last-resort error line. Now one line naming the line."""
    events = _log(DUEL)
    n = next(i for i, e in enumerate(events) if e["event"] == "placed")
    del events[n]["actor"]
    log = tmp_path / "edited.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "timedcombat", "show", str(log)],
                          capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"error: {log}:{n + 1}: `placed` needs `actor` (whom it places)\n"


def test_show_takes_a_placed_line_without_its_side(tmp_path: Path) -> None:
    """log:1605 (seed 4): a line turned into a `placed` with no `side`: the timeline read
    every placed figure's side. Now its side shows as "?"."""
    events = _log(DUEL)
    n = next(i for i, e in enumerate(events) if e["event"] == "placed")
    del events[n]["side"]
    log = tmp_path / "edited.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "timedcombat", "show", str(log)],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "120"})
    assert (done.returncode, done.stderr) == (0, "")
    assert f"{events[n]['actor']} (?)" in done.stdout


@pytest.mark.parametrize("edit", [{"scenario": None}, {"seed": None}, {"scenario": 7}])
def test_show_takes_a_start_line_with_odd_names(tmp_path: Path, edit: dict[str, object]
                                                ) -> None:
    """log:558 (seed 5): a `start` whose `scenario` is null: the timeline's title added a
    string to None. The title shows what the log gives."""
    events = _log(DUEL)
    events[0].update(edit)
    log = tmp_path / "edited.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "timedcombat", "show", str(log)],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "120"})
    assert (done.returncode, done.stderr) == (0, "")
    key, value = next(iter(edit.items()))
    assert (f"seed {value}" if key == "seed" else str(value)) in done.stdout.splitlines()[0]


@pytest.mark.parametrize("name", ["gurps_crowd_zero_hp", "gurps_crowd_knockdowns",
                                  "tft_crowd_jump_strikes", "gurps_crowd_stun_recovery",
                                  "gurps_crowd_dead_before_his_turn"])
def test_a_crowd_sharing_tenths_passes_its_checker(name: str) -> None:
    """Notes of the long fuzz (seed 5): in crowds of 20-40 more figures phases and slots
    share tenths, and three checker rules read "on the same tenth" as "after": G-ZERO-HP
    took the HP before the phase (not before the roll), G-KNOCKDOWN one wound's states
    from the next wound's roll, F-JUMP-STRIKES a striker on the jumper's slot tenth but
    later in the order as one who had acted; and (seed 6) G-KNOCKDOWN took his own turn's
    stun recovery for the knockdown's effect, G-ZERO-HP wanted the HT roll of a turn a
    fighter killed on its first tenth never began. The engine's logs are clean."""
    path = ROOT / "tests" / "cases" / f"{name}.toml"
    assert [str(v) for v in check_events(_log(path))] == []


def test_a_wall_that_is_no_hex_is_a_malformed_log(tmp_path: Path) -> None:
    """log:600 (seed 6): a wall `[[0, 0], [0, 0]]` in `start.walls` reached the tenths
    checker (the last-resort line); the core reads the walls as hexes, as it does a
    `placed` figure's `at`."""
    events = _log(ROOT / "scenarios" / "doorway.toml")
    events[0]["walls"][0] = [[0, 0], [0, 0]]
    with pytest.raises(LogFormatError, match=r"`start`: `walls\[0\]` must be a hex \[q, r\] "
                                             r"of two integers, not \[\[0, 0\], \[0, 0\]\]"):
        check_events(events)
    events[0]["walls"][0] = None  # log:1998 (seed 7): a null wall was a KeyError
    with pytest.raises(LogFormatError, match=r"`start`: `walls\[0\]` must be a hex \[q, r\] "
                                             r"of two integers, not null"):
        check_events(events)


def test_show_takes_a_turn_line_its_system_cannot_word(tmp_path: Path) -> None:
    """log:593 (seed 6): a tft turn whose initiative rolls hold a null: the banner's
    system words (who won the initiative) failed; the banner is shown without them."""
    events = _log(ROOT / "scenarios" / "tft_judo_throw.toml")
    turn = next(e for e in events if e["event"] == "tft.turn")
    turn["initiative"][1][0] = None
    turn["order"][0] = 7
    log = tmp_path / "edited.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "timedcombat", "show", str(log)],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "160"})
    assert (done.returncode, done.stderr) == (0, "")
    assert "== turn 1: 7, " in done.stdout
