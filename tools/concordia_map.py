"""Generate ``ui/boards/concordia_geo.py``: the coastlines of both Concordia maps as compact SVG
paths, with the projection and the city positions, from Natural Earth land data.

Input: a TopoJSON land file of the ``world-atlas`` package (Natural Earth, public domain), e.g.
``land-50m.json``. ``world-atlas`` is a pinned devDependency, so ``make`` runs
``python tools/concordia_map.py`` (reading ``node_modules/world-atlas/land-50m.json``) at every
setup; the module is deterministic and rewritten only when the data or this tool changes.
``--check`` only compares with the committed module; another input file may be given as the
first argument.

Steps: decode the quantized, delta-encoded TopoJSON arcs; assemble the land polygons; project
(equirectangular, x scaled by cos of the map's middle latitude, north up); clip each ring to the
map's frame (Sutherland-Hodgman against the rectangle); simplify (Douglas-Peucker); drop rings
too small to see; write integer SVG path text with relative moves. Cities come from the engine's
real-world latitude/longitude, then :data:`NUDGES` moves a few apart where labels would collide.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.concordia.maps import MAPS  # noqa: E402

OUT = ROOT / "ui" / "boards" / "concordia_geo.py"

FRAMES = {
    # name: (west lon, east lon, south lat, north lat, width in SVG units)
    "imperium": (-11.5, 38.5, 28.0, 55.5, 1000),
    "italia": (5.6, 19.2, 36.3, 47.3, 800),
    "hellas": (19.7, 26.3, 35.8, 39.85, 900),
    "ionium": (13.2, 30.4, 34.6, 42.75, 1000),
    "hispania": (-10.4, 14.3, 34.7, 45.0, 1000),
    "cyprus": (31.3, 39.4, 33.95, 38.25, 1000),
    "creta": (23.45, 26.4, 34.74, 35.7, 1100),
}
TOLERANCE = {"imperium": 1.3, "italia": 1.2, "hellas": 1.1, "ionium": 1.2, "hispania": 1.2,
             "cyprus": 1.1, "creta": 1.0}
"""Douglas-Peucker tolerance in SVG units."""
DETAILED = ("hellas", "cyprus", "creta")
"""Maps of a small region drawn from the finer Natural Earth data (``land-10m.json`` beside
the given file): at 1:50m their small islands (Gavdos, Psyra, the Cyclades) are missing or
shapeless."""
MIN_AREA = 30.0
"""Rings smaller than this (square SVG units) are dropped."""

NUDGES: dict[str, dict[str, tuple[float, float]]] = {
    "imperium": {
        "napoca": (0, -6), "sirmium": (-6, 0), "novaria": (-6, 0), "aquileia": (6, -6),
        "antiochia": (8, -4), "tyros": (0, 6), "petra": (10, 6), "memphis": (-6, 8),
        "alexandria": (-6, -4), "cyrene": (0, 4), "leptis_magna": (0, 6),
    },
    "italia": {
        "bauzanum": (0, -4), "verona": (-8, 6), "mutina": (-10, 6), "ravenna": (10, 0),
        "comum": (0, -8), "segusio": (-6, 0), "spoletum": (-6, 10), "hadria": (12, 2),
        "ancona": (0, -6), "casinum": (-4, 8), "neapolis": (6, 10), "luceria": (0, -8),
        "potentia": (-4, 10), "cosa": (-6, 6), "florentia": (0, -4), "roma": (-4, 0),
        "messana": (4, 0),
    },
    "hellas": {},
    "ionium": {},
    "hispania": {},
    "cyprus": {},
    "creta": {},
}
"""Moves (SVG units) away from the true place, only where labels would collide."""

ATTRIBUTION = "Coastlines: Natural Earth (public domain), via world-atlas"


# ----------------------------------------------------------------------------- TopoJSON
def decode_arcs(topology: dict) -> list[list[tuple[float, float]]]:
    """Absolute (lon, lat) points of every arc (the arcs are quantized and delta-encoded)."""
    sx, sy = topology["transform"]["scale"]
    tx, ty = topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(ring: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple]:
    """A ring from its arc indices (``~i`` = arc ``i`` reversed); shared end points once."""
    points: list[tuple[float, float]] = []
    for index in ring:
        arc = arcs[index] if index >= 0 else arcs[~index][::-1]
        points.extend(arc[1:] if points else arc)
    return points


def land_rings(topology: dict) -> list[list[tuple[float, float]]]:
    arcs = decode_arcs(topology)
    rings = []
    stack = [topology["objects"]["land"]]
    while stack:
        geometry = stack.pop()
        kind = geometry["type"]
        if kind == "GeometryCollection":
            stack.extend(geometry["geometries"])
        elif kind == "Polygon":
            rings += [ring_points(r, arcs) for r in geometry["arcs"]]
        elif kind == "MultiPolygon":
            rings += [ring_points(r, arcs) for poly in geometry["arcs"] for r in poly]
    return rings


# ----------------------------------------------------------------------------- geometry
class Projection:
    """Equirectangular, x scaled by cos(middle latitude), into a frame ``width`` units wide."""

    def __init__(self, west: float, east: float, south: float, north: float, width: float):
        self.west, self.north = west, north
        self.k = math.cos(math.radians((south + north) / 2))
        self.scale = width / ((east - west) * self.k)
        self.width = width
        self.height = round((north - south) * self.scale)

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        return ((lon - self.west) * self.k * self.scale, (self.north - lat) * self.scale)


def clip(ring: list[tuple[float, float]], width: float, height: float) -> list[tuple]:
    """Sutherland-Hodgman: the part of the ring inside [0, width] x [0, height]."""
    edges = ((0, 0, 1), (0, width, -1), (1, 0, 1), (1, height, -1))
    points = ring
    for axis, bound, sign in edges:
        if not points:
            break
        out = []
        prev = points[-1]
        for cur in points:
            cin = (cur[axis] - bound) * sign >= 0
            pin = (prev[axis] - bound) * sign >= 0
            if cin != pin:
                t = (bound - prev[axis]) / (cur[axis] - prev[axis])
                out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
            if cin:
                out.append(cur)
            prev = cur
        points = out
    return points


def simplify(points: list[tuple], tolerance: float) -> list[tuple]:
    """Douglas-Peucker (iterative) on an open polyline."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        ax, ay = points[first]
        bx, by = points[last]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1e-9
        worst, where = 0.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            d = abs(dy * (px - ax) - dx * (py - ay)) / length
            if d > worst:
                worst, where = d, i
        if worst > tolerance:
            keep[where] = True
            stack += [(first, where), (where, last)]
    return [p for p, k in zip(points, keep) if k]


