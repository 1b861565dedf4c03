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
    said = [(step.say, step.args(CATS[lang])) for step in lesson.steps] + [
        (lesson.done, {})] * bool(lesson.done)
    for key, args in said:
        assert key.startswith(f"lesson.{name}."), key
        assert key in messages, f"{key} missing in {lang}"
        text = CATS[lang].t(key, **args)
        assert text and "{" not in text


def test_the_concordia_lesson_names_its_cities_in_the_language():
    """The lesson's word about the house it builds (C-4.3) names the city as the map does in
    the language of the text: Casinum in English, カシヌム in Japanese."""
    step = next(s for s in lessons.load("concordia").steps if s.say.endswith(".build_casinum"))
    assert "Casinum" in CATS["en"].t(step.say, **step.args(CATS["en"]))
    text = CATS["ja"].t(step.say, **step.args(CATS["ja"]))
    assert "カシヌム" in text and "Casinum" not in text, text


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


# ------------------------------------------------------------------ the coach (ui.coach)
def test_the_bubble_stays_on_screen_and_off_its_target():
    from ui.coach import MARGIN, Rect, place

    view = (390, 844)
    for target in (Rect(10, 10, 60, 40), Rect(150, 400, 80, 80), Rect(300, 790, 80, 40),
                   Rect(0, 0, 390, 600), Rect(20, 300, 350, 500), None):
        spot = place(374, 220, target, *view)
        assert MARGIN <= spot.left and spot.left + 374 <= view[0] - MARGIN + 0.01
        assert MARGIN <= spot.top and spot.top + 220 <= view[1] - MARGIN + 0.01
        if target is not None and spot.side != "free":
            covers = (spot.left < target.right and spot.left + 374 > target.left
                      and spot.top < target.bottom and spot.top + 220 > target.top)
            assert not covers, (target, spot)
    assert place(374, 220, Rect(150, 400, 80, 80), *view).side == "below"
    assert place(374, 220, Rect(150, 700, 80, 80), *view).side == "above"
    assert place(380, 200, Rect(10, 60, 780, 700), 1280, 800).side == "right"
    assert place(374, 220, None, *view, avoid_bottom=100).top == 844 - 100 - 220 - MARGIN


def test_the_coach_highlights_what_the_engine_allows():
    from ui.coach import targets
    from ui.session import Session

    runner = Runner(TINY)
    session = Session(runner.game, list(TINY.start.seats))
    while runner.expected_index() is None:
        runner.next()
    assert runner.step.expect == "4-5"
    # first the member to move, then (once picked) the decision itself
    assert targets(session, runner) == ['[data-what="pick"][data-inst="4"]']
    session.ui["src"] = 4
    index = runner.expected_index()
    assert targets(session, runner) == [f'[data-cmd="act"][data-index="{index}"]']


def test_the_bubble_says_the_step_and_its_controls():
    from ui.coach import bubble, text

    cat = CATS["en"]
    runner = Runner(TINY)
    assert text(runner, cat) == cat.t(TINY.steps[0].say)
    tools = str(bubble(runner, cat))
    assert 'data-cmd="coach-next"' in tools and 'data-cmd="coach-leave"' in tools
    assert f"1 of {len(TINY.steps)}" in tools
    done = replay(TINY)
    tools = str(bubble(done, CATS["ja"]))
    assert 'data-cmd="coach-next"' not in tools and 'data-cmd="coach-menu"' in tools
    assert text(done, cat) == cat.t(TINY.done)


def test_the_lesson_is_offered_for_a_first_game_of_a_title_only():
    from ui.session import Session
    from ui.storage import MemoryBackend, SaveStore
    from ui.tutor import has_lesson, lesson_offer, offers_lesson

    assert has_lesson("municipium") and not has_lesson("chess") and not has_lesson("../app")
    store = SaveStore(MemoryBackend())
    assert offers_lesson(store, "municipium")
    offer = str(lesson_offer("municipium", CATS["ja"]))
    assert 'data-cmd="learn"' in offer and 'data-game="municipium"' in offer
    assert 'data-role="lesson-offer"' in offer
    store.put(Session(engine.new_game("municipium", 2, seed=1), ["human", "ai:easy"])
              .record())
    assert not offers_lesson(store, "municipium")  # they have played it here before
    store = SaveStore(MemoryBackend())
    store.set_pref("lesson.municipium", "seen")
    assert not offers_lesson(store, "municipium")  # they have seen the lesson
