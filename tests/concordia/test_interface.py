"""What the UI and the AI read: prompts, previews, reachable routes, notation, text, results."""

from __future__ import annotations

import random

import pytest

import engine
from engine.concordia import Action, Concordia, parse
from engine.concordia.messages import MESSAGES
from engine.concordia.notation import DONE
from tests.concordia.helpers import (
    F,
    W,
    city,
    new,
    play,
    play_out,
    put_colonist,
    put_house,
    route,
    set_goods,
    set_token,
)


def test_prompt_says_what_the_top_step_asks_of_whom():
    g = new()
    assert g.prompt() == {"step": "turn", "seat": 0, "rule": "C-3.1"}
    play(g, "ARC")
    assert g.prompt() == {"step": "architect", "seat": 0, "rule": "C-4.2", "points": 2,
                          "building": False}
    play(g, "done", "ME3")
    assert g.prompt() == {"step": "mercator", "seat": 1, "rule": "C-4.5", "traded": []}
    play(g, "+1B")
    assert g.prompt()["traded"] == [("brick", "buy")]
    unstarted = Concordia(engine.make_setup("concordia", 3))
    assert unstarted.prompt() == {"step": "start", "seat": engine.CHANCE, "rule": "C-2.4"}


def test_pending_step_names_the_fields_of_the_top_step():
    """The Pending value: C-4.2's Architect with its points, C-4.5's Mercator with what it
    traded (as (good, +1/-1) pairs), C-2.1's token draw with its city."""
    g = new()
    play(g, "ARC")
    pending = g.pending_step()
    assert (pending.seat, pending.kind, pending.rule) == (0, "architect", "C-4.2")
    assert pending.fields == (("points", 2), ("building", 0)) and pending["points"] == 2
    play(g, "done", "ME3", "+1B")
    assert g.pending_step()["used"] == ((0, 1),)
    unstarted = Concordia(engine.make_setup("concordia", 3, start_player=0))
    token = unstarted.pending_step()
    assert token.seat == engine.CHANCE and token.kind == "token" and token.rule == "C-2.1"
    assert token["city"] == unstarted.board.token_cities[0]


def test_accessors_read_colonists_and_houses_without_their_packing():
    """C-1.3: a colonist's place and kind; C-4.3: the seats with a house in a city and the
    cities of a seat; C-4.2: the movement points to a route."""
    g = new()
    roma = g.board.roma
    assert g.colonist_place(0, 0) == (roma, 0) and g.colonist_place(0, 1) == (roma, 1)
    put_colonist(g, 1, 0, 3)
    assert g.colonist_place(1, 0) == (g.board.ncities + 3, 0)
    put_house(g, 2, g.board.city_ids[5])
    put_house(g, 0, g.board.city_ids[5])
    assert g.house_seats(5) == [0, 2] and g.houses_of(2) == [5] and g.houses_of(1) == []
    reach = g.reachable_routes(0, 0)
    assert all(g.move_cost(0, 0, route_) == cost for route_, cost in reach.items())


def test_trade_price_is_the_mercators_price_per_good():
    """C-4.5: the Mercator buys and sells each good at its fixed price (brick 3, food 4,
    tool 5, wine 6, cloth 7), so many goods cost that many times as much."""
    g = new()
    assert [g.trade_price(good) for good in range(5)] == [3, 4, 5, 6, 7]
    assert g.trade_price(4, 2) == 14 and g.trade_price(0, 0) == 0
    play(g, "ARC", "done", "ME3")
    money = g.money[1]
    play(g, "+1B")
    assert g.money[1] == money - g.trade_price(0)


def test_reachable_routes_and_house_costs():
    g = new()
    roma = g.board.roma
    near = g.reachable_routes(0, 0, points=1)
    assert set(near) == set(g.board.city_routes[roma][0])
    assert all(d == 1 for d in near.values())
    put_colonist(g, 1, 0, route(g, "novaria", "roma"))
    assert route(g, "novaria", "roma") not in g.reachable_routes(0, 0, points=1)
    set_token(g, "novaria", W)
    put_house(g, 1, "novaria")
    assert g.house_cost(0, city(g, "novaria")) == ((0, W), 8)


def test_prefect_preview_matches_what_the_prefect_gives():
    g = new()
    italia = g.board.province_names.index("Italia")
    set_token(g, "novaria", F)
    put_house(g, 1, "novaria")
    put_house(g, 2, "novaria")
    set_goods(g, 0)
    preview = g.prefect_preview(italia)
    goods = [list(x) for x in g.goods]
    play(g, "PRE", f"p{italia}")
    assert [[a - b for a, b in zip(after, before)] for after, before in zip(g.goods, goods)] \
        == preview


