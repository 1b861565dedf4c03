"""Concordia's cards on the table: a card, the hand, the display with its prices, and the
choice of how to pay for a card."""

from __future__ import annotations

from typing import Any

from engine.concordia.cards import CANON
from engine.concordia.components import CARDS, GOODS, SURCHARGES
from engine.concordia.notation import Action
from engine.concordia.scoring import card_points, holdings
from ui.art import GOD_SYMBOL, icon, personality
from ui.boards.concordia_words import (
    card_name,
    card_summary,
    counts_of,
    good_name,
    goods_text,
    price_text,
    step_name,
    surcharge_text,
)
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.screens.parts import player_label


def good_tile(cat: Catalogue, good: int, label: bool = False) -> Markup:
    """A good as a tile: its drawn symbol (its name in the title, and for assistive technology
    in ``label`` or in the words beside it)."""
    return tag("span", {"class_": f"cc-tile g-{GOODS[good]}",
                        "title": good_name(cat, good),
                        "role": "img" if label else None,
                        "aria_label": good_name(cat, good) if label else None,
                        "aria_hidden": None if label else "true"},
               icon(GOODS[good], 18))


def card_art(card: int) -> Markup:
    """A card's illustration: its personality (:mod:`ui.art`), at the end of the god's line."""
    return icon(personality(CARDS[card][0]), 28, cls="cc-card-pic")


# ------------------------------------------------------------------------------ cards
def card_markup(cat: Catalogue, card: int, game, extra: Markup | None = None,
                attrs: dict | None = None, element: str = "div", prefix: str | None = None,
                suffix: str | None = None, worth: str | None = None) -> Markup:
    """A card: name, action, god, what it is worth (``worth``: see :func:`worth_text`), cost.
    ``prefix``/``suffix`` are read out but not shown (what clicking it does), so a button's
    name is its own visible text and more."""
    name, god, cost, _param = CARDS[card]
    cost_tiles = [good_tile(cat, g) for g in cost]
    body = [tag("span", {"class_": "vh"}, prefix + " ") if prefix else None,
            tag("span", {"class_": "cc-card-name"}, card_name(cat, card)),
            tag("span", {"class_": "cc-card-does"}, card_summary(cat, card, game)),
            tag("span", {"class_": "cc-card-god"},
                tag("span", {"class_": "cc-god-name"}, icon(GOD_SYMBOL[god], 15),
                    cat.t(f"cc.god.{god}")), card_art(card)),
            tag("span", {"class_": "cc-card-worth"}, worth) if worth else None]
    if cost:
        body.append(tag("span", {"class_": "cc-card-cost"},
                        tag("span", {"class_": "vh"}, cat.t("cc.card_cost") + " "),
                        *cost_tiles,
                        tag("span", {"class_": "vh"}, goods_text(cat, counts_of(cost)))))
    if extra:
        body.append(extra)
    if suffix:
        body.append(tag("span", {"class_": "vh"}, " " + suffix))
    base = {"class_": f"cc-card god-{god}", "data_card": name}
    if attrs:
        base.update(attrs)
        if "class_" in attrs:
            base["class_"] = f"cc-card god-{god} " + attrs["class_"]
    if element == "button":
        base["type"] = "button"
    return tag(element, base, *body)


def worth_text(cat: Catalogue, card: int, held) -> str:
    """What ``card`` itself would score at the end for a seat with ``held`` (its
    :func:`holdings`) if the game ended now (C-6: its god's value, or a specialist's points per
    house of its kind), in words. On a card in hand that is its share of the seat's score; on
    the display, what the card would bring (the goods paid for it may lower Vesta's value, so
    it is not the change of the score). The scoring teaches itself while one plays: a Saturnus
    card in hand says what the provinces are worth, a Farmer on the display what the food
    cities would bring."""
    return cat.t("cc.worth_now", points=card_points(card, held))


def hand_cards(session, cat: Catalogue, legal: dict) -> Markup:
    """The hand of the player whose turn it is, its playable cards as buttons (the options of
    the turn step), each with what it is worth to that player now."""
    game = session.view
    seat = game.active_player
    held = holdings(game, seat)
    by_card = {a.a: i for a, i in legal.items() if a.verb == "play"}
    cards = []
    hand = sorted(game.hand[seat], key=lambda c: (CARDS[c][0], c))
    for k, card in enumerate(hand):
        piece = card_piece(f"h{seat}-", card, hand[:k].count(card))
        index = by_card.get(CANON[card])
        worth = worth_text(cat, card, held)
        if index is not None:
            cards.append(tag("li", {}, card_markup(
                cat, card, game, element="button", prefix=cat.t("cc.play_prefix"), worth=worth,
                attrs={"data_cmd": "act", "data_index": index, "class_": "playable", **piece})))
        else:
            cards.append(tag("li", {}, card_markup(cat, card, game, attrs=piece, worth=worth)))
    return tag("section", {"class_": "cc-hand", "aria_labelledby": "cc-hand-h"},
               tag("h3", {"id": "cc-hand-h"},
                   cat.t("cc.hand_of", name=player_label(game, seat, cat), n=len(game.hand[seat]))),
               tag("ul", {"class_": "cc-cards"}, *cards))


