"""M-3 goal and Decurions, M-4 influence, M-5 the turn, M-9 plurality."""

from __future__ import annotations

import pytest

import engine
from engine.municipium.actions import (
    DONE,
    DRAW_CARD,
    DRAW_CITIZEN,
    FamilyChoice,
    ForumTake,
    Keep,
    Move,
    PlaceCitizen,
    PlayFamily,
    UsePower,
)
from engine.municipium.steps import EndTurnStep, ForumStep, OnePowerStep, PlaceStep, YourPowersStep
from tests.municipium.helpers import (
    at_card,
    at_move,
    citizens,
    hand,
    keys,
    members,
    play,
    run,
    start,
)


def test_M_3_1_owned_citizens_and_favours_are_open():
    game = start(3)
    hand(game, 1, "pps", favours=2)
    assert game.supply(1)["citizens"] == {"priest": 2, "soldier": 1, "merchant": 0,
                                          "advocate": 0}
    assert game.supply(1)["favours"] == 2
    assert " O:7000000/0000000,pps,f2,d0,111 " in game.position()


def test_M_3_2_complete_set_is_exchanged_at_once():
    game = start(3)
    members(game, {0: {5: 1}})
    hand(game, 0, "psm")
    hand(game, 1, "a")
    bag = list(game.bag)
    run(game, ForumStep(0))
    play(game, ForumTake(3, seat=1))
    assert game.decurions[0] == 1 and game.hand[0] == [0, 0, 0, 0]
    assert [b - a for a, b in zip(bag, game.bag, strict=True)] == [1, 1, 1, 1]
    assert "decurion_set" in keys(game)


def test_M_3_2_two_sets_at_once():
    game = start(3)
    hand(game, 0, "ppssmm", favours=1)
    hand(game, 1, "a")
    members(game, {0: {5: 1}})
    supply = game.favour_supply
    run(game, ForumStep(0))
    play(game, ForumTake(3, seat=1))
    assert game.decurions[0] == 2
    assert game.hand[0] == [0, 0, 0, 0] and game.favours[0] == 0
    assert game.favour_supply == supply + 1
    assert keys(game).count("decurion_set") == 2


def test_M_3_3_real_citizens_first_favours_fill_the_gap():
    game = start(3)
    hand(game, 0, "psm", favours=2)
    hand(game, 1, "a")
    members(game, {0: {5: 1}})
    run(game, ForumStep(0))
    play(game, ForumTake(3, seat=1))
    assert game.decurions[0] == 1 and game.favours[0] == 2


def test_M_3_3_favours_are_wild_for_missing_types():
    """A Decurion exchange using favours as wild cards: priest + soldier + 2 favours."""
    game = start(2)
    hand(game, 0, "ps", favours=1)
    members(game, {0: {5: 1}})
    at_card(game, 0)
    play(game, DRAW_CARD, "prefect_visit")
    assert game.decurions[0] == 1 and game.favours[0] == 0 and game.hand[0] == [0, 0, 0, 0]


def test_M_3_4_game_ends_at_end_of_turn_not_at_once():
    game = start(3)
    members(game, {0: {4: 1}, 1: {1: 1}, 2: {2: 1}})
    hand(game, 0, "psm")
    game.decurions[0] = 4
    citizens(game, {4: "aa"})
    at_card(game, 0)
    play(game, DRAW_CARD, "citizens_visit", "advocate", PlaceCitizen(3, 4))
    assert game.decurions[0] == 5 and not game.is_over
    play(game, "soldier", PlaceCitizen(1, 6), "priest", PlaceCitizen(0, 0))
    assert game.is_over and keys(game)[-1] == "game_over"


@pytest.mark.parametrize("short, over", [(False, False), (True, True)])
def test_M_3_4_short_game_ends_at_four(short, over):
    game = start(2, short=short)
    assert game.end_target() == (4 if short else 5)
    assert game.end_reached() == []
    game.decurions[1] = 4
    assert game.end_reached() == ([1] if short else [])
    at_card(game, 0)
    play(game, PlayFamily(1), FamilyChoice("prefect"))
    assert game.is_over is over


def test_M_3_5_winner_tie_breaks():
    game = start(4)
    game.decurions[:] = [5, 5, 5, 3]
    hand(game, 0, "pp", favours=1)
    hand(game, 1, "s", favours=1)
    hand(game, 2, "m")
    hand(game, 3, "pppsss")
    result = game.result()
    assert [r.rank for r in result] == [1, 2, 3, 4]
    assert result[0].breakdown[:2] == (("decurions", 5), ("favours_and_citizens", 3))
    hand(game, 1, "ss", favours=1)
    assert [r.rank for r in game.result()] == [1, 1, 3, 4]


def test_M_4_1_elect_member_counts_two():
    game = start(3)
    members(game, {0: {3: 2}, 1: {3: 1}}, elect={1: {3: 1}})
    assert game.influence_at(3) == [2, 3, 0]
    assert game.ranking_at(3) == [1, 0]


def test_M_4_2_ties_broken_by_temple_order():
    game = start(4)
    members(game, {0: {5: 2}, 1: {5: 2}, 3: {5: 1}})
    game.temple = [3, 1, 2, 0]
    assert game.ranking_at(5) == [1, 0, 3]
    game.temple = [0, 3, 2, 1]
    assert game.ranking_at(5) == [0, 1, 3]
    assert game.ranking_at(6) == []


