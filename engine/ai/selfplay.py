"""Computer-only games: one loop for the termination benchmark, the tournaments and the tests.

    from engine.ai.selfplay import play_out, level_chooser
    game = engine.new_game("concordia", 3, seed=7)
    decisions = play_out(game, level_chooser(["medium", "hard", "easy"], budget_ms=20), seed=7)

Draws are made with a generator seeded by ``seed`` (so a game replays from its seed), and each
decision by the seat's chooser. ``cap`` stops a game that would not end; the caller sees it in
``game.is_over``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Chooser = Callable[[Any, random.Random], int]
"""Picks the index of a decision in ``game.legal_actions()`` for the seat to move."""


def level_chooser(levels: Sequence[str], budget_ms: float | None = None,
                  iterations: int | None = None,
                  budgets: Mapping[str, tuple[float | None, int | None]] | None = None,
                  record: Callable[[str, dict], None] | None = None) -> Chooser:
    """A chooser playing seat ``s`` at ``levels[s]`` (see :data:`engine.ai.LEVELS`);
    ``budget_ms``/``iterations`` override the searching levels' budgets, ``budgets`` a given
    level's (``{"hard": (0, 600)}``: a fixed 600 iterations). ``record(level, stats)`` receives
    each search's figures (:func:`engine.ai.mcts.search`, plus ``seconds``: the decision's
    whole time)."""
    from engine import ai

    budgets = budgets or {}

    def choose(game: Any, rng: random.Random) -> int:
        level = levels[game.current_player]
        ms, cap = budgets.get(level, (budget_ms, iterations))
        stats: dict = {}
        started = time.perf_counter()
        index = ai.choose_index(game, level, seed=rng.randrange(1 << 30), budget_ms=ms,
                                iterations=cap, stats=stats)
        if record is not None and stats:
            record(level, {**stats, "seconds": time.perf_counter() - started})
        return index

    return choose


def first_legal(game: Any, rng: random.Random) -> int:
    """A passive seat: always the first legal decision (a newcomer who takes what is offered
    first; in Concordia it plays the Tribune, turn after turn, and never ends the game)."""
    return 0


def easy_fixed(seed: int) -> Chooser:
    """A passive seat: a random decision drawn with one fixed ``seed`` at every decision (the
    same choice in the same situation, so it never pushes the game to its end either), as
    easy took every decision with the seeds of issue 34 before it took only its cards at
    random (2026-12-07): its first draw said "at random", the second drew the index. With
    seed 1 that index is 0 whenever there are at most six options, so it mostly plays as
    :func:`first_legal`; with seed 3 it varies with the number of options."""
    def choose(game: Any, rng: random.Random) -> int:
        draw = random.Random(seed)
        draw.random()
        return draw.randrange(len(game.legal_actions()))

    return choose


PASSIVE: dict[str, Chooser] = {"first": first_legal, "easy": easy_fixed(1),
                               "easy3": easy_fixed(3)}
"""The passive seats of ``bench/passive.py`` by name."""


def seat_chooser(seats: Sequence[Chooser]) -> Chooser:
    """A chooser playing seat ``s`` with ``seats[s]``."""
    def choose(game: Any, rng: random.Random) -> int:
        return seats[game.current_player](game, rng)

    return choose


def against_passive(title: str, players: int, board: str, level: str, passive: str, seed: int,
                    cap: int = 800, budgets: Mapping[str, tuple[float | None, int | None]]
                    | None = None) -> tuple[Any, int]:
    """A game of ``level`` at seat ``seed % players`` against passive seats (:data:`PASSIVE`
    ``passive``), played until it ends or ``cap`` decisions were made (``budgets`` as in
    :func:`level_chooser`): the game and the decisions made (``bench/passive.py``)."""
    import engine

    game = engine.new_game(title, players, seed=seed, **({"map": board} if board else {}))
    seats = [PASSIVE[passive]] * players
    seats[seed % players] = level_chooser([level] * players, budgets=budgets)
    return game, play_out(game, seat_chooser(seats), seed, cap)


def play_out(game: Any, choose: Chooser, seed: int, cap: int = 1_000_000) -> int:
    """Play ``game`` until it is over or ``cap`` decisions were made; the decisions made."""
    rng = random.Random(seed)
    decisions = 0
    while not game.is_over and decisions < cap:
        if game.is_chance:
            game.resolve_chance(rng)
            continue
        game.apply_index(choose(game, rng))
        decisions += 1
    return decisions


def levels() -> tuple[str, ...]:
    """The computer levels a player can pick (every level of :data:`engine.ai.LEVELS` but the
    purely random one): a new level is benchmarked as soon as it exists."""
    from engine import ai

    return tuple(name for name in ai.LEVELS if name != "random")


def setups(title: str) -> list[tuple[int, str]]:
    """Every ``(players, board)`` a game of ``title`` can be set up with: in Concordia each map
    with each of its player counts (C-1.7), in Municipium 2 to 4 players (``board`` is "")."""
    if title == "concordia":
        from engine.concordia.maps import MAPS

        return [(n, name) for name, data in MAPS.items() for n in data["players"]]
    import engine

    info = engine.GAMES[title]
    return [(n, "") for n in range(info.min_players, info.max_players + 1)]


def keyed_game(title: str, players: int, board: str, seed: int) -> tuple[Any, list[str]]:
    """The game of the key ``title/players/board/seed`` (``board``: a Concordia map, or ""),
    and its seats' levels: the levels, and for Municipium the options, are drawn from the key,
    so a key names one game of the termination benchmark."""
    import engine

    rng = random.Random(f"{title}/{players}/{board}/{seed}")
    options: dict[str, Any] = {"map": board} if board else {
        "short": rng.random() < 0.3,
        "chamber_citizens": rng.choice(("per-chamber", "single")),
    }
    seats = [rng.choice(levels()) for _ in range(players)]
    return engine.new_game(title, players, seed=seed, **options), seats


def rounds(game: Any) -> int:
    """Rounds begun: turns started divided by the number of seats, rounded up."""
    turns = getattr(game, "turns", None)
    if turns is None:
        turns = game.turn
    return -(-(turns + 1) // game.players)
