"""The Concordia rules help, in the catalogue's words (``cc.help.*``); each item carries its
rule ids as small tags and an anchor (``rule-<id>``) that the rule links open."""

from __future__ import annotations

from engine.concordia.board import Board, board
from ui.art import GOD_SYMBOL, icon, personality
from ui.boards.concordia_geo import ATTRIBUTION
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.wording import rule_link

SOURCE = ATTRIBUTION.partition(": ")[2] or ATTRIBUTION
"""The map data's source, without the generated "Coastlines:" label (the catalogue says it)."""

SECTIONS = (
    ("goal", ("goal",)),
    ("turn", ("turn", "store")),
    ("cards", ("Tribune", "Architect", "Prefect", "Mercator", "Colonist", "Diplomat", "Senator",
               "Consul", "specialists")),
    ("scoring", ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia",
                 "tie")),
    ("end", ("end",)),
    ("screen", ("map", "keys", "worth")),
)

RULES: dict[str, tuple[str, ...]] = {
    "Architect": ("C-4.2", "C-4.3"), "Colonist": ("C-4.6",), "Concordia": ("C-6.7",),
    "Consul": ("C-4.9",), "Diplomat": ("C-4.7",), "Jupiter": ("C-6.2",), "Mars": ("C-6.5",),
    "Mercator": ("C-4.5",), "Mercurius": ("C-6.4",), "Minerva": ("C-6.6",),
    "Prefect": ("C-4.4",), "Saturnus": ("C-6.3",), "Senator": ("C-4.8",),
    "Tribune": ("C-4.1",), "Vesta": ("C-6.1",), "end": ("C-5.1", "C-1.3"),
    "specialists": ("C-4.10",), "store": ("C-1.2", "C-4.11"), "tie": ("C-6.8",),
    "turn": ("C-3.1", "C-3.2"), "goal": ("C-2.1", "C-2.4", "C-2.6"),
    "worth": ("C-6",),
}
"""The rules each help item explains (its tags; the first is its anchor)."""

MAP_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "hellas": (("start", "C-M.1"), ("players", "C-M.2"), ("hellas_no_d", "C-M.hellas.1")),
    "ionium": (("start", "C-M.1"), ("players", "C-M.2"), ("ionium_pass", "C-M.ionium.1"),
               ("ionium_sea", "C-M.ionium.2")),
    "hispania": (("start", "C-M.1"), ("players", "C-M.2"),
                 ("hispania_tokens", "C-M.hispania.1")),
    "cyprus": (("start", "C-M.1"), ("players", "C-M.2")),
    "creta": (("start", "C-M.1"), ("players", "C-M.2"), ("creta_gavdos", "C-M.creta.1"),
              ("creta_coins", "C-M.creta.2"), ("creta_wait", "C-M.creta.4"),
              ("creta_no_c", "C-M.creta.3")),
}
"""The later maps' own rules (C-M): each map's help items (``cc.help.m.<key>``) and their
rule; the base maps have none."""

_ANCHORS = {rule: f"cc-help-{key}" for key, rules in RULES.items() for rule in rules}
_ANCHORS.update({rule: f"cc-help-m-{key}" for items in MAP_RULES.values()
                 for key, rule in items})


MAP_NOTES: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("creta", "prefect"): (("cc.note.gavdos", "C-M.creta.1"),
                           ("cc.note.creta_coins", "C-M.creta.2")),
}
"""A map's own rules (C-M) told where a player meets them: (map, step) -> notes and rules."""


def revised(cat: Catalogue, key: str, game) -> str:
    """``key``, or its wording for the game's rules revision where it has one (``<key>_r1``:
    a game started before a map's rules were revised keeps them, see ``RULES_REVISION`` in
    ``engine/concordia/rulings.py``)."""
    revision = getattr(game, "revision", None)  # a map shown without a game has none
    own = f"{key}_r{revision}"
    return own if revision is not None and cat.has(own) else key


def map_notes(game, cat: Catalogue, step: str) -> list[Markup]:
    return [tag("p", {"class_": "cc-note", "data_rule": rule}, cat.t(revised(cat, key, game)),
                " ", rule_link(cat, rule, cat.t(f"cc.rule.{rule}")))
            for key, rule in MAP_NOTES.get((game.board.name, step), ())]


def anchor(rule: str) -> str:
    """The id of the help item that explains ``rule`` (the whole help if none does)."""
    return _ANCHORS.get(rule, "rules-help")


def help_art(key: str) -> Markup | None:
    """The drawing beside a help item (:mod:`ui.art`): a card's personality, a god's emblem."""
    if key in GOD_SYMBOL:
        return icon(GOD_SYMBOL[key], 22, cls="help-art")
    if key in SECTIONS[2][1]:
        return icon(personality("Mason" if key == "specialists" else key), 22, cls="help-art")
    return None


def _item(cat: Catalogue, key: str, rules: tuple[str, ...], words: dict[str, str],
          game=None) -> Markup:
    tags = [tag("span", {"class_": "rule-id"}, rule) for rule in rules]
    return tag("li", {"id": f"cc-help-{key.replace('.', '-')}"}, help_art(key),
               cat.t(revised(cat, f"cc.help.{key}", game), **words), " " if tags else None,
               *tags)


def map_rules(cat: Catalogue, b: Board, words: dict[str, str], game=None) -> Markup | None:
    """The rules of the map being played (C-M), where it has its own (in the words of the
    game's rules revision)."""
    items = [_item(cat, f"m.{key}", (rule,), words, game)
             for key, rule in MAP_RULES.get(b.name, ())]
    if not items:
        return None
    return tag("section", {"class_": "cc-help-part", "data_map": b.name},
               tag("h4", {}, cat.t("cc.help.h.map", map=cat.t(f"option.concordia.map.{b.name}"))),
               tag("ul", {}, *items))


def rules_help(cat: Catalogue, game=None) -> Markup:
    """The rules help; with ``game``, in the words of its map (its start city) and with the
    map's own rules first."""
    b = game.board if game is not None else board("imperium")
    start = cat.t(f"cc.city.{b.city_ids[b.roma]}")
    words = {"start": start}
    parts = [tag("h3", {}, cat.t("cc.help.title")), map_rules(cat, b, words, game)]
    for section, keys in SECTIONS:
        items = [_item(cat, key, RULES.get(key, ()), words) for key in keys]
        parts.append(tag("section", {"class_": "cc-help-part"},
                         tag("h4", {}, cat.t(f"cc.help.h.{section}")), tag("ul", {}, *items)))
    parts.append(tag("p", {"class_": "cc-credit"}, cat.t("cc.help.credit", source=SOURCE)))
    return tag("div", {"class_": "cc-help"}, *parts)
