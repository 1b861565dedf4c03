"""The seven powers (M-8) and the cards that call them (M-7.5, M-7.6, M-7.7).

A power is exerted only by the rank-1 player at its institution (M-6.6). Every power is optional
except the Temple's (M-7.8 RULING): an ``offer`` step lets the player choose ``UsePower`` or
``Pass``; the power's own choices follow as further steps.
"""

from __future__ import annotations

from typing import Any

from engine.core.stack import AUTO, Step, auto, decision
from engine.municipium import rulings
from engine.municipium.actions import (
    CROWN,
    DONE,
    DRAW_CITIZEN,
    PASS,
    Exchange,
    ForumTake,
    Relocate,
    Tavern,
    UsePower,
)
from engine.municipium.citizens import gain_citizen, push_draw
from engine.municipium.data import (
    BASILICA,
    BATHS,
    CITIZEN_TYPES,
    EMPORIUM,
    FORUM,
    PLACES,
    TAVERN,
    TEMPLE,
)
from engine.municipium.influence import rank1, reorder_temple

POWER_RULES = ("M-8.0", "M-8.1", "M-8.2", "M-8.3", "M-8.4", "M-8.5", "M-8.6")
NO_ARRIVALS = (0,) * 14
"""Members already relocated, per institution: plain 0..6, then elect 0..6."""


def can_exert(game: Any, seat: int, inst: int) -> bool:
    """Whether exerting the power of ``inst`` would do anything at all (else it is not offered)."""
    if inst == TAVERN:
        assert rulings.TAVERN_NEEDS_A_MEMBER
        return any(game.plain[p][i] or game.elect[p][i]
                   for p in range(game.n) for i in PLACES if i != TAVERN)
    if inst == EMPORIUM:
        return sum(game.bag) > 0
    if inst == BASILICA:
        return sum(game.bag) > 0 or sum(game.hand[seat]) + game.favours[seat] >= 3
    if inst == FORUM:
        return (any(sum(game.hand[p]) for p in range(game.n) if p != seat)
                or any(sum(citizens) for citizens in game.cit))
    return True


def exert(game: Any, seat: int, inst: int) -> None:
    """Start the power of ``inst`` for ``seat``."""
    rule = POWER_RULES[inst]
    game.emit("exert_power", rule, seat=seat, inst=inst)
    if inst == TEMPLE:
        game.temple = reorder_temple(game)
        game.emit("temple_order", rule, order="".join(str(s) for s in game.temple))
    elif inst == TAVERN:
        game.stack.append(TavernStep(seat))
    elif inst == BATHS:
        _baths(game, seat)
    elif inst == EMPORIUM:
        game.stack.append(EmporiumStep(AUTO, seat, game.citizen_events))
    elif inst == BASILICA:
        game.stack.append(BasilicaStep(seat))
    elif inst == FORUM:
        game.stack.append(ForumStep(seat))
    else:
        game.stack.append(RelocateStep(seat, NO_ARRIVALS, rule))


def offer(game: Any, seat: int, insts: tuple[int, ...], automatic_temple: bool) -> None:
    """Let ``seat`` exert one of ``insts`` or pass; the Temple alone is exerted at once."""
    assert rulings.POWERS_ARE_OPTIONAL
    insts = tuple(i for i in insts if can_exert(game, seat, i))
    if automatic_temple and insts == (TEMPLE,):
        exert(game, seat, TEMPLE)
    elif insts:
        game.stack.append(OfferStep(seat, insts))


def _offer_legal(game: Any, step: Step) -> list:
    return [UsePower(i) for i in step.insts] + [PASS]


def _offer_apply(game: Any, step: Step, action: Any) -> None:
    game.stack.pop()
    seat, insts = step.actor, step.insts
    if action == PASS and len(insts) == 1:
        game.emit("pass_power", "M-7.8", seat=seat, inst=insts[0])
    elif action == PASS:
        game.emit("pass_one_power", "M-7.8", seat=seat)
    else:
        exert(game, seat, action.inst)


def _all_powers_run(game: Any, step: Step) -> None:
    """M-7.5: institutions 0..VI in order; ranks are read when each one comes up."""
    _, actor, inst = step
    while inst < 7 and rank1(game, inst) < 0:
        inst += 1
    if inst == 7:
        game.stack.pop()
        return
    game.stack[-1] = AllPowersStep(actor, inst + 1)
    offer(game, rank1(game, inst), (inst,), True)


def _your_powers_run(game: Any, step: Step) -> None:
    """M-7.7: every institution where ``seat`` is rank 1, in number order, re-evaluated."""
    _, actor, seat, inst = step
    while inst < 7 and rank1(game, inst) != seat:
        inst += 1
    if inst == 7:
        game.stack.pop()
        return
    game.stack[-1] = YourPowersStep(actor, seat, inst + 1)
    offer(game, seat, (inst,), True)


