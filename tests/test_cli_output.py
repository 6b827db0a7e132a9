"""Output files and argument errors of the command line, as a user meets them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from timedcombat.cli import main

ROOT = Path(__file__).resolve().parent.parent
DUEL = str(ROOT / "scenarios" / "sword_duel.toml")


def test_log_is_written_through_a_symlink(tmp_path):
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert main(["run", DUEL, "--log", str(link), "-q"]) == 0
    assert link.is_symlink()
    assert real.read_text().startswith('{"t":0,"seq":1,"event":"start"')


def test_log_to_standard_output_replaces_the_timeline(capsys):
    assert main(["run", DUEL, "--log", "-"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith('{"t":0,"seq":1,"event":"start"')
    assert out[-1].startswith('{"t":') and '"event":"end"' in out[-1]


@pytest.mark.parametrize("argv, message", [
    (["run", DUEL, "--log", "."], "error: --log .: is a directory"),
    (["run", DUEL, "--png", "-"], "error: --png: a picture cannot go to standard output"),
    (["run", DUEL, "--until", "0"], "error: --until: must be between 1 and 10000000 tenths"),
    (["run", DUEL, "--seed", "abc"], "error: argument --seed: invalid int value: 'abc'"),
    (["run"], "error: the following arguments are required: scenario"),
    ([], "error: the following arguments are required: COMMAND"),
    (["batch", DUEL], "error: the following arguments are required: --runs"),
])
def test_bad_arguments_are_one_error_line(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.strip().splitlines() == [message]
    assert captured.out == ""


def test_a_picture_that_cannot_be_written_leaves_no_log(tmp_path, capsys):
    log = tmp_path / "ok.jsonl"
    bad = tmp_path / "no" / "x.png"
    assert main(["run", DUEL, "--log", str(log), "--png", str(bad), "-q"]) == 2
    assert not log.exists()


def test_names_with_rich_markup_are_shown_as_written(tmp_path, capsys):
    text = Path(DUEL).read_text().replace('name = "Sword duel"', 'name = "Duel [/] [bold]x"')
    text = text.replace('id = "ana"', 'id = "[red]ana"').replace('"ana"', '"[red]ana"')
    path = tmp_path / "markup.toml"
    path.write_text(text)
    assert main(["run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Duel [/] [bold]x  [tenths, seed 1]" in out
    assert "[red]ana (red)" in out


def test_output_piped_into_head_exits_quietly():
    proc = subprocess.run(
        f"{sys.executable} -m timedcombat run {ROOT / 'scenarios' / 'melee_10v10.toml'} | head -1",
        shell=True, capture_output=True, text=True, check=False,
        executable="/bin/bash")
    assert proc.stderr == ""
    proc = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m timedcombat run "
                       f"{ROOT / 'scenarios' / 'melee_10v10.toml'} | head -1; "
                       "exit ${PIPESTATUS[0]}"], capture_output=True, text=True, check=False)
    assert proc.returncode == 0
