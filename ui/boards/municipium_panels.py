"""Municipium: the players' panels, the supplies and the key beside the board."""

from __future__ import annotations

from typing import Any

from engine.municipium.data import CARD_KINDS, CITIZEN_TYPES, FAMILY_CARDS, INSTITUTIONS
from ui.art import INSTITUTION_SYMBOL, icon
from ui.boards.municipium_svg import SEAT_FILL, citizen_icon, favour_icon, seat_icon
from ui.boards.municipium_words import (
    P,
    card_name,
    citizen_words,
    ctype_name,
    inst_full,
    inst_name,
    items_text,
    seat_name,
)
from ui.boards.targets import Targets
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.screens.parts import seat_badge


# ------------------------------------------------------------------------- HTML panels
def players_panels(session: Any, plan: Targets, cat: Catalogue) -> Markup:
    game = session.view
    target = game.end_target()
    panels = []
    for seat in range(game.players):
        panels.append(player_panel(session, plan, seat, target, cat))
    return tag("section", {"class_": "mu-players", "aria_label": cat.t(f"{P}players_label")},
               *panels)


def spoken(content: tuple[Markup, ...], words: str) -> tuple[Markup, ...]:
    """A button's content with its name in words: the icon and count are shown but hidden from
    screen readers, the words are read but not shown (so the name never contradicts the visible
    text, WCAG 2.5.3)."""
    return (tag("span", {"aria_hidden": "true"}, *content),
            tag("span", {"class_": "visually-hidden"}, words))


def player_panel(session: Any, plan: Targets, seat: int, target: int, cat: Catalogue) -> Markup:
    game = session.view
    supply = game.supply(seat)
    current = seat == game.current_player
    deciding = plan.live and current
    chips = []
    for t in range(len(CITIZEN_TYPES)):
        count = game.hand[seat][t]
        label = cat.t(f"{P}held_label", what=ctype_name(cat, t), count=count)
        content = (citizen_icon(t, cat), tag("span", {"class_": "n"}, count))
        piece = {"data_pid": f"hand-{seat}-{t}", "data_kind": f"cit-{t}", "data_count": count}
        if (seat, t) in plan.hand:
            chips.append(tag("button", {**piece, "type": "button", "class_": "mu-chip target",
                                        "data_cmd": "act", "data_index": plan.hand[(seat, t)]},
                             *spoken(content, cat.t(f"{P}act.forum_player",
                                                    name=seat_name(game, seat, cat),
                                                    **citizen_words(cat, t)))))
        elif plan.live and plan.kind == "forum" and count:
            chips.append(tag("button", {**piece, "type": "button", "class_": "mu-chip",
                                        "data_cmd": "board", "data_what": "hand",
                                        "data_seat": seat, "data_ctype": t},
                             *spoken(content, label)))
        else:
            chips.append(tag("span", {**piece, "class_": "mu-chip", "role": "img",
                                      "aria_label": label},
                             *content))
    cards = []
    for k, card in enumerate(FAMILY_CARDS):
        up = game.family[seat][k]
        name = card_name(cat, card)
        help_text = cat.t(f"{P}card_help.{card}")
        # the same piece whether it can be played now or not: only its state (face up or
        # used) marks it as changed, never the turn of another decision
        piece = {"data_pid": f"fam-{seat}-{k}", "data_state": int(up)}
        if deciding and k in plan.family:
            cards.append(tag("li", piece, tag("button", {"type": "button",
                                                         "class_": "mu-card target",
                                                         "data_cmd": "act",
                                                         "data_index": plan.family[k],
                                                         "title": help_text},
                                              cat.t(f"{P}bar.play_family", card=name))))
        else:
            state = cat.t(f"{P}card_up") if up else cat.t(f"{P}card_used")
            cards.append(tag("li", {"class_": "mu-card" + ("" if up else " used"), **piece,
                                    "title": help_text},
                             f"{name} ({state})"))
    temple = game.temple.index(seat) + 1
    classes = f"mu-player seat-{seat}" + (" current" if current else "")
    name = seat_name(game, seat, cat)
    return tag("article", {"class_": classes, "aria_label": name},
               tag("h3", {}, seat_icon(seat), " ", tag("span", {"class_": "name"}, name),
                   seat_badge(session, seat, cat),
                   tag("span", {"class_": "turn-mark"}, cat.t(f"{P}deciding"))
                   if current and game.current_player >= 0 else None),
               tag("p", {"class_": "mu-stats"},
                   tag("span", {"class_": "dec", "data_pid": f"dec-{seat}",
                                "data_state": supply["decurions"]},
                       cat.t(f"{P}decurions_of", count=supply["decurions"], target=target)),
                   tag("span", {"class_": "fav", "data_pid": f"favs-{seat}", "data_kind": "fav",
                                "data_count": supply["favours"]}, favour_icon(18), " ",
                       cat.t(f"{P}favours_n", count=supply["favours"])),
                   tag("span", {"class_": "tmp", "data_pid": f"tmp-{seat}", "data_state": temple},
                       cat.t(f"{P}temple_pos", pos=temple)),
                   tag("span", {"class_": "mem", "data_pid": f"mem-{seat}",
                                "data_state": f'{supply["members"]}/{supply["elect"]}',
                                "data_source": f"m-{seat}-0 m-{seat}-1"},
                       icon("member", 18, style=f"color:{SEAT_FILL[seat]}"), " ",
                       cat.t(f"{P}members_n", count=supply["members"],
                             elect=supply["elect"]))),
               tag("div", {"class_": "mu-hand", "role": "group",
                           "aria_label": cat.t(f"{P}citizens")}, *chips),
               tag("ul", {"class_": "mu-cards", "aria_label": cat.t(f"{P}family_cards")},
                   *cards))


