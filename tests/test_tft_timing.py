"""TFT's turns and phases on the clock of tenths: exact tenths of every part of a turn."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.systems.tft import timing
from timedcombat.systems.tft.rules import TftRules

R = TftRules()


def test_a_turn_is_fifty_tenths_movement_then_actions():
    lay = timing.layout(R)
    assert (lay.turn_tenths, lay.movement_tenths, lay.steps_tenths, lay.end_of_movement,
            lay.action_start, lay.action_tenths) == (50, 25, 24, 24, 25, 25)
    assert [timing.turn_start(n) for n in (1, 2, 3)] == [0, 50, 100]
    assert [timing.turn_of(t) for t in (0, 49, 50, 99, 100)] == [1, 1, 2, 2, 3]
    assert [timing.phase_of(t, R) for t in (0, 24, 25, 49, 50, 74, 75)] == \
        ["movement", "movement", "action", "action", "movement", "movement", "action"]


def test_two_sides_move_in_halves_of_the_movement_phase():
    assert timing.movement_windows(["red", "blue"], R) == {"red": (0, 12), "blue": (12, 24)}
    assert timing.movement_windows(["a", "b", "c"], R) == \
        {"a": (0, 8), "b": (8, 16), "c": (16, 24)}


def test_step_tenths_of_an_ma_10_figure_in_each_window():
    assert timing.step_offsets(10, 10, (0, 12)) == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert timing.step_offsets(10, 3, (12, 24)) == (13, 14, 15)
    assert timing.step_offsets(6, 6, (0, 12)) == (1, 3, 5, 6, 8, 10)
    # in turn 2 the second side's MA 6 figure steps at 51.. shifted by 50
    assert timing.step_tenths(2, 6, 2, "blue", ["red", "blue"], R) == (63, 65)
    with pytest.raises(ValueError):
        timing.step_offsets(6, 7, (0, 12))


@given(st.integers(1, 30), st.integers(0, 30), st.integers(0, 40), st.integers(1, 40))
def test_steps_stay_in_their_window_in_order(ma, steps, start, length):
    steps = min(steps, ma)
    out = timing.step_offsets(ma, steps, (start, start + length))
    assert all(start <= o < start + length or length == 0 for o in out)
    assert list(out) == sorted(out)
    if length >= ma + 1:
        assert len(set(out)) == len(out)  # one step per tenth when the window allows


def test_action_slots_spread_over_the_action_phase():
    assert timing.action_offsets(["a"], R) == {"a": 25}
    assert timing.action_offsets(["a", "b"], R) == {"a": 25, "b": 37}
    assert timing.action_offsets(["a", "b", "c"], R) == {"a": 25, "b": 33, "c": 41}
    plan = timing.turn_plan(3, ["b", "a"], R)
    assert (plan.start, plan.end_of_movement, plan.action_start, plan.end) == \
        (100, 124, 125, 150)
    assert plan.actions == (("b", 125), ("a", 137))


@given(st.integers(1, 60))
def test_every_slot_is_inside_the_action_phase_and_in_order(n):
    order = [f"f{i}" for i in range(n)]
    slots = [timing.action_offsets(order, R)[f] for f in order]
    assert slots == sorted(slots)
    assert all(25 <= s <= 49 for s in slots)
    if n <= 25:
        assert len(set(slots)) == n


def test_order_by_adjusted_dx_highest_first():
    out = timing.action_order({"ana": 11, "bo": 14, "cy": 9})
    assert (out.order, out.adj_dx, out.rolloffs) == (("bo", "ana", "cy"), (14, 11, 9),
                                                      ((), (), ()))


def test_ties_are_settled_by_a_roll_off():
    with pytest.raises(timing.RollOffNeeded) as err:
        timing.action_order({"ana": 12, "bo": 12, "cy": 14})
    assert err.value.ids == ("ana", "bo")
    out = timing.action_order({"ana": 12, "bo": 12, "cy": 14}, {"ana": (2,), "bo": (5,)})
    assert out.order == ("cy", "bo", "ana") and out.rolloffs == ((), (5,), (2,))
    # tied again: roll again
    again = timing.action_order({"ana": 12, "bo": 12}, {"ana": (4, 6), "bo": (4, 1)})
    assert again.order == ("ana", "bo")
    with pytest.raises(timing.RollOffNeeded):
        timing.action_order({"ana": 12, "bo": 12}, {"ana": (4,), "bo": (4,)})
    with pytest.raises(ValueError, match="used"):
        timing.action_order({"ana": 12, "bo": 11}, {"ana": (4,)})


def test_a_three_way_tie_settles_the_remaining_pair():
    out = timing.action_order({"a": 10, "b": 10, "c": 10},
                              {"a": (6,), "b": (3, 2), "c": (3, 5)})
    assert out.order == ("a", "c", "b")


@given(st.dictionaries(st.sampled_from("abcdef"), st.integers(5, 15), min_size=1),
       st.integers(0, 2**32))
def test_order_is_a_permutation_sorted_by_dx(dx, seed):
    rnd = random.Random(seed)  # real dice: a roll-off ends (a scripted tie would not)
    faces = {}
    while True:
        try:
            out = timing.action_order(dx, faces)
            break
        except timing.RollOffNeeded as need:
            for k in need.ids:
                faces[k] = faces.get(k, ()) + (rnd.randint(1, 6),)
    assert sorted(out.order) == sorted(dx)
    assert list(out.adj_dx) == sorted(out.adj_dx, reverse=True)


def test_movement_order_winner_moves_first_or_last():
    assert timing.movement_order({"red": 2, "blue": 5}, R) == ("blue", "red")
    last = TftRules(initiative_winner_moves="last")
    assert timing.movement_order({"red": 2, "blue": 5}, last) == ("red", "blue")
    assert timing.movement_order({"red": 3, "blue": 3}, R, {"red": (6,), "blue": (1,)}) == \
        ("red", "blue")


def test_a_shorter_movement_phase_moves_everything():
    rules = TftRules(movement_phase_tenths=11)
    lay = timing.layout(rules)
    assert (lay.end_of_movement, lay.action_start, lay.action_tenths) == (10, 11, 39)
    assert timing.action_offsets(["a", "b", "c"], rules) == {"a": 11, "b": 24, "c": 37}


# the sort taken when nobody ties must be the general roll-off reading's answer, roll or not
@given(st.dictionaries(st.sampled_from("abcdefgh"), st.integers(-3, 20), min_size=1),
       st.integers(0, 10**6))
def test_the_untied_order_is_the_general_reading(dx, seed):
    rng = random.Random(seed)
    fast = timing.action_order(dx, None, lambda k: rng.randint(1, 6))
    rng = random.Random(seed)
    assert fast == timing._action_order(dx, None, lambda k: rng.randint(1, 6))


@given(st.dictionaries(st.sampled_from("abcde"), st.integers(0, 7), min_size=1),
       st.dictionaries(st.sampled_from("abcde"), st.lists(st.integers(1, 6), max_size=3)),
       st.sampled_from(["first", "last"]), st.integers(0, 10**6))
def test_the_untied_moving_order_is_the_general_reading(dice, rerolls, winner, seed):
    rules = TftRules(initiative_winner_moves=winner)

    def run(order):
        rng = random.Random(seed)
        try:
            return order(dice, rerolls, lambda k: rng.randint(1, 6))
        except ValueError as e:  # a bad die or an unused reroll is the same error both ways
            return type(e), str(e)

    general = run(timing._moving_order)
    if not isinstance(general[0], type) and winner == "last":
        general = general[1:] + general[:1]
    assert run(lambda d, r, roll: timing.movement_order(d, rules, r, roll)) == general


def reference_action_order(adj_dx, rolloffs, roll):
    """The order of action as first written (before the two-figure tie was settled in
    place): the plain reading the engine's :func:`timing.action_order` must agree with."""
    faces_of = {k: list(v) for k, v in (rolloffs or {}).items()}
    for k, faces in faces_of.items():
        if k not in adj_dx:
            raise ValueError(f"roll-off faces for {k}, who is not in the turn")
        if faces and (min(faces) < 1 or max(faces) > 6):
            raise ValueError(f"not six-sided faces: {tuple(faces)}")
    ranked, used, groups = [], {}, {}
    for k in sorted(adj_dx):
        groups.setdefault(adj_dx[k], []).append(k)
    for dx in sorted(groups, reverse=True):
        todo = [(groups[dx], 0)]
        while todo:
            tied, depth = todo.pop()
            if len(tied) == 1:
                ranked.extend(tied)
                continue
            short = [k for k in tied if len(faces_of.get(k, ())) <= depth]
            if short:
                if roll is None:
                    raise timing.RollOffNeeded(tuple(tied))
                for k in short:
                    faces_of.setdefault(k, []).append(roll(k))
            for k in tied:
                used[k] = depth + 1
            rounds = sorted({faces_of[k][depth] for k in tied})
            todo.extend(([k for k in tied if faces_of[k][depth] == face], depth + 1)
                        for face in rounds)
    for k, faces in faces_of.items():
        if len(faces) != used.get(k, 0):
            raise ValueError(f"{k}: {len(faces)} roll-off faces given, "
                             f"{used.get(k, 0)} used")
    return timing.ActionOrder(tuple(ranked), tuple(adj_dx[k] for k in ranked),
                              tuple(tuple(faces_of.get(k, ())[:used.get(k, 0)])
                                    for k in ranked))


