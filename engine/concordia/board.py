"""The board as a graph (C-1.7, C-4.2): cities, provinces, land and sea routes, and the
distances colonists travel. Built once per map from the data in ``maps.py`` and shared by all
games on that map (it is read-only).

A colonist's *location* is an int: a city index ``c`` while it stands in a city, or
``len(cities) + r`` while it stands on route ``r``.
"""

from __future__ import annotations

from engine.concordia.maps import MAPS

LAND, SEA = 0, 1
ROUTE_TYPES = ("land", "sea")


class Board:
    """One side of the board with everything the rules ask of it precomputed."""

    def __init__(self, name: str) -> None:
        data = MAPS[name]
        self.name = name
        self.title: str = data["title"]
        self.players: tuple[int, ...] = data["players"]
        cities = data["cities"]
        self.ncities = len(cities)
        self.roma: int = data["start_city"]
        """The start city (C-M.1: Roma on the base maps, its counterpart on the later ones)."""
        self.city_ids: tuple[str, ...] = tuple(c[0] for c in cities)
        self.city_names: tuple[str, ...] = tuple(c[1] for c in cities)
        self.city_labels: tuple[str, ...] = tuple(c[2] for c in cities)
        self.letters: tuple[str | None, ...] = tuple(c[3] for c in cities)
        self.province_of: tuple[int, ...] = tuple(c[4] for c in cities)
        self.board_xy: tuple[tuple[float, float], ...] = tuple(c[5] for c in cities)
        self.latlon: tuple[tuple[float, float], ...] = tuple(c[6] for c in cities)
        self.province_names: tuple[str, ...] = tuple(p[0] for p in data["provinces"])
        self.province_cities: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in range(self.ncities) if self.province_of[c] == p)
            for p in range(len(self.province_names)))
        self.routes: tuple[tuple[int, int, int], ...] = tuple(
            (a, b, ROUTE_TYPES.index(kind)) for a, b, kind in data["routes"])
        self.nroutes = len(self.routes)
        self.pantheon: dict[str, tuple[int, ...]] = data["pantheon"]
        self.tokens: dict[str, tuple[int, ...]] = data["tokens"]
        """City tokens per letter the map uses, counts per good (C-1.8, C-2.1, C-M.hellas.1,
        C-M.hispania.1, C-M.creta.3); other letters' tokens stay in the box."""
        self.pass_only: frozenset[int] = frozenset(data["pass_only"])
        """Routes a colonist may pass but never stop on (C-M.ionium.1)."""
        self.free_bonus: frozenset[int] = frozenset(data["free_bonus"])
        """Provinces whose Prefect bonus is any good the player chooses (C-M.creta.1)."""
        self.cash_bonus: int = data["cash_bonus"]
        """Sestertii the Prefect's cash option gives more (C-M.creta.2)."""
        self.token_cities: tuple[int, ...] = tuple(
            c for c in range(self.ncities) if self.letters[c] is not None)
        """Cities that get a token, in the fixed order the tokens are drawn (C-2.1)."""
        city_routes: list[tuple[list[int], list[int]]] = [([], []) for _ in cities]
        for r, (a, b, kind) in enumerate(self.routes):
            city_routes[a][kind].append(r)
            city_routes[b][kind].append(r)
        self.city_routes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
            (tuple(land), tuple(sea)) for land, sea in city_routes)
        self.route_next: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({n for city in (a, b) for n in self.city_routes[city][kind]} - {r}))
            for r, (a, b, kind) in enumerate(self.routes))
        self.reach: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        """``reach[(location, type)]``: ``(route, distance)`` for every route a colonist of
        that type can travel to from that location, nearest first (C-4.2); routes it may only
        pass (C-M.ionium.1) are counted on the way but never a destination."""
        self.distance: dict[tuple[int, int], dict[int, int]] = {}
        for kind in (LAND, SEA):
            for city in range(self.ncities):
                self._explore(city, kind, self.city_routes[city][kind], 1)
        for r, (_a, _b, kind) in enumerate(self.routes):
            self._explore(self.ncities + r, kind, self.route_next[r], 1)

    def _explore(self, location: int, kind: int, first: tuple[int, ...], step: int) -> None:
        dist: dict[int, int] = {}
        frontier = [r for r in first]
        for r in frontier:
            dist[r] = step
        while frontier:
            nxt = []
            for r in frontier:
                for n in self.route_next[r]:
                    if n not in dist:
                        dist[n] = dist[r] + 1
                        nxt.append(n)
            frontier = nxt
        dist.pop(location - self.ncities, None)
        for r in self.pass_only:
            dist.pop(r, None)
        self.distance[(location, kind)] = dist
        self.reach[(location, kind)] = tuple(sorted(dist.items(), key=lambda i: (i[1], i[0])))

    def route_name(self, route: int) -> str:
        a, b, kind = self.routes[route]
        return f"{self.city_names[a]}–{self.city_names[b]} ({ROUTE_TYPES[kind]})"

    def location_name(self, location: int) -> str:
        if location < self.ncities:
            return self.city_names[location]
        return self.route_name(location - self.ncities)

    def route_cities(self, location: int) -> tuple[int, ...]:
        """The cities at the ends of the route at ``location`` (none for a city)."""
        if location < self.ncities:
            return ()
        a, b, _ = self.routes[location - self.ncities]
        return (a, b)


_BOARDS: dict[str, Board] = {}


def board(name: str) -> Board:
    """The shared, read-only :class:`Board` of map ``name``."""
    found = _BOARDS.get(name)
    if found is None:
        found = _BOARDS[name] = Board(name)
    return found
