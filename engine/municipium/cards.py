"""The cards (M-5.2, M-5.3, M-7): choosing one, drawing the common deck, carrying it out."""

from __future__ import annotations

from typing import Any

from engine.core.protocol import CHANCE
from engine.core.stack import AUTO, Step, chance, decision
from engine.municipium.actions import DRAW_CARD, FamilyChoice, PlayFamily
from engine.municipium.citizens import InviteStep, VisitStep
from engine.municipium.data import CARD_KINDS, FAMILY_CARDS
from engine.municipium.powers import (
    NO_ARRIVALS,
    AllPowersStep,
    OnePowerStep,
    RelocateStep,
    YourPowersStep,
)
from engine.municipium.prefect import prefect_visit

CARD_RULES = {"prefect_visit": "M-7.1", "citizens_visit": "M-7.2", "invitation": "M-7.3",
              "great_family": "M-7.4", "all_powers": "M-7.5", "one_power": "M-7.6",
              "your_powers": "M-7.7"}
_KIND_INDEX = {name: index for index, name in enumerate(CARD_KINDS)}


def carry_out(game: Any, card: str, seat: int) -> None:
    """Start the effect of ``card`` played by ``seat`` (M-7)."""
    rule = CARD_RULES[card]
    if card == "prefect_visit":
        prefect_visit(game, seat, rule)
    elif card == "citizens_visit":
        game.stack.append(VisitStep(AUTO, 0))
    elif card == "invitation":
        game.stack.append(InviteStep(AUTO, seat, 4, (0, 0, 0, 0)))
    elif card == "great_family":
        game.stack.append(GreatFamilyStep(seat))
    elif card == "all_powers":
        game.stack.append(AllPowersStep(AUTO, 0))
    elif card == "one_power":
        game.stack.append(OnePowerStep(AUTO, 0))
    else:
        game.stack.append(YourPowersStep(AUTO, seat, 0))


def _card_legal(game: Any, step: Step) -> list:
    cards = game.family[step.actor]
    return [DRAW_CARD] + [PlayFamily(k) for k in range(3) if cards[k]]


def _card_apply(game: Any, step: Step, action: Any) -> None:
    game.stack.pop()
    seat = step.actor
    if action == DRAW_CARD:
        game.emit("draw_card", "M-5.2", seat=seat)
        if not sum(game.deck):
            game.deck, game.discard, game.top_discard = game.discard, [0, 0, 0, 0], -1
            game.emit("reshuffle", "M-5.3", cards=sum(game.deck))
        game.stack.append(CardDrawStep(CHANCE))
        return
    card = FAMILY_CARDS[action.card]
    game.family[seat][action.card] = 0
    game.emit("play_family", "M-5.2", seat=seat, card=card)
    carry_out(game, card, seat)


def _draw_outcomes(game: Any, step: Step) -> list:
    total = sum(game.deck)
    return [(kind, count / total)
            for kind, count in zip(CARD_KINDS, game.deck, strict=True) if count]


def _draw_apply(game: Any, step: Step, outcome: str) -> None:
    game.stack.pop()
    index = _KIND_INDEX[outcome]
    game.deck[index] -= 1
    game.discard[index] += 1
    game.top_discard = index
    game.emit("turn_card", "M-5.2", card=outcome)
    carry_out(game, outcome, game.active)


def _great_family_legal(game: Any, step: Step) -> list:
    return [FamilyChoice("prefect"), FamilyChoice("relocate")]


def _great_family_apply(game: Any, step: Step, action: FamilyChoice) -> None:
    game.stack.pop()
    if action.option == "prefect":
        prefect_visit(game, step.actor, "M-7.4")
    else:
        game.emit("great_family_relocate", "M-7.4", seat=step.actor)
        game.stack.append(RelocateStep(step.actor, NO_ARRIVALS, "M-7.4"))


CardStep = decision("card", "", "M-5.2", "turn over a common card or play a family card",
                    _card_legal, _card_apply)
CardDrawStep = chance("card_draw", "", "M-5.2", "turn over the top common card", _draw_outcomes,
                      _draw_apply)
GreatFamilyStep = decision("great_family", "", "M-7.4", "move the Prefect or relocate your members",
                           _great_family_legal, _great_family_apply)
STEPS = (CardStep, CardDrawStep, GreatFamilyStep)
"""The kinds of step this module handles (collected in :data:`engine.municipium.steps.KINDS`)."""
