"""Municipium drawn in SVG (our own artwork): the Temple in the middle, the six institutions
on a ring with their roads, banners, Prefect chambers, family members, rank badges; the deck,
the bag and the supplies (the HTML panels beside it are in ``municipium_panels``).

Every player is told apart by colour AND shape (circle, square, triangle, diamond); every
citizen type by colour AND its initial. Institutions are the board's big touch targets; what a
click on one does now is marked strongest first: a target (decides; a thick frame and a halo),
the member picked to move (filled), a place to pick from (dashed; thin once another is
picked). Members stand in one row with the rank badges under them (never over a piece); the
name beside its numeral shrinks to fit its head (:func:`name_fit`).
"""

from __future__ import annotations

import math
from typing import Any

from engine.municipium.data import (
    BANNER,
    CARD_KINDS,
    CHAMBERS,
    CITIZEN_TYPES,
    INSTITUTIONS,
    ROADS,
)
from ui.art import CITIZEN_SYMBOL, INSTITUTION_SYMBOL, use
from ui.boards.municipium_words import (
    P,
    action_label,
    card_name,
    ctype_name,
    inst_full,
    inst_name,
    items_text,
    seat_name,
)
from ui.boards.targets import Targets
from ui.html import Markup, join, tag
from ui.i18n import Catalogue

SIZE = 820
CENTRE = SIZE / 2
RING = 300
HALF_W, HALF_H = 105, 100
ANGLES = {1: -90, 2: -30, 3: 30, 4: 90, 5: 150, 6: 210}

SEAT_FILL = ("#2f6bd1", "#e8741c", "#f2cc2e", "#e2579d")
SEAT_INK = ("#ffffff", "#1b1208", "#1b1208", "#1b1208")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
CITIZEN_FILL = ("#f6f1e4", "#b8382c", "#2f7d44", "#5a4aa6")
CITIZEN_INK = ("#24180f", "#ffffff", "#ffffff", "#ffffff")
INST_FILL = ("#f3e6c4", "#f1dcc7", "#dfe9ee", "#e5efd9", "#ebe3f3", "#f3e3d8", "#eadcd6")
INST_HEAD = ("#8a6a12", "#8e3a2e", "#2d6a84", "#3f7a3a", "#5b4a9b", "#8a4b2c", "#7a1f1b")


def centre(inst: int) -> tuple[float, float]:
    if inst == 0:
        return CENTRE, CENTRE
    angle = math.radians(ANGLES[inst])
    return round(CENTRE + RING * math.cos(angle), 1), round(CENTRE + RING * math.sin(angle), 1)


# --------------------------------------------------------------------------- pieces
def seat_shape(seat: int, x: float, y: float, r: float, **extra: Any) -> Markup:
    """A player's token: their colour and their shape."""
    style = {"fill": SEAT_FILL[seat], "stroke": "#1b1208", "stroke_width": 2, **extra}
    shape = SEAT_SHAPES[seat]
    if shape == "circle":
        return tag("circle", {"cx": x, "cy": y, "r": r, **style})
    if shape == "square":
        s = r * 0.9
        return tag("rect", {"x": x - s, "y": y - s, "width": 2 * s, "height": 2 * s, "rx": 3,
                            **style})
    if shape == "triangle":
        h = r * 1.15
        points = f"{x},{y - h} {x + h},{y + h * 0.8} {x - h},{y + h * 0.8}"
        return tag("polygon", {"points": points, **style})
    points = f"{x},{y - r * 1.2} {x + r * 1.2},{y} {x},{y + r * 1.2} {x - r * 1.2},{y}"
    return tag("polygon", {"points": points, **style})


def seat_icon(seat: int, size: int = 22) -> Markup:
    """A small standalone SVG of a player's token (for HTML panels)."""
    return tag("svg", {"class_": "mu-icon", "viewBox": "0 0 32 32", "width": size,
                       "height": size, "aria_hidden": "true", "focusable": "false"},
               seat_shape(seat, 16, 17, 11))


