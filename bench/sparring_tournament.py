"""Every computer level against the rule-based sparring players (issue 46, ``bench/sparring``).

    python3 bench/sparring_tournament.py --games 12                      # the whole grid
    python3 bench/sparring_tournament.py --game concordia --level hard --partner builder \
        --seats 2 --games 20 --fixed hard=600
    python3 bench/sparring_tournament.py --selfcheck --games 4         # partners vs partners
    python3 bench/sparring_tournament.py --variant hardplain=hard:weights=plain \
        --level hardplain --level hard --partner trader --seats 2         # a variant, same seeds

A match puts one seat of a level (``easy``, ``medium``, ``hard``, ``expert``) against one
sparring player in every other seat: heads-up (Concordia on Italia, the base map for two) and
one against three (Concordia on Imperium, the base map for three to five: C-1.7 has no
heads-up Imperium). In game ``k`` the level sits at seat ``k mod seats``; game ``k`` uses seed
``--seed + k`` for its setup and its draws, so every match of one run plays the same deals.

Seeds: measurements use ``--seed`` 460000 (the default) upwards; fitting and tuning
(``bench/fit_eval.py`` 70000+, ``bench/tune_eval.py`` 1+) never touch them, and any tuning
against the sparring players is to use seeds from 900000.

Printed per match: the level's wins (a shared win counts as a share) with a Wilson 95%
interval, the average final score of the level's seat and of the best other seat, and, per
side, the sestertii held at the end (average, most, and the share of seats ending with more
than :data:`HOARD`: money that bought nothing, where every seat already holds its Vesta card,
the starting Senator, C-6.1); and the time per decision of each side (median and worst).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai_tournament import define_levels, fixed_budgets, interval  # noqa: E402
from sparring import PLAYERS  # noqa: E402

import engine  # noqa: E402
from engine.ai.selfplay import level_chooser, play_out, seat_chooser  # noqa: E402

LEVELS = ("easy", "medium", "hard", "expert")
SEATS = (2, 4)
HOARD = 30
"""Sestertii held at the end above which a seat counts as hoarding (issue 46)."""
MAX_DECISIONS = 6000


def new_game(title: str, seats: int, seed: int) -> engine.Game:
    options = {"map": "italia" if seats == 2 else "imperium"} if title == "concordia" else {}
    return engine.new_game(title, seats, seed=seed, **options)


class Timed:
    """A chooser that records the seconds of each decision."""

    def __init__(self, choose) -> None:
        self.choose = choose
        self.seconds: list[float] = []

    def __call__(self, game, rng) -> int:
        started = time.perf_counter()
        index = self.choose(game, rng)
        self.seconds.append(time.perf_counter() - started)
        return index


def play(title: str, seats: list, seed: int) -> engine.Game:
    game = new_game(title, len(seats), seed)
    from engine import ai

    ai.forget()
    play_out(game, seat_chooser(seats), seed, MAX_DECISIONS)
    return game


class Tally:
    """The figures of one match."""

    def __init__(self) -> None:
        self.wins = 0.0
        self.games = 0
        self.scores: list[tuple[int, int]] = []
        self.money: dict[str, list[int]] = {"level": [], "partner": []}

    def add(self, game: engine.Game, seat: int) -> None:
        self.games += 1
        if not game.is_over:
            self.wins += 1.0 / game.players
            return
        results = {r.seat: r for r in game.result()}
        winners = [s for s, r in results.items() if r.rank == 1]
        if seat in winners:
            self.wins += 1.0 / len(winners)
        self.scores.append((results[seat].score,
                            max(r.score for s, r in results.items() if s != seat)))
        money = getattr(game, "money", None)
        if money is not None:
            self.money["level"].append(money[seat])
            self.money["partner"] += [m for s, m in enumerate(money) if s != seat]


def money_text(held: list[int]) -> str:
    if not held:
        return "-"
    over = sum(1 for m in held if m > HOARD)
    return (f"{statistics.mean(held):.0f} avg, {max(held)} most, {over}/{len(held)} over "
            f"{HOARD}")


def times_text(seconds: list[float]) -> str:
    if not seconds:
        return "-"
    return f"median {statistics.median(seconds) * 1000:.1f} ms, worst {max(seconds):.2f} s"


def match(title: str, level: str, partner: str, seats: int, games: int, seed: int,
          budgets: dict, quiet: bool) -> Tally:
    """``games`` games of one seat at ``level`` against ``partner`` in every other seat."""
    tally = Tally()
    computer = Timed(level_chooser([level] * seats, budgets=budgets))
    rival = Timed(PLAYERS[title][partner])
    started = time.perf_counter()
    for k in range(games):
        seat = k % seats
        chooser = [rival] * seats
        chooser[seat] = computer
        tally.add(play(title, chooser, seed + k), seat)
        if not quiet:
            print(f"  game {k + 1}: {tally.wins:g}/{tally.games}"
                  f" ({time.perf_counter() - started:.0f} s)", flush=True)
    low, high = interval(tally.wins, tally.games)
    others = f"3 {partner}" if seats == 4 else partner
    where = ("italia" if seats == 2 else "imperium") if title == "concordia" else title
    mine = statistics.mean(s for s, _ in tally.scores) if tally.scores else 0
    theirs = statistics.mean(s for _, s in tally.scores) if tally.scores else 0
    print(f"{where} {seats}p: 1 {level} vs {others}: {level} wins {tally.wins:g}/{games} = "
          f"{tally.wins / max(games, 1):.0%} (95% CI {low:.0%}-{high:.0%}); score {mine:.0f} "
          f"vs best other {theirs:.0f}; seeds {seed}-{seed + games - 1}; "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    if tally.money["level"]:
        print(f"  money at the end: {level} {money_text(tally.money['level'])}; {partner} "
              f"{money_text(tally.money['partner'])}", flush=True)
    print(f"  decision time: {level} {times_text(computer.seconds)}; {partner} "
          f"{times_text(rival.seconds)}", flush=True)
    return tally


def selfcheck(title: str, games: int, seed: int, quiet: bool) -> None:
    """Each sparring player heads-up against each other one: their relative strength."""
    names = sorted(PLAYERS[title])
    for a in names:
        for b in names:
            if a >= b:
                continue
            wins = 0.0
            for k in range(games):
                seat = k % 2
                chooser = [PLAYERS[title][b]] * 2
                chooser[seat] = PLAYERS[title][a]
                game = play(title, chooser, seed + k)
                winners = [r.seat for r in game.result() if r.rank == 1] if game.is_over \
                    else [0, 1]
                wins += 1.0 / len(winners) if seat in winners else 0.0
            low, high = interval(wins, games)
            print(f"{title} 2p: {a} vs {b}: {a} wins {wins:g}/{games} (95% CI {low:.0%}-"
                  f"{high:.0%})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="all", choices=("all", "concordia", "municipium"))
    parser.add_argument("--level", action="append",
                        help=f"one of {', '.join(LEVELS)} or a --variant (repeatable)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=BASE:F=V,...",
                        help="a variant of a level for this run (as in ai_tournament.py), "
                             "e.g. hardplain=hard:weights=plain")
    parser.add_argument("--partner", action="append", help="a sparring player's name")
    parser.add_argument("--seats", action="append", type=int, choices=SEATS)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=460_000)
    parser.add_argument("--fixed", action="append", default=[], metavar="LEVEL=N",
                        help="that level searches exactly N iterations a decision")
    parser.add_argument("--selfcheck", action="store_true",
                        help="the sparring players against each other")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    define_levels(args.variant)
    from engine import ai

    unknown = [level for level in args.level or () if level not in ai.LEVELS]
    if unknown:
        parser.error(f"unknown level(s): {', '.join(unknown)}")
    titles = ("concordia", "municipium") if args.game == "all" else (args.game,)
    budgets = fixed_budgets(args.fixed)
    print(f"Python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d %H:%M')}; budgets: "
          f"{', '.join(f'{k} {v[1]} iterations' for k, v in budgets.items()) or 'the levels'}",
          flush=True)
    for title in titles:
        if args.selfcheck:
            selfcheck(title, args.games, args.seed, args.quiet)
            continue
        partners = [p for p in (args.partner or sorted(PLAYERS[title])) if p in PLAYERS[title]]
        for seats in args.seats or SEATS:
            for partner in partners:
                for level in args.level or LEVELS:
                    match(title, level, partner, seats, args.games, args.seed, budgets,
                          args.quiet)


if __name__ == "__main__":
    main()
