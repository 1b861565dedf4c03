"""A game being played on this page: the engine's game plus what the page knows about it (who
sits where, where it is saved, whether it came by link). Plain Python, tested in CPython."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.core.protocol import CHANCE, Game
from ui.links import SEAT_KINDS, NewGameRequest
from ui.storage import SaveRecord, new_id


def lineage(saved: tuple, other: tuple) -> str:
    """How the log entries ``other`` of a game stand to ``saved``, a copy of the same game:
    ``same``; ``ahead`` (it carries ``saved`` on); ``behind`` (an older position of it); or
    ``diverged`` (they part at some decision)."""
    shared = min(len(saved), len(other))
    if saved[:shared] != other[:shared]:
        return "diverged"
    if len(other) == len(saved):
        return "same"
    return "ahead" if len(other) > len(saved) else "behind"


@dataclass
class Session:
    """One running game. ``seats[i]`` is ``human`` or ``ai:<level>``; ``via_link`` marks a game
    that arrived by link (undo then stops at the last revealed card or drawn citizen)."""

    game: Game
    seats: list[str]
    save_id: str = field(default_factory=new_id)
    game_id: str = field(default_factory=new_id)
    via_link: bool = False
    rng: random.Random = field(default_factory=random.SystemRandom)
    ui: dict[str, Any] = field(default_factory=dict)
    """The board's own passing state (a selected piece, an open panel); cleared after every
    decision."""
    view_length: int | None = None
    """While replaying: how many log entries the shown position has (None: the live game)."""
    _view: Game | None = None
    news: list[Any] = field(default_factory=list)
    """Events to point out when a link is opened: what happened since the opener's last
    decision (cleared by the next decision)."""
    rev: int = 0
    """The revision of the save this game was read from or last written to."""
    backup: dict[str, Any] | None = None
    """When the game was last known to exist outside this browser (a link it came by, a
    share, an export) and how many log entries it had then: ``{"at": time, "moves": n}``."""
    coached: bool = False
    """A lesson drives this game: its computer seats and draws are scripted (nobody thinks)."""
    pace: str | None = None
    """The pace this game was started with (``pace=`` in its address), else None: the
    player's usual pace, and no waiting at all when every seat is a computer."""
    handed: int | None = None
    """How many log entries the game had when it last came to this device by link, else None.
    Undo never goes back before it: those decisions are the sender's, in their copy too (a
    sender may still take back a decision after sharing: a link that then went another way
    opens as a separate game, and says so)."""
    redraws: list[Any] = field(default_factory=list)
    """The draws an undo took back, in the order they were made: the deck is not shuffled by
    taking a move back, so the next draws repeat them while each is still possible (see
    :meth:`settle_chance`). Kept in this browser's save, never in a link."""

    @classmethod
    def start(cls, request: NewGameRequest) -> Session:
        seed = random.SystemRandom().getrandbits(64)
        game = engine.new_game(request.game, request.players, seed=seed, names=request.names,
                               **request.options)
        return cls(game, list(request.seats), pace=request.pace)

    @classmethod
    def from_link(cls, text: str, via_link: bool = True) -> Session:
        game, meta = engine.decode_link(text)
        seats = meta.get("seats")
        if not (isinstance(seats, list) and len(seats) == game.players
                and all(s in SEAT_KINDS for s in seats)):
            seats = ["human"] * game.players
        session = cls(game, seats, via_link=via_link)
        if isinstance(meta.get("id"), str) and meta["id"]:
            session.game_id = meta["id"][:40]
        if via_link:
            session.mark_backup()  # whoever sent the link has it
            session.handed = len(game.log)
        return session

    @classmethod
    def from_record(cls, record: SaveRecord) -> Session:
        session = cls.from_link(record.link, via_link=bool(record.meta.get("via_link")))
        session.save_id = record.id
        session.rev = record.rev
        backup = record.meta.get("backup")
        session.backup = backup if isinstance(backup, dict) else None
        handed = record.meta.get("handed")
        session.handed = handed if isinstance(handed, int) and not isinstance(handed, bool) \
            else None
        redraws = record.meta.get("redraws")
        if isinstance(redraws, list):
            session.redraws = [r for r in redraws if isinstance(r, (str, int))]
        return session

    # ------------------------------------------------------------ state
    @property
    def meta(self) -> dict[str, Any]:
        return {"id": self.game_id, "seats": self.seats}

    def link(self) -> str:
        return engine.encode(self.game, meta=self.meta)

    def record(self) -> SaveRecord:
        game = self.game
        summary = {"players": game.players, "names": [game.player_name(s) for s in
                                                        range(game.players)],
                   "moves": len(game.log), "over": game.is_over, **self.progress()}
        meta = dict(self.meta, via_link=self.via_link)
        if self.backup is not None:
            meta["backup"] = self.backup
        if self.handed is not None:
            meta["handed"] = self.handed
        if self.redraws:
            meta["redraws"] = list(self.redraws)
        return SaveRecord(self.save_id, game.setup.game, self.link(), time.time(), meta, summary,
                          rev=self.rev)

    def mark_backup(self) -> None:
        """The game as it is now also exists elsewhere (shared, exported, came by link)."""
        self.backup = {"at": time.time(), "moves": len(self.game.log)}

    def progress(self) -> dict[str, Any]:
        """For the saved-games list: the names given (blank: the colour), the colours, who
        decides now (-1 at the end) and the round (a turn of every player)."""
        game = self.game
        names = list(game.setup.names) or [""] * game.players
        turns = getattr(game, "turns", None)  # Concordia: turns before this one
        if game.setup.game == "municipium":
            turns = max(game.turn - 1, 0)  # Municipium numbers its turns from 1
        return {"given": names, "colours": list(getattr(game, "colours", ()))[:game.players],
                "active": -1 if game.is_over else self.deciding,
                "round": turns // game.players + 1 if isinstance(turns, int) else None}

    @property
    def deciding(self) -> int:
        """The seat whose decision the game waits for (during the setup, or when a card asks
        another player to choose within a turn, not the seat whose turn it is)."""
        player = self.game.current_player
        return player if player >= 0 else self.game.active_player

    def seat_kind(self, seat: int) -> str:
        return self.seats[seat] if 0 <= seat < len(self.seats) else "human"

    def mid_turn(self) -> bool:
        """The person deciding now also made the game's last decision (draws aside): they are
        in the middle of their turn, in a game of two or more people."""
        seat = self.deciding
        people = sum(1 for s in range(self.game.players) if self.seat_kind(s) == "human")
        last = next((e.actor for e in reversed(self.game.log.entries) if e.actor >= 0), None)
        return (people > 1 and not self.game.is_over and seat == last
                and self.seat_kind(seat) == "human")

    def sent_mid_turn(self) -> int | None:
        """The seat whose turn this game came by link in the middle of, while nobody has decided
        since it came (else None): the sender shared before finishing, and whoever opened the
        link is probably not that player."""
        if self.handed is None or not self.mid_turn():
            return None
        if any(e.actor >= 0 for e in self.game.log.entries[self.handed:]):
            return None
        return self.deciding

    @property
    def waiting_for_ai(self) -> bool:
        player = self.game.current_player
        return player >= 0 and self.seat_kind(player).startswith("ai")

    @property
    def all_ai(self) -> bool:
        return all(s.startswith("ai") for s in self.seats)

    # -------------------------------------------------------------- replay
    @property
    def view(self) -> Game:
        """The game as shown: the live game, or the replayed position while replaying."""
        if self.view_length is None:
            return self.game
        if self._view is None or len(self._view.log) != self.view_length:
            self._view = engine.replay(self.game.log.prefix(self.view_length))
        return self._view

    @property
    def replaying(self) -> bool:
        return self.view_length is not None

    def replay_to(self, length: int | None) -> None:
        """Show the position after ``length`` log entries (clamped); None returns to the game."""
        if length is not None:
            length = max(0, min(length, len(self.game.log)))
        self.view_length = length

    def replay_step(self, direction: int) -> None:
        """One decision forward or back, passing over the random draws between decisions."""
        entries = self.game.log.entries
        at = len(entries) if self.view_length is None else self.view_length
        at += direction
        while 0 < at < len(entries) and entries[at - 1].actor == CHANCE:
            at += direction
        self.replay_to(at)

    # ---------------------------------------------------------- moving on
    def settle_chance(self) -> int:
        """Draw every pending random event now (they are drawn when they happen, with a fresh
        generator, and recorded). A draw an undo took back comes again while it is still
        possible (the card is still in the deck, the citizen in the bag): undoing a move never
        reshuffles, so it cannot be used to draw again. Returns how many were drawn."""
        drawn = 0
        while self.game.is_chance:
            if self.redraws and self.redraws[0] in (o for o, _ in self.game.chance_outcomes()):
                self.game.apply(self.redraws.pop(0))
            else:
                self.redraws.clear()  # the game went another way: the rest is drawn afresh
                self.game.resolve_chance(self.rng)
            drawn += 1
        return drawn

    def decide(self, index: int) -> None:
        """The current seat takes its ``index``-th legal action, then pending draws happen."""
        self.game.apply_index(index)
        self.ui.clear()
        self.news = []
        self.settle_chance()

    def random_move(self) -> int:
        """Play a random legal decision for the seat to move (tests and tools; in the page,
        computer seats ask the AI worker, see ``ui.computer.Computer.turns``). Returns the index."""
        index = self.rng.randrange(len(self.game.legal_actions()))
        self.decide(index)
        return index

    # ---------------------------------------------------------------- undo
    def undo_target(self) -> int | None:
        """The log length undo goes back to: just before the last decision of a human seat,
        never before a revealed draw when the game came by link, nor before the position it
        had when it last came by link (:attr:`handed`: the decisions before it are also in the
        sender's copy). None if nothing to undo."""
        entries = self.game.log.entries
        floor = self.handed or 0
        if self.via_link:
            floor = max(floor, max((i + 1 for i, e in enumerate(entries) if e.actor == CHANCE),
                                   default=0))
        for i in range(len(entries) - 1, floor - 1, -1):
            actor = entries[i].actor
            if actor != CHANCE and not self.seat_kind(actor).startswith("ai"):
                return i
        return None

    def can_undo(self) -> bool:
        return self.undo_target() is not None

    def undo_blocked(self) -> str | None:
        """Why undo cannot go back (a message key), None when it can: ``play.undo.none``
        (no decision of a person yet), ``play.undo.handed`` (the last one came by link: it is
        in the sender's copy), ``play.undo.drawn`` (a draw revealed since, in a game that came
        by link)."""
        if self.can_undo():
            return None
        entries = self.game.log.entries
        last = next((i for i in range(len(entries) - 1, -1, -1) if entries[i].actor != CHANCE
                     and not self.seat_kind(entries[i].actor).startswith("ai")), None)
        if last is None:
            return "play.undo.none"
        return "play.undo.handed" if last < (self.handed or 0) else "play.undo.drawn"

    def undo(self) -> bool:
        target = self.undo_target()
        if target is None:
            return False
        taken_back = self.game.log.entries[target:]
        self.redraws[:0] = [e.action for e in taken_back if e.actor == CHANCE]
        self.game = engine.replay(self.game.log.prefix(target))
        self.ui.clear()
        self.news = []
        self.view_length = None
        return True

    def events_since_last_decision(self, seat: int) -> list[Any]:
        """The events after ``seat``'s last decision (all of them if it has made none)."""
        entries = self.game.log.entries
        last = max((i for i, e in enumerate(entries) if e.actor == seat), default=-1)
        return [event for event in self.game.events if event.entry > last]
