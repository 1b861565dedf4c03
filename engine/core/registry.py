"""The games we know, their options, and how to start or rebuild one.

Game modules are imported only when a game of that title is created, so the page pays only for
the game it plays.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from engine.core.protocol import Game, GameLog, IllegalAction, Setup, SetupError


@dataclass(frozen=True)
class Option:
    """A setup option: its name, default and the values it may take."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    hidden: bool = False
    """Not chosen by players (no field in the new-game form, no ``#new=`` parameter): set by
    the codec, e.g. the rules revision an older link was played under (``rules_option``)."""


@dataclass(frozen=True)
class GameInfo:
    """What the landing screen, the codec and ``new_game`` need to know about a title."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    module: str
    cls: str
    code: int
    """A small number standing for the title in links (never reuse one)."""
    rules_version: int
    """Raised whenever a rules change makes old logs replay differently."""
    rules_option: str | None = None
    """The hidden option naming the rules revision a game is played under (its default is
    ``rules_version``, its choices every revision still played). A link carries it as its rules
    version (``engine/core/codec.py``), so a link of an older rules version opens with it set to
    that version and the game replays under the rules it was played with. Without one, links
    of another rules version are refused."""

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    @property
    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}


GAMES: dict[str, GameInfo] = {
    "municipium": GameInfo(
        name="municipium",
        title="Municipium",
        min_players=2,
        max_players=4,
        options=(
            Option("short", False, (False, True)),
            Option("chamber_citizens", "per-chamber", ("per-chamber", "single")),
            Option("start_player", None, (None, 0, 1, 2, 3)),
        ),
        module="engine.municipium",
        cls="Municipium",
        code=1,
        rules_version=1,
    ),
    "concordia": GameInfo(
        name="concordia",
        title="Concordia",
        min_players=2,
        max_players=5,
        options=(
            Option("map", "imperium",
                   ("imperium", "italia", "hellas", "ionium", "hispania", "cyprus", "creta")),
            Option("start_player", None, (None, 0, 1, 2, 3, 4)),
            Option("rules", 2, (1, 2), hidden=True),
        ),
        module="engine.concordia",
        cls="Concordia",
        code=2,
        rules_version=2,
        rules_option="rules",
        # 2: Creta as its source engine has it (issue 44; see RULES_REVISION in
        # engine/concordia/rulings.py, which says what revision 1 games keep)
    ),
}


def game_class(name: str) -> type[Game]:
    info = _info(name)
    return getattr(importlib.import_module(info.module), info.cls)


def _info(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise SetupError(f"unknown game {name!r} (known: {known})") from None


INVISIBLE = frozenset([*range(0x00, 0x20), *range(0x7F, 0xA0), 0x061C, 0x200E, 0x200F,
                      0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""Code points a player's name never keeps: control characters, line breaks, and the
direction marks, embeddings, overrides and isolates that could turn the text around them."""


def clean_name(name: str) -> str:
    """A player's name as it is kept and shown: without :data:`INVISIBLE` characters, trimmed
    (names arrive in links, so they are text from anyone)."""
    return "".join(c for c in str(name) if ord(c) not in INVISIBLE).strip()


def make_setup(name: str, players: int, names: tuple[str, ...] | list[str] = (),
               **options: Any) -> Setup:
    """Check the settings against :data:`GAMES` and return the :class:`Setup`."""
    info = _info(name)
    if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
        raise SetupError(
            f"{info.title} is for {info.min_players}–{info.max_players} players, not {players!r}")
    values = info.defaults
    for key, value in options.items():
        try:
            option = info.option(key)
        except KeyError:
            raise SetupError(f"{info.title} has no option {key!r}") from None
        if value not in option.choices or type(value) is not type(
                next(c for c in option.choices if c == value)):
            raise SetupError(f"option {key!r} cannot be {value!r}")
        values[key] = value
    start = values.get("start_player")
    if start is not None and start >= players:
        raise SetupError(f"start_player must be a seat from 0 to {players - 1}")
    names = tuple(clean_name(n) for n in names)
    if names and len(names) != players:
        raise SetupError(f"{players} names needed, {len(names)} given")
    setup = Setup(name, players, tuple(sorted(values.items())), names)
    check = getattr(game_class(name), "check_setup", None)
    if check is not None:
        check(setup)
    return setup


def new_game(name: str, players: int, seed: int | None = None,
             names: tuple[str, ...] | list[str] = (), **options: Any) -> Game:
    """A new game of ``name`` for ``players`` seats.

    The random events of the setup (start player, shuffled tokens, the first cards shown) are
    drawn at once with ``seed`` and recorded in the log; the game keeps using a generator seeded
    with ``seed`` for ``resolve_chance()`` without an argument.
    """
    setup = make_setup(name, players, names, **options)
    game = game_class(name)(setup)
    game.rng = random.Random(seed)
    while game.is_chance:
        game.resolve_chance()
    return game


def replay(log: GameLog) -> Game:
    """Rebuild the game of ``log``, checking every entry; raises :class:`IllegalAction` naming
    the first entry that is not legal."""
    setup = make_setup(log.setup.game, log.setup.players, log.setup.names, **log.setup.options_dict)
    game = game_class(setup.game)(setup)
    for number, entry in enumerate(log.entries):
        if entry.actor != game.current_player:
            raise IllegalAction(
                f"log entry {number + 1}: seat {entry.actor} acted, but it was "
                f"{game.current_player}'s decision")
        try:
            game.apply(entry.action)
        except IllegalAction as error:
            raise IllegalAction(f"log entry {number + 1}: {error.message}", error.rule) from None
    return game