def citizen_token(ctype: int, x: float, y: float, r: float, cat: Catalogue,
                  extra_class: str = "", pid: str | None = None, at: int | None = None
                  ) -> Markup:
    """A citizen: its type's colour AND its drawn symbol (:mod:`ui.art`; no letter, so no
    language's glyph overflows it); ``pid`` makes it a piece that moves (see
    ``assets/js/motion.js``); ``at``: the institution it stands at (its place there may shift
    as others come and go)."""
    size = r * 1.45
    return tag("g", {"class_": f"mu-citizen ct-{CITIZEN_TYPES[ctype]} {extra_class}".strip(),
                     "data_pid": pid, "data_kind": f"cit-{ctype}" if pid else None,
                     "data_at": at},
               tag("circle", {"cx": x, "cy": y, "r": r, "fill": CITIZEN_FILL[ctype],
                              "stroke": "#1b1208", "stroke_width": 1.5}),
               Markup(use(CITIZEN_SYMBOL[ctype], x - size / 2, y - size / 2, size,
                          style=f"color:{CITIZEN_INK[ctype]}")))


def citizen_icon(ctype: int, cat: Catalogue, size: int = 22) -> Markup:
    return tag("svg", {"class_": "mu-icon", "viewBox": "0 0 32 32", "width": size,
                       "height": size, "aria_hidden": "true", "focusable": "false"},
               citizen_token(ctype, 16, 16, 14, cat))


def favour_token(x: float, y: float, r: float, pid: str | None = None) -> Markup:
    return tag("g", {"class_": "mu-favour", "data_pid": pid, "data_kind": "fav" if pid else None},
               tag("circle", {"cx": x, "cy": y, "r": r, "fill": "#e8b854", "stroke": "#7a5a10",
                              "stroke_width": 2}),
               tag("text", {"x": x, "y": y + r * 0.4, "text_anchor": "middle",
                            "font_size": round(r * 1.2), "fill": "#5a3d05"}, "★"))


def favour_icon(size: int = 22) -> Markup:
    return tag("svg", {"class_": "mu-icon", "viewBox": "0 0 32 32", "width": size,
                       "height": size, "aria_hidden": "true", "focusable": "false"},
               favour_token(16, 16, 13))


def prefect_pawn(x: float, y: float) -> Markup:
    """The Prefect: a drawn figure with his staff (:mod:`ui.art`), centred on (x, y)."""
    return tag("g", {"class_": "mu-prefect", "data_pid": "prefect"},
               Markup(use("mu-prefect", x - 15, y - 17, 32, style="color:#4b1d6b")))


# ------------------------------------------------------------------------ influence
def influence_lines(game: Any, inst: int, cat: Catalogue) -> list[str]:
    """Who is first and second at ``inst``, and why (influence, and the Temple track for a
    tie)."""
    values = game.influence_at(inst)
    order = game.ranking_at(inst)
    lines = []
    for rank, seat in enumerate(order, start=1):
        plain, elect = game.plain[seat][inst], game.elect[seat][inst]
        parts = []
        if plain:
            parts.append(cat.t(f"{P}influence.plain_one") if plain == 1
                         else cat.t(f"{P}influence.plain", plain=plain))
        if elect:
            parts.append(cat.t(f"{P}influence.elect", elect=elect))
        why = " + ".join(parts)
        tie = [s for s in order if s != seat and values[s] == values[seat]]
        text = cat.t(f"{P}influence.line", rank=cat.t(f"{P}rank.{min(rank, 4)}"),
                     name=seat_name(game, seat, cat), value=values[seat], why=why)
        if tie:
            text += cat.t(f"{P}influence.tie",
                          temple=game.temple.index(seat) + 1)
        lines.append(text)
    if not lines:
        lines.append(cat.t(f"{P}influence.nobody"))
    return lines


