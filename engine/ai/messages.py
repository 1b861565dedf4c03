"""English reasons for the AI's hints, by key (the UI's catalogue translates the same keys)."""

from __future__ import annotations

from typing import Any

MESSAGES = {
    "ai.best": "the best-rated option here",
    # Municipium
    "m.decurion": "completes a set and takes a Decurion ({decurions} now)",
    "m.favour": "takes a Prefect favour (wild in any set)",
    "m.citizen": "gains a {citizen} for the next set",
    "m.lead": "takes the lead at the {institution}",
    "m.family_card": "plays the {card} family card at the right moment",
    "m.power": "exerts the power of the {institution}",
    "m.draw_card": "turns over a common card and keeps the family cards for later",
    "m.move": "moves a family member to the {institution}",
    "m.place": "places the {citizen} at the {institution}",
    "m.tavern": "brings {player}'s members to the Tavern",
    "m.done": "stops here: the members stand where they count",
    "m.pass": "passes: using it now would not help",
    "m.place_member": "places a family member at the {institution}",
    "m.turn_decurion": "this turn it leads to a Decurion ({decurions} now)",
    "m.turn_favour": "this turn it leads to a Prefect favour",
    "m.turn_citizen": "this turn it brings {citizens} citizen(s) for the next sets",
    "m.turn_lead": "this turn it takes the lead at {leads} institution(s)",
    # Concordia
    "c.build": "builds a house in {city} (+{points} points now)",
    "c.buy_card": "buys the {card} card: another god to score with",
    "c.play": "plays the {card}",
    "c.produce": "produces in {province} ({goods} goods for you)",
    "c.cash": "cashes the bonus markers for {money} sestertii",
    "c.move": "moves a colonist onto {route} to build next",
    "c.buy": "buys {units} {good} for the next houses or cards",
    "c.sell": "sells {units} {good} for money",
    "c.colonist": "puts a new colonist in {city}",
    "c.copy": "copies {player}'s last card",
    "c.keep": "keeps the most valuable goods",
    "c.done": "stops here: nothing more is worth its cost",
    "c.turn_build": "this turn it builds {houses} house(s), {points} point(s) more now",
    "c.turn_cards": "this turn it buys {cards} card(s) from the display",
    "c.turn_colonists": "this turn it puts {colonists} new colonist(s) on the board",
    "c.turn_goods": "this turn it brings {goods} good(s) into the storehouse",
    "c.turn_money": "this turn it brings {money} sestertii",
}


def render(key: str, args: dict[str, Any]) -> str:
    """The English sentence for ``key`` filled in with ``args``."""
    names = {k: str(v).replace("_", " ") for k, v in args.items()}
    return MESSAGES[key].format(**names)
