"""One test (at least) per rule id of the Concordia spec, each from a concrete position."""

from __future__ import annotations

import pytest

import engine
from engine.concordia import Concordia, parse
from engine.concordia.cards import ArchitectStep, MercatorStep, SenatorStep, TurnStep
from engine.concordia.components import CARDS, PILES
from engine.concordia.notation import DONE, Action
from tests.concordia.helpers import (
    B,
    C,
    F,
    T,
    W,
    city,
    give_card,
    new,
    play,
    put_colonist,
    put_house,
    route,
    set_goods,
    set_token,
    to_turn,
)

# ------------------------------------------------------------------ C-1 components


@pytest.mark.parametrize("good, price", [(B, 3), (F, 4), (T, 5), (W, 6), (C, 7)])
def test_C_1_1_goods_trade_at_their_prices(good, price):
    g = new()
    set_goods(g, 0, **{("brick", "food", "tool", "wine", "cloth")[good]: 2})
    money = g.money[0]
    play(g, "ME3", Action("sell", good, 2))
    assert g.money[0] == money + 3 + 2 * price
    play(g, Action("buy", (good + 1) % 5, 1))
    assert g.money[0] == money + 3 + 2 * price - (3, 4, 5, 6, 7)[(good + 1) % 5]


def test_C_1_2_storehouse_shared_by_goods_and_colonists():
    g = new()
    assert g.free_space(0) == 12 - 6 - 4
    set_goods(g, 0, food=1, tool=1)
    play(g, "TRI", "L@12")
    assert g.stored[0] == [1, 2]
    assert g.free_space(0) == 12 - 0 - 3


def test_C_1_3_pieces_per_player_and_the_fifteenth_house():
    g = new()
    assert all(len(h) == 7 for h in g.hand)
    assert all(len(c) + sum(s) == 6 for c, s in zip(g.colonists, g.stored))
    g.nhouses[0] = 15
    put_colonist(g, 0, 0, route(g, "novaria", "roma"))
    set_goods(g, 0, brick=5, food=5, tool=5, wine=5, cloth=5)
    g.money[0] = 50
    play(g, "ARC")
    assert not any(a.verb == "build" for a in g.legal_actions())
    assert g.why_illegal(Action("build", city(g, "novaria")))[1] == "C-1.3"


def test_C_1_4_starting_hand():
    g = new()
    names = sorted((CARDS[c][0], CARDS[c][1]) for c in g.hand[1])
    assert names == sorted([("Tribune", "Mars"), ("Architect", "Jupiter"),
                            ("Prefect", "Saturnus"), ("Prefect", "Saturnus"),
                            ("Mercator", "Mercurius"), ("Diplomat", "Jupiter"),
                            ("Senator", "Vesta")])
    mercator = next(c for c in g.hand[1] if CARDS[c][0] == "Mercator")
    assert CARDS[mercator][3] == 3


def test_C_1_5_cards_for_sale_and_specialists():
    assert [len(p) for p in PILES] == [8, 7, 6, 5, 4]
    specialists = {CARDS[c][0]: CARDS[c][3][1] for p in PILES for c in p
                   if CARDS[c][1] == "Minerva"}
    assert specialists == {"Mason": 3, "Farmer": 3, "Smith": 3, "Vintner": 4, "Weaver": 5}


def test_C_1_6_concordia_card_is_worth_seven():
    g = new()
    g.concordia = 1
    assert dict(g.projected_scores()[1])["Concordia"] == 7
    assert dict(g.projected_scores()[0])["Concordia"] == 0


def test_C_1_7_maps_and_player_counts():
    with pytest.raises(engine.SetupError, match="Imperium map is for 3–5"):
        engine.new_game("concordia", 2)
    with pytest.raises(engine.SetupError, match="Italia map is for 2–4"):
        engine.new_game("concordia", 5, map="italia")
    g = new(2, "italia")
    roma = g.board.roma
    assert g.board.province_of[roma] == -1 and g.token[roma] == -1
    put_colonist(g, 0, 0, route(g, "casinum", "roma"))
    play(g, "ARC")
    assert Action("build", roma) not in g.legal_actions()
    assert g.why_illegal(Action("build", roma)) == ("no houses can be built in Roma", "C-4.2")


