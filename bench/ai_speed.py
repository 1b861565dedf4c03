"""AI decision times and MCTS iterations per second in CPython, per title.

    python3 bench/ai_speed.py                    # hard, 40 positions per title
    python3 bench/ai_speed.py --level medium --positions 100

Positions are sampled from games played by the medium level (realistic positions, every phase),
and each is decided once by ``--level`` through ``engine.ai.choose_index``. Forced decisions (one
legal action) are counted apart: they return at once. The browser's Python is about 3× slower
than CPython here; the hard level's targets are 1.5 s median and 3 s worst per decision there,
so ≤ 0.4 s median and ≤ 0.9 s worst here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine import ai  # noqa: E402
from engine.ai import mcts  # noqa: E402

SETUPS = (("municipium", 2, {}), ("municipium", 4, {}), ("concordia", 2, {"map": "italia"}),
          ("concordia", 4, {}))


def sample(title: str, players: int, options: dict, count: int, seed: int) -> list:
    rng = random.Random(seed)
    found: list = []
    number = 0
    while len(found) < count:
        game = engine.new_game(title, players, seed=seed + number, **options)
        number += 1
        while not game.is_over:
            if game.is_chance:
                game.resolve_chance(rng)
                continue
            if rng.random() < 0.05:
                found.append(game.clone())
            game.apply_index(ai.choose_index(game, "medium", seed=rng.randrange(1 << 30)))
    rng.shuffle(found)
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="hard", choices=sorted(ai.LEVELS))
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, level {args.level} {ai.LEVELS[args.level]}")
    for title, players, options in SETUPS:
        times, forced, iterations, searched = [], [], 0, 0.0
        for game in sample(title, players, options, args.positions, args.seed):
            legal = game.legal_actions()
            started = time.perf_counter()
            if ai.LEVELS[args.level].kind == "mcts" and len(legal) > 1:
                stats: dict = {}
                spec = ai.LEVELS[args.level]
                mcts.search(game, legal, ai.evaluator(game), random.Random(1),
                            budget_ms=spec.budget_ms, iterations=spec.iterations, stats=stats)
                iterations += stats["iterations"]
                searched += stats["seconds"]
            else:
                ai.choose_index(game, args.level, seed=1)
            elapsed = time.perf_counter() - started
            (forced if len(legal) == 1 else times).append(elapsed)
        times.sort()
        line = (f"{title} {players}p: {len(times)} decisions, median {statistics.median(times):.3f}"
                f" s, 90% {times[int(0.9 * (len(times) - 1))]:.3f} s, worst {times[-1]:.3f} s; "
                f"{len(forced)} forced, worst {max(forced, default=0) * 1000:.2f} ms")
        if searched:
            line += f"; {iterations / searched:.0f} MCTS iterations/s"
        print(line, flush=True)


if __name__ == "__main__":
    main()
