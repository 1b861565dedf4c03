"""The top layer of the Concordia map while routes are the targets: each target route's pad
with its movement cost (the Architect, C-4.2), placed along its route where it covers no city
name, no city and no other pad (issue 45: pads sat on Polyrrhenia, Tarrha, Lappa). The map
(:func:`ui.boards.concordia_svg.map_svg`) says what to keep clear of."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from ui.boards.concordia_view import fmt, grow, legible, overlap

PAD_R = 14.0
"""The largest radius of a target route's pad before it is grown with its text."""
BADGE_R = 8.0
"""The radius of a route's movement cost badge before it is grown with its text."""
ALONG = (0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73, 0.2, 0.8)
"""Where along its route a pad may sit (0: one end, 1: the other), the middle first."""

Box = tuple[float, float, float, float]


def route_point(path: str, t: float) -> tuple[float, float]:
    """The point at ``t`` (0..1) along a route's path (``M x y L x y`` or ``M x y Q cx cy x
    y``, as :func:`ui.boards.concordia_svg.route_geometry` draws them)."""
    n = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path)]
    if len(n) == 4:
        return n[0] + (n[2] - n[0]) * t, n[1] + (n[3] - n[1]) * t
    (x1, y1, cx, cy, x2, y2), u = n[:6], 1 - t
    return (u * u * x1 + 2 * u * t * cx + t * t * x2, u * u * y1 + 2 * u * t * cy + t * t * y2)


def pad_spots(routes: Iterable[int], geometry: list,
              keep: list[Box]) -> dict[int, tuple[float, float]]:
    """Where each of ``routes``' cost badge sits: the first place along its route (middle
    first, :data:`ALONG`) whose badge covers nothing of ``keep`` (city names and dots) and no
    badge placed before; else the place that covers least."""
    radius = grow(BADGE_R, 10) + 1
    keep = list(keep)
    spots: dict[int, tuple[float, float]] = {}
    for r in sorted(routes):
        best, where = None, geometry[r][1]
        for t in ALONG:
            x, y = route_point(geometry[r][0], t)
            cost = sum(overlap((x - radius, y - radius, x + radius, y + radius), k)
                       for k in keep)
            if best is None or cost < best:
                best, where = cost, (x, y)
            if not cost:
                break
        spots[r] = where
        x, y = where
        keep.append((x - radius, y - radius, x + radius, y + radius))
    return spots


def route_pads(targets, geometry: list, occupied: dict,
               keep: list[tuple[float, float, float]],
               spots: dict[int, tuple[float, float]]) -> str:
    """The top layer: on each target route (at its spot, :func:`pad_spots`), its movement
    cost (Architect) on a round pad that takes the click for that route, above everything
    else of the map (other routes, province labels, cities' wide hit areas), so a click on
    the number is never taken by something drawn later or nearer. The pad stays clear of
    ``keep`` (circles: cities' dots, colonists) and the other targets' pads; it is no second
    button for assistive technology (the route is)."""
    if not targets.routes:
        return ""
    mids = [spots.get(r, geometry[r][1]) for r in targets.routes]
    badge_r, size = grow(BADGE_R, 10), legible(10)
    out = ['<g class="cc-pads">']
    for r, (index, _label) in targets.routes.items():
        mx, my = spots.get(r, geometry[r][1])
        room = [math.hypot(mx - x, my - y) - radius for x, y, radius in keep]
        room += [math.hypot(mx - x, my - y) / 2 for x, y in mids if (x, y) != (mx, my)]
        radius = max(badge_r + 1, min([grow(PAD_R, 10), *room]))
        badge = ""
        if r in targets.costs and r not in occupied:
            badge = (f'<circle class="badge" cx="{fmt(mx)}" cy="{fmt(my)}" r="{fmt(badge_r)}"/>'
                     f'<text x="{fmt(mx)}" y="{fmt(my + size * 0.35)}" text-anchor="middle" '
                     f'font-size="{fmt(size)}">{targets.costs[r]}</text>')
        out.append(f'<g class="cc-pad" data-cmd="act" data-index="{index}" data-pad="{r}" '
                   f'aria-hidden="true"><circle class="pad" cx="{fmt(mx)}" cy="{fmt(my)}" '
                   f'r="{fmt(radius)}"/>{badge}</g>')
    out.append("</g>")
    return "".join(out)
