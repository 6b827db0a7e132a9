"""docs/notebook.ipynb runs from top to bottom (simulate, a data frame, the inline replay,
a batch to Parquet read back with pandas and DuckDB, a picture), and what it shows is
what the committed notebook shows (written by tools/make_notebook.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("duckdb")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "docs" / "notebook.ipynb"


def _tool():  # tools/make_notebook.py, imported by path
    spec = importlib.util.spec_from_file_location("make_notebook",
                                                  ROOT / "tools" / "make_notebook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_notebook"] = module
    spec.loader.exec_module(module)
    return module


def _shown(nb) -> list[list[str]]:
    """Each code cell's text outputs (the replay's page and the PNG aside)."""
    out = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            out.append([o.get("data", {}).get("text/plain", o.get("text", ""))
                        for o in cell.outputs if o.output_type != "stream"])
    return out


def test_the_notebook_runs_and_shows_what_it_is_committed_with() -> None:
    tool = _tool()
    committed = nbformat.read(NOTEBOOK, as_version=4)
    assert [c.source for c in committed.cells] == [text for _, text in tool.CELLS]
    fresh = tool.execute(nbformat.read(NOTEBOOK, as_version=4))
    assert _shown(fresh) == _shown(committed)
    kinds = [set(o.get("data", {})) for c in fresh.cells if c.cell_type == "code"
             for o in c.outputs]
    assert any("image/png" in k for k in kinds)  # the swimlanes, inline
    replay = next(o for c in fresh.cells if c.cell_type == "code" for o in c.outputs
                  if "text/html" in o.get("data", {}) and "<iframe" in o["data"]["text/html"])
    assert "allow-scripts" in replay["data"]["text/html"]
