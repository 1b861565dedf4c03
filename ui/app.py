"""The page: one :class:`App` holds the page's state (:class:`ui.state.PageState`) and its
parts, and every change to the state goes through :meth:`App.change`, which saves the game,
draws the screen once and lets the computer move (see ``ui/README.md``).

It never decides a rule: the engine says what is legal, the screens draw it, and the player's
choice goes back to the engine as an index into ``legal_actions()``.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable

import engine
from engine.core.registry import GAMES
from ui.events import Events, read_setup
from ui.i18n import Catalogue, pick_language
from ui.links import NewGameRequest
from ui.notices import Notices
from ui.persistence import Keeper, correspondence_save
from ui.routing import address_for, fragment_lang, route_for
from ui.state import PACES, PageState
from ui.storage import BadSave, NewerSave
from ui.tutor import Tutor, lesson_offer, offers_lesson

if TYPE_CHECKING:
    from ui.commands import Commands, TableCommands
    from ui.computer import Computer
    from ui.drawing import Drawing
    from ui.session import Session


class Change:
    """One change of the page's state (:meth:`App.change`): used as ``with app.change():``,
    its end saves, draws and lets the computer move as asked; a change made inside another
    is settled with it, once. An error inside, or :meth:`nothing`, leaves the screen as it
    was."""

    def __init__(self, app: App, decided: bool, save: bool, ai: bool, keep_note: bool) -> None:
        self.app = app
        self.decided, self.save, self.ai, self.keep_note = decided, save, ai, keep_note
        self.skipped = False
        self.draw = True
        """Whether its end draws the screen (:meth:`undrawn`)."""
        self.shown = (app.state.session, app.state.writer)
        """The game on screen and whether this tab may change it, as the change began: if
        either is another at its end (a save written meanwhile by another tab), it is drawn
        even when :meth:`undrawn`."""

    def nothing(self) -> None:
        """Nothing changed after all: no saving, no drawing."""
        self.skipped = True

    def undrawn(self) -> None:
        """Save and go on as asked, but leave the screen as it is (a computer's decision in a
        game of computers alone that comes too soon after the last drawing to be seen)."""
        self.draw = False

    def __enter__(self) -> Change:
        self.app._changes.append(self)
        return self

    def __exit__(self, kind: Any, _error: Any, _trace: Any) -> bool:
        changes = self.app._changes
        changes.remove(self)
        if kind is not None or self.skipped:
            return False
        if changes:  # settled by the outer change
            outer = changes[-1]
            outer.decided |= self.decided
            outer.save |= self.save
            outer.ai |= self.ai
            outer.draw |= self.draw
            return False
        self.app.settle(self)
        return False


class App:
    """One per page. ``document`` and ``window`` are the browser's; ``proxy`` wraps a Python
    callable for ``addEventListener`` (``pyodide.ffi.create_proxy``)."""

    def __init__(self, document: Any, window: Any, proxy: Callable[[Callable], Any]) -> None:
        self.document = document
        self.window = window
        self.proxy = proxy
        self._handlers: list[Any] = []
        self._changes: list[Change] = []
        self.keeper = Keeper(self)
        store = self.keeper.store
        lang = pick_language(fragment_lang(str(window.location.hash)), store.pref("lang"),
                             str(window.navigator.language or ""))
        pace = store.pref("pace") or "normal"
        self.state = PageState(Catalogue(lang), pace=pace if pace in PACES else "normal")
        self.notices = Notices(document, self.state)
        self.tutor = Tutor(self)
        self.events = Events(self)

    # The parts a game or a click needs, made (and their modules imported) when first used:
    # the landing does not pay for them at the page's start.
    @cached_property
    def computer(self) -> Computer:
        from ui.computer import Computer

        return Computer(self)

    @cached_property
    def drawing(self) -> Drawing:
        from ui.drawing import Drawing

        return Drawing(self)

    @cached_property
    def commands(self) -> Commands:
        from ui.commands import Commands

        return Commands(self)

    @cached_property
    def table_commands(self) -> TableCommands:
        from ui.commands import TableCommands

        return TableCommands(self)

    # ------------------------------------------------------------- wiring
    def start(self) -> None:
        from ui.dom import ensure_stylesheet

        events, app = self.events, self.el("app")
        ensure_stylesheet(self.document, "assets/css/app.css")
        self.notices.make_toast()
        self.listen(app, "click", events.on_click)
        self.listen(self.document, "change", events.on_change)  # #lang-select is in the header
        self.listen(app, "submit", events.on_submit)
        self.listen(app, "keydown", events.on_keydown)
        self.listen(self.window, "hashchange", lambda _event: self.route())
        self.listen(self.document, "keydown", events.on_replay_key)
        self.listen(self.document, "keydown", events.on_escape)
        # (in the capture phase: before a click's own command redraws the screen under it)
        self.document.addEventListener("click", self.keep(events.on_outside_click), True)
        self.listen(self.window, "storage", self.keeper.on_storage)
        self.listen(self.window, "resize", lambda _event: self.tutor.point())
        self.listen(self.window, "resize", lambda _event: self.drawing.on_resize())
        self.document.addEventListener("scroll", self.keep(lambda _e: self.tutor.point()), True)
        self.tutor.show_links()
        self.translate_page()
        self.route()
        for button in self.document.querySelectorAll("[data-new-game]"):
            button.disabled = False
        self.document.documentElement.setAttribute("data-ready", "true")

    def listen(self, target: Any, kind: str, handler: Callable) -> None:
        target.addEventListener(kind, self.keep(handler))

    def keep(self, handler: Callable) -> Any:
        proxy = self.proxy(handler)
        self._handlers.append(proxy)
        return proxy

    def el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    # ------------------------------------------------------------- the one way to change
    def change(self, *, decided: bool = False, save: bool = False, ai: bool = False,
               keep_note: bool = False) -> Change:
        """Change the page's state: ``with app.change(...): <the change>``. At its end the
        screen is drawn once from the state. ``decided``: a decision was taken (or undone):
        the share sheet closes, the refusal on show goes (unless ``keep_note``), the game is
        saved and a computer seat may take its turn; ``save``: save the game; ``ai``: let a
        computer seat take its turn."""
        return Change(self, decided, save, ai, keep_note)

    def changed(self) -> None:
        """The state was changed in place by a part that knows no better (a board module's
        click handler changing its selection): draw it."""
        with self.change():
            pass

    def settle(self, change: Change) -> None:
        """Finish ``change``: save, draw once, let the computer move (as it asks)."""
        state, notices = self.state, self.notices
        if change.decided:
            state.share_url = None
            if not change.keep_note and notices.note and not notices.sticky:
                notices.clear_game()
        if change.decided or change.save:
            self.keeper.autosave()
        session, writer = change.shown
        if change.draw or session is not state.session or writer is not state.writer:
            self.redraw()
        if change.decided or change.ai:
            self.computer.schedule()

    def redraw(self) -> None:
        """Draw the screen the state shows."""
        state = self.state
        if state.session is not None:
            self.drawing.draw()
        elif state.screen == "setup" and state.setup_request:
            self.draw_setup(state.setup_request)
        else:
            self.draw_landing()

    # ------------------------------------------------------------ language
    def translate_page(self) -> None:
        """Put the chosen language into every static string of the page."""
        from ui.dom import absent

        cat = self.state.cat
        self.document.documentElement.lang = cat.lang
        for node in self.document.querySelectorAll("[data-i18n]"):
            node.textContent = cat.t(node.getAttribute("data-i18n"))
        for node in self.document.querySelectorAll("[data-i18n-attr]"):
            for pair in node.getAttribute("data-i18n-attr").split(";"):
                attr, _, key = pair.partition(":")
                if attr and key:
                    node.setAttribute(attr.strip(), cat.t(key.strip()))
        select = self.el("lang-select")
        if select:
            select.value = cat.lang
        close = self.document.querySelector(".toast-close")
        if not absent(close):
            close.setAttribute("aria-label", cat.t("common.close"))

    def switch_language(self, lang: str) -> None:
        state = self.state
        with self.change():
            state.cat.switch(lang)
            self.keeper.store.set_pref("lang", state.cat.lang)
            self.translate_page()
            if state.session is None and state.screen == "setup" and state.setup_request:
                state.setup_request = read_setup(self.document)  # as the player left it
        self.notices.retell()

    # --------------------------------------------------------------- routing
    def route(self) -> None:
        """Show what the address asks for: a shared game, a new game, a saved game or the
        landing screen."""
        route = route_for(str(self.window.location.hash or ""))
        if route.kind == "error":
            self.show_landing()
            self.notices.say("new." + route.value.code, "error", **route.value.args_)
            return
        cat = self.state.cat
        if route.lang and route.lang != cat.lang:
            cat.switch(route.lang)
            self.translate_page()
        if route.kind == "link":
            self.open_link(route.value)
        elif route.kind == "new":
            self.start_game(route.value)
        elif route.kind == "learn":
            self.tutor.start(route.value)
        elif route.kind == "play":
            self.resume(route.value)
        else:
            self.show_landing()

    def set_address(self, fragment: str) -> None:
        """Change the address without a new history entry and without routing again."""
        self.window.history.replaceState(None, "", fragment or self.window.location.pathname)

    # --------------------------------------------------------------- screens
    def show_landing(self) -> None:
        """Leave the game or form on screen for the landing (its saved games)."""
        with self.change():
            self.leave_game()
            self.notices.clear_game()
            self.state.screen = "landing"

    def show_setup(self, request: NewGameRequest, top: bool = True) -> None:
        """The new-game form, scrolled to its top unless ``top`` is false (a redraw)."""
        with self.change():
            self.leave_game()
            self.state.screen, self.state.setup_request = "setup", request
        if top:
            self.window.scrollTo(0, 0)

    def draw_landing(self) -> None:
        from ui.screens.landing import saved_games

        cat = self.state.cat
        self.document.title = cat.t("page.title")
        root = self.document.documentElement
        root.setAttribute("data-awaiting", "none")
        root.removeAttribute("data-screen")
        root.removeAttribute("data-log-length")
        listing = self.keeper.store.listing()
        self.el("saved-games").innerHTML = str(saved_games(listing.good, listing.bad, cat,
                                                           listing.newer))
        self.el("screen").hidden = True
        self.el("landing").hidden = False

    def draw_setup(self, request: NewGameRequest) -> None:
        from ui.screens.setup import new_game_form

        cat, store = self.state.cat, self.keeper.store
        offer = lesson_offer(request.game, cat) if offers_lesson(store, request.game) else None
        self.show_screen(str(new_game_form(GAMES[request.game], request, cat, offer)))
        self.set_address("")

    def show_screen(self, markup: str) -> None:
        screen = self.el("screen")
        screen.innerHTML = markup
        screen.hidden = False
        self.el("landing").hidden = True

    # ------------------------------------------------------------- games
    def start_game(self, request: NewGameRequest) -> None:
        from ui.session import Session

        try:
            session = Session.start(request)
        except engine.SetupError as error:
            self.show_landing()
            self.notices.say("new.bad_setup", "error", detail=str(error))
            return
        self.play(session)

    def open_link(self, text: str) -> None:
        from ui.session import Session

        notices = self.notices
        try:
            session = Session.from_link(text)
        except engine.LinkError as error:
            self.show_landing()
            notices.say("link." + error.code, "error", **error.args_)
            return
        save_id, kin = correspondence_save(self.keeper.store, session)
        if kin == "behind":  # an old link of a game saved here further on: play the save
            self.resume(save_id)
            notices.say("link.older", moves=len(session.game.log))
            return
        session.save_id = save_id
        session.settle_chance()
        if not session.game.is_over:
            session.news = session.events_since_last_decision(session.game.current_player)
        self.play(session)
        if not notices.sticky:  # a storage warning outranks it
            notices.say("link.diverged" if kin == "diverged" else "link.opened",
                        "news" if session.news else "info", moves=len(session.game.log))

    def resume(self, save_id: str) -> None:
        from ui.session import Session

        try:
            session = Session.from_record(self.keeper.store.get(save_id))
        except NewerSave:
            self.show_landing()
            self.notices.say("keep.newer_open", "error")
            return
        except (BadSave, engine.LinkError):
            self.show_landing()
            self.notices.say("saves.unreadable", "error")
            return
        self.play(session)

    def play(self, session: Session, lesson: Any = None) -> None:
        """Show ``session``'s game and play it (with ``lesson``, a ``ui.lessons.Runner`` over
        its game: coached, unsaved, its computer seats and draws scripted)."""
        from ui.screens.play import Frame

        self.leave_game()
        self.notices.clear()
        state, store = self.state, self.keeper.store
        state.screen, state.session, state.lesson = "game", session, lesson
        session.coached = lesson is not None
        state.frame = Frame(pace=state.pace, sound=store.pref("sound") == "on",
                            handoff=store.pref("handoff") != "off")
        state.at_device = None
        self.drawing.new_game()
        self.window.scrollTo(0, 0)  # a game opens at its top, wherever the landing was scrolled
        with self.change():
            if lesson is not None:
                state.writer = True  # nothing is saved until the player leaves the lesson
            else:
                self.computer.warm_up(session)  # the worker boots while the page is read
                session.settle_chance()
                state.writer = None
                if not store.has(session.save_id):
                    self.keeper.autosave()  # a new save: no other tab can be playing it
            self.set_address(address_for(state))
        if lesson is None:
            self.notices.spawn(self.keeper.claim(session))

    def leave_game(self) -> None:
        computer = self.__dict__.get("computer")  # (none yet: no game was played)
        if computer is not None:
            computer.clear_marks()
        self.state.leave_game()
        self.tutor.show()
        self.keeper.release()
        if computer is not None:
            computer.stop()

    def decide(self, index: int, confirmed: bool = False) -> None:
        """The person deciding takes legal decision ``index`` (asked first if it is one people
        regret)."""
        from ui.screens.parts import regret

        session = self.state.session
        if self.state.lesson is not None:
            self.tutor.decide([index])
            return
        if not self.may_decide(session):
            return
        session.ui.pop("confirm", None)
        question = None if confirmed else regret(session, self.state.cat, index)
        if question and self.keeper.store.pref(f"confirm.{question[0]}") != "off":
            with self.change():
                session.ui["confirm"] = (index, question[1])
                session.ui["confirm_key"] = question[0]
            button = self.el("confirm-yes")
            if button:
                button.focus()
            return
        moves = len(session.game.log)
        try:
            with self.change(decided=True):
                session.decide(index)
                self.drawing.moved(moves, clear=True)
        except engine.IllegalAction as error:
            self.refuse(error)

    def decide_actions(self, actions: list) -> None:
        """Take several decisions of the seat to move in a row (each checked by the engine);
        stops at the first one that is not legal and says why."""
        session = self.state.session
        if self.state.lesson is not None and session is not None:
            self.tutor.decide(actions)
            return
        if not self.may_decide(session):
            return
        taken, refused = 0, None
        with self.change() as change:
            for action in actions:
                legal = session.game.legal_actions()
                try:
                    if action not in legal:
                        session.game.apply(action)  # raises IllegalAction saying why
                    session.decide(legal.index(action))
                except engine.IllegalAction as error:
                    refused = error
                    break
                taken += 1
            change.decided = taken > 0
        if refused is not None:
            self.refuse(refused)

    def may_decide(self, session: Session | None) -> bool:
        """Whether a person may decide in ``session`` now (this tab writing it)."""
        return not (session is None or session.waiting_for_ai or session.game.is_over
                    or session.replaying or not self.may_change())

    def refuse(self, error: engine.IllegalAction) -> None:
        """Say why the engine refused a decision, with its rule."""
        import functools

        from ui.screens.parts import refusal_sentence

        words = functools.partial(refusal_sentence, self.state.session.game, self.state.cat,
                                  error.message)
        self.notices.say_text(words(), "error", error.rule, again=words)

    def may_change(self) -> bool:
        """Whether this tab may change the game now (else the notice is pointed out)."""
        from ui.dom import absent

        if self.state.writer is False:
            self.notices.say("keep.refused", "error")
            button = self.document.querySelector('[data-cmd="take-over"]')
            if not absent(button):
                button.focus()
        return self.state.writer is True
