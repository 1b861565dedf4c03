"""The Prefect's step on the Concordia board (C-4.4): its provinces on the map and in the
decision bar with what every seat would receive, the coins, and the choice of the bonus good
where the map leaves it to the player (Gavdos on Creta, C-M.creta.1: a click on the province
opens one button per good the engine offers; the UI decides no rule)."""

from __future__ import annotations

from typing import Any

from engine.concordia import Action, cards
from ui.boards import concordia_help
from ui.boards.concordia_cards import act_button, good_tile
from ui.boards.concordia_words import cash_gain, good_name, goods_text, province_name
from ui.boards.targets import Targets
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.screens.parts import player_label


def prefect_targets(game, cat: Catalogue, legal: dict, targets: Targets) -> None:
    """The provinces the Prefect may choose, on the map (``targets.provinces``)."""
    for p, options in province_options(legal).items():
        # a province whose bonus good is chosen (C-M.creta.1) first offers the goods
        index = options[0][1] if len(options) == 1 else CHOOSE
        targets.provinces[p] = (index, prefect_label(game, cat, p, choose=index == CHOOSE))


def prefect_items(session, cat: Catalogue, legal: dict, targets: Targets) -> list[Any]:
    """The Prefect's decision bar: a button per province (and Gavdos's goods once it is
    clicked), the coins, the map's own rules where it has some."""
    game = session.view
    items: list[Any] = []
    for p, (idx, label) in sorted(targets.provinces.items()):
        items += province_buttons(session, cat, legal, p, idx, label)
    for action, idx in legal.items():
        if action.verb == "cash":
            items.append(act_button(idx, cat.t("cc.prefect_cash",
                                               money=cash_gain(game, action)), "cash"))
    return items + concordia_help.map_notes(game, cat, "prefect")


def province_options(legal: dict) -> dict[int, list[tuple[Action, int]]]:
    """The Prefect's provinces -> their decisions with indices: one, or one per good where the
    player chooses the bonus good (Gavdos, C-M.creta.1: ``p8/W``)."""
    out: dict[int, list[tuple[Action, int]]] = {}
    for action, index in legal.items():
        if action.verb == "province":
            out.setdefault(action.a, []).append((action, index))
    return out


def prefect_label(game, cat: Catalogue, p: int, good: int = -1, choose: bool = False) -> str:
    """"Gallia: you 2 wine; Bea 1 tool" — what every seat would receive (``good``: the bonus
    good chosen in a province of free bonus, C-M.creta.1, with the coins its marker then
    pays, as the engine counts them; ``choose``: it is still to be chosen, so only the houses'
    goods are told)."""
    seat = game.current_player
    preview = game.prefect_preview(p, good=good)
    if choose:
        preview = cards.production(game, p)
    parts = []
    for s in range(game.players):
        if any(preview[s]):
            who = cat.t("cc.you") if s == seat else player_label(game, s, cat)
            parts.append(cat.t("cc.prefect_who", who=who, goods=goods_text(cat, preview[s])))
    gets = cat.t("cc.player_sep").join(parts) or cat.t("cc.nothing")
    if good >= 0 and p in game.board.free_bonus and game.creta_as_source:
        gets += cat.t("cc.prefect_coins_after", money=cards.marker_coins(game, p, good))
    if choose:
        return cat.t("cc.prefect_option_choose", province=province_name(cat, game, p),
                     gets=gets)
    return cat.t("cc.prefect_option", province=province_name(cat, game, p), gets=gets)


CHOOSE = -1
"""A target's index when its click first offers a choice (Gavdos's bonus good)."""


def province_buttons(session, cat: Catalogue, legal: dict, p: int, index: int,
                     label: str) -> list[Markup]:
    """A province's button in the Prefect's bar; where its bonus good is chosen (C-M.creta.1)
    a button that opens the choice, and once open, one button per good the engine offers."""
    if index != CHOOSE:
        return [act_button(index, label, "province")]
    chosen = session.ui.get("province") == p
    opener = tag("button", {"type": "button", "class_": "cc-btn province pick" + (
        " selected" if chosen else ""), "data_cmd": "board", "data_province": p,
        "aria_pressed": "true" if chosen else "false"}, label)
    if not chosen:
        return [opener]
    return [opener, bonus_choice(session.view, cat, province_options(legal)[p])]


def bonus_choice(game, cat: Catalogue, options: list[tuple[Action, int]]) -> Markup:
    """The goods a Prefect may take as a province's bonus (C-M.creta.1), one button each with
    the good's tile and name and what every seat then receives (the first takes the focus)."""
    p = options[0][0].a
    buttons = [tag("button", {"type": "button", "class_": "cc-btn pay bonus", "data_cmd": "act",
                              "data_index": idx, "data_bonus": action.b,
                              "data_autofocus": n == 0,
                              "aria_label": prefect_label(game, cat, p, good=action.b)},
                   good_tile(cat, action.b), " ", good_name(cat, action.b))
               for n, (action, idx) in enumerate(options)]
    return tag("div", {"class_": "cc-pay cc-bonus", "role": "group",
                       "aria_label": cat.t("cc.bonus_choice",
                                           province=province_name(cat, game, p))},
               tag("p", {"class_": "cc-pay-head", "aria_hidden": "true"},
                   cat.t("cc.bonus_short")), *buttons)
