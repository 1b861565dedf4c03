"""What every part of the game screen shares: a title's :class:`Board` (the plug-in base with
every hook's default, found by :func:`board_for`), a seat's name and badge, whose decision the
page waits for, a log event in words, the :class:`Table` and :class:`Reply` a board returns,
buttons.

The game screen (``ui.screens.play``), the story (``ui.story``: recap, hints, replay) and the
boards (``ui/boards/``) import these from here, so none of them needs another: no import
cycle runs between them.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from types import FunctionType
from typing import Any, NamedTuple

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
    """The short title of a rule (the board's :meth:`Board.rule_title`)."""
    return board_for(game_name).rule_title(cat, first_rule(rule) or "") if rule else ""


def refusal_sentence(game: Game, cat: Catalogue, reason: object) -> str:
    """An engine refusal (an :class:`IllegalAction`'s message) as a sentence in the language,
    its arguments worded by the board's :meth:`Board.refusal_words`."""
    board = board_for(game.setup.game)
    return refusal_text(cat, reason, lambda params: board.refusal_words(game, cat, params))


def regret(session: Session, cat: Catalogue, index: int) -> tuple[str, str] | None:
    """``(key, question)`` if deciding ``index`` uses something up for nothing and should be
    confirmed (the board's :meth:`Board.regret`; "don't ask again" is remembered per key),
    else None."""
    legal = session.game.legal_actions()
    if not 0 <= index < len(legal):
        return None
    return board_for(session.game.setup.game).regret(session.game, cat, legal[index])


def rule_anchor(game_name: str, rule: str) -> str:
    """The id of the rules-help element that explains ``rule`` (the board's
    :meth:`Board.rule_anchor`)."""
    return board_for(game_name).rule_anchor(first_rule(rule) or "")


def game_rule_link(game: Game, cat: Catalogue, rule: str | None) -> Markup | None:
    """:func:`ui.wording.rule_link` with the rule's title in ``game`` (kept once made: the log
    draws the same few links on every screen)."""
    key = (game.setup.game, cat.lang, rule)
    if key not in _RULE_LINKS:
        _RULE_LINKS[key] = rule_link(cat, rule, rule_title(game.setup.game, cat, rule))
    return _RULE_LINKS[key]


_RULE_LINKS: dict[tuple[str, str, str | None], Markup | None] = {}


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
    """The title's module in ``ui/boards/`` (imported when first asked), or None."""
    try:
        return importlib.import_module(f"ui.boards.{name}")
    except ImportError:
        return None


_BOARDS: dict[str, Board] = {}


def board_for(name: str) -> Board:
    """The title's board: ``BOARD`` of ``ui/boards/<name>.py`` (imported when a game of that
    title is first shown, never with the page), else the plain :class:`Board`."""
    board = _BOARDS.get(name)
    if board is None:
        module = board_module(name)
        board = _BOARDS[name] = module.BOARD if module is not None else Board()
    return board


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
    """An event in the chosen language (the board's :meth:`Board.event_text`)."""
    return board_for(game.setup.game).event_text(game, event, cat)


def stats_section(cat: Catalogue, columns: tuple[str, ...], rows: list[Markup]) -> Markup:
    """The end banner's few statistics (a board's ``result_stats``): a heading and a
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


# ---------------------------------------------------------------------- the board plug-in
def live(session: Session) -> bool:
    """Whether a person at this device may decide on the board now: the live game (not a
    replay), not over, a seat to move and not a computer's."""
    game = session.view
    return (not session.replaying and not game.is_over and not session.waiting_for_ai
            and game.current_player >= 0)


class Board:
    """A title's board plug-in: every hook the page calls, each with its default, so that a
    title without a module of its own (``ui/boards/<title>.py``) is played from a list of
    buttons. A title's module subclasses it and sets ``BOARD`` to an instance (found by
    :func:`board_for`); see ``ui/README.md`` for the contract of each hook."""

    zoomable: bool = False
    """The board is a map that zooms and pans in its own frame (``ui.screens.play.map_tools``):
    a phone's decision sheet carries its zoom buttons too."""
    has_rules: bool = False
    """The title has a rules help (:meth:`rules_help`, the toolbar's "Rules" button)."""

    # the table
    def table(self, session: Session, cat: Catalogue) -> Table:
        """The parts of the table for ``session.view``: by default the players and the
        decisions as a list of buttons."""
        return Table(board=players_panel(session, cat), options=decision_list(session, cat))

    def render(self, session: Session, cat: Catalogue) -> Markup:
        """All the parts in one piece (tests, tools)."""
        return self.table(session, cat).whole()

    def on_board(self, session: Session, cat: Catalogue, data: dict[str, str]) -> Reply | None:
        """A click on a ``data-cmd="board"`` element (``data``: its ``data-*``): a decision,
        an explanation, a redraw after changing ``session.ui``, or None (nothing)."""
        return None

    def coach_targets(self, session: Session, action) -> list[str]:
        """CSS selectors of what a lesson's coach has clicked before ``action`` itself."""
        return []

    # words
    def event_text(self, game: Game, event, cat: Catalogue) -> str:
        """A log event in the language: the catalogue's ``event.<game>.<key>`` (player seats
        as names), else the engine's English sentence."""
        key = f"event.{game.setup.game}.{event.key}"
        if cat.has(key):
            args = {k: (player_label(game, v, cat) if k in ("player", "seat") else v)
                    for k, v in event.args}
            return cat.t(key, **args)
        return game.event_text(event)

    def refusal_words(self, game: Game, cat: Catalogue, params: dict) -> dict:
        """An engine refusal's arguments in words of the language (by default as they are)."""
        return params

    def regret(self, game: Game, cat: Catalogue, action) -> tuple[str, str] | None:
        """``(key, question)`` to confirm before ``action`` (it uses something up for nothing),
        else None."""
        return None

    def rule_title(self, cat: Catalogue, rule: str) -> str:
        """The short title of a rule id, or ""."""
        return ""

    def rule_anchor(self, rule: str) -> str:
        """The id of the rules-help element that explains ``rule``."""
        return "rules-help"

    def rules_help(self, cat: Catalogue, game: Game) -> Markup | None:
        """The title's rules help (shown only if :attr:`has_rules`)."""
        return None

    # hints and recap (ui.story)
    def action_text(self, game: Game, action, cat: Catalogue) -> str:
        """A decision in plain words, for the hint."""
        return cat.t("story.hint.some_decision")

    def action_places(self, game: Game, action) -> list[str]:
        """CSS selectors of what a decision touches on the board."""
        return []

    def event_places(self, game: Game, event) -> list[str]:
        """CSS selectors of what a log event touched, for a recap line."""
        return []

    # the end
    def result_headline(self, session: Session, cat: Catalogue) -> str:
        """"Red wins with 137 points" (a shared win says so)."""
        game = session.game
        best = winners(game)
        names = cat.t("table.and").join(player_label(game, r.seat, cat) for r in best)
        key = "table.result.shared" if len(best) > 1 else "table.result.wins"
        return cat.t(key, names=names, score=best[0].score if best else 0)

    def result_details(self, session: Session, cat: Catalogue) -> Markup:
        """The final ranking with its breakdown (by default the plain ranking)."""
        return result_table(session, cat)

    def result_stats(self, session: Session, cat: Catalogue) -> Markup | None:
        """A few statistics per player for the end banner, or None."""
        return None

    @classmethod
    def of(cls, module: str, **attributes: Any) -> Board:
        """The board of a title's module (``Board.of(__name__, has_rules=True)`` at its end):
        every function of the module named after a hook (its own or imported) is that hook;
        ``attributes`` set the others (``zoomable``, ``has_rules``)."""
        space = vars(sys.modules[module])
        hooks = {name: staticmethod(space[name]) for name in HOOKS if callable(space.get(name))}
        title = module.rsplit(".", 1)[-1].title()
        return type(f"{title}Board", (cls,), {**hooks, **attributes, "__module__": module})()


HOOKS = tuple(name for name, value in vars(Board).items()
              if isinstance(value, FunctionType) and not name.startswith("_"))
"""The hooks a title's board may override (every method of :class:`Board`)."""


def players_panel(session: Session, cat: Catalogue) -> Markup:
    """Every seat as a chip (the plain board's)."""
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
    """The open decisions as a list of buttons (the plain board's)."""
    game = session.view
    if game.is_over or session.waiting_for_ai or session.replaying:
        return Markup("")
    buttons = [tag("li", {}, tag("button", {"type": "button", "data_cmd": "act",
                                            "data_index": i}, str(action)))
               for i, action in enumerate(game.legal_actions())]
    return tag("ol", {"class_": "decisions", "aria_label": cat.t("play.decisions")}, *buttons)


def winners(game: Game) -> list:
    return sorted((r for r in game.result() if r.rank == 1), key=lambda r: r.seat)


def result_table(session: Session, cat: Catalogue) -> Markup:
    """The plain ranking (the plain board's end)."""
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
    return tag("table", {"class_": "ranking"}, tag("caption", {}, cat.t("result.heading")),
               tag("thead", {}, head), tag("tbody", {}, *rows))
