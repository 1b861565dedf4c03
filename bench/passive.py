"""Does the computer end the games it leads? Every level against seats that never end a game.

    python3 bench/passive.py                             # every level, setup and passive kind
    python3 bench/passive.py --levels medium --games 10 --title concordia
    python3 bench/passive.py --replay concordia/5/imperium/hard/first/3
    python3 bench/passive.py --title concordia --maps hellas,creta --levels medium --games 1

One seat is the computer at a level (medium, hard, expert); every other seat is passive
(:data:`engine.ai.selfplay.PASSIVE`): ``first`` always takes the first legal decision (a
newcomer's way: in Concordia the Tribune, turn after turn), ``easy`` draws a random decision
with one fixed seed at every decision (the same choice in the same situation), as easy did
before it guessed only its cards: seed 1, the issue's, which mostly plays as ``first`` (see
:func:`engine.ai.selfplay.easy_fixed`), ``easy3`` seed 3. None ever
pushes a game to its end, so the computer must end it itself (issue 34: medium and hard cashed
in for thousands of turns against them). The computer's seat is the game's seed modulo the
seats; the draws are made with a generator seeded by the seed.

Every title, player count and map (:func:`engine.ai.selfplay.setups`) is played ``--games``
times per level and passive kind. Reports per level the longest game of each setup in
decisions (all seats' decisions: the passive seats make one or two a turn), and names every
game that did not end within ``--cap`` (800) decisions or that the computer did not win, by a
replayable key ``title/players/map/level/passive/seed``. The exit code is 1 if there was one.

The searching levels search a fixed number of iterations a decision (the tournaments'
budgets: hard 600 in Concordia and 3,000 in Municipium, expert 2,000 and 15,000), so a game is
the same on any machine; ``--budget-ms`` gives them a time budget instead.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.selfplay import PASSIVE, against_passive, setups  # noqa: E402

ITERATIONS = {"concordia": {"hard": 600, "expert": 2000},
              "municipium": {"hard": 3000, "expert": 15000}}
"""The searching levels' fixed budgets, as in ``bench/ai_tournament.py``'s runs."""

Key = tuple[str, int, str, str, str, int]
"""title, players, map ("" for Municipium), level, passive kind, seed."""


def play(key: Key, cap: int, budget_ms: float | None) -> tuple[int, bool, bool]:
    """(decisions, ended, the computer won) of one game."""
    title, players, board, level, passive, seed = key
    iterations = ITERATIONS[title].get(level)
    budgets = {level: (0.0, iterations) if budget_ms is None else (budget_ms, None)}
    game, decisions = against_passive(title, players, board, level, passive, seed, cap, budgets)
    won = game.is_over and any(r.rank == 1 for r in game.result() if r.seat == seed % players)
    return decisions, game.is_over, won


def label(key: Key) -> str:
    return "/".join(str(part) for part in key)


def run(titles: list[str], levels: list[str], kinds: list[str], games: int, cap: int,
        budget_ms: float | None, seed: int, maps: list[str] | None = None) -> int:
    """Play every game and print the figures; the number of games that failed."""
    failed = 0
    for level in levels:
        started = time.perf_counter()
        played = 0
        for title in titles:
            for players, board in setups(title):
                if maps and board and board not in maps:
                    continue
                lengths = []
                for kind in kinds:
                    for k in range(games):
                        key = (title, players, board, level, kind, seed + k)
                        decisions, ended, won = play(key, cap, budget_ms)
                        lengths.append(decisions)
                        played += 1
                        if not (ended and won):
                            failed += 1
                            print(f"  {label(key)}: {decisions} decisions, "
                                  f"{'ended' if ended else 'did not end'}, "
                                  f"{'won' if won else 'not won'}", flush=True)
                print(f"{level} {title} {players}p {board or 'base'}: {len(lengths)} games, "
                      f"decisions median {statistics.median(lengths):g}, longest "
                      f"{max(lengths)}", flush=True)
        print(f"{level}: {played} games in {time.perf_counter() - started:.0f} s", flush=True)
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", choices=["all", "municipium", "concordia"], default="all")
    parser.add_argument("--levels", default="medium,hard,expert", help="comma-separated")
    parser.add_argument("--passive", default=",".join(PASSIVE), help="comma-separated kinds")
    parser.add_argument("--games", type=int, default=3, help="games per setup, level and kind")
    parser.add_argument("--cap", type=int, default=800, help="decisions before giving up")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="a time budget for the searching levels instead of iterations")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--maps", default="", help="comma-separated Concordia maps (all)")
    parser.add_argument("--replay", help="title/players/map/level/passive/seed of one game")
    args = parser.parse_args()
    if args.replay:
        title, players, board, level, kind, seed = args.replay.split("/")
        key = (title, int(players), board, level, kind, int(seed))
        decisions, ended, won = play(key, args.cap, args.budget_ms)
        print(f"{args.replay}: {decisions} decisions, {'ended' if ended else 'did not end'}, "
              f"{'won' if won else 'not won'}")
        sys.exit(0 if ended and won else 1)
    titles = ["municipium", "concordia"] if args.title == "all" else [args.title]
    failed = run(titles, args.levels.split(","), args.passive.split(","), args.games, args.cap,
                 args.budget_ms, args.seed, [m for m in args.maps.split(",") if m])
    print(f"games not ended within {args.cap} decisions or not won: {failed}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
