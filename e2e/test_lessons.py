"""Lessons in the browser (issue 15): following the coach, by clicking what it highlights
(``[data-coach-target]``) or its "Next", reaches the end (``[data-role="coach"][data-done]``);
a wrong click changes nothing and says so; the bubble stays inside the viewport and off the
highlighted target. Every lesson of ``ui/lessons/`` (discovered), in English and Japanese, on a
desktop (1280×800) and a phone (390×844); each step at phone size is photographed to
``e2e/artifacts/lesson-<game>-<lang>-NN.png``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_municipium import audit

from ui import lessons

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
COACH = '[data-role="coach"]'
CLICKS = 120
"""More than any lesson needs (a decision may take two clicks: pick, then place)."""


def state(page) -> dict:
    """What the lesson shows now: the step's words, the log length, the marked targets."""
    return page.evaluate("""() => ({
        text: document.querySelector('#coach-text').textContent,
        moves: document.documentElement.dataset.logLength,
        targets: document.querySelectorAll('[data-coach-target]').length,
        done: document.querySelector('[data-role="coach"]').hasAttribute('data-done'),
        position: document.querySelector('#board')?.outerHTML.length,
    })""")


def boxes(page, selector: str) -> dict:
    """The coach's box, the first shown element of ``selector`` and the viewport."""
    return page.evaluate("""(selector) => {
        const r = e => { const b = e.getBoundingClientRect();
                         return [b.left, b.top, b.right, b.bottom]; };
        const shown = [...document.querySelectorAll(selector)]
            .filter(e => e.getBoundingClientRect().width > 0);
        return {coach: r(document.querySelector('[data-role="coach"]')),
                target: shown.length ? r(shown[0]) : null,
                view: [window.innerWidth, window.innerHeight]};
    }""", selector)


