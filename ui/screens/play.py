"""The game screen: one table layout for every title, board first.

Desktop (≥ 1024 px): the board (``[data-role="board"]``) with the common cards or supplies
under it, and beside it a rail: the decision in hand (``[data-role="prompt"]`` and
``[data-role="options"]``), the resources of the seat deciding now (``[data-role="me"]``),
compact panels of the other players, and tabs for the log (``[data-role="log"]``) and the live
score (``[data-role="score"]``). Phone: the same parts in one column, the board first and the
prompt with its options in a bar that stays at the bottom of the screen. Refusals and notices
appear in a toast (``[data-role="message"]``, made once by the app, an ``aria-live`` region);
the end of the game shows a banner (``[data-role="result"]``).

A title's own board lives in ``ui/boards/<title>.py``, a subclass of
:class:`ui.screens.parts.Board` (its instance ``BOARD``): every hook the page calls has a
default there, so a title without a module is played from a list of buttons. The hooks are
described in ``ui/README.md``.

The title's styles live in ``assets/css/<title>.css`` (linked by the app when a game of that
title is first shown) and its messages in ``assets/i18n/<lang>/<title>.json``: the log uses
``event.<title>.<event key>`` (with ``player``/``seat`` args shown as names) and the ranking
``breakdown.<title>.<breakdown key>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.protocol import Game
from ui.html import Markup, join, tag
from ui.i18n import Catalogue
from ui.screens.parts import (
    Board,
    Table,
    awaiting,
    board_for,
    button,
    event_line,
    game_rule_link,
    humans,
    player_label,
    seat_label,
    winners,
)
from ui.session import Session
from ui.wording import confirm_panel

LOG_LINES = 60
RAIL_TABS = ("log", "score")


@dataclass
class Frame:
    """What the page keeps about the game screen between redraws (none of it is the game)."""

    share_url: str | None = None
    show_rules: bool = False
    pace: str = "normal"
    tab: str = "log"
    """The rail's open tab: ``log`` or ``score``."""
    sound: bool = False
    """A short tone when a human's turn comes (off unless the player switches it on)."""
    handoff: bool = True
    """Show the hand-off screen when the human at the device changes (pass-and-play)."""
    handoff_to: int | None = None
    """The seat the device is to be passed to now (None: no hand-off screen)."""
    sheet_open: bool = False
    """A phone's decision sheet opened to its full height (folded, it takes at most a third
    of the screen, under the map)."""


def tab_title(session: Session, cat: Catalogue) -> str:
    """The browser tab's title: whose turn it is, then the game."""
    game = session.game
    title = cat.t("game." + game.setup.game)
    state = awaiting(session)
    if session.replaying:
        return cat.t("table.title.replay", game=title)
    if game.is_over:
        return cat.t("table.title.over", game=title)
    name = player_label(game, game.current_player, cat)
    if state == "ai":
        return cat.t("table.title.thinking", name=name, game=title)
    if len(humans(session)) > 1:
        return cat.t("table.title.turn_of", name=name, game=title)
    return cat.t("table.title.your_turn", game=title)


# ---------------------------------------------------------------------- the parts
def prompt(session: Session, cat: Catalogue, detail: Markup | None = None) -> Markup:
    """Who decides what: the board's own words (``detail``), or the frame's line in a
    replay and at the end; while a computer thinks, only who is thinking (the board's words
    would speak to a person about a step the computer takes)."""
    game = session.view
    thinking = (session.waiting_for_ai and not session.replaying and not game.is_over
                and not session.coached)
    if session.replaying:  # the position shown asks nothing of the viewer: who is next
        line = cat.t("replay.position", at=decisions(game), total=decisions(session.game))
        detail = replay_next(session, cat)
    elif game.is_over:
        line = cat.t("play.over")
    elif thinking:
        line = cat.t("play.thinking", name=seat_label(session, game.current_player, cat))
    elif detail is None:
        line = cat.t("play.your_decision", name=seat_label(session, game.current_player, cat))
    else:
        line = None
    return tag("div", {"id": "prompt", "class_": "prompt" + (" thinking" if thinking else ""),
                       "data_role": "prompt", "aria_live": "polite",
                       "aria_busy": "true" if thinking else None},
               tag("p", {"class_": "prompt-line"}, line) if line else None,
               tag("span", {"class_": "think-bar", "data_role": "thinking",
                            "aria_hidden": "true"}, tag("span", {"class_": "think-fill"}))
               if thinking else None,
               detail if detail and not thinking and (session.replaying or not game.is_over)
               else None)


