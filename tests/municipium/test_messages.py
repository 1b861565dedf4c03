"""The log: every event has an English template, args are plain values, texts read well."""

from __future__ import annotations

import re
from pathlib import Path

from engine.municipium import messages
from tests.municipium.helpers import random_game

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "municipium"


def test_every_emitted_key_has_a_template_and_every_template_is_used():
    source = "\n".join(path.read_text() for path in ENGINE.glob("*.py"))
    emitted = set(re.findall(r'emit\(\s*"(\w+)"', source))
    assert emitted == set(messages.TEMPLATES)


def test_event_args_are_plain_and_render():
    for players in (2, 3, 4):
        game = random_game(players, 77 + players, chamber_citizens="single")
        for event in game.events:
            assert all(isinstance(value, (int, str)) for _, value in event.args), event
            text = game.event_text(event)
            assert "{" not in text and text[0].isupper()


def test_event_text_example():
    text = messages.render("take_favour", {"seat": 0, "inst": 5}, "M-6.1",
                           lambda seat: ["Blue", "Orange"][seat],
                           lambda inst: ["Temple", "Tavern", "Baths", "Emporium", "Basilica",
                                         "Forum", "Praetorium"][inst])
    assert text == "Blue takes the favour at the Forum (Prefect event, M-6.1)"
