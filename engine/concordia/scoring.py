"""Scoring by gods (C-6): each god's value times the number of the player's cards of that god
(hand and discard pile), the specialists scored card by card (Minerva), the Concordia card, and
the tie-break (C-6.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from engine.concordia import rulings
from engine.concordia.components import CARDS, CONCORDIA_VP, PRICES

if TYPE_CHECKING:
    from engine.concordia.game import Concordia

GODS = ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia")
"""The breakdown's order (C-6.1 .. C-6.7)."""


class Holdings(NamedTuple):
    """What ``seat``'s score is made of, counted once: the value of one card of each god except
    Minerva (C-6.1 .. C-6.5) and the own houses per kind of good of their cities (C-6.6)."""

    gods: dict[str, int]
    houses_by_good: list[int]


def holdings(game: Concordia, seat: int) -> Holdings:
    """``seat``'s :class:`Holdings` now (one pass over the cities with goods)."""
    board = game.board
    bit = 1 << seat
    houses = game.houses
    token = game.token
    by_good = [0] * len(PRICES)
    provinces = set()
    for c in board.token_cities:
        if houses[c] & bit:
            by_good[token[c]] += 1
            provinces.add(board.province_of[c])
    goods = game.goods[seat]
    return Holdings({
        "Vesta": (game.money[seat] + sum(n * p for n, p in zip(goods, PRICES))) // 10,
        "Jupiter": sum(by_good) - by_good[0],
        "Saturnus": len(provinces),
        "Mercurius": rulings.MERCURIUS_POINTS_PER_KIND * sum(1 for n in by_good if n),
        "Mars": rulings.MARS_POINTS_PER_COLONIST * len(game.colonists[seat]),
    }, by_good)


def god_values(game: Concordia, seat: int) -> dict[str, int]:
    """What one card of each god is worth to ``seat`` now (Minerva: see :func:`breakdown`)."""
    return holdings(game, seat).gods


def card_points(card: int, held: Holdings) -> int:
    """What one card is worth at the end to a seat with ``held`` (C-6): its god's value, or for
    a specialist its points per own house in cities of its kind (C-6.6)."""
    _name, god, _cost, param = CARDS[card]
    if god == "Minerva":
        good, per_city = param
        return per_city * held.houses_by_good[good]
    return held.gods[god]


def breakdown(game: Concordia, seat: int, held: Holdings | None = None
              ) -> tuple[tuple[str, int], ...]:
    """Points per god for ``seat`` if the game ended now, in :data:`GODS` order (C-6);
    ``held``: the seat's :func:`holdings`, when already counted."""
    if held is None:
        held = holdings(game, seat)
    points = dict.fromkeys(GODS, 0)
    for card in game.hand[seat] + game.discard[seat]:
        points[CARDS[card][1]] += card_points(card, held)
    if game.concordia == seat:
        points["Concordia"] = CONCORDIA_VP
    return tuple(points.items())


def tie_break(game: Concordia, seat: int) -> int:
    """Higher is better among tied scores (C-6.8): the Praefectus Magnus holder first, then the
    seats in the order the card would reach them (it passes to the right, seat - 1)."""
    if not rulings.TIE_BREAK_BY_PRAEFECTUS_MAGNUS:
        return 0
    return -((game.pm - seat) % game.players)
