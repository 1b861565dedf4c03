"""The artwork's sprite (``ui/art.py``): every symbol the boards use exists, in one style,
and the sprite stays small (it is sent once, with the game screen)."""

from __future__ import annotations

import gzip
import re

from engine.concordia.components import CARDS, GOODS
from engine.municipium.data import CITIZEN_TYPES, INSTITUTIONS
from ui import art


def test_every_piece_has_a_symbol():
    ids = set(re.findall(r'<symbol id="art-([\w-]+)"', art.SPRITE))
    assert ids == set(art.SYMBOLS)
    assert {*GOODS, "col-land", "col-sea", "house", "coin", "pm"} <= ids
    assert {art.personality(name) for name, *_ in CARDS} <= ids
    assert {art.GOD_SYMBOL[god] for _, god, *_ in CARDS} <= ids
    assert len(art.INSTITUTION_SYMBOL) == len(INSTITUTIONS)
    assert len(art.CITIZEN_SYMBOL) == len(CITIZEN_TYPES)
    assert {*art.INSTITUTION_SYMBOL, *art.CITIZEN_SYMBOL, "member", "mu-prefect"} <= ids


def test_one_style():
    """Fills only from the palette's classes (or the user's colour, or none); one outline."""
    classes = set(re.findall(r'class="([^"]+)"', art.SPRITE)) - {"art-s", "art-y"}
    assert classes <= {f"a-{c}" for c in (*art.FILLS, "t", "n")}
    assert "fill=" not in art.SPRITE and "stroke-width=" not in art.SPRITE
    assert art.SPRITE.count("stroke-width:") == 1
    nested = re.findall(r'<use href="#art-([\w-]+)"', art.SPRITE)
    assert set(nested) <= set(art.SYMBOLS)


def test_sprite_is_small():
    raw = art.SPRITE.encode()
    assert len(raw) < 12_000
    assert len(gzip.compress(raw, 9)) < 3_500


def test_uses():
    assert art.use("brick", 2, 3.25, 10) == \
        '<use href="#art-brick" x="2" y="3.2" width="10" height="10"/>'
    html = str(art.icon("g-vesta", 18))
    assert 'href="#art-g-vesta"' in html and 'aria-hidden="true"' in html


class _Doc:
    def __init__(self) -> None:
        self.inserted: list[str] = []
        self.body = self

    def getElementById(self, name: str):  # noqa: N802 (the DOM's name)
        return "x" if self.inserted and name == "ludi-art" else None

    def insertAdjacentHTML(self, where: str, html: str) -> None:  # noqa: N802
        self.inserted.append(html)


def test_sprite_goes_in_once():
    doc = _Doc()
    art.ensure_sprite(doc)
    art.ensure_sprite(doc)
    assert doc.inserted == [art.SPRITE]
