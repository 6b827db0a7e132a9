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

import pytest

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


# --- 2. what a killed command leaves is cleaned by the next one ------------------------------

MELEE = ROOT / "scenarios" / "melee_10v10.toml"


def _owner(pid: int) -> str:
    """``PID-START`` of a running process (start: field 22 of /proc/PID/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_bytes()
    return f"{pid}-{stat[stat.rfind(b')') + 2:].split()[19].decode()}"


def _dead_owner() -> str:
    """``PID-START`` of a process that has ended (read while it ran)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        return _owner(proc.pid)
    finally:
        proc.kill()
        proc.wait()


def test_sigkilled_batch_leaves_staging_the_next_command_removes(tmp_path: Path) -> None:
    import time

    logs = tmp_path / "D" / "sub"
    proc = subprocess.Popen([sys.executable, "-m", "timedcombat", "batch", str(MELEE),
                             "--runs", "2000", "--jobs", "1", "-q", "--logs", str(logs)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(logs.glob(".timedcombat-*/*.jsonl")):
            time.sleep(0.05)
    finally:
        proc.kill()
        proc.wait()
    left = [p.name for p in logs.iterdir()]
    assert len(left) == 1 and left[0].startswith(f".timedcombat-{proc.pid}-"), left
    status, _out, err = _run(["batch", str(DUEL), "--runs", "2", "--seed", "0", "--jobs", "1",
                              "-q", "--logs", str(logs)])
    assert status == 0, err
    assert sorted(p.name for p in logs.iterdir()) == ["seed-000000.jsonl", "seed-000001.jsonl"]


def test_stale_twins_are_removed_and_a_live_commands_are_kept(tmp_path: Path) -> None:
    dead, live = _dead_owner(), _owner(os.getpid())
    stale = [f".o.csv.{dead}.abcd1234.tmp", f".fight.jsonl.{dead}.x_9yz012.tmp"]
    staging = tmp_path / f".timedcombat-{dead}.qwertyui"
    kept = [f".o.csv.{live}.abcd1234.tmp", f".timedcombat-{live}.asdfghjk",
            ".o.csv.abcd1234.tmp", f".timedcombat-{dead}.toolong123", "mine.tmp"]
    for name in [*stale, *kept]:
        (tmp_path / name).write_text("x")
    staging.mkdir()
    (staging / "seed-000001.jsonl").write_text("{}\n")
    status, _out, err = _run(["run", str(DUEL), "-q", "--log", str(tmp_path / "fight.jsonl")])
    assert status == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, "fight.jsonl"])


# --- 3. outputs get the mode cp would give them ----------------------------------------------

@contextlib.contextmanager
def _umask(mask: int):  # type: ignore[no-untyped-def]
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_new_outputs_get_the_umasks_mode(tmp_path: Path) -> None:
    with _umask(0o022):
        assert _run(["run", str(DUEL), "-q", "--log", str(tmp_path / "a.jsonl"),
                     "--svg", str(tmp_path / "a.svg"), "--png", str(tmp_path / "a.png")])[0] == 0
        assert _run(["show", str(tmp_path / "a.jsonl"), "-q",
                     "--html", str(tmp_path / "a.html")])[0] == 0
        assert _run(["map", str(DUEL), "-q", "--svg", str(tmp_path / "m.svg")])[0] == 0
        assert _run(["batch", str(DUEL), "--runs", "2", "--jobs", "1", "-q",
                     "--out", str(tmp_path / "o.csv"), "--logs", str(tmp_path / "L")])[0] == 0
    with _umask(0o027):
        assert _run(["run", str(DUEL), "-q", "--log", str(tmp_path / "b.jsonl")])[0] == 0
    modes = {p.name: _mode(p) for p in [*tmp_path.iterdir(), *(tmp_path / "L").iterdir()]
             if p.is_file()}
    assert modes == {"a.jsonl": 0o644, "a.svg": 0o644, "a.png": 0o644, "a.html": 0o644,
                     "m.svg": 0o644, "o.csv": 0o644, "seed-000001.jsonl": 0o644,
                     "seed-000002.jsonl": 0o644, "b.jsonl": 0o640}


