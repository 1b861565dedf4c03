"""Draw Ludi's icon (a golden temple front on Pompeian red) as SVG and PNG.

Our own artwork, drawn from a few shapes: the same geometry feeds the SVG (favicon, manifest) and
a tiny anti-aliased rasteriser for the PNGs the manifest needs (192, 512 and a maskable 512 with
the safe-zone padding). Pure stdlib; run ``python tools/icons.py`` to regenerate
``assets/icons/`` (``make`` runs it only when an icon is missing).
"""

from __future__ import annotations

import struct
import sys
import urllib.parse
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"

RED = (122, 31, 27)
GOLD = (232, 184, 84)

# The temple on a 64 x 64 grid: pediment, architrave, four columns, two steps.
PEDIMENT = ((10.0, 25.0), (32.0, 11.0), (54.0, 25.0))
RECTS = (
    (11.0, 27.0, 42.0, 4.0),   # architrave
    (14.0, 33.0, 5.0, 15.0),   # columns
    (24.5, 33.0, 5.0, 15.0),
    (34.5, 33.0, 5.0, 15.0),
    (45.0, 33.0, 5.0, 15.0),
    (11.0, 49.0, 42.0, 3.0),   # stylobate
    (8.0, 53.0, 48.0, 3.0),    # lower step
)
CORNER = 12.0


def svg(maskable: bool = False) -> str:
    """The icon as SVG; ``maskable`` fills the square and shrinks the temple to the safe zone."""
    scale, shift = (0.72, 32 * 0.28) if maskable else (1.0, 0.0)

    def p(v: float) -> str:
        return f"{v * scale + shift:g}"

    rx = "0" if maskable else f"{CORNER:g}"
    points = " ".join(f"{p(x)},{p(y)}" for x, y in PEDIMENT)
    rects = "".join(
        f'<rect x="{p(x)}" y="{p(y)}" width="{w * scale:g}" height="{h * scale:g}"/>'
        for x, y, w, h in RECTS
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f'<rect width="64" height="64" rx="{rx}" fill="#7a1f1b"/>'
        f'<g fill="#e8b854"><polygon points="{points}"/>{rects}</g></svg>'
    )


def data_uri() -> str:
    """The favicon for ``index.html`` (an inline ``data:`` URI avoids a request and a 404)."""
    return "data:image/svg+xml," + urllib.parse.quote(svg().replace('"', "'"), safe=" =:,/'")


def _inside_triangle(x: float, y: float, tri) -> bool:
    (ax, ay), (bx, by), (cx, cy) = tri
    d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
    d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy)
    d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay)
    neg = d1 < 0 or d2 < 0 or d3 < 0
    pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (neg and pos)


def _inside_rounded(x: float, y: float, r: float) -> bool:
    cx = min(max(x, r), 64 - r)
    cy = min(max(y, r), 64 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _sample(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """Colour of the icon at a point of the 64-grid (RGBA)."""
    if not maskable and not _inside_rounded(x, y, CORNER):
        return (0, 0, 0, 0)
    if maskable:
        x, y = (x - 32 * 0.28) / 0.72, (y - 32 * 0.28) / 0.72
    if _inside_triangle(x, y, PEDIMENT) or any(
        rx <= x <= rx + w and ry <= y <= ry + h for rx, ry, w, h in RECTS
    ):
        return (*GOLD, 255)
    return (*RED, 255)


def raster(size: int, maskable: bool = False, grain: int = 3) -> bytes:
    """RGBA rows of the icon at ``size`` pixels, ``grain``² samples per pixel."""
    step = 64.0 / size
    offsets = [(i + 0.5) / grain for i in range(grain)]
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # PNG filter type 0 for this row
        for px in range(size):
            acc = [0, 0, 0, 0]
            for oy in offsets:
                for ox in offsets:
                    r, g, b, a = _sample((px + ox) * step, (py + oy) * step, maskable)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            alpha = acc[3]
            if alpha:
                rows += bytes((acc[0] // alpha, acc[1] // alpha, acc[2] // alpha,
                               alpha // (grain * grain)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, maskable: bool = False) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raster(size, maskable), 9)) + chunk(b"IEND", b""))


TARGETS = {
    "icon.svg": lambda: svg().encode(),
    "icon-maskable.svg": lambda: svg(maskable=True).encode(),
    "icon-192.png": lambda: png(192),
    "icon-512.png": lambda: png(512),
    "icon-maskable-512.png": lambda: png(512, maskable=True),
}


def main() -> None:
    only_missing = "--if-missing" in sys.argv
    if "--data-uri" in sys.argv:
        print(data_uri())
        return
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in TARGETS.items():
        path = OUT / name
        if only_missing and path.exists():
            continue
        path.write_bytes(make())
        print(f"icons: wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
