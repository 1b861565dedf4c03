"""What happened, in words: the recap since a human's last decision, the hint, the replay's
caption and controls. Self-contained components the game screen places where it likes:

``recap(session, cat)``            ``[data-role="recap"]``, or None when there is nothing to tell
``hint_panel(session, cat)``       ``[data-role="hint"]``: the suggested decision, its reason,
                                   and a button that plays it (None without a hint)
``replay_caption(session, cat)``   ``[data-role="caption"]``: what the replayed step did
``replay_toolbar(session, cat)``   the replay's buttons with our own SVG icons
``mark_replay_step(...)``          a board's parts, in a replay, with the pieces the step
                                   shown changed marked (``data-replay-changed``)

The board (:class:`ui.screens.parts.Board`) says, each with a default:

``action_text(game, action, cat) -> str``      a decision in plain words (for the hint)
``action_places(game, action) -> list[str]``   CSS selectors of what a decision touches
``event_places(game, event) -> list[str]``     CSS selectors of what an event touched

Plain Python (tested in CPython); the page's clicks are handled in ``ui.events`` and
``ui.commands``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from engine.core.protocol import CHANCE, Event, Game
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.screens.parts import Board, Table, board_for, button, event_line, seat_label
from ui.session import Session

QUIET_EVENTS = frozenset({"turn", "c.turn"})
"""Events the recap leaves out: the group's heading already says whose turn it was."""


def board(game: Game) -> Board:
    return board_for(game.setup.game)


# ------------------------------------------------------------------------------ recap
def recap_start(game: Game, seat: int) -> int:
    """The first log entry the recap tells ``seat`` about: the one after their last decision,
    else the game's first decision (the setup's draws are on the board already)."""
    last = last_decision(game, seat)
    if last >= 0:
        return last + 1
    return next((i for i, e in enumerate(game.log.entries) if e.actor >= 0), len(game.log))


def last_decision(game: Game, seat: int) -> int:
    """The entry of ``seat``'s last decision, or -1 when they have not decided yet."""
    entries = game.log.entries
    return next((i for i in range(len(entries) - 1, -1, -1) if entries[i].actor == seat), -1)


PLAYER_ARGS = ("seat", "p", "player")
"""The event arguments that name a player, in the games' logs."""


def drawn_for(events: list[Event]) -> int | None:
    """The seat a random draw was made for: the player its first event names ("Bob draws a
    merchant"), or None when that event names nobody (a card turned over, a chamber refilled:
    those belong to the turn whose decision caused them)."""
    for event in events:
        if event.key in QUIET_EVENTS:
            continue
        args = dict(event.args)
        return next((args[name] for name in PLAYER_ARGS
                     if isinstance(args.get(name), int) and args[name] >= 0), None)
    return None


def recap_groups(game: Game, start: int) -> list[tuple[int, list[Event]]]:
    """The events from entry ``start`` on, in turns: ``(seat, events)`` for each run of
    entries that belong to one seat: its decisions, and the random draws made for it (a
    citizen drawn for Bob goes under Bob, even in Alice's turn); a draw for nobody in
    particular belongs to the decision that caused it, and draws before any decision form a
    group of their own, seat :data:`CHANCE`."""
    entries = game.log.entries
    by_entry: dict[int, list[Event]] = {}
    for event in reversed(game.events):
        if event.entry < start:
            break
        if event.key not in QUIET_EVENTS:
            by_entry.setdefault(event.entry, []).append(event)
    for events in by_entry.values():
        events.reverse()
    owner = next((e.actor for e in reversed(entries[:start]) if e.actor >= 0), CHANCE)
    groups: list[tuple[int, list[Event]]] = []
    for i in range(start, len(entries)):
        events = by_entry.get(i, [])
        actor = entries[i].actor
        if actor < 0:
            seat = drawn_for(events)
            actor = owner if seat is None else seat
        if actor != owner or not groups:
            owner = actor
            groups.append((owner, []))
        groups[-1][1].extend(events)
    return [(seat, events) for seat, events in groups if events]


def event_places(game: Game, event: Event) -> list[str]:
    return board(game).event_places(game, event)


