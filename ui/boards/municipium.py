"""Municipium in the browser: the board plugin (``BOARD``, contract in
``ui/README.md``).

The engine says what is legal; this module only draws it. :func:`plan` turns the engine's
pending step and ``legal_actions()`` into targets: institutions, the common deck, the bag,
family cards and other players' citizens that decide something (``data-cmd="act"``), places
that first pick something (a member to move, a citizen type to place) and the labelled buttons
of the decision bar. Everything else on the board answers a click with the rule that forbids it
(:func:`on_board`, from the engine's ``why_illegal``).

The drawing is in :mod:`ui.boards.municipium_svg`; the rules help and the end-of-game
explanation in :mod:`ui.boards.municipium_help`; every string comes from the catalogue
``assets/i18n/<lang>/municipium.json``.
"""

from __future__ import annotations

from typing import Any

from engine.municipium.actions import (
    ChamberChoice,
    Crown,
    DrawCard,
    DrawCitizen,
    ForumTake,
    Move,
    PlaceCitizen,
    PlaceMember,
    PlayFamily,
    Relocate,
    Tavern,
    UsePower,
)
from engine.municipium.data import (
    ADJACENT,
    CITIZEN_TYPES,
    FAMILY_CARDS,
    MEMBERS,
)
from ui.boards import municipium_help
from ui.boards.municipium_panels import legend, player_panel, supplies_panel
from ui.boards.municipium_plan import emporium_first_draw, plan
from ui.boards.municipium_svg import board_svg, seat_icon, tips
from ui.boards.municipium_words import (
    CITIZEN_ARGS,
    PLACE_ARGS,
    PLAYER_ARGS,
    P,
    action_label,
    card_name,
    citizen_words,
    citizens_text,
    inst_name,
    items_text,
    seat_name,
)
from ui.boards.targets import Targets
from ui.html import Markup, scroll_x, tag
from ui.i18n import Catalogue
from ui.screens.parts import Board, Reply, Table
from ui.wording import refusal_text


