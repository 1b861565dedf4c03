"""The Concordia map as SVG text: coastlines (generated, :mod:`ui.boards.concordia_geo`),
province tints and labels with their bonus markers, land and sea routes, cities with their goods
and letters, houses and colonists, and the targets of the decision being made.

:func:`map_svg` is a pure function of the game and a :class:`~ui.boards.targets.Targets` value
(shared by every board) that the board module computes from the legal decisions. A target
carries ``data-cmd="act" data-index=i``; everything else that can be clicked carries
``data-cmd="board"`` with what it is (``data-route``, ``data-city``, ``data-province``,
``data-colonist``) so the board module can explain why it is not a legal choice now.

Layers, bottom to top: sea, land, province tints, routes (the targets after the others),
province labels, colonists on routes, cities (with their colonists and build-cost tags), and
last the pads of the target routes with their movement costs
(:func:`ui.boards.concordia_pads.route_pads`): a click on a
gold route's cost always takes that route, whatever else is drawn there. While routes are the
targets (``svg.moving``) the province labels, the wide rings of cities that are no target and
pieces that are no button let clicks through (``assets/css/concordia.css``).
"""

from __future__ import annotations

import math

from engine.concordia.board import LAND, Board
from engine.concordia.cards import marker_coins
from engine.concordia.components import GOODS
from engine.concordia.maps import MAPS as BOARDS
from ui.art import use
from ui.boards.concordia_geo import MAPS
from ui.boards.concordia_help import SOURCE
from ui.boards.concordia_labels import (
    DESCENT,
    band,
    chip_width,
    city_name,
    city_name_boxes,
    city_radius,
    label_size,
    leader,
    pad_keep,
    province_anchors,
)
from ui.boards.concordia_motion import Motion
from ui.boards.concordia_pads import pad_spots, route_pads
from ui.boards.concordia_view import (
    PROVINCE_LATIN,
    fit,
    fmt,
    grow,
    legible,
    piece_scale,
    text_width,
)
from ui.boards.targets import Targets
from ui.html import Markup, esc
from ui.i18n import Catalogue

SEAT_COLOURS = ("#c62828", "#1e63c4", "#2e7d32", "#e0a800", "#303030")
SEAT_INK = ("#fff", "#fff", "#fff", "#222", "#fff")
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
"""Each seat's colour AND shape: houses, colonists and the player panels use both."""
PROVINCE_TINTS = ("#d9534f", "#6f5fb8", "#ef8f2f", "#7b8a3a", "#8bc34a", "#8d5a3b",
                  "#f2c500", "#3d7dd8", "#a64ca6", "#a0522d", "#2e9e6a", "#e0603a")


