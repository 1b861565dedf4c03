"""The page controller: reads the address, shows the landing, new-game and game screens, saves
after every decision, and hands computer seats their moves.

It never decides a rule: the engine says what is legal, the screens draw it, and the player's
choice goes back to the engine as an index into ``legal_actions()``.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
from typing import TYPE_CHECKING, Any, Callable

import engine
from engine.core.codec import MAX_NAME_LENGTH as MAX_NAME
from engine.core.registry import GAMES
from ui.i18n import Catalogue, pick_language
from ui.links import FragmentError, NewGameRequest, game_fragment, parse_fragment, parse_option
from ui.screens.landing import export_name, saved_games
from ui.storage import (
    PREFIX,
    BadSave,
    MemoryBackend,
    NewerSave,
    SaveConflict,
    SaveStore,
    StorageFull,
    new_id,
)

if TYPE_CHECKING:
    from ui.session import Session


class Later:
    """A name from a module imported on first use: the landing screen does not pay for the
    game screens, the session or the AI client (each module costs start-up time in the
    browser, where nothing is precompiled)."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def get(self) -> Any:
        return getattr(importlib.import_module(self.module), self.name)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.get(), attribute)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.get()(*args, **kwargs)


AiClient = Later("ui.ai_client", "AiClient")
Sessions = Later("ui.session", "Session")
lineage = Later("ui.session", "lineage")
board_module = Later("ui.screens.parts", "board_module")
game_screen = Later("ui.screens.play", "game_screen")
Frame = Later("ui.screens.play", "Frame")
awaiting = Later("ui.screens.parts", "awaiting")
tab_title = Later("ui.screens.play", "tab_title")
humans = Later("ui.screens.parts", "humans")
message_content = Later("ui.screens.play", "message_content")
rule_anchor = Later("ui.screens.parts", "rule_anchor")
refusal_sentence = Later("ui.screens.parts", "refusal_sentence")
regret = Later("ui.screens.parts", "regret")
default_request = Later("ui.screens.setup", "default_request")
fit_request = Later("ui.screens.setup", "fit_request")
new_game_form = Later("ui.screens.setup", "new_game_form")
seat_kind = Later("ui.screens.setup", "seat_kind")
GameLock = Later("ui.tabs", "GameLock")
CoachView = Later("ui.coach", "CoachView")
game_rule_link = Later("ui.screens.parts", "game_rule_link")
tab_notice = Later("ui.tabs", "tab_notice")

NOTICE_SECONDS = 12
"""How long a notice (not a refusal) stays in the game's toast."""

PACES = {"slow": 1.2, "normal": 0.5, "fast": 0.15}
"""Seconds between computer decisions while a human watches (none when all seats are
computers, unless the game's address asked for a pace); the player picks one in the game's
toolbar."""
JUMP_TARGETS = {"me": '#screen [data-role="me"]', "recap": '#screen [data-role="recap"]',
                "others": "#screen .others"}
"""Where the phone's jump links go (the score and the log are tabs)."""
MOTION_MS = {"slow": 900, "normal": 450, "fast": 220}
"""How long a piece takes to move at each pace (``assets/js/motion.js``)."""