def check_placement(page, selector: str, where: str) -> None:
    """The bubble is inside the viewport and does not cover what it points at (once the
    layout has settled: the bubble follows a target that moves after the drawing, e.g. a
    scrolled box restored, in the next frames)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    for _ in range(10):
        try:
            return placement(page, selector, where)
        except AssertionError:
            page.wait_for_timeout(150)
    placement(page, selector, where)


def placement(page, selector: str, where: str) -> None:
    found = boxes(page, selector)
    left, top, right, bottom = found["coach"]
    width, height = found["view"]
    assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, (
        f"{where}: the coach leaves the screen: {found}")
    target = found["target"]
    if target is None:
        return
    t_left, t_top, t_right, t_bottom = target
    covers = left < t_right and right > t_left and top < t_bottom and bottom > t_top
    small = (t_right - t_left) * (t_bottom - t_top) < 0.25 * width * height
    assert not (covers and small), f"{where}: the coach covers its target: {found}"


def click_target(page) -> None:
    """Click the first highlighted element where a player would: its centre, or, when
    something else lies over its centre (a route's line over a city), a point of it that is
    not covered."""
    target = page.locator("[data-coach-target] >> visible=true").first
    target.scroll_into_view_if_needed()
    point = page.evaluate("""() => {
        const element = [...document.querySelectorAll('[data-coach-target]')]
            .find(e => e.getBoundingClientRect().width > 0);
        const box = element.getBoundingClientRect();
        const inside = (x, y) => {
            const hit = document.elementFromPoint(x, y);
            return hit && (element === hit || element.contains(hit));
        };
        if (inside(box.left + box.width / 2, box.top + box.height / 2)) return null;
        for (const fy of [.35, .65, .2, .8, .1, .9, .5]) {
            for (const fx of [.5, .35, .65, .2, .8, .1, .9]) {
                const x = box.left + fx * box.width, y = box.top + fy * box.height;
                if (inside(x, y)) return [x, y];
            }
        }
        return null;
    }""")
    if point is None:
        target.click()
    else:
        page.mouse.click(*point)


def wrong_click(page) -> None:
    """Click a decision on the board that is not highlighted (one the coach does not cover):
    nothing changes, and the coach explains."""
    before = state(page)
    found = page.evaluate("""() => {
        const coach = document.querySelector('[data-role="coach"]');
        const all = document.querySelectorAll('#screen [data-role="board"] [data-cmd]');
        for (const element of all) {
            if (element.hasAttribute('data-coach-target')) continue;
            const box = element.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            if (box.width < 4 || y < 0 || y > innerHeight || x < 0 || x > innerWidth) continue;
            const hit = document.elementFromPoint(x, y);
            if (hit && element.contains(hit) && !coach.contains(hit)) {
                element.setAttribute('data-test-wrong', '');
                return true;
            }
        }
        return false;
    }""")
    assert found, "something on the board that is not highlighted"
    page.locator("[data-test-wrong]").first.click()
    page.wait_for_function("document.querySelector('#coach-note').textContent.trim() !== ''",
                           timeout=5_000)  # a wrong click is explained
    after = state(page)
    assert after["moves"] == before["moves"] and after["text"] == before["text"]
    assert after["targets"] == before["targets"]


def walks() -> list[tuple[str, str, str]]:
    """Each lesson walked twice, in both languages and at both sizes, the pairs crossed between
    lessons (lesson 1: English desktop and Japanese phone; lesson 2 the other way round): every
    lesson, language and size is walked without the four full walks per lesson (the lesson's
    texts are checked in both catalogues by tests/test_lessons.py)."""
    pairs = [("en", "desktop"), ("ja", "phone")], [("ja", "desktop"), ("en", "phone")]
    return [(name, lang, size) for k, name in enumerate(lessons.names())
            for lang, size in pairs[k % 2]]


@pytest.mark.parametrize(("name", "lang", "size"), walks())
def test_following_the_coach_reaches_the_end(browser, guard, site, wait_ready, keep_snapshot,
                                             name, lang, size):
    context = browser.new_context(viewport=SIZES[size], locale="ja-JP" if lang == "ja"
                                  else "en-US", reduced_motion="reduce")
    guard.watch(context)
    keep_snapshot(context)
    page = context.new_page()
    page.goto(f"{site.url}/#learn={name}&lang={lang}")
    wait_ready(page)
    coach = page.locator(COACH)
    coach.wait_for(state="visible")
    assert coach.get_attribute("aria-label")
    assert page.locator("#coach-text").get_attribute("aria-live") == "polite"
    ARTIFACTS.mkdir(exist_ok=True)
    shots, tried_wrong = 0, False
    last = None
    for _ in range(CLICKS):
        now = state(page)
        if now["done"]:
            break
        assert now != last, f"the lesson did not move on: {now}"
        last = now
        if size == "phone":
            shots += 1
            page.screenshot(path=str(ARTIFACTS / f"lesson-{name}-{lang}-{shots:02d}.png"))
        next_button = coach.locator('[data-cmd="coach-next"]')
        if next_button.count():
            check_placement(page, "[data-coach-spot]", f"{now['text'][:40]}")
            next_button.click()
            continue
        assert now["targets"], f"nothing to click: {now['text']}"
        check_placement(page, "[data-coach-target]", f"{now['text'][:40]}")
        if not tried_wrong:
            wrong_click(page)
            tried_wrong = True
        click_target(page)
    else:
        raise AssertionError("the lesson never ended")
    assert tried_wrong
    if size == "phone":
        page.screenshot(path=str(ARTIFACTS / f"lesson-{name}-{lang}-end.png"))
    check_placement(page, "[data-coach-spot]", "the end")
    # Play on from here: an ordinary game against the computer, saved.
    coach.locator('[data-cmd="coach-leave"]').click()
    page.wait_for_function("location.hash.startsWith('#play=')")
    assert coach.is_hidden()
    page.wait_for_function("document.documentElement.dataset.awaiting === 'human'",
                           timeout=60_000)
    context.close()


def test_leaving_mid_lesson_plays_on_and_the_landing_offers_lessons(open_app, page):
    open_app(page, "/")
    for name in lessons.names():
        assert page.locator(f'[data-learn="{name}"]').is_visible()
    page.locator('[data-new-game="municipium"]').click()
    offer = page.locator('[data-role="lesson-offer"]')
    offer.wait_for()
    offer.locator('[data-cmd="learn"]').click()
    coach = page.locator(COACH)
    coach.wait_for(state="visible")
    assert page.evaluate("location.hash") == "#learn=municipium"
    assert audit(page) == []
    page.locator('[data-cmd="coach-next"]').click()
    # Keyboard: the lesson's "Next" has the focus after each step.
    assert page.evaluate("document.activeElement.dataset.cmd") == "coach-next"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    moves = page.evaluate("document.documentElement.dataset.logLength")
    assert page.locator("[data-coach-target]").count()
    assert audit(page) == []  # a decision step, its target marked
    page.locator('[data-cmd="undo"]').click()
    page.wait_for_function("document.querySelector('#coach-note').textContent.trim() !== ''",
                           timeout=5_000)
    coach.locator('[data-cmd="coach-leave"]').click()
    page.wait_for_function("location.hash.startsWith('#play=')")
    assert coach.is_hidden()
    assert page.evaluate("document.documentElement.dataset.logLength") == moves
    # a normal game now: the human to move, and nothing is refused any more
    page.locator('.mu-inst .hit[data-what="pick"]').first.click()
    assert page.locator(".mu-inst.selected").count() == 1
    # the offer is not made twice
    page.locator('[data-cmd="menu"]').click()
    page.locator('[data-new-game="municipium"]').click()
    page.locator("#new-game").wait_for()
    assert page.locator('[data-role="lesson-offer"]').count() == 0
