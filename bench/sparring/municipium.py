"""Rule-based Municipium players (issue 46): each decision is the one whose immediate result
scores best by a plain human count (:func:`tally`): Decurions (M-3.2), the citizens and favours
in hand towards the next set, and the institutions where the seat leads (M-4.2), worth more where
more citizens wait for the next citizen event (M-6.4) and where the Prefect comes next (M-6.1).
No look-ahead: one copy per option, rated at once; a few milliseconds a decision.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.municipium.data import PREFECT_NEXT


class Plan(NamedTuple):
    """The weights of :func:`tally` (a Decurion is 10)."""

    item: float
    """Per citizen or favour held."""
    cover: float
    """Per citizen type of the next set covered (favours are wild, M-6.3)."""
    lead: float
    """Per institution led, plus ``waiting`` per citizen waiting there."""
    waiting: float
    second: float
    """Per citizen waiting where the seat is second (it takes the third citizen, M-6.4)."""
    prefect: float
    """Leading at the institution the Prefect visits next (its favour, M-6.1)."""
    family: float
    """Per face-up family card kept (M-1.7)."""
    rivals: float
    """Share of the best rival's tally taken off."""


PLANS: dict[str, Plan] = {
    # Collects citizens and completes sets; leads where the citizens are.
    "collector": Plan(item=2.5, cover=1.0, lead=0.8, waiting=0.8, second=0.3, prefect=1.5,
                      family=0.6, rivals=0.3),
}


def player(plan: Plan) -> Any:
    """The chooser ``(game, rng) -> index`` that plays ``plan``."""
    def choose(game: Any, rng: random.Random) -> int:
        legal = game.legal_actions()
        if len(legal) == 1:
            return 0
        seat = game.current_player
        best, best_key = 0, None
        for index in range(len(legal)):
            state = game.clone()
            state.apply_index(index)
            tallies = [tally(state, s, plan) for s in range(state.players)]
            rival = max(t for s, t in enumerate(tallies) if s != seat)
            key = (tallies[seat] - plan.rivals * rival, rng.random())
            if best_key is None or key > best_key:
                best, best_key = index, key
        return best

    return choose


def tally(game: Any, seat: int, plan: Plan) -> float:
    """What ``seat`` holds and leads, counted plainly (see the module's notes)."""
    hand = game.hand[seat]
    favours = game.favours[seat]
    score = 10.0 * game.decurions[seat] + plan.item * (sum(hand) + favours)
    score += plan.cover * min(4, 4 - hand.count(0) + favours)
    score += plan.family * sum(game.family[seat])
    if not game.stack:
        return score
    following = PREFECT_NEXT[game.prefect]
    for inst in range(7):
        ranks = game.ranking_at(inst)
        waiting = sum(game.cit[inst])
        if ranks[:1] == [seat]:
            score += plan.lead + plan.waiting * waiting
            if inst == following and game.favour_space[inst]:
                score += plan.prefect
        elif ranks[1:2] == [seat]:
            score += plan.second * waiting
    return score
