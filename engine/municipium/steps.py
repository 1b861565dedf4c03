"""The pending-work stack (architecture principle 3).

The game keeps a list of steps; the top one says who decides and what is legal. A step is a
plain tuple ``(kind, actor, *params)``: ``actor`` is a seat for a decision, ``CHANCE`` for a
random event, or :data:`AUTO` for bookkeeping the engine does by itself (it runs until a decision
or a chance step is on top). Each kind registers its handlers here; the rules modules register
their own kinds, so the game class only dispatches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.core.protocol import CHANCE

AUTO = -3
"""``actor`` of a step the engine resolves by itself."""

Step = tuple


class Kind(NamedTuple):
    """How to handle one kind of step. ``params`` names the step's parameters after
    ``(kind, actor)`` with their types, e.g. ``"inst:i held:t"`` (``i`` int, ``b`` bool, ``s``
    word, ``t`` tuple of small ints). ``rule`` is the rule id the step carries out;
    ``prompt`` describes the decision in English (for ``pending()`` and errors)."""

    params: str
    rule: str
    prompt: str = ""
    legal: Callable[[Any, Step], list] | None = None
    apply: Callable[[Any, Step, Any], None] | None = None
    outcomes: Callable[[Any, Step], list] | None = None
    apply_chance: Callable[[Any, Step, Any], None] | None = None
    run: Callable[[Any, Step], None] | None = None


KINDS: dict[str, Kind] = {}


def named_params(step: Step) -> dict[str, Any]:
    """The parameters of ``step`` by name (for ``pending()``)."""
    names = [spec.split(":")[0] for spec in KINDS[step[0]].params.split()]
    return dict(zip(names, step[2:], strict=True))


def decision(kind: str, params: str, rule: str, prompt: str, legal: Callable,
             apply: Callable) -> None:
    KINDS[kind] = Kind(params, rule, prompt, legal=legal, apply=apply)


def chance(kind: str, params: str, rule: str, prompt: str, outcomes: Callable,
           apply_chance: Callable) -> None:
    KINDS[kind] = Kind(params, rule, prompt, outcomes=outcomes, apply_chance=apply_chance)


def auto(kind: str, params: str, rule: str, run: Callable) -> None:
    KINDS[kind] = Kind(params, rule, run=run)


__all__ = ["AUTO", "CHANCE", "KINDS", "Kind", "Step", "auto", "chance", "decision"]
