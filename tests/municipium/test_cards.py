"""M-7 the cards."""

from __future__ import annotations

from engine.municipium.actions import (
    DONE,
    DRAW_CARD,
    PASS,
    FamilyChoice,
    PlaceCitizen,
    PlayFamily,
    Relocate,
    Tavern,
    UsePower,
)
from tests.municipium.helpers import at_card, citizens, keys, members, play, start


def test_M_7_1_prefect_visit_moves_one_chamber_and_triggers_event():
    game = start(2)
    members(game, {1: {5: 1}})
    at_card(game, 0)
    play(game, DRAW_CARD, "prefect_visit")
    assert game.prefect == 5 and game.favours == [0, 1]


def test_M_7_2_citizens_visit_each_player_places_from_active_clockwise():
    game = start(3)
    members(game, {0: {0: 1}})
    citizens(game, {})
    at_card(game, 1)
    play(game, DRAW_CARD, "citizens_visit")
    placers = []
    for outcome in ("soldier", "merchant", "priest"):
        play(game, outcome)
        placers.append(game.current_player)
        play(game, game.legal_actions()[-1])
    assert placers == [1, 2, 0]
    assert game.cit[6] == [1, 1, 0, 0] and game.cit[3] == [0, 0, 1, 0]
    assert game.pending()["kind"] == "move"


def test_M_7_3_invitation_draws_four_then_places_in_chosen_order():
    game = start(2)
    citizens(game, {})
    at_card(game, 0)
    play(game, PlayFamily(0))
    for outcome in ("priest", "soldier", "merchant", "advocate"):
        assert game.is_chance
        play(game, outcome)
    assert game.held_citizens() == [1, 1, 1, 1]
    assert {a.ctype for a in game.legal_actions()} == {0, 1, 2, 3}
    play(game, PlaceCitizen(3, 5), PlaceCitizen(0, 6), PlaceCitizen(1, 6), PlaceCitizen(2, 3))
    assert game.cit[6] == [1, 1, 0, 0] and game.pending()["kind"] == "move"
    assert game.family[0] == [0, 1, 1]


def test_M_7_4_great_family_prefect_or_relocate():
    game = start(2)
    members(game, {0: {0: 3}, 1: {2: 1}})
    at_card(game, 0)
    play(game, PlayFamily(1))
    assert game.legal_actions() == [FamilyChoice("prefect"), FamilyChoice("relocate")]
    play(game, FamilyChoice("relocate"), Relocate(0, 3), Relocate(0, 5))
    assert Relocate(3, 4) not in game.legal_actions()  # already relocated
    play(game, DONE)
    assert game.plain[0] == [1, 0, 0, 1, 0, 1, 0] and game.plain[1][2] == 1


def test_M_7_5_all_powers_in_order_temple_reorder_changes_later_ranks():
    """All Powers: the Temple (first) re-sorts the track; the tie at the Tavern then goes to
    the new leader."""
    game = start(3)
    members(game, {0: {1: 1}, 1: {0: 2, 1: 1}, 2: {0: 1}})
    game.temple = [0, 2, 1]
    assert game.ranking_at(1) == [0, 1]
    at_card(game, 0)
    play(game, DRAW_CARD, "all_powers")
    assert game.temple == [1, 2, 0] and keys(game).count("exert_power") == 1
    assert game.current_player == 1 and game.pending()["params"] == ((1,),)
    play(game, PASS)
    assert game.pending()["kind"] == "move"


def test_M_7_6_one_power_each_player_clockwise_chooses_or_passes():
    game = start(3)
    members(game, {0: {6: 1}, 1: {2: 1, 3: 1}, 2: {4: 1}})
    game.bag = [1, 1, 1, 1]
    at_card(game, 1)
    play(game, DRAW_CARD, "one_power")
    assert game.current_player == 1
    assert game.legal_actions() == [UsePower(2), UsePower(3), PASS]
    play(game, PASS)
    assert game.current_player == 2 and game.legal_actions() == [UsePower(4), PASS]
    play(game, PASS)
    assert game.current_player == 0 and game.legal_actions() == [UsePower(6), PASS]
    play(game, PASS)
    assert game.pending()["kind"] == "move" and game.active == 2


def test_M_7_7_your_powers_in_number_order_re_evaluated():
    """Tavern (I) pulls the Praetorium's members away, so the Praetorium (VI) is not offered."""
    game = start(2)
    members(game, {0: {1: 2, 6: 1}, 1: {5: 1}})
    at_card(game, 0)
    play(game, PlayFamily(2))
    assert game.legal_actions() == [UsePower(1), PASS]
    play(game, UsePower(1), Tavern(6, 0, 1))
    assert game.pending()["kind"] == "move"
    assert keys(game).count("exert_power") == 1 and game.plain[0] == [0, 3, 0, 0, 0, 0, 0]


def test_M_7_8_powers_are_optional_except_the_temple():
    game = start(2)
    members(game, {0: {0: 1, 5: 1}})
    game.temple = [1, 0]
    at_card(game, 0)
    play(game, PlayFamily(2))
    assert game.temple == [0, 1]  # Temple exerted automatically, no decision
    assert game.legal_actions() == [UsePower(5), PASS]
    play(game, PASS)
    assert "pass_power" in keys(game) and game.pending()["kind"] == "move"
