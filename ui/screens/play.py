"""The game screen: who decides what, the board (or the list of open decisions), the game log,
the share link, undo, and the result at the end.

A title's own board lives in ``ui/boards/<title>.py``; until one exists, the open decisions are
offered as a list of buttons, so every game can be played from the first day. A board module
provides:

``render(session, cat) -> Markup``
    Everything inside the board area for ``session.view`` (the live game, or the replayed
    position while ``session.replaying``): the SVG board, player panels, the title's prompt.
    A legal decision is any element with ``data-cmd="act" data-index="<i>"`` (``i`` indexes
    ``view.legal_actions()``); the app applies it. Elements that are not buttons must carry
    ``tabindex="0"`` and ``role="button"``: Enter and Space activate them like a click.
``on_board(session, cat, data) -> Reply | None`` (optional)
    Called for a click on an element with ``data-cmd="board"``; ``data`` holds that element's
    ``data-*`` attributes (without the prefix). Return ``Reply("act", index=i)`` to decide,
    ``Reply("say", text=...)`` to explain (e.g. why a target is illegal, from the engine's
    ``why_illegal`` with the rule id), or ``Reply("render")`` after changing ``session.ui``.
``rules_help(cat) -> Markup`` (optional)
    The title's rules help, shown by the "Rules" button.
``result_details(session, cat) -> Markup`` (optional)
    Extra end-of-game explanation (breakdown, tie-break) under the ranking.
``event_text(game, event, cat) -> str`` (optional)
    A log event in the chosen language (when the catalogue's plain templates are not enough:
    institution names, numerals, counts).

The title's styles live in ``assets/css/<title>.css`` (linked by the app when a game of that
title is first shown) and its messages in ``assets/i18n/<lang>/<title>.json``: the log uses
``event.<title>.<event key>`` (with ``player``/``seat`` args shown as names) and the ranking
``breakdown.<title>.<breakdown key>``.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from engine.core.protocol import Game
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.session import Session
from ui.wording import confirm_panel, first_rule, refusal_text, rule_link

LOG_LINES = 60


class Reply(NamedTuple):
    """A board's answer to a click: ``act`` (decide ``index``), ``say`` (show ``text``, with a
    link to ``rule`` if given) or ``render`` (draw again)."""

    kind: str
    index: int | None = None
    text: str | None = None
    rule: str | None = None


def rule_title(game_name: str, cat: Catalogue, rule: str | None) -> str:
    """The short title of a rule from the title's board module (``rule_title(cat, rule)``)."""
    hook = getattr(board_module(game_name), "rule_title", None)
    return hook(cat, first_rule(rule) or "") if hook and rule else ""


def refusal_sentence(game: Game, cat: Catalogue, reason: object) -> str:
    """An engine refusal (an :class:`IllegalAction`'s message) as a sentence in the language,
    its arguments worded by the board module's ``refusal_words(game, cat, params)``."""
    hook = getattr(board_module(game.setup.game), "refusal_words", None)
    return refusal_text(cat, reason, (lambda params: hook(game, cat, params)) if hook
                        else (lambda params: params))


def regret(session: Session, cat: Catalogue, index: int) -> tuple[str, str] | None:
    """``(key, question)`` if deciding ``index`` uses something up for nothing and should be
    confirmed (the board module's ``regret(game, cat, action)``; "don't ask again" is
    remembered per key), else None."""
    hook = getattr(board_module(session.game.setup.game), "regret", None)
    legal = session.game.legal_actions()
    if hook is None or not 0 <= index < len(legal):
        return None
    return hook(session.game, cat, legal[index])


def rule_anchor(game_name: str, rule: str) -> str:
    """The id of the rules-help element that explains ``rule`` (the board module's
    ``rule_anchor(rule)``; else the help as a whole)."""
    hook = getattr(board_module(game_name), "rule_anchor", None)
    return hook(first_rule(rule) or "") if hook else "rules-help"


def game_rule_link(game: Game, cat: Catalogue, rule: str | None) -> Markup | None:
    return rule_link(cat, rule, rule_title(game.setup.game, cat, rule))


def board_module(name: str):
    try:
        return importlib.import_module(f"ui.boards.{name}")
    except ImportError:
        return None


def player_label(game: Game, seat: int, cat: Catalogue) -> str:
    """A seat's name: the one its player gave, else its colour in the chosen language."""
    names = game.setup.names
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    if 0 <= seat < len(game.colours) and cat.has(f"colour.{game.colours[seat]}"):
        return cat.t(f"colour.{game.colours[seat]}")
    return game.player_name(seat)


def seat_label(session: Session, seat: int, cat: Catalogue) -> str:
    """The seat's name (a computer seat says so once, in its :func:`seat_badge`)."""
    return player_label(session.game, seat, cat)


def seat_badge(session: Session, seat: int, cat: Catalogue) -> Markup | None:
    """A small badge for a computer seat: "Computer · medium" (None for a person)."""
    kind = session.seat_kind(seat)
    if kind == "human":
        return None
    return tag("span", {"class_": "badge seat-kind", "data_seat_kind": kind},
               cat.t("badge." + kind))


