"""Golden playthroughs: complete seeded games stored as text in ``golden/``.

Each file holds the setup, then for every log entry a ``>`` line (who decided, and the decision
or chance outcome in short notation), the English log lines it caused, and after every turn the
one-line position. The test replays the ``>`` lines through the rules and compares the whole
text. After an intended rules change, regenerate with::

    MUNICIPIUM_GOLDEN=regen python3 -m pytest tests/municipium/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import engine
from engine.municipium import Municipium
from engine.municipium.data import COLOURS
from tests.municipium.helpers import random_game

FOLDER = Path(__file__).parent / "golden"
GAMES = {
    "two_players": (2, 11, {}),
    "three_players_single_chamber": (3, 12, {"chamber_citizens": "single"}),
    "four_players_short": (4, 13, {"short": True}),
}


def _actor(actor: int) -> str:
    return "chance" if actor == engine.CHANCE else COLOURS[actor]


def transcript(players: int, options: dict, decisions: list[str]) -> str:
    """Play ``decisions`` (short notation, in order) from a new game and write it all down."""
    game = Municipium(engine.make_setup("municipium", players, **options))
    lines = [f"setup: players={players} options={sorted(options.items())}"]
    seen = 0
    for text in decisions:
        actor = game.current_player
        options_now = ([o for o, _ in game.chance_outcomes()] if game.is_chance
                       else game.legal_actions())
        matches = [o for o in options_now if str(o) == text]
        assert len(matches) == 1, (text, [str(o) for o in options_now])
        game.apply(matches[0])
        lines.append(f"> {_actor(actor)}: {text}")
        turn_ended = False
        for event in game.events[seen:]:
            lines.append("  " + game.event_text(event))
            turn_ended |= event.key in ("turn", "game_over")
        seen = len(game.events)
        if turn_ended:
            lines.append("= " + game.position())
    lines.append("result: " + " ".join(f"{COLOURS[r.seat]}={r.score}/rank{r.rank}"
                                       for r in game.result()))
    return "\n".join(lines) + "\n"


def _decisions(text: str) -> list[str]:
    return [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("> ")]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game(name):
    players, seed, options = GAMES[name]
    path = FOLDER / f"{name}.txt"
    if os.environ.get("MUNICIPIUM_GOLDEN") == "regen":
        game = random_game(players, seed, **options)
        decisions = [str(entry.action) for entry in game.log]
        path.write_text(transcript(players, options, decisions))
    stored = path.read_text()
    assert transcript(players, options, _decisions(stored)) == stored
