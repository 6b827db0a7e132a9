"""The HTML replay in a real browser (headless Chromium, Debian's ``chromium`` and
``chromium-driver``, driven by selenium): the page loads with no console error, scrubbing
to a tenth shows the positions of that tenth in the log (read back from the page and
compared with positions worked out here from the log's ``placed`` and ``move`` events),
hovering a blow shows its roll, total, bar and modifiers. Skipped only when Chromium is
not installed (``.ci/run`` installs it)."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest

from timedcombat.replay import write_html
from timedcombat.systems import base

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,1000")

pytestmark = pytest.mark.skipif(not (CHROMIUM.exists() and DRIVER.exists()),
                                reason="Chromium is not installed (apt-get install chromium "
                                "chromium-driver; .ci/run does it)")


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="timedcombat-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def positions(events: list[dict], t: int) -> dict[str, list[int]]:
    """Where each figure stands once every event of tenths <= t has happened: its last
    ``move.to``, else where it was ``placed`` (read here straight from the log)."""
    out: dict[str, list[int]] = {}
    for e in events:
        if e["t"] > t:
            break
        if e["event"] == "placed":
            out[e["actor"]] = e["at"]
        elif e["event"] == "move":
            out[e["actor"]] = e["to"]
    return out


def tenths_to_try(events: list[dict], most: int = 24) -> list[int]:
    """The tenths where somebody moves, the tenths just before them, the start and the
    end: where a wrong reading would show (at most ``most`` of them, spread out)."""
    moves = sorted({e["t"] for e in events if e["event"] == "move"})
    picks = sorted({0, events[-1]["t"], *moves, *(t - 1 for t in moves if t > 0)})
    step = max(1, len(picks) // most)
    return picks[::step] + [events[-1]["t"]]


def severe(driver) -> list[dict]:
    return [m for m in driver.get_log("browser") if m["level"] == "SEVERE"]


def load(driver, page: Path) -> None:
    driver.get(page.as_uri())
    assert driver.execute_script("return typeof window.replay") == "object"


def scrub_to(driver, t: int) -> dict[str, list[int]]:
    """Move the scrubber (an input event, as a hand on the slider) and read every figure's
    ``data-q`` / ``data-r`` back from the map."""
    return driver.execute_script(
        "var s = document.getElementById('scrub'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input', {bubbles: true}));"
        "var out = {}; document.querySelectorAll('#map .figure').forEach(function (g) {"
        "  if (g.hasAttribute('data-q')) out[g.dataset.id] = [+g.dataset.q, +g.dataset.r]; });"
        "return out;", t)


def golden(name: str) -> list[dict]:
    return [json.loads(line) for line in (GOLDEN / f"{name}.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("name", ["doorway", "two_on_one", "close_quarters"])
def test_scrubbing_shows_the_positions_of_that_tenth(browser, tmp_path, name):
    events = golden(name)
    page = tmp_path / f"{name}.html"
    write_html(events, page)
    load(browser, page)
    assert browser.execute_script("return window.replay.end") == events[-1]["t"]
    for t in tenths_to_try(events):
        assert scrub_to(browser, t) == positions(events, t), f"tenth {t}"
        assert browser.find_element("id", "clock").text.startswith(
            f"{t // 10}.{t % 10} s (tenth {t})")
    assert severe(browser) == []


def test_the_blocked_hexes_show_while_the_block_is_held(browser, tmp_path):
    events = golden("doorway")
    page = tmp_path / "doorway.html"
    write_html(events, page)
    load(browser, page)
    held = [e["t"] for e in events if e["event"] == "state" and e["state"] == "block"]
    shown = "return document.querySelector('#map .mark').getAttribute('data-shown')"
    for t, expected in ((held[0] - 1, "0"), (held[0], "1"), (held[1] - 1, "1"), (held[1], "0")):
        browser.execute_script("window.replay.seek(arguments[0])", t)
        assert browser.execute_script(shown) == expected, f"tenth {t}"
    assert severe(browser) == []


def test_hovering_a_blow_shows_its_roll_total_bar_and_modifiers(browser, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains

    events = golden("sword_duel")
    page = tmp_path / "duel.html"
    write_html(events, page)
    load(browser, page)
    blow = next(e for e in events if e["event"] == "attack" and e.get("modifiers"))
    marker = browser.find_element("css selector", f'.blow[data-seq="{blow["seq"]}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", marker)
    ActionChains(browser).move_to_element(marker).perform()
    tip = browser.find_element("id", "tip")
    assert tip.is_displayed()
    text = tip.text
    assert text.splitlines()[0] == (f"{blow['actor']} \u2192 {blow['target']} "
                                    f"({blow['weapon']}) at {blow['t'] // 10}.{blow['t'] % 10} s")
    assert f"roll (d20) {blow['roll']}" in text.splitlines()
    assert f"total {blow['total']}" in text.splitlines()
    assert f"bar to beat {blow['against']}" in text.splitlines()
    for name, value in blow["modifiers"].items():
        assert f"modifier {name} {value:+d}" in text.splitlines(), name
    assert severe(browser) == []


def test_a_turn_system_replays_with_its_turn_and_phase(browser, tmp_path, monkeypatch):
    from plugins.toyduel import SYSTEM
    from test_show import _toy_events

    monkeypatch.setitem(base._REGISTRY, "toy", SYSTEM)
    events = _toy_events()
    page = tmp_path / "toy.html"
    write_html(events, page)
    load(browser, page)
    phase = next(e for e in events if e["event"] == "toy.phase")
    browser.execute_script("window.replay.seek(arguments[0])", phase["t"])
    assert browser.find_element("id", "when").text == f"turn {phase['turn']}, strike phase"
    assert scrub_to(browser, events[-1]["t"]) == positions(events, events[-1]["t"])
    assert severe(browser) == []


def test_figures_sharing_a_gurps_hex_are_drawn_in_the_half_they_hold(browser, tmp_path):
    """Seed 002's half-hex occupancy: each occupant of a close-combat hex drawn towards the
    side of the hex it holds (the log's ``gurps.half_hex``), no two overlapping."""
    import math

    events = golden("gurps_takedown_pin")
    page = tmp_path / "pin.html"
    write_html(events, page)
    load(browser, page)
    halves = [e for e in events if e["event"] == "gurps.half_hex"]
    assert max(len(e["occupants"]) for e in halves) >= 4
    for half in halves:
        later = [e["t"] for e in events if e["t"] > half["t"] and e["event"] == "move"
                 and e["actor"] in half["occupants"]]
        if later and later[0] == half["t"] + 1:
            continue  # gone before the next tenth: nothing to see
        browser.execute_script("window.replay.seek(arguments[0])", half["t"])
        spots = browser.execute_script(
            "var out = {}; document.querySelectorAll('#map .figure').forEach(function (g) {"
            "  out[g.dataset.id] = [+g.dataset.dx, +g.dataset.dy]; }); return out;")
        facings = ["E", "NE", "NW", "W", "SW", "SE"]
        for who, side in zip(half["occupants"], half["sides"], strict=True):
            dx, dy = spots[who]
            seen = math.degrees(math.atan2(dy, dx)) % 360
            meant = 60 * facings.index(side)
            assert abs((seen - meant + 180) % 360 - 180) <= 30, (half["t"], who, side, seen)
        drawn = [spots[a] for a in half["occupants"]]
        assert len({(round(x, 2), round(y, 2)) for x, y in drawn}) == len(drawn)
    assert severe(browser) == []


def test_each_blow_is_a_line_on_the_map_and_each_figure_shows_its_health(browser, tmp_path):
    events = golden("sword_duel")
    page = tmp_path / "duel.html"
    write_html(events, page)
    load(browser, page)
    blow = next(e for e in events if e["event"] == "attack" and e["result"] == "hit")
    hurt = next(e for e in events if e["event"] == "damage" and e["amount"] > 0)
    lines = ("return Array.prototype.map.call(document.querySelectorAll('#map .attack-line'),"
             " function (l) { return [+l.dataset.seq, l.dataset.from, l.dataset.to,"
             " l.dataset.result]; });")
    browser.execute_script("window.replay.seek(arguments[0])", blow["t"] - 1)
    assert [x[0] for x in browser.execute_script(lines)].count(blow["seq"]) == 0
    browser.execute_script("window.replay.seek(arguments[0])", blow["t"])
    assert [blow["seq"], blow["actor"], blow["target"], "hit"] in \
        browser.execute_script(lines)
    browser.execute_script("window.replay.seek(arguments[0])", blow["t"] + 10)
    assert [x[0] for x in browser.execute_script(lines)].count(blow["seq"]) == 0  # gone
    hp = ("var g = document.querySelector('#map .figure[data-id=\"' + arguments[0] + '\"]');"
          "return [g.dataset.hp, g.dataset.hpMax, g.querySelector('text').textContent];")
    browser.execute_script("window.replay.seek(arguments[0])", hurt["t"])
    left = hurt["body"] - hurt["total"]
    assert browser.execute_script(hp, hurt["actor"]) == [
        str(left), str(hurt["body"]), f"{hurt['actor']} {left}/{hurt['body']}"]
    bands = browser.execute_script(
        "return document.querySelectorAll('#lanes .hp-band[data-id=\"' + arguments[0] +"
        " '\"]').length", hurt["actor"])
    assert bands == 1 + sum(1 for e in events if e["event"] == "damage"
                            and e["actor"] == hurt["actor"])
    labels = browser.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('#lanes .damage-label'),"
        " function (t) { return t.textContent; });")
    assert f"-{hurt['amount']}" in labels and "-0" not in labels
    assert severe(browser) == []


def test_the_duel_s_map_fills_its_box(browser, tmp_path):
    events = golden("sword_duel")
    page = tmp_path / "duel.html"
    write_html(events, page)
    load(browser, page)
    box = browser.execute_script(
        "var m = document.getElementById('map').getBoundingClientRect(),"
        " b = document.getElementById('mapbox').getBoundingClientRect(),"
        " e = document.getElementById('events').getBoundingClientRect();"
        "return [m.width, m.height, b.width, e.height];")
    width, height, room, events_high = box
    assert width >= room - 4  # as wide as its box (was 400 px of it)
    assert height >= 0.8 * events_high  # and about as high as the events beside it
    assert severe(browser) == []
