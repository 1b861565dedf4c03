"""Ludi's own artwork: one SVG sprite of symbols (goods, pieces, gods, personalities,
Municipium's institutions, citizens and Prefect), put in the page once and drawn everywhere
with ``<use href="#art-…">`` (boards, cards, panels, the lessons and the rules help use the
same boards). See ``docs/art.md`` for the style and how to add a symbol.

The style: a 24-unit square per symbol, one outline width (:data:`STROKE`) in one ink, flat
fills from a small palette (:data:`PALETTE`, CSS custom properties ``--art-*`` defined once, in
the sprite's own ``<style>``). ``fill="currentColor"`` parts (class ``t``) take the colour of
where the symbol is used: a seat's colour on its pieces. A symbol never carries meaning by
colour alone: each has its own silhouette, and every use keeps a text or an aria name.

Imported with the boards (not at page start); :func:`ensure_sprite` puts the sprite in the page
the first time a game is drawn.
"""

from __future__ import annotations

from typing import Any

from ui.html import Markup

STROKE = 1.5
"""The one outline width, in the symbols' 24-unit square (1 px at 16 px, 1.5 px at 24 px)."""

PALETTE = {
    "ink": "#2b1d0e", "paper": "#fbf4e2", "gold": "#e0a92e", "brick": "#b4532a",
    "grain": "#e8c547", "iron": "#8d949e", "wine": "#8e2446", "cloth": "#5a3e94",
    "wood": "#8a5a2b", "sea": "#2f6fb0", "leaf": "#3f8a2a",
}
"""The palette: outline, paper, and the flat fills (the goods' five keep their old tints)."""

FILLS = {"k": "ink", "p": "paper", "g": "gold", "b": "brick", "y": "grain", "i": "iron",
         "w": "wine", "c": "cloth", "d": "wood", "s": "sea", "l": "leaf"}
"""One-letter fill classes used inside the symbols (kept short: the sprite is sent once)."""

FIGURE = ('<circle class="t" cx="12" cy="6" r="3.6"/>'
          '<path class="t" d="M5 21c0-6 3-9 7-9s7 3 7 9z"/>')