@pytest.mark.parametrize("map_name, players", [("imperium", 3), ("italia", 2)])
def test_C_1_8_city_tokens_per_letter(map_name, players):
    g = new(players, map_name)
    from engine.concordia.components import TOKENS
    for letter in "ABCD":
        placed = [0] * 5
        for c in g.board.token_cities:
            if g.board.letters[c] == letter:
                placed[g.token[c]] += 1
        if map_name == "italia" and letter == "D":
            assert placed == [0] * 5
        else:
            assert tuple(placed) == TOKENS[letter]


def test_C_1_9_bonus_marker_coins():
    g = new()
    for p in range(len(g.marker)):
        g.marker[p] = C if p == 0 else T
    g.flipped[0] = g.flipped[1] = g.flipped[2] = 1
    play(g, "PRE")
    money = g.money[0]
    play(g, "cash")
    assert g.money[0] == money + 1 + 2 + 2


# ------------------------------------------------------------------ C-2 setup


def test_C_2_1_city_tokens_are_chance_nodes_by_letter():
    g = Concordia(engine.make_setup("concordia", 3, start_player=0))
    assert g.is_chance
    first = g.board.token_cities[0]
    letter = g.board.letters[first]
    assert letter == "A"
    outcomes = dict(g.chance_outcomes())
    assert outcomes == pytest.approx({B: 2 / 7, F: 2 / 7, T: 1 / 7, W: 1 / 7, C: 1 / 7})
    g.apply(C)
    assert g.token[first] == C
    second = g.board.token_cities[1]
    assert g.board.letters[second] == "A"
    assert C not in dict(g.chance_outcomes())


def test_C_2_2_bonus_marker_is_the_most_valuable_good():
    g = new()
    for p, cities in enumerate(g.board.province_cities):
        assert g.marker[p] == max(g.token[c] for c in cities)
        assert not g.flipped[p]


def test_C_2_3_player_setup():
    g = new(4)
    roma = g.board.roma
    for s in range(4):
        assert g.goods[s] == [1, 2, 1, 1, 1]
        assert g.stored[s] == [2, 2]
        assert sorted(g.colonists[s]) == [roma * 2, roma * 2 + 1]
        assert g.nhouses[s] == 0 and g.discard[s] == []
        assert dict(g.projected_scores()[s])["Mars"] == 2 * 2  # Tribune: 2 colonists on board


def test_C_2_4_random_start_player_and_money_by_seat():
    g = Concordia(engine.make_setup("concordia", 4))
    assert g.is_chance
    assert g.chance_outcomes() == [(s, 0.25) for s in range(4)]
    g.apply(2)
    assert g.money == [7, 8, 5, 6]
    assert g.pm == 1
    fixed = new(5, start=3)
    assert fixed.money == [7, 8, 9, 5, 6]
    assert fixed.pending_step().step == TurnStep(3)


def test_C_2_5_last_player_holds_praefectus_magnus():
    assert new(3, start=0).pm == 2
    assert new(4, start=2).pm == 1


def test_C_2_6_deck_piles_and_display():
    g = new(3)
    assert len(g.display) == 7
    assert all(c in PILES[0] for c in g.display)
    assert [len(p) for p in g.deck] == [1, 7, 6]
    two = new(2, "italia")
    assert len(two.deck) == 2
    # the next draw comes from what is left of pile I, then pile II
    g.deck[0] = []
    g.display.pop()
    g.refill()
    outcomes = dict(g.chance_outcomes())
    assert set(outcomes) == set(PILES[1])


# ------------------------------------------------------------------ C-3 a turn


def test_C_3_1_card_to_discard_and_play_passes_clockwise():
    g = new(3, start=1)
    play(g, "PRE", "done")
    assert [CARDS[c][0] for c in g.discard[1]] == ["Prefect"]
    assert g.pending_step().step == TurnStep(2)
    play(g, "PRE", "done")
    assert g.pending_step().step == TurnStep(0)
    assert g.why_illegal(Action("play", 99)) == ("that card is not in the player's hand",
                                                 "C-3.1")


