"""Addresses (#g=, #new=, lang=) and the page's game session (undo, links, saves)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import engine
from engine.core.protocol import CHANCE
from ui.html import Markup
from ui.i18n import Catalogue, load
from ui.links import FragmentError, NewGameRequest, new_fragment, parse_fragment
from ui.screens.landing import saved_games
from ui.screens.play import game_screen
from ui.screens.setup import default_request, new_game_form
from ui.session import Session
from ui.storage import SaveRecord


def test_new_fragment_full():
    fragment = parse_fragment(
        "#new=municipium&players=3&seats=human,ai:hard,ai&short=true"
        "&chamber_citizens=single&lang=ja")
    assert fragment.lang == "ja" and fragment.link is None
    assert fragment.new == NewGameRequest(
        "municipium", 3, ["human", "ai:hard", "ai:medium"],
        {"short": True, "chamber_citizens": "single"}, [])


def test_expert_seats_by_address_by_form_and_by_link(toy):
    """Issue 17: the expert level is a seat kind everywhere a seat is chosen."""
    request = parse_fragment("#new=municipium&players=2&seats=ai:expert,human").new
    assert request.seats == ["ai:expert", "human"]
    for lang, words in (("en", "Computer (expert)"), ("ja", "コンピューター（達人）")):
        cat = Catalogue(lang)
        html = new_game_form(engine.GAMES["municipium"], request, cat)
        assert f'<option value="ai:expert" selected>{words}</option>' in html
        assert "ai:expert" in cat.t("new.bad_seat", seat="robot")
    session = Session.start(NewGameRequest("toy", 2, ["human", "ai:expert"], {}))
    assert Session.from_link(session.link()).seats == ["human", "ai:expert"]


def test_the_hint_asks_the_expert():
    """The Hint's search is the expert's (its kept tree is under the expert's key)."""
    import json

    from engine.ai import mcts
    from ui import ai_worker

    game = engine.new_game("municipium", 2, seed=5, start_player=0)
    answer = json.loads(ai_worker.suggest(engine.encode(game), seed=1))
    assert 0 <= answer["index"] < len(game.legal_actions()) and answer["key"]
    assert mcts._memory["key"] == ("expert", 0)


def test_new_fragment_defaults_to_all_humans():
    request = parse_fragment("new=concordia&players=4&map=imperium").new
    assert request.seats == ["human"] * 4 and request.options == {"map": "imperium"}


def test_game_link_fragment():
    fragment = parse_fragment("#g=eNpjZGBg&lang=en")
    assert fragment.link == "eNpjZGBg" and fragment.lang == "en" and fragment.new is None


def test_empty_and_other_fragments():
    assert parse_fragment("").link is None and parse_fragment("#").new is None
    assert parse_fragment("#play=abc").params == {"play": "abc"}


@pytest.mark.parametrize(("text", "code"), [
    ("new=chess&players=2", "unknown_game"),
    ("new=municipium&players=7", "bad_players"),
    ("new=municipium&players=two", "bad_players"),
    ("new=municipium&players=2&seats=human,robot", "bad_seat"),
    ("new=municipium&players=3&seats=human,ai", "seat_count"),
    ("new=municipium&players=2&names=A,B,C", "name_count"),
    ("new=municipium&players=2&short=maybe", "bad_option"),
    ("new=municipium&players=2&speed=9", "bad_option"),
])
def test_bad_new_fragments(text, code):
    with pytest.raises(FragmentError) as caught:
        parse_fragment(text)
    assert caught.value.code == code


def test_names_with_commas_and_markup_round_trip():
    request = NewGameRequest("municipium", 2, ["human", "ai:easy"], {"short": True},
                             ["Ann, the 1st", "<b>Bo</b>&"])
    again = parse_fragment(new_fragment(request, lang="ja"))
    assert again.new == request and again.lang == "ja"


def test_every_error_code_has_a_message_in_the_catalogue():
    english = load("en")
    sources = {"link": Path("engine/core/codec.py"), "new": Path("ui/links.py")}
    for prefix, path in sources.items():
        codes = set(re.findall(r'(?:LinkError|FragmentError)\(\s*"([a-z_]+)"', path.read_text()))
        assert codes, path
        assert sorted(c for c in codes if f"{prefix}.{c}" not in english) == []


# ---------------------------------------------------------------- session
def play_until(session: Session, decisions: int, rng: random.Random) -> None:
    for _ in range(decisions):
        if session.game.is_over:
            return
        session.decide(rng.randrange(len(session.game.legal_actions())))


def test_session_link_keeps_seats_and_game_id(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "ai:hard"], {}, ["Ann", "Bo"]))
    play_until(session, 6, random.Random(1))
    opened = Session.from_link(session.link())
    assert opened.via_link and opened.seats == ["human", "ai:hard"]
    assert opened.game_id == session.game_id
    assert opened.game.position() == session.game.position()