def test_M_4_2_only_one_player_present_means_no_second():
    """RULING: one player with several members is "only one family member" for events."""
    game = start(3)
    members(game, {2: {4: 3}})
    citizens(game, {4: "a"})
    game.bag = [5, 5, 5, 5]
    game.stack.append(PlaceStep(2, (0, 0, 0, 2), "invite"))
    play(game, PlaceCitizen(3, 4), PlaceCitizen(3, 4))
    assert game.hand[2] == [0, 0, 0, 2] and game.bag == [5, 5, 5, 6]


def test_M_5_1_two_members_one_step_each():
    game = start(2)
    members(game, {0: {0: 2}})
    at_move(game, 0)
    play(game, Move(0, 1), Move(0, 4))
    assert game.plain[0] == [0, 1, 0, 0, 1, 0, 0] and game.pending()["kind"] == "card"


def test_M_5_1_one_member_two_steps_must_end_elsewhere():
    game = start(2)
    members(game, {0: {0: 1}})
    at_move(game, 0)
    play(game, Move(0, 1))
    legal = game.legal_actions()
    assert Move(1, 2) in legal and Move(1, 6) in legal and Move(1, 0) not in legal
    message, rule = game.why_illegal(Move(1, 0))
    assert rule == "M-5.1" and "end elsewhere" in message
    play(game, Move(1, 2))
    assert game.plain[0][2] == 1 and game.pending()["kind"] == "card"


def test_M_5_1_moving_back_is_legal_as_a_different_member():
    game = start(2)
    members(game, {0: {0: 1, 1: 1}})
    at_move(game, 0)
    play(game, Move(0, 1))
    assert Move(1, 0) in game.legal_actions()
    play(game, Move(1, 0))
    assert game.plain[0][:2] == [1, 1]


def test_M_5_1_elect_member_keeps_wreath_and_is_another_member():
    game = start(2)
    members(game, {0: {0: 1}}, elect={0: {1: 1}})
    at_move(game, 0)
    play(game, Move(0, 1))
    assert Move(1, 0, True) in game.legal_actions() and Move(1, 0) not in game.legal_actions()
    play(game, Move(1, 0, True))
    assert game.elect[0][0] == 1 and game.plain[0][1] == 1


def test_M_5_1_no_member_there_and_done():
    game = start(2)
    members(game, {0: {0: 1}})
    at_move(game, 0)
    message, rule = game.why_illegal(Move(4, 5))
    assert rule == "M-5.1" and "no plain family member" in message
    play(game, DONE)
    assert game.pending()["kind"] == "card"


def test_M_5_2_card_is_mandatory_and_discarded_face_up():
    game = start(2)
    at_move(game, 0)
    play(game, DONE)
    assert game.legal_actions()[0] == DRAW_CARD and DONE not in game.legal_actions()
    with pytest.raises(engine.IllegalAction) as error:
        game.apply(DONE)
    assert error.value.rule == "M-5.2"
    play(game, DRAW_CARD, "all_powers")
    assert game.top_discard == 3 and game.discard == [0, 0, 0, 1]


def test_M_5_3_discard_pile_reshuffled_when_deck_empty():
    game = start(2)
    game.deck, game.discard, game.top_discard = [0, 0, 0, 0], [3, 3, 3, 3], 1
    at_card(game, 0)
    play(game, DRAW_CARD)
    assert game.deck == [3, 3, 3, 3] and game.discard == [0, 0, 0, 0]
    assert "reshuffle" in keys(game)
    play(game, "citizens_visit")
    assert game.deck == [3, 2, 3, 3]


def test_M_5_4_play_passes_clockwise():
    game = start(3)
    members(game, {0: {0: 7}, 1: {0: 7}, 2: {0: 7}})
    at_move(game, 2)
    play(game, DONE, PlayFamily(1), FamilyChoice("prefect"))
    assert game.pending()["kind"] == "draw"
    play(game, "priest")
    assert game.active == 0 and game.current_player == 0 and game.turn == 2


def test_M_9_plurality_not_majority():
    game = start(4)
    members(game, {0: {4: 2}, 1: {4: 1}, 2: {4: 1}, 3: {4: 1}})
    hand(game, 0, "pp")
    game.bag = [0, 0, 1, 0]
    run(game, EndTurnStep(-3), YourPowersStep(-3, 0, 0))
    assert game.legal_actions() == [UsePower(4), game.legal_actions()[-1]]
    play(game, UsePower(4), DRAW_CITIZEN, "merchant")
    assert game.hand[0] == [2, 0, 1, 0]


def test_keep_choice_is_a_real_decision():
    game = start(3)
    members(game, {1: {2: 1}})
    citizens(game, {2: "pm"})
    game.stack.append(PlaceStep(1, (0, 0, 1, 0), "visit"))
    play(game, PlaceCitizen(2, 2))
    assert game.legal_actions() == [Keep(0, 2), Keep(2, 2)]


def test_why_illegal_names_the_rule():
    game = start(3)
    members(game, {0: {5: 1}, 1: {6: 2}})
    at_card(game, 0)
    game.family[0][2] = 0
    assert game.why_illegal(PlayFamily(2))[1] == "M-1.7"
    assert game.why_illegal(Move(5, 6))[1] == "M-5.2"
    run(game, EndTurnStep(-3), OnePowerStep(-3, 0))
    assert game.why_illegal(UsePower(6))[1] == "M-6.6"
    play(game, UsePower(5))
    assert game.why_illegal(ForumTake(0, seat=0))[1] == "M-8.5"
