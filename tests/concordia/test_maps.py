"""The five later maps (issue 35): the reference's counts, and every map ruling of
``engine.concordia.rulings`` (C-M) from a concrete game situation."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.concordia import Concordia
from engine.concordia.board import board
from engine.concordia.cards import build_sites, cash_coins, marker_coins
from engine.concordia.components import CARDS, GOODS, PILES, TOKENS
from engine.concordia.game import LETTERS
from engine.concordia.notation import CASH, Action, parse
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
)

LATER = ("hellas", "ionium", "hispania", "cyprus", "creta")
START = {"hellas": "athenae", "ionium": "athenae", "hispania": "saguntum",
         "cyprus": "antiochia", "creta": "knossos"}


def _sea_route(game, a: str, b: str, which: int) -> int:
    """The ``which``-th sea route between two cities (Neapolis-Messana has two)."""
    ends = {city(game, a), city(game, b)}
    return [r for r, (x, y, kind) in enumerate(game.board.routes)
            if {x, y} == ends and kind == 1][which]


# ------------------------------------------------------------------ the reference's table


@pytest.mark.parametrize("name, letters, provinces, land, sea", [
    ("hellas", (7, 8, 10, 0), 10, 27, 31),
    ("ionium", (7, 8, 10, 5), 12, 42, 35),
    ("hispania", (8, 9, 0, 6), 9, 34, 24),
    ("cyprus", (7, 8, 10, 5), 12, 44, 27),
    ("creta", (7, 8, 0, 5), 9, 27, 18),
])
def test_C_M_2_later_map_sizes(name, letters, provinces, land, sea):
    """The counts of ``shared/reference/concordia-maps/README.md``."""
    b = board(name)
    counts = Counter(b.letters[c] for c in b.token_cities)
    assert tuple(counts[letter] for letter in LETTERS) == letters
    assert b.ncities == sum(letters) + 1
    assert b.city_ids[b.roma] == START[name] and b.letters[b.roma] is None
    assert b.province_of[b.roma] == -1
    assert len(b.province_names) == provinces
    assert sum(len(p) for p in b.province_cities) == sum(letters)
    kinds = Counter(kind for _, _, kind in b.routes)
    assert (kinds[0], kinds[1]) == (land, sea)


@pytest.mark.parametrize("name", LATER)
def test_C_M_2_two_to_five_players_and_the_pantheon_over_piles_one_to_n(name):
    for players in (2, 3, 4, 5):
        g = engine.new_game("concordia", players, seed=players, map=name)
        assert len(g.deck) == players and g.is_chance is False
        assert sum(len(p) for p in g.deck) + len(g.display) == sum(len(p) for p in
                                                                   PILES[:players])
    pantheon = board(name).pantheon
    assert pantheon["columns_player_count"] == (2, 3, 4, 5)
    for column, players in enumerate(pantheon["columns_player_count"]):
        gods = Counter(CARDS[c][1].lower() for pile in PILES[:players] for c in pile)
        for god in ("jupiter", "saturnus", "mercurius", "mars"):
            assert gods[god] == pantheon[god][column], (god, players)
    assert pantheon["jupiter"] == (3, 5, 7, 8) and pantheon["mars"] == (2, 3, 4, 5)
    with pytest.raises(engine.SetupError):
        engine.new_game("concordia", 6, map=name)


# ------------------------------------------------------------------ C-M.1 the start city


@pytest.mark.parametrize("name", LATER)
def test_C_M_1_the_start_city_takes_romas_place(name):
    g = new(2, name)
    b = g.board
    start = b.roma
    name_of_start = b.city_names[start]
    # colonists start there (C-2.3); no token, no province (C-1.7)
    assert all(sorted(c >> 1 for c in cols) == [start, start] for cols in g.colonists)
    assert g.token[start] == -1 and b.province_of[start] == -1
    # the Tribune's new colonist goes there (C-4.1)
    set_goods(g, 0, food=1, tool=1)
    g.discard[0] = [give_card(g, 0, "Senator")] * 4
    play(g, "TRI")
    assert g.pending_step().kind == "tribune"
    places = [a for a in g.legal_actions() if a.verb == "place"]
    assert places and {a.b for a in places} == {start}
    other = next(c for c in b.token_cities if b.city_routes[c][0])
    reason, rule = g.why_illegal(Action("place", 0, other))
    assert rule == "C-4.1" and reason.key == "c.tribune_roma"
    assert reason.params == {"city": start} and name_of_start in reason
    play(g, f"L@{start}")
    assert g.colonists[0][-1] >> 1 == start
    # the Colonist card's new colonists go there too (C-4.6), or to cities with own houses
    g = new(2, name)
    give_card(g, 0, "Colonist")
    set_goods(g, 0, food=2, tool=2)
    play(g, "COL")
    assert {a.b for a in g.legal_actions() if a.verb == "place"} == {start}
    reason, rule = g.why_illegal(Action("place", 0, other))
    assert reason.key == "c.colonist_city" and reason.params == {"city": other, "start": start}
    assert name_of_start in reason and rule == "C-4.6"
    # no house is built there (C-4.2)
    g = new(2, name)
    land = b.city_routes[start][0][0]
    put_colonist(g, 0, 0, land)
    set_goods(g, 0, brick=3, food=3, tool=3, wine=3, cloth=3)
    g.money[0] = 50
    play(g, "ARC")
    assert start not in build_sites(g, 0)
    assert set(b.routes[land][:2]) - {start} <= set(build_sites(g, 0))
    reason, rule = g.why_illegal(Action("build", start))
    assert rule == "C-4.2" and reason.key == "c.no_house_in_roma"
    assert reason.params == {"city": start} and str(reason) == (
        f"no houses can be built in {name_of_start}")


def test_C_M_1_the_log_names_the_start_city_by_its_id():
    g = new(2, "hispania")
    set_goods(g, 0, food=1, tool=1)
    play(g, "TRI", f"S@{g.board.roma}")
    event = next(e for e in g.events if e.key == "c.colonist_placed")
    assert event.key == "c.colonist_placed" and dict(event.args)["city"] == "saguntum"
    assert g.event_text(event).endswith("into Saguntum.")


# ------------------------------------------------------------------ tokens per map


def _drawn(name: str, seed: int) -> dict[str, list[int]]:
    """The tokens a new game drew, counted per letter and good (C-2.1)."""
    g = engine.new_game("concordia", 3, seed=seed, map=name)
    b = g.board
    drawn = {letter: [0] * len(GOODS) for letter in LETTERS}
    for c in b.token_cities:
        drawn[b.letters[c]][g.token[c]] += 1
    assert all(not any(left) for left in g.tokens_left), "every token of the map's pool placed"
    return drawn


def _letter_stays_in_the_box(name: str, letter: str) -> None:
    """Map ``name`` has no city of ``letter``: none of its tokens is drawn, every other letter's
    box is drawn whole (C-1.8)."""
    assert letter not in board(name).tokens
    for seed in range(3):
        drawn = _drawn(name, seed)
        assert drawn[letter] == [0] * 5
        assert {k: tuple(v) for k, v in drawn.items() if k != letter} == {
            k: TOKENS[k] for k in "ABCD" if k != letter}


def test_C_M_hellas_1_no_d_cities_the_d_tokens_stay_in_the_box():
    _letter_stays_in_the_box("hellas", "D")


def test_C_M_creta_3_no_c_cities_the_c_tokens_stay_in_the_box():
    _letter_stays_in_the_box("creta", "C")


def test_C_M_hispania_1_one_extra_token_per_letter_a_tool_b_wine_d_brick():
    b = board("hispania")
    assert b.tokens == {"A": (2, 2, 2, 1, 1), "B": (2, 2, 2, 2, 1), "D": (2, 1, 1, 1, 1)}
    for seed in range(3):
        drawn = _drawn("hispania", seed)
        assert drawn["C"] == [0] * 5
        assert {k: tuple(v) for k, v in drawn.items() if k != "C"} == b.tokens
    g = Concordia(engine.make_setup("concordia", 2, map="hispania"))
    while g.pending_step().kind != "token":  # the first city token to draw (C-2.1)
        g.resolve_chance()
    letter = g.board.letters[g.pending_step()["city"]]
    total = sum(b.tokens[letter])
    assert g.chance_outcomes() == [(good, n / total) for good, n in enumerate(b.tokens[letter])
                                   if n]


# ------------------------------------------------------------------ C-M.ionium


def test_C_M_ionium_1_brundisium_apollonia_is_passed_but_never_a_stop():
    g = new(2, "ionium")
    through = route(g, "brundisium", "apollonia")
    assert g.board.pass_only == {through}
    put_colonist(g, 0, 0, route(g, "canusium", "brundisium"))
    play(g, "ARC")
    moves = {a.b for a in g.legal_actions() if a.verb == "move" and a.a == 0}
    assert through not in moves
    beyond = route(g, "apollonia", "ambrakia")
    assert g.reachable_routes(0, 0)[beyond] == 2  # its step counts
    reason, rule = g.why_illegal(Action("move", 0, through))
    assert rule == "C-M.ionium.1" and reason.key == "c.pass_only"
    play(g, f"c0>r{beyond}")
    assert g.colonists[0][0] >> 1 == g.board.ncities + beyond and g.pending_step()["points"] == 0
    # from the cities at its ends it cannot be entered either
    for end in ("brundisium", "apollonia"):
        assert through not in g.board.distance[(city(g, end), 0)]


def test_C_M_ionium_2_neapolis_messana_has_two_sea_routes_of_their_own():
    g = new(2, "ionium")
    first, second = _sea_route(g, "neapolis", "messana", 0), _sea_route(g, "neapolis",
                                                                         "messana", 1)
    assert first != second
    put_colonist(g, 1, 1, first)
    other = route(g, "messana", "syracusae", "sea")
    put_colonist(g, 0, 1, other)
    set_goods(g, 0, brick=3, food=3, tool=3, wine=3, cloth=3)
    g.money[0] = 50
    play(g, "ARC")
    moves = {a.b for a in g.legal_actions() if a.verb == "move" and a.a == 1}
    assert second in moves and first not in moves
    play(g, f"c1>r{second}")
    assert g.occupied[first] == g.occupied[second] == 1
    assert {city(g, "neapolis"), city(g, "messana")} <= set(build_sites(g, 0))
    play(g, f"h{city(g, 'messana')}")
    assert g.houses[city(g, "messana")] == 1


# ------------------------------------------------------------------ C-M.creta


def test_C_M_creta_1_gavdos_bonus_is_any_good_the_prefect_chooses():
    g = new(2, "creta")
    gavdos = g.board.province_names.index("Gavdos")
    assert g.board.free_bonus == {gavdos}
    put_house(g, 1, "gavdos")
    assert g.pm == 1  # seat 0 takes one bonus good
    play(g, "PRE")
    assert g.pending_step().kind == "prefect"
    offered = [a for a in g.legal_actions() if a.verb == "province" and a.a == gavdos]
    assert offered == [Action("province", gavdos, good) for good in range(len(GOODS))]
    assert [str(a) for a in offered] == [f"p{gavdos}/{x}" for x in "BFTWC"]
    assert parse(f"p{gavdos}/W") == Action("province", gavdos, W)
    reason, rule = g.why_illegal(Action("province", gavdos))
    assert rule == "C-M.creta.1" and reason.key == "c.say_bonus_good"
    reason, rule = g.why_illegal(Action("province", 0, W))
    assert rule == "C-4.4" and reason.key == "c.bonus_fixed"
    assert g.prefect_preview(gavdos, good=W)[0][W] == 1
    wine = g.goods[0][W]
    token = g.token[city(g, "gavdos")]
    owner = g.goods[1][token]
    play(g, f"p{gavdos}/W")
    assert g.goods[0][W] == wine + 1
    assert g.goods[1][token] == owner + 1  # its house produces its city's good (C-4.4)
    assert g.flipped[gavdos] == 1
    bonus = next(e for e in g.events if e.key == "c.bonus")
    assert dict(bonus.args)["goods"] == "wine:1"


def test_C_M_creta_1_the_praefectus_magnus_doubles_the_chosen_good():
    g = new(2, "creta", start=1)
    gavdos = g.board.province_names.index("Gavdos")
    assert g.pm == 0
    play(g, "PRE", "done")  # seat 1
    tools = g.goods[0][T]
    play(g, "PRE", f"p{gavdos}/T")
    assert g.goods[0][T] == tools + 2 and g.pm == 1


def test_C_M_creta_2_the_prefects_cash_gives_two_more():
    g = new(2, "creta")
    p = next(p for p, good in enumerate(g.marker) if good == F)
    g.flipped[p] = 1  # a food marker on its coin side: 2 sestertii (C-1.9), and the 2 more
    money = g.money[0]
    play(g, "PRE")
    before = len(g.events)
    play(g, "cash")
    assert g.money[0] == money + 2 + 2 and not any(g.flipped)
    cash = next(e for e in g.events[before:] if e.key == "c.cash")
    assert cash.rule == "C-M.creta.2" and dict(cash.args) == {"p": 0, "money": 4, "bonus": 2}
    # elsewhere the cash is offered only when it brings something (ENGINE-5)
    g = new(3, "imperium")
    play(g, "PRE")
    assert CASH not in g.legal_actions()


def _gavdos_cash(token: int, chosen: int) -> tuple[int, object]:
    """Creta, two seats: Gavdos's city produces ``token``; seat 0's Prefect takes Gavdos's
    bonus as ``chosen``; seat 1's Prefect then takes the coins. What seat 1 receives, and
    the cash's log event."""
    g = new(2, "creta")
    gavdos = g.board.province_names.index("Gavdos")
    set_token(g, "gavdos", token)
    assert g.marker[gavdos] == token
    play(g, "PRE", f"p{gavdos}/{'BFTWC'[chosen]}")
    assert g.chosen[gavdos] == chosen and g.flipped == [int(p == gavdos) for p in range(9)]
    money = g.money[1]
    before = len(g.events)
    play(g, "PRE", "cash")
    cash = next(e for e in g.events[before:] if e.key == "c.cash")
    return g.money[1] - money, cash


