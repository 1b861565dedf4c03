"""Municipium engine speed in CPython: complete random games per second, decisions per second,
``legal_actions()`` and ``clone()`` calls per second.

    python bench/municipium_bench.py            # quick (about 5 seconds)
    python bench/municipium_bench.py --games 500 --players 4
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
engine = importlib.import_module("engine")


def random_games(players: int, games: int, seed: int) -> tuple[float, int, int]:
    """Play ``games`` complete games with random decisions; returns seconds, decisions,
    chance outcomes."""
    chooser = random.Random(seed)
    decisions = outcomes = 0
    started = time.perf_counter()
    for number in range(games):
        game = engine.new_game("municipium", players, seed=seed + number)
        while not game.is_over:
            if game.is_chance:
                game.resolve_chance()
                outcomes += 1
            else:
                legal = game.legal_actions()
                game.apply(legal[chooser.randrange(len(legal))])
                decisions += 1
    return time.perf_counter() - started, decisions, outcomes


def calls_per_second(players: int, seconds: float) -> tuple[float, float]:
    """``legal_actions()`` and ``clone()`` on positions along a random game."""
    game = engine.new_game("municipium", players, seed=1)
    chooser = random.Random(1)
    positions = []
    while not game.is_over:
        if game.is_chance:
            game.resolve_chance()
        else:
            positions.append(game.clone())
            game.apply(chooser.choice(game.legal_actions()))
    rates = []
    for method in ("legal_actions", "clone"):
        calls, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            for position in positions:
                getattr(position, method)()
            calls += len(positions)
        rates.append(calls / (time.perf_counter() - started))
    return rates[0], rates[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Municipium engine benchmark, Python {sys.version.split()[0]}")
    for players in args.players:
        seconds, decisions, outcomes = random_games(players, args.games, args.seed)
        legal, clone = calls_per_second(players, 0.3)
        print(f"{players} players: {args.games / seconds:7.1f} games/s  "
              f"{decisions / seconds:9.0f} decisions/s  "
              f"({decisions / args.games:.0f} decisions + {outcomes / args.games:.0f} chance "
              f"outcomes per game)  legal_actions {legal:8.0f}/s  clone {clone:8.0f}/s")


if __name__ == "__main__":
    main()
