"""Shared fixtures for the CPython tests."""

from __future__ import annotations

import pytest

from engine.core import registry
from tests.ordering import long_first


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
    """The long tests first (:data:`LONG_FIRST`; :mod:`tests.ordering`)."""
    long_first(items, LONG_FIRST)
