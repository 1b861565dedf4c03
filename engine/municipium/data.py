"""Municipium components and board as data (M-1).

Facts restated from ``shared/reference/municipium.json``. Roads, the Prefect circuit, the
citizen types and the counts are plain literals here so that a correction is a one-line change.
The counts of each kind of common card are a ruling and live in :mod:`rulings`.
"""

from __future__ import annotations

INSTITUTIONS = ("Temple", "Tavern", "Baths", "Emporium", "Basilica", "Forum", "Praetorium")
"""M-1.1: institutions by number 0..6."""

NUMERALS = ("0", "I", "II", "III", "IV", "V", "VI")
TEMPLE, TAVERN, BATHS, EMPORIUM, BASILICA, FORUM, PRAETORIUM = range(7)
PLACES = range(7)

ROADS = ((0, 1), (0, 4), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 1))
"""M-1.2: the roads (undirected)."""

ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({b for a, b in ROADS if a == i} | {a for a, b in ROADS if b == i}))
    for i in PLACES)

CITIZEN_TYPES = ("priest", "soldier", "merchant", "advocate")
"""M-1.3: the four citizen types (index 0..3 everywhere in the engine)."""

CITIZEN_LETTERS = "psma"
PRIEST, SOLDIER, MERCHANT, ADVOCATE = range(4)

CITIZEN_PLACES = ((0, 1, 2, 3, 4, 5, 6), (1, 6), (2, 3), (4, 5))
"""M-1.3: where each citizen type may be placed (its corresponding institutions)."""

BANNER = (PRIEST, SOLDIER, MERCHANT, MERCHANT, ADVOCATE, ADVOCATE, SOLDIER)
"""M-2.1: the banner citizen of each institution."""

CITIZENS_PER_TYPE = 15
FAVOURS = 15
WREATHS = 10
MEMBERS = 7
FAMILY_CARDS = ("invitation", "great_family", "your_powers")
"""M-1.7: each player's three family cards (Citizens Invitation, Great Family, Your Powers)."""

FAMILY_CODES = ("ci", "gf", "yp")

CHAMBERS = (1, 2, 3, 4, 5, 6)
"""M-1.5: a Prefect chamber at each institution I..VI."""

PREFECT_START = BASILICA
"""M-1.6 / M-2.3: the Prefect starts at IV."""

PREFECT_NEXT = {4: 5, 5: 6, 6: 1, 1: 2, 2: 3, 3: 4}
"""M-1.6: the clockwise Prefect circuit IV → V → VI → I → II → III → IV."""

CHAMBER_FITS = tuple(tuple(x for x in CITIZEN_PLACES[t] if x in CHAMBERS) for t in range(4))
"""M-6.5 (single chamber citizen): the chambers a citizen of each type may stand on."""

CARD_KINDS = ("prefect_visit", "citizens_visit", "one_power", "all_powers")
"""M-1.8: the four kinds of common card."""

COLOURS = ("blue", "orange", "yellow", "pink")
"""Player colours in seat order."""
