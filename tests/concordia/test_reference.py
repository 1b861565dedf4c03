"""The checks of ``shared/reference/README.md`` on our data, and the data modules against their
generator."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.concordia.board import board
from engine.concordia.components import CARDS, PILES, TOKENS
from engine.concordia.maps import MAPS
from tests.concordia import make_data

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not make_data.DEFAULT_JSON.exists(), reason="shared reference not present")
def test_data_modules_are_what_the_generator_makes():
    for rel, text in make_data.generate().items():
        assert (ROOT / rel).read_text(encoding="utf-8") == text, f"{rel} is stale: regenerate"


@pytest.mark.parametrize("name, cities, provinces, land, sea", [
    ("imperium", 30, 12, 44, 35), ("italia", 25, 11, 40, 23)])
def test_C_1_7_map_sizes(name, cities, provinces, land, sea):
    b = board(name)
    assert b.ncities == cities + 1
    assert b.city_ids[b.roma] == "roma" and b.letters[b.roma] is None
    assert len(b.province_names) == provinces
    assert sum(len(p) for p in b.province_cities) == cities
    kinds = Counter(kind for _, _, kind in b.routes)
    assert (kinds[0], kinds[1]) == (land, sea)


@pytest.mark.parametrize("name", list(MAPS))
def test_every_city_reachable_from_the_start_city(name):
    """Roma on the base maps, the later maps' start city (C-M.1) on theirs."""
    b = board(name)
    seen = {b.roma}
    frontier = [b.roma]
    while frontier:
        c = frontier.pop()
        for kind in (0, 1):
            for r in b.city_routes[c][kind]:
                for other in b.routes[r][:2]:
                    if other not in seen:
                        seen.add(other)
                        frontier.append(other)
    assert len(seen) == b.ncities


@pytest.mark.parametrize("name, expected", [
    ("imperium", {"A": 7, "B": 8, "C": 10, "D": 5}), ("italia", {"A": 7, "B": 8, "C": 10})])
def test_C_1_8_letters_match_the_tokens(name, expected):
    b = board(name)
    letters = Counter(b.letters[c] for c in b.token_cities)
    assert dict(letters) == expected
    for letter, count in expected.items():
        assert sum(TOKENS[letter]) == count
    assert sum(sum(t) for t in TOKENS.values()) == 30


def test_italia_corsica_has_only_sea_routes():
    b = board("italia")
    corsica = b.province_cities[b.province_names.index("Corsica")]
    assert len(corsica) == 2
    for c in corsica:
        assert not b.city_routes[c][0] and b.city_routes[c][1]


@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_pantheon_table_from_the_piles(name):
    b = board(name)
    for column, players in enumerate(b.pantheon["columns_player_count"]):
        gods = Counter(CARDS[c][1].lower() for pile in PILES[:players] for c in pile)
        for god in ("jupiter", "saturnus", "mercurius", "mars"):
            assert gods[god] == b.pantheon[god][column], (god, players)


def test_pantheon_values_of_the_readme():
    imperium, italia = board("imperium").pantheon, board("italia").pantheon
    assert imperium["jupiter"] == (5, 7, 8) and imperium["saturnus"] == (5, 6, 7)
    assert imperium["mercurius"] == (3, 4, 5) and imperium["mars"] == (3, 4, 5)
    assert italia["jupiter"] == (3, 5, 7) and italia["saturnus"] == (3, 5, 6)
    assert italia["mercurius"] == (2, 3, 4) and italia["mars"] == (2, 3, 4)


@pytest.mark.parametrize("name", ["imperium", "italia"])
def test_board_positions_for_the_ui(name):
    b = board(name)
    assert len(b.board_xy) == len(b.latlon) == b.ncities
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in b.board_xy)