def decisions(game: Game) -> int:
    """How many decisions the game's log holds (its draws left out): what a replay counts."""
    return sum(1 for entry in game.log.entries if entry.actor >= 0)


def replay_next(session: Session, cat: Catalogue) -> Markup | None:
    """A replayed position's decision is history, not a question: who decides next (or that
    the game ended there), never the board's prompt, which speaks to the one deciding."""
    game = session.view
    if game.is_over:
        text = cat.t("play.over")
    elif game.current_player >= 0:
        text = cat.t("replay.next_up", name=seat_label(session, game.current_player, cat))
    else:
        return None
    return tag("p", {"class_": "replay-next", "data_role": "replay-next"}, text)


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
    return tag("section", {"class_": "log", "data_role": "log", "aria_label": cat.t("play.log")},
               tag("ol", {"reversed": True, "tabindex": "0", "class_": "log-lines",
                          "aria_label": cat.t("play.log")}, *lines))


# ---------------------------------------------------------------------- the end
def result_banner(session: Session, cat: Catalogue, board: Board) -> Markup:
    """The end: who won and with what, the ranking once with its breakdown, a few statistics,
    then play again and share the result."""
    seats = ",".join(str(r.seat) for r in winners(session.game))
    return tag("section", {"class_": "result", "data_role": "result", "data_winner": seats,
                           "aria_labelledby": "result-heading", "tabindex": "-1"},
               tag("h2", {"id": "result-heading", "class_": "result-headline"},
                   board.result_headline(session, cat)),
               board.result_details(session, cat),
               board.result_stats(session, cat),
               tag("div", {"class_": "actions"},
                   button("again", cat.t("result.again"), class_="primary"),
                   button("share", cat.t("table.result.share")),
                   button("replay", cat.t("play.replay"))))


def pace_picker(session: Session, cat: Catalogue, pace: str) -> Markup | None:
    """How fast computer seats play while a human watches (all-computer games run at once,
    unless their address asked for a pace)."""
    if (session.all_ai and not session.pace) or not any(s.startswith("ai") for s in session.seats):
        return None
    choices = [button("pace", cat.t(f"pace.{name}"), data_pace=name,
                      aria_pressed="true" if name == pace else "false")
               for name in ("slow", "normal", "fast")]
    return tag("div", {"class_": "pace", "role": "group", "aria_label": cat.t("pace.label")},
               tag("span", {"class_": "pace-label"}, cat.t("pace.label")), *choices)


def switch(cmd: str, label: str, on: bool) -> Markup:
    return tag("button", {"type": "button", "class_": "switch", "data_cmd": cmd,
                          "role": "switch", "aria_checked": "true" if on else "false"},
               tag("span", {"class_": "switch-track", "aria_hidden": "true"}), label)


def settings_menu(session: Session, cat: Catalogue, frame: Frame) -> Markup:
    """The game's settings behind one button: computer speed, turn sound, hand-off screen."""
    items = [pace_picker(session, cat, frame.pace),
             switch("sound", cat.t("table.sound"), frame.sound)]
    if len(humans(session)) > 1:
        items.append(switch("handoff-switch", cat.t("table.handoff.switch"), frame.handoff))
    return tag("details", {"class_": "settings popover", "id": "settings"},
               tag("summary", {}, cat.t("table.settings")),
               tag("div", {"class_": "settings-body"}, *items))


