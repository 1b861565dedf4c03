"""Where the Concordia map's labels go: city names and province labels, sized for the
screen drawn for (:mod:`ui.boards.concordia_view`) and placed so that none covers another, a
city or its goods (issue 45).

A name sits over its city when it can (centred, else moved sideways a little), else beside,
under or above it. On a phone a dense map leaves no such place for some names: the drawing
then has open sea above and below the map (:func:`ui.boards.concordia_view.band`) and such a
name goes farther out, joined to its city by a thin leader line (:func:`leader`), as on a
printed map. Province labels come after the names, at the nearest free spot around their
cities. Places depend only on the map, the language and the fit, and are cached.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from engine.concordia.board import Board
from ui.boards.concordia_geo import MAPS
from ui.boards.concordia_view import (
    NAME_LATIN,
    PROVINCE_LATIN,
    band,
    fit,
    fmt,
    grow,
    legible,
    overlap,
    piece_scale,
    text_width,
)
from ui.i18n import Catalogue

Rect = tuple[float, float, float, float]
"""left, top, right, bottom (map units)."""

LABEL_SIZE = {"imperium": 13.0, "italia": 12.5, "hellas": 13.0, "ionium": 13.0,
              "hispania": 13.0, "cyprus": 13.0, "creta": 16.0}
"""Each map's city-name size (SVG units) at least: :func:`label_size` grows it for the screen."""
CITY_R = {"imperium": 8.0, "italia": 8.0, "hellas": 8.0, "ionium": 8.0, "hispania": 8.0,
          "cyprus": 8.0, "creta": 9.0}
"""Each map's city radius (the start city's is :data:`START_R`)."""
START_R = 11.0
DESCENT = 0.18
"""How far a city name's letters reach under its baseline (em): its box holds them."""
GOOD_TEXT = 13 * 0.8 * 0.8
"""The size of the sign on a city's goods tile (13 units wide) before it is grown."""


def label_size(name: str) -> float:
    """Map ``name``'s city-name size for the screen drawn for (:mod:`ui.boards.concordia_view`:
    at least 9 CSS px at the opening fit)."""
    return legible(LABEL_SIZE[name])


def chip_width() -> float:
    """A city's goods tile's width: its sign legible at the opening fit."""
    return grow(13.0, GOOD_TEXT)



class Layout(NamedTuple):
    """Where the map's labels sit: each city name's box, each province label's anchor."""

    names: list[Rect]
    provinces: list[tuple[float, float]]


_LAYOUTS: dict[tuple[str, str, float, float], Layout] = {}


def layout(game, xy: dict, cat: Catalogue) -> Layout:
    """Cached :func:`place_labels`: where labels sit depends only on the map, the language
    and the screen's fit."""
    key = (game.board.name, cat.lang, fit(), band())
    if key not in _LAYOUTS:
        _LAYOUTS[key] = place_labels(game, xy, cat)
    return _LAYOUTS[key]


def province_anchors(game, xy: dict, cat: Catalogue) -> list[tuple[float, float]]:
    return layout(game, xy, cat).provinces


def city_name_boxes(game, xy: dict, cat: Catalogue) -> list[Rect]:
    return layout(game, xy, cat).names


def pad_keep(game, xy: dict, cat: Catalogue) -> list[Rect]:
    """What a route's cost badge keeps clear of: the city names and dots."""
    b = game.board
    keep = [(x0 - 1, y0 - 1, x1 + 1, y1 + 1) for x0, y0, x1, y1 in city_name_boxes(game, xy, cat)]
    for c in range(b.ncities):
        (x, y), r = xy[b.city_ids[c]], city_radius(b, c) + 1
        keep.append((x - r, y - r, x + r, y + r))
    return keep


def city_radius(b: Board, c: int) -> float:
    return grow(START_R, 11.0) if c == b.roma else grow(CITY_R[b.name], GOOD_TEXT)




def bounds(b: Board, margin: float = 2.0) -> Rect:
    """Where labels may go: the map, with the open sea drawn above and below it (on a phone,
    less the foot where the map's credit line is)."""
    geo = MAPS[b.name]
    foot = margin + (7 / fit() + 8 if band() else 0)  # the map's credit line, on a phone
    return (margin, margin - band(), geo["width"] - margin, geo["height"] + band() - foot)


def inside(box: Rect, area: Rect) -> bool:
    return box[0] >= area[0] and box[1] >= area[1] and box[2] <= area[2] and box[3] <= area[3]


