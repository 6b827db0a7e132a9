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


PNG_NAME = "--png {}: the file name must end in .png (--png writes PNG)"
SVG_NAME = "--svg {}: the file name must end in .svg (--svg writes SVG)"


@pytest.mark.parametrize(("option", "name", "message"), [
    ("--png", "x.jpg", PNG_NAME),
    ("--png", "x.svg", PNG_NAME),
    ("--png", "x", PNG_NAME),
    ("--svg", "x.png", SVG_NAME),
    ("--svg", "x.svg.txt", SVG_NAME),
])
def test_a_picture_named_for_another_format_is_refused_before_any_work(
        tmp_path, capsys, monkeypatch, option, name, message):
    import timedcombat.cli

    def no_fight(*args, **kw):  # pragma: no cover - reached only if the check is missing
        raise AssertionError("the fight ran")

    monkeypatch.setattr(timedcombat.cli, "simulate", no_fight)
    log = tmp_path / "ok.jsonl"
    path = tmp_path / name
    assert main(["run", DUEL, "--log", str(log), option, str(path), "-q"]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == ["error: " + message.format(path)]
    assert captured.out == "" and list(tmp_path.iterdir()) == []


def test_picture_names_in_any_case_devices_and_any_log_name_are_taken(tmp_path, capsys):
    svg, png, log = tmp_path / "Duel.SVG", tmp_path / "duel.Png", tmp_path / "fight.txt"
    assert main(["run", DUEL, "--svg", str(svg), "--png", str(png), "--log", str(log),
                 "-q"]) == 0
    assert svg.read_bytes().startswith(b"<?xml") and png.read_bytes()[:4] == b"\x89PNG"
    assert log.read_text().startswith('{"t":0')
    assert main(["run", DUEL, "--png", "/dev/null", "--svg", "/dev/null", "-q"]) == 2
    assert "the same file" in capsys.readouterr().err  # two outputs on one device
    assert main(["run", DUEL, "--png", "/dev/null", "-q"]) == 0


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