def test_C_3_2_a_card_may_be_played_for_nothing():
    g = new()
    play(g, "ARC")
    assert DONE in g.legal_actions()
    money, goods = list(g.money), [list(x) for x in g.goods]
    play(g, "done")
    assert g.pending_step().step == TurnStep(1)
    assert g.colonists == new().colonists and g.houses == new().houses
    assert g.money == money and g.goods == goods
    assert [CARDS[c][0] for c in g.discard[0]] == ["Architect"]


# ------------------------------------------------------------------ C-4 card actions


def test_C_4_1_tribune_takes_back_cards_pays_beyond_three_and_buys_a_colonist():
    g = new()
    for name in (2, 2, 3, 5):  # both Prefects, the Mercator and the Senator were played
        g.discard[0].append(g.hand[0].pop(g.hand[0].index(name)))
    money = g.money[0]
    play(g, "TRI")
    assert g.discard[0] == [] and len(g.hand[0]) == 7
    assert g.money[0] == money + 2  # 5 cards back (Tribune included): 2 beyond 3
    assert set(g.legal_actions()) == {parse("L@12"), parse("S@12"), DONE}
    play(g, "S@12")
    assert g.stored[0] == [2, 1]
    assert g.goods[0][F] == 1 and g.goods[0][T] == 0
    assert g.pending_step().step == TurnStep(1)


def test_C_4_1_tribune_colonist_needs_food_and_tool():
    g = new()
    set_goods(g, 0, food=1)
    play(g, "TRI")
    assert g.pending_step().step == TurnStep(1)


def test_C_4_2_colonists_pass_occupied_routes_but_never_end_on_one():
    g = new()
    r_nov = route(g, "novaria", "roma")
    r_mas = route(g, "massilia", "novaria")
    put_colonist(g, 1, 0, r_nov)
    g.colonists[0].append(city(g, "roma") * 2)  # a second land colonist in Roma: 3 points
    g.stored[0][0] -= 1
    play(g, "ARC")
    assert g.pending_step()["points"] == 3
    legal = g.legal_actions()
    assert Action("move", 0, r_nov) not in legal
    assert g.why_illegal(Action("move", 0, r_nov)) == (
        "a colonist may pass an occupied route but never end its move on one", "C-4.2")
    assert Action("move", 0, r_mas) in legal  # through the occupied Roma–Novaria route
    play(g, Action("move", 0, r_mas))
    assert g.pending_step()["points"] == 1
    assert g.colonists[0][0] >> 1 == g.board.ncities + r_mas


def test_C_4_2_movement_points_types_and_no_return_to_cities():
    g = new()
    play(g, "ARC")
    assert g.pending_step().step == ArchitectStep(0, 2, 0)
    legal = g.legal_actions()
    moves = [a for a in legal if a.verb == "move"]
    b = g.board
    for a in moves:
        kind = g.colonists[0][a.a] & 1
        assert b.routes[a.b][2] == kind
        assert b.distance[(g.colonists[0][a.a] >> 1, kind)][a.b] <= 2
    sea = route(g, "carthago", "roma", "sea")
    assert g.why_illegal(Action("move", 0, sea))[1] == "C-4.2"
    play(g, Action("move", 0, route(g, "aquileia", "roma")))
    # a colonist on a route only ever moves to routes: every option is a route index
    assert all(0 <= a.b < b.nroutes for a in g.legal_actions() if a.verb == "move")
    assert g.reachable_routes(0, 0) == {r: 1 for r in b.route_next[route(g, "aquileia", "roma")]
                                        if not g.occupied[r]}


