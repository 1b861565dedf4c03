"""The engine's protocol (``engine/core/protocol.py``), checked the same way on every title in
``engine.GAMES`` and every Concordia map, at the fewest and the most seats each map takes: a
random game played to its end, with, at points along it, the open decisions, the pending step
(a ``Pending`` value), a refusal, a clone, the replay of the log, the link and the text
position (``to_text``/``from_text``) at every entry.

A new title or map is checked here without a line of this file changing. The per-title suites
hold what is particular to a title (its rules, by rule id; its goldens); perft counts of
every title are tests/test_perft.py."""

from __future__ import annotations

import copy
import os
import random
from typing import Any

import pytest

import engine
from engine import CHANCE, TERMINAL, IllegalAction
from engine.core.registry import game_class
from engine.core.stack import Pending, Step
from tests.playing import every_setup, options, play_out, uniform
from ui.i18n import Catalogue

QUICK = os.environ.get("LUDI_QUICK") == "1"
"""Set by the Pyodide runner (tests/pyodide/run.mjs): the fewest seats only there."""
SETUPS = list(every_setup(most=not QUICK))
LINK_BUDGET = 1500
"""Characters a complete game's ``#g=`` link may take (engine/core/codec.py)."""
CLOSE = frozenset((0, 1, 17, 60, 150, 320, 550))
"""The entries at which a game is looked at closely (and its end): early, when the first
decisions and draws are made, and then further apart (each look replays the log)."""
JUNK: list[Any] = [None, "", "nonsense", -1, 10**9, ("x", 1), 3.5]
"""Values that are no decision of any title: refused, never a crash."""
CATALOGUES = (Catalogue("en"), Catalogue("ja"))


def setup_id(setup: tuple[str, Any, int]) -> str:
    name, map_name, players = setup
    return f"{name}-{map_name}-{players}p" if map_name else f"{name}-{players}p"


def new(name: str, map_name: Any, players: int, seed: int) -> Any:
    return engine.new_game(name, players, seed=seed, **options(map_name))


def refused(game: Any, action: Any) -> IllegalAction:
    """Apply ``action``, which must be refused, and check that the refusal changed nothing and
    can be worded: a catalogue sentence in both languages, and a rule id if it names one."""
    before, entries = game.position(), len(game.log)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    error = caught.value
    assert game.position() == before and len(game.log) == entries
    assert str(error) and error.key, f"{action!r} refused without a reason"
    for cat in CATALOGUES:
        assert cat.has(f"refusal.{error.key}"), (cat.lang, error.key)
    if error.rule is not None:
        assert error.rule[:2] in ("M-", "C-"), error.rule
    return error


def pending_agrees(game: Any) -> None:
    """The pending step is one frozen value that agrees with the protocol: who decides, a
    kind, the rule it carries out (an id of the title's spec) and its fields by name."""
    pending = game.pending_step()
    assert isinstance(pending, Pending) and pending.seat == game.current_player
    assert pending.kind and isinstance(pending.kind, str)
    assert pending.rule[:2] in ("M-", "C-"), pending.rule
    assert all(isinstance(name, str) for name, _ in pending.fields)
    assert pending.args == dict(pending.fields) and hash(pending) == hash(game.pending_step())
    with pytest.raises(AttributeError):
        pending.seat = 0
    if game.is_over:
        assert pending.kind == "over" and not pending.fields and pending.step is None
    else:
        step_agrees(game, pending)


def step_agrees(game: Any, pending: Pending) -> None:
    """The step on top is an instance of its kind's small frozen class: name and rule as class
    attributes, each field by name, no attribute to set, and its text reads back the same."""
    step = pending.step
    kind = type(step)
    assert step is game.stack[-1] and game.KINDS[step[0]] is kind and issubclass(kind, Step)
    assert (kind.name, kind.rule, kind.prompt) == (pending.kind, pending.rule, pending.prompt)
    assert step.actor == pending.seat
    assert all(getattr(step, name) == value for name, value in pending.fields)
    assert not hasattr(step, "__dict__")
    with pytest.raises(AttributeError):
        step.actor = 0
    again = game.read_step(step.text())
    assert type(again) is kind and again == step and kind(*step[1:]) == step
    assert type(copy.deepcopy(step)) is kind and copy.deepcopy(step) == step


