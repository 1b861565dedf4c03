"""Golden playthroughs of every title, through one mechanism: each file in
``tests/<title>/golden/`` holds a complete game as text (every decision and draw in notation,
the log lines each caused, positions along the way, the result). The test reads the decisions
back from the file, replays them through the rules from a new game and writes the transcript
again: any change in the rules' behaviour, their words or the position text shows as a diff.
Each title keeps its own layout (a :class:`Golden`), so that the files stay as they were.

After an intended change, regenerate from fresh seeded games with::

    GOLDEN=regen python3 -m pytest tests/test_golden.py
"""

from __future__ import annotations

import ast
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core.registry import game_class
from engine.municipium.data import COLOURS
from tests.concordia.helpers import random_policy
from tests.playing import decide, play_out, uniform

TESTS = Path(__file__).parent
REGEN = os.environ.get("GOLDEN") == "regen"


@dataclass(frozen=True)
class Golden:
    """One title's golden files: how a file names its game, where its decisions are, how the
    transcript is written, and how a fresh game is played for a file."""

    title: str
    games: dict[str, tuple]
    """File name -> what its header holds (and, for a fresh game, the seed)."""
    new: Callable[[tuple], Any]
    """A new game of the file's setup."""
    decisions: Callable[[str], list[str]]
    """The file's decisions and draws, in notation, in order."""
    write: Callable[[tuple, Any, list[str]], str]
    """The transcript of the decisions played from ``new``."""
    fresh: Callable[[tuple], list[str]]
    """A fresh seeded game's decisions (for ``GOLDEN=regen``)."""

    def path(self, name: str) -> Path:
        return TESTS / self.title / "golden" / f"{name}.txt"


def _start(title: str, players: int, **options: Any) -> Any:
    """A new game before its first draw (``engine.new_game`` would draw the setup's)."""
    return game_class(title)(engine.make_setup(title, players, **options))


def _who(game: Any, actor: int, names: Callable[[int], str]) -> str:
    return "chance" if actor == engine.CHANCE else names(actor)


# ------------------------------------------------------------------ Municipium
def _m_new(spec: tuple) -> Any:
    players, _seed, options = spec
    return _start("municipium", players, **options)


def _m_decisions(text: str) -> list[str]:
    return [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("> ")]


def _m_write(spec: tuple, game: Any, decisions: list[str]) -> str:
    """Header, then per entry ``> who: decision``, its log lines, and the position after every
    turn; the result."""
    players, _seed, options = spec
    lines = [f"setup: players={players} options={sorted(options.items())}"]
    seen = 0
    for text in decisions:
        actor = game.current_player
        decide(game, text)
        lines.append(f"> {_who(game, actor, COLOURS.__getitem__)}: {text}")
        turn_ended = False
        for event in game.events[seen:]:
            lines.append("  " + game.event_text(event))
            turn_ended |= event.key in ("turn", "game_over")
        seen = len(game.events)
        if turn_ended:
            lines.append("= " + game.position())
    lines.append("result: " + " ".join(f"{COLOURS[r.seat]}={r.score}/rank{r.rank}"
                                       for r in game.result()))
    return "\n".join(lines) + "\n"


def _m_fresh(spec: tuple) -> list[str]:
    players, seed, options = spec
    game = engine.new_game("municipium", players, seed=seed, **options)
    play_out(game, uniform(random.Random(seed * 7919 + players)))
    return [str(entry.action) for entry in game.log]


MUNICIPIUM = Golden(
    "municipium",
    {"two_players": (2, 11, {}),
     "three_players_single_chamber": (3, 12, {"chamber_citizens": "single"}),
     "four_players_short": (4, 13, {"short": True})},
    _m_new, _m_decisions, _m_write, _m_fresh)


# ------------------------------------------------------------------ Concordia
def _c_new(spec: tuple) -> Any:
    map_name, players, _seed = spec
    return _start("concordia", players, map=map_name)


def _c_decisions(text: str) -> list[str]:
    entries = []
    for line in text.splitlines():
        head, _, rest = line.partition(": ")
        number = head.split(" ", 1)[0]
        if rest and number.isdigit() and int(number) == len(entries):
            entries.append(rest)
    return entries


def _c_write(spec: tuple, game: Any, decisions: list[str]) -> str:
    """Header, then per entry ``n who: decision`` and its log lines with their rule ids (the
    position before every turn), the final position and the result by god."""
    map_name, players, seed = spec
    lines = [f"concordia {map_name} {players} players seed {seed}"]
    seen = 0
    for number, text in enumerate(decisions):
        if game.pending_step().kind == "turn":
            lines.append(f"= {game.position()}")
        lines.append(f"{number} {_who(game, game.current_player, game.player_name)}: {text}")
        decide(game, text)
        lines += [f"    {e.rule or '-'} {game.event_text(e)}" for e in game.events[seen:]]
        seen = len(game.events)
    lines.append(f"= {game.position()}")
    for r in game.result():
        parts = " ".join(f"{god} {points}" for god, points in r.breakdown)
        lines.append(f"result {game.player_name(r.seat)}: {r.score} rank {r.rank} ({parts})")
    return "\n".join(lines) + "\n"


def _c_fresh(spec: tuple) -> list[str]:
    map_name, players, seed = spec
    game = engine.new_game("concordia", players, seed=seed, map=map_name)
    rng = random.Random(spec[2])
    play_out(game, random_policy(rng), rng)
    return [str(entry.action) for entry in game.log]


CONCORDIA = Golden(
    "concordia",
    {"imperium-4p-seed2026": ("imperium", 4, 2026), "italia-2p-seed7": ("italia", 2, 7),
     "hellas-2p-seed45": ("hellas", 2, 45), "ionium-3p-seed40": ("ionium", 3, 40),
     "hispania-4p-seed40": ("hispania", 4, 40), "cyprus-5p-seed41": ("cyprus", 5, 41),
     "creta-2p-seed38": ("creta", 2, 38)},
    _c_new, _c_decisions, _c_write, _c_fresh)
"""One game per map; the later maps' (issue 35) at every player count from 2 to 5 between them,
each the shortest transcript of seeds 30-49 (Creta's chooses Gavdos's good and takes the cash
with its 2 sestertii more, C-M.creta.1-2)."""

TITLES = (MUNICIPIUM, CONCORDIA)
CASES = [(golden, name) for golden in TITLES for name in sorted(golden.games)]


@pytest.mark.parametrize("golden, name", CASES, ids=[f"{g.title}-{n}" for g, n in CASES])
def test_golden_playthrough(golden: Golden, name: str):
    spec, path = golden.games[name], golden.path(name)
    if REGEN:
        path.write_text(golden.write(spec, golden.new(spec), golden.fresh(spec)),
                        encoding="utf-8")
    stored = path.read_text(encoding="utf-8")
    decisions = golden.decisions(stored)
    assert decisions, f"{path.name} holds no decisions"
    text = golden.write(spec, golden.new(spec), decisions)
    assert text == stored, f"{path.name} differs: regenerate only if the change is intended"


def test_every_golden_file_is_played():
    """No file in a golden folder is left out of the test."""
    for golden in TITLES:
        files = {p.stem for p in (TESTS / golden.title / "golden").glob("*.txt")}
        assert files == set(golden.games), golden.title


def test_a_header_names_its_setup():
    """The Municipium header's options read back as written."""
    for name, (players, _seed, options) in MUNICIPIUM.games.items():
        first = MUNICIPIUM.path(name).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(f"setup: players={players} options=")
        assert dict(ast.literal_eval(first.split("options=", 1)[1])) == options