def test_overwritten_outputs_keep_their_mode(tmp_path: Path) -> None:
    logs = tmp_path / "L"
    logs.mkdir()
    old = {tmp_path / "a.jsonl": 0o640, tmp_path / "o.csv": 0o604,
           logs / "seed-000001.jsonl": 0o600, tmp_path / "a.svg": 0o664}
    for path, mode in old.items():
        path.write_text("old\n")
        path.chmod(mode)
    with _umask(0o022):
        assert _run(["run", str(DUEL), "-q", "--log", str(tmp_path / "a.jsonl"),
                     "--svg", str(tmp_path / "a.svg")])[0] == 0
        assert _run(["batch", str(DUEL), "--runs", "2", "--jobs", "1", "-q",
                     "--out", str(tmp_path / "o.csv"), "--logs", str(logs)])[0] == 0
    for path, mode in old.items():
        assert path.read_text() != "old\n"
        assert _mode(path) == mode, path.name
    assert _mode(logs / "seed-000002.jsonl") == 0o644


# --- 4. a malformed log is exit 2 with one line, in every system -----------------------------

import json  # noqa: E402

SYSTEM_SCENARIOS = {"tenths": DUEL, "tft": ROOT / "scenarios" / "tft_brawl3.toml",
                    "percentile": ROOT / "scenarios" / "percentile_two_on_two.toml",
                    "gurps": ROOT / "scenarios" / "gurps_grappled.toml"}


def _engine_log(tmp_path: Path, system: str) -> list[dict[str, object]]:
    path = tmp_path / f"{system}.jsonl"
    assert _run(["run", str(SYSTEM_SCENARIOS[system]), "-q", "--log", str(path)])[0] == 0
    return [json.loads(line) for line in path.read_text().splitlines()]


def _write(path: Path, events: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events))  # (ASCII: \\ud800 escaped)
    return path


def _mutated(events: list[dict[str, object]], kind: str, key: str,
             value: object) -> tuple[list[dict[str, object]], int]:
    out = [dict(e) for e in events]
    n = next(i for i, e in enumerate(out) if e["event"] == kind and key in e)
    out[n][key] = value
    return out, n + 1


@pytest.mark.parametrize("system", sorted(SYSTEM_SCENARIOS))
def test_a_lone_surrogate_in_an_id_is_exit_2_naming_line_and_key(tmp_path: Path,
                                                                 system: str) -> None:
    events = _engine_log(tmp_path, system)
    for e in events:  # the id everywhere, so that any violation would print it
        for key in ("actor", "target"):
            if e.get(key) == events[1]["actor"]:
                e[key] = "\ud800rab"
    log = _write(tmp_path / "bad.jsonl", events)
    for argv in (["check", str(log)], ["check", "--json", str(log)], ["show", str(log)]):
        status, out, err = _run(argv)
        assert status == 2 and out == "", argv
        line = _one_error_line(err)
        assert line.startswith(f"error: {log}:2: `actor`: a lone surrogate"), line


def test_a_lone_surrogate_deep_in_a_line_names_its_key_path(tmp_path: Path) -> None:
    events = _engine_log(tmp_path, "tenths")
    events[0]["rules"] = {**events[0]["rules"], "x": ["ok", "a\udfffb"]}  # type: ignore[dict-item]
    status, _out, err = _run(["check", str(_write(tmp_path / "bad.jsonl", events))])
    assert status == 2 and "1: `rules.x[1]`: a lone surrogate" in _one_error_line(err)


BAD_HEXES = [("move", "to", ["", 0]), ("move", "to", [4, [None]]), ("move", "to", [1]),
             ("move", "from", ["x", 0]), ("placed", "at", [1.5, 0]),
             ("placed", "at", [True, 0]), ("move", "to", [10**30, 0]),
             ("move", "from", [0, -10_000_001])]


@pytest.mark.parametrize("system", sorted(SYSTEM_SCENARIOS))
@pytest.mark.parametrize(("kind", "key", "value"), BAD_HEXES)
def test_a_hex_that_is_not_two_bounded_integers_is_exit_2(tmp_path: Path, system: str,
                                                         kind: str, key: str,
                                                         value: object) -> None:
    events, n = _mutated(_engine_log(tmp_path, system), kind, key, value)
    log = _write(tmp_path / "bad.jsonl", events)
    status, out, err = _run(["check", str(log)])
    assert status == 2 and out == "", (out, err)
    line = _one_error_line(err)
    assert line.startswith(f"error: {log}:{n}: `{kind}`: `{key}`"), line


