"""Helpers of the ``tft`` driver tests: small scenario documents and scripted runs.

The dice of a turn come in this order: at its first tenth one die per side for initiative
(sides in scenario order; tied sides roll again), then roll-off dice for figures tied on
adjusted DX (in id order, round after round); then every die in the order the events that
show it are logged.
"""

from __future__ import annotations

from typing import Any

from helpers import of, run, times

__all__ = ["doc", "fig", "of", "run", "times", "tft"]


def fig(cid: str, side: str, at: tuple[int, int], facing: str = "E", **kw: Any
        ) -> dict[str, Any]:
    """A figure: ST 12, DX 12, IQ 10, MA 10, unarmed, unless ``kw`` says otherwise."""
    d: dict[str, Any] = {"id": cid, "side": side, "at": list(at), "facing": facing,
                         "st": 12, "dx": 12, "iq": 10, "ma": 10}
    d.update(kw)
    return d


def doc(*figs: dict[str, Any], rules: dict[str, Any] | None = None, until: int = 50,
        walls: list[list[int]] | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"scenario": {"name": "test", "system": "tft", "until": until},
                         "combatant": list(figs)}
    if rules:
        d["rules"] = rules
    if walls:
        d["map"] = {"walls": walls}
    return d


def tft(events: list[dict[str, Any]], name: str, /, **match: Any) -> list[dict[str, Any]]:
    """``of`` for the system's own events: ``tft(events, "hth_roll")``."""
    return of(events, f"tft.{name}", **match)
