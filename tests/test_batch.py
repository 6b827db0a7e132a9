"""Monte Carlo batches: statistics, CSV rows, logs, jobs and executors giving the same rows."""

from __future__ import annotations

import csv
import io
import json
import re
import signal
import sys
from pathlib import Path

import attrs
import pytest

from timedcombat import load_scenario, simulate
from timedcombat.batch import BatchError, BatchResult, Fighter, Row, run_batch
from timedcombat.cli import SHOW_SEEDS, main, summary_lines
from timedcombat.runs_csv import csv_text
from timedcombat.stats import quantile, summarize, wilson

ROOT = Path(__file__).resolve().parent.parent
DUEL = str(ROOT / "scenarios" / "sword_duel.toml")


# --- statistics ---------------------------------------------------------------------------


@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (8, 10, 0.4902, 0.9433),
])
def test_wilson_interval_matches_published_values(k, n, lo, hi):
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_is_exact_at_the_ends_and_symmetric():
    assert wilson(0, 7)[0] == 0.0 and wilson(7, 7)[1] == 1.0
    lo, hi = wilson(30, 100)
    assert wilson(70, 100) == pytest.approx((1 - hi, 1 - lo))
    assert wilson(50, 100) == pytest.approx((0.403831530366, 0.596168469634), abs=1e-12)


def test_quantile_is_linear_between_ranks():
    assert quantile([40, 10, 30, 20, 50], 50) == 30
    assert quantile([10, 20, 30, 40, 50], 10) == pytest.approx(14)
    assert quantile([10, 20, 30, 40, 50], 90) == pytest.approx(46)
    assert quantile([10, 20], 50) == 15
    assert quantile([7], 90) == 7


def _row(seed: int, winner: str | None, duration: int, a: str, b: str) -> Row:
    return Row(seed, winner, "last side standing" if winner else "time", duration, 10,
               (Fighter("ana", "red", 3, a), Fighter("bo", "blue", 5, b)))


def test_summary_of_hand_made_rows():
    rows = [
        _row(1, "red", 10, "ok", "out"),
        _row(2, "red", 20, "hurt", "fled"),
        _row(3, "blue", 30, "out", "ok"),
        _row(4, None, 40, "ok", "ok"),
        _row(5, "red", 50, "ok", "out"),
    ]
    s = summarize(rows)
    assert s["runs"] == 5 and s["seeds"] == [1, 5]
    assert list(s["sides"]) == ["red", "blue"]
    assert s["sides"]["red"]["count"] == 3 and s["sides"]["red"]["rate"] == 0.6
    assert s["sides"]["red"]["ci95"] == list(wilson(3, 5))
    assert s["sides"]["blue"]["count"] == 1
    assert s["draws"]["count"] == 1 and s["draws"]["rate"] == 0.2
    assert s["duration_s"] == pytest.approx(
        {"median": 3.0, "p10": 1.4, "p90": 4.6, "min": 1.0, "max": 5.0})
    ana = dict(s["combatants"]["ana"])
    assert ana.pop("states") == {"ok": 3, "hurt": 1, "out": 1}
    assert ana == pytest.approx(
        {"side": "red", "out": 1, "out_rate": 0.2, "fled": 0, "fled_rate": 0.0,
         "beaten_rate": 0.2, "mean_damage": 3.0})
    assert s["combatants"]["bo"]["out"] == 2 and s["combatants"]["bo"]["fled"] == 1
    assert s["combatants"]["bo"]["beaten_rate"] == 0.6
    assert s["reasons"] == {"last side standing": 4, "time": 1}
    assert s["unfinished"] == {"reasons": ["until", "stalemate"], "count": 0, "rate": 0.0,
                               "seeds": []}


def _ended(seed: int, reason: str) -> Row:
    winner = "red" if reason == "last side standing" else None
    return Row(seed, winner, reason, 30, 10, (Fighter("ana", "red", 0, "ok"),
                                              Fighter("bo", "blue", 0, "ok")))