def test_a_rule_set_that_fails_on_a_log_is_exit_2_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from timedcombat import check as check_mod
    from timedcombat.checks import get_ruleset

    def prepare(events: object) -> object:
        raise TypeError("unsupported operand type(s) for -: 'int' and 'str'")

    broken = dataclasses.replace(get_ruleset("tenths"), prepare=prepare)  # type: ignore[type-var]
    monkeypatch.setattr(check_mod, "get_ruleset", lambda name: broken)
    log = _write(tmp_path / "a.jsonl", _engine_log(tmp_path, "tenths"))
    status, out, err = _run(["check", str(log)])
    assert status == 2 and out == ""
    assert _one_error_line(err) == (f"error: {log}: cannot read it as a tenths log: the rule "
                                    "set met a value it cannot use (unreadable log)")


# --- 5. standard output that cannot encode a dash ------------------------------------------

@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_every_command_copes_with_a_stdout_that_cannot_encode_dashes(tmp_path: Path,
                                                                   encoding: str) -> None:
    log = tmp_path / "a.jsonl"
    env = {"PYTHONIOENCODING": encoding}
    commands = [["batch", str(DUEL), "--runs", "3", "--jobs", "1", "-q"],
                ["map", str(DUEL)],
                ["run", str(DUEL), "--log", str(log)],
                ["show", str(log), "--at", "2"],
                ["check", str(log)],
                ["rules", "tft"],
                ["batch", "--help"]]
    for argv in commands:
        done = _command(*argv, env=env, cwd=tmp_path)
        assert done.returncode == 0 and done.stderr == "", (argv, done.stderr[-300:])
        done.stdout.encode(encoding)
    batch = _command(*commands[0], env=env, cwd=tmp_path).stdout
    assert " % - " in batch  # the interval's en dash, as a hyphen
    assert "Sword duel -- tenths" in _command(*commands[1], env=env, cwd=tmp_path).stdout


# --- 8. SIGTERM at any moment: `error: interrupted`, exit 143 --------------------------------

# (a finder, not a wrapped builtins.__import__: a compiled module imports through the C API,
# and every import asks the finders; this one signals, then lets the others find it)
SIGTERM_ON_IMPORT = '''
import os, signal, sys
class _Watch:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGTERM)
        return None
sys.meta_path.insert(0, _Watch())
'''


@pytest.mark.parametrize("module", ["timedcombat.cli", "rich.console", "simpy", "attrs"])
def test_sigterm_while_the_command_is_still_importing_says_interrupted(tmp_path: Path,
                                                                       module: str) -> None:
    (tmp_path / "sitecustomize.py").write_text(SIGTERM_ON_IMPORT.format(module=module))
    path = os.pathsep.join(p for p in (str(tmp_path), os.environ.get("PYTHONPATH")) if p)
    done = _command("batch", str(DUEL), "--runs", "3", "--jobs", "1", "-q",
                    env={"PYTHONPATH": path}, cwd=tmp_path)
    assert done.returncode == 143, done.stderr[-500:]
    assert done.stderr == "error: interrupted\n"


def test_the_console_script_is_the_launcher() -> None:
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"timedcombat": "timedcombat.launch:main"}
    done = subprocess.run([sys.executable, "-c", "import sys, timedcombat.launch; "
                           "print(sorted(m for m in ('simpy', 'rich', 'matplotlib', 'attrs') "
                           "if m in sys.modules))"], capture_output=True, text=True)
    assert done.stdout == "[]\n", done.stderr


# --- 6. tenths: [rules] stalemate is bounded as in the other systems -------------------------

@pytest.mark.parametrize("value", [-1, 10_000_001, 10**12])
def test_tenths_stalemate_out_of_bounds_is_refused(tmp_path: Path, value: int) -> None:
    text = DUEL.read_text()
    assert "[rules]" not in text
    scenario = tmp_path / "s.toml"
    scenario.write_text(text + f"\n[rules]\nstalemate = {value}\n")
    status, out, err = _run(["run", str(scenario), "-q"])
    assert status == 2 and out == ""
    assert _one_error_line(err) == (f"error: {scenario}: rules.stalemate: must be between 0 "
                                    f"and 10000000 tenths, got {value}")


# --- 7. every error line names the file and the key path -------------------------------------

BAD_DIE = [("melee_10v10.toml", "0", 0, "d10", 1),
           ("tft_brawl3.toml", "0", 0, "d6", 1), ("tft_judo_throw.toml", "7", 0, "d6", 1),
           ("percentile_two_on_two.toml", "100", 0, "00-99 roll", 1),
           ("percentile_choke_hold.toml", "1, 100", 1, "00-99 roll", 2)]
"""(gurps named the file and key already: its dice are rolled outside simpy's processes)"""


