"""How large the Concordia map is drawn, so that its texts are legible at the opening fit.

The map opens fitted whole into its frame (``assets/js/mapzoom.js`` zooms and pans it from
there). How many CSS pixels one map unit gets at that fit depends on the screen: on a phone
(390 px wide) the Imperium's 1000 units get 0.39 px each, on a desktop 0.77. The map's texts
and the symbols that carry them are therefore sized in map units from the fit, never below
:data:`MIN_PX` CSS pixels (issue 45: city names and goods at least 9 px at the opening fit):
:func:`legible` turns a text's own size into the size drawn. The geometry of the frame here
mirrors the stylesheets (``assets/css/app.css``, ``assets/css/concordia.css``); the page
measures the real fit and the e2e test ``e2e/test_map_view.py`` checks the result.

:func:`use` sets the fit for the drawing about to be made (the board module calls it with the
viewport the page reported); without it (tests, tools) the map is drawn for a desktop.
"""

from __future__ import annotations

from ui.boards.concordia_geo import MAPS

MIN_PX = 9.8
"""The least height, in CSS px, of a map text at the opening fit (a margin over the issue's 9:
the page's real frame differs from the estimate by a few pixels)."""
PHONE_MAX = 700
"""The widest viewport drawn as a phone (the stylesheets' breakpoint)."""
TWO_COLUMNS = 1024
"""The narrowest viewport with the rail beside the board."""
DESKTOP = (1280.0, 800.0)

BAND_SHARE = 0.85
"""How much of a phone frame's spare height (beyond a wide map's own, at the fit by width) the
drawing adds above and below the map as open sea, where labels may go: less than all of it,
so that a frame a little shorter than estimated still fits the map by its width."""

_fit = {"px": 0.0, "band": 0.0}


def frame_size(width: float, height: float) -> tuple[float, float]:
    """The map frame's inner size in CSS px on a ``width`` x ``height`` viewport (as the
    stylesheets draw it): a phone's map spans the screen's width over 58% of its height
    under the tools row; a desktop's spans the column left of the rail, at most the screen's
    height less the header."""
    if width <= PHONE_MAX:
        return width, height * 0.58 - 44
    column = width - 24 - 2
    if width >= TWO_COLUMNS:
        rail = min(max(384.0, 0.37 * width), 544.0)
        column -= rail + 9.6
    return column, height - 150


def fit_scale(mapname: str, width: float, height: float) -> float:
    """CSS px per map unit when ``mapname`` fits whole in its frame on that viewport."""
    geo = MAPS[mapname]
    frame_w, frame_h = frame_size(width, height)
    return min(frame_w / geo["width"], max(frame_h, 120.0) / geo["height"])


def use(mapname: str, viewport: tuple[float, float] | None) -> float:
    """Draw the next map for ``viewport`` (CSS px; None: a desktop); returns its fit, rounded
    down to 1/64 so that a few pixels of difference keep the same drawing (and the cached
    label places)."""
    width, height = viewport or DESKTOP
    fit = fit_scale(mapname, float(width), float(height))
    _fit["px"] = max(1, int(fit * 64)) / 64
    _fit["band"] = sea_band(mapname, float(width), float(height))
    return _fit["px"]


def sea_band(mapname: str, width: float, height: float) -> float:
    """Map units of open sea drawn above and below ``mapname`` on that viewport: on a phone a
    wide map fitted by its width leaves its frame's foot and head empty, and the labels of a
    dense map need that room (:data:`BAND_SHARE` of it, a whole number of units); 0 on a
    desktop, whose frame has the map's own shape."""
    if width > PHONE_MAX:
        return 0.0
    geo = MAPS[mapname]
    frame_w, frame_h = frame_size(width, height)
    spare = frame_h * geo["width"] / frame_w - geo["height"]
    return float(max(0, int(spare * BAND_SHARE / 2)))


def band() -> float:
    """The open sea above and below the map being drawn (map units; :func:`sea_band`)."""
    return _fit["band"]


def fit() -> float:
    """The fit of the map being drawn (CSS px per map unit)."""
    return _fit["px"] or 0.75


def legible(size: float) -> float:
    """A text of ``size`` map units, grown as needed to be :data:`MIN_PX` tall at the fit."""
    return round(max(size, MIN_PX / fit()), 1)


def piece_scale() -> float:
    """How much the map's pieces (colonists, houses) are grown: as a 10-unit text is, so that
    they keep about the same size on screen as the texts beside them (issue 45)."""
    return legible(10.0) / 10.0


def grow(size: float, text: float) -> float:
    """A symbol of ``size`` that carries a text of ``text`` units, grown with that text."""
    return round(size * legible(text) / text, 1)


# ------------------------------------------------------------- text and boxes
NAME_LATIN = 0.63
"""A city name's mean letter width (em; bold serif, mixed case), with a little to spare."""
PROVINCE_LATIN = 0.76
"""A province name's mean letter width (em; bold serif capitals), with a little to spare."""


def text_width(text: str, size: float, spacing: float = 0.0, latin: float = 0.66) -> float:
    """About how wide ``text`` is at font ``size`` (1 em for CJK; ``latin`` em for other
    letters: ~0.62 for capitals, 0.6 for a mixed-case name), with ``spacing`` em between
    letters."""
    ems = sum(1.0 if ord(ch) >= 0x2E80 else latin for ch in text)
    return (ems + spacing * len(text)) * size


def fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def overlap(a: tuple, b: tuple) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0
