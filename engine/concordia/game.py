"""The Concordia game: state, setup (C-2), turn flow (C-3), game end (C-5) and the protocol.

The pending work is a stack of steps (:mod:`engine.core.stack`: each kind a small frozen class,
a step ``(key, actor, *fields)``, the top is the last item); the top step says who decides and
what is legal. Step kinds (:data:`KINDS`; the classes are ``StartStep``, ``TokenStep`` and
``DrawStep`` here, ``TurnStep``, ``ArchitectStep``... in :mod:`engine.concordia.cards`):

``START chance``       the start player (C-2.4)
``TOKEN chance city``  the token of one city (C-2.1)
``DRAW chance``        the next card turned into the display (C-2.6, C-4.8)
``TURN seat``        play a card (C-3.1)
``ARCH seat pts b``  Architect: move colonists (``pts`` left) then build (``b`` = building)
``PREFECT seat``     Prefect: a province or the cash
``TRADE seat used``  Mercator: trades, ``used`` the kinds traded as ((good, +1/-1), ...)
``COLON seat p``     Colonist card: cash or place colonists (``p`` = placing started)
``TRIBCOL seat``     Tribune: the colonist purchase
``DIPLO seat``       Diplomat: whose top card to copy
``SENATE seat n``    Senator: ``n`` cards bought so far
``CONSUL seat``      Consul: one card
``KEEP seat goods``  storehouse full: which incoming goods to keep (C-4.11)

The card actions' legal moves and effects live in :mod:`engine.concordia.cards`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.concordia import cards, rulings, scoring
from engine.concordia.board import Board, board
from engine.concordia.components import (
    CARDS,
    GOODS,
    PILES,
    PRICES,
    START_GOODS,
    START_MONEY,
    START_ROMA_COLONISTS,
    START_STORED_COLONISTS,
    STARTING_HAND,
    STORE_CAPACITY,
)
from engine.concordia.messages import MESSAGES
from engine.concordia.notation import DONE, Action, card_code, goods_arg, goods_notation
from engine.concordia.steps import ARCH, DRAW, START, TOKEN, TURN
from engine.core.protocol import (
    CHANCE,
    REFUSALS,
    TERMINAL,
    Event,
    SeatResult,
    Setup,
    SetupError,
    reason,
)
from engine.core.stack import StackGame, Step, StepKind, chance

COLOURS = ("red", "blue", "green", "yellow", "black")
LETTERS = "ABCD"
EMPTY = (0,) * len(GOODS)
"""The tokens of a letter the map does not use: they stay in the box (C-M.hellas.1)."""


def _step_position(step: Step) -> str:
    """A step in ``position()``: its name and its int fields (the actor of a decision)."""
    shown = step[2:] if step.actor == CHANCE else step[1:]
    return step.name + "".join(f".{x}" for x in shown if isinstance(x, int))


# ------------------------------------------------------------------ the draws (C-2)
def _start_outcomes(game: Concordia, step: Step) -> list[tuple[int, float]]:
    """C-2.4: any seat may be the start player."""
    return [(seat, 1 / game.players) for seat in range(game.players)]


def _start_apply(game: Concordia, step: Step, seat: int) -> None:
    """C-2.4, C-2.5: the start player drawn, with what follows from it."""
    game.stack.pop()
    game._set_start(seat)


def _token_outcomes(game: Concordia, step: Step) -> list[tuple[int, float]]:
    """C-2.1: a city's token is drawn from those of its letter left."""
    left = game.tokens_left[LETTERS.index(game.board.letters[step.city])]
    total = sum(left)
    return [(g, n / total) for g, n in enumerate(left) if n]


def _token_apply(game: Concordia, step: Step, good: int) -> None:
    """C-2.1: the city's token; after the last city's, the bonus markers (C-2.2)."""
    game.stack.pop()
    city = step.city
    game.token[city] = good
    game.tokens_left[LETTERS.index(game.board.letters[city])][good] -= 1
    game.emit("c.token", "C-2.1", city=game.board.city_ids[city], good=GOODS[good])
    if city == game.board.token_cities[-1]:
        game._place_markers()


def _draw_outcomes(game: Concordia, step: Step) -> list[tuple[int, float]]:
    """C-2.6: the next card comes from the lowest pile not yet empty."""
    pile = next(p for p in game.deck if p)
    return [(card, pile.count(card) / len(pile)) for card in sorted(set(pile))]


