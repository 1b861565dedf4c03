"""M-8 the seven powers."""

from __future__ import annotations

from engine.municipium.actions import (
    CROWN,
    DONE,
    DRAW_CITIZEN,
    PASS,
    Exchange,
    ForumTake,
    Keep,
    PlaceCitizen,
    Relocate,
    Tavern,
    UsePower,
)
from engine.municipium.steps import AllPowersStep, EndTurnStep, YourPowersStep
from tests.municipium.helpers import citizens, hand, keys, members, play, run, start

END = EndTurnStep(-3)


def test_M_8_0_temple_resorts_track_stably():
    game = start(4)
    members(game, {0: {0: 1}, 1: {0: 2}, 2: {0: 1}})
    game.temple = [3, 2, 0, 1]
    run(game, END, AllPowersStep(-3, 0))
    assert game.temple == [1, 2, 0, 3]


def test_M_8_1_tavern_moves_an_opponents_members():
    game = start(3)
    members(game, {0: {1: 2}, 1: {4: 2, 0: 1}, 2: {4: 1}}, elect={1: {4: 1}})
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(1))
    legal = game.legal_actions()
    assert Tavern(4, 1, 2, 1) in legal and Tavern(4, 2, 1) in legal and Tavern(1, 0, 1) not in legal
    assert len([a for a in legal if a.src == 4 and a.seat == 1]) == 5
    play(game, Tavern(4, 1, 2, 1))
    assert game.plain[1][1] == 2 and game.elect[1][1] == 1 and game.plain[1][0] == 1
    assert game.influence_at(1) == [2, 4, 0]
    assert "Blue brings 3 of Orange's members from the Basilica to the Tavern" in [
        game.event_text(e).split(" (")[0] for e in game.events]


def test_M_8_2_baths_moves_everyone_and_crowns_own_member():
    game = start(3)
    members(game, {0: {2: 2, 3: 1}, 1: {2: 1}, 2: {0: 1}})
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(2))
    assert game.plain[1][0] == 1 and game.plain[0][0] == 2 and game.plain[0][2] == 0
    assert game.legal_actions() == [CROWN, PASS]
    play(game, CROWN)
    assert game.elect[0][0] == 1 and game.plain[0][0] == 1 and game.wreaths == 9
    assert game.influence_at(0) == [3, 1, 1]


def test_M_8_2_no_wreath_when_all_used():
    game = start(2)
    members(game, {0: {2: 1}})
    game.wreaths = 0
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(2))
    assert game.plain[0][0] == 1 and "no_wreath_left" in keys(game)
    assert game.pending()["kind"] == "move"


def test_M_8_3_emporium_draw_again_or_stop():
    game = start(2)
    members(game, {0: {3: 1}})
    citizens(game, {})
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(3), DRAW_CITIZEN, "priest", PlaceCitizen(0, 0))
    assert game.legal_actions() == [DRAW_CITIZEN, DONE]
    play(game, DRAW_CITIZEN, "priest", PlaceCitizen(0, 0), DONE)
    assert game.cit[0] == [2, 0, 0, 0] and game.pending()["kind"] == "move"


def test_M_8_3_emporium_must_stop_after_citizen_event():
    game = start(2)
    members(game, {0: {3: 1}, 1: {5: 1}})
    citizens(game, {5: "ap"})
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(3), DRAW_CITIZEN, "advocate", PlaceCitizen(3, 5))
    assert game.current_player == 1 and game.legal_actions() == [Keep(0, 3), Keep(3, 3)]
    play(game, Keep(3, 3))
    assert "emporium_stops" in keys(game) and game.pending()["kind"] == "move"


def test_M_8_3_emporium_stops_when_bag_empty():
    game = start(2)
    members(game, {0: {3: 1}})
    game.bag = [0, 0, 0, 1]
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(3), DRAW_CITIZEN, "advocate", PlaceCitizen(3, 4))
    assert game.pending()["kind"] == "move"


def test_M_8_4_basilica_exchange_three_items_or_draw():
    game = start(2)
    members(game, {0: {4: 1}})
    hand(game, 0, "ppp", favours=1)
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(4))
    legal = game.legal_actions()
    assert legal == [DRAW_CITIZEN, Exchange((3, 0, 0, 0, 0)), Exchange((2, 0, 0, 0, 1))]
    play(game, Exchange((2, 0, 0, 0, 1)))
    assert game.decurions[0] == 1 and game.hand[0] == [1, 0, 0, 0] and game.favours[0] == 0


def test_M_8_4_basilica_never_six_for_two_and_draw_keeps():
    game = start(2)
    members(game, {0: {4: 1}})
    hand(game, 0, "pppsss")
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(4), Exchange((3, 0, 0, 0, 0)))
    assert game.decurions[0] == 1 and game.hand[0] == [0, 3, 0, 0]
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(4), DRAW_CITIZEN, "merchant")
    assert game.hand[0] == [0, 3, 1, 0]


def test_M_8_5_forum_from_player_or_institution_never_chamber_or_favour():
    game = start(3)
    members(game, {0: {5: 1}})
    citizens(game, {2: "m"})
    hand(game, 1, "s", favours=2)
    game.chamber = [-1, 3, 3, 3, 3, 3, 3]
    run(game, END, YourPowersStep(-3, 0, 0))
    play(game, UsePower(5))
    assert game.legal_actions() == [ForumTake(1, seat=1), ForumTake(2, inst=2)]
    play(game, ForumTake(1, seat=1))
    assert game.hand[0] == [0, 1, 0, 0] and game.hand[1] == [0, 0, 0, 0]
    assert game.favours[1] == 2


def test_M_8_6_praetorium_relocates_member_by_member():
    game = start(2)
    members(game, {0: {6: 1, 0: 1}, 1: {6: 1}}, elect={0: {2: 1}})
    game.temple = [0, 1]
    run(game, END, YourPowersStep(-3, 0, 0))
    assert game.legal_actions() == [UsePower(2), PASS]
    play(game, PASS)
    assert game.legal_actions() == [UsePower(6), PASS]
    play(game, UsePower(6), Relocate(2, 5, True), Relocate(6, 1))
    assert Relocate(5, 4, True) not in game.legal_actions()
    assert Relocate(0, 3) in game.legal_actions()
    play(game, DONE)
    assert game.elect[0][5] == 1 and game.plain[0] == [1, 1, 0, 0, 0, 0, 0]
