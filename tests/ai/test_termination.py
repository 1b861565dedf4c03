"""Every game ends (issue 18): computer players see what ending the game is worth (C-5.1, C-6)
and play to end it; a quick slice of ``bench/termination.py``."""

from __future__ import annotations

import os

import pytest

import engine
from engine import ai
from engine.ai import eval_concordia as ev
from engine.ai.selfplay import keyed_game, level_chooser, play_out, rounds

QUICK = bool(os.environ.get("LUDI_QUICK"))

DIPLOMAT_FOR_A_TOOL = 10
"""CARDS[10]: a Diplomat (Saturnus) that costs one tool."""
SENATOR, TRIBUNE, MERCATOR = 5, 0, 3


def endgame(card: int = DIPLOMAT_FOR_A_TOOL) -> engine.Game:
    """Italia, two players, seat 0 to play: the deck is empty and ``card`` is the last card of
    the display, in the slot without a surcharge (C-5.1, C-4.8)."""
    game = engine.new_game("concordia", 2, seed=3, map="italia")
    game.deck = [[] for _ in game.deck]
    game.display = [card]
    return game


def finish_turn(game: engine.Game, level: str = "medium") -> None:
    seat = game.current_player
    while not game.is_over and game.current_player == seat:
        game.apply(ai.choose(game, level=level, seed=1))


def test_the_issue_reproduction_ends():
    """The three-player Imperium game of medium players that cycled for ever (issue 18)."""
    game = engine.new_game("concordia", 3, seed=0, map="imperium")
    decisions = play_out(game, level_chooser(["medium"] * 3), seed=0, cap=1500)
    assert game.is_over, f"still running after {decisions} decisions: {game.position()}"


def test_a_player_who_can_buy_the_last_card_buys_it_and_ends_the_game():
    """C-5.1: the last card brings the Concordia card's 7 points; medium takes it."""
    game = endgame()
    assert game.goods[0][2] >= 1 and SENATOR in game.hand[0]
    finish_turn(game)
    assert game.concordia == 0
    assert DIPLOMAT_FOR_A_TOOL in game.hand[0]


def test_goods_for_a_buyable_card_are_worth_more_than_their_price():
    """C-4.8: a tool that pays for the last card (with a Senator in hand) is worth more than its
    5 sestertii; without a way to buy cards it is worth its price only."""
    with_tool = endgame()
    with_money = endgame()
    with_money.goods[0][2] -= 1
    with_money.money[0] += 5
    assert ev.values(with_tool)[0] > ev.values(with_money)[0] + 1
    for game in (with_tool, with_money):
        game.hand[0].remove(SENATOR)
    assert ev.values(with_tool)[0] == pytest.approx(ev.values(with_money)[0])


def test_a_player_short_of_the_goods_buys_them_first():
    """With money but not the card's goods, medium's Mercator buys what the last card costs
    (C-4.3), so the card can be bought (instead of money piling up)."""
    game = endgame(card=12)  # the Farmer: a brick and a food
    game.goods = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    game.money[0] = 40
    game.hand[0] = [MERCATOR, SENATOR]
    finish_turn(game)
    assert game.goods[0][0] >= 1 and game.goods[0][1] >= 1
    finish_turn(game)  # the other seat
    finish_turn(game)
    assert game.concordia == 0


def test_the_leader_values_ending_more_than_the_trailer():
    """Once the end is triggered the lead is nearly certain to hold: the Concordia card holder's
    value grows by more than its 7 points."""
    game = endgame()
    ended = game.clone()
    ended.concordia = 0
    before = ev.values(game)
    after = ev.values(ended)
    assert (after[0] - after[1]) - (before[0] - before[1]) > 7


SLICE = [("concordia", 3, "imperium", 5), ("concordia", 2, "italia", 6),
         ("concordia", 5, "imperium", 7), ("municipium", 2, "", 8), ("municipium", 4, "", 12),
         ("concordia", 2, "creta", 5), ("concordia", 4, "ionium", 6)]
"""Keys of ``bench/termination.py`` (title, players, map, seed; levels drawn from the key); the
last two on later maps (issue 35: Creta expert/hard, Ionium expert, expert, medium, medium). A
quick run (Pyodide) plays the two shortest, one of each title."""


@pytest.mark.parametrize("key", SLICE[1:2] + SLICE[3:4] if QUICK else SLICE,
                         ids=lambda key: "/".join(map(str, key)))
def test_mixed_level_games_end(key):
    """A slice of the termination benchmark: mixed levels, hard on a fixed tiny budget (so the
    game is the same on every machine); each ends within three times the usual length."""
    title, players, board, seed = key
    game, levels = keyed_game(*key)
    cap = 1500 if title == "concordia" else 1200
    decisions = play_out(game, level_chooser(levels, budget_ms=0, iterations=30), seed, cap)
    assert game.is_over, f"{'/'.join(map(str, key))} ({levels}) runs past {decisions} decisions"
    assert rounds(game) >= 8


DECIDED = (
    "eNolj71OA0EMhGe8693lkCBUFPwILZyU4mhSXpmKJyAFoljBSZxERJRcgRRdwxvzBnhFY48_eyybwvUx73K_6vJX7o"
    "95W6zI41Q-x5LnLm8rPAxlOuT-JZexH753w37KXdUfZf-eX-f5lxQBCAiE-NeGxJKKc47kubELwuFMGKneAQoyqXM2"
    "6rkAH0BDGk6EvkJzwimARLZsuLI1otaJZMUBEkSrIssPK0i2yd9wc4tgcx7emtqEEO2okJRPz8trM4golSGqBx_v-d"
    "aEq3o1l3dIah9ENBbhXPKMkbFtkcBFF07Fm2Xa8PIPRgcdyA")
"""An expert-vs-hard tournament game (Concordia, Italia, seed 4012) after 200 decisions: the
deck is empty, two cards are left on the display, expert (seat 0) leads by 41 points."""


@pytest.mark.skipif(QUICK, reason="a quick run skips this 10-30 s game")
def test_two_searching_seats_end_a_decided_game():
    """With every reward near 0 or 1 the search cannot tell the options apart; it used to pick
    among them at random, and this game went on for more than 300 decisions (the tournament's
    copy for 27 minutes, until stopped). The greedy rating now decides such positions
    (engine.ai.mcts.INDIFFERENT), and the game ends within a few turns. Concordia's levels now
    plan (engine.ai.plan: 50 and 20 samples here, what 400 and 160 iterations buy), and the
    decided game still ends."""
    game = engine.decode(DECIDED)
    scores = [sum(v for _, v in part) for part in game.projected_scores()]
    assert not any(game.deck) and len(game.display) == 2 and scores[0] - scores[1] > 40
    ai.forget()
    chooser = level_chooser(["expert", "hard"], budgets={"expert": (0.0, 400),
                                                         "hard": (0.0, 160)})
    decisions = play_out(game, chooser, seed=7, cap=80)
    assert game.is_over, f"still running after {decisions} decisions"
