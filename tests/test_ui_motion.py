"""Pieces carry stable, unique ``data-pid`` ids in both boards (``assets/js/motion.js`` moves
them from where they were to where they went), and a piece keeps its id when it moves."""

from __future__ import annotations

import random
import re

import pytest

import engine
from ui.i18n import Catalogue
from ui.screens.play import game_screen
from ui.session import Session

PID = re.compile(r'data-pid="([^"]+)"')
EN = Catalogue("en")


def played(game: str, players: int, decisions: int, seed: int = 3) -> Session:
    session = Session(engine.new_game(game, players, seed=seed), ["human"] * players,
                      rng=random.Random(seed))
    session.settle_chance()
    rng = random.Random(seed)
    for _ in range(decisions):
        if session.game.is_over:
            break
        session.decide(rng.randrange(len(session.game.legal_actions())))
    return session


def pids(session: Session) -> list[str]:
    return PID.findall(str(game_screen(session, EN)))


@pytest.mark.parametrize("game,players,options", [
    ("municipium", 4, {}), ("concordia", 4, {}), ("municipium", 2, {}),
    ("concordia", 2, {"map": "italia"})])
def test_every_piece_id_is_unique_at_every_step(game, players, options):
    session = Session(engine.new_game(game, players, seed=5, **options), ["human"] * players,
                      rng=random.Random(5))
    session.settle_chance()
    rng = random.Random(5)
    for _ in range(40):
        ids = pids(session)
        assert ids and len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
        session.decide(rng.randrange(len(session.game.legal_actions())))


def test_a_moving_concordia_colonist_keeps_its_id():
    """Each colonist is ``col-<seat>-<n>`` wherever it stands: its id stays, its place moves."""
    session = played("concordia", 3, 0)
    game = session.game
    for _ in range(400):
        before = [list(c) for c in game.colonists]
        session.decide(random.Random(len(game.log)).randrange(len(game.legal_actions())))
        moved = [(s, i) for s in range(game.players) for i, code in enumerate(before[s])
                 if i < len(game.colonists[s]) and game.colonists[s][i] != code]
        if moved:
            seat, i = moved[0]
            assert f"col-{seat}-{i}" in pids(session)
            return
    pytest.fail("no colonist moved in 400 random decisions")


def test_municipium_members_are_stacks_of_one_kind():
    session = played("municipium", 3, 12)
    markup = str(game_screen(session, EN))
    stacks = re.findall(r'data-pid="m-(\d)-(\d)-(\d)" data-kind="m-(\d)-(\d)" data-count="(\d+)"',
                        markup)
    assert stacks
    for seat, elect, inst, kseat, kelect, count in stacks:
        assert (seat, elect) == (kseat, kelect)
        game = session.game
        assert int(count) == (game.elect if elect == "1" else game.plain)[int(seat)][int(inst)]
