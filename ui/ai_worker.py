"""The computer players' thread: a PyScript worker (its own Pyodide) that thinks while the page
stays responsive. Started lazily by ``ui.ai_client`` the first time a computer seat must move.

Strings in, strings out: the main thread sends the game as link text (``engine.encode``) and
gets back JSON. The worker keeps the last game it saw and replays only the new entries, so a
long game is not replayed from the start before every move.
"""

from __future__ import annotations

import json
import time

from engine.core.codec import play_indices, unpack_link
from engine.core.registry import game_class

HINT_LEVEL = "expert"
"""The Hint asks the strongest level: a player who asks wants the best move, and waits for it."""

_last: dict = {"setup": None, "indices": [], "game": None}


def _game(link: str):
    """The game of ``link``, reusing the previous one when the link only adds entries."""
    setup, _meta, indices = unpack_link(link)
    cached = _last["game"]
    done = _last["indices"]
    if cached is not None and _last["setup"] == setup and indices[:len(done)] == done:
        play_indices(cached, indices[len(done):], first=len(done))
        game = cached
    else:
        game = play_indices(game_class(setup.game)(setup), indices)
    _last.update(setup=setup, indices=indices, game=game)
    return game


def choose(link: str, level: str, seed: int) -> str:
    """``{"index": i, "worker_ms": …, "search_ms": …, "iterations": …}``: the decision the
    computer at ``level`` takes (an index into ``legal_actions()``), the time this call took in
    the worker (the game's replay, the choice) and the search's own part of it (0 when nothing
    was searched: a greedy level, a forced decision)."""
    from engine import ai

    started = time.perf_counter()
    game = _game(link)
    replayed = _ms(started)
    stats: dict = {}
    index = ai.choose_index(game, level=level, seed=seed, stats=stats)
    return json.dumps({"index": index, "worker_ms": round(_ms(started), 1),
                       "replay_ms": round(replayed, 1),
                       "search_ms": round(stats.get("seconds", 0.0) * 1000, 1),
                       "iterations": stats.get("iterations", 0)})


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def suggest(link: str, seed: int) -> str:
    """``{"index": i, "key": …, "args": {…}, "text": …}``: the strongest computer's (the
    expert's) suggestion for the seat to move, and why."""
    from engine import ai
    from engine.ai.messages import render

    game = _game(link)
    index = ai.choose_index(game, level=HINT_LEVEL, seed=seed)
    key, args = ai.hint(game, action=game.legal_actions()[index])
    return json.dumps({"index": index, "key": key, "args": args, "text": render(key, args)})


__export__ = ["choose", "suggest"]
