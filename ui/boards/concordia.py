"""The Concordia board (``BOARD``, contract in ``ui/README.md``): the map, the
step being decided with its targets on the map and a decision bar, the card display, the player
areas (hand, discard pile, storehouse, money, houses, Praefectus Magnus), the score projection,
the rules help and the end-of-game breakdown.

Every legal decision is an element with ``data-cmd="act" data-index=i`` (``i`` indexes
``view.legal_actions()``). Things that are not legal now carry ``data-cmd="board"`` and
:func:`on_board` explains them with the engine's ``why_illegal`` (rule id included), or keeps a
passing choice in ``session.ui`` (the Architect's colonist, the card whose payment is chosen).
"""

from __future__ import annotations

from typing import Any

from engine.concordia import Action
from engine.concordia.board import LAND
from engine.concordia.cards import CANON
from engine.concordia.components import (
    CARDS,
    GOODS,
    SURCHARGES,
)
from engine.concordia.notation import unpack_goods
from ui.boards import concordia_help, concordia_players, concordia_view, concordia_words
from ui.boards.concordia_cards import act_button, display_panel, hand_cards
from ui.boards.concordia_geo import MAPS
from ui.boards.concordia_motion import motion
from ui.boards.concordia_players import legend, player_panel, score_panel
from ui.boards.concordia_prefect import prefect_items, prefect_label, prefect_targets
from ui.boards.concordia_svg import (
    city_name,
    map_svg,
    route_label,
    seat_badge,
)
from ui.boards.concordia_trade import trade_actions, trade_check, trade_panel, trade_plan
from ui.boards.concordia_words import (
    card_name,
    card_summary,
    cash_gain,
    event_args,
    good_name,
    goods_text,
    house_cost_text,
    location_words,
    n_goods,
    names,
    price_text,
    province_name,
    short_cost,
    step_name,
)
from ui.boards.targets import Targets
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.screens.parts import Board, Reply, Table, live, player_label
from ui.screens.play import map_tools
from ui.wording import refusal_text

STEPS_WITH_DONE_BUTTON = ("architect", "prefect", "mercator", "colonist", "tribune",
                          "diplomat", "senator", "consul")
KNOWN_VERBS = ("play", "move", "build", "province", "cash", "buy", "sell", "place", "copy",
               "card", "keep", "done")
"""The decisions this board shows in its own way (a card, a route, a city, a button of its
step); any other gets a button of its own (:func:`other_buttons`)."""


def legal_map(session) -> dict[Any, int]:
    """Each legal decision of the seat to move -> its index (empty when nobody here may act:
    replay, the computer's turn, the end)."""
    if not live(session):
        return {}
    return {action: i for i, action in enumerate(session.view.legal_actions())}


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


def compute_targets(session, cat: Catalogue, legal: dict) -> Targets:
    """The targets of the pending decision on the map (see :class:`Targets`)."""
    game = session.view
    seat = game.current_player
    step = step_name(game)
    targets = Targets(kind=step, seat=seat, live=live(session))
    if step == "architect":
        movable = sorted({a.a for a in legal if a.verb == "move"})
        targets.selected = selected_colonist(session, legal)
        for i in movable:
            place, kind = game.colonist_place(seat, i)
            where = location_words(game, place, cat)
            targets.colonists[i] = cat.t(
                f"cc.pick_colonist.{'land' if kind == LAND else 'sea'}", where=where)
        for action, index in legal.items():
            if action.verb == "move" and action.a == targets.selected:
                cost = game.move_cost(seat, action.a, action.b)
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
        prefect_targets(game, cat, legal, targets)
    elif step in ("colonist", "tribune"):
        targets.places = {a.b for a in legal if a.verb == "place"}
    return targets


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
    geo = MAPS[game.board.name]
    concordia_view.use(game.board.name, session.ui.get("viewport"))
    board = tag("div", {"class_": f"cc cc-{game.board.name}", "data_step": step,
                        "style": f"--cc-ratio:{geo['width']}/{geo['height']}"},
                tag("div", {"class_": "cc-map-wrap"},
                    map_tools(cat, keys=True),
                    tag("div", {"class_": "cc-map-scroll", "id": "cc-map-scroll",
                                "tabindex": "0", "role": "region", "data_zoom_frame": "",
                                "data_view_key": f"{session.game_id}:{game.board.name}",
                                "aria_label": cat.t(f"cc.map.{game.board.name}"),
                                "aria_describedby": "cc-map-keys"},
                        map_svg(game, cat, targets, who,
                                motion(game, session.ui.get("motion_from")))),
                    legend(cat, game.board)))
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


