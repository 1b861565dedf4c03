"""The Concordia lesson followed through the board itself, without a browser: at every step
that awaits a decision, the coach's target (the board's ``coach_targets`` or the decision's own
``data-cmd="act"`` element) is found in the drawn table and clicked as the page would (an
``act`` decides, a ``board`` click goes through ``on_board``), until the awaited decision is
taken. So every Concordia decision of the lesson can be reached on the screen by clicks alone
(the Architect's colonist first, the Mercator sheet's steppers and "Trade", the display card
before its surcharge good)."""

from __future__ import annotations

import html
import re

import pytest

from ui import lessons
from ui.boards import concordia as board
from ui.i18n import Catalogue
from ui.session import Session

TAG = re.compile(r"<(\w+)([^>]*)>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
PAIR = re.compile(r'\[([\w-]+)="([^"]*)"\]')
CLICKS = 5
"""At most this many clicks lead to one decision."""


def matching(markup: str, selector: str) -> list[dict[str, str]]:
    """Elements whose attributes include every ``[name="value"]`` of ``selector`` (the last
    compound part; the selectors used here say all in their attributes)."""
    wanted = PAIR.findall(selector.split()[-1])
    found = []
    for _name, raw in TAG.findall(markup):
        attrs = {k: html.unescape(v) for k, v in ATTR.findall(raw)}
        if "disabled" not in raw and all(attrs.get(k) == v for k, v in wanted):
            found.append(attrs)
    return found


def coach_selectors(session: Session, runner: lessons.Runner) -> list[str]:
    index = runner.expected_index()
    action = runner.game.legal_actions()[index]
    first = board.coach_targets(session, action)
    return first or [f'[data-cmd="act"][data-index="{index}"]']


def click(session: Session, runner: lessons.Runner, cat: Catalogue, attrs: dict) -> None:
    """What the page does with a click on ``attrs`` during a lesson."""
    if attrs["data-cmd"] == "act":
        assert runner.take(int(attrs["data-index"]))
        session.ui.clear()
        return
    data = {k[5:]: v for k, v in attrs.items() if k.startswith("data-") and k != "data-cmd"}
    reply = board.on_board(session, cat, data)
    assert reply is not None and reply.kind in ("act", "acts", "render"), reply
    if reply.kind == "act":
        assert runner.take(reply.index)
    elif reply.kind == "acts":
        taken = 0
        for action in reply.actions:
            legal = runner.game.legal_actions()
            if runner.done or action not in legal or not runner.take(legal.index(action)):
                break
            taken += 1
        assert taken, f"none of {reply.actions} was awaited"
    else:
        return
    session.ui.clear()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_decision_of_the_lesson_is_reached_by_clicking_the_coachs_target(lang):
    cat = Catalogue(lang)
    lesson = lessons.load("concordia")
    runner = lessons.Runner(lesson)
    session = Session(runner.game, list(lesson.start.seats))
    clicks = {}
    while not runner.done:
        if runner.expected_index() is None:
            runner.next()
            continue
        at, taken = runner.at, 0
        while runner.at == at:
            taken += 1
            assert taken <= CLICKS, f"step {at + 1} ({runner.step.say}) is never reached"
            markup = str(board.render(session, cat))
            targets = [e for s in coach_selectors(session, runner) for e in matching(markup, s)]
            assert targets, f"step {at + 1}: nothing to click for {runner.step.expect}"
            click(session, runner, cat, targets[0])
        clicks[lesson.steps[at].expect] = taken
    # The Architect's first move needs the colonist first; the trades a stepper and "Trade";
    # the surcharge paid in cloth needs the card first.
    assert clicks["c0>r22"] == 2 and clicks["c1>r55"] == 2
    assert clicks["-1W"] == 2 and clicks["+1F"] == 2
    assert clicks["s1/C"] == 2 and clicks["s0"] == 1 and clicks["ARC"] == 1


def test_the_lesson_ends_with_the_learner_to_move_and_ahead():
    runner = lessons.replay(lessons.load("concordia"))
    game = runner.game
    assert game.current_player == 0 and game.prompt()["step"] == "turn"
    scores = [sum(points for _, points in seat) for seat in game.projected_scores()]
    assert scores[0] > scores[1]
    # the two specialists bought in the lesson score for the learner (Minerva)
    assert dict(game.projected_scores()[0])["Minerva"] == 6
