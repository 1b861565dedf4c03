"""Every rule id of the Concordia spec has at least one test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SPEC = HERE.parents[2] / "shared" / "rules" / "concordia-spec.md"


def test_every_rule_id_has_a_named_test():
    if not SPEC.exists():
        pytest.skip("shared spec not available")
    ids = sorted(set(re.findall(r"^- (C-\d+\.\d+)", SPEC.read_text(encoding="utf-8"), re.M)))
    assert len(ids) >= 30
    names = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"def (test_C_\d+_\d+)_", path.read_text(encoding="utf-8")))
    missing = [i for i in ids if "test_" + i.replace("-", "_").replace(".", "_") not in names]
    assert not missing, f"rules without a test: {missing}"