def test_session_link_with_bad_seats_falls_back_to_humans(toy):
    game = engine.new_game("toy", 2, seed=1)
    opened = Session.from_link(engine.encode(game, meta={"seats": ["robot", 3]}))
    assert opened.seats == ["human", "human"]


def test_undo_local_goes_back_through_draws(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    session.decide(0)  # roll (a draw follows)
    assert session.game.log.entries[-1].actor == CHANCE
    assert session.undo()
    assert len(session.game.log) == 0
    assert not session.undo()


def test_undo_via_link_never_goes_past_a_draw(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    session.decide(0)  # roll: a die is drawn
    opened = Session.from_link(session.link())
    assert opened.game.log.entries[-1].actor == CHANCE
    assert opened.undo_target() is None and not opened.undo()
    # a decision after the last draw can still be taken back, the draw cannot
    opened.game.apply_index(len(opened.game.legal_actions()) - 1)
    if opened.game.is_chance:
        opened.settle_chance()
        assert opened.undo_target() is None
    else:
        assert opened.undo_target() == len(opened.game.log) - 1


def test_undo_does_not_reshuffle(toy):
    """A draw an undo took back comes again, whatever the page's generator would draw: taking a
    move back cannot be used to roll again."""
    session = Session.start(NewGameRequest("toy", 2, ["human", "ai:easy"], {"start_player": 0}))
    session.decide(0)  # roll: a die is drawn
    rolled = session.game.log.entries[-1].action
    for seed in range(12):
        assert session.undo() and session.redraws == [rolled]
        session.rng = random.Random(seed)
        session.decide(0)
        assert session.game.log.entries[-1] == (CHANCE, rolled) and session.redraws == []


def test_undo_redraws_only_what_is_still_possible(toy):
    """When the game goes another way, a remembered draw that is no longer possible is
    dropped with the rest, and the draw is made afresh."""
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    session.redraws = [7, 2]  # no die shows 7
    session.decide(0)
    assert session.game.log.entries[-1].action in (1, 2, 3) and session.redraws == []


def test_undone_draws_are_kept_in_the_save_not_in_the_link(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    session.decide(0)
    rolled = session.game.log.entries[-1].action
    session.undo()
    record = session.record()
    assert record.meta["redraws"] == [rolled]
    assert Session.from_record(record).redraws == [rolled]
    assert Session.from_link(session.link()).redraws == []
    tampered = SaveRecord(record.id, record.game, record.link, record.updated,
                          dict(record.meta, redraws=[{"x": 1}, 2]), record.summary)
    assert Session.from_record(tampered).redraws == [2]


def test_undo_in_municipium_turns_the_same_common_card():
    """M-5.2: the common card turned after a player's decision is the same card when the
    decision is taken back and made again (against a computer, undo would otherwise re-roll
    the card)."""
    session = Session.start(NewGameRequest("municipium", 2, ["human", "ai:easy"], {}))
    session.rng = random.Random(5)
    game = session.game
    for _ in range(600):
        human = game.current_player == 0
        index = session.random_move()
        turned = [e.args for e in game.events if e.key == "turn_card"
                  and e.entry >= len(game.log) - 1]
        if human and turned:
            break
    else:
        pytest.fail("no common card was turned right after the human's decision")
    drawn = game.log.entries[-1]
    assert drawn.actor == CHANCE and session.undo_target() == len(game.log) - 2
    assert session.undo()
    for seed in range(8):
        session.rng = random.Random(seed)
        session.decide(index)
        assert session.game.log.entries[-1] == drawn
        assert session.undo()


def a_turn_each(session: Session) -> None:
    """Seat 0 rolls a 2 and holds, then seat 1 rolls a 3 (the die fixed: the test is not
    about luck)."""
    session.game.apply_index(0)
    session.game.apply(2)
    session.decide(1)  # hold: seat 1's turn
    session.game.apply_index(0)
    session.game.apply(3)


def test_undo_never_takes_back_the_other_players_decisions_in_a_game_by_link(toy):
    """Correspondence: Bob's decisions arrive by link at Alice's device; Alice's Undo cannot
    take them back (it would fork the game: Bob's copy has them), and says why. Alice's own
    decision after the link came can be taken back (and Bob could take back his after sharing:
    a link of the game then opens apart, see ui.persistence.correspondence_save)."""
    bob = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    a_turn_each(bob)
    bob.mark_backup()  # he shares it; his own decisions stay his to take back
    assert bob.undo_target() == len(bob.game.log) - 2
    alice = Session.from_link(bob.link())
    assert alice.handed == len(alice.game.log)
    assert alice.undo_target() is None and alice.undo_blocked() == "play.undo.handed"
    alice.decide(1)  # she holds
    assert alice.undo_target() == len(alice.game.log) - 1 and alice.undo()
    assert alice.game.log.entries == bob.game.log.entries
    kept = Session.from_record(alice.record())
    assert kept.handed == alice.handed and kept.undo_target() is None


def test_undo_says_why_it_cannot(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    assert session.undo_blocked() == "play.undo.none"
    session.decide(0)  # roll: a die is drawn
    assert session.undo_blocked() is None
    opened = Session.from_record(session.record())
    opened.via_link, opened.handed = True, None  # as a link game saved before `handed`
    assert opened.undo_blocked() == "play.undo.drawn"


@pytest.mark.parametrize(("saved", "other", "kin"), [
    ((1, 2), (1, 2), "same"), ((1, 2), (1, 2, 3), "ahead"), ((1, 2, 3), (1, 2), "behind"),
    ((1, 2, 3), (1, 4), "diverged"), ((1, 2), (1, 4, 5), "diverged"), ((), (1,), "ahead")])
def test_lineage_of_two_copies_of_a_game(saved, other, kin):
    from ui.session import lineage

    assert lineage(saved, other) == kin


def test_saved_list_names_the_seat_deciding_now():
    """The saved-games list says whose decision the game waits for: in Municipium's setup
    (M-2.6) the start player's turn is not the seat placing a family member."""
    session = Session.start(NewGameRequest("municipium", 2, ["human", "human"], {}))
    session.settle_chance()
    game = session.game
    for _ in range(40):
        if game.current_player != game.active_player:
            break
        session.random_move()
    else:
        pytest.fail("no decision by a seat other than the active one")
    assert session.progress()["active"] == game.current_player != game.active_player


def test_undo_skips_computer_moves(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "ai:easy"], {"start_player": 0}))
    session.game.apply_index(0)
    session.game.apply(2)  # roll a 2
    session.decide(1)  # hold: the computer's turn
    human_move = len(session.game.log) - 1
    for _ in range(3):
        if session.waiting_for_ai:
            session.random_move()
    assert session.undo_target() == human_move
    assert session.undo()
    assert len(session.game.log) == human_move and session.game.current_player == 0


def test_record_summary(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {}, ["Ann", "Bo"]))
    record = session.record()
    assert record.game == "toy" and record.summary["names"] == ["Ann", "Bo"]
    assert Session.from_record(record).save_id == record.id


# ---------------------------------------------------------------- screens
EVIL = '<img src=x onerror="alert(1)">'


def test_player_names_are_escaped_everywhere(toy):
    cat = Catalogue("en")
    session = Session.start(NewGameRequest("toy", 2, ["human", "ai:easy"], {}, [EVIL, "Bo"]))
    record = session.record()
    html = game_screen(session, cat, "http://x/#g=abc") + saved_games([record], [], cat)
    html += new_game_form(engine.GAMES["municipium"], NewGameRequest(
        "municipium", 2, ["human", "human"], {}, [EVIL, "x"]), cat)
    assert "<img" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_game_screen_marks_state_and_offers_choices(toy):
    cat = Catalogue("en")
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    html = game_screen(session, cat)
    assert 'data-game-state="playing"' in html and 'data-cmd="act"' in html
    while not session.game.is_over:  # roll once, then hold: the game ends
        session.decide(len(session.game.legal_actions()) - 1)
    html = game_screen(session, cat)
    assert 'data-game-state="over"' in html and "Final ranking" in html


def test_setup_form_offers_every_option():
    cat = Catalogue("ja")
    for info in engine.GAMES.values():
        html = new_game_form(info, default_request(info), cat)
        for option in info.options:
            assert (f'id="option-{option.name}"' in html) is not option.hidden
        assert "option." not in html.replace("data-option", "")


def test_saved_list_damaged_note():
    cat = Catalogue("en")
    html = saved_games([SaveRecord("a", "municipium", "x", 1.0, {}, {"names": ["A"]})],
                       [("ludi.save.b", None)], cat)
    assert 'data-cmd="resume"' in html and 'data-cmd="purge"' in html


def test_replay_steps_over_draws_and_shows_earlier_positions(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    rng = random.Random(2)
    play_until(session, 12, rng)
    total = len(session.game.log)
    session.replay_to(0)
    assert session.replaying and session.view.position() == engine.replay(
        session.game.log.prefix(0)).position()
    seen = [0]
    while session.view_length < total:
        session.replay_step(1)
        seen.append(session.view_length)
        # the shown position never stops right after a draw unless the log ends there
        if session.view_length < total:
            assert session.game.log.entries[session.view_length - 1].actor != CHANCE
    assert session.view.position() == session.game.position()
    session.replay_step(-1)
    assert session.view_length < total
    session.replay_to(None)
    assert session.view is session.game and not session.replaying


def test_news_lists_events_since_the_openers_last_decision(toy):
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    game = session.game
    game.apply_index(0)
    game.apply(3)
    game.apply_index(1)  # seat 0 holds 3: an event; seat 1 to move, it has not decided yet
    assert [e.key for e in session.events_since_last_decision(1)] == ["hold"]
    assert session.events_since_last_decision(0) == []
    game.apply_index(0)
    game.apply(2)
    game.apply_index(1)  # seat 1 holds 2
    assert [dict(e.args)["player"] for e in session.events_since_last_decision(0)] == [1]


def test_setup_form_fits_the_settings_the_engine_accepts():
    from ui.screens.setup import fit_request

    info = engine.GAMES["concordia"]
    two = fit_request(info, NewGameRequest("concordia", 2, ["human", "ai"], {"map": "imperium"}))
    assert two.options["map"] == "italia" and two.players == 2
    five = NewGameRequest("concordia", 5, ["human"] + ["ai:hard"] * 4, {"map": "italia"},
                          ["A", "B", "C", "D", "E"])
    four = fit_request(info, five, keep="map")
    assert four.players == 4 and four.options["map"] == "italia"
    assert four.seats == ["human", "ai:hard", "ai:hard", "ai:hard"] and len(four.names) == 4
    fine = NewGameRequest("municipium", 3, ["human"] * 3, {"short": True})
    assert fit_request(engine.GAMES["municipium"], fine) is fine


def test_a_seat_added_to_the_form_is_like_the_last_one_chosen():
    """Raising the player count adds a seat like the last one after the first (three people:
    another person; a person and a hard computer: another hard one), a computer behind one
    person alone: it never turns a game against the computer into pass-and-play."""
    from ui.screens.setup import seat_kind

    assert seat_kind(["human"], 1) == "ai:medium"
    assert seat_kind(["human", "ai:hard"], 2) == "ai:hard"
    assert seat_kind(["human", "human", "human"], 3) == "human"
    assert seat_kind(["human", "ai:easy"], 1) == "ai:easy"
    cat = Catalogue("en")
    html = new_game_form(engine.GAMES["municipium"],
                         NewGameRequest("municipium", 4, ["human", "ai:hard", "ai:hard"]), cat)
    chosen = re.findall(r'<option value="([^"]+)" selected', html)
    assert chosen[1:5] == ["human", "ai:hard", "ai:hard", "ai:hard"], chosen  # (count first)


@pytest.mark.parametrize("text", ["", "plain", "a b,c&d=e", "名前 ü", "100%", "%zz", "~-._"])
def test_quote_round_trip(text):
    from ui.links import quote, unquote

    encoded = quote(text)
    assert all(c.isalnum() or c in "-._~%" for c in encoded)
    assert unquote(encoded) == text


def test_unquote_keeps_malformed_escapes():
    from ui.links import unquote

    assert unquote("a%2Cb%zz%4") == "a,b%zz%4"
    assert unquote("%E5%90%8D") == "名"


def test_pace_in_a_new_game_address():
    request = parse_fragment("#new=municipium&players=2&seats=ai,ai&pace=slow").new
    assert request.pace == "slow" and request.options == {}
    assert parse_fragment(new_fragment(request)).new == request
    assert parse_fragment("#new=municipium&players=2").new.pace is None
    with pytest.raises(FragmentError) as error:
        parse_fragment("#new=municipium&players=2&pace=sleepy")
    assert error.value.code == "bad_pace" and error.value.args_ == {"pace": "sleepy"}


def test_share_asks_to_finish_a_turn_before_sending_it(toy):
    """Between people the share sheet names who plays next; in the middle of someone's turn
    it says to finish the turn first (the link would let its opener decide for them)."""
    from ui.screens.play import share_text

    cat = Catalogue("en")
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0},
                                           ["Ann", "Bo"]))
    session.game.apply_index(0)
    session.game.apply(2)  # Ann rolled a 2 and decides again
    assert share_text(session, cat) == cat.t("share.mid_turn", name="Ann")
    session.decide(1)  # she holds
    assert share_text(session, cat) == cat.t("share.send_to", name="Bo")


