"""Concordia's players: each one's area (storehouse, hand, money, houses), the live score
projection and the end banner's breakdown and statistics."""

from __future__ import annotations

from engine.concordia.board import LAND, Board
from engine.concordia.components import CARDS, GOODS, HOUSES, STORE_CAPACITY
from engine.concordia.scoring import GODS, god_values
from ui.art import icon, personality
from ui.boards.concordia_cards import good_tile
from ui.boards.concordia_svg import SEAT_COLOURS, pass_only, seat_badge
from ui.boards.concordia_words import card_name, card_summary, good_name, goods_text, rule_title
from ui.html import Markup, scroll_x, tag
from ui.i18n import Catalogue
from ui.screens.parts import player_label, stack_labels, stats_section, totals_list
from ui.screens.parts import seat_badge as computer_badge
from ui.wording import rule_link


# ------------------------------------------------------------------------------ players
def storehouse(game, cat: Catalogue, seat: int) -> Markup:
    """The 12 places of a seat's storehouse; every good and colonist in it is a piece
    (``data-pid``) so that what arrives or leaves moves (``assets/js/motion.js``)."""
    cells: list[tuple[Markup, dict]] = []
    for good, n in enumerate(game.goods[seat]):
        cells += [(good_tile(cat, good), {"data_pid": f"st-{seat}-g{good}-{j}",
                                          "data_kind": f"good-{seat}-{good}"}) for j in range(n)]
    for kind, n in enumerate(game.stored[seat]):
        tile = stored_tile(kind, seat)
        cells += [(tile, {"data_pid": f"st-{seat}-c{kind}-{j}",
                          "data_kind": f"colonist-{seat}-{kind}"}) for j in range(n)]
    cells += [(tag("span", {"class_": "cc-tile free", "aria_hidden": "true"}, ""), {})] * max(
        0, STORE_CAPACITY - len(cells))
    stored = game.stored[seat]
    label = cat.t("cc.storehouse_label", goods=goods_text(cat, game.goods[seat]),
                  land=stored[0], sea=stored[1], free=game.free_space(seat))
    return tag("div", {"class_": "cc-store", "role": "img", "aria_label": label},
               *[tag("span", {"class_": "cell", **piece}, c) for c, piece in cells])


def stored_tile(kind: int, seat: int = -1) -> Markup:
    """A colonist kept in a storehouse: its figure or ship, in the seat's colour (the key's
    in a neutral one)."""
    colour = f"color:{SEAT_COLOURS[seat]}" if seat >= 0 else ""
    return tag("span", {"class_": f"cc-tile col-{kind}", "aria_hidden": "true"},
               icon("col-land" if kind == LAND else "col-sea", 18,
                    cls="" if colour else "cc-neutral", style=colour))


def mini_hand(game, cat: Catalogue, seat: int) -> Markup:
    """A hand as small named cards (the god's colour on top; what it does on hover)."""
    cards = [tag("li", {"class_": f"cc-mini god-{CARDS[c][1]}",
                        "title": card_summary(cat, c, game)},
                 icon(personality(CARDS[c][0]), 16), card_name(cat, c))
             for c in sorted(game.hand[seat], key=lambda c: (CARDS[c][0], c))]
    return tag("div", {"class_": "cc-mini-hand"},
               tag("h4", {}, cat.t("cc.hand_of", name=player_label(game, seat, cat),
                                   n=len(game.hand[seat]))),
               tag("ul", {}, *cards))


