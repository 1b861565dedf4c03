"""The computer on the later Concordia maps (issue 35): every level plays every map, and the
evaluation knows the start city (C-M.1), the pass-only route (C-M.ionium.1) and Gavdos's free
bonus good (C-M.creta.1)."""

from __future__ import annotations

import random

import pytest

import engine
from engine import ai
from engine.ai import eval_concordia as ev
from engine.concordia.components import CARDS
from tests.concordia.helpers import new, play, put_colonist, route, set_goods

LATER = ("hellas", "ionium", "hispania", "cyprus", "creta")
TINY = {"budget_ms": 0, "iterations": 40}


@pytest.mark.parametrize("name", LATER)
def test_every_level_plays_every_later_map(name):
    """Positions of a random game at 2-5 players (by map): each level answers with a legal
    decision and leaves the game untouched."""
    players = 2 + LATER.index(name) % 4
    rng = random.Random(35)
    game = engine.new_game("concordia", players, seed=35, map=name)
    checked = 0
    while not game.is_over and checked < 4:
        if game.is_chance:
            game.resolve_chance(rng)
            continue
        if rng.random() < 0.03 and len(game.legal_actions()) > 1:
            before = game.position()
            for level in ai.LEVELS:
                assert ai.choose(game, level, seed=checked, **TINY) in game.legal_actions()
            assert game.position() == before
            checked += 1
        game.apply_index(rng.randrange(len(game.legal_actions())))
    assert checked == 4


def gavdos_position() -> engine.Game:
    """Creta, seat 0's Prefect: every other province's marker is brick, Gavdos's bonus is any
    good, and a Vintner (brick and wine) waits in the display's first slot; seat 0 holds one
    brick and a Senator."""
    game = new(2, "creta")
    gavdos = game.board.province_names.index("Gavdos")
    game.marker = [0 if p != gavdos else good for p, good in enumerate(game.marker)]
    game.display[0] = next(i for i, card in enumerate(CARDS) if card[0] == "Vintner")
    set_goods(game, 0, brick=1)
    play(game, "PRE")
    return game


def test_C_M_creta_1_the_computer_chooses_gavdos_good_for_its_next_card():
    """Wine completes the Vintner's price: medium takes wine as Gavdos's bonus, not the dearer
    cloth; the searching levels take one of Gavdos's goods too."""
    game = gavdos_position()
    gavdos = game.board.province_names.index("Gavdos")
    assert str(ai.choose(game, "medium", seed=1)) == f"p{gavdos}/W"
    for level in ("hard", "expert"):
        action = ai.choose(game, level, seed=1, budget_ms=0, iterations=300)
        assert action.verb == "province" and action.a == gavdos and action.b >= 0
    assert "Gavdos" in ai.explain(game, ai.choose(game, "medium", seed=1))


def test_C_M_creta_1_the_computer_reads_gavdos_coins_from_the_engine():
    """Gavdos's city produces brick and its bonus was taken as cloth: the computer's reason
    for the cash names the engine's 3 sestertii (cloth's 1 and Creta's 2, C-M.creta.1-2),
    and before any coin side it is offered no cash (C-M.creta.4)."""
    from engine.concordia.notation import CASH
    from tests.concordia.helpers import set_token

    game = new(2, "creta")
    gavdos = game.board.province_names.index("Gavdos")
    set_token(game, "gavdos", 0)
    play(game, "PRE")
    assert CASH not in game.legal_actions()
    assert all(ai.choose(game, level, seed=1, **TINY) != CASH for level in ai.LEVELS)
    play(game, f"p{gavdos}/C", "PRE")
    assert ai.explain(game, CASH) == "cashes the bonus markers for 3 sestertii"


def test_C_M_1_the_evaluation_counts_no_site_in_the_start_city():
    """A colonist on a route from Saguntum is next to one city to build in, not two."""
    game = new(2, "hispania")
    b = game.board
    land = b.city_routes[b.roma][0][0]
    put_colonist(game, 0, 0, land)
    assert ev.growth(game, 0)[4] == 1


def test_C_M_ionium_1_the_computer_never_stops_on_the_pass_only_route():
    """From Canusium-Brundisium the Architect's best move may pass Brundisium-Apollonia, never
    end on it."""
    game = new(2, "ionium")
    through = route(game, "brundisium", "apollonia")
    put_colonist(game, 0, 0, route(game, "canusium", "brundisium"))
    play(game, "ARC")
    for level in ai.LEVELS:
        action = ai.choose(game, level, seed=3, **TINY)
        assert not (action.verb == "move" and action.b == through)
