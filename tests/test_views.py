"""The pictures and the text timeline as a user reads them (issue 13's fixes): the same log
gives the same SVG bytes, nothing is cut or warned about on a long fight, a reaction stops
at OUT, surprises, unaware figures and waits are drawn, two actions of one kind stay two
bars, and the text timeline keeps cause before effect, shows modifiers and filters."""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

from rich.console import Console

from timedcombat import load_scenario, simulate
from timedcombat.cli import main
from timedcombat.events import to_dict
from timedcombat.swimlanes import MAX_WIDTH, draw, lanes_of
from timedcombat.timeline import render, select

ROOT = Path(__file__).resolve().parent.parent


def _events(name: str, seed: int | None = None) -> list[dict]:
    return [to_dict(e) for e in simulate(load_scenario(ROOT / "scenarios" / name), seed).events]


def test_the_same_log_gives_byte_identical_svg(tmp_path):
    events = _events("two_on_one.toml")
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    draw(events, a)
    draw(events, b)
    assert a.read_bytes() == b.read_bytes()
    assert b"<dc:date>" not in a.read_bytes()


def test_a_long_fight_is_drawn_without_tick_warnings_at_a_bounded_width(tmp_path):
    events = _events("melee_10v10.toml")
    end = dict(events[-1])
    events = events[:-1] + [{**end, "t": 3000}]  # as if it had gone on to 300 s
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        draw(events, tmp_path / "long.png")
    from PIL import Image

    width, _ = Image.open(tmp_path / "long.png").size
    assert width <= MAX_WIDTH * 100 + 100


LOG = [
    {"t": 0, "seq": 1, "event": "start", "system": "tenths", "seed": 1, "scenario": "s"},
    {"t": 0, "seq": 2, "event": "placed", "actor": "a", "side": "x",
     "stats": {"aware": False}},
    {"t": 0, "seq": 3, "event": "placed", "actor": "b", "side": "y"},
    {"t": 0, "seq": 4, "event": "action", "actor": "b", "name": "charge", "end": 5,
     "closing": True},
    {"t": 5, "seq": 5, "event": "action", "actor": "b", "name": "charge", "end": 9,
     "closing": True},
    {"t": 9, "seq": 6, "event": "attack", "actor": "b", "target": "a", "result": "hit",
     "surprised": True},
    {"t": 9, "seq": 7, "event": "reaction", "actor": "a", "cause": "surprised", "roll": 9,
     "tenths": 6, "end": 15},
    {"t": 11, "seq": 8, "event": "state", "actor": "a", "state": "out", "value": True},
    {"t": 11, "seq": 9, "event": "end", "winner": "y", "reason": "last side standing"},
]


def test_lanes_cut_a_reaction_at_out_and_show_surprise_and_unaware():
    lanes = lanes_of(LOG)
    reaction = next(b for b in lanes.bars if b.kind == "reaction")
    assert (reaction.start, reaction.end) == (9, 11)  # not on to 15: OUT at 11
    assert lanes.surprises == (("a", 9),)
    assert ("a", 0, 9, "unaware") in lanes.spans
    charges = [(b.start, b.end) for b in lanes.bars if b.actor == "b"]
    assert charges == [(0, 5), (5, 9)]  # two bars, drawn with an edge between them


def test_a_wait_is_drawn_as_waiting_until_its_next_action():
    events = _events("retreat.toml")
    lanes = lanes_of(events)
    wait = next(e for e in events if e["event"] == "action" and e["name"] == "wait")
    spans = [s for s in lanes.waits if s[0] == wait["actor"]]
    assert spans and spans[0][1] == wait["end"]


def _text(events, **kw) -> str:
    out = io.StringIO()
    render(events, Console(file=out, width=400, markup=False), **kw)
    return out.getvalue()


def test_the_who_what_list_keeps_the_log_order_blow_damage_out():
    events = _events("melee_10v10.toml")
    text = _text(events)
    out = next(e for e in events if e["event"] == "state" and e["state"] == "out")
    blow = [e for e in events if e["event"] == "attack" and e["t"] == out["t"]
            and e["target"] == out["actor"]][-1]
    lines = text.splitlines()
    i_blow = next(i for i, line in enumerate(lines) if f"attacks {out['actor']}" in line
                  and line.split()[0] in (blow["actor"], f"{out['t'] // 10}.{out['t'] % 10}"))
    i_out = next(i for i, line in enumerate(lines) if i > i_blow and line.rstrip().endswith("OUT")
                 and out["actor"] in line)
    i_damage = next(i for i, line in enumerate(lines) if i > i_blow and "takes" in line)
    assert i_blow < i_damage < i_out


