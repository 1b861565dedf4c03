"""Shared fixtures for the CPython tests."""

from __future__ import annotations

import pytest

from engine.core import registry


@pytest.fixture
def toy(monkeypatch):
    """Register the toy dice race (tests/toy_game.py) as a game for the duration of a test."""
    from tests.toy_game import INFO

    monkeypatch.setitem(registry.GAMES, "toy", INFO)
    return INFO


LONG_FIRST = (
    "tests/test_texts.py::test_random_games_read_well_in_both_languages",
    "tests/ai/test_closing.py::",
    "tests/ai/test_termination.py::",
    "tests/concordia/test_play.py::test_random_games_end_legally_and_replay",
    "tests/ai/test_sparring.py::",
    "tests/ai/test_tuning.py::",
    "tests/test_board_concordia.py::test_every_decision_of_a_random_game_is_offered",
)
"""Tests of 5–40 s each (random and computer games: most of the suite's time), run first."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (:data:`LONG_FIRST`), the rest in their order. ``make test`` hands
    the tests to two pytest-xdist workers one at a time in this order (``--maxschedchunk 1``),
    so the long ones are shared between the two and both end together. (By default xdist sends
    each worker a quarter of the suite at once, in order: one worker got every long test and
    ran on for minutes after the other had ended.)"""
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FIRST))
