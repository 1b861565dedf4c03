"""The planning search: each candidate decision is rated by where the seat's *next* turn can
take it, not only by the position at the end of this one (issue 46).

A one-turn rating (the greedy player, and the tree search's leaves) cannot see a plan of two
turns: goods bought now for the house or the card the seat can take next turn, a Prefect held
back until its province is full. Here a candidate is played out as a whole sample of the game's
near future, and rated at its end:

1. the seat finishes its turn by the one-ply rule (:func:`engine.ai.players.follow_up`);
2. every other seat plays its next turn by the same rule (its likely reply), the draws on the
   way sampled from ``chance_outcomes()`` (never peeked); with ``replies`` (the levels'
   ``Level.replies``) its turn opens as a greedy player opens it, each option's turn played
   out (:func:`open_turn`): a card is worth what its steps bring, not what it is worth laid
   down (a Tribune's cash rated above a Prefect's goods);
3. the seat's next turn is played from each of its options, and the best of them counts.

The candidates are the greedy rating's best few (:func:`engine.ai.players.ranked`); samples are
drawn for each in turn until the time budget or the sample cap is spent or one candidate is
clearly best (:func:`clear`), and the candidate of the best mean margin over the best rival is
the decision. A game that ends on the way is rated by its result (the evaluation's ``values``
of a finished game). A level may plan further (``turns``): its next turns but the last are then
each its best option (:func:`best_turn`), followed by its rivals' replies; measured, three turns
planned played worse than two (docs/computer-strength.md).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Hashable

from engine.ai.players import follow_up, margin, ranked
from engine.core.protocol import CHANCE

TURN = 40
"""At most this many decisions of one seat's turn are played out."""

OWN_WIDTH = 12
"""Options rated per decision of the seat's own turns (a random sample when more)."""

RIVAL_WIDTH = 6
"""Options rated per decision of a rival's turn."""

NEXT_OPTIONS = 12
"""At most this many options of the seat's next turn are played out (a random sample)."""

ITERATIONS_PER_SAMPLE = 8
"""A sample costs about as much as this many iterations of the tree search (a Concordia sample
plays two turns of the seat's and one of each rival's): a level's iteration cap, or a fixed
budget of the benchmarks and tests, buys this many times fewer samples."""

CANDIDATES = 5
"""The greedy rating's best this many options are sampled (unless the level says otherwise)."""

RATING_SHARE = 0.4
"""At most this share of the time budget goes to the greedy rating of the options."""


