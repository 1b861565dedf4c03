"""Do computer-only games end? Lengths of games between mixed levels, over every setup.

    python3 bench/termination.py                       # 102 games per title (about 30 min)
    python3 bench/termination.py --games 12 --title concordia
    python3 bench/termination.py --replay concordia/3/imperium/41
    python3 bench/termination.py --title concordia --maps hellas,creta --games 8

Every title, player count and map (:func:`engine.ai.selfplay.setups`: each Concordia map with
its player counts; Municipium 2-4 with its options drawn per game) is played in turn, with
each seat's level drawn from easy, medium and hard (hard with a small search budget,
``--budget-ms``; the levels are the real ones otherwise). Reports per setup the distribution
of game lengths in decisions and rounds and names every game longer than ``--factor`` (3)
times its setup's median, or stopped at ``--stop`` decisions without ending, by a replayable
key ``title/players/map/seed``. The exit code is 1 if any game was over the cap.

The levels are part of the key (drawn from the seed), so ``--replay`` plays the same game
again (with a time budget the search depends on the machine's speed: ``--budget-ms 0
--iterations N`` makes it exact).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.selfplay import keyed_game, level_chooser, play_out, rounds, setups  # noqa: E402

SETUPS = {title: setups(title) for title in ("municipium", "concordia")}


def play(key: tuple[str, int, str, int], budget_ms: float, iterations: int | None,
         stop: int) -> tuple[int, int, bool, list[str]]:
    """(decisions, rounds, ended, levels) of one game."""
    title, players, board, seed = key
    game, levels = keyed_game(title, players, board, seed)
    decisions = play_out(game, level_chooser(levels, budget_ms, iterations), seed, stop)
    return decisions, rounds(game), game.is_over, levels


def label(key: tuple[str, int, str, int]) -> str:
    return "/".join(str(part) for part in key)


def spread(values: list[int]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return f"median {statistics.median(values):g}, p90 {p90}, max {values[-1]}"


def run(titles: list[str], games: int, budget_ms: float, iterations: int | None, stop: int,
        factor: float, seed: int, maps: list[str] | None = None) -> int:
    over_cap = 0
    for title in titles:
        setups = [(n, b) for n, b in SETUPS[title] if not maps or not b or b in maps]
        per_setup = -(-games // len(setups))
        started = time.perf_counter()
        for players, board in setups:
            lengths: list[tuple[int, int, bool, tuple]] = []
            for k in range(per_setup):
                key = (title, players, board, seed + k)
                decisions, nrounds, ended, _ = play(key, budget_ms, iterations, stop)
                lengths.append((decisions, nrounds, ended, key))
            cap = factor * statistics.median(d for d, _, _, _ in lengths)
            long = [(d, r, e, k) for d, r, e, k in lengths if d > cap or not e]
            over_cap += len(long)
            print(f"{title} {players}p {board or 'base'}: {len(lengths)} games; decisions "
                  f"{spread([d for d, _, _, _ in lengths])}; rounds "
                  f"{spread([r for _, r, _, _ in lengths])}; over {factor:g}x median "
                  f"({cap:.0f}): {len(long)}", flush=True)
            for d, r, e, k in long:
                print(f"  {label(k)}: {d} decisions, {r} rounds"
                      f"{'' if e else ', stopped without ending'}", flush=True)
        print(f"{title}: {per_setup * len(setups)} games in "
              f"{time.perf_counter() - started:.0f} s", flush=True)
    return over_cap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", choices=["all", *SETUPS], default="all")
    parser.add_argument("--games", type=int, default=102, help="games per title")
    parser.add_argument("--budget-ms", type=float, default=20.0, help="hard's search budget")
    parser.add_argument("--iterations", type=int, default=None, help="hard's iteration cap")
    parser.add_argument("--stop", type=int, default=6000, help="decisions before giving up")
    parser.add_argument("--factor", type=float, default=3.0, help="cap = factor x median")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--maps", default="", help="comma-separated Concordia maps (all)")
    parser.add_argument("--replay", help="title/players/map/seed of one game")
    args = parser.parse_args()
    if args.replay:
        title, players, board, seed = args.replay.split("/")
        key = (title, int(players), board, int(seed))
        decisions, nrounds, ended, levels = play(key, args.budget_ms, args.iterations, args.stop)
        print(f"{args.replay} ({', '.join(levels)}): {decisions} decisions, {nrounds} rounds, "
              f"{'ended' if ended else 'did not end'}")
        sys.exit(0 if ended else 1)
    titles = list(SETUPS) if args.title == "all" else [args.title]
    over = run(titles, args.games, args.budget_ms, args.iterations, args.stop, args.factor,
               args.seed, [m for m in args.maps.split(",") if m])
    print(f"games over the cap: {over}")
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
