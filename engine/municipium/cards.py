"""The cards (M-5.2, M-5.3, M-7): choosing one, drawing the common deck, carrying it out."""

from __future__ import annotations

from typing import Any

from engine.core.protocol import CHANCE
from engine.core.stack import AUTO, chance, decision
from engine.municipium.actions import DRAW_CARD, FamilyChoice, PlayFamily
from engine.municipium.data import CARD_KINDS, FAMILY_CARDS
from engine.municipium.powers import NO_ARRIVALS
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
        game.stack.append(("visit", AUTO, 0))
    elif card == "invitation":
        game.stack.append(("invite", AUTO, seat, 4, (0, 0, 0, 0)))
    elif card == "great_family":
        game.stack.append(("great_family", seat))
    elif card == "all_powers":
        game.stack.append(("all_powers", AUTO, 0))
    elif card == "one_power":
        game.stack.append(("one_power", AUTO, 0))
    else:
        game.stack.append(("your_powers", AUTO, seat, 0))


def _card_legal(game: Any, step: tuple) -> list:
    cards = game.family[step[1]]
    return [DRAW_CARD] + [PlayFamily(k) for k in range(3) if cards[k]]


def _card_apply(game: Any, step: tuple, action: Any) -> None:
    game.stack.pop()
    seat = step[1]
    if action == DRAW_CARD:
        game.emit("draw_card", "M-5.2", seat=seat)
        if not sum(game.deck):
            game.deck, game.discard, game.top_discard = game.discard, [0, 0, 0, 0], -1
            game.emit("reshuffle", "M-5.3", cards=sum(game.deck))
        game.stack.append(("card_draw", CHANCE))
        return
    card = FAMILY_CARDS[action.card]
    game.family[seat][action.card] = 0
    game.emit("play_family", "M-5.2", seat=seat, card=card)
    carry_out(game, card, seat)


def _draw_outcomes(game: Any, step: tuple) -> list:
    total = sum(game.deck)
    return [(kind, count / total)
            for kind, count in zip(CARD_KINDS, game.deck, strict=True) if count]


def _draw_apply(game: Any, step: tuple, outcome: str) -> None:
    game.stack.pop()
    index = _KIND_INDEX[outcome]
    game.deck[index] -= 1
    game.discard[index] += 1
    game.top_discard = index
    game.emit("turn_card", "M-5.2", card=outcome)
    carry_out(game, outcome, game.active)


def _great_family_legal(game: Any, step: tuple) -> list:
    return [FamilyChoice("prefect"), FamilyChoice("relocate")]


def _great_family_apply(game: Any, step: tuple, action: FamilyChoice) -> None:
    game.stack.pop()
    if action.option == "prefect":
        prefect_visit(game, step[1], "M-7.4")
    else:
        game.emit("great_family_relocate", "M-7.4", seat=step[1])
        game.stack.append(("relocate", step[1], NO_ARRIVALS, "M-7.4"))


STEPS = (
    decision("card", "", "M-5.2",
             "turn over a common card or play a family card", _card_legal, _card_apply),
    chance("card_draw", "", "M-5.2", "turn over the top common card", _draw_outcomes, _draw_apply),
    decision(
        "great_family", "", "M-7.4",
        "move the Prefect or relocate your members", _great_family_legal, _great_family_apply),
)
"""The kinds of step this module handles (collected in :data:`engine.municipium.steps.KINDS`)."""
