"""The page's parts that need no browser (issue 36): the state, routing the address, replay
moves, sharing and the hand-off, keeping saves, and the one way to change the state
(:meth:`ui.app.App.change`), with a stand-in for the browser's objects."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine
from ui.i18n import Catalogue
from ui.links import NewGameRequest, game_fragment
from ui.session import Session
from ui.state import MOTION_MS, PACES, PageState
from ui.storage import MemoryBackend, SaveStore

CAT = Catalogue("en")


def toy_session(seats=("human", "human")) -> Session:
    return Session.start(NewGameRequest("toy", len(seats), list(seats), {"start_player": 0}))


# ---------------------------------------------------------------------- state
def test_the_pace_of_a_game_is_its_own_else_the_usual_one(toy):
    from ui.screens.play import Frame

    state = PageState(CAT, pace="slow")
    assert state.game_pace == "slow" and not state.instant
    state.session = toy_session(("ai:easy", "ai:easy"))
    assert state.instant and state.motion_ms() == 0 and state.pause() == 0
    state.session.pace = "fast"
    assert not state.instant and state.game_pace == "fast"
    assert state.motion_ms() == MOTION_MS["fast"] and state.pause() == PACES["fast"]
    assert state.share_url is None
    state.share_url = "ignored: no game screen"
    state.frame = Frame()
    state.share_url = "https://x/#g=1"
    assert state.frame.share_url == "https://x/#g=1"
    state.leave_game()
    assert state.session is None and state.frame is None and state.share_url is None


# ---------------------------------------------------------------------- routing
def test_each_address_has_its_route(toy):
    from ui.routing import route_for

    assert route_for("") == ("landing", None, None)
    assert route_for("#lang=ja") == ("landing", None, "ja")
    assert route_for("#g=abc&lang=ja") == ("link", "abc", "ja")
    assert route_for("#play=s1") == ("play", "s1", None)
    assert route_for("#learn=municipium") == ("learn", "municipium", None)
    new = route_for("#new=toy&players=2")
    assert new.kind == "new" and new.value.game == "toy" and new.value.players == 2
    error = route_for("#new=nothing")
    assert error.kind == "error" and error.value.code


def test_the_address_names_the_game_on_screen(toy):
    from ui.routing import address_for, fragment_lang

    state = PageState(CAT)
    assert address_for(state) == ""
    state.session, state.screen = toy_session(), "game"
    assert address_for(state) == f"#play={state.session.save_id}"
    state.lesson = object()
    assert address_for(state) == "#learn=toy"
    state.screen = "setup"
    assert address_for(state) == ""
    assert fragment_lang("#g=x&lang=ja") == "ja" and fragment_lang("#new=nothing") is None


# ---------------------------------------------------------------------- replay
def played(n: int) -> Session:
    session = toy_session()
    for _ in range(n):
        session.decide(0)
    return session


def test_replay_moves(toy):
    from ui.replay import replay_move

    session = played(6)
    length = len(session.game.log)
    replay_move(session, "first")
    assert session.replaying and session.view_length == 0
    replay_move(session, "next")
    first_step = session.view_length
    assert 0 < first_step <= length
    replay_move(session, "prev")
    assert session.view_length == 0
    replay_move(session, "last")
    assert session.view_length == length
    replay_move(session, "exit")
    assert not session.replaying
    with pytest.raises(ValueError):
        replay_move(session, "sideways")


def key(name: str, tag: str = "BODY", **mods) -> SimpleNamespace:
    flags = {m: mods.get(m, False) for m in ("altKey", "ctrlKey", "metaKey", "shiftKey")}
    return SimpleNamespace(key=name, defaultPrevented=False, target=SimpleNamespace(tagName=tag),
                           **flags)


def test_replay_keys(toy):
    from ui.replay import key_move

    session = played(2)
    assert key_move(session, key("ArrowLeft")) is None  # not replaying
    session.replay_to(0)
    assert key_move(session, key("ArrowLeft")) == "prev"
    assert key_move(session, key("End")) == "last"
    assert key_move(session, key("ArrowRight", ctrlKey=True)) is None
    assert key_move(session, key("Home", tag="INPUT")) is None
    assert key_move(session, key("x")) is None and key_move(None, key("End")) is None


# ---------------------------------------------------------------------- sharing
def test_the_share_link_opens_the_game_as_it_is(toy):
    from ui.sharing import share_url

    session = played(3)
    url = share_url("https://ludi.example", "/games/", session)
    assert url == "https://ludi.example/games/" + game_fragment(session.link())
    assert engine.decode(Session.from_link(url.partition("#g=")[2]).link()).log == \
        session.game.log


def test_the_device_is_passed_between_people_only(toy):
    from ui.screens.play import Frame
    from ui.sharing import check_handoff

    state = PageState(CAT)
    state.session, state.frame = toy_session(), Frame()
    check_handoff(state)
    first = state.session.game.current_player
    assert state.frame.handoff_to is None and state.at_device == first
    state.session.decide(0)
    while state.session.game.current_player == first:
        state.session.decide(0)
    check_handoff(state)
    assert state.frame.handoff_to == state.session.game.current_player
    state.frame.handoff = False  # the menu's switch
    check_handoff(state)
    assert state.frame.handoff_to is None
    state.session.seats = ["human", "ai:easy"]  # one person: nothing to pass
    state.at_device, state.frame.handoff = 0, True
    check_handoff(state)
    assert state.frame.handoff_to is None


# ---------------------------------------------------------------------- keeping
def test_a_link_goes_to_the_save_of_its_game(toy):
    from ui.persistence import already_saved, correspondence_save

    store = SaveStore(MemoryBackend())
    session = played(2)
    store.put(session.record())
    ahead = Session.from_link(session.link())
    ahead.decide(0)
    assert correspondence_save(store, ahead) == (session.save_id, "ahead")
    older = Session.from_link(played(2).link())
    assert correspondence_save(store, older)[1] == "new"
    assert already_saved(store, session.record()) and not already_saved(store, ahead.record())


class FakeWindow:
    """What the page's parts read of ``window`` in these tests."""

    def __init__(self) -> None:
        self.location = SimpleNamespace(hash="", pathname="/", origin="https://ludi.example")
        self.navigator = SimpleNamespace(language="en-US")
        self.history = SimpleNamespace(replaceState=lambda *args: self.addresses.append(args))
        self.addresses: list[tuple] = []

    @property
    def localStorage(self):  # noqa: N802 - the browser's name
        raise RuntimeError("storage is disabled here")


