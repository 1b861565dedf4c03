"""Fit the Concordia evaluation's growth weights to game outcomes (issue 17).

    python3 bench/fit_eval.py collect --games 1000 --every 4     # self-play positions
    python3 bench/fit_eval.py fit                                 # weights and figures
    python3 bench/fit_eval.py fit --gods                          # cards per god too
    python3 bench/tune_eval.py --game concordia --players 4 --check \
        --weights bench/results/fitted-concordia.json             # the fitted weights in play

``collect`` plays games with every seat at ``--level`` (default medium: greedy, about a second
a game) and appends to ``--out``, every ``--every`` decisions, one JSON line per position and
seat: the score if the game ended now, the share of the game left (:func:`eval_concordia.left`),
the seat's :func:`eval_concordia.growth` figures, its :func:`eval_concordia.market` value
(weight 1), whether its last turn after the trigger is still to come, its cards per god, and
the game's outcome for the seat (final score, share of the win).

``fit`` regresses what each seat still scored (final minus now) on the growth figures times the
game left, the market value and the last-turn flag (least squares, the games with even seeds;
the odd ones are held out), then fits the lead bonus' spreads (``spread_end``,
``spread_game``) by the likelihood of the winners given the predicted final scores. It prints
the weights (and writes them as JSON to ``--weights``, for ``tune_eval.py --check``) and, on the
held-out games, how often the seat each evaluation rates best is the winner, by the share of
the game left: the score now, the plain and the searching levels' weights, and the fitted ones.
With ``--gods`` the cards per god (their god's value may still grow) are regressors too.

What it showed (2026-12-01, docs/): the fitted weights predict the winners no better than the
score alone, and in play they lose (greedy with them alone against three plain: 9 of 100).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import ai  # noqa: E402
from engine.ai import eval_concordia as ev  # noqa: E402
from engine.ai.selfplay import level_chooser, play_out  # noqa: E402
from engine.concordia.components import CARDS  # noqa: E402
from engine.concordia.scoring import GODS, breakdown, holdings  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ai_tournament import new_game  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "fit-concordia.jsonl"
RAW_MARKET = ev.Weights(market=1.0, card=0.0)
"""``market`` with weight 1 and without the card's use in the turns left (fitted apart)."""


def snapshot(game) -> list[dict]:
    """The figures of every seat at ``game`` (see the module's doc)."""
    rest = ev.left(game)
    last = set(game.last_turns())
    rows = []
    for seat in range(game.players):
        held = holdings(game, seat)
        rows.append({
            "seat": seat, "now": sum(v for _, v in breakdown(game, seat, held)), "rest": rest,
            "growth": list(ev.growth(game, seat)),
            "market": ev.market(game, seat, rest, held, RAW_MARKET),
            "last": int(seat in last), "triggered": int(game.concordia >= 0),
            "gods": god_cards(game, seat)})
    return rows


def god_cards(game, seat: int) -> list[int]:
    """``seat``'s cards (hand and discard) per god, in :data:`GODS` order without Concordia."""
    count = dict.fromkeys(GODS[:-1], 0)
    for card in game.hand[seat] + game.discard[seat]:
        count[CARDS[card][1]] += 1
    return list(count.values())


def collect_one(job: tuple[int, int, str, int]) -> list[dict]:
    """One game's positions, with the outcome filled in."""
    seed, players, level, every = job
    game = new_game("concordia", players, seed)
    chooser = level_chooser([level] * players)
    positions = []
    decisions = itertools.count()

    def choose(game, rng: random.Random) -> int:
        if next(decisions) % every == 0:
            positions.append(snapshot(game))
        return chooser(game, rng)

    ai.forget()
    play_out(game, choose, seed, cap=6000)
    if not game.is_over:
        return []
    result = {r.seat: r for r in game.result()}
    winners = [s for s, r in result.items() if r.rank == 1]
    out = []
    for number, rows in enumerate(positions):
        for row in rows:
            seat = row["seat"]
            out.append({**row, "seed": seed, "position": number, "final": result[seat].score,
                        "win": 1.0 / len(winners) if seat in winners else 0.0})
    return out


