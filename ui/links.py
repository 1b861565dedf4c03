"""What the page's address asks for: ``#g=<game>`` (open a shared game) or
``#new=<title>&players=<n>&seats=human,ai:hard,…&<option>=<value>`` (start one; ``pace=slow|
normal|fast`` sets how fast its computer seats play and its pieces move), plus ``lang=en|ja``.
Pure functions: the page reads ``location.hash`` and passes the text here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.registry import GAMES, Option

UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
SEAT_KINDS = ("human", "ai:easy", "ai:medium", "ai:hard", "ai:expert")
SEAT_ALIASES = {"ai": "ai:medium", "computer": "ai:medium"}
RESERVED = {"new", "players", "seats", "names", "lang", "g", "pace"}
PACES = ("slow", "normal", "fast")


class FragmentError(ValueError):
    """A ``#new=`` address that asks for something we cannot start. ``code`` names the message
    (``new.<code>`` in the catalogue), ``args`` fills it in."""

    def __init__(self, code: str, **args: Any) -> None:
        self.code = code
        self.args_ = args
        super().__init__(f"{code} {args}")


@dataclass
class NewGameRequest:
    """Settings for a new game, from a ``#new=`` address or the new-game form."""

    game: str
    players: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    pace: str | None = None
    """The pace asked for in the address (None: the player's usual pace; a game of computers
    alone then runs at once)."""


@dataclass
class Fragment:
    """The parts of a fragment we understand (any of them may be absent)."""

    link: str | None = None
    new: NewGameRequest | None = None
    lang: str | None = None
    params: dict[str, str] = field(default_factory=dict)


def parse_fragment(text: str) -> Fragment:
    """Split ``#g=…&lang=ja`` or ``#new=…`` into its parts. Raises :class:`FragmentError` for a
    ``#new=`` request we cannot start; a ``g=`` text is returned as is (the codec checks it)."""
    text = (text or "").lstrip("#")
    if not text:
        return Fragment()
    raw = dict(part.partition("=")[::2] for part in text.split("&") if part)
    params = {unquote(key): unquote(value) for key, value in raw.items()}
    fragment = Fragment(params=params, lang=params.get("lang") or None)
    if "g" in params:
        # base64url never needs escaping, but a link pasted through some apps gains spaces.
        fragment.link = "".join(params["g"].split())
    elif "new" in params:
        fragment.new = parse_new(params, split_names(raw.get("names", "")))
    return fragment


def parse_seat(text: str) -> str:
    seat = SEAT_ALIASES.get(text.strip().lower(), text.strip().lower())
    if seat not in SEAT_KINDS:
        raise FragmentError("bad_seat", seat=text)
    return seat


def parse_option(option: Option, text: str) -> Any:
    """The option value whose address form is ``text`` (``true``/``false``, ``random`` for
    None, numbers and words as they are)."""
    for choice in option.choices:
        if option_text(choice) == text.strip().lower():
            return choice
    raise FragmentError("bad_option", option=option.name, value=text)


def option_text(value: Any) -> str:
    if value is None:
        return "random"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).lower()


def quote(text: str) -> str:
    """``text`` percent-encoded for an address fragment (every byte but the unreserved ones).

    (Our own two helpers rather than ``urllib.parse``: that module alone costs about 0.1 s
    of the page's start in the browser.)"""
    return "".join(chr(b) if b in UNRESERVED else f"%{b:02X}" for b in text.encode())


def unquote(text: str) -> str:
    """The inverse of :func:`quote` (malformed escapes are kept as they are)."""
    if "%" not in text:
        return text
    head, *parts = text.split("%")
    out = bytearray(head.encode())
    for part in parts:
        if len(part) >= 2 and all(c in "0123456789abcdefABCDEF" for c in part[:2]):
            out.append(int(part[:2], 16))
            out += part[2:].encode()
        else:
            out += b"%" + part.encode()
    return out.decode("utf-8", "replace")


def split_names(raw: str) -> list[str]:
    """Names from their address form: split at commas first, then unescaped, so that a name
    may itself contain an (escaped) comma."""
    return [unquote(n).strip() for n in raw.split(",")] if raw else []


def parse_new(params: dict[str, str], names: list[str] | None = None) -> NewGameRequest:
    name = params.get("new", "").strip().lower()
    info = GAMES.get(name)
    if info is None:
        raise FragmentError("unknown_game", game=name)
    try:
        players = int(params.get("players", str(info.min_players)))
    except ValueError:
        raise FragmentError("bad_players", game=info.title, low=info.min_players,
                            high=info.max_players) from None
    if not info.min_players <= players <= info.max_players:
        raise FragmentError("bad_players", game=info.title, low=info.min_players,
                            high=info.max_players)
    seats = [parse_seat(s) for s in params["seats"].split(",")] if params.get("seats") else []
    if not seats:
        seats = ["human"] * players
    if len(seats) != players:
        raise FragmentError("seat_count", players=players, seats=len(seats))
    names = names or []
    if names and len(names) != players:
        raise FragmentError("name_count", players=players, names=len(names))
    options = {}
    for key, value in params.items():
        if key in RESERVED:
            continue
        try:
            option = info.option(key)
        except KeyError:
            raise FragmentError("bad_option", option=key, value=value) from None
        if option.hidden:  # a new game is played under the current rules
            raise FragmentError("bad_option", option=key, value=value)
        options[key] = parse_option(option, value)
    pace = params.get("pace", "").strip().lower() or None
    if pace is not None and pace not in PACES:
        raise FragmentError("bad_pace", pace=params["pace"])
    return NewGameRequest(name, players, seats, options, names, pace)


def new_fragment(request: NewGameRequest, lang: str | None = None) -> str:
    """The ``#new=`` address of a request (inverse of :func:`parse_fragment`)."""
    parts = [f"new={request.game}", f"players={request.players}",
             "seats=" + ",".join(request.seats)]
    if request.names:
        parts.append("names=" + ",".join(quote(n) for n in request.names))
    parts += [f"{k}={option_text(v)}" for k, v in sorted(request.options.items())]
    if request.pace:
        parts.append(f"pace={request.pace}")
    if lang:
        parts.append(f"lang={lang}")
    return "#" + "&".join(parts)


def game_fragment(link: str, lang: str | None = None) -> str:
    return f"#g={link}" + (f"&lang={lang}" if lang else "")
