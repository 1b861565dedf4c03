"""Concordia engine speed in CPython: complete random games per second, decisions per second,
``legal_actions()`` and ``clone()`` calls per second, and the length of a complete game's link
(CPU time of this process, so that other work on a shared machine does not skew it).

    python3 bench/concordia_bench.py                 # quick (a few seconds)
    python3 bench/concordia_bench.py --games 200 --players 4 --map imperium
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.concordia.notation import DONE
from engine.concordia.scoring import breakdown

GREEDY_ORDER = {"build": 0, "card": 1, "place": 2, "keep": 3, "province": 4, "buy": 5,
                "copy": 6, "cash": 7, "move": 8, "sell": 9, "play": 10, "done": 11}


def uniform(game, rng: random.Random):
    """Any legal decision, all alike (games run long but end)."""
    legal = game.legal_actions()
    return legal[rng.randrange(len(legal))]


def biased(game, rng: random.Random):
    """Random, but buying cards and building first: closer to real game lengths."""
    legal = game.legal_actions()
    best = [a for a in legal if a.verb in ("card", "build")]
    if best:
        return rng.choice(best)
    others = [a for a in legal if a != DONE]
    if others and rng.random() < 0.85:
        return rng.choice(others)
    return rng.choice(legal)


def greedy(game, rng: random.Random):
    """Greedy-ish: the decision that most raises the player's score if the game ended now
    (ties broken by a preference for building and buying cards, then at random)."""
    legal = game.legal_actions()
    seat = game.current_player
    best, best_key = legal[0], None
    for action in legal:
        child = game.clone()
        child.apply(action)
        key = (sum(v for _, v in breakdown(child, seat)), -GREEDY_ORDER[action.verb],
               rng.random())
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


POLICIES = {"uniform": (uniform, 1), "biased": (biased, 1), "greedy": (greedy, 5)}
"""Each policy with the share of ``--games`` it plays (1/5 for the slow greedy player)."""


def run(policy, map_name: str, players: int, games: int, seed: int):
    rng = random.Random(seed)
    decisions = outcomes = 0
    links = []
    started = time.process_time()
    for number in range(games):
        game = engine.new_game("concordia", players, seed=seed + number, map=map_name)
        while not game.is_over:
            if game.is_chance:
                game.resolve_chance()
                outcomes += 1
            else:
                game.apply(policy(game, rng))
                decisions += 1
        links.append(len(engine.encode(game)))
    return time.process_time() - started, decisions, outcomes, links


def calls_per_second(map_name: str, players: int, seconds: float) -> tuple[float, float]:
    rng = random.Random(1)
    game = engine.new_game("concordia", players, seed=1, map=map_name)
    for _ in range(150):
        if game.is_over:
            break
        if game.is_chance:
            game.resolve_chance()
        else:
            game.apply(biased(game, rng))
    calls = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        game.legal_actions()
        calls += 1
    legal_rate = calls / (time.process_time() - started)
    calls = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        game.clone()
        calls += 1
    return legal_rate, calls / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--map", default="imperium", choices=("imperium", "italia"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Concordia {args.map}, {args.players} players, {args.games} games per policy "
          f"(Python {sys.version.split()[0]})")
    for name, (policy, share) in POLICIES.items():
        games = max(1, args.games // share)
        seconds, decisions, outcomes, links = run(policy, args.map, args.players, games,
                                                  args.seed)
        print(f"  {name:8} {games / seconds:8.1f} games/s  {decisions / seconds:9.0f} "
              f"decisions/s  {decisions / games:6.0f} decisions/game  "
              f"{outcomes / games:4.0f} draws/game  link {sum(links) / len(links):5.0f} "
              f"avg {max(links):5d} max chars")
    legal_rate, clone_rate = calls_per_second(args.map, args.players, 1.0)
    print(f"  legal_actions() {legal_rate:9.0f}/s   clone() {clone_rate:9.0f}/s (mid-game)")


if __name__ == "__main__":
    main()
