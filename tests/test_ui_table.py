"""The game table's frame (``ui/screens/play.py``): the parts and their ``data-role`` hooks,
whose turn (``awaiting``, the tab's title), the pass-and-play hand-off, and the end banner
naming the winner, for both games."""

from __future__ import annotations

import random
import re

import pytest

import engine
from ui.i18n import Catalogue
from ui.screens.parts import awaiting
from ui.screens.play import Frame, game_screen, tab_title
from ui.session import Session

EN, JA = Catalogue("en"), Catalogue("ja")
ROLES = ("board", "prompt", "options", "me", "log", "score")


def session_for(game: str, seats: list[str], names: list[str] | None = None,
                seed: int = 3, **options) -> Session:
    g = engine.new_game(game, len(seats), seed=seed, names=names or [], **options)
    session = Session(g, seats, rng=random.Random(seed))
    session.settle_chance()
    return session


def play_out(session: Session, seed: int = 3) -> None:
    rng = random.Random(seed)
    while not session.game.is_over:
        session.decide(rng.randrange(len(session.game.legal_actions())))


def roles(html: str) -> list[str]:
    return re.findall(r'data-role="([a-z]+)"', html)


@pytest.mark.parametrize("game", ["concordia", "municipium"])
def test_every_hook_once_at_a_human_decision(game):
    session = session_for(game, ["human", "ai:medium", "ai:medium"], start_player=0)
    html = game_screen(session, EN)
    found = roles(html)
    for role in ROLES:
        assert found.count(role) == 1, (role, found)
    assert "result" not in found
    assert awaiting(session) == "human"
    assert tab_title(session, EN) == f"● Your turn — {EN.t('game.' + game)}"


def test_awaiting_and_title_follow_the_turn():
    session = session_for("municipium", ["human", "human"], ["Ann", "Bo"], start_player=0)
    assert tab_title(session, EN) == "● Ann's turn — Municipium"
    assert tab_title(session, JA) == "● Annさんの番 — ムニキピウム"
    session.decide(0)
    assert tab_title(session, EN) == "● Bo's turn — Municipium"
    computer = session_for("municipium", ["ai:easy", "human"], ["Cy", "Di"], start_player=0)
    assert awaiting(computer) == "ai"
    assert tab_title(computer, EN) == "Cy is thinking — Municipium"
    computer.replay_to(0)
    assert awaiting(computer) == "none"


def test_handoff_screen_hides_the_table():
    session = session_for("municipium", ["human", "human"], ["Ann", "<b>Bo</b>"],
                          start_player=0)
    session.decide(0)
    html = game_screen(session, EN, frame=Frame(handoff_to=1))
    assert 'data-role="handoff"' in html and "Pass the device to &lt;b&gt;Bo&lt;/b&gt;" in html
    assert 'data-role="board"' not in html and 'data-role="options"' not in html
    assert re.search(r'data-cmd="handoff"[^>]*data-seat="1"', html)


@pytest.mark.parametrize("game,options", [("municipium", {"short": True}),
                                          ("concordia", {"map": "italia"})])
def test_end_banner_names_the_winner_once(game, options):
    session = session_for(game, ["ai:easy", "ai:easy", "ai:easy"], ["Ann", "Bo", "Cy"],
                          **options)
    play_out(session)
    html = game_screen(session, EN)
    assert roles(html).count("result") == 1 and awaiting(session) == "none"
    winners = sorted(r.seat for r in session.game.result() if r.rank == 1)
    assert f'data-winner="{",".join(map(str, winners))}"' in html
    headline = re.search(r'<h2 id="result-heading"[^>]*>(.*?)</h2>', html).group(1)
    for seat in winners:
        assert ["Ann", "Bo", "Cy"][seat] in headline
    assert html.count(">Rank<") == 1, "the ranking is shown once"
    assert "A few statistics" in html and 'data-cmd="again"' in html
    ja = game_screen(session, JA)
    assert "table." not in re.sub(r'class="[^"]*"', "", ja)


@pytest.mark.parametrize("game,options", [("municipium", {"short": True}),
                                          ("concordia", {"map": "italia"})])
