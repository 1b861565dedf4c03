"""Words a player reads, in the browser: refusals are plain sentences in English and Japanese
with a working rule link (Concordia: a card that cannot be afforded; Municipium: an illegal
move). The positions are built with the engine (CPython) and opened as links, most on the
worker's booted page (``booted``), whose language each test switches in place.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

from conftest import start_on

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.concordia.cards import card_price  # noqa: E402
from ui.links import NewGameRequest, game_fragment  # noqa: E402
from ui.session import Session  # noqa: E402

RULE_ID = re.compile(r"\b[MC]-\d")
ARTIFACTS = ROOT / "e2e" / "artifacts"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"words-{name}.png"))


def _concordia_senator_short_of_goods() -> tuple[str, int]:
    """A 3-player game link whose human seat is buying with the Senator and cannot afford the
    card in some slot; returns (fragment, slot)."""
    for seed in range(200):
        session = Session.start(NewGameRequest("concordia", 3, ["human"] * 3,
                                               {"map": "imperium"}, ["Marcus", "Livia", "Gaius"]))
        session.rng = random.Random(seed)
        rng = random.Random(seed)
        game = session.game
        for _ in range(400):
            if game.is_over:
                break
            prompt = game.prompt()
            if prompt["step"] == "senator":
                legal = {a.a for a in game.legal_actions() if a.verb == "card"}
                for slot, card in enumerate(game.display):
                    if card < 0 or slot in legal:
                        continue
                    cost, any_good = card_price(card, slot, True)
                    if not any_good:
                        return game_fragment(session.link()), slot
            session.decide(rng.randrange(len(game.legal_actions())))
    raise AssertionError("no Senator position found")


def _municipium_move_step() -> tuple[str, int]:
    """A 2-player game link at a move step, and an institution where the mover has nobody."""
    for seed in range(200):
        session = Session.start(NewGameRequest("municipium", 2, ["human"] * 2, {},
                                               ["Livia", "Marcus"]))
        session.rng = random.Random(seed)
        rng = random.Random(seed)
        game = session.game
        for _ in range(300):
            pending = game.pending()
            if pending["kind"] == "move" and pending["args"]["moved"] == 0:
                seat = game.current_player
                empty = [i for i in range(7) if not game.plain[seat][i]
                         and not game.elect[seat][i]]
                if empty:
                    return game_fragment(session.link()), empty[0]
            session.decide(rng.randrange(len(game.legal_actions())))
    raise AssertionError("no move position found")


def _message(page) -> str:
    return page.locator("#game-message .message-text").inner_text()


def _switch_language(page, lang: str) -> None:
    """The header's language menu, as a player would (the game screen is drawn again)."""
    page.select_option("#lang-select", lang)
    page.wait_for_function("(() => { const t = document.querySelector('#board .game-title');"
                           " return !!t && /[^\\x00-\\x7f]/.test(t.textContent); })()")


def _check_refusal(page, click, lang: str, rule: str, words: str) -> None:
    click()
    link = page.locator('#game-message [data-cmd="rule"]')
    link.wait_for()
    text = _message(page)
    assert words in text, text
    assert not RULE_ID.search(text) and "(" not in text.split(".")[0], text
    if lang == "ja":
        latin = re.sub(r"Marcus|Livia|Gaius|[A-Z]\b|\d", "", text)
        assert not re.search(r"[A-Za-z]", latin), text
    assert link.get_attribute("data-rule") == rule
    assert rule in (link.get_attribute("title") or "")


def _open_rule(page, anchor: str) -> None:
    page.locator('#game-message [data-cmd="rule"]').click()
    page.wait_for_selector("#rules-help")
    page.wait_for_function(f"document.activeElement && document.activeElement.id === '{anchor}'")
    assert page.locator(f"#{anchor}").is_visible()


def test_concordia_unaffordable_card_is_refused_in_plain_words_with_a_rule_link(booted):
    fragment, slot = _concordia_senator_short_of_goods()
    page = start_on(booted, fragment)
    card = page.locator(f'.cc-display [data-slot="{slot}"].unaffordable')
    card.wait_for()
    _check_refusal(page, card.click, "en", "C-4.8", "You need ")
    assert "; you have " in _message(page)
    page.locator("#game-message").scroll_into_view_if_needed()
    shot(page, "refusal-concordia-en")
    _open_rule(page, "cc-help-Senator")
    _switch_language(page, "ja")
    assert "が必要です" in _message(page)  # the refusal on show is worded again
    card = page.locator(f'.cc-display [data-slot="{slot}"].unaffordable')
    _check_refusal(page, card.click, "ja", "C-4.8", "が必要です")
    assert "手持ち" in _message(page)
    page.locator("#game-message").scroll_into_view_if_needed()
    shot(page, "refusal-concordia-ja")
    _open_rule(page, "cc-help-Senator")