def test_C_4_2_houses_next_to_own_colonists_one_per_city_building_ends_moving():
    g = new()
    set_token(g, "novaria", B)
    put_colonist(g, 0, 0, route(g, "novaria", "roma"))
    play(g, "ARC")
    legal = g.legal_actions()
    assert Action("build", city(g, "novaria")) in legal
    assert Action("build", city(g, "aquileia")) not in legal
    assert g.why_illegal(Action("build", city(g, "aquileia")))[1] == "C-4.2"
    set_goods(g, 0, food=1)
    play(g, f"h{city(g, 'novaria')}")
    assert g.houses[city(g, "novaria")] == 1
    assert g.pending_step().step == TurnStep(1)  # building ended the moves; nothing else affordable
    g2 = new()
    put_house(g2, 0, "novaria")
    put_colonist(g2, 0, 0, route(g2, "novaria", "roma"))
    play(g2, "ARC")
    assert g2.why_illegal(Action("build", city(g2, "novaria"))) == (
        "a player may have only one house in a city", "C-4.2")


def test_C_4_3_house_in_a_city_with_two_other_houses_pays_three_times():
    g = new()
    set_token(g, "novaria", W)
    put_house(g, 1, "novaria")
    put_house(g, 2, "novaria")
    put_colonist(g, 0, 0, route(g, "novaria", "roma"))
    set_goods(g, 0, brick=1, wine=1)
    g.money[0] = 12
    assert g.house_cost(0, city(g, "novaria")) == ((B, W), 12)
    play(g, "ARC", f"h{city(g, 'novaria')}")
    assert g.money[0] == 0 and g.goods[0] == [0, 0, 0, 0, 0]
    assert g.houses[city(g, "novaria")] == 0b111


@pytest.mark.parametrize("good, goods, money", [
    (B, (F,), 1), (F, (B, F), 2), (T, (B, T), 3), (W, (B, W), 4), (C, (B, C), 5)])
def test_C_4_3_house_cost_by_good(good, goods, money):
    g = new()
    set_token(g, "aquileia", good)
    assert g.house_cost(0, city(g, "aquileia")) == (goods, money)
    put_house(g, 1, "aquileia")
    assert g.house_cost(0, city(g, "aquileia")) == (goods, 2 * money)


def test_C_4_3_house_unaffordable_is_refused_with_its_cost():
    g = new()
    set_token(g, "novaria", C)
    put_colonist(g, 0, 0, route(g, "novaria", "roma"))
    g.money[0] = 4
    play(g, "ARC")
    message, rule = g.why_illegal(Action("build", city(g, "novaria")))
    assert rule == "C-4.3" and "5 sestertii" in message


def test_C_4_4_prefect_with_praefectus_magnus_doubles_and_passes_right():
    g = new(3, start=2)  # seat 1 is last: it holds the Praefectus Magnus
    to_turn(g, 0)
    to_turn(g, 1)
    assert g.pm == 1
    italia = g.board.province_names.index("Italia")
    for c in g.board.province_cities[italia]:
        g.token[c] = F
    set_token(g, "novaria", W)
    put_house(g, 1, "novaria")
    put_house(g, 0, "aquileia")
    set_goods(g, 1)
    set_goods(g, 0)
    preview = g.prefect_preview(italia)
    assert preview[1][W] == 1 + 2 and preview[0][F] == 1
    play(g, "PRE", f"p{italia}")
    assert g.goods[1][W] == 3  # own house + bonus doubled
    assert g.goods[0][F] == 1  # every house produces, for its owner
    assert g.flipped[italia] == 1
    assert g.pm == 0  # passed to the right
    play(g, "PRE")  # green: Italia's marker now shows its coins
    assert Action("province", italia) not in g.legal_actions()


def test_C_4_4_prefect_without_praefectus_magnus_takes_one_bonus():
    g = new(3, start=0)
    p = 0
    good = g.marker[p]
    before = g.goods[0][good]
    play(g, "PRE", f"p{p}")
    assert g.goods[0][good] == before + 1
    assert g.pm == 2


def test_C_4_4_cash_sums_flipped_markers_and_turns_them_back():
    g = new(3, start=0)
    g.marker[:3] = [B, W, C]
    g.flipped[:3] = [1, 1, 1]
    g.marker[3] = F
    money, pm = g.money[0], g.pm
    play(g, "PRE", "cash")
    assert g.money[0] == money + 2 + 2 + 1
    assert not any(g.flipped)
    assert g.pm == pm


