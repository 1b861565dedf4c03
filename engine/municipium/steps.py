"""Municipium's kinds of pending step (architecture principle 3; the machine is
:mod:`engine.core.stack`).

A step is ``(kind, actor, *fields)``: ``actor`` is a seat for a decision, ``CHANCE`` for a
random event, or :data:`AUTO` for bookkeeping the engine does by itself. Each rules module
lists the kinds it handles in its ``STEPS``; :data:`KINDS` collects them by name.
"""

from __future__ import annotations

from engine.core.protocol import CHANCE
from engine.core.stack import AUTO, Step, StepKind
from engine.municipium import cards, citizens, powers, turn

KINDS: dict[str, StepKind] = {
    kind.name: kind for module in (turn, cards, citizens, powers) for kind in module.STEPS}
"""Every kind of step, by name (M-2 setup and the turn, M-5 cards, M-6 citizens, M-7/M-8
powers)."""


def named_params(step: Step) -> dict:
    """The fields of ``step`` by name."""
    return dict(zip(KINDS[step[0]].fields, step[2:], strict=True))


__all__ = ["AUTO", "CHANCE", "KINDS", "Step", "StepKind", "named_params"]
