"""Statistics of a batch: win rates with Wilson intervals, durations, how each combatant
ended (the shared final states), how the runs ended, and the unfinished ones.

Written by hand (no NumPy or SciPy needed to run a batch) and tested against SciPy in
``tests/test_stats_reference.py``: :func:`wilson` is
``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")`` (the score interval without
continuity correction), :data:`Z95` is ``scipy.stats.norm.ppf(0.975)``, :func:`quantile`
is ``scipy.stats.scoreatpercentile(values, q, interpolation_method="fraction")`` and
NumPy's default ``numpy.quantile`` (linear between closest ranks), to 1e-12."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

from timedcombat.results import BEATEN, FLED, OUT, STATES
from timedcombat.runs import Row

Z95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054
# How a fight ends without a decision: the time cap (``until``, every system) or a stall
# (``stalemate``: nobody attacked for the system's stalemate time). The summary names them.
UNFINISHED = ("until", "stalemate")

def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``successes`` out of ``n`` (95 % by default)."""
    if n <= 0:
        raise ValueError("wilson: n must be positive")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def quantile(values: Sequence[float], q: float) -> float:
    """The value below which ``q`` % of the values lie (0..100), linear between closest ranks
    (NumPy's default)."""
    if not values:
        raise ValueError("a quantile of no values")
    data = sorted(values)
    h = (len(data) - 1) * q / 100
    lo = math.floor(h)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (h - lo) * (data[hi] - data[lo])


def _share(count: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(count, n)
    return {"count": count, "rate": count / n, "ci95": [lo, hi]}


def summarize(rows: Sequence[Row]) -> dict[str, Any]:
    """Win rate per side and draws (Wilson 95 %), duration median/p10/p90 in seconds,
    how often each combatant went out or fled, how the runs ended, and the seeds of the
    runs that ended unfinished (time cap or stalemate), to be fought again or looked at."""
    n = len(rows)
    if n == 0:
        return {"runs": 0}
    sides: dict[str, None] = {}
    for r in rows:
        for f in r.fighters:
            sides.setdefault(f.side, None)
    wins = Counter(r.winner for r in rows)
    durations = [r.duration for r in rows]
    return {
        "runs": n,
        "seeds": [rows[0].seed, rows[-1].seed],
        "sides": {s: _share(wins.get(s, 0), n) for s in sides},
        "draws": _share(wins.get(None, 0), n),
        "duration_s": {
            "median": quantile(durations, 50) / 10,
            "p10": quantile(durations, 10) / 10,
            "p90": quantile(durations, 90) / 10,
            "min": min(durations) / 10,
            "max": max(durations) / 10,
        },
        "combatants": _combatants(rows),
        "reasons": dict(sorted(Counter(r.reason for r in rows).items())),
        "unfinished": _unfinished(rows),
    }


def _unfinished(rows: Sequence[Row]) -> dict[str, Any]:
    """The runs that ended by ``until`` or ``stalemate``: how many, and every seed."""
    seeds = [r.seed for r in rows if r.reason in UNFINISHED]
    return {"reasons": list(UNFINISHED), "count": len(seeds), "rate": len(seeds) / len(rows),
            "seeds": seeds}


def _combatants(rows: Sequence[Row]) -> dict[str, dict[str, Any]]:
    n = len(rows)
    out: dict[str, dict[str, Any]] = {}
    for f in rows[0].fighters:
        states = Counter(g.state for r in rows for g in r.fighters if g.id == f.id)
        damage = [g.damage for r in rows for g in r.fighters if g.id == f.id]
        out[f.id] = {
            "side": f.side,
            "out": states.get(OUT, 0),
            "out_rate": states.get(OUT, 0) / n,
            "fled": states.get(FLED, 0),
            "fled_rate": states.get(FLED, 0) / n,
            "beaten_rate": sum(states.get(s, 0) for s in BEATEN) / n,
            "states": {s: states[s] for s in STATES if states.get(s)},
            "mean_damage": sum(damage) / len(damage),
        }
    return out


__all__ = ["UNFINISHED", "Z95", "quantile", "summarize", "wilson"]