def test_C_4_5_mercator_money_and_two_kinds():
    g = new()
    money = g.money[0]
    play(g, "ME3")
    assert g.money[0] == money + 3
    play(g, "-1W")
    assert g.pending_step().kind == "mercator"
    assert not any(a.a == W for a in g.legal_actions() if a.verb in ("buy", "sell"))
    assert g.why_illegal(Action("buy", W, 1)) == (
        "a kind may not be both bought and sold in one action (RULING)", "C-4.5")
    assert g.why_illegal(Action("sell", W, 1))[1] == "C-4.5"  # ENGINE-6: one decision a kind
    assert g.money[0] == money + 3 + 6
    play(g, "+2B")
    # two kinds traded: the Mercator is over and play passes on
    assert g.goods[0] == [3, 2, 1, 0, 1] and g.money[0] == money + 3 + 6 - 6
    assert g.pending_step().step == TurnStep(1)


def test_C_4_5_a_third_kind_is_refused():
    g = new()
    play(g, "ME3", "-1W")
    used = g.pending_step()["used"]
    g.stack[-1] = MercatorStep(0, used + ((B, 1),))  # as if brick had been bought too
    assert g.legal_actions() == [DONE]
    assert g.why_illegal(Action("sell", C, 1)) == (
        "a Mercator trades at most two kinds of goods", "C-4.5")


def test_C_4_5_bought_mercator_gives_five():
    g = new()
    give_card(g, 0, "Mercator5")
    money = g.money[0]
    play(g, "ME5")
    assert g.money[0] == money + 5


def test_C_4_6_colonist_places_where_a_route_of_its_type_starts():
    g = new(2, "italia")
    give_card(g, 0, "Colonist")
    put_house(g, 0, "aleria")  # Corsica: sea routes only
    set_goods(g, 0, food=3, tool=3)
    play(g, "COL")
    legal = g.legal_actions()
    aleria, roma = city(g, "aleria"), g.board.roma
    assert Action("place", 1, aleria) in legal
    assert Action("place", 0, aleria) not in legal
    assert g.why_illegal(Action("place", 0, aleria))[1] == "C-4.6"
    assert {Action("place", 0, roma), Action("place", 1, roma), Action("cash")} <= set(legal)
    play(g, Action("place", 1, aleria), Action("place", 0, roma))
    assert Action("cash") not in g.legal_actions()
    assert g.stored[0] == [1, 1]
    assert g.goods[0][F] == 1 and g.goods[0][T] == 1


def test_C_4_6_colonist_cash_is_five_plus_colonists_on_board():
    g = new()
    give_card(g, 0, "Colonist")
    money = g.money[0]
    play(g, "COL", "cash")
    assert g.money[0] == money + 5 + 2


def test_C_4_7_diplomat_copies_the_top_card_of_another_discard_pile():
    g = new(3, start=0)
    play(g, "ME3", "done")  # red: Mercator on top
    play(g, "DIP")  # blue: Diplomat on top
    assert g.legal_actions() == [Action("copy", 0), DONE]
    money = g.money[1]
    play(g, "copy0")
    assert g.money[1] == money + 3  # a copied starting Mercator keeps its 3
    assert g.pending_step().kind == "mercator"
    play(g, "done", "DIP")  # green: blue's top is a Diplomat
    assert g.legal_actions() == [Action("copy", 0), DONE]
    assert g.why_illegal(Action("copy", 1)) == ("a Diplomat cannot copy a Diplomat", "C-4.7")


def test_C_4_7_copied_tribune_gives_only_the_colonist():
    g = new(3, start=0)
    to_turn(g, 1)
    g.discard[0].append(g.hand[0].pop(g.hand[0].index(0)))  # as if red's pile showed a Tribune
    cards_before = (list(g.hand[1]), list(g.discard[1]))
    play(g, "DIP", "copy0")
    assert g.hand[1] == [c for c in cards_before[0] if c != 4]
    assert set(g.legal_actions()) == {parse("L@12"), parse("S@12"), DONE}