def test_municipium_illegal_move_is_refused_in_plain_words_with_a_rule_link(booted):
    fragment, empty = _municipium_move_step()
    page = start_on(booted, fragment)
    place = page.locator(f'.mu-inst[data-inst="{empty}"]')
    place.first.wait_for()
    _check_refusal(page, place.first.click, "en", "M-5.1", "You have no family member at the")
    _open_rule(page, "mu-help-turn")
    _switch_language(page, "ja")
    place = page.locator(f'.mu-inst[data-inst="{empty}"]')
    _check_refusal(page, place.first.click, "ja", "M-5.1", "ファミリーメンバーがいません")
    _open_rule(page, "mu-help-turn")


def _municipium_your_powers_nowhere() -> str:
    """A 3-player link at a card step where the player to move leads nowhere and still holds
    Your Powers."""
    from engine.municipium.actions import PlayFamily
    from engine.municipium.data import FAMILY_CARDS

    for seed in range(300):
        session = Session.start(NewGameRequest("municipium", 3, ["human"] * 3, {},
                                               ["Livia", "Marcus", "Titus"]))
        session.rng = random.Random(seed)
        rng = random.Random(seed)
        game = session.game
        for _ in range(300):
            seat = game.current_player
            if game.pending()["kind"] == "card" and any(
                    isinstance(a, PlayFamily) and FAMILY_CARDS[a.card] == "your_powers"
                    for a in game.legal_actions()) and not any(
                    game.ranking_at(i)[:1] == [seat] for i in range(7)):
                return game_fragment(session.link())
            session.decide(rng.randrange(len(game.legal_actions())))
    raise AssertionError("no such position")


def _moves(page) -> int:
    return int(page.locator("#board").get_attribute("data-moves"))


def test_a_regrettable_decision_is_confirmed_once_and_dont_ask_again_is_kept(open_app, page):
    fragment = _municipium_your_powers_nowhere()
    open_app(page, "/" + fragment)
    card = page.locator("button.mu-card.target", has_text="Your Powers")
    before = _moves(page)
    card.click()
    page.wait_for_selector("#confirm")
    assert "would do nothing" in page.locator("#confirm-question").inner_text()
    assert page.locator("#confirm").count() == 1 and _moves(page) == before
    page.locator('[data-cmd="confirm-no"]').click()
    page.wait_for_selector("#confirm", state="detached")
    assert _moves(page) == before
    card.click()
    page.wait_for_selector("#confirm")
    page.locator("#confirm-never").check()
    shot(page, "confirm")
    page.locator("#confirm-yes").click()
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.moves) > {before}")
    assert page.locator("#confirm").count() == 0
    # the same position again (the link, in the same browser, its save gone: else the link
    # would open the save, which is further on): no question any more
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ludi.save.'))"
                  ".forEach(k => localStorage.removeItem(k))")
    open_app(page, "/" + fragment)
    before = _moves(page)
    page.locator("button.mu-card.target", has_text="Your Powers").click()
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.moves) > {before}")
    assert page.locator("#confirm").count() == 0


def test_saved_games_say_whose_turn_and_exports_are_named_for_people(booted):
    page = start_on(booted, "/#new=concordia&players=3&map=imperium&seats=human,ai:easy,ai:easy"
                            "&start_player=0&names=Marcus,Livia,Titus")
    page.wait_for_selector('#board[data-game-state="playing"]')
    page.locator('[data-cmd="menu"]').click()
    item = page.locator('#saved-games li.save[data-your-turn="true"]')
    item.wait_for()
    assert item.locator(".save-title").inner_text() == "Concordia: Marcus, Livia, Titus"
    detail = item.locator(".save-detail").inner_text()
    assert detail.startswith("Your turn · Round 1 · saved ") and "moves" not in detail
    with page.expect_download() as download:
        item.locator('[data-cmd="export"]').click()
    name = download.value.suggested_filename
    shot(page, "saves")
    assert re.fullmatch(r"concordia-\d{4}-\d\d-\d\d-marcus-livia-titus\.json", name), name
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.querySelector('#saved-games li.save .save-detail')"
                           ".textContent.startsWith('あなたの番')")
