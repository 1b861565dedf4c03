"""Influence and ranking at an institution (M-4), and the Temple track (M-2.7, M-8.0)."""

from __future__ import annotations

from typing import Any

from engine.municipium import rulings


def influence(game: Any, seat: int, inst: int) -> int:
    """M-4.1: members of ``seat`` at ``inst``, an elect member counting 2."""
    return game.plain[seat][inst] + 2 * game.elect[seat][inst]


def ranking(game: Any, inst: int) -> list[int]:
    """M-4.2: the seats with influence at ``inst``, highest first; ties go to the seat higher on
    the Temple track (the list is built in Temple order and the sort is stable). One seat in
    the list is "only one family member" of the event texts (RULING)."""
    assert rulings.ONE_MEMBER_MEANS_ONE_PLAYER
    present = [(influence(game, seat, inst), seat) for seat in game.temple]
    present = [pair for pair in present if pair[0] > 0]
    present.sort(key=lambda pair: -pair[0])
    return [seat for _, seat in present]


def rank1(game: Any, inst: int) -> int:
    """The rank-1 seat at ``inst`` ("most influence", M-4.2), or -1 when nobody is there."""
    best, best_seat = 0, -1
    for seat in game.temple:
        value = game.plain[seat][inst] + 2 * game.elect[seat][inst]
        if value > best:
            best, best_seat = value, seat
    return best_seat


def initial_temple_order(game: Any) -> list[int]:
    """M-2.7: most members in the Temple first; ties to the seat earlier from the start player."""
    seats = [(game.start + k) % game.n for k in range(game.n)]
    seats.sort(key=lambda seat: -influence(game, seat, 0))
    return seats


def reorder_temple(game: Any) -> list[int]:
    """M-8.0: the Temple track re-sorted by Temple influence; equal influence keeps its order."""
    return sorted(game.temple, key=lambda seat: -influence(game, seat, 0))