def _one_power_run(game: Any, step: Step) -> None:
    """M-7.6: from the active player clockwise, each rank-1 player may exert one power."""
    _, actor, k = step
    if k == game.n:
        game.stack.pop()
        return
    game.stack[-1] = OnePowerStep(actor, k + 1)
    seat = (game.active + k) % game.n
    offer(game, seat, tuple(i for i in PLACES if rank1(game, i) == seat), False)


# ----------------------------------------------------------------------------- Tavern
def _tavern_legal(game: Any, step: Step) -> list:
    options = []
    for src in PLACES:
        if src == TAVERN:
            continue
        for seat in range(game.n):
            plain, elect = game.plain[seat][src], game.elect[seat][src]
            for e in range(elect + 1):
                for p in range(plain + 1):
                    if p or e:
                        options.append(Tavern(src, seat, p, e))
    return options


def _tavern_apply(game: Any, step: Step, action: Tavern) -> None:
    game.stack.pop()
    seat = action.seat
    game.plain[seat][action.src] -= action.plain
    game.elect[seat][action.src] -= action.elect
    game.plain[seat][TAVERN] += action.plain
    game.elect[seat][TAVERN] += action.elect
    game.emit("tavern_moves", "M-8.1", seat=step.actor, owner=seat, src=action.src,
              count=action.plain + action.elect)


# ------------------------------------------------------------------------------ Baths
def _baths(game: Any, seat: int) -> None:
    for p in range(game.n):
        for members in (game.plain[p], game.elect[p]):
            members[TEMPLE] += members[BATHS]
            members[BATHS] = 0
    game.emit("baths_to_temple", "M-8.2")
    if game.plain[seat][TEMPLE] and game.wreaths:
        game.stack.append(CrownStep(seat))
    elif not game.wreaths:
        assert rulings.NO_WREATH_WHEN_ALL_USED
        game.emit("no_wreath_left", "M-8.2", seat=seat)


def _crown_legal(game: Any, step: Step) -> list:
    return [CROWN, PASS]


def _crown_apply(game: Any, step: Step, action: Any) -> None:
    game.stack.pop()
    seat = step.actor
    if action == CROWN:
        game.plain[seat][TEMPLE] -= 1
        game.elect[seat][TEMPLE] += 1
        game.wreaths -= 1
        game.emit("crown", "M-8.2", seat=seat)
    else:
        game.emit("no_crown", "M-8.2", seat=seat)


# --------------------------------------------------------------------------- Emporium
def _emporium_run(game: Any, step: Step) -> None:
    """M-8.3: offer another draw unless a citizen event happened or the bag is empty."""
    if game.citizen_events != step.events:
        game.stack.pop()
        game.emit("emporium_stops", "M-8.3", seat=step.seat)
        return
    if not sum(game.bag):
        assert rulings.EMPORIUM_NEEDS_CITIZENS
        game.stack.pop()
        game.emit("bag_empty", "M-6.7", purpose="emporium")
        return
    game.stack.append(EmporiumChoiceStep(step.seat))


def _emporium_legal(game: Any, step: Step) -> list:
    return [DRAW_CITIZEN, DONE]


def _emporium_apply(game: Any, step: Step, action: Any) -> None:
    game.stack.pop()
    if action == DONE:
        game.stack.pop()
        game.emit("stop_drawing", "M-8.3", seat=step.actor)
    else:
        game.emit("draw_again", "M-8.3", seat=step.actor)
        push_draw(game, "emporium", step.actor)


# --------------------------------------------------------------------------- Basilica
def exchange_options(hand: list[int], favours: int) -> list[Exchange]:
    """Every multiset of exactly three items out of the hand and the favours (M-8.4)."""
    have = (*hand, favours)
    options = []

    def pick(index: int, left: int, chosen: list[int]) -> None:
        if index == 5:
            if not left:
                options.append(Exchange(tuple(chosen)))
            return
        for take in range(min(left, have[index]), -1, -1):
            pick(index + 1, left - take, chosen + [take])

    pick(0, 3, [])
    return options


def _basilica_legal(game: Any, step: Step) -> list:
    seat = step.actor
    options: list = [DRAW_CITIZEN] if sum(game.bag) else []
    return options + exchange_options(game.hand[seat], game.favours[seat])


