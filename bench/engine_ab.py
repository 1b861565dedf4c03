"""The engine's speed in two checkouts at once: random complete games per CPU second of each
title, the two checkouts playing the same games side by side, round after round, so that both
meet the same load on a shared machine (one after the other, a load swing decides the result).

    python3 bench/engine_ab.py /path/to/main /path/to/branch          # 6 rounds
    python3 bench/engine_ab.py A B --rounds 10

Prints each round's games/s for both and, per title, the median of the rounds' ratios B/A.
Every game is a random game (seeded) whose every decision is also cloned, as a search does.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

SETUPS = {"municipium": (3, {}, 30), "concordia": (4, {"map": "imperium"}, 12)}
"""Title -> (seats, options, games per round)."""


def play(title: str) -> float:
    """Games per CPU second of this process's ``engine`` (the checkout on ``sys.path``)."""
    import engine

    players, options, games = SETUPS[title]
    start = time.process_time()
    for seed in range(games):
        game = engine.new_game(title, players, seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over:
            if game.is_chance:
                game.resolve_chance(rng)
                continue
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            game.clone()
    return games / (time.process_time() - start)


def side_by_side(a: Path, b: Path, title: str) -> tuple[float, float]:
    """One round: both checkouts play ``title`` at the same time."""
    runs = [subprocess.Popen([sys.executable, __file__, "--play", title, str(tree)],
                             stdout=subprocess.PIPE, text=True) for tree in (a, b)]
    first, second = (float(run.communicate()[0]) for run in runs)
    return first, second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, nargs="?")
    parser.add_argument("b", type=Path, nargs="?")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--play", nargs=2, metavar=("TITLE", "TREE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        title, tree = args.play
        sys.path.insert(0, tree)
        print(play(title))
        return
    ratios: dict[str, list[float]] = {title: [] for title in SETUPS}
    for number in range(1, args.rounds + 1):
        for title in SETUPS:
            first, second = side_by_side(args.a, args.b, title)
            ratios[title].append(second / first)
            print(f"{number} {title:10} A {first:6.1f} games/s  B {second:6.1f} games/s  "
                  f"B/A {second / first:.3f}", flush=True)
    for title, values in ratios.items():
        print(f"{title}: B/A median {statistics.median(values):.3f} over {len(values)} rounds")


if __name__ == "__main__":
    main()
