"""The computer's part of the page: its seats' decisions, one at a time in the AI worker
(``ui/ai_client.py``) at the chosen pace, and the expert's suggestion (a hint) for a person."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ui.dom import absent, bring_into_view

if TYPE_CHECKING:
    from ui.app import App
    from ui.session import Session


def level(session: Session, seat: int) -> str:
    """The strength a computer seat plays at (``ai:<level>``; medium if none is named)."""
    return session.seat_kind(seat).partition(":")[2] or "medium"


def think_ms(strength: str) -> float:
    """How long a computer at ``strength`` searches a decision in the browser (0: it does not
    search): what the thinking bar fills over."""
    from engine.ai import budget

    return budget(strength)[0]


def has_computer(session: Session) -> bool:
    return any(seat.startswith("ai") for seat in session.seats)


class Computer:
    """Plays the computer seats of ``app``'s game and asks for hints."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._client: Any = None
        self._task: asyncio.Future | None = None
        self._progress: tuple[str, float] | None = None
        """What the computer is doing (``loading``, ``thinking``) and since when (ms)."""

    @property
    def client(self) -> Any:
        """The AI worker's client, made when a computer seat first needs it."""
        if self._client is None:
            from ui.ai_client import AiClient

            self._client = AiClient(self.app.notices.spawn)
        return self._client

    def warm_up(self, session: Session) -> None:
        """Boot the worker while the page is read, if a computer will play."""
        if has_computer(session):
            self.app.notices.spawn(self.client.start())

    def schedule(self) -> None:
        """Let the computer take its turns if one of its seats is to decide."""
        state = self.app.state
        session = state.session
        if (session is None or not session.waiting_for_ai or session.game.is_over
                or state.writer is not True or state.lesson is not None):
            return
        if self._task is None or self._task.done():
            self._task = self.app.notices.spawn(self.turns(session))

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._progress = None

    def clear_marks(self) -> None:
        """A long session keeps no thinking marks of the games it left."""
        for mark in ("ludi-ai-think-start", "ludi-ai-think-end", "ludi-ai-boot-start",
                     "ludi-ai-boot-end"):
            self.app.window.performance.clearMarks(mark)

    async def turns(self, session: Session) -> None:
        """Computer seats decide one at a time, each in the AI worker, at the chosen pace. A
        decision with one option is taken at once (nothing to think about); the worker's first
        start is waited for apart (shown as loading, marked ``ludi-ai-boot-start/-end``), so
        the thinking marks around each request time only the thinking. In a game of computers
        alone, the decisions made too soon after a drawing to be seen are drawn with a later
        one (``Drawing.due``), and the last is always drawn."""
        try:
            await self.decide_in_turn(session)
        finally:
            drawing = self.app.drawing
            if self.app.state.session is session and drawing.behind:
                self.app.changed()

    async def decide_in_turn(self, session: Session) -> None:
        """The loop of :meth:`turns`."""
        app = self.app
        state, performance = app.state, app.window.performance
        client = self.client
        while state.session is session and session.waiting_for_ai and not session.game.is_over:
            started = performance.now()
            moves = len(session.game.log)
            strength = level(session, session.game.current_player)
            if len(session.game.legal_actions()) == 1:
                index = 0
            else:
                link = session.link()
                if app.drawing.behind and think_ms(strength) > 0:
                    app.changed()  # a search takes long enough for the last move to be seen
                if not app.drawing.behind:
                    await self.next_frame()  # the last move is drawn before the thinking starts
                if not client.started:
                    self.show_progress("loading")
                    performance.mark("ludi-ai-boot-start")
                    await client.start()
                    performance.mark("ludi-ai-boot-end")
                self.show_progress("thinking", think_ms(strength))
                performance.mark("ludi-ai-think-start")
                index = await client.choose(link, strength)
                self.mark_end(client.last)
                self.show_progress(None)
            if state.session is not session or session.replaying or len(
                    session.game.log) != moves:
                return  # the player left, undid or started a replay meanwhile
            pause = state.pause()
            waited = (performance.now() - started) / 1000
            if pause > waited:
                await asyncio.sleep(pause - waited)
                if state.session is not session or len(session.game.log) != moves:
                    return
            if state.writer is not True:
                return  # another tab took the game over meanwhile
            with app.change(decided=True, keep_note=True) as change:
                session.decide(index)
                app.drawing.moved(moves, clear=session.all_ai)
                if not app.drawing.due():
                    change.undrawn()

    def mark_end(self, answer: dict) -> None:
        """Mark the end of a thinking (``ludi-ai-think-end``), with the worker's own timings
        as the mark's detail (its whole call and the search's part: ``bench/browser_ai.py``
        tells the search from the round trip with them)."""
        from pyodide.ffi import to_js

        detail = {key: answer[key] for key in ("worker_ms", "replay_ms", "search_ms", "iterations")
                  if key in answer}
        window = self.app.window
        window.performance.mark("ludi-ai-think-end", to_js(
            {"detail": detail}, dict_converter=window.Object.fromEntries))

    def show_progress(self, phase: str | None, ms: float = 0.0) -> None:
        """Say on the prompt what the computer is doing: ``loading`` (its worker starts),
        ``thinking`` (the bar under the prompt, ``[data-role=thinking]``, fills over the
        level's search time ``ms``, from now) or nothing (``None``). Kept across redraws of
        the screen (:meth:`keep_progress`)."""
        now = float(self.app.window.performance.now())
        self._progress = None if phase is None else (phase, now, ms)
        self.keep_progress()

    def keep_progress(self) -> None:
        """Put the computer's phase on the prompt drawn last (``#prompt[data-think]``): its
        bar goes on from where it was when the screen is drawn again while it thinks."""
        progress = self._progress
        prompt = self.app.document.querySelector('#screen [data-role="prompt"].thinking')
        if progress is None or absent(prompt):
            return
        phase, since, ms = progress
        prompt.setAttribute("data-think", phase)
        elapsed = float(self.app.window.performance.now()) - since
        prompt.style.setProperty("--think-elapsed", f"{-elapsed:.0f}ms")
        if ms > 0:
            prompt.style.setProperty("--think-ms", f"{ms:.0f}ms")

    async def next_frame(self) -> None:
        """Wait until the browser has drawn what was just rendered (two animation frames)."""
        from pyodide.ffi import create_once_callable

        for _ in range(2):
            future = asyncio.get_event_loop().create_future()
            self.app.window.requestAnimationFrame(
                create_once_callable(lambda _time, f=future: f.done() or f.set_result(None)))
            await future

    def hint(self) -> None:
        """Ask for a suggestion for the person to decide (shown when it comes)."""
        session = self.app.state.session
        if session is None or session.waiting_for_ai or session.game.is_over:
            return
        self.app.notices.say("hint.thinking")
        self.app.notices.spawn(self.show_hint(session, len(session.game.log)))

    async def show_hint(self, session: Session, moves: int) -> None:
        """Ask the expert computer what it would do here; show it in words (``ui.story``), mark
        what it touches on the board, and offer a button that plays it."""
        from ui.story import hint_reason

        app = self.app
        answer = await self.client.suggest(session.link())
        if app.state.session is not session or len(session.game.log) != moves:
            return
        with app.change():
            session.ui["hint"] = int(answer["index"])
            session.ui["hint_reason"] = hint_reason(answer, app.state.cat)
            app.notices.clear()
        document = app.document
        play = document.querySelector('[data-cmd="hint-play"]')
        if not absent(play):
            play.focus()  # Enter plays it
        hinted = list(document.querySelectorAll('#screen [data-role="board"] [data-hint]'))
        if hinted:  # on a phone, what the hint touches may lie under the decision bar
            bring_into_view(app.window, hinted, document.querySelector("#screen .decide"))
