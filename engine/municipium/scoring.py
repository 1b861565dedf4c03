"""Decurions: the compulsory set exchange (M-3.2, M-3.3), game end (M-3.4), winner (M-3.5)."""

from __future__ import annotations

from typing import Any

from engine.core.protocol import SeatResult, rank_seats
from engine.municipium import rulings


def take_sets(game: Any, seat: int) -> None:
    """M-3.2: while ``seat`` holds a complete set (favours wild), exchange it for a Decurion.
    M-3.3 RULING: real citizens first; favours only fill the missing types."""
    hand = game.hand[seat]
    while True:
        missing = hand.count(0)
        if missing > game.favours[seat]:
            return
        assert rulings.SET_USES_REAL_CITIZENS_FIRST
        for ctype in range(4):
            if hand[ctype]:
                hand[ctype] -= 1
                game.bag[ctype] += 1
        game.favours[seat] -= missing
        game.favour_supply += missing
        game.decurions[seat] += 1
        game.emit("decurion_set", "M-3.2", seat=seat, favours=missing,
                  decurions=game.decurions[seat])


def target(game: Any) -> int:
    """M-3.4: Decurions that end the game (OPTION short game: 4)."""
    return 4 if game.setup.option("short") else 5


def game_ends(game: Any) -> bool:
    """M-3.4: checked at the end of every turn."""
    return max(game.decurions) >= target(game)


def results(game: Any) -> list[SeatResult]:
    """M-3.5: most Decurions; tie: more favours + citizens; still tied: shared (RULING)."""
    assert rulings.TIED_WINNERS_SHARE
    keys = []
    rows = []
    for seat in range(game.n):
        citizens = sum(game.hand[seat])
        spare = citizens + game.favours[seat]
        keys.append((game.decurions[seat], spare))
        rows.append((("decurions", game.decurions[seat]), ("favours_and_citizens", spare),
                     ("favours", game.favours[seat]), ("citizens", citizens)))
    ranks = rank_seats(keys)
    return [SeatResult(seat, game.decurions[seat], ranks[seat], rows[seat])
            for seat in range(game.n)]
