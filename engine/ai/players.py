"""The greedy player: the decision whose position the game's evaluation rates best.

Decisions are atomic (a Concordia turn is a card and then its steps; a Municipium turn is the
member moves and then a card), so a decision is rated after the deciding seat's following
decisions are made too, each by the one-ply rule: playing the Architect is worth the houses it
builds, not the empty position right after the card is laid down.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Hashable

FOLLOW_UP = 8
"""At most this many decisions of the same seat are played out before rating."""
WIDTH = 12
"""In a follow-up, at most this many options (a random sample) are rated per decision."""


def greedy_index(game: Any, legal: list[Hashable], evaluation: Any, rng: random.Random) -> int:
    """The index of the best decision for the deciding seat against its strongest rival, each
    rated after its follow-up (ties broken by ``rng``). A pending draw is left undrawn: the
    evaluation rates the position as it stands."""
    return ranked(game, legal, evaluation, rng)[0]


def ranked(game: Any, legal: list[Hashable], evaluation: Any, rng: random.Random,
           deadline: float = math.inf) -> list[int]:
    """The indices of ``legal``, best first by the greedy rating (see :func:`greedy_index`),
    those that are not :func:`sensible` left out.
    Options still to rate once ``deadline`` (a ``time.perf_counter()`` value) has passed are
    rated without their follow-up, so that a search keeps its time budget."""
    seat = game.current_player
    keys = []
    for index in sensible(game, legal, evaluation):
        child = game.clone()
        child.apply_index(index)
        if deadline == math.inf or time.perf_counter() < deadline:
            follow_up(child, seat, evaluation, rng)
        keys.append((margin(evaluation.values(child), seat), rng.random(), index))
    keys.sort(reverse=True)
    return [index for _, _, index in keys]


def sensible(game: Any, legal: list[Hashable], evaluation: Any) -> list[int]:
    """The indices of ``legal`` the computer considers: all but those the evaluation calls
    ``pointless`` (a move that only undoes an earlier one), unless that leaves none."""
    pointless = getattr(evaluation, "pointless", None)
    if pointless is None:
        return list(range(len(legal)))
    kept = [i for i, action in enumerate(legal) if not pointless(game, action)]
    return kept or list(range(len(legal)))


def follow_up(state: Any, seat: int, evaluation: Any, rng: random.Random,
              limit: int = FOLLOW_UP, width: int = WIDTH, first: list | None = None) -> None:
    """Play ``seat``'s next decisions in ``state`` by the one-ply rule while it is theirs.
    ``first``, if given, receives the ratings of the first decision's options (``(margin,
    tie-break, index)``, those rated: at most ``width``)."""
    while limit and state.current_player == seat:
        limit -= 1
        legal = state.legal_actions()
        best, best_key = 0, None
        if len(legal) > 1:
            options = range(len(legal))
            if len(legal) > width:
                options = rng.sample(options, width)
            for index in options:
                child = state.clone()
                child.apply_index(index)
                key = (margin(evaluation.values(child), seat), rng.random())
                if first is not None:
                    first.append((*key, index))
                if best_key is None or key > best_key:
                    best, best_key = index, key
        first = None
        state.apply_index(best)


def margin(values: list[float], seat: int) -> float:
    """``seat``'s value minus the best of the others', each of those without the part of it
    that counts in that seat's own rating only (the values' ``own``, where the evaluation
    gives one: :class:`engine.ai.eval_concordia.Values`)."""
    own = getattr(values, "own", None)
    if own is None:
        return values[seat] - max(v for s, v in enumerate(values) if s != seat)
    return values[seat] - max(v - own[s] for s, v in enumerate(values) if s != seat)
