"""Playing games in tests, for every title: the one loop that finishes a game, games stood at a
text position, decisions by their notation, and the setups of every title (and every Concordia
map) that the tests over all games run on."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import engine
from engine.core.registry import GameInfo, game_class

Chooser = Callable[[Any], Any]
"""Picks a decision for a game at a decision point (one of its ``legal_actions()``)."""


def uniform(rng: random.Random) -> Chooser:
    """Every legal decision equally likely."""
    return lambda game: rng.choice(game.legal_actions())


Seat = Callable[[Any, random.Random], int]
"""A seat's player: ``player(game, rng)`` is the index of one of ``game.legal_actions()``."""


def by_seat(seats: Sequence[Seat], rng: random.Random) -> Chooser:
    """Each seat's player decides for it; every choice must be a legal index and leave the
    game as it was."""
    def choose(game: Any) -> Any:
        before, legal = game.position(), game.legal_actions()
        index = seats[game.current_player](game, rng)
        assert 0 <= index < len(legal) and game.position() == before
        return legal[index]
    return choose


def play_out(game: Any, choose: Chooser, draws: random.Random | None = None,
             check: Callable[[Any], None] | None = None, limit: int = 20000) -> int:
    """Finish ``game``: each decision by ``choose(game)``, each draw with ``draws`` (None: the
    game's own generator); ``check(game)`` after every entry if given. Returns the number of
    decisions; fails if the game has not ended after ``limit`` of them."""
    decisions = 0
    while not game.is_over:
        if game.is_chance:
            game.resolve_chance(draws)
        else:
            game.apply(choose(game))
            decisions += 1
            assert decisions < limit, f"the game did not end after {decisions} decisions"
        if check is not None:
            check(game)
    return decisions


def stand(title: str, text: str) -> Any:
    """A game of ``title`` standing at its ``to_text()`` text ``text`` (with an empty log): a
    concrete position for a test, whatever the seeds do."""
    return game_class(title).from_text(text)


def decide(game: Any, text: str) -> Any:
    """Apply the decision (or draw) whose notation (``str``) is ``text``; it must be open now.
    Returns it."""
    options = ([o for o, _ in game.chance_outcomes()] if game.is_chance
               else game.legal_actions())
    matches = [o for o in options if str(o) == text]
    assert len(matches) == 1, (text, [str(o) for o in options])
    game.apply(matches[0])
    return matches[0]


def perft(game: Any, depth: int) -> int:
    """Leaves of the game tree ``depth`` plies down, decisions and draws alike (every option
    tried on a clone)."""
    if depth == 0 or game.is_over:
        return 1
    options = ([o for o, _ in game.chance_outcomes()] if game.is_chance
               else game.legal_actions())
    total = 0
    for option in options:
        child = game.clone()
        child.apply(option)
        total += perft(child, depth - 1)
    return total


def map_names(info: GameInfo) -> tuple[Any, ...]:
    """The title's maps (its ``map`` option's values), or ``(None,)`` for a title without."""
    try:
        return info.option("map").choices
    except KeyError:
        return (None,)


def player_counts(info: GameInfo, map_name: Any) -> list[int]:
    """The seat counts a game of ``info`` on ``map_name`` accepts (a map may allow fewer than
    the title: Imperium 3–5, Italia 2–4)."""
    counts = []
    for players in range(info.min_players, info.max_players + 1):
        try:
            engine.make_setup(info.name, players, **options(map_name))
        except engine.SetupError:
            continue
        counts.append(players)
    return counts


def options(map_name: Any) -> dict[str, Any]:
    return {} if map_name is None else {"map": map_name}


def every_setup(most: bool = True) -> Iterator[tuple[str, Any, int]]:
    """``(title, map, players)`` for every title in ``engine.GAMES`` and each of its maps, at
    the fewest seats that map accepts and (``most``) the most."""
    for name, info in engine.GAMES.items():
        for map_name in map_names(info):
            counts = player_counts(info, map_name)
            for players in sorted({counts[0], counts[-1] if most else counts[0]}):
                yield name, map_name, players
