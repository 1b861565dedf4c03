"""AI tournaments: the ladder's matches, seats rotated, win rates with Wilson 95% intervals, and
every game's link saved.

    python3 bench/ai_tournament.py --games 100                  # the issue-17 matches, both titles
    python3 bench/ai_tournament.py --match expert-hard --game concordia --games 20
    python3 bench/ai_tournament.py --fixed hard=600 --fixed expert=2000 --games 30
    python3 bench/ai_tournament.py --a medium --b easy --players 2 --games 40   # any other match
    python3 bench/ai_tournament.py --level fresh=hard:remember=0 --a hard --b fresh --fixed \
        hard=300 --fixed fresh=300 --game concordia --games 20      # a variant, paired

The matches (``--match``, several allowed; default: the first three, the goals of issue 17):

- ``hard-medium``: hard vs medium heads-up (goal: hard wins >= 75%, lower bound >= 65%);
- ``hard-3medium``: one hard against three mediums (goal: >= 50%, lower bound >= 40%; par 25%);
- ``expert-hard``: expert vs hard heads-up (goal: >= 65%);
- ``medium-easy``: the ladder's first step (medium vs easy heads-up).

Level ``a`` takes one seat, level ``b`` all the others; in game ``k`` level ``a`` sits at seat
``k mod players`` (the start player is drawn from the game's seed, ``--seed + k``). A shared win
counts as a share; a game stopped at ``MAX_DECISIONS`` counts as a share for every seat.
Concordia with two players uses the Italia map, otherwise Imperium (``--map`` another). The
games are played by :func:`engine.ai.selfplay.play_out` with each seat's level
(:func:`level_chooser`).

Budgets: the levels' own (a time budget: on a loaded machine a searching level gets fewer
iterations), or ``--fixed level=N``: that level searches exactly ``N`` iterations a decision
with no time limit (the same game on any machine, so strength comparisons do not depend on the
load; hard's 300 ms give about 600 Concordia / 3000 Municipium iterations on a quiet machine).

``--level name=base:field=value,...`` defines a variant of a level for this run (fields of
:class:`engine.ai.Level`: ``candidates``, ``remember``, ``budget_ms``, ``iterations``, ...),
to measure a change against the level it changes, heads-up, on the same seeds.

Every game's link (``engine.encode`` with its seats, as the page's ``#g=`` opens it: Replay
steps through it) is written to ``--links`` (default ``bench/results/tournament-links.txt``),
one line per game: match, game number, the seat of level ``a``, its share, the link. The
figures printed: wins and the interval per match; for searching levels, decision times
(median, 95th percentile, worst), iterations per second, the share of visits reused from
the kept tree and the share of decisions left to the greedy rating because the search could
not tell the options apart (a decided game: :data:`engine.ai.mcts.INDIFFERENT`).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine import ai  # noqa: E402
from engine.ai.selfplay import level_chooser, play_out  # noqa: E402

MAX_DECISIONS = 6000


class Match(NamedTuple):
    a: str
    b: str
    players: int


MATCHES = {
    "hard-medium": Match("hard", "medium", 2),
    "hard-3medium": Match("hard", "medium", 4),
    "expert-hard": Match("expert", "hard", 2),
    "medium-easy": Match("medium", "easy", 2),
}
GOALS = ("hard-medium", "hard-3medium", "expert-hard")


def new_game(title: str, players: int, seed: int, board: str | None = None) -> engine.Game:
    options = {}
    if title == "concordia":
        options = {"map": board or ("italia" if players == 2 else "imperium")}
    return engine.new_game(title, players, seed=seed, **options)


def interval(wins: float, games: int) -> tuple[float, float]:
    """Wilson 95% interval of a win rate."""
    if not games:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class Searches:
    """Figures of every search, per level."""

    def __init__(self) -> None:
        self.by_level: dict[str, list[dict]] = {}

    def __call__(self, level: str, stats: dict) -> None:
        self.by_level.setdefault(level, []).append(stats)

    def lines(self) -> list[str]:
        out = []
        for level, runs in sorted(self.by_level.items()):
            times = sorted(r["seconds"] for r in runs)
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            done = sum(r["iterations"] for r in runs)
            reused = sum(r["reused"] for r in runs)
            greedy = sum(1 for r in runs if r.get("indifferent"))
            out.append(f"  {level}: {len(runs)} searches, median {statistics.median(times):.3f} s,"
                       f" 95% {p95:.3f} s, worst {times[-1]:.3f} s; "
                       f"{done / max(sum(times), 1e-9):.0f} iterations/s; "
                       f"{reused / max(reused + done, 1):.0%} of visits from the kept tree; "
                       f"{greedy / len(runs):.0%} left to the greedy rating (options alike)")
        return out


def play(title: str, levels: list[str], seed: int, budgets: dict, searches: Searches,
         board: str | None = None) -> tuple[list[float], str]:
    """One game (Concordia on ``board``, if given): each seat's share of the win, and the
    game's link."""
    game = new_game(title, len(levels), seed, board)
    ai.forget()
    play_out(game, level_chooser(levels, budgets=budgets, record=searches), seed, MAX_DECISIONS)
    link = engine.encode(game, meta={"seats": [f"ai:{level}" for level in levels]})
    if not game.is_over:
        return [1.0 / len(levels)] * len(levels), link
    winners = [r.seat for r in game.result() if r.rank == 1]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(levels))], link