def test_the_end_banners_wide_tables_scroll_by_keyboard_and_keep_their_heading(game, options):
    """On a phone the end's tables are wider than the screen and scroll sideways: each box
    that scrolls is focusable and named (the arrow keys scroll it), and the statistics'
    heading stays outside its box, so it does not scroll away with the table."""
    session = session_for(game, ["ai:easy", "ai:easy", "ai:easy"], **options)
    play_out(session)
    html = game_screen(session, EN)
    banner = re.search(r'data-role="result".*?data-cmd="again"', html, re.S).group(0)
    boxes = re.findall(r'<div class="scroll-x"([^>]*)>', banner)
    assert len(boxes) == 2  # the final ranking and the statistics
    for attributes in boxes:
        assert 'tabindex="0"' in attributes and 'role="region"' in attributes
        assert re.search(r'aria-label(?:ledby)?="[^"]+"', attributes)
    stats = re.search(r'<section class="stats"[^>]*>(.*?)</section>', html, re.S).group(1)
    assert stats.index('id="stats-h"') < stats.index('class="scroll-x"')


@pytest.mark.parametrize("game", ["concordia", "municipium"])
def test_the_score_tab_scrolls_by_keyboard_too(game):
    """The live score table is wider than a phone with four or five players: its box is
    focusable and named, so the arrow keys scroll it as a finger does."""
    session = session_for(game, ["human", "ai:medium", "ai:medium", "ai:medium"],
                          start_player=0)
    html = game_screen(session, JA)
    score = re.search(r'<div class="score-box" data-role="score">(.*)', html, re.S).group(1)
    box = re.match(r'(?:<section[^>]*>)?<div class="scroll-x"([^>]*)>', score).group(1)
    assert 'tabindex="0"' in box and 'role="region"' in box
    assert re.search(r'aria-label="[^"]+"', box)


def test_reveal_scroll_brings_targets_out_from_under_the_phone_bar():
    """The scroll that shows a decision's board targets above the phone's decision bar (top at
    600 px): none when all are in sight; all of them when they fit together (an Architect's
    routes, one partly under the bar); else the first one, unless one is in sight already."""
    from ui.dom import REVEAL_MARGIN, reveal_scroll

    assert reveal_scroll([(100, 140), (300, 340)], 600) == 0
    assert reveal_scroll([(400, 440), (580, 620)], 600) == 620 + REVEAL_MARGIN - 600
    assert reveal_scroll([(-30, 10), (200, 240)], 600) == -30 - REVEAL_MARGIN
    tall = [(100, 140), (900, 940)]  # no scroll shows both, one is in sight
    assert reveal_scroll(tall, 600) == 0
    hidden = [(700, 740), (1500, 1540)]
    assert reveal_scroll(hidden, 600) == (700 + 740 - 600) / 2
    assert reveal_scroll([], 600) == 0


def test_a_lessons_computer_says_it_plays_the_lesson():
    """In a lesson the computer's moves are the script's, not a level's: its badge says so;
    once the player leaves the lesson and plays on, it is the medium computer it was set up as."""
    from ui.screens.parts import seat_badge

    cat = Catalogue("en")
    session = session_for("municipium", ["human", "ai:medium"])
    session.coached = True
    assert cat.t("badge.lesson") in seat_badge(session, 1, cat)
    assert seat_badge(session, 0, cat) is None
    session.coached = False
    assert cat.t("badge.ai:medium") in seat_badge(session, 1, cat)


@pytest.mark.parametrize("game", ["concordia", "municipium"])
def test_while_a_computer_thinks_the_prompt_says_only_who(game):
    """Issue 45: "Blue is thinking…" stood above "Blue, Architect: 2 movement points left.
    Choose a gold route…", a step's instructions for a person. While a computer seat
    decides, the prompt names who is thinking and nothing of the step."""
    session = session_for(game, ["ai:medium", "human", "human"], ["Ann", "Bo", "Cy"],
                          start_player=0)
    assert awaiting(session) == "ai"
    from ui.screens.parts import board_module
    from ui.screens.play import prompt

    module = board_module(game)
    for cat in (EN, JA):
        detail = module.table(session, cat).prompt
        assert detail, "the board has words for the step"
        words = re.sub(r"<[^>]+>", "", prompt(session, cat, detail))
        assert words == cat.t("play.thinking", name="Ann"), words
