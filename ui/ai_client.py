"""The page's side of the computer players: starts the AI worker (``ui/ai_worker.py``) the first
time a game with a computer seat needs it, and asks it for decisions without blocking the page.

If the worker cannot start (an old browser, a broken install), the page falls back to thinking
on its own thread with a small budget, so a computer seat never stops a game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

WORKER_SRC = "./ui/ai_worker.py"
INTERPRETER = "./vendor/pyodide/pyodide.mjs"


BUNDLE = "./build/ludi-app.zip"
"""The page's bundle of ``engine/`` and ``ui/`` (``tools/site_files.py``): the worker unpacks
the same archive, already in the browser's cache."""


def worker_config() -> dict:
    """The worker's PyScript config, given as an object: a config given as text reaches the
    worker's ``pyscript.config`` empty, so PyScript would not see ``sync_main_only`` and would
    warn on every start that the worker cannot reach the page's DOM without SharedArrayBuffer
    (cross-origin isolation). It needs no DOM: strings in, strings out."""
    return {"sync_main_only": True, "files": {BUNDLE: "./*"}}


class AiClient:
    """Asks the worker for decisions; ``await client.choose(link, level)`` → an index.

    ``spawn`` runs the worker's start as a task of its own, kept until it is done and its error
    shown to the player (:meth:`ui.notices.Notices.spawn`), whoever waits for it."""

    def __init__(self, spawn: Callable[[Awaitable[Any]], Any]) -> None:
        self.spawn = spawn
        self.worker: Any = None
        self.failed = False
        self._starting: Any = None
        self.last: dict[str, Any] = {}
        """The worker's last answer to :meth:`choose` (its index and timings)."""

    @property
    def started(self) -> bool:
        """Whether the worker has started (or failed to, so the page thinks itself): a
        request now is only thinking, with no start to wait for."""
        return self.worker is not None or self.failed

    async def start(self) -> Any:
        """Start the worker once (later calls wait for the same start)."""
        if self.worker is not None or self.failed:
            return self.worker
        if self._starting is None:
            self._starting = self.spawn(self._create())
        return await self._starting

    async def _create(self) -> Any:
        try:
            from pyscript import PyWorker, window

            # With an object config the interpreter is named by `version`, as a full URL.
            version = window.URL.new(INTERPRETER, window.location.href).href
            worker = PyWorker(WORKER_SRC, type="pyodide", version=version,
                              config=worker_config())
            await worker.ready
            self.worker = worker.sync  # the functions ui/ai_worker.py lists in __export__
        except Exception:  # no worker: think on the page (see fallback)
            self.failed = True
        return self.worker

    async def choose(self, link: str, level: str, seed: int | None = None) -> int:
        seed = random.getrandbits(32) if seed is None else seed
        worker = await self.start()
        if worker is not None:
            try:
                self.last = json.loads(str(await worker.choose(link, level, seed)))
                return int(self.last["index"])
            except Exception:
                self.failed = True
        self.last = {}
        return fallback_choose(link, level, seed)

    async def suggest(self, link: str, seed: int | None = None) -> dict[str, Any]:
        seed = random.getrandbits(32) if seed is None else seed
        worker = await self.start()
        if worker is not None:
            try:
                return json.loads(str(await worker.suggest(link, seed)))
            except Exception:
                self.failed = True
        from ui import ai_worker

        return json.loads(ai_worker.suggest(link, seed))


def fallback_choose(link: str, level: str, seed: int) -> int:
    """Think on the page's own thread, at most at the medium level (short pauses only)."""
    from ui import ai_worker

    return int(json.loads(ai_worker.choose(link, "easy" if level == "easy" else "medium",
                                           seed))["index"])