def fake_app(toy_session_seats=("human", "ai:easy")):
    """An App over a stand-in window, its drawing, computer and save counted, not done."""
    from ui.app import App

    app = App(document=None, window=FakeWindow(), proxy=lambda f: f)
    calls = {"draw": 0, "save": 0, "ai": 0}

    def count(name):
        def bump() -> None:
            calls[name] += 1
        return bump

    app.redraw = count("draw")
    app.keeper.autosave = count("save")
    app.computer.schedule = count("ai")
    app.state.session = toy_session(toy_session_seats)
    return app, calls


def test_a_change_is_saved_drawn_and_played_on_once(toy):
    app, calls = fake_app()
    with app.change():
        app.state.session.ui["x"] = 1
    assert calls == {"draw": 1, "save": 0, "ai": 0}
    with app.change(decided=True):
        app.state.session.decide(0)
        with app.change(save=True):  # a change inside another: settled with it
            pass
        assert calls["draw"] == 1
    assert calls == {"draw": 2, "save": 1, "ai": 1}
    with app.change(ai=True) as change:
        change.nothing()
    with pytest.raises(engine.IllegalAction):
        with app.change(decided=True):
            app.state.session.decide(99)
    assert calls == {"draw": 2, "save": 1, "ai": 1}  # neither changed the screen
    app.changed()
    assert calls["draw"] == 3