# ----------------------------------------------------------------------- institution
def institution(session: Any, plan: Targets, inst: int, cat: Catalogue,
                recent: set[int]) -> Markup:
    """An institution: its frame (marked by what it means for the decision in hand), head,
    members, banner and chamber, under one transparent button."""
    game = session.view
    x, y = centre(inst)
    left, top = x - HALF_W, y - HALF_H
    name = inst_name(cat, inst)  # spoken: the name alone (never "the VI Praetorium")
    classes, attrs, label = _inst_role(game, plan, inst, cat)
    if inst in recent:
        classes.append("recent")
    tip = [inst_full(cat, inst), cat.t(f"{P}power.{inst}"), *influence_lines(game, inst, cat)]
    # the name once, without the numeral (most labels say it already)
    spoken = [] if name in label else [cat.t(f"{P}aria.sentence", text=name)]
    attrs["aria_label"] = " ".join([cat.t(f"{P}aria.sentence", text=label), *spoken, *tip[1:],
                                    here_text(game, inst, cat)])
    attrs["class_"] = " ".join(["hit", *classes[2:]])
    # The button is a transparent rectangle over the drawing: it has no text of its own, so
    # its name is exactly its label (axe: label-content-name-mismatch).
    hit = tag("rect", {"x": left, "y": top, "width": 2 * HALF_W, "height": 2 * HALF_H,
                       "rx": 18, "fill": "transparent", **attrs}, tag("title", {}, "\n".join(tip)))
    return tag("g", {"class_": " ".join(classes), "data_inst": inst},
               target_halo(left, top) if "target" in classes else None,
               tag("rect", {"class_": "frame", "x": left, "y": top, "width": 2 * HALF_W,
                            "height": 2 * HALF_H, "rx": 18, "fill": INST_FILL[inst],
                            "stroke": "#6b5434", "stroke_width": 3}),
               tag("path", {"class_": "head", "d": _head_path(left, top),
                            "fill": INST_HEAD[inst]}),
               Markup(use(INSTITUTION_SYMBOL[inst], x - 40, y - 62, 80, cls="mu-inst-art")),
               tag("g", {"aria_hidden": "true"},
                   inst_head(cat, inst, left, top),
                   members(game, inst, x, y), banner(game, inst, x, y, cat),
                   chamber(game, inst, x, y, cat) if inst in CHAMBERS
                   else temple_track(game, x, y)),
               hit)


def _inst_role(game: Any, plan: Targets, inst: int, cat: Catalogue
               ) -> tuple[list[str], dict[str, Any], str]:
    """What a click on ``inst`` does now: its classes, the button's attributes, its label.

    ``target``: it decides (the strongest mark); ``selected``: the member picked to move;
    ``pick``: a place to pick from, ``pick recede`` once another is picked (it may still be
    picked instead, but the destinations are the choice in hand)."""
    name = inst_name(cat, inst)
    classes = ["mu-inst", f"inst-{inst}"]
    attrs: dict[str, Any] = {"role": "button", "tabindex": 0, "data_inst": inst}
    if inst in plan.inst:
        classes.append("target")
        attrs.update(data_cmd="act", data_index=plan.inst[inst])
        return classes, attrs, action_label(game, game.legal_actions()[plan.inst[inst]], cat)
    if plan.selected == inst:
        classes.append("selected")
        attrs.update(data_cmd="board", data_what="deselect", aria_pressed="true")
        return classes, attrs, cat.t(f"{P}aria.selected", inst=name)
    if inst in plan.pick:
        classes += ["pick", "recede"] if plan.selected is not None else ["pick"]
        attrs.update(data_cmd="board", data_what="pick", aria_pressed="false")
        return classes, attrs, cat.t(f"{P}aria.pick", inst=name)
    attrs.update(data_cmd="board", data_what="inst")
    return classes, attrs, name


def target_halo(left: float, top: float) -> Markup:
    """A second, outer ring round a target: a shape as well as a colour (never colour alone),
    and the one mark on the board drawn twice."""
    gap = 6
    return tag("rect", {"class_": "halo", "x": left - gap, "y": top - gap,
                        "width": 2 * (HALF_W + gap), "height": 2 * (HALF_H + gap),
                        "rx": 18 + gap, "fill": "none", "stroke": "#c8102e",
                        "stroke_width": 4})