SYMBOLS: dict[str, str] = {
    # --- Concordia's goods: five silhouettes (C-1.1)
    "brick": '<path class="b" d="M2.5 14h9v6h-9zM12.5 14h9v6h-9zM7.5 8h9v6h-9z"/>',
    "food": '<path class="y" d="M12 21l-4-9h8zM12 12c-2-3-2-7 0-10 2 3 2 7 0 10zM11 13c-4-1-6'
            '-4-6-8 3 1 5 4 6 8zM13 13c4-1 6-4 6-8-3 1-5 4-6 8z"/><path class="n" d="M8.5 15h7"/>',
    "tool": '<path class="d" d="M10.8 9h2.4v12.5h-2.4z"/><path class="i" d="M4 4.5h16v5H4z"/>',
    "wine": '<path class="w" d="M10 2.5h4V6c4.5 2 5.5 7 3 11.5L12 22l-5-4.5C4.5 13 5.5 8 10 6z"/>'
            '<path class="n" d="M10 6.5C6.5 6 6 10 8 11.5M14 6.5c3.5-.5 4 3.5 2 5"/>',
    "cloth": '<path class="c" d="M3 6.5h12v12H3z"/><ellipse class="c" cx="15" cy="12.5" rx="4" '
             'ry="6"/><path class="n" d="M15 10.5a1.6 2 0 1 1 0 4M15 18.5h6v3h-6"/>',
    "salt": '<path class="p" d="M4 20c1-6 4-11 8-11s7 5 8 11z"/><path class="n" d="M9 14l1 1M14 13'
            'l1 1M12 17l1 1"/>',
    # --- pieces (C-1.3): the seat's colour is currentColor; its shape is drawn over them
    "col-land": FIGURE,
    "col-sea": '<path class="d" d="M2.5 15h19l-3.5 6h-12z"/><path class="n" d="M12 3v12"/>'
               '<path class="t" d="M12 4l7.5 9.5H12z"/>',
    "house": '<path class="t" d="M4 21.5V11l8-7.5 8 7.5v10.5z"/>',
    "coin": '<circle class="g" cx="12" cy="12" r="9"/><circle class="n" cx="12" cy="12" r="5.5"/>',
    "pm": '<path class="d" d="M8 5h6v17H8z"/><path class="n" d="M10 5v17M12 5v17M7 9h8M7 18h8"/>'
          '<path class="i" d="M14 4c4 0 7 2.5 7 6.5-2.5 0-4.5-1.5-7-1.5z"/>',
    # --- the gods (C-1.4): Saturnus, Jupiter, Mars, Mercurius, Vesta, Minerva
    "g-saturnus": '<path class="n" d="M5 21l5.5-5.5"/><path class="i" d="M9.5 16.5C5.5 11 9 3 '
                  '19 3.5c-6 2-8.5 7-7.5 12z"/>',
    "g-jupiter": '<path class="g" d="M14 2L5 13.5h6.5L9 22l10-12.5h-6.5L16 2z"/>',
    "g-mars": '<path class="b" d="M6.5 8C7 3 17 3 17.5 8l-2.5.5c-1.5-2.5-5.5-2.5-7 0z"/>'
              '<path class="i" d="M5 19c0-7 3-10.5 7-10.5S19 12 19 19h-4.5v-5h-5v5z"/>',
    "g-mercurius": '<path class="p" d="M12 5.5C9 3 6 3 3 4.5c3 2 6 3 9 3zM12 5.5c3-2.5 6-2.5 9-1'
                   '-3 2-6 3-9 3z"/><path class="n" d="M12 3v19M8.5 10c7 2 7 4 0 6M15.5 10c-7 2-7'
                   ' 4 0 6"/>',
    "g-vesta": '<path class="g" d="M12 2.5c3.5 4 5.5 7 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2.5-4.5 0 '
               '2 .5 3 1.5 3.5-.5-3 0-6 1-9z"/><path class="d" d="M4 16h16l-2.5 5.5h-11z"/>',
    "g-minerva": '<path class="i" d="M6 3l3 3h6l3-3v12c0 4-2.5 6.5-6 6.5S6 19 6 15z"/><circle '
                 'class="p" cx="9.5" cy="10" r="2.5"/><circle class="p" cx="14.5" cy="10" r="2.5"/>'
                 '<path class="g" d="M11 13h2l-1 2z"/>',
    "g-concordia": '<path class="p" d="M2 14l5-4h5l-3 3c1 1 2.5 1 3.5 0L15 10l7 4-6 5H9z"/>',
    # --- the personalities (C-4): one drawing each
    "p-architect": '<path class="n" d="M12 5L6 21M12 5l6 16M8.2 15h7.6"/><circle class="p" cx="12" '
                   'cy="4.5" r="2"/>',
    "p-prefect": '<circle class="y" cx="8" cy="9" r="3"/><circle class="w" cx="14" cy="8" r="3"/>'
                 '<circle class="b" cx="11" cy="5" r="2.5"/><path class="d" d="M3.5 11h17l-2.5'
                 ' 10H6z"/>',
    "p-mercator": '<path class="n" d="M12 3v17M4 6.5h16M8 21h8M4 6.5l-2.5 6M4 6.5l2.5 6M20 '
                  '6.5l-2.5 6M20 6.5l2.5 6"/><path class="g" d="M1 12.5h6a3 3 0 0 1-6 0zM17 '
                  '12.5h6a3 3 0 0 1-6 0z"/>',
    "p-senator": '<circle class="p" cx="12" cy="6" r="3.6"/><path class="p" d="M5 21c0-6 3-9 7-9s7'
                 ' 3 7 9z"/><path class="w" d="M9 12.8l5 8.2h2.5l-4.5-9z"/>',
    "p-consul": '<path class="n" d="M12 21c-6 0-9-5-8-12M12 21c6 0 9-5 8-12"/><path class="l" '
                'd="M4.5 9c-1.5 1-1.5 3 0 4 1.5-1 1.5-3 0-4zM6 15c-2 0-3 2-2 3 2 0 3-2 2-3zM19.5'
                ' 9c1.5 1 1.5 3 0 4-1.5-1-1.5-3 0-4zM18 15c2 0 3 2 2 3-2 0-3-2-2-3zM10 19.5c-2-1-4'
                '-.5-4.5 1 2 1 4 .5 4.5-1zM14 19.5c2-1 4-.5 4.5 1-2 1-4 .5-4.5-1z"/>',
    "p-diplomat": '<path class="p" d="M7 3h11a2.5 2.5 0 0 1 0 5H9v10.5a2.5 2.5 0 0 1-5 0V6a3 3 0 0 '
                  '1 3-3z"/><circle class="w" cx="15" cy="16" r="3.5"/>',
    "p-colonist": '<use href="#art-col-land" x="-3" y="0" width="16" height="16"/><use href="#art-'
                  'col-sea" x="8" y="8" width="16" height="16"/>',
    "p-tribune": '<path class="d" d="M6 2.5h2v19.5H6z"/><path class="b" d="M8 4.5h11v9l-5.5-2L8 '
                 '13.5z"/><circle class="g" cx="7" cy="2.5" r="2"/>',
    "p-mason": '<path class="i" d="M3 21l2-8 6-2-2 6z"/><path class="n" d="M10 14l5-5"/><path '
               'class="d" d="M14 10l2-2 5 5-2 2z"/>',
    "p-farmer": '<path class="n" d="M3 20l11-7M14 13l6-8"/><path class="i" d="M10 16l5 3-4 2.5'
                'H5z"/><path class="d" d="M15 16l2-2 3 4-2 1z"/>',
    "p-smith": '<path class="i" d="M3 8h15c3 0 3 3 0 4h-4v4h3v4H7v-4h3v-4C6 12 3 11 3 8z"/>',
    "p-vintner": '<circle class="w" cx="9" cy="10" r="2.6"/><circle class="w" cx="14" cy="10" r='
                 '"2.6"/><circle class="w" cx="11.5" cy="14.3" r="2.6"/><circle class="w" cx="'
                 '16.5" cy="14.3" r="2.6"/><circle class="w" cx="14" cy="18.6" r="2.6"/><path '
                 'class="l" d="M12 6c1-3 4-4 7-3-1 3-4 4-7 3z"/>',
    "p-weaver": '<path class="n" d="M12 2v20"/><ellipse class="c" cx="12" cy="11" rx="5.5" ry='
                '"6.5"/><path class="n" d="M7.5 8l9 3M7 12l10 3M8 16l7 2"/>',
    # --- Municipium (M-1): institutions, citizens, family members, the Prefect
    "i-temple": '<path class="p" d="M2.5 9L12 3l9.5 6zM3 19h18v3H3z"/><path class="n" d="M6 '
                '11v6.5M10 11v6.5M14 11v6.5M18 11v6.5"/>',
    "i-tavern": '<path class="w" d="M5 6h11v11a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3z"/><path class="n" '
                'd="M16 9h2.5a2.5 2.5 0 0 1 0 5H16M7 3.5l1 1M11 2.5v2M14 3.5l-1 1"/>',
    "i-baths": '<path class="s" d="M2 15c3-2 5 2 8 0s5 2 8 0 4 0 4 0v6H2z"/><path class="n" '
               'd="M7 11c-1.5-2 1.5-3 0-5M12 11c-1.5-2 1.5-3 0-5M17 11c-1.5-2 1.5-3 0-5"/>',
    "i-emporium": '<path class="b" d="M2 8l3-5h14l3 5z"/><path class="n" d="M4 8v13M20 8v13M4 '
                  '14h16"/><path class="y" d="M7 14c0-3 4-3 4 0zM13 14c0-3 4-3 4 0z"/>',
    "i-basilica": '<path class="p" d="M2 21V8l10-5 10 5v13z"/><path class="n" d="M6 21v-5a2 2 0'
                  ' 0 1 4 0v5M14 21v-5a2 2 0 0 1 4 0v5M5 10h14"/>',
    "i-forum": '<path class="p" d="M4 20V7h16v13h-5v-6a3 3 0 0 0-6 0v6z"/><path class="n" d="M3'
               ' 7h18M3 21h18"/>',
    "i-praetorium": '<path class="b" d="M12 2.5l8 3v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10v-6z"/>'
                    '<path class="n" d="M12 6v13M7.5 11h9"/>',
    "c-priest": '<path class="n" d="M10 22V10c0-5 7-6 7-1.5 0 2.5-3 3-3 1"/>',
    "c-soldier": '<path class="t" d="M5 19c0-7 3-10.5 7-10.5S19 12 19 19h-4.5v-5h-5v5z"/><path '
                 'class="t" d="M7 8C7.5 3 16.5 3 17 8"/>',
    "c-merchant": '<path class="t" d="M9 4h6l-2 3c5 2 7 6 7 9 0 3-3 5-8 5s-8-2-8-5c0-3 2-7 7-9z"'
                  '/>',
    "c-advocate": '<path class="t" d="M6 4h12v14a2 2 0 0 1-2 2H5a2 2 0 0 0 2-2zM9 8h6M9 12h6"/>',
    "member": FIGURE,
    "mu-prefect": '<circle class="t" cx="11" cy="5.5" r="3.4"/><path class="t" d="M4.5 21.5c0-6 '
                  '3-9.5 6.5-9.5s6.5 3.5 6.5 9.5z"/><path class="g" d="M19 4h2v18h-2z"/>',
}
"""Each symbol's drawing in a 24-unit square (its id in the page is ``art-<name>``)."""

