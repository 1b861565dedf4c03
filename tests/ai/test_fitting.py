"""A quick slice of ``bench/fit_eval.py`` (issue 17): the Concordia evaluation's growth figures
in a concrete position, the positions a self-play game yields, and the least-squares fit."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # bench/ runs in CPython, never in the browser
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import fit_eval  # noqa: E402

import engine  # noqa: E402
from engine.ai import eval_concordia as ev  # noqa: E402
from engine.concordia.components import PRICES  # noqa: E402


def test_growth_counts_wealth_houses_cards_and_the_cities_next_to_the_colonists():
    """C-1.1 prices, C-4.2 colonists: at the start a seat holds its money and goods, the seven
    starting cards in hand and two colonists in Roma (no city beside a route yet); a colonist
    moved onto a route stands next to its two cities, until the seat builds in one of them."""
    game = engine.new_game("concordia", 4, seed=3)
    wealth = game.money[0] + sum(n * p for n, p in zip(game.goods[0], PRICES))
    assert ev.growth(game, 0) == (wealth, 0, 0, 7, 0, 2)
    board = game.board
    route = next(r for r, (a, b, _) in enumerate(board.routes) if board.roma not in (a, b))
    a, b, _ = board.routes[route]
    game.colonists[0][0] = (board.ncities + route) << 1 | (game.colonists[0][0] & 1)
    assert ev.growth(game, 0)[4] == 2
    game.houses[a] |= 1
    game.nhouses[0] += 1
    assert ev.growth(game, 0)[1] == 1 and ev.growth(game, 0)[4] == 1


def test_a_self_play_game_yields_every_seats_figures_and_outcome():
    rows = fit_eval.collect_one((11, 4, "medium", 40))
    assert rows and len(rows) % 4 == 0
    by_position: dict[int, list[dict]] = {}
    for row in rows:
        by_position.setdefault(row["position"], []).append(row)
    first = by_position[0]
    assert [row["now"] for row in first] == [7, 7, 7, 7]  # C-6: the starting cards' points
    assert all(row["rest"] == 1.0 for row in first)
    for group in by_position.values():
        assert sum(row["win"] for row in group) == pytest.approx(1.0)
        assert len({row["final"] for row in group if row["win"]}) == 1
        for row in group:
            assert sum(row["gods"]) == 7 + row["growth"][2]  # every card owned has its god
            assert row["final"] >= 0 and 0.0 <= row["rest"] <= 1.0


def test_the_fit_recovers_the_weights_that_made_the_outcomes():
    """Outcomes made exactly by known weights are fitted back to them (normal equations)."""
    rng = random.Random(5)
    truth = [0.1, 1.5, 0.8, 0.2, 0.6, 0.4, 0.7, 3.0, 20.0]
    rows = []
    for _ in range(200):
        row = {"now": rng.randrange(60), "rest": rng.random(), "market": 5 * rng.random(),
               "last": rng.randrange(2), "growth": [rng.randrange(40) for _ in range(6)],
               "gods": [1] + [rng.randrange(4) for _ in range(5)]}
        row["final"] = row["now"] + sum(c * x for c, x in zip(truth, fit_eval.design(row)))
        rows.append(row)
    assert fit_eval.solve(rows) == pytest.approx(truth, rel=1e-4, abs=1e-4)
