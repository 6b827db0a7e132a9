"""Events and runs as pandas data frames (the optional ``analysis`` extra).

One row per event, the log's field names as columns (``t``, ``seq``, ``event``, then
every field in the order the events first use it, ``from`` for a move's start): a
field an event does not have is missing (``None``/``<NA>``; integer columns are pandas'
nullable ``Int64``), hexes are ``[q, r]`` lists
and ``modifiers`` dicts, as in the JSON-lines log. A batch's frame has the CSV's columns
(docs/cli.md): one row per run, ``winner`` ``None`` when nobody won.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from timedcombat.events import Event, to_dict
from timedcombat.runs_csv import cells, columns

if TYPE_CHECKING:
    import pandas as pd

    from timedcombat.runs import Row

INSTALL = "pip install 'timedcombat[analysis]'"


def optional(module: str, need: str) -> Any:
    """A module of the ``analysis`` extra, or an ``ImportError`` that says who needs it
    (``need``) and how to get it (the one way pandas and pyarrow are imported)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"{need}: {INSTALL}") from None


def pandas() -> Any:
    """The pandas module, or an ``ImportError`` that says how to get it."""
    return optional("pandas", "data frames need pandas")


def event_dicts(events: Iterable[Event | Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each event as its log line's JSON object (records or dicts alike)."""
    return [to_dict(e) if isinstance(e, Event) else dict(e) for e in events]


def events_frame(events: Iterable[Event | Mapping[str, Any]]) -> pd.DataFrame:
    """One row per event, the log's field names as columns (see the module docstring)."""
    pd = pandas()
    rows = event_dicts(events)
    names: dict[str, None] = dict.fromkeys(("t", "seq", "event"))
    for row in rows:
        names.update(dict.fromkeys(row))
    frame = pd.DataFrame.from_records(rows, columns=list(names))
    for name in names:  # integer columns with gaps stay integers (nullable Int64), not floats
        values = [row.get(name) for row in rows]
        if any(v is None for v in values) and all(
                v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in values):
            frame[name] = pd.array(values, dtype="Int64")
    return frame


def runs_frame(rows: Sequence[Row]) -> pd.DataFrame:
    """One row per run of a batch, with the columns of its CSV."""
    pd = pandas()
    return pd.DataFrame.from_records([cells(r) for r in rows], columns=columns(rows))


__all__ = ["INSTALL", "event_dicts", "events_frame", "optional", "runs_frame"]