def test_a_link_made_mid_turn_opens_behind_the_senders_handoff(toy):
    """A link shared in the middle of Ann's turn: whoever opens it is probably Bo, so the game
    opens on a hand-off screen that says it is still Ann's turn and offers to send it back; the
    share sheet there asks to send it to Ann, with no warning about finishing a turn. Once
    somebody decides on the opened game, it is an ordinary game again."""
    from ui.screens.play import Frame, share_text

    cat = Catalogue("en")
    sender = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0},
                                          ["Ann", "Bo"]))
    sender.game.apply_index(0)
    sender.game.apply(2)  # Ann rolled a 2 and decides again: she shares now
    assert sender.mid_turn() and sender.sent_mid_turn() is None  # her own copy
    opened = Session.from_link(sender.link())
    assert opened.mid_turn() and opened.sent_mid_turn() == 0
    assert share_text(opened, cat) == cat.t("share.send_to", name="Ann")
    html = game_screen(opened, cat, frame=Frame(handoff_to=0))
    assert 'data-sent-mid-turn="true"' in html and "Still Ann&#x27;s turn" in html
    assert 'data-role="handoff-share"' in html
    opened.decide(1)  # Ann (it was her after all) holds: Bo's turn, nothing was sent mid-turn
    assert opened.sent_mid_turn() is None and not opened.mid_turn()
    after_turn = Session.from_link(opened.link())
    assert after_turn.sent_mid_turn() is None  # a link made between turns is Bo's to play
    alone = Session.start(NewGameRequest("toy", 2, ["human", "ai:medium"], {"start_player": 0}))
    alone.game.apply_index(0)
    alone.game.apply(2)
    assert Session.from_link(alone.link()).sent_mid_turn() is None  # one person: no question


