"""Tune an evaluation's weights by self-play: SPSA over the fields of a title's evaluation
``Weights`` (issue 17).

    python3 bench/tune_eval.py --game concordia --steps 36 --games 40        # greedy self-play
    python3 bench/tune_eval.py --game municipium --steps 24 --games 40 --jobs 2
    python3 bench/tune_eval.py --game municipium --players 4 --steps 30 --games 48 --a 1.2
    python3 bench/tune_eval.py --game concordia --check --check-games 400    # TUNED vs PLAIN
    python3 bench/tune_eval.py --game concordia --check --weights bench/results/tuned-concordia.json

An evaluation has two sets of weights (``engine/ai/eval_<game>.py``): ``PLAIN``, set by hand,
which the medium player uses, and ``TUNED``, which the searching levels use (``TUNED_TABLE`` at
a table of three or more, when the module has it); tuning starts from the searching levels'
weights for ``--players`` (or ``--weights``, JSON) and is checked against ``PLAIN``.

SPSA (simultaneous perturbation stochastic approximation): at step ``k`` every weight is
multiplied by ``exp(+c_k d_i)`` for one player and ``exp(-c_k d_i)`` for the other (each ``d_i``
a random sign), the two play ``--games`` games in pairs on the same seeds, and every weight's
logarithm moves by ``a_k * score / (2 c_k d_i)``, where ``score`` is the plus player's edge
(:attr:`Score.edge`: heads-up, its share of wins minus one half). With ``--players 4`` a pair
is one seat with the plus weights against three with the minus ones, then the other way round,
at the same seat and seed (the issue's one hard against three mediums). Weights stay positive
and move by ratios, so weights of very different sizes tune alike. The gains follow Spall's
schedule (``a_k = a / (k + 1 + A)^0.602``, ``c_k = c / (k + 1)^0.101``).

Both players are the ``--player`` level (default ``medium``: the greedy player, about a second a
game, the cheapest way to compare evaluations; ``hard`` with ``--iterations`` tunes under
search, at a hundred times the cost). The games of a step run in ``--jobs`` processes.

At the end (and with ``--check``) the tuned weights play ``PLAIN`` on fresh seeds
(``--check-games``), and the figures are printed with their Wilson 95% interval; the tuned
weights are written as JSON to ``--out`` (default ``bench/results/tuned-<game>.json``). Copy them
into the module's ``TUNED`` by hand when the check shows them better, with the run's figures.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import ai  # noqa: E402
from engine.ai.players import greedy_index  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ai_tournament import interval, new_game  # noqa: E402

MAX_DECISIONS = 6000


def weights_of(title: str, which: str = "PLAIN") -> dict[str, float]:
    """The evaluation's weights as shipped: ``PLAIN`` (medium's) or ``TUNED`` (the searching
    levels')."""
    module = importlib.import_module(f"engine.ai.eval_{title}")
    return dict(getattr(module, which)._asdict())


def variant(title: str, weights: dict[str, float]) -> ai.Evaluation:
    """The title's evaluation with ``weights``."""
    module = importlib.import_module(f"engine.ai.eval_{title}")
    return ai.Evaluation(module, module.Weights(**weights))


def play(job: tuple) -> float:
    """One game of ``players`` seats: ``weights[0]`` at ``seat``, ``weights[1]`` at every other
    seat; the share of the win of ``seat``."""
    title, weights, seat, seed, player, iterations, players = job
    evaluations = [variant(title, weights[1]) for _ in range(players)]
    evaluations[seat] = variant(title, weights[0])
    game = new_game(title, players, seed)
    rng = random.Random(seed)
    ai.forget()
    decisions = 0
    while not game.is_over and decisions < MAX_DECISIONS:
        if game.is_chance:
            game.resolve_chance(rng)
            continue
        legal = game.legal_actions()
        evaluation = evaluations[game.current_player]
        pick = random.Random(rng.randrange(1 << 30))
        if len(legal) == 1:
            index = 0
        elif player == "medium":
            index = greedy_index(game, legal, evaluation, pick)
        else:
            from engine.ai.mcts import search

            index = search(game, legal, evaluation, pick, budget_ms=0, iterations=iterations)
        game.apply_index(index)
        decisions += 1
    if not game.is_over:
        return 1.0 / players
    winners = [r.seat for r in game.result() if r.rank == 1]
    return 1.0 / len(winners) if seat in winners else 0.0


class Score(NamedTuple):
    """A match of paired games: ``pairs`` seeds, each played twice with the lone seat at the
    same place: once ``a`` alone against ``b`` everywhere else, once the other way round.
    ``a_alone`` and ``b_alone`` are the lone seats' summed shares of the win (par:
    ``pairs / players``). Heads-up the lone seat is simply one of the two."""

    pairs: int
    a_alone: float
    b_alone: float

    @property
    def edge(self) -> float:
        """``a``'s advantage per game, in [-1/2, 1/2]: heads-up, ``a``'s share of the wins
        minus one half."""
        return (self.a_alone - self.b_alone) / (2 * self.pairs)


def match(pool: ProcessPoolExecutor, title: str, a: dict, b: dict, games: int, seed: int,
          player: str, iterations: int, players: int = 2) -> Score:
    """``games`` games (``games // 2`` pairs) between ``a`` and ``b``, seeds ``seed...``, the
    lone seat going round the table from pair to pair (see :class:`Score`)."""
    pairs = games // 2
    jobs = [(title, (a, b) if k % 2 == 0 else (b, a), (k // 2) % players, seed + k // 2,
             player, iterations, players) for k in range(2 * pairs)]
    shares = list(pool.map(play, jobs))
    return Score(pairs, sum(shares[0::2]), sum(shares[1::2]))


def spsa(pool: ProcessPoolExecutor, args: argparse.Namespace, start: dict[str, float]
         ) -> dict[str, float]:
    names = sorted(n for n in start if start[n] > 0)
    fixed = {n: v for n, v in start.items() if v <= 0}
    """A weight at 0 switches its term off (Concordia's ``build`` for medium): it stays so."""
    theta = {n: math.log(start[n]) for n in names}
    rng = random.Random(args.seed)
    big_a = max(1, args.steps // 10)
    for k in range(args.steps):
        a_k = args.a / (k + 1 + big_a) ** 0.602
        c_k = args.c / (k + 1) ** 0.101
        delta = {n: rng.choice((-1.0, 1.0)) for n in names}
        plus = {**fixed, **{n: math.exp(theta[n] + c_k * delta[n]) for n in names}}
        minus = {**fixed, **{n: math.exp(theta[n] - c_k * delta[n]) for n in names}}
        started = time.perf_counter()
        score = match(pool, args.game, plus, minus, args.games, args.seed + 10_000 * (k + 1),
                      args.player, args.iterations, args.players)
        for n in names:
            theta[n] += a_k * score.edge / (2 * c_k * delta[n])
        now = {n: math.exp(theta[n]) for n in names}
        print(f"step {k + 1}: plus alone {score.a_alone:g}, minus alone {score.b_alone:g} "
              f"in {score.pairs} "
              f"({time.perf_counter() - started:.0f} s); "
              + ", ".join(f"{n} {now[n]:.3g}" for n in names), flush=True)
    return {**fixed, **{n: math.exp(theta[n]) for n in names}}


def check(pool: ProcessPoolExecutor, args: argparse.Namespace, tuned: dict[str, float],
          base: dict[str, float]) -> None:
    started = time.perf_counter()
    score = match(pool, args.game, tuned, base, args.check_games, args.seed + 5_000_000,
                  args.player, args.iterations, args.players)
    if args.players == 2:
        wins, games = score.a_alone + score.pairs - score.b_alone, 2 * score.pairs
        low, high = interval(wins, games)
        figures = f"{wins:g}/{games} = {wins / games:.0%} (95% CI {low:.0%}-{high:.0%})"
    else:
        figures = "; ".join(
            f"{who} alone {won:g}/{score.pairs} = {won / score.pairs:.0%} (95% CI "
            f"{low:.0%}-{high:.0%})" for who, won in (("tuned", score.a_alone),
                                                    ("plain", score.b_alone))
            for low, high in [interval(won, score.pairs)])
        figures += f"; par {1 / args.players:.0%}"
    print(f"check: tuned vs plain, {args.game} {args.players}p, {args.player}: {figures}, "
          f"{time.perf_counter() - started:.0f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=("municipium", "concordia"))
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--players", type=int, default=2, help="seats at the table")
    parser.add_argument("--games", type=int, default=40, help="games per step (even)")
    parser.add_argument("--check-games", type=int, default=200)
    parser.add_argument("--check", action="store_true", help="only check --weights")
    parser.add_argument("--weights", type=Path, help="start from (or check) these weights")
    parser.add_argument("--player", default="medium", choices=("medium", "hard"))
    parser.add_argument("--iterations", type=int, default=300, help="with --player hard")
    parser.add_argument("--a", type=float, default=0.6, help="SPSA step gain")
    parser.add_argument("--c", type=float, default=0.25, help="SPSA perturbation (log scale)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    base = weights_of(args.game)
    start = dict(ai.evaluator(new_game(args.game, args.players, 1), "tuned").weights._asdict())
    if args.weights:
        start.update({k: float(v) for k, v in json.loads(args.weights.read_text()).items()
                      if k in base})
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Python {sys.version.split()[0]}; {time.strftime('%Y-%m-%d %H:%M')}; load {load}; "
          f"{args.game} {args.players}p, {args.player}; plain: "
          + ", ".join(f"{n} {v:g}" for n, v in sorted(base.items())) + "; start: "
          + ", ".join(f"{n} {v:g}" for n, v in sorted(start.items())), flush=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        tuned = start if args.check else spsa(pool, args, start)
        if not args.check:
            out = args.out or Path(f"bench/results/tuned-{args.game}.json")
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps({k: round(v, 4) for k, v in sorted(tuned.items())},
                                      indent=1) + "\n")
            print(f"tuned weights written to {out}", flush=True)
        if args.check_games:
            check(pool, args, tuned, base)


if __name__ == "__main__":
    main()
