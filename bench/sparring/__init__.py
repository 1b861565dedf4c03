"""Sparring partners (issue 46): rule-based players written in the style of human play, to
measure the computer's levels against opponents that do not share its evaluation.

Each player is a chooser ``(game, rng) -> index`` of a decision in ``game.legal_actions()``
(:data:`engine.ai.selfplay.Chooser`), plays only what the engine offers, makes a decision in a
few milliseconds and never searches: a Concordia player simulates each card of its hand once,
with its own fixed rules for the card's steps, and keeps the card whose turn leaves it best
placed for its plan (:mod:`sparring.concordia`); the Municipium players take the move that most
improves a plain count of what they hold and where they lead, the racer and the politician
after playing out the rest of their turn by it (:mod:`sparring.municipium`).

    from sparring import PLAYERS
    choose = PLAYERS["concordia"]["builder"]
    index = choose(game, random.Random(7))

:data:`PLAYERS` names them per title; ``bench/sparring_tournament.py`` measures every level
against each of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sparring import concordia, municipium

Chooser = Callable[[Any, Any], int]

PLAYERS: dict[str, dict[str, Chooser]] = {
    "concordia": {name: concordia.player(plan) for name, plan in concordia.PLANS.items()},
    "municipium": {name: municipium.player(plan) for name, plan in municipium.PLANS.items()},
}
"""The sparring players by title and name."""