def undo_button(session: Session, cat: Catalogue) -> Markup:
    """Undo; when there is nothing it may take back it looks unavailable but still answers a
    press with the reason (``aria-disabled``: a disabled button would say nothing)."""
    blocked = session.undo_blocked()
    if blocked is None:
        return button("undo", cat.t("play.undo"))
    return button("undo", cat.t("play.undo"), aria_disabled="true", title=cat.t(blocked))


def toolbar(session: Session, cat: Catalogue, has_rules: bool, frame: Frame) -> Markup:
    if session.replaying:
        from ui.story import replay_toolbar

        return replay_toolbar(session, cat)
    return tag("div", {"class_": "toolbar", "role": "toolbar", "aria_label": cat.t("play.tools")},
               button("menu", cat.t("play.menu")),
               undo_button(session, cat),
               button("hint", cat.t("play.hint"),
                      disabled=session.game.is_over or session.waiting_for_ai),
               button("replay", cat.t("play.replay"), disabled=len(session.game.log) == 0),
               button("share", cat.t("play.share")),
               button("rules", cat.t("play.rules"), aria_pressed="true" if frame.show_rules
                      else "false") if has_rules else None,
               settings_menu(session, cat, frame))


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
    someone else decides next (send it to them), or the one who decided last is still in the
    middle of a turn (finish it first); else (against computers) just share it."""
    game = session.game
    if game.is_over:
        return cat.t("share.finished")
    humans = [s for s in range(game.players) if session.seat_kind(s) == "human"]
    seat = session.deciding
    if len(humans) > 1 and seat in humans:
        # sending back a game that came in the middle of the sender's turn is no warning
        key = "share.mid_turn" if session.mid_turn() and session.sent_mid_turn() is None \
            else "share.send_to"
        return cat.t(key, name=player_label(game, seat, cat))
    return cat.t("share.label")


def share_panel(url: str, cat: Catalogue, session: Session | None = None) -> Markup:
    text = share_text(session, cat) if session is not None else cat.t("share.label")
    return tag("div", {"id": "share", "class_": "share panel"},
               tag("label", {"for": "share-link"}, text),
               tag("input", {"id": "share-link", "type": "text", "readonly": True, "value": url}),
               tag("div", {"class_": "actions"},
                   button("copy", cat.t("share.copy"), class_="primary"),
                   button("share-close", cat.t("common.close"))))


def message_content(note: tuple | None, game: Game | None = None,
                    cat: Catalogue | None = None) -> Markup:
    """A message's sentence; a refusal carries a link to its rule; a link's game opened with
    news (kind ``news``) a button to what happened since the player's last move (on a desktop
    it lies below the fold)."""
    text, kind, rule = (tuple(note) + (None,))[:3] if note else ("", None, None)
    link = game_rule_link(game, cat, rule) if rule and game and cat else None
    if kind == "news" and cat:
        link = button("jump", cat.t("table.jump.recap"), data_to="recap", class_="toast-action")
    return join(tag("span", {"class_": "message-text"}, text) if text else None,
                " " if link else None, link)


def message_box(note: tuple | None, game: Game | None = None,
                cat: Catalogue | None = None) -> Markup:
    """The toast for refusals and notices (the app makes it once, outside the redrawn screen,
    so that screen readers announce each new text; only its content changes)."""
    kind = tuple(note)[1] if note else None
    return tag("div", {"id": "game-message", "class_": "message toast", "role": "status",
                       "aria_live": "polite", "data_role": "message", "data_kind": kind},
               message_content(note, game, cat))


def confirm_box(session: Session, cat: Catalogue) -> Markup | None:
    """The pending question about a regrettable decision (``session.ui["confirm"]``)."""
    pending = session.ui.get("confirm")
    if not pending or session.replaying:
        return None
    index, question = pending
    return confirm_panel(cat, question, index)


def handoff_screen(session: Session, cat: Catalogue, seat: int) -> Markup:
    """Pass-and-play: the next human takes the device (one tap), the table stays hidden. In a
    game that went by link (shared, or opened from a link) the next player may be elsewhere:
    the screen offers to send it first."""
    name = player_label(session.game, seat, cat)
    sent = session.sent_mid_turn() == seat  # a link made in the middle of this seat's turn
    send = None
    if session.backup is not None:
        send = tag("p", {"class_": "handoff-send"},
                   cat.t("table.handoff.send_back" if sent else "table.handoff.send", name=name),
                   " ", button("share", cat.t("table.handoff.share", name=name),
                               class_="primary", data_role="handoff-share"))
    return tag("section", {"class_": "handoff", "data_role": "handoff",
                           "data_sent_mid_turn": "true" if sent else None,
                           "aria_labelledby": "handoff-heading"},
               tag("h2", {"id": "handoff-heading"},
                   cat.t("table.handoff.sent_title" if sent else "table.handoff.title",
                         name=name)),
               tag("p", {}, cat.t("table.handoff.sent_text" if sent else "table.handoff.text",
                                  name=name)),
               send,
               button("handoff", cat.t("table.handoff.go", name=name),
                      class_=None if send else "primary", data_seat=seat))


# ---------------------------------------------------------------------- the rail
def rail_tabs(cat: Catalogue, tab: str, panels: dict[str, Markup | None]) -> Markup:
    """Tabs for the log and the live score (one open; the choice survives redraws)."""
    present = [name for name in RAIL_TABS if panels.get(name)]
    if tab not in present:
        tab = present[0] if present else "log"
    tabs, bodies = [], []
    for name in present:
        chosen = name == tab
        tabs.append(tag("button", {"type": "button", "role": "tab", "id": f"tab-{name}",
                                   "class_": "tab", "data_cmd": "tab", "data_tab": name,
                                   "aria_selected": "true" if chosen else "false",
                                   "aria_controls": f"panel-{name}",
                                   "tabindex": "0" if chosen else "-1"},
                        cat.t(f"table.tab.{name}")))
        bodies.append(tag("div", {"role": "tabpanel", "id": f"panel-{name}",
                                  "class_": "tab-panel", "aria_labelledby": f"tab-{name}",
                                  "hidden": not chosen}, panels[name]))
    return tag("section", {"class_": "rail-tabs", "aria_label": cat.t("table.more")},
               tag("div", {"role": "tablist", "class_": "tablist"}, *tabs), *bodies)


def score_box(score: Markup | None, cat: Catalogue) -> Markup | None:
    if not score:
        return None
    return tag("div", {"class_": "score-box", "data_role": "score"}, score)


def game_screen(session: Session, cat: Catalogue, share_url: str | None = None,
                frame: Frame | None = None) -> Markup:
    frame = frame or Frame()
    if share_url:
        frame.share_url = share_url
    from ui import story

    game = session.game
    board = board_for(game.setup.game)
    parts = board.table(session, cat)
    if session.replaying:  # what the step shown changed, marked
        parts = story.mark_replay_step(session, cat, parts, lambda o: board.table(o, cat))
    recap = story.recap(session, cat)
    rules = board.has_rules
    state = "over" if game.is_over else "playing"
    over = game.is_over and not session.replaying
    handoff = frame.handoff_to is not None and awaiting(session) == "human"
    return tag("div", {"id": "board", "class_": "game table-screen", "data_game": game.setup.game,
                       "data_game_state": state, "data_moves": len(game.log),
                       "data_replay": session.view_length,
                       "data_handoff": "true" if handoff else None},
               tag("div", {"class_": "table-head"},
                   tag("h2", {"class_": "game-title", "tabindex": "-1"},
                       cat.t("game." + game.setup.game)),
                   toolbar(session, cat, rules, frame)),
               share_panel(frame.share_url, cat, session) if frame.share_url else None,
               tag("section", {"class_": "rules panel", "id": "rules-help",
                               "aria_label": cat.t("play.rules")},
                   button("rules-close", cat.t("common.close"), class_="rules-close"),
                   board.rules_help(cat, game)) if frame.show_rules and rules else None,
               news_panel(session, cat) if recap is None else None,
               handoff_screen(session, cat, frame.handoff_to) if handoff else None,
               result_banner(session, cat, board) if over else None,
               None if handoff else table_main(session, cat, parts, frame, recap,
                                               board.zoomable))


def jump_links(cat: Catalogue, parts: Table, recap: Markup | None = None) -> Markup:
    """One column (phones): one tap from the decision to what happened since, the resources,
    the other players, the score or the log (shown by the stylesheet only there)."""
    present = {"recap": recap, "me": parts.me, "others": parts.others, "score": parts.score,
               "log": True}
    return tag("nav", {"class_": "jump", "aria_label": cat.t("table.jump")},
               *[button("jump", cat.t(f"table.jump.{name}"), data_to=name)
                 for name, part in present.items() if part])


def map_tools(cat: Catalogue, keys: bool = False) -> Markup:
    """The map's zoom buttons (``assets/js/mapzoom.js`` zooms and pans the map in its frame;
    the page never zooms), never over the map, so they cover no name: in a row of their own
    above it (desktop), in the head of the decision sheet (phone). ``keys``: with the words
    that say how else to zoom (``#cc-map-keys``, the frame's description)."""
    def tool(kind: str, sign: str) -> Markup:
        return tag("button", {"type": "button", "data_map_zoom": kind,
                              "aria_label": cat.t(f"table.zoom.{kind}"),
                              "title": cat.t(f"table.zoom.{kind}")}, sign)

    return tag("div", {"class_": "map-zoom", "role": "group", "aria_label": cat.t("table.zoom")},
               tool("out", "−"), tool("in", "+"), tool("fit", FIT_ICON),
               tag("span", {"id": "cc-map-keys", "class_": "vh"}, cat.t("table.zoom.keys"))
               if keys else None)


FIT_ICON = Markup(
    '<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" '
    'stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><path d="M3 8V3h5M12 3h5v5'
    'M17 12v5h-5M8 17H3v-5"/></svg>')
"""The "whole map" button's sign: four corners (drawn here: no font has to carry it)."""


def table_main(session: Session, cat: Catalogue, parts: Table, frame: Frame,
               recap: Markup | None = None, zoomable: bool = False) -> Markup:
    """The board and the rail beside it (on a phone, under it): the decision (a replay's
    caption, the prompt, the hint, the options), the recap of what happened since, this
    seat's things, the other players, and the log and score."""
    from ui import story

    opened = frame.sheet_open
    decide = tag("section", {"class_": "decide" + (" open" if opened else ""),
                             "aria_label": cat.t("table.decide")},
                 tag("div", {"class_": "sheet-head"},
                     map_tools(cat) if zoomable else None,
                     tag("button", {"type": "button", "class_": "sheet-toggle",
                                    "data_cmd": "sheet",
                                    "aria_expanded": "true" if opened else "false"},
                         cat.t("table.sheet.less" if opened else "table.sheet.more"))),
                 story.replay_caption(session, cat),
                 prompt(session, cat, parts.prompt),
                 story.hint_panel(session, cat),
                 tag("div", {"class_": "options", "data_role": "options"}, parts.options)
                 if parts.options else None,
                 confirm_box(session, cat),
                 jump_links(cat, parts, recap))
    me = tag("section", {"class_": "me", "data_role": "me",
                         "aria_label": cat.t("table.me")}, parts.me) if parts.me else None
    others = tag("section", {"class_": "others", "aria_label": cat.t("table.others")},
                 parts.others) if parts.others else None
    return tag("div", {"class_": "table-main board-area"},
               tag("div", {"class_": "table-left"},
                   tag("div", {"class_": "table-board", "data_role": "board"}, parts.board),
                   tag("div", {"class_": "table-common"}, parts.common)
                   if parts.common else None),
               tag("div", {"class_": "table-rail"},
                   decide, me, recap, others,
                   rail_tabs(cat, frame.tab, {"log": game_log(session.view, cat),
                                              "score": score_box(parts.score, cat)})))
