"""The toy's rules for ``timedcombat check``, read from the log alone (never the engine):
every blow falls inside its turn's strike phase."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from timedcombat.checks import Finding, Rule, RuleSet
from timedcombat.checks.model import LogModel


def _strikes_in_phase(log: LogModel) -> Iterator[Finding]:
    for i, e in enumerate(log.events):
        if e["event"] != "attack":
            continue
        turn = log.turn_at(i)
        if turn is None or "strike" not in turn.phases:
            continue
        start, end = turn.phases["strike"]
        if not start <= e["t"] < end:
            yield Finding(e["t"], e["actor"], f"a blow in the strike phase {start}-{end}",
                          f"at {e['t']}", e["seq"])


def _prepare(events: Sequence[Any]) -> LogModel:
    return LogModel(events)


RULESET = RuleSet("toy", "the toy rules", (
    Rule("X-PHASE", "Strikes", "Every turn each fighter strikes once.",
         "Blows fall inside the turn's strike phase.", _strikes_in_phase),
), prepare=_prepare)
