"""Every RULING of the Municipium spec, in one place (``shared/rules/municipium-spec.md``).

Where the rulebook is silent the spec rules, and the engine reads the ruling from here. Rulings
we had to add ourselves (the spec is silent too) are marked ENGINE RULING.

``DECK_COUNTS`` is data: change a number and the deck changes. The other rulings are fixed
behaviour; the code that applies each one asserts its flag here, so flipping a flag fails loudly
at exactly the place that needs the alternative written.
"""

from __future__ import annotations

DECK_COUNTS = {"prefect_visit": 3, "citizens_visit": 3, "one_power": 3, "all_powers": 3}
"""M-1.8 RULING: 3 cards of each kind in the common deck."""

SET_USES_REAL_CITIZENS_FIRST = True
"""M-3.3 RULING: a Decurion set is formed from real citizens first; favour tokens fill only the
missing types (see :func:`engine.municipium.scoring.take_set`)."""

TIED_WINNERS_SHARE = True
"""M-3.5 RULING: players still tied after favours + citizens share the victory (equal rank)."""

ONE_MEMBER_MEANS_ONE_PLAYER = True
"""M-4.2 RULING: "only one family member" in the event texts means "only one player present";
"most influence" is plurality (rank 1 of the strict ranking)."""

FAVOUR_REFILL_FROM_EMPTY_SUPPLY_WAITS = True
"""M-6.2 RULING: a favour space that cannot be refilled (supply empty) stays empty; it is refilled
after a later Prefect event at that chamber if the supply has a token by then."""

SINGLE_CHAMBER_CHOOSER = "active"
"""M-6.5 RULING: in the ``single`` option, when several chambers fit the drawn citizen the active
player chooses (at setup: the start player)."""

SINGLE_CHAMBER_REDRAW_WHEN_ABSENT = True
"""ENGINE RULING (M-6.5 + M-6.7): in the ``single`` option, if no chamber citizen is on the board
after a Prefect event (it was taken, returned, or could not be drawn earlier), a new one is
drawn."""

EMPTY_BAG_SKIPS_DRAW = True
"""M-6.7 RULING: a draw from an empty bag is skipped (nothing placed, nothing gained)."""

EMPORIUM_NEEDS_CITIZENS = True
"""ENGINE RULING (M-8.3 + M-6.7): the Emporium offers "draw" only while the bag holds citizens."""

POWERS_ARE_OPTIONAL = True
"""M-7.8 RULING: every power may be passed except the Temple's, which is exerted automatically
during All Powers and Your Powers. In One Power the Temple is one of the institutions a player
may choose (or pass)."""

NO_WREATH_WHEN_ALL_USED = True
"""M-8.2 RULING: no wreath is placed when all 10 are in use."""

RELOCATE_EACH_MEMBER_ONCE = True
"""ENGINE RULING (M-7.4b / M-8.6): a relocation moves members one at a time and a member already
relocated in this power is not relocated again (moving it twice equals moving it once to its final
place), so every relocation ends after at most 7 steps."""

TAVERN_NEEDS_A_MEMBER = True
"""ENGINE RULING (M-8.1): the Tavern can be exerted only when at least one family member stands
outside the Tavern ("one or more" members must move)."""
