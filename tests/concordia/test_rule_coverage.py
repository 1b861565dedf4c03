"""Every rule id of the Concordia spec, and every map ruling of the later maps
(``engine.concordia.rulings.MAP_RULINGS``), has at least one test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.concordia.rulings import MAP_RULINGS

HERE = Path(__file__).resolve().parent
SPEC = HERE.parents[2] / "shared" / "rules" / "concordia-spec.md"


def _test_name(rule: str) -> str:
    """``C-4.2`` -> ``test_C_4_2``, ``C-M.ionium.1`` -> ``test_C_M_ionium_1``."""
    return "test_" + rule.replace("-", "_").replace(".", "_")


def _named_tests() -> set[str]:
    names = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"def (test_C_(?:\d+_\d+|M_(?:[a-z]+_)?\d+))_",
                                path.read_text(encoding="utf-8")))
    return names


def test_every_rule_id_has_a_named_test():
    if not SPEC.exists():
        pytest.skip("shared spec not available")
    ids = sorted(set(re.findall(r"^- (C-\d+\.\d+)", SPEC.read_text(encoding="utf-8"), re.M)))
    assert len(ids) >= 30
    names = _named_tests()
    missing = [i for i in ids if _test_name(i) not in names]
    assert not missing, f"rules without a test: {missing}"


def test_every_map_ruling_has_a_named_test():
    rulings = (HERE.parents[1] / "engine" / "concordia" / "rulings.py").read_text()
    assert all(f"- {rule}:" in rulings for rule in MAP_RULINGS), "a map ruling without its text"
    names = _named_tests()
    missing = [i for i in MAP_RULINGS if _test_name(i) not in names]
    assert not missing, f"map rulings without a test: {missing}"
