"""Which closing action wins more often? A pandas look at a batch's CSV and logs.

    timedcombat batch scenarios/sword_duel.toml --runs 2000 --out runs.csv --logs logs
    python tools/closing_wins.py runs.csv logs

Reads every ``seed-*.jsonl`` log of ``--logs``, takes each combatant's first ``action``
event with ``closing: true`` (its closing action) and its side (``placed``), joins them
with the CSV's ``winner`` and ``state_<id>`` on seed and combatant, and prints, for each
closing action, how often the combatant's side won (95 % Wilson interval) and how often
the combatant went out or fled. Needs pandas (not a dependency of timedcombat).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

try:
    import pandas as pd
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit("error: tools/closing_wins.py needs pandas: pip install pandas")

from timedcombat.stats import wilson


def closing_actions(logs: Path) -> pd.DataFrame:
    """One row per (seed, combatant): side and first closing action (None if it had none)."""
    records = []
    for path in sorted(logs.glob("seed-*.jsonl")):
        seed, side, first = None, {}, {}
        with path.open(encoding="utf-8") as f:
            for line in f:
                e = json.loads(line)
                if e["event"] == "start":
                    seed = e["seed"]
                elif e["event"] == "placed":
                    side[e["actor"]] = e["side"]
                elif e["event"] == "action" and e.get("closing") is True:
                    first.setdefault(e["actor"], e["name"])
        records += [{"seed": seed, "actor": a, "side": s, "closing": first.get(a)}
                    for a, s in side.items()]
    return pd.DataFrame.from_records(records, columns=["seed", "actor", "side", "closing"])


def by_run(csv: Path) -> pd.DataFrame:
    """The CSV reshaped to one row per (seed, combatant): the run's winner, its final state."""
    runs = pd.read_csv(csv, dtype={"winner": "string"})
    states = [c for c in runs.columns if c.startswith("state_")]
    long = runs.melt(id_vars=["seed", "winner"], value_vars=states, var_name="actor",
                     value_name="state")
    long["actor"] = long["actor"].str.removeprefix("state_")
    return long


def win_table(df: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """For each group: runs, how often its side won (with a 95 % Wilson interval), how
    often the combatant went out or fled."""
    t = df.groupby(by, dropna=False).agg(runs=("won", "size"), wins=("won", "sum"),
                                         out=("out", "mean"), fled=("fled", "mean"))
    t["win_rate"] = t["wins"] / t["runs"]
    ci = [wilson(int(w), int(n)) for w, n in zip(t["wins"], t["runs"], strict=True)]
    t["win_low"] = [lo for lo, _ in ci]
    t["win_high"] = [hi for _, hi in ci]
    cols = ["runs", "wins", "win_rate", "win_low", "win_high", "out", "fled"]
    return t[cols].sort_values("win_rate", ascending=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path, help="CSV written by `timedcombat batch --out`")
    parser.add_argument("logs", type=Path, help="directory written by `timedcombat batch --logs`")
    parser.add_argument("--by-combatant", action="store_true",
                        help="also break the table down by combatant")
    args = parser.parse_args(argv)
    acts = closing_actions(args.logs)
    if acts.empty:
        print(f"error: no seed-*.jsonl logs in {args.logs}", file=sys.stderr)
        return 2
    df = acts.merge(by_run(args.csv), on=["seed", "actor"], how="inner", validate="one_to_one")
    df["won"] = (df["side"] == df["winner"]).fillna(False).astype(bool)
    df["out"] = df["state"] == "out"
    df["fled"] = df["state"] == "fled"
    pd.set_option("display.float_format", "{:.3f}".format)
    print(f"{df['seed'].nunique()} runs, {len(df)} combatant-runs\n")
    print("By closing action (win = the combatant's side won):")
    print(win_table(df, ["closing"]).to_string())
    if args.by_combatant:
        print("\nBy combatant and closing action:")
        print(win_table(df, ["actor", "side", "closing"]).to_string())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
