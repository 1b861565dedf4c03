"""The game protocol: one contract for both games, the UI, the AI and the tools.

A game is a setup plus an action log. Every decision a seat makes is an action taken from
``legal_actions()``; every random event is a chance outcome taken from ``chance_outcomes()``
and recorded when it happens. Replaying the log rebuilds the identical game.

A concrete game subclasses :class:`Game` and implements the hooks whose names start with an
underscore (``_legal``, ``_apply``, ``_chance``, ...). The base class does the checking and
the bookkeeping (log, indices for the link codec, clear errors) once for every game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Hashable, Iterator, NamedTuple, Sequence

CHANCE = -1
"""``current_player`` while a random event is pending (OpenSpiel's "chance player")."""

TERMINAL = -2
"""``current_player`` once the game is over."""


class Reason(str):
    """Why a decision is refused: an English sentence (the engine's own fallback text) that also
    carries a message ``key`` and its ``params`` (plain values: seats, indices, counts), so that
    a UI words it in its own language from its catalogue (``refusal.<key>``)."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, text: str, params: dict[str, Any] | None = None) -> Reason:
        reason = super().__new__(cls, text)
        reason.key = key
        reason.params = dict(params or {})
        return reason


def reason(templates: dict[str, str], key: str, **params: Any) -> Reason:
    """The :class:`Reason` ``key`` with its English sentence filled in from ``templates``."""
    return Reason(key, templates[key].format(**params), params)


REFUSALS = {
    "over": "the game is over",
    "not_outcome": "{action} is not a possible outcome of the pending draw",
    "no_choice": "there is no choice number {index} here ({count} open)",
    "no_chance": "no random event is pending",
    "chance_pending": "a random draw is pending",
    "not_legal": "{action} is not a legal decision now",
}
"""English texts of the refusals every game shares (keys as in :class:`Reason`)."""


class IllegalAction(ValueError):
    """An action that is not legal now. ``rule`` is the rule id (``M-5.1``, ``C-4.2``) if any;
    ``key`` and ``params`` say the same for a UI to word (see :class:`Reason`)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.message = message
        self.rule = rule
        self.key: str | None = getattr(message, "key", None)
        self.params: dict[str, Any] = dict(getattr(message, "params", {}))
        super().__init__(f"{message} ({rule})" if rule else message)


class SetupError(ValueError):
    """A new game was asked for with settings the game does not support."""


@dataclass(frozen=True)
class Setup:
    """What a game starts from: the title, the number of seats, the options and the names.

    ``options`` is a tuple of ``(name, value)`` pairs sorted by name, so that a setup is hashable
    and compares equal whatever order the options were given in.
    """

    game: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()
    names: tuple[str, ...] = ()

    def option(self, name: str) -> Any:
        for key, value in self.options:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def options_dict(self) -> dict[str, Any]:
        return dict(self.options)


class Entry(NamedTuple):
    """One line of the log: who decided (a seat, or :data:`CHANCE`) and what."""

    actor: int
    action: Hashable


@dataclass(frozen=True)
class GameLog:
    """The setup and every entry since: the whole game, nothing hidden in it."""

    setup: Setup
    entries: tuple[Entry, ...] = field(default_factory=tuple)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def prefix(self, length: int) -> GameLog:
        """The log of the game as it stood after its first ``length`` entries."""
        return GameLog(self.setup, self.entries[:length])


class Event(NamedTuple):
    """Something that happened, for the game log shown to players.

    ``key`` names a message (the engine has an English text for it; the UI's catalogue has the
    same key in every language); ``args`` fills it in; ``entry`` is the index of the log entry
    that caused it; ``rule`` cites the rule applied, if one.
    """

    key: str
    args: tuple[tuple[str, Any], ...]
    entry: int
    rule: str | None = None


@dataclass(frozen=True)
class SeatResult:
    """The end of the game for one seat: score, rank (1 is best; tied seats share a rank) and
    the figures behind them, in the order a player reads them."""

    seat: int
    score: int
    rank: int
    breakdown: tuple[tuple[str, int], ...]


def rank_seats(keys: Sequence[tuple]) -> list[int]:
    """Ranks (1 = best) for seats whose sort keys are ``keys`` (higher is better; equal keys
    share a rank, and the next rank skips: 1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


class Game:
    """Base class of every game. Subclasses set ``name`` and implement the hooks."""

    name: ClassVar[str] = ""
    colours: ClassVar[tuple[str, ...]] = ()
    """The players' colours in seat order (names for seats that were given none)."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self._entries: list[Entry] = []
        self._indices: list[int] = []
        self.events: list[Event] = []
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        """The game's own generator for ``resolve_chance()`` without an argument (seeded by
        ``new_game``; a fresh one, made when first needed, for replayed and cloned games)."""
        if self._rng is None:
            self._rng = random.Random()
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # ------------------------------------------------------------------ hooks
    def _current_player(self) -> int:
        """The seat to decide now, :data:`CHANCE` or :data:`TERMINAL`."""
        raise NotImplementedError

    def _legal(self) -> list[Hashable]:
        """Every decision open to ``current_player`` now, in a stable order."""
        raise NotImplementedError

    def _apply(self, action: Hashable) -> None:
        """Apply a decision already known to be legal."""
        raise NotImplementedError

    def _chance(self) -> list[tuple[Hashable, float]]:
        """The outcomes of the pending random event with their probabilities, stable order."""
        raise NotImplementedError

    def _apply_chance(self, outcome: Hashable) -> None:
        """Apply a chance outcome already known to be possible."""
        raise NotImplementedError

    def why_illegal(self, action: Any) -> tuple[str, str | None]:
        """Why ``action`` is not legal now: a sentence and the rule id. Games refine this."""
        return (reason(REFUSALS, "not_legal", action=str(action)), None)

    @property
    def active_player(self) -> int:
        """The seat whose turn it is (may differ from ``current_player``)."""
        raise NotImplementedError

    def result(self) -> list[SeatResult]:
        raise NotImplementedError

    def position(self) -> str:
        """A one-line text form of the whole position (tests, bug reports, golden files)."""
        raise NotImplementedError

    def to_text(self) -> str:
        """The whole game state on one line, which :meth:`from_text` reads back (tests, bug
        reports, lessons). Titles whose ``position()`` is complete return it."""
        return self.position()

    @classmethod
    def from_text(cls, text: str) -> Game:
        """A game standing at ``to_text()`` text ``text``, with an empty log."""
        raise NotImplementedError

    def clone(self) -> Game:
        """An independent copy (the AI copies states often: games make this cheap)."""
        raise NotImplementedError

    def event_text(self, event: Event) -> str:
        """An English sentence for an event (the UI translates by ``event.key``)."""
        raise NotImplementedError

    # --------------------------------------------------------------- protocol
    @property
    def current_player(self) -> int:
        return self._current_player()

    @property
    def is_chance(self) -> bool:
        return self._current_player() == CHANCE

    @property
    def is_over(self) -> bool:
        return self._current_player() == TERMINAL

    @property
    def players(self) -> int:
        return self.setup.players

    def legal_actions(self) -> list[Hashable]:
        """Every decision open now (empty at a chance node or at the end)."""
        if self._current_player() < 0:
            return []
        return self._legal()

    def chance_outcomes(self) -> list[tuple[Hashable, float]]:
        """``[(outcome, probability)]`` at a chance node, else empty."""
        if self._current_player() != CHANCE:
            return []
        return self._chance()

    def apply(self, action: Hashable) -> None:
        """Check and apply a decision (or, at a chance node, a chance outcome).

        Raises :class:`IllegalAction` saying why, and leaves the game unchanged, if it is not
        legal now.
        """
        actor = self._current_player()
        if actor == TERMINAL:
            raise IllegalAction(reason(REFUSALS, "over"))
        if actor == CHANCE:
            options = [outcome for outcome, _ in self._chance()]
            if action not in options:
                raise IllegalAction(reason(REFUSALS, "not_outcome", action=repr(action)))
        else:
            options = self._legal()
            if action not in options:
                message, rule = self.why_illegal(action)
                raise IllegalAction(message, rule)
        self._record(actor, action, options.index(action))

    def apply_index(self, index: int) -> None:
        """Apply the ``index``-th legal action (or chance outcome): the codec's and AI's path."""
        actor = self._current_player()
        if actor == TERMINAL:
            raise IllegalAction(reason(REFUSALS, "over"))
        options = [o for o, _ in self._chance()] if actor == CHANCE else self._legal()
        if not 0 <= index < len(options):
            raise IllegalAction(reason(REFUSALS, "no_choice", index=index, count=len(options)))
        self._record(actor, options[index], index)

    def resolve_chance(self, rng: random.Random | None = None) -> Hashable:
        """Draw an outcome of the pending random event with ``rng`` (default: the game's own)
        and apply it. Returns the outcome."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction(reason(REFUSALS, "no_chance"))
        rng = rng or self.rng
        weights = [p for _, p in outcomes]
        index = rng.choices(range(len(outcomes)), weights=weights)[0]
        self._record(CHANCE, outcomes[index][0], index)
        return outcomes[index][0]

    def _record(self, actor: int, action: Hashable, index: int) -> None:
        self._entry_index = len(self._entries)
        if actor == CHANCE:
            self._apply_chance(action)
        else:
            self._apply(action)
        self._entries.append(Entry(actor, action))
        self._indices.append(index)

    def emit(self, key: str, rule: str | None = None, **args: Any) -> None:
        """Record an event for the game log (called by the rules while applying an entry)."""
        self.events.append(Event(key, tuple(args.items()), getattr(self, "_entry_index", 0), rule))

    @property
    def log(self) -> GameLog:
        return GameLog(self.setup, tuple(self._entries))

    @property
    def indices(self) -> tuple[int, ...]:
        """For each log entry, its position among the options open at the time (the codec's
        compact form of the log)."""
        return tuple(self._indices)

    def _copy_log_into(self, other: Game) -> None:
        """Helper for ``clone``: give ``other`` copies of the bookkeeping lists."""
        other.setup = self.setup
        other._entries = list(self._entries)
        other._indices = list(self._indices)
        other.events = list(self.events)
        other._rng = None

    def player_name(self, seat: int) -> str:
        """The seat's name: the one given at setup, else its colour, else "Player n"."""
        names = self.setup.names
        if 0 <= seat < len(names) and names[seat]:
            return names[seat]
        if 0 <= seat < len(self.colours):
            return self.colours[seat].capitalize()
        return f"Player {seat + 1}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.position()}>"
