"""Input from a hostile user (issue 15): nothing lost, nothing hung, no traceback.

Each case is refused with one ``error:`` line and exit status 2 before any work, or is
handled as documented; the fuzzers at the end throw random paths, scenario text and log
lines at the same code.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_scenario_errors import BASE, assert_rejected, edit

from timedcombat import batch as batch_mod
from timedcombat import check as check_mod
from timedcombat.batch import BatchError, _cluster_error, run_batch, usable_cores
from timedcombat.check import check_file
from timedcombat.checks.tenths import RULES
from timedcombat.cli import main
from timedcombat.errors import LogFormatError, ScenarioError
from timedcombat.loading import parse_scenario
from timedcombat.scenario import (
    MAX_COMBATANTS,
    MAX_COORD,
    MAX_DEPTH,
    MAX_NAME,
    MAX_PLAN,
    MAX_SCENARIO_BYTES,
    MAX_WALLS,
)
from timedcombat.systems.tenths.loader import MAX_BODY, MAX_REACH, MAX_STAT, MAX_WEAPONS

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "scenarios" / "sword_duel.toml"
MELEE = ROOT / "scenarios" / "melee_10v10.toml"


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    """A scenario of the user's own, in an otherwise empty directory."""
    path = tmp_path / "mine.toml"
    path.write_bytes(DUEL.read_bytes())
    return path


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> str:
    """``main(argv)`` exits 2 with one ``error:`` line holding ``fragment``, prints nothing."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert fragment in err, err
    return err.strip()


def listing(where: Path) -> set[str]:
    """Every name under ``where`` (temporary files included)."""
    return {str(p.relative_to(where)) for p in where.rglob("*")}


# --- data loss: refused before any work ------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["run", "{m}", "--log", "{m}"],
    ["run", "{m}", "--svg", "{m}"],
    ["run", "{m}", "--png", "{m}"],
    ["batch", "{m}", "--runs", "2", "--out", "{m}"],
])
def test_an_output_on_the_scenario_is_refused(mine, capsys, argv):
    before = mine.read_bytes()
    err = refused(capsys, [a.format(m=mine) for a in argv], f"is the scenario {mine}")
    assert "it would be overwritten" in err
    assert mine.read_bytes() == before and listing(mine.parent) == {"mine.toml"}


def test_an_output_on_the_scenario_by_another_name_is_refused(mine, capsys):
    (mine.parent / "link.toml").symlink_to(mine)
    os.link(mine, mine.parent / "hard.toml")
    refused(capsys, ["run", str(mine), "--log", str(mine.parent / "link.toml")], "is the scenario")
    refused(capsys, ["run", str(mine), "--log", str(mine.parent / "hard.toml")], "is the scenario")
    assert mine.read_bytes() == DUEL.read_bytes()


@pytest.mark.parametrize("options", [("--log", "--svg"), ("--svg", "--png"), ("--log", "--png")])
def test_two_outputs_on_one_file_are_refused(mine, capsys, options):
    f = str(mine.parent / "f")
    first, second = options
    refused(capsys, ["run", str(mine), first, f, second, f, "-q"],
            f"{second} {f}: the same file as {first} {f}: one output would be lost")
    assert listing(mine.parent) == {"mine.toml"}


def test_out_on_a_log_of_the_batch_is_refused(mine, capsys):
    logs = mine.parent / "L"
    logs.mkdir()
    refused(capsys, ["batch", str(mine), "--runs", "3", "--logs", str(logs),
                     "--out", str(logs / "seed-000002.jsonl")],
            "the log of seed 2 goes there")
    assert listing(mine.parent) == {"mine.toml", "L"}


def test_out_on_the_logs_directory_is_refused_before_running(mine, capsys):
    x = str(mine.parent / "X")
    refused(capsys, ["batch", str(mine), "--runs", "3", "--logs", x, "--out", x],
            f"--out {x}: is the --logs directory")
    assert listing(mine.parent) == {"mine.toml"}  # X was not made


def test_an_error_after_one_output_leaves_none(mine, capsys):
    ok_svg, ok_log = mine.parent / "ok.svg", mine.parent / "ok.jsonl"
    ok_log.write_text("old\n")
    refused(capsys, ["run", str(mine), "--svg", str(ok_svg), "--log", str(ok_log),
                     "--png", "/dev/full"],
            "--png /dev/full: cannot write: No space left on device")
    assert not ok_svg.exists() and ok_log.read_text() == "old\n"
    assert listing(mine.parent) == {"mine.toml", "ok.jsonl"}  # no temporary file either


def test_a_batch_whose_csv_cannot_be_written_leaves_no_logs(mine, capsys):
    logs = mine.parent / "L" / "deeper"
    refused(capsys, ["batch", str(mine), "--runs", "4", "--jobs", "1", "--logs", str(logs),
                     "--out", "/dev/full", "-q"], "--out /dev/full: cannot write")
    assert listing(mine.parent) == {"mine.toml"}


def test_outputs_are_all_written_when_nothing_fails(mine, capsys):
    log, svg = mine.parent / "a.jsonl", mine.parent / "a.svg"
    assert main(["run", str(mine), "--log", str(log), "--svg", str(svg), "-q"]) == 0
    assert log.read_text().count("\n") > 10 and svg.read_bytes().startswith(b"<?xml")
    assert listing(mine.parent) == {"mine.toml", "a.jsonl", "a.svg"}


# --- worker processes die with the batch -----------------------------------------------------


def _children(pid: int) -> set[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    try:
        return {int(x) for x in path.read_text().split()}
    except OSError:
        return set()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _ctrl_c_default() -> None:
    """In the child: Ctrl-C as from a terminal, though this run may have been started in
    the background (where SIGINT is ignored, and an ignored signal stays ignored across
    exec: the batch would never see the Ctrl-C sent)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _batch_with_workers(tmp_path: Path) -> tuple[subprocess.Popen[str], set[int]]:
    """A long two-process batch, once both workers run."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "timedcombat", "batch", str(MELEE), "--runs", "5000",
         "--jobs", "2", "--logs", str(tmp_path / "L"), "--out", str(tmp_path / "o.csv"), "-q"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_default)
    deadline = time.monotonic() + 30
    while len(kids := _children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(kids) == 2, "the workers did not start"
    time.sleep(0.3)
    return proc, kids


needs_two = pytest.mark.skipif(
    not sys.platform.startswith("linux") or usable_cores() < 2,
    reason="needs Linux /proc and two cores")


@needs_two
@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_stopped_batch_stops_its_workers_and_writes_nothing(tmp_path, sig, status):
    proc, kids = _batch_with_workers(tmp_path)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == status
    assert err == "error: interrupted; nothing written\n" and out == ""
    deadline = time.monotonic() + 5
    while any(_alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(k) for k in kids)
    assert listing(tmp_path) == set()  # no CSV, no logs directory, no staging files


@needs_two
def test_workers_die_when_the_batch_is_killed_outright(tmp_path):
    proc, kids = _batch_with_workers(tmp_path)
    proc.kill()
    proc.communicate(timeout=30)
    deadline = time.monotonic() + 5
    while any(_alive(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(k) for k in kids)


# --- wrong results ---------------------------------------------------------------------------

CASES = [
    ("empty-side", edit('side = "red"', 'side = ""'), "combatant[0].side", "must not be empty"),
    ("escape-in-id", edit('id = "ana"', 'id = "ana\\u001b[31m"'), "combatant[0].id",
     "must be printable: no control or separator characters (found U+001B)"),
    ("newline-in-side", edit('side = "blue"', 'side = "bl\\nue"'), "combatant[1].side",
     "(found U+000A)"),
    ("escape-in-name", edit('name = "test duel"', 'name = "duel\\u009b"'), "scenario.name",
     "(found U+009B)"),
    ("long-id", edit('id = "ana"', f'id = "{"a" * (MAX_NAME + 1)}"'), "combatant[0].id",
     f"at most {MAX_NAME} characters, got {MAX_NAME + 1}"),
    ("empty-weapon-name", edit('weapons = ["broadsword"]',
                               'weapons = [{ name = "", base_speed = 5 }]'),
     "combatant[0].weapons[0].name", "must not be empty"),
    ("far-hex", edit("at = [4, 0]", f"at = [{2**30}, 0]"), "combatant[1].at",
     f"q and r must be between {-MAX_COORD} and {MAX_COORD}, got [1073741824, 0]"),
    ("far-wall", "[map]\nwalls = [[0, -1000001]]\n" + BASE, "map.walls[0]",
     f"between {-MAX_COORD} and {MAX_COORD}"),
    ("far-move", edit('id = "ana"\n', 'id = "ana"\nplan = [{ action = "move", to = [0, '
                      f'{MAX_COORD + 1}] }}]\n'), "combatant[0].plan[0].to", "between"),
    ("negative-defence", edit("defence = 10", "defence = -1000"), "combatant[0].defence",
     "must be at least 0, got -1000"),
    ("huge-strength", edit("strength = 12", f"strength = {MAX_STAT + 1}"),
     "combatant[0].strength", f"must be between 1 and {MAX_STAT}"),
    ("huge-body", edit("strength = 12", f"strength = 12\nbody = {MAX_BODY + 1}"),
     "combatant[0].body", f"must be between 1 and {MAX_BODY}, got {MAX_BODY + 1}"),
    ("pick-up-of-nothing", edit('id = "ana"\n', 'id = "ana"\nplan = [{ action = "pick_up", '
                                'weapon = "lightsaber" }]\n'), "combatant[0].plan[0].weapon",
     "no combatant carries a 'lightsaber', so none can lie on the map"),
    ("long-reach", "[rules]\nlong_reach = 1000\n" + BASE, "rules.long_reach",
     f"must be between 1 and {MAX_REACH} hexes, got 1000"),
    ("short-reach", "[rules]\nshort_reach = 1000000000000000000000000000000\n" + BASE,
     "rules.short_reach", "got <31 digits>"),
    ("too-many-weapons", edit('weapons = ["broadsword"]',
                              "weapons = [" + ", ".join(f'{{ name = "w{i}", base_speed = 5 }}'
                                                        for i in range(MAX_WEAPONS + 1)) + "]"),
     "combatant[0].weapons", f"at most {MAX_WEAPONS} weapons"),
    ("long-plan", edit('id = "ana"\n', 'id = "ana"\nplan = [' + ", ".join(
        ['{ action = "attack" }'] * (MAX_PLAN + 1)) + "]\n"), "combatant[0].plan",
     f"at most {MAX_PLAN} steps, got {MAX_PLAN + 1}"),
    ("huge-seed", edit("seed = 3", f"seed = {2**63}"), "scenario.seed",
     "must be at most 9223372036854775807"),
    ("huge-int", edit("seed = 3", "seed = " + "9" * 5000), "",
     "bad TOML: an integer of more than 4300 digits"),
    ("deep-arrays", edit("seed = 3", "seed = 3\nx = " + "[" * 1000 + "]" * 1000), "",
     f"nested deeper than {MAX_DEPTH} levels"),
    ("deep-but-parsed", edit("seed = 3", "seed = 3\nx = " + "[" * 30 + "]" * 30), "",
     f"nested deeper than {MAX_DEPTH} levels"),
    ("date-for-string", edit('name = "test duel"', "name = 1979-05-27"), "scenario.name",
     "expected a string, got a date"),
]


@pytest.mark.parametrize(("text", "key", "fragment"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_hostile_scenario_is_rejected(tmp_path, capsys, text, key, fragment):
    assert_rejected(tmp_path, capsys, text, key, fragment)


def test_too_many_walls(monkeypatch):
    monkeypatch.setattr("timedcombat.structure.MAX_WALLS", 3)
    text = "[map]\nwalls = [[0, 9], [1, 9], [2, 9], [3, 9]]\n" + BASE
    with pytest.raises(ScenarioError, match=r"map.walls: at most 3 hexes, got 4"):
        parse_scenario(text, "walls.toml")
    monkeypatch.setattr("timedcombat.structure.MAX_WALLS", 4)
    assert len(parse_scenario(text, "walls.toml").map.walls) == 4
    assert MAX_WALLS == 100_000


def test_too_many_combatants(monkeypatch):
    text = BASE + "\n".join(f'[[combatant]]\nid = "x{i}"\nside = "s"\nat = [9, {i}]'
                            for i in range(3))
    monkeypatch.setattr("timedcombat.loading.MAX_COMBATANTS", 4)
    with pytest.raises(ScenarioError, match="at most 4 combatants, got 5"):
        parse_scenario(text, "many.toml")
    assert MAX_COMBATANTS == 10_000


def test_an_enemy_at_the_edge_of_the_map_is_seen():
    far = parse_scenario(edit("at = [4, 0]", f"at = [{MAX_COORD}, {-MAX_COORD}]"), "far.toml")
    from timedcombat import simulate
    from timedcombat.events import to_dict

    events = [to_dict(e) for e in simulate(far, until=5).events]
    targets = {(e["actor"], e["target"]) for e in events if e["event"] == "target"}
    assert targets == {("ana", "bo"), ("bo", "ana")}


def test_bounds_that_are_allowed_load():
    text = ("[rules]\nlong_reach = 10\n" + edit(
        "at = [4, 0]", f"at = [{-MAX_COORD}, {MAX_COORD}]",
        'id = "ana"', f'id = "{"a" * MAX_NAME}"',
        "defence = 10", "defence = 0", 'name = "test duel"', 'name = "Duel: é ü 漢字"'))
    scen = parse_scenario(text, "edge.toml")
    assert scen.rules.long_reach == 10 and scen.combatants[1].at == (-MAX_COORD, MAX_COORD)
    assert scen.combatant("a" * MAX_NAME).stats.defence == 0


def test_pick_up_of_a_weapon_someone_else_carries_is_allowed():
    text = edit('id = "ana"\n', 'id = "ana"\nplan = [{ action = "pick_up", weapon = "dagger" }]\n')
    assert parse_scenario(text, "x.toml").combatant("ana").plan[0].weapon == "dagger"


# --- hangs and resources -------------------------------------------------------------------


def test_a_scenario_read_from_an_endless_device_stops_at_the_bound(capsys):
    started = time.monotonic()
    refused(capsys, ["run", "/dev/zero"], f"larger than {MAX_SCENARIO_BYTES} bytes (16 MiB)")
    assert time.monotonic() - started < 10


def test_a_scenario_of_just_the_bound_is_read(tmp_path):
    path = tmp_path / "padded.toml"
    path.write_text(BASE + "#" * (MAX_SCENARIO_BYTES - len(BASE) - 1) + "\n")
    assert path.stat().st_size == MAX_SCENARIO_BYTES
    from timedcombat.loading import load_scenario

    assert load_scenario(path).info.name == "test duel"
    with path.open("a") as fh:
        fh.write("\n")
    with pytest.raises(ScenarioError, match="larger than"):
        load_scenario(path)


def test_a_bom_is_accepted(tmp_path, capsys):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + DUEL.read_bytes())
    assert main(["run", str(path), "-q"]) == 0


@pytest.mark.parametrize(("argv", "fragment"), [
    (["--runs", str(10**12)], "--runs: must be between 1 and 1000000, got 1000000000000"),
    (["--runs", "3", "--jobs", "40"], "--jobs: must be between 1 and "),
    (["--runs", "3", "--seed", str(2**63 - 2)], "the last seed would pass"),
    (["--runs", "3", "--logs", ""], "--logs: an empty directory name"),
    (["--runs", "3", "--logs", str(DUEL)], "not a directory"),
])
def test_batch_sizes_are_bounded(capsys, argv, fragment):
    refused(capsys, ["batch", str(DUEL), *argv], fragment)


def test_jobs_above_the_cores_are_refused_and_name_the_bound(capsys):
    cores = usable_cores()
    err = refused(capsys, ["batch", str(DUEL), "--runs", "3", "--jobs", str(cores + 1)],
                  f"between 1 and {cores}")
    assert err.endswith(f"got {cores + 1}")


def test_chunks_are_made_as_they_are_needed():
    parts = batch_mod.chunks(0, 10**12, 2)
    assert next(parts) == range(0, 250) and next(parts) == range(250, 500)


def test_run_quiet_keeps_no_events(mine, monkeypatch, capsys):
    seen = []
    real = batch_mod.simulate.__wrapped__ if hasattr(batch_mod.simulate, "__wrapped__") \
        else batch_mod.simulate

    def spy(*args, **kw):
        seen.append(kw["record"])
        return real(*args, **kw)

    monkeypatch.setattr("timedcombat.cli.simulate", spy)
    log = mine.parent / "q.jsonl"
    assert main(["run", str(mine), "-q", "--log", str(log)]) == 0
    assert main(["run", str(mine), "--log", "-"]) == 0
    assert main(["run", str(mine)]) == 0
    assert seen == [False, False, True]
    assert log.read_text().count("\n") > 10


def test_check_reads_a_line_at_a_time_and_stops_at_the_bounds(tmp_path, monkeypatch):
    log = tmp_path / "a.jsonl"
    assert main(["run", str(DUEL), "--log", str(log), "-q"]) == 0
    size = log.stat().st_size
    monkeypatch.setattr(check_mod, "MAX_LOG_BYTES", size - 1)
    with pytest.raises(LogFormatError, match=f"larger than {size - 1} bytes"):
        check_file(str(log))
    monkeypatch.setattr(check_mod, "MAX_LOG_BYTES", size)
    assert check_file(str(log)).clean


@pytest.mark.parametrize(("text", "line", "fragment"), [
    ("{}" + " " * (1024 * 1024), 1, "a line longer than 1048576 bytes (1024 KiB)"),
    ('{"t":0,"seq":1,"event":"start","system":"tenths","x":' + "[" * 100_000
     + "]" * 100_000 + "}", 1, "arrays and objects nested deeper than 20 levels"),
    ('{"t":0,"seq":1,"event":"start","system":"tenths","x":' + "[" * 20 + "]" * 20 + "}", 1,
     "arrays and objects nested deeper than 20 levels"),
    ('{"t":0,"seq":1,"event":"start","system":"tenths","x":' + "[" * 19 + "]" * 19 + "}", 1,
     "the log stops without an `end` event"),  # 20 levels: read
    ('{"t":' + "9" * 5000 + "}", 1, "not JSON: a number of more than 4300 digits"),
    ('{"t":' + "9" * 4000 + ',"seq":1,"event":"start"}', 1,
     "`t` must be at most 9007199254740991, not <a number of 4000 digits>"),
])
def test_hostile_log_lines_are_format_errors(tmp_path, capsys, text, line, fragment):
    path = tmp_path / "h.jsonl"
    path.write_text(text + "\n")
    err = refused(capsys, ["check", str(path)], f"{path}:{line}: {fragment}")
    assert len(err) < 300


def _engine_log(tmp_path: Path) -> list[str]:
    log = tmp_path / "duel.jsonl"
    assert main(["run", str(DUEL), "--log", str(log), "-q"]) == 0
    return log.read_text().splitlines()


def test_check_splits_lines_on_newline_only(tmp_path, capsys):
    lines = _engine_log(tmp_path)
    capsys.readouterr()
    end = json.loads(lines[-1])
    end["reason"] = "last\u2028side\u2029standing\x85\x0b\x0c"
    lines[-1] = json.dumps(end, ensure_ascii=False)
    path = tmp_path / "sep.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(path)]) == 0
    rules = len(RULES)
    assert capsys.readouterr().out == f"{path}: clean ({len(lines)} events, {rules} tenths rules)\n"


def test_check_of_a_log_with_a_bom_and_crlf(tmp_path, capsys):
    lines = _engine_log(tmp_path)
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode() + b"\r\n")
    capsys.readouterr()
    assert main(["check", str(path)]) == 0


def test_check_dash_reads_standard_input(tmp_path):
    lines = _engine_log(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "timedcombat", "check", "-"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=60, check=False)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == f"<stdin>: clean ({len(lines)} events, {len(RULES)} tenths rules)\n"
    proc = subprocess.run([sys.executable, "-m", "timedcombat", "check", "-"],
                          input="\n".join(lines[:-1]) + "\n", capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stderr == f"error: <stdin>:{len(lines) - 1}: the log stops without an `end` " \
                          "event (cut short?)\n"


def test_a_cut_log_and_two_logs_in_one_file_are_format_errors(tmp_path, capsys):
    lines = _engine_log(tmp_path)
    capsys.readouterr()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n")
    refused(capsys, ["check", str(cut)], f"{cut}:{len(lines) - 1}: the log stops without an "
                                         "`end` event")
    start = json.loads(lines[0])
    two = tmp_path / "two.jsonl"
    second = json.dumps({**start, "t": 40, "seq": 1000})
    two.write_text("\n".join([*lines[:5], second, *lines[5:]]) + "\n")
    refused(capsys, ["check", str(two)], f"{two}:6: a second `start` (the first is on line 1)")
    after = tmp_path / "after.jsonl"
    last = json.loads(lines[-1])
    after.write_text("\n".join([*lines, json.dumps({**last, "seq": last["seq"] + 1,
                                                     "event": "move"})]) + "\n")
    refused(capsys, ["check", str(after)], f"{after}:{len(lines) + 1}: an event after `end` "
                                           f"(line {len(lines)})")


def test_messages_name_no_python_types(tmp_path, capsys):
    path = tmp_path / "a.jsonl"
    path.write_text('{"t":0,"seq":1,"event":"start","system":"tenths"}\n[1]\n')
    refused(capsys, ["check", str(path)], "not a JSON object but an array")
    path.write_text('{"t":0,"seq":1,"event":"start","system":"tenths"}\n"x"\n')
    refused(capsys, ["check", str(path)], "not a JSON object but a string")


# --- Dask ---------------------------------------------------------------------------------


def test_a_cluster_error_is_one_line_in_words():
    class KilledWorker(Exception):
        pass

    err = _cluster_error(KilledWorker("Attempted to run task 'run_chunk-1' on 4 different\n"
                                      "workers, but all those workers died"))
    assert "\n" not in str(err) and "KilledWorker" not in str(err)
    assert str(err).startswith("Dask cluster: a worker died while running runs of this batch")
    assert "on 4 different workers" in str(err)
    assert str(_cluster_error(OSError("gone\n\nfor good"))) == \
        "Dask cluster: lost the connection to the scheduler (gone for good)"


@pytest.mark.filterwarnings("ignore")
def test_dask_with_every_worker_lost_gives_up_with_a_message(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(host="127.0.0.1", n_workers=1, threads_per_worker=1,
                                  processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster, set_as_default=False) as other:
        def lose_them(_k: int) -> None:
            workers = list(other.scheduler_info()["workers"])
            if workers:
                other.retire_workers(workers, close_workers=True)

        started = time.monotonic()
        with pytest.raises(BatchError, match="every worker was lost and none came back in 2 s"):
            run_batch(DUEL, 2000, executor="dask", scheduler=cluster.scheduler_address,
                      worker_timeout=2, progress=lose_them, logs=tmp_path / "L")
        assert time.monotonic() - started < 60
    assert listing(tmp_path) == set()


# --- tracebacks: one line instead -------------------------------------------------------------


def test_outputs_that_are_symlink_loops_or_too_long_are_one_line(mine, capsys):
    loop = mine.parent / "loop"
    loop.symlink_to(loop)
    refused(capsys, ["run", str(mine), "--log", str(loop)], "a loop of symbolic links")
    long_name = str(mine.parent / ("a" * 256))
    refused(capsys, ["run", str(mine), "--log", long_name], "File name too long")
    refused(capsys, ["run", str(mine), "--svg", long_name], "File name too long")
    refused(capsys, ["batch", str(mine), "--runs", "2", "--out", long_name],
            "File name too long")
    refused(capsys, ["batch", str(mine), "--runs", "2", "--logs", long_name + "/x"],
            "--logs")
    assert listing(mine.parent) == {"mine.toml", "loop"}


@pytest.mark.parametrize(("path", "fragment"), [
    ("", "--log: an empty file name"),
    ("newdir/", "--log newdir/: names a directory (it ends in /), not a file"),
    ("a\0b", "--log a\0b: cannot write there"),
])
def test_odd_output_names(mine, capsys, monkeypatch, path, fragment):
    monkeypatch.chdir(mine.parent)
    assert main(["run", str(mine), "--log", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {fragment}") and err.count("\n") == 1
    assert listing(mine.parent) == {"mine.toml"}


@pytest.mark.parametrize("argv", [
    ["run", str(DUEL)],
    ["run", str(DUEL), "--log", "-"],
    ["check", "{log}"],
    ["batch", str(DUEL), "--runs", "3", "--jobs", "1"],
    ["batch", str(DUEL), "--runs", "3", "--jobs", "1", "--json"],
    ["rules", "tenths"],
    ["rules", "tenths", "--json"],
    ["--help"],
    ["run", "--help"],
])
def test_standard_output_that_cannot_be_written_is_one_line(tmp_path, argv):
    log = tmp_path / "duel.jsonl"
    if "{log}" in argv:
        assert main(["run", str(DUEL), "--log", str(log), "-q"]) == 0
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "timedcombat",
                               *(a.format(log=log) for a in argv)],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
                              check=False)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("error: "), proc.stderr
    assert "No space left on device" in proc.stderr


def test_a_full_standard_output_leaves_no_files(tmp_path):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "timedcombat", "run", str(DUEL),
                               "--log", str(tmp_path / "a.jsonl")],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
                              check=False)
    assert proc.returncode == 2 and "standard output" in proc.stderr
    assert listing(tmp_path) == set()


# --- docs state every bound --------------------------------------------------------------------


def test_the_docs_state_every_bound():
    from timedcombat.batch import MAX_CHUNK, MAX_RUNS
    from timedcombat.check import MAX_JSON_DEPTH, MAX_LINE_BYTES, MAX_LOG_BYTES, MAX_TIME
    from timedcombat.scenario import MAX_SEED, MAX_UNTIL

    docs = {name: (ROOT / "docs" / name).read_text(encoding="utf-8")
            for name in ("scenario.md", "log.md", "cli.md")}
    stated = {
        "scenario.md": [MAX_SCENARIO_BYTES, MAX_DEPTH, MAX_COMBATANTS, MAX_WALLS, MAX_PLAN,
                        MAX_NAME, MAX_COORD, MAX_SEED, MAX_UNTIL, MAX_REACH, MAX_STAT,
                        MAX_BODY, MAX_WEAPONS],
        "log.md": [MAX_LOG_BYTES, MAX_LINE_BYTES, MAX_JSON_DEPTH, MAX_TIME],
        "cli.md": [MAX_RUNS, MAX_SEED, MAX_CHUNK, MAX_UNTIL],
    }
    for name, bounds in stated.items():
        limits = docs[name][docs[name].index("imits"):]
        for bound in bounds:
            assert str(bound) in limits, (name, bound)
