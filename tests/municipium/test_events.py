"""M-6 events: Prefect events, citizen events, chamber citizens, powers by rank 1, empty bag."""

from __future__ import annotations

from engine.municipium.actions import (
    DRAW_CARD,
    ChamberChoice,
    FamilyChoice,
    Keep,
    PlaceCitizen,
    PlayFamily,
    UsePower,
)
from engine.municipium.steps import PlaceStep
from tests.municipium.helpers import at_card, citizens, hand, keys, members, play, start


def prefect_to(game, inst, seat=0):
    """Put the Prefect just before ``inst`` and have ``seat`` turn over a Prefect Visit."""
    game.prefect = {1: 6, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5}[inst]
    at_card(game, seat)
    play(game, DRAW_CARD, "prefect_visit")


def test_M_6_1_rank_one_takes_favour_rank_two_the_chamber_citizen():
    game = start(3)
    members(game, {0: {5: 1}, 1: {5: 2}, 2: {5: 1}})
    game.temple = [2, 0, 1]
    game.chamber[5] = 0
    prefect_to(game, 5)
    assert game.favours == [0, 1, 0] and game.hand[2] == [1, 0, 0, 0]
    assert "Orange takes the favour at the Forum (Prefect event, M-6.1)" in [
        game.event_text(e) for e in game.events]


def test_M_6_1_only_one_player_takes_favour_citizen_back_to_bag():
    game = start(3)
    members(game, {1: {5: 3}})
    game.chamber[5] = 2
    bag = list(game.bag)
    prefect_to(game, 5)
    assert game.favours[1] == 1 and game.hand[1] == [0, 0, 0, 0]
    assert game.bag[2] == bag[2] + 1 and "chamber_citizen_to_bag" in keys(game)


def test_M_6_1_nobody_present():
    game = start(3)
    members(game, {0: {1: 1}})
    game.chamber[5] = 3
    prefect_to(game, 5)
    assert game.favours == [0, 0, 0] and game.favour_space[5] == 1
    assert game.favour_supply == 9 and "chamber_citizen_to_bag" in keys(game)


def test_M_6_1_two_players_no_chamber_citizens():
    """2-player Prefect event: the rank-2 player gets nothing, nothing is drawn."""
    game = start(2)
    members(game, {0: {6: 1}, 1: {6: 2}})
    bag = list(game.bag)
    prefect_to(game, 6)
    assert game.favours == [0, 1] and game.hand[0] == [0, 0, 0, 0]
    assert game.bag == bag and game.chamber == [-1] * 7 and not game.is_chance
    assert game.pending()["kind"] == "move" and game.active == 1


def test_M_6_2_refill_favour_and_draw_chamber_citizen():
    game = start(3)
    members(game, {0: {5: 1}, 1: {5: 1}})
    prefect_to(game, 5)
    assert game.favour_space[5] == 1 and game.favour_supply == 8
    assert game.chamber[5] == -1 and game.pending()["kind"] == "draw"
    play(game, "merchant")
    assert game.chamber[5] == 2


def test_M_6_2_empty_supply_leaves_space_empty():
    game = start(2)
    members(game, {0: {5: 1}})
    game.favour_supply = 0
    prefect_to(game, 5)
    assert game.favour_space[5] == 0 and "no_favour_to_refill" in keys(game)
    game.favour_supply = 1
    game.prefect = 4
    at_card(game, 1)
    play(game, PlayFamily(1), FamilyChoice("prefect"))
    assert game.favour_space[5] == 1 and game.favours[0] == 1


def test_M_6_3_favour_tokens_are_wild():
    game = start(2)
    members(game, {0: {5: 1}})
    hand(game, 0, "psm")
    prefect_to(game, 5)
    assert game.decurions[0] == 1 and game.favours[0] == 0


def test_M_6_4_rank_one_keeps_two_rank_two_takes_third():
    game = start(3)
    members(game, {0: {2: 1}, 1: {2: 1}})
    game.temple = [1, 0, 2]
    citizens(game, {2: "pm"})
    game.stack.append(PlaceStep(2, (0, 0, 1, 0), "visit"))
    play(game, PlaceCitizen(2, 2))
    assert game.current_player == 1 and game.pending()["kind"] == "keep"
    play(game, Keep(2, 2))
    assert game.hand[1] == [0, 0, 2, 0] and game.hand[0] == [1, 0, 0, 0]
    assert game.cit[2] == [0, 0, 0, 0]


def test_M_6_4_single_choice_is_automatic_and_nobody_present_returns_all():
    game = start(3)
    members(game, {0: {3: 1}})
    citizens(game, {3: "mm", 2: "pp"})
    bag = list(game.bag)
    game.stack.append(PlaceStep(2, (1, 0, 1, 0), "invite"))
    play(game, PlaceCitizen(2, 3))
    assert game.hand[0] == [0, 0, 2, 0] and game.bag[2] == bag[2] + 1
    play(game, PlaceCitizen(0, 2))
    assert game.cit[2] == [0, 0, 0, 0] and game.bag[0] == bag[0] + 3
    assert "citizens_to_bag" in keys(game)