def test_C_4_7_copied_prefect_is_doubled_by_the_praefectus_magnus():
    g = new(3, start=1)  # seat 0 holds the Praefectus Magnus
    play(g, "PRE", "done")  # blue
    to_turn(g, 0)
    assert g.pm == 0
    p = next(i for i, f in enumerate(g.flipped) if not f)
    set_goods(g, 0)
    play(g, "DIP", "copy1", f"p{p}")
    assert g.goods[0][g.marker[p]] == 2
    assert g.pm == 2


def test_C_4_8_senator_surcharges_with_any_good_at_the_starting_slots():
    g = new()
    g.display = [6, 7, 8, 9, 10, 11, 12][:7]
    set_goods(g, 0, tool=1, wine=2, cloth=1, brick=1)
    play(g, "SEN")
    legal = g.legal_actions()
    # slot 0: Architect costs its tool only
    assert Action("card", 0, -1) in legal
    # slot 1: Prefect (wine) + one good of any kind: tool, wine, cloth or brick pays the "any"
    assert {a.b for a in legal if a.verb == "card" and a.a == 1} == {B, T, W, C}
    # slot 3: Colonist (food) + cloth: no food
    assert not any(a.a == 3 for a in legal if a.verb == "card")
    assert g.why_illegal(Action("card", 1, -1))[1] == "C-4.8"
    play(g, "s1/B")
    assert g.goods[0] == [0, 0, 1, 1, 1]
    assert g.display[1] == -1 and g.pending_step().step == SenatorStep(0, 1)
    # the second card still uses the slots as they stood: slot 2 costs wine + any
    assert Action("card", 2, T) in g.legal_actions()
    play(g, "s2/T")
    assert g.display[:5] == [6, 9, 10, 11, 12]
    assert len(g.display) == 7 and g.pending_step().step == TurnStep(1)
    assert 7 in g.hand[0] and 8 in g.hand[0]


def test_C_4_8_senator_cloth_surcharges():
    g = new()
    g.display = [6, 7, 8, 9, 10, 11, 12]
    set_goods(g, 0, brick=1, food=1, cloth=3)
    play(g, "SEN")
    slots = {a.a: a.b for a in g.legal_actions() if a.verb == "card"}
    assert 6 in slots  # Farmer: brick + food, then 2 cloth
    assert 5 in slots  # Mason: food, then any + cloth
    play(g, "s6")
    assert g.goods[0] == [0, 0, 0, 0, 1]


def test_C_4_9_consul_pays_only_the_printed_cost():
    g = new()
    give_card(g, 0, "Consul")
    g.display = [6, 7, 8, 9, 10, 11, 12]
    set_goods(g, 0, brick=1, tool=1)
    play(g, "CON")
    # Architect (tool) and Diplomat (tool) are affordable without any surcharge
    assert g.legal_actions() == [Action("card", 0, -1), Action("card", 4, -1), DONE]
    play(g, "s4")
    assert g.goods[0] == [1, 0, 0, 0, 0] and 10 in g.hand[0]


def test_C_4_10_specialist_produces_for_its_owner_only():
    g = new()
    farmer = give_card(g, 0, "Farmer")
    set_token(g, "novaria", F)
    set_token(g, "aquileia", F)
    put_house(g, 0, "novaria")
    put_house(g, 0, "aquileia")
    put_house(g, 1, "novaria")
    set_goods(g, 0)
    pm = g.pm
    play(g, "FAR")
    assert g.goods[0][F] == 2
    assert g.goods[1] == [1, 2, 1, 1, 1]
    assert g.pm == pm and CARDS[farmer][0] == "Farmer"


