"""The code type-checks (mypy, configured in pyproject.toml: ``[tool.mypy]``): the core
(timedcombat/*.py) under ``--strict`` now, the whole package once the systems are
reshaped (issue 21)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ERROR = re.compile(r"^(?P<path>[^:\n]+\.py):\d+: error: ", re.M)


@pytest.fixture(scope="module")
def errors() -> list[tuple[str, str]]:
    """Every error of one mypy run over the package: (file, line of the report)."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    proc = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr  # (2: mypy itself failed)
    found = [(m["path"].replace("\\", "/"), line) for line in proc.stdout.splitlines()
             if (m := ERROR.match(line))]
    assert (proc.returncode == 0) == (not found), proc.stdout
    return found


def _core(path: str) -> bool:
    """A core module: timedcombat/*.py (the top level)."""
    return path.count("/") == 1 and path.startswith("timedcombat/")


def test_the_core_is_strict_in_the_configuration():
    """Every core module is listed under the ``strict = true`` override: a new one too."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = {m for o in config["overrides"] if o.get("strict") for m in o["module"]}
    core = {"timedcombat" if p.stem == "__init__" else f"timedcombat.{p.stem}"
            for p in (ROOT / "timedcombat").glob("*.py")}
    assert core - strict == set()


@pytest.mark.parametrize("scope", ["core", "package"])
def test_mypy_finds_nothing(errors, scope):
    found = [line for path, line in errors if scope == "package" or _core(path)]
    assert found == [], "\n".join(found)
