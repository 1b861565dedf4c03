"""The game table: the whole game at a glance on a desktop (1280×800) and a phone (390×844),
in English and Japanese, for both games; refusals where the player looks; whose turn in the
tab's title; the pass-and-play hand-off; the end banner; accessibility of the new screens.

One page is booted per test and games are started by changing the address (``#new=…``), so
the checks share the expensive part. Screenshots of every layout go to ``e2e/artifacts/``
(``table-<game>-<lang>-<size>.png``, not in git): look at them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import start_on, still

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts"
AXE = Path(os.environ.get("AXE_CORE") or ROOT / "node_modules" / "axe-core" / "axe.min.js")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BOARD_SHOWN = 0.4
"""The least part of a phone's screen height that shows the board, above the decision bar."""
FAST = "localStorage.setItem('ludi.pace', 'fast')"
"""Computer seats at the fast pace (a preference the page reads at start)."""

RECT = """(sel) => [...document.querySelectorAll(sel)].filter(e => e.checkVisibility())
    .map(e => { const r = e.getBoundingClientRect();
                return {top: r.top, left: r.left, bottom: r.bottom, right: r.right,
                        width: r.width, height: r.height}; })"""


def rects(page, selector: str) -> list[dict]:
    return page.evaluate(RECT, selector)


def inside(rect: dict, size: dict) -> bool:
    return (rect["top"] >= -0.5 and rect["left"] >= -0.5 and rect["bottom"] <= size["height"] + 0.5
            and rect["right"] <= size["width"] + 0.5)


def one(page, role: str) -> dict:
    found = rects(page, f'[data-role="{role}"]')
    assert len(found) == 1, f"{role}: {len(found)} shown"
    return found[0]


def wait_human(page, timeout: float = 90_000) -> None:
    """Until the page waits for the human seat (and its decisions are drawn)."""
    page.wait_for_function(
        "document.documentElement.dataset.awaiting === 'human'"
        " && !!document.querySelector('#board [data-cmd=\"act\"]')", timeout=timeout)


def start(page, game: str, lang: str) -> None:
    page.evaluate("h => { location.hash = h; }",
                  f"#new={game}&players=3&seats=human,ai,ai&lang={lang}")
    page.wait_for_function(f"document.getElementById('board')?.dataset.game === '{game}'"
                           f" && document.documentElement.lang === '{lang}'")
    wait_human(page)


def at_top(page, size: dict) -> None:
    page.set_viewport_size(size)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)


def check_desktop(page, size: dict) -> None:
    for role in ("board", "prompt", "options", "me"):
        rect = one(page, role)
        assert inside(rect, size), f"{role} is not entirely inside the viewport: {rect}"


def check_phone(page, size: dict) -> None:
    for role in ("prompt", "options"):
        rect = one(page, role)
        assert inside(rect, size), f"{role} is not entirely inside the viewport: {rect}"
    board = one(page, "board")
    assert 0 <= board["top"] < size["height"], board
    decide = rects(page, ".decide")[0]
    shown = min(board["bottom"], decide["top"]) - board["top"]
    assert shown >= BOARD_SHOWN * size["height"], \
        f"only {shown:.0f} px of the board show above the decision bar"
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    small = [r for r in rects(page, '[data-cmd="act"]') if r["width"] < 24 or r["height"] < 24]
    assert not small, f"targets under 24×24 px: {small[:5]}"
    buttons = [r for r in rects(page, '[data-role="options"] button[data-cmd="act"]')
               if r["height"] < 44]
    assert not buttons, f"decision buttons under 44 px high: {buttons[:5]}"


ILLEGAL = {"concordia": '.cc-city[data-cmd="board"]',
           "municipium": '.mu-svg [data-cmd="board"][data-what="deck"]'}


def check_refusal(page, game: str, size: dict) -> None:
    """A click on an illegal board target: its explanation is inside the viewport."""
    page.evaluate("() => { const m = document.getElementById('game-message');"
                  " m.textContent = ''; }")
    target = page.locator(ILLEGAL[game]).first
    if game == "concordia":  # a city drawn inside the viewport (the map scrolls on a phone)
        target = page.locator(ILLEGAL[game]).filter(has=page.locator("circle")).nth(
            page.evaluate("""(w) => [...document.querySelectorAll('.cc-city[data-cmd="board"]')]
                .findIndex(e => { const r = e.getBoundingClientRect();
                                  return r.left > 10 && r.right < w - 10 && r.top > 0; })""",
                          size["width"]))
        box = target.locator("circle").first.bounding_box()  # the city's middle, not its name
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        target.click()
    page.wait_for_function("document.getElementById('game-message').textContent.length > 0")
    message = one(page, "message")
    assert inside(message, size), message
    assert page.locator('[data-role="message"]').get_attribute("aria-live") == "polite"


