"""Every lesson in ``ui/lessons/`` is a checked game (issue 15): it replays through the engine,
every scripted and awaited decision legal and none missing, to its end; and every word it
says exists in both catalogues. Lessons are discovered, so a new title's lesson is checked
without touching this file."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from ui import lessons
from ui.i18n import LANGUAGES, ROOT, Catalogue, load
from ui.lessons import Lesson, LessonError, Runner, Start, Step, replay

NAMES = lessons.names()
CATS = {lang: Catalogue(lang) for lang in LANGUAGES}


def test_lessons_are_found():
    assert "municipium" in NAMES
    assert all(name in engine.GAMES for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_lesson_replays_to_its_end(name):
    lesson = lessons.load(name)
    assert isinstance(lesson, Lesson) and lesson.game == name
    runner = replay(lesson)
    assert runner.done and runner.step is None
    assert any(step.expect for step in lesson.steps), "a lesson lets the player decide"
    # The whole game stands as a log the codec and the page can rebuild.
    rebuilt = engine.decode(engine.encode(runner.game))
    assert rebuilt.position() == runner.game.position()


@pytest.mark.parametrize("name", NAMES)
def test_every_awaited_decision_is_a_persons_and_unique(name):
    lesson = lessons.load(name)
    runner = Runner(lesson)
    while not runner.done:
        step = runner.step
        assert not runner.game.is_chance
        index = runner.expected_index()
        if index is None:
            runner.next()
            continue
        seat = runner.game.current_player
        assert lesson.start.seats[seat] == "human"
        notations = [str(a) for a in runner.game.legal_actions()]
        assert notations.count(step.expect) == 1
        wrong = next(i for i in range(len(notations)) if i != index) if len(
            notations) > 1 else None
        if wrong is not None:  # a wrong decision changes nothing
            before = (runner.at, len(runner.game.log))
            assert runner.take(wrong) is False
            assert (runner.at, len(runner.game.log)) == before
        assert runner.take(index)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_exists_in_both_catalogues(name, lang):
    lesson = lessons.load(name)
    messages = load(lang)
    for key in lesson.keys():
        assert key.startswith(f"lesson.{name}."), key
        assert key in messages, f"{key} missing in {lang}"
        text = CATS[lang].t(key, **{k: v for k, v in lesson.steps[0].params})
        assert text and "{" not in text


@pytest.mark.parametrize("name", NAMES)
def test_steps_name_their_rules_and_targets(name):
    lesson = lessons.load(name)
    for step in lesson.steps:
        assert not (step.target and step.expect), "a decision's targets come from the engine"
        if step.rule:
            assert step.rule[:2] in ("M-", "C-"), step.rule


def test_lesson_catalogue_files_are_sorted_one_key_a_line():
    for lang in LANGUAGES:
        path = ROOT / lang / "lessons.json"
        lines = path.read_text(encoding="utf-8").splitlines()
        keys = [line.split('"')[1] for line in lines[1:-1]]
        assert keys == sorted(keys), f"{path} keys not sorted"
        assert len(keys) == len(set(keys))
    assert set(load("en")) >= {k for k in load("ja") if k.startswith("lesson.")}
    en_keys = {k for k in load("en") if k.startswith("lesson.")}
    ja_keys = {k for k in load("ja") if k.startswith("lesson.")}
    assert en_keys == ja_keys


# ------------------------------------------------------------ the runner refuses bad data
TINY = lessons.load("municipium")


def _with_steps(*steps: Step) -> Lesson:
    return dataclasses.replace(TINY, steps=steps)


def test_a_move_that_is_not_open_is_named():
    bad = _with_steps(Step("lesson.municipium.move", expect="4-6"))
    with pytest.raises(LessonError, match="step 1.*'4-6'"):
        Runner(bad)


def test_a_scripted_person_decision_is_refused():
    bad = _with_steps(Step("lesson.municipium.welcome", before=("4-5",)))
    with pytest.raises(LessonError, match="person's decision"):
        Runner(bad)


def test_a_step_shown_during_a_draw_is_refused():
    bad = _with_steps(Step("lesson.municipium.move", expect="4-5"),
                      Step("lesson.municipium.move_done", expect="done"),
                      Step("lesson.municipium.card", expect="play:ci"),
                      Step("lesson.municipium.welcome"))
    runner = Runner(bad)
    runner.take(runner.expected_index())
    runner.take(runner.expected_index())
    with pytest.raises(LessonError, match="random draw is pending"):
        runner.take(runner.expected_index())


def test_a_computer_decision_cannot_be_awaited():
    start = dataclasses.replace(TINY.start, seats=("ai:medium", "human"))
    bad = Lesson(start, (Step("lesson.municipium.move", expect="4-5"),))
    with pytest.raises(LessonError, match="awaits '4-5' but seat 0"):
        Runner(bad)


def test_a_bad_start_is_refused():
    with pytest.raises(LessonError, match="start, move 1"):
        Runner(Lesson(Start("municipium", ("human", "ai:medium"), (("start_player", 0),),
                            ("@9",)), ()))
    with pytest.raises(LessonError, match="seats"):
        Runner(Lesson(Start("municipium", ("human", "robot")), ()))


def test_next_on_a_decision_step_is_refused():
    runner = Runner(_with_steps(Step("lesson.municipium.move", expect="4-5")))
    with pytest.raises(LessonError):
        runner.next()
    assert runner.at == 0
