"""Decisions as small immutable values with a short notation (python-chess style).

An :class:`Action` is ``(verb, a, b)`` with plain ints, so it hashes and compares fast:

==========  ============================  ========================  ==========================
verb        a                             b                         notation
==========  ============================  ========================  ==========================
play        card (CARDS index, canonical)                           ``ARC``, ``ME5``
move        colonist index                route index               ``c1>r12``
build       city index                                              ``h14``
province    province index                good chosen (free bonus)  ``p3``, ``p8/W``
cash        (Prefect or Colonist cash)                              ``cash``
buy, sell   good                          units                     ``+2F``, ``-1W``
place       0 land / 1 sea                city index                ``L@12``, ``S@12``
copy        seat                                                    ``copy2``
card        display slot (0-6)            good paid for "any", -1   ``s3``, ``s1/T``
keep        packed counts (base 13)                                 ``keep2F1W``
done                                                                ``done``
==========  ============================  ========================  ==========================

Chance outcomes are plain ints: a seat (start player), a good (city token) or a card index.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.concordia.components import CARDS, GOODS

GOOD_LETTERS = "BFTWC"
CARD_CODES = {
    "Tribune": "TRI", "Architect": "ARC", "Prefect": "PRE", "Colonist": "COL",
    "Diplomat": "DIP", "Senator": "SEN", "Consul": "CON", "Mason": "MAS", "Farmer": "FAR",
    "Smith": "SMI", "Vintner": "VIN", "Weaver": "WEA",
}


def card_code(card: int) -> str:
    name, _god, _cost, param = CARDS[card]
    if name == "Mercator":
        return f"ME{param}"
    return CARD_CODES[name]


def pack_goods(counts: tuple[int, ...] | list[int]) -> int:
    """Goods counts (each < 13) as one int, for ``keep``."""
    packed = 0
    for good in range(len(GOODS) - 1, -1, -1):
        packed = packed * 13 + counts[good]
    return packed


def unpack_goods(packed: int) -> list[int]:
    counts = []
    for _ in GOODS:
        packed, count = divmod(packed, 13)
        counts.append(count)
    return counts


def goods_arg(counts: tuple[int, ...] | list[int]) -> str:
    """Goods as a log event argument: ``food:2,wine:1`` (the UI parses it; English in
    ``event_text``)."""
    return ",".join(f"{GOODS[g]}:{n}" for g, n in enumerate(counts) if n)


def goods_notation(counts: tuple[int, ...] | list[int]) -> str:
    return "".join(f"{n}{GOOD_LETTERS[g]}" for g, n in enumerate(counts) if n) or "0"


class Action(NamedTuple):
    """One decision of a seat (see the module docstring for the verbs)."""

    verb: str
    a: int = -1
    b: int = -1

    def __str__(self) -> str:
        verb, a, b = self
        if verb == "play":
            return card_code(a)
        if verb == "move":
            return f"c{a}>r{b}"
        if verb == "build":
            return f"h{a}"
        if verb == "province":
            return f"p{a}" if b < 0 else f"p{a}/{GOOD_LETTERS[b]}"
        if verb == "buy":
            return f"+{b}{GOOD_LETTERS[a]}"
        if verb == "sell":
            return f"-{b}{GOOD_LETTERS[a]}"
        if verb == "place":
            return f"{'LS'[a]}@{b}"
        if verb == "copy":
            return f"copy{a}"
        if verb == "card":
            return f"s{a}" if b < 0 else f"s{a}/{GOOD_LETTERS[b]}"
        if verb == "keep":
            return "keep" + goods_notation(unpack_goods(a))
        return verb


DONE = Action("done")
CASH = Action("cash")


def parse(text: str) -> Action:
    """The action written as ``str(action)`` (for tests, tools and bug reports)."""
    text = text.strip()
    if text in ("done", "cash"):
        return Action(text)
    for card in range(len(CARDS)):
        if card_code(card) == text:
            return Action("play", card)
    head, rest = text[0], text[1:]
    if text.startswith("copy"):
        return Action("copy", int(text[4:]))
    if text.startswith("keep"):
        counts = [0] * len(GOODS)
        number = ""
        for ch in text[4:]:
            if ch.isdigit():
                number += ch
            else:
                counts[GOOD_LETTERS.index(ch)] = int(number)
                number = ""
        return Action("keep", pack_goods(counts))
    if head == "c" and ">r" in rest:
        colonist, route = rest.split(">r")
        return Action("move", int(colonist), int(route))
    if head in "+-":
        return Action("buy" if head == "+" else "sell", GOOD_LETTERS.index(rest[-1]),
                      int(rest[:-1]))
    if head in "LS" and rest.startswith("@"):
        return Action("place", "LS".index(head), int(rest[1:]))
    if head == "s":
        slot, _, good = rest.partition("/")
        return Action("card", int(slot), GOOD_LETTERS.index(good) if good else -1)
    if head == "h":
        return Action("build", int(rest))
    if head == "p":
        province, _, good = rest.partition("/")
        return Action("province", int(province), GOOD_LETTERS.index(good) if good else -1)
    raise ValueError(f"not a Concordia action: {text!r}")
