"""Scoring by gods (C-6): each god's value times the number of the player's cards of that god
(hand and discard pile), the specialists scored card by card (Minerva), the Concordia card, and
the tie-break (C-6.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.concordia import rulings
from engine.concordia.components import CARDS, CONCORDIA_VP, PRICES

if TYPE_CHECKING:
    from engine.concordia.game import Concordia

GODS = ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia")
"""The breakdown's order (C-6.1 .. C-6.7)."""


def god_values(game: Concordia, seat: int) -> dict[str, int]:
    """What one card of each god is worth to ``seat`` now (Minerva: see :func:`breakdown`)."""
    board = game.board
    bit = 1 << seat
    own = [c for c in board.token_cities if game.houses[c] & bit]
    goods = game.goods[seat]
    kinds = {game.token[c] for c in own}
    return {
        "Vesta": (game.money[seat] + sum(n * p for n, p in zip(goods, PRICES))) // 10,
        "Jupiter": sum(1 for c in own if game.token[c] != 0),
        "Saturnus": len({board.province_of[c] for c in own}),
        "Mercurius": rulings.MERCURIUS_POINTS_PER_KIND * len(kinds),
        "Mars": rulings.MARS_POINTS_PER_COLONIST * len(game.colonists[seat]),
    }


def breakdown(game: Concordia, seat: int) -> tuple[tuple[str, int], ...]:
    """Points per god for ``seat`` if the game ended now, in :data:`GODS` order (C-6)."""
    values = god_values(game, seat)
    points = dict.fromkeys(GODS, 0)
    bit = 1 << seat
    for card in game.hand[seat] + game.discard[seat]:
        _name, god, _cost, param = CARDS[card]
        if god == "Minerva":
            good, per_city = param
            cities = sum(1 for c in game.board.token_cities
                         if game.token[c] == good and game.houses[c] & bit)
            points["Minerva"] += per_city * cities
        else:
            points[god] += values[god]
    if game.concordia == seat:
        points["Concordia"] = CONCORDIA_VP
    return tuple(points.items())


def tie_break(game: Concordia, seat: int) -> int:
    """Higher is better among tied scores (C-6.8): the Praefectus Magnus holder first, then the
    seats in the order the card would reach them (it passes to the right, seat - 1)."""
    if not rulings.TIE_BREAK_BY_PRAEFECTUS_MAGNUS:
        return 0
    return -((game.pm - seat) % game.players)
