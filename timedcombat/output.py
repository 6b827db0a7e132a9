"""Writing output files the way a user expects: all checked before any work is done,
written whole or not at all, through symlinks, and to devices or ``-`` (standard output).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from timedcombat.errors import UsageError


def check_writable(path: str, option: str) -> None:
    """Fail now, before any fight is run, when ``path`` cannot be written."""
    if path == "-":
        return
    target = Path(path)
    if target.is_dir() or not target.name:
        raise UsageError(f"{option} {path}: is a directory")
    real = target.resolve()
    if real.exists():
        if not os.access(real, os.W_OK):
            raise UsageError(f"{option} {path}: not writable")
        return
    parent = real.parent
    if not parent.is_dir():
        raise UsageError(f"{option} {path}: no such directory {parent}")
    probe = parent / f".timedcombat-{os.getpid()}.probe"
    try:  # the only sure test that a file can be made there (permissions, /proc, …)
        probe.touch()
        probe.unlink()
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot write there: {exc.strerror or exc}") from None


def write_file(path: str, write: Callable[[Path], None], text: str | None = None) -> None:
    """Write an output: ``-`` is standard output (``text`` only), a device or pipe is written
    in place, a regular file is written next to itself and renamed over it (a symlink's
    target is the file written), so a failure leaves the old file or none."""
    if path == "-":
        assert text is not None, "only text goes to standard output"
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    real = Path(path).resolve()
    try:
        if real.exists() and not stat.S_ISREG(real.stat().st_mode):
            write(real)  # a device or a pipe: nothing to rename
            return
        tmp = real.with_name(f".{real.name}.tmp")
        try:
            write(tmp)
            tmp.replace(real)
        finally:
            tmp.unlink(missing_ok=True)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (see :func:`write_file`)."""
    write_file(path, lambda p: p.write_text(text, encoding="utf-8", newline=""), text)
