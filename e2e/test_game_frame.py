"""The game frame around every board: keyboard focus survives redraws, the log is reachable,
seats without names are called by their colour in the chosen language."""

from __future__ import annotations

from conftest import start_on

FOCUSED = """() => { const a = document.activeElement;
  const inside = a && document.getElementById('screen').contains(a);
  return inside ? a.dataset.cmd || a.tagName : null; }"""


def test_focus_stays_on_the_board_after_a_keyboard_decision(booted):
    page = booted
    start_on(page, "/#new=municipium&players=2&seats=human,human", handoff=False)
    first = page.locator('.board-area [data-cmd="act"]').first
    first.focus()
    moves = page.locator("#board").get_attribute("data-moves")
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"document.getElementById('board').dataset.moves !== '{moves}'")
    assert page.evaluate(FOCUSED) == "act"
    page.keyboard.press("Enter")  # the keyboard player goes on without tabbing from the top
    assert page.locator("#board").get_attribute("data-moves") != moves


def test_log_is_focusable_and_unnamed_seats_use_colour_names(booted):
    page = booted
    start_on(page, "/#new=concordia&players=3&map=imperium&seats=human,ai,ai&lang=ja")
    log = page.locator(".log ol")
    assert log.get_attribute("tabindex") == "0"
    players = page.locator(".cc-player h3").all_inner_texts()
    assert any("赤" in p for p in players) and any("青" in p for p in players)
    assert not any("Red" in p or "Blue" in p for p in players)