NAME_ROOM = 158
"""The width the head leaves the name beside the numeral (user units)."""
NAME_SIZES = (21, 27)
"""The name's font size on a wide screen and on a phone (``.inst-name``, municipium.css)."""


def text_em(text: str) -> float:
    """A generous estimate of the width of ``text`` in bold sans, in ems (a CJK character is
    one em; narrow and wide Latin letters counted apart)."""
    width = 0.0
    for char in text:
        if ord(char) >= 0x2E80:
            width += 1.0
        elif char in "fijlrt.,'":
            width += 0.5
        elif char in "mwMW":
            width += 1.05
        elif char == " ":
            width += 0.35
        else:
            width += 0.78 if char.isupper() else 0.68
    return width


def name_fit(name: str) -> str:
    """The inline style that shrinks a long name to fit its head: ``--fit`` (wide screen) and
    ``--fit-narrow`` (phone) scale the font size the stylesheet gives."""
    em = max(text_em(name), 1.0)
    wide, narrow = (min(1.0, NAME_ROOM / (em * size)) for size in NAME_SIZES)
    return f"--fit:{wide:.2f};--fit-narrow:{narrow:.2f}"


def inst_head(cat: Catalogue, inst: int, left: float, top: float) -> Markup:
    """The head: the numeral on a plaque at the left, the name in the room beside it (shrunk
    to fit there when long, in any language)."""
    name = inst_name(cat, inst)
    room_centre = left + 2 * HALF_W - 6 - NAME_ROOM / 2
    return join(
        tag("rect", {"class_": "num-plaque", "x": left + 7, "y": top + 6, "width": 34,
                     "height": 26, "rx": 7, "fill": "#00000040"}),
        tag("text", {"class_": "inst-num", "x": left + 24, "y": top + 25,
                     "text_anchor": "middle", "fill": "#ffffff", "font_size": 16,
                     "font_weight": "700"}, cat.t(f"{P}numeral.{inst}")),
        tag("text", {"class_": "inst-name", "x": round(room_centre, 1), "y": top + 27,
                     "text_anchor": "middle", "fill": "#ffffff", "font_size": NAME_SIZES[0],
                     "style": name_fit(name)}, name))


def here_text(game: Any, inst: int, cat: Catalogue) -> str:
    """The citizens, favour, chamber citizen and Prefect at ``inst``, in words (the tokens
    themselves are hidden from screen readers)."""
    sep = cat.t(f"{P}list_sep")
    citizens = items_text(cat, tuple(game.cit[inst]))  # counted: "two soldiers"
    parts = [cat.t(f"{P}aria.citizens", what=citizens or cat.t(f"{P}aria.none"))]
    if inst in CHAMBERS:
        if game.favour_space[inst]:
            parts.append(cat.t(f"{P}aria.favour_here"))
        if game.chamber[inst] >= 0:
            what = ctype_name(cat, game.chamber[inst])
            parts.append(cat.t(f"{P}aria.chamber_citizen", what=what))
        if game.prefect == inst:
            parts.append(cat.t(f"{P}aria.prefect_here"))
    else:
        order = sep.join(seat_name(game, s, cat) for s in game.temple)
        parts.append(cat.t(f"{P}aria.temple_track", order=order))
    return " ".join(parts)


def _head_path(left: float, top: float) -> str:
    w, h, r = 2 * HALF_W, 36, 18
    return (f"M{left},{top + r} Q{left},{top} {left + r},{top} H{left + w - r} "
            f"Q{left + w},{top} {left + w},{top + r} V{top + h} H{left} Z")


MEMBER_DY = -36
"""Member tokens stand in one row this far above the institution's centre."""
BADGE_DY = 36
"""A rank badge hangs this far under its token: beside the pieces, never over them."""
ROW_WIDTH = 196


def member_layout(count: int) -> tuple[float, float]:
    """The spacing and radius of ``count`` member tokens in one row across the tile: full
    size up to four, smaller beyond, so that no token (with its wreath, 1.42 radii) touches
    another."""
    spacing = min(50.0, ROW_WIDTH / max(count, 1))
    return spacing, 17.0 if count <= 4 else round(spacing * 0.32, 1)


