"""The long tests both suites run first (``tests.ordering``) are still there: a renamed test or
file would silently fall back into the suite's order and end a worker late."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests import conftest
from tests.ordering import long_first

ROOT = Path(__file__).resolve().parent.parent


def e2e_long_first() -> tuple[str, ...]:
    """``LONG_FIRST`` of ``e2e/conftest.py``, read from its source (importing it needs
    Playwright's fixtures)."""
    tree = ast.parse((ROOT / "e2e" / "conftest.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "LONG_FIRST":
            names = node.value.args[0].generators[0].iter  # tuple(... for name in (...))
            return tuple(f"e2e/test_{ast.literal_eval(name)}" for name in names.elts)
    raise AssertionError("e2e/conftest.py has no LONG_FIRST")


@pytest.mark.parametrize("prefix", conftest.LONG_FIRST + e2e_long_first())
def test_every_long_first_prefix_names_a_test(prefix):
    path, _, name = prefix.partition("::")
    source = (ROOT / path).read_text(encoding="utf-8")
    assert not name or f"def {name}" in source, prefix


def test_long_first_moves_only_the_long_tests_and_keeps_each_parts_order():
    class Item:
        def __init__(self, nodeid: str) -> None:
            self.nodeid = nodeid

    items = [Item(i) for i in ("a.py::t1", "b.py::long1", "a.py::t2", "c.py::x", "b.py::long2")]
    long_first(items, ("b.py::long", "c.py::"))
    assert [i.nodeid for i in items] == [
        "b.py::long1", "c.py::x", "b.py::long2", "a.py::t1", "a.py::t2"]
