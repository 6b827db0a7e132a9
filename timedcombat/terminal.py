"""What the command needs of its terminal from its first moment: SIGTERM raised as an
interrupt (:class:`Interrupted`, exit status 143 as Ctrl-C's is 130) and standard streams
that write ASCII stand-ins for what their encoding cannot encode. Imports nothing heavy:
:mod:`timedcombat.launch` installs it before the command line's modules are imported.
"""

from __future__ import annotations

import codecs
import signal
import sys
from typing import Any

STANDINS = {"\u2013": "-", "\u2014": "--", "\u2026": "...", "\u2212": "-", "\u2018": "'",
            "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\u2192": "->",
            "\u00b1": "+/-", "\u00d7": "x"}
"""ASCII stand-ins for the characters the commands print (– — … − ‘ ’ “ ” → ± ×); any
other character a stream cannot encode becomes ``?``."""
ERRORS = "timedcombat-ascii"
"""The codec error handler that writes them (``codecs.lookup_error(ERRORS)``)."""


def _standin(ch: str) -> str:
    if "\udc80" <= ch <= "\udcff":  # a byte that was no UTF-8 (a file name's): \xNN
        return f"\\x{ord(ch) - 0xDC00:02x}"
    if "\ud800" <= ch <= "\udfff":  # any other lone surrogate: its escape
        return f"\\u{ord(ch):04x}"
    return STANDINS.get(ch, "?")


def _standins(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    return "".join(_standin(ch) for ch in text), exc.end


codecs.register_error(ERRORS, _standins)


def safe_streams() -> None:
    """Standard output and error write stand-ins for what their encoding cannot encode,
    instead of failing: ASCII for "–", "—", "…" on an ASCII or Latin-1 stream, and on any
    stream ``\\xNN`` for a byte of a file name that was no UTF-8 (Python holds it as a
    lone surrogate) and its ``\\udNNN`` escape for another lone surrogate."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if not isinstance(encoding, str) or not hasattr(stream, "reconfigure"):
            continue
        try:
            "".encode(encoding)
        except LookupError:
            continue
        stream.reconfigure(errors=ERRORS)


class Interrupted(KeyboardInterrupt):
    """SIGTERM, handled as Ctrl-C is (the exit status says which signal it was)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def exit_status(interrupt: KeyboardInterrupt) -> int:
    """128 + the signal's number: 130 for Ctrl-C, 143 for SIGTERM."""
    return 128 + getattr(interrupt, "signum", signal.SIGINT)


def raise_interrupted(signum: int, _frame: Any) -> None:
    """The SIGTERM handler: raise :class:`Interrupted` where the main thread is."""
    raise Interrupted(signum)


__all__ = ["ERRORS", "STANDINS", "Interrupted", "exit_status", "raise_interrupted",
           "safe_streams"]