def city_marks(game, xy: dict) -> list[Rect]:
    """What no name may cover: each city's dot or goods disc with its small letter, and the
    rows of colonists under the start city."""
    b = game.board
    marks = []
    for c in range(b.ncities):
        x, y = xy[b.city_ids[c]]
        r = max(city_radius(b, c), chip_width() * 0.66)
        marks.append((x - r, y - r, x + r + legible(8) * 0.7, y + r))
        if c == b.roma:  # the rows of colonists under the start city (city_colonist_xy)
            s = piece_scale()
            marks.append((x - 44 * s, y + r + 4 * s, x + 44 * s, y + r + 38 * s))
    return marks


def others(marks: list[Rect], b: Board, c: int) -> list[Rect]:
    """:func:`city_marks` less city ``c``'s own dot (its name, set over it, may touch it with
    its letters' descent)."""
    own = c + (c > b.roma)  # the start city's colonist rows follow its own mark
    return marks[:own] + marks[own + 1:]


def place_labels(game, xy: dict, cat: Catalogue) -> Layout:
    """Where every label goes, none covering another, a city mark (:func:`city_marks`) or
    the goods around a city. A province label cannot move far from its province, a city
    name can (with a leader line), so: first each province label takes the nearest free
    spot around its cities (:data:`PROVINCE_SPOTS`, within :data:`NEAR_PROVINCE`); then each
    city name that has a place near its city (:func:`near_boxes`) takes the first free one,
    in the board's order; then each other city name the nearest free place farther out
    (:func:`far_boxes`); last, a province label with no free spot near takes the nearest
    free place on the map. Where nothing is free, the place that covers least."""
    b = game.board
    area = bounds(b)
    marks = city_marks(game, xy)
    names: dict[int, Rect] = {}
    provinces = Provinces(game, xy, cat, area, marks + around_cities(game, xy))
    provinces.place([], near=True)
    placed = provinces.boxes()  # the city names do not move them
    near = [near_boxes(game, xy, cat, c) for c in range(b.ncities)]

    def taken(c: int) -> list[Rect]:
        return others(marks, b, c) + padded(names.values()) + placed

    for c in range(b.ncities):
        free = first_free([box for box in near[c] if inside(box, area)], taken(c))
        if free:
            names[c] = free
    for c in range(b.ncities):
        if c not in names:
            keep = taken(c)
            options = [box for box in near[c] + far_boxes(game, xy, cat, c)
                       if inside(box, area)] or near[c]
            names[c] = (first_free(options, keep) or anywhere(game, xy, cat, c, area, keep)
                        or min(options, key=lambda box: covered(box, keep)))
    provinces.place(names.values(), near=False)
    return Layout([names[c] for c in range(b.ncities)], provinces.anchors())


def first_free(boxes: list[Rect], taken: list[Rect]) -> Rect | None:
    """The first of ``boxes`` that covers nothing of ``taken``, None if every one does."""
    return next((box for box in boxes if not hits(box, taken)), None)


def padded(boxes, pad: float = 3.0) -> list[Rect]:
    """``boxes`` grown by ``pad`` on every side (a name's real width differs a little from
    its estimate, :func:`ui.boards.concordia_view.text_width`)."""
    return [(left - pad, top - pad, right + pad, bottom + pad)
            for left, top, right, bottom in boxes]


def covered(box: Rect, others: list[Rect]) -> float:
    """How much of ``others`` (area, map units²) ``box`` covers."""
    return sum(overlap(box, other) for other in others)


def hits(box: Rect, others: list[Rect]) -> bool:
    """Whether ``box`` covers anything of ``others``."""
    left, top, right, bottom = box[0], box[1], box[2], box[3]
    return any(left < o[2] and o[0] < right and top < o[3] and o[1] < bottom for o in others)


def name_metrics(game, xy: dict, cat: Catalogue, c: int) -> tuple[float, float, float, float]:
    """City ``c``'s centre, radius and its name's half width."""
    b = game.board
    x, y = xy[b.city_ids[c]]
    half = text_width(city_name(cat, game, c), label_size(b.name), latin=NAME_LATIN) / 2
    return x, y, city_radius(b, c), half


