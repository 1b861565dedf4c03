"""M-1 components and M-2 setup, from concrete games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.municipium import Municipium
from engine.municipium.actions import Move, PlaceCitizen, PlaceMember, PlayFamily
from engine.municipium.data import (
    ADJACENT,
    BANNER,
    CHAMBERS,
    CITIZEN_PLACES,
    INSTITUTIONS,
    PREFECT_NEXT,
    ROADS,
)
from engine.municipium.steps import PlaceStep
from tests.municipium.helpers import at_card, at_move, members, play, start

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "municipium.json"


def test_reference_facts_match_data():
    """The data modules agree with the shared reference (skipped where it is not mounted)."""
    if not REFERENCE.exists():
        pytest.skip("shared reference not available")
    ref = json.loads(REFERENCE.read_text())
    assert {tuple(sorted(e)) for e in ref["board"]["edges"]} == {tuple(sorted(r)) for r in ROADS}
    assert [ref["praefect"]["next_station"][str(x)] for x in CHAMBERS] == [
        PREFECT_NEXT[x] for x in CHAMBERS]
    counts = ref["components_production_2_4p"]
    assert counts["citizens_total"] == 60 and counts["praefect_favours"] == 15
    assert counts["wreaths_of_distinction"] == 10
    for kind in ref["citizen_types"]:
        index = ("priest", "soldier", "merchant", "advocate").index(kind["id"])
        assert list(CITIZEN_PLACES[index]) == kind["may_be_placed_on"]


def test_M_1_1_institutions_numbered_in_log():
    game = start(3)
    members(game, {0: {5: 1}})
    at_move(game, 0)
    play(game, Move(5, 6))
    assert INSTITUTIONS == ("Temple", "Tavern", "Baths", "Emporium", "Basilica", "Forum",
                            "Praetorium")
    assert "from the Forum to the Praetorium" in game.event_text(game.events[-1])


def test_M_1_2_roads_from_the_temple_and_ring():
    game = start(2)
    members(game, {0: {0: 1, 6: 1}})
    at_move(game, 0)
    moves = {(a.src, a.dst) for a in game.legal_actions() if isinstance(a, Move)}
    assert moves == {(0, 1), (0, 4), (6, 5), (6, 1)}
    assert ADJACENT[3] == (2, 4)
    with pytest.raises(engine.IllegalAction) as error:
        game.apply(Move(0, 2))
    assert error.value.rule == "M-5.1 / M-1.2"


def test_M_1_3_citizen_places():
    game = start(2)
    game.stack.append(PlaceStep(0, (0, 1, 0, 0), "visit"))
    assert {a.inst for a in game.legal_actions()} == {1, 6}
    message, rule = game.why_illegal(PlaceCitizen(1, 5))
    assert rule == "M-1.3" and "Tavern or Praetorium" in message
    game.stack[-1] = PlaceStep(0, (1, 0, 0, 0), "visit")
    assert {a.inst for a in game.legal_actions()} == set(range(7))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_M_1_4_component_counts(players):
    game = engine.new_game("municipium", players, seed=5)
    board = [sum(row[t] for row in game.cit) for t in range(4)]
    chambers = [sum(1 for c in game.chamber if c == t) for t in range(4)]
    assert [b + c + x for b, c, x in zip(board, chambers, game.bag, strict=True)] == [15] * 4
    assert game.favour_supply + sum(game.favour_space) == 15
    assert game.wreaths == 10
    while game.pending()["kind"] != "move":
        game.apply(game.legal_actions()[0])
    assert [sum(row) for row in game.plain] == [7] * players


def test_M_1_5_chambers_only_at_I_to_VI():
    game = engine.new_game("municipium", 4, seed=2)
    assert game.favour_space[0] == 0 and game.chamber[0] == -1
    assert all(game.favour_space[x] == 1 and game.chamber[x] >= 0 for x in CHAMBERS)


def test_M_1_6_prefect_circuit():
    game = start(2)
    visited = []
    for _ in range(6):
        at_card(game, 0)
        play(game, PlayFamily(1))
        play(game, game.legal_actions()[0])  # FamilyChoice("prefect")
        visited.append(game.prefect)
        game.family[0][1] = 1
    assert visited == [5, 6, 1, 2, 3, 4]


def test_M_1_7_family_cards_used_once():
    game = start(2)
    at_card(game, 0)
    assert [str(a) for a in game.legal_actions()] == ["card", "play:ci", "play:gf", "play:yp"]
    play(game, PlayFamily(2))
    at_card(game, 0)
    assert [str(a) for a in game.legal_actions()] == ["card", "play:ci", "play:gf"]
    assert game.supply(0)["family_cards"] == ["invitation", "great_family"]


def test_M_1_8_deck_three_of_each():
    game = start(3)
    at_card(game, 0)
    play(game, game.legal_actions()[0])
    assert game.chance_outcomes() == [("prefect_visit", 0.25), ("citizens_visit", 0.25),
                                      ("one_power", 0.25), ("all_powers", 0.25)]


def test_M_2_1_banner_citizens():
    game = engine.new_game("municipium", 2, seed=1)
    assert [row.index(1) for row in game.cit] == list(BANNER)
    assert game.bag == [14, 13, 13, 13]


def test_M_2_2_favours_on_chambers():
    game = engine.new_game("municipium", 3, seed=1)
    assert game.favour_space == [0, 1, 1, 1, 1, 1, 1] and game.favour_supply == 9


def test_M_2_3_prefect_starts_at_basilica():
    assert engine.new_game("municipium", 2, seed=1).prefect == 4


def test_M_2_4_chamber_citizens_only_with_three_or_more():
    assert engine.new_game("municipium", 2, seed=1).chamber == [-1] * 7
    three = engine.new_game("municipium", 3, seed=1)
    assert all(c >= 0 for c in three.chamber[1:]) and sum(three.bag) == 53 - 6


def test_M_2_5_deck_is_drawn_not_preshuffled():
    game = start(2)
    at_card(game, 1)
    play(game, game.legal_actions()[0])
    assert game.is_chance and sum(game.deck) == 12
    play(game, "one_power")
    assert game.deck == [3, 3, 2, 3] and game.top_discard == 2


def test_M_2_6_start_player_and_placement_order():
    fresh = Municipium(engine.make_setup("municipium", 3))
    assert fresh.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    game = engine.new_game("municipium", 3, seed=4, start_player=2)
    order = []
    for _ in range(21):
        order.append(game.current_player)
        game.apply(PlaceMember(6))
    assert order == [2, 0, 1] * 7
    assert game.plain[0][6] == 7 and game.pending()["kind"] == "move"


def test_M_2_7_initial_temple_order_ties_go_to_start_player_side():
    game = engine.new_game("municipium", 4, seed=4, start_player=2)
    temple_counts = {2: 1, 3: 2, 0: 1, 1: 0}
    placed = {seat: 0 for seat in range(4)}
    while game.pending()["kind"] == "initial":
        seat = game.current_player
        inst = 0 if placed[seat] < temple_counts[seat] else 3
        placed[seat] += 1
        game.apply(PlaceMember(inst))
    assert game.temple == [3, 2, 0, 1]
    assert game.active == 2


def test_pending_names_the_decision():
    game = start(3)
    game.stack.append(PlaceStep(2, (0, 1, 0, 0), "visit"))
    pending = game.pending()
    assert pending["seat"] == 2 and pending["rule"] == "M-1.3"
    assert pending["args"] == {"held": (0, 1, 0, 0), "purpose": "visit"}
