"""The position text (like chess FEN): the whole state of a game on one line, both ways.

Layout, fields separated by spaces::

    3p/short/single t5 a1 s1 B:0200230/0000000,pppa,f0,d0,110 O:... T:ypbo
    I:p,s,-,mm,pa,-,- P5 C:FmFmFaFpFsFp bag:8,11,9,12 sup:9 wr:10 deck:2,2,3,3 disc:1,1,0,0/1
    ev:3 [end_turn:-3 card:1 move:1:0:-1:-1:0]

- players and options (``/short``: 4 Decurions end the game; ``/single``: one chamber citizen);
- ``t`` turn number, ``a`` active seat, ``s`` start seat (-1 before it is drawn);
- one block per seat, letter = colour (b o y p): members per institution 0..6 (plain/elect),
  citizens held (letters p s m a, ``-`` none), favours, Decurions, family cards (1 = face up);
- ``T`` the Temple track, top first; ``I`` citizens at institutions 0..6; ``P`` the Prefect;
- ``C`` chambers I..VI: ``F`` favour or ``_``, then the chamber citizen's letter or ``_``;
- bag per type, favour supply, wreaths left, deck and discard per card kind (and the top
  discard's kind, -1 none), citizen events so far;
- the pending steps in brackets, bottom first: ``kind:actor:params`` (actor -1 chance, -3 the
  engine itself; written by :meth:`engine.core.stack.StackGame.step_text`, fields per kind in
  :data:`engine.municipium.steps.KINDS`).
"""

from __future__ import annotations

from typing import Any

from engine.municipium.actions import SEAT_LETTERS
from engine.municipium.data import CITIZEN_LETTERS


def _digits(values: Any, sep: str = "") -> str:
    return sep.join(str(int(v)) for v in values)


def _letters(counts: list[int]) -> str:
    return "".join(CITIZEN_LETTERS[t] * c for t, c in enumerate(counts)) or "-"


def _counts(letters: str) -> list[int]:
    return [letters.count(letter) for letter in CITIZEN_LETTERS]


def position_text(game: Any) -> str:
    options = ("/short" if game.setup.option("short") else "") + (
        "/single" if game.single else "")
    players = " ".join(
        f"{SEAT_LETTERS[s].upper()}:{_digits(game.plain[s])}/{_digits(game.elect[s])},"
        f"{_letters(game.hand[s])},f{game.favours[s]},d{game.decurions[s]},"
        f"{_digits(game.family[s])}" for s in range(game.n))
    chambers = "".join(("F" if game.favour_space[x] else "_")
                       + (CITIZEN_LETTERS[game.chamber[x]] if game.chamber[x] >= 0 else "_")
                       for x in range(1, 7))
    stack = " ".join(game.step_text(step) for step in game.stack)
    return (f"{game.n}p{options} t{game.turn} a{game.active} s{game.start} {players}"
            f" T:{''.join(SEAT_LETTERS[s] for s in game.temple)}"
            f" I:{','.join(_letters(row) for row in game.cit)}"
            f" P{game.prefect} C:{chambers} bag:{_digits(game.bag, ',')}"
            f" sup:{game.favour_supply} wr:{game.wreaths} deck:{_digits(game.deck, ',')}"
            f" disc:{_digits(game.discard, ',')}/{game.top_discard}"
            f" ev:{game.citizen_events} [{stack}]")


def parse_position(text: str) -> Any:
    """The game standing at position ``text`` (without a log: for tests and bug reports)."""
    from engine.core.registry import make_setup
    from engine.municipium.game import Municipium

    head, _, stack = text.strip().partition(" [")
    fields = head.split()
    config = fields[0].split("/")
    players = int(config[0].rstrip("p"))
    start = int(fields[3][1:])
    setup = make_setup("municipium", players, short="short" in config,
                       chamber_citizens="single" if "single" in config else "per-chamber",
                       start_player=max(start, 0))
    game = Municipium(setup)
    game.start, game.turn, game.active = start, int(fields[1][1:]), int(fields[2][1:])
    blocks = fields[4:4 + players]
    for seat, block in enumerate(blocks):
        members, held, favours, decurions, family = block[2:].split(",")
        plain, elect = members.split("/")
        game.plain[seat] = [int(ch) for ch in plain]
        game.elect[seat] = [int(ch) for ch in elect]
        game.hand[seat] = _counts(held)
        game.favours[seat] = int(favours[1:])
        game.decurions[seat] = int(decurions[1:])
        game.family[seat] = [int(ch) for ch in family]
    rest = dict(field.split(":", 1) if ":" in field else (field[0], field[1:])
                for field in fields[4 + players:])
    game.temple = [SEAT_LETTERS.index(ch) for ch in rest["T"]]
    game.cit = [_counts(row) for row in rest["I"].split(",")]
    game.prefect = int(rest["P"])
    chambers = rest["C"]
    game.favour_space = [0] + [int(chambers[2 * k] == "F") for k in range(6)]
    game.chamber = [-1] + [CITIZEN_LETTERS.find(chambers[2 * k + 1]) for k in range(6)]
    game.bag = [int(n) for n in rest["bag"].split(",")]
    game.favour_supply, game.wreaths = int(rest["sup"]), int(rest["wr"])
    game.deck = [int(n) for n in rest["deck"].split(",")]
    discard, top = rest["disc"].split("/")
    game.discard, game.top_discard = [int(n) for n in discard.split(",")], int(top)
    game.citizen_events = int(rest["ev"])
    game.stack = [Municipium.read_step(step) for step in stack.rstrip("]").split()]
    return game
