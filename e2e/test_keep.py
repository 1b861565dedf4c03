"""Never lose a game (issue 14): hostile player names in a link, storage that refuses every
write, one game open in two tabs, saves from a newer Ludi.

Pages are reused within a test wherever the scenario allows (each boot costs seconds).
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import NO_HANDOFF, take_on_as_sender, wait_ready

import engine
from ui.links import NewGameRequest, game_fragment
from ui.session import Session

HOSTILE = ["<img src=x onerror=f()>", "\u202eRLO</b><i>", "<svg onload=f()>",
           "\"'><script>f()</script>"]
"""Script-like names (at most 24 characters: longer names are cut in links)."""
WATCH_CSP = """() => { window.__csp = [];
    document.addEventListener('securitypolicyviolation',
        e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI)); }"""
REFUSE_WRITES = """() => { Storage.prototype.setItem = function () {
    throw new DOMException('The operation is insecure.', 'SecurityError'); }; }"""


def hostile_link(game: str, players: int, decisions: int, seed: int) -> str:
    """A ``#g=`` fragment of ``game`` after some random decisions, with script-like names."""
    session = Session.start(NewGameRequest(game, players, ["human"] * players, {},
                                           HOSTILE[:players]))
    session.rng = random.Random(seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        session.decide(rng.randrange(len(session.game.legal_actions())))
    return game_fragment(session.link())


def near_end_link(decisions_left: int, seed: int) -> str:
    """A ``#g=`` fragment of a short Municipium game, human against the easy computer, where
    the person is to decide, ``decisions_left`` of the person's decisions (random ones) before
    its end."""
    session = Session.start(NewGameRequest("municipium", 2, ["human", "ai:easy"],
                                           {"short": True}))
    session.rng = random.Random(seed)
    rng = random.Random(seed)
    links = []
    while not session.game.is_over:
        if session.game.current_player == 0:
            links.append(session.link())
        session.decide(rng.randrange(len(session.game.legal_actions())))
    return game_fragment(links[-min(decisions_left, len(links))])


def moves(page) -> int:
    return int(page.locator("#board").get_attribute("data-moves"))


# ------------------------------------------------------------------------ hostile names
def test_script_like_names_in_a_link_show_as_text(page, open_app, guard):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.add_init_script(f"({WATCH_CSP})()")
    open_app(page, "/")
    shown = [HOSTILE[0], "RLO</b><i>", HOSTILE[2], HOSTILE[3]]
    for game, players in (("municipium", 4), ("concordia", 3)):
        page.goto(f"{page.url.split('#')[0]}{hostile_link(game, players, 60, 3)}")
        page.wait_for_selector(f'#board[data-game="{game}"]')
        take_on_as_sender(page)
        text = page.locator("#screen").inner_text()
        for name in shown[:players]:
            assert name in text, (game, name)
        assert "\u202e" not in page.content()  # the override is dropped, not obeyed
        assert page.evaluate("""() => document.querySelectorAll(
            '#screen img, #screen script, #screen svg[onload], #screen i, [onerror]').length"""
                             ) == 0
        assert page.locator("html").get_attribute("data-log-length") == str(moves(page))
    page.locator('[data-cmd="menu"]').first.click()
    listed = page.locator("#saved-games").inner_text()
    assert HOSTILE[0] in listed and HOSTILE[2] in listed
    assert page.locator("html").get_attribute("data-log-length") is None
    page.wait_for_timeout(300)  # an image error or a blocked load would have fired by now
    assert dialogs == []
    assert page.evaluate("window.__csp") == []
    assert not [url for url in guard.requests if url.rstrip("/").endswith("/x")]


# ------------------------------------------------------------- storage refusing writes
def human_turn(page) -> None:
    """One step of a human seat that always takes the first decision offered: a decision
    button or board piece, else a piece to pick up first (Municipium's moves); while the
    computer thinks, wait until something is offered."""
    act = page.locator('#board [data-cmd="act"]')
    pick = page.locator('#board [data-what="pick"]')
    if act.count():
        before = moves(page)
        act.first.click()
        page.wait_for_function(
            f"Number(document.querySelector('#board').dataset.moves) > {before}")
    elif pick.count():
        pick.first.click()
        page.wait_for_selector('#board [data-cmd="act"]')
    else:
        page.wait_for_function("""() => document.querySelector(
            '#board [data-cmd="act"], #board [data-what="pick"]')
            || document.querySelector('#board').dataset.gameState === 'over'""",
                               timeout=90_000)


def test_storage_that_refuses_every_write_still_plays_to_the_end(browser, site, guard):
    """A new game and a game opened from a link both say, once, that nothing will be kept
    (the link's game does not claim to be saved), and the game plays on to its end."""
    context = browser.new_context(locale="en-US")
    guard.watch(context)
    context.add_init_script(f"({REFUSE_WRITES})()")
    notice = "games will not be kept"
    fresh = context.new_page()
    fresh.goto(site.url + "/#new=municipium&players=2&seats=human,ai:easy&short=true")
    wait_ready(fresh)
    fresh.wait_for_selector("#board")
    assert notice in fresh.locator("#game-message").inner_text()
    fresh.close()
    page = context.new_page()
    page.goto(site.url + "/" + near_end_link(8, 5))
    wait_ready(page)
    shown: list[bool] = []
    for _ in range(1500):
        if page.locator("#board").get_attribute("data-game-state") == "over":
            break
        assert page.locator("#screen").inner_text().count(notice) <= 1
        shown.append(notice in page.locator("#game-message").inner_text())
        human_turn(page)
    assert page.locator("#board").get_attribute("data-game-state") == "over"
    assert page.locator(".mu-result tbody tr").count() == 2
    # shown at the first save that failed, never taken back and shown again
    appearances = sum(1 for i, on in enumerate(shown) if on and (i == 0 or not shown[i - 1]))
    assert shown[0] and appearances == 1
    assert page.evaluate("Object.keys(localStorage).length") == 0
    context.close()


# -------------------------------------------------------------------- two tabs, one game
NOTICE = '[data-role="tab-notice"]'


def saved_log(page, save_id: str) -> list:
    """The log entries of the save as stored now (decoded by the engine, in CPython)."""
    record = json.loads(page.evaluate(f"localStorage.getItem('ludi.save.{save_id}')"))
    return engine.decode(record["link"]).log.entries


def attempt(page) -> None:
    """Click the first decision offered (passing the device first if pass-and-play asks)."""
    page.wait_for_selector('#board [data-cmd="act"], [data-cmd="handoff"]')
    if page.locator('[data-cmd="handoff"]').count():
        page.locator('[data-cmd="handoff"]').first.click()
    page.locator('#board [data-cmd="act"]').first.click()


def first_decision(page) -> None:
    before = moves(page)
    attempt(page)
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.moves) > {before}")


