"""Random play: every game ends, components are conserved, logs replay, links round-trip (clones
and refusals: tests/test_api.py, over every title). 2,400 complete games plus 36 checked
position by position: about 30 s of CPython on the development machine (measure with
``--durations``)."""

from __future__ import annotations

import os

import pytest

import engine
from tests.municipium.helpers import random_game

CONFIGS = [(players, chamber, short) for players in (2, 3, 4)
           for chamber in ("per-chamber", "single") for short in (False, True)]
QUICK = os.environ.get("LUDI_QUICK") == "1"
"""Set by the Pyodide runner (tests/pyodide/run.mjs): play far fewer games there."""
GAMES_PER_CONFIG = 10 if QUICK else 200
REPLAYED_PER_CONFIG = 4 if QUICK else 40


def conserved(game) -> None:
    """The 60 citizens, 15 favours, 10 wreaths and 7 members per player, and the Temple track."""
    held = game.held_citizens()
    for ctype in range(4):
        total = (game.bag[ctype] + held[ctype] + sum(row[ctype] for row in game.cit)
                 + sum(hand[ctype] for hand in game.hand)
                 + sum(1 for c in game.chamber if c == ctype))
        assert total == 15, (ctype, game.position())
    assert game.favour_supply + sum(game.favour_space) + sum(game.favours) == 15
    assert game.wreaths + sum(sum(row) for row in game.elect) == 10
    assert sorted(game.temple) == list(range(game.n))
    if game.turn:
        on_board = [sum(p) + sum(e) for p, e in zip(game.plain, game.elect, strict=True)]
        assert on_board == [7] * game.n
    assert all(sum(row) <= 2 for row in game.cit) or game.pending_step().kind == "keep"
    if game.single:
        assert sum(1 for c in game.chamber if c >= 0) <= 1


@pytest.mark.parametrize("players, chamber, short", CONFIGS)
def test_random_games(players, chamber, short):
    options = {"chamber_citizens": chamber, "short": short}
    turns = []
    for number in range(GAMES_PER_CONFIG):
        seed = 1000 * players + number
        check = conserved if number % 10 == 0 else None
        game = random_game(players, seed, check, **options)
        conserved(game)
        assert game.is_over and max(game.decurions) >= (4 if short else 5)
        ranks = [r.rank for r in game.result()]
        assert 1 in ranks
        turns.append(game.turn)
        if number < REPLAYED_PER_CONFIG:
            again = engine.replay(game.log)
            assert again.position() == game.position()
            text = engine.encode(game)
            assert len(text) <= 1500, len(text)
            assert engine.decode(text).position() == game.position()
    assert max(turns) < 400


@pytest.mark.parametrize("players, chamber, short", CONFIGS)
def test_position_text_is_the_whole_position(players, chamber, short):
    """``from_position(position())`` gives the same position and the same open choices, at
    every entry of a few random games."""
    from engine.municipium import Municipium

    def same(game) -> None:
        text = game.position()
        copy = Municipium.from_position(text)
        assert copy.position() == text
        assert copy.legal_actions() == game.legal_actions()
        assert copy.chance_outcomes() == game.chance_outcomes()

    for number in range(1 if QUICK else 3):
        random_game(players, 500 + number, same, chamber_citizens=chamber, short=short)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fixed_start_player_games_replay(players):
    game = random_game(players, 4242, start_player=players - 1, chamber_citizens="single")
    chance = [entry.action for entry in game.log if entry.actor == engine.CHANCE]
    assert not any(isinstance(outcome, int) for outcome in chance)  # no start-player draw
    assert next(entry.actor for entry in game.log if entry.actor >= 0) == players - 1
    assert engine.replay(game.log).position() == game.position()
    assert engine.decode(engine.encode(game)).position() == game.position()