def prompt(session: Session, cat: Catalogue) -> Markup:
    game = session.view
    if session.replaying:
        text = cat.t("replay.position", at=len(game.log), total=len(session.game.log))
    elif game.is_over:
        text = cat.t("play.over")
    elif session.waiting_for_ai:
        text = cat.t("play.thinking", name=seat_label(session, game.current_player, cat))
    else:
        text = cat.t("play.your_decision", name=seat_label(session, game.current_player, cat))
    thinking = session.waiting_for_ai and not session.replaying and not game.is_over
    return tag("p", {"id": "prompt", "class_": "prompt" + (" thinking" if thinking else ""),
                     "aria_live": "polite", "aria_busy": "true" if thinking else None}, text)


def players_panel(session: Session, cat: Catalogue) -> Markup:
    game = session.view
    rows = []
    for seat in range(game.players):
        current = seat == game.current_player
        rows.append(tag("li", {"class_": f"player seat-{seat}" + (" current" if current else ""),
                               "aria_current": "true" if current else None},
                        tag("span", {"class_": f"monogram seat-{seat}", "aria_hidden": "true"},
                            str(seat + 1)),
                        " ", seat_label(session, seat, cat), " ",
                        seat_badge(session, seat, cat)))
    return tag("ul", {"class_": "players", "aria_label": cat.t("play.players")}, *rows)


def decision_list(session: Session, cat: Catalogue) -> Markup:
    game = session.view
    if game.is_over or session.waiting_for_ai or session.replaying:
        return Markup("")
    buttons = [tag("li", {}, tag("button", {"type": "button", "data_cmd": "act",
                                            "data_index": i}, str(action)))
               for i, action in enumerate(game.legal_actions())]
    return tag("ol", {"class_": "decisions", "aria_label": cat.t("play.decisions")}, *buttons)


def game_log(game: Game, cat: Catalogue) -> Markup:
    """The last events, newest first, each with its number written out (a list marker would
    be clipped once numbers grow) and its rule link; the list scrolls inside its own box."""
    total = len(game.events)
    shown = game.events[-LOG_LINES:]
    first = total - len(shown) + 1
    lines = [tag("li", {"value": first + k},
                 tag("span", {"class_": "log-n", "aria_hidden": "true"}, first + k),
                 tag("span", {"class_": "log-text"}, event_line(game, event, cat), " ",
                     game_rule_link(game, cat, event.rule)))
             for k, event in reversed(list(enumerate(shown)))]
    return tag("section", {"class_": "log", "aria_label": cat.t("play.log")},
               tag("h3", {}, cat.t("play.log")),
               tag("ol", {"reversed": True, "tabindex": "0", "class_": "log-lines",
                          "aria_label": cat.t("play.log")}, *lines))


def event_line(game: Game, event, cat: Catalogue) -> str:
    """An event in the chosen language: the board module's ``event_text`` if it has one, else
    the catalogue's ``event.<game>.<key>`` (with player seats turned into names), else the
    engine's English sentence."""
    hook = getattr(board_module(game.setup.game), "event_text", None)
    if hook is not None:
        return hook(game, event, cat)
    key = f"event.{game.setup.game}.{event.key}"
    if cat.has(key):
        args = {k: (player_label(game, v, cat) if k in ("player", "seat") else v)
                for k, v in event.args}
        return cat.t(key, **args)
    return game.event_text(event)


def result_table(session: Session, cat: Catalogue) -> Markup:
    game = session.game
    results = sorted(game.result(), key=lambda r: (r.rank, r.seat))
    head = tag("tr", {}, tag("th", {"scope": "col"}, cat.t("result.rank")),
               tag("th", {"scope": "col"}, cat.t("result.player")),
               tag("th", {"scope": "col"}, cat.t("result.score")),
               tag("th", {"scope": "col"}, cat.t("result.details")))
    rows = [tag("tr", {}, tag("td", {}, str(r.rank)),
                tag("th", {"scope": "row"}, seat_label(session, r.seat, cat), " ",
                    seat_badge(session, r.seat, cat)),
                tag("td", {}, str(r.score)),
                tag("td", {}, ", ".join(f"{cat.t(f'breakdown.{game.setup.game}.{k}')}: {v}"
                                        for k, v in r.breakdown)))
            for r in results]
    return tag("section", {"class_": "result", "aria_labelledby": "result-heading"},
               tag("h2", {"id": "result-heading"}, cat.t("result.heading")),
               tag("table", {}, tag("thead", {}, head), tag("tbody", {}, *rows)),
               tag("div", {"class_": "actions"},
                   tag("button", {"type": "button", "data_cmd": "again"}, cat.t("result.again"))))


def button(cmd: str, label: str, **attributes) -> Markup:
    return tag("button", {"type": "button", "data_cmd": cmd, **attributes}, label)


