"""The shape of ``ui/`` (issue 36): no import cycle between its modules, no file over
:data:`MAX_LINES` lines, no class over :data:`MAX_CLASS_LINES`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
MAX_LINES = 700
MAX_CLASS_LINES = 400
STILL_LARGE: set[str] = set()
"""Files not yet split (each is to leave this set; the test fails if one has become small
enough and is still listed)."""


def module_name(path: Path) -> str:
    return path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".").removesuffix(
        ".__init__")


def ui_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(UI.rglob("*.py"))}


def type_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (imports for type hints alone, never
    run)."""
    return {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If)
            and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
            for inner in ast.walk(node)}


def imports(path: Path, known: set[str]) -> set[str]:
    """The ``ui`` modules a module imports when it runs, anywhere in it (at its top or in a
    function; not the imports for type hints alone)."""
    found = set()
    tree = ast.parse(path.read_text("utf-8"))
    hints = type_only(tree)
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name for name in names if name in known}
    return found - {module_name(path)}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (its modules in order, the first again at the end)."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return None
        for other in sorted(graph[name]):
            found = visit(other, path + [name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


def test_cycle_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_cycle_in_ui():
    modules = ui_modules()
    graph = {name: imports(path, set(modules)) for name, path in modules.items()}
    assert cycle(graph) is None


def test_no_file_in_ui_is_too_long():
    long = {path.relative_to(ROOT).as_posix() for path in UI.rglob("*.py")
            if len(path.read_text("utf-8").splitlines()) > MAX_LINES}
    assert long == STILL_LARGE


def test_no_class_in_ui_is_too_long():
    for path in UI.rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef) and rel not in STILL_LARGE:
                assert node.end_lineno - node.lineno + 1 <= MAX_CLASS_LINES, (rel, node.name)
