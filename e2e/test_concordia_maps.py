"""Concordia's later maps in the browser (issue 35): each of Hellas, Ionium, Hispania, Cyprus
and Creta starts from a ``#new=`` address on one booted page, draws every city and its start
city, and is photographed at phone and desktop size in English and Japanese
(``e2e/artifacts/concordia-map-<map>-<lang>-<size>.png``); the new-game form shows the chosen
map; a human plays the first turns of a three-player game on Creta by pointer.
"""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import still
from test_concordia import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    board_state,
    click_act,
    fast_pace,
    move_and_build,
    play_card,
    wait_human,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.concordia.board import board  # noqa: E402
from ui.i18n import Catalogue  # noqa: E402

LATER = ("hellas", "ionium", "hispania", "cyprus", "creta")


def start(page, mapname: str, lang: str) -> None:
    """A new three-player game (a human and two computers) on ``mapname``, by its address on
    the page already booted."""
    page.evaluate("h => { location.hash = h; }",
                  f"#new=concordia&players=3&map={mapname}&seats=human,ai,ai"
                  f"&start_player=0&lang={lang}")
    page.wait_for_selector(f"#board .cc-{mapname}")
    wait_human(page, "turn")


def map_shot(page, name: str) -> None:
    """The map in view (``e2e/artifacts/concordia-map-<name>.png``)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#cc-map-scroll").evaluate("e => e.scrollIntoView({block: 'start'})")
    still(page)
    page.screenshot(path=str(ARTIFACTS / f"concordia-map-{name}.png"), full_page=False)


def test_every_later_map_starts_and_is_drawn_whole(open_app, page):
    open_app(page, "/")
    for lang in ("en", "ja"):
        for mapname in LATER:
            b = board(mapname)
            page.set_viewport_size(PHONE)  # as a phone opens it: the map scrolled to the start
            start(page, mapname, lang)
            assert page.locator("html").get_attribute("lang") == lang
            assert page.locator("#board .cc-city").count() == b.ncities
            assert page.locator("#board .cc-city.roma").count() == 1
            assert page.locator("#board .cc-roma-sign").text_content() == b.city_names[b.roma][0]
            title = page.locator("#board .cc-city.roma title").text_content()
            assert title.startswith(Catalogue(lang).t(f"cc.city.{b.city_ids[b.roma]}")), title
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], "the page itself must not scroll sideways"
            # the start city, where every colonist stands, is in the phone's view of the map
            assert page.locator("#board .cc-city.roma .dot").evaluate(
                "d => { const r = d.getBoundingClientRect(); return r.left >= 0 "
                f"&& r.right <= {PHONE['width']}; }}"), mapname
            map_shot(page, f"{mapname}-{lang}-phone")
            page.set_viewport_size(DESKTOP)
            still(page)
            # the map fits its frame on a desktop: every city's dot is inside the drawn map
            inside = page.evaluate("""() => {
                const svg = document.querySelector('#board svg.cc-map').getBoundingClientRect();
                return [...document.querySelectorAll('#board .cc-city .dot')].every(d => {
                    const r = d.getBoundingClientRect();
                    return r.left >= svg.left && r.right <= svg.right
                        && r.top >= svg.top && r.bottom <= svg.bottom; });
            }""")
            assert inside, mapname
            map_shot(page, f"{mapname}-{lang}-desktop")


def test_the_new_game_form_shows_the_chosen_map(open_app, page):
    open_app(page, "/")
    page.locator("[data-new-game='concordia']").first.click()
    page.wait_for_selector("#new-game")
    page.locator("#option-map").select_option("creta")
    page.wait_for_selector("#new-game .map-preview[data-map='creta']")
    caption = page.locator("#new-game .map-preview figcaption").inner_text()
    assert "Knossos" in caption
    page.locator("#new-game .map-preview").scroll_into_view_if_needed()
    still(page)
    page.screenshot(path=str(ARTIFACTS / "concordia-map-form-desktop.png"))
    page.locator("#option-map").select_option("hellas")
    page.wait_for_selector("#new-game .map-preview[data-map='hellas']")
    page.locator("#new-game [type='submit']").first.click()
    page.wait_for_selector("#board[data-game='concordia'] .cc-hellas")


def test_a_human_plays_the_first_turns_on_creta(open_app, page):
    """You and two computers on Creta: the Architect moves a colonist from Knossos along a
    gold route and builds, the Prefect's step shows Creta's own rules and a province is
    chosen, then the computers play and it is your turn again."""
    open_app(page, "/")
    fast_pace(page)
    start(page, "creta", "en")
    play_card(page, "Architect")
    wait_human(page, "architect")
    page.locator(".cc-bar [data-colonist]").first.click()
    page.wait_for_selector(".cc-route.target")
    assert page.locator(".cc-route.target.pass").count() == 0
    move_and_build(page)
    play_card(page, "Prefect")
    wait_human(page, "prefect")
    assert page.locator('.cc-bar p.cc-note[data-rule="C-M.creta.2"]').count() == 1
    map_shot(page, "creta-prefect-en-desktop")
    click_act(page, ".cc-province.target")
    wait_human(page, "turn", timeout=120_000)
    assert board_state(page)["moves"] > 4
    page.set_viewport_size(PHONE)
    map_shot(page, "creta-turn-en-phone")