def _draw_apply(game: Concordia, step: Step, card: int) -> None:
    """C-2.6: the card drawn goes into the display, which fills up to seven."""
    game.stack.pop()
    next(p for p in game.deck if p).remove(card)
    game.display.append(card)
    game.emit("c.display", "C-2.6", card=CARDS[card][0])
    game.refill()


StartStep = chance("start", "", "C-2.4", "draw the start player", _start_outcomes, _start_apply,
                   START)
TokenStep = chance("token", "city:i", "C-2.1", "draw a city's token", _token_outcomes,
                   _token_apply, TOKEN)
DrawStep = chance("draw", "", "C-2.6", "turn up a card for the display", _draw_outcomes,
                  _draw_apply, DRAW)
KINDS: dict[int, StepKind] = {kind.key: kind for kind in (StartStep, TokenStep, DrawStep,
                                                          *cards.STEPS)}
"""Every kind of step (the draws here, the decisions in :data:`engine.concordia.cards.STEPS`).
"""


class Concordia(StackGame):
    """A game of Concordia (see the package docstring for the helpers the UI uses)."""

    name = "concordia"
    colours = COLOURS
    KINDS = KINDS
    OVER_RULE = "C-5.1"

    @classmethod
    def check_setup(cls, setup: Setup) -> None:
        """Imperium is for 3-5 players, Italia for 2-4 (C-1.7), the later maps for 2-5
        (C-M.2)."""
        name = setup.option("map")
        allowed = board(name).players
        if setup.players not in allowed:
            raise SetupError(f"the {name.capitalize()} map is for {allowed[0]}–{allowed[-1]} "
                             f"players, not {setup.players}")

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        n = setup.players
        self.board: Board = board(setup.option("map"))
        b = self.board
        self.token = [-1] * b.ncities
        self.tokens_left = [list(b.tokens.get(letter, EMPTY)) for letter in LETTERS]
        self.marker = [-1] * len(b.province_names)
        self.flipped = [0] * len(b.province_names)
        self.chosen = [-1] * len(b.province_names)
        """The bonus good last chosen in each province of free bonus (C-M.creta.1; -1: never
        prefected, or a province of fixed bonus): its marker's coins (``cards.marker_coins``)."""
        self.revision: int = dict(setup.options).get("rules", rulings.RULES_REVISION)
        """The rules revision the game is played under (``rulings.RULES_REVISION``: links of
        older games open with theirs, a setup made in code without one is a new game)."""
        self.creta_as_source = self.revision >= rulings.CRETA_AS_SOURCE_FROM
        """Gavdos's coins by the good chosen (C-M.creta.1), no cash before a coin side
        (C-M.creta.4); False in games of rules revision 1."""
        self.houses = [0] * b.ncities
        self.occupied = [0] * b.nroutes
        self.money = [0] * n
        self.goods = [list(START_GOODS) for _ in range(n)]
        self.stored = [list(START_STORED_COLONISTS) for _ in range(n)]
        self.colonists = [[b.roma * 2 + kind for kind in (0, 1)
                           for _ in range(START_ROMA_COLONISTS[kind])] for _ in range(n)]
        self.nhouses = [0] * n
        self.hand = [list(STARTING_HAND) for _ in range(n)]
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.display: list[int] = []
        self.deck = [list(pile) for pile in PILES[:n]]
        self.start = -1
        self.pm = -1
        self.active = -1
        self.concordia = -1
        self.over = False
        self.turns = 0
        steps: list[Step] = [DrawStep(CHANCE)]
        steps += [TokenStep(CHANCE, c) for c in reversed(b.token_cities)]
        self.stack = steps
        start = setup.option("start_player")
        if start is None:
            steps.append(StartStep(CHANCE))
        else:
            self._set_start(start)

    # ------------------------------------------------------------------ setup
    def _set_start(self, start: int) -> None:
        """C-2.4, C-2.5: start player, money by seat, the Praefectus Magnus to the last."""
        n = self.players
        self.start = start
        self.emit("c.start_player", "C-2.4", p=start)
        for i in range(n):
            seat = (start + i) % n
            self.money[seat] = START_MONEY[i]
            self.emit("c.start_money", "C-2.4", p=seat, money=START_MONEY[i])
        self.pm = (start - 1) % n
        self.emit("c.praefectus_magnus", "C-2.5", p=self.pm)

    def _place_markers(self) -> None:
        """C-2.2: each province's marker is its most valuable good."""
        b = self.board
        for p, cities in enumerate(b.province_cities):
            self.marker[p] = max((self.token[c] for c in cities), key=PRICES.__getitem__)
            self.emit("c.marker", "C-2.2", province=p, good=GOODS[self.marker[p]])

    # ------------------------------------------------------------- protocol
    @property
    def active_player(self) -> int:
        return self.active if self.active >= 0 else max(self.start, 0)

    def _apply(self, action: Hashable) -> None:
        """The machine's apply (:meth:`StackGame._apply`), telling the log of a pass."""
        if action == DONE:
            step = self.stack[-1]
            self.emit("c.pass", step.rule, p=step.actor)
        super()._apply(action)

    def refill(self) -> None:
        """Slide the display left and turn up cards until it holds 7 or the deck is empty."""
        self.display = [c for c in self.display if c >= 0]
        if len(self.display) < 7 and any(self.deck):
            self.stack.append(DrawStep(CHANCE))

    def _on_empty(self) -> bool:
        """The stack ran out: the next turn begins (C-3.1), unless the game is over."""
        if self.over:
            return False
        self._next_turn()
        return True

    def _skip(self, step: Step) -> bool:
        """A card's step with nothing left to decide but ``done`` ends by itself."""
        if step.legal is None or step.key == TURN:
            return False
        legal = step.legal(self, step)
        if len(legal) > 1 or legal[0] != DONE:
            return False
        step.apply(self, step, DONE)
        return True

    def _next_turn(self) -> None:
        """C-3.1 play passes clockwise; C-5.1 after the trigger, one more turn each."""
        n = self.players
        if self.active < 0:
            self.active = self.start
        else:
            nxt = (self.active + 1) % n
            if self.concordia >= 0 and nxt == self.concordia:
                self.over = True
                self.emit("c.game_over", "C-5.1")
                return
            self.active = nxt
            self.turns += 1
        self.emit("c.turn", "C-3.1", p=self.active)
        self.stack.append(cards.TurnStep(self.active))

    def trigger_end(self, seat: int) -> None:
        """C-5.1: the first player to trigger the end takes the Concordia card."""
        if self.concordia < 0:
            self.concordia = seat
            self.emit("c.end_trigger", "C-5.1", p=seat)

    def last_turns(self) -> list[int]:
        """C-5.1: once the end is triggered, the seats whose last turn has not begun yet, in
        turn order (those after the seat on turn, up to the holder of the Concordia card);
        before the trigger, none."""
        if self.concordia < 0 or self.over:
            return []
        n = self.players
        seat = (self.active + 1) % n
        out = []
        while seat != self.concordia:
            out.append(seat)
            seat = (seat + 1) % n
        return out

    def why_illegal(self, action: Any) -> tuple[str, str | None]:
        if self.over:
            return (reason(REFUSALS, "over"), "C-5.1")
        if self.is_chance:
            return (reason(REFUSALS, "chance_pending"), None)
        return cards.why_illegal(self, self.stack[-1], action)

    # ------------------------------------------------------------- results
    def projected_scores(self) -> list[tuple[tuple[str, int], ...]]:
        """For each seat, the points per god if the game ended now (C-6)."""
        return [scoring.breakdown(self, seat) for seat in range(self.players)]

    def result(self) -> list[SeatResult]:
        """Score, rank (C-6.8 tie-break: no shared ranks) and breakdown of every seat."""
        breakdowns = self.projected_scores()
        totals = [sum(v for _, v in b) for b in breakdowns]
        keys = [(totals[s], scoring.tie_break(self, s)) for s in range(self.players)]
        return [SeatResult(s, totals[s], 1 + sum(1 for k in keys if k > keys[s]), breakdowns[s])
                for s in range(self.players)]

    # ------------------------------------------------------------- copying
    def clone(self) -> Concordia:
        other = object.__new__(Concordia)
        self._copy_log_into(other)
        other.board = self.board
        other.token = self.token[:]
        other.tokens_left = [t[:] for t in self.tokens_left]
        other.marker = self.marker[:]
        other.flipped = self.flipped[:]
        other.chosen = self.chosen[:]
        other.revision = self.revision
        other.creta_as_source = self.creta_as_source
        other.houses = self.houses[:]
        other.occupied = self.occupied[:]
        other.money = self.money[:]
        other.goods = [g[:] for g in self.goods]
        other.stored = [s[:] for s in self.stored]
        other.colonists = [c[:] for c in self.colonists]
        other.nhouses = self.nhouses[:]
        other.hand = [h[:] for h in self.hand]
        other.discard = [d[:] for d in self.discard]
        other.display = self.display[:]
        other.deck = [p[:] for p in self.deck]
        other.start = self.start
        other.pm = self.pm
        other.active = self.active
        other.concordia = self.concordia
        other.over = self.over
        other.turns = self.turns
        other.stack = self.stack[:]
        return other

    # ------------------------------------------------------------- storehouse
    def free_space(self, seat: int) -> int:
        """Free storehouse spaces (C-1.2: goods and stored colonists share the 12)."""
        return STORE_CAPACITY - sum(self.goods[seat]) - self.stored[seat][0] - self.stored[seat][1]

    def receive(self, seat: int, incoming: list[int]) -> Step | None:
        """Give goods to ``seat``; if they do not all fit and there is a choice, return the
        KEEP step that lets the player choose (C-4.11), else None."""
        total = sum(incoming)
        if not total:
            return None
        free = self.free_space(seat)
        if total <= free:
            for g, n in enumerate(incoming):
                self.goods[seat][g] += n
            return None
        kinds = [g for g, n in enumerate(incoming) if n]
        if len(kinds) == 1 or free == 0:
            kept = [min(n, free) for n in incoming]
            for g, n in enumerate(kept):
                self.goods[seat][g] += n
            lost = [a - b for a, b in zip(incoming, kept)]
            self.emit("c.lost", "C-4.11", p=seat, lost=goods_arg(lost))
            return None
        return cards.KeepStep(seat, tuple(incoming))

    # ------------------------------------------------------------- helpers
    def house_cost(self, seat: int, city: int) -> tuple[tuple[int, ...], int]:
        """(goods, money) that ``seat`` would pay for a house in ``city`` now (C-4.3)."""
        return cards.house_cost(self, city)

    def prompt(self) -> dict[str, Any]:
        """The older form of :meth:`pending_step`: ``{"step": name, "seat": seat, "rule": id,
        ...}`` (architect: ``points``, ``building``; mercator: ``traded``; senator: ``bought``;
        keep: ``incoming``, ``free``; token: ``city``)."""
        pending = self.pending_step()
        if pending.is_over:
            return {"step": "over", "seat": TERMINAL}
        info: dict[str, Any] = {"step": pending.kind, "seat": pending.seat, "rule": pending.rule}
        kind = pending.kind
        if kind == "architect":
            info.update(points=pending["points"], building=bool(pending["building"]))
        elif kind == "mercator":
            info["traded"] = [(GOODS[g], "buy" if d > 0 else "sell") for g, d in pending["used"]]
        elif kind == "senator":
            info["bought"] = pending["bought"]
        elif kind == "keep":
            info.update(incoming=goods_arg(pending["incoming"]), free=self.free_space(pending.seat))
        elif kind == "token":
            info["city"] = self.board.city_ids[pending["city"]]
        return info

    def colonist_place(self, seat: int, colonist: int) -> tuple[int, int]:
        """Where ``seat``'s ``colonist`` stands and what it is (C-1.3): ``(place, kind)``,
        ``place`` a city below ``board.ncities``, else ``board.ncities + route``; ``kind`` 0
        land, 1 sea."""
        code = self.colonists[seat][colonist]
        return code >> 1, code & 1

    def house_seats(self, city: int) -> list[int]:
        """The seats with a house in ``city`` (C-4.3), in seat order."""
        bits = self.houses[city]
        return [seat for seat in range(self.players) if bits >> seat & 1]

    def houses_of(self, seat: int) -> list[int]:
        """The cities where ``seat`` has a house (C-4.3)."""
        return [city for city, bits in enumerate(self.houses) if bits >> seat & 1]

    def move_cost(self, seat: int, colonist: int, route: int) -> int:
        """Movement points ``seat``'s ``colonist`` needs to reach ``route`` (C-4.2)."""
        return self.board.distance[self.colonist_place(seat, colonist)][route]

    def trade_price(self, good: int, n: int = 1) -> int:
        """Sestertii that ``n`` goods of kind ``good`` cost or bring at the Mercator (C-4.5)."""
        return n * PRICES[good]

    def why_no_copy(self, seat: int, other: int) -> tuple[str, str | None]:
        """Why ``seat``'s Diplomat could not copy ``other``'s top card (C-4.7), at any moment
        (the page tells it before the card is played): a sentence and the rule id."""
        return cards.why_illegal(self, cards.DiplomatStep(seat), Action("copy", other))

    def reachable_routes(self, seat: int, colonist: int, points: int | None = None
                         ) -> dict[int, int]:
        """Free routes the colonist could end on and their cost in movement points (C-4.2);
        ``points`` defaults to the points left in a pending Architect step, else all."""
        if points is None:
            top = self.stack[-1] if self.stack else None
            points = top.points if top and top.key == ARCH and top.actor == seat else 99
        code = self.colonists[seat][colonist]
        return {r: d for r, d in self.board.reach[(code >> 1, code & 1)]
                if d <= points and not self.occupied[r]}

    def prefect_preview(self, province: int, copied: bool = False, good: int = -1
                        ) -> list[list[int]]:
        """The goods each seat would receive if the active player chose ``province`` (C-4.4),
        the Prefect's bonus included (``good``: the one chosen in a province of free bonus,
        C-M.creta.1; by default its marker's), before any storehouse overflow."""
        seat = self.active_player
        incoming = cards.production(self, province)
        incoming[seat][cards.bonus_good(self, province, good)] += cards.bonus_count(
            self, seat, copied)
        return incoming

    # ------------------------------------------------------------- text
    def colour(self, seat: int) -> str:
        return self.colours[seat]

    def event_text(self, event: Event) -> str:
        b = self.board
        args: dict[str, Any] = {}
        for key, value in event.args:
            if key in ("p", "q"):
                value = self.player_name(value)
            elif key == "city":
                value = b.city_names[b.city_ids.index(value)]
            elif key == "province":
                value = b.province_names[value]
            elif key in ("route", "origin"):
                value = b.route_name(value)
            elif key in ("goods", "lost"):
                value = ", ".join(f"{n} {g}" for g, n in
                                  (part.split(":") for part in value.split(","))) if value \
                    else "nothing"
            args[key] = value
        return MESSAGES[event.key].format(**args)

    def to_text(self) -> str:
        """The whole game on one line (layout in :mod:`engine.concordia.text`)."""
        from engine.concordia import text

        return text.write(self)

    @classmethod
    def from_text(cls, line: str) -> Concordia:
        """The game standing at ``to_text()`` text ``line``, with an empty log."""
        from engine.concordia import text

        return text.read(line)

    def position(self) -> str:
        """A short line of the position (the golden files show it); :meth:`to_text` holds
        everything."""
        b = self.board
        head = f"{b.name} t{self.turns} a{self.active} s{self.start} pm{self.pm}"
        parts = [f"{head} cc{self.concordia}",
                 "tok " + "".join("BFTWC"[g] if g >= 0 else "." for g in self.token),
                 "mk " + "".join(("bftwc" if f else "BFTWC")[m] if m >= 0 else "."
                                  for m, f in zip(self.marker, self.flipped)),
                 *(["fb " + "".join(".BFTWC"[self.chosen[p] + 1] for p in sorted(b.free_bonus))]
                   if b.free_bonus else []),
                 "hs " + ",".join(f"{c}:{h}" for c, h in enumerate(self.houses) if h),
                 "dp " + ",".join(card_code(c) if c >= 0 else "-" for c in self.display),
                 "dk " + "/".join(str(len(p)) for p in self.deck)]
        for s in range(self.players):
            cols = ",".join(f"{'LS'[c & 1]}{c >> 1}" for c in self.colonists[s])
            parts.append(
                f"P{s} ${self.money[s]} {goods_notation(self.goods[s])} "
                f"st{self.stored[s][0]}{self.stored[s][1]} [{cols}] "
                f"h:{''.join(card_code(c) for c in sorted(self.hand[s]))} "
                f"d:{''.join(card_code(c) for c in self.discard[s])} n{self.nhouses[s]}")
        parts.append("stk " + ",".join(_step_position(st) for st in self.stack))
        return " | ".join(parts)
