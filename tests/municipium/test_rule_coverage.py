"""Every rule id of the spec has at least one test named with it (``test_M_6_4_...``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC = Path(__file__).resolve().parents[3] / "shared" / "rules" / "municipium-spec.md"
RULE_IDS = [
    "M-1.1", "M-1.2", "M-1.3", "M-1.4", "M-1.5", "M-1.6", "M-1.7", "M-1.8",
    "M-2.1", "M-2.2", "M-2.3", "M-2.4", "M-2.5", "M-2.6", "M-2.7",
    "M-3.1", "M-3.2", "M-3.3", "M-3.4", "M-3.5", "M-4.1", "M-4.2",
    "M-5.1", "M-5.2", "M-5.3", "M-5.4",
    "M-6.1", "M-6.2", "M-6.3", "M-6.4", "M-6.5", "M-6.6", "M-6.7",
    "M-7.1", "M-7.2", "M-7.3", "M-7.4", "M-7.5", "M-7.6", "M-7.7", "M-7.8",
    "M-8.0", "M-8.1", "M-8.2", "M-8.3", "M-8.4", "M-8.5", "M-8.6",
]


def _test_names() -> str:
    return "\n".join(path.read_text() for path in Path(__file__).parent.glob("test_*.py"))


def test_rule_list_matches_spec():
    if not SPEC.exists():
        pytest.skip("shared spec not available")
    in_spec = sorted(set(re.findall(r"^- (M-\d+\.\d+)", SPEC.read_text(), re.MULTILINE)))
    assert in_spec == sorted(RULE_IDS)


@pytest.mark.parametrize("rule", RULE_IDS + ["M-9"])
def test_every_rule_has_a_named_test(rule):
    name = "def test_" + rule.replace("-", "_").replace(".", "_") + "_"
    assert name in _test_names(), f"no test named for {rule}"
