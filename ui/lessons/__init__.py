"""Lessons: a guided first game of a title, on the real engine and board (issue 15).

A lesson is data: a module ``ui/lessons/<game>.py`` holding a module-level ``LESSON``
(a :class:`Lesson`). It names a starting position (:class:`Start`: the title, who sits
where, the options and a log prefix) and then the steps (:class:`Step`). Each step says one
thing in the coach bubble (a catalogue key under ``lesson.<game>.``, texts in
``assets/i18n/<lang>/lessons.json``) and either waits for "Next" or for one specific decision
of a person at this device.

Every move is written in the engine's own notation (``str(action)``: Municipium ``"4-5"``,
``"play:ci"``, ``"p@1"``, ``"keep:ps"``; Concordia ``"ARC"``, ``"c1>r12"``, ``"h14"``; a
chance outcome as ``str(outcome)``: ``"priest"``, ``"prefect_visit"``, ``"3"``), never by its
index, and is looked up among the decisions (or chance outcomes) open at that moment: it
must match exactly one of them. So a lesson plays the same every time, the computer seats'
decisions and every random draw are part of it: ``before`` (applied as the step begins, before
it is shown) and ``after`` (applied right after the awaited decision).

A tiny example::

    LESSON = Lesson(
        start=Start("municipium", seats=("human", "ai:medium"),
                    options=(("start_player", 0),),
                    moves=("@0", "@1", ...)),          # the setup, played at once
        steps=(
            Step("lesson.municipium.welcome", target='[data-role="board"]'),   # "Next"
            Step("lesson.municipium.move", expect="4-5", rule="M-5.1"),        # a decision
            Step("lesson.municipium.card", expect="card", after=("prefect_visit",)),
            Step("lesson.municipium.their_turn", before=("done", "card", "citizens_visit")),
        ))

Checked positions: :class:`Runner` (plain Python, no page) plays a lesson on the engine and
raises :class:`LessonError` naming the step when a move is not open, when a step would be
shown while a random draw is pending, when a person's decision is scripted or a computer's is
awaited. ``tests/test_lessons.py`` replays every lesson this way.

The page (``ui/tutor.py``) drives a :class:`Runner` over the session's game: it marks the
targets of the awaited decision (found by matching the awaited move with the engine's legal
actions, never by a rule of its own), refuses every other decision with a friendly word, and
lets the player leave at any step and play on against the computer from there.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any

import engine
from engine.core.protocol import Game
from engine.core.registry import game_class, make_setup
from ui.i18n import Catalogue
from ui.links import SEAT_KINDS as SEATS


class LessonError(ValueError):
    """A lesson that does not play on the engine (a move not open, a step shown mid-draw)."""


@dataclass(frozen=True)
class Start:
    """Where a lesson starts: title, seats (``human`` or ``ai:<level>``), options (pairs) and
    the moves of a log prefix (notations, applied in turn to whoever decides, chance
    included), played at once before the first step."""

    game: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Term:
    """A step's argument that is itself a catalogue entry (a city's name, ``key``), said in the
    language of the text."""

    key: str


@dataclass(frozen=True)
class Step:
    """One thing the coach says.

    ``say``: the catalogue key (``lesson.<game>.<name>``), filled with ``params`` (pairs; a
    :class:`Term` is said in the language);
    ``target``: a CSS selector on the game screen to point at while waiting for "Next" (a
    decision's targets are found from the legal actions); ``expect``: the notation of the
    decision awaited from a person ("" waits for "Next"); ``before``/``after``: scripted
    computer decisions and chance outcomes; ``rule``: the rule id the step teaches (a small
    rule link in the bubble)."""

    say: str
    params: tuple[tuple[str, Any], ...] = ()
    target: str = ""
    expect: str = ""
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    rule: str = ""

    def args(self, cat: Catalogue) -> dict[str, Any]:
        """``params`` in the language of ``cat``."""
        return {name: cat.t(value.key) if isinstance(value, Term) else value
                for name, value in self.params}


@dataclass(frozen=True)
class Lesson:
    """A starting position and the steps; ``done`` is the key of the last word (the bubble
    with ``data-done``)."""

    start: Start
    steps: tuple[Step, ...]
    done: str = ""

    @property
    def game(self) -> str:
        return self.start.game

    def keys(self) -> list[str]:
        """Every catalogue key the lesson uses."""
        return [step.say for step in self.steps] + ([self.done] if self.done else [])


def names() -> list[str]:
    """The titles that have a lesson (modules of this package), sorted."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.ispkg)


def load(game: str) -> Lesson | None:
    """The lesson of ``game``, or None if it has none."""
    if game not in names():
        return None
    return importlib.import_module(f"{__name__}.{game}").LESSON


# ------------------------------------------------------------------------ the runner
def options_of(game: Game) -> list[Any]:
    """What may happen now: chance outcomes at a draw, else the legal decisions."""
    if game.is_chance:
        return [outcome for outcome, _ in game.chance_outcomes()]
    return game.legal_actions()


def find(game: Game, notation: str) -> int:
    """The index, among :func:`options_of`, of the one whose notation is ``notation``."""
    found = [i for i, option in enumerate(options_of(game)) if str(option) == notation]
    if len(found) != 1:
        open_ = ", ".join(str(option) for option in options_of(game))
        what = "no" if not found else "more than one"
        raise LessonError(f"{what} move {notation!r} open now (open: {open_})")
    return found[0]


def play(game: Game, notation: str) -> None:
    """Apply the move written ``notation`` (a decision, or a chance outcome at a draw)."""
    index = find(game, notation)
    if game.is_chance:
        game.apply(options_of(game)[index])
    else:
        game.apply_index(index)


def start_game(start: Start) -> Game:
    """The game of ``start``: the setup, then its prefix of moves."""
    if len(start.seats) < 1 or any(seat not in SEATS for seat in start.seats):
        raise LessonError(f"seats must each be one of {SEATS}")
    setup = make_setup(start.game, len(start.seats), **dict(start.options))
    game = game_class(start.game)(setup)
    for number, notation in enumerate(start.moves):
        try:
            play(game, notation)
        except (LessonError, engine.IllegalAction) as error:
            raise LessonError(f"start, move {number + 1}: {error}") from None
    return game


class Runner:
    """A lesson being played on ``game`` (made from the lesson's start unless given).

    ``at`` is the step shown; :attr:`done` once every step is behind. :meth:`next` goes on from
    a "Next" step; :meth:`take` applies the awaited decision (and the scripted moves after
    it) if the index given is that decision, else changes nothing and returns False."""

    def __init__(self, lesson: Lesson, game: Game | None = None) -> None:
        self.lesson = lesson
        self.seats = lesson.start.seats
        self.game = game if game is not None else start_game(lesson.start)
        self.at = 0
        self._begin()

    @property
    def done(self) -> bool:
        return self.at >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.at]

    def expected_index(self) -> int | None:
        """The index in ``legal_actions()`` of the decision awaited now (None: "Next")."""
        step = self.step
        if step is None or not step.expect:
            return None
        return find(self.game, step.expect)

    def next(self) -> None:
        """Go on from a step that waits for "Next"."""
        step = self.step
        if step is None:
            return
        if step.expect:
            raise LessonError(f"step {self.at + 1} waits for {step.expect!r}, not for Next")
        self._advance()

    def take(self, index: int) -> bool:
        """The person chose decision ``index``: if it is the one awaited, apply it and the
        scripted moves after it and go on (True); else change nothing (False)."""
        expected = self.expected_index()
        if expected is None or index != expected:
            return False
        self.game.apply_index(index)
        self._script(self.step.after, "after")
        self._advance()
        return True

    def _advance(self) -> None:
        self.at += 1
        self._begin()

    def _begin(self) -> None:
        """Play the step's ``before`` moves and check the position it is shown at."""
        step = self.step
        if step is None:
            return
        self._script(step.before, "before")
        where = f"step {self.at + 1} ({step.say})"
        if self.game.is_chance:
            raise LessonError(f"{where}: shown while a random draw is pending")
        if step.expect:
            seat = self.game.current_player
            if seat < 0 or self.seats[seat] != "human":
                raise LessonError(f"{where}: awaits {step.expect!r} but seat {seat} decides")
            try:
                find(self.game, step.expect)
            except LessonError as error:
                raise LessonError(f"{where}: {error}") from None

    def _script(self, moves: tuple[str, ...], part: str) -> None:
        where = f"step {self.at + 1} ({self.lesson.steps[self.at].say}), {part}"
        for number, notation in enumerate(moves):
            seat = self.game.current_player
            if seat >= 0 and self.seats[seat] == "human":
                raise LessonError(f"{where}, move {number + 1} {notation!r}: a person's "
                                  "decision cannot be scripted (await it with expect)")
            try:
                play(self.game, notation)
            except (LessonError, engine.IllegalAction) as error:
                raise LessonError(f"{where}, move {number + 1}: {error}") from None


def replay(lesson: Lesson) -> Runner:
    """Play the whole lesson, every awaited decision taken as written (tests, tools)."""
    runner = Runner(lesson)
    while not runner.done:
        index = runner.expected_index()
        if index is None:
            runner.next()
        elif not runner.take(index):
            raise LessonError(f"step {runner.at + 1}: the awaited decision was refused")
    return runner
