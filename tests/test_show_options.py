"""What `run` and `show` print, and the units of the library's times (issue 23): a window
that ends before it starts is refused by `run` as by `show`; writing a picture or the
replay prints no timeline unless `--timeline` / ``text=True`` asks (`run` keeps printing
its timeline: that is its contract); ``at=``/``start=``/``stop=`` are tenths, and a float
(seconds?) is refused."""

from __future__ import annotations

import inspect
import io
from pathlib import Path

import pytest
from rich.console import Console

from timedcombat import load_scenario, simulate
from timedcombat.cli import main
from timedcombat.engine import Result
from timedcombat.show import read_events, render_log

ROOT = Path(__file__).resolve().parent.parent
DOORWAY = str(ROOT / "tests" / "golden" / "doorway.jsonl")
TWO_ON_ONE = str(ROOT / "scenarios" / "two_on_one.toml")


def _console(buf: io.StringIO) -> Console:
    return Console(file=buf, width=150, markup=False, highlight=False)


def test_run_refuses_a_window_that_ends_before_it_starts_as_show_does(capsys):
    assert main(["run", TWO_ON_ONE, "--from", "3", "--to", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "error: --from 3.0 is after --to 2.0\n"
    assert main(["show", DOORWAY, "--from", "3", "--to", "2"]) == 2
    assert capsys.readouterr().err == "error: --from 3.0 is after --to 2.0\n"
    assert main(["run", TWO_ON_ONE, "--from", "2", "--to", "2", "-q"]) == 0  # one tenth


@pytest.mark.parametrize("files", [["--html", "r.html"], ["--png", "l.png"],
                                   ["--svg", "l.svg", "--html", "r.html"],
                                   ["--at", "1", "--svg", "m.svg"]])
def test_show_writing_files_prints_nothing_unless_the_timeline_is_asked(
        files, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["show", DOORWAY, *files]) == 0
    assert capsys.readouterr().out == ""
    assert all((tmp_path / f).exists() for f in files if "." in f)
    with_text = ["--at", "1"] if "--at" in files else []
    assert main(["show", DOORWAY, *with_text]) == 0
    alone = capsys.readouterr().out
    assert "Winner: raiders" in alone
    assert main(["show", DOORWAY, *files, "--timeline"]) == 0
    assert capsys.readouterr().out == alone


def test_the_timeline_and_the_replay_cannot_both_go_to_standard_output(capsys):
    assert main(["show", DOORWAY, "--html", "-", "--timeline"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("error: --timeline: the replay goes to standard output")
    assert main(["show", DOORWAY, "--timeline", "-q"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_run_prints_its_timeline_with_pictures_too(tmp_path, capsys):
    assert main(["run", TWO_ON_ONE, "--svg", str(tmp_path / "a.svg")]) == 0
    assert "Winner: blue" in capsys.readouterr().out


def test_result_show_writes_a_replay_without_printing_unless_asked(tmp_path):
    result = simulate(load_scenario(TWO_ON_ONE))
    buf = io.StringIO()
    result.show(html=str(tmp_path / "a.html"), console=_console(buf))
    assert buf.getvalue() == "" and (tmp_path / "a.html").exists()
    result.show(html=str(tmp_path / "b.html"), text=True, console=_console(buf))
    assert "Winner: blue" in buf.getvalue()
    quiet = io.StringIO()
    result.show(console=_console(quiet))  # nothing else asked: the timeline
    assert quiet.getvalue() == buf.getvalue()


@pytest.mark.parametrize("option", ["at", "start", "stop"])
def test_library_times_are_tenths_and_a_float_is_refused(option):
    events = read_events(DOORWAY)
    with pytest.raises(TypeError, match=rf"^{option}=1\.7: times are whole tenths of a "
                       rf"second, 0 or more \({option}=17 is 1\.7 s\)"):
        render_log(events, **{option: 1.7}, text=False)
    buf = io.StringIO()
    render_log(events, **{option: 17}, console=_console(buf))  # 1.7 s, as --at 1.7
    assert "Winner: raiders" in buf.getvalue()


def test_the_signatures_say_tenths():
    for fn, names in ((render_log, ("at", "start", "stop")), (Result.html, ("at",))):
        params = inspect.signature(fn).parameters
        assert all("Tenths" in str(params[n].annotation) for n in names)
    assert "tenths" in (Result.show.__doc__ or "")
    result = simulate(load_scenario(TWO_ON_ONE))
    with pytest.raises(TypeError, match=r"at=1\.5: .*\(at=15 is 1\.5 s\)"):
        result.html(at=1.5)