@pytest.mark.own_context  # both its pages start without the hand-off screen
def test_one_game_in_two_tabs_loses_no_decision(page, open_app, context):
    context.add_init_script(NO_HANDOFF)  # both seats are people at one device
    open_app(page, "/#new=municipium&players=2&seats=human,human")
    page.wait_for_selector("#board")
    first_decision(page)
    save_id = page.url.split("#play=")[1]
    tab_b = context.new_page()
    open_app(tab_b, f"/#play={save_id}")
    tab_b.wait_for_selector(NOTICE)
    assert "open in another tab" in tab_b.locator(NOTICE).inner_text()
    assert page.locator(NOTICE).count() == 0

    # A decides; B follows the save and shows A's decision
    first_decision(page)
    after_a = saved_log(page, save_id)
    tab_b.wait_for_function(
        f"Number(document.querySelector('#board').dataset.moves) === {len(after_a)}")
    assert tab_b.locator("html").get_attribute("data-log-length") == str(len(after_a))

    # B tries to decide: refused with the notice, nothing changes anywhere
    attempt(tab_b)
    assert "open in another tab" in tab_b.locator("#game-message").inner_text()
    assert moves(tab_b) == len(after_a) and saved_log(tab_b, save_id) == after_a

    # B takes over: the latest position first, then its own decision is saved after A's
    tab_b.locator('[data-cmd="take-over"]').click()
    tab_b.wait_for_selector(NOTICE, state="detached")
    page.wait_for_selector(NOTICE)
    assert moves(tab_b) == len(after_a)
    first_decision(tab_b)
    after_b = saved_log(tab_b, save_id)
    assert after_b[:len(after_a)] == after_a and len(after_b) > len(after_a)

    # A (no longer the writer) follows B and is refused in turn
    page.wait_for_function(
        f"Number(document.querySelector('#board').dataset.moves) === {len(after_b)}")
    attempt(page)
    assert moves(page) == len(after_b) and saved_log(page, save_id) == after_b

    # a third tab finds every accepted decision, in order
    tab_c = context.new_page()
    open_app(tab_c, f"/#play={save_id}")
    tab_c.wait_for_selector("#board")
    assert moves(tab_c) == len(after_b)
    assert saved_log(tab_c, save_id) == after_b
    tab_c.wait_for_selector(NOTICE)  # B still holds the game
    tab_b.locator('[data-cmd="menu"]').first.click()  # B leaves: the lock is free again
    tab_c.locator('[data-cmd="take-over"]').click()
    tab_c.wait_for_selector(NOTICE, state="detached")
    first_decision(tab_c)
    assert saved_log(tab_c, save_id)[:len(after_b)] == after_b