def near_boxes(game, xy: dict, cat: Catalogue, c: int) -> list[Rect]:
    """City ``c``'s name's places near it, in order (each box holds the name's baseline 2
    units and its descent, :data:`DESCENT`, above its bottom): centred above the city, else
    moved sideways as little as it can (4 units at a time, always over its city), else at its
    right, its left, under its houses, beside them or one line higher."""
    size = label_size(game.board.name)
    x, y, r, half = name_metrics(game, xy, cat, c)
    bottom = y - r - 2
    shifts = sorted({sign * dx for dx in range(0, int(half) + 1, 4) for sign in (-1, 1)},
                    key=lambda dx: (abs(dx), dx))
    boxes = [(x + dx - half, bottom - size, x + dx + half, bottom) for dx in shifts]
    middle = y + size / 2 - 1
    low = y + r + 17 * piece_scale()  # under its houses
    boxes += [(x + r + 7, middle - size, x + r + 7 + 2 * half, middle),
              (x - r - 4 - 2 * half, middle - size, x - r - 4, middle),
              (x - half, low, x + half, low + size),
              (x + r * .6, y - r - size, x + r * .6 + 2 * half, y - r),
              (x - r * .6 - 2 * half, y - r - size, x - r * .6, y - r),
              (x + r + 2, low - 6, x + r + 2 + 2 * half, low - 6 + size),
              (x - r - 2 - 2 * half, low - 6, x - r - 2, low - 6 + size),
              (x - half, bottom - 2 * size - 2, x + half, bottom - size - 2)]
    return [(x0, y0, x1, y1 + size * DESCENT) for x0, y0, x1, y1 in boxes]


FAR_STEPS = (1.2, 2.2, 3.4, 4.8, 6.5, 8.5, 11.0, 14.0)
"""How far out (in lines of the name's size) a name with no place near its city is tried."""
FAR_ANGLES = 16
"""In how many directions around its city such a name is tried."""


def far_boxes(game, xy: dict, cat: Catalogue, c: int) -> list[Rect]:
    """City ``c``'s name's places farther out, nearest first: :data:`FAR_STEPS` lines away
    from the city's edge in each of :data:`FAR_ANGLES` directions (straight up first), the
    name's nearest side or corner there; such a name is joined to its city by a leader line
    (:func:`leader`)."""
    size = label_size(game.board.name)
    x, y, r, half = name_metrics(game, xy, cat, c)
    boxes = []
    for step in FAR_STEPS:
        d = r + step * size
        for k in range(FAR_ANGLES):
            angle = math.pi * (-0.5 + 2 * k / FAR_ANGLES)
            ax, ay = x + d * math.cos(angle), y + d * math.sin(angle)
            cos, sin = math.cos(angle), math.sin(angle)
            left = ax if cos > 0.3 else ax - 2 * half if cos < -0.3 else ax - half
            top = ay if sin > 0.3 else ay - size if sin < -0.3 else ay - size / 2
            boxes.append((left, top, left + 2 * half, top + size + size * DESCENT))
    return boxes


def anywhere(game, xy: dict, cat: Catalogue, c: int, area: Rect, taken: list[Rect]
             ) -> Rect | None:
    """City ``c``'s name's free place nearest its city anywhere on the map (a grid of places
    a line apart), None if there is none."""
    size = label_size(game.board.name)
    x, y, _r, half = name_metrics(game, xy, cat, c)
    boxes = [(px - half, py - size / 2, px + half, py + size / 2 + size * DESCENT)
             for px, py in grid(area, size)]
    boxes.sort(key=lambda box: math.hypot((box[0] + box[2]) / 2 - x, (box[1] + box[3]) / 2 - y))
    return first_free([box for box in boxes if inside(box, area)], taken)


def leader(x: float, y: float, r: float, box: Rect, size: float) -> str:
    """A thin line from a city (``x``, ``y``, radius ``r``) to its name's ``box``, when the
    name sits away from it (:func:`far_boxes`); else nothing."""
    nx = min(max(x, box[0]), box[2])
    ny = min(max(y, box[1]), box[3])
    dx, dy = nx - x, ny - y
    gap = (dx * dx + dy * dy) ** 0.5
    if gap <= r + size * 0.9:
        return ""
    sx, sy = x + dx * r / gap, y + dy * r / gap
    return (f'<path class="cc-leader" d="M{fmt(sx)} {fmt(sy)}L{fmt(nx)} {fmt(ny)}" '
            f'aria-hidden="true"/>')


PROVINCE_SPOTS = tuple((dx, dy) for dy in (26, -34, 46, 0, -54, 66, 86, -74, 110, -100, 140,
                                           -130, 175, -165, 215, -205)
                       for dx in (0, -40, 40, -80, 80, -120, 120, -170, 170))
"""Where a province's label is tried around the middle of its cities (units at a 13-unit
label size), nearest first in rows."""


NEAR_PROVINCE = 100.0
"""How far from the middle of its cities (units at a 13-unit label size) a province label
is placed before the city names (:func:`place_labels`)."""