def simplify_ring(ring: list[tuple], tolerance: float) -> list[tuple]:
    """Douglas-Peucker on a closed ring: split at the point farthest from the first."""
    x0, y0 = ring[0]
    far = max(range(len(ring)), key=lambda i: (ring[i][0] - x0) ** 2 + (ring[i][1] - y0) ** 2)
    first = simplify(ring[:far + 1], tolerance)
    second = simplify(ring[far:] + [ring[0]], tolerance)
    return first + second[1:-1]


def area(points: list[tuple]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(points, points[1:] + points[:1]))) / 2


def path_text(points: list[tuple]) -> str:
    """``M x y l dx dy ...z`` with integer coordinates; repeated points dropped."""
    ints = []
    for x, y in points:
        p = (round(x), round(y))
        if not ints or ints[-1] != p:
            ints.append(p)
    if len(ints) < 3:
        return ""
    parts = [f"M{ints[0][0]} {ints[0][1]}l"]
    coords = []
    for (x0, y0), (x1, y1) in zip(ints, ints[1:]):
        coords.append(f"{x1 - x0} {y1 - y0}")
    parts.append(" ".join(coords).replace(" -", "-"))
    parts.append("z")
    return "".join(parts)


# ----------------------------------------------------------------------------- maps
def build_map(name: str, rings: list[list[tuple[float, float]]]) -> dict:
    west, east, south, north, width = FRAMES[name]
    project = Projection(west, east, south, north, width)
    pad = 2.0
    pieces = []
    for ring in rings:
        lons = [p[0] for p in ring]
        lats = [p[1] for p in ring]
        if max(lons) < west - pad or min(lons) > east + pad or max(lats) < south - pad \
                or min(lats) > north + pad:
            continue
        flat = clip([project(lon, lat) for lon, lat in ring], project.width, project.height)
        if len(flat) < 3 or area(flat) < MIN_AREA:
            continue
        flat = simplify_ring(flat, TOLERANCE[name])
        text = path_text(flat)
        if text:
            pieces.append(text)
    cities = {}
    for city in MAPS[name]["cities"]:
        city_id, (lat, lon) = city[0], city[6]
        x, y = project(lon, lat)
        nx, ny = NUDGES[name].get(city_id, (0, 0))
        cities[city_id] = (round(x + nx, 1), round(y + ny, 1))
    return {
        "width": project.width, "height": project.height,
        "projection": {"west": west, "north": north, "k": round(project.k, 6),
                       "scale": round(project.scale, 4)},
        "land": "".join(pieces),
        "cities": cities,
    }


