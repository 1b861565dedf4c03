"""Citizens: bag draws (M-6.7), placing (M-1.3, M-7.2, M-7.3, M-8.3), citizen events (M-6.4)
and chamber citizens (M-6.5).

Draw steps are pushed only when the bag holds a citizen (M-6.7 RULING: an impossible draw is
skipped), so a chance step always has outcomes.
"""

from __future__ import annotations

from typing import Any

from engine.core.protocol import CHANCE
from engine.core.stack import AUTO, Step, auto, chance, decision
from engine.municipium import rulings
from engine.municipium.actions import ChamberChoice, Keep, PlaceCitizen
from engine.municipium.data import CHAMBER_FITS, CITIZEN_PLACES, CITIZEN_TYPES
from engine.municipium.influence import ranking
from engine.municipium.scoring import take_sets

_TYPE_INDEX = {name: index for index, name in enumerate(CITIZEN_TYPES)}
DRAW_RULES = {"visit": "M-7.2", "invite": "M-7.3", "emporium": "M-8.3", "basilica": "M-8.4",
              "chamber": "M-6.5", "single": "M-6.5"}


def push_draw(game: Any, purpose: str, seat: int) -> bool:
    """Push a bag draw for ``purpose`` (``seat``: who gets it, or the chamber), or skip it when
    the bag is empty (M-6.7). Returns whether a draw was pushed."""
    if not sum(game.bag):
        assert rulings.EMPTY_BAG_SKIPS_DRAW
        game.emit("bag_empty", "M-6.7", purpose=purpose)
        return False
    game.stack.append(DrawStep(CHANCE, purpose, seat))
    return True


def _draw_outcomes(game: Any, step: Step) -> list:
    total = sum(game.bag)
    return [(CITIZEN_TYPES[t], count / total) for t, count in enumerate(game.bag) if count]


def _apply_draw(game: Any, step: Step, outcome: str) -> None:
    purpose, seat = step.purpose, step.seat
    ctype = _TYPE_INDEX[outcome]
    game.bag[ctype] -= 1
    game.stack.pop()
    rule = DRAW_RULES[purpose]
    if purpose == "chamber":
        game.chamber[seat] = ctype
        game.emit("chamber_citizen", rule, ctype=outcome, inst=seat)
        return
    if purpose == "single":
        game.emit("single_drawn", rule, ctype=outcome)
        game.stack.append(SinglePlaceStep(seat, ctype))
        return
    game.emit("draw_citizen", rule, seat=seat, ctype=outcome)
    if purpose == "basilica":
        gain_citizen(game, seat, ctype)
    elif purpose == "invite":
        _, actor, who, left, held = game.stack[-1]
        game.stack[-1] = InviteStep(actor, who, left, _add(held, ctype, 1))
    else:
        game.stack.append(PlaceStep(seat, _add((0, 0, 0, 0), ctype, 1), purpose))


def _add(held: tuple, ctype: int, amount: int) -> tuple:
    items = list(held)
    items[ctype] += amount
    return tuple(items)


def gain_citizen(game: Any, seat: int, ctype: int) -> None:
    """A player gains a citizen (M-3.1), then the compulsory exchange (M-3.2)."""
    game.hand[seat][ctype] += 1
    take_sets(game, seat)


# ------------------------------------------------------------------------------- placing
def _place_legal(game: Any, step: Step) -> list:
    held = step.held
    return [PlaceCitizen(ctype, inst) for ctype in range(4) if held[ctype]
            for inst in CITIZEN_PLACES[ctype]]


def _place_apply(game: Any, step: Step, action: PlaceCitizen) -> None:
    _, seat, held, purpose = step
    held = _add(held, action.ctype, -1)
    if any(held):
        game.stack[-1] = PlaceStep(seat, held, purpose)
    else:
        game.stack.pop()
    place_citizen(game, seat, action.ctype, action.inst, DRAW_RULES[purpose])


def place_citizen(game: Any, seat: int, ctype: int, inst: int, rule: str) -> None:
    """Put a citizen on ``inst``; with three there, the citizen event interrupts (M-6.4)."""
    citizens = game.cit[inst]
    citizens[ctype] += 1
    game.emit("place_citizen", rule, seat=seat, ctype=CITIZEN_TYPES[ctype], inst=inst)
    if sum(citizens) >= 3:
        game.stack.append(CitizenEventStep(AUTO, inst))


def _invite_run(game: Any, step: Step) -> None:
    """M-7.3: draw up to four citizens first (one chance step each), then place them."""
    _, actor, seat, left, held = step
    if left and sum(game.bag):
        game.stack[-1] = InviteStep(actor, seat, left - 1, held)
        push_draw(game, "invite", seat)
        return
    if left:
        game.emit("bag_empty", "M-6.7", purpose="invite")
    game.stack.pop()
    if any(held):
        game.stack.append(PlaceStep(seat, held, "invite"))


def _visit_run(game: Any, step: Step) -> None:
    """M-7.2: from the active player clockwise, each player draws and places one citizen."""
    _, actor, k = step
    if k == game.n:
        game.stack.pop()
        return
    game.stack[-1] = VisitStep(actor, k + 1)
    push_draw(game, "visit", (game.active + k) % game.n)