def test_unfinished_runs_are_the_until_and_stalemate_seeds():
    reasons = ["last side standing", "until", "no one left", "stalemate", "until",
               "last side standing"]
    rows = [_ended(seed, r) for seed, r in enumerate(reasons, 7)]
    s = summarize(rows)
    assert s["reasons"] == {"last side standing": 2, "no one left": 1, "stalemate": 1,
                            "until": 2}
    assert s["unfinished"]["count"] == 3 and s["unfinished"]["seeds"] == [8, 10, 11]
    assert s["unfinished"]["rate"] == 0.5
    _, _, ended, unfinished = summary_lines(BatchResult("x", tuple(rows), s, 0.25, 1))
    assert ended == ("Ended by: last side standing 2 (33.3 %), no one left 1 (16.7 %), "
                     "stalemate 1 (16.7 %), until 2 (33.3 %)")
    assert unfinished == "Unfinished (until or stalemate): 3 runs (50.0 %), seeds 8, 10, 11"


def test_the_printed_unfinished_seeds_are_capped_with_a_count_of_the_rest():
    rows = [_ended(seed, "stalemate" if seed % 2 else "last side standing")
            for seed in range(100)]
    s = summarize(rows)
    assert len(s["unfinished"]["seeds"]) == 50  # --json keeps every one
    line = summary_lines(BatchResult("x", tuple(rows), s, 1.0, 2))[3]
    shown = ", ".join(str(seed) for seed in range(1, 2 * SHOW_SEEDS, 2))
    assert line == (f"Unfinished (until or stalemate): 50 runs (50.0 %), seeds {shown} and "
                    f"{50 - SHOW_SEEDS} more (all in --json, and the CSV's reason)")
    one = summary_lines(BatchResult("x", tuple(rows[:2]), summarize(rows[:2]), 1.0, 1))[3]
    assert one == "Unfinished (until or stalemate): 1 run (50.0 %), seed 1"


def test_summary_says_one_job_one_run_and_gives_every_number_one_decimal():
    rows = [_ended(3, "last side standing")]
    head, duration, ended, _ = summary_lines(BatchResult("Duel", tuple(rows), summarize(rows),
                                                         2, 1))
    assert head == "Duel: 1 run, seeds 3..3 (1 job, 2.0 s)"
    assert duration == ("Duration: median 3.0 s, p10 3.0 s, p90 3.0 s (min 3.0 s, "
                        "max 3.0 s)")
    assert ended == "Ended by: last side standing 1 (100.0 %)"
    rows = [_ended(seed, "until") for seed in (1, 2, 3)]
    rows[1] = attrs.evolve(rows[1], duration=75)
    s = summarize(rows)
    lines = summary_lines(BatchResult("Duel", tuple(rows), s, 12.345, 2))
    assert lines[0] == "Duel: 3 runs, seeds 1..3 (2 jobs, 12.3 s)"
    assert lines[1] == ("Duration: median 3.0 s, p10 3.0 s, p90 6.6 s (min 3.0 s, "
                        "max 7.5 s)")  # p90 of 3.0, 3.0, 7.5 is 6.6 s
    numbers = re.findall(r"(\d+(?:\.\d+)?) (?:s|%)", " ".join(lines))
    assert numbers and all(re.fullmatch(r"\d+\.\d", n) for n in numbers)


def test_a_side_that_never_wins_is_listed_with_zero():
    s = summarize([_row(1, "red", 10, "ok", "out")])
    assert s["sides"]["blue"]["count"] == 0 and s["sides"]["blue"]["ci95"][0] == 0.0


# --- runs, CSV and logs -------------------------------------------------------------------


def _batch(tmp_path: Path, name: str, *extra: str) -> bytes:
    out = tmp_path / name
    assert main(["batch", DUEL, "--runs", "40", "--seed", "11", "--out", str(out), "-q",
                 "--json", *extra]) == 0
    return out.read_bytes()


