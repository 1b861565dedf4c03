"""A quick slice of ``bench/tune_eval.py`` (issue 17): weight sets become evaluations, the
paired games mirror each other, and an SPSA step moves the weights toward the side that won."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only  # bench/ runs in CPython, never in the browser
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import tune_eval  # noqa: E402

from engine.ai import eval_concordia, eval_municipium  # noqa: E402


@pytest.mark.parametrize("title,module", [("concordia", eval_concordia),
                                          ("municipium", eval_municipium)])
def test_a_weight_set_becomes_an_evaluation_with_those_weights(title, module):
    plain = tune_eval.weights_of(title)
    assert plain == module.PLAIN._asdict()
    assert tune_eval.weights_of(title, "TUNED") == module.TUNED._asdict()
    doubled = {name: 2 * value for name, value in plain.items()}
    evaluation = tune_eval.variant(title, doubled)
    assert evaluation.weights == module.Weights(**doubled)
    assert evaluation.SCALE == module.SCALE


def test_the_paired_games_of_one_seed_mirror_each_other():
    """The same seed is played twice with the seats swapped: between equal weights the two
    games are the same game, so one side's shares add up to exactly one win."""
    plain = tune_eval.weights_of("municipium")
    shares = [tune_eval.play(("municipium", (plain, plain), first, 7, "medium", 0, 2))
              for first in (0, 1)]
    assert sum(shares) == pytest.approx(1.0)
    assert all(share in (0.0, 0.5, 1.0) for share in shares)


def test_an_spsa_step_moves_every_weight_toward_the_winning_side(monkeypatch):
    """When the plus side wins every game, each weight moves the way its perturbation went:
    up where plus had it larger, down where smaller."""
    perturbed = {}

    def match(pool, title, plus, minus, games, seed, player, iterations, players):
        perturbed.update({name: plus[name] > minus[name] for name in plus})
        return tune_eval.Score(games // 2, games // 2, 0.0)  # the plus side won every game

    monkeypatch.setattr(tune_eval, "match", match)
    start = tune_eval.weights_of("concordia")
    args = argparse.Namespace(game="concordia", steps=1, games=4, a=0.6, c=0.25, seed=3,
                              player="medium", iterations=0, players=2)
    tuned = tune_eval.spsa(None, args, start)
    off = {name for name, value in start.items() if value == 0.0}
    assert {"build", "rich_ramp"} <= off
    assert all(tuned[name] == 0.0 for name in off)  # a term switched off stays off
    for name, value in tuned.items():
        if name in off:
            continue
        assert (value > start[name]) == perturbed[name], name
        assert math.isclose(abs(math.log(value / start[name])), 0.6 / 2 ** 0.602 * 0.5 / (2 * 0.25),
                            rel_tol=1e-9)


class InProcess:
    """A pool that plays the games in this process."""

    map = staticmethod(map)


def test_four_player_pairs_put_each_side_alone_at_the_same_seat():
    """``--players 4``: a pair plays one seed twice, each side once alone at the same seat
    against three of the other; between equal weights the two games are the same game, so
    the lone shares are equal and the edge is exactly zero."""
    plain = tune_eval.weights_of("concordia")
    score = tune_eval.match(InProcess(), "concordia", plain, dict(plain), 2, 11, "medium", 0, 4)
    assert score.pairs == 1
    assert score.a_alone == score.b_alone and 0.0 <= score.a_alone <= 1.0
    assert score.edge == 0.0


def test_a_pair_swaps_the_weights_at_one_seat_and_seed_and_the_seat_goes_round(monkeypatch):
    """The jobs of a four-player match: each pair is one seed with ``a`` alone, then ``b``
    alone, at the same seat; from pair to pair the lone seat moves one place round the table."""
    played = []
    monkeypatch.setattr(tune_eval, "play", lambda job: played.append(job) or 0.0)
    a, b = {"card": 1.0}, {"card": 2.0}
    tune_eval.match(InProcess(), "concordia", a, b, 10, 50, "medium", 0, 4)
    assert len(played) == 10
    for pair in range(5):
        first, second = played[2 * pair], played[2 * pair + 1]
        assert first[1] == (a, b) and second[1] == (b, a)
        assert first[2] == second[2] == pair % 4 and first[3] == second[3] == 50 + pair
        assert first[6] == second[6] == 4
