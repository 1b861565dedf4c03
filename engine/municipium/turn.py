"""Setup (M-2) and the turn (M-5): start player, initial placement, Temple order, moving,
choosing a card, and the end of the turn (M-3.4, M-5.4)."""

from __future__ import annotations

from typing import Any

from engine.core.protocol import CHANCE
from engine.core.stack import AUTO, Step, auto, chance, decision
from engine.municipium import rulings
from engine.municipium.actions import DONE, Move, PlaceMember
from engine.municipium.cards import CardStep
from engine.municipium.citizens import draw_chamber_citizens
from engine.municipium.data import ADJACENT, CHAMBERS, MEMBERS, PLACES
from engine.municipium.influence import initial_temple_order
from engine.municipium.scoring import game_ends


def initial_stack(game: Any) -> list[Step]:
    """The setup as steps, top last: start player (if random), chamber citizens, placement."""
    stack: list[Step] = [TempleOrderStep(AUTO), PlacementStep(AUTO), ChambersStep(AUTO)]
    if game.start < 0:
        stack.append(StartPlayerStep(CHANCE))
    return stack


def _start_outcomes(game: Any, step: Step) -> list:
    return [(seat, 1 / game.n) for seat in range(game.n)]


def _start_apply(game: Any, step: Step, seat: int) -> None:
    game.stack.pop()
    game.start = game.active = seat
    game.emit("start_player", "M-2.6", seat=seat)


def _chambers_run(game: Any, step: Step) -> None:
    """M-2.4 / M-6.5: chamber citizens at setup (3-4 players)."""
    game.stack.pop()
    assert rulings.SINGLE_CHAMBER_CHOOSER == "active"  # at setup: the start player
    draw_chamber_citizens(game, CHAMBERS, game.start)


def _placement_run(game: Any, step: Step) -> None:
    game.stack[-1] = InitialStep(game.start, 0)


def _initial_legal(game: Any, step: Step) -> list:
    return [PlaceMember(i) for i in PLACES]


def _initial_apply(game: Any, step: Step, action: PlaceMember) -> None:
    """M-2.6: one member at a time, clockwise from the start player."""
    seat, placed = step.actor, step.placed
    game.plain[seat][action.inst] += 1
    game.emit("place_member", "M-2.6", seat=seat, inst=action.inst)
    placed += 1
    if placed == MEMBERS * game.n:
        game.stack.pop()
    else:
        game.stack[-1] = InitialStep((game.start + placed) % game.n, placed)


def _temple_order_run(game: Any, step: Step) -> None:
    game.stack.pop()
    game.temple = initial_temple_order(game)
    game.emit("temple_order", "M-2.7", order="".join(str(s) for s in game.temple))
    start_turn(game, game.start)


def start_turn(game: Any, seat: int) -> None:
    game.active = seat
    game.turn += 1
    game.emit("turn", "M-5", seat=seat, number=game.turn)
    game.stack += [EndTurnStep(AUTO), CardStep(seat), MoveStep(seat, 0, -1, -1, False)]


def _end_turn_run(game: Any, step: Step) -> None:
    game.stack.pop()
    if game_ends(game):
        game.emit("game_over", "M-3.4")
        return
    start_turn(game, (game.active + 1) % game.n)


# ------------------------------------------------------------------------------ moving
def move_legal(game: Any, step: Step) -> list:
    """M-5.1: one step at a time. After one step a second one may move any member one step
    (the same member again must not return where it started: that is only legal for another
    member standing there)."""
    _, seat, moved, first_src, first_dst, first_elect = step
    options: list = [DONE]
    if moved == 2:
        return options
    for elect, members in ((False, game.plain[seat]), (True, game.elect[seat])):
        for src in PLACES:
            count = members[src]
            if not count:
                continue
            for dst in ADJACENT[src]:
                if (moved and src == first_dst and dst == first_src and elect == first_elect
                        and count < 2):
                    continue
                options.append(Move(src, dst, elect))
    return options


def _move_apply(game: Any, step: Step, action: Any) -> None:
    seat = step.actor
    if action == DONE:
        game.stack.pop()
        game.emit("done_moving", "M-5.1", seat=seat)
        return
    members = game.elect[seat] if action.elect else game.plain[seat]
    members[action.src] -= 1
    members[action.dst] += 1
    game.emit("move", "M-5.1", seat=seat, src=action.src, dst=action.dst)
    if step.moved:
        game.stack.pop()
    else:
        game.stack[-1] = MoveStep(seat, 1, action.src, action.dst, action.elect)


StartPlayerStep = chance("start_player", "", "M-2.6", "choose the start player",
                         _start_outcomes, _start_apply)
ChambersStep = auto("chambers", "", "M-2.4", _chambers_run)
PlacementStep = auto("placement", "", "M-2.6", _placement_run)
InitialStep = decision("initial", "placed:i", "M-2.6",
                       "place a family member on any institution", _initial_legal, _initial_apply)
TempleOrderStep = auto("temple_order", "", "M-2.7", _temple_order_run)
EndTurnStep = auto("end_turn", "", "M-3.4", _end_turn_run)
MoveStep = decision("move", "moved:i first_src:i first_dst:i first_elect:b", "M-5.1",
                    "move a family member one step, or finish moving", move_legal, _move_apply)
STEPS = (StartPlayerStep, ChambersStep, PlacementStep, InitialStep, TempleOrderStep, EndTurnStep,
         MoveStep)
"""The kinds of step this module handles (collected in :data:`engine.municipium.steps.KINDS`)."""
