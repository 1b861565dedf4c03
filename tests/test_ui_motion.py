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


# ---- a colonist travels along its routes (C-4.2; ui/boards/concordia_motion.py) -------------
def test_a_moved_colonist_trail_passes_the_cities_of_a_shortest_way():
    """Every Architect move of a random game: the cities passed number the movement points
    spent (from a city, the city itself is where it stood), each next city is one route of
    the colonist's kind further, and the way ends on the destination route."""
    from ui.boards.concordia_motion import trails

    session = played("concordia", 3, 0)
    rng = random.Random(11)
    checked = 0
    while not session.game.is_over and checked < 25:
        game = session.game
        before = len(game.log)
        session.decide(rng.randrange(len(game.legal_actions())))
        board = game.board
        for event in (e for e in game.events if e.entry >= before and e.key.startswith("c.move")):
            args = dict(event.args)
            kind = 0 if args["kind"] == "land" else 1
            way = trails(game, event.entry)[(args["p"], args["route"])]
            if event.key == "c.move":
                start = set(board.routes[args["origin"]][:2])
                assert len(way) == args["steps"]
            else:
                start = {board.city_ids.index(args["city"])}
                assert len(way) == args["steps"] - 1
            stops = [start] + [{c} for c in way]
            for here, there in zip(stops, stops[1:]):
                assert any({a, b} & here and {a, b} & there and k == kind
                           for a, b, k in board.routes), (here, there)
            end = set(board.routes[args["route"]][:2])
            assert not way or way[-1] in end
            checked += 1
    assert checked >= 10


def test_the_map_draws_a_moved_colonist_trail_for_the_motion():
    from ui.boards.concordia_motion import trails

    session = played("concordia", 3, 0)
    rng = random.Random(11)
    while True:
        before = len(session.game.log)
        session.decide(rng.randrange(len(session.game.legal_actions())))
        moved = [k for k, way in trails(session.game, before).items() if way]
        if moved:
            break
    session.ui["motion_from"] = before
    markup = str(game_screen(session, EN))
    vias = re.findall(r'data-pid="col-(\d+)-\d+"[^>]*data-via="([^"]+)"', markup)
    assert len(vias) == 1 and int(vias[0][0]) == moved[0][0]
    numbers = vias[0][1].split()
    assert len(numbers) == 2 * len(trails(session.game, before)[moved[0]])
    session.ui["motion_from"] = None  # a drawing that shows no new decision: no trail
    assert "data-via" not in str(game_screen(session, EN))


def test_produced_goods_come_out_of_the_province_houses_and_marker():
    """C-4.4: after a Prefect's production, the map names where the goods came from, so that
    they fly from there to the storehouses."""
    from ui.boards.concordia_motion import sources

    session = played("concordia", 3, 0)
    rng = random.Random(5)
    found = {}
    while not found and not session.game.is_over:
        before = len(session.game.log)
        session.decide(rng.randrange(len(session.game.legal_actions())))
        found = sources(session.game, before)
    game = session.game
    produced = [dict(e.args) for e in game.events if e.entry >= before and e.key == "c.bonus"]
    assert produced, "a production happened"
    province, seat = produced[0]["province"], produced[0]["p"]
    assert found[f"marker-{province}"].split() == [f"good-{seat}-{game.marker[province]}"]
    for pid, words in found.items():
        if pid.startswith("house-"):
            _, owner, city = pid.split("-")
            assert game.board.province_of[int(city)] == province
            assert words == f"good-{owner}-{game.token[int(city)]}"
    session.ui["motion_from"] = before
    markup = str(game_screen(session, EN))
    assert f'data-pid="marker-{province}"' in markup
    assert re.search(rf'data-pid="marker-{province}"[^>]*data-source="good-{seat}-', markup)


def test_a_persons_decision_start_is_told_to_the_motion():
    """Issue 45: cards flew 0.5-0.75 s into a person's turn, over the sheet they opened. The
    drawing that starts a person's decision (the turn comes to a human seat, or passes from one
    human to another) says so to ``assets/js/motion.js``, which then lands what still moves
    and moves only the map's pieces; later drawings of the same decision move as before."""
    from types import SimpleNamespace

    from ui.drawing import Drawing

    game = engine.new_game("concordia", 3, seed=3, map="imperium", start_player=0)
    session = Session(game, ["human", "ai:easy", "human"], rng=random.Random(3))
    session.settle_chance()
    drawing = Drawing(SimpleNamespace(state=SimpleNamespace(session=session)))
    assert game.current_player == 0
    assert drawing.person_starts()  # the first drawing of Ann's turn
    drawing.last_awaiting = ("human", 0)
    assert not drawing.person_starts()  # another step of the same turn
    drawing.last_awaiting = ("ai", 1)
    assert drawing.person_starts()  # the computer has played: her turn begins
    drawing.last_awaiting = ("human", 2)
    assert drawing.person_starts()  # pass-and-play: from another person to her
    while game.current_player == 0:
        session.decide(0)
    drawing.last_awaiting = ("human", 0)
    assert game.current_player == 1 and not drawing.person_starts()  # a computer decides
