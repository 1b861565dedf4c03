"""A change of the Municipium evaluation's weights, measured in one run (issue 46): the same
level with weights ``A`` against itself with weights ``B`` (one seat of A, B in the others),
heads-up and one against three, and each against the sparring players on the same seeds.

    python3 bench/municipium_ab.py --a basilica=0.3 --games 20 --partner racer
    python3 bench/municipium_ab.py --base tuned --a forum=0.1 --kind mcts --iterations 1000

``--a``/``--b`` change fields of the base weights (``plain``: ``PLAIN``; ``tuned``: ``TUNED``
heads-up and ``TUNED_TABLE`` at four seats); ``--kind mcts`` searches a fixed number of
iterations (the same on any machine, whatever its load). Seeds: 900000 up (tuning; the
measurements of ``bench/sparring_tournament.py`` use 460000 up). Printed per match: A's wins
with a Wilson 95% interval, the average Decurions of A's seat and of the best other, and the
decisions per second of each side (the evaluation's cost in play).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai_tournament import interval  # noqa: E402
from sparring import PLAYERS  # noqa: E402
from sparring_tournament import Timed, play  # noqa: E402

from engine import ai  # noqa: E402
from engine.ai import eval_municipium as ev  # noqa: E402
from engine.ai.selfplay import level_chooser  # noqa: E402


def weights(base: str, changes: str, seats: int) -> ev.Weights:
    start = getattr(ev, base.upper() + ("_TABLE" if seats > 2 and base == "tuned" else ""))
    fields = {}
    for item in filter(None, changes.split(",")):
        key, _, value = item.partition("=")
        fields[key] = float(value)
    return start._replace(**fields)


def define(name: str, kind: str, iterations: int, w2: ev.Weights, w4: ev.Weights) -> None:
    """Level ``name`` (greedy or a fixed-iteration search) with weights ``w2`` heads-up and
    ``w4`` at a table (set as the module's ``<NAME>`` and ``<NAME>_TABLE``)."""
    setattr(ev, name.upper(), w2)
    setattr(ev, name.upper() + "_TABLE", w4)
    ai.LEVELS[name] = ai.Level(kind, budget_ms=0.0, iterations=iterations, weights=name)
    ai._evaluations.clear()


def run(seats: int, a, b, games: int, seed: int, label: str) -> float:
    """``games`` games of chooser ``a`` at one seat against ``b`` at the others: A's wins."""
    wins = 0.0
    decurions: list[tuple[int, int]] = []
    for k in range(games):
        seat = k % seats
        choosers = [b] * seats
        choosers[seat] = a
        game = play("municipium", choosers, seed + k)
        winners = ([r.seat for r in game.result() if r.rank == 1] if game.is_over
                   else list(range(seats)))
        wins += 1.0 / len(winners) if seat in winners else 0.0
        decurions.append((game.decurions[seat],
                          max(d for s, d in enumerate(game.decurions) if s != seat)))
    low, high = interval(wins, games)
    print(f"municipium {seats}p: {label}: A wins {wins:g}/{games} = {wins / games:.0%} "
          f"(95% CI {low:.0%}-{high:.0%}); Decurions A "
          f"{statistics.mean(d for d, _ in decurions):.1f} vs best other "
          f"{statistics.mean(d for _, d in decurions):.1f}; seeds {seed}-{seed + games - 1}",
          flush=True)
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="plain", choices=("plain", "tuned"))
    parser.add_argument("--a", default="")
    parser.add_argument("--b", default="")
    parser.add_argument("--kind", default="greedy", choices=("greedy", "mcts"))
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=900_000,
                        help="tuning seeds: 900000 up (measurements use 460000 up)")
    parser.add_argument("--seats", action="append", type=int, choices=(2, 4))
    parser.add_argument("--partner", action="append", default=[])
    parser.add_argument("--no-ab", action="store_true", help="only the partner matches")
    parser.add_argument("--only-a", action="store_true",
                        help="the partner matches of A only (B's run elsewhere)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d %H:%M')}; {args.kind}"
          f"{f' {args.iterations} iterations' if args.kind == 'mcts' else ''}; base "
          f"{args.base}; A [{args.a}] B [{args.b}]", flush=True)
    for seats in args.seats or (2, 4):
        define("va", args.kind, args.iterations, weights(args.base, args.a, 2),
               weights(args.base, args.a, 4))
        define("vb", args.kind, args.iterations, weights(args.base, args.b, 2),
               weights(args.base, args.b, 4))
        a = Timed(level_chooser(["va"] * seats))
        b = Timed(level_chooser(["vb"] * seats))
        started = time.perf_counter()
        if not args.no_ab:
            run(seats, a, b, args.games, args.seed, "A vs B")
        for partner in args.partner:
            run(seats, a, PLAYERS["municipium"][partner], args.games, args.seed,
                f"A vs {partner}")
            if not args.only_a:
                run(seats, b, PLAYERS["municipium"][partner], args.games, args.seed,
                    f"B vs {partner} (B as A)")
        print(f"  decisions/s: A {len(a.seconds) / max(sum(a.seconds), 1e-9):.0f}, B "
              f"{len(b.seconds) / max(sum(b.seconds), 1e-9):.0f}; "
              f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
