"""Municipium in words: institutions, citizens, cards, seats and decisions in the chosen
language (shared by the board plugin, its SVG, its panels and its rules help)."""

from __future__ import annotations

from typing import Any

from engine.municipium.actions import (
    ChamberChoice,
    Crown,
    Done,
    DrawCard,
    DrawCitizen,
    Exchange,
    FamilyChoice,
    ForumTake,
    Keep,
    Move,
    Pass,
    PlaceCitizen,
    PlaceMember,
    PlayFamily,
    Relocate,
    Tavern,
    UsePower,
)
from engine.municipium.data import CITIZEN_TYPES, COLOURS, FAMILY_CARDS
from ui.i18n import Catalogue

P = "municipium."
"""Prefix of this title's catalogue keys."""


PLAYER_ARGS = ("seat", "owner", "other")


PLACE_ARGS = ("inst", "src", "dst")


CITIZEN_ARGS = ("ctype", "first", "second")


# ----------------------------------------------------------------------------- words
def inst_name(cat: Catalogue, inst: int) -> str:
    return cat.t(f"{P}inst.{inst}")


def inst_full(cat: Catalogue, inst: int) -> str:
    """Numeral and name, e.g. ``III Emporium``."""
    return cat.t(f"{P}inst_full", numeral=cat.t(f"{P}numeral.{inst}"), name=inst_name(cat, inst))


def ctype_name(cat: Catalogue, ctype: int | str) -> str:
    if isinstance(ctype, str):
        ctype = CITIZEN_TYPES.index(ctype)
    return cat.t(f"{P}citizen.{CITIZEN_TYPES[ctype]}")


def citizen_words(cat: Catalogue, ctype: int, name: str = "what") -> dict[str, str]:
    """A citizen type for a message: ``{what}`` (priest) and ``{a_what}`` (a priest)."""
    return {name: ctype_name(cat, ctype),
            "a_" + name: cat.t(f"{P}a_citizen.{CITIZEN_TYPES[ctype]}")}


def card_name(cat: Catalogue, card: str) -> str:
    return cat.t(f"{P}card.{card}")


def seat_name(game: Any, seat: int, cat: Catalogue) -> str:
    """The player's name; a seat without a name is called by its colour, in the language."""
    names = game.setup.names
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return cat.t(f"{P}colour.{COLOURS[seat]}")


def items_text(cat: Catalogue, items: tuple[int, ...]) -> str:
    """Citizens by type, then favours, as a count of each in words (``items``: how many of each
    citizen type, then optionally of favours): "two soldiers", "a priest and a merchant",
    "two priests and a favour" (兵士2人, 神官と商人, 神官2人と支持トークン)."""
    parts = [cat.t(f"{P}n_citizen.{CITIZEN_TYPES[index]}" if index < len(CITIZEN_TYPES)
                   else f"{P}n_favour", count=count)
             for index, count in enumerate(items) if count]
    if len(parts) < 2:
        return "".join(parts)
    return cat.t(f"{P}list_and", first=cat.t(f"{P}list_sep").join(parts[:-1]),
                 second=parts[-1])


def citizens_text(cat: Catalogue, ctypes: list[int]) -> str:
    """Some citizens (a type each, in any order) in words, the same types counted together."""
    counts = [0] * len(CITIZEN_TYPES)
    for ctype in ctypes:
        counts[ctype] += 1
    return items_text(cat, tuple(counts))


# ------------------------------------------------------------------- action labels
def action_label(game: Any, action: Any, cat: Catalogue) -> str:
    """A decision in words (buttons, aria-labels)."""
    if isinstance(action, PlaceMember):
        return cat.t(f"{P}act.place_member", inst=inst_name(cat, action.inst))
    if isinstance(action, (Move, Relocate)):
        key = "move" if isinstance(action, Move) else "relocate"
        if action.elect:
            key += "_elect"
        return cat.t(f"{P}act.{key}", src=inst_name(cat, action.src),
                     dst=inst_name(cat, action.dst))
    if isinstance(action, PlaceCitizen):
        return cat.t(f"{P}act.place_citizen", inst=inst_name(cat, action.inst),
                     **citizen_words(cat, action.ctype))
    if isinstance(action, Keep):
        return cat.t(f"{P}act.keep", items=citizens_text(cat, [action.first, action.second]))
    if isinstance(action, UsePower):
        return cat.t(f"{P}act.use_power", inst=inst_name(cat, action.inst))
    if isinstance(action, Tavern):
        key = "act.tavern_elect" if action.elect else "act.tavern"
        return cat.t(P + key, name=seat_name(game, action.seat, cat), count=action.plain,
                     elect=action.elect, src=inst_name(cat, action.src))
    if isinstance(action, Exchange):
        return cat.t(f"{P}act.exchange", items=items_text(cat, action.items))
    if isinstance(action, ForumTake):
        if action.seat >= 0:
            return cat.t(f"{P}act.forum_player", name=seat_name(game, action.seat, cat),
                         **citizen_words(cat, action.ctype))
        return cat.t(f"{P}act.forum_inst", inst=inst_name(cat, action.inst),
                     **citizen_words(cat, action.ctype))
    if isinstance(action, FamilyChoice):
        return cat.t(f"{P}act.gf_{action.option}")
    if isinstance(action, ChamberChoice):
        return cat.t(f"{P}act.chamber", inst=inst_name(cat, action.chamber))
    if isinstance(action, PlayFamily):
        return cat.t(f"{P}bar.play_family", card=card_name(cat, FAMILY_CARDS[action.card]))
    simple = {DrawCard: "bar.draw_card", DrawCitizen: "bar.draw_citizen", Done: "bar.done",
              Pass: "bar.pass", Crown: "bar.crown"}
    for cls, key in simple.items():
        if isinstance(action, cls):
            return cat.t(P + key)
    return str(action)
