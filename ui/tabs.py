"""One writer per game: a saved game open in several tabs of one browser is changed by one tab
at a time.

The writer holds a Web Lock named after the save (``navigator.locks``, shared by every tab of
the origin). A tab that opens a game held elsewhere does not get the lock: it shows the game,
follows the writer's saves (the ``storage`` event) and offers "play here instead", which
*steals* the lock; the tab that lost it is told (its request is rejected) and stops writing.
Browsers without Web Locks make every tab a writer; the save's revision check
(:meth:`ui.storage.SaveStore.put` with ``expect``) still refuses a write over a save it has
not seen, so a decision is never applied to a stale position either way.

Imported when the first game is shown (not at page start).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from ui.html import Markup, tag

PREFIX = "ludi.game."


def lock_name(save_id: str) -> str:
    return PREFIX + save_id


class GameLock:
    """The lock of the game this tab shows (at most one). ``on_lost()`` is called when another
    tab takes it over."""

    def __init__(self, window: Any, on_lost: Callable[[], None],
                 spawn: Callable[[Awaitable[Any]], Any]) -> None:
        self.window = window
        self.on_lost = on_lost
        self.spawn = spawn
        """Runs a task nobody awaits, kept until done (:meth:`ui.notices.Notices.spawn`)."""
        self.name: str | None = None
        self._release: Any = None
        self._token = 0

    @property
    def supported(self) -> bool:
        try:
            return not _absent(self.window.navigator.locks)
        except Exception:
            return False

    async def acquire(self, save_id: str, steal: bool = False) -> bool:
        """Hold the lock of ``save_id``: True if this tab is now the game's writer. Without
        ``steal`` only a free lock is taken; with it, another tab's hold is ended."""
        self.release()
        if not self.supported:
            self.name = lock_name(save_id)
            return True
        from pyodide.ffi import create_once_callable, to_js

        self._token += 1
        token = self._token
        granted: asyncio.Future = asyncio.get_event_loop().create_future()

        def keep(resolve: Any, _reject: Any) -> None:
            self._release = resolve

        def held(lock: Any) -> Any:
            if _absent(lock) or token != self._token:
                if not granted.done():
                    granted.set_result(False)
                return None
            self.name = lock_name(save_id)
            if not granted.done():
                granted.set_result(True)
            return self.window.Promise.new(create_once_callable(keep))

        options = to_js({"steal": True} if steal else {"ifAvailable": True},
                        dict_converter=self.window.Object.fromEntries)
        request = self.window.navigator.locks.request(lock_name(save_id), options,
                                                      create_once_callable(held))
        self.spawn(self._watch(request, token))
        return await granted

    async def _watch(self, request: Any, token: int) -> None:
        """The request ends when we release (fine) or when another tab steals the lock."""
        try:
            await request
        except Exception:
            if token == self._token and self.name is not None:
                self.name = None
                self._release = None
                self.on_lost()

    def release(self) -> None:
        """Give the lock up (leaving the game); no-op if none is held."""
        self._token += 1
        self.name = None
        release, self._release = self._release, None
        if release is not None:
            try:
                release()
            except Exception:
                pass


def _absent(value: Any) -> bool:
    return value is None or type(value).__name__ == "JsNull"


def tab_notice(cat: Any) -> Markup:
    """The notice of a tab that is not the game's writer, with the way to become it."""
    return tag("div", {"class_": "message tab-notice", "role": "alert", "data_kind": "sticky",
                       "data_role": "tab-notice"},
               tag("span", {}, cat.t("keep.elsewhere")), " ",
               tag("button", {"type": "button", "data_cmd": "take-over"},
                   cat.t("keep.take_over")))
