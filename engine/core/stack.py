"""The pending-work stack (architecture principle 3), one machine for every title.

A game keeps a list of steps in ``stack``; the top one says who decides and what is legal.
Each kind of step is one small frozen class (a subclass of :class:`Step`, made by
:func:`decision`, :func:`chance` or :func:`auto`): its ``name``, the ``rule`` it carries out,
its ``fields`` by name and type, its ``prompt`` and its handlers are class attributes. A step
is an instance: an immutable tuple ``(key, actor, *fields)`` whose fields also read by name
(``step.held``). ``key`` names the kind in the title's ``KINDS``; ``actor`` is a seat for a
decision, :data:`~engine.core.protocol.CHANCE` for a random event or :data:`AUTO` for
bookkeeping the engine does by itself. Steps are tuples because the AI copies the stack
thousands of times a second: a copy of the list shares them, and they cost what a tuple costs.

One convention for every title: a handler owns the top step. Applying a decision, a draw or a
bookkeeping step pops it, replaces it or pushes more work on it; then the machine settles
(:meth:`StackGame._settle`): it runs bookkeeping steps until a decision or a draw is on top.

What is pending is read as one :class:`Pending` value (``game.pending_step()``): who decides,
the kind, its rule id, its fields by name and the step itself; the page and the tests read that.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar

from engine.core.protocol import TERMINAL, Game

AUTO = -3
"""``actor`` of a step the engine resolves by itself."""

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


class Step(tuple):
    """One pending step, ``(key, actor, *fields)``; its class is its kind (see the module
    docstring). ``Kind(actor, *fields)`` makes one, e.g. ``PlaceStep(2, (0, 1, 0, 0), "visit")``;
    ``step.actor`` and each named field read it. A decision kind has ``legal`` and ``apply``, a
    draw ``outcomes`` and ``apply_chance``, a bookkeeping kind ``run`` (``role`` says which)."""

    __slots__ = ()
    key: ClassVar[Hashable] = None
    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    prompt: ClassVar[str] = ""
    params: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()
    types: ClassVar[tuple[str, ...]] = ()
    role: ClassVar[str] = ""
    legal: ClassVar[Callable[[Any, Step], list] | None] = None
    apply: ClassVar[Callable[[Any, Step, Any], None] | None] = None
    outcomes: ClassVar[Callable[[Any, Step], list] | None] = None
    apply_chance: ClassVar[Callable[[Any, Step, Any], None] | None] = None
    run: ClassVar[Callable[[Any, Step], None] | None] = None

    def __new__(cls, actor: int, *fields: Any) -> Step:
        return tuple.__new__(cls, (cls.key, actor, *fields))

    def __getnewargs__(self) -> tuple:
        return tuple(self[1:])

    @property
    def actor(self) -> int:
        """Who acts: a seat, CHANCE or AUTO."""
        return self[1]

    def named(self) -> tuple[tuple[str, Any], ...]:
        """The fields as ``(name, value)`` pairs."""
        return tuple(zip(self.fields, self[2:], strict=True))

    def text(self) -> str:
        """``name:actor:field:...``, read back by :meth:`StackGame.read_step`."""
        values = [field_text(v, c) for v, c in zip(self[2:], self.types, strict=True)]
        return ":".join([self.name, str(self[1]), *values])

    def __repr__(self) -> str:
        shown = [f"actor={self[1]!r}"] + [f"{k}={v!r}" for k, v in self.named()]
        return f"{type(self).__name__}({', '.join(shown)})"


StepKind = type[Step]
"""A kind of step: a subclass of :class:`Step`."""


def _kind(name: str, params: str, rule: str, prompt: str, key: Hashable,
          **handlers: Callable) -> StepKind:
    """The class of a kind of step (see :class:`Step`). ``params`` names the fields after
    ``(key, actor)`` with their types, e.g. ``"inst:i held:t"`` (see ``_READ``); ``key``
    defaults to ``name``."""
    specs = [spec.split(":") for spec in params.split()]
    role = "auto" if "run" in handlers else "chance" if "outcomes" in handlers else "decision"
    space: dict[str, Any] = {
        "__slots__": (), "__doc__": f"{rule}: {prompt or name} (a {role} step).",
        "key": name if key is None else key, "name": name, "rule": rule, "prompt": prompt,
        "params": params, "fields": tuple(f for f, _ in specs),
        "types": tuple(t for _, t in specs), "role": role,
        **{hook: staticmethod(handler) for hook, handler in handlers.items()}}
    for index, (field, _) in enumerate(specs, 2):
        if hasattr(Step, field):
            raise ValueError(f"step {name!r}: the field {field!r} hides an attribute of Step")
        space[field] = property(itemgetter(index), doc=f"Field {field!r} of the step.")
    return type("".join(w.title() for w in name.split("_")) + "Step", (Step,), space)


def decision(name: str, params: str, rule: str, prompt: str, legal: Callable,
             apply: Callable, key: Hashable = None) -> StepKind:
    """A kind of step a seat decides."""
    return _kind(name, params, rule, prompt, key, legal=legal, apply=apply)


def chance(name: str, params: str, rule: str, prompt: str, outcomes: Callable,
           apply_chance: Callable, key: Hashable = None) -> StepKind:
    """A kind of step decided by a draw."""
    return _kind(name, params, rule, prompt, key, outcomes=outcomes, apply_chance=apply_chance)


def auto(name: str, params: str, rule: str, run: Callable, key: Hashable = None) -> StepKind:
    """A kind of step the engine carries out by itself."""
    return _kind(name, params, rule, "", key, run=run)


@dataclass(frozen=True, slots=True)
class Pending:
    """What the game waits for: ``seat`` (a seat, CHANCE, or TERMINAL once over), the step's
    ``kind``, the ``rule`` id it carries out, its ``fields`` by name (plain values, e.g.
    ``(("held", (0, 1, 0, 0)), ("purpose", "visit"))`` while a citizen waits to be placed) and
    an English ``prompt``, and the ``step`` itself (None once over). ``pending["held"]`` reads a
    field."""

    seat: int
    kind: str
    rule: str
    fields: tuple[tuple[str, Any], ...] = ()
    prompt: str = ""
    step: Step | None = None

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

    Subclasses set ``KINDS`` (step key -> kind of :class:`Step`), keep the stack in ``stack``,
    and may refine :meth:`_on_empty` (what happens when the stack runs out) and :meth:`_skip` (a
    decision the engine takes by itself), and set ``OVER_RULE``, the rule that ends the game.
    """

    KINDS: ClassVar[dict[Hashable, StepKind]] = {}
    OVER_RULE: ClassVar[str] = ""
    stack: list[Step]

    def _settle(self) -> None:
        """Run bookkeeping steps (and decisions :meth:`_skip` takes) until a decision or a
        draw is on top, or the game is over."""
        stack = self.stack
        while True:
            if not stack:
                if self._on_empty():
                    continue
                return
            top = stack[-1]
            if top.run is not None:
                top.run(self, top)
            elif not self._skip(top):
                return

    def _on_empty(self) -> bool:
        """The stack ran out: push more work and return True, or return False (game over)."""
        return False

    def _skip(self, step: Step) -> bool:
        """Take a decision that leaves no choice by itself; True if it did."""
        return False

    # ------------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int:
        return self.stack[-1][1] if self.stack else TERMINAL

    def _legal(self) -> list[Hashable]:
        step = self.stack[-1]
        return step.legal(self, step)

    def _chance(self) -> list[tuple[Hashable, float]]:
        step = self.stack[-1]
        return step.outcomes(self, step)

    def _apply(self, action: Hashable) -> None:
        step = self.stack[-1]
        step.apply(self, step, action)
        self._settle()

    def _apply_chance(self, outcome: Hashable) -> None:
        step = self.stack[-1]
        step.apply_chance(self, step, outcome)
        self._settle()

    # ------------------------------------------------------------------ reading it
    def pending_step(self) -> Pending:
        """The top step as a :class:`Pending` value (the end of the game once it is over)."""
        if not self.stack:
            return Pending(TERMINAL, "over", self.OVER_RULE)
        step = self.stack[-1]
        return Pending(step.actor, step.name, step.rule, step.named(), step.prompt, step)

    def step_text(self, step: Step) -> str:
        """``name:actor:field:...``, the text of one step (read back by :meth:`read_step`)."""
        return step.text()

    @classmethod
    def read_step(cls, text: str) -> Step:
        """The step written by :meth:`step_text`."""
        name, actor, *params = text.split(":")
        found = [kind for kind in cls.KINDS.values() if kind.name == name]
        if not found:
            raise ValueError(f"step {text!r}: no kind of step is called {name!r}")
        types = found[0].types
        if len(params) != len(types):
            raise ValueError(f"step {text!r}: {len(types)} fields expected")
        return found[0](int(actor), *(read_field(v, c) for v, c in zip(params, types, strict=True)))


__all__ = ["AUTO", "Pending", "StackGame", "Step", "StepKind", "auto", "chance", "decision"]
