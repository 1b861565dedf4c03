"""Where the pieces of a drawing come from (issue 11): the map's hints to the motion.

The page's motion (``assets/js/motion.js``) slides a moved piece from where it stood to where
it stands, and flies a unit that arrived from the place that lost one. On the Concordia map
two things need the game's events since the drawing's first log entry (:func:`motion`):

* a colonist travels along its routes (C-4.2: from a route, through a city, onto the next
  route): :func:`trails` finds the cities it passed, in order; the map draws them on the piece
  as ``data-via`` (``x y x y …`` in the map's units);
* goods produced by a Prefect (C-4.4) come out of the houses of the province that produced and
  the bonus out of its marker: :func:`sources` names them, and the map draws them as
  ``data-source`` for the storehouse's goods.

This only draws: the engine decided the move and its cost; any shortest way of that length is
the one shown.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.concordia.components import GOODS

MOVES = ("c.move", "c.move_from_city")


@dataclass(frozen=True)
class Motion:
    """The map's hints for one drawing."""

    trails: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    """The cities each colonist passed, by ``(seat, route now)``."""
    sources: dict[str, str] = field(default_factory=dict)
    """``data-source`` words by piece id (``house-<seat>-<city>``, ``marker-<province>``)."""


def motion(game, since: int | None) -> Motion:
    return Motion(trails(game, since), sources(game, since))


def events_since(game, since: int | None, keys: tuple[str, ...]) -> list:
    """The events of ``keys`` made by log entries ``since`` on, in order. Events are kept in
    the order they were made, so only the last few are read (this runs at every drawing)."""
    if since is None or since < 0:
        return []
    found = []
    for event in reversed(game.events):
        if event.entry < since:
            break
        if event.key in keys:
            found.append(event)
    return found[::-1]


def sources(game, since: int | None) -> dict[str, str]:
    """Where goods produced since entry ``since`` come from: the houses of the producing
    province (each gives its city's good to its owner) and the province's marker (the
    bonus)."""
    board = game.board
    found: dict[str, set[str]] = {}
    for event in events_since(game, since, ("c.production", "c.bonus")):
        args = dict(event.args)
        seat, province = args["p"], args["province"]
        if event.key == "c.bonus":
            good = args["goods"].partition(":")[0]  # the chosen one in Gavdos (C-M.creta.1)
            found.setdefault(f"marker-{province}", set()).add(
                f"good-{seat}-{GOODS.index(good) if good in GOODS else game.marker[province]}")
            continue
        for c in board.province_cities[province]:
            if seat in game.house_seats(c) and game.token[c] >= 0:
                found.setdefault(f"house-{seat}-{c}", set()).add(f"good-{seat}-{game.token[c]}")
    return {pid: " ".join(sorted(words)) for pid, words in found.items()}


def shared_city(board, r1: int, r2: int) -> int:
    a, b, _ = board.routes[r1]
    return a if a in board.routes[r2][:2] else b


def route_path(board, start: int, goal: int, kind: int) -> list[int]:
    """The routes of ``kind`` from route ``start`` to route ``goal`` (both included), fewest
    first found; ``[start, goal]`` if no way is known."""
    back: dict[int, int] = {start: start}
    queue = deque([start])
    while queue:
        r = queue.popleft()
        if r == goal:
            break
        for n in board.route_next[r]:
            if n not in back and board.routes[n][2] == kind:
                back[n] = r
                queue.append(n)
    if goal not in back:
        return [start, goal]
    path = [goal]
    while path[-1] != start:
        path.append(back[path[-1]])
    return path[::-1]


def cities_passed(board, origin: int | None, city: int | None, route: int,
                  kind: int) -> list[int]:
    """The cities between where a colonist stood (route ``origin``, or ``city``) and ``route``."""
    if origin is not None:
        path = route_path(board, origin, route, kind)
        return [shared_city(board, a, b) for a, b in zip(path, path[1:])]
    starts = board.city_routes[city][kind]
    if route in starts:
        return []
    best = min((route_path(board, s, route, kind) for s in starts), key=len, default=[route])
    return [shared_city(board, a, b) for a, b in zip(best, best[1:])]


def trails(game, since: int | None) -> dict[tuple[int, int], list[int]]:
    """``{(seat, route now): cities passed}`` for the colonists moved by the log entries from
    ``since`` on (a colonist moved twice keeps one trail)."""
    board = game.board
    found: dict[tuple[int, int], list[int]] = {}
    for event in events_since(game, since, MOVES):
        args = dict(event.args)
        seat, route, kind = args["p"], args["route"], 0 if args["kind"] == "land" else 1
        if event.key == "c.move":
            origin = args["origin"]
            way = found.pop((seat, origin), []) + cities_passed(board, origin, None, route, kind)
        else:
            way = cities_passed(board, None, board.city_ids.index(args["city"]), route, kind)
        found[(seat, route)] = way
    return found
