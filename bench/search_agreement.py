"""How often a search variant picks what a much deeper search picks, on positions from saved
games (issue 17): a cheap screen for search changes, where a tournament needs a hundred games
to tell 63% from 65%.

    python3 bench/search_agreement.py bench/tournaments/2026-12-01.txt --match expert-hard \
        --game concordia --variant hard=600 --variant expert=2000 \
        --variant wide=2000:candidates=8 --variant explore=2000:exploration=0.2

Positions: the decisions of the match's first level (the seat named by each line's
``seat=``) with at least three options, each kept with probability ``--sample`` (seeded), from
the last ``--games`` games of the match in the links file. On each the reference searches
``--reference`` iterations over ``--reference-candidates`` root candidates without stopping
early; then every variant searches ``N`` iterations (no time limit) with its overrides:
``candidates`` (root candidates), ``clear`` (:data:`engine.ai.mcts.CLEAR_SHARE`; above 1 the
search never stops for a clear leader) and ``exploration`` (:data:`engine.ai.mcts.EXPLORATION`).
All use the tuned weights, with no kept tree. Printed: per variant, the positions where it
chose as the reference did, and where it chose as the first variant did.

Agreement with a deeper search of the same evaluation is not strength: it says whether a change
alters the choices at all, and whether toward what more search would choose.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import ai  # noqa: E402
from engine.ai import mcts  # noqa: E402
from engine.core.codec import unpack_link  # noqa: E402
from engine.core.registry import game_class  # noqa: E402

SETTINGS = {"candidates": int, "clear": float, "exploration": float}


def parse_variant(text: str) -> tuple[str, int, dict[str, Any]]:
    """``"wide=2000:candidates=8,clear=1.01"`` → ``("wide", 2000, {"candidates": 8, ...})``."""
    name, _, spec = text.partition("=")
    iterations, _, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        if key not in SETTINGS:
            raise SystemExit(f"unknown setting {key!r} (known: {', '.join(SETTINGS)})")
        settings[key] = SETTINGS[key](value)
    return name, int(iterations), settings


def positions(path: Path, match: str, title: str, games: int, sample: float, seed: int
              ) -> list[Any]:
    """The sampled positions (games whose seat to decide is the first level's)."""
    lines = [line for line in path.read_text().splitlines() if f" {match} {title} " in line]
    rng = random.Random(seed)
    out = []
    for line in lines[-games:]:
        seat = int(line.split("seat=")[1].split()[0])
        setup, _meta, indices = unpack_link(line.split("#g=")[1].strip())
        game = game_class(setup.game)(setup)
        for index in indices:
            if (game.current_player == seat and len(game.legal_actions()) >= 3
                    and rng.random() < sample):
                out.append(game.clone())
            game.apply_index(index)
    return out


def choice(game: Any, iterations: int, settings: dict[str, Any], seed: int) -> int:
    """The index a search with ``settings`` picks in ``game``."""
    defaults = mcts.CLEAR_SHARE, mcts.EXPLORATION
    mcts.CLEAR_SHARE = settings.get("clear", defaults[0])
    mcts.EXPLORATION = settings.get("exploration", defaults[1])
    try:
        return mcts.search(game, game.legal_actions(), ai.evaluator(game, "tuned"),
                           random.Random(seed), budget_ms=0, iterations=iterations,
                           candidates=settings.get("candidates", 0))
    finally:
        mcts.CLEAR_SHARE, mcts.EXPLORATION = defaults


def rate(job: tuple) -> list[int]:
    """The reference's choice, then each variant's, in one position."""
    number, game, reference, variants = job
    return [choice(game, *reference, seed=10_000 + number)] + [
        choice(game, iterations, settings, seed=number) for _, iterations, settings in variants]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("links", type=Path)
    parser.add_argument("--match", default="expert-hard")
    parser.add_argument("--game", default="concordia")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--sample", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", type=int, default=16000)
    parser.add_argument("--reference-candidates", type=int, default=10)
    parser.add_argument("--variant", action="append", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    variants = [parse_variant(v) for v in args.variant]
    found = positions(args.links, args.match, args.game, args.games, args.sample, args.seed)
    reference = (args.reference, {"candidates": args.reference_candidates, "clear": 1.01})
    print(f"{len(found)} positions; reference {args.reference} iterations, "
          f"{args.reference_candidates} candidates", flush=True)
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(rate, [(n, g, reference, variants) for n, g in enumerate(found)]))
    first = [row[1] for row in rows]
    for k, (name, iterations, settings) in enumerate(variants, start=1):
        mine = [row[k] for row in rows]
        agree = sum(m == row[0] for m, row in zip(mine, rows))
        same = sum(m == f for m, f in zip(mine, first))
        print(f"  {name} ({iterations}{'; ' if settings else ''}"
              f"{', '.join(f'{k}={v}' for k, v in settings.items())}): as the reference "
              f"{agree}/{len(rows)}, as {variants[0][0]} {same}/{len(rows)}", flush=True)
    print(f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
