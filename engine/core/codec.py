"""Links and saves: a versioned, compact text for a whole game (setup + log).

Layout of the bytes before compression (format version 1)::

    version                       1 byte
    game code                     varint (``GameInfo.code``)
    rules version                 varint (``GameInfo.rules_version``; for a title with a
                                  ``rules_option``, the revision the game is played under: a
                                  link of an older one opens where the title still plays it)
    header length, header         varint, UTF-8 JSON: players, options that differ from the
                                  defaults, names, and free ``meta`` for the UI (seats, ...)
    entry count                   varint
    entries                       one varint each: the index of the choice among the options
                                  open at the time (``Game.indices``)

The bytes are compressed with zlib (whose checksum catches damage) and written as base64url
without padding. Decoding is strict: a character outside base64url, a non-canonical last
character, anything after the end of the zlib stream or after the last entry is damage.
Decoding replays every entry through the rules, so a link can only ever hold a game that was
legal from its first move to its last.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from engine.core.protocol import Game, IllegalAction, Setup, SetupError
from engine.core.registry import GAMES, GameInfo, game_class, make_setup

FORMAT_VERSION = 1
MAX_NAME_LENGTH = 24
MAX_TEXT_LENGTH = 200_000
MAX_ENTRIES = 100_000


class LinkError(ValueError):
    """A link or save that cannot be opened. ``code`` names the message for the UI's
    catalogue (``link.<code>``); ``args`` fills it in; ``str()`` is an English sentence."""

    def __init__(self, code: str, message: str, **args: Any) -> None:
        self.code = code
        self.args_ = args
        super().__init__(message)


def _varint(value: int, out: bytearray) -> None:
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def varint(self) -> int:
        value = shift = 0
        while True:
            if self.pos >= len(self.data):
                raise LinkError("truncated", "The link is cut short: part of it is missing.")
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 35:
                raise LinkError("damaged", "The link is damaged: a number in it is malformed.")

    def take(self, length: int) -> bytes:
        if self.pos + length > len(self.data):
            raise LinkError("truncated", "The link is cut short: part of it is missing.")
        chunk = self.data[self.pos:self.pos + length]
        self.pos += length
        return chunk


def encode(game: Game, meta: dict[str, Any] | None = None) -> str:
    """The text of a link (what follows ``#g=``) for ``game``; ``meta`` is carried along for
    the UI (which seats are computers, ...) and must be JSON-serialisable."""
    info = GAMES[game.setup.game]
    rules = info.rules_version
    changed = {k: v for k, v in game.setup.options if info.option(k).default != v}
    if info.rules_option is not None:  # the rules revision is the link's rules version
        rules = changed.pop(info.rules_option, rules)
    header: dict[str, Any] = {"p": game.setup.players}
    if changed:
        header["o"] = changed
    if game.setup.names:
        header["n"] = [name[:MAX_NAME_LENGTH] for name in game.setup.names]
    if meta:
        header["m"] = meta
    head = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()
    out = bytearray([FORMAT_VERSION])
    _varint(info.code, out)
    _varint(rules, out)
    _varint(len(head), out)
    out += head
    indices = game.indices
    _varint(len(indices), out)
    for index in indices:
        _varint(index, out)
    packed = zlib.compress(bytes(out), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


BASE64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _unpack(text: str) -> bytes:
    """The bytes of a link text. Strict: only base64url characters in their one canonical
    spelling, and nothing after the end of the compressed stream (a link pasted twice, or a
    link with text stuck to it, is damaged, not a game)."""
    if not isinstance(text, str) or not text.strip():
        raise LinkError("empty", "The link holds no game.")
    text = text.strip()
    if len(text) > MAX_TEXT_LENGTH:
        raise LinkError("too_long", "The link is too long to be a game of ours.")
    if not BASE64URL.issuperset(text) or len(text) % 4 == 1:
        raise LinkError("damaged", "The link is damaged: it contains characters that do not "
                        "belong in a game link.")
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii") != text:
        raise LinkError("damaged", "The link is damaged: its last character is not one a "
                        "game link can end with.")
    try:
        decompressor = zlib.decompressobj()
        data = decompressor.decompress(raw, 1_000_000)
        if decompressor.unconsumed_tail:
            raise LinkError("too_long", "The link is too long to be a game of ours.")
        if not decompressor.eof:
            raise LinkError("truncated", "The link is cut short: part of it is missing.")
    except zlib.error:
        raise LinkError("damaged", "The link is damaged: it does not unpack to a game.") from None
    if decompressor.unused_data:
        raise LinkError("damaged", "The link is damaged: it has data after its end.")
    return data


def _read_header(reader: _Reader) -> tuple[str, dict[str, Any]]:
    version = reader.take(1)[0]
    if version != FORMAT_VERSION:
        raise LinkError("version", f"The link was made by another version of Ludi (format "
                        f"{version}, this one reads {FORMAT_VERSION}).", version=version)
    code = reader.varint()
    info = next((i for i in GAMES.values() if i.code == code), None)
    if info is None:
        raise LinkError("unknown_game", "The link is for a game this version does not know.")
    rules = reader.varint()
    if rules != info.rules_version and not _older_rules_played(info, rules):
        raise LinkError("rules_version", f"The link was made with another version of the "
                        f"{info.title} rules ({rules}, this one has {info.rules_version}).",
                        game=info.name)
    try:
        header = json.loads(reader.take(reader.varint()).decode())
        if not isinstance(header, dict):
            raise ValueError
    except (UnicodeDecodeError, ValueError):
        raise LinkError("damaged", "The link is damaged: its settings cannot be read.") from None
    if info.rules_option is not None:
        options = header.get("o", {})
        if not isinstance(options, dict) or info.rules_option in options:
            raise LinkError("damaged", "The link is damaged: its settings cannot be read.")
        if rules != info.rules_version:
            header["o"] = {**options, info.rules_option: rules}
    return info.name, header


def _older_rules_played(info: GameInfo, rules: int) -> bool:
    """Whether a link of the older rules version ``rules`` still opens: the title keeps that
    revision among its ``rules_option`` choices, and the game replays under the rules it was
    played with (the option is written as the link's rules version, never in the header)."""
    if info.rules_option is None or rules > info.rules_version:
        return False
    return rules in info.option(info.rules_option).choices


def unpack_link(text: str) -> tuple[Setup, dict[str, Any], list[int]]:
    """The setup, ``meta`` and entry indices of a link text, checked for damage but not yet
    replayed (see :func:`decode_link`)."""
    reader = _Reader(_unpack(text))
    name, header = _read_header(reader)
    names = header.get("n", [])
    options = header.get("o", {})
    meta = header.get("m", {})
    if (not isinstance(names, list) or not all(isinstance(n, str) for n in names)
            or not isinstance(options, dict) or not isinstance(meta, dict)):
        raise LinkError("damaged", "The link is damaged: its settings cannot be read.")
    try:
        setup = make_setup(name, header.get("p"), [n[:MAX_NAME_LENGTH] for n in names], **options)
    except (SetupError, TypeError) as error:
        raise LinkError("bad_setup", f"The link's game settings are not valid: {error}.") from None
    count = reader.varint()
    if count > MAX_ENTRIES:
        raise LinkError("too_long", "The link is too long to be a game of ours.")
    indices = [reader.varint() for _ in range(count)]
    if reader.pos != len(reader.data):
        raise LinkError("damaged", "The link is damaged: it has data after the last move.")
    return setup, meta, indices


def play_indices(game: Game, indices: list[int], first: int = 0) -> Game:
    """Apply ``indices`` (entry numbers counted from ``first``) to ``game``, checking each;
    raises :class:`LinkError` naming the first move that is not legal."""
    for number, index in enumerate(indices, start=first):
        try:
            game.apply_index(index)
        except IllegalAction as error:
            raise LinkError("illegal", f"The link's move {number + 1} is not legal: "
                            f"{error}.", move=number + 1) from None
    return game


def decode_link(text: str) -> tuple[Game, dict[str, Any]]:
    """The game and the ``meta`` of a link text; raises :class:`LinkError` with a clear message
    for anything damaged, cut short, tampered with or made by an incompatible version."""
    setup, meta, indices = unpack_link(text)
    return play_indices(game_class(setup.game)(setup), indices), meta


def decode(text: str) -> Game:
    """The game of a link text (see :func:`decode_link`)."""
    return decode_link(text)[0]
