"""What players read around the game: default names, the computer badge, the saved-games list,
export file names, the Share wording, rule links and CLDR plurals."""

from __future__ import annotations

import re
import time

import pytest

import engine
from ui.i18n import Catalogue, format_message, plural_category
from ui.links import NewGameRequest
from ui.screens.landing import export_name, saved_games, slug
from ui.screens.parts import players_panel
from ui.screens.play import game_screen, share_text
from ui.screens.setup import new_game_form
from ui.session import Session

EN, JA = Catalogue("en"), Catalogue("ja")


def _session(title="municipium", players=3, seats=None, names=(), **options) -> Session:
    seats = seats or ["human"] * players
    return Session.start(NewGameRequest(title, players, list(seats), dict(options), list(names)))


# ------------------------------------------------------------------------------ plurals
@pytest.mark.parametrize("lang, count, category", [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"), ("en", 5, "other"),
    ("ja", 0, "other"), ("ja", 1, "other"), ("ja", 5, "other")])
def test_cldr_plural_categories(lang, count, category):
    assert plural_category(lang, count) == category


def test_plural_messages_pick_their_branch_and_fill_nested_placeholders():
    text = "{n, plural, =0 {no cards for {who}} one {# card for {who}} other {# cards for {who}}}"
    assert [format_message(text, {"n": n, "who": "Ann"}) for n in (0, 1, 2)] == [
        "no cards for Ann", "1 card for Ann", "2 cards for Ann"]
    assert format_message("{n, plural, other {#枚}}", {"n": 1}, "ja") == "1枚"
    assert EN.t("saves.imported", count=1) == "One game imported."
    assert EN.t("saves.imported", count=3) == "3 games imported."


# -------------------------------------------------------------------------------- names
def test_default_names_are_the_colours_in_the_language_on_every_path():
    request = NewGameRequest("municipium", 2, ["human", "ai:medium"], {}, [])
    form = new_game_form(engine.GAMES["municipium"], request, JA)
    colours = engine.core.registry.game_class("municipium").colours
    for seat in range(2):
        assert f'placeholder="{JA.t("colour." + colours[seat])}"' in form
    # a form with one name typed: the blank seat keeps its colour (no "Player 2")
    session = _session(players=2, names=["Marcus", ""])
    panel = players_panel(session, EN)
    assert "Marcus" in panel and EN.t(f"colour.{colours[1]}") in panel and "Player 2" not in panel
    assert JA.t(f"colour.{colours[1]}") in players_panel(session, JA)


def test_a_computer_seat_is_named_once_with_a_badge():
    session = _session(players=3, seats=["human", "ai:medium", "ai:hard"])
    panel = players_panel(session, EN)
    assert panel.count("Computer") == 2 and "Computer (" not in panel
    assert 'class="badge seat-kind" data-seat-kind="ai:medium">Computer · medium<' in panel


# ---------------------------------------------------------------------- saved games
def test_saved_games_list_whose_turn_round_and_your_turn_first():
    ai_turn = _session(players=2, seats=["human", "ai:easy"], names=["Marcus", ""],
                       start_player=1)
    mine = _session(players=2, seats=["human", "ai:easy"], names=["Marcus", ""],
                    start_player=0)
    while mine.game.pending()["kind"] != "move":
        mine.decide(0)
    old, new = ai_turn.record(), mine.record()
    old.updated, new.updated = time.time(), time.time() - 100  # the AI's game is newer
    html = saved_games([old, new], [], EN)
    assert html.index(new.id) < html.index(old.id)  # your turn first
    item = html[html.index(new.id):]
    assert "Your turn" in item.split("</li>")[0] and "Round 1" in item.split("</li>")[0]
    assert "Municipium: Marcus, " in html and "moves" not in html
    ai_item = html[html.index(old.id):].split("</li>")[0]
    assert "&#x27;s turn" in ai_item or "'s turn" in ai_item
    assert "あなたの番" in saved_games([new], [], JA)


def test_export_file_names():
    session = _session("concordia", players=3, names=["Mārcus", "", "Gaius Julius"],
                       map="imperium")
    record = session.record()
    record.updated = time.mktime((2026, 11, 30, 12, 0, 0, 0, 0, -1))
    colours = session.game.colours
    assert export_name(record) == f"concordia-2026-11-30-marcus-{colours[1]}-gaius-julius.json"
    record.summary["given"] = ["花子", "", ""]
    assert re.fullmatch(r"concordia-2026-11-30(-[a-z0-9-]+){3}\.json", export_name(record))
    assert slug("../evil<name>") == "evil-name"


# --------------------------------------------------------------------------- sharing
def test_share_speaks_to_the_situation():
    solo = _session(players=2, seats=["human", "ai:easy"])
    assert share_text(solo, EN) == EN.t("share.label")
    duo = _session(players=2, names=["Livia", "Marcus"], start_player=0)
    assert share_text(duo, EN) == "Send this link to Livia: it is their turn."
    assert "Livia" in share_text(duo, JA)
    html = game_screen(duo, EN, "http://x/#g=abc")
    assert "Send this link to Livia" in html and "characters" not in html


# ---------------------------------------------------------------------- confirmations
def _find(title, players, want, **options):
    """A session (all humans) and a legal action index for which ``want(game, action)``."""
    import random

    for seed in range(300):
        session = _session(title, players=players, **options)
        session.rng = random.Random(seed)
        rng = random.Random(seed)
        for _ in range(400):
            game = session.game
            if game.is_over:
                break
            for index, action in enumerate(game.legal_actions()):
                if want(game, action):
                    return session, index
            session.decide(rng.randrange(len(game.legal_actions())))
    raise AssertionError("no such position")


def test_your_powers_leading_nowhere_asks_first():
    from engine.municipium.actions import PlayFamily
    from engine.municipium.data import FAMILY_CARDS
    from ui.screens.parts import regret

    def nowhere(game, action):
        return (isinstance(action, PlayFamily) and FAMILY_CARDS[action.card] == "your_powers"
                and not any(game.ranking_at(i)[:1] == [game.current_player] for i in range(7)))

    session, index = _find("municipium", 3, nowhere)
    key, question = regret(session, EN, index)
    assert key == "m.your_powers_nowhere" and "Your Powers would do nothing" in question
    assert "ユア・パワーズ" in regret(session, JA, index)[1]
    session.ui["confirm"] = (index, question)
    html = game_screen(session, EN)
    assert 'id="confirm"' in html and 'id="confirm-never"' in html and question in html
    others = [i for i in range(len(session.game.legal_actions())) if i != index]
    assert all(regret(session, EN, i) is None or regret(session, EN, i)[0] != key
               for i in others)


def test_ending_the_architect_with_houses_left_asks_first():
    from ui.screens.parts import regret

    def unbuilt(game, action):
        return (game.prompt()["step"] == "architect" and action.verb == "done"
                and any(a.verb == "build" for a in game.legal_actions()))

    session, index = _find("concordia", 3, unbuilt, map="imperium")
    key, question = regret(session, EN, index)
    assert key == "c.architect_unbuilt" and "End it anyway?" in question
    build = next(i for i, a in enumerate(session.game.legal_actions()) if a.verb == "build")
    assert regret(session, EN, build) is None