# ------------------------------------------------------------------------- prompt
def prompt_text(game: Any, cat: Catalogue) -> str:
    """Who decides what, from the engine's pending step."""
    pending = game.pending_step()
    kind, seat, args = pending.kind, pending.seat, pending.args
    if kind == "over":
        return cat.t(f"{P}step.over")
    name = seat_name(game, seat, cat) if seat >= 0 else ""
    extra: dict[str, Any] = {}
    if kind == "initial":
        extra = {"left": MEMBERS - args["placed"] // game.players}
    elif kind == "move":
        extra = {"left": 2 - args["moved"]}
    elif kind == "keep":
        extra = {"inst": inst_name(cat, args["inst"])}
    elif kind == "offer":
        extra = {"insts": cat.t(f"{P}or").join(inst_name(cat, i) for i in args["insts"])}
    elif kind == "relocate":
        extra = {"card": cat.t(f"{P}rule_title.{args['source']}")}
    elif kind == "emporium_choice" and emporium_first_draw(game):
        kind = "emporium_first"
    key = f"{P}step.{kind}"
    if not cat.has(key):
        return cat.t(f"{P}step.other", name=name)
    return cat.t(key, name=name, **extra)


# --------------------------------------------------------------------- explanations
def explain(game: Any, cat: Catalogue, action: Any) -> Any:
    """Why ``action`` is not allowed now: a plain sentence in the language (from the engine's
    refusal key), with its rule as a link."""
    reason, rule = game.why_illegal(action)
    text = refusal_text(cat, reason, lambda params: refusal_words(game, cat, params))
    return Reply("say", text=text, rule=rule)


def refusal_words(game: Any, cat: Catalogue, params: dict[str, Any]) -> dict[str, Any]:
    """A refusal's plain arguments (seats, institutions, citizen types) in words."""
    words = dict(params)
    for name in ("seat",):
        if name in params:
            words[name] = seat_name(game, params[name], cat)
    for name in PLACE_ARGS:
        if name in params:
            words[name] = inst_name(cat, params[name])
    if "ctype" in params:
        words.update(citizen_words(cat, params["ctype"]))
    if "places" in params:
        words["places"] = cat.t(f"{P}or").join(inst_name(cat, i) for i in params["places"])
    if "card" in params:
        words["card"] = card_name(cat, params["card"])
    if "step" in params:
        words["what"] = prompt_text(game, cat)
    return words


def regret(game: Any, cat: Catalogue, action: Any) -> tuple[str, str] | None:
    """``(key, question)`` to ask before a decision that uses something up for nothing (Your
    Powers where the player leads nowhere), or None."""
    if not (isinstance(action, PlayFamily) and action.card in range(len(FAMILY_CARDS))
            and FAMILY_CARDS[action.card] == "your_powers"):
        return None
    seat = game.current_player
    if any(game.ranking_at(inst)[:1] == [seat] for inst in range(7)):
        return None
    return ("m.your_powers_nowhere",
            cat.t("confirm.m.your_powers_nowhere", card=card_name(cat, "your_powers")))


def rule_title(cat: Catalogue, rule: str) -> str:
    """The short title of a rule (``rule_title.<id>``), or empty."""
    key = f"{P}rule_title.{rule}"
    return cat.t(key) if cat.has(key) else ""


rule_anchor = municipium_help.anchor


def _candidate(game: Any, session: Any, data: dict[str, str]) -> Any:
    """The decision a click on an institution would stand for in the pending step."""
    pending = game.pending_step()
    kind, seat = pending.kind, pending.seat
    inst = int(data.get("inst", "0"))
    ui = session.ui
    if kind in ("move", "relocate"):
        src = ui.get("src")
        cls = Move if kind == "move" else Relocate
        if src is None:
            return cls(inst, ADJACENT[inst][0], False)
        return cls(src, inst, bool(ui.get("elect")))
    if kind == "place":
        held = pending["held"]
        ctype = ui.get("ctype")
        if ctype is None or not held[ctype]:
            ctype = next(t for t in range(4) if held[t])
        return PlaceCitizen(ctype, inst)
    if kind == "single_place":
        return ChamberChoice(inst)
    if kind == "offer":
        return UsePower(inst)
    if kind == "initial":
        return PlaceMember(inst)
    if kind == "tavern":
        return Tavern(inst, seat, 1)
    if kind == "forum":
        return ForumTake(0, inst=inst)
    if kind == "crown":
        return Crown()
    return UsePower(inst)


def coach_targets(session: Any, action: Any) -> list[str]:
    """What to click before ``action`` itself (the lesson coach, :mod:`ui.coach`): the member
    to move first, the kind of member (elect or not), the citizen type to place; else nothing
    (the coach then highlights the decision's own targets)."""
    game, ui = session.view, session.ui
    if isinstance(action, (Move, Relocate)):
        if ui.get("src") != action.src:
            return [f'[data-what="pick"][data-inst="{action.src}"]']
        kinds = {a.elect for a in game.legal_actions()
                 if isinstance(a, type(action)) and a.src == action.src}
        if len(kinds) > 1 and bool(ui.get("elect")) != action.elect:
            return [f'[data-what="elect"][data-value="{int(action.elect)}"]']
    pending = game.pending_step()
    if isinstance(action, PlaceCitizen) and pending.kind == "place":
        held = pending["held"]
        types = [t for t in range(4) if held[t]]
        shown = ui.get("ctype") if ui.get("ctype") in types else types[0]
        if len(types) > 1 and shown != action.ctype:
            return [f'[data-what="ctype"][data-value="{action.ctype}"]']
    return []


def on_board(session: Any, cat: Catalogue, data: dict[str, str]) -> Any:
    """A click on a board element that does not itself decide."""
    game = session.view
    what = data.get("what", "")
    if session.replaying:
        return Reply("say", text=cat.t(f"{P}why.replaying"))
    if game.is_over:
        return Reply("say", text=cat.t(f"{P}why.over"))
    if session.waiting_for_ai:
        return Reply("say", text=cat.t(f"{P}why.wait",
                                       name=seat_name(game, game.current_player, cat)))
    if what == "pick":
        session.ui.update(src=int(data["inst"]), elect=0)
        return Reply("render")
    if what == "deselect":
        session.ui.pop("src", None)
        session.ui.pop("elect", None)
        return Reply("render")
    if what == "elect":
        session.ui["elect"] = int(data.get("value", "0"))
        return Reply("render")
    if what == "ctype":
        session.ui["ctype"] = int(data.get("value", "0"))
        return Reply("render")
    if what == "inst":
        return explain(game, cat, _candidate(game, session, data))
    if what == "deck":
        return explain(game, cat, DrawCard())
    if what == "bag":
        return explain(game, cat, DrawCitizen())
    if what == "family":
        return explain(game, cat, PlayFamily(int(data.get("card", "0"))))
    if what == "hand":
        seat, ctype = int(data.get("seat", "0")), int(data.get("ctype", "0"))
        if seat == game.current_player and game.pending_step().kind == "forum":
            return Reply("say", text=cat.t("refusal.m.forum_self"), rule="M-8.5")
        return explain(game, cat, ForumTake(ctype, seat=seat))
    return None


# ---------------------------------------------------------------------- log lines
def event_text(game: Any, event: Any, cat: Catalogue) -> str:
    """A log line in the chosen language, every argument in words (players, institutions,
    citizen types, cards), with its rule id. Citizens given together are counted: "two
    soldiers", not "a soldier and a soldier" (a Basilica's ``items``; ``first`` and ``second``
    of one type read by the message's ``.same`` variant, its ``{items}`` the two counted)."""
    key = f"event.municipium.{event.key}"
    if not cat.has(key):
        return game.event_text(event)
    args: dict[str, Any] = {}
    given = dict(event.args)
    if "first" in given and given["first"] == given.get("second") and cat.has(f"{key}.same"):
        key += ".same"
        ctype = given["first"]
        ctype = CITIZEN_TYPES.index(ctype) if isinstance(ctype, str) else ctype
        args["items"] = citizens_text(cat, [ctype, ctype])
    for name, value in event.args:
        if name in PLAYER_ARGS:
            value = seat_name(game, value, cat)
        elif name in PLACE_ARGS:
            value = inst_name(cat, value)
        elif name in CITIZEN_ARGS:
            ctype = CITIZEN_TYPES.index(value) if isinstance(value, str) else value
            args.update(citizen_words(cat, ctype, name))
            continue
        elif name == "card":
            value = card_name(cat, value)
        elif name == "order":
            value = cat.t(f"{P}list_sep").join(seat_name(game, int(s), cat) for s in value)
        elif name == "purpose":
            value = cat.t(f"{P}purpose.{value}")
        elif name == "items":
            value = items_text(cat, _items_from_text(value))
        args[name] = value
    return cat.t(key, **args)


def _items_from_text(text: str) -> tuple[int, ...]:
    letters = "psmaf"
    return tuple(text.count(letter) for letter in letters)


# ---------------------------------------------------------------------- rendering
def table(session: Any, cat: Catalogue) -> Any:
    """The parts of the table (see :class:`ui.screens.parts.Table`): the board with its tips;
    the step and its hint; the decision bar with every decision in words; the deciding
    family's panel and the others'; supplies and the key; the live score."""
    game = session.view
    the_plan = plan(session, cat)
    live = the_plan.live
    target = game.end_target()
    seat = game.current_player
    board = tag("div", {"class_": "mu", "data_step": the_plan.kind,
                        "data_live": "true" if live else "false"},
                tag("div", {"class_": "mu-board"}, board_svg(session, the_plan, cat),
                    tips(game, cat)))
    # a replayed position waiting for a draw has no decision to tell (the caption says what
    # happened; at the setup position, that nobody has played yet)
    waiting = game.is_over or (session.replaying and game.is_chance)
    prompt = None if waiting else tag(
        "div", {"class_": "mu-prompt", "id": "mu-prompt"},
        tag("p", {"class_": "mu-step"}, prompt_text(game, cat)),
        tag("p", {"class_": "mu-hint"}, the_plan.hint) if the_plan.hint else None,
        end_notice(game, cat))
    bar = decision_bar(the_plan, cat)
    words = choices_in_words(session, the_plan, cat)
    others = [player_panel(session, the_plan, s, target, cat)
              for s in range(game.players) if s != seat]
    return Table(
        board=board, prompt=prompt,
        options=tag("div", {"class_": "mu-options"}, bar, words) if bar or words else None,
        me=player_panel(session, the_plan, seat, target, cat) if seat >= 0 else None,
        others=tag("section", {"class_": "mu-players",
                               "aria_label": cat.t(f"{P}players_label")}, *others),
        common=tag("div", {"class_": "mu-common"}, supplies_panel(game, the_plan, cat),
                   legend(cat)),
        score=scroll_x(score_table(game, cat), label=cat.t("table.tab.score")))


def end_notice(game: Any, cat: Catalogue) -> Markup | None:
    """M-3.4: once a family holds the Decurions that end the game, the turn under way is the
    last; the step being decided says so, and who reached them."""
    reached = [] if game.is_over else game.end_reached()
    if not reached:
        return None
    names = cat.t(f"{P}list_sep").join(seat_name(game, s, cat) for s in reached)
    return tag("p", {"class_": "end-notice", "data_role": "end-notice"},
               cat.t(f"{P}end_notice", names=names, target=game.end_target()))


def render(session: Any, cat: Catalogue) -> Markup:
    """Every part of the table in one piece (tests, tools)."""
    return table(session, cat).whole()


def choices_in_words(session: Any, the_plan: Targets, cat: Catalogue) -> Markup | None:
    """Every legal decision not on the bar, as a labelled button (folded away): the board's
    targets in words, for a list reader or anyone who prefers it."""
    if not the_plan.live:
        return None
    game = session.view
    on_bar = {data["index"] for _label, data in the_plan.bar if "index" in data}
    rest = [(i, a) for i, a in enumerate(game.legal_actions()) if i not in on_bar]
    if not rest:
        return None
    buttons = [tag("li", {}, tag("button", {"type": "button", "class_": "mu-btn small",
                                            "data_cmd": "choose", "data_index": i},
                                 action_label(game, a, cat))) for i, a in rest]
    return tag("details", {"class_": "mu-words", "id": "mu-words"},
               tag("summary", {}, cat.t("table.choices_in_words", n=len(rest))),
               tag("ul", {}, *buttons))


def score_table(game: Any, cat: Catalogue) -> Markup:
    """The live standing: Decurions (the score), then favours and citizens (the tie-break,
    M-3.5) and the Temple order."""
    target = game.end_target()
    head = tag("tr", {}, *[tag("th", {"scope": "col"}, text) for text in (
        cat.t(f"{P}result.player"), cat.t(f"{P}result.decurions"), cat.t(f"{P}result.favours"),
        cat.t(f"{P}result.citizens"), inst_name(cat, 0))])
    rows = []
    for seat in range(game.players):
        supply = game.supply(seat)
        rows.append(tag("tr", {"class_": "current" if seat == game.current_player else None},
                        tag("th", {"scope": "row"}, seat_icon(seat, 16), " ",
                            seat_name(game, seat, cat)),
                        tag("td", {}, f"{supply['decurions']}/{target}"),
                        tag("td", {}, supply["favours"]),
                        tag("td", {}, sum(game.hand[seat])),
                        tag("td", {}, game.temple.index(seat) + 1)))
    return tag("table", {"class_": "mu-scores"}, tag("caption", {}, cat.t("table.tab.score")),
               tag("thead", {}, head), tag("tbody", {}, *rows))


def decision_bar(the_plan: Targets, cat: Catalogue) -> Markup | None:
    if not the_plan.live or not the_plan.bar:
        return None
    buttons = []
    for label, data in the_plan.bar:
        classes = ["mu-btn"]
        if data.get("primary"):
            classes.append("primary")
        if "index" in data:
            attrs = {"data_cmd": "act", "data_index": data["index"]}
        else:
            attrs = {"data_cmd": "board", "data_what": data["what"],
                     "data_value": data.get("value"), "aria_pressed": (
                         ("true" if data["pressed"] else "false") if "pressed" in data
                         else None)}
        if "ctype" in data:
            classes.append(f"ct-{CITIZEN_TYPES[data['ctype']]}")
        buttons.append(tag("button", {"type": "button", "class_": " ".join(classes), **attrs},
                           label))
    return tag("div", {"class_": "mu-bar", "role": "group",
                       "aria_label": cat.t(f"{P}bar.label")}, *buttons)


# The rules help and the end banner's parts (``ui/boards/municipium_help.py``).
rules_help = municipium_help.rules_help
result_details = municipium_help.result_details
result_headline = municipium_help.headline
result_stats = municipium_help.result_stats


# ------------------------------------------------------------ hints and recap (ui.story)
def action_text(game: Any, action: Any, cat: Catalogue) -> str:
    """A decision in plain words, for the hint."""
    return action_label(game, action, cat)


def action_places(game: Any, action: Any) -> list[str]:
    """What a decision touches on the board (CSS selectors), for the hint's marks."""
    places = [f'.mu-inst[data-inst="{value}"]' for name in PLACE_ARGS
              if isinstance(value := getattr(action, name, None), int) and value >= 0]
    if isinstance(action, DrawCard):
        places.append(".mu-deck")
    elif isinstance(action, DrawCitizen):
        places.append(".mu-bag")
    elif isinstance(action, PlayFamily):
        places.append(f'[data-pid="fam-{game.current_player}-{action.card}"]')
    elif isinstance(action, ForumTake) and action.seat >= 0:
        places.append(f'[data-pid="hand-{action.seat}-{action.ctype}"]')
    return places


def event_places(game: Any, event: Any) -> list[str]:
    """The institutions (and the deck, the bag, a player's family card) a log event names
    (CSS selectors), for a recap line's highlight."""
    places = [f'.mu-inst[data-inst="{value}"]' for name, value in event.args
              if name in PLACE_ARGS and isinstance(value, int) and value >= 0]
    args = dict(event.args)
    if event.key in ("draw_card", "turn_card", "reshuffle"):
        places.append(".mu-deck")
    elif event.key in ("draw_citizen", "single_drawn", "bag_empty"):
        places.append(".mu-bag")
    elif event.key == "play_family" and args.get("card") in FAMILY_CARDS:
        places.append(f'[data-pid="fam-{args["seat"]}-{FAMILY_CARDS.index(args["card"])}"]')
    elif event.key == "decurion_set" and isinstance(args.get("seat"), int):
        places.append(f'[data-pid="dec-{args["seat"]}"]')
    return places


BOARD = Board.of(__name__, has_rules=True)
"""The board (:class:`ui.screens.parts.Board`): this module's functions named after its hooks."""
