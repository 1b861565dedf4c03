"""What happened, in words, in the browser: the recap when a human's turn comes back, the hint
(in words, marked on the board, played with one key), and the replay's captions and keys."""

from __future__ import annotations

from tests.test_ui_story import internal_notation

HUMAN_TURN = "() => document.documentElement.dataset.awaiting === 'human' && " \
             "!!document.querySelector('.cc-hand [data-cmd=act]')"


def moves(page) -> int:
    return int(page.locator("#board").get_attribute("data-moves"))


def finish_turn(page) -> None:
    """Play the human's turn to its end: the first offered decision, 'done' when offered."""
    for _ in range(30):
        if page.evaluate("document.documentElement.dataset.awaiting") != "human":
            return
        if page.locator("#confirm-yes").count():
            page.locator("#confirm-yes").click()
            continue
        done = page.locator(".cc-btn.done")
        (done.first if done.count() else page.locator("#board [data-cmd=act]").first).click()
    raise AssertionError("the turn did not end")


def test_concordia_hint_recap_and_replay(open_app, page):
    open_app(page, "/#new=concordia&players=3&seats=human,ai,ai&pace=fast")
    page.wait_for_function(HUMAN_TURN, timeout=120_000)

    # Hint: in words, marked on the board, one key plays it.
    page.locator("[data-cmd=hint]").click()
    hint = page.locator("[data-role=hint]")
    hint.wait_for(timeout=120_000)
    text = hint.inner_text()
    assert "Suggestion:" in text and "—" in text and not internal_notation(text), text
    assert page.locator("[data-hint]").count() >= 1
    before = moves(page)
    page.keyboard.press("Enter")  # the hint's button has the focus
    page.wait_for_function(f"+document.querySelector('#board').dataset.moves > {before}")
    assert page.locator("[data-role=hint]").count() == 0

    # After the human's turn, both computers play; the recap tells their turns.
    finish_turn(page)
    page.wait_for_function(HUMAN_TURN, timeout=240_000)
    recap = page.locator("[data-role=recap]")
    assert recap.locator(".recap-turn.seat-1").count() >= 1, recap.inner_text()
    assert recap.locator(".recap-turn.seat-2").count() >= 1, recap.inner_text()
    lines = recap.locator(".recap-line")
    assert lines.count() >= 4
    on_map = 0
    for k in range(lines.count()):
        line = lines.nth(k)
        assert not internal_notation(line.inner_text()), line.inner_text()
        line.click()
        assert page.locator("#board [data-spot]").count() >= 1, line.inner_text()
        on_map += page.locator("#board svg [data-spot]").count()
    assert on_map >= 1  # pieces on the map too, not only panels

    # Replay: a caption per step, ← → step, Home and End jump.
    page.locator("[data-cmd=replay]").click()
    page.wait_for_selector("#board[data-replay='0'] [data-role=caption]")
    total = moves(page)
    captions = []
    for _ in range(4):
        at = int(page.locator("#board").get_attribute("data-replay"))
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"+document.querySelector('#board').dataset.replay > {at}")
        captions.append(page.locator("[data-role=caption]").inner_text())
    assert len(set(captions)) >= 2 and all(c.strip() for c in captions), captions
    at = int(page.locator("#board").get_attribute("data-replay"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"+document.querySelector('#board').dataset.replay < {at}")
    page.keyboard.press("End")
    page.wait_for_selector(f"#board[data-replay='{total}']")
    page.keyboard.press("Home")
    page.wait_for_selector("#board[data-replay='0']")
    assert page.locator(".toolbar.replay svg.icon").count() == 4
    page.locator("[data-cmd=replay-exit]").click()
    page.wait_for_function("!document.querySelector('#board').dataset.replay")
