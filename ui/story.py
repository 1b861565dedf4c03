"""What happened, in words: the recap since a human's last decision, the hint, the replay's
caption and controls. Self-contained components the game screen places where it likes:

``recap(session, cat)``            ``[data-role="recap"]``, or None when there is nothing to tell
``hint_panel(session, cat)``       ``[data-role="hint"]``: the suggested decision, its reason,
                                   and a button that plays it (None without a hint)
``replay_caption(session, cat)``   ``[data-role="caption"]``: what the replayed step did
``replay_toolbar(session, cat)``   the replay's buttons with our own SVG icons

A board module may add (all optional):

``action_text(game, action, cat) -> str``      a decision in plain words (for the hint)
``action_places(game, action) -> list[str]``   CSS selectors of what a decision touches
``event_places(game, event) -> list[str]``     CSS selectors of what an event touched

Plain Python (tested in CPython); the page's clicks are handled in ``ui.app``.
"""

from __future__ import annotations

from typing import Any

from engine.core.protocol import CHANCE, Event, Game
from ui.html import Markup, tag
from ui.i18n import Catalogue
from ui.screens.play import board_module, button, event_line, seat_label
from ui.session import Session

QUIET_EVENTS = frozenset({"turn", "c.turn"})
"""Events the recap leaves out: the group's heading already says whose turn it was."""


def hook(game: Game, name: str) -> Any:
    return getattr(board_module(game.setup.game), name, None)


# ------------------------------------------------------------------------------ recap
def recap_start(game: Game, seat: int) -> int:
    """The first log entry the recap tells ``seat`` about: the one after their last decision,
    else the game's first decision (the setup's draws are on the board already)."""
    entries = game.log.entries
    for i in range(len(entries) - 1, -1, -1):
        if entries[i].actor == seat:
            return i + 1
    return next((i for i, e in enumerate(entries) if e.actor >= 0), len(entries))


def recap_groups(game: Game, start: int) -> list[tuple[int, list[Event]]]:
    """The events from entry ``start`` on, in turns: ``(seat, events)`` for each run of
    decisions by one seat (random draws belong to the turn that caused them; draws before any
    decision form a group of their own, seat :data:`CHANCE`)."""
    entries = game.log.entries
    by_entry: dict[int, list[Event]] = {}
    for event in reversed(game.events):
        if event.entry < start:
            break
        if event.key not in QUIET_EVENTS:
            by_entry.setdefault(event.entry, []).append(event)
    owner = next((e.actor for e in reversed(entries[:start]) if e.actor >= 0), CHANCE)
    groups: list[tuple[int, list[Event]]] = []
    for i in range(start, len(entries)):
        actor = entries[i].actor
        if actor >= 0 and actor != owner:
            owner = actor
            groups.append((owner, []))
        elif not groups:
            groups.append((owner, []))
        groups[-1][1].extend(reversed(by_entry.get(i, [])))
    return [(seat, events) for seat, events in groups if events]


def event_places(game: Game, event: Event) -> list[str]:
    places = hook(game, "event_places")
    return places(game, event) if places else []


def plain_line(game: Game, event: Event, cat: Catalogue) -> str:
    """An event in words, without its rule id (the log keeps those)."""
    return event_line(game, event._replace(rule=None), cat)


def recap_line(game: Game, event: Event, cat: Catalogue) -> Markup:
    return tag("li", {}, tag("button", {"type": "button", "class_": "recap-line",
                                        "data_cmd": "recap-spot", "data_entries": event.entry,
                                        "data_places": "|".join(event_places(game, event))},
                             plain_line(game, event, cat)))


def recap(session: Session, cat: Catalogue) -> Markup | None:
    """When a human is to decide: what happened since their last decision, by player and turn;
    a click on a line highlights its pieces on the board."""
    game = session.game
    seat = game.current_player
    if session.replaying or game.is_over or seat < 0 or session.waiting_for_ai:
        return None
    groups = recap_groups(game, recap_start(game, seat))
    if not groups:
        return None
    blocks = []
    for owner, events in groups:
        who = seat_label(session, owner, cat) if owner >= 0 else cat.t("story.recap.draws")
        blocks.append(tag("li", {"class_": f"recap-turn seat-{owner}" if owner >= 0
                                 else "recap-turn"},
                          tag("h4", {}, who),
                          tag("ol", {}, *[recap_line(game, e, cat) for e in events])))
    return tag("section", {"class_": "recap panel", "data_role": "recap",
                           "aria_labelledby": "recap-heading"},
               tag("h3", {"id": "recap-heading"},
                   cat.t("story.recap.heading", name=seat_label(session, seat, cat))),
               tag("p", {"class_": "recap-help"}, cat.t("story.recap.help")),
               tag("ol", {"class_": "recap-turns"}, *blocks))


# ------------------------------------------------------------------------------- hints
def action_text(game: Game, action: Any, cat: Catalogue) -> str:
    words = hook(game, "action_text")
    return words(game, action, cat) if words else cat.t("story.hint.some_decision")


def action_places(game: Game, index: int) -> list[str]:
    """Where the suggested decision ``index`` shows on the board: its own target (when drawn)
    and what it touches."""
    places = [f'[data-cmd="act"][data-index="{index}"]']
    touch = hook(game, "action_places")
    if touch:
        places += touch(game, game.legal_actions()[index])
    return places


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


def step_start(game: Game, length: int) -> int:
    """The entry of the last decision among the first ``length`` (the step being shown)."""
    entries = game.log.entries
    for i in range(min(length, len(entries)) - 1, -1, -1):
        if entries[i].actor >= 0:
            return i
    return 0


def replay_caption(session: Session, cat: Catalogue) -> Markup | None:
    """What the shown step did: who decided, and every event of that decision and its
    draws, in words."""
    if not session.replaying:
        return None
    view = session.view
    length = len(view.log)
    if length == 0:
        lines = [cat.t("story.replay.start")]
        who = None
    else:
        first = step_start(view, length)
        actor = view.log.entries[first].actor
        who = seat_label(session, actor, cat) if actor >= 0 else cat.t("story.recap.draws")
        lines = [plain_line(view, e, cat) for e in view.events
                 if first <= e.entry < length and e.key not in QUIET_EVENTS]
        lines = lines or [cat.t("story.replay.nothing")]
    return tag("div", {"class_": "caption panel", "data_role": "caption", "aria_live": "polite"},
               tag("p", {"class_": "caption-who"}, who) if who else None,
               tag("ul", {"class_": "caption-lines"}, *[tag("li", {}, line) for line in lines]))
