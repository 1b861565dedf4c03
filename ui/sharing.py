"""Sharing a game: its link for the share sheet, and the pass-and-play hand-off (whom the
device is to be passed to before the table is shown). Plain Python, tested in CPython."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.links import game_fragment
from ui.screens.parts import awaiting, humans

if TYPE_CHECKING:
    from ui.session import Session
    from ui.state import PageState


def share_url(origin: str, path: str, session: Session) -> str:
    """The address that opens ``session``'s game as it is now, on this site."""
    return f"{origin}{path}" + game_fragment(session.link())


def check_handoff(state: PageState) -> None:
    """Pass-and-play: when the human to decide is not the one who had the device, the
    hand-off screen asks to pass it (one tap to go on; ``frame.handoff_to``). A game opened
    from a link made in the middle of its sender's turn opens on that screen too (whatever
    the setting): the one who opened it is probably not the sender, and would decide for
    them. Otherwise the one to decide has the device (``state.at_device``)."""
    session, frame = state.session, state.frame
    frame.handoff_to = None
    if awaiting(session) != "human":
        return
    seat = session.game.current_player
    if state.at_device is None and session.sent_mid_turn() == seat:
        frame.handoff_to = seat
    elif state.at_device is None or len(humans(session)) < 2 or not frame.handoff:
        state.at_device = seat
    elif seat != state.at_device:
        frame.handoff_to = seat
