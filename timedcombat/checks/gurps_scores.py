"""Conditions of the ``gurps`` rules on the numbers a fighter's stats make (issue 19): the
score a grappled victim resists with, his defence values, the damage dice of his ST, and
the HT rolls an injury calls for (the knockdown roll after a major wound, the roll to stay
conscious at 0 HP or less). The Basic Set tables they need are written out here, from the
Basic Set, apart from the engine's."""

from __future__ import annotations

from collections.abc import Iterator

from timedcombat.checks import Finding
from timedcombat.checks.gurps_close import _score
from timedcombat.checks.gurps_model import Event, GurpsLog, as_int, finding, mod_sum, modifiers

Found = Iterator[Finding]

GRAPPLED_DX = -4
"""B370: a grappled fighter is at -4 DX."""
RESIST_TRAITS = ("st", "dx", "wrestling")


# ---------------------------------------------------------------------- resisting


def _resist_sides(log: GurpsLog) -> Iterator[tuple[int, Event]]:
    for i, e in log.of("gurps.check"):
        if e.get("kind") in ("takedown_resist", "pin_resist") and isinstance(e.get("actor"), str):
            yield i, e


def resist_best(log: GurpsLog) -> Found:
    """A victim resists a takedown or pin with the highest of his ST, DX and Wrestling as
    he rolls it: DX and Wrestling after the -4 of a grappled fighter (and whatever else his
    DX-based roll carries), ST as it is."""
    for i, e in _resist_sides(log):
        who = e["actor"]
        base, eff, mods = as_int(e.get("base")), as_int(e.get("effective")), modifiers(e)
        scores = {t: _score(log, who, t) for t in RESIST_TRAITS}
        if base is None or eff is None or mods is None or None in (scores["st"], scores["dx"]):
            continue
        penalty = mod_sum(mods)
        if penalty is None:
            continue
        if base == scores["st"] and penalty == 0:  # rolled on ST: guess the DX-based bar
            p = log.person(who)
            if p is None or p.shield is not None or log.phase_at(i, who) is not None:
                continue  # a shield's penalty, shock: more than the log says
            penalty = GRAPPLED_DX if log.snaps[i].is_grappled(who) else 0
        st, dx, wr = scores["st"], scores["dx"], scores["wrestling"]
        assert st is not None and dx is not None
        bars = {"st": st, "dx": dx + penalty}
        if wr is not None:
            bars["wrestling"] = wr + penalty
        trait, best = max(bars.items(), key=lambda tb: tb[1])
        if eff < best:
            yield finding(e, f"the best of his scores as he rolls them: {trait} {best} "
                             f"({', '.join(f'{t} {b}' for t, b in bars.items())})",
                          f"{eff} (base {base})")