def members(game: Any, inst: int, x: float, y: float) -> Markup:
    """Each player present: a token per kind (plain; elect with a wreath) with the count, and
    under the player's first token a rank badge for first and second (M-4.2)."""
    order = game.ranking_at(inst)
    tokens = [(seat, elect, count) for seat in range(game.players) for elect in (False, True)
              if (count := (game.elect if elect else game.plain)[seat][inst])]
    spacing, r = member_layout(len(tokens))
    ty = y + MEMBER_DY
    pieces = []
    for k, (seat, elect, count) in enumerate(tokens):
        tx = round(x + (k - (len(tokens) - 1) / 2) * spacing, 1)
        token = [seat_shape(seat, tx, ty, r)]
        if elect:
            token.insert(0, wreath(tx, ty, r))
        token.append(tag("text", {"class_": "count", "x": tx, "y": round(ty + r * 0.35, 1),
                                  "text_anchor": "middle", "font_size": round(r),
                                  "font_weight": "700", "fill": SEAT_INK[seat]}, count))
        rank = order.index(seat) + 1 if seat in order else 0
        if rank in (1, 2) and tokens.index(next(t for t in tokens if t[0] == seat)) == k:
            token.append(rank_badge(rank, tx, ty + BADGE_DY))
        small = " small" if r < 17 else ""
        pieces.append(tag("g", {"class_": f"mu-member seat-{seat}" + (" elect" if elect else "")
                                + small,
                                "data_pid": f"m-{seat}-{int(elect)}-{inst}",
                                "data_kind": f"m-{seat}-{int(elect)}", "data_count": count,
                                "data_at": inst},
                          *token))
    return join(*pieces)


def wreath(x: float, y: float, r: float) -> Markup:
    """The green wreath round an elect member's token of radius ``r``."""
    return tag("circle", {"class_": "wreath", "cx": x, "cy": y, "r": round(r * 1.3, 1),
                          "fill": "none", "stroke": "#3f8a2a",
                          "stroke_width": round(r * 0.235, 1), "stroke_dasharray": "5 2.5"})


def rank_badge(rank: int, x: float, y: float) -> Markup:
    """The badge of who leads at an institution (1, gold) and who is second (2, grey)."""
    return tag("g", {"class_": f"rank rank-{rank}"},
               tag("circle", {"cx": x, "cy": y, "r": 11,
                              "fill": "#e8b854" if rank == 1 else "#d5d8dc",
                              "stroke": "#1b1208", "stroke_width": 1.5}),
               tag("text", {"x": x, "y": y + 5, "text_anchor": "middle", "font_size": 14,
                            "font_weight": "700", "fill": "#1b1208"}, rank))


def banner(game: Any, inst: int, x: float, y: float, cat: Catalogue) -> Markup:
    """The institution's banner with its three citizen places."""
    citizens = [t for t in range(4) for _ in range(game.cit[inst][t])]
    slots = [tag("rect", {"class_": "banner", "x": x - 84, "y": y + 22, "width": 168,
                          "height": 36, "rx": 8, "fill": "#fffaf0",
                          "stroke": CITIZEN_FILL[BANNER[inst]] if BANNER[inst] else "#b9a77e",
                          "stroke_width": 3})]
    for k in range(3):
        cx = x - 50 + 50 * k
        if k < len(citizens):
            ctype = citizens[k]  # the n-th of its type here: a citizen added keeps the others
            pid = f"cit-{inst}-{ctype}-{citizens[:k].count(ctype)}"
            slots.append(citizen_token(ctype, cx, y + 40, 14, cat, pid=pid, at=inst))
        else:
            slots.append(tag("circle", {"cx": cx, "cy": y + 40, "r": 13, "fill": "none",
                                        "stroke": "#b9a77e", "stroke_dasharray": "3 3"}))
    return join(*slots)