def plain_line(game: Game, event: Event, cat: Catalogue) -> str:
    """An event in words, without its rule id (the log keeps those)."""
    return event_line(game, event._replace(rule=None), cat)


def recap_line(game: Game, event: Event, cat: Catalogue) -> Markup:
    return tag("li", {}, tag("button", {"type": "button", "class_": "recap-line",
                                        "data_cmd": "recap-spot", "data_entries": event.entry,
                                        "data_places": "|".join(event_places(game, event))},
                             plain_line(game, event, cat)))


def group_heading(session: Session, owner: int, seat: int, cat: Catalogue) -> str:
    """A recap group's heading: the player whose turn it tells; for ``seat``'s own group (only
    draws: their decisions come before the recap) that it was drawn for them."""
    if owner < 0:
        return cat.t("story.recap.draws")
    name = seat_label(session, owner, cat)
    return cat.t("story.recap.drawn_for", name=name) if owner == seat else name


def recap(session: Session, cat: Catalogue) -> Markup | None:
    """When a human is to decide: what happened since their last decision (since the start,
    for a player who has not decided yet), by player and turn; a click on a line highlights
    its pieces on the board."""
    game = session.game
    seat = game.current_player
    if session.replaying or game.is_over or seat < 0 or session.waiting_for_ai:
        return None
    groups = recap_groups(game, recap_start(game, seat))
    if not groups:
        return None
    blocks = []
    for owner, events in groups:
        blocks.append(tag("li", {"class_": f"recap-turn seat-{owner}" if owner >= 0
                                 else "recap-turn"},
                          tag("h4", {}, group_heading(session, owner, seat, cat)),
                          tag("ol", {}, *[recap_line(game, e, cat) for e in events])))
    heading = (cat.t("story.recap.heading", name=seat_label(session, seat, cat))
               if last_decision(game, seat) >= 0 else cat.t("story.recap.heading_start"))
    return tag("section", {"class_": "recap panel", "data_role": "recap",
                           "aria_labelledby": "recap-heading"},
               tag("h3", {"id": "recap-heading"}, heading),
               tag("p", {"class_": "recap-help"}, cat.t("story.recap.help")),
               tag("ol", {"class_": "recap-turns"}, *blocks))


# ------------------------------------------------------------------------------- hints
def action_text(game: Game, action: Any, cat: Catalogue) -> str:
    return board(game).action_text(game, action, cat)


def action_places(game: Game, index: int) -> list[str]:
    """Where the suggested decision ``index`` shows on the board: its own target (when drawn)
    and what it touches."""
    places = [f'[data-cmd="act"][data-index="{index}"]']
    return places + board(game).action_places(game, game.legal_actions()[index])


def hint_reason(answer: dict[str, Any], cat: Catalogue) -> str:
    key = f"hint.{answer.get('key', '')}"
    args = answer.get("args") or {}
    if cat.has(key):
        return cat.t(key, **args)
    return cat.t("hint.ai.best")


def hint_panel(session: Session, cat: Catalogue) -> Markup | None:
    """The suggestion kept in ``session.ui`` (``hint``: its index, ``hint_reason``: why),
    with a button that plays it."""
    index = session.ui.get("hint")
    game = session.game
    if index is None or session.replaying or game.is_over:
        return None
    legal = game.legal_actions()
    if not 0 <= index < len(legal):
        return None
    text = cat.t("story.hint.text", action=action_text(game, legal[index], cat),
                 reason=session.ui.get("hint_reason", ""))
    return tag("section", {"class_": "hint panel", "data_role": "hint", "role": "status",
                           "aria_live": "polite"},
               tag("p", {"class_": "hint-text"}, text),
               button("hint-play", cat.t("story.hint.play"), class_="primary",
                      data_index=index, aria_keyshortcuts="Enter"))


# ------------------------------------------------------------------------------ replay
ICONS = {
    "first": "M5 4h2.5v16H5zM20 4v16L8.5 12z",
    "prev": "M18 4v16L6 12z",
    "next": "M6 4v16l12-8z",
    "last": "M16.5 4H19v16h-2.5zM4 4v16l11.5-8z",
}