def around_cities(game, xy: dict) -> list[Rect]:
    """Room kept around each city for a province label: its goods and its houses (drawn
    under it, not grown with the texts)."""
    b = game.board
    side = max(16.0, chip_width() * .7)
    boxes = []
    for c, city in enumerate(b.city_ids):
        x, y = xy[city]
        bottom = y + city_radius(b, c) + 18 * piece_scale()
        boxes.append((x - side, y - max(12.0, side), x + side, bottom))
    return boxes


class Provinces:
    """The province labels (with their bonus markers) being placed (:func:`place_labels`)."""

    def __init__(self, game, xy: dict, cat: Catalogue, area: Rect, keep: list[Rect]) -> None:
        b = game.board
        self.size = label_size(b.name)
        self.area = (area[0], area[1], area[2], area[3] - 12)
        self.keep = keep
        self.k = self.size / LABEL_SIZE[b.name]  # the offsets grow with the labels
        self.centres = []
        self.halves = []
        for p, cities in enumerate(b.province_cities):
            pts = [xy[b.city_ids[c]] for c in cities]
            self.centres.append((sum(x for x, _ in pts) / len(pts),
                                 sum(y for _, y in pts) / len(pts)))
            name = cat.t(f"cc.province.{b.province_names[p]}")
            self.halves.append(text_width(name, self.size * 0.92, 0.12, PROVINCE_LATIN) / 2)
        self.placed: dict[int, tuple[float, float]] = {}

    def place(self, names, near: bool) -> None:
        """Place each province label not placed yet: ``near``, only at a free spot of
        :data:`PROVINCE_SPOTS`; else at the nearest free place on the map, or the spot that
        covers least."""
        taken = self.keep + padded(names, 3.0)
        for p, (cx, cy) in enumerate(self.centres):
            if p in self.placed:
                continue
            half = self.halves[p]
            spots = [(cx + dx * self.k, cy + dy * self.k) for dx, dy in PROVINCE_SPOTS
                     if not near or math.hypot(dx, dy) <= NEAR_PROVINCE]
            args = ((cx, cy), half, self.size, self.area, taken + self.boxes())
            where = province_spot(spots, *args)
            if not near:
                where = (where or province_spot(grid(self.area, self.size), *args)
                         or province_spot(spots, *args, least=True))
            if where:
                self.placed[p] = where

    def boxes(self) -> list[Rect]:
        return [province_box(*where, self.halves[p], self.size)
                for p, where in self.placed.items()]

    def anchors(self) -> list[tuple[float, float]]:
        return [self.placed[p] for p in range(len(self.centres))]


def province_spot(spots: list[tuple[float, float]], centre: tuple[float, float], half: float,
                  size: float, area: Rect, taken: list[Rect], least: bool = False
                  ) -> tuple[float, float] | None:
    """Of ``spots`` (in ``area``), the nearest to ``centre`` where a province label covers
    nothing of ``taken``, None if there is none; ``least``: the spot that covers least, the
    nearer first."""
    cx, cy = centre
    boxes = sorted(((math.hypot(x - cx, y - cy), (x, y), province_box(x, y, half, size))
                    for x, y in spots), key=lambda entry: entry[0])
    boxes = [entry for entry in boxes if inside(entry[2], area)]
    if least:
        return min(boxes, key=lambda e: (covered(e[2], taken), e[0]))[1] if boxes else centre
    return next((spot for _, spot, box in boxes if not hits(box, taken)), None)


def grid(area: Rect, step: float) -> list[tuple[float, float]]:
    """Points over ``area``, ``step`` apart."""
    columns = int((area[2] - area[0]) / step)
    rows = int((area[3] - area[1]) / step)
    return [(area[0] + i * step, area[1] + j * step)
            for i in range(columns + 1) for j in range(rows + 1)]


def province_box(x: float, y: float, half: float, size: float) -> Rect:
    """The box of a province label anchored at ``x``, ``y`` whose name is ``2 * half`` wide
    (drawn centred 8 units left of the anchor), its bonus marker included (a disc at its
    right, 4 units up: :func:`ui.boards.concordia_svg.map_svg`)."""
    disc = chip_width() * .66
    return (x - half - 12, min(y - size, y - 5 - disc), x - 4 + half + 1.4 * chip_width(),
            max(y + 5, y - 3 + disc))


def city_key(b: Board, city: int) -> str:
    """The catalogue key of a city's name on board ``b`` (``cc.city.<id>``)."""
    return f"cc.city.{b.city_ids[city]}"


def city_name(cat: Catalogue, game, city: int) -> str:
    """A city's name in the language (Roma, ローマ)."""
    return cat.t(city_key(game.board, city))
