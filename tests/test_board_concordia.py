"""The Concordia board's render functions: legal targets carry the right indices (Architect
moves and houses, Prefect provinces, Mercator trades, Senator/Consul purchases, keep choices),
illegal clicks are explained with the rule, names are escaped, the catalogues are complete in
both languages, and the generated coastline module is valid and small."""

from __future__ import annotations

import html
import json
import os
import random
import re
from pathlib import Path

import pytest

import engine
from engine.concordia import Action
from engine.concordia.components import CARDS
from engine.concordia.messages import MESSAGES
from engine.concordia.scoring import GODS
from tests.playing import play_out, stand, uniform
from ui.boards import concordia as board
from ui.boards import concordia_geo
from ui.boards.concordia_words import card_summary
from ui.i18n import Catalogue
from ui.i18n import placeholders as i18n_placeholders
from ui.screens.parts import player_label
from ui.session import Session

ROOT = Path(__file__).resolve().parent.parent
OFFERED_DECISIONS = 150 if os.environ.get("LUDI_QUICK") else 400
"""Decisions of a random game checked for their elements (a quick run, Pyodide's, fewer)."""
TAG = re.compile(r"<(\w+)([^>]*)>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def elements(markup: str, **wanted: str) -> list[dict[str, str]]:
    """The attributes of every element whose attributes include ``wanted`` (``data_cmd="act"``
    matches ``data-cmd="act"``)."""
    found = []
    for _name, raw in TAG.findall(markup):
        attrs = {k: html.unescape(v) for k, v in ATTR.findall(raw)}
        if all(attrs.get(k.replace("_", "-")) == v for k, v in wanted.items()):
            found.append(attrs)
    return found


def session_at(step: str, mapname: str = "imperium", players: int = 3, seed: int = 1,
               when=lambda game: True, limit: int = 4000) -> Session:
    """A hot-seat session played with random legal moves until ``step`` is being decided."""
    game = engine.new_game("concordia", players, seed=seed, map=mapname)
    session = Session(game, ["human"] * players, rng=random.Random(seed))
    session.settle_chance()
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            break
        if game.prompt()["step"] == step and when(game):
            return session
        session.decide(rng.randrange(len(game.legal_actions())))
    raise LookupError(f"no {step} step reached with seed {seed}")


def find_session(step: str, when=lambda game: True, **kwargs) -> Session:
    """A session at ``step`` (where ``when`` holds) from the first seed that reaches it."""
    for seed in range(1, 40):
        try:
            return session_at(step, seed=seed, when=when, **kwargs)
        except LookupError:
            continue
    raise AssertionError(f"no seed reaches {step}")


def session_from(text: str) -> Session:
    """A hot-seat session of the Concordia game standing at ``to_text()`` text ``text``."""
    game = stand("concordia", text)
    return Session(game, ["human"] * game.players, rng=random.Random(1))


ARCHITECT_GOES_ON = (
    "imperium 3p r2 t0 a0 s0 pm2 cc-1 x0 tok:WTFTFWCBBCTC.BFWBFFBFWTBBTBFWTC mk:WTCCCTFWTWFC "
    "fb:............ hs:0000000000000000000000000000000 dp:7.8.10.9.6.13.12 "
    "dk:11/6.7.8.9.14.15.16/6.7.8.9.14.17 P0:5,1.2.1.1.1,2.2,24.25,0.2.2.3.4.5,1,0 "
    "P1:6,1.2.1.1.1,2.2,24.25,0.1.2.2.3.4.5,,0 P2:7,1.2.1.1.1,2.2,24.25,0.1.2.2.3.4.5,,0 "
    "[architect:0:2:0]")
"""Red's Architect with 2 movement points, whose colonist from Roma can go on after its
first step (C-4.2)."""


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return Catalogue("en")


def acts(markup: str) -> list[dict[str, str]]:
    return elements(markup, data_cmd="act")


# ----------------------------------------------------------------------------- targets
def test_turn_hand_cards_play_the_right_card(cat):
    session = find_session("turn")
    game = session.game
    markup = board.render(session, cat)
    legal = game.legal_actions()
    played = {int(a["data-index"]) for a in acts(markup)}
    assert played == set(range(len(legal)))
    assert all(legal[i].verb == "play" for i in played)


def test_architect_routes_carry_moves_of_the_chosen_colonist(cat):
    session = find_session("architect", when=lambda g: any(
        a.verb == "move" for a in g.legal_actions()))
    game = session.game
    seat = game.current_player
    legal = game.legal_actions()
    movers = sorted({a.a for a in legal if a.verb == "move"})
    session.ui["colonist"] = movers[-1]
    markup = board.render(session, cat)
    routes = [a for a in acts(markup) if "data-route" in a]
    assert routes
    reach = game.reachable_routes(seat, movers[-1])
    assert {int(a["data-route"]) for a in routes} == set(reach)
    for attrs in routes:
        action = legal[int(attrs["data-index"])]
        assert action == Action("move", movers[-1], int(attrs["data-route"]))
        cost = reach[action.b]
        assert f"({cost} movement point{'s' if cost != 1 else ''})" in attrs["aria-label"]


@pytest.mark.parametrize("mapname", ["italia", "imperium"])
def test_architect_target_routes_take_the_click_above_everything(cat, mapname):
    """A gold route is drawn after every other route, and its movement cost sits on a pad of
    the map's top layer (after the province labels and the cities) that takes the click for
    that very route: a sea route or a province label drawn over it cannot catch the click."""
    session = find_session("architect", mapname=mapname, when=lambda g: any(
        a.verb == "move" for a in g.legal_actions()))
    legal = session.game.legal_actions()
    session.ui["colonist"] = min(a.a for a in legal if a.verb == "move")
    svg = str(board.render(session, cat))
    svg = svg[svg.index("<svg class=\"cc-map"):]
    assert re.match(r'<svg class="cc-map map-\w+ moving"', svg)
    order = [("target" in cls, int(route)) for cls, route in re.findall(
        r'<g class="cc-route ([^"]*)"[^>]*? data-route="(\d+)"', svg)]
    targets = [route for is_target, route in order if is_target]
    assert targets and order == sorted(order, key=lambda item: item[0])
    pads = elements(svg, **{"class": "cc-pad"})
    routes = {int(a["data-route"]): a["data-index"] for a in acts(svg) if "data-route" in a}
    assert {int(a["data-pad"]): a["data-index"] for a in pads} == routes
    assert all(a["data-cmd"] == "act" and a["aria-hidden"] == "true" and "tabindex" not in a
               for a in pads)
    assert svg.index('class="cc-pads"') > svg.index('class="cc-cities"') > svg.index(
        'class="cc-provinces"')
    for route in targets:  # the cost is shown on the pad, once
        assert len(re.findall(rf'data-pad="{route}"[^>]*>.*?class="badge"', svg)) == 1


def test_no_pads_when_no_route_is_a_target(cat):
    session = find_session("prefect")
    svg = str(board.render(session, cat))
    assert "cc-pads" not in svg and " moving" not in svg


def test_architect_houses_show_their_cost(cat):
    session = find_session("architect", when=lambda g: any(
        a.verb == "build" for a in g.legal_actions()))
    game = session.game
    legal = game.legal_actions()
    markup = board.render(session, cat)
    cities = [a for a in acts(markup) if "data-city" in a]
    builds = {a.a for a in legal if a.verb == "build"}
    assert {int(a["data-city"]) for a in cities} == builds
    for attrs in cities:
        city = int(attrs["data-city"])
        assert legal[int(attrs["data-index"])] == Action("build", city)
        goods, money = game.house_cost(game.current_player, city)
        assert f"{money} sestert{'ius' if money == 1 else 'ii'}" in attrs["aria-label"]


def test_prefect_provinces_preview_what_each_player_gets(cat):
    session = find_session("prefect", when=lambda g: any(g.houses))
    game = session.game
    legal = game.legal_actions()
    markup = board.render(session, cat)
    provinces = [a for a in acts(markup) if "data-province" in a]
    open_ = {a.a for a in legal if a.verb == "province"}
    assert {int(a["data-province"]) for a in provinces} == open_
    for attrs in provinces:
        p = int(attrs["data-province"])
        assert legal[int(attrs["data-index"])] == Action("province", p)
        preview = game.prefect_preview(p)
        assert board.goods_text(cat, preview[game.current_player]) in attrs["aria-label"]


def test_mercator_trade_sheet(cat):
    """Steppers per good within what the rules allow, the money change, one Trade button that
    carries out the whole plan (sells first), and a plan that can still be changed."""
    session = find_session("mercator")
    game = session.game
    seat = game.current_player
    markup = board.render(session, cat)
    assert 'data-trade="go"' in markup and "disabled" in markup.split('data-trade="go"')[1][:40]
    sellable = next((g for g in range(5) if game.goods[seat][g]), None)
    assert sellable is not None
    reply = board.on_board(session, cat, {"trade-good": str(sellable), "trade-delta": "-1"})
    assert reply.kind == "render" and session.ui["trade"] == {sellable: -1}
    markup = board.render(session, cat)
    money = game.money[seat]
    price = game.trade_price(sellable)
    assert f"{money} sestert" in markup and f"→ {money + price} sestert" in markup
    # selling more than the player has is refused in words, the plan unchanged
    have = game.goods[seat][sellable]
    for _ in range(have):
        reply = board.on_board(session, cat, {"trade-good": str(sellable), "trade-delta": "-1"})
    assert reply.kind == "say" and reply.rule == "C-4.5" and "sell" in reply.text
    assert session.ui["trade"] == {sellable: -have}
    # changed back before confirming
    board.on_board(session, cat, {"trade-good": str(sellable), "trade-delta": "1"})
    assert session.ui["trade"] == ({sellable: 1 - have} if have > 1 else {})
    board.on_board(session, cat, {"trade-good": str(sellable), "trade-delta": "-1"})
    reply = board.on_board(session, cat, {"trade": "go"})
    assert reply.kind == "acts"
    assert reply.actions == (Action("sell", sellable, have), Action("done"))
    for action in reply.actions:
        session.decide(game.legal_actions().index(action))
    assert game.goods[seat][sellable] == 0 and game.money[seat] == money + have * price


def test_senator_slots_and_payment_choices(cat):
    def any_slot(game):
        return any(a.verb == "card" and a.b >= 0 for a in game.legal_actions())

    session = find_session("senator", when=any_slot)
    game = session.game
    legal = game.legal_actions()
    markup = board.render(session, cat)
    direct = [a for a in acts(markup) if "data-slot" in a]
    for attrs in direct:
        action = legal[int(attrs["data-index"])]
        assert action.verb == "card" and action.a == int(attrs["data-slot"])
    slot = next(a.a for a in legal if a.verb == "card" and a.b >= 0)
    reply = board.on_board(session, cat, {"cmd": "board", "slot": str(slot)})
    assert reply.kind == "render"
    markup = board.render(session, cat)
    pays = [a for a in acts(markup) if "data-pay" in a]
    options = {a.b for a in legal if a.verb == "card" and a.a == slot}
    assert {int(a["data-pay"]) for a in pays} == options
    for attrs in pays:
        assert legal[int(attrs["data-index"])] == Action("card", slot, int(attrs["data-pay"]))
    # the question the click raised takes the focus (so it is scrolled into view)
    focused = re.findall(r"<button[^>]*\bdata-autofocus\b[^>]*>", markup)
    assert len(focused) == 1 and "data-pay=" in focused[0], focused
    # the chosen card is marked as chosen, and the goods to pay sit right under it, in its
    # own place of the display
    chosen = elements(markup, aria_pressed="true")
    assert [a["data-slot"] for a in chosen] == [str(slot)]
    assert "chosen" in chosen[0]["class"].split()
    place = re.search(r'<li class="cc-slot choosing">(.*?)</li>', markup, re.S)
    assert place and f'data-slot="{slot}"' in place.group(1)
    assert len(re.findall(r"data-pay=", place.group(1))) == len(options)
    # the display keeps the chosen card in view on a phone (its row scrolls sideways)
    row = elements(markup, id="cc-buy-slots")
    assert row and row[0]["data-focus"] == f"{(slot + 0.5) / 7:.3f}"


def test_an_emptied_display_slot_shows_no_surcharge(cat):
    """A card bought this turn leaves its place empty until the display slides at the end of
    the turn: the empty place shows no surcharge (it belongs to whichever card comes there)."""
    session = find_session("senator", when=lambda g: any(c < 0 for c in g.display),
                           players=3)
    markup = str(board.render(session, cat))
    empties = re.findall(r'<li class="cc-slot empty">(.*?)</li>', markup, re.S)
    assert empties and not any("cc-surcharge" in place for place in empties)
    cards = re.findall(r'<li class="cc-slot">(.*?)</li>', markup, re.S)
    assert all("cc-surcharge" in place for place in cards)


def test_every_decision_of_a_random_game_is_offered(cat):
    """Whatever the step, every legal decision has an element (map, hand, display or bar),
    once the Architect's colonist or the card to pay for is chosen."""
    game = engine.new_game("concordia", 3, seed=11, map="imperium")
    session = Session(game, ["human"] * 3, rng=random.Random(11))
    session.settle_chance()
    rng = random.Random(11)
    for _ in range(OFFERED_DECISIONS):
        if game.is_over:
            break
        legal = game.legal_actions()
        offered = set()
        choices = [{}] + [{"colonist": c} for c in {a.a for a in legal if a.verb == "move"}] \
            + [{"slot": s} for s in {a.a for a in legal if a.verb == "card"}]
        for ui in choices:
            session.ui = dict(ui)
            offered |= {int(a["data-index"]) for a in acts(board.render(session, cat))}
        # the Mercator's trades are made on the trade sheet: each one is a plan it accepts
        offered |= {i for i, a in enumerate(legal) if a.verb in ("buy", "sell")
                    and board.trade_check(game, {a.a: a.b if a.verb == "buy" else -a.b}) is None}
        assert offered == set(range(len(legal))), (game.prompt(), legal)
        session.ui = {}
        session.decide(rng.randrange(len(legal)))


# ----------------------------------------------------------------------------- explanations
def test_illegal_route_is_explained_with_the_rule(cat):
    session = find_session("architect", when=lambda g: any(
        a.verb == "move" for a in g.legal_actions()))
    game = session.game
    legal = game.legal_actions()
    mover = min(a.a for a in legal if a.verb == "move")
    session.ui["colonist"] = mover
    reach = game.reachable_routes(game.current_player, mover)
    route = next(r for r in range(game.board.nroutes) if r not in reach)
    reply = board.on_board(session, cat, {"cmd": "board", "route": str(route)})
    assert reply.kind == "say" and reply.rule.startswith("C-4.2")


def test_illegal_city_and_province_explained(cat):
    session = find_session("prefect", when=lambda g: any(g.flipped))
    game = session.game
    p = game.flipped.index(1)
    reply = board.on_board(session, cat, {"cmd": "board", "province": str(p)})
    assert reply.kind == "say" and reply.rule.startswith("C-4.4")
    roma = game.board.roma
    reply = board.on_board(session, cat, {"cmd": "board", "city": str(roma)})
    assert reply.kind == "say" and reply.rule.startswith("C-4.4")  # a build is not this step's


def test_colonist_pick_is_kept_in_session_ui(cat):
    session = find_session("architect", when=lambda g: len({a.a for a in g.legal_actions()
                                                             if a.verb == "move"}) > 1)
    movers = sorted({a.a for a in session.game.legal_actions() if a.verb == "move"})
    reply = board.on_board(session, cat, {"cmd": "board", "colonist": str(movers[1])})
    assert reply.kind == "render" and session.ui["colonist"] == movers[1]
    markup = board.render(session, cat)
    pressed = elements(markup, data_colonist=str(movers[1]), aria_pressed="true")
    assert pressed


def test_nothing_is_a_target_for_a_computer_seat_or_in_replay(cat):
    session = find_session("turn")
    session.seats = ["ai:easy"] * session.game.players
    assert not acts(board.render(session, cat))
    session.seats = ["human"] * session.game.players
    session.replay_to(len(session.game.log) - 1)
    assert not acts(board.render(session, cat))


# ----------------------------------------------------------------------------- safety, end
def test_player_names_are_escaped(cat):
    name = '<img src=x onerror="alert(1)">'
    game = engine.new_game("concordia", 3, seed=3, map="imperium", names=[name, "B&B", "C"])
    session = Session(game, ["human"] * 3, rng=random.Random(3))
    session.settle_chance()
    markup = board.render(session, cat)
    assert name not in markup
    assert html.escape(name) in markup


def finished_session(seed: int = 5) -> Session:
    """A two-player Italia game played to its end with random legal moves."""
    game = engine.new_game("concordia", 2, seed=seed, map="italia")
    session = Session(game, ["human"] * 2, rng=random.Random(seed))
    session.settle_chance()
    rng = random.Random(seed)
    while not game.is_over:
        session.decide(rng.randrange(len(game.legal_actions())))
    return session


def test_result_details_break_down_by_god(cat):
    session = finished_session()
    game = session.game
    markup = board.result_details(session, cat)
    for god in GODS:
        assert cat.t(f"cc.god.{god}") in markup
    for r in game.result():
        assert f'<td class="total" data-label="Total">{r.score}</td>' in markup
    assert "C-6.8" in markup


def test_rules_help_in_both_languages():
    for lang in ("en", "ja"):
        markup = board.rules_help(Catalogue(lang))
        assert "C-4.2" in markup and "Natural Earth" in markup
        assert "cc.help" not in markup


# ----------------------------------------------------------------------------- catalogues
def placeholders(text: str) -> set[str]:
    return i18n_placeholders(text)


def test_catalogue_complete_in_both_languages():
    en = json.loads((ROOT / "assets/i18n/en/concordia.json").read_text(encoding="utf-8"))
    ja = json.loads((ROOT / "assets/i18n/ja/concordia.json").read_text(encoding="utf-8"))
    assert en.keys() == ja.keys()
    for key in en:
        assert placeholders(ja[key]) <= placeholders(en[key]), key  # a counter may fold words
    for key, template in MESSAGES.items():
        assert f"event.concordia.{key}" in en, key
        derived = {"goods"} if {"n", "good"} <= placeholders(template) else set()  # "2 bricks"
        assert placeholders(en[f"event.concordia.{key}"]) <= placeholders(template) | derived, key
    for god in GODS:
        assert f"breakdown.concordia.{god}" in en
    used = set()
    for path in (ROOT / "ui/boards").glob("concordia*.py"):
        used |= set(re.findall(r'"(cc\.[a-z_.]+[a-z])"', path.read_text(encoding="utf-8")))
    missing = {k for k in used if k not in en and not k.endswith(".")}
    assert not missing


ALL_MAPS = ("imperium", "italia", "hellas", "ionium", "hispania", "cyprus", "creta")
"""Every Concordia map (the registry's choices, C-1.7 and C-M)."""


def map_board(name: str):
    """The board of map ``name`` (what only the board decides needs no game started)."""
    from engine.concordia.board import board as make_board

    return make_board(name)


KATAKANA = re.compile(r"[\u30a0-\u30ff]+")
"""Katakana, with the middle dot and the long-vowel mark."""


def city_names(lang: str, mapname: str) -> dict[str, str]:
    """The names of the cities of a map (C-1.7) in the catalogue of ``lang``, by city id."""
    messages = json.loads((ROOT / f"assets/i18n/{lang}/concordia.json").read_text("utf-8"))
    b = map_board(mapname)
    return {city: messages[f"cc.city.{city}"] for city in b.city_ids}


@pytest.mark.parametrize("mapname", ALL_MAPS)
def test_every_city_and_province_is_named_in_both_languages(mapname):
    """Every city of every map (C-1.7, C-M) has its name in the catalogue: the map's own Latin
    name in English, katakana in Japanese; so has every province."""
    b = map_board(mapname)
    assert city_names("en", mapname) == dict(zip(b.city_ids, b.city_names))
    for city, name in city_names("ja", mapname).items():
        assert KATAKANA.fullmatch(name), (city, name)
    for lang in ("en", "ja"):
        cat = Catalogue(lang)
        for province in b.province_names:
            name = cat.t(f"cc.province.{province}")
            assert name != f"cc.province.{province}"
            assert lang == "en" or KATAKANA.fullmatch(name), (province, name)


@pytest.mark.parametrize("mapname, players", [("imperium", 3), ("hispania", 3), ("creta", 2)])
def test_C_M_1_the_tribune_and_the_colonist_cards_name_the_start_city(mapname, players):
    """The cards that bring colonists to the start city say which (C-4.1, C-4.6, C-M.1):
    Roma on the base maps, Saguntum on Hispania, Knossos on Creta, in the hand as drawn."""
    session = session_at("turn", mapname, players)
    game, b = session.game, session.game.board
    for lang in ("en", "ja"):
        cat = Catalogue(lang)
        start = cat.t(f"cc.city.{b.city_ids[b.roma]}")
        markup = board.render(session, cat)
        tribune = cat.t("cc.does.Tribune", start=start)
        assert start in tribune and html.escape(tribune, quote=False) in markup
        colonist = [c for c, card in enumerate(CARDS) if card[0] == "Colonist"][0]
        assert start in card_summary(cat, colonist, game)


def test_a_city_is_named_in_the_language_of_the_page():
    """A city is named in the language of the page wherever it is read: the Architect's house
    targets (C-4.2, C-4.3), the name painted on the map and the log line of the house built
    say its Japanese name in Japanese, with no Latin left, and the map's Latin name in English."""
    session = find_session("architect", when=lambda g: any(
        a.verb == "build" for a in g.legal_actions()))
    game = session.game
    index, build = next((i, a) for i, a in enumerate(game.legal_actions()) if a.verb == "build")
    city = game.board.city_ids[build.a]
    latin = game.board.city_names[build.a]
    names = {lang: city_names(lang, game.board.name)[city] for lang in ("en", "ja")}
    for lang, name in names.items():
        markup = board.render(session, Catalogue(lang))
        (target,) = elements(markup, data_cmd="act", data_city=str(build.a))
        assert name in target["aria-label"], target
        assert f">{name}</text>" in markup
        assert lang == "en" or latin not in markup
    session.decide(index)
    event = next(e for e in reversed(game.events) if e.key == "c.build")
    for lang, name in names.items():
        text = board.event_text(game, event, Catalogue(lang))
        assert name in text and (lang == "en" or latin not in text), text


def test_every_event_reads_in_both_languages():
    game = engine.new_game("concordia", 4, seed=9, map="imperium")
    rng = random.Random(9)
    play_out(game, uniform(rng), rng)
    keys = {e.key for e in game.events}
    assert len(keys) > 15
    for lang in ("en", "ja"):
        cat = Catalogue(lang)
        for event in game.events:
            text = board.event_text(game, event, cat)
            assert "{" not in text and "cc." not in text, text
            for key, value in event.args:
                if key in ("p", "q"):  # seats without names go by their colour, translated
                    assert player_label(game, value, cat) in text
                    assert lang == "en" or game.player_name(value) not in text


# ----------------------------------------------------------------------------- geography
def test_geo_module_is_valid_and_small():
    path = ROOT / "ui/boards/concordia_geo.py"
    assert path.stat().st_size < 40_000
    assert "Natural Earth" in concordia_geo.ATTRIBUTION
    assert set(concordia_geo.MAPS) == set(ALL_MAPS)
    for name in ALL_MAPS:
        data = concordia_geo.MAPS[name]
        land = data["land"]
        assert land.startswith("M") and land.endswith("z")
        assert set(land) <= set("Mlz0123456789- ")
        assert land.count("M") >= 2  # a coast and an island at least
        b = map_board(name)
        assert set(data["cities"]) == set(b.city_ids)
        for x, y in data["cities"].values():
            assert 0 < x < data["width"] and 0 < y < data["height"]


def test_cities_keep_their_real_geography():
    """Cities are placed from latitude/longitude: north of and west of agree with the map."""
    for name in ALL_MAPS:
        b = map_board(name)
        xy = concordia_geo.MAPS[name]["cities"]
        for i in range(b.ncities):
            for j in range(b.ncities):
                (lat1, lon1), (lat2, lon2) = b.latlon[i], b.latlon[j]
                if lat1 > lat2 + 1.0:
                    assert xy[b.city_ids[i]][1] < xy[b.city_ids[j]][1]
                if lon1 < lon2 - 1.0:
                    assert xy[b.city_ids[i]][0] < xy[b.city_ids[j]][0]


def test_generator_decodes_topojson_arcs():
    from tools.concordia_map import clip, decode_arcs, ring_points, simplify_ring

    topology = {"transform": {"scale": [0.5, 0.25], "translate": [10, 20]},
                "arcs": [[[0, 0], [2, 0], [0, 4]], [[2, 4], [-2, 0], [0, -4]]]}
    arcs = decode_arcs(topology)
    assert arcs[0] == [(10.0, 20.0), (11.0, 20.0), (11.0, 21.0)]
    ring = ring_points([0, 1], arcs)
    assert ring[0] == ring[-1] == (10.0, 20.0) and len(ring) == 5
    assert ring_points([~0], arcs)[0] == (11.0, 21.0)
    square = [(-5, -5), (5, -5), (5, 5), (-5, 5)]
    assert sorted(clip(square, 10, 10)) == [(0, 0), (0, 5), (5, 0), (5, 5)]
    wiggly = [(0, 0), (5, 0.1), (10, 0), (10, 10), (0, 10)]
    assert (5, 0.1) not in simplify_ring(wiggly, 1.0)


def test_keep_and_copy_buttons(cat):
    from engine.concordia.notation import unpack_goods

    session = find_session("keep", mapname="italia")
    game = session.game
    legal = game.legal_actions()
    markup = board.render(session, cat)
    buttons = acts(markup)
    assert {int(a["data-index"]) for a in buttons} == set(range(len(legal)))
    incoming = board.goods_text(cat, list(game.pending_step()["incoming"]))
    assert incoming in markup
    for action in legal:
        assert html.escape(cat.t("cc.keep", goods=board.goods_text(
            cat, unpack_goods(action.a)))) in markup
    session = find_session("diplomat", when=lambda g: any(
        a.verb == "copy" for a in g.legal_actions()))
    game = session.game
    legal = game.legal_actions()
    markup = board.render(session, cat)
    texts = dict(re.findall(r'<button[^>]*data-index="(\d+)"[^>]*>(.*?)</button>', markup))
    copies = [a for a in legal if a.verb == "copy"]
    for action in copies:
        text = html.unescape(texts[str(legal.index(action))])
        assert game.player_name(action.a) in text
        assert board.card_name(cat, game.discard[action.a][-1]) in text


def test_geo_module_is_what_the_generator_makes():
    from tools.concordia_map import DEFAULT_SOURCE, OUT, generate

    if not DEFAULT_SOURCE.is_file():
        pytest.skip("world-atlas is not installed (npm devDependency world-atlas)")
    assert generate(DEFAULT_SOURCE) == OUT.read_text(encoding="utf-8")


def test_the_colonist_that_moved_stays_chosen(cat):
    def can_go_on(game):
        return sum(1 for a in game.legal_actions() if a.verb == "move") > 0 and \
            game.prompt()["points"] >= 2 and len({a.a for a in game.legal_actions()
                                                   if a.verb == "move"}) > 1

    session = session_from(ARCHITECT_GOES_ON)
    game = session.game
    assert can_go_on(game)
    legal = game.legal_actions()
    mover = max(a.a for a in legal if a.verb == "move")
    move = min((a for a in legal if a.verb == "move" and a.a == mover),
               key=lambda a: game.reachable_routes(game.current_player, mover)[a.b])
    session.decide(legal.index(move))
    assert game.pending_step().kind == "architect" and any(
        a.verb == "move" and a.a == mover for a in game.legal_actions())
    assert board.selected_colonist(session, board.legal_map(session)) == mover


# ----------------------------------------------------------------------------- card worth
def card_worths(markup: str, section: str) -> dict[str, list[str]]:
    """Card name -> the worth lines on its cards in the ``<section class="section">`` of
    ``markup``, in order."""
    part = markup[markup.index(f'<section class="{section}"'):]
    part = part[:part.index("</section>")]
    found: dict[str, list[str]] = {}
    for name, worth in re.findall(
            r'data-card="(\w+)".*?<span class="cc-card-worth">([^<]*)</span>', part):
        found.setdefault(name, []).append(worth)
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_cards_say_what_they_are_worth_to_the_player_now(lang):
    """C-6.1 Vesta (money and goods per 10), C-6.2 Jupiter (houses outside brick cities),
    C-6.3 Saturnus (provinces with a house), C-6.4 Mercurius (2 a kind of good produced),
    C-6.5 Mars (2 a colonist on the board), C-6.6 Minerva (a Farmer: 3 a house in a food
    city): on the turn's playable cards, each card's points if the game ended now; on the
    display, what a card itself would score for the player whose turn it is."""
    cat = Catalogue(lang)
    game = engine.new_game("concordia", 2, seed=1, map="italia")
    session = Session(game, ["human"] * 2, rng=random.Random(1))
    session.settle_chance()
    assert game.prompt()["step"] == "turn"
    seat = game.active_player
    b = game.board
    food = [c for c in b.token_cities if game.token[c] == 1][:2]
    brick = next(c for c in b.token_cities if game.token[c] == 0)
    for city in (*food, brick):
        game.houses[city] |= 1 << seat
    provinces = len({b.province_of[c] for c in (*food, brick)})
    game.money[seat], game.goods[seat] = 23, [0, 0, 0, 0, 0]
    game.display[0] = 12  # a Farmer (Minerva: 3 points per house in a food city)
    assert board.CARDS[12][0] == "Farmer"
    markup = board.render(session, cat)
    hand = card_worths(markup, "cc-hand")

    def now(points: int) -> list[str]:
        return [cat.t("cc.worth_now", points=points)]

    assert hand["Architect"] == hand["Diplomat"] == now(2)  # two houses in food cities
    assert hand["Prefect"] == now(provinces) * 2
    assert hand["Mercator"] == now(2 * 2)                   # food and brick
    assert hand["Tribune"] == now(2 * 2)                    # two colonists out
    assert hand["Senator"] == now(2)                        # 23 sestertii, no goods
    playable = elements(markup, data_cmd="act", data_card="Senator")
    assert playable and "playable" in playable[0]["class"]
    assert card_worths(markup, "cc-display")["Farmer"][0] == now(3 * 2)[0]
    name = player_label(game, seat, cat)
    assert html.escape(cat.t("cc.worth_note", name=name), quote=True) in markup


def test_a_finished_game_shows_no_worth_and_no_last_turn(cat):
    session = finished_session()
    game = session.game
    display = board.display_panel(session, cat, {})
    assert 'class="cc-card-worth"' not in display and "cc-worth-note" not in display
    assert board.end_notice(game, cat) is None and game.last_turns() == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_last_round_says_whose_last_turn_it_is(lang):
    """C-5.1: once someone takes the Concordia card every other player has one more turn; the
    step being decided says so, and how many players follow."""
    cat = Catalogue(lang)
    game = engine.new_game("concordia", 4, seed=3)
    session = Session(game, ["human"] * 4, rng=random.Random(3))
    session.settle_chance()
    assert 'data-role="end-notice"' not in board.render(session, cat)
    name = [player_label(game, seat, cat) for seat in range(4)]

    def shown(key: str, **args) -> bool:
        return html.escape(cat.t(key, **args), quote=True) in board.render(session, cat)

    game.active, game.concordia = 1, 1                 # seat 1 has just triggered the end
    assert game.last_turns() == [2, 3, 0]
    assert shown("cc.end_triggered", holder=name[1])
    game.active = 2                                    # seat 2's last turn, two more follow
    assert shown("cc.last_turn", name=name[2], holder=name[1], n=2)
    game.active = 0                                    # the very last turn
    assert game.last_turns() == []
    assert cat.t("cc.last_turn", name=name[0], holder=name[1], n=0) != cat.t(
        "cc.last_turn", name=name[0], holder=name[1], n=2)
    assert shown("cc.last_turn", name=name[0], holder=name[1], n=0)


@pytest.mark.parametrize("cash", [False, True])
def test_the_prefect_step_offers_the_coins_only_when_there_are_some(cat, cash):
    """C-4.4: the Prefect may take the coins of the turned bonus markers instead of producing;
    while no marker is turned there are none, and the step does not offer them."""
    session = find_session("prefect", when=lambda g: any(a.verb == "cash" for a in
                                                         g.legal_actions()) == cash)
    step = board.step_text(session.game, cat)
    assert ("take the coins" in step) == cash, step


def test_roma_is_named_without_a_letter_or_good(cat):
    """Roma (C-1.2) has no city letter and no good: its label names it as the start city
    (C-M.1), with neither."""
    session = session_at("turn")
    titles = re.findall(r'<g class="cc-city roma[^"]*"[^>]*><title>([^<]*)</title>',
                        board.render(session, cat))
    assert titles == [cat.t("cc.start_city_label", name="Roma")]


def test_a_card_that_would_do_nothing_is_asked_about_first(cat):
    """C-4: a card played with nothing to do (here a specialist with no house of its good, or
    a Diplomat or Senator that can do nothing) ends the turn with nothing gained; the board
    asks first, as for the other decisions that give something up. A card that gains
    something is played without a question."""
    def idle(g) -> bool:
        return any(board.idle_play(g, a) for a in g.legal_actions())

    session = find_session("turn", when=idle)
    game = session.game
    seat = game.current_player
    assert {board.idle_play(game, a) for a in game.legal_actions()} == {True, False}
    for action in game.legal_actions():
        question = board.regret(game, cat, action)
        trial = game.clone()
        trial.apply(action)
        nothing = (trial.current_player != seat and trial.money[seat] == game.money[seat]
                   and list(trial.goods[seat]) == list(game.goods[seat])
                   and trial.nhouses[seat] == game.nhouses[seat])
        if board.idle_play(game, action):
            assert nothing and question and question[0] == "c.card_idle", action
            assert board.card_name(cat, action.a) in question[1]
        else:
            assert question is None, action


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_idle_diplomat_says_why_it_can_copy_nothing(lang):
    """C-4.7: the question before a Diplomat that would do nothing names the engine's reasons
    (here: another player's top discard is itself a Diplomat, which cannot be copied; or a
    pile is still empty), each once."""
    from engine.concordia.components import CARDS

    def diplomat_on_top(g) -> bool:
        seat = g.current_player
        return any(CARDS[a.a][0] == "Diplomat" and board.idle_play(g, a)
                   for a in g.legal_actions() if a.verb == "play") and any(
            pile and CARDS[pile[-1]][0] == "Diplomat"
            for s, pile in enumerate(g.discard) if s != seat)

    cat = Catalogue(lang)
    session = find_session("turn", when=diplomat_on_top, players=2, mapname="italia")
    game = session.game
    rival = 1 - game.current_player
    action = next(a for a in game.legal_actions()
                  if a.verb == "play" and CARDS[a.a][0] == "Diplomat")
    key, question = board.regret(game, cat, action)
    assert key == "c.card_idle"
    because = cat.t("refusal.c.copy_diplomat", p=player_label(game, rival, cat))
    assert because in question and question.count(because) == 1
    assert board.card_name(cat, action.a) in question


# ----------------------------------------------- the Architect's words and build tags
def _prompt_words(session: Session, lang: str) -> str:
    return re.sub(r"<[^>]+>", " ", str(board.table(session, Catalogue(lang)).prompt))


def test_C_4_2_an_architect_without_movement_points_speaks_only_of_building():
    """C-4.2: movement points are spent first, then houses are built. With none left (the
    points used up, not yet building) the step must not ask for a route any more."""
    session = find_session("architect", when=lambda g: g.prompt()["points"] == 0
                           and not g.prompt()["building"]
                           and any(a.verb == "build" for a in g.legal_actions()),
                           mapname="italia", players=2)
    assert not any(a.verb == "move" for a in session.game.legal_actions())
    en, ja = _prompt_words(session, "en"), _prompt_words(session, "ja")
    assert "no movement points left" in en and "Build a house" in en, en
    assert "route" not in en and "0 movement points" not in en, en
    assert "道を選ぶ" not in ja and "残り0歩" not in ja and "家を建てる" in ja, ja


def test_C_4_2_an_architect_that_can_still_move_asks_for_a_route():
    session = find_session("architect", when=lambda g: any(
        a.verb == "move" for a in g.legal_actions()), mapname="italia", players=2)
    session.ui["colonist"] = next(a.a for a in session.game.legal_actions() if a.verb == "move")
    assert "Choose a gold route" in _prompt_words(session, "en")


def _tag_boxes(markup: str) -> list[tuple[float, float, float, float]]:
    return [(float(x), float(y), float(x) + float(w), float(y) + 15) for x, y, w in re.findall(
        r'<g class="cc-preview"[^>]*><rect x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)"',
        markup)]


def test_C_4_2_a_build_cost_tag_never_covers_a_colonist_next_to_its_city():
    """C-4.2: after an Architect's move, the cities next to the moved colonist show what a
    house costs there; the tag sits beside its city where it covers no colonist (it used to
    cover the colonist just moved onto the route to its right)."""
    from ui.boards.concordia_geo import MAPS
    from ui.boards.concordia_svg import city_radius, route_geometry

    covered_before = 0
    for seed in range(1, 40):
        session = Session(engine.new_game("concordia", 2, seed=seed, map="italia"),
                          ["human"] * 2, rng=random.Random(seed))
        session.settle_chance()
        rng = random.Random(seed)
        for _ in range(400):
            game = session.game
            if game.is_over:
                break
            if game.prompt()["step"] == "architect" and game.log.entries[-1].action.verb \
                    == "move":
                b = game.board
                xy = MAPS[b.name]["cities"]
                mids = [route_geometry(game, xy)[(code >> 1) - b.ncities][1]
                        for codes in game.colonists for code in codes if code >> 1 >= b.ncities]
                markup = str(board.render(session, Catalogue("en")))
                boxes = _tag_boxes(markup)
                # (no tag when no house can be paid for)
                for left, top, right, bottom in boxes:
                    for mx, my in mids:
                        assert not (left - 6 < mx < right + 6 and top - 6 < my < bottom + 6), \
                            (seed, (left, top, right, bottom), (mx, my))
                for c, text in board.compute_targets(session, Catalogue("en"), board.legal_map(
                        session)).previews.items():  # where the tag stood before
                    x, y = xy[b.city_ids[c]]
                    r = city_radius(b, c)
                    width = len(text) * 6.2 + 8
                    covered_before += any(x + r - 4 < mx < x + r + 8 + width and
                                          y - 8 < my < y + 19 for mx, my in mids)
            session.decide(rng.randrange(len(game.legal_actions())))
        if covered_before >= 2:
            return
    assert covered_before, "no position where a tag would have covered a colonist"


def _buys_colonist(game) -> list:
    return [a for a in game.legal_actions() if a.verb == "card" and a.b < 0
            and board.CARDS[game.display[a.a]][0] == "Colonist"]


def test_the_colonist_card_is_told_from_a_colonist_piece():
    """C-4.6: the Colonist is a card, not a colonist (a piece): buying it (C-4.8, the
    Senator) names it as a card, in the suggestion and in the log."""
    session = find_session("senator", when=lambda g: bool(_buys_colonist(g)),
                           mapname="italia", players=2)
    game = session.game
    buy = _buys_colonist(game)[0]
    ja = board.action_text(game, buy, Catalogue("ja"))
    assert ja.startswith("入植者カードを") and ja.endswith("で買う"), ja
    en = board.action_text(game, buy, Catalogue("en"))
    assert en.startswith("Buy the Colonist card for"), en
    session.decide(game.legal_actions().index(buy))
    event = next(e for e in reversed(game.events) if e.key == "c.buy_card")
    from ui.screens.parts import event_line
    assert "入植者カードを" in event_line(game, event, Catalogue("ja"))
    assert "buys the Colonist card for" in event_line(game, event, Catalogue("en"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_map_key_names_the_storehouse_symbols(lang):
    """A storehouse shows goods and colonists by their drawn symbols; the key under the map
    says each symbol in words, in the chosen language."""
    from ui.boards.concordia_players import legend

    cat = Catalogue(lang)
    key = legend(cat)
    for good in ("brick", "food", "tool", "wine", "cloth"):
        assert f'href="#art-{good}"/></svg></span> {cat.t(f"cc.good.{good}")}<' in key
    for word, symbol in (("land", "col-land"), ("sea", "col-sea")):
        assert (f'href="#art-{symbol}"/></svg></span> {cat.t(f"cc.legend.{word}_colonist")}<'
                in key)


# ----------------------------------------------------------------------------- every map
def _boxes_overlap(a: tuple, b: tuple) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("viewport", [None, (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("mapname", ALL_MAPS)
def test_labels_stay_on_the_map_and_clear_of_each_other(mapname, lang, viewport):
    """Every city's name is on the map (on a phone: with the open sea drawn above and below
    it), clear of every other name, of every city's goods disc or dot and of every province
    label; every province label is on the map and clear of the others (C-1.7, C-M: readable
    in both languages, issue 45). A name away from its city has a leader line to it."""
    from types import SimpleNamespace

    from ui.boards import concordia_labels as labels
    from ui.boards import concordia_view

    game = SimpleNamespace(board=map_board(mapname))
    b = game.board
    cat = Catalogue(lang)
    xy = concordia_geo.MAPS[mapname]["cities"]
    concordia_view.use(mapname, viewport)
    try:
        area = labels.bounds(b, 0.0)
        placed = labels.place_labels(game, xy, cat)
        marks = labels.city_marks(game, xy)
        size = labels.label_size(mapname)
        provinces = []
        for p, (x, y) in enumerate(placed.provinces):
            half = concordia_view.text_width(cat.t(f"cc.province.{b.province_names[p]}"),
                                             size * 0.92, 0.12, concordia_view.PROVINCE_LATIN) / 2
            provinces.append(labels.province_box(x, y, half, size))
        for p, box in enumerate(provinces):
            assert labels.inside(box, area), (b.province_names[p], box)
            assert not labels.hits(box, provinces[p + 1:] + marks), b.province_names[p]
        for c, box in enumerate(placed.names):
            name = b.city_ids[c]
            assert labels.inside(box, area), (name, box)
            taken = labels.others(marks, b, c) + provinces + placed.names[c + 1:]
            assert not labels.hits(box, taken), name
            x, y = xy[name]
            far = labels.leader(x, y, labels.city_radius(b, c), box, size)
            near = box in labels.near_boxes(game, xy, cat, c)
            assert near or far.startswith('<path class="cc-leader"'), name
    finally:
        concordia_view.use(mapname, None)


@pytest.mark.parametrize("mapname", ALL_MAPS)
def test_every_map_has_its_sizes_and_its_start_city_sign(mapname):
    """Each map carries its own label size, city radius and drawn width (no map falls back to
    another's), and its start city (C-M.1) bears its own initial: R for Roma, A for Athenae,
    S for Saguntum, K for Knossos."""
    from ui.boards import concordia_labels as labels
    from ui.boards import concordia_svg as svg

    b = map_board(mapname)
    assert mapname in labels.LABEL_SIZE and mapname in labels.CITY_R
    assert svg.start_sign(b) == b.city_names[b.roma][0]
    expected = {"imperium": "R", "italia": "R", "hellas": "A", "ionium": "A",
                "hispania": "S", "cyprus": "A", "creta": "K"}
    assert svg.start_sign(b) == expected[mapname]


@pytest.mark.parametrize("mapname", ["hellas", "ionium", "cyprus", "creta"])
def test_a_later_map_draws_every_city_and_its_start_city(mapname, cat):
    session = session_at("turn", mapname=mapname)
    b = session.game.board
    markup = board.render(session, cat)
    assert markup.count('<g class="cc-city') == b.ncities
    (start,) = re.findall(r'<g class="cc-city roma[^"]*"[^>]*><title>([^<]*)</title>', markup)
    assert start == cat.t("cc.start_city_label", name=b.city_names[b.roma])
    assert f'class="cc-roma-sign">{b.city_names[b.roma][0]}</text>' in markup
    geo = concordia_geo.MAPS[mapname]
    assert f"--cc-ratio:{geo['width']}/{geo['height']}" in markup  # the frame's shape


def test_the_pass_only_link_is_drawn_apart_and_keyed(cat):
    """Ionium's Brundisium–Apollonia link (C-M.ionium.1) is drawn as its own kind of route,
    with a no-stop mark, named so, and the map's key says what it is."""
    session = session_at("turn", mapname="ionium")
    b = session.game.board
    markup = board.render(session, cat)
    (route,) = elements(markup, data_cmd="board", data_route="76")
    assert {b.city_names[a] for a in b.routes[76][:2]} == {"Brundisium", "Apollonia"}
    assert re.search(r'<g class="cc-route land pass"[^>]*data-route="76"', markup)
    assert markup.count('class="cc-no-stop"') == 1
    assert cat.t("cc.legend.pass") in markup
    name = cat.t("cc.route.pass", a="Brundisium", b="Apollonia")
    assert f"<title>{name}</title>" in markup or "Apollonia–Brundisium" in markup
    other = board.render(session_at("turn", mapname="italia"), cat)
    assert "cc-no-stop" not in other and cat.t("cc.legend.pass") not in other


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("mapname", ALL_MAPS)
def test_the_rules_help_shows_the_maps_own_rules(mapname, lang):
    from types import SimpleNamespace

    from ui.boards.concordia_help import MAP_RULES, anchor

    cat = Catalogue(lang)
    b = map_board(mapname)
    markup = board.rules_help(cat, SimpleNamespace(board=b))
    start = cat.t(f"cc.city.{b.city_ids[b.roma]}")
    assert "{" not in markup and "cc.help" not in markup
    assert start in markup  # the Tribune's and the Colonist's colonists go there
    rules = [rule for _key, rule in MAP_RULES.get(mapname, ())]
    for rule in rules:
        assert f'<span class="rule-id">{rule}</span>' in markup
        assert f'id="{anchor(rule)}"' in markup
    assert ("data-map" in markup) == bool(rules)
    assert (mapname in ("imperium", "italia")) == (not rules)


def test_creta_prefect_tells_its_map_rules_and_pays_as_the_engine(cat):
    """On Creta the Prefect's step notes Gavdos's bonus (C-M.creta.1) and the coins' extra
    (C-M.creta.2); the coins offered are what the engine pays."""
    session = find_session("prefect", mapname="creta", players=3, when=lambda g: any(
        a.verb == "cash" for a in g.legal_actions()))
    game = session.game
    markup = board.render(session, cat)
    for rule in ("C-M.creta.1", "C-M.creta.2"):
        assert f'data-rule="{rule}"' in markup
    cash = next(a for a in game.legal_actions() if a.verb == "cash")
    trial = game.clone()
    seat = game.current_player
    trial.apply(cash)
    paid = trial.money[seat] - game.money[seat]
    assert html.escape(cat.t("cc.prefect_cash", money=paid)) in markup
    assert 'data-rule="C-M.creta.1"' not in board.render(
        find_session("prefect", mapname="italia", players=2), cat)


def test_a_step_the_board_does_not_know_offers_each_decision_as_a_button(cat):
    """A decision the engine adds (e.g. Gavdos's bonus good, C-M.creta.1, as a choice of one
    of the five goods) is offered as one button per good, named by the good."""
    from engine.concordia.components import GOODS

    session = find_session("prefect", mapname="creta", players=3)
    legal = {Action("good", g): g for g in range(len(GOODS))}
    buttons = board.other_buttons(session.game, cat, legal)
    assert len(buttons) == len(GOODS)
    for g, button in enumerate(buttons):
        assert f'data-index="{g}"' in button
        assert board.good_name(cat, g) in button


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("mapname", ALL_MAPS)
def test_the_new_game_form_shows_the_chosen_map(mapname, lang):
    from dataclasses import replace

    from engine.core.registry import GAMES
    from ui.screens.setup import default_request, new_game_form

    cat = Catalogue(lang)
    info = GAMES["concordia"]
    request = replace(default_request(info), options={"map": mapname})
    markup = new_game_form(info, request, cat)
    b = map_board(mapname)
    (figure,) = elements(markup, data_map=mapname)
    assert figure["class"] == "map-preview"
    picture = markup[markup.index('<figure class="map-preview"'):markup.index("</figure>")]
    assert picture.count("<circle") == b.ncities
    assert cat.t(f"cc.city.{b.city_ids[b.roma]}") in picture
    assert re.search(f'<option value="{mapname}" selected>', markup)
    for other in ALL_MAPS:
        label = Catalogue(lang).t(f"option.concordia.map.{other}")
        assert label != f"option.concordia.map.{other}" and label in markup


# ------------------------------------------------------- the later maps' rules in the board
def gavdos_session() -> Session:
    """Creta, the Prefect's step with Gavdos's marker on its good side (C-M.creta.1)."""
    return find_session("prefect", mapname="creta", players=3, when=lambda g: any(
        a.verb == "province" and a.a == GAVDOS for a in g.legal_actions()))


GAVDOS = 8
"""Creta's province of free bonus (``engine.concordia.maps``: ``free_bonus``)."""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_gavdos_offers_the_engines_goods_once_clicked(lang):
    """Gavdos's bonus good is chosen (C-M.creta.1): its province on the map and its button
    open the choice (no decision yet); then one button per good the engine offers, each with
    the good's name and tile and what every seat receives with it."""
    cat = Catalogue(lang)
    session = gavdos_session()
    game = session.game
    assert GAVDOS in game.board.free_bonus
    legal = game.legal_actions()
    offered = {i: a for i, a in enumerate(legal) if a.verb == "province" and a.a == GAVDOS}
    assert len(offered) == 5 and all(a.b >= 0 for a in offered.values())
    markup = board.render(session, cat)
    assert all(int(a["data-index"]) >= 0 for a in acts(markup))
    openers = elements(markup, data_cmd="board", data_province=str(GAVDOS))
    assert len(openers) == 2  # the map's province (a keyboard button) and the bar's button
    assert all(o.get("role") == "button" or o.get("aria-pressed") == "false" for o in openers)
    assert not set(offered) & {int(a["data-index"]) for a in acts(markup)}
    reply = board.on_board(session, cat, {"province": str(GAVDOS)})
    assert reply.kind == "render"
    markup = board.render(session, cat)
    chosen = {int(a["data-index"]): a for a in acts(markup) if "data-bonus" in a}
    assert set(chosen) == set(offered)
    for index, button in chosen.items():
        good = offered[index].b
        assert int(button["data-bonus"]) == good
        preview = game.prefect_preview(GAVDOS, good=good)[game.current_player]
        assert html.escape(board.goods_text(cat, preview)) in button["aria-label"]
        assert board.action_text(game, offered[index], cat) == button["aria-label"]
    for good in range(5):
        assert f"{board.good_name(cat, good)}</button>" in markup
    first = offered[next(iter(chosen))]
    assert board.coach_targets(session, first) == [
        f'.cc-bar [data-cmd="act"][data-index="{next(iter(chosen))}"]',
        f'[data-cmd="act"][data-index="{next(iter(chosen))}"]']
    session.ui.pop("province")
    assert board.coach_targets(session, first) == [
        f'.cc-bar [data-cmd="board"][data-province="{GAVDOS}"]']
    session.ui["province"] = GAVDOS
    session.decide(next(iter(chosen)))
    assert game.log.entries[-1].action.b == offered[next(iter(chosen))].b


def test_a_plain_province_click_on_gavdos_is_never_a_decision(cat):
    """Elsewhere on Creta a province is one decision, as before."""
    session = gavdos_session()
    markup = board.render(session, cat)
    others = [a for a in acts(markup) if a.get("data-province") not in (None, str(GAVDOS))]
    assert others and all(
        session.game.legal_actions()[int(a["data-index"])].b == -1 for a in others)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_refusals_name_the_start_city_and_the_province(lang):
    """``start`` (C-M.1) is a city's name like ``city``; Gavdos's and a fixed province's
    refusals name the province (C-M.creta.1, C-4.4)."""
    cat = Catalogue(lang)
    session = find_session("colonist", mapname="hellas", players=3)
    game = session.game
    reason, _rule = game.why_illegal(Action("place", 0, game.board.roma + 1))
    if reason.key == "colonist_city":
        text = board.explain(game, cat, Action("place", 0, game.board.roma + 1)).text
        assert cat.t("cc.city.athenae") in text and not re.search(r"\d", text)
    words = board.refusal_words(game, cat, {"start": game.board.roma, "city": 3})
    assert words["start"] == cat.t("cc.city.athenae")
    creta = gavdos_session().game
    for key, province in (("say_bonus_good", GAVDOS), ("bonus_fixed", 0)):
        text = cat.t(f"refusal.c.{key}", **board.refusal_words(creta, cat, {
            "province": province}))
        assert board.province_name(cat, creta, province) in text
    reply = board.explain(creta, cat, Action("province", GAVDOS))
    assert reply.rule == "C-M.creta.1"
    assert board.province_name(cat, creta, GAVDOS) in reply.text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_cretas_cash_says_its_extra(lang):
    """C-M.creta.2: the cash's log line says how much of it is Creta's extra; elsewhere the
    line is the base one."""
    from engine.core.protocol import Event

    cat = Catalogue(lang)
    game = gavdos_session().game
    creta = Event("c.cash", (("p", 0), ("money", 5), ("bonus", 2)), 0, "C-M.creta.2")
    plain = Event("c.cash", (("p", 0), ("money", 3)), 0, "C-4.4")
    text = board.event_text(game, creta, cat)
    assert "5" in text and "2" in text and text != board.event_text(game, plain, cat)
    assert ("Creta" in text) if lang == "en" else ("クレタ" in text)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ioniums_two_sea_routes_are_told_apart(lang):
    """C-M.ionium.2: the two sea routes Neapolis–Messana are drawn apart and named apart."""
    from ui.boards.concordia_geo import MAPS
    from ui.boards.concordia_svg import route_geometry, route_label

    cat = Catalogue(lang)
    game = engine.new_game("concordia", 3, seed=1, map="ionium")
    b = game.board
    labels = [route_label(game, r, cat) for r in range(b.nroutes)]
    assert len(set(labels)) == len(labels)
    paths = [path for path, _mid in route_geometry(game, MAPS["ionium"]["cities"])]
    assert len(set(paths)) == len(paths)


def test_every_rule_the_engine_cites_has_a_title():
    """Every rule id of a refusal or a log event of the engine, and every map ruling (C-M),
    has a short title for its link (``cc.rule.<id>``) in both languages."""
    from engine.concordia.rulings import MAP_RULINGS

    cited = set(MAP_RULINGS)
    for path in (ROOT / "engine" / "concordia").glob("*.py"):
        cited |= set(re.findall(r'(?:_why|emit)\(\s*"[a-z_.]+",\s*"(C-[^"]+)"',
                                path.read_text(encoding="utf-8")))
    assert "C-M.creta.1" in cited and "C-4.4" in cited
    for lang in ("en", "ja"):
        missing = sorted(r for r in cited if not board.rule_title(Catalogue(lang), r))
        assert not missing, (lang, missing)


# ------------------------------------------------------- Creta as its source has it (issue 44)
def creta_session(token: int) -> Session:
    """Creta, two seats, Gavdos's city producing ``token``, at Red's Prefect step."""
    from tests.concordia.helpers import new, play, set_token

    game = new(2, "creta")
    set_token(game, "gavdos", token)
    play(game, "PRE")
    return Session(game, ["human", "human"], rng=random.Random(1))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_gavdos_buttons_tell_the_coins_its_marker_then_pays(lang):
    """C-M.creta.1: each of Gavdos's bonus goods tells what its marker then pays, as the
    engine counts it (cloth 1, any other good 2, whatever the city's token)."""
    from engine.concordia.cards import marker_coins

    cat = Catalogue(lang)
    session = creta_session(token=0)  # brick
    game = session.game
    session.ui["province"] = GAVDOS
    chosen = [a for a in acts(board.render(session, cat)) if "data-bonus" in a]
    assert len(chosen) == 5
    for button in chosen:
        good = int(button["data-bonus"])
        coins = marker_coins(game, GAVDOS, good)
        assert coins == (1 if good == 4 else 2)
        assert cat.t("cc.prefect_coins_after", money=coins) in button["aria-label"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_creta_coins_on_the_page_are_the_engines(lang):
    """C-M.creta.4: no coins offered before a marker shows its coin side (the step says only
    'choose a province', a cash click is explained with the ruling); C-M.creta.1: once Gavdos
    is prefected with cloth, its coin marker on the map shows 1 and the cash button the
    engine's 3 (1 and Creta's 2)."""
    from engine.concordia.notation import CASH, parse

    cat = Catalogue(lang)
    session = creta_session(token=0)
    game = session.game
    markup = board.render(session, cat)
    assert not [a for a in acts(markup) if a.get("class", "").endswith("cash")]
    assert board.step_text(game, cat) == cat.t("cc.step.prefect_produce",
                                               name=player_label(game, 0, cat))
    reply = board.explain(game, cat, CASH)
    assert reply.rule == "C-M.creta.4"
    assert reply.text == cat.t("refusal.c.no_coin_side_creta", bonus=2)
    game.apply(parse(f"p{GAVDOS}/C"))
    game.apply(parse("PRE"))
    markup = board.render(session, cat)
    marker = markup[markup.index(f'data-pid="marker-{GAVDOS}"'):]
    assert re.match(r'[^>]*data-state="1"[^>]*><g class="cc-marker coin"[^>]*>.*?>1</text>',
                    marker)
    assert html.escape(cat.t("cc.prefect_cash", money=3)) in markup


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_creta_help_speaks_of_the_games_own_rules(lang):
    """The rules help and the Prefect's notes on Creta tell Gavdos's coins and the cash's wait
    (C-M.creta.1, C-M.creta.4); a game of rules revision 1 is told the rules it keeps."""
    from engine.core.codec import decode
    from tests.concordia.test_old_rules import OLD_GAVDOS
    from ui.boards.concordia_help import map_notes, rules_help

    cat = Catalogue(lang)
    game = creta_session(token=0).game
    old = decode(OLD_GAVDOS)
    now, then = str(rules_help(cat, game)), str(rules_help(cat, old))
    for key in ("creta_gavdos", "creta_wait"):
        assert html.escape(cat.t(f"cc.help.m.{key}")) in now
        assert html.escape(cat.t(f"cc.help.m.{key}_r1")) in then
        assert html.escape(cat.t(f"cc.help.m.{key}")) not in then
    assert 'id="cc-help-m-creta_wait"' in now and "C-M.creta.4" in now
    assert html.escape(cat.t("cc.note.gavdos")) in "".join(map(str, map_notes(game, cat,
                                                                                "prefect")))
    assert html.escape(cat.t("cc.note.gavdos_r1")) in "".join(map(str, map_notes(old, cat,
                                                                                  "prefect")))
