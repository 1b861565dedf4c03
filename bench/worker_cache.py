"""What the AI worker saves by keeping the game between decisions (issue 17): the time to get
the game of a link late in a game, decoded and replayed from the start, against the worker's
way (``ui.ai_worker``: the kept game plus the entries new since the last link).

    python3 bench/worker_cache.py                  # Concordia 4p Imperium and Municipium 4p
    node bench/pyodide_run.mjs bench/worker_cache.py

For each title a medium-only game is played; at every tenth decision from the 80% mark on, its
link (``engine.encode``) is read both ways, best of five. Printed: milliseconds per link each
way and their ratio, next to the hard level's time budget in this Python.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine import ai  # noqa: E402
from engine.ai.selfplay import level_chooser, play_out  # noqa: E402
from engine.core.codec import play_indices, unpack_link  # noqa: E402
from engine.core.registry import game_class  # noqa: E402
from ui import ai_worker  # noqa: E402


def late_links(title: str, options: dict, seed: int) -> list[tuple[str, str]]:
    """Pairs (link one decision before, link) from the last fifth of a medium-only game."""
    game = engine.new_game(title, 4, seed=seed, **options)
    total = play_out(game.clone(), level_chooser(["medium"] * 4), seed)
    rng = random.Random(seed)
    choose = level_chooser(["medium"] * 4)
    pairs, made, before = [], 0, None
    while not game.is_over:
        if game.is_chance:
            game.resolve_chance(rng)
            continue
        game.apply_index(choose(game, rng))
        made += 1
        link = engine.encode(game)
        if made >= 0.8 * total and made % 10 == 0 and before is not None:
            pairs.append((before, link))
        before = link
    return pairs


def cold(link: str) -> object:
    setup, _meta, indices = unpack_link(link)
    return play_indices(game_class(setup.game)(setup), indices)


def best(run, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def kept_game(before: str, link: str) -> float:
    """Seconds the worker takes for ``link`` when it last saw ``before``."""
    ai_worker._last.update(setup=None, indices=[], game=None)
    ai_worker._game(before)
    started = time.perf_counter()
    ai_worker._game(link)
    return time.perf_counter() - started


def main() -> None:
    budget_ms, _ = ai.budget("hard")
    print(f"Python {sys.version.split()[0]} ({sys.platform}); "
          f"hard's budget here {budget_ms:.0f} ms")
    for title, options in (("concordia", {"map": "imperium"}), ("municipium", {})):
        pairs = late_links(title, options, seed=3)
        full = kept = 0.0
        for before, link in pairs:
            full += best(lambda link=link: cold(link))
            kept += min(kept_game(before, link) for _ in range(5))
        n = max(len(pairs), 1)
        print(f"{title} 4p, {len(pairs)} late links: replayed from the start "
              f"{full / n * 1000:.1f} ms, kept game {kept / n * 1000:.2f} ms "
              f"({full / max(kept, 1e-9):.0f}x)")


if __name__ == "__main__":
    main()
