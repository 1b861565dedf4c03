"""The Municipium game object: the state, the pending-work stack and the protocol hooks."""

from __future__ import annotations

from typing import Any

from engine.core.protocol import (
    REFUSALS,
    Event,
    Reason,
    SeatResult,
    Setup,
    reason,
)
from engine.core.stack import StackGame, Step
from engine.municipium import turn
from engine.municipium.actions import (
    ChamberChoice,
    Exchange,
    ForumTake,
    Move,
    PlaceCitizen,
    PlayFamily,
    Relocate,
    Tavern,
    UsePower,
)
from engine.municipium.data import (
    ADJACENT,
    BANNER,
    CARD_KINDS,
    CHAMBER_FITS,
    CHAMBERS,
    CITIZEN_PLACES,
    CITIZEN_TYPES,
    CITIZENS_PER_TYPE,
    COLOURS,
    FAMILY_CARDS,
    FAVOURS,
    INSTITUTIONS,
    NUMERALS,
    PREFECT_START,
    WREATHS,
)
from engine.municipium.influence import influence, rank1, ranking
from engine.municipium.messages import render
from engine.municipium.notation import parse_position, position_text
from engine.municipium.rulings import DECK_COUNTS
from engine.municipium.scoring import results, target
from engine.municipium.steps import KINDS

STATE_LISTS = ("bag", "favour_space", "chamber", "favours", "decurions", "deck", "discard",
               "temple", "stack")
STATE_TABLES = ("plain", "elect", "cit", "hand", "family")