def _outcome(order, *args):
    try:
        return order(*args)
    except timing.RollOffNeeded as e:
        return "roll-off needed", e.ids
    except ValueError as e:
        return "error", str(e)


# ties (few DX values), given faces (some beyond the dice a tie needs, some out of range),
# with dice to roll or none: the same order, faces and errors as the plain reading
@given(st.dictionaries(st.sampled_from("abcdef"), st.integers(10, 12), min_size=1),
       st.dictionaries(st.sampled_from("abcdefg"), st.lists(st.integers(0, 6), max_size=3)),
       st.booleans(), st.integers(0, 10**6))
def test_the_order_of_action_is_the_plain_reading(dx, rolloffs, rolls, seed):
    def run(order):
        rng = random.Random(seed)
        roll = (lambda k: rng.randint(1, 6)) if rolls else None
        return _outcome(order, dx, rolloffs, roll), rng.random()  # (and the dice it took)

    assert run(timing.action_order) == run(reference_action_order)


@given(st.integers(1, 50), st.integers(0, 12), st.integers(0, 12),
       st.lists(st.sampled_from(["red", "blue", "green"]), min_size=1, max_size=3,
                unique=True), st.integers(0, 2))
def test_step_tenths_are_the_window_offsets_from_the_turn_start(turn, ma, steps, sides, i):
    side = sides[i % len(sides)]

    def run(f):
        try:
            return f()
        except ValueError as e:
            return "error", str(e)

    plain = run(lambda: tuple(timing.turn_start(turn) + o for o in timing.step_offsets(
        ma, steps, timing.movement_windows(sides, R)[side])))
    assert run(lambda: timing.step_tenths(turn, ma, steps, side, sides, R)) == plain


def test_step_tenths_of_a_side_not_moving_is_an_error():
    with pytest.raises(KeyError):
        timing.step_tenths(1, 10, 2, "green", ["red", "blue"], R)
