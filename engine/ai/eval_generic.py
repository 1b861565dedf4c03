"""The evaluation of a title without its own: each seat's current score from ``result()``."""

from __future__ import annotations

from typing import Any

SCALE = 2.0


def values(game: Any) -> list[float]:
    return [float(r.score) for r in sorted(game.result(), key=lambda r: r.seat)]


def reason(before: Any, after: Any, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
    return "ai.best", {}
