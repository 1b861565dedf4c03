"""A Concordia game as one line of text, both ways (as Municipium's position text; like chess
FEN). ``Concordia.to_text()`` writes it, ``Concordia.from_text(text)`` stands a game there,
with an empty log (tests, bug reports, lessons). ``position()`` stays the shorter line the
golden files show; this one holds everything that decides the game's future.

Layout, fields separated by spaces::

    imperium 4p r2 t5 a1 s1 pm0 cc-1 x0 tok:FBW.. mk:Ffb.. fb:.... hs:0030.. dp:12.-1.40
    dk:3.17/20.22// P0:6,0.1.2.1.0,2.3,44.45,0.1.2,3,1 P1:... [turn:1 architect:1:2:0]

- the map, the seats, ``r`` the rules revision (``rulings.RULES_REVISION``);
- ``t`` turns played, ``a`` the seat on turn, ``s`` the start seat, ``pm`` the Praefectus
  Magnus, ``cc`` the holder of the Concordia card (-1 none, C-5.1), ``x`` 1 once over;
- ``tok`` each city's token (``BFTWC``, ``.`` none, C-2.1); ``mk`` each province's bonus marker
  (lower case: on its coin side, C-4.4); ``fb`` the good last chosen in each province
  (C-M.creta.1, ``.`` none); ``hs`` each city's houses, one base-32 digit of seat bits (C-4.3);
- ``dp`` the display's cards (-1 an emptied slot), ``dk`` the piles' cards in order;
- one block per seat: money, goods (brick food tool wine cloth), stored colonists (land, sea),
  colonists (``place * 2 + kind``: a city below the map's city count, else a route), hand and
  discard pile (card indices, in order) and houses built;
- the pending steps in brackets, bottom first (:meth:`engine.core.stack.StackGame.step_text`).

A city's tokens left in the box and the routes' occupation follow from the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.concordia.components import GOODS

if TYPE_CHECKING:
    from engine.concordia.game import Concordia

GOOD_LETTERS = "BFTWC"
BASE32 = "0123456789abcdefghijklmnopqrstuv"


def _ints(values: list[int] | tuple[int, ...]) -> str:
    return ".".join(str(v) for v in values)


def _read_ints(text: str) -> list[int]:
    return [int(v) for v in text.split(".")] if text else []


def _good(good: int) -> str:
    return GOOD_LETTERS[good] if good >= 0 else "."


def _read_good(letter: str) -> int:
    return GOOD_LETTERS.find(letter)


def write(game: Concordia) -> str:
    """The game as one line (the layout in the module docstring)."""
    b = game.board
    head = (f"{b.name} {game.players}p r{game.revision} t{game.turns} a{game.active} "
            f"s{game.start} pm{game.pm} cc{game.concordia} x{int(game.over)}")
    markers = "".join(("bftwc" if f else GOOD_LETTERS)[m] if m >= 0 else "."
                      for m, f in zip(game.marker, game.flipped))
    fields = [head, "tok:" + "".join(_good(g) for g in game.token), "mk:" + markers,
              "fb:" + "".join(_good(g) for g in game.chosen),
              "hs:" + "".join(BASE32[h] for h in game.houses),
              "dp:" + _ints(game.display), "dk:" + "/".join(_ints(p) for p in game.deck)]
    for s in range(game.players):
        fields.append(f"P{s}:" + ",".join((
            str(game.money[s]), _ints(game.goods[s]), _ints(game.stored[s]),
            _ints(game.colonists[s]), _ints(game.hand[s]), _ints(game.discard[s]),
            str(game.nhouses[s]))))
    stack = " ".join(game.step_text(step) for step in game.stack)
    return " ".join(fields) + f" [{stack}]"


def read(text: str) -> Concordia:
    """The game standing at ``text`` (written by :func:`write`), with an empty log."""
    from engine.concordia.game import Concordia
    from engine.core.registry import make_setup

    head, _, stack = text.strip().partition(" [")
    fields = head.split()
    map_name, players = fields[0], int(fields[1].rstrip("p"))
    nums = {f.rstrip("-0123456789"): int(f[len(f.rstrip("-0123456789")):])
            for f in fields[2:] if ":" not in f}
    game = Concordia(make_setup("concordia", players, map=map_name, rules=nums["r"],
                                start_player=0))
    game.events.clear()
    game.turns, game.active, game.start = nums["t"], nums["a"], nums["s"]
    game.pm, game.concordia, game.over = nums["pm"], nums["cc"], bool(nums["x"])
    rest = dict(f.split(":", 1) for f in fields[2:] if ":" in f)
    _read_board(game, rest)
    for s in range(players):
        money, goods, stored, cols, hand, discard, nhouses = rest[f"P{s}"].split(",")
        game.money[s], game.nhouses[s] = int(money), int(nhouses)
        game.goods[s], game.stored[s] = _read_ints(goods), _read_ints(stored)
        if len(game.goods[s]) != len(GOODS) or len(game.stored[s]) != 2:
            raise ValueError(f"seat {s}: goods and stored colonists malformed")
        game.colonists[s], game.hand[s] = _read_ints(cols), _read_ints(hand)
        game.discard[s] = _read_ints(discard)
    _derive(game)
    game.stack = [Concordia.read_step(step) for step in stack.rstrip("]").split()]
    return game


def _read_board(game: Concordia, rest: dict[str, str]) -> None:
    """The map's tokens, markers, chosen goods, houses, the display and the deck."""
    game.token = [_read_good(ch) for ch in rest["tok"]]
    game.marker = [_read_good(ch.upper()) for ch in rest["mk"]]
    game.flipped = [int(ch.islower()) for ch in rest["mk"]]
    game.chosen = [_read_good(ch) for ch in rest["fb"]]
    game.houses = [BASE32.index(ch) for ch in rest["hs"]]
    game.display = _read_ints(rest["dp"])
    game.deck = [_read_ints(pile) for pile in rest["dk"].split("/")]
    b = game.board
    if len(game.token) != b.ncities or len(game.houses) != b.ncities or \
            len(game.marker) != len(b.province_names):
        raise ValueError(f"not a position on the {b.name} map: {rest['tok']!r}")


def _derive(game: Concordia) -> None:
    """What follows from the rest: tokens left in the box per letter (C-2.1) and the colonists
    on each route (C-4.2)."""
    from engine.concordia.game import EMPTY, LETTERS

    b = game.board
    left = [list(b.tokens.get(letter, EMPTY)) for letter in LETTERS]
    for city, good in enumerate(game.token):
        if good >= 0:
            left[LETTERS.index(b.letters[city])][good] -= 1
    game.tokens_left = left
    game.occupied = [0] * b.nroutes
    for cols in game.colonists:
        for code in cols:
            if code >> 1 >= b.ncities:
                game.occupied[(code >> 1) - b.ncities] += 1