def test_notation_round_trips():
    for text in ("ARC", "ME3", "ME5", "c2>r40", "h7", "p3", "cash", "+3W", "-2B", "L@12",
                 "S@4", "copy2", "s0", "s5/C", "keep2F1W", "done"):
        action = parse(text)
        assert isinstance(action, Action) and str(action) == text
    with pytest.raises(ValueError):
        parse("nonsense")


def test_why_illegal_names_the_step_and_the_rule():
    g = new()
    message, rule = g.why_illegal(Action("build", 3))
    assert rule == "C-3.1" and "turn step" in message
    assert g.why_illegal("ARC") == ("'ARC' is not a Concordia decision", None)
    with pytest.raises(engine.IllegalAction) as error:
        g.apply(Action("move", 0, 0))
    assert error.value.rule == "C-3.1"


def test_position_is_one_line_and_names_every_seat():
    g = new(5)
    text = g.position()
    assert "\n" not in text
    assert all(f"P{s} " in text for s in range(5))


def test_default_names_are_the_colours():
    g = new(5)
    assert [g.player_name(s) for s in range(5)] == ["Red", "Blue", "Green", "Yellow", "Black"]
    named = engine.new_game("concordia", 3, seed=1, names=["Ann", "Bob", "Cy"])
    assert named.player_name(1) == "Bob" and named.colour(1) == "blue"


def test_every_message_is_used_and_reads_as_english():
    used = set()
    for seed in range(12):
        for map_name, players in (("imperium", 5), ("italia", 2)):
            g = engine.new_game("concordia", players, seed=seed, map=map_name)
            play_out(g, random.Random(seed))
            for event in g.events:
                used.add(event.key)
                text = g.event_text(event)
                assert "{" not in text and text.endswith(".")
                assert all(isinstance(v, (int, str)) for _, v in event.args)
    assert set(MESSAGES) == used


def test_result_after_the_end():
    g = engine.new_game("concordia", 3, seed=3)
    play_out(g, random.Random(3))
    result = g.result()
    assert {r.rank for r in result} == {1, 2, 3}
    best = max(result, key=lambda r: (r.score, -r.rank))
    assert best.rank == 1
    assert [god for god, _ in result[0].breakdown] == [
        "Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia"]
    assert g.legal_actions() == [] and DONE not in g.legal_actions()
    with pytest.raises(engine.IllegalAction, match="over"):
        g.apply(DONE)


def _architect_after_building():
    g = new()
    set_token(g, "novaria", 0)
    set_token(g, "aquileia", 0)
    put_colonist(g, 0, 0, route(g, "novaria", "aquileia"))
    set_goods(g, 0, food=2)
    play(g, "ARC", f"h{city(g, 'novaria')}")
    assert g.prompt()["building"]
    return g


def _far_land_route():
    g = new()
    return next(r for r, d in g.board.reach[(g.board.roma, 0)] if d == 3)


def _prefect_with_flipped():
    g = new()
    g.flipped[0] = 1
    play(g, "PRE")
    return g


def _tribune():
    g = new()
    play(g, "TRI")
    return g


def _architect():
    g = new()
    play(g, "ARC")
    return g


@pytest.mark.parametrize("make, action, rule, words", [
    (_architect_after_building, "c1>r40", "C-4.2", "once a house has been built"),
    (_architect, "c0>r40", "C-4.2", "land colonists travel land routes"),
    (_architect, f"c0>r{_far_land_route()}", "C-4.2", "steps away"),
    (_prefect_with_flipped, "p0", "C-4.4", "coin side"),
    (lambda: (lambda g: (play(g, "PRE"), g)[1])(new()), "cash", "C-4.4", "ENGINE-5"),
    (_tribune, "L@13", "C-4.1", "goes to Roma"),
    (_tribune, "copy1", "C-4.1", "tribune step"),
])
def test_why_illegal_is_specific(make, action, rule, words):
    g = make()
    assert parse(action) not in g.legal_actions()
    message, got = g.why_illegal(parse(action))
    assert got == rule and words in message, message


def test_link_keeps_the_options_and_names():
    g = engine.new_game("concordia", 3, seed=4, map="italia", start_player=2,
                        names=["Ann", "Bob", "Cy"])
    play_out(g, random.Random(4))
    again = engine.decode(engine.encode(g))
    assert again.setup == g.setup and again.position() == g.position()
    assert again.player_name(2) == "Cy" and again.board.name == "italia"