def card_piece(where: str, card: int, copy: int) -> dict[str, str]:
    """A card as a piece that moves: the ``copy``-th card ``card`` at ``where`` (``d``: the
    display, ``h<seat>-``: a hand); a card that leaves one place for another flies there."""
    return {"data_pid": f"card-{where}{card}-{copy}", "data_kind": f"card-{card}"}


def display_panel(session, cat: Catalogue, legal: dict) -> Markup:
    """The seven slots of the display with their surcharges, each card with what it would be
    worth to the player whose turn it is (while the game lasts), and the cards left in the
    deck."""
    game = session.view
    seat = game.active_player
    over = game.is_over
    held = None if over else holdings(game, seat)
    step = step_name(game)
    buying = step in ("senator", "consul") and bool(legal)
    slots = []
    for slot in range(7):
        card = game.display[slot] if slot < len(game.display) else -1
        surcharge = SURCHARGES[slot]
        extra_label = surcharge_text(cat, surcharge)
        sur = tag("span", {"class_": "cc-surcharge" + (" off" if step == "consul" else "")},
                  cat.t("cc.surcharge", cost=extra_label) if surcharge
                  else cat.t("cc.no_surcharge"))
        if card < 0:  # a card bought this turn: its surcharge goes with the next card
            slots.append(tag("li", {"class_": "cc-slot empty"},
                             tag("div", {"class_": "cc-card empty"}, cat.t("cc.empty_slot"))))
            continue
        options = [(a, i) for a, i in legal.items() if a.verb == "card" and a.a == slot]
        attrs: dict[str, Any] = card_piece("d", card, game.display[:slot].count(card))
        element, prefix, suffix = "div", None, None
        price = price_text(cat, card, slot, step == "senator")
        choosing = buying and len(options) > 1 and session.ui.get("slot") == slot
        if buying and len(options) == 1:
            element, prefix = "button", cat.t("cc.buy_prefix")
            suffix = cat.t("cc.buy_suffix", cost=price)
            attrs.update(data_cmd="act", data_index=options[0][1], class_="buyable",
                         data_slot=slot)
        elif buying and options:
            element, prefix = "button", cat.t("cc.buy_prefix")
            suffix = cat.t("cc.buy_suffix_choose", cost=price)
            attrs.update(data_cmd="board", data_slot=slot,
                         class_="buyable chosen" if choosing else "buyable",
                         aria_pressed="true" if choosing else "false")
        elif buying:
            element, prefix = "button", cat.t("cc.cannot_buy_prefix")
            suffix = cat.t("cc.buy_suffix", cost=price)
            attrs.update(data_cmd="board", data_slot=slot, class_="unaffordable")
        slots.append(tag("li", {"class_": "cc-slot choosing" if choosing else "cc-slot"},
                         card_markup(cat, card, game, attrs=attrs, element=element, prefix=prefix,
                                     suffix=suffix,
                                     worth=None if over else worth_text(cat, card, held)),
                         sur, pay_choice(cat, card, options) if choosing else None))
    deck = sum(len(p) for p in game.deck)
    return tag("section", {"class_": "cc-display", "aria_labelledby": "cc-display-h"},
               tag("h3", {"id": "cc-display-h"}, cat.t("cc.display", n=deck)),
               None if over else tag("p", {"class_": "cc-worth-note"},
                                     cat.t("cc.worth_note", name=player_label(game, seat, cat))),
               tag("ol", {"class_": "cc-slots", "tabindex": None if buying else "0",
                          "aria_labelledby": "cc-display-h", **slots_scroll(session, buying)},
                   *slots))


def slots_scroll(session, buying: bool) -> dict[str, str]:
    """The display being bought from, as a phone's row that scrolls sideways: a redraw keeps
    it where the player left it, and turns it to the card whose payment is being chosen."""
    if not buying:
        return {}
    slot = session.ui.get("slot")
    return {"id": "cc-buy-slots", "data_keep_scroll": "x",
            "data_focus": f"{(slot + 0.5) / 7:.3f}" if isinstance(slot, int) else "none"}


def pay_choice(cat: Catalogue, card: int, options: list[tuple[Action, int]]) -> Markup:
    """Under the chosen card of the display, the goods that may pay its "any good"
    surcharge, one button each (the first takes the focus)."""
    name = card_name(cat, card)
    buttons = [tag("button", {"type": "button", "class_": "cc-btn pay", "data_cmd": "act",
                              "data_index": idx, "data_pay": action.b,
                              "data_autofocus": n == 0,
                              "aria_label": cat.t("cc.pay_with", good=good_name(cat, action.b),
                                                  card=name)},
                   good_tile(cat, action.b), " ", good_name(cat, action.b))
               for n, (action, idx) in enumerate(options)]
    return tag("div", {"class_": "cc-pay", "role": "group",
                       "aria_label": cat.t("cc.pay_choice", card=name)},
               tag("p", {"class_": "cc-pay-head", "aria_hidden": "true"},
                   cat.t("cc.pay_short")), *buttons)


def act_button(index: int, label: str, cls: str = "", **attrs) -> Markup:
    return tag("button", {"type": "button", "class_": ("cc-btn " + cls).strip(),
                          "data_cmd": "act", "data_index": index, **attrs}, label)
