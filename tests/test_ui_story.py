"""The recap, the hint's words and the replay's caption (``ui.story``)."""

from __future__ import annotations

import random
import re

import pytest

import engine
from ui import story
from ui.i18n import Catalogue
from ui.screens.play import game_screen
from ui.session import Session

NOTATION = re.compile(
    r"\d-\d"                      # move codes such as 4-3
    r"|\b[A-Za-z0-9]+[-_][A-Za-z0-9]+"  # word-word codes (place_member, draw-card)
    r"|[a-z][A-Z]"                # CamelCase run-ons (button texts glued together)
    r"|\w:\w"                     # key:value lists
    r"|[A-Za-z]\.[A-Za-z]"        # dotted catalogue keys
    r"|\{\w+\}"                   # unfilled placeholders
)
GAMES = [("municipium", 3, {}), ("concordia", 3, {}), ("concordia", 2, {"map": "italia"}),
         ("municipium", 2, {})]


ENGLISH_COMPOUNDS = {"best-rated"}
"""Hyphenated words of plain English that our messages use (not codes)."""


def internal_notation(text: str) -> list[str]:
    return [found for found in NOTATION.findall(text) if found not in ENGLISH_COMPOUNDS]


def random_session(game: str, players: int, options: dict, seats: list[str] | None = None,
                   seed: int = 7) -> Session:
    session = Session(engine.new_game(game, players, seed=seed, **options),
                      seats or ["human"] * players, rng=random.Random(seed))
    session.settle_chance()
    return session


def test_the_notation_check_finds_what_the_issue_quoted():
    assert internal_notation("Suggestion: 4-3 — takes the lead there")
    assert internal_notation("Play: PrefectProduction in a province … markers.Saturnus")
    assert internal_notation("keep food:2,wine:1")
    assert not internal_notation("Move a member from the Temple to the Tavern — land route "
                                 "Roma–Ostia (2 points).")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game,players,options", GAMES)
def test_every_decision_reads_in_plain_words(game, players, options, lang):
    cat = Catalogue(lang)
    session = random_session(game, players, options)
    rng = random.Random(11)
    seen = set()
    for _ in range(400 if game == "concordia" else 250):
        if session.game.is_over:
            break
        legal = session.game.legal_actions()
        for action in legal:
            text = story.action_text(session.game, action, cat)
            seen.add(getattr(action, "verb", type(action).__name__))
            assert text.strip() and not internal_notation(text), (action, text)
            assert text != cat.t("story.hint.some_decision"), action
        session.decide(rng.randrange(len(legal)))
    assert len(seen) >= 8, seen


@pytest.mark.parametrize("game,players,options", GAMES[:2])
def test_the_hint_panel_names_the_decision_its_reason_and_plays_it(game, players, options):
    cat = Catalogue("en")
    session = random_session(game, players, options)
    session.decide(0)
    session.ui["hint"] = 0
    session.ui["hint_reason"] = story.hint_reason({"key": "ai.best", "args": {}}, cat)
    panel = str(story.hint_panel(session, cat))
    text = re.sub(r"<[^>]+>", " ", panel)
    assert 'data-role="hint"' in panel and 'data-cmd="hint-play" ' in panel
    assert 'data-index="0"' in panel and "best-rated" in text
    assert not internal_notation(text.replace("data-", "")), text
    assert story.action_places(session.game, 0)[0] == '[data-cmd="act"][data-index="0"]'
    assert 'data-role="hint"' in str(game_screen(session, cat))


def play_until_human(session: Session, rng: random.Random) -> None:
    while not session.game.is_over and session.waiting_for_ai:
        session.decide(rng.randrange(len(session.game.legal_actions())))


def test_the_recap_lists_every_computer_turn_since_the_human_decided():
    cat = Catalogue("en")
    session = random_session("concordia", 3, {}, ["human", "ai:easy", "ai:easy"], seed=4)
    rng = random.Random(4)
    play_until_human(session, rng)
    for _ in range(6):  # a few human decisions, each followed by the computers' turns
        seat = session.game.current_player
        session.decide(rng.randrange(len(session.game.legal_actions())))
        play_until_human(session, rng)
        groups = story.recap_groups(session.game, story.recap_start(session.game, seat))
        owners = [owner for owner, _ in groups]
        if owners:
            break
    assert owners[-2:] == [1, 2], owners
    markup = str(story.recap(session, cat))
    assert 'data-role="recap"' in markup and markup.count('data-cmd="recap-spot"') >= 2
    for line in re.findall(r'class="recap-line"[^>]*>([^<]*)<', markup):
        assert not re.search(r"\(C-\d", line), line  # rule ids stay in the log
    assert 'data-role="recap"' in str(game_screen(session, cat))


def test_no_recap_while_a_computer_is_to_move_or_after_the_end():
    session = random_session("municipium", 2, {}, ["human", "ai:easy"])
    cat = Catalogue("en")
    rng = random.Random(3)
    while not session.waiting_for_ai:
        session.decide(rng.randrange(len(session.game.legal_actions())))
    assert story.recap(session, cat) is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_replay_caption_tells_each_step(lang):
    cat = Catalogue(lang)
    session = random_session("municipium", 3, {})
    rng = random.Random(5)
    for _ in range(12):
        session.decide(rng.randrange(len(session.game.legal_actions())))
    session.replay_to(0)
    captions = []
    while session.view_length < len(session.game.log):
        session.replay_step(1)
        caption = str(story.replay_caption(session, cat))
        assert 'data-role="caption"' in caption
        captions.append(caption)
    assert len(captions) >= 12 and len(set(captions)) >= len(captions) // 2
    toolbar = str(story.replay_toolbar(session, cat))
    assert toolbar.count("<svg") == 4 and "⏮" not in toolbar and "⏭" not in toolbar
    session.replay_to(None)
    assert story.replay_caption(session, cat) is None


def test_log_numbers_are_written_out():
    cat = Catalogue("en")
    session = random_session("concordia", 3, {})
    markup = str(game_screen(session, cat))
    numbers = [int(n) for n in re.findall(r'<span class="log-n" aria-hidden="true">(\d+)<',
                                          markup)]
    assert numbers and numbers[0] == len(session.game.events) and numbers == sorted(
        numbers, reverse=True)
