"""Rule-based Municipium players (issue 46): each decision is the one whose result scores best
by a plain human count (:func:`tally`): Decurions (M-3.2), the citizens and favours in hand
towards the next set, and the institutions where the seat leads (M-4.2), worth more where more
citizens wait for the next citizen event (M-6.4) and where the Prefect comes next (M-6.1).

Three plans (:data:`PLANS`), each a different way a human plays:

- ``collector`` collects citizens and completes sets, leading where the citizens are. One copy
  per option, rated at once: no look-ahead.
- ``racer`` races for Decurions by the short way: three items of any kind buy one at the
  Basilica (M-8.4), so it holds the Basilica and the Forum (a citizen taken from a rival,
  M-8.5), and exchanges as soon as it can. A Decurion now counts for more than the items it
  costs.
- ``politician`` contests the institutions and times the events: it leads where the next
  citizen brings an event (two citizens waiting, M-6.4), follows the Prefect two chambers
  ahead (M-6.1), values its wreaths (M-8.2) and its place in the Temple order (the ties,
  M-4.2), and counts its rivals' standing against its own more than the others do.

The racer and the politician plan their turn: an option is rated after the seat's own next
decisions of the turn are made by the same count (the second step of a move, the card, the
power it brings; :data:`Plan` ``depth``), a pending draw sampled once; the card to play is
rated over a few such samples. A few milliseconds a decision, no search.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.municipium.data import BASILICA, PREFECT_NEXT


class Plan(NamedTuple):
    """The weights of :func:`tally` (a Decurion is ``decurion``, 10 by default) and how far the
    player looks within its turn."""

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
    decurion: float = 10.0
    """A Decurion (M-3.2)."""
    powers: tuple[float, ...] = (0.0,) * 7
    """Leading at each institution 0..VI: the power it may exert there (M-8)."""
    basilica: float = 0.0
    """Per item held, up to three, while leading at the Basilica (the exchange, M-8.4)."""
    exchange_first: bool = False
    """Hand three items in for a Decurion whenever the Basilica offers it (M-8.4), unweighed."""
    imminent: float = 0.0
    """Per institution led where two citizens wait: the next one brings the event (M-6.4)."""
    prefect_after: float = 0.0
    """Leading at the chamber after the next one (M-1.6)."""
    prefect_second: float = 0.0
    """Second at the next chamber with 3-4 players: its citizen (M-6.1b)."""
    secure: float = 0.0
    """Per member of lead (up to two) at each institution led: a lead that holds."""
    elect: float = 0.0
    """Per elect member (a wreath: influence 2 everywhere, M-8.2)."""
    temple: float = 0.0
    """Per rival behind the seat in the Temple order (it wins the ties, M-4.2)."""
    depth: int = 0
    """The seat's own next decisions played by the count before an option is rated."""
    width: int = 10
    """At most this many options (a sample) are rated at each of those decisions."""
    samples: int = 1
    """Samples of the draws when rating the card to play (M-5.2)."""


PLANS: dict[str, Plan] = {
    # Collects citizens and completes sets; leads where the citizens are.
    "collector": Plan(item=2.5, cover=1.0, lead=0.8, waiting=0.8, second=0.3, prefect=1.5,
                      family=0.6, rivals=0.3),
    # Races for Decurions through the Basilica's exchange and the Forum's taking.
    "racer": Plan(item=2.5, cover=0.6, lead=0.6, waiting=0.6, second=0.2, prefect=1.2,
                  family=0.5, rivals=0.3, decurion=14.0,
                  powers=(0.0, 0.0, 0.0, 0.3, 2.0, 1.2, 0.4), basilica=0.8, secure=0.3,
                  depth=4, samples=3, exchange_first=True),
    # Contests the institutions, times the citizen events and follows the Prefect.
    "politician": Plan(item=2.2, cover=1.0, lead=0.8, waiting=1.0, second=0.6, prefect=2.5,
                       family=0.4, rivals=0.6, powers=(0.3, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6),
                       imminent=2.0, prefect_after=1.0, prefect_second=1.2, secure=0.5,
                       elect=1.5, temple=0.3, depth=4, samples=3),
}


