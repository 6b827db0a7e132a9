"""PlanStep: a step's keys read as attributes (given: its value; not given: None)."""

from __future__ import annotations

import pickle

import attrs
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.plans import PlanStep

KEYS = st.sampled_from(["target", "weapon", "to", "mode", "option", "posture", "hexes"])


@given(st.lists(st.dictionaries(KEYS, st.integers(), max_size=4), min_size=1, max_size=6),
       st.lists(KEYS, max_size=10))
def test_a_key_reads_its_value_or_none_whatever_other_steps_gave(steps, asked):
    made = [PlanStep("attack", tuple(d.items())) for d in steps]
    for name in asked:  # in any order: reads of one step never change another's
        for step, d in zip(made, steps, strict=True):
            assert getattr(step, name) == d.get(name)
            assert step.get(name, "dflt") == d.get(name, "dflt")


def test_a_key_not_given_reads_none_after_one_was_read_and_given():
    assert PlanStep("move").zone is None  # (the first read of a name nobody gave)
    given_one = PlanStep("move", (("zone", 3),))
    assert given_one.zone == 3
    assert PlanStep("move").zone is None


def test_a_key_named_like_the_class_own_reads_as_the_class_own():
    step = PlanStep("attack", (("get", 5), ("items", 6), ("target", "bo")))
    assert step.get("target") == "bo"
    assert list(step.items()) == [("get", 5), ("items", 6), ("target", "bo")]
    assert step.action == "attack"


def test_equal_steps_stay_equal_evolved_and_pickled():
    a = PlanStep("attack", (("target", "bo"),))
    b = PlanStep("attack", (("target", "bo"),))
    assert a == b and hash(a) == hash(b)
    assert attrs.evolve(a, action="feint").target == "bo"
    back = pickle.loads(pickle.dumps(a))
    assert back == a and back.target == "bo" and back.weapon is None
