"""Write docs/notebook.ipynb: the analyst's tour, executed (the test suite runs it again
and compares its text outputs: tests/test_notebook.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "docs" / "notebook.ipynb"

CELLS = [
    ("md", """# timedcombat in a notebook

One fight as a data frame and a replay, then a thousand fights as one Parquet dataset read
back with pandas and DuckDB. Needs the `analysis` extra (`pip install 'timedcombat[analysis]'`);
this notebook is run by the test suite (`tests/test_notebook.py`), from the project's root
folder."""),
    ("code", """import os
os.chdir(os.environ.get("TIMEDCOMBAT_ROOT", ".."))  # the project's root: scenarios/ is there

from timedcombat import load_scenario, run_batch, simulate

result = simulate(load_scenario("scenarios/sword_duel.toml"), seed=3)
result.winner, result.end  # the winning side, and the tenth the fight ended"""),
    ("md", """## One fight, one row per event

`result.frame()` has the log's field names as columns (`docs/log.md`): `t` in tenths,
`seq`, `event`, then every field; a field an event does not have is missing."""),
    ("code", """events = result.frame()
events[events.event == "attack"][["t", "actor", "target", "roll", "result", "margin"]].head()"""),
    ("code", """# damage taken by each combatant, in order
events[events.event == "damage"].groupby("actor")["amount"].sum()"""),
    ("md", """## The replay, inline

A `Result` shows itself as its HTML replay (map, swimlanes, play/step controls)."""),
    ("code", """result"""),
    ("md", """## A thousand fights as one Parquet dataset

`run_batch(..., parquet=DIR)` (or `timedcombat batch ... --parquet DIR`) writes every
run's events to `DIR/events.parquet`, with a `seed` column, and the runs table (the
batch's CSV) to `DIR/runs.parquet`; rows are in seed order whatever the number of jobs."""),
    ("code", """import tempfile
from pathlib import Path

import pandas as pd

out = Path(tempfile.mkdtemp()) / "melee"
batch = run_batch("scenarios/melee_10v10.toml", 200, seed=1, jobs=2, parquet=out)
runs = pd.read_parquet(out / "runs.parquet")
runs.winner.value_counts(dropna=False)"""),
    ("md", """Does drawing first blood win the melee? The side of each run's first hit, and how
often that side won, with pandas:"""),
    ("code", """events = pd.read_parquet(out / "events.parquet",
                         columns=["seed", "seq", "event", "actor", "side", "result"])
sides = events[events.event == "placed"].set_index(["seed", "actor"]).side
hits = events[(events.event == "attack") & (events.result == "hit")]
first = hits.sort_values("seq").groupby("seed").actor.first()  # each run's first striker
blood = pd.DataFrame({"first_blood": [sides[(s, a)] for s, a in first.items()]},
                     index=first.index).join(runs.set_index("seed").winner)
blood.assign(won=blood.winner == blood.first_blood).groupby("first_blood").won.agg(
    runs="size", won="mean")"""),
    ("md", """The same question in DuckDB, straight from the files:"""),
    ("code", """import duckdb

duckdb.sql(f\"\"\"
    WITH first_hit AS (
        SELECT seed, arg_min(actor, seq) AS striker
        FROM '{out}/events.parquet' WHERE event = 'attack' AND result = 'hit'
        GROUP BY seed),
    sides AS (SELECT seed, actor, side FROM '{out}/events.parquet' WHERE event = 'placed')
    SELECT s.side AS first_blood, count(*) AS runs, avg((r.winner = s.side)::INT) AS won
    FROM first_hit f
    JOIN sides s ON s.seed = f.seed AND s.actor = f.striker
    JOIN '{out}/runs.parquet' r ON r.seed = f.seed
    GROUP BY s.side ORDER BY s.side
\"\"\").df()"""),
    ("md", """## Pictures

`timedcombat.swimlanes.figure(events)` and `timedcombat.mapview.figure_of_log(events, t)`
return matplotlib Figures (shown inline); they take `ax=` and `dpi=` and leave your
backend alone."""),
    ("code", """%matplotlib inline
from timedcombat import swimlanes
from timedcombat.frames import event_dicts

swimlanes.figure(event_dicts(result.events))"""),
]


def build() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    for kind, text in CELLS:
        nb.cells.append(nbformat.v4.new_markdown_cell(text) if kind == "md"
                        else nbformat.v4.new_code_cell(text))
    return nb


def execute(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT / "docs")}})
    client.execute()
    return nb


def main() -> int:
    nb = execute(build())
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"  # fixed ids: the file changes only when the notebook does
    nbformat.write(nb, NOTEBOOK)
    print(f"wrote {NOTEBOOK.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
