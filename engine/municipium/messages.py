"""English texts of the Municipium log, by event key (the UI's catalogues use the same keys).

Placeholders: ``{seat}``, ``{owner}``, ``{other}`` are players; ``{inst}``, ``{src}``, ``{dst}``
institutions; ``{ctype}``, ``{first}``, ``{second}`` citizen types (``{a_ctype}`` etc. with
the English article; ``{first}`` and ``{second}`` together also as ``{both}``, counted: "two
soldiers"); ``{items}`` citizens and favours handed in (letters ``psmaf``, in words, counted);
``{card}`` a card;
``{order}`` the Temple track as seat digits, top first; ``{purpose}`` what a draw was for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TEMPLATES = {
    "start_player": "{seat} is the start player",
    "chamber_citizen": "{a_ctype} takes the citizen space at the {inst}",
    "single_drawn": "{a_ctype} is drawn as the chamber citizen",
    "place_member": "{seat} places a family member at the {inst}",
    "temple_order": "Temple order: {order}",
    "turn": "Turn {number}: {seat}",
    "move": "{seat} moves a family member from the {src} to the {dst}",
    "reshuffle": "The discard pile is shuffled into a new common deck ({cards} cards)",
    "done_moving": "{seat} ends movement",
    "draw_card": "{seat} turns over the top common card",
    "turn_card": "The card is {card}",
    "play_family": "{seat} plays the family card {card}",
    "prefect_moves": "The Prefect moves to the {inst}",
    "take_favour": "{seat} takes the favour at the {inst}",
    "take_chamber_citizen": "{seat} takes the chamber citizen ({ctype}) at the {inst}",
    "chamber_citizen_to_bag": "The chamber citizen ({ctype}) at the {inst} goes back into the bag",
    "refill_favour": "A favour token is put on the chamber at the {inst}",
    "no_favour_to_refill": "No favour token is left to refill the chamber at the {inst}",
    "draw_citizen": "{seat} draws {a_ctype}",
    "bag_empty": "The bag is empty: the draw is skipped",
    "place_citizen": "{seat} places {a_ctype} at the {inst}",
    "citizen_event": "Three citizens at the {inst}",
    "citizens_to_bag": "Nobody is at the {inst}: its citizens go back into the bag",
    "keep_two": "{seat} keeps {both} from the {inst}",
    "take_third": "{seat} takes the {ctype} left at the {inst}",
    "third_to_bag": "The {ctype} left at the {inst} goes back into the bag",
    "decurion_set": "{seat} exchanges a set for a Decurion ({favours} favour(s) used); "
                    "now {decurions}",
    "exert_power": "{seat} exerts the power of the {inst}",
    "pass_power": "{seat} does not exert the power of the {inst}",
    "pass_one_power": "{seat} exerts no power",
    "tavern_moves": "{seat} brings {count} of {owner}'s members from the {src} to the Tavern",
    "baths_to_temple": "Everyone in the Baths goes to the Temple",
    "crown": "{seat} crowns a family member in the Temple",
    "no_crown": "{seat} crowns nobody",
    "no_wreath_left": "No wreath is left for {seat}",
    "emporium_stops": "A citizen event ends {seat}'s drawing at the Emporium",
    "stop_drawing": "{seat} stops drawing",
    "draw_again": "{seat} draws from the bag",
    "basilica_draw": "{seat} draws a citizen instead of exchanging",
    "basilica_exchange": "{seat} hands in {items} for a Decurion; now {decurions}",
    "forum_from_player": "{seat} takes {a_ctype} from {other}",
    "forum_from_institution": "{seat} takes {a_ctype} from the {inst}",
    "great_family_relocate": "{seat} relocates family members",
    "relocate": "{seat} relocates a family member from the {src} to the {dst}",
    "done_relocating": "{seat} is done relocating",
    "game_over": "The game is over",
}

CARD_NAMES = {"prefect_visit": "Prefect Visit", "citizens_visit": "Citizens Visit",
              "one_power": "One Power", "all_powers": "All Powers",
              "invitation": "Citizens Invitation", "great_family": "Great Family",
              "your_powers": "Your Powers"}

RULE_TITLES = {
    "M-2.6": "setup", "M-2.7": "setup", "M-3.2": "Decurion exchange", "M-3.4": "game end",
    "M-5": "turn", "M-5.1": "movement", "M-5.2": "card", "M-5.3": "common deck",
    "M-6.1": "Prefect event", "M-6.2": "Prefect event", "M-6.4": "citizen event",
    "M-6.5": "chamber citizen", "M-6.7": "empty bag", "M-7.1": "Prefect Visit",
    "M-7.2": "Citizens Visit", "M-7.3": "Citizens Invitation", "M-7.4": "Great Family",
    "M-7.5": "All Powers", "M-7.6": "One Power", "M-7.7": "Your Powers", "M-7.8": "power",
    "M-8.0": "Temple", "M-8.1": "Tavern", "M-8.2": "Baths", "M-8.3": "Emporium",
    "M-8.4": "Basilica", "M-8.5": "Forum", "M-8.6": "Praetorium",
}
"""Short names of the rules, shown with the rule id after a log line."""

PLAYER_ARGS = ("seat", "owner", "other")
ITEM_WORDS = (("priest", "priests"), ("soldier", "soldiers"), ("merchant", "merchants"),
              ("advocate", "advocates"), ("favour", "favours"))
"""Citizen types in their order (the letters ``psma``), then favours (``f``)."""
ITEM_LETTERS = "psmaf"
NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}
CITIZEN_ARGS = ("ctype", "first", "second")
PLACE_ARGS = ("inst", "src", "dst")


def counted(counts: list[int]) -> str:
    """Items by kind (``counts`` in :data:`ITEM_WORDS` order) in words, each kind counted:
    "two soldiers", "a priest and a favour"."""
    parts = []
    for (one, many), count in zip(ITEM_WORDS, counts):
        if count == 1:
            parts.append(f"{'an' if one[0] in 'aeiou' else 'a'} {one}")
        elif count > 1:
            parts.append(f"{NUMBER_WORDS.get(count, count)} {many}")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def render(key: str, args: dict[str, Any], rule: str | None, player: Callable[[int], str],
           place: Callable[[int], str]) -> str:
    """The English sentence for an event, with its rule id in brackets."""
    values = dict(args)
    for name in PLAYER_ARGS:
        if name in values:
            values[name] = player(values[name])
    for name in PLACE_ARGS:
        if name in values:
            values[name] = place(values[name])
    for name in CITIZEN_ARGS:
        if name in values:
            article = "an" if values[name][0] in "aeiou" else "a"
            values["a_" + name] = f"{article} {values[name]}"
    if "first" in values and "second" in values:
        counts = [0] * len(ITEM_WORDS)
        for name in ("first", "second"):
            counts[[one for one, _ in ITEM_WORDS].index(values[name])] += 1
        values["both"] = counted(counts)
    if "items" in values:
        values["items"] = counted([values["items"].count(c) for c in ITEM_LETTERS])
    if "card" in values:
        values["card"] = CARD_NAMES[values["card"]]
    if "order" in values:
        values["order"] = ", ".join(player(int(s)) for s in values["order"])
    text = TEMPLATES[key].format(**values)
    text = text[0].upper() + text[1:]
    if not rule:
        return text
    title = RULE_TITLES.get(rule)
    return f"{text} ({title}, {rule})" if title else f"{text} ({rule})"