GOD_SYMBOL = {"Saturnus": "g-saturnus", "Jupiter": "g-jupiter", "Mars": "g-mars",
              "Mercurius": "g-mercurius", "Vesta": "g-vesta", "Minerva": "g-minerva",
              "Concordia": "g-concordia"}
INSTITUTION_SYMBOL = ("i-temple", "i-tavern", "i-baths", "i-emporium", "i-basilica", "i-forum",
                      "i-praetorium")
CITIZEN_SYMBOL = ("c-priest", "c-soldier", "c-merchant", "c-advocate")


def personality(name: str) -> str:
    """The symbol of a Concordia card's personality (``"Architect"`` → ``p-architect``)."""
    return f"p-{name.lower()}"


def style_sheet() -> str:
    """The palette as custom properties and the fill classes, for the sprite's ``<style>``."""
    props = ";".join(f"--art-{k}:{v}" for k, v in PALETTE.items())
    fills = "".join(f".a-{c}{{fill:var(--art-{v})}}" for c, v in FILLS.items())
    return (f":root{{{props}}}.art-y{{stroke:var(--art-ink);stroke-width:{STROKE};"
            "stroke-linejoin:round;stroke-linecap:round}"
            f"{fills}.a-t{{fill:currentColor}}.a-n{{fill:none}}")


