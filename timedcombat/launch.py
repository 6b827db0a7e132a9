"""The ``timedcombat`` command's entry point: what must hold from its first moment.

It imports nothing heavy (the package's ``__init__`` is lazy): SIGTERM is caught and
standard output made safe before the command line's modules (simpy, rich, matplotlib ...)
are imported, so a SIGTERM at any moment prints ``error: interrupted`` and exits 143
(Ctrl-C: 130), and a stream that cannot encode a dash gets ASCII stand-ins.
"""

from __future__ import annotations

import signal
import sys
import threading

from timedcombat.terminal import (
    ERRORS,
    Interrupted,
    exit_status,
    raise_interrupted,
    safe_streams,
)


def main() -> int:
    """Catch SIGTERM first, then import and run the command line (:func:`timedcombat.cli.main`)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, raise_interrupted)
    try:
        safe_streams()
        from timedcombat.cli import main as cli_main  # (after SIGTERM is caught: heavy)

        return cli_main()
    except KeyboardInterrupt as exc:  # before or after the command's own handling
        print("error: interrupted", file=sys.stderr)
        return exit_status(exc)


__all__ = ["ERRORS", "Interrupted", "exit_status", "main", "raise_interrupted",
           "safe_streams"]
