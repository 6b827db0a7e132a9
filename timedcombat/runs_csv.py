"""The CSV of a batch: one row per run (``seed, winner, reason, duration, events``), then
``damage_<id>, state_<id>`` for each combatant in scenario order, then the system's own
columns (``SystemBase.batch_columns``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from timedcombat.runs import Row

BASE_COLUMNS = ("seed", "winner", "reason", "duration", "events")


def columns(rows: Sequence[Row]) -> list[str]:
    """CSV header: the run columns, then ``damage_<id>``, ``state_<id>`` in scenario order."""
    cols = list(BASE_COLUMNS)
    if rows:
        for f in rows[0].fighters:
            cols += [f"damage_{f.id}", f"state_{f.id}"]
        cols += [name for name, _ in rows[0].extra]
    return cols


def csv_text(rows: Sequence[Row]) -> str:
    """The CSV of the rows: ``duration`` in tenths, an empty ``winner`` for no winner."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns(rows))
    for r in rows:
        cells: list[Any] = [r.seed, r.winner or "", r.reason, r.duration, r.events]
        for f in r.fighters:
            cells += [f.damage, f.state]
        cells += [value for _, value in r.extra]
        writer.writerow(cells)
    return buf.getvalue()


__all__ = ["BASE_COLUMNS", "columns", "csv_text"]