# ------------------------------------------------------------------ the saved-games list
def test_newer_saves_are_listed_untouched_and_old_games_offer_an_export(page, open_app):
    open_app(page, "/#new=municipium&players=2&seats=human,human&names=Ann,Bo")
    page.wait_for_selector("#board")
    save_id = page.url.split("#play=")[1]
    newer = json.dumps({"v": 99, "id": "future1", "game": "municipium", "link": "?",
                        "updated": 1.0, "summary": {"names": ["Cato", "Dido"]}})
    page.evaluate("""([newer, id]) => {
        localStorage.setItem('ludi.save.future1', newer);
        localStorage.setItem('ludi.save.broken', '{broken');
        const mine = JSON.parse(localStorage.getItem('ludi.save.' + id));
        mine.created = mine.updated = Date.now() / 1000 - 10 * 86400;
        localStorage.setItem('ludi.save.' + id, JSON.stringify(mine)); }""", [newer, save_id])
    page.locator('[data-cmd="menu"]').first.click()
    item = page.locator('[data-role="newer-save"]')
    assert "Cato, Dido" in item.inner_text() and "newer version" in item.inner_text()
    assert item.locator("button").count() == 0
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('[data-cmd="purge"]').click()
    assert page.evaluate("localStorage.getItem('ludi.save.future1')") == newer
    assert page.evaluate("localStorage.getItem('ludi.save.broken')") is None
    assert page.locator('[data-role="newer-save"]').count() == 1
    offer = page.locator(f'li[data-save="{save_id}"] [data-role="export-offer"]')
    assert "export" in offer.inner_text()
    with page.expect_download() as download:
        page.locator(f'li[data-save="{save_id}"] [data-cmd="export"]').click()
    assert download.value.suggested_filename.endswith(".json")
    page.wait_for_selector('[data-role="export-offer"]', state="detached")
    page.goto(page.url.split("#")[0] + "#play=future1")
    page.wait_for_function("document.getElementById('message').textContent.length > 0")
    assert "newer version" in page.locator("#message").inner_text()
    assert page.evaluate("localStorage.getItem('ludi.save.future1')") == newer


def test_a_link_that_goes_on_from_a_save_is_written_to_it(page, open_app, browser, guard):
    open_app(page, "/#new=municipium&players=2&seats=human,human")
    page.wait_for_selector("#board")
    first_decision(page)
    save_id = page.url.split("#play=")[1]
    page.locator('.toolbar [data-cmd="share"]').click()
    sent = page.locator("#share-link").input_value()
    other = browser.new_context()
    guard.watch(other)
    friend = other.new_page()
    friend.goto(sent)
    wait_ready(friend)
    friend.wait_for_selector("#board")
    first_decision(friend)
    friend.locator('.toolbar [data-cmd="share"]').click()
    back = friend.locator("#share-link").input_value()
    other.close()
    page.goto(back)
    page.wait_for_function(f"location.hash === '#play={save_id}'")
    page.wait_for_function("document.documentElement.dataset.logLength > 0")
    assert page.locator(NOTICE).count() == 0
    first_decision(page)  # this tab is the writer: the save takes the decision
    assert len(saved_log(page, save_id)) == moves(page)