def chamber(game: Any, inst: int, x: float, y: float, cat: Catalogue) -> Markup:
    """The Prefect chamber: favour space, citizen space, and the Prefect when here."""
    parts = [tag("rect", {"class_": "chamber", "x": x - 96, "y": y + 64, "width": 192,
                          "height": 32, "rx": 6, "fill": "#efe4cf", "stroke": "#9d8a66"})]
    fx, cx = x - 74, x - 38
    if game.favour_space[inst]:
        parts.append(favour_token(fx, y + 80, 12, pid=f"fav-{inst}"))
    else:
        parts.append(tag("circle", {"cx": fx, "cy": y + 80, "r": 11, "fill": "none",
                                    "stroke": "#9d8a66", "stroke_dasharray": "3 3"}))
    ctype = game.chamber[inst]
    if game.players >= 3:  # M-2.4: with two players the citizen spaces are not used
        parts.append(tag("rect", {"x": cx - 13, "y": y + 67, "width": 26, "height": 26,
                                  "rx": 4, "fill": "none", "stroke": "#9d8a66"}))
    if ctype >= 0:
        parts.append(citizen_token(ctype, cx, y + 80, 11, cat, pid=f"ch-{inst}"))
    if game.prefect == inst:  # the pawn at the chamber's right end, its name before it
        parts.append(prefect_pawn(x + 78, y + 80))
        parts.append(tag("text", {"x": x + 60, "y": y + 85, "font_size": 14,
                                  "text_anchor": "end", "class_": "prefect-label"},
                         cat.t(f"{P}prefect")))
    return join(*parts)


def temple_track(game: Any, x: float, y: float) -> Markup:
    """The Temple track: players top first (ties at every institution go to the higher)."""
    parts = [tag("rect", {"class_": "chamber", "x": x - 96, "y": y + 64, "width": 192,
                          "height": 32, "rx": 6, "fill": "#f7ecd0", "stroke": "#9d8a66"})]
    for k, seat in enumerate(game.temple):
        tx = x - 66 + 44 * k
        parts.append(tag("text", {"x": tx - 14, "y": y + 85, "font_size": 13,
                                  "text_anchor": "middle", "fill": "#5b4a3b"}, k + 1))
        parts.append(seat_shape(seat, tx + 4, y + 80, 10, data_pid=f"temple-{seat}"))
    return join(*parts)