class App:
    """One per page. ``document`` and ``window`` are the browser's; ``proxy`` wraps a Python
    callable for ``addEventListener`` (``pyodide.ffi.create_proxy``)."""

    def __init__(self, document: Any, window: Any, proxy: Callable[[Callable], Any]) -> None:
        self.document = document
        self.window = window
        self.proxy = proxy
        self._handlers: list[Any] = []
        self.store = self._open_store()
        self.store_writable = self.store.writable()
        self.session: Session | None = None
        self.frame: Any = None
        """The game screen's own state (``ui.screens.play.Frame``), made with the first game."""
        self.at_device: int | None = None
        """The human seat that last had the device (pass-and-play hand-off)."""
        self.last_awaiting: tuple[str, int] | None = None
        self._revealed: tuple | None = None
        """The decision last looked at by :meth:`reveal_target`: log length, who decides, and
        its targets on the board."""
        self._audio: Any = None
        self._drawn: Any = None
        self._said = 0
        """The session last drawn (open menus are kept open across its redraws only)."""
        self.setup_request: NewGameRequest | None = None
        self.note: tuple[str, str, str | None] | None = None
        """The message on show: its text, kind and rule."""
        self._retell: Callable[[], str] | None = None
        """What words the message on show again in another language (None: nothing can)."""
        self.storage_warned = False
        self.writer: bool | None = None
        """Whether this tab may change the game on screen: True (it holds the game's lock),
        False (another tab does: a notice offers to play here instead), None (asking)."""
        self._lock: Any = None
        self.lesson: Any = None
        """The lesson being played (``ui.lessons.Runner``) over the session's game, or None."""
        self._coach: Any = None
        self._coach_el: Any = None
        self._coach_seen: tuple | None = None
        self._ai_task: asyncio.Task | None = None
        self._ai: Any = None
        self.pace = self.store.pref("pace") or "normal"
        if self.pace not in PACES:
            self.pace = "normal"
        self._motion_from: int | None = None
        """The log length before the decision being drawn (None: a redraw, nothing new)."""
        self._motion_clear = False
        self._fresh = True
        fragment_lang = None
        try:
            fragment_lang = parse_fragment(str(window.location.hash)).lang
        except FragmentError:
            pass
        lang = pick_language(fragment_lang, self.store.pref("lang"),
                             str(window.navigator.language or ""))
        self.cat = Catalogue(lang)

    @property
    def ai(self) -> Any:
        """The AI worker's client, made when a computer seat first needs it."""
        if self._ai is None:
            self._ai = AiClient()
        return self._ai

    def _open_store(self) -> SaveStore:
        try:
            backend = self.window.localStorage
            backend.length  # noqa: B018 - touching it raises where storage is disabled
        except Exception:
            backend = MemoryBackend()
        return SaveStore(backend)

    # ------------------------------------------------------------- wiring
    @property
    def share_url(self) -> str | None:
        return self.frame.share_url if self.frame is not None else None

    @share_url.setter
    def share_url(self, url: str | None) -> None:
        if self.frame is not None:
            self.frame.share_url = url

    def start(self) -> None:
        self.ensure_stylesheet("assets/css/app.css")
        self.make_toast()
        self.listen(self.document.getElementById("app"), "click", self.on_click)
        self.listen(self.document, "change", self.on_change)  # #lang-select is in the header
        self.listen(self.document.getElementById("app"), "submit", self.on_submit)
        self.listen(self.document.getElementById("app"), "keydown", self.on_keydown)
        self.listen(self.window, "hashchange", lambda _event: self.route())
        self.listen(self.document, "keydown", self.on_replay_key)
        self.listen(self.document, "keydown", self.on_escape)
        # (in the capture phase: before a click's own command redraws the screen under it)
        self.document.addEventListener("click", self.keep(self.on_outside_click), True)
        self.listen(self.window, "storage", self.on_storage)
        self.listen(self.window, "resize", lambda _event: self.point_coach())
        self.document.addEventListener("scroll", self.keep(lambda _e: self.point_coach()), True)
        self.show_lesson_links()
        self.translate_page()
        self.route()
        for button in self.document.querySelectorAll("[data-new-game]"):
            button.disabled = False
        self.document.documentElement.setAttribute("data-ready", "true")

    def listen(self, target: Any, kind: str, handler: Callable) -> None:
        proxy = self.proxy(handler)
        self._handlers.append(proxy)
        target.addEventListener(kind, proxy)

    def keep(self, handler: Callable) -> Any:
        proxy = self.proxy(handler)
        self._handlers.append(proxy)
        return proxy

    def el(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    # ------------------------------------------------------------ language
    def translate_page(self) -> None:
        """Put the chosen language into every static string of the page."""
        cat = self.cat
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
        self.cat.switch(lang)
        self.store.set_pref("lang", self.cat.lang)
        self.translate_page()
        self.rerender()
        self.retell()

    def retell(self) -> None:
        """Word the message on show again in the catalogue's language (after a switch); one
        that cannot be worded again is taken away rather than left in the other language."""
        if self.note is None:
            return
        again = self._retell
        text = again() if again is not None else ""
        if text:
            self.say_text(text, self.note[1], self.note[2], again)
        else:
            self.clear_message()

    # ------------------------------------------------------------- messages
    def say(self, key: str, kind: str = "info", **args: Any) -> None:
        """Show a message from the catalogue (on the landing, or above the board)."""
        words = functools.partial(self.cat.t, key, **args)
        self.say_text(words(), kind, again=words)

    def say_text(self, text: str, kind: str = "info", rule: str | None = None,
                 again: Callable[[], str] | None = None) -> None:
        """Show ``text``; a refusal names its ``rule`` (a small link that opens the rules).
        ``again`` words the same message in the catalogue's language of the moment, for a
        switch of language (:meth:`retell`). In a game it goes to the toast (its live region
        stays; only its content changes)."""
        self._retell = again
        self.note = (text, kind, rule)
        box = self.el("message")
        if box:
            box.textContent = text
            box.setAttribute("data-kind", kind)
        box = self.el("game-message")
        if not absent(box):
            game = self.session.game if self.session is not None else None
            box.innerHTML = str(message_content(self.note, game, self.cat))
            box.setAttribute("data-kind", kind)
        self._said += 1
        if kind == "info" and self.session is not None:
            asyncio.ensure_future(self.fade(self._said))

    async def fade(self, said: int) -> None:
        """A notice leaves the game's toast by itself after a while (a refusal stays until
        the next decision or the close button)."""
        await asyncio.sleep(NOTICE_SECONDS)
        if said == self._said and self.note is not None:
            self.clear_game_message()

    def make_toast(self) -> None:
        """The game's refusals and notices: a toast inside the viewport, made once (a live
        region that outlives every redraw, so screen readers announce each new text)."""
        if not absent(self.el("game-message")):
            return
        from ui.screens.play import message_box

        wrap = self.document.createElement("div")
        wrap.className = "toast-wrap"
        wrap.innerHTML = str(message_box(None)) + (
            '<button type="button" class="toast-close" data-cmd="dismiss" aria-label="'
            + self.cat.t("common.close").replace('"', "&quot;") + '">×</button>')
        self.el("app").appendChild(wrap)

    def clear_message(self) -> None:
        self.note = None
        for box in (self.el("message"), self.el("game-message")):
            if box:
                box.textContent = ""
                box.removeAttribute("data-kind")

    def clear_game_message(self) -> None:
        """Empty the game's toast (a new decision makes the last refusal old news)."""
        self.note = None
        box = self.el("game-message")
        if not absent(box):
            box.textContent = ""
            box.removeAttribute("data-kind")

    # --------------------------------------------------------------- routing
    def route(self) -> None:
        """Show what the address asks for: a shared game, a new game, a saved game or the
        landing screen."""
        text = str(self.window.location.hash or "")
        try:
            fragment = parse_fragment(text)
        except FragmentError as error:
            self.show_landing()
            self.say("new." + error.code, "error", **error.args_)
            return
        if fragment.lang and fragment.lang != self.cat.lang:
            self.cat.switch(fragment.lang)
            self.translate_page()
        if fragment.link is not None:
            self.open_link(fragment.link)
        elif fragment.new is not None:
            request = fragment.new
            fitted = fit_request(GAMES[request.game], request, "players")
            if all(fitted.options.get(k) == v for k, v in request.options.items()):
                request = fitted  # only options the address left open were filled in
            self.start_game(request)
        elif "learn" in fragment.params:
            self.start_lesson(fragment.params["learn"])
        elif "play" in fragment.params:
            self.resume(fragment.params["play"])
        else:
            self.show_landing()

    def set_address(self, fragment: str) -> None:
        """Change the address without a new history entry and without routing again."""
        self.window.history.replaceState(None, "", fragment or self.window.location.pathname)

    # --------------------------------------------------------------- screens
    def show_landing(self) -> None:
        self.leave_game()
        self.clear_game_message()
        self.document.title = self.cat.t("page.title")
        root = self.document.documentElement
        root.setAttribute("data-awaiting", "none")
        root.removeAttribute("data-screen")
        root.removeAttribute("data-log-length")
        listing = self.store.listing()
        self.el("saved-games").innerHTML = str(saved_games(listing.good, listing.bad, self.cat,
                                                           listing.newer))
        self.el("screen").hidden = True
        self.el("landing").hidden = False

    def show_screen(self, markup: str) -> None:
        screen = self.el("screen")
        screen.innerHTML = markup
        screen.hidden = False
        self.el("landing").hidden = True

    def show_setup(self, request: NewGameRequest, top: bool = True) -> None:
        """The new-game form, scrolled to its top unless ``top`` is false (a redraw)."""
        self.leave_game()
        self.setup_request = request
        offer = lesson_offer(request.game, self.cat) if self.offers_lesson(request.game) else None
        self.show_screen(str(new_game_form(GAMES[request.game], request, self.cat, offer)))
        if top:
            self.window.scrollTo(0, 0)
        self.set_address("")

    def rerender(self) -> None:
        if self.session is not None:
            self.render_game()
        elif not self.el("screen").hidden and self.setup_request:
            self.show_setup(self.read_setup(), top=False)
        else:
            self.show_landing()

    def render_game(self) -> None:
        session = self.session
        self.ensure_stylesheet(f"assets/css/{session.game.setup.game}.css")
        self.ensure_stylesheet("assets/css/motion.css")
        self.check_handoff()
        focus = self.remember_focus()
        scrolls = self.remember_scrolls()
        folded = self.remember_open() if self._drawn is session else set()
        self._drawn = session
        notice = str(tab_notice(self.cat)) if self.writer is False else ""
        motion = self.motion
        screen = self.el("screen")
        self.window.performance.mark("ludi-render-start")
        if motion is not None and not self._fresh:
            motion.before(screen)
        self.frame.pace = self.game_pace
        session.ui["motion_from"] = None if self._fresh else self._motion_from
        self.show_screen(notice + str(game_screen(session, self.cat, frame=self.frame)))
        self.restore_open(folded)
        self.document.documentElement.setAttribute("data-log-length", str(len(session.game.log)))
        self.restore_scrolls(scrolls)
        if motion is not None:
            start = -1 if self._motion_from is None else self._motion_from
            motion.after(screen, 0 if self._fresh else self.motion_ms(), self._motion_clear,
                         start, len(self.session.view.log))
        self._fresh, self._motion_from, self._motion_clear = False, None, False
        self.mark_hint()
        self.restore_focus(focus)
        self.mark_turn()
        decide = self.document.querySelector("#screen .decide")
        height = 0 if absent(decide) else int(decide.offsetHeight)
        self.document.documentElement.style.setProperty("--decide-h", f"{height}px")
        self.reveal_target(decide)
        self.show_coach()
        self.window.performance.mark("ludi-render-end")

    def reveal_target(self, decide: Any) -> None:
        """On a phone the decision bar is stuck to the foot of the screen and covers the lower
        part of the board: when a person's decision waits for a click on the board and some of
        its targets are under the bar, the page scrolls them into the open part of the screen
        (all of them when they fit there, else one; see :func:`reveal_scroll`). Once for each
        decision and set of targets (a choice in the bar, such as a citizen type, can change
        them), so a redraw never undoes the player's own scrolling; not in a lesson (the coach
        points there itself)."""
        session = self.session
        state = awaiting(session)
        targets = list(self.document.querySelectorAll('#screen [data-role="board"] .target'))
        decision = (len(session.game.log), state,
                    tuple(str(target.getAttribute("data-index")) for target in targets))
        if decision == self._revealed or absent(decide) or self.lesson is not None:
            return
        self._revealed = decision
        if targets and state == "human" and not session.replaying:
            self.bring_into_view(targets, decide)

    def bring_into_view(self, nodes: list[Any], decide: Any) -> None:
        """Scroll board ``nodes`` out from under the phone's sticky decision bar ``decide``
        (:func:`reveal_scroll`); nothing on a desktop, where the bar is not stuck."""
        if absent(decide) or str(self.window.getComputedStyle(decide).position) != "sticky":
            return
        bar = float(decide.getBoundingClientRect().top)
        boxes = [(float(b.top), float(b.bottom)) for b in
                 (node.getBoundingClientRect() for node in nodes)]
        self.window.scrollBy(0, reveal_scroll(boxes, bar))

    @property
    def motion(self) -> Any:
        """The page's motion helper (``assets/js/motion.js``), None if it did not load."""
        helper = getattr(self.window, "ludiMotion", None)
        return None if absent(helper) else helper

    @property
    def game_pace(self) -> str:
        session = self.session
        return session.pace if session is not None and session.pace else self.pace

    @property
    def instant(self) -> bool:
        """Computers alone, and nobody asked for a pace: no waiting, no motion."""
        session = self.session
        return session is not None and session.all_ai and not session.pace

    def motion_ms(self) -> int:
        return 0 if self.instant else MOTION_MS[self.game_pace]

    def drawing(self, moves: int, clear: bool) -> None:
        """The next drawing shows the decision made at log length ``moves``; ``clear`` drops
        the earlier ``data-changed`` marks (a human decided)."""
        self._motion_from, self._motion_clear = moves, clear

    def mark_turn(self) -> None:
        """Whose decision the page waits for, on ``<html data-awaiting>`` and in the tab's
        title; a short tone when a human's turn comes (if switched on)."""
        session = self.session
        root = self.document.documentElement
        root.setAttribute("data-screen", "game")
        state = awaiting(session)
        root.setAttribute("data-awaiting", state)
        self.document.title = tab_title(session, self.cat)
        now = (state, session.game.current_player)
        if state == "human" and now != self.last_awaiting and self.frame.sound \
                and self.last_awaiting is not None:
            self.beep()
        self.last_awaiting = now

    def check_handoff(self) -> None:
        """Pass-and-play: when the human to decide is not the one who had the device, the
        hand-off screen asks to pass it (one tap to go on). A game opened from a link made in
        the middle of its sender's turn opens on that screen too (whatever the setting): the
        one who opened it is probably not the sender, and would decide for them."""
        session, frame = self.session, self.frame
        frame.handoff_to = None
        if awaiting(session) != "human":
            return
        seat = session.game.current_player
        if self.at_device is None and session.sent_mid_turn() == seat:
            frame.handoff_to = seat
        elif self.at_device is None or len(humans(session)) < 2 or not frame.handoff:
            self.at_device = seat
        elif seat != self.at_device:
            frame.handoff_to = seat

    def beep(self) -> None:
        """A short, soft two-note tone (made here with WebAudio; no sound file)."""
        try:
            if self._audio is None:
                self._audio = self.window.AudioContext.new()
            audio = self._audio
            if str(audio.state) == "suspended":
                audio.resume()
            start = audio.currentTime
            for offset, pitch in ((0.0, 660), (0.14, 880)):
                tone, gain = audio.createOscillator(), audio.createGain()
                tone.type = "sine"
                tone.frequency.value = pitch
                gain.gain.setValueAtTime(0.0001, start + offset)
                gain.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.02)
                gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.22)
                tone.connect(gain)
                gain.connect(audio.destination)
                tone.start(start + offset)
                tone.stop(start + offset + 0.25)
        except Exception:
            return  # no sound where the browser has none; the game goes on
        root = self.document.documentElement
        root.setAttribute("data-beeps", str(int(root.getAttribute("data-beeps") or 0) + 1))

    def remember_open(self) -> set[str]:
        """Ids of the open ``<details>`` of the screen (menus, folded lists), kept open."""
        return {str(node.id) for node in self.document.querySelectorAll("#screen details[id]")
                if node.open}

    def restore_open(self, ids: set[str]) -> None:
        for element_id in ids:
            node = self.el(element_id)
            if not absent(node):
                node.open = True

    def remember_scrolls(self) -> dict[str, tuple[str, float]]:
        """Sideways scroll of every ``[data-keep-scroll]`` box (a phone's wide map), with the
        ``data-focus`` it was drawn for."""
        kept = {}
        for box in self.document.querySelectorAll("[data-keep-scroll][id]"):
            kept[str(box.id)] = (str(box.getAttribute("data-focus")), float(box.scrollLeft))
        return kept

    def restore_scrolls(self, kept: dict[str, tuple[str, float]]) -> None:
        """Keep a box where the player left it while its focus (the place of the decision, a
        fraction of the width) is the same; else centre the box on the new focus."""
        for box in self.document.querySelectorAll("[data-keep-scroll][id]"):
            focus = str(box.getAttribute("data-focus"))
            before = kept.get(str(box.id))
            if before is not None and before[0] == focus:
                box.scrollLeft = before[1]
                continue
            try:
                fraction = float(focus)
            except ValueError:
                continue
            box.scrollLeft = max(0.0, fraction * box.scrollWidth - box.clientWidth / 2)

    def remember_focus(self) -> dict[str, str] | None:
        """The ``data-*`` attributes of the focused control of the screen (None if the focus
        is elsewhere), so that a keyboard player keeps their place across a redraw."""
        active = self.document.activeElement
        screen = self.el("screen")
        if absent(active) or absent(screen) or not screen.contains(active) or \
                active.isSameNode(screen):
            return None
        return dataset(active)

    def restore_focus(self, data: dict[str, str] | None) -> None:
        """Focus the same control again; if it is gone, the closest one: same command and
        target, then the board's first decision, then the game's title."""
        if data is None:
            return
        escape = self.window.CSS.escape

        def selector(keys: list[str]) -> str:
            return "".join(f'[data-{k}="{escape(data[k])}"]' for k in keys if k in data)

        stable = [k for k in data if k not in ("index",)]
        for candidate in (selector(list(data)), selector(stable) if "cmd" in data else "",
                          '.board-area [data-cmd="act"]', ".game-title"):
            if not candidate:
                continue
            node = self.el("screen").querySelector(candidate)
            if not absent(node):
                node.focus()
                return

    def ensure_stylesheet(self, href: str) -> None:
        """Link a title's stylesheet the first time one of its games is shown."""
        if absent(self.document.querySelector(f'link[href="{href}"]')):
            link = self.document.createElement("link")
            link.rel = "stylesheet"
            link.href = href
            self.document.head.appendChild(link)

    # ------------------------------------------------------------- games
    def start_game(self, request: NewGameRequest) -> None:
        try:
            session = Sessions.start(request)
        except engine.SetupError as error:
            self.show_landing()
            self.say("new.bad_setup", "error", detail=str(error))
            return
        self.play(session)

    def open_link(self, text: str) -> None:
        try:
            session = Sessions.from_link(text)
        except engine.LinkError as error:
            self.show_landing()
            self.say("link." + error.code, "error", **error.args_)
            return
        save_id, kin = self.correspondence_save(session)
        if kin == "behind":  # an old link of a game saved here further on: play the save
            self.resume(save_id)
            self.say("link.older", moves=len(session.game.log))
            return
        session.save_id = save_id
        session.settle_chance()
        if not session.game.is_over:
            session.news = session.events_since_last_decision(session.game.current_player)
        self.play(session)
        if not (self.note and self.note[1] == "sticky"):  # a storage warning outranks it
            self.say("link.diverged" if kin == "diverged" else "link.opened",
                     "news" if session.news else "info", moves=len(session.game.log))

    def saved_copies(self, game_id: str) -> list[tuple[Any, tuple]]:
        """The saves of the game ``game_id`` (a game keeps its id in every link and save), each
        with its log entries."""
        copies = []
        for record in self.store.list()[0]:
            if record.meta.get("id") != game_id:
                continue
            try:
                copies.append((record, engine.decode(record.link).log.entries))
            except engine.LinkError:
                continue
        return copies

    def correspondence_save(self, session: Session) -> tuple[str, str]:
        """The save a link's game goes to, and how the link stands to the game saved here
        (:func:`ui.session.lineage`): the earlier save of the same game if the link carries it
        on or repeats it; that save, ``behind``, if the link is an older position of it (the
        save is played, the link is not stored); else a new save, ``diverged`` if a copy here
        went another way, ``new`` if there is none. A save is never overwritten by an older or
        a diverging game."""
        entries = session.game.log.entries
        kin = "new"
        for record, saved in self.saved_copies(session.game_id):
            found = lineage(saved, entries)
            if found in ("same", "ahead"):
                session.rev = record.rev  # the save it goes on from, as read now
                return record.id, found
            if found == "behind":
                return record.id, found
            kin = "diverged"
        return session.save_id, kin

    def resume(self, save_id: str) -> None:
        try:
            record = self.store.get(save_id)
            session = Sessions.from_record(record)
        except NewerSave:
            self.show_landing()
            self.say("keep.newer_open", "error")
            return
        except (BadSave, engine.LinkError):
            self.show_landing()
            self.say("saves.unreadable", "error")
            return
        self.play(session)

    def play(self, session: Session, lesson: Any = None) -> None:
        """Show ``session``'s game and play it (with ``lesson``, a ``ui.lessons.Runner`` over
        its game: coached, unsaved, its computer seats and draws scripted)."""
        self.leave_game()
        self.clear_message()
        self.session = session
        self.lesson = lesson
        session.coached = lesson is not None
        self.frame = Frame(pace=self.pace, sound=self.store.pref("sound") == "on",
                           handoff=self.store.pref("handoff") != "off")
        self.at_device = None
        self.last_awaiting = None
        self._revealed = None
        self._fresh = True
        self.window.scrollTo(0, 0)  # a game opens at its top, wherever the landing was scrolled
        if self.motion is not None:
            self.motion.reset()
        if lesson is not None:
            self.writer = True  # nothing is saved until the player leaves the lesson
            self.set_address(f"#learn={session.game.setup.game}")
            self.render_game()
            return
        if any(seat.startswith("ai") for seat in session.seats):
            asyncio.ensure_future(self.ai.start())  # the worker boots while the page is read
        session.settle_chance()
        self.writer = None
        if not self.store.has(session.save_id):
            self.autosave()  # a new save: no other tab can be playing it
        self.set_address(f"#play={session.save_id}")
        self.render_game()
        asyncio.ensure_future(self.claim(session))

    async def claim(self, session: Session, steal: bool = False) -> None:
        """Become the game's writer (one tab at a time). Taking over from another tab first
        loads the latest saved position, so nothing decided there is lost."""
        if self._lock is None:
            self._lock = GameLock(self.window, self.on_lock_lost)
        granted = await self._lock.acquire(session.save_id, steal)
        if self.session is not session:
            return
        self.writer = granted
        if steal or not granted:
            self.load_latest()  # what the other tab saved until now
        if granted:
            self.autosave()
            self.schedule_ai()
        self.render_game()
        if granted and steal:
            self.say("keep.taken_over")

    def on_lock_lost(self) -> None:
        """Another tab took the game over: stop writing and say so."""
        if self.session is None:
            return
        self.writer = False
        self.stop_ai()
        self.render_game()

    def on_storage(self, event: Any) -> None:
        """Another tab saved: a tab that is not the writer shows the latest position."""
        session = self.session
        if session is None or self.writer is not False or absent(event.key):
            return  # (while the lock is being asked for, the claim reads the save itself)
        if str(event.key) == PREFIX + session.save_id and self.load_latest():
            self.render_game()

    def load_latest(self) -> bool:
        """Replace the game on screen by its latest save if that is newer; False if not (or
        if the save is gone: this tab's position is then the one to keep)."""
        session = self.session
        try:
            record = self.store.get(session.save_id)
            if record.rev == session.rev:
                return False
            fresh = Sessions.from_record(record)
        except (BadSave, engine.LinkError):
            return False
        self.stop_ai()
        self.session = fresh
        self.share_url = None
        return True

    def stop_ai(self) -> None:
        if self._ai_task is not None:
            self._ai_task.cancel()
            self._ai_task = None

    def leave_game(self) -> None:
        for mark in ("ludi-ai-think-start", "ludi-ai-think-end"):  # a long session keeps none
            self.window.performance.clearMarks(mark)
        self.session = None
        self.frame = None
        self.writer = None
        self.lesson = None
        self.show_coach()
        if self._lock is not None:
            self._lock.release()
        self.stop_ai()

    def autosave(self) -> None:
        if self.session is None or self.writer is False or self.lesson is not None:
            return
        try:
            self.session.rev = self.store.put(self.session.record(), expect=self.session.rev)
        except SaveConflict:  # another tab wrote it: its decisions win, ours is refused
            self.writer = False
            if self._lock is not None:
                self._lock.release()
            self.stop_ai()
            self.load_latest()
            self.render_game()
        except NewerSave:  # a newer Ludi's save has this id: never overwrite it
            self.session.save_id = new_id()
            self.set_address(f"#play={self.session.save_id}")
            self.autosave()
        except StorageFull:
            if not self.storage_warned:  # said once; play goes on
                self.storage_warned = True
                self.say("saves.full" if self.store_writable else "keep.not_kept", "sticky")

    def after_decision(self) -> None:
        self.share_url = None
        if self.note and self.note[1] != "sticky":
            self.clear_game_message()
        self.autosave()
        self.render_game()
        self.schedule_ai()

    def decide(self, index: int, confirmed: bool = False) -> None:
        session = self.session
        if self.lesson is not None:
            self.lesson_decide([index])
            return
        if (session is None or session.waiting_for_ai or session.game.is_over
                or session.replaying or not self.may_change()):
            return
        session.ui.pop("confirm", None)
        question = None if confirmed else regret(session, self.cat, index)
        if question and self.store.pref(f"confirm.{question[0]}") != "off":
            session.ui["confirm"] = (index, question[1])
            session.ui["confirm_key"] = question[0]
            self.render_game()
            button = self.el("confirm-yes")
            if button:
                button.focus()
            return
        moves = len(session.game.log)
        try:
            session.decide(index)
        except engine.IllegalAction as error:
            self.refuse(error)
            return
        self.drawing(moves, clear=True)
        self.after_decision()

    def decide_actions(self, actions: list) -> None:
        """Take several decisions of the seat to move in a row (each checked by the engine);
        stops at the first one that is not legal and says why."""
        session = self.session
        if self.lesson is not None and session is not None:
            self.lesson_decide(actions)
            return
        if (session is None or session.waiting_for_ai or session.game.is_over
                or session.replaying or not self.may_change()):
            return
        taken, refused = 0, None
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
        if taken:
            self.after_decision()
        else:
            self.render_game()
        if refused is not None:
            self.refuse(refused)

    def refuse(self, error: engine.IllegalAction) -> None:
        """Say why the engine refused a decision, with its rule."""
        words = functools.partial(refusal_sentence, self.session.game, self.cat, error.message)
        self.say_text(words(), "error", error.rule, again=words)

    def may_change(self) -> bool:
        """Whether this tab may change the game now (else the notice is pointed out)."""
        if self.writer is False:
            self.say("keep.refused", "error")
            button = self.document.querySelector('[data-cmd="take-over"]')
            if not absent(button):
                button.focus()
        return self.writer is True

    def schedule_ai(self) -> None:
        session = self.session
        if (session is None or not session.waiting_for_ai or session.game.is_over
                or self.writer is not True or self.lesson is not None):
            return
        if self._ai_task is None or self._ai_task.done():
            self._ai_task = asyncio.ensure_future(self.ai_turns(session))

    async def ai_turns(self, session: Session) -> None:
        """Computer seats decide one at a time, each in the AI worker, at the chosen pace."""
        while self.session is session and session.waiting_for_ai and not session.game.is_over:
            started = self.window.performance.now()
            seat = session.game.current_player
            moves = len(session.game.log)
            level = session.seat_kind(seat).partition(":")[2] or "medium"
            link = session.link()
            await self.next_frame()  # the previous move is drawn before the thinking starts
            self.window.performance.mark("ludi-ai-think-start")
            index = await self.ai.choose(link, level)
            self.window.performance.mark("ludi-ai-think-end")
            if self.session is not session or session.replaying or len(
                    session.game.log) != moves:
                return  # the player left, undid or started a replay meanwhile
            pause = 0 if self.instant else PACES[self.game_pace]
            waited = (self.window.performance.now() - started) / 1000
            if pause > waited:
                await asyncio.sleep(pause - waited)
                if self.session is not session or len(session.game.log) != moves:
                    return
            if self.writer is not True:
                return  # another tab took the game over meanwhile
            session.decide(index)
            self.drawing(moves, clear=session.all_ai)
            self.after_decision_quiet()

    async def next_frame(self) -> None:
        """Wait until the browser has drawn what was just rendered (two animation frames)."""
        from pyodide.ffi import create_once_callable

        for _ in range(2):
            future = asyncio.get_event_loop().create_future()
            self.window.requestAnimationFrame(
                create_once_callable(lambda _time, f=future: f.done() or f.set_result(None)))
            await future

    def after_decision_quiet(self) -> None:
        self.share_url = None
        self.autosave()
        self.render_game()

    # ------------------------------------------------------------- events
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-cmd], [data-new-game]")
        if absent(target):
            if self.lesson is not None and not absent(
                    event.target.closest('#screen [data-role="board"]')):
                self.coach_note("lesson.ui.try_highlighted")
            return
        if self.lesson is not None:
            if not self.coach_allows(target):
                return
            self.coach_note("")
        game = target.getAttribute("data-new-game")
        if game:
            self.show_setup(default_request(GAMES[game]))
            return
        command = target.getAttribute("data-cmd")
        handler = getattr(self, "cmd_" + command.replace("-", "_"), None)
        if handler is not None:
            if target.getAttribute("type") == "submit":
                event.preventDefault()
            handler(target)

    def on_keydown(self, event: Any) -> None:
        """Enter and Space work on board pieces (SVG shapes with ``role="button"``) as on
        buttons; the arrow keys move between the rail's tabs."""
        key = str(event.key)
        target = event.target
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and \
                str(target.getAttribute("role")) == "tab":
            self.next_tab(target, key)
            event.preventDefault()
            return
        if key not in ("Enter", " "):
            return
        if str(target.tagName).lower() in ("button", "input", "select", "textarea", "a"):
            return
        if not absent(target.getAttribute("data-cmd")):
            event.preventDefault()
            self.on_click(event)

    def next_tab(self, tab: Any, key: str) -> None:
        tabs = list(self.document.querySelectorAll('#screen [role="tab"]'))
        at = next((i for i, t in enumerate(tabs) if t.isSameNode(tab)), 0)
        step = {"ArrowLeft": at - 1, "ArrowRight": at + 1, "Home": 0, "End": len(tabs) - 1}
        chosen = tabs[step[key] % len(tabs)]
        self.cmd_tab(chosen)
        chosen.focus()

    REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}

    def on_escape(self, event: Any) -> None:
        """Escape closes the open pop-over menu of the game screen (its settings), else the
        share sheet, else the rules help (each also has its Close button)."""
        if str(event.key) != "Escape" or event.defaultPrevented or self.frame is None:
            return
        if self.close_popovers() or self.close_panel():
            event.preventDefault()

    def close_panel(self) -> bool:
        """Close the share sheet, else the rules help; False if neither is open."""
        if self.frame.share_url:
            self.cmd_share_close(None)
        elif self.frame.show_rules:
            self.cmd_rules_close(None)
        else:
            return False
        return True

    def on_outside_click(self, event: Any) -> None:
        """A click outside an open pop-over menu (the game's settings) closes it, and only
        that: it does not go on to what lies under it (a move on the board)."""
        if self.close_popovers(event.target):
            event.stopPropagation()
            event.preventDefault()

    def close_popovers(self, inside: Any = None) -> bool:
        """Close the open pop-over menus (``details.popover``) that do not hold ``inside``;
        the focus, if it was in one, goes back to its button. True if any was closed."""
        closed = False
        for menu in self.document.querySelectorAll("details.popover[open]"):
            if inside is not None and not absent(inside) and menu.contains(inside):
                continue
            had_focus = menu.contains(self.document.activeElement)
            menu.open = False
            if had_focus:
                menu.querySelector("summary").focus()
            closed = True
        return closed

    def on_replay_key(self, event: Any) -> None:
        """While replaying: ← and → step, Home and End jump (not while typing, and not when
        a modifier is held)."""
        session = self.session
        move = self.REPLAY_KEYS.get(str(event.key))
        if session is None or not session.replaying or move is None or event.defaultPrevented:
            return  # (a rail tab took the arrow key)
        if event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
            return
        tag_name = str(getattr(event.target, "tagName", "") or "").lower()
        if tag_name in ("input", "select", "textarea"):
            return
        event.preventDefault()
        getattr(self, "cmd_replay_" + move)(None)

    def on_change(self, event: Any) -> None:
        target = event.target
        element_id = target.id
        if element_id == "lang-select":
            self.switch_language(str(target.value))
        elif element_id == "players" or str(element_id).startswith("option-"):
            request = self.read_setup()
            keep = "players" if element_id == "players" else str(element_id)[len("option-"):]
            self.show_setup(fit_request(GAMES[request.game], request, keep), top=False)
        elif element_id == "import-file":
            asyncio.ensure_future(self.import_files(target))

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.cmd_start(None)

    # ----------------------------------------------------------- commands
    def cmd_menu(self, _target: Any) -> None:
        self.set_address("")
        self.clear_message()
        self.show_landing()

    def cmd_start(self, _target: Any) -> None:
        request = self.read_setup()
        try:
            engine.make_setup(request.game, request.players, request.names, **request.options)
        except engine.SetupError as error:
            self.el("setup-error").textContent = self.cat.t("new.bad_setup", detail=str(error))
            return
        self.start_game(request)

    def cmd_act(self, target: Any) -> None:
        self.decide(int(target.getAttribute("data-index")))

    def cmd_choose(self, target: Any) -> None:
        """A decision from a list in words (the same as its target on the board)."""
        self.cmd_act(target)

    def cmd_board(self, target: Any) -> None:
        """A click on the board that is not itself a legal decision: the board module says
        what it means (a decision, an explanation, or a changed selection)."""
        session = self.session
        module = board_module(session.game.setup.game) if session else None
        handler = getattr(module, "on_board", None)
        if handler is None:
            return
        data = {str(k): str(v) for k, v in dataset(target).items()}
        reply = handler(session, self.cat, data)
        if reply is None:
            return
        if reply.kind == "act" and reply.index is not None:
            self.decide(reply.index)
        elif reply.kind == "acts":
            self.decide_actions(list(reply.actions))
        elif reply.kind == "say":
            def again() -> str:  # the board's answer to the same click, in today's language
                answer = handler(session, self.cat, data)
                return (answer.text or "") if answer is not None and answer.kind == "say" else ""

            self.say_text(reply.text or "", "error", reply.rule, again)
        else:
            self.render_game()
            self.focus_first("[data-autofocus]")  # a question the click raised, into view

    def cmd_replay(self, _target: Any) -> None:
        if self.session is not None:
            self.session.replay_to(0)
            self._motion_clear = True
            self.share_url = None  # the sheet would cover the replay's caption
            self.clear_game_message()  # a notice of the live game (its What happened too)
            self.render_game()

    def cmd_replay_first(self, _target: Any) -> None:
        self.cmd_replay(_target)

    def cmd_replay_prev(self, _target: Any) -> None:
        if self.session is not None:
            self.session.replay_step(-1)
            self._motion_clear = True
            self.render_game()

    def cmd_replay_next(self, _target: Any) -> None:
        if self.session is not None:
            self.session.replay_step(1)
            self._motion_clear = True
            self.render_game()

    def cmd_replay_last(self, _target: Any) -> None:
        if self.session is not None:
            self.session.replay_to(len(self.session.game.log))
            self._motion_clear = True
            self.render_game()

    def cmd_replay_exit(self, _target: Any) -> None:
        if self.session is not None:
            self.session.replay_to(None)
            self.render_game()
            self.schedule_ai()

    def cmd_hint(self, _target: Any) -> None:
        session = self.session
        if session is None or session.waiting_for_ai or session.game.is_over:
            return
        self.say("hint.thinking")
        asyncio.ensure_future(self.show_hint(session, len(session.game.log)))

    async def show_hint(self, session: Session, moves: int) -> None:
        """Ask the expert computer what it would do here; show it in words (``ui.story``), mark
        what it touches on the board, and offer a button that plays it."""
        from ui.story import hint_reason

        answer = await self.ai.suggest(session.link())
        if self.session is not session or len(session.game.log) != moves:
            return
        session.ui["hint"] = int(answer["index"])
        session.ui["hint_reason"] = hint_reason(answer, self.cat)
        self.clear_message()
        self.render_game()
        play = self.document.querySelector('[data-cmd="hint-play"]')
        if not absent(play):
            play.focus()  # Enter plays it
        hinted = list(self.document.querySelectorAll('#screen [data-role="board"] [data-hint]'))
        if hinted:  # on a phone, what the hint touches may lie under the decision bar
            self.bring_into_view(hinted, self.document.querySelector("#screen .decide"))

    def mark_hint(self) -> None:
        """Mark the suggested decision and what it touches on the board with ``data-hint``
        (until the next decision)."""
        session = self.session
        index = session.ui.get("hint") if session else None
        if index is None or session.replaying:
            return
        from ui.story import action_places

        screen = self.el("screen")
        for selector in action_places(session.game, index):
            for node in screen.querySelectorAll(selector):
                node.setAttribute("data-hint", "")
                if node.getAttribute("data-cmd") == "act":
                    node.classList.add("hinted")

    def cmd_hint_play(self, target: Any) -> None:
        self.decide(int(target.getAttribute("data-index")))

    def cmd_recap_spot(self, target: Any) -> None:
        """Highlight on the board the pieces a recap line is about (the first is scrolled into
        view: on a phone the recap sits under the board)."""
        if self.motion is not None:
            self.motion.spotEntries(self.el("screen"), str(target.getAttribute("data-entries")),
                                    str(target.getAttribute("data-places") or ""))

    def cmd_pace(self, target: Any) -> None:
        pace = str(target.getAttribute("data-pace"))
        if pace not in PACES:
            return
        if self.session is not None and self.session.pace:
            self.session.pace = pace  # this game's own pace, from its address
        else:
            self.pace = pace
            self.store.set_pref("pace", pace)
        if self.frame is not None:
            self.frame.pace = self.game_pace
            self.render_game()

    def cmd_confirm_yes(self, target: Any) -> None:
        """The player confirms a regrettable decision (and may ask never to be asked again)."""
        session = self.session
        if session is None:
            return
        never = self.el("confirm-never")
        key = session.ui.pop("confirm_key", None)
        if key and never and bool(never.checked):
            self.store.set_pref(f"confirm.{key}", "off")
        self.decide(int(target.getAttribute("data-index")), confirmed=True)

    def cmd_confirm_no(self, _target: Any) -> None:
        if self.session is not None:
            self.session.ui.pop("confirm", None)
            self.session.ui.pop("confirm_key", None)
            self.render_game()

    def cmd_rules(self, _target: Any) -> None:
        if self.frame is not None:
            self.frame.show_rules = not self.frame.show_rules
            self.render_game()

    def cmd_rules_close(self, _target: Any) -> None:
        if self.frame is not None:
            self.frame.show_rules = False
            self.render_game()
            self.focus_first('[data-cmd="rules"]')

    def cmd_share_close(self, _target: Any) -> None:
        if self.frame is not None:
            self.frame.share_url = None
            self.render_game()
            self.focus_first('[data-cmd="share"]')

    def focus_first(self, selector: str) -> None:
        node = self.document.querySelector(f"#screen {selector}")
        if not absent(node):
            node.focus()

    def cmd_dismiss(self, _target: Any) -> None:
        self.clear_game_message()

    def cmd_tab(self, target: Any) -> None:
        """Show one of the rail's tabs (log, score) without drawing the screen again."""
        if absent(target):
            return
        name = str(target.getAttribute("data-tab"))
        if self.frame is not None:
            self.frame.tab = name
        for tab in self.document.querySelectorAll('#screen [role="tab"]'):
            chosen = str(tab.getAttribute("data-tab")) == name
            tab.setAttribute("aria-selected", "true" if chosen else "false")
            tab.setAttribute("tabindex", "0" if chosen else "-1")
            panel = self.el(str(tab.getAttribute("aria-controls")))
            if not absent(panel):
                panel.hidden = not chosen
        if self.lesson is not None:
            self.show_coach()  # what the step points at may be in the tab just opened

    def cmd_zoom(self, target: Any) -> None:
        from ui.screens.play import ZOOM_STEPS

        if self.frame is None:
            return
        zoom = self.frame.zoom + int(target.getAttribute("data-step"))
        self.frame.zoom = max(ZOOM_STEPS[0], min(ZOOM_STEPS[-1], zoom))
        self.render_game()

    def cmd_jump(self, target: Any) -> None:
        """From the phone's decision bar to a part of the table further down."""
        to = str(target.getAttribute("data-to"))
        if to in ("score", "log"):
            self.cmd_tab(self.document.querySelector(f'#screen [data-tab="{to}"]'))
            node = self.document.querySelector("#screen .rail-tabs")
        else:
            node = self.document.querySelector(JUMP_TARGETS.get(to, "#screen .others"))
        if not absent(node):
            node.scrollIntoView(True)

    def cmd_sound(self, _target: Any) -> None:
        if self.frame is None:
            return
        self.frame.sound = not self.frame.sound
        self.store.set_pref("sound", "on" if self.frame.sound else "off")
        if self.frame.sound:
            self.beep()  # the tone it will make (and the browser allows sound from now on)
        self.render_game()

    def cmd_handoff_switch(self, _target: Any) -> None:
        if self.frame is None:
            return
        self.frame.handoff = not self.frame.handoff
        self.store.set_pref("handoff", "on" if self.frame.handoff else "off")
        self.render_game()

    def cmd_handoff(self, target: Any) -> None:
        """The next human has the device: show their table."""
        if self.session is None:
            return
        self.at_device = int(target.getAttribute("data-seat"))
        self.render_game()
        self.focus_first(".game-title")

    def cmd_rule(self, target: Any) -> None:
        """A rule link: open the rules help and bring that rule into view."""
        if self.session is None:
            return
        self.frame.show_rules = True
        self.render_game()
        rule = str(target.getAttribute("data-rule") or "")
        node = self.document.getElementById(rule_anchor(self.session.game.setup.game, rule))
        if absent(node):
            node = self.document.querySelector(".rules.panel")
        if not absent(node):
            node.setAttribute("tabindex", "-1")
            node.classList.add("rule-target")
            node.scrollIntoView()
            node.focus()

    def cmd_news_close(self, _target: Any) -> None:
        if self.session is not None:
            self.session.news = []
            self.render_game()

    def cmd_undo(self, _target: Any) -> None:
        session = self.session
        if session is None:
            return
        blocked = session.undo_blocked()
        if blocked is not None:
            self.say(blocked)
        elif self.may_change() and session.undo():
            self._motion_clear = True
            self.after_decision()

    def cmd_take_over(self, _target: Any) -> None:
        if self.session is not None:
            asyncio.ensure_future(self.claim(self.session, steal=True))

    def cmd_share(self, _target: Any) -> None:
        if self.session is None:
            return
        location = self.window.location
        base = f"{location.origin}{location.pathname}"
        self.share_url = base + game_fragment(self.session.link())
        self.session.mark_backup()
        self.autosave()
        self.render_game()
        field = self.el("share-link")
        if field:
            field.focus()
            field.select()

    def cmd_copy(self, _target: Any) -> None:
        if not self.share_url:
            return
        try:
            self.window.navigator.clipboard.writeText(self.share_url)
            self.say("share.copied")
        except Exception:
            self.say("share.copy_failed", "error")

    def cmd_again(self, _target: Any) -> None:
        if self.session is None:
            return
        game = self.session.game
        self.show_setup(NewGameRequest(game.setup.game, game.players, list(self.session.seats),
                                       dict(game.setup.options), list(game.setup.names)))

    def cmd_resume(self, target: Any) -> None:
        self.resume(str(target.getAttribute("data-id")))

    def cmd_delete(self, target: Any) -> None:
        save_id = str(target.getAttribute("data-id"))
        if self.window.confirm(self.cat.t("saves.confirm_delete")):
            self.store.delete(save_id)
            self.show_landing()
            self.say("saves.deleted")

    def cmd_purge(self, _target: Any) -> None:
        _, bad = self.store.list()
        if self.window.confirm(self.cat.t("saves.confirm_purge", count=len(bad))):
            self.store.purge()
            self.show_landing()

    def cmd_export(self, target: Any) -> None:
        save_id = str(target.getAttribute("data-id"))
        try:
            text = self.store.export(save_id)
        except BadSave:
            self.say("saves.unreadable", "error")
            return
        download(self.window, self.document, export_name(self.store.get(save_id)), text)
        try:
            self.store.mark_backup(save_id)
        except (BadSave, StorageFull):
            return
        self.show_landing()  # the export offer, if shown, is gone

    # ------------------------------------------------------------- lessons
    def start_lesson(self, name: str) -> None:
        """Start the lesson of title ``name`` (``#learn=<title>``) from its first step."""
        from ui import lessons

        lesson = lessons.load(name) if has_lesson(name) else None
        if lesson is None:
            self.show_landing()
            self.say("lesson.ui.unknown", "error")
            return
        runner = lessons.Runner(lesson)
        self.store.set_pref(f"lesson.{name}", "seen")
        self.play(Sessions(runner.game, list(lesson.start.seats)), lesson=runner)

    def show_lesson_links(self) -> None:
        """The landing's "Learn to play" links show only for titles that have a lesson."""
        for link in self.document.querySelectorAll("[data-learn]"):
            link.hidden = not has_lesson(str(link.getAttribute("data-learn")))

    def offers_lesson(self, game: str) -> bool:
        """Offer the lesson when someone sets up their first game of a title: it has one,
        they have not taken it, and no game of that title is saved here."""
        if not has_lesson(game) or self.store.pref(f"lesson.{game}"):
            return False
        return not any(record.game == game for record in self.store.listing().good)

    def coach_allows(self, target: Any) -> bool:
        """During a lesson, only the awaited decision (and what leads to it on the board)
        goes through; any other decision is answered with a friendly word and changes
        nothing. Looking around (tabs, rules, settings) is always allowed."""
        from ui import coach

        command = str(target.getAttribute("data-cmd") or "")
        if command in coach.NOT_NOW:
            self.coach_note("lesson.ui.not_now")
            return False
        if command in coach.DECIDING:
            index = target.getAttribute("data-index")
            if absent(index) or int(index) != self.lesson.expected_index():
                self.coach_note("lesson.ui.try_highlighted")
                return False
        elif command == "board" and not target.hasAttribute(coach.TARGET):
            self.coach_note("lesson.ui.try_highlighted")
            return False
        return True

    def lesson_decide(self, decisions: list) -> None:
        """The player took decisions in a lesson (indices, or actions looked up among the
        legal ones as each comes: a whole Mercator trade): each goes through only if it is the
        one awaited (the scripted moves after it follow)."""
        session, runner = self.session, self.lesson
        moves = len(session.game.log)
        taken = 0
        for decision in decisions:
            legal = session.game.legal_actions() if not isinstance(decision, int) else []
            index = decision if isinstance(decision, int) else (
                legal.index(decision) if decision in legal else -1)
            if runner.done or not runner.take(index):
                break
            taken += 1
        if not taken:
            self.coach_note("lesson.ui.try_highlighted")
            return
        session.ui.clear()
        session.news = []
        self.coach_note("")
        self.drawing(moves, clear=True)
        self.render_game()

    def coach_note(self, key: str) -> None:
        if self._coach is not None:
            self._coach.note(self.cat.t(key) if key else "")

    def cmd_coach_next(self, _target: Any) -> None:
        session, runner = self.session, self.lesson
        if session is None or runner is None or runner.done or runner.expected_index() \
                is not None:
            return
        moves = len(session.game.log)
        runner.next()
        session.ui.clear()
        self.coach_note("")
        self.drawing(moves, clear=False)
        self.render_game()

    def cmd_coach_leave(self, _target: Any) -> None:
        """Leave the lesson: the game goes on from here as a normal game against the
        computer (saved from now on)."""
        session, runner = self.session, self.lesson
        if session is None or runner is None:
            return
        game = session.game.setup.game
        if runner.done:
            self.store.set_pref(f"lesson.{game}", "done")
        self.lesson = None
        session.coached = False
        self.writer = None
        session.settle_chance()
        self.set_address(f"#play={session.save_id}")
        if any(seat.startswith("ai") for seat in session.seats):
            asyncio.ensure_future(self.ai.start())
        self.render_game()
        asyncio.ensure_future(self.claim(session))

    def cmd_coach_menu(self, target: Any) -> None:
        if self.lesson is not None and self.lesson.done and self.session is not None:
            self.store.set_pref(f"lesson.{self.session.game.setup.game}", "done")
        self.cmd_menu(target)

    def cmd_learn(self, target: Any) -> None:
        self.start_lesson(str(target.getAttribute("data-game")))

    def show_coach(self) -> None:
        """Fill the coach for the lesson's step, mark what to click (matched with the
        engine's legal actions) or what the step points at, and put the bubble beside it."""
        runner = self.lesson
        if runner is None or self.session is None:
            if self._coach is not None:
                self._coach.hide()
            self._coach_el = None
            return
        from ui import coach

        if self._coach is None:
            self._coach = CoachView(self.document, self.window)
            # Styles arriving (a lesson opened straight from its address) or a board drawn
            # anew change the layout: the bubble follows its target.
            observer = self.window.ResizeObserver.new(self.keep(lambda *_a: self.follow()))
            observer.observe(self._coach.node)
            observer.observe(self.el("screen"))
        view = self._coach
        step = runner.step
        link = game_rule_link(self.session.game, self.cat, step.rule) if step and step.rule \
            else None
        view.show(self.cat.t("lesson.ui.label"), coach.text(runner, self.cat),
                  coach.bubble(runner, self.cat, link), runner.done)
        view.unmark()
        marked = view.mark(coach.targets(self.session, runner), coach.TARGET)
        spot = coach.spot(runner)
        if spot:
            marked = view.mark([spot], coach.SPOT)
        self._coach_el = marked[0] if marked else None
        seen = (runner.at, len(self.session.game.log), tuple(sorted(self.session.ui.items())))
        fresh = seen != self._coach_seen
        self._coach_seen = seen
        if fresh and self._coach_el is not None:
            self.scroll_to(self._coach_el)
        self.point_coach()
        if fresh:
            self.focus_coach(runner)
        asyncio.ensure_future(self.point_later())

    async def point_later(self) -> None:
        """Point again once the browser has laid the new screen out (fonts, a sheet's own
        scrolling, pieces settling)."""
        try:
            await self.next_frame()
        except Exception:
            return
        self.point_coach()

    def scroll_to(self, element: Any) -> None:
        """Bring ``element`` into view if it is not (centred, in every scrolling box): off the
        screen or low on it, or hidden in a scrolled box (a row of cards scrolled sideways,
        the phone's decision bar) or under something else."""
        box = element.getBoundingClientRect()
        hit = self.document.elementFromPoint((float(box.left) + float(box.right)) / 2,
                                             (float(box.top) + float(box.bottom)) / 2)
        seen = not absent(hit) and (element.contains(hit) or self._coach.node.contains(hit))
        if seen and 24 <= float(box.top) and float(box.bottom) <= float(
                self.window.innerHeight) * 0.7:
            return
        from pyodide.ffi import to_js

        element.scrollIntoView(to_js({"block": "center", "inline": "nearest"},
                                     dict_converter=self.window.Object.fromEntries))

    def follow(self) -> None:
        """The layout changed: bring the coach's target back into view and point at it."""
        if self.lesson is not None and self._coach_el is not None:
            self.scroll_to(self._coach_el)
        self.point_coach()

    def point_coach(self) -> None:
        if self.lesson is None or self._coach is None:
            return
        element = self._coach_el
        if element is not None and not element.isConnected:
            element = self._coach_el = None
        decide = self.document.querySelector("#screen .decide")
        bar = 0.0
        if not absent(decide) and str(self.window.getComputedStyle(decide).position) == "sticky":
            bar = float(decide.getBoundingClientRect().height)
        self._coach.point(element, bar)

    def focus_coach(self, runner: Any) -> None:
        """Keyboard players go on where the lesson is: "Next", or the thing to click."""
        active = self.document.activeElement
        if not absent(active) and str(getattr(active, "tagName", "")).lower() in (
                "input", "select", "textarea"):
            return
        button = self.document.querySelector(
            '#coach [data-cmd="coach-next"], #coach [data-cmd="coach-leave"].primary')
        from pyodide.ffi import to_js

        still = to_js({"preventScroll": True}, dict_converter=self.window.Object.fromEntries)
        if (runner.done or runner.expected_index() is None) and not absent(button):
            button.focus(still)
        elif self._coach_el is not None:
            self._coach_el.focus(still)

    # ------------------------------------------------------------- import
    async def import_files(self, field: Any) -> None:
        """Import saved-game files (our JSON export) or text files holding a game link; every
        game is replayed and checked before anything is stored."""
        files = field.files
        imported = known = 0
        for index in range(files.length):
            text = str(await files.item(index).text())
            try:
                records = self.records_from_file(text)
            except (BadSave, engine.LinkError, FragmentError):
                self.say("saves.import_bad", "error")
                field.value = ""
                return
            fresh = [r for r in records if not self.already_saved(r)]
            known += len(records) - len(fresh)
            stored, full = self.store.add_imported(fresh)
            imported += stored
            if full:
                self.say("saves.full", "error")
                break
        field.value = ""
        self.show_landing()
        if imported or known:
            key = "saves.imported_some" if imported and known else (
                "saves.imported" if imported else "saves.import_known")
            self.say(key, count=imported, known=known)

    def already_saved(self, record: Any) -> bool:
        """True when a save here holds the game of imported ``record`` as it is or further
        on (importing it again would only make a copy)."""
        game_id = record.meta.get("id")
        if not isinstance(game_id, str) or not game_id:
            return False
        entries = engine.decode(record.link).log.entries
        return any(lineage(saved, entries) in ("same", "behind")
                   for _, saved in self.saved_copies(game_id))

    @staticmethod
    def records_from_file(text: str) -> list:
        """The saves in a file: an exported JSON file, or a text holding a ``#g=`` link."""
        if text.lstrip().startswith("{"):
            records = SaveStore.parse_file(text)
            for record in records:
                Sessions.from_link(record.link)  # replays and checks every entry
            return records
        text = text.strip()
        text = text.partition("#")[2] or text
        fragment = parse_fragment(text if "g=" in text else "g=" + text)
        if fragment.link is None:
            raise BadSave("not_ours")
        return [Sessions.from_link(fragment.link).record()]

    # -------------------------------------------------------------- setup
    def read_setup(self) -> NewGameRequest:
        """The new-game form's current values."""
        form = self.el("new-game")
        game = str(form.getAttribute("data-game"))
        info = GAMES[game]
        players = int(self.el("players").value)
        seats, names = [], []
        for seat in range(players):
            kind = self.el(f"seat-kind-{seat}")
            name = self.el(f"seat-name-{seat}")
            # a seat the new player count added is not in the form yet
            seats.append(seat_kind(seats, seat) if absent(kind) else str(kind.value))
            names.append("" if absent(name) else str(name.value).strip()[:MAX_NAME])
        if not any(names):
            names = []  # a seat left blank is called by its colour, in the chosen language
        options = {}
        for option in info.options:
            field = self.el(f"option-{option.name}")
            if absent(field):
                continue
            try:
                value = parse_option(option, str(field.value))
            except FragmentError:
                continue
            if option.name == "start_player" and value is not None and value >= players:
                value = None
            options[option.name] = value
        return NewGameRequest(game, players, seats, options, names)


