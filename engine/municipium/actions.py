"""Decisions a Municipium seat can make: small immutable values with a short notation.

Every class ends in a ``kind`` field with a fixed default so that two different decisions with
the same numbers never compare equal (``Move(1, 2)`` is not ``Relocate(1, 2)``). Institutions are
written by number (0..6), citizen types by letter (p s m a), players by colour letter (b o y p).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.municipium.data import CITIZEN_LETTERS, COLOURS, FAMILY_CODES

SEAT_LETTERS = "".join(colour[0] for colour in COLOURS)


def _star(elect: bool) -> str:
    return "*" if elect else ""


def _code(codes: Any, index: int) -> str:
    """``codes[index]``, or ``?`` for a number out of range (a malformed action still prints)."""
    return codes[index] if isinstance(index, int) and 0 <= index < len(codes) else "?"


class PlaceMember(NamedTuple):
    """M-2.6: place one family member on institution ``inst`` during setup."""

    inst: int
    kind: str = "place_member"

    def __str__(self) -> str:
        return f"@{self.inst}"


class Move(NamedTuple):
    """M-5.1: move one family member (elect or not) one step along a road."""

    src: int
    dst: int
    elect: bool = False
    kind: str = "move"

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}{_star(self.elect)}"


class Done(NamedTuple):
    """Finish the current free activity: moving (M-5.1), relocating (M-8.6), drawing (M-8.3)."""

    kind: str = "done"

    def __str__(self) -> str:
        return "done"


class Pass(NamedTuple):
    """Decline an optional power (M-7.8) or the Baths' wreath (M-8.2)."""

    kind: str = "pass"

    def __str__(self) -> str:
        return "pass"


class DrawCard(NamedTuple):
    """M-5.2a: turn over the top card of the common deck."""

    kind: str = "draw_card"

    def __str__(self) -> str:
        return "card"


class PlayFamily(NamedTuple):
    """M-5.2b: play one of your face-up family cards (index into ``FAMILY_CARDS``)."""

    card: int
    kind: str = "play_family"

    def __str__(self) -> str:
        return f"play:{_code(FAMILY_CODES, self.card)}"


class PlaceCitizen(NamedTuple):
    """M-1.3: place a citizen of type ``ctype`` on institution ``inst``."""

    ctype: int
    inst: int
    kind: str = "place_citizen"

    def __str__(self) -> str:
        return f"{_code(CITIZEN_LETTERS, self.ctype)}@{self.inst}"


class Keep(NamedTuple):
    """M-6.4a: the rank-1 player keeps two of the three citizens (types ``first <= second``)."""

    first: int
    second: int
    kind: str = "keep"

    def __str__(self) -> str:
        return f"keep:{_code(CITIZEN_LETTERS, self.first)}{_code(CITIZEN_LETTERS, self.second)}"


class UsePower(NamedTuple):
    """M-7.5..7.7: exert the power of institution ``inst``."""

    inst: int
    kind: str = "use_power"

    def __str__(self) -> str:
        return f"power:{self.inst}"


class Tavern(NamedTuple):
    """M-8.1: bring ``plain`` + ``elect`` members of ``seat`` from ``src`` into the Tavern."""

    src: int
    seat: int
    plain: int
    elect: int = 0
    kind: str = "tavern"

    def __str__(self) -> str:
        extra = f"+{self.elect}*" if self.elect else ""
        return f"tavern:{_code(SEAT_LETTERS, self.seat)}{self.src}x{self.plain}{extra}"


class Crown(NamedTuple):
    """M-8.2: put a wreath on one of your plain members in the Temple."""

    kind: str = "crown"

    def __str__(self) -> str:
        return "crown"


class DrawCitizen(NamedTuple):
    """M-8.3 / M-8.4: draw a citizen from the bag (Emporium: draw again; Basilica: keep it)."""

    kind: str = "draw_citizen"

    def __str__(self) -> str:
        return "bag"


class Exchange(NamedTuple):
    """M-8.4: hand in exactly three items (citizens per type, then favours) for one Decurion."""

    items: tuple[int, int, int, int, int]
    kind: str = "exchange"

    def __str__(self) -> str:
        letters = CITIZEN_LETTERS + "f"
        return "ex:" + "".join(_code(letters, i) * n for i, n in enumerate(self.items))


class ForumTake(NamedTuple):
    """M-8.5: take a citizen of ``ctype`` from player ``seat`` or else from institution ``inst``
    (exactly one of the two is >= 0)."""

    ctype: int
    seat: int = -1
    inst: int = -1
    kind: str = "forum"

    def __str__(self) -> str:
        source = _code(SEAT_LETTERS, self.seat) if self.seat >= 0 else str(self.inst)
        return f"forum:{_code(CITIZEN_LETTERS, self.ctype)}<{source}"


class Relocate(NamedTuple):
    """M-7.4b / M-8.6: relocate one of your members to any other institution."""

    src: int
    dst: int
    elect: bool = False
    kind: str = "relocate"

    def __str__(self) -> str:
        return f"r{self.src}-{self.dst}{_star(self.elect)}"


class FamilyChoice(NamedTuple):
    """M-7.4: Great Family, either ``prefect`` (move the Prefect) or ``relocate``."""

    option: str
    kind: str = "great_family"

    def __str__(self) -> str:
        return f"gf:{self.option}"


class ChamberChoice(NamedTuple):
    """M-6.5 (single): the chamber that receives the drawn chamber citizen."""

    chamber: int
    kind: str = "chamber"

    def __str__(self) -> str:
        return f"chamber:{self.chamber}"


DONE = Done()
PASS = Pass()
DRAW_CARD = DrawCard()
CROWN = Crown()
DRAW_CITIZEN = DrawCitizen()
