"""Malformed or out-of-turn decisions raise IllegalAction with a message, never anything else,
and leave the game unchanged."""

from __future__ import annotations

import random

import engine
from engine.municipium import actions as A

MALFORMED = [
    A.PlaceMember(9), A.Move(7, 8), A.Move(-1, 0), A.Move(0, 1, True), A.Move("a", "b"),
    A.PlaceCitizen(7, 3), A.PlaceCitizen(0, 9), A.PlaceCitizen(-1, 2), A.Keep(5, 6),
    A.UsePower(9), A.UsePower(-1), A.Tavern(9, 9, 1), A.Tavern(1, 0, 1),
    A.Exchange((9, 9, 9, 9, 9)), A.Exchange((1,)), A.ForumTake(9, seat=9),
    A.ForumTake(0, seat=0), A.Relocate(9, 9), A.PlayFamily(7), A.PlayFamily(-5),
    A.ChamberChoice(0), A.FamilyChoice("x"), "junk", None, (1, 2), A.DONE, A.PASS, A.CROWN,
    A.DRAW_CARD, A.DRAW_CITIZEN,
]


def test_malformed_decisions_are_refused_cleanly():
    chooser = random.Random(0)
    game = engine.new_game("municipium", 3, seed=5)
    for number in range(1500):
        if game.is_over:
            game = engine.new_game("municipium", 2 + number % 3, seed=number,
                                   chamber_citizens="single")
        if game.is_chance:
            game.resolve_chance()
            continue
        legal = game.legal_actions()
        before = game.position()
        for action in MALFORMED:
            if action in legal:
                continue
            try:
                game.apply(action)
            except engine.IllegalAction as error:
                assert error.message
            else:
                raise AssertionError(f"{action!r} was accepted")
        assert game.position() == before
        game.apply(chooser.choice(legal))
