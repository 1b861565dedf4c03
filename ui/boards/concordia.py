"""The Concordia board (see ``ui/screens/play.py`` for the contract): the map, the step being
decided with its targets on the map and a decision bar, the card display, the player areas
(hand, discard pile, storehouse, money, houses, Praefectus Magnus), the score projection, the
rules help and the end-of-game breakdown.

Every legal decision is an element with ``data-cmd="act" data-index=i`` (``i`` indexes
``view.legal_actions()``). Things that are not legal now carry ``data-cmd="board"`` and
:func:`on_board` explains them with the engine's ``why_illegal`` (rule id included), or keeps a
passing choice in ``session.ui`` (the Architect's colonist, the card whose payment is chosen).
"""

from __future__ import annotations

from typing import Any

from engine.concordia import Action, cards
from engine.concordia.board import LAND
from engine.concordia.cards import CANON
from engine.concordia.components import (
    CARDS,
    GOODS,
    HOUSES,
    MARKER_COINS,
    PRICES,
    STORE_CAPACITY,
    SURCHARGES,
)
from engine.concordia.notation import DONE, unpack_goods
from engine.concordia.scoring import GODS, card_points, god_values, holdings
from engine.concordia.steps import DIPLO
from ui.boards import concordia_help
from ui.boards.concordia_geo import MAPS
from ui.boards.concordia_motion import motion
from ui.boards.concordia_svg import (
    GOOD_COLOURS,
    GOOD_INK,
    Targets,
    city_name,
    map_svg,
    route_label,
    seat_badge,
)
from ui.html import Markup, scroll_x, tag
from ui.i18n import Catalogue
from ui.screens.parts import Reply, Table, player_label, stats_section
from ui.screens.parts import seat_badge as computer_badge
from ui.wording import refusal_text, rule_link

ZOOMABLE = True
"""The map may be zoomed in its own frame on a phone (see ``ui.screens.play.zoom_buttons``)."""
STEPS_WITH_DONE_BUTTON = ("architect", "prefect", "mercator", "colonist", "tribune",
                          "diplomat", "senator", "consul")


# ------------------------------------------------------------------------------ helpers
def names(game, cat: Catalogue) -> list[str]:
    return [player_label(game, s, cat) for s in range(game.players)]


def interactive(session) -> bool:
    game = session.view
    return (not session.replaying and not game.is_over and not session.waiting_for_ai
            and game.current_player >= 0)


def legal_map(session) -> dict[Any, int]:
    """Each legal decision of the seat to move -> its index (empty when nobody here may act:
    replay, the computer's turn, the end)."""
    if not interactive(session):
        return {}
    return {action: i for i, action in enumerate(session.view.legal_actions())}


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


def card_summary(cat: Catalogue, card: int) -> str:
    name, _god, _cost, param = CARDS[card]
    if name == "Mercator":
        return cat.t("cc.does.Mercator", n=param)
    if name in ("Mason", "Farmer", "Smith", "Vintner", "Weaver"):
        return cat.t("cc.does.specialist", good=good_name(cat, param[0]))
    return cat.t(f"cc.does.{name}")


def province_name(cat: Catalogue, game, p: int) -> str:
    return cat.t(f"cc.province.{game.board.province_names[p]}")


def house_cost_text(cat: Catalogue, goods: tuple[int, ...], money: int) -> str:
    return cat.t("cc.cost", goods=goods_text(cat, counts_of(goods)), money=money)


def short_cost(cat: Catalogue, goods: tuple[int, ...], money: int) -> str:
    """A compact cost for the map: "F+B 6$"."""
    signs = "+".join(cat.t(f"cc.good.{GOODS[g]}.short") for g in goods)
    return f"{signs} {money}{cat.t('cc.money_sign')}"


# ------------------------------------------------------------------------------ targets
def selected_colonist(session, legal: dict) -> int | None:
    """The Architect's chosen colonist: the one picked, else the one that moved last (it may
    go on), else the only one that can move."""
    movable = sorted({a.a for a in legal if a.verb == "move"})
    chosen = session.ui.get("colonist")
    if chosen in movable:
        return chosen
    entries = session.view.log.entries
    last = entries[-1].action if entries else None
    if isinstance(last, Action) and last.verb == "move" and last.a in movable:
        return last.a
    return movable[0] if len(movable) == 1 else None


def location_words(game, location: int, cat: Catalogue) -> str:
    """Where a colonist stands, in the language: a city, or a route ("sea route A–B")."""
    b = game.board
    if location < b.ncities:
        return city_name(cat, game, location)
    return route_label(game, location - b.ncities, cat)


def compute_targets(session, cat: Catalogue, legal: dict) -> Targets:
    game = session.view
    b = game.board
    seat = game.current_player
    targets = Targets(seat=seat)
    step = game.prompt()["step"] if not game.is_over else "over"
    if step == "architect":
        movable = sorted({a.a for a in legal if a.verb == "move"})
        targets.selected = selected_colonist(session, legal)
        for i in movable:
            code = game.colonists[seat][i]
            kind = "land" if code & 1 == LAND else "sea"
            where = location_words(game, code >> 1, cat)
            targets.colonists[i] = cat.t(f"cc.pick_colonist.{kind}", where=where)
        for action, index in legal.items():
            if action.verb == "move" and action.a == targets.selected:
                code = game.colonists[seat][action.a]
                cost = b.distance[(code >> 1, code & 1)][action.b]
                targets.routes[action.b] = (index, cat.t(
                    "cc.move_to", route=route_label(game, action.b, cat), n=cost))
                targets.costs[action.b] = cost
            elif action.verb == "build":
                goods, money = game.house_cost(seat, action.a)
                targets.cities[action.a] = (index, cat.t(
                    "cc.build_in", city=city_name(cat, game, action.a),
                    cost=house_cost_text(cat, goods, money)))
                targets.previews[action.a] = short_cost(cat, goods, money)
    elif step == "prefect":
        for action, index in legal.items():
            if action.verb == "province":
                targets.provinces[action.a] = (index, prefect_label(game, cat, action.a))
    elif step in ("colonist", "tribune"):
        targets.places = {a.b for a in legal if a.verb == "place"}
    return targets


