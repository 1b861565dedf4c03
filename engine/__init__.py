"""Ludi's rules engine: the whole truth of Municipium and Concordia, in pure Python.

The public face, shared by the UI, the AI, the tests and the tools::

    game = engine.new_game("municipium", 3, seed=7)
    while not game.is_over:
        if game.is_chance:
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    text = engine.encode(game)          # what follows "#g=" in a link
    same = engine.decode(text)          # replays and checks every entry

See ``engine.core.protocol`` for the contract every game fulfils.
"""

from engine.core.codec import LinkError, decode, decode_link, encode
from engine.core.protocol import (
    CHANCE,
    TERMINAL,
    Entry,
    Event,
    Game,
    GameLog,
    IllegalAction,
    SeatResult,
    Setup,
    SetupError,
)
from engine.core.registry import GAMES, GameInfo, Option, make_setup, new_game, replay

__all__ = [
    "CHANCE", "TERMINAL", "GAMES", "Entry", "Event", "Game", "GameInfo", "GameLog",
    "IllegalAction", "LinkError", "Option", "SeatResult", "Setup", "SetupError", "decode",
    "decode_link", "encode", "make_setup", "new_game", "replay",
]
