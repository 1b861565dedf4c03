"""The recap, the hint's words and the replay's caption (``ui.story``)."""

from __future__ import annotations

import json
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


# ------------------------------------------------------------ whose turn a draw is in
def _citizens_visit(seed_range=range(60)):
    """A two-player Municipium game (humans) just after a Citizens Visit (M-7.2) in which the
    other player drew a citizen during the active player's turn, played on until the active
    player decides again: ``(session, active, other, the other's draw)``."""
    for seed in seed_range:
        session = random_session("municipium", 2, {}, ["human", "human"], seed=seed)
        game = session.game
        rng = random.Random(seed)
        for _ in range(300):
            if game.is_over:
                break
            entries = game.log.entries
            for event in game.events:
                if event.key != "draw_citizen" or entries[event.entry].actor >= 0:
                    continue
                drawer = dict(event.args)["seat"]
                before = [e.actor for e in entries[:event.entry] if e.actor >= 0]
                if before and before[-1] != drawer:
                    active = before[-1]
                    while game.current_player != active and not game.is_over:
                        session.decide(rng.randrange(len(game.legal_actions())))
                    if story.recap_start(game, active) <= event.entry:
                        return session, active, drawer, event
                    break
            session.decide(rng.randrange(len(game.legal_actions())))
    pytest.skip("no Citizens Visit with a draw for the other player")


def test_M_7_2_a_citizen_drawn_for_a_player_goes_under_that_player():
    """M-7.2 Citizens Visit: every player in turn draws a citizen and places it. The other
    player's draw happens in the active player's turn but is theirs: the recap shows it under
    the player it was drawn for, with the placing that follows."""
    session, active, other, draw = _citizens_visit()
    game = session.game
    groups = story.recap_groups(game, story.recap_start(game, active))
    owner = next(seat for seat, events in groups if draw in events)
    assert owner == other, groups
    events = next(events for seat, events in groups if draw in events)
    assert any(e.key == "place_citizen" and dict(e.args)["seat"] == other for e in events)
    for seat, events in groups:  # the active player's own group holds only draws
        if seat == active:
            assert all(game.log.entries[e.entry].actor < 0 for e in events)


def test_draws_for_nobody_in_particular_stay_with_the_decision_that_caused_them():
    """A common card turned over (M-5.2) names no player: it belongs to whoever turned it."""
    for seed in range(40):
        session = random_session("municipium", 2, {}, ["human", "human"], seed=seed)
        game = session.game
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over:
                break
            session.decide(rng.randrange(len(game.legal_actions())))
            cards = [e for e in game.events if e.key == "turn_card"]
            if cards:
                card = cards[-1]
                turned = next(e for e in reversed(game.events[:game.events.index(card)])
                              if e.key == "draw_card")
                groups = story.recap_groups(game, turned.entry)
                owner = next(seat for seat, events in groups if card in events)
                assert owner == dict(turned.args)["seat"]
                return
    pytest.skip("no common card turned")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_recap_of_a_player_who_has_not_moved_yet_starts_at_the_start(lang):
    cat = Catalogue(lang)
    session = random_session("municipium", 2, {}, ["human", "human"],)
    session.decide(0)  # the first player places a family member
    assert session.game.current_player == 1
    recap = str(story.recap(session, cat))
    heading = re.search(r'<h3 id="recap-heading">([^<]*)<', recap).group(1)
    assert heading == cat.t("story.recap.heading_start")
    assert heading == ("Since the start of the game" if lang == "en" else "ゲーム開始からの出来事")
    session.decide(0)
    session.decide(0)  # both have moved: since the player's last move, by name
    recap = str(story.recap(session, cat))
    name = story.seat_label(session, 1, cat)
    assert re.search(r'<h3 id="recap-heading">([^<]*)<', recap).group(1) == cat.t(
        "story.recap.heading", name=name)


def test_the_recap_never_shows_the_players_own_decisions():
    """Only what the others did, and the draws, since the player's last decision; the draws
    made for the player themself are headed as such, not by the player's name."""
    cat = Catalogue("en")
    session, active, _other, _draw = _citizens_visit()
    game = session.game
    rng = random.Random(2)
    checked = 0
    for _ in range(150):
        if game.is_over:
            break
        seat = game.current_player
        start = story.recap_start(game, seat)
        groups = story.recap_groups(game, start)
        for _owner, events in groups:
            assert all(game.log.entries[e.entry].actor != seat for e in events)
        recap = str(story.recap(session, cat)) if groups else ""
        name = story.seat_label(session, seat, cat)
        assert f"<h4>{name}</h4>" not in recap
        if any(owner == seat for owner, _ in groups):
            assert f"<h4>Drawn for {name}</h4>" in recap
            checked += 1
        session.decide(rng.randrange(len(game.legal_actions())))
    assert checked


