"""The page's notices and refusals: the landing's message line and the game's toast (a live
region made once, outside the redrawn screen), worded again after a switch of language, a
notice fading by itself after a while; and the page's tasks started and not awaited
(:meth:`Notices.spawn`), whose errors are shown here rather than lost."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ui.dom import absent

if TYPE_CHECKING:
    from ui.state import PageState

NOTICE_SECONDS = 12
"""How long a notice (not a refusal) stays in the game's toast."""


class Notices:
    """The message on show (:attr:`note`: its text, kind and rule) and the boxes it is shown
    in (``#message`` on the landing, ``#game-message`` in the game's toast)."""

    def __init__(self, document: Any, state: PageState) -> None:
        self.document = document
        self.state = state
        self.note: tuple[str, str, str | None] | None = None
        self._retell: Callable[[], str] | None = None
        """What words the message on show again in another language (None: nothing can)."""
        self._said = 0
        self._tasks: set[asyncio.Future] = set()
        """Tasks running on their own: the event loop keeps only a weak reference to a task."""

    @property
    def sticky(self) -> bool:
        """A storage warning is on show (it outranks other notices)."""
        return self.note is not None and self.note[1] == "sticky"

    def say(self, key: str, kind: str = "info", **args: Any) -> None:
        """Show a message from the catalogue (on the landing, or above the board)."""
        words = functools.partial(self.state.cat.t, key, **args)
        self.say_text(words(), kind, again=words)

    def say_text(self, text: str, kind: str = "info", rule: str | None = None,
                 again: Callable[[], str] | None = None) -> None:
        """Show ``text``; a refusal names its ``rule`` (a small link that opens the rules).
        ``again`` words the same message in the catalogue's language of the moment, for a
        switch of language (:meth:`retell`). In a game it goes to the toast (its live region
        stays; only its content changes)."""
        from ui.screens.play import message_content

        self._retell = again
        self.note = (text, kind, rule)
        box = self.document.getElementById("message")
        if box:
            box.textContent = text
            box.setAttribute("data-kind", kind)
        box = self.document.getElementById("game-message")
        session = self.state.session
        if not absent(box):
            game = session.game if session is not None else None
            box.innerHTML = str(message_content(self.note, game, self.state.cat))
            box.setAttribute("data-kind", kind)
        self._said += 1
        if kind == "info" and session is not None:
            self.spawn(self.fade(self._said))

    def spawn(self, work: Awaitable[Any]) -> asyncio.Future:
        """Run ``work`` as a task of its own (nobody awaits it): kept referenced until it is
        done, and an exception in it printed to the console and shown on the message line."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Future) -> None:
        self._tasks.discard(task)
        if task.cancelled() or task.exception() is None:
            return
        import traceback

        error = task.exception()
        traceback.print_exception(type(error), error, error.__traceback__)
        try:
            self.say("error.unexpected", "error", error=f"{type(error).__name__}: {error}")
        except Exception:  # the message line itself failed: the console has the first error
            traceback.print_exc()

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
            self.clear()

    async def fade(self, said: int) -> None:
        """A notice leaves the game's toast by itself after a while (a refusal stays until
        the next decision or the close button)."""
        await asyncio.sleep(NOTICE_SECONDS)
        if said == self._said and self.note is not None:
            self.clear_game()

    def make_toast(self) -> None:
        """The game's refusals and notices: a toast inside the viewport, made once (a live
        region that outlives every redraw, so screen readers announce each new text)."""
        if not absent(self.document.getElementById("game-message")):
            return
        from ui.screens.play import message_box

        wrap = self.document.createElement("div")
        wrap.className = "toast-wrap"
        wrap.innerHTML = str(message_box(None)) + (
            '<button type="button" class="toast-close" data-cmd="dismiss" aria-label="'
            + self.state.cat.t("common.close").replace('"', "&quot;") + '">×</button>')
        self.document.getElementById("app").appendChild(wrap)

    def clear(self) -> None:
        """Take the message away, wherever it is shown."""
        self.note = None
        for box in (self.document.getElementById("message"),
                    self.document.getElementById("game-message")):
            if box:
                box.textContent = ""
                box.removeAttribute("data-kind")

    def clear_game(self) -> None:
        """Empty the game's toast (a new decision makes the last refusal old news)."""
        self.note = None
        box = self.document.getElementById("game-message")
        if not absent(box):
            box.textContent = ""
            box.removeAttribute("data-kind")
