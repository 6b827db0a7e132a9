"""Make the pictures and replays of docs/viewer.md from the example scenarios.

For each scenario (at its own seed): ``docs/img/<name>.png`` (the swimlanes),
``docs/img/<name>-map.svg`` (the hex map at its first blow) and
``docs/replays/<name>.html`` (the HTML replay, opened at the first hit), and for the
scenarios of ``MOMENTS`` a map mid-fight too; with ``--screenshots``, PNG screenshots of
some replays taken in headless Chromium (``docs/img/replay-<name>.png``). The same
scenarios give the same files; run it again after a change to the views::

    python tools/docs_pictures.py                   # every scenario in scenarios/
    python tools/docs_pictures.py --screenshots doorway two_on_one
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

from timedcombat import load_scenario, simulate
from timedcombat.events import to_dict
from timedcombat.mapview import draw_log
from timedcombat.replay import write_html
from timedcombat.swimlanes import draw

ROOT = Path(__file__).resolve().parent.parent
IMG, REPLAYS = ROOT / "docs" / "img", ROOT / "docs" / "replays"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars")


def first_blow(events: list[dict]) -> int:
    """The tenth of the first blow (the start when there is none): the map is then telling."""
    return next((e["t"] for e in events if e["event"] == "attack"), 0)


MOMENTS = {"melee_10v10": 60}
"""Scenarios whose map docs/viewer.md also shows mid-fight, at this tenth
(``docs/img/<name>-map-<s>s.png``): who is down, who is hurt, who fights whom."""


def first_hit(events: list[dict]) -> int:
    """The tenth of the first blow that hits (else the first blow): the replay opens there,
    a blow's arrow and its damage on the map."""
    return next((e["t"] for e in events if e["event"] == "attack" and e["result"] == "hit"),
                first_blow(events))


def make(path: Path) -> list[dict]:
    events = [to_dict(e) for e in simulate(load_scenario(path)).events]
    name = path.stem
    draw(events, IMG / f"{name}.png")
    draw_log(events, first_blow(events), IMG / f"{name}-map.svg")
    if name in MOMENTS:
        t = MOMENTS[name]
        draw_log(events, t, IMG / f"{name}-map-{t // 10}.{t % 10}s.png")
    write_html(events, REPLAYS / f"{name}.html", first_hit(events))
    return events


def screenshots(names: list[str]) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="timedcombat-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in (*FLAGS, f"--user-data-dir={profile}", "--window-size=1200,1050"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        for name in names:
            driver.get((REPLAYS / f"{name}.html").as_uri())
            time.sleep(0.4)  # the figures' short move transition
            driver.save_screenshot(str(IMG / f"replay-{name}.png"))
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="scenario names (default: all)")
    parser.add_argument("--screenshots", action="store_true",
                        help="also screenshots of these replays in headless Chromium")
    args = parser.parse_args(argv)
    IMG.mkdir(parents=True, exist_ok=True)
    REPLAYS.mkdir(parents=True, exist_ok=True)
    paths = sorted((ROOT / "scenarios").glob("*.toml"))
    if args.names:
        paths = [p for p in paths if p.stem in args.names]
    for path in paths:
        make(path)
        print(path.stem, file=sys.stderr)
    if args.screenshots:
        screenshots([p.stem for p in paths])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
