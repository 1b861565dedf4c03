"""A small picture of a Concordia map for the new-game form: its coastline, routes and cities
(the start city larger), from the same generated data as the board (:mod:`concordia_geo`).
Plain SVG with its colours in attributes, so it needs no board stylesheet."""

from __future__ import annotations

from engine.concordia.board import LAND, board
from ui.boards.concordia_geo import MAPS
from ui.html import Markup, tag
from ui.i18n import Catalogue

LAND_FILL, COAST, SEA = "#efe4c8", "#8c7d58", "#bfd6e3"
ROAD, LANE = "#7b4a1e", "#1456a8"


def _routes(name: str) -> str:
    b = board(name)
    xy = MAPS[name]["cities"]
    lines = []
    for a, c, kind in b.routes:
        (x1, y1), (x2, y2) = xy[b.city_ids[a]], xy[b.city_ids[c]]
        style = (f'stroke="{ROAD}"' if kind == LAND
                 else f'stroke="{LANE}" stroke-dasharray="6 5"')
        lines.append(f'<path d="M{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}" {style}/>')
    return f'<g fill="none" stroke-width="2.5" opacity=".7">{"".join(lines)}</g>'


def _cities(name: str) -> str:
    b = board(name)
    xy = MAPS[name]["cities"]
    dots = []
    for c, city in enumerate(b.city_ids):
        x, y = xy[city]
        if c == b.roma:
            dots.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="16" fill="#7a1f1b" '
                        f'stroke="#f0b400" stroke-width="5"/>')
        else:
            dots.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="10" fill="#fffaf0" '
                        f'stroke="#3a2a18" stroke-width="3"/>')
    return "".join(dots)


def map_preview(name: str, cat: Catalogue) -> Markup:
    """The map ``name`` in small, with a caption naming its size and start city."""
    geo = MAPS[name]
    b = board(name)
    caption = cat.t("setup.map_preview", map=cat.t(f"option.concordia.map.{name}"),
                    cities=b.ncities - 1, provinces=len(b.province_names),
                    start=cat.t(f"cc.city.{b.city_ids[b.roma]}"))
    svg = Markup(
        f'<svg viewBox="0 0 {geo["width"]} {geo["height"]}" role="img" '
        f'aria-labelledby="map-preview-caption" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="{geo["width"]}" height="{geo["height"]}" fill="{SEA}"/>'
        f'<path d="{geo["land"]}" fill="{LAND_FILL}" stroke="{COAST}" stroke-width="1.5"/>'
        f'{_routes(name)}{_cities(name)}</svg>')
    return tag("figure", {"class_": "map-preview", "data_map": name}, svg,
               tag("figcaption", {"id": "map-preview-caption"}, caption))