def open_settings(page) -> None:
    if not page.evaluate("document.getElementById('settings').open"):
        page.locator("#settings summary").click()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    still(page)
    page.screenshot(path=str(ARTIFACTS / f"table-{name}.png"))


def audit(page) -> list[str]:
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (npm ci)")
    page.evaluate(AXE.read_text(encoding="utf-8") + "; 0")
    return page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => ['critical', 'serious'].includes(v.impact))
            .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target).join(' | '));
    }""")


@pytest.mark.parametrize("game", ["concordia", "municipium"])
def test_the_table_at_a_glance(open_app, page, game):
    """Desktop and phone, English and Japanese, at the human seat's first decision."""
    page.add_init_script(FAST)
    open_app(page, "/")
    for lang in ("en", "ja"):
        start(page, game, lang)
        for name, size in SIZES.items():
            at_top(page, size)
            (check_desktop if name == "desktop" else check_phone)(page, size)
            shot(page, f"{game}-{lang}-{name}")
            check_refusal(page, game, size)
            assert page.title().startswith("● ")
        assert audit(page) == []
    # the log and the live score are tabs of the rail: a click or the arrow keys switch them
    at_top(page, SIZES["desktop"])
    assert page.locator('[data-role="log"]').is_visible()
    assert not page.locator('[data-role="score"]').is_visible()
    page.locator('[data-cmd="tab"][data-tab="log"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.locator('[data-role="score"]').is_visible()
    assert page.evaluate("document.activeElement.dataset.tab") == "score"
    page.locator('[data-cmd="tab"][data-tab="log"]').click()
    assert page.locator('[data-role="log"]').is_visible()


def play_until_computers_moved(page) -> None:
    """Take the human's first decisions (the first option each time) until the computers have
    moved and it is the human's turn again."""
    while page.evaluate("document.documentElement.dataset.awaiting") == "human":
        page.locator('#board [data-cmd="act"]:visible').first.click()
        page.wait_for_timeout(150)
        if page.locator("#confirm-yes").count():
            page.locator("#confirm-yes").click()
    wait_human(page)


@pytest.mark.parametrize("game", ["concordia", "municipium"])
def test_the_recap_on_a_phone_leaves_the_board_in_view(open_app, page, game):
    """On a phone, what happened since the last move waits under the decision bar, one tap
    away; the board still fills the first screen."""
    page.add_init_script(FAST)
    open_app(page, "/")
    start(page, game, "en")
    play_until_computers_moved(page)
    at_top(page, SIZES["phone"])
    check_phone(page, SIZES["phone"])
    assert one(page, "recap")["top"] > rects(page, ".decide")[0]["top"], "the recap is below"
    shot(page, f"{game}-recap-phone")
    page.locator('.jump [data-to="recap"]').click()
    page.wait_for_function("""() => { const r = document.querySelector('[data-role="recap"]')
        .getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }""")
    page.locator('[data-role="recap"] .recap-line').first.click()
    page.wait_for_function("""() => [...document.querySelectorAll('[data-spot]')].some(e => {
        const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })""")


def test_whose_turn_handoff_and_turn_sound(open_app, page):
    """The tab's title says whose turn it is; in pass-and-play the hand-off screen hides the
    table until the next player taps; the menu switches it off; the turn sound (off by
    default) sounds when the human's turn comes."""
    page.set_viewport_size(SIZES["phone"])
    open_app(page, "/#new=municipium&players=2&seats=human,human&start_player=0"
             "&names=Ann,Bo")
    wait_human(page)
    assert page.title() == "● Ann's turn — Municipium"
    page.locator(".mu-inst.target").first.click()
    page.wait_for_selector('[data-role="handoff"]')
    assert "Bo" in page.locator('[data-role="handoff"] h2').inner_text()
    assert page.locator('[data-role="board"], [data-role="options"]').count() == 0
    assert page.title() == "● Bo's turn — Municipium"
    assert audit(page) == []
    shot(page, "handoff-phone")
    page.locator('[data-cmd="handoff"]').click()
    page.wait_for_selector('[data-role="board"] .mu-inst.target')
    assert page.evaluate("document.documentElement.dataset.awaiting") == "human"
    # the settings menu closes by Escape (the focus back on its button) or a click outside
    open_settings(page)
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('settings').open")
    assert page.evaluate("document.activeElement.matches('#settings summary')")
    # the menu's switch turns the hand-off screen off, and it is remembered
    open_settings(page)
    page.locator('[data-cmd="handoff-switch"]').click()
    assert page.locator('[data-cmd="handoff-switch"]').get_attribute("aria-checked") == "false"
    assert page.evaluate("localStorage.getItem('ludi.handoff')") == "off"
    assert page.evaluate("document.getElementById('settings').open")  # a click inside keeps it
    moves = int(page.locator("#board").get_attribute("data-moves"))
    page.locator(".mu-inst.target").first.click()  # closes the menu, and only that
    assert not page.evaluate("document.getElementById('settings').open")
    assert int(page.locator("#board").get_attribute("data-moves")) == moves
    page.locator(".mu-inst.target").first.click()
    page.wait_for_function(f"+document.getElementById('board').dataset.moves > {moves}")
    assert page.locator('[data-role="handoff"]').count() == 0
    assert page.title() == "● Ann's turn — Municipium"
    # against the computer: its turn in the title, and a tone when the human's turn comes
    page.evaluate("localStorage.setItem('ludi.pace', 'slow')")
    page.evaluate("h => { location.hash = h; }",
                  "#new=municipium&players=2&seats=human,ai&start_player=0&names=Di,Cy")
    wait_human(page)
    assert page.title() == "● Your turn — Municipium"
    assert page.evaluate("document.documentElement.dataset.beeps") is None  # off by default
    open_settings(page)
    page.locator('[data-cmd="sound"]').click()  # plays the tone once, to hear it
    page.wait_for_function("document.documentElement.dataset.beeps === '1'")
    assert page.evaluate("localStorage.getItem('ludi.sound')") == "on"
    page.keyboard.press("Escape")  # the settings menu closes
    page.locator(".mu-inst.target").first.click()
    page.wait_for_function("document.documentElement.dataset.awaiting === 'ai'")
    assert page.title() == "Cy is thinking — Municipium"
    wait_human(page)
    page.wait_for_function("document.documentElement.dataset.beeps === '2'")


PINCH = """([x, y, from, to]) => {
  // two fingers on the map, from `from` px apart to `to` px apart, as pointer events
  const target = document.elementFromPoint(x, y);
  const fire = (type, id, dx) => target.dispatchEvent(new PointerEvent(type, {bubbles: true,
    pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x + dx, clientY: y}));
  fire('pointerdown', 1, -from / 2); fire('pointerdown', 2, from / 2);
  for (let k = 1; k <= 5; k++) {
    const gap = from + (to - from) * k / 5;
    fire('pointermove', 1, -gap / 2); fire('pointermove', 2, gap / 2);
  }
  fire('pointerup', 1, -to / 2); fire('pointerup', 2, to / 2);
}"""


def test_the_phone_map_zooms_in_its_frame_by_buttons_and_pinch(open_app, browser, guard,
                                                               keep_snapshot):
    """The Concordia map zooms inside its own frame (buttons, two fingers: its viewBox,
    assets/js/mapzoom.js); the page never grows sideways nor zooms (issue 45)."""
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    guard.watch(context)
    keep_snapshot(context)
    page = context.new_page()
    page.add_init_script(FAST)
    open_app(page, "/")
    start(page, "concordia", "en")
    zoom = lambda: float(page.locator(".cc-map").get_attribute("data-zoom"))  # noqa: E731
    assert zoom() == 1, "the map opens whole"
    page.locator('[data-map-zoom="in"]:visible').click()
    page.wait_for_function("+document.querySelector('.cc-map').dataset.zoom > 1")
    assert page.locator(".cc-map-scroll").evaluate("e => getComputedStyle(e).touchAction") \
        == "none", "two fingers on the map never zoom the page"
    box = page.locator(".cc-map-scroll").bounding_box()
    centre = [box["x"] + box["width"] / 2, max(box["y"], 0) + 120]  # above the decision bar
    before = zoom()
    page.evaluate(PINCH, [*centre, 200, 80])  # fingers closer: smaller
    page.wait_for_function(f"+document.querySelector('.cc-map').dataset.zoom < {before}")
    smaller = zoom()
    page.evaluate(PINCH, [*centre, 80, 200])  # farther apart: larger
    page.wait_for_function(f"+document.querySelector('.cc-map').dataset.zoom > {smaller}")
    page.locator('[data-map-zoom="fit"]:visible').click()
    page.wait_for_function("document.querySelector('.cc-map').dataset.zoom === '1.00'")
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"]
    context.close()


def last_turn_link(game: str) -> str:
    """A ``#g=`` link of a pass-and-play game in its last turn with a decision to make: in
    Concordia after the trigger (C-5.1), before a player's last turn; in Municipium in the turn
    in which a family reached 4 Decurions (the short game, M-3.4). Random play from fixed
    seeds."""
    import random

    import engine
    from engine.municipium import scoring
    from ui.links import game_fragment
    from ui.session import Session

    def last(g) -> bool:
        if game == "concordia":
            return (g.concordia >= 0 and g.active != g.concordia
                    and g.prompt()["step"] == "turn")
        return scoring.game_ends(g) and g.current_player >= 0

    options = {"map": "imperium"} if game == "concordia" else {"short": True}
    for seed in range(1, 60):
        rng = random.Random(seed)
        g = engine.new_game(game, 3, seed=seed, **options)
        session = Session(g, ["human"] * 3, rng=rng)
        session.settle_chance()
        while not g.is_over:
            if last(g):
                return game_fragment(session.link())
            session.decide(rng.randrange(len(g.legal_actions())))
    raise AssertionError("no seed reaches a last turn")


@pytest.mark.parametrize("game", ["concordia", "municipium"])
def test_the_last_turn_is_said_where_the_player_decides(booted, game):
    """The game's last turn is announced with the decision in hand ([data-role=end-notice]),
    inside the viewport of a phone, at the bottom where the thumb is, in both languages."""
    page = booted
    page.set_viewport_size(SIZES["phone"])
    link = last_turn_link(game)
    start_on(page, f"/#{link}", handoff=False)
    for lang in ("en", "ja"):
        page.evaluate("h => { location.hash = h; }", f"#{link}&lang={lang}")
        page.wait_for_function(f"document.documentElement.lang === '{lang}'"
                               " && !!document.querySelector('[data-role=\"end-notice\"]')")
        notice = one(page, "end-notice")
        assert inside(notice, SIZES["phone"]), notice
        assert notice["top"] >= rects(page, ".decide")[0]["top"], "not in the decision bar"
        text = page.locator('[data-role="end-notice"]').inner_text()
        assert ("last turn" in text.lower()) if lang == "en" else ("最後の手番" in text)
        shot(page, f"{game}-last-turn-{lang}-phone")



def placement_link() -> str:
    """A ``#g=`` link of a pass-and-play Municipium game at a citizen's placement with a priest,
    a merchant and an advocate to choose from (M-1.3: the advocate goes low on the board, to
    the Basilica or the Forum). Random play from fixed seeds."""
    import random

    import engine
    from engine.municipium.actions import PlaceCitizen
    from ui.links import game_fragment
    from ui.session import Session

    for seed in range(40):
        rng = random.Random(seed)
        game = engine.new_game("municipium", 2, seed=seed)
        session = Session(game, ["human"] * 2, rng=rng)
        session.settle_chance()
        while not game.is_over:
            legal = game.legal_actions()
            if game.pending()["kind"] == "place" and {
                    a.ctype for a in legal if isinstance(a, PlaceCitizen)} >= {0, 1, 3}:
                return game_fragment(session.link())
            session.decide(rng.randrange(len(legal)))
    raise AssertionError("no seed reaches a placement with three citizen types")


def test_a_target_under_the_phone_decision_bar_is_brought_into_sight(booted):
    """On a phone the decision bar covers the lower board: when a decision's targets are all
    under it, the page scrolls so that they are in the open part of the screen (here, after
    choosing the advocate, whose places are low, both are in sight), once (a redraw of the
    same decision leaves the player's own scrolling alone)."""
    page = booted
    size = {"width": 360, "height": 740}
    page.set_viewport_size(size)
    start_on(page, f"/#{placement_link()}", handoff=False)
    advocate = page.locator('.mu-bar button[data-what="ctype"][data-value="3"]')
    advocate.click()
    page.wait_for_selector('.mu-bar button[data-what="ctype"][data-value="3"]'
                           '[aria-pressed="true"]')
    bar = rects(page, ".decide")[0]["top"]
    targets = rects(page, '[data-role="board"] .hit.target')
    assert len(targets) == 2
    assert all(t["top"] >= 0 and t["bottom"] <= bar for t in targets), (bar, targets)
    # (the folded decision sheet of issue 45 leaves them in sight at once here; when they are
    # under it, the page scrolls: ui.drawing.Drawing.reveal_target)
    shot(page, "municipium-target-phone")
    page.evaluate("window.scrollTo(0, 0)")
    page.select_option("#lang-select", "ja")  # the same decision drawn again
    page.wait_for_function("document.documentElement.lang === 'ja'")
    assert page.evaluate("window.scrollY") == 0


def finished_link(game: str, players: int, **options) -> tuple[str, dict[int, int]]:
    """A ``#g=`` link of a finished pass-and-play game (random play, CPython, about a second)
    and its totals by seat."""
    import random

    import engine
    from ui.links import game_fragment
    from ui.session import Session

    rng = random.Random(7)
    g = engine.new_game(game, players, seed=7, **options)
    session = Session(g, ["human"] * players, rng=rng)
    session.settle_chance()
    while not g.is_over:
        session.decide(rng.randrange(len(g.legal_actions())))
    return game_fragment(session.link()), {r.seat: r.score for r in g.result()}


NO_WIDER = """() => {
    // the page and every box of the end banner: nothing wider than the screen, nothing that
    // scrolls sideways
    const wide = [...document.querySelectorAll('[data-role="result"] *')]
        .filter(e => e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1
                     && getComputedStyle(e).overflowX !== 'visible')  // (1 px: visually hidden)
        .map(e => e.className || e.tagName);
    return {page: document.documentElement.scrollWidth, wide};
}"""


@pytest.mark.parametrize("game,players,options", [("concordia", 5, {"map": "imperium"}),
                                                  ("municipium", 4, {"short": True})])
def test_the_end_fits_a_phone_with_every_total_in_sight(booted, game, players, options):
    """Issue 45: on a phone the end's table by god scrolled sideways and stopped at Jupiter;
    a player could not see their own total. At 390 px, in English and Japanese, every
    player's total is on the screen with the winner marked in words, and no part of the end
    banner scrolls sideways (the breakdown's rows stand as cards)."""
    link, totals = finished_link(game, players, **options)
    page = booted
    page.set_viewport_size(SIZES["phone"])
    for lang in ("en", "ja"):
        page.evaluate("h => { location.hash = h; }", f"{link}&lang={lang}")
        page.wait_for_function(f"document.documentElement.lang === '{lang}' && document"
                               ".querySelector('#board')?.dataset.gameState === 'over'")
        page.wait_for_selector('[data-role="totals"]')
        page.evaluate("document.querySelector('[data-role=\"totals\"]').scrollIntoView()")
        lines = page.locator('[data-role="totals"] li')
        assert lines.count() == players
        for k in range(players):
            line = lines.nth(k)
            seat = int(line.get_attribute("data-seat"))
            assert str(totals[seat]) in line.locator(".total").inner_text()
            box = line.locator(".total").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES["phone"]["width"], box
        winners = page.locator('[data-role="result"]').get_attribute("data-winner").split(",")
        marked = page.locator('[data-role="totals"] li.winner')
        assert sorted(marked.evaluate_all("ls => ls.map(l => l.dataset.seat)")) == sorted(winners)
        assert marked.first.locator(".winner-badge").inner_text() == (
            "winner" if lang == "en" else "勝者")
        found = page.evaluate(NO_WIDER)
        assert found["page"] <= SIZES["phone"]["width"] and not found["wide"], found
        page.locator('[data-role="result"]').evaluate("e => e.scrollIntoView()")
        shot(page, f"{game}-end-{lang}-phone")
        page.set_viewport_size(SIZES["desktop"])
        page.locator('[data-role="result"]').evaluate("e => e.scrollIntoView()")
        shot(page, f"{game}-end-{lang}-desktop")
        page.set_viewport_size(SIZES["phone"])
    assert audit(page) == []