def _basilica_apply(game: Any, step: Step, action: Any) -> None:
    game.stack.pop()
    seat = step.actor
    if action == DRAW_CITIZEN:
        game.emit("basilica_draw", "M-8.4", seat=seat)
        push_draw(game, "basilica", seat)
        return
    items = action.items
    for ctype in range(4):
        game.hand[seat][ctype] -= items[ctype]
        game.bag[ctype] += items[ctype]
    game.favours[seat] -= items[4]
    game.favour_supply += items[4]
    game.decurions[seat] += 1
    game.emit("basilica_exchange", "M-8.4", seat=seat, items=str(action)[3:],
              decurions=game.decurions[seat])


# ------------------------------------------------------------------------------ Forum
def _forum_legal(game: Any, step: Step) -> list:
    seat = step.actor
    options = [ForumTake(t, seat=p) for p in range(game.n) if p != seat
               for t in range(4) if game.hand[p][t]]
    return options + [ForumTake(t, inst=i) for i in PLACES for t in range(4) if game.cit[i][t]]


def _forum_apply(game: Any, step: Step, action: ForumTake) -> None:
    game.stack.pop()
    seat = step.actor
    if action.seat >= 0:
        game.hand[action.seat][action.ctype] -= 1
        game.emit("forum_from_player", "M-8.5", seat=seat, other=action.seat,
                  ctype=CITIZEN_TYPES[action.ctype])
    else:
        game.cit[action.inst][action.ctype] -= 1
        game.emit("forum_from_institution", "M-8.5", seat=seat, inst=action.inst,
                  ctype=CITIZEN_TYPES[action.ctype])
    gain_citizen(game, seat, action.ctype)


# ------------------------------------------------------------------- relocation (VI, GF)
def _relocate_legal(game: Any, step: Step) -> list:
    """M-8.6 / M-7.4b, member by member; a relocated member stays put (ENGINE RULING)."""
    assert rulings.RELOCATE_EACH_MEMBER_ONCE
    seat, arrived = step.actor, step.arrived
    options: list = []
    for elect, members in ((False, game.plain[seat]), (True, game.elect[seat])):
        base = 7 if elect else 0
        for src in PLACES:
            if members[src] > arrived[base + src]:
                options.extend(Relocate(src, dst, elect) for dst in PLACES if dst != src)
    options.append(DONE)
    return options


def _relocate_apply(game: Any, step: Step, action: Any) -> None:
    _, seat, arrived, rule = step
    if action == DONE:
        game.stack.pop()
        game.emit("done_relocating", rule, seat=seat)
        return
    members = game.elect[seat] if action.elect else game.plain[seat]
    members[action.src] -= 1
    members[action.dst] += 1
    index = action.dst + (7 if action.elect else 0)
    arrived = arrived[:index] + (arrived[index] + 1,) + arrived[index + 1:]
    game.stack[-1] = RelocateStep(seat, arrived, rule)
    game.emit("relocate", rule, seat=seat, src=action.src, dst=action.dst)


OfferStep = decision("offer", "insts:t", "M-7.8", "exert a power or pass", _offer_legal,
                     _offer_apply)
AllPowersStep = auto("all_powers", "next:i", "M-7.5", _all_powers_run)
YourPowersStep = auto("your_powers", "seat:i next:i", "M-7.7", _your_powers_run)
OnePowerStep = auto("one_power", "next:i", "M-7.6", _one_power_run)
TavernStep = decision("tavern", "", "M-8.1", "choose whose members come to the Tavern, from where",
                      _tavern_legal, _tavern_apply)
CrownStep = decision("crown", "", "M-8.2", "crown a member in the Temple or not", _crown_legal,
                     _crown_apply)
EmporiumStep = auto("emporium", "seat:i events:i", "M-8.3", _emporium_run)
EmporiumChoiceStep = decision("emporium_choice", "", "M-8.3", "draw another citizen or stop",
                              _emporium_legal, _emporium_apply)
BasilicaStep = decision("basilica", "", "M-8.4", "exchange three items or draw a citizen",
                        _basilica_legal, _basilica_apply)
ForumStep = decision("forum", "", "M-8.5", "take a citizen from a player or an institution",
                     _forum_legal, _forum_apply)
RelocateStep = decision("relocate", "arrived:t source:s", "M-8.6",
                        "relocate your members one by one, then done", _relocate_legal,
                        _relocate_apply)
"""``source`` is the rule that called the relocation: M-8.6 (power VI) or M-7.4 (the Great
Family card)."""
STEPS = (OfferStep, AllPowersStep, YourPowersStep, OnePowerStep, TavernStep, CrownStep,
         EmporiumStep, EmporiumChoiceStep, BasilicaStep, ForumStep, RelocateStep)
"""The kinds of step this module handles (collected in :data:`engine.municipium.steps.KINDS`)."""