# ------------------------------------------------------------------------------- pieces
def shape(seat: int, x: float, y: float, r: float, extra: str = "") -> str:
    """The seat's shape centred on (x, y), in its colour."""
    fill = SEAT_COLOURS[seat]
    common = f'fill="{fill}" stroke="#fff" stroke-width="1.2"{extra}'
    kind = SHAPES[seat]
    if kind == "circle":
        return f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}" {common}/>'
    if kind == "square":
        s = r * 0.9
        return (f'<rect x="{fmt(x - s)}" y="{fmt(y - s)}" width="{fmt(2 * s)}" '
                f'height="{fmt(2 * s)}" {common}/>')
    if kind == "triangle":
        pts = [(x, y - r * 1.15), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    elif kind == "diamond":
        pts = [(x, y - r * 1.2), (x + r * 1.1, y), (x, y + r * 1.2), (x - r * 1.1, y)]
    else:
        pts = [(x + r * math.cos(a), y + r * math.sin(a))
               for a in (math.pi / 3 * i + math.pi / 6 for i in range(6))]
    points = " ".join(f"{fmt(px)},{fmt(py)}" for px, py in pts)
    return f'<polygon points="{points}" {common}/>'


def seat_badge(seat: int, size: int = 22) -> Markup:
    """A small inline SVG of the seat's shape with its number (colour and shape and text)."""
    half = size / 2
    return Markup(
        f'<svg class="cc-badge" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
        f'aria-hidden="true">{shape(seat, half, half + 0.5, half - 2)}'
        f'<text x="{half}" y="{half + 4}" text-anchor="middle" font-size="11" '
        f'font-weight="700" fill="{SEAT_INK[seat]}">{seat + 1}</text></svg>')


def good_chip(good: int, cat: Catalogue, x: float, y: float, w: float = 15.0,
              hidden: bool = False) -> str:
    """A city's or a marker's good: its drawn symbol (:mod:`ui.art`) on a light disc; the
    city's or marker's title names it."""
    aria = ' aria-hidden="true"' if hidden else ""
    size = w * 1.3
    return (f'<g class="cc-good g-{GOODS[good]}"{aria}><circle class="cc-good-disc" '
            f'cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(w * 0.66)}"/>'
            f'{use(GOODS[good], x - size / 2, y - size / 2, size)}</g>')


def colonist(seat: int, kind: int, x: float, y: float, extra: str = "") -> str:
    """A colonist: a figure (land) or a ship (sea) in the seat's colour, with the seat's
    shape on it (identity by colour AND shape)."""
    colour = f"color:{SEAT_COLOURS[seat]}"
    s = piece_scale()
    if kind == LAND:
        body = use("col-land", x - 7 * s, y - 8.5 * s, 14 * s, style=colour)
        mark = seat_mark(seat, x, y + 1.8 * s, 2.3 * s, ink=True)
    else:
        body = use("col-sea", x - 7.25 * s, y - 9 * s, 14.5 * s, style=colour)
        mark = seat_mark(seat, x, y + 2.4 * s, 2.2 * s)
    return f'<g class="cc-colonist"{extra}>{body}{mark}</g>'


def seat_mark(seat: int, x: float, y: float, r: float, ink: bool = False) -> str:
    """The seat's shape as a small mark on a piece: in the seat's ink on its colour
    (``ink``), else in its colour with a light edge."""
    mark = shape(seat, x, y, r).replace('stroke-width="1.2"', 'stroke-width=".8"')
    if ink:
        mark = mark.replace(f'fill="{SEAT_COLOURS[seat]}"', f'fill="{SEAT_INK[seat]}"')
        mark = mark.replace('stroke="#fff"', 'stroke="none"')
    return mark


# ------------------------------------------------------------------------------- geometry
def route_geometry(game, xy: dict) -> list[tuple[str, tuple[float, float]]]:
    """For each route: its SVG path and its middle point. Land routes are straight; sea routes
    bend (away from a land route between the same cities)."""
    b = game.board
    pairs = {}
    for a, c, kind in b.routes:
        pairs.setdefault((min(a, c), max(a, c)), []).append(kind)
    out = []
    for r, (a, c, kind) in enumerate(b.routes):
        x1, y1 = xy[b.city_ids[a]]
        x2, y2 = xy[b.city_ids[c]]
        if kind == LAND:
            out.append((f"M{fmt(x1)} {fmt(y1)}L{fmt(x2)} {fmt(y2)}",
                        ((x1 + x2) / 2, (y1 + y2) / 2)))
            continue
        if (a, c) != (min(a, c), max(a, c)):
            x1, y1, x2, y2 = x2, y2, x1, y1
        length = math.hypot(x2 - x1, y2 - y1) or 1
        both = len(pairs[(min(a, c), max(a, c))]) > 1
        bend = length * (0.22 if both else 0.08) * (-1 if twin_index(b, r) == 1 else 1)
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        cx, cy = (x1 + x2) / 2 + nx * bend, (y1 + y2) / 2 + ny * bend
        mid = ((x1 + x2) / 4 + cx / 2, (y1 + y2) / 4 + cy / 2)
        out.append((f"M{fmt(x1)} {fmt(y1)}Q{fmt(cx)} {fmt(cy)} {fmt(x2)} {fmt(y2)}", mid))
    return out


def twin_index(b: Board, r: int) -> int:
    """Which of two routes of one kind between the same cities ``r`` is (0 or 1; Ionium's two
    sea routes Neapolis–Messana, C-M.ionium.2), or -1 for a route without a twin: the second
    is drawn bending the other way."""
    twins = _TWINS.get(b.name)
    if twins is None:
        twins = _TWINS[b.name] = tuple(_twin_index(b.routes, r) for r in range(len(b.routes)))
    return twins[r]


_TWINS: dict[str, tuple[int, ...]] = {}
"""Each map's :func:`twin_index` of every route (a map's routes never change)."""


def _twin_index(routes: list, r: int) -> int:
    a, c, kind = routes[r]
    same = [i for i, (x, y, k) in enumerate(routes) if {x, y} == {a, c} and k == kind]
    return same.index(r) if len(same) > 1 else -1


def twin_side(game, r: int) -> str:
    """Where route ``r`` is drawn beside its twin, as its words' key: ``"west"``/``"east"``
    for a route running north-south, else ``"north"``/``"south"`` (by the middles of the two
    curves), or ``""`` for a route without a twin."""
    b = game.board
    if twin_index(b, r) < 0:
        return ""
    a, c, kind = b.routes[r]
    twin = next(i for i, (x, y, k) in enumerate(b.routes)
                if i != r and {x, y} == {a, c} and k == kind)
    xy = MAPS[b.name]["cities"]
    (x1, y1), (x2, y2) = xy[b.city_ids[a]], xy[b.city_ids[c]]
    geometry = route_geometry(game, xy)
    mine, other = geometry[r][1], geometry[twin][1]
    if abs(y2 - y1) > abs(x2 - x1):
        return "west" if mine[0] < other[0] else "east"
    return "north" if mine[1] < other[1] else "south"


def target_attrs(index: int, label: str, **data) -> str:
    """A legal decision on the map (``data`` says what it is, for tests and styles)."""
    parts = "".join(f' data-{k}="{v}"' for k, v in data.items())
    return (f' data-cmd="act" data-index="{index}"{parts} tabindex="0" role="button" '
            f'aria-label="{esc(label)}"')


def choice_attrs(label: str, **data) -> str:
    """A target whose click first offers a choice in the decision bar (Gavdos's bonus good):
    a button for the keyboard and assistive technology, answered by the board module."""
    parts = "".join(f' data-{k}="{v}"' for k, v in data.items())
    return f' data-cmd="board"{parts} tabindex="0" role="button" aria-label="{esc(label)}"'


def board_attrs(**data) -> str:
    """Something on the map that is not a legal decision now: a click asks the board module
    why (it is not a button for assistive technology; its ``<title>`` names it)."""
    parts = "".join(f' data-{k}="{v}"' for k, v in data.items())
    return f' data-cmd="board"{parts}'


# ------------------------------------------------------------------------------- the map
def map_svg(game, cat: Catalogue, targets: Targets, names: list[str],
            motion: Motion | None = None) -> Markup:
    """The whole map for ``game`` with ``targets`` highlighted; ``names`` are the seats'
    display names (for labels); ``motion`` the hints for this drawing's motion (the cities
    colonists passed, where goods came from: :mod:`ui.boards.concordia_motion`)."""
    motion = motion or Motion()
    b = game.board
    geo = MAPS[b.name]
    w, h = geo["width"], geo["height"]
    xy = geo["cities"]
    size = label_size(b.name)
    # "moving": routes are the targets; the province labels let clicks through to them
    moving = " moving" if targets.routes else ""
    sea = band()  # open sea above and below a wide map on a phone, for its labels
    parts = [
        f'<svg class="cc-map map-{b.name}{moving}" viewBox="0 {fmt(-sea)} {w} {fmt(h + 2 * sea)}" '
        f'role="group" aria-label="{esc(cat.t("cc.map." + b.name))}" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<defs><clipPath id="cc-land-{b.name}"><path d="{geo["land"]}"/></clipPath></defs>',
        f'<rect class="cc-sea" y="{fmt(-sea)}" width="{w}" height="{fmt(h + 2 * sea)}"/>',
        f'<path class="cc-land" d="{geo["land"]}"/>',
    ]
    # province tints, clipped to the land
    tint = [f'<g clip-path="url(#cc-land-{b.name})" class="cc-tints">']
    for p, cities in enumerate(b.province_cities):
        colour = PROVINCE_TINTS[p % len(PROVINCE_TINTS)]
        for c in cities:
            x, y = xy[b.city_ids[c]]
            tint.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="46" fill="{colour}"/>')
    tint.append("</g>")
    parts += tint
    # routes
    geometry = route_geometry(game, xy)
    occupied: dict[int, tuple[int, int, int]] = {}
    in_city: dict[int, list[tuple[int, int, int]]] = {}
    for seat, codes in enumerate(game.colonists):
        for i in range(len(codes)):
            loc, kind = game.colonist_place(seat, i)
            if loc >= b.ncities:
                occupied[loc - b.ncities] = (seat, kind, i)
            else:
                in_city.setdefault(loc, []).append((seat, kind, i))
    parts.append('<g class="cc-routes">')
    # the targets last: where a target and another route cross or run close, the target is on
    # top and takes the click
    for r in sorted(range(len(geometry)), key=lambda r: r in targets.routes):
        parts.append(route_svg(game, cat, targets, r, *geometry[r]))
    parts.append("</g>")
    # provinces: labels and bonus markers
    parts.append('<g class="cc-provinces">')
    anchors = province_anchors(game, xy, cat)
    for p in range(len(b.province_names)):
        x, y = anchors[p]
        label = cat.t(f"cc.province.{b.province_names[p]}")
        if p in targets.provinces:
            index, text = targets.provinces[p]
            attrs = target_attrs(index, text, province=p) if index >= 0 else choice_attrs(
                text, province=p)  # its bonus good is chosen next (C-M.creta.1)
            cls = "cc-province target"
        else:
            attrs = board_attrs(province=p)
            cls = "cc-province"
        marker = game.marker[p]
        mark = ""
        if marker >= 0:
            half = text_width(label, size * 0.92, 0.12, PROVINCE_LATIN) / 2
            mx = x - 6 + half + chip_width() * .7
            if game.flipped[p]:
                mark = (f'<g class="cc-marker coin" aria-hidden="true">'
                        f'{use("coin", mx - 9, y - 13, 18)}<text x="{fmt(mx)}" y="{fmt(y)}" '
                        f'text-anchor="middle" font-size="10">{marker_coins(game, p)}</text></g>')
            else:
                mark = good_chip(marker, cat, mx, y - 4, chip_width(), hidden=True)
        width = text_width(label, size * 0.92, 0.12, PROVINCE_LATIN) + 36
        if mark:
            mark = (f'<g data-pid="marker-{p}" data-state="{game.flipped[p]}"'
                    f'{source_attr(motion.sources, f"marker-{p}")}>{mark}</g>')
        parts.append(
            f'<g class="{cls}"{attrs}><title>{esc(label)}</title><rect class="hit" '
            f'x="{fmt(x - width / 2)}" y="{fmt(y - size - 3)}" width="{fmt(width)}" '
            f'height="{fmt(size + 10)}" rx="5"/><text class="cc-province-name" x="{fmt(x - 8)}" '
            f'y="{fmt(y)}" text-anchor="middle" font-size="{fmt(size * 0.92)}">{esc(label)}'
            f'</text></g>{mark}')
    parts.append("</g>")
    # colonists on routes
    parts.append('<g class="cc-pieces">')
    for r, (seat, kind, i) in occupied.items():
        mx, my = geometry[r][1]
        via = motion.trails.get((seat, r))
        parts.append(colonist_piece(game, cat, targets, seat, kind, i, mx, my, names,
                                    [xy[b.city_ids[c]] for c in via] if via else None,
                                    at=f"r{r}"))
    parts.append("</g>")
    # cities
    spots = pad_spots(targets.routes, geometry, pad_keep(game, xy, cat))
    keep_clear = tag_obstacles(game, xy, cat, targets, geometry, occupied, in_city, spots)
    parts.append('<g class="cc-cities">')
    for c in range(b.ncities):
        parts.append(city_svg(game, cat, targets, c, xy, size, names, in_city.get(c, []),
                              motion.sources, keep_clear))
    parts.append("</g>")
    keep = [(*xy[b.city_ids[c]], city_radius(b, c) + 1) for c in range(b.ncities)]
    for c, here in in_city.items():
        x, y = xy[b.city_ids[c]]
        keep += [(*city_colonist_xy(b, c, k, x, y), grow(8.0, 10)) for k in range(len(here))]
    keep += [(*geometry[r][1], grow(8.0, 10)) for r in occupied if r not in targets.routes]
    parts.append(route_pads(targets, geometry, occupied, keep, spots))
    parts.append(f'<text class="cc-attribution" x="{w - 6}" y="{fmt(h + sea - 6)}" '
                 f'text-anchor="end" '
                 f'font-size="{fmt(max(9.0, 7 / fit()))}">'
                 f'{esc(cat.t("cc.map_credit", source=SOURCE))}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def route_svg(game, cat: Catalogue, targets: Targets, r: int, path: str,
              mid: tuple[float, float]) -> str:
    """Route ``r``: its line, a wide transparent line that takes the clicks, and when it is a
    target a round pad at its middle (a target a finger finds even on a short, flat route)."""
    cls = "land" if game.board.routes[r][2] == LAND else "sea"
    pad = mark = ""
    if r in pass_only(game.board):
        cls += " pass"
        mark = no_stop_mark(*mid)
    if r in targets.routes:
        index, label = targets.routes[r]
        attrs, cls = target_attrs(index, label, route=r), cls + " target"
        pad = (f'<circle class="pad" cx="{fmt(mid[0])}" cy="{fmt(mid[1])}" '
               f'r="{fmt(grow(17, 10))}"/>')
    else:
        attrs = board_attrs(route=r)
    return (f'<g class="cc-route {cls}"{attrs}><title>{esc(route_label(game, r, cat))}</title>'
            f'<path class="hit" d="{path}"/>{pad}<path class="line" d="{path}"/>{mark}</g>')


def no_stop_mark(x: float, y: float) -> str:
    """The sign on a route that may be passed but not stopped on: a ring with a bar across."""
    return (f'<g class="cc-no-stop" aria-hidden="true"><circle cx="{fmt(x)}" cy="{fmt(y)}" '
            f'r="7"/><path d="M{fmt(x - 5)} {fmt(y + 5)}L{fmt(x + 5)} {fmt(y - 5)}"/></g>')


def route_label(game, r: int, cat: Catalogue) -> str:
    b = game.board
    a, c, kind = b.routes[r]
    word = "pass" if r in pass_only(b) else "land" if kind == LAND else "sea"
    side = twin_side(game, r)
    key = f"cc.route.{word}_{side}" if side else f"cc.route.{word}"
    return cat.t(key, a=city_name(cat, game, a), b=city_name(cat, game, c))


def start_sign(b: Board) -> str:
    """The sign on the start city (C-M.1): the first letter of its Latin name (R for Roma,
    A for Athenae, S for Saguntum, K for Knossos)."""
    return b.city_names[b.roma][:1]


def pass_only(b: Board) -> frozenset[int]:
    """The routes a colonist may pass through but never stop on (C-M.ionium.1)."""
    return frozenset(BOARDS[b.name].get("pass_only", ()))


def colonist_piece(game, cat: Catalogue, targets: Targets, seat: int, kind: int, i: int,
                   x: float, y: float, names: list[str],
                   via: list[tuple[float, float]] | None = None, at: str = "") -> str:
    """A colonist; ``at`` names where it stands (``r<route>``, ``c<city>``): its place in a
    city shifts as others come and go, which is no change of its own."""
    label = cat.t("cc.colonist." + ("land" if kind == LAND else "sea"), name=names[seat])
    extra = ""
    cls = ""
    if seat == targets.seat and i in targets.colonists:
        extra = (board_attrs(colonist=i) + ' tabindex="0" role="button" '
                 f'aria-label="{esc(targets.colonists[i])}"')
        cls = " selected" if targets.selected == i else " movable"
    piece = colonist(seat, kind, x, y)
    motion = f' data-pid="col-{seat}-{i}" data-kind="colonist-{seat}-{kind}" data-at="{at}"'
    if via:
        motion += ' data-via="' + " ".join(f"{fmt(vx)} {fmt(vy)}" for vx, vy in via) + '"'
    return f'<g class="cc-piece{cls}"{motion}{extra}><title>{esc(label)}</title>{piece}</g>'


def source_attr(sources: dict[str, str], pid: str) -> str:
    return f' data-source="{sources[pid]}"' if pid in sources else ""


Box = tuple[float, float, float, float, int]
"""Something a build-cost tag should not cover: left, top, right, bottom, and how much it
matters (a colonist or a route's cost 3, a city's dot or name 1)."""

def tag_height() -> float:
    """The height of a city's build-cost tag (an Architect's choice), grown with its text."""
    return grow(15, 10.5)


def tag_width(text: str) -> float:
    return (len(text) * 6.2 + 8) * legible(10.5) / 10.5


def city_colonist_xy(b: Board, c: int, k: int, x: float, y: float) -> tuple[float, float]:
    """Where the ``k``-th colonist standing in city ``c`` (at ``x``, ``y``) is drawn: in rows
    under Roma, else in a row to the city's left."""
    r, s = city_radius(b, c), piece_scale()
    if c == b.roma:
        return x + (-35 + 14 * (k % 6)) * s, y + r + (14 + 15 * (k // 6)) * s
    return x - r - (9 + 13 * k) * s, y + 4 * s


def tag_obstacles(game, xy: dict, cat: Catalogue, targets: Targets, geometry: list,
                  occupied: dict, in_city: dict, spots: dict | None = None) -> list[Box]:
    """What a build-cost tag should not cover (C-4.2: the colonists the Architect just moved
    above all): colonists on routes and in cities, the movement costs shown on free routes
    (at ``spots``, else their routes' middles), the cities' dots and names."""
    b = game.board
    spots = spots or {}
    points = [geometry[r][1] for r in occupied]
    points += [spots.get(r, geometry[r][1]) for r in targets.costs]
    for c, here in in_city.items():
        x, y = xy[b.city_ids[c]]
        points += [city_colonist_xy(b, c, k, x, y) for k in range(len(here))]
    g = grow(10, 10) / 10
    boxes = [(px - 10 * g, py - 9 * g, px + 10 * g, py + 10 * g, 3) for px, py in points]
    for c in range(b.ncities):
        x, y = xy[b.city_ids[c]]
        r = city_radius(b, c) + 1
        boxes.append((x - r, y - r, x + r, y + r, 1))
    return boxes + [(*box, 1) for box in city_name_boxes(game, xy, cat)]


def tag_place(x: float, y: float, r: float, width: float, keep_clear: list[Box]
              ) -> tuple[float, float]:
    """The top left corner of a city's build-cost tag: beside the city (right, left, then a
    line higher or lower), on the first side that covers nothing of ``keep_clear``; else on
    the side that covers least (colonists first)."""
    h = tag_height()
    sides = [(x + r + 2, y - 2), (x - r - 2 - width, y - 2),
             (x + r + 2, y - 4 - h), (x - r - 2 - width, y - 4 - h),
             (x + r + 2, y + h), (x - r - 2 - width, y + h),
             (x - width / 2, y + r + 14), (x - width / 2, y - r - 4 - h)]

    def covered(side: tuple[float, float]) -> int:
        left, top = side
        return sum(weight for bx0, by0, bx1, by1, weight in keep_clear
                   if left < bx1 and bx0 < left + width and top < by1 and by0 < top + h)

    return min(sides, key=covered)


def city_svg(game, cat: Catalogue, targets: Targets, c: int, xy: dict, size: float,
             names: list[str], colonists_here: list[tuple[int, int, int]],
             sources: dict[str, str], keep_clear: list[Box] | None = None) -> str:
    b = game.board
    x, y = xy[b.city_ids[c]]
    name = city_name(cat, game, c)
    roma = c == b.roma
    r = city_radius(b, c)
    good = game.token[c]
    if c in targets.cities:
        index, label = targets.cities[c]
        attrs, cls = target_attrs(index, label, city=c), " target"
    else:
        # the start city (C-M.1: Roma's place) has no letter and no good; a token not yet
        # placed has no good
        if roma:
            label = cat.t("cc.start_city_label", name=name)
        elif good < 0:
            label = name
        else:
            label = cat.t("cc.city_label", name=name, letter=b.letters[c],
                          good=cat.t(f"cc.good.{GOODS[good]}"))
        attrs, cls = board_attrs(city=c), ""
    if c in targets.places:
        cls += " place"
    out = [f'<g class="cc-city{" roma" if roma else ""}{cls}"{attrs}>',
           "" if c in targets.cities else f"<title>{esc(label)}</title>",
           f'<circle class="hit" cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r + 9)}"/>',
           f'<circle class="dot" cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}"/>']
    if good >= 0:
        out.append(good_chip(good, cat, x, y, chip_width()))
    elif b.letters[c]:
        out.append(f'<text x="{fmt(x)}" y="{fmt(y + legible(10) * .38)}" text-anchor="middle" '
                   f'font-size="{fmt(legible(10))}" '
                   f'class="cc-letter">{b.letters[c]}</text>')
    if roma:
        out.append(f'<text x="{fmt(x)}" y="{fmt(y + legible(11) * .36)}" text-anchor="middle" '
                   f'font-size="{fmt(legible(11))}" '
                   f'font-weight="700" class="cc-roma-sign">{esc(start_sign(b))}</text>')
    box = city_name_boxes(game, xy, cat)[c]
    left, _top, right, bottom = box
    out.append(leader(x, y, r, box, size))
    out.append(f'<text class="cc-city-name" x="{fmt((left + right) / 2)}" '
               f'y="{fmt(bottom - 2 - size * DESCENT)}" '
               f'text-anchor="middle" font-size="{fmt(size)}">{esc(name)}</text>')
    if b.letters[c] and good >= 0:
        out.append(f'<text class="cc-letter small" x="{fmt(x + r + 1)}" '
                   f'y="{fmt(y - r + legible(8) * .4)}" font-size="{fmt(legible(8))}">'
                   f'{b.letters[c]}</text>')
    owners = game.house_seats(c)
    for k, seat in enumerate(owners):
        hx = x - ((len(owners) - 1) * 7 - k * 14) * piece_scale()
        pid = f"house-{seat}-{c}"
        out.append(f'<g class="cc-house" data-pid="{pid}" data-at="c{c}"'
                   f'{source_attr(sources, pid)}>'
                   f'{house(seat, hx, y + r + 10 * piece_scale())}</g>')
    if c in targets.previews:
        text = targets.previews[c]
        width, h, k = tag_width(text), tag_height(), legible(10.5) / 10.5
        left, top = tag_place(x, y, r, width, keep_clear if keep_clear is not None else [])
        if keep_clear is not None:  # the next city's tag keeps clear of this one
            keep_clear.append((left, top, left + width, top + h, 2))
        out.append(f'<g class="cc-preview" aria-hidden="true"><rect x="{fmt(left)}" '
                   f'y="{fmt(top)}" width="{fmt(width)}" height="{fmt(h)}" rx="4"/>'
                   f'<text x="{fmt(left + 4 * k)}" y="{fmt(top + 11 * k)}" '
                   f'font-size="{fmt(legible(10.5))}">{esc(text)}</text></g>')
    out.append("</g>")
    for k, (seat, kind, i) in enumerate(colonists_here):
        px, py = city_colonist_xy(b, c, k, x, y)
        out.append(colonist_piece(game, cat, targets, seat, kind, i, px, py, names,
                                  at=f"c{c}"))
    return "".join(out)


def house(seat: int, x: float, y: float) -> str:
    """A house: the drawn house in the seat's colour with the seat's shape on its front."""
    s = piece_scale()
    body = use("house", x - 7.5 * s, y - 8.5 * s, 15 * s, style=f"color:{SEAT_COLOURS[seat]}")
    return body + seat_mark(seat, x, y + 2 * s, 2.6 * s, ink=True)