def pace_picker(session: Session, cat: Catalogue, pace: str) -> Markup | None:
    """How fast computer seats play while a human watches (all-computer games run at once,
    unless their address asked for a pace)."""
    if (session.all_ai and not session.pace) or not any(s.startswith("ai") for s in session.seats):
        return None
    choices = [button("pace", cat.t(f"pace.{name}"), data_pace=name,
                      aria_pressed="true" if name == pace else "false")
               for name in ("slow", "normal", "fast")]
    return tag("span", {"class_": "pace", "role": "group", "aria_label": cat.t("pace.label")},
               tag("span", {"class_": "pace-label"}, cat.t("pace.label")), *choices)


def toolbar(session: Session, cat: Catalogue, has_rules: bool, pace: str = "normal") -> Markup:
    if session.replaying:
        from ui.story import replay_toolbar

        return replay_toolbar(session, cat)
    return tag("div", {"class_": "toolbar", "role": "toolbar", "aria_label": cat.t("play.tools")},
               button("menu", cat.t("play.menu")),
               button("undo", cat.t("play.undo"), disabled=not session.can_undo()),
               button("replay", cat.t("play.replay"), disabled=len(session.game.log) == 0),
               button("hint", cat.t("play.hint"),
                      disabled=session.game.is_over or session.waiting_for_ai),
               button("share", cat.t("play.share")),
               button("rules", cat.t("play.rules")) if has_rules else None,
               pace_picker(session, cat, pace))


def news_panel(session: Session, cat: Catalogue) -> Markup | None:
    if not session.news or session.replaying:
        return None
    game = session.game
    lines = [tag("li", {}, event_line(game, event, cat)) for event in session.news]
    return tag("section", {"class_": "news panel", "aria_labelledby": "news-heading"},
               tag("h3", {"id": "news-heading"}, cat.t("play.news")), tag("ol", {}, *lines),
               button("news-close", cat.t("common.close")))


def share_text(session: Session, cat: Catalogue) -> str:
    """What the share link is for, by situation: a finished game; a game between people where
    someone else decides next (send it to them); else (against computers) just share it."""
    game = session.game
    if game.is_over:
        return cat.t("share.finished")
    humans = [s for s in range(game.players) if session.seat_kind(s) == "human"]
    seat = game.current_player if game.current_player >= 0 else game.active_player
    if len(humans) > 1 and seat in humans:
        return cat.t("share.send_to", name=player_label(game, seat, cat))
    return cat.t("share.label")


def share_panel(url: str, cat: Catalogue, session: Session | None = None) -> Markup:
    text = share_text(session, cat) if session is not None else cat.t("share.label")
    return tag("div", {"id": "share", "class_": "share panel"},
               tag("label", {"for": "share-link"}, text),
               tag("input", {"id": "share-link", "type": "text", "readonly": True, "value": url}),
               tag("button", {"type": "button", "data_cmd": "copy"}, cat.t("share.copy")))


def message_box(note: tuple | None, game: Game | None = None,
                cat: Catalogue | None = None) -> Markup:
    """The message line above the board; a refusal carries a link to its rule."""
    text, kind, rule = (tuple(note) + (None,))[:3] if note else ("", None, None)
    link = game_rule_link(game, cat, rule) if rule and game and cat else None
    return tag("div", {"id": "game-message", "class_": "message", "role": "status",
                       "aria_live": "polite", "data_kind": kind},
               tag("span", {"class_": "message-text"}, text) if text else None,
               " " if link else None, link)


def confirm_box(session: Session, cat: Catalogue) -> Markup | None:
    """The pending question about a regrettable decision (``session.ui["confirm"]``)."""
    pending = session.ui.get("confirm")
    if not pending or session.replaying:
        return None
    index, question = pending
    return confirm_panel(cat, question, index)


def game_screen(session: Session, cat: Catalogue, share_url: str | None = None,
                show_rules: bool = False, note: tuple[str, str] | None = None,
                pace: str = "normal") -> Markup:
    from ui import story

    game = session.game
    module = board_module(game.setup.game)
    board = module.render(session, cat) if module else decision_list(session, cat)
    recap = story.recap(session, cat)
    rules = getattr(module, "rules_help", None)
    details = getattr(module, "result_details", None)
    state = "over" if game.is_over else "playing"
    over = game.is_over and not session.replaying
    return tag("div", {"id": "board", "class_": "game", "data_game": game.setup.game,
                       "data_game_state": state, "data_moves": len(game.log),
                       "data_replay": session.view_length},
               tag("h2", {"class_": "game-title", "tabindex": "-1"},
                   cat.t("game." + game.setup.game)),
               toolbar(session, cat, rules is not None, pace),
               share_panel(share_url, cat, session) if share_url else None,
               tag("section", {"class_": "rules panel", "id": "rules-help"}, rules(cat))
               if show_rules and rules
               else None,
               news_panel(session, cat) if recap is None else None,
               message_box(note, game, cat),
               confirm_box(session, cat),
               story.replay_caption(session, cat),
               prompt(session, cat),
               story.hint_panel(session, cat),
               recap,
               players_panel(session, cat),
               result_table(session, cat) if over else None,
               details(session, cat) if over and details else None,
               tag("div", {"class_": "board-area"}, board),
               game_log(session.view, cat))
