"""The order both pytest suites (``tests/`` and ``e2e/``) run their tests in: the long ones first.

``make test`` hands the tests to two pytest-xdist workers one at a time in the collected order
(``--maxschedchunk 1``), so the long tests are shared between the two and both end together.
(By default xdist sends each worker a quarter of the suite at once, in order: one worker got
every long test and ran on for minutes after the other had ended; docs/testing.md.)"""

from __future__ import annotations

import pytest


def long_first(items: list[pytest.Item], long: tuple[str, ...]) -> None:
    """Sort ``items`` in place: those whose node id starts with one of ``long`` first, the rest
    after them, each part in its collected order."""
    items.sort(key=lambda item: not item.nodeid.startswith(long))