# ----------------------------------------------------------------- Japanese wording
def test_japanese_story_words_are_not_shogi_and_hints_never_nest_brackets():
    ja = Catalogue("ja")
    assert "指" not in ja.t("story.hint.play") and "指" not in ja.t("story.replay.start")
    assert "指す" not in json.dumps(ja.messages, ensure_ascii=False)
    reasons = [key for key in ja.messages if key.startswith("hint.") and key.count(".") == 2]
    assert len(reasons) >= 20
    for game, players, options in GAMES[:2]:
        session = random_session(game, players, options)
        rng = random.Random(3)
        for _ in range(40):
            legal = session.game.legal_actions()
            for index in range(len(legal)):
                for key in reasons:
                    reason = story.hint_reason({"key": key[5:], "args": {
                        "points": 3, "goods": 2, "units": 2, "money": 4, "decurions": 2}}, ja)
                    session.ui.update(hint=index, hint_reason=reason)
                    text = re.sub(r"<[^>]+>", "", str(story.hint_panel(session, ja)))
                    depth = 0
                    for char in text:
                        depth += {"（": 1, "）": -1, "(": 1, ")": -1}.get(char, 0)
                        assert depth <= 1, text
            session.ui.clear()
            session.decide(rng.randrange(len(legal)))


# -------------------------------------------------------------------- the replay
def _replay_marks(session: Session, cat: Catalogue) -> set[str]:
    from ui.screens.play import game_screen

    markup = str(game_screen(session, cat))
    return set(re.findall(r'data-pid="([^"]+)" data-replay-changed=""', markup))


@pytest.mark.parametrize("game,players,options", GAMES[:3])
def test_the_replay_marks_only_what_the_step_shown_changed(game, players, options):
    cat = Catalogue("en")
    session = random_session(game, players, options)
    rng = random.Random(9)
    for _ in range(30):
        session.decide(rng.randrange(len(session.game.legal_actions())))
    assert not _replay_marks(session, cat)  # the live game: the page marks what it saw change
    session.replay_to(0)  # from the live game to the setup: nothing was played, nothing marked
    assert _replay_marks(session, cat) == set()
    steps = []
    for _ in range(8):
        session.replay_step(1)
        steps.append((session.view_length, _replay_marks(session, cat)))
        assert steps[-1][1], steps[-1]  # every step changes something on the board
    for length, marks in reversed(steps[:-1]):  # a step back shows the step before it
        session.replay_step(-1)
        assert session.view_length == length
        assert _replay_marks(session, cat) == marks
    session.replay_to(steps[3][0])  # a jump: still only that step's pieces
    assert _replay_marks(session, cat) == steps[3][1]


def test_a_replayed_placement_marks_the_stack_and_the_count_only():
    """M-2.6: placing a family member changes that family's stack at the institution and its
    count of members, nothing else (not its cards, not the citizens)."""
    session = random_session("municipium", 2, {}, ["human", "human"])
    session.decide(0)
    session.decide(0)
    session.replay_to(0)
    session.replay_step(1)
    seat, inst = 0, session.game.log.entries[session.view_length - 1].action.inst
    assert _replay_marks(session, Catalogue("en")) == {f"m-{seat}-0-{inst}", f"mem-{seat}"}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game,players,options", GAMES[:2])
def test_the_replay_start_has_one_caption(game, players, options, lang):
    """At the setup position the caption says nobody has played yet, and nothing else speaks
    of a decision (the start player is drawn in the first step)."""
    cat = Catalogue(lang)
    session = random_session(game, players, options)
    session.decide(0)
    session.replay_to(0)
    screen = str(game_screen(session, cat))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", screen))
    assert cat.t("story.replay.start") in text
    from ui.screens.parts import board_module

    assert board_module(game).table(session, cat).prompt is None
    session.replay_step(1)
    assert board_module(game).table(session, cat).prompt is not None


def test_a_long_first_step_keeps_its_decision_in_the_caption():
    """Concordia's first step holds the whole setup (start player, money, city goods): the
    caption names its decision and sends the rest to the log."""
    cat = Catalogue("en")
    session = random_session("concordia", 3, {})
    session.decide(0)
    session.replay_to(0)
    session.replay_step(1)
    caption = str(story.replay_caption(session, cat))
    lines = re.findall(r"<li>([^<]*)</li>", caption)
    assert len(lines) <= story.CAPTION_LINES and "more lines" in caption
    assert lines[-1] == story.plain_line(session.view, session.view.events[-1], cat)
    assert re.search(r'class="caption-who">([^<]*)<', caption).group(1) == story.seat_label(
        session, session.view.log.entries[-1].actor, cat)
