"""A tiny dice race used to test the protocol, the codec and storage without a real title.

Two or three seats take turns. On your turn you ``roll`` (a chance node: 1, 2 or 3, with
probabilities 1/2, 1/3, 1/6) or ``hold`` (bank your turn total and pass on). A roll of 1 loses
the turn total. The first seat to bank ``target`` points ends the game.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.protocol import CHANCE, TERMINAL, Event, Game, SeatResult, rank_seats
from engine.core.registry import GameInfo, Option


class Act(NamedTuple):
    verb: str

    def __str__(self) -> str:
        return self.verb


ROLL, HOLD = Act("roll"), Act("hold")
FACES = ((1, 1 / 2), (2, 1 / 3), (3, 1 / 6))

INFO = GameInfo(
    name="toy", title="Toy race", min_players=2, max_players=3,
    options=(Option("target", 10, (10, 20)), Option("start_player", None, (None, 0, 1, 2))),
    module="tests.toy_game", cls="Toy", code=99, rules_version=1,
)


class Toy(Game):
    name = "toy"

    def __init__(self, setup) -> None:
        super().__init__(setup)
        self.target = setup.option("target")
        self.start = setup.option("start_player")
        self.turn = self.start if self.start is not None else -1
        self.banked = [0] * setup.players
        self.pending = 0
        self.rolling = False

    def _current_player(self) -> int:
        if max(self.banked) >= self.target:
            return TERMINAL
        if self.turn < 0 or self.rolling:
            return CHANCE
        return self.turn

    def _legal(self):
        return [ROLL, HOLD] if self.pending else [ROLL]

    def why_illegal(self, action):
        if action == HOLD:
            return ("you must roll at least once before holding", "T-1")
        return super().why_illegal(action)

    def _apply(self, action) -> None:
        if action == ROLL:
            self.rolling = True
        else:
            self.banked[self.turn] += self.pending
            self.emit("hold", "T-1", player=self.turn, points=self.pending)
            self.pending = 0
            self.turn = (self.turn + 1) % self.players

    def _chance(self):
        if self.turn < 0:
            return [(seat, 1 / self.players) for seat in range(self.players)]
        return list(FACES)

    def _apply_chance(self, outcome) -> None:
        if self.turn < 0:
            self.turn = outcome
            return
        self.rolling = False
        if outcome == 1:
            self.pending = 0
            self.turn = (self.turn + 1) % self.players
        else:
            self.pending += outcome

    @property
    def active_player(self) -> int:
        return self.turn

    def result(self):
        keys = [(b,) for b in self.banked]
        ranks = rank_seats(keys)
        return [SeatResult(s, b, ranks[s], (("banked", b),)) for s, b in enumerate(self.banked)]

    def position(self) -> str:
        return f"toy t{self.turn} p{self.pending} r{int(self.rolling)} " + "/".join(
            map(str, self.banked))

    def clone(self) -> Toy:
        other = object.__new__(Toy)
        other.__dict__.update(self.__dict__)
        other.banked = list(self.banked)
        self._copy_log_into(other)
        return other

    def event_text(self, event: Event) -> str:
        args = dict(event.args)
        return f"{self.player_name(args['player'])} banks {args['points']}"
