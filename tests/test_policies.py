"""One policy registry for every rule system (issue 21: ``get_policy`` was written four
times, one returning a shared instance and three a fresh one)."""

from __future__ import annotations

import importlib

import pytest

from timedcombat.policies import DEFAULT, make


@pytest.mark.parametrize("system", ["tenths", "tft", "percentile", "gurps"])
def test_each_combatant_gets_a_fresh_policy_of_its_name(system: str) -> None:
    policies = importlib.import_module(f"timedcombat.systems.{system}.policy").POLICIES
    assert DEFAULT in policies
    for name in policies:
        one, two = make(policies, name), make(policies, name)
        assert one is not two and one.name == name
    assert make(policies, None).name == DEFAULT
