"""The planning search of Concordia's searching levels (engine/ai/plan.py, issue 46): a
candidate is rated after the seat's turn, each rival's next turn and the seat's next turn."""

from __future__ import annotations

import itertools
import random
import time

import pytest

import engine
from engine import ai
from engine.ai import plan
from engine.concordia.components import CARDS


def turn_start(players: int, seed: int) -> engine.Game:
    """A Concordia game at its first turn, the draws of the setup made."""
    options = {"map": "italia"} if players == 2 else {}
    game = engine.new_game("concordia", players, seed=seed, **options)
    rng = random.Random(seed)
    while game.is_chance:
        game.resolve_chance(rng)
    return game


def test_the_searching_levels_plan_concordia_and_grow_a_tree_in_municipium():
    assert ai.evaluator(turn_start(2, 1), "tuned").SEARCH == "plan"
    municipium = engine.new_game("municipium", 2, seed=1)
    assert getattr(ai.evaluator(municipium, "tuned"), "SEARCH", "tree") == "tree"


@pytest.mark.parametrize("turns", [1, 2])
def test_a_sample_plays_the_turn_then_each_rivals_turn_then_rates_the_seats_next_turn(
        monkeypatch, turns):
    """C-3.1: turns go round the table; the sample's seat plays its Architect turn out, each
    rival plays one turn, and the seat's next turn (a card to play, C-4) is what is rated;
    with two turns, the seat's best next turn is played and the rivals reply once more
    before the turn after is rated."""
    game = turn_start(3, seed=2)
    seat = game.current_player
    seen = []
    best_turn = plan.best_turn

    def rated(state, *args):
        seen.append(state)
        return (1.5, state, 0) if len(seen) == turns else best_turn(state, *args)

    monkeypatch.setattr(plan, "best_turn", rated)
    architect = next(i for i, action in enumerate(game.legal_actions())
                     if action.verb == "play" and CARDS[action.a][0] == "Architect")
    before = game.position()
    rating = plan.sample(game, architect, seat, ai.evaluator(game, "tuned"), random.Random(3),
                         turns)
    assert rating == 1.5 and game.position() == before and len(seen) == turns
    state = seen[-1]
    assert state.current_player == seat
    assert {action.verb for action in state.legal_actions()} == {"play"}
    actors = [entry.actor for entry in state.log.entries[len(game.log.entries):]
              if entry.actor >= 0]
    assert [turn for turn, _ in itertools.groupby(actors)] == [
        seat, (seat + 1) % 3, (seat + 2) % 3] * turns
    assert state.nhouses[seat] >= 1  # the Architect's turn was played out: it built


def test_the_next_turn_counts_the_best_of_the_seats_options():
    game = turn_start(2, seed=4)
    seat = game.current_player
    evaluation = ai.evaluator(game, "tuned")
    best, after, _ = plan.best_turn(game, seat, evaluation, random.Random(1))
    ratings = []
    for index in range(len(game.legal_actions())):
        child = game.clone()
        child.apply_index(index)
        ai.players.follow_up(child, seat, evaluation, random.Random(1), plan.TURN,
                             plan.OWN_WIDTH)
        ratings.append(ai.players.margin(evaluation.values(child), seat))
    assert min(ratings) < best <= max(ratings) + 1e-9
    assert after.current_player != seat
    assert ai.players.margin(evaluation.values(after), seat) == best


def test_the_sample_cap_follows_the_iterations_and_the_time_budget_is_kept():
    game = turn_start(4, seed=6)
    evaluation = ai.evaluator(game, "tuned")
    stats: dict = {}
    index = plan.plan_index(game, game.legal_actions(), evaluation, random.Random(1),
                            budget_ms=0, iterations=10 * plan.ITERATIONS_PER_SAMPLE,
                            stats=stats)
    assert stats["iterations"] == 10 and 0 <= index < len(game.legal_actions())
    stats = {}
    started = time.perf_counter()
    plan.plan_index(game, game.legal_actions(), evaluation, random.Random(1), budget_ms=150,
                    iterations=10**7, stats=stats)
    wall = time.perf_counter() - started
    assert stats["iterations"] >= 1
    assert wall <= 0.15 + stats["longest"] + 0.25, stats


@pytest.mark.parametrize("samples", [1, 3])
def test_fewer_samples_than_candidates_sample_fewer_candidates(samples):
    """With one sample the greedy rating's best is the answer; with three, one of its three
    best (every candidate sampled is sampled once)."""
    game = turn_start(2, seed=8)
    legal = game.legal_actions()
    evaluation = ai.evaluator(game, "tuned")
    order = ai.players.ranked(game, legal, evaluation, random.Random(5))
    index = plan.plan_index(game, legal, evaluation, random.Random(5), budget_ms=0,
                            iterations=samples * plan.ITERATIONS_PER_SAMPLE)
    assert index in order[:samples]


def test_out_of_time_the_greedy_ratings_best_is_the_answer():
    """A budget spent before any sample (the page's limit is a limit): the greedy rating's best,
    its options rated one ply deep once the rating's share of the time is gone."""
    game = turn_start(4, seed=9)
    legal = game.legal_actions()
    evaluation = ai.evaluator(game, "tuned")
    stats: dict = {}
    index = plan.plan_index(game, legal, evaluation, random.Random(5), budget_ms=1e-6,
                            stats=stats)
    assert stats["iterations"] == 0
    assert index == ai.players.ranked(game, legal, evaluation, random.Random(5), 0.0)[0]