def prefect_label(game, cat: Catalogue, p: int) -> str:
    """"Gallia: you 2 wine; Bea 1 tool" — what every seat would receive."""
    preview = game.prefect_preview(p)
    seat = game.current_player
    parts = []
    for s in range(game.players):
        if any(preview[s]):
            who = cat.t("cc.you") if s == seat else player_label(game, s, cat)
            parts.append(cat.t("cc.prefect_who", who=who, goods=goods_text(cat, preview[s])))
    return cat.t("cc.prefect_option", province=province_name(cat, game, p),
                 gets=cat.t("cc.player_sep").join(parts) or cat.t("cc.nothing"))


# ------------------------------------------------------------------------------ render
def table(session, cat: Catalogue) -> Table:
    """The parts of the table (see :class:`ui.screens.parts.Table`): the map; the step with its
    decisions (the hand when a card is to be played, the display when one is bought); the
    deciding seat's money, storehouse and hand; the other players; the display; the score."""
    game = session.view
    legal = legal_map(session)
    targets = compute_targets(session, cat, legal)
    who = names(game, cat)
    step = step_name(game)
    playing = step == "turn" and bool(legal)
    buying = step in ("senator", "consul") and bool(legal)
    bar = decision_bar(session, cat, legal, targets) if legal else None
    options = [hand_cards(session, cat, legal)] if playing else []
    options += [display_panel(session, cat, legal)] if buying else []
    if bar is not None:
        options.append(bar)
    seat = game.active_player if game.active_player >= 0 else game.current_player
    board = tag("div", {"class_": f"cc cc-{game.board.name}", "data_step": step},
                tag("div", {"class_": "cc-map-wrap"},
                    tag("div", {"class_": "cc-map-scroll", "id": "cc-map-scroll",
                                "data_keep_scroll": "x", "tabindex": "0", "role": "region",
                                "aria_label": cat.t(f"cc.map.{game.board.name}"),
                                "data_focus": f"{focus(game, targets):.3f}"},
                        map_svg(game, cat, targets, who,
                                motion(game, session.ui.get("motion_from")))),
                    legend(cat)))
    return Table(
        board=board,
        # a replayed position waiting for a draw has no decision to tell (the caption says
        # what happened; at the setup position, that nobody has played yet)
        prompt=None if session.replaying and game.is_chance
        else step_panel(session, cat, legal, targets),
        options=tag("div", {"class_": "cc-options", "data_step": step}, *options)
        if options else None,
        me=player_panel(session, cat, seat, me=True, hand=not playing) if seat >= 0 else None,
        others=tag("div", {"class_": "cc-players cc-others"},
                   *[player_panel(session, cat, s) for s in range(game.players) if s != seat]),
        common=None if buying else display_panel(session, cat, legal),
        score=score_panel(game, cat))


def render(session, cat: Catalogue) -> Markup:
    """Every part of the table in one piece (tests, tools)."""
    return table(session, cat).whole()


def focus(game, targets: Targets) -> float:
    """Where the decision is on the map, as a fraction of its width (for a phone's scrolled
    map): the middle of the cities the targets touch, else of the seat's colonists, else Roma."""
    b = game.board
    geo = MAPS[b.name]
    cities = [c for r in targets.routes for c in b.routes[r][:2]]
    cities += list(targets.cities) + list(targets.places)
    cities += [c for p in targets.provinces for c in b.province_cities[p]]
    if not cities and game.current_player >= 0:
        for code in game.colonists[game.current_player]:
            loc = code >> 1
            cities += list(b.route_cities(loc)) if loc >= b.ncities else [loc]
    xs = [geo["cities"][b.city_ids[c]][0] for c in cities] or [
        geo["cities"][b.city_ids[b.roma]][0]]
    return sum(xs) / len(xs) / geo["width"]


def step_name(game) -> str:
    return "over" if game.is_over else game.prompt()["step"]


LEGEND_ICONS = {
    "house": '<path d="M3 15v-7l6 -6 6 6v7z" fill="#8a7a66" stroke="#2a1d10" stroke-width="1.3"/>',
    "land": '<circle cx="9" cy="8" r="5" fill="#8a7a66" stroke="#fff"/>'
            '<path d="M2 15h14" stroke="#5d3b12" stroke-width="2.4" stroke-linecap="round"/>',
    "sea": '<circle cx="9" cy="7" r="5" fill="#8a7a66" stroke="#fff"/>'
           '<path d="M1 12q8 6 16 0" fill="none" stroke="#0d3c78" stroke-width="2.4"/>',
}


LEGEND_WORDS = {"house": "cc.legend.house", "land": "cc.legend.land_colonist",
                "sea": "cc.legend.sea_colonist"}


