"""The Concordia map first (issue 45): at the first human decision on each of the seven maps, in
English and Japanese, on a phone (390×844) and a desktop (1280×800), the map opens fitted
whole, its texts (city names, goods, letters) are drawn at least 9 CSS px tall (10th
percentile) and larger after a zoom, and on a phone the map above the decision sheet is at
least 55% of the screen. The figures come from ``bench/map_view.js`` (as ``bench/map_view.py``
prints them). One booted page per size and language.

No map label is covered by another label, a pad, a tag, a goods disc or a control, on
either size (on a phone a dense map's names go out into open sea drawn above and below it,
with leader lines: ``ui/boards/concordia_labels.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))

from map_view import FIRST_DECISION, MAPS, MEASURE, SIZES, start  # noqa: E402


def zoom_button(page, kind: str):
    return page.locator(f'[data-map-zoom="{kind}"]:visible')


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_map_opens_whole_and_legible(open_app, browser, guard, keep_snapshot, size,
                                           lang):
    context = browser.new_context(viewport=SIZES[size], has_touch=size == "phone",
                                  is_mobile=size == "phone")
    guard.watch(context)
    keep_snapshot(context)
    context.add_init_script("try { localStorage.setItem('ludi.handoff', 'off'); } catch (e) {}")
    page = context.new_page()
    open_app(page, "/")
    problems = []
    for mapname in MAPS:
        start(page, mapname, lang)
        m = page.evaluate(MEASURE)
        assert m["names"] > 0 and m["hidden"] == 0, (mapname, m)
        assert page.locator("#board svg.cc-map").get_attribute("data-zoom") == "1.00"
        if size == "phone" and m["mapShare"] < 0.55:
            problems.append(f"{mapname}: the map shows on {m['mapShare']:.0%} of the screen")
        if m["p10"] < 9:
            problems.append(f"{mapname}: texts {m['p10']:.1f} px (10th percentile)")
        if m["covers"]:
            problems.append(f"{mapname}: {len(m['covers'])} covered labels: {m['covers'][:4]}")
        zoom_button(page, "in").click()
        page.wait_for_function("+document.querySelector('#board svg.cc-map').dataset.zoom > 1")
        bigger = page.evaluate(MEASURE)["p10"]
        if bigger <= m["p10"] * 1.3:
            problems.append(f"{mapname}: a zoom drew texts at {bigger:.1f} px, not larger")
        zoom_button(page, "fit").click()
        page.wait_for_function("document.querySelector('#board svg.cc-map').dataset.zoom"
                               " === '1.00'")
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert not problems, problems
    context.close()


def view_box(page) -> list[float]:
    return [float(v) for v in
            page.locator("#board svg.cc-map").get_attribute("viewBox").split()]


def test_zoom_and_pan_by_keys_wheel_and_double_click_are_kept_per_game(open_app, page):
    """On a desktop: the keys (+, arrows, 0) with the map focused, the wheel and a double click
    zoom and pan the map; the view survives the redraw after a decision (a card played) and
    a reload, and another game opens whole."""
    page.set_viewport_size(SIZES["desktop"])
    page.add_init_script("try { localStorage.setItem('ludi.handoff', 'off'); } catch (e) {}")
    open_app(page, "/")
    start(page, "italia", "en")
    frame = page.locator("#cc-map-scroll")
    whole = view_box(page)
    frame.focus()
    page.keyboard.press("+")
    zoomed = view_box(page)
    assert zoomed[2] < whole[2] * 0.7, (whole, zoomed)
    page.keyboard.press("ArrowRight")
    moved = view_box(page)
    assert moved[0] > zoomed[0] and moved[2] == zoomed[2], (zoomed, moved)
    page.keyboard.press("0")
    assert view_box(page) == whole
    box = frame.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.4)
    page.mouse.wheel(0, -400)
    page.wait_for_function("+document.querySelector('#board svg.cc-map').dataset.zoom > 1.5")
    page.mouse.dblclick(box["x"] + 12, box["y"] + 12)
    page.wait_for_function("+document.querySelector('#board svg.cc-map').dataset.zoom > 3")
    kept = view_box(page)
    moves = int(page.locator("#board").get_attribute("data-moves"))
    page.locator('.cc-hand [data-cmd="act"]').first.click()  # a decision: the board redrawn
    page.wait_for_function(f"+document.getElementById('board').dataset.moves > {moves}")
    page.wait_for_function("document.querySelector('#board svg.cc-map[data-fitted]')")
    assert view_box(page) == kept
    page.reload()
    page.wait_for_function("document.querySelector('#board svg.cc-map[data-fitted]')",
                           timeout=60_000)
    assert view_box(page) == kept, "the view is kept with the game"
    start(page, "italia", "en")  # a new game opens whole
    assert page.locator("#board svg.cc-map").get_attribute("data-zoom") == "1.00"


def test_the_phone_sheet_stays_in_view_folded_under_a_third(open_app, browser, guard,
                                                            keep_snapshot):
    """On a phone the decision sheet is fixed at the foot of the screen wherever the page is
    scrolled, at most about a third of its height folded; "Show all" opens it."""
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    guard.watch(context)
    keep_snapshot(context)
    context.add_init_script("try { localStorage.setItem('ludi.handoff', 'off'); } catch (e) {}")
    page = context.new_page()
    open_app(page, "/")
    start(page, "creta", "ja")
    height = SIZES["phone"]["height"]
    sheet = page.locator(".decide")
    assert sheet.bounding_box()["height"] <= 0.34 * height
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(150)
    box = sheet.bounding_box()
    assert abs(box["y"] + box["height"] - height) < 2, box
    page.locator('.sheet-toggle[aria-expanded="false"]').click()
    page.wait_for_selector('.sheet-toggle[aria-expanded="true"]')
    assert sheet.bounding_box()["height"] > 0.34 * height
    # two fingers on the map zoom it, never the page
    frame = page.locator("#cc-map-scroll")
    assert frame.evaluate("e => getComputedStyle(e).touchAction") == "none"
    context.close()


def test_a_recap_line_brings_its_pieces_into_a_zoomed_map(open_app, page):
    """With the map zoomed in on a corner, a click on a line of "what happened" moves the
    view so that the pieces it is about are in the map's window (issue 45)."""
    page.set_viewport_size(SIZES["desktop"])
    page.add_init_script("try { localStorage.setItem('ludi.handoff', 'off'); } catch (e) {}")
    open_app(page, "/")
    page.evaluate("h => { location.hash = h; }",
                  "#new=concordia&players=3&map=italia&seats=human,ai,ai&start_player=1"
                  "&pace=fast&lang=en")
    page.wait_for_function(FIRST_DECISION, arg="italia", timeout=120_000)
    frame = page.locator("#cc-map-scroll")
    box = frame.bounding_box()
    for _ in range(3):  # into the top left corner, far from most pieces
        page.mouse.dblclick(box["x"] + 8, box["y"] + 8)
    page.wait_for_function("+document.querySelector('#board svg.cc-map').dataset.zoom >= 8")
    inside = """e => { const f = document.getElementById('cc-map-scroll').getBoundingClientRect();
        const r = e.getBoundingClientRect();
        return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1
            && r.bottom <= f.bottom + 1; }"""
    lines = page.locator('[data-cmd="recap-spot"]')
    for i in range(lines.count()):
        lines.nth(i).click()
        spotted = page.locator("#board svg.cc-map [data-spot]")
        if spotted.count():
            break
    assert spotted.count(), "no recap line spots a piece on the map"
    assert spotted.first.evaluate(inside), "the spotted piece is outside the map's window"