def test_C_M_creta_1_gavdos_coins_follow_the_good_chosen_not_its_token():
    """Token brick, cloth chosen: Gavdos's marker pays 1 (cloth's coins), so the cash is 1 and
    Creta's 2 (3; by the token it was 4). Token cloth, food chosen: 2 (4; by the token 3)."""
    paid, cash = _gavdos_cash(token=B, chosen=C)
    assert paid == 3 and dict(cash.args) == {"p": 1, "money": 3, "bonus": 2}
    paid, cash = _gavdos_cash(token=C, chosen=F)
    assert paid == 4 and dict(cash.args) == {"p": 1, "money": 4, "bonus": 2}


def test_C_M_creta_1_gavdos_pays_nothing_before_it_is_first_prefected():
    """Gavdos's marker starts with no coins, whatever its city's token; a cash after another
    province's Prefect pays that province's coins and Creta's 2, nothing for Gavdos."""
    g = new(2, "creta")
    gavdos = g.board.province_names.index("Gavdos")
    for token in range(len(GOODS)):
        set_token(g, "gavdos", token)
        assert marker_coins(g, gavdos) == 0
    g.flipped[gavdos] = 1  # even shown on its coin side, it has no coins yet
    assert marker_coins(g, gavdos) == 0 and cash_coins(g) == 0
    g.flipped[gavdos] = 0
    other = next(p for p, good in enumerate(g.marker) if good == C and p != gavdos)
    play(g, "PRE", f"p{other}")
    money = g.money[1]
    play(g, "PRE", "cash")
    assert g.money[1] == money + 1 + 2  # a cloth marker's 1 (C-1.9) and Creta's 2


