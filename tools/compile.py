"""Compile the fight-time modules with Cython, in place: an optional speed-up of the same
source (the ``compiled`` extra: ``pip install -e '.[compiled]'``).

    python tools/compile.py            # build timedcombat/**/*.so beside the .py files
    python tools/compile.py --list     # the modules it compiles
    python tools/compile.py --clean    # remove them: the pure-Python path again

The ``.py`` files stay the reference: nothing is written for Cython alone (no ``.pyx``, no
C types), the generated C goes to ``build/cython/``, and Python prefers an extension module
beside a source file of the same name, so after a build ``import timedcombat.arena`` loads
``arena.*.so``. ``TIMEDCOMBAT_PURE=1`` makes the package load the ``.py`` files even so
(:mod:`timedcombat.speedups`); ``tests/test_compiled.py`` compares the two paths' logs.
A source newer than its extension module is loaded instead of it (and listed by
:func:`timedcombat.speedups.stale`), so an edit is never silently shadowed by an old
build; rebuild to compile it again.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "timedcombat"
BUILD = ROOT / "build" / "cython"

CORE = ("arena", "dice", "hexmap", "log", "turns")
"""The fight-time modules of the core: the arena, its dice, hex map, log and turn clock.
(Not ``events``: attrs rebuilds its slotted ``Event`` class, and a compiled function's
``super()`` would still point at the class it replaced.)"""

SYSTEMS = ("gurps", "tft")
"""The systems whose modules are compiled: those where it was measured to pay
(docs/performance.md: instructions per attack of each duel, core alone and with the
system). Compiled, the ``tenths`` modules make its duel dearer (+1 to +9 %: a compiled
module reads attributes without the interpreter's inline caches, and the tenths blow is
mostly attribute reads, the likely reason); ``percentile`` has no bench duel to decide
by."""
SKIP = {"__init__.py", "loader.py", "present.py"}
"""Not compiled: packages' ``__init__`` (their names and ``SYSTEM``), the scenario
loaders and the presenters (read once a run, not a blow)."""

DIRECTIVES = {
    "language_level": 3,
    "binding": True,  # functions keep their Python signatures, docstrings and attributes
    "annotation_typing": False,  # the hints stay hints: same behaviour as the source
    "embedsignature": True,
}


def modules() -> list[Path]:
    """The ``.py`` files compiled, in a fixed order."""
    out = [PACKAGE / f"{name}.py" for name in CORE]
    for system in SYSTEMS:
        out += sorted(p for p in (PACKAGE / "systems" / system).glob("*.py")
                      if p.name not in SKIP)
    return out


def built() -> list[Path]:
    """The extension modules now beside the sources."""
    return sorted(p for ext in ("*.so", "*.pyd") for p in PACKAGE.rglob(ext))


def clean() -> int:
    gone = built()
    for p in gone:
        p.unlink()
    print(f"removed {len(gone)} compiled modules")
    return 0


def build(jobs: int) -> int:
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution
    except ImportError:
        print("compile: needs Cython and setuptools (pip install -e '.[compiled]')",
              file=sys.stderr)
        return 2
    os.chdir(ROOT)  # extension names come from the package layout, relative to here
    wanted = {p.with_suffix("") for p in modules()}
    for p in built():  # a module no longer in the list runs from its source again
        if p.with_name(p.name.split(".", 1)[0]) not in wanted:
            p.unlink()
    sources = [str(p.relative_to(ROOT)) for p in modules()]
    exts = cythonize(sources, build_dir=str(BUILD), compiler_directives=DIRECTIVES,
                     nthreads=jobs, quiet=True)
    if os.name == "posix":  # gcc's false alarm on Cython's inlined string compare with None
        for ext in exts:
            ext.extra_compile_args = [*ext.extra_compile_args, "-Wno-array-bounds"]
    # a bare Distribution: pyproject.toml's project table is not read (no package is built)
    dist = Distribution({"name": "timedcombat-compiled", "ext_modules": exts,
                         "script_args": ["build_ext"]})
    cmd = dist.get_command_obj("build_ext")
    cmd.inplace = True  # type: ignore[attr-defined]
    cmd.parallel = jobs  # type: ignore[attr-defined]
    cmd.build_temp = str(BUILD / "temp")  # type: ignore[attr-defined]
    dist.run_command("build_ext")
    print(f"compiled {len(exts)} modules (TIMEDCOMBAT_PURE=1 runs the .py files)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    ap.add_argument("--list", action="store_true", help="list the modules compiled")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    if args.list:
        for p in modules():
            print(p.relative_to(ROOT))
        return 0
    if args.clean:
        return clean()
    return build(args.jobs)


if __name__ == "__main__":
    sys.exit(main())