def test_verbose_shows_every_modifier_and_filters_select_who_and_when():
    events = _events("two_on_one.toml")
    assert "skill +5" in _text(events, verbose=True) and "skill +5" not in _text(events)
    part = select(events, only=["bryn"], start=20, stop=30)
    assert all(20 <= e["t"] <= 30 for e in part if e["event"] not in ("start", "placed",
                                                                       "end"))
    assert all("bryn" in (e.get("actor"), e.get("target"), e.get("opponent"),
                          e.get("against"))
               for e in part if e["event"] not in ("start", "placed", "end"))


def test_run_filters_are_checked_before_the_fight(capsys, tmp_path):
    scenario = str(ROOT / "scenarios" / "two_on_one.toml")
    assert main(["run", scenario, "--only", "nobody", "--log", str(tmp_path / "x.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--only: no combatant 'nobody'" in err
    assert not (tmp_path / "x.jsonl").exists()
    assert main(["run", scenario, "--from", "1.25"]) == 2
    assert "--from: not a time in seconds" in capsys.readouterr().err
    assert main(["run", scenario, "--only", "kell", "--from", "3", "--to", "3.2", "-v"]) == 0
    out = capsys.readouterr().out
    assert "takes 6 (6/19)" in out and "targets ash" not in out


TURNS = [
    {"t": 0, "seq": 1, "event": "start", "system": "x", "seed": 1, "scenario": "turns"},
    {"t": 0, "seq": 2, "event": "placed", "actor": "ana", "side": "red"},
    {"t": 0, "seq": 3, "event": "placed", "actor": "bo", "side": "blue"},
    {"t": 0, "seq": 4, "event": "x.turn", "turn": 1, "order": ["ana", "bo"]},
    {"t": 0, "seq": 5, "event": "x.phase", "phase": "strike"},
    {"t": 0, "seq": 6, "event": "target", "actor": "bo", "target": "ana"},
    {"t": 30, "seq": 7, "event": "x.turn", "turn": 2, "order": ["bo", "ana"]},
    {"t": 30, "seq": 8, "event": "x.phase", "phase": "strike"},
    {"t": 30, "seq": 9, "event": "attack", "actor": "ana", "target": "bo", "result": "miss",
     "roll": 3, "total": 5, "against": 12},
    {"t": 40, "seq": 10, "event": "end", "winner": None, "reason": "until"},
]


def test_turn_and_phase_banners_are_full_width_rows_not_a_lane_s_text():
    out = io.StringIO()
    render(TURNS, Console(file=out, width=100, markup=False, highlight=False))
    lines = out.getvalue().splitlines()
    header = next(line for line in lines if "t (s)" in line)
    width = len(header.rstrip())
    turn1 = next(line for line in lines if "== turn 1" in line)
    assert re.fullmatch(r" +0\.0 +== turn 1: ana, bo == =+", turn1), turn1
    assert len(turn1) >= width  # ruled to the table's right edge, over every lane
    phase = lines[lines.index(turn1) + 1]
    assert re.fullmatch(r" +-- strike phase -- -+", phase), phase
    assert "targets ana" in lines[lines.index(turn1) + 2]  # bo's line: a row of its own
    turn2 = next(line for line in lines if "== turn 2" in line)
    assert re.fullmatch(r" +3\.0 +== turn 2: bo, ana == =+", turn2)
    assert "attacks bo" not in turn2


def test_a_long_banner_wraps_across_the_lanes():
    events = [dict(e) for e in TURNS]
    events[3] = {**events[3], "order": [f"figure{i}" for i in range(30)]}
    out = io.StringIO()
    render(events, Console(file=out, width=80, markup=False, highlight=False))
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if "== turn 1" in line)
    text = " ".join(line.strip() for line in lines[start:start + 10])
    assert "figure0, figure1" in text and "figure29 ==" in text
    bo_column = next(line for line in lines if "t (s)" in line).index("bo (blue)")
    assert all(len(line.rstrip()) > bo_column for line in lines[start:start + 3])
    assert all(len(line) <= 80 for line in lines)


def test_the_png_s_turn_lines_carry_their_numbers():
    from timedcombat.swimlanes import figure

    texts = [t.get_text() for t in figure(TURNS).axes[0].texts]
    assert "turn 1" in texts and "turn 2" in texts
