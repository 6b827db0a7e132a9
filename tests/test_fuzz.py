"""The fuzz of issue 20 (tools/fuzz.py): a fast seeded sample of it, in this process, and
its judge.

The sample is the tool's own cases (the same mutations, the same commands), each command
stopped after a few seconds: it finds nothing (no traceback, no hang, no exit 1 from a
malformed input, no last-resort error line), as issue 20 asks of the long run.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("fuzz_tool", ROOT / "tools" / "fuzz.py")
assert _spec is not None and _spec.loader is not None
fuzz: Any = importlib.util.module_from_spec(_spec)
sys.modules["fuzz_tool"] = fuzz
_spec.loader.exec_module(fuzz)

SAMPLE_SCENARIOS = 250
SAMPLE_LOGS = 250
SAMPLE_SEED = 20
SAMPLE_TIMEOUT = 4.0  # seconds a command of the sample may take (the tool's default: 20)

@pytest.fixture(scope="module")
def sample() -> list[tuple[Any, Any]]:
    """(case, finding) of every finding of the seeded sample."""
    found = []
    for kind, index, seed in fuzz.specs(SAMPLE_SCENARIOS, SAMPLE_LOGS, SAMPLE_SEED):
        case = fuzz.make_case(kind, index, seed)
        for f in fuzz.judge(case, fuzz.run_case(case, timeout=SAMPLE_TIMEOUT)):
            if not f.note:
                found.append((case, f))
    return found


def _listed(found: list[tuple[Any, Any]]) -> str:
    return "\n".join(f"{c.label} [{c.system} {c.base}] {'; '.join(c.mutations)}: {f.symptom}"
                     for c, f in found)


def test_the_sample_finds_nothing(sample):
    assert not sample, "findings of the fuzz:\n" + _listed(sample)


# --- the cases --------------------------------------------------------------------------------

def test_a_case_is_the_same_every_time():
    for kind in fuzz.KINDS:
        for index in (0, 7, 123):
            assert fuzz.make_case(kind, index, 5) == fuzz.make_case(kind, index, 5)
    assert fuzz.make_case("log", 3, 1).data != fuzz.make_case("log", 3, 2).data


def test_the_specs_take_every_system_in_turn():
    todo = fuzz.specs(8, 4, 9)
    assert sum(1 for k, _, _ in todo if k == "scenario") == 8
    assert sum(1 for k, _, _ in todo if k == "log") == 4
    systems = [fuzz.make_case(*s).system for s in todo if s[0] == "scenario"]
    assert systems == list(fuzz.SYSTEMS) * 2


def test_the_toml_writer_writes_the_bundled_scenarios_back():
    import tomllib

    for base, doc in fuzz.vocabulary().docs.items():
        assert tomllib.loads(fuzz.toml_doc(doc)) == doc, base


def test_a_lone_surrogate_is_written_as_toml_cannot_take_it():
    text = fuzz.toml_doc({"scenario": {"name": "a\ud800b"}})
    assert '"a\\ud800b"' in text


def test_a_log_line_with_a_lone_surrogate_is_written_as_its_escape():
    assert fuzz._line_bytes({"actor": "\ud800rab"}) == b'{"actor":"\\ud800rab"}'
    assert fuzz._line_bytes({"n": fuzz.HUGE}) == b'{"n":1' + b"0" * 4300 + b"}"


# --- running ----------------------------------------------------------------------------------

def test_a_traceback_is_caught_as_python_would_print_it():
    def broken(args: Any) -> int:
        raise TypeError("boom")

    with mock.patch("timedcombat.cli.cmd_check", broken):
        status, out, err = fuzz.call_cli(["check", "x.jsonl"])
    assert status == 1 and out == ""
    assert err.startswith("Traceback (most recent call last)") and "TypeError: boom" in err


def test_standard_output_encodes_strictly_as_a_pipe_does():
    status, out, err = fuzz.call_cli(["rules", "tenths", "seed"], encoding="ascii")
    assert (status, err) == (0, "") or "UnicodeEncodeError" in err


def test_a_command_past_its_time_is_stopped():
    def slow(args: Any) -> int:
        while True:
            pass

    with mock.patch("timedcombat.cli.cmd_check", slow):
        status, _, _ = fuzz.call_cli(["check", "x.jsonl"], timeout=0.2)
    assert status is None


def test_a_hung_worker_is_killed_and_replaced(tmp_path):
    w = fuzz.Worker(0, tmp_path / "err")
    try:
        assert w.run(["log", 1, 0], timeout=0.001) == {"hang": -1}
        assert w.proc is None
        answer = w.run(["log", 1, 0], timeout=60)
        assert [r["argv"][0] for r in answer["results"]] == ["check"]
    finally:
        w.stop()


def test_the_commands_of_the_fuzzing_section_of_docs_cli_md_run(tmp_path):
    """Each command of the section parses; the one of a single case runs."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    block = text.split("## Fuzzing", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].split() for line in block.splitlines()]
    assert len(lines) == 2 and all(x[:2] == ["python", "tools/fuzz.py"] for x in lines)
    for argv in lines:
        fuzz.build_parser().parse_args(argv[2:])
    argv = [a.replace("/tmp/one", str(tmp_path / "one")) for a in lines[1][2:]]
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "fuzz.py"), *argv],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert proc.returncode in (0, 1), proc.stderr
    assert "fuzz: 1 cases" in proc.stdout
    assert proc.returncode == 0 or (tmp_path / "one" / "log-00123-gurps" / "case.txt").exists()


