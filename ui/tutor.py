"""Lessons on the page (issue 15): a guided first game of a title (``ui/lessons/``), its coach
bubble (``ui/coach.py``) pointing at what to click, only the awaited decision let through, and
leaving the lesson to play on as a normal game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.registry import GAMES
from ui.dom import absent

if TYPE_CHECKING:
    from ui.app import App
    from ui.i18n import Catalogue


def has_lesson(game: str) -> bool:
    """Whether title ``game`` has a lesson (``ui/lessons/<game>.py``), without importing it."""
    return game in GAMES and (Path(__file__).parent / "lessons" / f"{game}.py").is_file()


def lesson_offer(game: str, cat: Catalogue) -> Any:
    """The new-game form's offer of the lesson (someone's first game of the title)."""
    from ui.html import tag

    return tag("p", {"class_": "lesson-offer", "data_role": "lesson-offer"},
               tag("span", {}, cat.t("lesson.ui.offer", title=cat.t(f"game.{game}"))),
               tag("button", {"type": "button", "class_": "primary", "data_cmd": "learn",
                              "data_game": game}, cat.t("lesson.ui.offer_button")))


def offers_lesson(store: Any, game: str) -> bool:
    """Offer the lesson when someone sets up their first game of a title: it has one,
    they have not taken it, and no game of that title is saved here."""
    if not has_lesson(game) or store.pref(f"lesson.{game}"):
        return False
    return not any(record.game == game for record in store.listing().good)


class Tutor:
    """The lesson of ``app``'s game (``app.state.lesson``) and its coach bubble."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._view: Any = None
        self._target: Any = None
        self._seen: tuple | None = None

    @property
    def runner(self) -> Any:
        return self.app.state.lesson

    def start(self, name: str) -> None:
        """Start the lesson of title ``name`` (``#learn=<title>``) from its first step."""
        from ui import lessons
        from ui.session import Session

        app = self.app
        lesson = lessons.load(name) if has_lesson(name) else None
        if lesson is None:
            app.show_landing()
            app.notices.say("lesson.ui.unknown", "error")
            return
        runner = lessons.Runner(lesson)
        app.keeper.store.set_pref(f"lesson.{name}", "seen")
        app.play(Session(runner.game, list(lesson.start.seats)), lesson=runner)

    def show_links(self) -> None:
        """The landing's "Learn to play" links show only for titles that have a lesson."""
        for link in self.app.document.querySelectorAll("[data-learn]"):
            link.hidden = not has_lesson(str(link.getAttribute("data-learn")))

    def allows(self, target: Any) -> bool:
        """During a lesson, only the awaited decision (and what leads to it on the board)
        goes through; any other decision is answered with a friendly word and changes
        nothing. Looking around (tabs, rules, settings) is always allowed."""
        from ui import coach

        command = str(target.getAttribute("data-cmd") or "")
        if command in coach.NOT_NOW:
            self.note("lesson.ui.not_now")
            return False
        if command in coach.DECIDING:
            index = target.getAttribute("data-index")
            if absent(index) or int(index) != self.runner.expected_index():
                self.note("lesson.ui.try_highlighted")
                return False
        elif command == "board" and not target.hasAttribute(coach.TARGET):
            self.note("lesson.ui.try_highlighted")
            return False
        return True

    def decide(self, decisions: list) -> None:
        """The player took decisions in a lesson (indices, or actions looked up among the
        legal ones as each comes: a whole Mercator trade): each goes through only if it is the
        one awaited (the scripted moves after it follow)."""
        app = self.app
        session, runner = app.state.session, self.runner
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
            self.note("lesson.ui.try_highlighted")
            return
        with app.change():
            session.ui.clear()
            session.news = []
            self.note("")
            app.drawing.moved(moves, clear=True)

    def note(self, key: str) -> None:
        """A word in the coach about the last click (empty: none)."""
        if self._view is not None:
            self._view.note(self.app.state.cat.t(key) if key else "")

    def next(self) -> None:
        """The player read a step that awaits no decision: on to the next."""
        app = self.app
        session, runner = app.state.session, self.runner
        if session is None or runner is None or runner.done or runner.expected_index() \
                is not None:
            return
        moves = len(session.game.log)
        with app.change():
            runner.next()
            session.ui.clear()
            self.note("")
            app.drawing.moved(moves, clear=False)

    def leave(self) -> None:
        """Leave the lesson: the game goes on from here as a normal game against the
        computer (saved from now on)."""
        app = self.app
        state = app.state
        session, runner = state.session, self.runner
        if session is None or runner is None:
            return
        if runner.done:
            self.finished()
        with app.change():
            state.lesson = None
            session.coached = False
            state.writer = None
            session.settle_chance()
            app.set_address(f"#play={session.save_id}")
            app.computer.warm_up(session)
        app.notices.spawn(app.keeper.claim(session))

    def finished(self) -> None:
        """Remember that the lesson of the game on screen was played to its end."""
        session = self.app.state.session
        if self.runner is not None and self.runner.done and session is not None:
            self.app.keeper.store.set_pref(f"lesson.{session.game.setup.game}", "done")

    def show(self) -> None:
        """Fill the coach for the lesson's step, mark what to click (matched with the
        engine's legal actions) or what the step points at, and put the bubble beside it."""
        from ui import coach

        app = self.app
        runner, session = self.runner, app.state.session
        if runner is None or session is None:
            if self._view is not None:
                self._view.hide()
            self._target = None
            return
        if self._view is None:
            self._view = coach.CoachView(app.document, app.window)
            # Styles arriving (a lesson opened straight from its address) or a board drawn
            # anew change the layout: the bubble follows its target.
            observer = app.window.ResizeObserver.new(app.keep(lambda *_a: self.follow()))
            observer.observe(self._view.node)
            observer.observe(app.el("screen"))
        self._fill(runner, session)
        seen = (runner.at, len(session.game.log), tuple(sorted(session.ui.items())))
        fresh = seen != self._seen
        self._seen = seen
        if fresh and self._target is not None:
            self.scroll_to(self._target)
        self.point()
        if fresh:
            self.focus(runner)
        self.app.notices.spawn(self.point_later())

    def _fill(self, runner: Any, session: Any) -> None:
        """The bubble's words and tools for the step, and its marks on the screen."""
        from ui import coach
        from ui.screens.parts import game_rule_link

        cat, view, step = self.app.state.cat, self._view, runner.step
        link = game_rule_link(session.game, cat, step.rule) if step and step.rule else None
        view.show(cat.t("lesson.ui.label"), coach.text(runner, cat),
                  coach.bubble(runner, cat, link), runner.done)
        view.unmark()
        marked = view.mark(coach.targets(session, runner), coach.TARGET)
        spot = coach.spot(runner)
        if spot:
            marked = view.mark([spot], coach.SPOT)
        self._target = marked[0] if marked else None

    async def point_later(self) -> None:
        """Point again once the browser has laid the new screen out (fonts, a sheet's own
        scrolling, pieces settling)."""
        try:
            await self.app.computer.next_frame()
        except Exception:
            return
        self.point()

    def scroll_to(self, element: Any) -> None:
        """Bring ``element`` into view if it is not (centred, in every scrolling box): off the
        screen or low on it, or hidden in a scrolled box (a row of cards scrolled sideways,
        the phone's decision bar) or under something else."""
        window = self.app.window
        box = element.getBoundingClientRect()
        hit = self.app.document.elementFromPoint((float(box.left) + float(box.right)) / 2,
                                                 (float(box.top) + float(box.bottom)) / 2)
        seen = not absent(hit) and (element.contains(hit) or self._view.node.contains(hit))
        if seen and 24 <= float(box.top) and float(box.bottom) <= float(
                window.innerHeight) * 0.7:
            return
        from pyodide.ffi import to_js

        element.scrollIntoView(to_js({"block": "center", "inline": "nearest"},
                                     dict_converter=window.Object.fromEntries))

    def follow(self) -> None:
        """The layout changed: bring the coach's target back into view and point at it."""
        if self.runner is not None and self._target is not None:
            self.scroll_to(self._target)
        self.point()

    def point(self) -> None:
        """Put the bubble beside what it points at (above a phone's decision bar)."""
        if self.runner is None or self._view is None:
            return
        document, window = self.app.document, self.app.window
        element = self._target
        if element is not None and not element.isConnected:
            element = self._target = None
        decide = document.querySelector("#screen .decide")
        bar = 0.0
        if not absent(decide) and str(window.getComputedStyle(decide).position) == "sticky":
            bar = float(decide.getBoundingClientRect().height)
        self._view.point(element, bar)

    def focus(self, runner: Any) -> None:
        """Keyboard players go on where the lesson is: "Next", or the thing to click."""
        document, window = self.app.document, self.app.window
        active = document.activeElement
        if not absent(active) and str(getattr(active, "tagName", "")).lower() in (
                "input", "select", "textarea"):
            return
        button = document.querySelector(
            '#coach [data-cmd="coach-next"], #coach [data-cmd="coach-leave"].primary')
        from pyodide.ffi import to_js

        still = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
        if (runner.done or runner.expected_index() is None) and not absent(button):
            button.focus(still)
        elif self._target is not None:
            self._target.focus(still)