def legend(cat: Catalogue) -> Markup:
    icons = [tag("span", {"class_": "lg-icon"},
                 Markup(f'<svg viewBox="0 0 18 18" width="16" height="16" aria-hidden="true">'
                        f"{svg}</svg>"), " ", cat.t(LEGEND_WORDS[name]))
             for name, svg in LEGEND_ICONS.items()]
    return tag("p", {"class_": "cc-legend"},
               tag("span", {"class_": "lg-land"}, cat.t("cc.legend.land")), " ",
               tag("span", {"class_": "lg-sea"}, cat.t("cc.legend.sea")), " ",
               *[Markup(str(i) + " ") for i in icons],
               tag("span", {"class_": "lg-target"}, cat.t("cc.legend.target")), " ",
               tag("span", {"class_": "lg-scroll"}, cat.t("cc.legend.scroll")),
               storehouse_key(cat))


def storehouse_key(cat: Catalogue) -> Markup:
    """The letters of the storehouses in words: the five goods, then the colonists kept there."""
    goods = [(good_tile(cat, good), good_name(cat, good)) for good in range(len(GOODS))]
    colonists = [(tag("span", {"class_": f"cc-tile col-{kind}", "aria_hidden": "true"},
                      cat.t(f"cc.stored.{word}")), cat.t(LEGEND_WORDS[word]))
                 for kind, word in ((LAND, "land"), (1 - LAND, "sea"))]
    return tag("span", {"class_": "lg-store"},
               *[tag("span", {"class_": "lg-good"}, tile, " ", words)
                 for tile, words in goods + colonists])


def step_text(game, cat: Catalogue, pick: bool = False) -> str:
    """Who decides what now (``pick``: the Architect must first choose a colonist)."""
    step = step_name(game)
    seat = game.current_player
    name = player_label(game, seat, cat) if seat >= 0 else ""
    info = game.prompt() if not game.is_over else {}
    args: dict[str, Any] = {"name": name}
    if step == "architect":
        args["points"] = info.get("points", 0)
    elif step == "keep":
        args["free"] = info.get("free", 0)
        args["incoming"] = goods_text(cat, parse_goods(info.get("incoming", "")))
    elif step == "senator":
        args["bought"] = info.get("bought", 0)
    if step == "architect":
        return architect_text(game, cat, args, info, pick)
    if step == "prefect" and not any(a.verb == "cash" for a in game.legal_actions()):
        return cat.t("cc.step.prefect_produce", **args)  # no marker turned: no coins to take
    return cat.t(f"cc.step.{step}", **args)


def architect_text(game, cat: Catalogue, args: dict[str, Any], info: dict[str, Any],
                   pick: bool) -> str:
    """C-4.2: the Architect's step speaks only of what is still possible: moving (points
    left and a colonist that can use them), building (a house affordable in a city next to a
    colonist), or else only stopping."""
    verbs = {action.verb for action in game.legal_actions()}
    if "move" not in verbs:
        if "build" not in verbs:
            return cat.t("cc.step.architect_stop", **args)
        if info.get("building"):
            return cat.t("cc.step.architect_building", **args)
        return cat.t("cc.step.architect_build", **args)
    if pick:
        return cat.t("cc.step.architect_pick", **args)
    return cat.t("cc.step.architect", **args)


def prompt_text(game, cat: Catalogue) -> str:
    return step_text(game, cat)


def step_panel(session, cat: Catalogue, legal: dict, targets: Targets) -> Markup:
    """What is being decided and the decisions without a natural map target."""
    game = session.view
    seat = game.current_player
    pick = bool(legal) and targets.selected is None and bool(targets.colonists)
    text = step_text(game, cat, pick)
    heading = tag("p", {"class_": "cc-step-text", "id": "cc-step"}, text)
    return tag("div", {"class_": "cc-step"},
               tag("div", {"class_": "cc-step-head"},
                   seat_badge(seat) if seat >= 0 else None, heading),
               end_notice(game, cat))


def end_notice(game, cat: Catalogue) -> Markup | None:
    """Once the end is triggered (C-5.1): whose last turn this is and how many follow, or, while
    the holder of the Concordia card finishes the turn that took it, that everyone else plays
    one more turn."""
    if game.concordia < 0 or game.is_over:
        return None
    holder = player_label(game, game.concordia, cat)
    if game.active == game.concordia:
        text = cat.t("cc.end_triggered", holder=holder)
    else:
        text = cat.t("cc.last_turn", name=player_label(game, game.active, cat), holder=holder,
                     n=len(game.last_turns()))
    return tag("p", {"class_": "end-notice", "data_role": "end-notice"}, text)


def act_button(index: int, label: str, cls: str = "", **attrs) -> Markup:
    return tag("button", {"type": "button", "class_": ("cc-btn " + cls).strip(),
                          "data_cmd": "act", "data_index": index, **attrs}, label)


