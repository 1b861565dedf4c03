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
