"""Dice from one injected :class:`random.Random` per run, plus scripted rolls.

Notation: ``d20``, ``d10``, ``3d6``, ``2d6+1``, ``1d-3`` (a missing number of sides
means six-sided dice, as in ``1d-3`` = one six-sided die minus three).
:meth:`Dice.hundred` gives 00-99 (two ten-sided dice read as tens and units).
:class:`ScriptedDice` replays given faces, for tests and for replaying a fight from a
table.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

import attrs

from timedcombat.errors import TimedCombatError

_NOTATION = re.compile(r"^\s*(\d*)\s*d\s*(\d*)\s*([+-]\s*\d+)?\s*$", re.IGNORECASE)


class DiceError(TimedCombatError):
    """Bad dice notation, or a scripted roll that does not fit the die (``index``: the
    place of that face in the script, from 0)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message, index)  # both kept when simpy copies it (errors.py)
        self.message = message
        self.index = index

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type, tuple[str, int | None]]:
        return (type(self), (self.message, self.index))


@attrs.frozen
class DiceSpec:
    """A parsed dice expression: ``count`` dice of ``sides`` plus ``modifier``."""

    count: int
    sides: int
    modifier: int = 0

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"

    @property
    def minimum(self) -> int:
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.modifier


@attrs.frozen
class Roll:
    """The outcome of a dice expression: every face and the total."""

    spec: DiceSpec
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces) + self.spec.modifier


def parse(notation: str) -> DiceSpec:
    """Parse dice notation; raise :class:`DiceError` when it is not dice."""
    m = _NOTATION.match(notation)
    if not m:
        raise DiceError(f"not dice notation: {notation!r}")
    count = int(m.group(1)) if m.group(1) else 1
    sides = int(m.group(2)) if m.group(2) else 6
    modifier = int(m.group(3).replace(" ", "")) if m.group(3) else 0
    if count < 1 or sides < 2:
        raise DiceError(f"not dice notation: {notation!r}")
    return DiceSpec(count, sides, modifier)


class Dice:
    """All randomness of one run. Pass one instance in; never use the global RNG."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def die(self, sides: int) -> int:
        """One die, 1..sides."""
        return int(self._random() * sides) + 1

    def d10(self) -> int:
        return int(self._random() * 10) + 1  # (die(10) written out: a call less per roll)

    def d20(self) -> int:
        return int(self._random() * 20) + 1

    def hundred(self) -> int:
        """00-99: two ten-sided dice read as tens and units."""
        return self.die(100) - 1

    def roll(self, notation: str | DiceSpec) -> Roll:
        """Roll a dice expression and keep every face."""
        spec = parse(notation) if isinstance(notation, str) else notation
        return Roll(spec, self.faces(spec.sides, spec.count))

    def faces(self, sides: int, count: int) -> tuple[int, ...]:
        """``count`` dice of ``sides`` (each as :meth:`die` rolls it, written out: 3d6 is a
        call, not three)."""
        rnd = self._random
        if count == 3:  # (3d6, the dice of every GURPS roll: no list made)
            return (int(rnd() * sides) + 1, int(rnd() * sides) + 1, int(rnd() * sides) + 1)
        return tuple([int(rnd() * sides) + 1 for _ in range(count)])


class ScriptedDice(Dice):
    """Dice that return given faces in order (tests, replays of a real table).

    When the script runs out, rolls come from ``fallback`` if one was given, else a
    :class:`DiceError` is raised so a test notices that the fight needed more dice.
    """

    def __init__(self, faces: Iterable[int], fallback: random.Random | None = None) -> None:
        self._faces = list(faces)
        self._next = 0
        self._fallback = Dice(fallback) if fallback is not None else None

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._next

    def _take(self, low: int, high: int, what: str) -> int | None:
        if self._next >= len(self._faces):
            if self._fallback is None:
                raise DiceError(f"scripted dice ran out (needed a {what})")
            return None
        face = self._faces[self._next]
        self._next += 1
        if not low <= face <= high:
            raise DiceError(f"scripted face {face} does not fit a {what} (roll {self._next})",
                            self._next - 1)
        return face

    def die(self, sides: int) -> int:
        face = self._take(1, sides, f"d{sides}")
        if face is None:
            assert self._fallback is not None  # (_take returns None only with one)
            return self._fallback.die(sides)
        return face

    def faces(self, sides: int, count: int) -> tuple[int, ...]:
        return tuple([self.die(sides) for _ in range(count)])

    def d10(self) -> int:
        return self.die(10)

    def d20(self) -> int:
        return self.die(20)

    def hundred(self) -> int:
        """A scripted 00-99 face is given as read off the dice: 0-99."""
        face = self._take(0, 99, "00-99 roll")
        if face is None:
            assert self._fallback is not None
            return self._fallback.hundred()
        return face