def test_C_4_11_overflow_the_player_chooses_what_to_keep():
    g = new(3, start=0)
    italia = g.board.province_names.index("Italia")
    for c in g.board.province_cities[italia]:
        g.token[c] = T
    set_token(g, "novaria", W)
    put_house(g, 1, "novaria")
    put_house(g, 1, "aquileia")
    set_goods(g, 1, brick=4, food=4)  # 8 goods + 4 colonists: full
    g.goods[1][B] = 3  # one space free
    play(g, "PRE", f"p{italia}")
    assert g.pending_step().kind == "keep" and g.current_player == 1
    legal = g.legal_actions()
    assert {str(a) for a in legal} == {"keep1T", "keep1W"}
    assert g.why_illegal(parse("keep1T1W"))[1] == "C-4.11"
    play(g, "keep1W")
    assert g.goods[1] == [3, 4, 0, 1, 0]
    assert g.free_space(1) == 0
    assert g.current_player == 1 and g.pending_step().step == TurnStep(1)


def test_C_4_11_one_kind_incoming_is_cut_without_a_question():
    g = new()
    give_card(g, 0, "Farmer")
    for ident in ("novaria", "aquileia", "syracusae"):
        set_token(g, ident, F)
        put_house(g, 0, ident)
    set_goods(g, 0, brick=7)
    play(g, "FAR")
    assert g.goods[0][F] == 1 and g.free_space(0) == 0
    assert any(e.key == "c.lost" for e in g.events)


def test_C_4_11_buying_past_twelve_is_refused():
    g = new()
    g.money[0] = 100
    play(g, "ME3")
    assert g.free_space(0) == 2
    assert Action("buy", F, 2) in g.legal_actions()
    assert Action("buy", F, 3) not in g.legal_actions()
    assert g.why_illegal(Action("buy", F, 3)) == (
        "the storehouse has only 2 free spaces of 12", "C-4.11")


# ------------------------------------------------------------------ C-5 game end


def test_C_5_1_last_display_card_triggers_the_final_round():
    g = new(3, start=0)
    g.deck = [[], [], []]
    g.display = [6]
    set_goods(g, 1, tool=1)
    play(g, "PRE", "done")  # red
    play(g, "SEN", "s0")  # blue buys the last card
    assert g.concordia == 1
    assert g.pending_step().step == TurnStep(2)
    play(g, "PRE", "done")  # green: one more turn
    assert g.pending_step().step == TurnStep(0)
    play(g, "PRE", "done")  # red: one more turn
    assert g.is_over and g.current_player == engine.TERMINAL
    assert dict(g.result()[1].breakdown)["Concordia"] == 7


def test_C_5_1_fifteenth_house_triggers_the_end():
    g = new(3, start=0)
    g.nhouses[0] = 14
    set_token(g, "novaria", B)
    put_colonist(g, 0, 0, route(g, "novaria", "roma"))
    play(g, "ARC", f"h{city(g, 'novaria')}")
    assert g.concordia == 0 and g.nhouses[0] == 15
    play(g, "PRE", "done", "PRE", "done")
    assert g.is_over


def test_C_5_1_only_the_first_trigger_takes_the_concordia_card():
    g = new(3, start=0)
    g.concordia = 2
    g.nhouses[0] = 14
    set_token(g, "novaria", B)
    put_colonist(g, 0, 0, route(g, "novaria", "roma"))
    play(g, "ARC", f"h{city(g, 'novaria')}")
    assert g.concordia == 2


# ------------------------------------------------------------------ C-6 scoring


def _scores(g, seat):
    return dict(g.projected_scores()[seat])


def test_C_6_1_vesta_rounds_down_with_goods_valued():
    g = new()
    g.money[0] = 12
    set_goods(g, 0, brick=1, food=1, tool=1, wine=1)  # 3 + 4 + 5 + 6 = 18 → 30 in all
    assert _scores(g, 0)["Vesta"] == 3
    g.money[0] = 11
    assert _scores(g, 0)["Vesta"] == 2
    g.hand[0].append(5)  # a second Vesta card
    assert _scores(g, 0)["Vesta"] == 4


def test_C_6_2_jupiter_skips_brick_cities():
    g = new()
    set_token(g, "novaria", B)
    set_token(g, "aquileia", W)
    set_token(g, "lutetia", F)
    for ident in ("novaria", "aquileia", "lutetia"):
        put_house(g, 0, ident)
    assert _scores(g, 0)["Jupiter"] == 2 * 2  # two Jupiter cards (Architect, Diplomat)


