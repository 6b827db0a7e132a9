"""Hostile input for the ``tft`` system (issue 20): a figure placed far away, scripted dice
that tie roll-offs for ever, logs with huge numbers. Each case ends quickly with flat
memory: the work is bounded by what a figure can do in a turn, never by the map or by a
number written in the input.

Runs that would hang on the old code go to a child process with a generous hang guard
(``HANG`` seconds), never a timing threshold.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
TFT = sorted(SCENARIOS.glob("tft_*.toml"))
HANG = 20
"""Seconds after which a child is taken to hang (a near run takes well under one)."""
MAX_RSS_KB = 400_000
"""Peak memory of a child, generous (a near run peaks at about 40 MB)."""

CHILD = """\
import re, sys
from timedcombat.cli import main
code = main(sys.argv[1:])
# this process's own peak (VmHWM): ru_maxrss would also count the parent's memory at the
# fork (Linux keeps the larger of the two across exec), which is pytest's
status = open("/proc/self/status").read()
print(re.search(r"VmHWM:\\s*(\\d+)", status).group(1), file=sys.stderr)
sys.exit(code)
"""


def cli(*argv: str) -> tuple[int, str, str, int]:
    """Run ``timedcombat ARGV`` in a child: status, stdout, stderr (less the memory line)
    and the child's peak memory (kB)."""
    p = subprocess.run([sys.executable, "-c", CHILD, *argv], capture_output=True,
                       text=True, timeout=HANG, cwd=ROOT)
    *err, rss = p.stderr.splitlines() or ["0"]
    return p.returncode, p.stdout, "\n".join(err), int(rss)