def player_panel(session, cat: Catalogue, seat: int, me: bool = False,
                 hand: bool = True) -> Markup:
    """A seat's money, houses, colonists, points, storehouse, hand and discard pile: in full
    for the seat deciding now (``me``; its hand is left out while it is the decision),
    compact for the others."""
    game = session.view
    current = seat == game.active_player and not game.is_over
    flags = []
    if game.pm == seat:
        flags.append(tag("span", {"class_": "cc-flag pm", "data_pid": "pm"}, icon("pm", 14),
                         cat.t("cc.pm")))
    if game.concordia == seat:
        flags.append(tag("span", {"class_": "cc-flag concordia"}, cat.t("cc.concordia_card")))
    discard = game.discard[seat]
    colour = f"color:{SEAT_COLOURS[seat]}"
    facts = tag("dl", {"class_": "cc-facts"},
                tag("div", {"class_": "money"}, tag("dt", {}, icon("coin", 16), cat.t("cc.money")),
                    tag("dd", {"data_pid": f"money-{seat}", "data_state": game.money[seat]},
                        str(game.money[seat]))),
                tag("div", {}, tag("dt", {}, icon("house", 16, style=colour),
                                   cat.t("cc.houses_left")),
                    tag("dd", {}, str(HOUSES - game.nhouses[seat]))),
                tag("div", {}, tag("dt", {}, icon("col-land", 16, style=colour),
                                   cat.t("cc.colonists_out")),
                    tag("dd", {}, str(len(game.colonists[seat])))),
                tag("div", {}, tag("dt", {}, cat.t("cc.projected")),
                    tag("dd", {}, str(sum(v for _, v in game.projected_scores()[seat])))))
    if me and hand:
        cards = mini_hand(game, cat, seat)
    elif me:
        cards = None
    else:
        names_ = ", ".join(card_name(cat, c) for c in sorted(game.hand[seat],
                                                            key=lambda c: CARDS[c][0]))
        cards = tag("p", {"class_": "cc-cards-line", "data_pid": f"hand-{seat}",
                          "data_state": len(game.hand[seat])},
                    cat.t("cc.hand_line", n=len(game.hand[seat]), cards=names_))
    return tag(
        "section", {"class_": f"cc-player seat-{seat}" + (" current" if current else "")
                    + (" cc-me" if me else ""),
                    "aria_label": player_label(game, seat, cat)},
        tag("h3", {}, seat_badge(seat), " ", player_label(game, seat, cat),
            tag("span", {"class_": "vh"}, f" ({cat.t('cc.colour.' + game.colour(seat))})"),
            computer_badge(session, seat, cat), *flags),
        facts, storehouse(game, cat, seat), cards,
        tag("p", {"class_": "cc-cards-line", "data_pid": f"discard-{seat}",
                  "data_state": f"{len(discard)}:{discard[-1] if discard else ''}"},
            cat.t("cc.discard", n=len(discard),
                  top=card_name(cat, discard[-1]) if discard else cat.t("cc.none"))))


def god_cards(game, seat: int) -> dict[str, int]:
    """How many cards of each god ``seat`` holds (hand and discard pile)."""
    counts = dict.fromkeys(GODS, 0)
    for card in game.hand[seat] + game.discard[seat]:
        counts[CARDS[card][1]] += 1
    counts["Concordia"] = int(game.concordia == seat)
    return counts


def score_cell(game, cat: Catalogue, seat: int, god: str, points: int, detailed: bool):
    if not detailed:
        return tag("td", {}, str(points))
    cards = god_cards(game, seat)[god]
    if god in ("Minerva", "Concordia"):
        how = cat.t("cc.score_cards", n=cards)
    else:
        how = cat.t("cc.score_how", n=cards, value=god_values(game, seat)[god])
    return tag("td", {}, tag("strong", {}, str(points)), tag("br", {}),
               tag("small", {}, how))


def score_table(game, cat: Catalogue, caption: str, detailed: bool = False,
                ranks: dict[int, int] | None = None) -> Markup:
    """Points per god and in total for every seat; with ``ranks`` (seat -> rank), in the
    order of the ranking, with a rank column, and on a phone each seat's row as a card of
    labelled values (``stack``: no sideways scrolling at the end, issue 45)."""
    projections = game.projected_scores()
    seats = sorted(range(game.players), key=lambda s: (ranks[s], s)) if ranks else range(
        game.players)
    head = tag("tr", {}, tag("th", {"scope": "col"}, cat.t("result.rank")) if ranks else None,
               tag("th", {"scope": "col"}, cat.t("cc.player")),
               *[tag("th", {"scope": "col"}, cat.t(f"cc.god.{g}")) for g in GODS],
               tag("th", {"scope": "col"}, cat.t("cc.total")))
    labels = ([cat.t("result.rank")] if ranks else []) + [cat.t("cc.player")] + [
        cat.t(f"cc.god.{g}") for g in GODS] + [cat.t("cc.total")]
    rows = []
    for seat in seats:
        values = dict(projections[seat])
        row = tag("tr", {}, tag("td", {"class_": "rank"}, ranks[seat]) if ranks else None,
                  tag("th", {"scope": "row"}, seat_badge(seat, 18), " ",
                      player_label(game, seat, cat)),
                  *[score_cell(game, cat, seat, g, values.get(g, 0), detailed) for g in GODS],
                  tag("td", {"class_": "total"}, str(sum(values.values()))))
        rows.append(stack_labels(row, labels) if ranks else row)
    return tag("table", {"class_": "cc-scores stack" if ranks else "cc-scores"},
               tag("caption", {}, caption), tag("thead", {}, head), tag("tbody", {}, *rows))


def score_panel(game, cat: Catalogue) -> Markup:
    if game.is_over or game.start < 0:
        return Markup("")
    caption = cat.t("cc.projection")
    return tag("section", {"class_": "cc-projection"},
               scroll_x(score_table(game, cat, caption), label=caption))


