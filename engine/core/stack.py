"""The pending-work stack (architecture principle 3), one machine for every title.

A game keeps a list of steps in ``stack``; the top one says who decides and what is legal. A
step is a plain tuple ``(key, actor, *fields)`` (plain tuples: the AI copies the stack
thousands of times a second): ``key`` names its :class:`StepKind`, ``actor`` is a seat for a
decision, :data:`~engine.core.protocol.CHANCE` for a random event or :data:`AUTO` for
bookkeeping the engine does by itself. Each kind is one frozen :class:`StepKind` value: its
name, the rule it carries out, its fields by name and type, and its handlers.

One convention for every title: a handler owns the top step. Applying a decision, a draw or a
bookkeeping step pops it, replaces it or pushes more work on it; then the machine settles
(:meth:`StackGame._settle`): it runs bookkeeping steps until a decision or a draw is on top.

What is pending is read as one :class:`Pending` value (``game.pending_step()``): who decides,
the kind, its rule id and its fields by name; the page and the tests read that, never a tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.protocol import TERMINAL, Game

AUTO = -3
"""``actor`` of a step the engine resolves by itself."""

Step = tuple
"""``(key, actor, *fields)``: see the module docstring."""

_READ: dict[str, Callable[[str], Any]] = {
    "i": int, "b": lambda text: bool(int(text)), "s": str,
    "t": lambda text: tuple(int(ch) for ch in text),
    "n": lambda text: tuple(int(x) for x in text.split("~")) if text else (),
    "p": lambda text: tuple(tuple(int(x) for x in pair.split("~")) for pair in text.split("_")
                            if pair),
}
"""Field types in a step's text form: ``i`` int, ``b`` bool, ``s`` word, ``t`` tuple of
digits, ``n`` tuple of ints (``12~0~3``), ``p`` tuple of int pairs (``2~1_0~-1``)."""


def field_text(value: Any, code: str) -> str:
    """One field of a step written for :func:`read_field` (type ``code``, see ``_READ``)."""
    if code == "p":
        return "_".join(f"{a}~{b}" for a, b in value)
    if code == "t":
        return "".join(str(int(v)) for v in value)
    if code == "n":
        return "~".join(str(v) for v in value)
    if code == "b":
        return str(int(value))
    return str(value)


def read_field(text: str, code: str) -> Any:
    """The field written by :func:`field_text`."""
    return _READ[code](text)


@dataclass(frozen=True, slots=True)
class StepKind:
    """One kind of pending step. ``params`` names the fields after ``(key, actor)`` with their
    types, e.g. ``"inst:i held:t"`` (see ``_READ``); ``rule`` is the rule id the step carries
    out; ``prompt`` describes the decision in English. A decision has ``legal`` and ``apply``,
    a draw ``outcomes`` and ``apply_chance``, a bookkeeping step ``run``."""

    name: str
    params: str
    rule: str
    prompt: str = ""
    legal: Callable[[Any, Step], list] | None = None
    apply: Callable[[Any, Step, Any], None] | None = None
    outcomes: Callable[[Any, Step], list] | None = None
    apply_chance: Callable[[Any, Step, Any], None] | None = None
    run: Callable[[Any, Step], None] | None = None

    @property
    def fields(self) -> tuple[str, ...]:
        """The names of the step's fields after ``(key, actor)``."""
        return tuple(spec.split(":")[0] for spec in self.params.split())

    @property
    def types(self) -> tuple[str, ...]:
        """The type code of each field (see ``_READ``)."""
        return tuple(spec.split(":")[1] for spec in self.params.split())

    @property
    def role(self) -> str:
        """``decision``, ``chance`` or ``auto``."""
        if self.run is not None:
            return "auto"
        return "chance" if self.outcomes is not None else "decision"


def decision(name: str, params: str, rule: str, prompt: str, legal: Callable,
             apply: Callable) -> StepKind:
    """A kind of step a seat decides."""
    return StepKind(name, params, rule, prompt, legal=legal, apply=apply)


def chance(name: str, params: str, rule: str, prompt: str, outcomes: Callable,
           apply_chance: Callable) -> StepKind:
    """A kind of step decided by a draw."""
    return StepKind(name, params, rule, prompt, outcomes=outcomes, apply_chance=apply_chance)


def auto(name: str, params: str, rule: str, run: Callable) -> StepKind:
    """A kind of step the engine carries out by itself."""
    return StepKind(name, params, rule, run=run)