def test_jobs_1_and_2_give_identical_csv_bytes(tmp_path, capsys):
    one = _batch(tmp_path, "one.csv", "--jobs", "1")
    two = _batch(tmp_path, "two.csv", "--jobs", "2")
    assert one == two
    assert len(one.decode().splitlines()) == 41


def test_csv_columns_and_rows_are_the_runs(tmp_path, capsys):
    data = _batch(tmp_path, "runs.csv", "--jobs", "2").decode()
    rows = list(csv.DictReader(io.StringIO(data)))
    assert list(rows[0]) == ["seed", "winner", "reason", "duration", "events",
                             "damage_ana", "state_ana", "damage_bo", "state_bo"]
    assert [int(r["seed"]) for r in rows] == list(range(11, 51))
    scenario = load_scenario(DUEL)
    for r in rows[:5]:
        res = simulate(scenario, int(r["seed"]), record=False)
        c = res.outcome.combatants
        assert r == {"seed": r["seed"], "winner": res.winner or "", "reason": res.outcome.reason,
                     "duration": str(res.end), "events": str(res.event_count),
                     "damage_ana": str(c["ana"].damage), "state_ana": c["ana"].state,
                     "damage_bo": str(c["bo"].damage), "state_bo": c["bo"].state}


def test_json_summary_counts_every_run(tmp_path, capsys):
    assert main(["batch", DUEL, "--runs", "25", "--jobs", "1", "--json", "-q"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["scenario"] == "Sword duel" and s["runs"] == 25 and s["seeds"] == [1, 25]
    assert sum(v["count"] for v in s["sides"].values()) + s["draws"]["count"] == 25
    assert set(s["combatants"]) == {"ana", "bo"}


def test_text_summary_shows_rates_intervals_and_durations(capsys):
    assert main(["batch", DUEL, "--runs", "10", "--jobs", "1", "-q"]) == 0
    out = capsys.readouterr().out
    for word in ("10 runs, seeds 1..10", "95 % interval", "red", "blue", "no winner",
                 "Duration: median", "p10", "p90", "ana", "bo", "out", "fled"):
        assert word in out


def test_no_winner_is_an_empty_cell(tmp_path):
    short = tmp_path / "short.toml"
    short.write_text(Path(DUEL).read_text().replace("seed = 1", "seed = 1\nuntil = 5"))
    result = run_batch(short, 3, jobs=1)
    assert all(r.winner is None and r.duration == 5 for r in result.rows)
    first = csv_text(result.rows).splitlines()[1].split(",")
    assert first[:2] == ["1", ""] and first[3] == "5"
    assert result.summary["draws"]["count"] == 3


def test_seeds_start_at_the_scenario_s_seed_as_readme_and_help_say(tmp_path, capsys):
    forty = tmp_path / "forty.toml"
    forty.write_text(Path(DUEL).read_text().replace("seed = 1", "seed = 40"))
    none = tmp_path / "none.toml"
    none.write_text(Path(DUEL).read_text().replace("seed = 1\n", ""))
    assert [r.seed for r in run_batch(forty, 3, jobs=1).rows] == [40, 41, 42]
    assert [r.seed for r in run_batch(none, 3, jobs=1).rows] == [0, 1, 2]
    assert [r.seed for r in run_batch(forty, 2, seed=7, jobs=1).rows] == [7, 8]
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "runs 2000 seeds starting at the scenario's own `seed`" in readme
    assert "a scenario without one starts at 0" in readme
    assert main(["batch", "--help"]) == 0
    helptext = " ".join(capsys.readouterr().out.split())
    assert "first seed (default: the scenario's seed, 0 when it gives none)" in helptext
    assert "seeds BASE..BASE+N-1" in helptext


def _stalled(tmp_path: Path) -> Path:
    """The duel with both standing Set out of reach (policy guard): nobody attacks, so
    every fight ends as a stalemate after 5 s."""
    text = Path(DUEL).read_text().replace("seed = 1", "seed = 1\n\n[rules]\nstalemate = 50")
    arms = 'weapons = ["broadsword"]\n'
    text = text.replace(arms, arms + 'policy = "guard"\n')
    path = tmp_path / "stalled.toml"
    path.write_text(text)
    return path


def test_batch_names_the_seeds_that_ended_unfinished(tmp_path, capsys):
    capped = tmp_path / "capped.toml"  # some duels end within 7 s, some reach the cap
    capped.write_text(Path(DUEL).read_text().replace("seed = 1", "seed = 1\nuntil = 70"))
    out = tmp_path / "runs.csv"
    assert main(["batch", str(capped), "--runs", "30", "--jobs", "2", "--out", str(out),
                 "-q", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    rows = list(csv.DictReader(out.open()))
    capped_seeds = [int(r["seed"]) for r in rows if r["reason"] == "until"]
    assert capped_seeds and len(capped_seeds) < 30
    assert all(r["duration"] == "70" and r["winner"] == "" for r in rows
               if r["reason"] == "until")
    assert summary["unfinished"]["seeds"] == capped_seeds
    assert summary["reasons"]["until"] == len(capped_seeds)
    assert main(["batch", str(capped), "--runs", "30", "--jobs", "1", "-q"]) == 0
    text = capsys.readouterr().out
    assert (f"Unfinished (until or stalemate): {len(capped_seeds)} runs "
            f"({100 * len(capped_seeds) / 30:.1f} %), seeds "
            f"{', '.join(map(str, capped_seeds))}\n") in text

    stalled = _stalled(tmp_path)
    assert main(["batch", str(stalled), "--runs", "4", "--seed", "9", "--jobs", "1",
                 "--out", str(out), "-q"]) == 0
    text = capsys.readouterr().out
    assert "Ended by: stalemate 4 (100.0 %)\n" in text
    assert "Unfinished (until or stalemate): 4 runs (100.0 %), seeds 9, 10, 11, 12\n" in text
    assert [(r["reason"], r["duration"]) for r in csv.DictReader(out.open())] == \
        [("stalemate", "50")] * 4


def test_logs_equal_the_single_run_log_of_each_seed(tmp_path, capsys):
    logs = tmp_path / "logs"
    assert main(["batch", DUEL, "--runs", "6", "--seed", "3", "--jobs", "2", "--logs", str(logs),
                 "-q", "--json"]) == 0
    assert sorted(p.name for p in logs.iterdir()) == [f"seed-{s:06d}.jsonl" for s in range(3, 9)]
    for seed in (3, 8):
        single = tmp_path / f"single-{seed}.jsonl"
        assert main(["run", DUEL, "--seed", str(seed), "--log", str(single), "-q"]) == 0
        assert (logs / f"seed-{seed:06d}.jsonl").read_bytes() == single.read_bytes()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_logs_go_into_directories_the_batch_makes(tmp_path, monkeypatch, capsys, jobs):
    monkeypatch.chdir(tmp_path)
    assert main(["batch", DUEL, "--runs", "3", "--jobs", jobs, "--logs", "a/b/c", "-q",
                 "--json"]) == 0
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == [
        "a", "a/b", "a/b/c", "a/b/c/seed-000001.jsonl", "a/b/c/seed-000002.jsonl",
        "a/b/c/seed-000003.jsonl"]  # no staging directory left behind


def test_a_failed_batch_removes_only_the_directories_it_made(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "keep.txt").write_text("mine\n")

    def fail(done: int) -> None:
        raise BatchError("stopped after the first chunk")

    with pytest.raises(BatchError, match="stopped after the first chunk"):
        run_batch(DUEL, 3, jobs=1, logs=tmp_path / "a" / "b" / "c", progress=fail)
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == [
        "a", "a/keep.txt"]


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "message"), [
    (["--runs", "0"], "--runs: must be between 1 and 1000000, got 0"),
    (["--runs", "5", "--jobs", "0"], "--jobs: must be between 1 and "),
    (["--runs", "5", "--seed", "-1"], "--seed: must be between 0 and 9223372036854775807"),
    (["--runs", "5", "--executor", "dask"], "--executor dask needs --scheduler"),
    (["--runs", "5", "--scheduler", "tcp://127.0.0.1:8786"], "--scheduler needs --executor dask"),
    (["--runs", "5", "--executor", "dask", "--scheduler", "nonsense"], "missing port"),
])
def test_bad_arguments_exit_2_with_one_line_and_write_nothing(tmp_path, capsys, argv, message):
    out = tmp_path / "x.csv"
    assert main(["batch", DUEL, "--out", str(out), "-q", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_bad_scenario_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[scenario]\nname = "x"\nsystem = "nope"\n')
    out = tmp_path / "x.csv"
    assert main(["batch", str(bad), "--runs", "3", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bad}: scenario.system") and err.count("\n") == 1
    assert not out.exists()


def test_out_in_a_missing_directory_exits_2_before_running(tmp_path, capsys):
    assert main(["batch", DUEL, "--runs", "3", "--out", str(tmp_path / "no" / "x.csv")]) == 2
    assert "no such directory" in capsys.readouterr().err


def test_dask_missing_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    assert main(["batch", DUEL, "--runs", "3", "--executor", "dask",
                 "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert "pip install 'timedcombat[dask]'" in capsys.readouterr().err


def test_unreachable_scheduler_is_a_clear_error():
    pytest.importorskip("dask.distributed")
    with pytest.raises(BatchError, match="cannot reach the Dask scheduler"):
        run_batch(DUEL, 3, executor="dask", scheduler="tcp://127.0.0.1:1", connect_timeout=1)


# --- Dask -----------------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore:Port .* is already in use")
def test_dask_local_cluster_gives_the_same_rows_and_logs(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    local = run_batch(DUEL, 30, seed=100, jobs=1)
    with distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1,
                                  processes=True, dashboard_address=None) as cluster:
        remote = run_batch(DUEL, 30, seed=100, executor="dask",
                           scheduler=cluster.scheduler_address, logs=tmp_path / "logs")
    assert remote.rows == local.rows
    assert csv_text(remote.rows) == csv_text(local.rows)
    assert remote.summary == local.summary
    single = io.StringIO()
    simulate(load_scenario(DUEL), 117, log=single, record=False)
    assert (tmp_path / "logs" / "seed-000117.jsonl").read_text() == single.getvalue()


# --- signals land between the pool's calls, never inside them ------------------------------


def test_a_ctrl_c_inside_the_pool_calls_lands_as_they_end():
    """(concurrent.futures holds locks inside wait(); a KeyboardInterrupt raised there
    could leave one held and hang the shutdown of the pool.)"""
    from timedcombat.batch import _signals_deferred

    reached = []
    # (Python's own Ctrl-C handler: a run started in the background has SIGINT ignored)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), _signals_deferred() as noted:
            signal.raise_signal(signal.SIGINT)
            reached.append(list(noted))
        assert reached == [[signal.SIGINT]]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, old)


def test_an_ignored_ctrl_c_stays_ignored_inside_the_pool_calls():
    from timedcombat.batch import _signals_deferred

    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with _signals_deferred() as noted:
            signal.raise_signal(signal.SIGINT)
        assert noted == [signal.SIGINT]  # noted, then left alone as it was (nohup, &)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, old)


def test_a_sigterm_inside_the_pool_calls_goes_to_the_handler_it_had():
    from timedcombat.batch import _signals_deferred

    class Stop(Exception):
        pass

    def stop(sig, _frame):
        raise Stop(sig)

    old = signal.signal(signal.SIGTERM, stop)
    try:
        with pytest.raises(Stop) as info, _signals_deferred():
            signal.raise_signal(signal.SIGTERM)
        assert info.value.args == (signal.SIGTERM,)
        assert signal.getsignal(signal.SIGTERM) is stop
    finally:
        signal.signal(signal.SIGTERM, old)