def test_computers_alone_are_drawn_at_most_every_200_ms_and_at_the_end(toy):
    """A game of computers alone at no pace saves each decision but draws the screen only
    once ``INSTANT_DRAW_MS`` have passed since the last drawing (and always its end); at a
    pace, every decision is drawn."""
    from ui.drawing import INSTANT_DRAW_MS

    app, calls = fake_app(("ai:easy", "ai:easy"))
    clock = [1000.0]
    app.window.performance = SimpleNamespace(now=lambda: clock[0])
    drawing = app.drawing
    drawing.drawn_at = 1000.0
    drawing._drawn, drawing._drawn_length = app.state.session, 0  # the start, on screen
    assert not drawing.behind
    with app.change(decided=True) as change:
        app.state.session.decide(0)
        if not drawing.due():
            change.undrawn()
    assert calls == {"draw": 0, "save": 1, "ai": 1} and drawing.behind
    with app.change(decided=True) as change:  # another tab's save took the game over
        change.undrawn()
        app.state.writer = False
    assert calls["draw"] == 1  # the notice that says so is drawn
    clock[0] += INSTANT_DRAW_MS
    assert drawing.due()
    clock[0] = drawing.drawn_at = 5000.0
    app.state.session.pace = "fast"
    assert drawing.due()  # a pace asked for: every decision is seen
    app.state.session.pace = None
    session = app.state.session
    while not session.game.is_over:  # each seat rolls, then holds what it has
        session.decide(len(session.game.legal_actions()) - 1)
    assert drawing.due()  # the end is always drawn


def test_a_decision_closes_the_share_sheet_and_the_refusal(toy):
    from ui.screens.play import Frame

    app, calls = fake_app()
    app.state.frame = Frame(share_url="https://x/#g=1")
    app.notices.note = ("Not now", "error", None)
    app.notices.clear_game = lambda: setattr(app.notices, "note", None)
    with app.change(decided=True, keep_note=True):
        pass
    assert app.state.share_url is None and app.notices.note is not None
    with app.change(decided=True):
        pass
    assert app.notices.note is None
    app.notices.note = ("Storage is full", "sticky", None)
    with app.change(decided=True):
        pass
    assert app.notices.note is not None  # a storage warning stays


def test_saving_a_game_in_a_browser_without_storage(toy):
    from ui.app import App

    app = App(document=None, window=FakeWindow(), proxy=lambda f: f)
    app.state.session = session = toy_session()
    app.state.writer = True
    app.keeper.autosave()
    assert app.keeper.store.get(session.save_id).rev == session.rev
    app.state.writer = False  # another tab writes it
    session.decide(0)
    app.keeper.autosave()
    assert app.keeper.store.get(session.save_id).rev == session.rev  # (not written again)
    assert len(engine.decode(app.keeper.store.get(session.save_id).link).log) == 0


# ---------------------------------------------------------------------- notices
class FakeBox:
    def __init__(self) -> None:
        self.textContent = self.innerHTML = ""
        self.attrs: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 - the DOM's names
        self.attrs[name] = value

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name, None)


def test_a_notice_is_worded_again_in_the_new_language_or_taken_away(toy):
    from ui.notices import Notices

    boxes = {"message": FakeBox(), "game-message": FakeBox()}
    document = SimpleNamespace(getElementById=boxes.get)
    state = PageState(Catalogue("en"))
    notices = Notices(document, state)
    notices.say("saves.deleted", "error")
    english = boxes["message"].textContent
    assert english == state.cat.t("saves.deleted") and notices.note[1] == "error"
    assert english in boxes["game-message"].innerHTML
    assert boxes["game-message"].attrs["data-kind"] == "error"
    state.cat.switch("ja")
    notices.retell()
    assert boxes["message"].textContent == state.cat.t("saves.deleted") != english
    notices.say_text("no way to say this again", "error")
    notices.retell()
    assert notices.note is None and boxes["message"].textContent == ""
    assert "data-kind" not in boxes["game-message"].attrs
    notices.say("saves.full", "sticky")
    assert notices.sticky
    notices.clear_game()
    assert notices.note is None and boxes["game-message"].textContent == ""
