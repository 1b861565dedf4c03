"""What the browser's Python imports from the standard library: run by ``tests/pyodide/stdlib.mjs``.

Does, under Pyodide, what the page, its AI worker and the snapshot worker do: imports every
module of ``engine/`` and ``ui/`` (but the entry point ``ui.main``, which needs the page), plays
a whole game of each title with computer seats of every level (the searching levels with a
small budget), drawing the game screen after every decision, at the end and while replaying
it, encodes and decodes its link, saves and lists it, replays every lesson, and asks the AI
worker's entry points. Then prints, as JSON, every module loaded from the standard library zip.

``tools/stdlib.py`` compares that list with the kept one (``tools/stdlib_keep.txt``); run on the
trimmed zip, any missing module fails this run (``make test-pyodide``).
"""

from __future__ import annotations

import importlib
import json
import sys

STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
LEVELS = ("random", "easy", "medium", "hard", "expert")
SEARCH = {"budget_ms": 0, "iterations": 24}
"""The searching levels' budget here: enough to run every part of the search (Concordia's plan
gets three samples, :data:`engine.ai.plan.ITERATIONS_PER_SAMPLE`)."""
MAX_DECISIONS = 3000


def our_modules() -> list[str]:
    """Every module of engine/ and ui/ but the page's entry point."""
    import pkgutil

    names = []
    for package in ("engine", "ui"):
        root = importlib.import_module(package)
        names.append(package)
        names += [info.name for info in pkgutil.walk_packages(root.__path__, package + ".")]
    return [name for name in names if name != "ui.main"]


def play_whole_game(title: str, players: int, cat) -> tuple[str, str]:
    """A whole game of ``title``, each seat at its own level; returns its link at the end and
    at its first decision after the opening ones."""
    import engine
    from engine import ai
    from ui.screens.play import game_screen
    from ui.session import Session

    game = engine.new_game(title, players, seed=7)
    seats = [f"ai:{LEVELS[(seat + 1) % len(LEVELS)]}" for seat in range(players)]
    session = Session(game, seats)
    middle = ""
    for step in range(MAX_DECISIONS):
        if game.is_over:
            break
        if game.is_chance:
            game.resolve_chance()
            continue
        middle = middle or (session.link() if step > 10 else "")
        level = seats[game.current_player].removeprefix("ai:")
        budget = SEARCH if level in ("hard", "expert") else {}
        game.apply_index(ai.choose_index(game, level, seed=step, **budget))
        if step % 25 == 0:
            str(game_screen(session, cat))
    assert game.is_over, f"{title}: no end after {MAX_DECISIONS} decisions"
    str(game_screen(session, cat))
    session.view_length = len(game.log.entries) // 2
    str(game_screen(session, cat))
    return session.link(), middle


def links_saves_and_worker(link: str, middle: str) -> None:
    import engine
    from ui import ai_worker
    from ui.session import Session
    from ui.storage import MemoryBackend, SaveStore

    game, _meta = engine.decode_link(link)
    assert engine.encode(game) and Session.from_link(link).link()
    json.loads(ai_worker.choose(middle, "medium", 1))
    json.loads(ai_worker.suggest(middle, 1))
    store = SaveStore(MemoryBackend())
    assert store.list() == ([], [])
    del store


def lessons() -> None:
    from ui import lessons as lesson_package

    for name in lesson_package.names():
        lesson_package.replay(lesson_package.load(name))


def main() -> None:
    from ui.i18n import Catalogue

    for name in our_modules():
        importlib.import_module(name)
    from ui import snapshot

    snapshot.preload()
    for lang in ("en", "ja"):
        cat = Catalogue(lang)
        for title, players in (("municipium", 3), ("concordia", 3)):
            links_saves_and_worker(*play_whole_game(title, players, cat))
    lessons()
    loaded = sorted(name for name, module in list(sys.modules.items())
                    if (getattr(module, "__file__", None) or "").startswith(STDLIB_ZIP))
    print(json.dumps(loaded))


if __name__ == "__main__":
    main()