def test_C_6_3_saturnus_counts_provinces():
    g = new()
    for ident in ("novaria", "aquileia", "lutetia"):
        put_house(g, 0, ident)
    assert _scores(g, 0)["Saturnus"] == 2 * 2  # Italia and Gallia, two Prefects


def test_C_6_4_mercurius_counts_kinds_of_goods():
    g = new()
    set_token(g, "novaria", B)
    set_token(g, "aquileia", B)
    set_token(g, "lutetia", W)
    for ident in ("novaria", "aquileia", "lutetia"):
        put_house(g, 0, ident)
    assert _scores(g, 0)["Mercurius"] == 2 * 2  # brick and wine, one Mercator


def test_C_6_5_mars_counts_colonists_on_the_board():
    g = new()
    assert _scores(g, 0)["Mars"] == 2 * 2
    g.colonists[0].append(g.board.roma * 2)
    assert _scores(g, 0)["Mars"] == 2 * 3


def test_C_6_6_minerva_scores_each_specialist():
    g = new()
    give_card(g, 0, "Weaver")
    give_card(g, 0, "Mason")
    set_token(g, "novaria", C)
    set_token(g, "aquileia", C)
    set_token(g, "lutetia", B)
    for ident in ("novaria", "aquileia", "lutetia"):
        put_house(g, 0, ident)
    assert _scores(g, 0)["Minerva"] == 2 * 5 + 1 * 3


def test_C_6_7_concordia_card_in_the_result():
    g = new()
    g.concordia = 0
    result = g.result()
    assert dict(result[0].breakdown)["Concordia"] == 7
    assert result[0].score == sum(v for _, v in result[0].breakdown)


def test_C_6_8_tie_break_by_praefectus_magnus():
    g = new(4, start=0)
    for s in range(4):
        g.hand[s] = []
        g.discard[s] = []
    g.pm = 2
    result = g.result()
    assert [r.score for r in result] == [0, 0, 0, 0]
    # holder first, then the seats it would reach next: 1, 0, 3
    assert [r.rank for r in result] == [3, 2, 1, 4]
    g.hand[3] = [5]
    g.money[3] = 10
    assert [r.rank for r in g.result()] == [4, 3, 2, 1]


def test_C_4_7_diplomat_copies_a_senator_buying_for_itself():
    g = new(3, start=0)
    g.display = [6, 7, 8, 9, 10, 11, 12]
    play(g, "SEN", "done")  # red: Senator on top, nothing bought
    set_goods(g, 1, tool=1)
    play(g, "DIP", "copy0", "s0")
    assert 6 in g.hand[1] and g.goods[1][T] == 0
    assert len(g.display) == 7 and g.pending_step().step == TurnStep(2)


def test_C_4_7_diplomat_copies_a_specialist_producing_for_itself():
    g = new(3, start=0)
    give_card(g, 0, "Vintner")
    set_token(g, "novaria", W)
    put_house(g, 0, "novaria")
    put_house(g, 1, "novaria")
    play(g, "VIN")
    red_wine = g.goods[0][W]
    play(g, "DIP", "copy0")
    assert g.goods[1][W] == 2 and g.goods[0][W] == red_wine


def test_C_4_7_diplomat_may_copy_nothing():
    g = new(3, start=0)
    play(g, "DIP")  # no other discard pile has a card: the Diplomat does nothing
    assert g.pending_step().step == TurnStep(1)


def test_C_4_8_ruling_switch_slides_between_purchases(monkeypatch):
    """With the C-4.8 ruling switched off, the display slides and refills after each card."""
    from engine.concordia import rulings
    monkeypatch.setattr(rulings, "SENATOR_SLIDES_AFTER_BOTH", False)
    g = new()
    g.display = [6, 7, 8, 9, 10, 11, 12]
    set_goods(g, 0, tool=2, wine=1, brick=1)
    play(g, "SEN", "s0")
    assert len(g.display) == 7 and g.display[:6] == [7, 8, 9, 10, 11, 12]
    assert g.pending_step().step == SenatorStep(0, 1)
