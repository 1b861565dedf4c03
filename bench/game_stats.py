"""What a tournament's games show, per level and outcome: read the links file that
``bench/ai_tournament.py`` writes and replay every game (issue 17: find where a level loses).

    python3 bench/game_stats.py bench/tournaments/2026-11-30-evening.txt
    python3 bench/game_stats.py LINKS --match hard-medium --game concordia

Per level (the seat's ``ai:<level>`` in the link), for its won and lost games: the mean final
score, how often the seat ended the game, and what it held at the end. Concordia: who triggered
the end (C-5.1), money and goods left unspent, houses, cards, points by god. Municipium:
Decurions, citizens and favours left in hand. Last, per Concordia level, the money left at the
end: how often over 30 sestertii (issue 46), and of those how often held for three cards or
more, or risen above 30 only in the last two (cashed in at the end).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.codec import play_indices, unpack_link  # noqa: E402
from engine.core.registry import game_class  # noqa: E402


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
        game, meta, held = replay(fields[5].removeprefix("#g="))
        if not game.is_over:
            continue
        for result in game.result():
            level = meta["seats"][result.seat].removeprefix("ai:")
            row = {"score": result.score, **figures(game, result.seat)}
            if held is not None:
                row["cards rich"] = held[result.seat]
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
        rich = [held for m, held in money if m > SPARE]
        print(f"{level} money at the end: average {statistics.mean(m for m, _ in money):.1f}, "
              f"most {max(m for m, _ in money)}, over {SPARE} in {len(rich)} of {len(money)} "
              f"(held over {SPARE} for {HELD}+ cards in {sum(h >= HELD for h in rich)}, "
              f"risen in the last {HELD - 1} in {sum(h < HELD for h in rich)})")


SPARE = 30
"""Issue 46: no level should end a game with more sestertii than this unspent."""
HELD = 3
"""A seat that played this many cards or more since its money last rose above :data:`SPARE`
held it; fewer, it cashed in at the end (nothing left to spend it on in time)."""


def replay(link: str) -> tuple[Any, dict[str, Any], list[int] | None]:
    """The game and ``meta`` of a link, replayed entry by entry once; for Concordia also, per
    seat, how many cards it played (C-4.1) since its money last rose above :data:`SPARE` (0 for
    a seat that ends with less), else None."""
    setup, meta, indices = unpack_link(link)
    game = game_class(setup.game)(setup)
    if setup.game != "concordia":
        return play_indices(game, indices), meta, None
    plays = [0] * game.players
    since: list[int | None] = [None] * game.players
    for index in indices:
        if not game.is_chance and game.legal_actions()[index].verb == "play":
            plays[game.current_player] += 1
        game.apply_index(index)
        for seat, money in enumerate(game.money):
            if money <= SPARE:
                since[seat] = None
            elif since[seat] is None:
                since[seat] = plays[seat]
    held = [0 if start is None else plays[seat] - start for seat, start in enumerate(since)]
    return game, meta, held


def unspent(rows: dict[tuple[str, bool], list]) -> dict[str, list[tuple[int, int]]]:
    """Per level (Concordia): every seat's money at the end and the cards it played while
    holding more than :data:`SPARE` (:func:`replay`), won and lost games together."""
    money: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for (level, _), seats in rows.items():
        money[level] += [(row["money"], row["cards rich"]) for row in seats if "money" in row]
    return {level: values for level, values in money.items() if values}


if __name__ == "__main__":
    main()
