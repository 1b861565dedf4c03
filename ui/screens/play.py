"""The game screen: who decides what, the board (or the list of open decisions), the game log,
the share link, undo, and the result at the end.

A title's own board lives in ``ui/boards/<title>.py`` as ``render(session, cat) -> Markup``;
until one exists, the open decisions are offered as a list of buttons, so every game can be
played from the first day.
"""

from __future__ import annotations

import importlib

from engine.core.protocol import Game
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.session import Session

LOG_LINES = 60


def board_module(name: str):
    try:
        return importlib.import_module(f"ui.boards.{name}")
    except ImportError:
        return None


def seat_label(session: Session, seat: int, cat: Catalogue) -> str:
    name = session.game.player_name(seat)
    kind = session.seat_kind(seat)
    return name if kind == "human" else f"{name} ({cat.t('seat.' + kind)})"


def prompt(session: Session, cat: Catalogue) -> Markup:
    game = session.game
    if game.is_over:
        text = cat.t("play.over")
    elif session.waiting_for_ai:
        text = cat.t("play.thinking", name=seat_label(session, game.current_player, cat))
    else:
        text = cat.t("play.your_decision", name=seat_label(session, game.current_player, cat))
    return tag("p", {"id": "prompt", "class_": "prompt", "aria_live": "polite"}, text)


def players_panel(session: Session, cat: Catalogue) -> Markup:
    game = session.game
    rows = []
    for seat in range(game.players):
        current = seat == game.current_player
        rows.append(tag("li", {"class_": f"player seat-{seat}" + (" current" if current else ""),
                               "aria_current": "true" if current else None},
                        tag("span", {"class_": f"monogram seat-{seat}", "aria_hidden": "true"},
                            str(seat + 1)),
                        " ", seat_label(session, seat, cat)))
    return tag("ul", {"class_": "players", "aria_label": cat.t("play.players")}, *rows)


def decision_list(session: Session, cat: Catalogue) -> Markup:
    game = session.game
    if game.is_over or session.waiting_for_ai:
        return Markup("")
    buttons = [tag("li", {}, tag("button", {"type": "button", "data_cmd": "act",
                                            "data_index": i}, str(action)))
               for i, action in enumerate(game.legal_actions())]
    return tag("ol", {"class_": "decisions", "aria_label": cat.t("play.decisions")}, *buttons)


def game_log(game: Game, cat: Catalogue) -> Markup:
    lines = [tag("li", {}, event_line(game, event, cat))
             for event in reversed(game.events[-LOG_LINES:])]
    return tag("section", {"class_": "log", "aria_label": cat.t("play.log")},
               tag("h3", {}, cat.t("play.log")), tag("ol", {"reversed": True}, *lines))


def event_line(game: Game, event, cat: Catalogue) -> str:
    """An event in the chosen language: the catalogue's ``event.<game>.<key>`` if it has one
    (with player seats turned into names), else the engine's English sentence."""
    key = f"event.{game.setup.game}.{event.key}"
    if cat.has(key):
        args = {k: (game.player_name(v) if k in ("player", "seat") else v) for k, v in event.args}
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
                tag("th", {"scope": "row"}, seat_label(session, r.seat, cat)),
                tag("td", {}, str(r.score)),
                tag("td", {}, ", ".join(f"{cat.t(f'breakdown.{game.setup.game}.{k}')}: {v}"
                                        for k, v in r.breakdown)))
            for r in results]
    return tag("section", {"class_": "result", "aria_labelledby": "result-heading"},
               tag("h2", {"id": "result-heading"}, cat.t("result.heading")),
               tag("table", {}, tag("thead", {}, head), tag("tbody", {}, *rows)),
               tag("div", {"class_": "actions"},
                   tag("button", {"type": "button", "data_cmd": "again"}, cat.t("result.again"))))


def toolbar(session: Session, cat: Catalogue) -> Markup:
    return tag("div", {"class_": "toolbar", "role": "toolbar", "aria_label": cat.t("play.tools")},
               tag("button", {"type": "button", "data_cmd": "menu"}, cat.t("play.menu")),
               tag("button", {"type": "button", "data_cmd": "undo",
                              "disabled": not session.can_undo()}, cat.t("play.undo")),
               tag("button", {"type": "button", "data_cmd": "share"}, cat.t("play.share")))


def share_panel(url: str, cat: Catalogue) -> Markup:
    return tag("div", {"id": "share", "class_": "share panel"},
               tag("label", {"for": "share-link"}, cat.t("share.label")),
               tag("input", {"id": "share-link", "type": "text", "readonly": True, "value": url}),
               tag("p", {"id": "share-length"}, cat.t("share.length", count=len(url))),
               tag("button", {"type": "button", "data_cmd": "copy"}, cat.t("share.copy")))


def game_screen(session: Session, cat: Catalogue, share_url: str | None = None) -> Markup:
    game = session.game
    module = board_module(game.setup.game)
    board = module.render(session, cat) if module else decision_list(session, cat)
    state = "over" if game.is_over else "playing"
    return tag("div", {"id": "board", "class_": "game", "data_game": game.setup.game,
                       "data_game_state": state, "data_moves": len(game.log)},
               tag("h2", {"class_": "game-title"}, cat.t("game." + game.setup.game)),
               toolbar(session, cat),
               share_panel(share_url, cat) if share_url else None,
               prompt(session, cat),
               players_panel(session, cat),
               result_table(session, cat) if game.is_over else None,
               tag("div", {"class_": "board-area"}, board),
               game_log(game, cat))