def test_the_tool_prints_its_counts():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "fuzz.py"), "--scenarios", "4",
                           "--logs", "4", "--timeout", "20"], capture_output=True, text=True,
                          check=False, cwd=ROOT)
    assert proc.returncode in (0, 1), proc.stderr
    assert "scenarios: 4 (tenths 1, tft 1, percentile 1, gurps 1)" in proc.stdout
    assert "logs: 4 (tenths 1, tft 1, percentile 1, gurps 1)" in proc.stdout
    assert proc.returncode == (0 if "findings: 0 distinct" in proc.stdout else 1)


# --- the judge --------------------------------------------------------------------------------

CASE = fuzz.Case("log", 1, 0, "tenths", "sword_duel", ("x",), b"input.jsonl", b"", ())
TRACE = ('Traceback (most recent call last):\n  File "/x/timedcombat/cli.py", line 5, in main\n'
         '  File "/x/timedcombat/checks/tenths_scene.py", line 9, in hex_distance\n'
         "TypeError: unsupported operand type(s) for -: 'str' and 'int'\n")


def _judge(argv: tuple[str, ...], status: int | None, out: str = "", err: str = "",
           engine: bool = False) -> list[str]:
    res = fuzz.Result(argv, status, out, err, 0.1, engine)
    return [f.symptom + (" (note)" if f.note else "") for f in fuzz.judge(CASE, [res])]


CHECK = ("check", "/d/input.jsonl")


def test_a_traceback_is_a_finding():
    assert _judge(CHECK, 1, err=TRACE) == [
        "check: traceback: TypeError in checks/tenths_scene.py:hex_distance"]


def test_an_exit_2_one_liner_naming_the_file_is_not():
    assert _judge(CHECK, 2, err="error: /d/input.jsonl:3: `t` must be an integer\n") == []
    assert _judge(("check", "-"), 2, err="error: <stdin>:3: missing `t`\n") == []


def test_an_exit_2_that_is_not_one_error_line_is():
    assert _judge(CHECK, 2, err="error: /d/input.jsonl:3: a\nb\n") == [
        "check: exit 2 without one `error:` line"]
    assert _judge(CHECK, 2, err="") == ["check: exit 2 without one `error:` line"]
    assert _judge(CHECK, 2, err="error: /d/input.jsonl:1: a\x1b[31m\n") == [
        "check: unprintable error line"]


def test_an_error_line_that_does_not_name_the_file_is():
    assert _judge(("run", "/d/input.toml"), 2, err="error: scripted face 0 does not fit a d10 "
                  "(roll 1)\n") == ["run: error line does not name the file: scripted face N "
                                    "does not fit a dN (roll N)"]


def test_an_error_line_of_an_internal_failure_is():
    for message in ("internal error: KeyError 'x'", "cannot read: unexpected TypeError",
                    "the checker crashed", "unreadable log (IndexError)"):
        found = _judge(CHECK, 2, err=f"error: /d/input.jsonl:4: {message}\n")
        assert len(found) == 1 and "internal failure" in found[0], message


def test_exit_1_from_anything_but_check_is():
    assert _judge(("run", "/d/input.toml"), 1) == ["run: exit 1"]
    assert _judge(("batch", "/d/input.toml"), 3) == ["batch: exit 3"]


def test_exit_1_from_check_is_fine_when_it_lists_violations():
    out = ("T-REACT t=12 ana: expected a reaction after 3 tenths; found 5 (line 9)\n"
           "/d/input.jsonl: 1 violation of the tenths rules\n")
    assert _judge(CHECK, 1, out=out) == []
    line = json.dumps({"rule": "T-REACT", "t": 12, "actor": "ana", "expected": "e",
                       "found": "f", "seq": 3, "line": 9})
    assert _judge(("check", "--json", "/d/input.jsonl"), 1, out=line + "\n") == []


def test_exit_1_from_check_that_is_no_list_of_violations_is():
    bad = "check: exit 1 that is not a list of violations"
    assert _judge(CHECK, 1, out="") == [bad]
    assert _judge(CHECK, 1, out="oops\n/d/input.jsonl: 1 violation of the tenths rules\n") \
        == [bad]
    out = "T-REACT t=1 a: expected x; found y\n/d/input.jsonl: 1 violation of the tenths rules\n"
    assert _judge(CHECK, 1, out=out, err="warning\n") == [bad]
    assert _judge(("check", "--json", "/d/input.jsonl"), 1, out="{}\n") == [bad]


def test_a_hang_is_a_finding():
    assert _judge(("run", "/d/input.toml"), None) == ["run: hang (no end in 0 s)"]


def test_the_engine_s_log_refused_is_a_finding_breaking_rules_a_note():
    assert _judge(("check", "/d/out.jsonl"), 2, err="error: /d/out.jsonl:9: `t` must not be "
                  "negative, not -1\n", engine=True) == [
        "check (engine log): the engine's log is refused: `t` must not be negative, not N"]
    out = "T-REACT t=1 a: expected x; found y\n/d/out.jsonl: 1 violation of the tenths rules\n"
    assert _judge(("check", "/d/out.jsonl"), 1, out=out, engine=True) == [
        "check (engine log): the engine's log breaks rules: T-REACT (note)"]


def test_a_clean_run_is_no_finding():
    assert _judge(("run", "/d/input.toml"), 0, out="timeline\n") == []
    assert _judge(CHECK, 0, out="/d/input.jsonl: clean (3 events, 9 tenths rules)\n") == []
