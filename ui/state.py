"""The page's state, in one place: the game on screen (its session and the screen's own
:class:`~ui.screens.play.Frame`), which screen is shown, the lesson, whether this tab may write
the game, and the settings (language, pace). Every change to it goes through
:meth:`ui.app.App.change` (see ``ui/README.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.i18n import Catalogue
    from ui.links import NewGameRequest
    from ui.session import Session

SCREENS = ("landing", "setup", "game")

PACES = {"slow": 1.2, "normal": 0.5, "fast": 0.15}
"""Seconds between computer decisions while a human watches (none when all seats are
computers, unless the game's address asked for a pace); the player picks one in the game's
toolbar."""
MOTION_MS = {"slow": 900, "normal": 450, "fast": 220}
"""How long a piece takes to move at each pace (``assets/js/motion.js``)."""


@dataclass
class PageState:
    """What the page shows and knows (none of the page's elements: those are drawn from it)."""

    cat: Catalogue
    """The messages in the chosen language."""
    pace: str = "normal"
    """The player's usual pace (a preference)."""
    screen: str = "landing"
    """Which screen is shown: one of :data:`SCREENS`."""
    session: Session | None = None
    """The game on screen (None on the landing and new-game screens)."""
    frame: Any = None
    """The game screen's own state (``ui.screens.play.Frame``), made with each game."""
    setup_request: NewGameRequest | None = None
    """The new-game form's values when it was last drawn."""
    lesson: Any = None
    """The lesson being played (``ui.lessons.Runner``) over the session's game, or None."""
    writer: bool | None = None
    """Whether this tab may change the game on screen: True (it holds the game's lock),
    False (another tab does: a notice offers to play here instead), None (asking)."""
    at_device: int | None = None
    """The human seat that last had the device (pass-and-play hand-off)."""

    @property
    def game_pace(self) -> str:
        """The pace of the game on screen: its own (from its address), else the usual one."""
        session = self.session
        return session.pace if session is not None and session.pace else self.pace

    @property
    def instant(self) -> bool:
        """Computers alone, and nobody asked for a pace: no waiting, no motion."""
        session = self.session
        return session is not None and session.all_ai and not session.pace

    def motion_ms(self) -> int:
        """How long a piece takes to move now."""
        return 0 if self.instant else MOTION_MS[self.game_pace]

    def pause(self) -> float:
        """Seconds between two computer decisions now."""
        return 0 if self.instant else PACES[self.game_pace]

    def leave_game(self) -> None:
        """No game on screen any more."""
        self.session = None
        self.frame = None
        self.writer = None
        self.lesson = None

    @property
    def share_url(self) -> str | None:
        return self.frame.share_url if self.frame is not None else None

    @share_url.setter
    def share_url(self, url: str | None) -> None:
        if self.frame is not None:
            self.frame.share_url = url