# -------------------------------------------------------------------------- citizen event
def keep_options(citizens: list[int]) -> list[Keep]:
    """The distinct pairs of types the rank-1 player may keep out of the three (M-6.4a)."""
    options = []
    for first in range(4):
        for second in range(first, 4):
            need = [0, 0, 0, 0]
            need[first] += 1
            need[second] += 1
            if all(need[t] <= citizens[t] for t in range(4)):
                options.append(Keep(first, second))
    return options


def _event_run(game: Any, step: Step) -> None:
    """M-6.4: an institution holds three citizens."""
    inst = step.inst
    game.stack.pop()
    game.citizen_events += 1
    order = ranking(game, inst)
    game.emit("citizen_event", "M-6.4", inst=inst)
    if not order:
        _return_all(game, inst, "M-6.4")
        return
    options = keep_options(game.cit[inst])
    if len(options) == 1:
        _share(game, inst, order[0], options[0])
    else:
        game.stack.append(KeepStep(order[0], inst))


def _return_all(game: Any, inst: int, rule: str) -> None:
    for ctype, count in enumerate(game.cit[inst]):
        game.bag[ctype] += count
    game.cit[inst] = [0, 0, 0, 0]
    game.emit("citizens_to_bag", rule, inst=inst)


def _share(game: Any, inst: int, seat: int, keep: Keep) -> None:
    """M-6.4a-c: rank 1 keeps two, rank 2 takes the third (or it goes back into the bag)."""
    citizens = game.cit[inst]
    for ctype in (keep.first, keep.second):
        citizens[ctype] -= 1
    game.emit("keep_two", "M-6.4", seat=seat, inst=inst, first=CITIZEN_TYPES[keep.first],
              second=CITIZEN_TYPES[keep.second])
    third = citizens.index(1)
    game.cit[inst] = [0, 0, 0, 0]
    for ctype in (keep.first, keep.second):
        game.hand[seat][ctype] += 1
    take_sets(game, seat)
    order = ranking(game, inst)
    second = order[1] if len(order) > 1 else -1
    if second >= 0:
        game.emit("take_third", "M-6.4", seat=second, ctype=CITIZEN_TYPES[third], inst=inst)
        gain_citizen(game, second, third)
    else:
        game.bag[third] += 1
        game.emit("third_to_bag", "M-6.4", ctype=CITIZEN_TYPES[third], inst=inst)


def _keep_legal(game: Any, step: Step) -> list:
    return keep_options(game.cit[step.inst])


def _keep_apply(game: Any, step: Step, action: Keep) -> None:
    game.stack.pop()
    _share(game, step.inst, step.actor, action)


# ------------------------------------------------------------------------ chamber citizens
def _single_legal(game: Any, step: Step) -> list:
    return [ChamberChoice(x) for x in CHAMBER_FITS[step.ctype]]


def _single_apply(game: Any, step: Step, action: Any) -> None:
    game.stack.pop()
    game.chamber[action.chamber] = step.ctype
    game.emit("chamber_citizen", "M-6.5", ctype=CITIZEN_TYPES[step.ctype], inst=action.chamber)


def draw_chamber_citizens(game: Any, chambers: tuple[int, ...], chooser: int) -> None:
    """M-6.5: fill the citizen space of each chamber in ``chambers`` (``per-chamber``), or draw
    the single chamber citizen when none is on the board (``single``; ``chooser`` places it).
    Not used with 2 players (M-2.4)."""
    if game.n < 3:
        return
    if game.single:
        if max(game.chamber) < 0:
            assert rulings.SINGLE_CHAMBER_REDRAW_WHEN_ABSENT
            push_draw(game, "single", chooser)
        return
    for inst in reversed(chambers):
        game.stack.append(ChamberFillStep(AUTO, inst))


def _chamber_fill_run(game: Any, step: Step) -> None:
    game.stack.pop()
    if game.chamber[step.inst] < 0:
        push_draw(game, "chamber", step.inst)


DrawStep = chance("draw", "purpose:s seat:i", "M-6.7", "draw a citizen from the bag",
                  _draw_outcomes, _apply_draw)
PlaceStep = decision("place", "held:t purpose:s", "M-1.3",
                     "place a citizen on a corresponding institution", _place_legal, _place_apply)
KeepStep = decision("keep", "inst:i", "M-6.4", "choose two of the three citizens", _keep_legal,
                    _keep_apply)
SinglePlaceStep = decision("single_place", "ctype:i", "M-6.5",
                           "choose the chamber for the chamber citizen", _single_legal,
                           _single_apply)
InviteStep = auto("invite", "seat:i left:i held:t", "M-7.3", _invite_run)
VisitStep = auto("visit", "next:i", "M-7.2", _visit_run)
CitizenEventStep = auto("citizen_event", "inst:i", "M-6.4", _event_run)
ChamberFillStep = auto("chamber_fill", "inst:i", "M-6.5", _chamber_fill_run)
STEPS = (DrawStep, PlaceStep, KeepStep, SinglePlaceStep, InviteStep, VisitStep, CitizenEventStep,
         ChamberFillStep)
"""The kinds of step this module handles (collected in :data:`engine.municipium.steps.KINDS`)."""
