"""Where a colonist went: the cities it passed on its way (issue 11, motion along the routes).

The board's motion (``assets/js/motion.js``) slides a moved piece from where it stood to where
it stands; a Concordia colonist should travel along its routes instead (C-4.2: from a route,
through a city, onto the next route). :func:`trails` reads the moves since a drawing's first log
entry from the game's events and finds, for each colonist, the cities it passed, in order; the
map draws them on the piece as ``data-via`` (``x y x y …`` in the map's units).

This only draws: the engine decided the move and its cost; any shortest way of that length is
the one shown.
"""

from __future__ import annotations

from collections import deque

MOVES = ("c.move", "c.move_from_city")


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
    if since is None or since < 0:
        return {}
    board = game.board
    found: dict[tuple[int, int], list[int]] = {}
    events = [e for e in game.events if e.entry >= since and e.key in MOVES]
    for event in sorted(events, key=lambda e: e.entry):
        args = dict(event.args)
        seat, route, kind = args["p"], args["route"], 0 if args["kind"] == "land" else 1
        if event.key == "c.move":
            origin = args["origin"]
            way = found.pop((seat, origin), []) + cities_passed(board, origin, None, route, kind)
        else:
            way = cities_passed(board, None, board.city_ids.index(args["city"]), route, kind)
        found[(seat, route)] = way
    return found
