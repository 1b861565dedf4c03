"""Replaying a game on its own table: to the start, a step back or on, to the end, and back to
the live game; the arrow keys, Home and End while a replay is shown. Plain Python, tested in
CPython."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.session import Session

KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
"""The keys that move a replay, and where to."""
MOVES = ("first", "prev", "next", "last", "exit")


def replay_move(session: Session, move: str) -> None:
    """Show another position of ``session``'s game: ``first`` (also how a replay starts),
    ``prev``/``next`` (one decision), ``last``, or ``exit`` (the live game again)."""
    if move == "first":
        session.replay_to(0)
    elif move in ("prev", "next"):
        session.replay_step(-1 if move == "prev" else 1)
    elif move == "last":
        session.replay_to(len(session.game.log))
    elif move == "exit":
        session.replay_to(None)
    else:
        raise ValueError(move)


def key_move(session: Session | None, event: Any) -> str | None:
    """The replay move a key press asks for (None: the key is not the replay's: no replay
    is shown, another handler took it, a modifier is held, or the player is typing)."""
    move = KEYS.get(str(event.key))
    if session is None or not session.replaying or move is None or event.defaultPrevented:
        return None  # (a rail tab took the arrow key)
    if event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
        return None
    tag_name = str(getattr(event.target, "tagName", "") or "").lower()
    if tag_name in ("input", "select", "textarea"):
        return None
    return move
