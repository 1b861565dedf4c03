"""A change of the Concordia evaluation's weights, measured in one run (issue 46): the same
level with weights ``A`` against itself with weights ``B``, heads-up on Italia and one against
three on Imperium, and each against the sparring players, on the same seeds.

    python3 bench/eval_ab.py --a resource=0.1,card=1.2 --games 12
    python3 bench/eval_ab.py --base tuned --a house=1.0 --kind mcts --iterations 300
    python3 bench/eval_ab.py --base tuned --kind mcts --a-widen 4 --partner trader

``--a-widen``/``--b-widen`` give a side the search's progressive widening (the evaluation's
``WIDEN_FROM``, see :data:`engine.ai.mcts.WIDEN_POWER`).

``--a``/``--b`` change fields of the base weights (``plain``: ``PLAIN``; ``tuned``: ``TUNED``
heads-up and ``TUNED_TABLE`` at four seats). Printed per match: A's wins with a Wilson 95%
interval, both sides' average score and sestertii left at the end, and the decisions per
second of each side (the evaluation's cost in play).
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
from sparring_tournament import Timed, new_game  # noqa: E402

from engine import ai  # noqa: E402
from engine.ai import eval_concordia as ev  # noqa: E402
from engine.ai.selfplay import level_chooser, play_out, seat_chooser  # noqa: E402


def weights(base: str, changes: str, seats: int) -> ev.Weights:
    field = base.upper() + ("_TABLE" if seats > 2 and base == "tuned" else "")
    start = getattr(ev, field)
    fields = {}
    for item in filter(None, changes.split(",")):
        key, _, value = item.partition("=")
        fields[key] = float(value)
    return start._replace(**fields)


def define(name: str, kind: str, iterations: int, w2: ev.Weights, w4: ev.Weights,
           widen: int = 0) -> None:
    """Level ``name`` (greedy or a fixed-iteration search) with weights ``w2`` heads-up and
    ``w4`` at a table (set as the module's ``<NAME>`` and ``<NAME>_TABLE``), its search
    widened above ``widen`` options (0: as the module says)."""
    setattr(ev, name.upper(), w2)
    setattr(ev, name.upper() + "_TABLE", w4)
    ai.LEVELS[name] = ai.Level(kind, budget_ms=0.0, iterations=iterations, weights=name)
    for table, w in ((False, w2), (True, w4)):
        evaluation = ai.Evaluation(ev, w)
        if widen:
            evaluation.WIDEN_FROM = widen
        ai._evaluations[("concordia", name, table)] = evaluation


def run(seats: int, a, b, games: int, seed: int, label: str) -> None:
    wins = 0.0
    scores: list[tuple[int, int]] = []
    money: tuple[list[int], list[int]] = ([], [])
    for k in range(games):
        seat = k % seats
        choosers = [b] * seats
        choosers[seat] = a
        game = new_game("concordia", seats, seed + k)
        ai.forget()
        play_out(game, seat_chooser(choosers), seed + k, 6000)
        results = {r.seat: r for r in game.result()} if game.is_over else {}
        winners = [s for s, r in results.items() if r.rank == 1] or list(range(seats))
        wins += 1.0 / len(winners) if seat in winners else 0.0
        if results:
            scores.append((results[seat].score,
                           max(r.score for s, r in results.items() if s != seat)))
            money[0].append(game.money[seat])
            money[1].extend(m for s, m in enumerate(game.money) if s != seat)
    low, high = interval(wins, games)
    print(f"{'italia 2p' if seats == 2 else 'imperium 4p'}: {label}: A wins {wins:g}/{games} = "
          f"{wins / games:.0%} (95% CI {low:.0%}-{high:.0%}); score A "
          f"{statistics.mean(s for s, _ in scores):.0f} vs best other "
          f"{statistics.mean(s for _, s in scores):.0f}; money left A "
          f"{statistics.mean(money[0]):.0f}, others {statistics.mean(money[1]):.0f}; "
          f"seeds {seed}-{seed + games - 1}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="plain", choices=("plain", "tuned"))
    parser.add_argument("--a", default="")
    parser.add_argument("--b", default="")
    parser.add_argument("--a-widen", type=int, default=0)
    parser.add_argument("--b-widen", type=int, default=0)
    parser.add_argument("--kind", default="greedy", choices=("greedy", "mcts"))
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=900_000,
                        help="tuning seeds: 900000 up (measurements use 460000 up)")
    parser.add_argument("--seats", action="append", type=int, choices=(2, 4))
    parser.add_argument("--partner", action="append", default=[])
    args = parser.parse_args()
    for seats in args.seats or (2, 4):
        define("va", args.kind, args.iterations, weights(args.base, args.a, 2),
               weights(args.base, args.a, 4), args.a_widen)
        define("vb", args.kind, args.iterations, weights(args.base, args.b, 2),
               weights(args.base, args.b, 4), args.b_widen)
        a = Timed(level_chooser(["va"] * seats))
        b = Timed(level_chooser(["vb"] * seats))
        started = time.perf_counter()
        run(seats, a, b, args.games, args.seed, f"A [{args.a}] vs B [{args.b}]")
        for partner in args.partner:
            run(seats, a, PLAYERS["concordia"][partner], args.games, args.seed,
                f"A vs {partner}")
            run(seats, b, PLAYERS["concordia"][partner], args.games, args.seed,
                f"B vs {partner} (B as A)")
        print(f"  decisions/s: A {len(a.seconds) / max(sum(a.seconds), 1e-9):.0f}, B "
              f"{len(b.seconds) / max(sum(b.seconds), 1e-9):.0f}; "
              f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