def decision_bar(session, cat: Catalogue, legal: dict, targets: Targets) -> Markup:
    game = session.view
    step = step_name(game)
    seat = game.current_player
    items: list[Any] = []
    if step == "architect":
        for i, label in targets.colonists.items():
            items.append(tag("button", {
                "type": "button", "class_": "cc-btn pick" + (
                    " selected" if targets.selected == i else ""),
                "data_cmd": "board", "data_colonist": i,
                "aria_pressed": "true" if targets.selected == i else "false"}, label))
        moves = sorted(((targets.costs[r], r, idx, label) for r, (idx, label)
                        in targets.routes.items()))
        if moves:
            items.append(tag("details", {"class_": "cc-list"},
                             tag("summary", {}, cat.t("cc.routes_list", n=len(moves))),
                             *[act_button(idx, label, "small") for _c, _r, idx, label in moves]))
        for _c, (idx, label) in sorted(targets.cities.items()):
            items.append(act_button(idx, label, "build"))
    elif step == "prefect":
        for _p, (idx, label) in sorted(targets.provinces.items()):
            items.append(act_button(idx, label, "province"))
        for action, idx in legal.items():
            if action.verb == "cash":
                money = sum(MARKER_COINS[game.marker[p]] for p, f in enumerate(game.flipped) if f)
                items.append(act_button(idx, cat.t("cc.prefect_cash", money=money), "cash"))
    elif step == "mercator":
        items.append(trade_panel(session, cat, done_buttons(legal, cat, step)))
    elif step in ("colonist", "tribune"):
        if not any(a.verb == "place" for a in legal):
            items.append(tag("p", {"class_": "cc-note"}, cat.t("cc.no_place")))
        for action, idx in legal.items():
            if action.verb == "cash":
                items.append(act_button(idx, cat.t("cc.colonist_cash",
                                                   money=5 + len(game.colonists[seat])), "cash"))
            elif action.verb == "place":
                kind = "land" if action.a == LAND else "sea"
                label = cat.t(f"cc.place.{kind}", city=city_name(cat, game, action.b))
                items.append(act_button(idx, label, "place"))
    elif step == "diplomat":
        for action, idx in legal.items():
            if action.verb == "copy":
                card = game.discard[action.a][-1]
                label = cat.t("cc.copy", name=player_label(game, action.a, cat),
                              card=card_name(cat, card), does=card_summary(cat, card))
                items.append(act_button(idx, label, "copy"))
    elif step == "keep":
        for action, idx in legal.items():
            kept = unpack_goods(action.a)
            items.append(act_button(idx, cat.t("cc.keep", goods=goods_text(cat, kept)), "keep"))
    if step != "mercator":  # the trade sheet holds its own
        items.extend(done_buttons(legal, cat, step))
    return tag("div", {"class_": "cc-bar", "role": "group",
                       "aria_label": cat.t("cc.decisions")}, *items)


def done_buttons(legal: dict, cat: Catalogue, step: str) -> list[Markup]:
    """The button that ends the step (C-4), where the step has one and it may end now."""
    if step not in STEPS_WITH_DONE_BUTTON:
        return []
    return [act_button(idx, cat.t(f"cc.done.{step}"), "done")
            for action, idx in legal.items() if action.verb == "done"]


def trade_plan(session) -> dict[int, int]:
    """The Mercator sheet being filled in: good -> amount (+ buy, − sell)."""
    plan = session.ui.get("trade")
    return dict(plan) if isinstance(plan, dict) else {}


def trade_actions(game, plan: dict[int, int]) -> list[Action]:
    """The decisions of a plan, sells first (their money pays the buys), then the end of the
    Mercator if the trades have not ended it already."""
    sells = [Action("sell", g, -n) for g, n in sorted(plan.items()) if n < 0]
    buys = [Action("buy", g, n) for g, n in sorted(plan.items()) if n > 0]
    trial = game.clone()
    for action in sells + buys:
        if action not in trial.legal_actions():
            return sells + buys
        trial.apply(action)
    return sells + buys + ([DONE] if DONE in trial.legal_actions() else [])


def trade_check(game, plan: dict[int, int]) -> tuple[Any, Any] | None:
    """None if the plan can be carried out now, else the engine's (reason, rule) for the first
    decision that cannot."""
    trial = game.clone()
    for action in trade_actions(game, plan):
        if action not in trial.legal_actions():
            return trial.why_illegal(action)
        trial.apply(action)
    return None


def trade_panel(session, cat: Catalogue, end: list[Markup]) -> Markup:
    """The Mercator as a trade sheet: per good a stepper (− sell, + buy) within what the rules
    allow, the money it makes or costs, and one "Trade" button that carries it all out, beside
    ``end`` (the button that ends trading). The money and the buttons stay in view at the foot
    of the sheet while its goods scroll (a phone's decision bar is short)."""
    game = session.view
    seat = game.current_player
    plan = trade_plan(session)
    rows = []
    for good, price in enumerate(PRICES):
        amount = plan.get(good, 0)
        gname = good_name(cat, good)
        steppers = []
        for delta, sign, key in ((-1, "−", "cc.trade.fewer"), (1, "+", "cc.trade.more")):
            tried = {**plan, good: amount + delta}
            ok = trade_check(game, {g: n for g, n in tried.items() if n}) is None
            steppers.append(tag("button", {
                "type": "button", "class_": "cc-btn small step", "data_cmd": "board",
                "data_trade_good": good, "data_trade_delta": delta, "disabled": not ok,
                "aria_label": cat.t(key, good=gname)}, sign))
        shown = (cat.t("cc.trade.buy_n", n=amount) if amount > 0 else
                 cat.t("cc.trade.sell_n", n=-amount) if amount < 0 else cat.t("cc.trade.none"))
        rows.append(tag("tr", {"class_": "changed" if amount else None},
                        tag("th", {"scope": "row"}, good_tile(cat, good), " ", gname, tag("br", {}),
                            tag("small", {}, cat.t("cc.trade.line", price=price,
                                                   have=game.goods[seat][good]))),
                        tag("td", {"class_": "stepper"}, steppers[0],
                            tag("output", {"class_": "amount", "data_trade_amount": amount},
                                shown), steppers[1])))
    change = sum(-n * PRICES[g] for g, n in plan.items())
    free = game.free_space(seat) - sum(plan.values())
    head = tag("tr", {}, *[tag("th", {"scope": "col"}, cat.t(k)) for k in
                           ("cc.trade.good", "cc.trade.amount")])
    summary = goods_text(cat, [max(plan.get(g, 0), 0) for g in range(len(GOODS))])
    go = tag("button", {"type": "button", "class_": "cc-btn primary trade-go",
                        "data_cmd": "board", "data_trade": "go", "disabled": not plan,
                        "aria_label": cat.t("cc.trade.go_label", summary=summary)
                        if plan else None}, cat.t("cc.trade.go"))
    return tag("div", {"class_": "cc-trade"},
               tag("p", {}, cat.t("cc.trade.help")),
               tag("div", {"class_": "cc-trade-goods"},
                   tag("table", {}, tag("thead", {}, head), tag("tbody", {}, *rows))),
               tag("div", {"class_": "cc-trade-foot"},
                   tag("p", {"class_": "cc-trade-money", "aria_live": "polite"},
                       cat.t("cc.trade.money", before=game.money[seat],
                             after=game.money[seat] + change, free=free)),
                   go, *end))