@contextlib.contextmanager
def hang_guard(seconds: int = HANG) -> Iterator[None]:
    """In-process work that must end: a ``TimeoutError`` after ``seconds`` (SIGALRM)."""
    def expire(_sig: int, _frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def moved_far(src: Path, index: int, at: tuple[int, int], dest: Path) -> Path:
    """``src`` with its ``index``-th combatant placed at ``at``."""
    text = src.read_text(encoding="utf-8")
    m = list(re.finditer(r"^at = \[[^\]]*\]", text, re.M))[index]
    dest.write_text(text[:m.start()] + f"at = [{at[0]}, {at[1]}]" + text[m.end():],
                    encoding="utf-8")
    return dest


# ---------------------------------------------------------------- 1. a far figure


FAR = [(p.stem, 0, (1_000_000, 0)) for p in TFT] + [
    ("tft_judo_throw", 0, (1000, 0)), ("tft_judo_throw", 0, (10001, 0)),
    ("tft_judo_throw", 3, (-1_000_000, 1_000_000)), ("tft_gang_hth", 2, (0, -1_000_000)),
]


@pytest.mark.parametrize(("stem", "index", "at"), FAR, ids=lambda v: str(v))
def test_a_far_figure_walks_its_ma_each_turn_and_the_fight_ends(tmp_path, stem, index, at):
    """Route searches reach as far as the figure may move this turn (plus a margin), not
    to its foes a million hexes away: the run ends by the scenario's limits (stalemate or
    time cap), in flat memory, and the far figure walked its full MA every turn it chose
    to move."""
    scenario = moved_far(SCENARIOS / f"{stem}.toml", index, at, tmp_path / "far.toml")
    log = tmp_path / "far.jsonl"
    code, _out, err, rss = cli("run", "-q", str(scenario), "--log", str(log))
    assert code == 0, err
    assert rss < MAX_RSS_KB
    evs = events(log)
    assert evs[-1]["event"] == "end"
    far = next(e["actor"] for e in evs if e["event"] == "placed" and e["at"] == list(at))
    taken: list[list[int]] = []  # per option of the far figure: [hexes of a move, steps]
    for e in evs:
        if e.get("actor") == far and e["event"] == "action":
            taken.append([e["hexes"] if e["name"] == "move" else 0, 0])
        elif e.get("actor") == far and e["event"] == "move" and e["mode"] == "step":
            taken[-1][1] += 1
    assert sum(1 for hexes, _ in taken if hexes) >= 2
    assert all(steps == hexes for hexes, steps in taken[:-1])  # its MA every turn
    assert taken[-1][1] <= taken[-1][0]  # (the last turn may be cut by the end)
    code, out, err, _ = cli("check", str(log))
    assert (code, err) == (0, ""), out


def test_a_route_search_looks_no_further_than_the_reach():
    """A goal a million hexes off: the search visits the hexes within reach + margin only,
    and the route leads straight at the goal, as far as that."""
    from timedcombat.systems.tft.paths import SEARCH_MARGIN, route

    asked: list[tuple[int, int]] = []

    def free(h: tuple[int, int]) -> bool:
        asked.append(h)
        return True

    path = route((0, 0), [(1_000_000, 0)], free, lambda h: False, 10)
    radius = 10 + SEARCH_MARGIN
    assert max(abs(q) + abs(r) for q, r in asked) <= 2 * radius
    assert len(set(asked)) <= 3 * (radius + 1) ** 2
    assert path == [(k, 0) for k in range(1, radius + 1)]
    # a way round a wall of at most ``reach`` steps is found: the shortest
    wall = {(1, r) for r in range(-12, 3)}

    def open_(h: tuple[int, int]) -> bool:
        return h not in wall

    far = route((0, 0), [(2, 0)], open_, lambda h: False, 1000)
    near = route((0, 0), [(2, 0)], open_, lambda h: False, len(far))
    assert near == far and far[-1] == (2, 0) and len(far) == 7


# ---------------------------------------------------------------- 2. endless tied roll-offs


def scripted(src: Path, faces: list[int], dest: Path) -> Path:
    text = src.read_text(encoding="utf-8")
    at = text.index("\n[[combatant]]")
    dest.write_text(text[:at] + f"\ndice = {faces}\n" + text[at:], encoding="utf-8")
    return dest


@pytest.mark.parametrize("ones", [2000, 100_000])
def test_scripted_ties_roll_off_round_after_round_without_recursion(tmp_path, ones):
    """2,000 (and the bound of 100,000) scripted ones tie the first initiative roll-off
    round after round: it is settled by a loop, each die rolled once (the old code
    recursed a level a round and, on each new die, settled the turn again from the
    first)."""
    scenario = scripted(SCENARIOS / "tft_judo_throw.toml", [1] * ones, tmp_path / "s.toml")
    log = tmp_path / "s.jsonl"
    code, _out, err, _ = cli("run", "-q", str(scenario), "--log", str(log))
    assert (code, err) == (0, "")
    turn = next(e for e in events(log) if e["event"] == "tft.turn")
    red, blue = turn["initiative"]
    assert len(red) == len(blue) >= ones // 2 + 1
    assert red[:ones // 2] == blue[:ones // 2] == [1] * (ones // 2)
    code, out, err, _ = cli("check", str(log))
    assert (code, err) == (0, ""), out


def test_a_roll_off_thousands_of_rounds_deep_is_settled():
    from timedcombat.systems.tft import timing

    deep = 5000
    faces = {"a": (1,) * deep + (2,), "b": (1,) * deep + (5,), "c": (3,)}
    out = timing.action_order({"a": 9, "b": 9, "c": 9}, faces)
    assert out.order == ("c", "b", "a")
    assert out.rolloffs == (faces["c"], faces["b"], faces["a"])


def test_rolling_as_needed_rolls_the_dice_the_retries_did():
    """``roll`` gives what rolling each tied figure again on ``RollOffNeeded`` gives, the
    same dice in the same order (so every log stays as it was)."""
    import random

    from timedcombat.systems.tft import timing

    for seed in range(300):
        rng = random.Random(seed)
        adj = {f"f{i}": rng.randint(9, 11) for i in range(rng.randint(1, 7))}
        faces = [rng.randint(1, rng.choice([2, 6])) for _ in range(400)]
        stream, given = iter(faces), []
        rolled: dict[str, list[int]] = {}
        while True:
            try:
                want = timing.action_order(adj, rolled)
                break
            except timing.RollOffNeeded as need:
                for k in need.ids:
                    rolled.setdefault(k, []).append(next(stream))
                    given.append(k)
        stream, got_given = iter(faces), []

        def roll(k: str, log: list[str] = got_given, src: Iterator[int] = stream) -> int:
            log.append(k)
            return next(src)

        assert timing.action_order(adj, roll=roll) == want, seed
        assert got_given == given, seed


# ---------------------------------------------------------------- 3. huge numbers in a log

GOLDEN = ROOT / "tests" / "golden" / "tft_judo_throw.jsonl"


def _edited(tmp_path: Path, change) -> Path:
    lines = [json.loads(x) for x in GOLDEN.read_text(encoding="utf-8").splitlines()]
    change(lines)
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")
    return path


def _first(kind: str):
    return lambda lines: next(e for e in lines if e["event"] == kind)


@pytest.mark.parametrize(("kind", "key", "value", "fragment"), [
    ("placed", "ma", 10**9, "`placed`: `ma` must be 0..10000"),
    ("placed", "st", 2**64, "`placed`: `st` must be 0..10000"),
    ("tft.turn", "turn", 2**64, "`tft.turn`: `turn` must be 1..180143985094820"),
    ("tft.phase", "end", -1, "`tft.phase`: `end` must be 0..9007199254740991"),
    ("tft.hth_roll", "total", 10**9, "`tft.hth_roll`: `total` must be -1000000..1000000"),
    ("attack", "against", -2**64, "`attack`: `against` must be -1000000..1000000"),
    ("damage", "hits", 10**9, "`damage`: `hits` must be -1000000..1000000"),
])
def test_a_huge_number_at_the_top_of_an_event_is_a_malformed_log(
        tmp_path, kind, key, value, fragment):
    path = _edited(tmp_path, lambda ls: _first(kind)(ls).update({key: value}))
    code, out, err, _ = cli("check", str(path))
    assert (code, out) == (2, "")
    assert err.count("\n") == 0 and err.startswith(f"error: {path}:") and fragment in err


@pytest.mark.parametrize(("event", "where", "bound", "change"), [
    ("placed", "stats.ma", "0..10000",
     lambda ls: _first("placed")(ls).update(stats={"ma": 10**9})),
    ("start", "rules.contest_dice", "-1000000..1000000",
     lambda ls: ls[0]["rules"].update(contest_dice=2**64)),
    ("start", "rules.movement_phase_tenths", "-1000000..1000000",
     lambda ls: ls[0]["rules"].update(movement_phase_tenths=-10**9)),
    ("tft.turn", "slots[0]", "0..9007199254740991",
     lambda ls: _first("tft.turn")(ls)["slots"].__setitem__(0, 2**63)),
    ("tft.turn", "adj_dx[1]", "-1000000..1000000",
     lambda ls: _first("tft.turn")(ls)["adj_dx"].__setitem__(1, 10**9)),
])
def test_a_huge_number_inside_an_event_is_a_malformed_log(tmp_path, event, where, bound,
                                                          change):
    """A number inside an object or an array beyond its bound: exit 2 and one line naming
    the line, the event, the key path and the bound (it was a violation, exit 1)."""
    path = _edited(tmp_path, change)
    code, out, err, _ = cli("check", str(path))
    assert (code, out) == (2, "")
    assert "\n" not in err.strip() and err.startswith(f"error: {path}:")
    assert f": `{event}`: `{where}` must be {bound}, not " in err


def test_hostile_numbers_anywhere_in_a_log_are_checked_quickly():
    """A seeded sample: every number of a tft log, in turn, made 10^9, 2^64 or -2^64: the
    check ends (violations or one format error) and never raises anything else."""
    import random

    from timedcombat.check import check_events
    from timedcombat.errors import LogFormatError

    lines = [json.loads(x) for x in GOLDEN.read_text(encoding="utf-8").splitlines()]
    sites = []
    for i, e in enumerate(lines):
        stack = [((), e)]
        while stack:
            path, node = stack.pop()
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for k, v in items:
                if isinstance(v, dict | list):
                    stack.append(((*path, k), v))
                elif type(v) is int and (path or k not in ("t", "seq")):
                    sites.append((i, (*path, k)))
    rng = random.Random(20)
    with hang_guard():
        for i, path in rng.sample(sites, 150):
            for value in (10**9, 2**64, -2**64):
                mutated = json.loads(json.dumps(lines))
                node = mutated[i]
                for k in path[:-1]:
                    node = node[k]
                node[path[-1]] = value
                try:
                    check_events(mutated)
                except LogFormatError as exc:
                    assert "\n" not in str(exc)
