"""Concordia in the browser: computer games to the end, a human seat playing every kind of card
by pointer and a turn by keyboard, reload, share link, undo, replay, Japanese, accessibility,
and screenshots of the main screens (``e2e/artifacts/``).

The board module's contract is in ``ui/screens/play.py``; the positions used here are built
with the engine (CPython) and opened as links, so each test starts where it needs to be. The
tests that only play on a page share the worker's booted page (``booted``, e2e/conftest.py).
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pytest
from conftest import settled_markup, start_on, still, wait_ready

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from ui.links import game_fragment  # noqa: E402
from ui.session import Session  # noqa: E402

ARTIFACTS = ROOT / "e2e" / "artifacts"
AXE = Path(os.environ.get("AXE_CORE") or ROOT / "node_modules" / "axe-core" / "axe.min.js")
"""axe-core (the npm devDependency); ``AXE_CORE=/path/axe.min.js`` points elsewhere."""
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


# ----------------------------------------------------------------------------- helpers
def board_state(page) -> dict:
    return page.evaluate("""() => {
        const b = document.getElementById('board');
        const cc = b && b.querySelector('.cc');
        return b ? {state: b.dataset.gameState, moves: +b.dataset.moves,
                    step: cc ? cc.dataset.step : null,
                    thinking: !!document.querySelector('#prompt.thinking')} : null;
    }""")


def wait_human(page, step: str | None = None, timeout: float = 60_000) -> None:
    """Wait until the human seat decides (the step bar or a playable card is there)."""
    want = f'[data-step="{step}"]' if step else ""
    page.wait_for_function(
        f"""() => {{
            const cc = document.querySelector('#board .cc{want}');
            return !!cc && !document.querySelector('#prompt.thinking')
                && !!document.querySelector('#board [data-cmd="act"]');
        }}""", timeout=timeout)


def moves(page) -> int:
    return board_state(page)["moves"]


POINT_ON = """el => {
    // A point of the element's own shape (a route's line, a city's circle) where a pointer
    // lands on it: the middle of a route, else a little along it, else the circle's centre.
    const shape = el.querySelector('path.hit, circle.hit, rect.hit');
    if (!shape) {
        const r = el.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
    }
    const m = shape.getScreenCTM();
    const points = [];
    if (shape.tagName === 'path') {
        const length = shape.getTotalLength();
        for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
            points.push(shape.getPointAtLength(length * f));
        }
    } else if (shape.tagName === 'circle') {
        points.push({x: shape.cx.baseVal.value, y: shape.cy.baseVal.value});
    } else {
        points.push({x: shape.x.baseVal.value + shape.width.baseVal.value / 2,
                     y: shape.y.baseVal.value + shape.height.baseVal.value / 2});
    }
    for (const p of points) {
        const x = m.a * p.x + m.c * p.y + m.e, y = m.b * p.x + m.d * p.y + m.f;
        const hit = document.elementFromPoint(x, y);
        const cmd = hit && hit.closest('[data-cmd]');
        // the element itself, or what does the same (a route's cost pad on it)
        const same = cmd && cmd.dataset.cmd === el.dataset.cmd && el.dataset.index !== undefined
            && cmd.dataset.index === el.dataset.index;
        if (cmd === el || same) return [x, y];
    }
    return null;
}"""


def pointer_click(page, selector: str) -> None:
    """Click the first element of ``selector`` where a person would: on its shape, with the
    mouse (so hit testing on the map is part of the test)."""
    element = page.locator(selector).first
    # in the middle of the screen: clear of the decision bar a phone keeps at the bottom
    element.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    point = element.evaluate(POINT_ON)
    assert point, f"nothing of {selector} can be clicked"
    page.mouse.click(point[0], point[1])


def click_act(page, selector: str) -> None:
    """Click a legal target and wait until the decision is recorded."""
    before = moves(page)
    pointer_click(page, selector)
    page.wait_for_function(
        f"+document.getElementById('board').dataset.moves > {before}", timeout=20_000)


def link_for(players: int, mapname: str, seed: int, seats: list[str], until) -> str:
    """A game played with random legal moves (CPython) until ``until(game)``; its address."""
    game = engine.new_game("concordia", players, seed=seed, map=mapname)
    session = Session(game, seats, rng=random.Random(seed))
    session.settle_chance()
    rng = random.Random(seed)
    for _ in range(5000):
        if until(game):
            return "/" + game_fragment(session.link())
        session.decide(rng.randrange(len(game.legal_actions())))
    raise AssertionError("position not reached")


def turn_of(seat: int):
    return lambda g: not g.is_over and g.prompt()["step"] == "turn" and g.current_player == seat


def with_cards(*names: str):
    from engine.concordia.components import CARDS

    def ok(g) -> bool:
        held = {CARDS[c][0] for c in g.hand[0]}
        return turn_of(0)(g) and all(n in held for n in names)
    return ok


def shot(page, name: str) -> None:
    """A screenshot for people to look at (``e2e/artifacts/concordia-<name>.png``), with the
    step being decided at the top."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("""() => { const el = document.querySelector('#board .result')
        || document.querySelector('#board .cc-step'); if (el) el.scrollIntoView(); }""")
    still(page)
    page.screenshot(path=str(ARTIFACTS / f"concordia-{name}.png"), full_page=False)


def fast_pace(page) -> None:
    button = page.locator("[data-cmd='pace'][data-pace='fast']")
    if button.count():
        page.locator("#settings summary").click()
        button.click()
        page.locator("#settings summary").click()


# ----------------------------------------------------------------------------- app wiring
def test_stylesheet_and_log_in_words(booted):
    """The app links assets/css/concordia.css (the sea is not the SVG default black), and the
    log names players, cities and goods (not seat numbers and ids), in Japanese too."""
    page = start_on(booted, "/#new=concordia&players=3&map=imperium&seats=human,ai,ai"
                    "&start_player=0&names=Ann,Bo,Cy&lang=ja")
    wait_human(page, "turn")
    fill = page.evaluate("getComputedStyle(document.querySelector('.cc-sea')).fill")
    assert fill != "rgb(0, 0, 0)", "concordia.css is not applied"
    log = page.locator(".log").inner_text()
    assert "Annがスタートプレイヤーです" in log
    assert not re.search(r"(^|\n)\d+が", log)
    assert "roma" not in log and "food:" not in log


# ----------------------------------------------------------------------------- computer games
def test_four_computers_play_imperium_to_the_end(open_app, page):
    """Four computers play on from a link in which the deck is spent and four cards are left
    on display (random moves up to there; about 50 decisions to go) to the end screen."""
    open_app(page, link_for(4, "imperium", 2, ["ai:medium"] * 4, lambda g: sum(
        len(pile) for pile in g.deck) == 0 and len(g.display) <= 4
        and g.prompt()["step"] == "turn"))
    page.wait_for_function(
        "document.getElementById('board')?.dataset.gameState === 'over'", timeout=240_000)
    assert page.locator(".cc-final .cc-scores tbody tr").count() == 4
    assert page.locator('.cc-final [data-rule="C-6.8"]').count() >= 1


def test_two_computers_play_italia_to_the_end(open_app, page):
    """The issue's 2-player Italia game, from the first card to the end screen, unaided."""
    open_app(page, "/#new=concordia&players=2&map=italia&seats=ai,ai&names=Ann,Bo")
    assert page.locator("#board .cc-italia").count() == 1
    page.wait_for_function(
        "document.getElementById('board')?.dataset.gameState === 'over'", timeout=240_000)
    assert page.locator(".cc-final .cc-scores tbody tr").count() == 2
    # the end banner names the winner(s) and the score
    result = page.locator('[data-role="result"]')
    winners = [("Ann", "Bo")[int(s)] for s in result.get_attribute("data-winner").split(",")]
    headline = result.locator("h2").inner_text()
    assert all(name in headline for name in winners) and "points" in headline, headline
    page.set_viewport_size(PHONE)
    shot(page, "end-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, "end-desktop")


# ----------------------------------------------------------------------------- a human plays
def deciding(page, step: str) -> bool:
    """Whether the human is deciding ``step`` now (a step with nothing to choose but "done"
    is passed over by the engine: then the turn has moved on)."""
    state = board_state(page)
    return state["step"] == step and not state["thinking"]


def click_confirming(page, selector: str) -> None:
    """Click a legal target; where that wastes something (an Architect with houses still to
    build, a Senator buying nothing, a card that would do nothing) the page asks once
    (issue 12): yes. Then wait until the decision is recorded."""
    before = moves(page)
    pointer_click(page, selector)
    page.wait_for_function(
        f"+document.getElementById('board').dataset.moves > {before}"
        " || !!document.getElementById('confirm')", timeout=20_000)
    if page.locator("#confirm").count():
        page.locator("#confirm-yes").click()
        page.wait_for_function(
            f"+document.getElementById('board').dataset.moves > {before}", timeout=20_000)


def click_done(page) -> None:
    """End a step with "done" (see :func:`click_confirming`)."""
    click_confirming(page, ".cc-btn.done")


def move_and_build(page) -> None:
    """The Architect's colonist to the first target route, a house where one is offered, then
    Done if the step is still open."""
    click_act(page, ".cc-route.target")
    if page.locator(".cc-city.target").count():
        click_act(page, ".cc-city.target")
    if board_state(page)["step"] == "architect":
        click_done(page)


def play_card(page, name: str) -> None:
    wait_human(page, "turn")
    click_confirming(page, f".cc-hand .cc-card.playable:has(.cc-card-name:text-is('{name}'))")


def test_human_plays_the_starting_cards_by_pointer(open_app, page):
    open_app(page, "/#new=concordia&players=3&map=imperium&seats=human,ai,ai&start_player=0")
    fast_pace(page)
    wait_human(page, "turn")
    shot(page, "turn-desktop")
    # Architect: a colonist, then a gold route (with its cost), then a house or stop
    play_card(page, "Architect")
    wait_human(page, "architect")
    page.locator(".cc-bar [data-colonist]").first.click()
    page.wait_for_selector(".cc-route.target")
    shot(page, "architect-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "architect-phone")
    page.set_viewport_size(DESKTOP)
    # an unreachable route explains the rule
    page.locator(".cc-route:not(.target)").first.dispatch_event("click")
    page.wait_for_selector('#game-message [data-cmd="rule"][data-rule^="C-"]')
    move_and_build(page)
    # Prefect: a gold province (the preview says what each player gets)
    play_card(page, "Prefect")
    wait_human(page, "prefect")
    label = page.locator(".cc-province.target").first.get_attribute("aria-label")
    assert ":" in label
    shot(page, "prefect-desktop")
    click_act(page, ".cc-province.target")
    # Mercator: buy one good, then end trading
    play_card(page, "Mercator (3)")
    wait_human(page, "mercator")
    shot(page, "mercator-desktop")
    # on a desktop the whole trade sheet shows, cloth's row included: nothing scrolls inside it
    assert page.locator(".options").evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    page.set_viewport_size(PHONE)
    shot(page, "mercator-phone")
    # in a phone's short decision bar the money, Trade and End trading stay in view at the
    # sheet's foot while the goods scroll
    for button in (".cc-trade-foot [data-trade='go']", ".cc-trade-foot .cc-btn.done"):
        box = page.locator(button).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], button
    page.set_viewport_size(DESKTOP)
    # the trade sheet: one more of a good (a stepper), the money changes, then one Trade
    # (which looks disabled until a good is chosen: not the red of the enabled button)
    go_look = "e => [e.disabled, getComputedStyle(e).backgroundColor]"
    idle_go = page.locator(".cc-trade [data-trade='go']").evaluate(go_look)
    money = page.locator(".cc-trade-money").inner_text()
    page.locator(".cc-trade button[data-trade-delta='1']:not([disabled])").first.click()
    page.wait_for_function(f"document.querySelector('.cc-trade-money').textContent !== "
                           f"{money!r}")
    ready_go = page.locator(".cc-trade [data-trade='go']").evaluate(go_look)
    assert idle_go[0] and not ready_go[0] and idle_go[1] != ready_go[1], (idle_go, ready_go)
    click_act(page, ".cc-trade [data-trade='go']")
    # Senator: buy a card (choosing the payment where the slot asks for any good)
    play_card(page, "Senator")
    buyable = page.locator(".cc-display .cc-card.buyable")
    if deciding(page, "senator"):
        shot(page, "senator-desktop")
    if deciding(page, "senator") and buyable.count():
        card = buyable.first
        if card.get_attribute("data-cmd") == "board":
            card.click()
            page.wait_for_selector(".cc-btn.pay")
            # the payment question takes the focus, so it is in view, not below the panel
            page.wait_for_function("document.activeElement?.matches('.cc-btn.pay')")
            box = page.locator(".cc-btn.pay").first.bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= DESKTOP["height"]
            # the chosen card is marked, and the goods to pay are in its place, under it
            assert page.locator(".cc-slot.choosing .cc-card.chosen[aria-pressed='true']"
                                ).count() == 1
            assert page.locator(".cc-slot.choosing .cc-btn.pay").count() >= 1
            # "Stop buying" is in view at the foot of the panel, not cut off
            assert page.locator(".cc-options .cc-btn.done").evaluate("""e => {
                const r = e.getBoundingClientRect();
                const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                return !!top && e.contains(top); }""")
            click_act(page, ".cc-btn.pay")
        else:
            click_act(page, ".cc-display .cc-card.buyable")
    if board_state(page)["step"] == "senator":
        click_done(page)
    # Diplomat: copy a card, or nothing
    play_card(page, "Diplomat")
    if deciding(page, "diplomat"):
        click_act(page, ".cc-btn.copy")
    # finish the copied action if it asks for anything
    for _ in range(6):
        state = board_state(page)
        if state["step"] == "turn" or state["thinking"]:
            break
        wait_human(page)
        if page.locator(".cc-btn.done").count():
            click_done(page)
        else:
            click_act(page, "[data-cmd='act']")
    # Tribune: take the cards back, then a colonist for Roma or not
    play_card(page, "Tribune")
    if deciding(page, "tribune"):
        click_act(page, ".cc-btn.place")
    wait_human(page, "turn")
    assert page.locator(".cc-hand .cc-card.playable").count() >= 6


SPECIALISTS = ("Mason", "Farmer", "Smith", "Vintner", "Weaver")


def test_human_plays_colonist_consul_and_a_specialist(open_app, page):
    from engine.concordia.components import CARDS

    def ready(g) -> bool:
        return with_cards("Colonist", "Consul")(g) and any(
            CARDS[c][0] in SPECIALISTS for c in g.hand[0])

    open_app(page, link_for(3, "imperium", 14, ["human", "ai:easy", "ai:easy"], ready))
    fast_pace(page)
    wait_human(page, "turn")
    specialist = next(n for n in SPECIALISTS if page.locator(
        f".cc-hand .cc-card.playable[data-card='{n}']").count())
    play_card(page, "Colonist")
    wait_human(page, "colonist")
    shot(page, "colonist-desktop")
    click_act(page, ".cc-btn.place" if page.locator(".cc-btn.place").count()
              else ".cc-btn.cash")
    if board_state(page)["step"] == "colonist":
        click_done(page)
    play_card(page, "Consul")
    if deciding(page, "consul"):  # else nothing was affordable and the turn moved on
        assert page.locator(".cc-surcharge.off").count() >= 1
        click_act(page, ".cc-display .cc-card.buyable[data-cmd='act']")
    play_card(page, specialist)
    assert f"top: {specialist}" in page.locator(".cc-player.seat-0").inner_text()


GOLD_ROUTE_MISSES = """() => {
    // Each gold route's cost (its pad: the route's middle, or moved along the route off a
    // city's name, issue 45), scrolled into view: the map's topmost element there must belong
    // to that route's decision (elementsFromPoint, so a phone's bottom sheet over the map does
    // not count, only what the map itself draws).
    const misses = [];
    for (const route of document.querySelectorAll('.cc-route.target')) {
        const middle = document.querySelector(`.cc-pad[data-pad="${route.dataset.route}"] .pad`)
            || route.querySelector('circle.pad');
        middle.scrollIntoView({block: 'center', inline: 'center'});
        const box = middle.getBoundingClientRect();
        const x = box.x + box.width / 2, y = box.y + box.height / 2;
        const top = document.elementsFromPoint(x, y).find(e => e.closest('.cc-map'));
        const owner = top && top.closest('[data-cmd]');
        if (!owner || owner.dataset.cmd !== 'act' || owner.dataset.index !== route.dataset.index) {
            misses.push(route.getAttribute('aria-label') + ' -> ' + (owner
                ? owner.getAttribute('class') + ' ' + JSON.stringify(owner.dataset) : 'nothing'));
        }
    }
    return [document.querySelectorAll('.cc-route.target').length, misses];
}"""


@pytest.mark.parametrize("size", [DESKTOP, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_a_click_on_a_gold_routes_cost_takes_that_route(booted, size):
    """The review's case (Italia, the Architect with a colonist in Roma): the dashed sea route
    Neapolis–Roma, the label "Etruria" and sea routes near Roma were drawn over gold land
    routes and took clicks on their costs, which then were refused. Now each gold route's cost
    takes the click for that route, for the land and the sea colonist, and a click there moves
    the colonist."""
    booted.set_viewport_size(size)
    page = start_on(booted, "/#new=concordia&players=2&map=italia&seats=human,ai&start_player=0")
    play_card(page, "Architect")
    wait_human(page, "architect")
    for colonist in range(2):
        page.locator(".cc-bar [data-colonist]").nth(colonist).click()
        page.wait_for_selector(f".cc-bar [data-colonist='{colonist}'][aria-pressed='true']")
        page.wait_for_selector(".cc-route.target")
        count, misses = page.evaluate(GOLD_ROUTE_MISSES)
        assert count >= 8 and not misses, misses
    # a click (with the mouse) on the cost of the first gold route moves the colonist there
    pad = page.locator(".cc-pad").first
    route = pad.get_attribute("data-pad")
    pad.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    box = page.locator(".cc-pad .badge").first.bounding_box()
    before = moves(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        f"+document.getElementById('board').dataset.moves > {before}", timeout=20_000)
    assert page.locator(f".cc-map .cc-piece[data-at='r{route}']:not([data-ghost])").count() == 1


def test_a_turn_on_a_phone(booted):
    """At 360 px the map scrolls sideways and its targets are tapped where they are drawn."""
    booted.set_viewport_size(PHONE)
    page = start_on(booted, "/#new=concordia&players=3&map=imperium&seats=human,ai,ai"
                            "&start_player=0")
    wait_human(page, "turn")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the page itself must not scroll sideways"
    shot(page, "turn-phone")
    play_card(page, "Architect")
    wait_human(page, "architect")
    page.locator(".cc-bar [data-colonist]").last.click()
    page.wait_for_selector(".cc-route.target")
    click_act(page, ".cc-route.target")
    assert board_state(page)["step"] in ("architect", "turn")


def test_one_turn_by_keyboard_alone(booted):
    page = start_on(booted, "/#new=concordia&players=3&map=imperium&seats=human,ai,ai"
                            "&start_player=0")
    wait_human(page, "turn")
    page.locator(".game-title").focus()

    def tab_to(selector: str, limit: int = 400) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    before = moves(page)
    tab_to(".cc-card.playable[data-card='Prefect']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"+document.getElementById('board').dataset.moves > {before}")
    wait_human(page, "prefect")
    page.locator(".game-title").focus()
    tab_to(".cc-province.target")
    before = moves(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"+document.getElementById('board').dataset.moves > {before}")
    assert board_state(page)["step"] != "prefect"


# ----------------------------------------------------------------------------- reload, link
def test_reload_share_undo_and_replay(open_app, page, browser, site, guard):
    open_app(page, "/#new=concordia&players=3&map=imperium&seats=human,ai,ai&start_player=0")
    fast_pace(page)
    play_card(page, "Prefect")
    wait_human(page, "prefect")
    click_act(page, ".cc-province.target")
    wait_human(page, "turn")
    count = moves(page)
    map_before = settled_markup(page, ".cc-map")
    page.reload()
    wait_ready(page)
    wait_human(page, "turn")
    assert moves(page) == count
    assert settled_markup(page, ".cc-map") == map_before
    # share link in a fresh context shows the identical position
    page.locator(".toolbar [data-cmd='share']").click()
    url = page.locator("#share-link").input_value()
    other = browser.new_context(viewport=DESKTOP)
    guard.watch(other)
    fresh = other.new_page()
    fresh.goto(url)
    wait_ready(fresh)
    wait_human(fresh, "turn")
    assert moves(fresh) == count
    assert settled_markup(fresh, ".cc-map") == map_before
    assert fresh.locator(".cc-players").inner_html() == page.locator(".cc-players").inner_html()
    other.close()
    # undo goes back to before the Prefect's province
    page.locator("[data-cmd='undo']").click()
    page.wait_for_function(f"+document.getElementById('board').dataset.moves < {count}")
    wait_human(page, "prefect")
    # replay from the start, step forward, and back to the game
    page.locator("[data-cmd='replay']").click()
    page.wait_for_function("document.getElementById('board').dataset.replay === '0'")
    assert page.locator(".cc [data-cmd='act']").count() == 0
    page.locator("[data-cmd='replay-next']").click()
    page.wait_for_function("+document.getElementById('board').dataset.replay > 0")
    if page.locator("[data-cmd='replay-last']").is_enabled():
        page.locator("[data-cmd='replay-last']").click()
    page.locator("[data-cmd='replay-exit']").click()
    wait_human(page, "prefect")


# ----------------------------------------------------------------------------- new-game form
def test_new_game_form_for_concordia(booted):
    """Two players need the Italia map: with Imperium the form says why; with Italia the game
    starts on the Italia board."""
    page = booted  # on the landing
    page.locator("[data-new-game='concordia']").click()
    page.wait_for_selector("#new-game")
    page.locator("#players").select_option("2")
    page.wait_for_selector("#seat-kind-1")
    start = page.locator("#new-game [type='submit']").first
    if page.locator("#option-map").input_value() == "imperium":
        start.click()
        page.wait_for_function("document.getElementById('setup-error').textContent.length > 0")
        assert "3" in page.locator("#setup-error").inner_text()
        page.locator("#option-map").select_option("italia")
    start.click()
    page.wait_for_selector("#board[data-game='concordia'] .cc-italia")
    assert page.locator(".cc-player").count() == 2


# ----------------------------------------------------------------------------- Japanese, a11y
def test_japanese_board_is_complete(booted):
    page = start_on(booted, "/#new=concordia&players=3&map=italia&seats=human,ai,ai"
                            "&start_player=0&lang=ja")
    wait_human(page, "turn")
    text = page.locator("#board .table-main").inner_text()
    assert "手札" in text and "場札" in text and "お金" in text
    assert not re.search(r"\bcc\.[a-z]", text), "untranslated catalogue key"
    assert not re.search(r"\b(Architect|Prefect|Senator|sestertii|Display)\b", text)
    play_card(page, "長官")
    wait_human(page, "prefect")
    assert "属州" in page.locator(".cc-step").inner_text()
    shot(page, "prefect-ja-desktop")
    page.locator("[data-cmd='rules']").click()
    help_text = page.locator(".rules .cc-help").inner_text()
    assert "建築家" in help_text and "C-4.2" in help_text and "Natural Earth" in help_text
    page.locator("[data-cmd='rules']").click()
    page.set_viewport_size(PHONE)
    shot(page, "prefect-ja-phone")


def test_no_serious_accessibility_violations(booted):
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (add the npm devDependency axe-core)")
    page = start_on(booted, "/#new=concordia&players=3&map=imperium&seats=human,ai,ai"
                            "&start_player=0&pace=fast")  # the computers' turns go by quickly
    wait_human(page, "turn")
    page.evaluate(AXE.read_text(encoding="utf-8") + "; 0")  # not a <script>: the CSP refuses
    def check() -> None:
        found = page.evaluate("""async () => {
            // the game screen; the app's own log list is the app's tests' business
            const r = await axe.run({include: [['#board']], exclude: [['#board .log']]});
            return r.violations.filter(v => ['critical', 'serious'].includes(v.impact))
                .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target).join(' | '));
        }""")
        assert not found, found

    check()
    play_card(page, "Architect")
    wait_human(page, "architect")
    page.locator(".cc-bar [data-colonist]").first.click()
    page.wait_for_selector(".cc-route.target")
    check()
    click_done(page)
    play_card(page, "Prefect")
    wait_human(page, "prefect")
    check()
    click_act(page, ".cc-province.target")
    play_card(page, "Mercator (3)")
    wait_human(page, "mercator")
    check()
    click_done(page)
    play_card(page, "Senator")
    if deciding(page, "senator"):
        check()