def icon(name: str) -> Markup:
    """Our own drawing of a control's sign (glyphs such as ⏮ are missing on some systems)."""
    return Markup(f'<svg class="icon" viewBox="0 0 24 24" width="18" height="18" '
                  f'aria-hidden="true" focusable="false"><path d="{ICONS[name]}"/></svg>')


def replay_toolbar(session: Session, cat: Catalogue) -> Markup:
    at, total = session.view_length or 0, len(session.game.log)
    controls = [("replay-first", "first", at == 0), ("replay-prev", "prev", at == 0),
                ("replay-next", "next", at == total), ("replay-last", "last", at == total)]
    buttons = [tag("button", {"type": "button", "data_cmd": cmd, "class_": "icon-button",
                              "disabled": off, "aria_keyshortcuts": KEYS[name]},
                   icon(name), tag("span", {"class_": "label"}, cat.t(f"story.replay.{name}")))
               for cmd, name, off in controls]
    return tag("div", {"class_": "toolbar replay", "role": "toolbar",
                       "aria_label": cat.t("replay.tools")},
               *buttons, button("replay-exit", cat.t("replay.exit"), class_="primary"),
               tag("span", {"class_": "replay-keys"}, cat.t("story.replay.keys")))


KEYS = {"first": "Home", "prev": "ArrowLeft", "next": "ArrowRight", "last": "End"}


def step_begin(game: Game, length: int) -> int:
    """The first entry of the step that ends at ``length``: the replay steps from one decision
    to the next, passing over the draws between them (``Session.replay_step``), so the step
    holds the draws since the previous decision and the decision itself (a step back goes to
    this entry)."""
    entries = game.log.entries
    begin = max(0, min(length, len(entries)) - 1)
    while begin > 0 and entries[begin - 1].actor == CHANCE:
        begin -= 1
    return begin


CAPTION_LINES = 8
"""At most this many lines in a replay's caption (the log has them all)."""


def replay_caption(session: Session, cat: Catalogue) -> Markup | None:
    """What the shown step did, in one caption: who decided, and every event of the step (the
    draws since the previous decision and the decision), in words; at the setup position, that
    nobody has played yet."""
    if not session.replaying:
        return None
    view = session.view
    length = len(view.log)
    if length == 0:
        lines = [cat.t("story.replay.start")]
        who = None
    else:
        first = step_begin(view, length)
        entries = view.log.entries
        events = [e for e in view.events
                  if first <= e.entry < length and e.key not in QUIET_EVENTS]
        deciders = [entries[i].actor for i in range(first, length) if entries[i].actor >= 0]
        actor = deciders[-1] if deciders else drawn_for(events)
        who = seat_label(session, actor, cat) if actor is not None and actor >= 0 \
            else cat.t("story.recap.draws")
        lines = caption_lines(view, events, cat) or [cat.t("story.replay.nothing")]
    return tag("div", {"class_": "caption panel", "data_role": "caption", "aria_live": "polite"},
               tag("p", {"class_": "caption-who"}, who) if who else None,
               tag("ul", {"class_": "caption-lines"}, *[tag("li", {}, line) for line in lines]))


def caption_lines(view: Game, events: list[Event], cat: Catalogue) -> list[str]:
    """The step's events in words, at most :data:`CAPTION_LINES`: the decision's own events
    always, the draws before it cut short (the first step holds the whole setup)."""
    entries = view.log.entries
    decided = [e for e in events if entries[e.entry].actor >= 0]
    drawn = [e for e in events if entries[e.entry].actor < 0]
    room = max(1, CAPTION_LINES - 1 - len(decided))
    lines = [plain_line(view, e, cat) for e in drawn]
    if len(lines) > room + 1:
        lines = lines[:room] + [cat.t("story.replay.more", count=len(lines) - room)]
    return lines + [plain_line(view, e, cat) for e in decided]


# ------------------------------------------------------------------ the replay's marks
STEP_MARK = "data-replay-changed"
"""In a replay, on the pieces the step shown changed (drawn by the boards' stylesheets, which
hide the page's own ``data-changed`` marks there: those compare with the drawing before, which
after a jump to the start or a step back is not the step shown)."""

