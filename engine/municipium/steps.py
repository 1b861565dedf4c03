"""Municipium's kinds of pending step (architecture principle 3; the machine is
:mod:`engine.core.stack`).

Each kind is a small frozen class (a :class:`~engine.core.stack.Step`); a step is
``Kind(actor, *fields)``: ``actor`` is a seat for a decision, ``CHANCE`` for a random event, or
:data:`AUTO` for bookkeeping the engine does by itself. Each rules module defines the kinds it
handles and lists them in its ``STEPS``; this module gathers them (:data:`KINDS`, by name) so
that tests and tools import every kind from one place.
"""

from __future__ import annotations

from engine.core.protocol import CHANCE
from engine.core.stack import AUTO, Step, StepKind
from engine.municipium import cards, citizens, powers, turn
from engine.municipium.cards import CardDrawStep, CardStep, GreatFamilyStep
from engine.municipium.citizens import (
    ChamberFillStep,
    CitizenEventStep,
    DrawStep,
    InviteStep,
    KeepStep,
    PlaceStep,
    SinglePlaceStep,
    VisitStep,
)
from engine.municipium.powers import (
    AllPowersStep,
    BasilicaStep,
    CrownStep,
    EmporiumChoiceStep,
    EmporiumStep,
    ForumStep,
    OfferStep,
    OnePowerStep,
    RelocateStep,
    TavernStep,
    YourPowersStep,
)
from engine.municipium.turn import (
    ChambersStep,
    EndTurnStep,
    InitialStep,
    MoveStep,
    PlacementStep,
    StartPlayerStep,
    TempleOrderStep,
)

KINDS: dict[str, StepKind] = {
    kind.name: kind for module in (turn, cards, citizens, powers) for kind in module.STEPS}
"""Every kind of step, by name (M-2 setup and the turn, M-5 cards, M-6 citizens, M-7/M-8
powers)."""

__all__ = [
    "AUTO", "CHANCE", "KINDS", "AllPowersStep", "BasilicaStep", "CardDrawStep", "CardStep",
    "ChamberFillStep", "ChambersStep", "CitizenEventStep", "CrownStep", "DrawStep",
    "EmporiumChoiceStep", "EmporiumStep", "EndTurnStep", "ForumStep", "GreatFamilyStep",
    "InitialStep", "InviteStep", "KeepStep", "MoveStep", "OfferStep", "OnePowerStep",
    "PlaceStep", "PlacementStep", "RelocateStep", "SinglePlaceStep", "StartPlayerStep", "Step",
    "StepKind", "TavernStep", "TempleOrderStep", "VisitStep", "YourPowersStep"]
