"""The compiled path (``tools/compile.py``: Cython over the same sources) fights every
bundled scenario as the pure-Python path does: both give the recorded fingerprints.

The rest of the suite runs whichever path this checkout has (compiled when built); here
the other one runs in a child process, so that with compiled modules both paths are
tested, and without them (an install with no compiler) the pure path alone is, as ever.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from timedcombat import speedups

ROOT = Path(__file__).resolve().parent.parent
BUILT = speedups.compiled_modules()
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled modules (tools/compile.py)")


def _child(code: str, pure: bool) -> str:
    env = {k: v for k, v in os.environ.items() if k != "TIMEDCOMBAT_PURE"}
    if pure:
        env["TIMEDCOMBAT_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_the_path_running_is_the_one_asked_for() -> None:
    code = "import timedcombat.speedups as s; print(s.running())"
    assert _child(code, pure=True).strip() == "pure"
    assert _child(code, pure=False).strip() == ("compiled" if BUILT else "pure")


@needs_build
def test_the_build_is_current() -> None:
    # a stale module runs from its source (never silently shadowed), but then the compiled
    # path is not the one under test: rebuild with tools/compile.py
    assert speedups.stale() == []


@needs_build
def test_the_other_path_fights_as_recorded() -> None:
    pure = not speedups.PURE  # the child runs the path this process does not
    out = _child("import sys; sys.argv = ['golden_hashes', '--compare', "
                 "'tests/golden/fingerprints.txt']; sys.path.insert(0, 'tools'); "
                 "import golden_hashes, timedcombat.speedups as s; "
                 "print(s.running()); sys.exit(golden_hashes.main())", pure=pure)
    lines = out.strip().split("\n")
    assert lines[0] == ("pure" if pure else "compiled")
    same, _of, total, *_ = lines[-1].split()
    assert lines[-1].endswith("logs the same") and same == total and int(total) > 2000


def test_the_source_is_taken_when_pure_or_newer(tmp_path: Path) -> None:
    from importlib.machinery import EXTENSION_SUFFIXES, SourceFileLoader

    source = tmp_path / "blow.py"
    source.write_text("X = 1\n")
    where = [str(tmp_path)]

    def taken(pure: bool) -> str | None:
        spec = speedups.SourceFirst(pure).find_spec("timedcombat.blow", where)
        if spec is None:
            return None  # the usual finders decide: an extension module beside wins
        assert isinstance(spec.loader, SourceFileLoader)
        return Path(spec.origin or "").name

    assert taken(False) is None and taken(True) is None  # nothing compiled: no say
    ext = tmp_path / f"blow{EXTENSION_SUFFIXES[0]}"
    ext.write_bytes(b"not loaded here")
    os.utime(source, (1_000_000, 1_000_000))
    os.utime(ext, (2_000_000, 2_000_000))
    assert taken(False) is None  # a current build runs compiled
    assert taken(True) == "blow.py"  # TIMEDCOMBAT_PURE=1
    os.utime(source, (3_000_000, 3_000_000))
    assert taken(False) == "blow.py"  # the source was edited after the build
    assert speedups.SourceFirst(False).find_spec("other.blow", where) is None