_PIECE = re.compile(r'<([a-zA-Z][\w:-]*)\s[^>]*?\bdata-pid="([^"]+)"[^>]*>')
_TAG = re.compile(r"<(/?)([a-zA-Z][\w:-]*)\b[^>]*?(/?)>")
_PASSING = re.compile(r'\s(?:class|tabindex|role|title|type|aria-[\w-]+|'
                      r'data-(?:cmd|index|what|via|source|spot|hint|changed))="[^"]*"')
"""What a piece's markup holds that is not the position: its looks as a target, its labels,
how it moved to get there."""
_GEOMETRY = re.compile(r'\s(?:x|y|cx|cy|x1|y1|x2|y2|points|d|transform)="[^"]*"')
"""Where a piece is drawn: no change of its own for a piece that names its place
(``data-at``), which shifts when others come or go there."""


def piece_states(markup: str) -> dict[str, str]:
    """Every piece (``data-pid``) in ``markup`` with what shows of it: its markup, without
    the attributes of :data:`_PASSING` (nor, for a piece that names its place with
    ``data-at``, those of :data:`_GEOMETRY`)."""
    states: dict[str, str] = {}
    for match in _PIECE.finditer(markup):
        name, end = match.group(1), match.end()
        if not match.group(0).endswith("/>"):
            depth = 1
            for inner in _TAG.finditer(markup, end):
                if inner.group(2) != name or inner.group(3):
                    continue
                depth += -1 if inner.group(1) else 1
                if depth == 0:
                    end = inner.end()
                    break
        state = _PASSING.sub("", markup[match.start():end])
        if " data-at=" in match.group(0):
            state = _GEOMETRY.sub("", state)
        states[match.group(2)] = state
    return states


def mark_pieces(markup: Markup | None, pids: set[str]) -> Markup | None:
    if markup is None or not pids:
        return markup
    return Markup(re.sub(r'\bdata-pid="([^"]+)"',
                         lambda m: m.group(0) + (f' {STEP_MARK}=""' if m.group(1) in pids
                                                 else ""), str(markup)))


_STATES: dict[tuple[str, int, int], tuple[tuple, dict[str, str]]] = {}
"""The pieces of replayed positions drawn lately: (language, game, length) -> (what they were
drawn from, :func:`drawn_from`; the pieces); a step forward finds the position before it here."""


def _remember(key: tuple[str, int, int], entries: tuple, states: dict[str, str]) -> None:
    if len(_STATES) >= 16:
        _STATES.pop(next(iter(_STATES)))
    _STATES[key] = (entries, states)


def drawn_from(session: Session, length: int) -> tuple:
    """What a replayed position's drawing depends on: the setup, the seats, the entries."""
    game = session.game
    return game.setup, tuple(session.seats), game.log.entries[:length]


def mark_replay_step(session: Session, cat: Catalogue, parts: Table,
                     draw: Callable[[Session], Table]) -> Table:
    """A board's ``parts`` of a replayed position with :data:`STEP_MARK` on every piece the
    step shown changed: those that differ from the position where the step began (see
    :func:`step_begin`), or are new; none at the setup position. ``draw`` draws the parts of
    another session's view (the position before the step, when it is not remembered)."""
    length = session.view_length
    if not session.replaying or not length:
        return parts
    game = session.game
    begin = step_begin(game, length)
    after = piece_states("".join(str(part) for part in parts if part is not None))
    # a game's id may be reused by another game: what was drawn is the same only for the same
    # setup, seats and entries (a seat's kind changes what its panel shows)
    _remember((cat.lang, id(game), length), drawn_from(session, length), after)
    known = _STATES.get((cat.lang, id(game), begin))
    if known is not None and known[0] == drawn_from(session, begin):
        before = known[1]
    else:
        other = copy.copy(session)
        other.ui = dict(session.ui)
        other.view_length, other._view = begin, None
        before = piece_states("".join(str(part) for part in draw(other) if part is not None))
        _remember((cat.lang, id(game), begin), game.log.entries[:begin], before)
    changed = {pid for pid, state in after.items() if before.get(pid) != state}
    return Table(*(mark_pieces(part, changed) for part in parts))
