"""The library as an analyst uses it: data frames of a run and a batch, the replay inline
in Jupyter, pictures as matplotlib Figures that leave the user's backend alone."""

from __future__ import annotations

import doctest
import os
import sys
from pathlib import Path

import matplotlib
import pytest

import timedcombat
from timedcombat import load_scenario, mapview, run_batch, simulate, swimlanes
from timedcombat.events import to_dict
from timedcombat.runs_csv import csv_text

pd = pytest.importorskip("pandas")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def duel() -> timedcombat.Result:
    return simulate(load_scenario(str(ROOT / "scenarios" / "sword_duel.toml")), seed=3)


def test_the_package_docstring_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failed, tried = doctest.testmod(timedcombat, report=True)
    assert (failed, tried) == (0, 5)


def test_a_runs_frame_has_a_row_per_event_and_the_logs_field_names(duel) -> None:
    frame = duel.frame()
    lines = [to_dict(e) for e in duel.events]
    assert len(frame) == len(lines)
    assert list(frame.columns[:3]) == ["t", "seq", "event"]
    assert "from" in frame.columns and "frm" not in frame.columns
    first_attack = next(i for i, e in enumerate(lines) if e["event"] == "attack")
    row = frame.iloc[first_attack]
    for key, value in lines[first_attack].items():
        assert row[key] == value
    assert pd.isna(frame.iloc[0]["actor"])  # `start` has no actor


def test_a_batch_frame_is_its_csv() -> None:
    result = run_batch(ROOT / "scenarios" / "sword_duel.toml", 5, seed=1, jobs=1)
    frame = result.frame()
    lines = csv_text(result.rows).splitlines()
    assert list(frame.columns) == lines[0].split(",")
    assert frame.to_csv(index=False, lineterminator="\n").splitlines()[1:] == lines[1:]


def test_run_batch_is_exported() -> None:
    assert "run_batch" in timedcombat.__all__ and timedcombat.run_batch is run_batch


def test_without_pandas_a_frame_says_how_to_get_it(duel, monkeypatch: pytest.MonkeyPatch
                                                   ) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install 'timedcombat\[analysis\]'"):
        duel.frame()


def test_jupyter_shows_a_run_as_its_replay(duel) -> None:
    page = duel._repr_html_()
    assert page.startswith("<iframe srcdoc=\"") and 'sandbox="allow-scripts"' in page
    import html as htmllib

    inner = htmllib.unescape(page.split('srcdoc="', 1)[1].split('" style=', 1)[0])
    assert inner == duel.html()
    assert "<script" in inner and "Sword duel" in inner


def test_pictures_are_figures_and_leave_the_backend_alone(duel, tmp_path: Path) -> None:
    import matplotlib.pyplot as plt

    before, open_before = matplotlib.get_backend(), plt.get_fignums()
    events = [to_dict(e) for e in duel.events]
    fig = swimlanes.draw(events, tmp_path / "lanes.png")
    map_fig = mapview.draw_log(events, 10, tmp_path / "map.svg")
    from matplotlib.figure import Figure

    assert isinstance(fig, Figure) and isinstance(map_fig, Figure)
    assert matplotlib.get_backend() == before and plt.get_fignums() == open_before
    _, ax = plt.subplots()
    assert swimlanes.figure(events, ax=ax) is ax.figure
    assert mapview.figure_of_log(events, 10, ax=ax) is ax.figure
    plt.close("all")


def test_dpi_is_the_callers(duel, tmp_path: Path) -> None:
    from matplotlib.image import imread

    events = [to_dict(e) for e in duel.events]
    swimlanes.draw(events, tmp_path / "a.png")
    swimlanes.draw(events, tmp_path / "b.png", dpi=200)
    small, big = imread(tmp_path / "a.png"), imread(tmp_path / "b.png")
    assert abs(big.shape[1] / small.shape[1] - 2) < 0.05


def test_svg_text_is_text(duel, tmp_path: Path) -> None:
    events = [to_dict(e) for e in duel.events]
    swimlanes.draw(events, tmp_path / "lanes.svg")
    svg = (tmp_path / "lanes.svg").read_text()
    assert "<text" in svg and ">ana (red)<" in svg.replace("\n", "")


@pytest.mark.skipif(os.name != "posix", reason="posix paths")
def test_the_package_ships_its_type_hints_and_licence() -> None:
    assert (Path(timedcombat.__file__).parent / "py.typed").exists()
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