def _classes(body: str) -> str:
    """A symbol's short fill classes (``class="b"``) as the sprite's ``a-b`` classes."""
    for short in (*FILLS, "t", "n"):
        body = body.replace(f'class="{short}"', f'class="a-{short}"')
    return body


def build_sprite() -> str:
    """The whole sprite: a hidden ``<svg>`` holding every symbol once."""
    symbols = "".join(f'<symbol id="art-{name}" class="art-y" viewBox="0 0 24 24">'
                      f"{_classes(body)}</symbol>"
                      for name, body in SYMBOLS.items())
    return (f'<svg id="ludi-art" class="art-s" aria-hidden="true" focusable="false" '
            f'style="position:absolute;width:0;height:0;overflow:hidden">'
            f"<style>{style_sheet()}</style>{symbols}</svg>")


SPRITE = build_sprite()


def use(name: str, x: float, y: float, size: float, cls: str = "", style: str = "") -> str:
    """Symbol ``name`` drawn inside an SVG, its square at (x, y) (top left) ``size`` wide."""
    extra = (f' class="{cls}"' if cls else "") + (f' style="{style}"' if style else "")
    return (f'<use href="#art-{name}" x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" '
            f'height="{size:.1f}"{extra}/>').replace(".0\"", "\"")


def icon(name: str, size: int = 20, cls: str = "", style: str = "") -> Markup:
    """Symbol ``name`` as a small inline SVG for HTML (hidden from assistive technology: the
    text beside it, or its container's label, names it)."""
    extra = (f" {cls}" if cls else "") + f" art-{name}"
    colour = f' style="{style}"' if style else ""
    return Markup(f'<svg class="art{extra}" viewBox="0 0 24 24" width="{size}" height="{size}"'
                  f'{colour} aria-hidden="true" focusable="false"><use href="#art-{name}"/>'
                  "</svg>")


def ensure_sprite(document: Any) -> None:
    """Put the sprite in the page once (before the first game is drawn)."""
    if document.getElementById("ludi-art"):
        return
    document.body.insertAdjacentHTML("afterbegin", SPRITE)
