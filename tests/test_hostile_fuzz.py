"""Fuzzers of issue 15: random output paths, mutated scenario bytes and mutated log lines.

Whatever they get, the command line answers with status 0, 1 (check: violations) or 2 and
one ``error:`` line, never a traceback; it never writes over an input, and leaves no
temporary file behind.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st
from test_scenario_fuzz import EXAMPLE_FILES, fuzz

from timedcombat.check import Violation, check_file
from timedcombat.cli import main
from timedcombat.errors import LogFormatError, ScenarioError
from timedcombat.loading import load_scenario
from timedcombat.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "scenarios" / "sword_duel.toml"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def _one_error_line(err: str) -> None:
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert err.rstrip("\n").isprintable() or "\0" in err, err


def _leftovers(where: Path) -> list[str]:
    return [p.name for p in where.rglob("*") if p.name.endswith((".tmp", ".probe"))
            or p.name.startswith(".timedcombat-")]


# --- output paths ----------------------------------------------------------------------------

PIECES = ["{scen}", "{link}", "-", "", "out.jsonl", "out.jsonl", "x/", ".", "..", "loop",
          "dir", "dir/new.jsonl", "nodir/x.jsonl", "a" * 256, "/dev/full", "/dev/null",
          "a\0b", "ro/x.jsonl", "{hard}"]


def _stub_draw(events: object, path: Path, fmt: str | None = None) -> None:
    Path(path).write_text(f"picture {fmt}\n")


@fuzz(60)
@given(st.lists(st.tuples(st.sampled_from(["--log", "--svg", "--png"]),
                          st.sampled_from(PIECES)), min_size=1, max_size=3,
                unique_by=lambda t: t[0]))
def test_random_output_paths(outputs: list[tuple[str, str]]) -> None:
    with tempfile.TemporaryDirectory() as tmp, mock.patch("timedcombat.swimlanes.draw",
                                                         _stub_draw):
        where = Path(tmp)
        scen = where / "mine.toml"
        scen.write_bytes(DUEL.read_bytes())
        (where / "link.toml").symlink_to(scen)
        os.link(scen, where / "hard.toml")
        (where / "loop").symlink_to(where / "loop")
        (where / "dir").mkdir()
        (where / "ro").mkdir(mode=0o500)
        names = {"scen": scen, "link": where / "link.toml", "hard": where / "hard.toml"}
        argv = ["run", str(scen), "-q"]
        for option, piece in outputs:
            path = piece.format(**names)
            argv += [option, path if path.startswith(("/", "-")) or not path
                     else str(where / path)]
        status, out, err = _run(argv)
        assert status in (0, 2), err
        if status == 2:
            _one_error_line(err)
        assert scen.read_bytes() == DUEL.read_bytes()
        assert _leftovers(where) == []
        if status == 0:
            for option, piece in outputs:
                if piece == "out.jsonl":
                    assert (where / piece).exists(), option


# --- scenario bytes ----------------------------------------------------------------------------

JUNK = [b"\xef\xbb\xbf", b"[" * 40, b"]" * 40, b"9" * 5000, b"9" * 30, b"\x1b[31m", b"\x00",
        b"\xff", "\u2028".encode(), b'""', b"\n", b"=", b'"', b"-", b"1e400", b"nan",
        b"\\u001b", b"[[combatant]]\n", b"{", b"}", b",", b"#"]


@fuzz(80)
@given(st.sampled_from(EXAMPLE_FILES), st.data())
def test_mutated_scenario_bytes(path: Path, data: st.DataObject) -> None:
    raw = bytearray(path.read_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        pos = data.draw(st.integers(0, len(raw)))
        junk = data.draw(st.one_of(st.sampled_from(JUNK), st.binary(max_size=6)))
        op = data.draw(st.sampled_from(["insert", "replace", "delete"]))
        if op == "insert":
            raw[pos:pos] = junk
        elif op == "replace":
            raw[pos:pos + len(junk)] = junk
        else:
            del raw[pos:pos + data.draw(st.integers(1, 20))]
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "fuzz.toml"
        file.write_bytes(bytes(raw))
        try:
            scenario = load_scenario(file)
        except ScenarioError as exc:
            assert exc.file == str(file)
            assert str(exc).isprintable() and len(str(exc)) < 2000, str(exc)
        else:
            assert isinstance(scenario, Scenario)


# --- log lines -------------------------------------------------------------------------------

def _engine_lines() -> list[str]:
    buf = io.StringIO()
    from timedcombat import simulate

    simulate(load_scenario(ROOT / "scenarios" / "two_on_one.toml"), 3, log=buf, record=False)
    return buf.getvalue().splitlines()


LINES = _engine_lines()
LOG_JUNK = ["\u2028", "\u2029", "\x85", "\r", "\x00", "\ufeff", "[" * 30, "]", "{", "}",
            '"', ",", ":", "9" * 5000, "-1", "null", "true", "1e999", "\\", "\\ud800", "\n"]


@fuzz(100)
@given(st.data())
def test_mutated_log_lines(data: st.DataObject) -> None:
    lines = list(LINES)
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["text", "text", "drop", "copy", "swap", "field"]))
        i = data.draw(st.integers(0, len(lines) - 1))
        if op == "text":
            line = lines[i]
            pos = data.draw(st.integers(0, len(line)))
            junk = data.draw(st.one_of(st.sampled_from(LOG_JUNK), st.text(max_size=4)))
            cut = data.draw(st.integers(0, 3))
            lines[i] = line[:pos] + junk + line[pos + cut:]
        elif op == "drop":
            del lines[i]
        elif op == "copy":
            lines.insert(data.draw(st.integers(0, len(lines))), lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            try:
                obj = json.loads(lines[i])
            except ValueError:
                continue
            key = data.draw(st.sampled_from(sorted(obj)))
            obj[key] = data.draw(st.one_of(st.none(), st.booleans(), st.integers(),
                                           st.text(max_size=3), st.lists(st.integers(),
                                                                         max_size=2)))
            lines[i] = json.dumps(obj)
        if not lines:
            lines = [""]
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "fuzz.jsonl"
        file.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
        try:
            report = check_file(str(file))
        except LogFormatError as exc:
            assert exc.file == str(file) and exc.line >= 1
            assert str(exc).isprintable() and len(str(exc)) < 2000, str(exc)
        else:
            assert all(isinstance(v, Violation) for v in report.violations)
