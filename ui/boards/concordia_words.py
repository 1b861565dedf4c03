"""Concordia in words: goods, cards, provinces, costs and the log's events in the chosen
language (shared by the board, its cards and its player panels)."""

from __future__ import annotations

from typing import Any

from engine.concordia.components import CARDS, GOODS, SURCHARGES
from engine.concordia.notation import Action
from ui.boards.concordia_svg import city_name, route_label
from ui.i18n import Catalogue
from ui.screens.parts import player_label


# ------------------------------------------------------------------------------ helpers
def names(game, cat: Catalogue) -> list[str]:
    return [player_label(game, s, cat) for s in range(game.players)]


def good_name(cat: Catalogue, good: int) -> str:
    return cat.t(f"cc.good.{GOODS[good]}")


def goods_text(cat: Catalogue, counts, extra: list[str] | None = None,
               none: str = "cc.nothing") -> str:
    """``[0, 2, 0, 1, 0]`` as "2 food and 1 wine" (or "nothing"), each with its plural."""
    parts = [cat.t(f"cc.n_good.{GOODS[g]}", n=n) for g, n in enumerate(counts) if n]
    parts += extra or []
    return list_text(cat, parts) if parts else cat.t(none)


def n_goods(cat: Catalogue, good: int, n: int) -> str:
    """``n`` of one good, e.g. "2 bricks"."""
    return cat.t(f"cc.n_good.{GOODS[good]}", n=n)


def list_text(cat: Catalogue, parts: list[str]) -> str:
    """"a, b and c" in the language."""
    if len(parts) < 2:
        return "".join(parts)
    return cat.t("cc.list_sep").join(parts[:-1]) + cat.t("cc.list_last") + parts[-1]


def counts_of(goods: tuple[int, ...]) -> list[int]:
    counts = [0] * len(GOODS)
    for g in goods:
        counts[g] += 1
    return counts


def card_name(cat: Catalogue, card: int) -> str:
    name, _god, _cost, param = CARDS[card]
    if name == "Mercator":
        return cat.t("cc.card.Mercator.n", n=param)
    return cat.t(f"cc.card.{name}")


def card_summary(cat: Catalogue, card: int, game) -> str:
    """What a card does, in a line; the Tribune and the Colonist name the map's start city
    (Roma, or the later maps' own: C-M.1)."""
    name, _god, _cost, param = CARDS[card]
    if name == "Mercator":
        return cat.t("cc.does.Mercator", n=param)
    if name in ("Mason", "Farmer", "Smith", "Vintner", "Weaver"):
        return cat.t("cc.does.specialist", good=good_name(cat, param[0]))
    b = game.board
    return cat.t(f"cc.does.{name}", start=cat.t(f"cc.city.{b.city_ids[b.roma]}"))


def province_name(cat: Catalogue, game, p: int) -> str:
    return cat.t(f"cc.province.{game.board.province_names[p]}")


def house_cost_text(cat: Catalogue, goods: tuple[int, ...], money: int) -> str:
    return cat.t("cc.cost", goods=goods_text(cat, counts_of(goods)), money=money)


def short_cost(cat: Catalogue, goods: tuple[int, ...], money: int) -> str:
    """A compact cost for the map: "F+B 6$"."""
    signs = "+".join(cat.t(f"cc.good.{GOODS[g]}.short") for g in goods)
    return f"{signs} {money}{cat.t('cc.money_sign')}"


def location_words(game, location: int, cat: Catalogue) -> str:
    """Where a colonist stands, in the language: a city, or a route ("sea route A–B")."""
    b = game.board
    if location < b.ncities:
        return city_name(cat, game, location)
    return route_label(game, location - b.ncities, cat)


def surcharge_text(cat: Catalogue, surcharge: tuple[int, ...]) -> str:
    parts = [cat.t("cc.any_good") if g < 0 else good_name(cat, g) for g in surcharge]
    return " + ".join(parts)


def price_text(cat: Catalogue, card: int, slot: int, surcharge: bool) -> str:
    goods = list(CARDS[card][2])
    extra = [g for g in SURCHARGES[slot] if g >= 0] if surcharge else []
    text = goods_text(cat, counts_of(tuple(goods + extra)))
    if surcharge and -1 in SURCHARGES[slot]:
        text += " + " + cat.t("cc.any_good")
    return text


# ------------------------------------------------------------------------------ log words
def parse_goods(text: str) -> list[int]:
    """The engine's ``food:2,wine:1`` as counts per good."""
    counts = [0] * len(GOODS)
    for part in filter(None, text.split(",")):
        good, _, n = part.partition(":")
        counts[GOODS.index(good)] = int(n)
    return counts


def event_args(game, event, cat: Catalogue) -> dict[str, Any]:
    """A log event's arguments in words of the language (names, cities, provinces, routes,
    goods, cards), for ``event.concordia.<key>`` in the catalogue."""
    b = game.board
    args: dict[str, Any] = {}
    for key, value in event.args:
        if key in ("p", "q") and isinstance(value, int):
            value = player_label(game, value, cat)
        elif key in ("city", "origin") and isinstance(value, str) and value in b.city_ids:
            value = city_name(cat, game, b.city_ids.index(value))
        elif key in ("origin", "route") and isinstance(value, int):
            value = route_label(game, value, cat)
        elif key == "province" and isinstance(value, int):
            value = province_name(cat, game, value)
        elif key in ("goods", "lost") and isinstance(value, str):
            value = goods_text(cat, parse_goods(value))
        elif key == "good" and value in GOODS:
            value = cat.t(f"cc.good.{value}")
        elif key == "card" and isinstance(value, str):
            value = cat.t(f"cc.card.{value}")
        elif key == "kind" and value in ("land", "sea"):
            value = cat.t(f"cc.kind.{value}")
        args[key] = value
    raw = dict(event.args)
    if raw.get("good") in GOODS and "n" in raw:
        args["goods"] = cat.t(f"cc.n_good.{raw['good']}", n=raw["n"])
    return args


def step_name(game) -> str:
    return "over" if game.is_over else game.pending_step().kind


def rule_title(cat: Catalogue, rule: str) -> str:
    """The short title of a rule (``cc.rule.<id>``), or empty."""
    return cat.t(f"cc.rule.{rule}") if cat.has(f"cc.rule.{rule}") else ""


def cash_gain(game, action: Action) -> int:
    """The money ``action`` brings its player, as the engine counts it (a Prefect's coins:
    C-4.4, and 2 more on Creta, C-M.creta.2)."""
    trial = game.clone()
    seat = game.current_player
    trial.apply(action)
    return trial.money[seat] - game.money[seat]