def test_C_M_creta_1_gavdos_coins_follow_the_good_last_chosen():
    """Each Prefect in Gavdos sets its coins anew: cloth (1), then, after the cash turned it
    back, wine (2). The marker's coins survive a clone, a replay and a link."""
    g = new(2, "creta")
    gavdos = g.board.province_names.index("Gavdos")
    play(g, "PRE", f"p{gavdos}/C")
    assert marker_coins(g, gavdos) == 1
    play(g, "PRE", "cash", "DIP", "copy1")  # seat 1 takes the coins; seat 0 copies that Prefect
    assert g.flipped[gavdos] == 0 and marker_coins(g, gavdos) == 1
    play(g, f"p{gavdos}/W")
    assert marker_coins(g, gavdos) == 2 and cash_coins(g) == 2
    assert g.clone().chosen == g.chosen and marker_coins(g.clone(), gavdos) == 2
    again = engine.decode(engine.encode(g))
    assert again.chosen == g.chosen and again.position() == g.position()
    assert engine.replay(g.log).position() == g.position()
    assert "fb W" in g.position().split(" | ")


def test_C_M_creta_4_no_cash_before_a_coin_side():
    """Creta's cash waits for a marker on its coin side: at the start it is neither offered
    nor accepted (the refusal says why, with this ruling); once a province is prefected it is
    offered, and brings its coins and the 2 more."""
    g = new(2, "creta")
    assert not any(g.flipped)
    play(g, "PRE")
    assert CASH not in g.legal_actions()
    reason, rule = g.why_illegal(CASH)
    assert rule == "C-M.creta.4" and reason.key == "c.no_coin_side_creta"
    assert reason.params == {"bonus": 2} and "coin side" in str(reason)
    with pytest.raises(engine.IllegalAction) as caught:
        g.apply(CASH)
    assert caught.value.rule == "C-M.creta.4"
    p = next(p for p, good in enumerate(g.marker) if good == W)
    play(g, f"p{p}", "PRE")  # seat 0 prefects a wine province; seat 1 plays its Prefect
    assert CASH in g.legal_actions()
    money = g.money[1]
    play(g, "cash")
    assert g.money[1] == money + 2 + 2


# ------------------------------------------------------------------ C-M.3 the markers


def test_C_M_3_markers_of_one_city_and_one_kind_provinces():
    g = new(2, "creta")
    gavdos = g.board.province_names.index("Gavdos")
    assert g.marker[gavdos] == g.token[city(g, "gavdos")]
    p = next(p for p, cities in enumerate(g.board.province_cities) if len(cities) == 3)
    for c in g.board.province_cities[p]:
        g.token[c] = F
    g._place_markers()
    assert g.marker[p] == F
    g.token[g.board.province_cities[p][0]] = T
    g._place_markers()
    assert g.marker[p] == T


def test_C_M_2_the_registry_offers_every_map_of_the_data():
    """The map option lists the generated maps, the base maps first (old links keep their
    meaning: choices are only appended, see tests/test_codec.py)."""
    from engine.concordia.maps import MAPS

    option = engine.GAMES["concordia"].option("map")
    assert option.default == "imperium"
    assert option.choices == ("imperium", "italia", *LATER) == tuple(MAPS)