def render(maps: dict) -> str:
    lines = [
        '"""Coastlines and city positions of the Concordia maps, for the SVG board.',
        "",
        "GENERATED by tools/concordia_map.py from Natural Earth land data (public domain, via",
        "the world-atlas package): do not edit by hand. Per map: ``width``/``height`` (SVG units),",
        "``projection`` (equirectangular: x = (lon - west) * k * scale,",
        "y = (north - lat) * scale),",
        "``land`` (one SVG path) and ``cities`` (id -> (x, y), a few nudged for legibility).",
        '"""',
        "",
        f"ATTRIBUTION = {ATTRIBUTION!r}",
        "",
        "MAPS = {",
    ]
    for name, data in maps.items():
        lines.append(f"    {name!r}: {{")
        for key in ("width", "height", "projection"):
            lines.append(f"        {key!r}: {data[key]!r},")
        lines.append("        'cities': {")
        for city_id, xy in data["cities"].items():
            lines.append(f"            {city_id!r}: {xy!r},")
        lines.append("        },")
        land = data["land"]
        lines.append("        'land': (")
        for i in range(0, len(land), 84):
            lines.append(f"            {land[i:i + 84]!r}")
        lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


DEFAULT_SOURCE = ROOT / "node_modules" / "world-atlas" / "land-50m.json"


def read_rings(source: Path) -> list[list[tuple[float, float]]]:
    return land_rings(json.loads(Path(source).read_text(encoding="utf-8")))


def generate(source: Path) -> str:
    """The text of ``concordia_geo.py`` from a world-atlas land TopoJSON file (and, for the
    :data:`DETAILED` maps, its 1:10m sibling when there is one)."""
    rings = read_rings(source)
    finer = Path(source).with_name(Path(source).name.replace("50m", "10m"))
    fine = read_rings(finer) if finer != Path(source) and finer.is_file() else rings
    return render({name: build_map(name, fine if name in DETAILED else rings)
                   for name in FRAMES})


def main(argv: list[str]) -> int:
    """``concordia_map.py [land-50m.json] [--check]``: write the module, or with ``--check``
    only say whether the committed one is what the data gives."""
    args = [a for a in argv[1:] if a != "--check"]
    source = Path(args[0]) if args else DEFAULT_SOURCE
    if not source.is_file():
        print(__doc__)
        return 2
    text = generate(source)
    if "--check" in argv:
        same = OUT.read_text(encoding="utf-8") == text
        print(f"{OUT.relative_to(ROOT)} is {'up to date' if same else 'STALE'}")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
