"""Links made before the engine's steps became typed values (issue 47) still open, to the
same finished games: a link holds the setup and the decisions' indices, never the steps'
encoding. The two links were written by `bench/ai_tournament.py` at commit fcf3722."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.session import Session

DATA = Path(__file__).parent / "data"

GAMES = [
    ("link-concordia-before-47.txt", 308, [(0, 89, 2), (1, 92, 1), (2, 63, 4), (3, 74, 3)]),
    ("link-municipium-before-47.txt", 306, [(0, 5, 1), (1, 2, 2)]),
]


@pytest.mark.parametrize("name, entries, results", GAMES)
def test_a_link_from_before_opens_to_the_same_finished_game(name, entries, results):
    session = Session.from_link((DATA / name).read_text().strip())
    game = session.game
    assert game.is_over and len(game.log) == entries
    assert sorted((r.seat, r.score, r.rank) for r in game.result()) == results
    assert Session.from_link(session.link()).game.result() == game.result()
