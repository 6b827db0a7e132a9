"""``timedcombat show`` renders any log without running it again, ``timedcombat map`` a
scenario's start; the HTML replay holds the log and nothing from the network; errors are
one line, exit 2, nothing written; outputs are written all or none."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from timedcombat import load_scenario, simulate
from timedcombat import replay as replay_mod
from timedcombat.cli import main
from timedcombat.events import to_dict
from timedcombat.replay import html
from timedcombat.show import parse_seconds, render_log
from timedcombat.systems import base
from timedcombat.timeline import select

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
DOORWAY = str(GOLDEN / "doorway.jsonl")
DUEL = str(ROOT / "scenarios" / "sword_duel.toml")


def golden(name: str) -> list[dict]:
    return [json.loads(line) for line in (GOLDEN / f"{name}.jsonl").read_text().splitlines()]


def page_data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page,
                  re.S)
    assert m is not None
    return json.loads(m.group(1))


# ---------------------------------------------------------------- times and filters

@pytest.mark.parametrize(("text", "tenths"), [("0", 0), ("1.7", 17), ("12", 120),
                                              ("3.0", 30), (" 2.5 ", 25)])
def test_seconds_are_read_as_whole_tenths(text, tenths):
    assert parse_seconds("--at", text) == tenths


@pytest.mark.parametrize("text", ["1.75", "-1", "1e3", "abc", "", "1.", ".5", "nan"])
def test_a_time_that_is_not_seconds_and_tenths_is_refused(text):
    with pytest.raises(Exception, match=r"a time in seconds with at most one decimal"):
        parse_seconds("--at", text)


def test_select_keeps_a_window_and_what_concerns_the_combatants_asked():
    events = golden("doorway")
    got = select(events, only=["ulf"], start=13, stop=21)
    kinds = {e["event"] for e in got}
    assert {"start", "end"} <= kinds
    inside = [e for e in got if e["event"] not in ("start", "end", "placed")]
    assert inside and all(13 <= e["t"] <= 21 for e in inside)
    assert all("ulf" in (e.get("actor"), e.get("target"), e.get("opponent"), e.get("against"))
               for e in inside)
    expected = [e for e in events if 13 <= e["t"] <= 21 and "ulf" in (
        e.get("actor"), e.get("target"), e.get("opponent"), e.get("against"))]
    assert inside == expected
    assert {e["actor"] for e in got if e["event"] == "placed"} == {"ulf", "hild"}


# ---------------------------------------------------------------- show: text

def test_show_prints_the_timeline_of_a_log_as_run_does(capsys):
    assert main(["run", str(ROOT / "scenarios" / "doorway.toml")]) == 0
    from_run = capsys.readouterr().out
    assert main(["show", DOORWAY]) == 0
    assert capsys.readouterr().out == from_run


def test_show_narrows_the_timeline_to_a_window_and_combatants(capsys):
    assert main(["show", DOORWAY, "--from", "1.7", "--to", "2.1", "--only", "ulf"]) == 0
    out = capsys.readouterr().out
    times = re.findall(r"^\s+(\d+\.\d)\s", out, re.M)
    assert times == ["2.1"]  # ulf's blocking attack and dodge (rask's, at 1.7, is gone)
    assert "blocking attack on ulf" in out and "blocking attack on rask" not in out


def test_show_at_a_time_prints_the_map_as_text(capsys):
    assert main(["show", DOORWAY, "--at", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    here = out.index("At 1.0 s (tenth 10):")  # after the timeline and its outcome
    assert out[here - 1] == "Winner: raiders, at 9.0 s (last side standing)."
    assert out[here + 1:here + 4] == ["  hild (watch) at [5, 0] facing W, ok",
                                      "  rask (raiders) at [2, 0] facing E, ok",
                                      "  ulf  (raiders) at [1, 1] facing E, ok"]
    assert "  blocked hexes (blocking position): hild: centre at [4, 0] [3, 0]" in out
    assert main(["show", DOORWAY, "--at", "1", "-q"]) == 0
    assert capsys.readouterr().out == ""


def test_show_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(Path(DOORWAY).read_bytes())))
    assert main(["show", "-", "--at", "0.5"]) == 0
    assert "\nAt 0.5 s (tenth 5):\n" in capsys.readouterr().out


# ---------------------------------------------------------------- show: files

def test_show_writes_the_swimlanes_the_map_and_the_replay(tmp_path, capsys):
    lanes, page = tmp_path / "lanes.png", tmp_path / "fight.html"
    assert main(["show", DOORWAY, "--png", str(lanes), "--html", str(page), "-q"]) == 0
    assert lanes.read_bytes()[:4] == b"\x89PNG"
    assert page_data(page.read_text())["events"] == golden("doorway")
    at = tmp_path / "map.svg"
    assert main(["show", DOORWAY, "--at", "1", "--svg", str(at), "-q"]) == 0
    svg = at.read_text()
    assert "at 1.0 s (tenth 10)" in svg and "blocked hexes (blocking position)" in svg
    assert capsys.readouterr().out == ""


def test_the_replay_can_go_to_standard_output_instead_of_the_timeline(capsys):
    assert main(["show", DOORWAY, "--html", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")


def _bad(tmp_path: Path, argv: list[str], capsys) -> str:
    outs = [tmp_path / "o.png", tmp_path / "o.html"]
    more = ["--html", str(outs[1])] + (["--png", str(outs[0])] if "--png" not in argv else [])
    assert main([*argv, *more]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert not any(p.exists() for p in outs)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in tmp_path.iterdir() if p.suffix == ".jsonl")  # no temporary left
    return lines[0]


@pytest.mark.parametrize(("args", "message"), [
    (["--at", "1.75"], "error: --at 1.75: a time in seconds with at most one decimal (as 1.7)"),
    (["--at", "99"], "error: --at 99.0: after the end of the log (9.0 s)"),
    (["--from", "3", "--to", "2"], "error: --from 3.0 is after --to 2.0"),
    (["--only", "hild,zed"], "error: --only zed: no such combatant in the log (ids: hild, "
     "rask, ulf)"),
    (["--only", "hild,"], "error: --only hild,: an empty combatant id (ids are separated by "
     "commas)"),
    (["--png", "x.jpg"], "error: --png x.jpg: the file name must end in .png (--png writes PNG)"),
    (["--png", "-"], "error: --png: a picture cannot go to standard output"),
])
def test_bad_options_are_one_line_exit_2_and_nothing_written(tmp_path, capsys, args, message):
    log = tmp_path / "fight.jsonl"
    log.write_bytes(Path(DOORWAY).read_bytes())
    assert _bad(tmp_path, ["show", str(log), *args], capsys) == message


def test_the_replay_s_name_ends_in_html(tmp_path, capsys):
    assert main(["show", DOORWAY, "--html", str(tmp_path / "r.txt")]) == 2
    assert capsys.readouterr().err == \
        f"error: --html {tmp_path / 'r.txt'}: the file name must end in .html (--html writes " \
        "HTML)\n"


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot read: No such file or directory"),
    ("", ":1: empty log: no events to show"),
    ('{"t":0,"seq":1,"event":"start"}\nnot json\n', ":2: not JSON: Expecting value"),
    ('{"t":5,"seq":1,"event":"start"}\n{"t":4,"seq":2,"event":"x"}\n',
     ":2: t goes back in time: 4 after 5"),
    ('{"t":0,"seq":1,"event":"placed","actor":"a","at":[1]}\n',
     ":1: `at` must be a hex [q, r]"),
    ('{"t":1.5,"seq":1,"event":"start"}\n', ":1: `t` must be a whole number of tenths"),
])
def test_a_log_that_cannot_be_shown_is_one_line_naming_file_and_line(tmp_path, capsys,
                                                                      content, message):
    log = tmp_path / "bad.jsonl"
    if content is not None:
        log.write_text(content)
    line = _bad(tmp_path, ["show", str(log)], capsys)
    assert line.startswith(f"error: {log}") and message in line


def test_an_output_on_top_of_the_log_is_refused(tmp_path, capsys):
    log = tmp_path / "fight.html"  # (a log may have any name)
    log.write_bytes(Path(DOORWAY).read_bytes())
    assert main(["show", str(log), "--svg", str(tmp_path / "x.svg"), "--html", str(log)]) == 2
    assert capsys.readouterr().err == f"error: --html {log}: is the log {log}: it would be " \
        "overwritten\n"
    assert log.read_bytes() == Path(DOORWAY).read_bytes()


def test_a_failure_while_writing_leaves_no_output(tmp_path, capsys, monkeypatch):
    def broken(events, path, at=0):
        Path(path).write_text("half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(replay_mod, "write_html", broken)
    old = tmp_path / "old.png"
    old.write_bytes(b"old picture")
    argv = ["show", DOORWAY, "--png", str(old), "--html", str(tmp_path / "r.html"), "-q"]
    assert main(argv) == 2
    assert capsys.readouterr().err == \
        f"error: --html {tmp_path / 'r.html'}: cannot write: No space left on device\n"
    assert old.read_bytes() == b"old picture"  # the PNG drawn first is not put in place
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.png"]


# ---------------------------------------------------------------- the replay page

def test_the_page_holds_the_log_its_lines_marks_and_lanes():
    events = golden("doorway")
    data = page_data(html(events, at=12))
    assert data["events"] == events and data["at"] == 12 and data["end"] == events[-1]["t"]
    assert data["walls"] == events[0]["walls"]
    assert data["sides"] == [["hild", "watch"], ["rask", "raiders"], ["ulf", "raiders"]]
    assert len(data["text"]) == len(events)
    blow = next(i for i, e in enumerate(events) if e["event"] == "attack")
    assert data["text"][blow].startswith("blocking attack on rask: d20 13 = 18 vs 16")
    assert [(m["kind"], m["hexes"]) for m in data["marks"]] == [("block", [[4, 0], [3, 0]])]
    assert data["markStyles"]["block"]["shape"] == "zone"
    assert any(b[3] == "block" for b in data["lanes"]["bars"])
    assert data["lanes"]["order"] == ["rask", "hild", "ulf"]  # hild between his two foes


def test_the_page_needs_no_network_and_is_the_same_bytes_each_time():
    events = golden("two_on_one")
    page = html(events)
    assert page == html(events)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "url(http" not in page
    assert page.count("<script") == 2 and 'src=' not in page.split("<body>")[1]


def test_names_from_the_log_cannot_end_the_script_or_inject_markup():
    evil = "x</script><script>alert(1)</script><!--"
    events = [{"t": 0, "seq": 1, "event": "start", "system": "none", "seed": 0,
               "scenario": evil, "until": 9},
              {"t": 0, "seq": 2, "event": "placed", "actor": evil, "side": "<b>", "at": [0, 0],
               "facing": "E"}]
    page = html(events)
    assert page.count("</script>") == 2
    assert "<b>" not in page and "<!--" not in page
    assert page_data(page)["events"] == events


def test_a_turn_system_s_log_replays_with_its_turns_and_own_events(monkeypatch):
    from plugins.toyduel import SYSTEM

    monkeypatch.setitem(base._REGISTRY, "toy", SYSTEM)
    events = _toy_events()
    data = page_data(html(events))
    lines = [t for t in data["text"] if t]
    assert lines[0].startswith("== turn 1: ") and "-- strike phase --" in lines
    assert any(re.fullmatch(r"attacks \w+ \(fist\): d6 \d = \d vs 3 -> (HIT \+\d|MISS)", t)
               for t in lines)


def _toy_events() -> list[dict]:
    from timedcombat.loading import parse_scenario

    text = """[scenario]
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
"""
    return [to_dict(e) for e in simulate(parse_scenario(text, "toy.toml")).events]


# ---------------------------------------------------------------- from Python

def test_a_result_shows_itself(tmp_path):
    result = simulate(load_scenario(DUEL))
    buf = io.StringIO()
    result.show(html=str(tmp_path / "duel.html"), at=10, text=True,
                console=Console(file=buf, width=150, markup=False))
    assert "Winner:" in buf.getvalue()
    data = page_data((tmp_path / "duel.html").read_text())
    assert data["events"] == [to_dict(e) for e in result.events] and data["at"] == 10


def test_render_log_takes_any_list_of_events(tmp_path):
    events = golden("recover_sword")
    buf = io.StringIO()
    render_log(events, at=18, svg=str(tmp_path / "m.svg"), text=True,
               console=Console(file=buf, width=150, markup=False))
    assert "  weapon on the ground: broadsword at [0, 0]" in buf.getvalue().splitlines()
    assert "weapon on the ground" in (tmp_path / "m.svg").read_text()


# ---------------------------------------------------------------- map

def test_map_draws_a_scenario_s_start_and_prints_it(tmp_path, capsys):
    png, svg = tmp_path / "door.png", tmp_path / "door.svg"
    assert main(["map", str(ROOT / "scenarios" / "doorway.toml"), "--png", str(png), "--svg",
                 str(svg)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:5] == ["A spear holds the doorway — tenths, seed 5", "At 0.0 s (tenth 0):",
                       "  hild (watch) at [5, 0] facing W, ok",
                       "  rask (raiders) at [0, 0] facing E, ok",
                       "  ulf  (raiders) at [-1, 1] facing E, ok"]
    assert out[5] == "  walls: 8 hexes"
    assert png.read_bytes()[:4] == b"\x89PNG" and "at 0.0 s (tenth 0)" in svg.read_text()


@pytest.mark.parametrize(("argv", "message"), [
    (["map", "nope.toml"], "error: nope.toml: cannot read"),
    (["map", DUEL, "--png", "a.svg"], "error: --png a.svg: the file name must end in .png"),
    (["map", DUEL, "--svg", "-"], "error: --svg: a picture cannot go to standard output"),
])
def test_map_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(message)


# ---------------------------------------------------------------- the docs' pictures

def test_every_example_scenario_has_its_pictures_and_a_replay_of_its_golden_log():
    viewer = (ROOT / "docs" / "viewer.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?:img|replays)/[^)]+)\)", viewer)
    assert links and all((ROOT / "docs" / link).is_file() for link in links)
    for scenario in sorted((ROOT / "scenarios").glob("*.toml")):
        name = scenario.stem
        for link in (f"img/{name}.png", f"img/{name}-map.svg", f"replays/{name}.html"):
            assert link in links, link
        page = (ROOT / "docs" / "replays" / f"{name}.html").read_text(encoding="utf-8")
        assert page_data(page)["events"] == golden(name), \
            f"docs/replays/{name}.html is not today's log: python tools/docs_pictures.py"


def test_the_page_holds_each_figure_s_health_and_draws_blows_on_the_map():
    events = [to_dict(e) for e in simulate(load_scenario(ROOT / "scenarios" /
                                                         "tft_knife_jump.toml")).events]
    page = html(events)
    data = page_data(page)
    assert data["healthName"] == "ST"
    sven = [h for h in data["health"] if h[0] == "sven"]
    assert sven[0] == ["sven", 0, 13, 13]
    hits = [e for e in events if e["event"] == "damage" and e["actor"] == "sven"]
    assert [h[2] for h in sven[1:]] == [e["st"] for e in hits]  # the ST the log says
    assert "attack-line" in page and "hp-band" in page and "damage-label" in page
