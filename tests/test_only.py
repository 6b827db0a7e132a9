"""``--only ID``: the chosen figures' lines, what others do to them, and what their own
deeds caused (issue 23): the damage, HURT and OUT of the ones they strike, in `run`,
`show` and the swimlanes that `show` draws from the same selection."""

from __future__ import annotations

import json
from pathlib import Path

from timedcombat import show as show_mod
from timedcombat.cli import main
from timedcombat.timeline import select

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
TWO_ON_ONE = str(ROOT / "scenarios" / "two_on_one.toml")


def _golden(name: str) -> list[dict]:
    return [json.loads(line) for line in (GOLDEN / f"{name}.jsonl").read_text().splitlines()]


def _seqs(events: list[dict], actor: str, t: int) -> list[tuple[int, str]]:
    return [(e["seq"], e["event"]) for e in events if e.get("actor") == actor and e["t"] == t]


def test_only_kell_keeps_the_damage_and_hurt_his_blows_did_to_ash():
    got = select(_golden("two_on_one"), only=["kell"])
    # 1.2: kell's charge hits (seq 23), ash dodges and fails (24), takes 6 (25)
    assert _seqs(got, "ash", 12) == [(24, "defence"), (25, "damage")]
    # 2.2: kell's second blow: ash parries and fails, takes 5, is HURT
    assert _seqs(got, "ash", 22) == [(31, "defence"), (32, "damage"), (33, "state")]


def test_only_ash_keeps_kell_s_damage_and_out_from_ash_s_blows_and_nothing_of_bryn_s():
    events = _golden("two_on_one")
    got = select(events, only=["ash"])
    # 3.0: ash's axe hits kell: kell takes 6, his attack is interrupted, he reacts
    assert _seqs(got, "kell", 30) == [(44, "damage"), (45, "interrupted"), (46, "reaction")]
    # 4.1: ash's last blow: kell's parry fails, he takes 5 and is OUT
    assert _seqs(got, "kell", 41) == [(62, "defence"), (63, "damage"), (64, "state")]
    assert next(e for e in got if e["seq"] == 64)["state"] == "out"
    # bryn's blows at 3.2 and 4.0 and what they did to kell are not ash's
    assert not [e for e in got if e["t"] in (32, 40) and e["event"] in ("attack", "damage")]
    assert not [e for e in got if e.get("actor") == "bryn"]


def test_what_a_blow_caused_is_the_run_of_lines_after_it_in_its_tenth():
    """r0 in the 10-against-10: every kept line that does not name him follows, in the
    same tenth and with no line left out between, one that does: the dodge step and the HURT
    of the ones he strikes are among them, and no damage dealt by others."""
    events = _golden("melee_10v10")
    got = select(events, only=["r0"])
    kept = {e["seq"] for e in got}
    index = {e["seq"]: i for i, e in enumerate(events)}

    def names_r0(e: dict) -> bool:
        return "r0" in (e.get("actor"), e.get("target"), e.get("opponent"),
                        e.get("against"), e.get("source"))

    effects = [e for e in got if e["event"] not in ("start", "end", "placed")
               and not names_r0(e)]
    assert {(e["event"], e.get("mode", e.get("state"))) for e in effects} >= {
        ("move", "dodge"), ("state", "hurt")}  # b0's dodge step; HURT after r0's hit
    for e in effects:
        i = index[e["seq"]]
        while not names_r0(events[i]):
            i -= 1
            assert events[i]["t"] == e["t"] and events[i]["seq"] in kept, e
    others = [e for e in events if e["event"] == "damage" and e["source"] != "r0"
                     and e["actor"] != "r0" and e["seq"] in kept]
    assert others == []


def test_run_only_ash_shows_kell_out_before_the_outcome(capsys):
    assert main(["run", TWO_ON_ONE, "--only", "ash"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    i41 = next(i for i, line in enumerate(lines) if line.lstrip().startswith("4.1 "))
    assert "takes 5 (22/19)" in lines[i41 + 1] and lines[i41 + 2].strip() == "OUT"
    assert "takes 6 (6/19)" in out and "takes 6 (12/19)" not in out  # bryn's hit at 3.2


def test_show_only_kell_prints_ash_s_damage_and_hurt(capsys):
    assert main(["show", str(GOLDEN / "two_on_one.jsonl"), "--only", "kell"]) == 0
    out = capsys.readouterr().out
    assert "takes 6 (6/17)" in out and "takes 5 (11/17)" in out and "HURT" in out


def test_show_draws_the_swimlanes_of_the_same_selection(tmp_path, monkeypatch):
    seen: list[list[dict]] = []

    def fake_draw(events, path, fmt="svg", **_):
        seen.append(list(events))
        Path(path).write_text("<svg/>")

    monkeypatch.setattr(show_mod.swimlanes, "draw", fake_draw)
    assert main(["show", str(GOLDEN / "two_on_one.jsonl"), "--only", "ash",
                 "--svg", str(tmp_path / "a.svg"), "-q"]) == 0
    assert [e["seq"] for e in seen[0] if e["seq"] in (63, 64)] == [63, 64]
