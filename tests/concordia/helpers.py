"""Building concrete Concordia positions for the tests."""

from __future__ import annotations

import random

import engine
from engine.concordia import Concordia, parse
from engine.concordia.components import GOODS
from engine.concordia.notation import DONE, Action

B, F, T, W, C = range(5)


def new(players: int = 3, map: str = "imperium", seed: int = 1, start: int = 0) -> Concordia:
    """A new game at the start player's first turn (seat ``start``)."""
    game = engine.new_game("concordia", players, seed=seed, map=map, start_player=start)
    assert isinstance(game, Concordia)
    return game


def city(game: Concordia, ident: str) -> int:
    return game.board.city_ids.index(ident)


def route(game: Concordia, a: str, b: str, kind: str = "land") -> int:
    ca, cb = city(game, a), city(game, b)
    k = ("land", "sea").index(kind)
    return next(r for r, (x, y, t) in enumerate(game.board.routes)
                if {x, y} == {ca, cb} and t == k)


def set_token(game: Concordia, ident: str, good: int) -> None:
    """Give a city another good and put the bonus markers right again (C-2.2)."""
    game.token[city(game, ident)] = good
    for p, cities in enumerate(game.board.province_cities):
        game.marker[p] = max(game.token[c] for c in cities)


def put_house(game: Concordia, seat: int, ident: str) -> None:
    game.houses[city(game, ident)] |= 1 << seat
    game.nhouses[seat] += 1


def put_colonist(game: Concordia, seat: int, index: int, route_index: int) -> None:
    """Stand colonist ``index`` of ``seat`` on a route (keeping its kind)."""
    cols = game.colonists[seat]
    nc = game.board.ncities
    old = cols[index] >> 1
    if old >= nc:
        game.occupied[old - nc] -= 1
    cols[index] = ((nc + route_index) << 1) | (cols[index] & 1)
    game.occupied[route_index] += 1


def set_goods(game: Concordia, seat: int, **counts: int) -> None:
    game.goods[seat] = [counts.get(g, 0) for g in GOODS]


def give_card(game: Concordia, seat: int, name: str) -> int:
    """Put a card called ``name`` (the first with that name) into ``seat``'s hand."""
    from engine.concordia.components import CARDS
    card = next(i for i, c in enumerate(CARDS) if c[0] == name or
                (c[0] == "Mercator" and name == f"Mercator{c[3]}"))
    game.hand[seat].append(card)
    return card


def play(game: Concordia, *moves: str | Action) -> None:
    """Apply decisions written in notation (``"ARC"``, ``"c0>r14"``, ``"done"``...)."""
    for move in moves:
        game.apply(parse(move) if isinstance(move, str) else move)
        while game.is_chance:
            game.resolve_chance()


def to_turn(game: Concordia, seat: int) -> None:
    """Let the other seats play Prefects doing nothing until it is ``seat``'s turn."""
    for _ in range(game.players * 2):
        pending = game.pending_step()
        if pending.kind == "turn" and pending.seat == seat:
            return
        play(game, "PRE", "done")
    raise AssertionError("never reached the seat's turn")


def architect_points(game: Concordia) -> int:
    """C-4.2: the movement points left in the pending Architect step."""
    pending = game.pending_step()
    assert pending.kind == "architect"
    return pending["points"]


def random_policy(rng: random.Random):
    """A legal random player that ends games: it prefers buying cards and building, buys more
    than it sells, and sometimes stops trading."""
    def choose(game: Concordia) -> Action:
        acts = game.legal_actions()
        non = [a for a in acts if a != DONE]
        best = [a for a in non if a.verb in ("card", "build")]
        if best:
            return rng.choice(best)
        buys = [a for a in non if a.verb == "buy"]
        if buys and rng.random() < 0.7:
            return rng.choice(buys)
        if non and all(a.verb == "sell" for a in non) and rng.random() < 0.5:
            return DONE
        if non and rng.random() < 0.85:
            return rng.choice(non)
        return rng.choice(acts)
    return choose


def play_out(game: Concordia, rng: random.Random, limit: int = 20000, policy=None) -> int:
    """Finish ``game`` with ``policy(rng)`` (default :func:`random_policy`), chance drawn with
    ``rng``; returns the number of decisions."""
    from tests import playing

    return playing.play_out(game, (policy or random_policy)(rng), rng, limit=limit)
