"""Building concrete Municipium positions for the rule tests.

``start(players)`` gives a game with ``start_player=0`` right after setup (every member placed in
the Temple, seat 0 to move). The other helpers then set the state fields a test cares about:

- ``members(game, {seat: {inst: count}}, elect={seat: {inst: count}})`` replaces every family
  member on the board (members not listed are nowhere, which is fine for a test position);
- ``citizens(game, {inst: "psm"})`` sets the citizens at institutions (unlisted ones: none);
- ``at_card(game, seat)`` makes it ``seat``'s turn, movement done, about to choose a card;
- ``at_move(game, seat)`` makes it ``seat``'s turn at the start (movement);
- ``play(game, *actions)`` applies decisions and chance outcomes in order (a ``str`` is a chance
  outcome such as ``"priest"`` or ``"all_powers"``).

``Municipium.from_position(text)`` builds a game from a ``position()`` line instead (no log).

Counts that these setters change (bag, citizens) are then no longer conserved; the conservation
checks live in the fuzz tests on untouched games.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.municipium.data import CITIZEN_LETTERS
from engine.municipium.steps import AUTO, CardStep, EndTurnStep, MoveStep, Step


def start(players: int = 3, chamber: str = "per-chamber", short: bool = False,
          seed: int = 0) -> Any:
    game = engine.new_game("municipium", players, seed=seed, start_player=0,
                           chamber_citizens=chamber, short=short)
    while game.pending()["kind"] != "move":
        if game.is_chance:
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    return game


def members(game: Any, plain: dict[int, dict[int, int]],
            elect: dict[int, dict[int, int]] | None = None) -> None:
    game.plain = [[plain.get(s, {}).get(i, 0) for i in range(7)] for s in range(game.n)]
    elect = elect or {}
    game.elect = [[elect.get(s, {}).get(i, 0) for i in range(7)] for s in range(game.n)]


def citizens(game: Any, where: dict[int, str]) -> None:
    game.cit = [[where.get(i, "").count(letter) for letter in CITIZEN_LETTERS] for i in range(7)]


def hand(game: Any, seat: int, letters: str, favours: int = 0) -> None:
    game.hand[seat] = [letters.count(letter) for letter in CITIZEN_LETTERS]
    game.favours[seat] = favours


def at_card(game: Any, seat: int) -> None:
    game.active = seat
    game.stack = [EndTurnStep(AUTO), CardStep(seat)]


def at_move(game: Any, seat: int) -> None:
    game.active = seat
    game.stack = [EndTurnStep(AUTO), CardStep(seat), MoveStep(seat, 0, -1, -1, False)]


def run(game: Any, *steps: Step) -> None:
    """Replace the stack by ``steps`` (bottom first) and let the engine settle."""
    game.stack = list(steps)
    game._settle()


def play(game: Any, *moves: Any) -> None:
    for move in moves:
        game.apply(move)


def texts(game: Any, since: int = 0) -> list[str]:
    return [game.event_text(event) for event in game.events[since:]]


def keys(game: Any, since: int = 0) -> list[str]:
    return [event.key for event in game.events[since:]]


def random_game(players: int, seed: int, check: Any = None, **options: Any) -> Any:
    """A complete game with uniformly random decisions (``seed`` drives both the chance
    outcomes and the choices); ``check(game)`` is called after every entry if given."""
    import random

    from tests.playing import play_out, uniform

    game = engine.new_game("municipium", players, seed=seed, **options)
    play_out(game, uniform(random.Random(seed * 7919 + players)), None, check)
    return game
