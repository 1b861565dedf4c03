"""The rule-based sparring players of ``bench/sparring`` (issue 46): each finishes whole games
through the protocol alone (C-3.1 .. C-5.1 in Concordia on two maps, M-3 .. M-9 in
Municipium), never changes the game it is shown, and follows its plan's rules."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # bench/ runs in CPython, never in the browser
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from sparring import PLAYERS  # noqa: E402
from sparring import concordia as sc  # noqa: E402

import engine  # noqa: E402
from engine.concordia.cards import MercatorStep  # noqa: E402
from engine.concordia.notation import Action  # noqa: E402
from engine.municipium.data import PREFECT_NEXT  # noqa: E402
from engine.municipium.steps import BasilicaStep, GreatFamilyStep  # noqa: E402
from tests.playing import by_seat, play_out  # noqa: E402

CAP = 3000


def finish(game, seats, seed):
    """Play ``game`` to its end with ``seats[s]`` choosing for seat ``s``; every choice is an
    index of a legal decision and leaves the game as it was."""
    rng = random.Random(seed)
    return play_out(game, by_seat(seats, rng), rng, limit=CAP)


@pytest.mark.parametrize("board,players", [("italia", 2), ("hellas", 3)])
def test_every_concordia_sparring_player_finishes_games(board, players):
    """C-5.1: a game among the sparring players (each plan at a seat in turn) ends with the
    Concordia card taken and every seat scored; all legal, none of them changing the game."""
    names = sorted(PLAYERS["concordia"])
    assert len(names) >= 3
    game = engine.new_game("concordia", players, seed=46, map=board)
    seats = [PLAYERS["concordia"][names[s % len(names)]] for s in range(players)]
    finish(game, seats, 46)
    assert game.is_over and game.concordia >= 0
    assert all(r.score > 0 for r in game.result())


@pytest.mark.parametrize("name,players", [("racer", 2), ("politician", 2), ("collector", 4)])
def test_every_municipium_sparring_player_finishes_games(name, players):
    """M-3.4: a game with the named plan at the first seat and the other plans in turn at the
    others (at four seats every plan plays) ends with a seat at five Decurions; every decision
    legal, none changing the game."""
    names = sorted(PLAYERS["municipium"])
    assert {"collector", "racer", "politician"} <= set(names)
    others = [n for n in names if n != name]
    seats = [PLAYERS["municipium"][name]] + [PLAYERS["municipium"][others[s % len(others)]]
                                             for s in range(players - 1)]
    rng = random.Random(46)
    game = engine.new_game("municipium", players, seed=46)
    play_out(game, legal_choice(seats, rng), rng, limit=CAP)
    assert game.is_over and max(game.decurions) >= 5


def legal_choice(seats, rng):
    """The action ``seats[s]`` picks for seat ``s``, checked: an index of a legal decision,
    chosen without changing the game."""
    def choose(game):
        before = game.position()
        legal = game.legal_actions()
        index = seats[game.current_player](game, rng)
        assert 0 <= index < len(legal)
        assert game.position() == before
        return legal[index]

    return choose


def municipium_turn(players=2):
    """A Municipium game at its first turn's move (M-5.1), the members placed by the
    collector, and the seat to move."""
    game = engine.new_game("municipium", players, seed=46)
    rng = random.Random(46)
    collector = PLAYERS["municipium"]["collector"]
    while game.is_chance or game.pending_step().kind != "move":
        if game.is_chance:
            game.resolve_chance(rng)
        else:
            game.apply_index(collector(game, rng))
    return game, game.current_player


def test_the_racer_exchanges_three_items_at_the_basilica():
    """M-8.4: holding three citizens when the Basilica's power is exerted, the racer hands them
    in for a Decurion at once; the collector, counting the set they almost make, draws."""
    game, seat = municipium_turn()
    game.hand[seat] = [1, 1, 1, 0]
    game.favours[seat] = 0
    game.stack.append(BasilicaStep(seat))
    legal = game.legal_actions()
    racer = legal[PLAYERS["municipium"]["racer"](game, random.Random(1))]
    assert racer.kind == "exchange" and sum(racer.items) == 3
    collector = legal[PLAYERS["municipium"]["collector"](game, random.Random(1))]
    assert collector.kind == "draw_citizen"


def test_the_politician_moves_the_prefect_to_the_chamber_it_leads():
    """M-7.4, M-6.1: with Great Family, leading at the chamber the Prefect visits next (its
    favour there), the politician moves the Prefect rather than relocating its members."""
    game, seat = municipium_turn()
    rival = 1 - seat
    game.plain[seat] = [1, 1, 1, 1, 1, 1, 1]
    game.plain[rival] = [7, 0, 0, 0, 0, 0, 0]
    game.elect = [[0] * 7, [0] * 7]
    following = PREFECT_NEXT[game.prefect]
    assert game.favour_space[following] and game.ranking_at(following) == [seat]
    game.stack.append(GreatFamilyStep(seat))
    legal = game.legal_actions()
    chosen = legal[PLAYERS["municipium"]["politician"](game, random.Random(1))]
    assert chosen.option == "prefect"
    favours = game.favours[seat]
    game.apply(chosen)
    assert game.favours[seat] == favours + 1


def concordia_start():
    """A two-player Italia game at its first decision, and the seat to decide."""
    game = engine.new_game("concordia", 2, seed=4, map="italia")
    rng = random.Random(4)
    while game.is_chance:
        game.resolve_chance(rng)
    return game, game.current_player


def test_the_prefect_takes_the_province_of_its_houses():
    """C-4.4: with houses in one province only, the Prefect rule takes that province (its own
    goods and the bonus) over an empty one and over the cash."""
    game, seat = concordia_start()
    board = game.board
    province = next(p for p, cities in enumerate(board.province_cities)
                    if len([c for c in cities if game.token[c] >= 0]) >= 2)
    for city in board.province_cities[province][:2]:
        game.houses[city] |= 1 << seat
        game.nhouses[seat] += 1
    legal = [Action("province", p) for p in range(len(board.province_names))] + \
        [Action("cash"), Action("done")]
    chosen = legal[sc.rule_prefect(game, legal, seat, sc.PLANS["trader"])]
    assert chosen == Action("province", province)


def test_the_mercator_buys_what_the_next_house_lacks():
    """C-4.5, C-4.3: a seat whose colonist stands next to a city without the goods for its
    house buys those goods (not its stock good) with the Mercator."""
    game, seat = concordia_start()
    board = game.board
    route = next(r for r, (a, b, kind) in enumerate(board.routes)
                 if kind == 0 and board.roma not in (a, b) and game.token[a] > 0
                 and game.token[b] > 0)
    game.colonists[seat][0] = ((board.ncities + route) << 1)
    game.goods[seat] = [0, 0, 0, 0, 0]
    game.money[seat] = 30
    game.stack.append(MercatorStep(seat, ()))
    legal = game.legal_actions()
    plan = sc.PLANS["builder"]
    chosen = legal[sc.rule_trade(game, legal, seat, plan)]
    want = sc.wishes(game, seat, plan)
    assert chosen.verb == "buy" and want[chosen.a] >= chosen.b > 0


def test_the_bench_counts_wins_scores_and_money_left():
    """``bench/sparring_tournament.py``: a finished game counts the level's seat's share of
    the win (C-6.8: no shared ranks in Concordia), its score and the best other's, and the
    sestertii every seat holds at the end."""
    import sparring_tournament as bench

    names = sorted(PLAYERS["concordia"])
    game = bench.play("concordia", [PLAYERS["concordia"][names[0]],
                                    PLAYERS["concordia"][names[1]]], 460_046)
    assert game.is_over
    tally = bench.Tally()
    tally.add(game, 0)
    winner = next(r.seat for r in game.result() if r.rank == 1)
    assert tally.wins == (1.0 if winner == 0 else 0.0) and tally.games == 1
    scores = {r.seat: r.score for r in game.result()}
    assert tally.scores == [(scores[0], scores[1])]
    assert tally.money == {"level": [game.money[0]], "partner": [game.money[1]]}
    assert bench.money_text([10, 40]) == "25 avg, 40 most, 1/2 over 30"