def look_closely(game: Any, seen: set[Any], rng: random.Random) -> None:
    """Everything the protocol promises about the game as it stands now."""
    position, log = game.position(), game.log
    # the replay of the log and the link give the same game
    again = engine.replay(log)
    assert again.position() == position and again.indices == game.indices
    decoded = engine.decode(engine.encode(game))
    assert decoded.position() == position and decoded.log == log
    # a clone is the same game, and independent both ways
    copy = game.clone()
    assert copy.position() == position and copy.log == log
    assert copy.legal_actions() == game.legal_actions()
    for _ in range(40):
        if copy.is_over:
            break
        if copy.is_chance:
            copy.resolve_chance(rng)
        else:
            copy.apply(rng.choice(copy.legal_actions()))
    assert game.position() == position and game.log == log
    if not game.is_over:
        copy_now = copy.position()
        if game.is_chance:
            game.clone().resolve_chance(rng)
        else:
            game.clone().apply(game.legal_actions()[0])
        assert copy.position() == copy_now
    # decisions open at other moments, and values that are no decision, are refused here
    if game.is_chance:
        return
    legal = set(game.legal_actions())
    foreign = sorted((a for a in seen if a not in legal), key=repr)[:3]
    for action in foreign + JUNK:
        refused(game, action)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_a_game_keeps_every_promise_of_the_protocol(setup):
    """Legal decisions are open until the end and none after it; draws have outcomes that
    add up to one; a refusal says why and changes nothing; clones, replays and links give the
    same game at every point looked at; a complete game's link fits the budget."""
    name, map_name, players = setup
    game = new(name, map_name, players, seed=players)
    rng = random.Random(players)
    seen: set[Any] = set()
    prefixes: dict[int, str] = {}

    def check(game: Any) -> None:
        entries = len(game.log)
        pending_agrees(game)
        if game.is_over:
            assert game.current_player == TERMINAL
            assert game.legal_actions() == [] and game.chance_outcomes() == []
        elif game.is_chance:
            assert game.current_player == CHANCE and game.legal_actions() == []
            outcomes = game.chance_outcomes()
            assert outcomes and all(p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1)
        else:
            assert 0 <= game.current_player < players
            legal = game.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            seen.update(legal)
        if entries in CLOSE:
            prefixes[entries] = game.position()
            look_closely(game, seen, rng)

    check(game)
    decisions = play_out(game, uniform(rng), rng, check)
    assert decisions > 0 and game.is_over
    look_closely(game, seen, rng)
    refused(game, next(iter(seen)))  # nothing is open after the end
    result = game.result()
    assert sorted(r.seat for r in result) == list(range(players)) and 1 in {r.rank for r in result}
    assert len(engine.encode(game)) <= LINK_BUDGET
    for length, position in prefixes.items():  # a prefix of the log is the game at that point
        assert engine.replay(game.log.prefix(length)).position() == position


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_a_text_position_stands_the_same_game(setup):
    """``from_text(to_text())`` is the same position with the same open decisions and draws,
    at every entry of a random game (Municipium's text is its ``position()``)."""
    name, map_name, players = setup
    cls = game_class(name)

    def same(game: Any) -> None:
        text = game.to_text()
        copy = cls.from_text(text)
        assert copy.to_text() == text and copy.position() == game.position()
        assert copy.current_player == game.current_player
        assert copy.pending_step() == game.pending_step()
        assert copy.legal_actions() == game.legal_actions()
        assert copy.chance_outcomes() == game.chance_outcomes()

    game = new(name, map_name, players, seed=100 + players)
    same(game)
    play_out(game, uniform(random.Random(players)), None, same)


def test_every_title_and_map_is_checked():
    """The setups above cover every title and every map, from the registry itself."""
    covered = {(name, map_name) for name, map_name, _ in SETUPS}
    assert {name for name, _ in covered} == set(engine.GAMES)
    maps = engine.GAMES["concordia"].option("map").choices
    assert {m for name, m in covered if name == "concordia"} == set(maps)


@pytest.mark.parametrize("title", sorted(engine.GAMES))
def test_every_kind_of_step_is_a_small_frozen_class(title):
    """Each kind of step of a title is its own subclass of ``Step`` (no instance dict, its rule
    id and name as class attributes); its instances are tuples ``(key, actor, *fields)`` whose
    fields read by name and that cannot be changed."""
    kinds = game_class(title).KINDS
    assert len({kind.name for kind in kinds.values()}) == len(kinds)
    for key, kind in kinds.items():
        assert issubclass(kind, Step) and kind.__slots__ == () and kind.key == key
        assert kind.rule[:2] in ("M-", "C-") and kind.role in ("decision", "chance", "auto")
        values = tuple(range(10, 10 + len(kind.fields)))
        step = kind(CHANCE, *values)
        assert step == (key, CHANCE, *values) and step.actor == CHANCE
        assert [getattr(step, name) for name in kind.fields] == list(values)
        assert repr(step).startswith(kind.__name__ + "(actor=")
        with pytest.raises(AttributeError):
            step.extra = 1
        with pytest.raises(TypeError):
            step[1] = 0