class Municipium(StackGame):
    """Municipium for 2-4 players (see the package docstring for the helpers)."""

    name = "municipium"
    colours = COLOURS
    KINDS = KINDS
    OVER_RULE = "M-3.4"

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        n = self.n = setup.players
        self.single = setup.option("chamber_citizens") == "single"
        start = setup.option("start_player")
        self.start = -1 if start is None else start
        self.active = max(self.start, 0)
        self.turn = 0
        self.plain = [[0] * 7 for _ in range(n)]
        self.elect = [[0] * 7 for _ in range(n)]
        self.temple = list(range(n))
        self.cit = [[1 if BANNER[i] == t else 0 for t in range(4)] for i in range(7)]
        self.bag = [CITIZENS_PER_TYPE - sum(row[t] for row in self.cit) for t in range(4)]
        self.favour_space = [1 if inst in CHAMBERS else 0 for inst in range(7)]
        self.favour_supply = FAVOURS - len(CHAMBERS)
        self.chamber = [-1] * 7
        self.prefect = PREFECT_START
        self.wreaths = WREATHS
        self.hand = [[0, 0, 0, 0] for _ in range(n)]
        self.favours = [0] * n
        self.decurions = [0] * n
        self.family = [[1, 1, 1] for _ in range(n)]
        self.deck = [DECK_COUNTS[kind] for kind in CARD_KINDS]
        self.discard = [0, 0, 0, 0]
        self.top_discard = -1
        self.citizen_events = 0
        self.stack = turn.initial_stack(self)
        self._settle()

    @property
    def active_player(self) -> int:
        return self.active

    def result(self) -> list[SeatResult]:
        return results(self)

    def clone(self) -> Municipium:
        other = object.__new__(Municipium)
        other.__dict__.update(self.__dict__)
        for name in STATE_LISTS:
            setattr(other, name, list(getattr(self, name)))
        for name in STATE_TABLES:
            setattr(other, name, [list(row) for row in getattr(self, name)])
        self._copy_log_into(other)
        return other

    # --------------------------------------------------------------------------- text
    def event_text(self, event: Event) -> str:
        return render(event.key, dict(event.args), event.rule, self.player_name,
                      lambda inst: INSTITUTIONS[inst])

    def position(self) -> str:
        """The whole position on one line (layout in :mod:`engine.municipium.notation`)."""
        return position_text(self)

    @classmethod
    def from_position(cls, text: str) -> Municipium:
        """A game standing at ``position()`` text ``text``, with an empty log (tests, bug
        reports)."""
        return parse_position(text)

    @classmethod
    def from_text(cls, text: str) -> Municipium:
        """The game at ``to_text()`` text (which is ``position()``)."""
        return parse_position(text)

    # ------------------------------------------------------------------ explanations
    def why_illegal(self, action: Any) -> tuple[str, str | None]:
        """A sentence (a :class:`Reason` with key and params, for the UI to word) and the rule
        id saying why ``action`` is not open now."""
        if not self.stack:
            return (reason(REFUSALS, "over"), "M-3.4")
        step = self.stack[-1]
        seat = step.actor
        who = self.player_name(seat) if seat >= 0 else "chance"
        if isinstance(action, Move) and step.name == "move":
            return self._why_move(step, action)
        if isinstance(action, PlaceCitizen) and step.name == "place" and action.ctype in range(4):
            ctype = CITIZEN_TYPES[action.ctype]
            if not step.held[action.ctype]:
                return _why("no_citizen", step.rule, f"{who} has no {ctype} to place",
                            seat=seat, ctype=action.ctype)
            if action.inst not in CITIZEN_PLACES[action.ctype]:
                places = CITIZEN_PLACES[action.ctype]
                allowed = " or ".join(INSTITUTIONS[i] for i in places)
                return _why("place_wrong", "M-1.3",
                            f"a {ctype} may only be placed at the {allowed}",
                            ctype=action.ctype, places=places)
        if getattr(action, "kind", None) not in {getattr(a, "kind", None)
                                                 for a in self._legal()}:
            return _why("not_now", step.rule, f"now {who} must {step.prompt}", seat=seat,
                        step=step.name)
        specific = self._why_option(step, action)
        if specific:
            return specific
        return _why("not_an_option", step.rule,
                    f"{action} is not one of {who}'s options: {step.prompt}", seat=seat,
                    step=step.name)

    def _why_option(self, step: Step, action: Any) -> tuple[str, str] | None:
        """Specific reasons for a decision of the right kind that is still not open."""
        seat = step.actor
        if isinstance(action, PlayFamily) and action.card in range(3):
            return _why("family_used", "M-1.7",
                        f"{self.player_name(seat)} has already used {FAMILY_CARDS[action.card]}",
                        card=FAMILY_CARDS[action.card])
        if isinstance(action, UsePower) and action.inst in range(7):
            if rank1(self, action.inst) != seat:
                place = INSTITUTIONS[action.inst]
                return _why("not_first", "M-6.6",
                            f"only the player with most influence at the {place} may exert its "
                            "power", inst=action.inst)
            return _why("no_effect", "M-7.5",
                        "that power would do nothing now, or another institution's turn has come",
                        inst=action.inst)
        if isinstance(action, Tavern) and action.src == 1:
            return _why("tavern_from_tavern", "M-8.1",
                        "members already in the Tavern cannot be brought there")
        if isinstance(action, Exchange) and sum(action.items) != 3:
            return _why("three_items", "M-8.4", "the Basilica exchanges exactly three items")
        if isinstance(action, ForumTake) and action.seat == seat:
            return _why("forum_self", "M-8.5", "the Forum takes a citizen from another player")
        if isinstance(action, Relocate) and step.name == "relocate":
            return self._why_relocate(step, action)
        if isinstance(action, ChamberChoice) and step.name == "single_place":
            ctype = step.ctype
            return _why("chamber_wrong", "M-6.5",
                        f"the chamber citizen ({CITIZEN_TYPES[ctype]}) cannot go to that chamber",
                        ctype=ctype, places=CHAMBER_FITS[ctype])
        return None

    def _why_relocate(self, step: Step, action: Relocate) -> tuple[str, str]:
        seat = step.actor
        members = self.elect[seat] if action.elect else self.plain[seat]
        if action.src in range(7) and not members[action.src]:
            return _why("no_member", "M-8.6",
                        f"{self.player_name(seat)} has no member at the {_inst(action.src)}",
                        inst=action.src, elect=int(action.elect))
        if action.src == action.dst:
            return _why("same_place", "M-8.6", "that member is already there")
        return _why("relocated", "M-8.6",
                    "that member is not there, or was already relocated in this power")

    def _why_move(self, step: Step, action: Move) -> tuple[str, str]:
        seat = step.actor
        if step.moved == 2:
            return _why("moved_twice", "M-5.1", "two steps have been moved already")
        if action.src in range(7) and action.src == action.dst:
            return _why("same_place", "M-5.1", "that member is already there")
        if action.src not in range(7) or action.dst not in range(7) or (
                action.dst not in ADJACENT[action.src]):
            return _why("no_road", "M-5.1 / M-1.2",
                        f"there is no road from {_inst(action.src)} to {_inst(action.dst)}",
                        src=action.src if action.src in range(7) else 0,
                        dst=action.dst if action.dst in range(7) else 0)
        members = self.elect[seat] if action.elect else self.plain[seat]
        if not members[action.src]:
            what = "elect member" if action.elect else "plain family member"
            return _why("no_member", "M-5.1",
                        f"{self.player_name(seat)} has no {what} at the {_inst(action.src)}",
                        inst=action.src, elect=int(action.elect))
        reason = ("a member moving two steps must end elsewhere than where it started, and no "
                  "other such member stands there to move back")
        return _why("back_again", "M-5.1", reason)

    # --------------------------------------------------------------- read-only helpers
    def pending(self) -> dict[str, Any]:
        """The top step as a dict (the older form of :meth:`pending_step`): ``seat``, ``kind``,
        ``rule``, ``prompt``, the fields' values in ``params`` and by name in ``args``."""
        step = self.pending_step()
        return {"seat": step.seat, "kind": step.kind, "rule": step.rule, "prompt": step.prompt,
                "params": tuple(v for _, v in step.fields), "args": step.args}

    def end_target(self) -> int:
        """M-3.4: the Decurions that end the game (4 in a short game, else 5)."""
        return target(self)

    def end_reached(self) -> list[int]:
        """M-3.4: the seats that hold the Decurions ending the game (the turn under way is
        the last), in seat order; empty until one does."""
        goal = target(self)
        return [seat for seat in range(self.n) if self.decurions[seat] >= goal]

    def influence_at(self, inst: int) -> list[int]:
        """M-4.1: every seat's influence at ``inst``."""
        return [influence(self, seat, inst) for seat in range(self.n)]

    def ranking_at(self, inst: int) -> list[int]:
        """M-4.2: the seats present at ``inst``, rank 1 first (strict)."""
        return ranking(self, inst)

    def supply(self, seat: int) -> dict[str, Any]:
        """What ``seat`` holds: citizens by type, favours, Decurions, face-up family cards,
        members on the board (plain, elect)."""
        return {"citizens": dict(zip(CITIZEN_TYPES, self.hand[seat], strict=True)),
                "favours": self.favours[seat], "decurions": self.decurions[seat],
                "family_cards": [card for card, up
                                 in zip(FAMILY_CARDS, self.family[seat], strict=True) if up],
                "members": sum(self.plain[seat]) + sum(self.elect[seat]),
                "elect": sum(self.elect[seat])}

    def held_citizens(self) -> list[int]:
        """Citizens drawn but not yet placed (waiting in a placement or Invitation step)."""
        held = [0, 0, 0, 0]
        for step in self.stack:
            if step.name in ("place", "invite"):
                for t in range(4):
                    held[t] += step.held[t]
            elif step.name == "single_place":
                held[step.ctype] += 1
        return held


def _why(key: str, rule: str, text: str, **params: Any) -> tuple[Reason, str]:
    """A refusal: ``text`` is the engine's English; ``key`` and ``params`` (plain values) let
    the UI word it (catalogue ``refusal.m.<key>``)."""
    return (Reason("m." + key, text, params), rule)


def _inst(inst: int) -> str:
    return f"{NUMERALS[inst]} {INSTITUTIONS[inst]}" if inst in range(7) else f"place {inst!r}"


__all__ = ["Municipium"]