def result_details(session, cat: Catalogue) -> Markup:
    """The final breakdown by god, and how ties were broken (C-6.8)."""
    game = session.game
    results = sorted(game.result(), key=lambda r: r.rank)
    notes = []
    by_score: dict[int, list] = {}
    for r in results:
        by_score.setdefault(r.score, []).append(r)
    for score, tied in by_score.items():
        if len(tied) < 2:
            continue
        order = cat.t("cc.list_sep").join(player_label(game, r.seat, cat) for r in tied)
        holder = player_label(game, game.pm, cat)
        notes.append(tag("p", {"class_": "cc-tie"},
                         cat.t("cc.tie", score=score, order=order, holder=holder), " ",
                         rule_link(cat, "C-6.8", rule_title(cat, "C-6.8"))))
    if not notes:
        notes.append(tag("p", {"class_": "cc-tie"}, cat.t("cc.no_tie"), " ",
                         rule_link(cat, "C-6.8", rule_title(cat, "C-6.8"))))
    return tag("section", {"class_": "cc-final", "aria_labelledby": "cc-final-h"},
               totals_list(session, cat, lambda n: cat.t("table.result.points", n=n),
                           lambda seat: seat_badge(seat, 18)),
               tag("h3", {"id": "cc-final-h"}, cat.t("cc.final")),
               scroll_x(score_table(game, cat, cat.t("cc.final_caption"), detailed=True,
                                    ranks={r.seat: r.rank for r in results}),
                        label=cat.t("cc.final_caption")),
               *notes)


def result_stats(session, cat: Catalogue) -> Markup:
    """Per player: houses by the good of their city, provinces with a house, cards bought,
    sestertii spent (on houses and on goods from the bank)."""
    game = session.game
    b = game.board
    province = {c: p for p, cities in enumerate(b.province_cities) for c in cities}
    bought = [0] * game.players
    spent = [0] * game.players
    for event in game.events:
        args = dict(event.args)
        if event.key == "c.buy_card":
            bought[args["p"]] += 1
        elif event.key in ("c.build", "c.buy"):
            spent[args["p"]] += int(args.get("money", 0))
    rows = []
    for seat in range(game.players):
        mine = [c for c in game.houses_of(seat) if game.token[c] >= 0]
        by_good = [0] * len(GOODS)
        for c in mine:
            by_good[game.token[c]] += 1
        houses = [tag("span", {"class_": "cc-stat-good"}, good_tile(cat, g, label=True), n)
                  for g, n in enumerate(by_good) if n]
        rows.append(tag("tr", {}, tag("th", {"scope": "row"}, seat_badge(seat, 18), " ",
                                      player_label(game, seat, cat)),
                        tag("td", {}, *houses) if houses else tag("td", {}, "–"),
                        tag("td", {}, len({province[c] for c in mine if c in province})),
                        tag("td", {}, bought[seat]), tag("td", {}, spent[seat])))
    return stats_section(cat, ("cc.player", "table.stats.cc.houses", "table.stats.cc.provinces",
                               "table.stats.cc.bought", "table.stats.cc.spent"), rows)


LEGEND_ICONS = {"house": "house", "land": "col-land", "sea": "col-sea"}
"""The pieces in the map's key: their symbols (:mod:`ui.art`), in a neutral colour."""


LEGEND_WORDS = {"house": "cc.legend.house", "land": "cc.legend.land_colonist",
                "sea": "cc.legend.sea_colonist"}


def legend(cat: Catalogue, b: Board | None = None) -> Markup:
    """The map's key: routes (a pass-only one where the map ``b`` has one), pieces, targets,
    the storehouse letters."""
    passing = b is not None and bool(pass_only(b))
    icons = [tag("span", {"class_": "lg-icon"}, icon(symbol, 18, cls="cc-neutral"), " ",
                 cat.t(LEGEND_WORDS[name]))
             for name, symbol in LEGEND_ICONS.items()]
    return tag("p", {"class_": "cc-legend"},
               tag("span", {"class_": "lg-land"}, cat.t("cc.legend.land")), " ",
               tag("span", {"class_": "lg-sea"}, cat.t("cc.legend.sea")), " ",
               tag("span", {"class_": "lg-pass"}, cat.t("cc.legend.pass"), " ",
                   rule_link(cat, "C-M.ionium.1", rule_title(cat, "C-M.ionium.1")))
               if passing else None, " " if passing else None,
               *[Markup(str(i) + " ") for i in icons],
               tag("span", {"class_": "lg-target"}, cat.t("cc.legend.target")), " ",
               tag("span", {"class_": "lg-scroll"}, cat.t("cc.legend.scroll")),
               storehouse_key(cat))


def storehouse_key(cat: Catalogue) -> Markup:
    """The storehouses' symbols in words: the five goods, then the colonists kept there."""
    goods = [(good_tile(cat, good), good_name(cat, good)) for good in range(len(GOODS))]
    colonists = [(stored_tile(kind), cat.t(LEGEND_WORDS[word]))
                 for kind, word in ((LAND, "land"), (1 - LAND, "sea"))]
    return tag("span", {"class_": "lg-store"},
               *[tag("span", {"class_": "lg-good"}, tile, " ", words)
                 for tile, words in goods + colonists])