def test_M_6_4_citizen_event_interrupts_invitation_and_emptied_place_fills_again():
    game = start(3)
    members(game, {0: {4: 1}, 1: {4: 2}}, )
    citizens(game, {4: "a"})
    at_card(game, 0)
    play(game, PlayFamily(0), "advocate", "advocate", "priest", "advocate")
    assert game.pending()["params"] == ((1, 0, 0, 3), "invite")
    play(game, PlaceCitizen(3, 4))
    assert game.cit[4] == [0, 0, 0, 2]
    play(game, PlaceCitizen(3, 4))
    assert game.pending()["kind"] == "place"  # event resolved automatically (aaa)
    assert game.hand[1] == [0, 0, 0, 2] and game.hand[0] == [0, 0, 0, 1]
    assert game.cit[4] == [0, 0, 0, 0]
    play(game, PlaceCitizen(3, 4))
    assert game.cit[4] == [0, 0, 0, 1]
    play(game, PlaceCitizen(0, 4))
    assert game.cit[4] == [1, 0, 0, 1] and game.pending()["kind"] == "move"


def test_M_6_5_per_chamber_refills_the_visited_chamber():
    game = start(4)
    assert all(c >= 0 for c in game.chamber[1:])
    members(game, {0: {6: 1}, 1: {6: 1}})
    kept = list(game.chamber)
    prefect_to(game, 6)
    play(game, "priest")
    assert game.chamber[6] == 0 and game.chamber[:6] == kept[:6]


def test_M_6_5_single_chamber_citizen():
    game = start(3, chamber="single")
    assert sum(1 for c in game.chamber if c >= 0) == 1
    members(game, {0: {5: 1}, 1: {5: 1}})
    game.chamber = [-1, -1, -1, -1, -1, 2, -1]
    game.prefect = 4
    at_card(game, 2)
    play(game, DRAW_CARD, "prefect_visit")
    assert game.hand[1] == [0, 0, 1, 0]
    play(game, "soldier")
    assert game.current_player == 2 and game.legal_actions() == [ChamberChoice(1),
                                                                 ChamberChoice(6)]
    play(game, ChamberChoice(6))
    assert game.chamber == [-1] * 6 + [1]


def test_M_6_5_single_chamber_citizen_elsewhere_stays():
    game = start(3, chamber="single")
    members(game, {0: {5: 1}, 1: {5: 1}})
    game.chamber = [-1, 0, -1, -1, -1, -1, -1]
    prefect_to(game, 5)
    assert game.chamber[1] == 0 and not game.is_chance and game.hand[1] == [0, 0, 0, 0]


def test_M_6_5_single_at_setup_is_placed_by_start_player():
    import engine
    game = engine.new_game("municipium", 4, seed=3, start_player=3, chamber_citizens="single")
    assert game.current_player == 3 and game.pending()["kind"] == "single_place"


def test_M_6_6_power_only_for_rank_one_with_influence():
    game = start(3)
    members(game, {0: {3: 1, 5: 2}, 1: {5: 2}, 2: {6: 1}})
    game.temple = [1, 0, 2]
    at_card(game, 0)
    play(game, DRAW_CARD, "one_power")
    assert game.current_player == 0 and game.legal_actions()[:-1] == [UsePower(3)]


def test_M_6_7_empty_bag_skips_draws():
    game = start(3)
    game.bag = [0, 0, 0, 0]
    members(game, {0: {4: 1}})
    at_card(game, 0)
    play(game, DRAW_CARD, "citizens_visit")
    assert keys(game).count("bag_empty") == 3 and game.pending()["kind"] == "move"
    game.bag = [0, 0, 0, 1]
    at_card(game, 0)
    play(game, PlayFamily(0), "advocate")
    assert game.pending()["params"] == ((0, 0, 0, 1), "invite")
    play(game, PlaceCitizen(3, 5))
    assert game.pending()["kind"] == "move"


def test_M_6_7_empty_bag_chamber_stays_empty_until_a_later_refill():
    game = start(3)
    members(game, {0: {5: 1}, 1: {5: 1}})
    game.chamber[5] = 1
    game.bag = [0, 0, 0, 0]
    prefect_to(game, 5)
    assert game.hand[1] == [0, 1, 0, 0] and game.chamber[5] == -1
    assert "bag_empty" in keys(game) and game.pending()["kind"] == "move"
    game.bag = [0, 0, 2, 0]
    game.prefect = 4
    at_card(game, 1)
    play(game, PlayFamily(1), FamilyChoice("prefect"), "merchant")
    assert game.chamber[5] == 2


def test_M_6_7_basilica_without_citizens_in_the_bag():
    from engine.municipium.actions import DRAW_CITIZEN, Exchange
    game = start(2)
    members(game, {0: {4: 1}})
    game.bag = [0, 0, 0, 0]
    hand(game, 0, "pp", favours=1)
    at_card(game, 0)
    play(game, PlayFamily(2), UsePower(4))
    assert DRAW_CITIZEN not in game.legal_actions()
    assert game.legal_actions() == [Exchange((2, 0, 0, 0, 1))]
    hand(game, 0, "pp")
    at_card(game, 0)
    game.family[0][2] = 1
    play(game, PlayFamily(2))
    assert game.pending()["kind"] == "move"  # nothing the Basilica could do: not offered


def test_M_6_4_citizen_event_between_citizens_visit_placements():
    game = start(3)
    members(game, {2: {2: 1}})
    citizens(game, {2: "mm"})
    at_card(game, 1)
    play(game, DRAW_CARD, "citizens_visit", "merchant", PlaceCitizen(2, 2))
    assert game.hand[2] == [0, 0, 2, 0] and game.cit[2] == [0, 0, 0, 0]
    play(game, "merchant")
    assert game.current_player == 2
    play(game, PlaceCitizen(2, 2))
    assert game.cit[2] == [0, 0, 1, 0]
