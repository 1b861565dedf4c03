"""The game protocol (engine/core): checking, logging, replay, chance, errors, setup options."""

from __future__ import annotations

import random

import pytest

import engine
from engine import CHANCE, TERMINAL, IllegalAction, SetupError
from tests import playing
from tests.toy_game import HOLD, ROLL


def play_out(game, seed: int = 1):
    """``game`` finished by uniformly random decisions and draws from ``seed``."""
    rng = random.Random(seed)
    playing.play_out(game, playing.uniform(rng), rng)
    return game


def test_new_game_resolves_setup_chance_with_the_seed(toy):
    a = engine.new_game("toy", 2, seed=5)
    b = engine.new_game("toy", 2, seed=5)
    assert not a.is_chance
    assert a.current_player in (0, 1)
    assert a.log == b.log
    assert a.log.entries[0].actor == CHANCE


def test_given_start_player_needs_no_draw(toy):
    game = engine.new_game("toy", 3, start_player=2)
    assert game.current_player == 2
    assert len(game.log) == 0


def test_legal_actions_and_illegal_action_leave_game_unchanged(toy):
    game = engine.new_game("toy", 2, start_player=0)
    assert game.legal_actions() == [ROLL]
    before = game.position()
    with pytest.raises(IllegalAction) as caught:
        game.apply(HOLD)
    assert caught.value.rule == "T-1"
    assert "roll at least once" in str(caught.value) and "(T-1)" in str(caught.value)
    assert game.position() == before and len(game.log) == 0


def test_chance_node_outcomes_and_forced_outcome(toy):
    game = engine.new_game("toy", 2, start_player=0)
    game.apply(ROLL)
    assert game.is_chance and game.current_player == CHANCE
    assert game.legal_actions() == []
    outcomes = game.chance_outcomes()
    assert [o for o, _ in outcomes] == [1, 2, 3]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    with pytest.raises(IllegalAction):
        game.apply(6)
    game.apply(3)
    assert game.legal_actions() == [ROLL, HOLD]
    assert game.log.entries[-1] == engine.Entry(CHANCE, 3)


def test_resolve_chance_follows_probabilities(toy):
    counts = {1: 0, 2: 0, 3: 0}
    rng = random.Random(3)
    for _ in range(3000):
        game = engine.new_game("toy", 2, start_player=0)
        game.apply(ROLL)
        counts[game.resolve_chance(rng)] += 1
    assert counts[1] > counts[2] > counts[3] > 300


def test_replay_rebuilds_identical_game(toy):
    game = play_out(engine.new_game("toy", 3, seed=11, names=["Ann", "Bo", "Cy"]))
    assert game.is_over and game.current_player == TERMINAL
    again = engine.replay(game.log)
    assert again.position() == game.position()
    assert again.log == game.log and again.indices == game.indices
    assert [e.key for e in again.events] == [e.key for e in game.events]


def test_replay_of_prefix_is_undo(toy):
    game = play_out(engine.new_game("toy", 2, seed=2))
    positions = []
    for length in range(len(game.log) + 1):
        positions.append(engine.replay(game.log.prefix(length)).position())
    assert positions[-1] == game.position()
    assert len(set(positions)) > 3


def test_replay_rejects_a_tampered_log(toy):
    game = play_out(engine.new_game("toy", 2, seed=4))
    entries = list(game.log.entries)
    first_decision = next(i for i, e in enumerate(entries) if e.actor != CHANCE)
    entries[first_decision] = engine.Entry(entries[first_decision].actor, HOLD)
    with pytest.raises(IllegalAction, match=f"log entry {first_decision + 1}"):
        engine.replay(engine.GameLog(game.setup, tuple(entries)))


def test_apply_after_the_end_is_refused(toy):
    game = play_out(engine.new_game("toy", 2, seed=9))
    with pytest.raises(IllegalAction, match="over"):
        game.apply(ROLL)
    assert game.legal_actions() == [] and game.chance_outcomes() == []


def test_result_ranks_and_breakdown(toy):
    game = play_out(engine.new_game("toy", 3, seed=21))
    result = game.result()
    assert [r.seat for r in result] == [0, 1, 2]
    best = max(r.score for r in result)
    assert all((r.rank == 1) == (r.score == best) for r in result)
    assert all(dict(r.breakdown)["banked"] == r.score for r in result)


def test_rank_seats_shares_ties():
    from engine.core.protocol import rank_seats

    assert rank_seats([(5, 1), (7, 0), (5, 1), (2, 9)]) == [2, 1, 2, 4]


def test_clone_is_independent(toy):
    game = engine.new_game("toy", 2, seed=1)
    copy = game.clone()
    play_out(copy)
    assert copy.is_over and not game.is_over
    assert len(game.log) < len(copy.log)


def test_events_name_their_log_entry(toy):
    game = play_out(engine.new_game("toy", 2, seed=8, names=["Ann", "Bo"]))
    holds = [e for e in game.events if e.key == "hold"]
    assert holds
    for event in holds:
        assert game.log.entries[event.entry].action == HOLD
        assert game.event_text(event).split(" banks ")[0] in ("Ann", "Bo")


@pytest.mark.parametrize(("players", "options", "message"), [
    (1, {}, "2–3 players"),
    (4, {}, "2–3 players"),
    ("2", {}, "2–3 players"),
    (2, {"target": 15}, "cannot be 15"),
    (2, {"target": True}, "cannot be True"),
    (2, {"speed": 1}, "no option 'speed'"),
    (2, {"start_player": 2}, "start_player"),
])
def test_bad_setups_are_refused_clearly(toy, players, options, message):
    with pytest.raises(SetupError, match=message):
        engine.new_game("toy", players, **options)


def test_unknown_game_and_wrong_name_count(toy):
    with pytest.raises(SetupError, match="unknown game"):
        engine.new_game("chess", 2)
    with pytest.raises(SetupError, match="3 names needed"):
        engine.new_game("toy", 3, names=["a"])


def test_games_registry_lists_both_titles_with_defaults():
    assert set(engine.GAMES) == {"municipium", "concordia"}
    assert engine.GAMES["municipium"].defaults["short"] is False
    assert engine.GAMES["municipium"].defaults["chamber_citizens"] == "per-chamber"
    assert engine.GAMES["concordia"].defaults["map"] == "imperium"
    codes = [info.code for info in engine.GAMES.values()]
    assert len(set(codes)) == len(codes)
