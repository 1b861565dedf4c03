"""Perft-style regression counts: leaves of the full game tree (decisions and chance outcomes
alike) to a small depth from fixed seeded positions. A change in these numbers means the legal
moves changed: check the rules, then update the numbers."""

from __future__ import annotations

import random

import pytest

import engine


def perft(game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    if game.is_chance:
        options = [outcome for outcome, _ in game.chance_outcomes()]
    else:
        options = game.legal_actions()
    total = 0
    for option in options:
        child = game.clone()
        child.apply(option)
        total += perft(child, depth - 1)
    return total


def seeded_position(players: int, seed: int, entries: int, **options):
    """The position after ``entries`` log entries of a seeded random game."""
    game = engine.new_game("municipium", players, seed=seed, **options)
    chooser = random.Random(seed)
    while len(game.log) < entries:
        if game.is_chance:
            game.resolve_chance()
        else:
            game.apply(chooser.choice(game.legal_actions()))
    return game


CASES = [
    # players, seed, entries, options, depth, expected leaves per depth 1..depth
    (2, 1, 0, {}, 4, [7, 49, 343, 2401]),
    (3, 2, 40, {}, 4, [2, 8, 26, 377]),
    (4, 3, 120, {"chamber_citizens": "single"}, 4, [2, 8, 29, 145]),
    (3, 4, 200, {"short": True}, 4, [12, 134, 137, 546]),
]


@pytest.mark.parametrize("players, seed, entries, options, depth, expected", CASES)
def test_perft(players, seed, entries, options, depth, expected):
    game = seeded_position(players, seed, entries, **options)
    counts = [perft(game, d) for d in range(1, depth + 1)]
    assert counts == expected, (game.position(), counts)