# --------------------------------------------------------------------------- the board
def board_svg(session: Any, plan: Targets, cat: Catalogue) -> Markup:
    game = session.view
    recent = recent_places(game)
    roads = []
    for a, b in ROADS:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        roads.append(tag("line", {"class_": "road", "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                                  "stroke": "#a88a55", "stroke_width": 22}))
    # while places on the board are the choice in hand, the marks of what changed recede
    choosing = " choosing" if plan.inst or plan.selected is not None else ""
    return tag("svg", {"class_": "mu-svg" + choosing, "viewBox": f"0 0 {SIZE} {SIZE}",
                       "role": "group", "aria_label": cat.t(f"{P}board_label"),
                       "font_family": "var(--sans)"},
               tag("rect", {"class_": "ground", "x": 2, "y": 2, "width": SIZE - 4,
                            "height": SIZE - 4, "rx": 28, "fill": "#efe3c6",
                            "stroke": "#b39a6a", "stroke_width": 4}),
               tag("circle", {"class_": "ring", "cx": CENTRE, "cy": CENTRE, "r": RING,
                              "fill": "none", "stroke": "#d9c79f", "stroke_width": 2,
                              "stroke_dasharray": "2 10"}),
               join(*roads),
               join(*(institution(session, plan, inst, cat, recent) for inst in range(7))),
               deck_corner(game, plan, cat),
               bag_corner(game, plan, cat),
               legend_corner(game, cat))


def tips(game: Any, cat: Catalogue) -> Markup:
    """A visible tooltip under the board: the power and the ranking (with reasons) of the
    institution under the pointer or keyboard focus (shown by CSS; screen readers get the same
    words from the institution's label)."""
    rows = [tag("p", {"class_": "mu-tip-default"}, cat.t(f"{P}tip_default"))]
    for inst in range(len(INSTITUTIONS)):
        rows.append(tag("p", {"class_": "mu-tip", "data_inst": inst},
                        tag("strong", {}, inst_full(cat, inst)), " — ",
                        cat.t(f"{P}power.{inst}"), " ",
                        tag("span", {"class_": "ranks"}, " ".join(influence_lines(game, inst,
                                                                                   cat)))))
    return tag("div", {"class_": "mu-tips", "aria_hidden": "true"}, *rows)


def recent_places(game: Any) -> set[int]:
    """Institutions touched since the last decision (they get a short highlight)."""
    entries = game.log.entries
    last = max((i for i, e in enumerate(entries) if e.actor >= 0), default=-1)
    places: set[int] = set()
    for event in reversed(game.events):
        if event.entry < last:
            break
        for name, value in event.args:
            if name in ("inst", "dst") and isinstance(value, int):
                places.add(value)
    return places


def hit_area(x: float, y: float, w: float, h: float, classes: str, label: str,
             attrs: dict[str, Any]) -> Markup:
    """A transparent button over a drawing: no text of its own, so its accessible name is
    exactly ``label`` (axe: label-content-name-mismatch); ``<title>`` gives the tooltip."""
    return tag("rect", {"class_": f"hit {classes}", "x": x, "y": y, "width": w, "height": h,
                        "rx": 10, "fill": "transparent", "aria_label": label, **attrs},
               tag("title", {}, label))


def deck_corner(game: Any, plan: Targets, cat: Catalogue) -> Markup:
    """The common deck (cards left) and the top of the discard pile."""
    left = sum(game.deck)
    top = game.top_discard
    attrs: dict[str, Any] = {"role": "button", "tabindex": 0}
    label = cat.t(f"{P}deck_label", count=left)
    classes = "mu-deck"
    if plan.deck is not None:
        attrs.update(data_cmd="act", data_index=plan.deck)
        classes += " target"
        label = cat.t(f"{P}bar.draw_card") + ". " + label
    else:
        attrs.update(data_cmd="board", data_what="deck")
    top_name = card_name(cat, CARD_KINDS[top]) if top >= 0 else cat.t(f"{P}discard_empty")
    label += ". " + cat.t(f"{P}discard_label", card=top_name)
    deck = tag("g", {"class_": classes},
               tag("rect", {"x": 18, "y": 18, "width": 66, "height": 92, "rx": 8,
                            "class_": "card-back", "fill": "#7a1f1b", "stroke": "#3d0f0d",
                            "stroke_width": 3}),
               tag("text", {"x": 51, "y": 74, "text_anchor": "middle", "font_size": 30,
                            "font_weight": "700", "fill": "#fbeed4"}, left),
               tag("text", {"x": 51, "y": 132, "text_anchor": "middle", "font_size": 16},
                   cat.t(f"{P}deck")),
               hit_area(12, 12, 78, 128, classes.replace("mu-deck", "deck"), label, attrs))
    face = [tag("rect", {"x": 98, "y": 18, "width": 66, "height": 92, "rx": 8,
                         "class_": "card-face" + (" empty" if top < 0 else ""),
                         "fill": "#fffaf0" if top >= 0 else "none", "stroke": "#7a1f1b",
                         "stroke_width": 3})]
    if top >= 0:
        glyph = cat.t(f"{P}card_glyph.{CARD_KINDS[top]}")
        face.append(tag("text", {"x": 131, "y": 70, "text_anchor": "middle", "font_size": 30,
                                 "class_": "card-glyph"}, glyph))
    face.append(tag("text", {"x": 131, "y": 132, "text_anchor": "middle", "font_size": 16},
                    cat.t(f"{P}discard")))
    face_label = cat.t(f"{P}discard_label", card=top_name)
    return join(deck, tag("g", {"class_": "mu-discard"}, tag("title", {}, face_label), *face),
                tag("text", {"x": 131, "y": 152, "text_anchor": "middle", "font_size": 15,
                             "class_": "corner-note"},  # under the discard it names
                    top_name if top >= 0 else ""))


def bag_corner(game: Any, plan: Targets, cat: Catalogue) -> Markup:
    """The bag (citizens left), the favour supply and the wreaths left."""
    total = sum(game.bag)
    label = cat.t(f"{P}bag_label", count=total)
    attrs: dict[str, Any] = {"role": "button", "tabindex": 0}
    classes = "mu-bag"
    if plan.bag is not None:
        attrs.update(data_cmd="act", data_index=plan.bag)
        classes += " target"
        label = cat.t(f"{P}bar.draw_citizen") + ". " + label
    else:
        attrs.update(data_cmd="board", data_what="bag")
    x = SIZE - 110
    bag = tag("g", {"class_": classes, "data_source": "cit-0 cit-1 cit-2 cit-3"},
              tag("path", {"class_": "bag-shape", "fill": "#8a5a2b", "stroke": "#4b2c10",
                           "stroke_width": 3,
                           "d": f"M{x - 30},{40} Q{x - 44},{108} {x},{112} "
                                f"Q{x + 44},{108} {x + 30},{40} Q{x},{26} {x - 30},{40} Z"}),
              tag("path", {"d": f"M{x - 18},{34} L{x - 26},{18} M{x + 18},{34} L{x + 26},{18}",
                           "stroke": "#5b3a1a", "stroke_width": 4}),
              tag("text", {"x": x, "y": 86, "text_anchor": "middle", "font_size": 28,
                           "font_weight": "700", "fill": "#fbeed4"}, total),
              tag("text", {"x": x, "y": 134, "text_anchor": "middle", "font_size": 16},
                  cat.t(f"{P}bag")),
              hit_area(x - 50, 12, 100, 128, classes.replace("mu-bag", "bag"), label, attrs))
    supply = cat.t(f"{P}supply_label", favours=game.favour_supply, wreaths=game.wreaths)
    sx = SIZE - 40
    return join(bag, tag("g", {"class_": "mu-supply", "data_source": "fav"},
                         tag("title", {}, supply),
                         favour_token(sx, 44, 14),
                         tag("text", {"x": sx, "y": 80, "text_anchor": "middle",
                                      "font_size": 18, "font_weight": "700"},
                             game.favour_supply),
                         tag("circle", {"cx": sx, "cy": 108, "r": 13, "fill": "none",
                                        "stroke": "#3f8a2a", "stroke_width": 4,
                                        "stroke_dasharray": "5 2.5"}),
                         tag("text", {"x": sx, "y": 144, "text_anchor": "middle",
                                      "font_size": 18, "font_weight": "700"}, game.wreaths)))


def legend_corner(game: Any, cat: Catalogue) -> Markup:
    """Bottom corners: citizen types and the rank badges (left), players (right), shape and
    colour."""
    rows = []
    for t in range(4):
        y = SIZE - 130 + t * 30
        rows.append(citizen_token(t, 30, y, 12, cat))
        rows.append(tag("text", {"x": 50, "y": y + 6, "font_size": 17}, ctype_name(cat, t)))
    for rank in (1, 2):  # the badges on the members of who leads (M-4.2) and who is second
        y = SIZE - 130 + (rank - 1) * 30
        rows.append(rank_badge(rank, 171, y))
        rows.append(tag("text", {"x": 188, "y": y + 6, "font_size": 17},
                        cat.t(f"{P}key.rank{rank}")))
    lines = cat.t(f"{P}key.ties").split("\n")  # who ranks first in a tie: two short lines
    rows.append(tag("text", {"x": 160, "y": SIZE - 130 + 66, "font_size": 16,
                             "class_": "key-note"},
                    *[tag("tspan", {"x": 160, "dy": "1.4em" if k else None}, line)
                      for k, line in enumerate(lines)]))
    for seat in range(game.players):
        y = SIZE - 130 + seat * 30
        rows.append(seat_shape(seat, SIZE - 30, y, 10))
        rows.append(tag("text", {"x": SIZE - 50, "y": y + 6, "font_size": 17,
                                 "text_anchor": "end"}, _short(seat_name(game, seat, cat))))
    return tag("g", {"class_": "mu-corner-legend", "aria_hidden": "true"}, *rows)


def _short(name: str, limit: int = 12) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"