def step_text(game, cat: Catalogue, pick: bool = False) -> str:
    """Who decides what now (``pick``: the Architect must first choose a colonist)."""
    step = step_name(game)
    seat = game.current_player
    name = player_label(game, seat, cat) if seat >= 0 else ""
    pending = game.pending_step()
    args: dict[str, Any] = {"name": name}
    if step == "architect":
        args["points"] = pending["points"]
    elif step == "keep":
        args["free"] = game.free_space(seat)
        args["incoming"] = goods_text(cat, list(pending["incoming"]))
    elif step == "senator":
        args["bought"] = pending["bought"]
    elif step == "tribune":
        args["start"] = city_name(cat, game, game.board.roma)
    if step == "architect":
        return architect_text(game, cat, args, bool(pending["building"]), pick)
    if step == "prefect" and not any(a.verb == "cash" for a in game.legal_actions()):
        return cat.t("cc.step.prefect_produce", **args)  # no marker turned: no coins to take
    if not cat.has(f"cc.step.{step}"):
        return cat.t("cc.step.other", **args)  # a step this board does not know yet
    return cat.t(f"cc.step.{step}", **args)


def architect_text(game, cat: Catalogue, args: dict[str, Any], building: bool,
                   pick: bool) -> str:
    """C-4.2: the Architect's step speaks only of what is still possible: moving (points
    left and a colonist that can use them), building (a house affordable in a city next to a
    colonist), or else only stopping."""
    verbs = {action.verb for action in game.legal_actions()}
    if "move" not in verbs:
        if "build" not in verbs:
            return cat.t("cc.step.architect_stop", **args)
        if building:
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


def decision_bar(session, cat: Catalogue, legal: dict, targets: Targets) -> Markup:
    game = session.view
    step = step_name(game)
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
        items += prefect_items(session, cat, legal, targets)
    elif step == "mercator":
        items.append(trade_panel(session, cat, done_buttons(legal, cat, step)))
    elif step in ("colonist", "tribune"):
        if not any(a.verb == "place" for a in legal):
            items.append(tag("p", {"class_": "cc-note"}, cat.t("cc.no_place")))
        for action, idx in legal.items():
            if action.verb == "cash":
                items.append(act_button(idx, cat.t("cc.colonist_cash",
                                                   money=cash_gain(game, action)), "cash"))
            elif action.verb == "place":
                kind = "land" if action.a == LAND else "sea"
                label = cat.t(f"cc.place.{kind}", city=city_name(cat, game, action.b))
                items.append(act_button(idx, label, "place"))
    elif step == "diplomat":
        for action, idx in legal.items():
            if action.verb == "copy":
                card = game.discard[action.a][-1]
                label = cat.t("cc.copy", name=player_label(game, action.a, cat),
                              card=card_name(cat, card), does=card_summary(cat, card, game))
                items.append(act_button(idx, label, "copy"))
    elif step == "keep":
        for action, idx in legal.items():
            kept = unpack_goods(action.a)
            items.append(act_button(idx, cat.t("cc.keep", goods=goods_text(cat, kept)), "keep"))
    items += other_buttons(game, cat, legal)
    if step != "mercator":  # the trade sheet holds its own
        items.extend(done_buttons(legal, cat, step))
    return tag("div", {"class_": "cc-bar", "role": "group",
                       "aria_label": cat.t("cc.decisions")}, *items)


GOOD_VERBS = ("good", "bonus", "choose", "pick_good")
"""Verbs of a decision that names one good by its index (the engine's newer choices, e.g.
Gavdos's bonus, C-M.creta.1)."""


def other_buttons(game, cat: Catalogue, legal: dict) -> list[Markup]:
    """Decisions this board has no own display for (a newer engine's): one button each, in
    the words the hint uses (a good by its name)."""
    return [act_button(idx, action_text(game, action, cat), "other")
            for action, idx in legal.items() if action.verb not in KNOWN_VERBS]


def done_buttons(legal: dict, cat: Catalogue, step: str) -> list[Markup]:
    """The button that ends the step (C-4), where the step has one and it may end now."""
    if step not in STEPS_WITH_DONE_BUTTON:
        return []
    return [act_button(idx, cat.t(f"cc.done.{step}"), "done")
            for action, idx in legal.items() if action.verb == "done"]