def test_the_sampling_stops_once_one_candidate_is_clearly_best():
    """Four samples of each at least, and the best mean above every other by three standard
    errors of the difference; else the budget is used."""
    assert plan.clear({0: [5.0, 5.2, 4.9, 5.1], 1: [1.0, 1.3, 0.8, 1.1]})
    assert not plan.clear({0: [5.0, 5.2, 4.9], 1: [1.0, 1.3, 0.8]})  # too few samples
    assert not plan.clear({0: [5.0, 9.0, 1.0, 6.0], 1: [1.0, 7.0, 0.0, 2.0]})  # overlapping
    assert not plan.clear({0: [5.0, 5.2, 4.9, 5.1], 1: [1.0, 1.3, 0.8, 1.1],
                           2: [5.0, 4.9, 5.2, 5.0]})  # two alike at the top


def test_a_clear_decision_takes_a_fraction_of_the_budget():
    """The start of an Italia game: the greedy rating's five best cards, sampled until one is
    clearly best or the (long) budget runs out; some positions of a game stop early."""
    game = turn_start(2, seed=11)
    rng = random.Random(11)
    stopped = []
    for _ in range(12):
        if game.is_chance:
            game.resolve_chance(rng)
            continue
        stats: dict = {}
        index = ai.choose_index(game, "hard", seed=1, budget_ms=2000, stats=stats)
        stopped.append(bool(stats) and stats["seconds"] < 1.5 and stats["iterations"] >= 20)
        if stopped[-1]:
            break
        game.apply_index(index)
    assert any(stopped), stopped


def greedy_game(seed: int, steps: int) -> engine.Game:
    """A heads-up game on Italia after ``steps`` entries, every decision the greedy player's
    (medium's rule, the tuned weights) and every draw by ``Random(seed)``."""
    game = turn_start(2, seed)
    evaluation = ai.evaluator(game, "tuned")
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_chance:
            game.resolve_chance(rng)
        else:
            legal = game.legal_actions()
            game.apply_index(ai.players.greedy_index(game, legal, evaluation, rng))
    return game


def test_a_rival_opens_its_turn_as_the_greedy_player_does():
    """C-4.1, C-4.4: a card is worth what its steps bring. Here the one-ply rule (each card
    rated as laid down) would have the rival take its Tribune's cash; played out, the Prefect's
    goods rate best, and that is the card the greedy player (medium) plays too."""
    game = greedy_game(seed=2, steps=11)
    seat = game.current_player
    evaluation = ai.evaluator(game, "tuned")
    legal = game.legal_actions()
    first = []
    ai.players.follow_up(game.clone(), seat, evaluation, random.Random(0), 1, 99, first)
    laid_down = CARDS[legal[max(first)[2]].a][0]
    greedy = CARDS[legal[ai.players.greedy_index(game, legal, evaluation,
                                                 random.Random(0))].a][0]
    state, openings = game.clone(), {}
    plan.open_turn(state, seat, evaluation, random.Random(0), openings, (0, 1))
    opened = CARDS[openings[(0, 1)].a][0]
    assert (laid_down, opened, greedy) == ("Tribune", "Prefect", "Prefect")
    assert state.log.entries[-1].action == openings[(0, 1)]


def test_a_rivals_opening_is_found_once_per_candidate_and_kept_while_legal(monkeypatch):
    """The opening found in a candidate's first sample serves its later samples (it costs
    one played-out turn per candidate, not one per sample); one no longer legal is found
    again."""
    game = greedy_game(seed=2, steps=11)
    seat = game.current_player
    evaluation = ai.evaluator(game, "tuned")
    openings: dict = {}
    plan.open_turn(game.clone(), seat, evaluation, random.Random(0), openings, (0, 1))
    found = openings[(0, 1)]
    calls = []
    best_turn = plan.best_turn

    def counted(*args):
        calls.append(args)
        return best_turn(*args)

    monkeypatch.setattr(plan, "best_turn", counted)
    for seed in range(3):
        state = game.clone()
        plan.open_turn(state, seat, evaluation, random.Random(seed), openings, (0, 1))
        assert state.log.entries[-1].action == found
    assert not calls
    stale = next(action for action in greedy_game(seed=2, steps=0).legal_actions()
                 if action not in game.legal_actions())
    openings[(0, 1)] = stale
    plan.open_turn(game.clone(), seat, evaluation, random.Random(0), openings, (0, 1))
    assert len(calls) == 1 and openings[(0, 1)] in game.legal_actions()


def test_with_replies_each_rivals_turn_in_a_sample_opens_once(monkeypatch):
    """Three seats: one sample opens each rival's turn once, keyed by the candidate and the
    rival's place in the sample's order (C-3.1)."""
    game = turn_start(3, seed=2)
    seat = game.current_player
    keys = []
    open_turn = plan.open_turn

    def counted(state, player, evaluation, rng, openings, key):
        keys.append((player, key))
        open_turn(state, player, evaluation, rng, openings, key)

    monkeypatch.setattr(plan, "open_turn", counted)
    openings: dict = {}
    plan.sample(game, 0, seat, ai.evaluator(game, "tuned"), random.Random(3), 1, openings)
    assert keys == [((seat + 1) % 3, (0, 1)), ((seat + 2) % 3, (0, 2))]
    assert set(openings) == {(0, 1), (0, 2)}


@pytest.mark.parametrize("players, replies", [(2, True), (4, False)])
def test_hard_and_expert_open_the_rivals_turns_heads_up_only(monkeypatch, players, replies):
    """Heads-up the searching levels model their rival as the greedy player opens its turn
    (measured stronger against medium); at four seats by the one-ply rule (measured weaker
    with the openings: docs/computer-strength.md)."""
    game = turn_start(players, seed=5)
    seen = []

    def planned(game, legal, evaluation, rng, **options):
        seen.append(options["replies"])
        return 0

    monkeypatch.setattr(plan, "plan_index", planned)
    for level in ("hard", "expert"):
        ai.choose_index(game, level, seed=1)
    assert seen == [replies, replies]
