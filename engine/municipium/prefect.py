"""The Prefect event (M-6.1, M-6.2)."""

from __future__ import annotations

from typing import Any

from engine.municipium import rulings
from engine.municipium.citizens import draw_chamber_citizens, gain_citizen
from engine.municipium.data import CITIZEN_TYPES, PREFECT_NEXT
from engine.municipium.influence import ranking
from engine.municipium.scoring import take_sets


def prefect_visit(game: Any, seat: int, rule: str) -> None:
    """Move the Prefect to the next chamber (M-1.6) and resolve the event there at once."""
    inst = PREFECT_NEXT[game.prefect]
    game.prefect = inst
    game.emit("prefect_moves", rule, seat=seat, inst=inst)
    order = ranking(game, inst)
    if order and game.favour_space[inst]:
        game.favour_space[inst] = 0
        game.favours[order[0]] += 1
        game.emit("take_favour", "M-6.1", seat=order[0], inst=inst)
        take_sets(game, order[0])
    citizen = game.chamber[inst]
    if citizen >= 0:
        game.chamber[inst] = -1
        if len(order) >= 2:
            game.emit("take_chamber_citizen", "M-6.1", seat=order[1], inst=inst,
                      ctype=CITIZEN_TYPES[citizen])
            gain_citizen(game, order[1], citizen)
        else:
            game.bag[citizen] += 1
            game.emit("chamber_citizen_to_bag", "M-6.1", inst=inst, ctype=CITIZEN_TYPES[citizen])
    if not game.favour_space[inst]:
        if game.favour_supply:
            game.favour_supply -= 1
            game.favour_space[inst] = 1
            game.emit("refill_favour", "M-6.2", inst=inst)
        else:
            assert rulings.FAVOUR_REFILL_FROM_EMPTY_SUPPLY_WAITS
            game.emit("no_favour_to_refill", "M-6.2", inst=inst)
    assert rulings.SINGLE_CHAMBER_CHOOSER == "active"
    draw_chamber_citizens(game, (inst,), game.active)