def plan_index(game: Any, legal: list[Hashable], evaluation: Any, rng: random.Random,
               budget_ms: float = 300.0, iterations: int = 3000, candidates: int = 0,
               stats: dict | None = None, turns: int = 1, replies: bool = False) -> int:
    """The index in ``legal`` of the candidate whose samples (see the module's notes) give
    the best mean margin, after ``budget_ms`` milliseconds (0: no limit) or the samples that
    ``iterations`` of the tree search would cost (:data:`ITERATIONS_PER_SAMPLE`), whichever
    comes first: the candidates are sampled in turn (fewer candidates when the samples are
    fewer), and when the time runs out before any sample, the greedy rating's best is the
    answer. ``turns``: how many of the seat's next turns a sample plays (:func:`sample`);
    ``replies``: the rivals open their turns as :func:`open_turn` says.
    ``stats``, if given, receives the samples (as ``iterations``), the seconds and the
    longest sample's seconds."""
    candidates = candidates or CANDIDATES
    samples = max(1, iterations // ITERATIONS_PER_SAMPLE)
    started = time.perf_counter()
    deadline = started + budget_ms / 1000.0 if budget_ms else math.inf
    order = ranked(game, legal, evaluation, rng,
                   started + (deadline - started) * RATING_SHARE)
    chosen = order[:max(1, min(candidates, samples))]
    if len(chosen) == 1:
        return chosen[0]
    seat = game.current_player
    ratings: dict[int, list[float]] = {index: [] for index in chosen}
    done = 0
    longest = 0.0
    now = time.perf_counter()
    openings: dict | None = {} if replies else None
    while done < samples and now < deadline:
        index = chosen[done % len(chosen)]
        ratings[index].append(sample(game, index, seat, evaluation, rng, turns, openings))
        done += 1
        before, now = now, time.perf_counter()
        longest = max(longest, now - before)
        if done % len(chosen) == 0 and clear(ratings):
            break
    if stats is not None:
        stats.update(iterations=done, seconds=now - started, reused=0, longest=longest,
                     indifferent=False)
    sampled = [i for i in chosen if ratings[i]]
    if not sampled:  # the rating took the time: its best
        return chosen[0]
    return max(sampled, key=lambda i: (_mean(ratings[i]), -chosen.index(i)))


CLEAR_SAMPLES = 4
CLEAR_Z = 3.0
"""The sampling stops early when, with at least :data:`CLEAR_SAMPLES` samples of every
candidate, the best mean is above every other by :data:`CLEAR_Z` standard errors of the
difference: the rest of the budget would not change the answer (a step with one good option,
the last card of a turn that is plainly right, takes a fraction of the time)."""


def clear(ratings: dict[int, list[float]]) -> bool:
    """True when one candidate's samples are clearly best (:data:`CLEAR_Z`)."""
    if min(len(values) for values in ratings.values()) < CLEAR_SAMPLES:
        return False
    moments = sorted(((_mean(v), _variance(v) / len(v)) for v in ratings.values()),
                     reverse=True)
    best, spread = moments[0]
    return all(best - mean > CLEAR_Z * math.sqrt(spread + other) for mean, other in moments[1:])


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _variance(values: list[float]) -> float:
    mean = _mean(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1)


def sample(game: Any, index: int, seat: int, evaluation: Any, rng: random.Random,
           turns: int = 1, openings: dict | None = None) -> float:
    """One sample of candidate ``index``: the seat's margin after its next turn, played as the
    module's notes say; with ``turns`` above 1 the seat's next turns but the last are each
    its best option (:func:`best_turn`) followed by its rivals' replies. ``openings``, if
    given, keeps the rivals' openings (:func:`open_turn`) from sample to sample."""
    state = game.clone()
    state.apply_index(index)
    others = False
    previous = seat
    order = 0
    while not state.is_over:
        player = state.current_player
        if player == CHANCE:
            weights = [p for _, p in state.chance_outcomes()]
            state.apply_index(rng.choices(range(len(weights)), weights=weights)[0])
            continue
        if player != seat:
            others = True
            if openings is not None and player != previous:
                order += 1
                open_turn(state, player, evaluation, rng, openings, (index, order))
            follow_up(state, player, evaluation, rng, TURN, RIVAL_WIDTH)
        elif not others:
            follow_up(state, seat, evaluation, rng, TURN, OWN_WIDTH)
        elif turns > 1:
            turns -= 1
            others = False
            state = best_turn(state, seat, evaluation, rng)[1]
        else:
            return best_turn(state, seat, evaluation, rng)[0]
        previous = player
    return margin(evaluation.values(state), seat)


def open_turn(state: Any, player: int, evaluation: Any, rng: random.Random,
              openings: dict, key: tuple[int, int]) -> None:
    """Play ``player``'s opening decision of its turn in ``state`` as the greedy player does:
    the option whose turn played out rates best for it (:func:`best_turn`), found in the
    first sample of a candidate and kept in ``openings`` under ``key`` (the candidate and the
    rival's place in the sample's order) for its later samples, while it is legal."""
    legal = state.legal_actions()
    action = openings.get(key)
    if action is None or action not in legal:
        action = legal[best_turn(state, player, evaluation, rng)[2]]
        openings[key] = action
    state.apply_index(legal.index(action))


def best_turn(state: Any, seat: int, evaluation: Any, rng: random.Random
              ) -> tuple[float, Any, int]:
    """The best margin the seat reaches by its next turn, from each of its options (at most
    :data:`NEXT_OPTIONS`) played out by the one-ply rule, the position it leads to and the
    option's index."""
    options = range(len(state.legal_actions()))
    if len(options) > NEXT_OPTIONS:
        options = rng.sample(options, NEXT_OPTIONS)
    best, after, chosen = -math.inf, state, 0
    for index in options:
        child = state.clone()
        child.apply_index(index)
        follow_up(child, seat, evaluation, rng, TURN, OWN_WIDTH)
        rating = margin(evaluation.values(child), seat)
        if rating > best:
            best, after, chosen = rating, child, index
    return best, after, chosen
