"""Links and saves in the real page: #new=, #g=, damaged links, saves, full storage, language.

Every game-changing path is checked against localStorage: a bad link or a full storage never
touches the saved games.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import NO_HANDOFF, start_on, wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402

SAVES_JS = """() => Object.keys(localStorage).filter(k => k.startsWith('ludi.save.')).sort()
    .map(k => [k, localStorage.getItem(k)])"""


def saves(page) -> list:
    return page.evaluate(SAVES_JS)


def start_hotseat(open_app, page, game="municipium", players=2) -> None:
    page.add_init_script(NO_HANDOFF)
    open_app(page, f"/#new={game}&players={players}&seats=human,human")
    page.wait_for_selector('#board[data-game-state="playing"]')


def test_new_link_starts_a_game_with_those_seats(booted):
    """Also on a page where other games were played before (the worker's booted page)."""
    page = start_on(booted, "/#new=municipium&players=3&seats=human,ai:hard,ai&short=true")
    board = page.locator("#board")
    assert board.get_attribute("data-game") == "municipium"
    assert board.get_attribute("data-game-state") in ("playing", "over")
    assert page.locator("#screen").is_visible() and page.locator("#landing").is_hidden()
    players = [page.locator(f".mu-player.seat-{seat} h3").inner_text() for seat in range(3)]
    assert page.locator(".mu-player").count() == 3
    assert "Computer · hard" in players[1] and "Computer · medium" in players[2]
    assert players[1].count("Computer") == 1 and "(" not in players[1]
    # the address now names the save, so a reload resumes it
    assert "#play=" in page.url
    [(key, text)] = saves(page)
    record = json.loads(text)
    assert record["meta"]["seats"] == ["human", "ai:hard", "ai:medium"]
    assert engine.decode(record["link"]).setup.option("short") is True


def test_bad_new_link_says_why(open_app, page):
    open_app(page, "/#new=municipium&players=9")
    message = page.locator("#message")
    assert "2 to 4 players" in message.inner_text()
    assert page.locator("#landing").is_visible()


def test_share_link_opens_the_same_position_in_a_fresh_browser(open_app, page, browser, site,
                                                                 guard):
    start_hotseat(open_app, page)
    for _ in range(3):
        page.locator('[data-cmd="act"]').first.click()
    moves = page.locator("#board").get_attribute("data-moves")
    page.locator('.toolbar [data-cmd="share"]').click()
    url = page.locator("#share-link").input_value()
    assert url.startswith(site.url) and "#g=" in url
    page.keyboard.press("Escape")  # closes the share sheet, as its Close button does
    page.wait_for_selector("#share-link", state="detached")
    other = browser.new_context()
    guard.watch(other)
    fresh = other.new_page()
    fresh.goto(url)
    wait_ready(fresh)
    fresh.wait_for_selector("#board")
    assert fresh.locator("#board").get_attribute("data-moves") == moves
    assert "opened from the link" in fresh.locator("#game-message").inner_text()
    assert len(saves(fresh)) == 1
    # what happened since the opener's last move: one press away, wherever it is laid out
    fresh.locator('#game-message [data-cmd="jump"][data-to="recap"]').click()
    recap = fresh.locator('#screen [data-role="recap"]').bounding_box()
    assert 0 <= recap["y"] < fresh.viewport_size["height"], recap
    fresh.select_option("#lang-select", "ja")  # the notice on show follows the language
    assert fresh.locator("#game-message").inner_text().startswith("リンクからゲームを開きました")
    # the decisions that came by link are the sender's too: Undo says so and changes nothing
    undo = fresh.locator('[data-cmd="undo"]')
    assert undo.get_attribute("aria-disabled") == "true"
    undo.click(force=True)  # Playwright waits for aria-disabled buttons; a person can press it
    assert "取り消せません" in fresh.locator("#game-message").inner_text()
    assert fresh.locator("#board").get_attribute("data-moves") == moves
    other.close()


@pytest.mark.parametrize("damage", ["truncate", "tamper", "garbage"])
def test_bad_link_shows_a_message_and_keeps_saves(open_app, page, damage):
    start_hotseat(open_app, page)
    page.locator('[data-cmd="act"]').first.click()
    link = engine.decode(json.loads(saves(page)[0][1])["link"])
    text = engine.encode(link)
    bad = {"truncate": text[: len(text) // 2], "tamper": text[:-6] + "AAAAAA",
           "garbage": "not*a*game"}[damage]
    before = saves(page)
    page.goto(f"{page.url.split('#')[0]}#g={bad}")
    page.wait_for_function("document.getElementById('message').textContent.length > 0")
    assert "saved games are untouched" in page.locator("#message").inner_text()
    assert page.locator("#landing").is_visible()
    assert saves(page) == before
    page.reload()
    wait_ready(page)
    assert saves(page) == before


def links(page) -> list:
    """The saved games: each key with its game (a resumed save is written again, with a
    new time)."""
    return [(key, json.loads(text)["link"]) for key, text in saves(page)]


def open_fragment(page, fragment: str) -> None:
    page.goto(f"{page.url.split('#')[0]}#{fragment}")
    page.wait_for_function("document.getElementById('game-message')?.textContent.length > 0")


def test_an_old_or_diverging_link_never_overwrites_the_saved_game(open_app, page):
    """Correspondence: an older link of a game saved here further on opens the saved game
    (no second copy); a link whose game went another way opens as a separate game, and the
    saved one is kept. Both say so."""
    start_hotseat(open_app, page)
    for _ in range(2):
        page.locator('[data-cmd="act"]').first.click()
    early = json.loads(saves(page)[0][1])
    for _ in range(3):
        page.locator('[data-cmd="act"]').first.click()
    moves = page.locator("#board").get_attribute("data-moves")
    before = links(page)
    open_fragment(page, f"g={early['link']}")
    assert "older position" in page.locator("#game-message").inner_text()
    assert page.locator("#board").get_attribute("data-moves") == moves
    assert links(page) == before
    game = engine.decode(early["link"])
    played = engine.decode(before[0][1]).log.entries[len(game.log)]
    other = next(a for a in game.legal_actions() if a != played.action)
    game.apply(other)
    open_fragment(page, "g=" + engine.encode(game, meta=early["meta"] | {"via_link": None}))
    assert "went another way" in page.locator("#game-message").inner_text()
    assert len(links(page)) == 2 and before[0] in links(page)


def mid_turn_link() -> str:
    """A Municipium game between Ann and Bo, shared by Ann in the middle of her turn (she has
    moved once and may move again)."""
    from ui.session import Session

    game = engine.new_game("municipium", 2, seed=11, names=["Ann", "Bo"])
    session = Session(game, ["human", "human"])
    while not session.mid_turn() or game.pending()["kind"] == "initial":
        game.apply(game.chance_outcomes()[0][0] if game.is_chance else game.legal_actions()[0])
    return session.link()


def test_a_link_sent_mid_turn_opens_on_the_senders_handoff(open_app, page):
    """Ann shared before finishing her turn: the link opens on a screen that says it is still
    her turn and offers to send it back (even with the hand-off screen switched off), so Bo
    does not decide for her by accident; "I am Ann" shows the table."""
    page.add_init_script(NO_HANDOFF)
    open_app(page, "/#g=" + mid_turn_link(), as_sender=False)
    screen = page.locator('[data-role="handoff"][data-sent-mid-turn="true"]')
    screen.wait_for()
    assert "Still Ann's turn" in screen.locator("h2").inner_text()
    assert "middle of a turn" in screen.inner_text()
    assert screen.locator('[data-role="handoff-share"]').is_visible()
    assert page.locator('[data-role="board"]').count() == 0
    screen.locator('[data-cmd="handoff"]').click()
    page.wait_for_selector('[data-role="board"]')
    assert page.locator('[data-role="handoff"]').count() == 0


def test_importing_a_game_already_saved_makes_no_copy(open_app, page):
    start_hotseat(open_app, page)
    page.locator('[data-cmd="act"]').first.click()
    record = json.loads(saves(page)[0][1])
    page.locator('[data-cmd="menu"]').first.click()
    before = saves(page)
    page.set_input_files("#import-file", files=[
        {"name": "game.txt", "mimeType": "text/plain", "buffer": record["link"].encode()}])
    page.wait_for_function("document.getElementById('message').textContent.length > 0")
    assert "already in your saved games" in page.locator("#message").inner_text()
    assert saves(page) == before and page.locator("#saved-games li.save").count() == 1


def test_reload_resumes_the_identical_position(open_app, page):
    start_hotseat(open_app, page)
    for _ in range(4):
        page.locator('[data-cmd="act"]').last.click()
    moves = page.locator("#board").get_attribute("data-moves")
    prompt = page.locator("#prompt").inner_text()
    page.reload()
    wait_ready(page)
    assert page.locator("#board").get_attribute("data-moves") == moves
    assert page.locator("#prompt").inner_text() == prompt


def test_saved_games_list_resume_and_delete(open_app, page):
    start_hotseat(open_app, page)
    page.locator('[data-cmd="act"]').first.click()
    page.locator('[data-cmd="menu"]').first.click()
    assert page.locator("#landing").is_visible()
    items = page.locator("#saved-games li.save")
    assert items.count() == 1
    items.first.locator('[data-cmd="resume"]').click()
    assert page.locator("#board").is_visible()
    page.locator('[data-cmd="menu"]').first.click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('#saved-games [data-cmd="delete"]').click()
    assert page.locator("#saved-games li.save").count() == 0
    assert saves(page) == []


def test_corrupt_save_is_reported_and_skipped(open_app, page):
    start_hotseat(open_app, page)
    page.evaluate("localStorage.setItem('ludi.save.zzz', '{broken')")
    page.locator('[data-cmd="menu"]').first.click()
    assert page.locator("#saved-games li.save").count() == 1
    assert "damaged" in page.locator("#saved-games").inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('[data-cmd="purge"]').click()
    assert [k for k, _ in saves(page)] != [] and "ludi.save.zzz" not in dict(saves(page))


def test_full_storage_is_reported_and_the_game_goes_on(open_app, page):
    start_hotseat(open_app, page)
    before = saves(page)
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('quota', 'QuotaExceededError'); }; }""")
    page.locator('[data-cmd="act"]').first.click()
    assert "storage is full" in page.locator("#game-message").inner_text()
    moves = int(page.locator("#board").get_attribute("data-moves"))
    page.locator('[data-cmd="act"]').first.click()
    assert int(page.locator("#board").get_attribute("data-moves")) > moves
    assert saves(page) == before


def test_language_switch_is_applied_and_remembered(open_app, page):
    open_app(page, "/")
    page.select_option("#lang-select", "ja")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator('[data-new-game="municipium"]').inner_text() != "New game"
    assert "保存" in page.locator("#saved-games").inner_text()
    page.goto(page.url.split("#")[0])
    wait_ready(page)
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "保存" in page.locator("#saved-games").inner_text()


def test_language_from_the_fragment(booted):
    page = start_on(booted, "/#new=concordia&players=3&seats=human,human,human&lang=ja")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator(".game-title").inner_text() == "コンコルディア"


def test_a_player_added_in_the_form_is_like_the_last_seat(open_app, page):
    """Raising the player count never turns a game against the computer into pass-and-play:
    the seat added is a computer like the last one."""
    open_app(page, "/")
    page.locator("[data-new-game='municipium']").click()
    page.locator("#seat-kind-2").select_option("ai:hard")
    page.locator("#players").select_option("4")
    page.wait_for_selector("#seat-kind-3")
    kinds = [page.locator(f"#seat-kind-{seat}").input_value() for seat in range(4)]
    assert kinds == ["human", "ai:medium", "ai:hard", "ai:hard"]
