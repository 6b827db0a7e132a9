"""The project's exceptions: one base, parse errors apart from rule errors."""

from __future__ import annotations


class TimedCombatError(Exception):
    """Base of every error this package raises on purpose.

    A subclass keeps its constructor's arguments in ``args`` (and makes its text in
    ``__str__``): simpy re-raises an exception that ends a process as
    ``type(exc)(*exc.args)``, and the copy must be the same error, with the same text.
    """


class ScenarioError(TimedCombatError):
    """A scenario document cannot be used: names the file and the key path.

    ``str(err)`` is the one line the command line prints after ``error: ``.
    """

    def __init__(self, file: str, path: str, message: str) -> None:
        self.file = file
        self.path = path
        self.message = message
        super().__init__(file, path, message)

    def __str__(self) -> str:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return f"{where}: {self.message}"

    def __reduce__(self) -> tuple[type, tuple[str, str, str]]:
        return (type(self), (self.file, self.path, self.message))


class KeyedError(ValueError):
    """A value a system's stats or plan parser cannot use: ``key`` is its path below what
    was parsed (``skills.bow``), ``message`` what is wrong; the loader turns it into a
    :class:`ScenarioError` with the full key path."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        self.message = message
        super().__init__(f"{key}: {message}")


class IllegalActionError(TimedCombatError):
    """An action the rules do not allow at this moment."""


class LogFormatError(TimedCombatError):
    """A JSON-lines log that is not a valid timedcombat log (names the line; ``None``:
    the log as a whole)."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file = file
        self.line = line
        self.message = message
        super().__init__(file, line, message)

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}: {self.message}"

    def __reduce__(self) -> tuple[type, tuple[str, int | None, str]]:
        return (type(self), (self.file, self.line, self.message))


class UsageError(TimedCombatError):
    """A command-line argument that cannot be used."""