# ------------------------------------------------------------------------------ clicks
def coach_targets(session, action: Action) -> list[str]:
    """What to click before ``action`` itself (the lesson coach, :mod:`ui.coach`): the
    Architect's colonist, a stepper of the Mercator sheet or its "Trade" button, the display
    card whose surcharge good is chosen next, the province whose bonus good is chosen next
    (Gavdos, C-M.creta.1); a house, province or new colonist's button
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
    if action.verb == "province" and action.b >= 0 and session.ui.get("province") != action.a:
        return [f'.cc-bar [data-cmd="board"][data-province="{action.a}"]']  # Gavdos's goods
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
            mine = [i for i in range(len(game.colonists[seat]))
                    if game.colonist_place(seat, i)[1] == kind]
            chosen = mine[0] if mine else 0
            if step_name(game) == "architect" and any(a.verb == "move" for a in legal):
                return Reply("say", text=cat.t("cc.pick_first"))
        return explain(game, cat, Action("move", chosen, route))
    if "city" in data:
        return explain(game, cat, Action("build", int(data["city"])))
    if "province" in data:
        p = int(data["province"])
        options = [i for a, i in legal.items() if a.verb == "province" and a.a == p]
        if len(options) > 1:  # its bonus good is to be chosen (C-M.creta.1)
            session.ui["province"] = p
            return Reply("render")
        return explain(game, cat, Action("province", p))
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
    for key in ("city", "start"):  # the start city (C-M.1) is a city like any other
        if key in params:
            words[key] = city_name(cat, game, params[key])
    if "province" in params:
        words["province"] = province_name(cat, game, params["province"])
    if isinstance(params.get("route"), int):
        words["route"] = route_label(game, params["route"], cat)
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
    if step in ("senator", "consul") and not game.pending_step().get("bought"):
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
        reason, _rule = game.why_no_copy(seat, other)
        text = refusal_text(cat, reason, lambda params: refusal_words(game, cat, params))
        if text not in texts:
            texts.append(text)
    why = texts[0] if texts else ""
    for text in texts[1:]:
        why = cat.t("cc.sentence_pair", a=why, b=text)
    return why


def rule_anchor(rule: str) -> str:
    return concordia_help.anchor(rule)


EVENT_VARIANTS = {("c.cash", "bonus"): "c.cash_bonus"}
"""An event whose argument a map adds (Creta's 2 sestertii more in the Prefect's cash,
C-M.creta.2) -> the catalogue's sentence that says it."""


def event_key(event) -> str:
    """The catalogue key of a log event (``event.concordia.<key>``)."""
    names = dict(event.args)
    for (key, arg), variant in EVENT_VARIANTS.items():
        if event.key == key and names.get(arg):
            return f"event.concordia.{variant}"
    return f"event.concordia.{event.key}"


def event_text(game, event, cat: Catalogue) -> str:
    key = event_key(event)
    if cat.has(key):
        return cat.t(key, **event_args(game, event, cat))
    return game.event_text(event)


# ------------------------------------------------------------------------------ help, end
# The end banner's parts (``ui/boards/concordia_players.py``).
result_details = concordia_players.result_details
result_stats = concordia_players.result_stats
rule_title = concordia_words.rule_title


def rules_help(cat: Catalogue, game=None) -> Markup:
    return concordia_help.rules_help(cat, game)


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
        where = location_words(game, game.colonist_place(seat, a)[0], cat)
        return cat.t("story.cc.move", where=where, route=route_label(game, b, cat),
                     n=game.move_cost(seat, a, b))
    if verb == "build":
        goods, money = game.house_cost(seat, a)
        return cat.t("cc.build_in", city=city_name(cat, game, a),
                     cost=house_cost_text(cat, goods, money))
    if verb == "province":
        return prefect_label(game, cat, a, good=b)
    if verb == "cash":
        key = "cc.prefect_cash" if step == "prefect" else "cc.colonist_cash"
        return cat.t(key, money=cash_gain(game, action))
    if verb in ("buy", "sell"):
        return cat.t(f"cc.{verb}", goods=n_goods(cat, a, b), money=game.trade_price(a, b))
    if verb == "copy":
        card = game.discard[a][-1]
        return cat.t("cc.copy", name=player_label(game, a, cat), card=card_name(cat, card),
                     does=card_summary(cat, card, game))
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
    if verb in GOOD_VERBS and 0 <= a < len(GOODS):
        return cat.t("cc.take_good", good=good_name(cat, a))
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


BOARD = Board.of(__name__, zoomable=True, has_rules=True)
"""The board (:class:`ui.screens.parts.Board`): this module's functions named after its hooks."""
