"""The records of a batch: one :class:`Row` per run (its :class:`Fighter` results), the
:class:`BatchResult`, and :class:`BatchError` (a batch that cannot run as asked)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.errors import TimedCombatError
from timedcombat.frames import runs_frame

if TYPE_CHECKING:
    import pandas as pd


class BatchError(TimedCombatError):
    """A batch that cannot be run as asked (bad arguments, unreachable cluster)."""


@attrs.frozen
class Fighter:
    """One combatant at the end of one run."""

    id: str
    side: str
    damage: int
    state: str


@attrs.frozen
class Row:
    """One run: its seed, outcome, length in tenths, event count and each combatant."""

    seed: int
    winner: str | None
    reason: str
    duration: int
    events: int
    fighters: tuple[Fighter, ...]
    extra: tuple[tuple[str, Any], ...] = ()  # the system's own columns (batch_columns)


@attrs.frozen
class BatchResult:
    """Every run's row, sorted by seed, and the summary of them; ``jobs`` is the number of
    local processes the runs went to (1: this process; 0: a Dask cluster)."""

    scenario: str
    rows: tuple[Row, ...]
    summary: dict[str, Any]
    elapsed: float
    jobs: int = 1

    def frame(self) -> pd.DataFrame:
        """The runs as a pandas data frame, one row per run with the columns of the batch's
        CSV (:func:`timedcombat.frames.runs_frame`; needs the ``analysis`` extra)."""
        return runs_frame(self.rows)


__all__ = ["BatchError", "BatchResult", "Fighter", "Row"]
