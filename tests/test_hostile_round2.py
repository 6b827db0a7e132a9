"""Input from a hostile user, round 2 (issue 20): nothing lost, nothing hung, no traceback.

Links resolved before outputs are compared, stale staging of a killed command cleaned,
outputs made with the umask's mode, malformed logs and scenarios answered with one line
naming the file, stdout that cannot encode a dash, SIGTERM at any moment.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from timedcombat.cli import main

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "scenarios" / "sword_duel.toml"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def _one_error_line(err: str) -> str:
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err.rstrip("\n")


def _command(*argv: str, env: dict[str, str] | None = None,
             cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "timedcombat", *argv], capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, cwd=cwd, timeout=120)


# --- 1. links resolved before outputs are compared -------------------------------------------

def test_batch_out_through_a_dangling_link_to_a_log_is_refused(tmp_path: Path) -> None:
    (tmp_path / "L").mkdir()
    (tmp_path / "o.csv").symlink_to("L/seed-000002.jsonl")  # not written yet
    status, _out, err = _run(["batch", str(DUEL), "--runs", "3", "--seed", "0", "--jobs", "1",
                              "-q", "--out", str(tmp_path / "o.csv"),
                              "--logs", str(tmp_path / "L")])
    assert status == 2
    line = _one_error_line(err)
    assert "the log of seed 2 goes there" in line and "a link to" in line
    assert list((tmp_path / "L").iterdir()) == []
    assert (tmp_path / "o.csv").is_symlink() and not (tmp_path / "o.csv").exists()


def test_batch_out_through_a_link_to_an_existing_log_is_refused(tmp_path: Path) -> None:
    logs = tmp_path / "L"
    logs.mkdir()
    (logs / "seed-000001.jsonl").write_text("old\n")
    (tmp_path / "o.csv").symlink_to(logs / "seed-000001.jsonl")
    status, _out, err = _run(["batch", str(DUEL), "--runs", "2", "--seed", "0", "--jobs", "1",
                              "-q", "--out", str(tmp_path / "o.csv"), "--logs", str(logs)])
    assert status == 2 and "the log of seed 1 goes there" in _one_error_line(err)
    assert (logs / "seed-000001.jsonl").read_text() == "old\n"