def has_lesson(game: str) -> bool:
    """Whether title ``game`` has a lesson (``ui/lessons/<game>.py``), without importing it."""
    from pathlib import Path

    return game in GAMES and (Path(__file__).parent / "lessons" / f"{game}.py").is_file()


def lesson_offer(game: str, cat: Catalogue) -> Any:
    from ui.html import tag

    return tag("p", {"class_": "lesson-offer", "data_role": "lesson-offer"},
               tag("span", {}, cat.t("lesson.ui.offer", title=cat.t(f"game.{game}"))),
               tag("button", {"type": "button", "class_": "primary", "data_cmd": "learn",
                              "data_game": game}, cat.t("lesson.ui.offer_button")))


REVEAL_MARGIN = 8.0
"""Pixels left clear above and below targets scrolled into sight."""


def reveal_scroll(boxes: list[tuple[float, float]], bar: float) -> float:
    """How far to scroll down (negative: up) so that a decision's board targets, given as
    (top, bottom) in viewport pixels, come out from under the decision bar whose top is at
    ``bar``: 0 when each is wholly in sight; just enough to show them all when they fit in
    ``0..bar`` together; else 0 when one is in sight, or the first one's middle to the middle
    of the open part when none is (see :meth:`App.reveal_target`)."""
    shown = [0 <= top and bottom <= bar for top, bottom in boxes]
    if not boxes or all(shown):
        return 0.0
    top, bottom = min(t for t, _ in boxes), max(b for _, b in boxes)
    if bottom - top + 2 * REVEAL_MARGIN <= bar:
        if bottom > bar:
            return bottom + REVEAL_MARGIN - bar
        return top - REVEAL_MARGIN
    if any(shown):
        return 0.0
    first_top, first_bottom = boxes[0]
    return (first_top + first_bottom - bar) / 2


def absent(value: Any) -> bool:
    """No such element or attribute: JS ``null`` arrives as Pyodide's ``jsnull`` (not None),
    ``undefined`` as None."""
    return value is None or type(value).__name__ == "JsNull"


def dataset(element: Any) -> dict[str, str]:
    """The ``data-*`` attributes of an element, without the prefix."""
    names = element.getAttributeNames()
    return {str(n)[5:]: str(element.getAttribute(n)) for n in names if str(n).startswith("data-")}


def download(window: Any, document: Any, filename: str, text: str) -> None:
    """Offer ``text`` as a file download."""
    from pyodide.ffi import to_js

    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                  dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)
