"""Monte Carlo batches: statistics, CSV rows, logs, jobs and executors giving the same rows."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from timedcombat import load_scenario, simulate
from timedcombat.batch import (
    BatchError,
    Fighter,
    Row,
    csv_text,
    percentile,
    run_batch,
    summarize,
    wilson,
)
from timedcombat.cli import main

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


def test_percentile_is_linear_between_ranks():
    assert percentile([40, 10, 30, 20, 50], 50) == 30
    assert percentile([10, 20, 30, 40, 50], 10) == pytest.approx(14)
    assert percentile([10, 20, 30, 40, 50], 90) == pytest.approx(46)
    assert percentile([10, 20], 50) == 15
    assert percentile([7], 90) == 7


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
    assert s["combatants"]["ana"] == pytest.approx(
        {"side": "red", "out": 1, "out_rate": 0.2, "fled": 0, "fled_rate": 0.0,
         "mean_damage": 3.0})
    assert s["combatants"]["bo"]["out"] == 2 and s["combatants"]["bo"]["fled"] == 1
    assert s["reasons"] == {"last side standing": 4, "time": 1}


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


def test_logs_equal_the_single_run_log_of_each_seed(tmp_path, capsys):
    logs = tmp_path / "logs"
    assert main(["batch", DUEL, "--runs", "6", "--seed", "3", "--jobs", "2", "--logs", str(logs),
                 "-q", "--json"]) == 0
    assert sorted(p.name for p in logs.iterdir()) == [f"seed-{s:06d}.jsonl" for s in range(3, 9)]
    for seed in (3, 8):
        single = tmp_path / f"single-{seed}.jsonl"
        assert main(["run", DUEL, "--seed", str(seed), "--log", str(single), "-q"]) == 0
        assert (logs / f"seed-{seed:06d}.jsonl").read_bytes() == single.read_bytes()


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