def player(plan: Plan) -> Any:
    """The chooser ``(game, rng) -> index`` that plays ``plan``."""
    def choose(game: Any, rng: random.Random) -> int:
        legal = game.legal_actions()
        if len(legal) == 1:
            return 0
        seat = game.current_player
        if plan.exchange_first:
            exchange = [i for i, a in enumerate(legal) if getattr(a, "kind", "") == "exchange"]
            if exchange:
                return exchange[0]
        local = random.Random(rng.random()) if plan.depth else rng
        samples = plan.samples if plan.depth and game.stack[-1][0] == "card" else 1
        best, best_key = 0, None
        for index in range(len(legal)):
            total = 0.0
            for _ in range(samples):
                state = game.clone()
                state.apply_index(index)
                if plan.depth:
                    play_turn(state, seat, plan, local, plan.depth)
                total += standing(state, seat, plan)
            key = (total / samples, local.random())
            if best_key is None or key > best_key:
                best, best_key = index, key
        return best

    return choose


def standing(game: Any, seat: int, plan: Plan) -> float:
    """``seat``'s tally less ``plan.rivals`` of the best rival's."""
    rival = max(tally(game, s, plan) for s in range(game.players) if s != seat)
    return tally(game, seat, plan) - plan.rivals * rival


def play_turn(state: Any, seat: int, plan: Plan, rng: random.Random, depth: int) -> None:
    """Carry on ``seat``'s turn in ``state`` for up to ``depth`` of its decisions, each the
    best by :func:`standing` one step ahead; a draw on the way is made with ``rng``. Stops at
    another seat's decision or the end."""
    while depth and not state.is_over:
        if state.is_chance:
            state.resolve_chance(rng)
            continue
        if state.current_player != seat:
            return
        depth -= 1
        legal = state.legal_actions()
        best, best_key = 0, None
        if len(legal) > 1:
            options = range(len(legal))
            if len(legal) > plan.width:
                options = rng.sample(options, plan.width)
            for index in options:
                child = state.clone()
                child.apply_index(index)
                key = (standing(child, seat, plan), rng.random())
                if best_key is None or key > best_key:
                    best, best_key = index, key
        state.apply_index(best)


def tally(game: Any, seat: int, plan: Plan) -> float:
    """What ``seat`` holds and leads, counted plainly (see the module's notes)."""
    hand = game.hand[seat]
    favours = game.favours[seat]
    items = sum(hand) + favours
    score = plan.decurion * game.decurions[seat] + plan.item * items
    score += plan.cover * min(4, 4 - hand.count(0) + favours)
    score += plan.family * sum(game.family[seat])
    score += plan.elect * sum(game.elect[seat])
    if plan.temple:
        score += plan.temple * (game.players - 1 - game.temple.index(seat))
    if not game.stack:
        return score
    following = PREFECT_NEXT[game.prefect]
    after = PREFECT_NEXT[following]
    for inst in range(7):
        ranks = game.ranking_at(inst)
        waiting = sum(game.cit[inst])
        if ranks[:1] == [seat]:
            score += plan.lead + plan.waiting * waiting + plan.powers[inst]
            if waiting == 2:
                score += plan.imminent
            if plan.secure:
                mine = game.influence_at(inst)
                others = max((v for s, v in enumerate(mine) if s != seat), default=0)
                score += plan.secure * min(2, mine[seat] - others)
            if inst == following and game.favour_space[inst]:
                score += plan.prefect
            if inst == after and game.favour_space[inst]:
                score += plan.prefect_after
            if inst == BASILICA:
                score += plan.basilica * min(3, items)
        elif ranks[1:2] == [seat]:
            score += plan.second * waiting
            if inst == following and game.players > 2 and game.chamber[inst] >= 0:
                score += plan.prefect_second
    return score