def good_tile(cat: Catalogue, good: int, label: bool = False) -> Markup:
    return tag("span", {"class_": f"cc-tile g-{GOODS[good]}",
                        "style": f"background:{GOOD_COLOURS[good]};color:{GOOD_INK[good]}",
                        "title": good_name(cat, good),
                        "aria_label": good_name(cat, good) if label else None,
                        "aria_hidden": None if label else "true"},
               cat.t(f"cc.good.{GOODS[good]}.short"))


# ------------------------------------------------------------------------------ cards
def card_markup(cat: Catalogue, card: int, extra: Markup | None = None,
                attrs: dict | None = None, element: str = "div", prefix: str | None = None,
                suffix: str | None = None, worth: str | None = None) -> Markup:
    """A card: name, action, god, what it is worth (``worth``: see :func:`worth_text`), cost.
    ``prefix``/``suffix`` are read out but not shown (what clicking it does), so a button's
    name is its own visible text and more."""
    name, god, cost, _param = CARDS[card]
    cost_tiles = [good_tile(cat, g) for g in cost]
    body = [tag("span", {"class_": "vh"}, prefix + " ") if prefix else None,
            tag("span", {"class_": "cc-card-name"}, card_name(cat, card)),
            tag("span", {"class_": "cc-card-does"}, card_summary(cat, card)),
            tag("span", {"class_": "cc-card-god"}, cat.t(f"cc.god.{god}")),
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
                cat, card, element="button", prefix=cat.t("cc.play_prefix"), worth=worth,
                attrs={"data_cmd": "act", "data_index": index, "class_": "playable", **piece})))
        else:
            cards.append(tag("li", {}, card_markup(cat, card, attrs=piece, worth=worth)))
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
                         card_markup(cat, card, attrs=attrs, element=element, prefix=prefix,
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


# ------------------------------------------------------------------------------ players
def storehouse(game, cat: Catalogue, seat: int) -> Markup:
    """The 12 places of a seat's storehouse; every good and colonist in it is a piece
    (``data-pid``) so that what arrives or leaves moves (``assets/js/motion.js``)."""
    cells: list[tuple[Markup, dict]] = []
    for good, n in enumerate(game.goods[seat]):
        cells += [(good_tile(cat, good), {"data_pid": f"st-{seat}-g{good}-{j}",
                                          "data_kind": f"good-{seat}-{good}"}) for j in range(n)]
    for kind, n in enumerate(game.stored[seat]):
        sign = cat.t("cc.stored." + ("land" if kind == LAND else "sea"))
        tile = tag("span", {"class_": f"cc-tile col-{kind}", "aria_hidden": "true"}, sign)
        cells += [(tile, {"data_pid": f"st-{seat}-c{kind}-{j}",
                          "data_kind": f"colonist-{seat}-{kind}"}) for j in range(n)]
    cells += [(tag("span", {"class_": "cc-tile free", "aria_hidden": "true"}, ""), {})] * max(
        0, STORE_CAPACITY - len(cells))
    stored = game.stored[seat]
    label = cat.t("cc.storehouse_label", goods=goods_text(cat, game.goods[seat]),
                  land=stored[0], sea=stored[1], free=game.free_space(seat))
    return tag("div", {"class_": "cc-store", "role": "img", "aria_label": label},
               *[tag("span", {"class_": "cell", **piece}, c) for c, piece in cells])


def mini_hand(game, cat: Catalogue, seat: int) -> Markup:
    """A hand as small named cards (the god's colour on top; what it does on hover)."""
    cards = [tag("li", {"class_": f"cc-mini god-{CARDS[c][1]}", "title": card_summary(cat, c)},
                 card_name(cat, c))
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
        flags.append(tag("span", {"class_": "cc-flag pm", "data_pid": "pm"}, cat.t("cc.pm")))
    if game.concordia == seat:
        flags.append(tag("span", {"class_": "cc-flag concordia"}, cat.t("cc.concordia_card")))
    discard = game.discard[seat]
    facts = tag("dl", {"class_": "cc-facts"},
                tag("div", {"class_": "money"}, tag("dt", {}, cat.t("cc.money")),
                    tag("dd", {"data_pid": f"money-{seat}", "data_state": game.money[seat]},
                        str(game.money[seat]))),
                tag("div", {}, tag("dt", {}, cat.t("cc.houses_left")),
                    tag("dd", {}, str(HOUSES - game.nhouses[seat]))),
                tag("div", {}, tag("dt", {}, cat.t("cc.colonists_out")),
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
    order of the ranking, with a rank column."""
    projections = game.projected_scores()
    seats = sorted(range(game.players), key=lambda s: (ranks[s], s)) if ranks else range(
        game.players)
    head = tag("tr", {}, tag("th", {"scope": "col"}, cat.t("result.rank")) if ranks else None,
               tag("th", {"scope": "col"}, cat.t("cc.player")),
               *[tag("th", {"scope": "col"}, cat.t(f"cc.god.{g}")) for g in GODS],
               tag("th", {"scope": "col"}, cat.t("cc.total")))
    rows = []
    for seat in seats:
        values = dict(projections[seat])
        rows.append(tag("tr", {}, tag("td", {"class_": "rank"}, ranks[seat]) if ranks else None,
                        tag("th", {"scope": "row"}, seat_badge(seat, 18), " ",
                            player_label(game, seat, cat)),
                        *[score_cell(game, cat, seat, g, values.get(g, 0), detailed)
                          for g in GODS],
                        tag("td", {"class_": "total"}, str(sum(values.values())))))
    return tag("table", {"class_": "cc-scores"}, tag("caption", {}, caption),
               tag("thead", {}, head), tag("tbody", {}, *rows))


def score_panel(game, cat: Catalogue) -> Markup:
    if game.is_over or game.start < 0:
        return Markup("")
    caption = cat.t("cc.projection")
    return tag("section", {"class_": "cc-projection"},
               scroll_x(score_table(game, cat, caption), label=caption))


# ------------------------------------------------------------------------------ clicks
def coach_targets(session, action: Action) -> list[str]:
    """What to click before ``action`` itself (the lesson coach, :mod:`ui.coach`): the
    Architect's colonist, a stepper of the Mercator sheet or its "Trade" button, the display
    card whose surcharge good is chosen next; a house, province or new colonist's button
    first, then its place on the map; else nothing (the coach then highlights the decision's
    own targets)."""
    legal = legal_map(session)
    if action.verb == "move" and selected_colonist(session, legal) != action.a:
        return [f'.cc-bar [data-cmd="board"][data-colonist="{action.a}"]']
    if action.verb in ("buy", "sell"):
        want = action.b if action.verb == "buy" else -action.b
        have = trade_plan(session).get(action.a, 0)
        if have == want:
            return ['[data-cmd="board"][data-trade="go"]']
        delta = 1 if want > have else -1
        return [f'[data-cmd="board"][data-trade-good="{action.a}"]'
                f'[data-trade-delta="{delta}"]']
    if action.verb == "card" and action.b >= 0 and session.ui.get("slot") != action.a:
        return [f'.cc-display [data-cmd="board"][data-slot="{action.a}"]']
    if action.verb in ("build", "province", "place") and action in legal:
        # its button (in view on a phone, where the decision bar may cover the map) and its
        # place on the map
        index = legal[action]
        return [f'.cc-bar [data-cmd="act"][data-index="{index}"]',
                f'[data-cmd="act"][data-index="{index}"]']
    return []


def on_board(session, cat: Catalogue, data: dict[str, str]) -> Reply | None:
    """A click on something that is not a legal decision by itself."""
    game = session.view
    legal = legal_map(session)
    if not legal:
        return Reply("say", text=cat.t("cc.not_now"))
    if "trade-good" in data or "trade" in data:
        return _trade_click(session, cat, data)
    if "colonist" in data:
        session.ui["colonist"] = int(data["colonist"])
        session.ui.pop("slot", None)
        return Reply("render")
    if "slot" in data:
        slot = int(data["slot"])
        options = [i for a, i in legal.items() if a.verb == "card" and a.a == slot]
        if len(options) == 1:
            return Reply("act", index=options[0])
        if options:
            session.ui["slot"] = slot
            return Reply("render")
        any_good = -1 in SURCHARGES[slot] and step_name(game) == "senator"
        return explain(game, cat, Action("card", slot, 0 if any_good else -1))
    if "route" in data:
        route = int(data["route"])
        chosen = selected_colonist(session, legal)
        if chosen is None:
            seat = game.current_player
            kind = game.board.routes[route][2]
            mine = [i for i, c in enumerate(game.colonists[seat]) if c & 1 == kind]
            chosen = mine[0] if mine else 0
            if step_name(game) == "architect" and any(a.verb == "move" for a in legal):
                return Reply("say", text=cat.t("cc.pick_first"))
        return explain(game, cat, Action("move", chosen, route))
    if "city" in data:
        return explain(game, cat, Action("build", int(data["city"])))
    if "province" in data:
        return explain(game, cat, Action("province", int(data["province"])))
    return None


def _trade_click(session, cat: Catalogue, data: dict[str, str]) -> Reply:
    """A stepper of the Mercator sheet changes the plan; "Trade" carries it out."""
    game = session.view
    plan = trade_plan(session)
    if data.get("trade") == "go":
        problem = trade_check(game, plan) if plan else None
        if problem:
            reason, rule = problem
            text = refusal_text(cat, reason, lambda params: refusal_words(game, cat, params))
            return Reply("say", text=text, rule=rule)
        return Reply("acts", actions=tuple(trade_actions(game, plan))) if plan else Reply("render")
    good, delta = int(data.get("trade-good", "0")), int(data.get("trade-delta", "0"))
    if not 0 <= good < len(GOODS):
        return Reply("render")
    tried = {**plan, good: plan.get(good, 0) + delta}
    tried = {g: n for g, n in tried.items() if n}
    problem = trade_check(game, tried)
    if problem:
        reason, rule = problem
        text = refusal_text(cat, reason, lambda params: refusal_words(game, cat, params))
        return Reply("say", text=text, rule=rule)
    session.ui["trade"] = tried
    return Reply("render")


def explain(game, cat: Catalogue, action: Action) -> Reply:
    """Why ``action`` is refused: a plain sentence in the language, and its rule as a link."""
    reason, rule = game.why_illegal(action)
    text = refusal_text(cat, reason, lambda params: refusal_words(game, cat, params))
    return Reply("say", text=text, rule=rule)


def refusal_words(game, cat: Catalogue, params: dict[str, Any]) -> dict[str, Any]:
    """A refusal's plain arguments (seats, indices, goods counts) in words of the language."""
    words = dict(params)
    if "p" in params:
        words["p"] = player_label(game, params["p"], cat)
    if "step" in params:
        step = params["step"] if cat.has(f"cc.doing.{params['step']}") else "setup"
        words["step"] = cat.t(f"cc.doing.{step}")
    if "city" in params:
        words["city"] = city_name(cat, game, params["city"])
    if "province" in params:
        words["province"] = province_name(cat, game, params["province"])
    if "good" in params:
        words["good"] = good_name(cat, params["good"])
        words["goods"] = goods_text(cat, _one_kind(params["good"], params.get("n", 0)))
        words["have_goods"] = goods_text(cat, _one_kind(params["good"], params.get("have", 0)))
    if "card" in params:
        words["card"] = cat.t(f"cc.card.{params['card']}")
    if "need" in params:
        cost = goods_text(cat, params["need"], extra=[cat.t("cc.any_more")]
                          if params.get("any_good") else [])
        if params.get("money"):
            cost = cat.t("cc.goods_and_money", goods=cost, money=params["money"])
        words["cost"] = cost
        have = goods_text(cat, params["have"], none="cc.none_of_them")
        if "have_money" in params:
            have = cat.t("cc.goods_and_money", goods=have, money=params["have_money"])
        words["have"] = have
    return words


def _one_kind(good: int, n: int) -> list[int]:
    counts = [0] * len(GOODS)
    counts[good] = n
    return counts


def regret(game, cat: Catalogue, action: Action) -> tuple[str, str] | None:
    """``(key, question)`` to ask before a decision that gives up something still possible (ending
    the Architect with houses left to build; a Senator or Consul buying nothing) or uses a card
    for nothing (:func:`idle_play`), or None."""
    verb = getattr(action, "verb", None)
    if verb == "play" and not game.is_over and idle_play(game, action):
        card = card_name(cat, action.a)
        why = idle_reasons(game, cat, action)
        if why:
            return ("c.card_idle", cat.t("confirm.c.card_idle_because", card=card, why=why))
        return ("c.card_idle", cat.t("confirm.c.card_idle", card=card))
    if verb != "done" or game.is_over:
        return None
    step = step_name(game)
    legal = game.legal_actions()
    if step == "architect":
        houses = len({a.a for a in legal if a.verb == "build"})
        if houses:
            return ("c.architect_unbuilt", cat.t("confirm.c.architect_unbuilt", houses=houses))
        return None
    if step in ("senator", "consul") and not game.prompt().get("bought"):
        if any(a.verb == "card" for a in legal):
            card = cat.t(f"cc.card.{step.capitalize()}")
            return ("c.buy_nothing", cat.t("confirm.c.buy_nothing", card=card))
    return None


def idle_play(game, action: Action) -> bool:
    """Whether playing ``action``'s card (C-4) would end the turn at once with nothing gained:
    no money, good, colonist, house or card taken back (a Diplomat with nothing to copy, a
    specialist with no house of its good, a Senator who can afford no card)."""
    seat = game.current_player
    trial = game.clone()
    trial.apply(action)
    if trial.current_player == seat:
        return False  # the card asks for a decision: its step says what it can do
    kinds = sorted(CANON[c] for c in game.hand[seat])  # copies of a card are one kind
    kinds.remove(action.a)
    return (sorted(CANON[c] for c in trial.hand[seat]) == kinds
            and trial.money[seat] == game.money[seat]
            and list(trial.goods[seat]) == list(game.goods[seat])
            and list(trial.colonists[seat]) == list(game.colonists[seat])
            and trial.nhouses[seat] == game.nhouses[seat])


def idle_reasons(game, cat: Catalogue, action: Action) -> str:
    """Why a card played for nothing (:func:`idle_play`) would do nothing, in the engine's
    words, or "": for a Diplomat, why it may copy no other player's top discard (an empty pile,
    a Diplomat on top), each reason once, as the engine refuses each copy at the Diplomat's
    step."""
    if CARDS[action.a][0] != "Diplomat":
        return ""
    seat = game.current_player
    texts: list[str] = []
    for other in range(game.players):
        if other == seat:
            continue
        reason, _rule = cards.why_illegal(game, (DIPLO, seat), Action("copy", other))
        text = refusal_text(cat, reason, lambda params: refusal_words(game, cat, params))
        if text not in texts:
            texts.append(text)
    why = texts[0] if texts else ""
    for text in texts[1:]:
        why = cat.t("cc.sentence_pair", a=why, b=text)
    return why


def rule_title(cat: Catalogue, rule: str) -> str:
    """The short title of a rule (``cc.rule.<id>``), or empty."""
    return cat.t(f"cc.rule.{rule}") if cat.has(f"cc.rule.{rule}") else ""


def rule_anchor(rule: str) -> str:
    return concordia_help.anchor(rule)


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


def event_text(game, event, cat: Catalogue) -> str:
    key = f"event.concordia.{event.key}"
    if cat.has(key):
        return cat.t(key, **event_args(game, event, cat))
    return game.event_text(event)


# ------------------------------------------------------------------------------ help, end
def rules_help(cat: Catalogue) -> Markup:
    return concordia_help.rules_help(cat)


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
        mine = [c for c in range(b.ncities) if game.houses[c] >> seat & 1 and game.token[c] >= 0]
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


# ------------------------------------------------------------ hints and recap (ui.story)
def action_text(game, action: Action, cat: Catalogue) -> str:
    """A decision in plain words (the same words as its button or target), for the hint."""
    verb, a, b = action
    seat = game.current_player
    step = step_name(game)
    if verb == "play":
        card = next(c for c in game.hand[seat] if CANON[c] == a)
        return cat.t("story.cc.play", card=card_name(cat, card))
    if verb == "move":
        code = game.colonists[seat][a]
        cost = game.board.distance[(code >> 1, code & 1)][b]
        return cat.t("story.cc.move", where=location_words(game, code >> 1, cat),
                     route=route_label(game, b, cat), n=cost)
    if verb == "build":
        goods, money = game.house_cost(seat, a)
        return cat.t("cc.build_in", city=city_name(cat, game, a),
                     cost=house_cost_text(cat, goods, money))
    if verb == "province":
        return prefect_label(game, cat, a)
    if verb == "cash" and step == "prefect":
        money = sum(MARKER_COINS[game.marker[p]] for p, f in enumerate(game.flipped) if f)
        return cat.t("cc.prefect_cash", money=money)
    if verb == "cash":
        return cat.t("cc.colonist_cash", money=5 + len(game.colonists[seat]))
    if verb in ("buy", "sell"):
        return cat.t(f"cc.{verb}", goods=n_goods(cat, a, b), money=b * PRICES[a])
    if verb == "copy":
        card = game.discard[a][-1]
        return cat.t("cc.copy", name=player_label(game, a, cat), card=card_name(cat, card),
                     does=card_summary(cat, card))
    if verb == "place":
        return cat.t("cc.place." + ("land" if a == LAND else "sea"),
                     city=city_name(cat, game, b))
    if verb == "card":
        card = game.display[a]
        text = cat.t("story.cc.buy_card", card=card_name(cat, card),
                     cost=price_text(cat, card, a, step == "senator"))
        return text if b < 0 else cat.t("cc.pay_with", good=good_name(cat, b),
                                        card=card_name(cat, card))
    if verb == "keep":
        return cat.t("cc.keep", goods=goods_text(cat, unpack_goods(a)))
    if verb == "done" and step in STEPS_WITH_DONE_BUTTON:
        return cat.t(f"cc.done.{step}")
    return cat.t("story.hint.some_decision")


def action_places(game, action: Action) -> list[str]:
    """What a decision touches on the map and in the panels (CSS selectors)."""
    verb, a, b = action
    seat = game.current_player
    if verb == "move":
        return [f'[data-pid="col-{seat}-{a}"]', f'.cc-route[data-route="{b}"]']
    if verb == "build":
        return [f'.cc-city[data-city="{a}"]']
    if verb == "province":
        return [f'.cc-province[data-province="{a}"]']
    if verb == "place":
        return [f'.cc-city[data-city="{b}"]']
    if verb == "card" and 0 <= a < len(game.display):
        card = game.display[a]
        return [f'[data-pid="card-d{card}-{game.display[:a].count(card)}"]']
    if verb in ("buy", "sell"):
        return [f'[data-trade="{verb}-{a}-{b}"]']
    if verb == "copy":
        return [f'.cc-player.seat-{a}']
    return []


PANEL_EVENTS = {"c.play": "discard", "c.copy": "discard", "c.take_back": "hand",
                "c.buy_card": "hand", "c.specialist": "hand", "c.cash": "money",
                "c.colonist_cash": "money", "c.mercator_money": "money", "c.sell": "money",
                "c.buy": "money"}
"""Log events shown in a player's panel: which line of it (``data-pid="<line>-<seat>"``)."""


def event_places(game, event) -> list[str]:
    """The cities, provinces, routes and panel lines a log event names (CSS selectors), for a
    recap line."""
    b = game.board
    places = []
    seat = dict(event.args).get("p")
    if isinstance(seat, int) and event.key in PANEL_EVENTS:
        places.append(f'[data-pid="{PANEL_EVENTS[event.key]}-{seat}"]')
    for key, value in event.args:
        if key in ("city",) and isinstance(value, str) and value in b.city_ids:
            places.append(f'.cc-city[data-city="{b.city_ids.index(value)}"]')
        elif key == "province" and isinstance(value, int):
            places.append(f'.cc-province[data-province="{value}"]')
        elif key == "route" and isinstance(value, int):
            places.append(f'.cc-route[data-route="{value}"]')
    return places
