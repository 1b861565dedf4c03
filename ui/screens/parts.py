"""What every part of the game screen shares: the board module of a title, a seat's name and
badge, whose decision the page waits for, a log event in words, the :class:`Table` and
:class:`Reply` a board module returns, buttons.

The game screen (``ui.screens.play``), the story (``ui.story``: recap, hints, replay) and the
boards (``ui/boards/``) import these from here, so none of them needs another: no import
cycle runs between them.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import NamedTuple

from engine.core.protocol import Game
from ui.html import Markup, esc, join, scroll_x, tag
from ui.i18n import Catalogue
from ui.session import Session
from ui.wording import first_rule, refusal_text, rule_link


class Reply(NamedTuple):
    """A board's answer to a click: ``act`` (decide ``index``), ``acts`` (take ``actions`` one
    after another, e.g. a whole Mercator trade), ``say`` (show ``text``, with a link to
    ``rule`` if given) or ``render`` (draw again)."""

    kind: str
    index: int | None = None
    text: str | None = None
    rule: str | None = None
    actions: tuple = ()


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


class Table(NamedTuple):
    """A board's parts of the table (any may be None).

    ``board``: the board itself (map, SVG, its key); ``prompt``: who decides what;
    ``options``: the decisions in words (buttons; also cards to play or buy when those are the
    decision); ``me``: the resources of the seat deciding now; ``others``: compact panels of
    the other players; ``common``: what all share (the card display, decks, supplies);
    ``score``: the live score."""

    board: Markup
    prompt: Markup | None = None
    options: Markup | None = None
    me: Markup | None = None
    others: Markup | None = None
    common: Markup | None = None
    score: Markup | None = None

    def whole(self) -> Markup:
        return join(self.prompt, self.options, self.board, self.me, self.others, self.common,
                    self.score)


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
    """A small badge for a computer seat: "Computer · medium" (None for a person); in a
    lesson the computer plays the lesson's script, not at a level, and says so."""
    kind = session.seat_kind(seat)
    if kind == "human":
        return None
    return tag("span", {"class_": "badge seat-kind", "data_seat_kind": kind},
               cat.t("badge.lesson" if session.coached else "badge." + kind))


# ---------------------------------------------------------------------- whose turn
def awaiting(session: Session) -> str:
    """Whose decision the page waits for: ``human``, ``ai`` or ``none`` (over, replay)."""
    game = session.game
    if session.replaying or game.is_over or game.current_player < 0:
        return "none"
    return "ai" if session.waiting_for_ai else "human"


def humans(session: Session) -> list[int]:
    return [s for s in range(session.game.players) if session.seat_kind(s) == "human"]


_LINES: dict[tuple, str] = {}


LINE_CACHE = 5000
"""Log lines made already, by (setup, language, event): an event's words never change, and
the log draws its last lines again at every decision."""


def event_line(game: Game, event, cat: Catalogue) -> str:
    """An event in the chosen language (kept once made: see :data:`_LINES`)."""
    key = (game.setup, cat.lang, event)
    try:
        return _LINES[key]
    except KeyError:
        pass
    except TypeError:  # an event with an unhashable argument
        return event_words(game, event, cat)
    if len(_LINES) >= LINE_CACHE:
        _LINES.clear()
    text = _LINES[key] = event_words(game, event, cat)
    return text


def event_words(game: Game, event, cat: Catalogue) -> str:
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


def stats_section(cat: Catalogue, columns: tuple[str, ...], rows: list[Markup]) -> Markup:
    """The end banner's few statistics (a board module's ``result_stats``): a heading and a
    table, one row per player under the ``columns``' message keys. On a phone each row
    stands as a card of labelled values (:func:`stack_labels`), on a wider screen too narrow
    for it the table scrolls sideways (focusable, so the arrow keys scroll it too); the
    heading stays."""
    head = tag("tr", {}, *[tag("th", {"scope": "col"}, cat.t(key)) for key in columns])
    labels = [cat.t(key) for key in columns]
    return tag("section", {"class_": "stats", "aria_labelledby": "stats-h"},
               tag("h3", {"id": "stats-h"}, cat.t("table.stats")),
               scroll_x(tag("table", {"class_": "stack"}, tag("thead", {}, head),
                            tag("tbody", {}, *[stack_labels(row, labels) for row in rows])),
                        labelledby="stats-h"))


def stack_labels(row: Markup, labels: list[str]) -> Markup:
    """A table row's cells (in order, one per column) with their column's heading on each data
    cell (``data-label``): a table of class ``stack`` shows each row as a card of labelled
    values on a phone (app.css), so no end table is wider than the screen (issue 45)."""
    cells = iter(labels)

    def label(match: re.Match) -> str:
        heading = next(cells, None)
        if match.group(1) == "th" or heading is None:
            return match.group(0)
        return f'<td{match.group(2) or ""} data-label="{esc(heading)}">'

    return Markup(CELL.sub(label, str(row)))


CELL = re.compile(r"<(td|th)(\s[^>]*)?>")


def totals_list(session: Session, cat: Catalogue, total: Callable[[int], str],
                icon: Callable[[int], Markup | None] | None = None,
                name: Callable[[int], str] | None = None) -> Markup:
    """The end's totals first (issue 45): every player by rank with the total that ranks
    them (``total(score)`` in words), the winners marked in words, not by colour; short lines,
    so a phone shows them all without sideways scrolling (``[data-role="totals"]``)."""
    game = session.game
    results = sorted(game.result(), key=lambda r: (r.rank, r.seat))
    items = [tag("li", {"class_": f"seat-{r.seat}" + (" winner" if r.rank == 1 else ""),
                        "data_seat": r.seat},
                 tag("span", {"class_": "rank"}, r.rank),
                 icon(r.seat) if icon else None,
                 tag("span", {"class_": "name"},
                     name(r.seat) if name else seat_label(session, r.seat, cat)),
                 seat_badge(session, r.seat, cat),
                 tag("span", {"class_": "badge winner-badge"}, cat.t("table.result.winner"))
                 if r.rank == 1 else None,
                 tag("span", {"class_": "total"}, total(r.score)))
             for r in results]
    return tag("ol", {"class_": "final-totals", "data_role": "totals",
                      "aria_label": cat.t("table.result.totals")}, *items)


# ---------------------------------------------------------------------- tools
def button(cmd: str, label: str, **attributes) -> Markup:
    return tag("button", {"type": "button", "data_cmd": cmd, **attributes}, label)