def collect(args: argparse.Namespace) -> None:
    jobs = [(args.seed + k, args.players, args.level, args.every) for k in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool, args.out.open("a") as out:
        for k, rows in enumerate(pool.map(collect_one, jobs)):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            if (k + 1) % 20 == 0:
                print(f"{k + 1} games, {time.perf_counter() - started:.0f} s", flush=True)


GODS_TOO = False
"""``--gods``: the cards per god times the game left are regressors too."""


def design(row: dict) -> list[float]:
    """The regressors of one seat's row: growth figures times the game left, the market
    value, the last-turn flag, and the game left alone (what every seat still scores); with
    ``--gods`` also the cards per god times the game left."""
    rest = row["rest"]
    growth = [rest * f for f in row["growth"]]
    if not GODS_TOO:
        return growth + [row["market"], row["last"], rest]
    growth[ev.GROWTH.index("card")] = 0.0  # the cards per god say it
    return growth + [row["market"], row["last"], rest] + [rest * n for n in row["gods"][1:]]


def solve(rows: list[dict]) -> list[float]:
    """Least squares of ``final - now`` on :func:`design` (normal equations, a little ridge)."""
    k = len(design(rows[0]))
    ata = [[0.0] * k for _ in range(k)]
    aty = [0.0] * k
    for row in rows:
        x = design(row)
        y = row["final"] - row["now"]
        for i in range(k):
            aty[i] += x[i] * y
            for j in range(k):
                ata[i][j] += x[i] * x[j]
    for i in range(k):
        ata[i][i] += 1e-6 * len(rows)
    return gauss(ata, aty)


def gauss(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gauss-Jordan elimination, partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def positions(rows: list[dict]) -> list[list[dict]]:
    """The rows grouped by position (all seats of one game at one moment)."""
    groups: dict[tuple[int, int], list[dict]] = {}
    for row in rows:
        groups.setdefault((row["seed"], row["position"]), []).append(row)
    return [g for g in groups.values() if len(g) > 1]


def predicted(group: list[dict], coef: list[float]) -> list[float]:
    return [row["now"] + sum(c * x for c, x in zip(coef, design(row))) for row in group]


def weighted(group: list[dict], w: ev.Weights) -> list[float]:
    """A seat's value by :func:`eval_concordia.values` without the lead bonus, from the
    stored figures."""
    out = []
    for row in group:
        rest = row["rest"]
        growth = sum(getattr(w, name) * f for name, f in zip(ev.GROWTH, row["growth"]))
        market = row["market"] * w.market  # the card's use in the turns left is left out
        out.append(row["now"] + rest * growth + market + w.final_turn * row["last"])
    return out


def log_likelihood(groups: list[list[dict]], scores: list[list[float]], end: float,
                   game: float) -> float:
    total = 0.0
    for group, score in zip(groups, scores):
        rest = group[0]["rest"]
        spread = end + (0.0 if group[0]["triggered"] else game * rest)
        for seat, row in enumerate(group):
            lead = score[seat] - max(s for i, s in enumerate(score) if i != seat)
            p = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / spread))))
            p = min(max(p, 1e-9), 1 - 1e-9)
            total += row["win"] * math.log(p) + (1 - row["win"]) * math.log(1 - p)
    return total / max(1, len(groups))


def fit_spreads(groups: list[list[dict]], scores: list[list[float]]) -> tuple[float, float]:
    best = (-1e18, 4.0, 40.0)
    for end in (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0):
        for game in (0.0, 2.5, 5.0, 7.5, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0, 80.0):
            ll = log_likelihood(groups, scores, end, game)
            if ll > best[0]:
                best = (ll, end, game)
    return best[1], best[2]


def accuracy(groups: list[list[dict]], scores: list[list[float]]) -> dict[str, tuple[float, int]]:
    """Per band of the game left, the share of positions whose best-rated seat won."""
    bands: dict[str, list[float]] = {}
    for group, score in zip(groups, scores):
        rest = group[0]["rest"]
        band = ("end" if group[0]["triggered"] else "<.25" if rest < 0.25 else
                "<.5" if rest < 0.5 else "<.75" if rest < 0.75 else ">=.75")
        best = max(range(len(score)), key=lambda s: score[s])
        bands.setdefault(band, []).append(group[best]["win"])
    return {b: (sum(v) / len(v), len(v)) for b, v in sorted(bands.items())}


def fit(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in args.out.open()]
    train = [r for r in rows if r["seed"] % 2 == 0]
    test = [r for r in rows if r["seed"] % 2 == 1]
    coef = solve(train)
    names = [*ev.GROWTH, "market", "final_turn", "common", *(g.lower() for g in GODS[1:-1])]
    print(f"{len(train)} training rows, {len(test)} held out")
    print("fitted: " + ", ".join(f"{n}={c:.3g}" for n, c in zip(names, coef)))
    train_groups, test_groups = positions(train), positions(test)
    end, game = fit_spreads(train_groups, [predicted(g, coef) for g in train_groups])
    print(f"spreads: spread_end={end:g}, spread_game={game:g}")
    table = {"now": ev.Weights(*(0.0 for _ in ev.Weights._fields)),
             "plain": ev.PLAIN, "tuned_table": ev.TUNED_TABLE}
    for name, w in table.items():
        scores = [weighted(g, w) for g in test_groups]
        ll = log_likelihood(test_groups, scores, w.spread_end or 4.0, w.spread_game or 40.0)
        print(f"{name:12} held-out log-likelihood {ll:.3f}; best-rated seat won: "
              + ", ".join(f"{b} {a:.0%} ({n})" for b, (a, n) in accuracy(test_groups,
                                                                          scores).items()))
    if not GODS_TOO:
        fitted = {**dict(zip(names[:8], coef)), "spread_end": end, "spread_game": game}
        args.weights.write_text(json.dumps({k: round(v, 4) for k, v in fitted.items()},
                                           indent=1) + "\n")
        print(f"weights written to {args.weights} (check them in play: bench/tune_eval.py "
              f"--game concordia --players 4 --check --weights {args.weights})")
    scores = [predicted(g, coef) for g in test_groups]
    ll = log_likelihood(test_groups, scores, end, game)
    print(f"{'fitted':12} held-out log-likelihood {ll:.3f}; best-rated seat won: "
          + ", ".join(f"{b} {a:.0%} ({n})" for b, (a, n) in accuracy(test_groups,
                                                                      scores).items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("collect", "fit"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--every", type=int, default=8, help="decisions between positions")
    parser.add_argument("--seed", type=int, default=70_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--gods", action="store_true", help="cards per god as regressors")
    parser.add_argument("--weights", type=Path, default=OUT.with_name("fitted-concordia.json"),
                        help="where fit writes the weights (without --gods)")
    args = parser.parse_args()
    global GODS_TOO
    GODS_TOO = args.gods
    (collect if args.command == "collect" else fit)(args)


if __name__ == "__main__":
    main()