def tournament(name: str, title: str, match: Match, games: int, seed: int, budgets: dict,
               links: Path, quiet: bool, board: str | None = None) -> tuple[float, int]:
    wins = 0.0
    searches = Searches()
    started = time.perf_counter()
    for k in range(games):
        seat = k % match.players
        levels = [match.b] * match.players
        levels[seat] = match.a
        shares, link = play(title, levels, seed + k, budgets, searches, board)
        wins += shares[seat]
        with links.open("a") as out:
            out.write(f"{name} {title} {k + 1} seat={seat} share={shares[seat]:g} #g={link}\n")
        if not quiet:
            print(f"  game {k + 1}: {match.a} at seat {seat} "
                  f"{'wins' if shares[seat] == 1 else shares[seat]:}"
                  f"  ({wins:g}/{k + 1}, {time.perf_counter() - started:.0f} s)", flush=True)
    low, high = interval(wins, games)
    others = f"{match.players - 1} {match.b}" if match.players > 2 else match.b
    where = f" {board}" if board and title == "concordia" else ""
    print(f"{title}{where} {match.players}p, {name}: 1 {match.a} vs {others}: {match.a} wins "
          f"{wins:g}/{games} = {wins / max(games, 1):.0%} (95% CI {low:.0%}-{high:.0%}), "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    for line in searches.lines():
        print(line, flush=True)
    return wins, games


def fixed_budgets(items: list[str]) -> dict[str, tuple[float, int]]:
    """``["hard=600"]`` → ``{"hard": (0, 600)}`` (no time limit, a fixed iteration count)."""
    budgets = {}
    for item in items:
        level, _, count = item.partition("=")
        if level not in ai.LEVELS or not count.isdigit():
            raise SystemExit(f"--fixed wants level=iterations, e.g. hard=600 (got {item!r})")
        budgets[level] = (0.0, int(count))
    return budgets


def define_levels(items: list[str]) -> None:
    """``["fresh=hard:remember=0,candidates=8"]``: a level ``fresh`` like hard but with those
    fields, added to :data:`engine.ai.LEVELS` for this run."""
    for item in items:
        name, _, rest = item.partition("=")
        base, _, fields = rest.partition(":")
        spec = ai.LEVELS[base]
        changes = {}
        for field in filter(None, fields.split(",")):
            key, _, value = field.partition("=")
            kind = type(getattr(spec, key))
            changes[key] = bool(int(value)) if kind is bool else kind(value)
        ai.LEVELS[name] = spec._replace(**changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="all", choices=("all", "municipium", "concordia"))
    parser.add_argument("--match", action="append", choices=sorted(MATCHES),
                        help="a named match (repeatable; default: the issue-17 goals)")
    parser.add_argument("--level", action="append", default=[], metavar="NAME=BASE:F=V,...",
                        help="a variant of a level for this run")
    parser.add_argument("--a", help="any match: one seat's level")
    parser.add_argument("--b", help="... and the other seats'")
    parser.add_argument("--players", type=int, default=2, help="with --a/--b")
    parser.add_argument("--games", type=int, default=20, help="games per match and title")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--fixed", action="append", default=[], metavar="LEVEL=N",
                        help="that level searches exactly N iterations a decision")
    parser.add_argument("--links", type=Path, default=Path("bench/results/tournament-links.txt"))
    parser.add_argument("--map", help="Concordia's map (default: Italia at 2 players, else "
                        "Imperium)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    define_levels(args.level)
    if args.a or args.b:
        if not (args.a in ai.LEVELS and args.b in ai.LEVELS):
            parser.error(f"--a and --b go together, each one of {', '.join(ai.LEVELS)}")
        matches = {f"{args.a}-{args.b}": Match(args.a, args.b, args.players)}
    else:
        matches = {name: MATCHES[name] for name in (args.match or GOALS)}
    budgets = fixed_budgets(args.fixed)
    titles = ("municipium", "concordia") if args.game == "all" else (args.game,)
    args.links.parent.mkdir(parents=True, exist_ok=True)
    print(f"Python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d %H:%M')}; load "
          f"{' '.join(f'{x:.1f}' for x in _load())}; budgets: "
          f"{', '.join(f'{k} {v[1]} iterations' for k, v in budgets.items()) or 'the levels'}"
          f"; links: {args.links}", flush=True)
    for name, match in matches.items():
        for title in titles:
            tournament(name, title, match, args.games, args.seed, budgets, args.links,
                       args.quiet, args.map)


def _load() -> tuple[float, ...]:
    try:
        import os

        return os.getloadavg()
    except (AttributeError, OSError):
        return ()


if __name__ == "__main__":
    main()
