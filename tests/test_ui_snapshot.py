"""ui/snapshot.py: what the memory snapshot imports (issue 16)."""

from __future__ import annotations

import ast
from pathlib import Path

from ui.snapshot import LEFT_OUT, module_names, preload

ROOT = Path(__file__).resolve().parent.parent
BROWSER_ONLY = ("pyscript", "js", "pyodide")


def _top_level_imports(name: str) -> set[str]:
    """Modules a module imports when it is imported (not inside functions)."""
    path = ROOT / (name.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / name.replace(".", "/") / "__init__.py"
    found = set()
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_every_page_module_is_in_the_snapshot():
    names = set(module_names())
    for package in ("engine", "ui"):
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
            name = rel.removesuffix(".__init__")
            if not any(name == out or name.startswith(out + ".") for out in LEFT_OUT):
                assert name in names, name
    assert not names & {"ui.main", "ui.ai_worker"}


def test_no_snapshot_module_touches_javascript_when_imported():
    """The runtime can only save references it finds again in the page's globals; the worker
    that makes the snapshot has no page. A module importing ``pyscript``, ``js`` or
    ``pyodide`` at import time would break the save (or hold the worker's objects)."""
    for name in module_names():
        touched = {m for m in _top_level_imports(name) if m.split(".")[0] in BROWSER_ONLY}
        assert not touched, (name, touched)


def test_preload_imports_them_all():
    import sys

    names = preload()
    assert names == module_names()
    assert all(name in sys.modules for name in names)
    assert "ui.app" in names and "ui.screens.play" in names


def test_a_first_visits_snapshot_holds_what_the_entry_point_imports():
    """A first visit's page starts from a snapshot made right after ``START`` is imported
    (issue 37): it must hold what ``ui/main.py`` imports of ours, and the screens the app's
    start draws (the landing; the game screen, whose toast the app makes at start), so that the
    page's start compiles none of them on its own thread."""
    from ui.snapshot import START

    ours = {m for m in _top_level_imports("ui.main") if m.split(".")[0] in ("engine", "ui")}
    assert ours <= set(START)
    assert {"ui.screens.landing", "ui.screens.play"} <= set(START)
    assert set(START) <= set(module_names())
    assert preload(START) == list(START)
