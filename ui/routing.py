"""The address and the screen: what the page's fragment asks for (:func:`route_for`) and the
fragment that names the game on screen (:func:`address_for`). Plain Python, tested in CPython.

``#g=<link>`` a game sent by link; ``#new=<title>&…`` a new game's form filled in;
``#learn=<title>`` a lesson; ``#play=<save id>`` a saved game; anything else the landing.
``lang=`` may come with any of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core.registry import GAMES
from ui.links import FragmentError, parse_fragment

if TYPE_CHECKING:
    from ui.state import PageState

KINDS = ("landing", "error", "link", "new", "learn", "play")


class Route(NamedTuple):
    """Where an address goes: ``kind`` (one of :data:`KINDS`) and its ``value`` (the link's
    text, the :class:`~ui.links.NewGameRequest`, the lesson's title, the save's id, or for
    ``error`` the :class:`~ui.links.FragmentError`), with the language the address asks for."""

    kind: str
    value: Any = None
    lang: str | None = None


def route_for(address: str) -> Route:
    """The route of the address's fragment ``address`` (``#…``, or empty)."""
    try:
        fragment = parse_fragment(address)
    except FragmentError as error:
        return Route("error", error)
    lang = fragment.lang
    if fragment.link is not None:
        return Route("link", fragment.link, lang)
    if fragment.new is not None:
        from ui.screens.setup import fit_request

        request = fragment.new
        fitted = fit_request(GAMES[request.game], request, "players")
        if all(fitted.options.get(k) == v for k, v in request.options.items()):
            request = fitted  # only options the address left open were filled in
        return Route("new", request, lang)
    for kind in ("learn", "play"):
        if kind in fragment.params:
            return Route(kind, fragment.params[kind], lang)
    return Route("landing", None, lang)


def address_for(state: PageState) -> str:
    """The fragment naming what ``state`` shows: its lesson, its saved game, else nothing
    (a new game's form and the landing have no address of their own)."""
    session = state.session
    if session is None or state.screen != "game":
        return ""
    if state.lesson is not None:
        return f"#learn={session.game.setup.game}"
    return f"#play={session.save_id}"


def fragment_lang(address: str) -> str | None:
    """The language an address asks for (None if none, or if it cannot be read)."""
    try:
        return parse_fragment(address).lang
    except FragmentError:
        return None
