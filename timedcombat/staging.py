"""Names of the temporary files and staging directories a command makes, and the cleaning
of those a killed command left behind.

Every one carries its owner: the process id and the process's start time (field 22 of
``/proc/PID/stat``, clock ticks since boot), as ``.timedcombat-PID-START.<8 random>`` (a
staging directory, a spool or probe file) or ``.NAME.PID-START.<8 random>.tmp`` (a file
written beside its target ``NAME``). SIGKILL runs no ``finally``: what the command had made
stays. The next command that writes into that directory removes every such entry whose
owner is gone (no process of that id, or one started at another time: the id was reused),
and leaves alone those of a command still running.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from pathlib import Path

PREFIX = ".timedcombat-"
_OURS = re.compile(r"\.timedcombat-(\d+)-(\d+)\.[a-z0-9_]{8}(?:\.[a-z]{1,8})?"
                   r"|\..{1,40}\.(\d+)-(\d+)\.[a-z0-9_]{8}\.tmp", re.DOTALL)
"""A staging directory, spool or probe file (first form) or a file's temporary twin."""


def start_time(pid: int) -> str | None:
    """When process ``pid`` started (``/proc/PID/stat`` field 22); ``None`` when there is
    no such process, or only its zombie. ``"0"`` where the system has no ``/proc``."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except FileNotFoundError:
        return None if os.path.isdir("/proc/self") else "0"
    except OSError:
        return None
    fields = stat[stat.rfind(b")") + 2:].split()  # field 2, the name, may hold anything
    if fields[:1] in ([b"Z"], [b"X"]):
        return None  # a zombie: dead, not yet reaped by its parent
    return fields[19].decode("ascii") if len(fields) > 19 else "0"


def owner() -> str:
    """``PID-START`` of this process (asked each time: a forked process is another)."""
    pid = os.getpid()
    return f"{pid}-{start_time(pid) or '0'}"


def staging_prefix() -> str:
    """The prefix of a staging directory, spool or probe file of this process."""
    return f"{PREFIX}{owner()}."


def twin_prefix(name: str) -> str:
    """The prefix of the temporary file written beside the file ``name``."""
    return f".{name[:40]}.{owner()}."


def _alive(pid: int, start: str) -> bool:
    now = start_time(pid)
    if now is None:
        return False
    if now == "0":  # no /proc: the id alone says it
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True
        return True
    return now == start


def owned_by_dead(name: str) -> bool:
    """Whether ``name`` is one of ours whose owner process is gone."""
    m = _OURS.fullmatch(name)
    if m is None:
        return False
    pid, start = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return not _alive(int(pid), start)


def clean_stale(directory: str | Path) -> list[str]:
    """Remove what killed commands left in ``directory`` (see the module docstring); the
    names removed. Never fails: what cannot be removed stays."""
    removed: list[str] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(".") or not owned_by_dead(entry.name):
            continue
        with contextlib.suppress(OSError):
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            elif entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
            else:
                continue
            removed.append(entry.name)
    return removed


__all__ = ["PREFIX", "clean_stale", "owned_by_dead", "owner", "staging_prefix", "start_time",
           "twin_prefix"]
