"""Drawing the game screen from the page's state: the markup of ``ui.screens.play`` put in
place, with what a redraw keeps (focus, open menus, scrolls), the pieces' motion, the hint's
marks, whose turn it is on ``<html>`` and in the tab's title, a tone when a person's turn
comes, and a phone's board targets brought out from under its decision bar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.dom import Kept, absent, bring_into_view, ensure_stylesheet

if TYPE_CHECKING:
    from ui.app import App


INSTANT_DRAW_MS = 200
"""In a game of computers alone at no pace, the screen is drawn at most this often (ms): a
decision that comes sooner after the last drawing is saved but not drawn (no eye follows
more), and the game's end is always drawn."""


class Drawing:
    """Draws ``app``'s game screen; keeps what one drawing needs to know of the last."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._drawn: Any = None
        """The session last drawn (open menus are kept open across its redraws only)."""
        self._revealed: tuple | None = None
        """The decision last looked at by :meth:`reveal_target`: log length, who decides, and
        its targets on the board."""
        self.last_awaiting: tuple[str, int] | None = None
        self._audio: Any = None
        self._motion_from: int | None = None
        """The log length before the decision being drawn (None: a redraw, nothing new)."""
        self._motion_clear = False
        self._fresh = True
        self.drawn_at = -INSTANT_DRAW_MS
        """When the screen was last drawn (``performance.now()``, ms)."""
        self._drawn_length = 0
        """The log length of the game last drawn."""
        self.viewport: tuple[float, float] | None = None
        """The viewport (CSS px) the screen was last drawn for: a board sizes its texts
        from it (the Concordia map, :mod:`ui.boards.concordia_view`)."""

    def new_game(self) -> None:
        """A game comes on screen: nothing of the last one is kept or moved."""
        self.last_awaiting = None
        self._revealed = None
        self._fresh = True
        self._motion_from, self._motion_clear = None, False
        if self.motion is not None:
            self.motion.reset()

    def moved(self, moves: int, clear: bool) -> None:
        """The next drawing shows the decision made at log length ``moves``; ``clear`` drops
        the earlier ``data-changed`` marks (a human decided). Decisions not drawn
        (:meth:`due`) are shown with the next: it shows what changed since the first."""
        if self._motion_from is None:
            self._motion_from = moves
        self._motion_clear |= clear

    def due(self) -> bool:
        """Whether the decision just made is drawn: always, but in a game of computers alone
        at no pace (``State.instant``) only at the end and once ``INSTANT_DRAW_MS`` have
        passed since the last drawing."""
        state = self.app.state
        return (not state.instant or state.session.game.is_over
                or float(self.app.window.performance.now()) - self.drawn_at >= INSTANT_DRAW_MS)

    @property
    def behind(self) -> bool:
        """Whether the game on screen has decisions the screen does not show yet (:meth:`due`)."""
        session = self.app.state.session
        return (session is not None and self._drawn is session
                and self._drawn_length != len(session.game.log))

    def clear_marks(self) -> None:
        """The next drawing drops the ``data-changed`` marks (an undo, a replay's step)."""
        self._motion_clear = True

    @property
    def motion(self) -> Any:
        """The page's motion helper (``assets/js/motion.js``), None if it did not load."""
        helper = getattr(self.app.window, "ludiMotion", None)
        return None if absent(helper) else helper

    def draw(self) -> None:
        """Draw the game on screen again from the state."""
        from ui.art import ensure_sprite
        from ui.screens.play import game_screen
        from ui.sharing import check_handoff
        from ui.tabs import tab_notice

        app = self.app
        state, document, window = app.state, app.document, app.window
        session = state.session
        sheet = ensure_stylesheet(document, f"assets/css/{session.game.setup.game}.css")
        ensure_stylesheet(document, "assets/css/motion.css")
        ensure_stylesheet(document, "assets/css/art.css")
        check_handoff(state)
        ensure_sprite(document)  # the symbols every board and card draws with <use>
        kept = Kept(document, window, keep_open=self._drawn is session)
        self._drawn = session
        notice = str(tab_notice(state.cat)) if state.writer is False else ""
        motion = self.motion
        screen = app.el("screen")
        window.performance.mark("ludi-render-start")
        if motion is not None and not self._fresh:
            motion.before(screen)
        state.frame.pace = state.game_pace
        session.ui["motion_from"] = None if self._fresh else self._motion_from
        self.viewport = (float(window.innerWidth), float(window.innerHeight))
        session.ui["viewport"] = self.viewport
        app.show_screen(notice + str(game_screen(session, state.cat, frame=state.frame)))
        app.computer.keep_progress()  # a thinking computer's bar goes on where it was
        kept.restore_layout()
        if sheet is not None:
            # the board's stylesheet arrives after its first drawing: only then does a phone's
            # wide map have its width, and can be scrolled to the decision (the start city)
            app.listen(sheet, "load", lambda _event, kept=kept: kept.restore_layout())
        document.documentElement.setAttribute("data-log-length", str(len(session.game.log)))
        if motion is not None:
            start = -1 if self._motion_from is None else self._motion_from
            motion.after(screen, 0 if self._fresh else state.motion_ms(), self._motion_clear,
                         start, len(session.view.log), self.person_starts())
        self._fresh, self._motion_from, self._motion_clear = False, None, False
        self.mark_hint()
        kept.restore_focus()
        self.mark_turn()
        decide = document.querySelector("#screen .decide")
        height = 0 if absent(decide) else int(decide.offsetHeight)
        document.documentElement.style.setProperty("--decide-h", f"{height}px")
        self.reveal_target(decide)
        app.tutor.show()
        window.performance.mark("ludi-render-end")
        self.drawn_at, self._drawn_length = float(window.performance.now()), len(session.game.log)

    def person_starts(self) -> bool:
        """Whether the drawing about to be made starts a person's decision (the turn comes to
        a human seat, or from one human to another): then nothing moves on from earlier
        drawings and only the map's pieces move (``assets/js/motion.js``), so no card flies
        into that person's turn, over a sheet they open (issue 45)."""
        from ui.screens.parts import awaiting

        session = self.app.state.session
        state = awaiting(session)
        return state == "human" and self.last_awaiting != (state, session.game.current_player)

    def on_resize(self) -> None:
        """A viewport much narrower or wider (a turned phone, a resized window) than the one
        drawn for: draw again, so that the board's texts keep their size on screen (a phone's
        toolbar coming and going changes the height a little: no redraw)."""
        window, state = self.app.window, self.app.state
        if self.viewport is None or state.session is None:
            return
        width, height = float(window.innerWidth), float(window.innerHeight)
        if abs(width - self.viewport[0]) > 24 or abs(height - self.viewport[1]) > 0.2 * height:
            self.app.changed()

    def reveal_target(self, decide: Any) -> None:
        """On a phone the decision bar is stuck to the foot of the screen and covers the lower
        part of the board: when a person's decision waits for a click on the board and some of
        its targets are under the bar, the page scrolls them into the open part of the screen
        (all of them when they fit there, else one; see :func:`ui.dom.reveal_scroll`). Once
        for each decision and set of targets (a choice in the bar, such as a citizen type, can
        change them), so a redraw never undoes the player's own scrolling; not in a lesson
        (the coach points there itself)."""
        from ui.screens.parts import awaiting

        app = self.app
        session = app.state.session
        state = awaiting(session)
        targets = list(app.document.querySelectorAll('#screen [data-role="board"] .target'))
        decision = (len(session.game.log), state,
                    tuple(str(target.getAttribute("data-index")) for target in targets))
        if decision == self._revealed or absent(decide) or app.state.lesson is not None:
            return
        self._revealed = decision
        if targets and state == "human" and not session.replaying:
            bring_into_view(app.window, targets, decide)

    def mark_turn(self) -> None:
        """Whose decision the page waits for, on ``<html data-awaiting>`` and in the tab's
        title; a short tone when a human's turn comes (if switched on)."""
        from ui.screens.parts import awaiting
        from ui.screens.play import tab_title

        app = self.app
        session = app.state.session
        root = app.document.documentElement
        root.setAttribute("data-screen", "game")
        state = awaiting(session)
        root.setAttribute("data-awaiting", state)
        app.document.title = tab_title(session, app.state.cat)
        now = (state, session.game.current_player)
        if state == "human" and now != self.last_awaiting and app.state.frame.sound \
                and self.last_awaiting is not None:
            self.beep()
        self.last_awaiting = now

    def mark_hint(self) -> None:
        """Mark the suggested decision and what it touches on the board with ``data-hint``
        (until the next decision)."""
        session = self.app.state.session
        index = session.ui.get("hint") if session else None
        if index is None or session.replaying:
            return
        from ui.story import action_places

        screen = self.app.el("screen")
        for selector in action_places(session.game, index):
            for node in screen.querySelectorAll(selector):
                node.setAttribute("data-hint", "")
                if node.getAttribute("data-cmd") == "act":
                    node.classList.add("hinted")

    def beep(self) -> None:
        """A short, soft two-note tone (made here with WebAudio; no sound file)."""
        window = self.app.window
        try:
            if self._audio is None:
                self._audio = window.AudioContext.new()
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
        root = self.app.document.documentElement
        root.setAttribute("data-beeps", str(int(root.getAttribute("data-beeps") or 0) + 1))