@pytest.mark.parametrize(("name", "faces", "index", "die", "roll"), BAD_DIE)
def test_a_scripted_face_that_does_not_fit_names_file_key_and_roll(
        tmp_path: Path, name: str, faces: str, index: int, die: str, roll: int) -> None:
    text = (ROOT / "scenarios" / name).read_text()
    assert "dice =" not in text
    scenario = tmp_path / name
    scenario.write_text(text.replace("[scenario]\n", f"[scenario]\ndice = [{faces}]\n", 1))
    face = faces.split(", ")[index]
    want = (f"error: {scenario}: scenario.dice[{index}]: scripted face {face} does not fit a "
            f"{die} (roll {roll})")
    for argv in (["run", str(scenario), "-q"],
                 ["batch", str(scenario), "--runs", "2", "--jobs", "1", "-q"]):
        status, out, err = _run(argv)
        assert status == 2 and out == "", argv
        assert _one_error_line(err) == want, argv


def test_errors_keep_their_text_and_fields_when_simpy_copies_them() -> None:
    from timedcombat.dice import DiceError
    from timedcombat.errors import LogFormatError, ScenarioError

    for exc in (DiceError("scripted face 0 does not fit a d10 (roll 1)", 0),
                ScenarioError("s.toml", "scenario.dice[0]", "scripted face 0 ..."),
                LogFormatError("a.jsonl", 3, "`t` must be ..."),
                LogFormatError("a.jsonl", None, "cannot read it ...")):
        copy = type(exc)(*exc.args)  # what simpy raises for an exception that ends a process
        assert str(copy) == str(exc) and vars(copy) == vars(exc)


# --- found by the fuzz: show of an edited log, a long plan of skipped steps -------------------

@pytest.mark.parametrize(("system", "kind", "key"), [
    ("tenths", "move", "from"), ("gurps", "action", "name"),
    ("percentile", "attack", "target"), ("tft", "damage", "amount")])
def test_show_prints_an_event_its_wording_cannot_read_as_written(
        tmp_path: Path, system: str, kind: str, key: str) -> None:
    """A field dropped from an engine log: the wording of that event (core or system)
    cannot read it; the timeline shows the event as written, as the HTML replay does, and
    the rest of the fight as usual (it was a KeyError traceback)."""
    events = _engine_log(tmp_path, system)
    n = next(i for i, e in enumerate(events) if e["event"] == kind and key in e)
    del events[n][key]
    status, out, err = _run(["show", str(_write(tmp_path / "edited.jsonl", events))])
    assert (status, err) == (0, "")
    assert f"{kind}: {{" in out
    assert "Winner" in out or "No winner" in out


def test_show_refuses_in_one_line_what_its_pictures_cannot_use(tmp_path: Path) -> None:
    """The last resort: a value the pictures cannot use (an action ending at tenth "x",
    drawn as a bar in the swimlanes) is exit 2 with one line, not a traceback; the text
    timeline alone shows the log."""
    events = _engine_log(tmp_path, "tenths")
    n = next(i for i, e in enumerate(events) if e["event"] == "action")
    events[n]["end"] = "x"
    log = _write(tmp_path / "edited.jsonl", events)
    for option, name in (("--png", "x.png"), ("--html", "x.html")):
        status, _, err = _run(["show", str(log), "-q", option, str(tmp_path / name)])
        assert status == 2
        assert _one_error_line(err) == (
            f"error: {log}: cannot show it: an event holds a value the viewer cannot use "
            "(TypeError; unreadable log: `timedcombat check` names the line)")
        assert not (tmp_path / name).exists()
    assert _run(["show", str(log)])[0] == 0


def test_a_plan_of_a_thousand_skipped_steps_is_a_loop_not_recursion() -> None:
    """1000 plan steps the rules skip (drawing the sword in hand) in a row: each is logged
    and the next looked at, with the interpreter's stack kept small (it recursed)."""
    import tomllib

    from timedcombat import simulate
    from timedcombat.loading import scenario_from_dict

    doc = tomllib.loads(DUEL.read_text())
    doc["combatant"][0]["plan"] = [{"action": "draw", "weapon": "broadsword"}] * 1000
    scenario = scenario_from_dict(doc, str(DUEL))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        result = simulate(scenario)
    finally:
        sys.setrecursionlimit(limit)
    skips = [e for e in result.events if e.EVENT == "tenths.plan_skip"]
    assert len(skips) == 1000 and skips[0].t == skips[-1].t == 0
