"""Concordia evaluation (C-4, C-6): the projected score by gods plus what goods, money, cards,
houses and colonists' positions will still bring before the end.

Units are victory points. The projected score is what the game would give now
(``projected_scores()``); the rest is weighted by how much of the game is left (the cards left to
buy, C-5.1, and the houses left to build), since resources, cards and positions turn into points
only while there are turns to play.
"""

from __future__ import annotations

from typing import Any

from engine.concordia.components import CARDS, GOODS, HOUSES, PILES, PRICES

SCALE = 4.0
"""A margin of this many points gives a search reward of 0.73 (see :mod:`engine.ai.mcts`)."""

ROLLOUT_WIDTH = 6
ROLLOUT_DEPTH = 4
"""A search leaf is rated after its seat's next decisions (at most ``ROLLOUT_DEPTH``, each the
best of ``ROLLOUT_WIDTH`` sampled options; see :func:`engine.ai.mcts.leaf_rewards`)."""

ROOT_CANDIDATES = 5
"""The search considers only the greedy rating's best five decisions at its root."""

RESOURCE = 0.12
"""Per sestertius of money and goods (at C-1.1 prices): what a house costs turns into points."""
HOUSE = 1.2
"""Per house beyond its current points: its production and the gods' growth (C-4.4, C-6)."""
CARD = 1.0
"""Per card owned beyond the starting seven: one more god multiplier and action (C-4.8)."""
HAND = 0.25
"""Per card in hand: actions ready without a Tribune (C-4.1)."""
SITE = 0.6
"""Per city a colonist stands next to where the seat has no house yet (C-4.2)."""
COLONIST = 0.5
"""Per colonist on the board: movement points and reach (C-4.2)."""
WIN = 10.0
"""Bonus of the winner of a finished game."""

_START_CARDS = 7


def left(game: Any) -> float:
    """The share of the game still to play, 1 at the start and 0 once the end is triggered."""
    if game.concordia >= 0:
        return 0.0
    total = sum(len(pile) for pile in PILES[:max(game.players, 2)])
    cards = sum(len(pile) for pile in game.deck) + len(game.display)
    share = min(1.0, cards / total)
    return max(0.0, min(share, 1.0 - max(game.nhouses) / HOUSES))


def values(game: Any) -> list[float]:
    """The value of the position to each seat, in victory points."""
    scores = [sum(v for _, v in row) for row in game.projected_scores()]
    if game.is_over:
        for r in game.result():
            if r.rank == 1:
                scores[r.seat] += WIN
        return [float(s) for s in scores]
    rest = left(game)
    if not rest:
        return [float(s) for s in scores]
    board = game.board
    nc = board.ncities
    routes = board.routes
    roma = board.roma
    houses = game.houses
    out = []
    for seat in range(game.players):
        bit = 1 << seat
        wealth = game.money[seat] + sum(n * p for n, p in zip(game.goods[seat], PRICES))
        sites = set()
        for code in game.colonists[seat]:
            loc = code >> 1
            if loc >= nc:
                a, b, _ = routes[loc - nc]
                sites.add(a)
                sites.add(b)
        sites.discard(roma)
        free = sum(1 for c in sites if not houses[c] & bit)
        owned = len(game.hand[seat]) + len(game.discard[seat])
        out.append(scores[seat] + rest * (
            RESOURCE * wealth + HOUSE * game.nhouses[seat] + CARD * (owned - _START_CARDS)
            + HAND * len(game.hand[seat]) + SITE * free + COLONIST * len(game.colonists[seat])))
    return out


def reason(before: Any, after: Any, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
    """Why ``action`` (which led from ``before`` to ``after``) is good for ``seat``."""
    verb = action.verb
    board = before.board
    gain = (sum(v for _, v in after.projected_scores()[seat])
            - sum(v for _, v in before.projected_scores()[seat]))
    if verb == "build":
        return "c.build", {"city": board.city_names[action.a], "points": max(gain, 0)}
    if verb == "card":
        return "c.buy_card", {"card": CARDS[before.display[action.a]][0]}
    if verb == "play":
        return "c.play", {"card": CARDS[action.a][0]}
    if verb == "province":
        got = [after.goods[seat][g] - before.goods[seat][g] for g in range(len(GOODS))]
        return "c.produce", {"province": board.province_names[action.a],
                             "goods": sum(max(0, g) for g in got)}
    if verb == "cash":
        return "c.cash", {"money": after.money[seat] - before.money[seat]}
    if verb == "move":
        return "c.move", {"route": board.route_name(action.b)}
    if verb in ("buy", "sell"):
        return f"c.{verb}", {"units": action.b, "good": GOODS[action.a]}
    if verb == "place":
        return "c.colonist", {"city": board.city_names[action.b]}
    if verb == "copy":
        return "c.copy", {"player": before.player_name(action.a)}
    if verb == "keep":
        return "c.keep", {}
    if verb == "done":
        return "c.done", {}
    return "ai.best", {}