def supplies_panel(game: Any, plan: Targets, cat: Catalogue) -> Markup:
    top = game.top_discard
    top_name = card_name(cat, CARD_KINDS[top]) if top >= 0 else cat.t(f"{P}discard_empty")
    held = game.held_citizens()
    items = [tag("li", {}, cat.t(f"{P}deck_label", count=sum(game.deck))),
             tag("li", {}, cat.t(f"{P}discard_label", card=top_name)),
             tag("li", {}, cat.t(f"{P}bag_label", count=sum(game.bag))),
             tag("li", {}, cat.t(f"{P}supply_label", favours=game.favour_supply,
                                 wreaths=game.wreaths)),
             tag("li", {}, icon("mu-prefect", 18, style="color:#4b1d6b"), " ",
                 cat.t(f"{P}prefect_at", inst=inst_name(cat, game.prefect)))]
    if any(held):
        items.append(tag("li", {"class_": "held"},
                         cat.t(f"{P}held_now", what=items_text(cat, tuple(held)))))
    return tag("section", {"class_": "mu-supplies", "aria_label": cat.t(f"{P}supplies")},
               tag("ul", {}, *items))


def legend(cat: Catalogue) -> Markup:
    """A visible key to the institutions' powers and the cards (the board highlights the row
    of the institution under the pointer or keyboard focus)."""
    powers = [tag("div", {"class_": "row", "data_inst": i},
                  tag("dt", {}, icon(INSTITUTION_SYMBOL[i], 20), " ", inst_full(cat, i)),
                  tag("dd", {}, cat.t(f"{P}power.{i}")))
              for i in range(len(INSTITUTIONS))]
    cards = [tag("div", {"class_": "row"},
                 tag("dt", {}, cat.t(f"{P}card_glyph.{card}"), " ", card_name(cat, card)),
                 tag("dd", {}, cat.t(f"{P}card_help.{card}")))
             for card in CARD_KINDS + FAMILY_CARDS]
    return tag("section", {"class_": "mu-legend", "aria_label": cat.t(f"{P}legend")},
               tag("details", {"open": True},
                   tag("summary", {}, cat.t(f"{P}legend_powers")), tag("dl", {}, *powers)),
               tag("details", {},
                   tag("summary", {}, cat.t(f"{P}legend_cards")), tag("dl", {}, *cards)))
