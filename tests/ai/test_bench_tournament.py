"""``bench/ai_tournament.py``'s table: the map a Concordia match is played on (issue 46 asks
the levels to be checked on every map and at every table size)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # bench/ runs in CPython, never in the browser
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import ai_tournament  # noqa: E402

from engine.core.codec import decode_link  # noqa: E402


@pytest.mark.parametrize("players, board, expected", [
    (2, None, "italia"), (4, None, "imperium"), (3, "hellas", "hellas"), (5, "creta", "creta")])
def test_a_concordia_match_is_played_on_the_map_asked_for(players, board, expected):
    """C-1.7: Italia at two seats, Imperium at three or more, unless ``--map`` names another."""
    game = ai_tournament.new_game("concordia", players, 1, board)
    assert dict(game.setup.options)["map"] == expected and game.players == players


def test_a_game_on_another_map_is_played_out_and_its_link_names_the_map():
    shares, link = ai_tournament.play("concordia", ["medium", "random"], 3, {},
                                      ai_tournament.Searches(), "cyprus")
    game, meta = decode_link(link.removeprefix("#g="))
    assert game.is_over and dict(game.setup.options)["map"] == "cyprus"
    assert sum(shares) == pytest.approx(1.0) and meta["seats"] == ["ai:medium", "ai:random"]


def test_game_stats_tells_money_held_from_money_cashed_in_at_the_end():
    """Issue 46's spare money: ``bench/game_stats.py`` counts the cards a seat played since its
    money last rose above 30 sestertii (0 for a seat that ends with 30 or less); on the
    medium-vs-easy games of 2026-12-07 some seats held it for many cards, some only at the end."""
    import game_stats

    links = [line.split("#g=")[1] for line in (Path(__file__).resolve().parents[2] / "bench"
             / "tournaments" / "2026-12-07-easy.txt").read_text().splitlines()[:40]]
    held = []
    for link in links:
        game, _meta, plays = game_stats.replay(link)
        assert game.log == decode_link(link)[0].log
        for seat, count in enumerate(plays):
            assert (count > 0) <= (game.money[seat] > game_stats.SPARE), (seat, count)
            if game.money[seat] > game_stats.SPARE:
                held.append(count)
    assert any(c >= game_stats.HELD for c in held) and any(c < game_stats.HELD for c in held)