@dataclass(frozen=True, slots=True)
class Pending:
    """What the game waits for: ``seat`` (a seat, CHANCE, or TERMINAL once over), the step's
    ``kind``, the ``rule`` id it carries out, its ``fields`` by name (plain values, e.g.
    ``(("held", (0, 1, 0, 0)), ("purpose", "visit"))`` while a soldier waits to be placed) and
    an English ``prompt``. ``pending["held"]`` reads a field."""

    seat: int
    kind: str
    rule: str
    fields: tuple[tuple[str, Any], ...] = ()
    prompt: str = ""

    def __getitem__(self, name: str) -> Any:
        for key, value in self.fields:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        """The field ``name``, or ``default`` if the step has none such."""
        try:
            return self[name]
        except KeyError:
            return default

    @property
    def args(self) -> dict[str, Any]:
        """The fields as a dict."""
        return dict(self.fields)

    @property
    def is_over(self) -> bool:
        return self.seat == TERMINAL


class StackGame(Game):
    """A game whose pending work is a stack of steps (see the module docstring).

    Subclasses set ``KINDS`` (step key -> :class:`StepKind`), keep the stack in ``stack``, and
    may refine :meth:`_on_empty` (what happens when the stack runs out) and :meth:`_skip` (a
    decision the engine takes by itself), and set ``OVER_RULE``, the rule that ends the game.
    """

    KINDS: ClassVar[dict[Hashable, StepKind]] = {}
    OVER_RULE: ClassVar[str] = ""
    stack: list[Step]

    def _settle(self) -> None:
        """Run bookkeeping steps (and decisions :meth:`_skip` takes) until a decision or a
        draw is on top, or the game is over."""
        stack, kinds = self.stack, self.KINDS
        while True:
            if not stack:
                if self._on_empty():
                    continue
                return
            top = stack[-1]
            kind = kinds[top[0]]
            if kind.run is not None:
                kind.run(self, top)
            elif not self._skip(top, kind):
                return

    def _on_empty(self) -> bool:
        """The stack ran out: push more work and return True, or return False (game over)."""
        return False

    def _skip(self, step: Step, kind: StepKind) -> bool:
        """Take a decision that leaves no choice by itself; True if it did."""
        return False

    # ------------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int:
        return self.stack[-1][1] if self.stack else TERMINAL

    def _legal(self) -> list[Hashable]:
        step = self.stack[-1]
        return self.KINDS[step[0]].legal(self, step)

    def _apply(self, action: Hashable) -> None:
        step = self.stack[-1]
        self.KINDS[step[0]].apply(self, step, action)
        self._settle()

    def _chance(self) -> list[tuple[Hashable, float]]:
        step = self.stack[-1]
        return self.KINDS[step[0]].outcomes(self, step)

    def _apply_chance(self, outcome: Hashable) -> None:
        step = self.stack[-1]
        self.KINDS[step[0]].apply_chance(self, step, outcome)
        self._settle()

    # ------------------------------------------------------------------ reading it
    def pending_step(self) -> Pending:
        """The top step as a :class:`Pending` value (the end of the game once it is over)."""
        if not self.stack:
            return Pending(TERMINAL, "over", self.OVER_RULE)
        step = self.stack[-1]
        kind = self.KINDS[step[0]]
        return Pending(step[1], kind.name, kind.rule,
                       tuple(zip(kind.fields, step[2:], strict=True)), kind.prompt)

    def step_text(self, step: Step) -> str:
        """``name:actor:field:...``, the text of one step (read back by :meth:`read_step`)."""
        kind = self.KINDS[step[0]]
        parts = [kind.name, str(step[1])]
        parts += [field_text(v, c) for v, c in zip(step[2:], kind.types, strict=True)]
        return ":".join(parts)

    @classmethod
    def read_step(cls, text: str) -> Step:
        """The step written by :meth:`step_text`."""
        name, actor, *params = text.split(":")
        found = [(k, v) for k, v in cls.KINDS.items() if v.name == name]
        if not found:
            raise ValueError(f"step {text!r}: no kind of step is called {name!r}")
        key, kind = found[0]
        types = kind.types
        if len(params) != len(types):
            raise ValueError(f"step {text!r}: {len(types)} fields expected")
        return (key, int(actor), *(read_field(v, c) for v, c in zip(params, types, strict=True)))


__all__ = ["AUTO", "Pending", "StackGame", "Step", "StepKind", "auto", "chance", "decision"]