def test_a_replay_counts_decisions_and_names_who_is_next(toy):
    """The replay's line counts decisions, not the log's draws, and the position shown asks
    nothing: it says who decided next there (or that the game ended), not the board's prompt."""
    from ui.screens.play import prompt

    cat = Catalogue("en")
    game = engine.new_game("toy", 2, seed=3, names=["Ann", "Bo"], start_player=0)
    session = Session(game, ["human", "human"], rng=random.Random(3))  # seeded: its draws too
    play_until(session, 8, random.Random(3))
    total = sum(1 for e in session.game.log.entries if e.actor >= 0)
    assert total < len(session.game.log)  # the log holds draws too
    session.replay_to(0)
    shown = {"next": 0, "draw": 0}
    for step in range(1, total + 1):
        session.replay_step(1)
        html = prompt(session, cat, detail=Markup("<p>the board asks</p>"))
        assert cat.t("replay.position", at=step, total=total) in html
        assert "the board asks" not in html
        seat = session.view.current_player
        if seat >= 0:  # a decision comes next: whose
            assert cat.t("replay.next_up", name=("Ann", "Bo")[seat]) in html
            shown["next"] += 1
        else:  # a draw comes next: the caption tells the step, nobody is asked
            assert "Next to decide" not in html
            shown["draw"] += 1
    assert shown["next"] and shown["draw"]


def test_handoff_offers_to_send_a_game_played_by_link(toy):
    """Pass-and-play's hand-off screen offers Share only in a game that went by link (the next
    player may be elsewhere)."""
    from ui.screens.play import Frame

    cat = Catalogue("en")
    session = Session.start(NewGameRequest("toy", 2, ["human", "human"], {"start_player": 0}))
    session.decide(0)
    frame = Frame(handoff_to=1)
    assert 'data-role="handoff"' in game_screen(session, cat, frame=frame)
    assert 'data-role="handoff-share"' not in game_screen(session, cat, frame=frame)
    session.mark_backup()  # shared
    assert 'data-role="handoff-share"' in game_screen(session, cat, frame=frame)
