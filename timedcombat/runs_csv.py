"""The CSV of a batch: one row per run (``seed, winner, reason, duration, events``), then
``damage_<id>, state_<id>`` for each combatant in scenario order, then the system's own
columns (``SystemBase.batch_columns``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


def cells(r: Row) -> list[Any]:
    """One run's values in the order of :func:`columns` (``winner`` ``None`` when nobody
    won): the CSV's row, the data frame's and the Parquet table's."""
    out: list[Any] = [r.seed, r.winner, r.reason, r.duration, r.events]
    for f in r.fighters:
        out += [f.damage, f.state]
    out += [value for _, value in r.extra]
    return out


def csv_text(rows: Sequence[Row]) -> str:
    """The CSV of the rows: ``duration`` in tenths, an empty ``winner`` for no winner."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns(rows))
    for r in rows:
        row = cells(r)
        row[1] = row[1] or ""
        writer.writerow(row)
    return buf.getvalue()


__all__ = ["BASE_COLUMNS", "cells", "columns", "csv_text"]
