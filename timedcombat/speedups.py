"""Which path runs: the ``.py`` sources (the reference) or the Cython-compiled modules
``tools/compile.py`` builds beside them from the same sources (an optional speed-up).

Python prefers an extension module to a source file of the same name. A finder put first
on ``sys.meta_path`` when the package is imported loads the source instead

- for every module when ``TIMEDCOMBAT_PURE=1`` is set (the tests compare both paths), and
- for a module whose source is newer than its compiled module (an edit is never shadowed
  by a stale build; :func:`stale` lists them, ``tools/compile.py`` rebuilds).

Without compiled modules (an install with no compiler) the finder is not installed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, SourceFileLoader
from types import ModuleType

# (os.path, not pathlib or importlib.util: the package's import stays as light as before)
PACKAGE = os.path.dirname(os.path.abspath(__file__))
PURE = os.environ.get("TIMEDCOMBAT_PURE", "") not in ("", "0")
"""``TIMEDCOMBAT_PURE=1``: run the ``.py`` files even where compiled modules exist."""


def _extension(source: str) -> str | None:
    """The compiled module beside ``source`` (a ``.py`` path), if there is one."""
    stem = source[:-3]
    for suffix in EXTENSION_SUFFIXES:
        if os.path.exists(stem + suffix):
            return stem + suffix
    return None


def compiled_modules() -> list[str]:
    """Dotted names of the package's modules that have a compiled module beside them."""
    out = set()
    top = os.path.dirname(PACKAGE)
    for folder, dirs, files in os.walk(PACKAGE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if not name.endswith((".so", ".pyd")):
                continue
            suffix = next((s for s in EXTENSION_SUFFIXES if name.endswith(s)), None)
            if suffix is not None:  # (the longest suffix first: arena.cpython-311-...so)
                rel = os.path.relpath(os.path.join(folder, name[: -len(suffix)]), top)
                out.add(rel.replace(os.sep, "."))
    return sorted(out)


def _newer(source: str, ext: str) -> bool:
    return os.stat(source).st_mtime > os.stat(ext).st_mtime


def stale() -> list[str]:
    """Compiled modules older than their source (the finder loads the source for these)."""
    top = os.path.dirname(PACKAGE)
    out = []
    for name in compiled_modules():
        source = os.path.join(top, *name.split(".")) + ".py"
        ext = _extension(source)
        if ext is not None and os.path.exists(source) and _newer(source, ext):
            out.append(name)
    return out


def running() -> str:
    """The path this process runs: ``"compiled"`` (every compiled module current),
    ``"pure"`` (none built, ``TIMEDCOMBAT_PURE=1``, or every one stale) or ``"partly
    compiled"`` (some stale: their sources run)."""
    built = compiled_modules()
    if PURE or not built:
        return "pure"
    old = stale()
    if not old:
        return "compiled"
    return "pure" if len(old) == len(built) else "partly compiled"


class SourceFirst:
    """A finder (``sys.meta_path``) that loads a ``timedcombat`` module from its ``.py``
    file where a compiled one would be taken: every module (``pure``) or the stale ones."""

    def __init__(self, pure: bool) -> None:
        self.pure = pure

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("timedcombat.") or not path:
            return None
        tail = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, tail + ".py")
            if not os.path.exists(source):
                continue
            ext = _extension(source)
            if ext is None or not (self.pure or _newer(source, ext)):
                return None  # the usual finders take it, the same way
            spec = ModuleSpec(fullname, SourceFileLoader(fullname, source), origin=source)
            spec.has_location = True  # (__file__ and the cached bytecode, as usual)
            return spec
        return None


def install() -> None:
    """Put the finder first, once, if there are compiled modules to choose against."""
    if any(isinstance(f, SourceFirst) for f in sys.meta_path):
        return
    if not compiled_modules():
        return
    sys.meta_path.insert(0, SourceFirst(PURE))


__all__ = ["PURE", "SourceFirst", "compiled_modules", "install", "running", "stale"]
