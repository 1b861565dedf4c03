"""What a tournament's games show, per level and outcome: read the links file that
``bench/ai_tournament.py`` writes and replay every game (issue 17: find where a level loses).

    python3 bench/game_stats.py bench/tournaments/2026-11-30-evening.txt
    python3 bench/game_stats.py LINKS --match hard-medium --game concordia

Per level (the seat's ``ai:<level>`` in the link), for its won and lost games: the mean final
score, how often the seat ended the game, and what it held at the end. Concordia: who triggered
the end (C-5.1), money and goods left unspent, houses, cards, points by god. Municipium:
Decurions, citizens and favours left in hand.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.codec import decode_link  # noqa: E402


def figures(game: Any, seat: int) -> dict[str, float]:
    """What ``seat`` ended the game with (numbers to average)."""
    if game.setup.game == "concordia":
        out = {"ended it": float(game.concordia == seat), "money": game.money[seat],
               "goods": sum(game.goods[seat]), "houses": game.nhouses[seat],
               "cards": len(game.hand[seat]) + len(game.discard[seat])}
        out.update(game.projected_scores()[seat])
        return out
    return {"decurions": game.decurions[seat], "citizens": sum(game.hand[seat]),
            "favours": game.favours[seat]}


def read(path: Path, match: str | None, title: str | None) -> dict[tuple[str, bool], list]:
    """Per (level, won): one row of figures per seat of every finished game."""
    rows: dict[tuple[str, bool], list] = defaultdict(list)
    for line in path.read_text().splitlines():
        fields = line.split("] ", 1)[-1].split()
        if len(fields) < 6 or (match and fields[0] != match) or (title and fields[1] != title):
            continue
        game, meta = decode_link(fields[5].removeprefix("#g="))
        if not game.is_over:
            continue
        for result in game.result():
            level = meta["seats"][result.seat].removeprefix("ai:")
            row = {"score": result.score, **figures(game, result.seat)}
            rows[(f"{fields[1]} {game.players}p {level}", result.rank == 1)].append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("links", type=Path)
    parser.add_argument("--match")
    parser.add_argument("--game", choices=("municipium", "concordia"))
    args = parser.parse_args()
    rows = read(args.links, args.match, args.game)
    for (level, won), seats in sorted(rows.items()):
        means = {k: statistics.mean(r[k] for r in seats) for k in seats[0]}
        print(f"{level} {'won' if won else 'lost'} ({len(seats)}): "
              + ", ".join(f"{k} {v:.1f}" for k, v in means.items()))
    for level, money in sorted(unspent(rows).items()):
        print(f"{level} money at the end: average {statistics.mean(money):.1f}, most "
              f"{max(money)}, over {SPARE} in {sum(m > SPARE for m in money)} of {len(money)}")


SPARE = 30
"""Issue 46: no level should end a game with more sestertii than this unspent."""


def unspent(rows: dict[tuple[str, bool], list]) -> dict[str, list[int]]:
    """Per level (Concordia): every seat's money at the end, won and lost games together."""
    money: dict[str, list[int]] = defaultdict(list)
    for (level, _), seats in rows.items():
        money[level] += [row["money"] for row in seats if "money" in row]
    return {level: values for level, values in money.items() if values}


if __name__ == "__main__":
    main()
