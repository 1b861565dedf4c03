"""Every RULING of the Concordia spec (and the engine's own rulings where the spec is silent),
in one place. The rules modules read these names; changing a ruling is a one-line change here.

Spec rulings (``shared/rules/concordia-spec.md``):

- C-4.5: one kind of good may not be both bought and sold in the same Mercator action.
- C-4.6: a Colonist-card land colonist may only be placed in a city where a land route starts, a
  sea colonist only where a sea route starts.
- C-4.7: a Prefect copied by a Diplomat is doubled by the Praefectus Magnus like a played one.
- C-4.8: both Senator purchases use the slots (and surcharges) as they stood when the action
  began; the display slides and refills only afterwards.
- C-6.4: Mercurius counts 2 per kind of good (the printed cards), not 1 (the teaching script).
- C-6.8: ties go to the Praefectus Magnus holder, then to whoever would receive it soonest.

Engine rulings (the spec is silent; the choices keep play identical and decisions few):

- ENGINE-1 (C-4.2): an Architect moves a colonist straight to its destination route in one
  decision and pays the shortest distance along routes of its type (passing occupied routes is
  free). Any step-by-step movement that ends legally can be played this way, so nothing is lost,
  and every intermediate position is already legal (no colonist ever waits on an occupied route).
- ENGINE-2 (C-4.2): building a house ends the movement part of the Architect action (the
  rule's order: move, then build), so a build can be chosen without a separate 'done'.
- ENGINE-3 (C-4.11): a player whose storehouse overflows keeps as many incoming goods as fit and
  chooses only which; with a single kind incoming there is nothing to choose.
- ENGINE-4 (C-3.1): cards with the same action (the starting Architect and a bought one, the
  Diplomats of different gods) are one decision when played: which copy goes to the discard pile
  changes nothing (scoring counts hand and discard pile alike).
- ENGINE-5 (C-4.4): the cash option is offered only when some marker shows its coin side
  (otherwise it is the same as doing nothing).
- ENGINE-6 (C-4.5): a Mercator trades each kind in one decision, any number of units at once
  (buy n or sell n). Nothing is lost: selling one kind and buying the other can be done in
  either order, and splitting a kind's trade in two never helps. This keeps a trade to at most
  two decisions (a link stays short). It also enforces the C-4.5 ruling above.
"""

from __future__ import annotations

MERCATOR_NO_BUY_AND_SELL_SAME_KIND = True
"""C-4.5 RULING."""

COLONIST_NEEDS_ROUTE_OF_ITS_TYPE = True
"""C-4.6 RULING."""

DIPLOMAT_PREFECT_DOUBLED = True
"""C-4.7 RULING."""

SENATOR_SLIDES_AFTER_BOTH = True
"""C-4.8 RULING."""

MERCURIUS_POINTS_PER_KIND = 2
"""C-6.4 RULING."""

MARS_POINTS_PER_COLONIST = 2
"""C-6.5."""

TIE_BREAK_BY_PRAEFECTUS_MAGNUS = True
"""C-6.8 RULING."""
