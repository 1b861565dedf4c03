"""What the page's memory snapshot holds (``assets/js/interpreter.mjs`` starts from it).

``assets/js/snapshot-worker.mjs`` boots a second interpreter, unpacks the app bundle and calls
:func:`preload`, then saves the interpreter's memory. A returning visitor's page starts from
that memory with these modules already imported: the landing screen and the first game skip
their imports. Nothing here may touch a JavaScript object (``pyscript``, ``js``): the runtime can
only save references it can find again in the page's globals, and the page's own objects do not
exist yet in the worker that makes the snapshot.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

PACKAGES = ("engine", "ui")
LEFT_OUT = ("ui.main", "ui.ai_worker", "engine.ai")
"""Never imported by a snapshot: the page's entry point and the AI worker's script (they import
``pyscript``), and the search behind computer players, which runs in the AI worker (the page
imports it only as a fallback when the worker cannot start)."""


def module_names() -> list[str]:
    """Every module of :data:`PACKAGES`, except :data:`LEFT_OUT` and what lies under them."""
    names = []
    for package in PACKAGES:
        names.append(package)
        path = importlib.import_module(package).__path__
        for info in pkgutil.walk_packages(path, package + "."):
            if not any(info.name == out or info.name.startswith(out + ".") for out in LEFT_OUT):
                names.append(info.name)
    return sorted(names)


START = ("ui.app", "ui.screens.landing", "ui.screens.play")
"""What a first visit's page starts with (issue 37): it starts from a snapshot made in a worker
right after these are imported, so that the interpreter's start and these imports leave the
page's thread. What the page's entry point (``ui/main.py``) imports, and what the app's start
imports on first use: the landing screen, and the game screen (the app's toast is drawn by it at
start, and a friend's link opens straight into a game). Importing them on the page took a task
of 50-90 ms there; in the worker it delays the handover by about as much, the page answering
meanwhile. A title's board and the rest load on first use, as after a normal start."""


def preload(names: Iterable[str] | None = None) -> list[str]:
    """Import ``names`` (default: every module of :func:`module_names`); return their names."""
    names = module_names() if names is None else list(names)
    for name in names:
        importlib.import_module(name)
    return names
