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
- ENGINE-5 (C-4.4): the cash option is offered only when some marker shows its coin side;
  otherwise it is the same as doing nothing (on Creta too, C-M.creta.4; games of rules
  revision 1 offered it on Creta at once, see ``RULES_REVISION``).
- ENGINE-6 (C-4.5): a Mercator trades each kind in one decision, any number of units at once
  (buy n or sell n). Nothing is lost: selling one kind and buying the other can be done in
  either order, and splitting a kind's trade in two never helps. This keeps a trade to at most
  two decisions (a link stays short). It also enforces the C-4.5 ruling above.

Map rulings of the later maps (Hellas, Ionium, Hispania, Cyprus, Creta; issue 35). Source:
``shared/reference/concordia-maps/README.md`` (the graphs of the open-source engine yav/concordia
and the printed boards); the spec (C-1.7) covers Imperium and Italia only, so these are ours. The
data they rest on is generated into ``maps.py`` (``tests/concordia/map_places.py``): the rules
modules read it, none names a map.

- C-M.1: on the later maps the start city (Athenae on Hellas and Ionium, Saguntum on Hispania,
  Antiochia on Cyprus, Knossos on Creta) takes Roma's place everywhere: colonists start there
  (C-2.3), the Tribune's (C-4.1) and the Colonist's (C-4.6) new colonists go there, no house is
  built there (C-4.2) and it belongs to no province and has no token (C-1.7). The engine's texts
  name it through its city (a ``city``/``start`` parameter), never as "Roma". Why: the boards
  print it as Roma is printed, and the README says Saguntum takes Roma's place in every card text.
- C-M.2: every later map is for 2-5 players (five colours); its Pantheon table is the count of
  each god's cards over piles I..N for N players (C-2.6), as the base boards print it. Why: the
  README; the boards print no other table.
- C-M.3: C-2.2 holds unchanged on the later maps: a province's marker shows the most valuable
  good among its cities, so a province of one city, or of cities with tokens of one kind, gets
  that good; the markers in the box are no limit (as on Imperium, where seven food markers
  could be asked for in theory). Why: the spec's rule needs no exception, and no source gives one.
- C-M.hellas.1: Hellas has no D cities; the D tokens stay in the box (as Italia's, C-1.8).
- C-M.ionium.1: the land route Brundisium-Apollonia may be passed but no colonist may stop on
  it (``pass_only``): no move ends there, a move through it still counts its step, and as no
  colonist starts on a route, none ever stands on it. Why: the reference's ``canStop: false``.
  A move to it is refused with this rule; ENGINE-1's straight moves pay the shortest distance
  through it.
- C-M.ionium.2: Neapolis-Messana has two sea routes, each a route of its own (a colonist on
  each; either one lets its owner build in both cities). Why: the reference lists two edges.
- C-M.hispania.1: one more city per letter A, B, D than the box's tokens: without the salt
  expansion the extra tokens are A tool, B wine, D brick; there are no C cities and the C tokens
  stay in the box. Tokens are drawn per letter from the map's own pool (C-2.1). Why: the README.
- C-M.creta.1: the one-city province Gavdos has no fixed bonus good: the player whose Prefect
  takes its bonus chooses any good (one decision: the province and the good, ``p8/W``), with
  the Praefectus Magnus doubling it as usual. Its marker's coin side (C-1.9) pays by the good
  last chosen there: none until Gavdos is first prefected, then 1 sestertius if cloth was
  chosen and 2 for any other good; each later Prefect there sets it anew (``marker_coins`` in
  ``cards.py``, the one function the rules, the page and the computer read). Its marker is
  still set by C-2.2 from its city's token (C-M.3), but that good decides nothing. Why: the
  README (yav's engine and the printed board) gives the free choice; the coins are as in that
  engine (``src/Setup.hs`` gives the one-city province of Creta a variable bonus worth no
  coins; prefecting it sets the coins of the good chosen, as ``src/Play.hs`` pays them). No
  printed Creta text says otherwise (none is in ``shared/rules`` or ``shared/reference``).
  Games of rules revision 1 (see ``RULES_REVISION``) paid Gavdos's coins by its token.
- C-M.creta.2: on Creta a Prefect who takes the cash option gets 2 sestertii more. Why: the
  README (yav's engine and the printed board).
- C-M.creta.3: Creta has no C cities; the C tokens stay in the box.
- C-M.creta.4: on Creta too, the cash option is offered only once some marker shows its coin
  side (ENGINE-5); before that it is refused ("no bonus marker shows its coin side") though
  it would bring Creta's 2 sestertii alone. Why: the base rules (C-4.4) do not forbid an empty
  cash action, but our source engine, yav/concordia (``src/Play.hs``), offers the cash only for
  a province already prefected, so its Creta never pays the 2 sestertii alone; no printed
  Creta text says otherwise (none is in ``shared/rules`` or ``shared/reference``), so we follow
  the source. Games of rules revision 1 offered the cash at once (2 sestertii alone).
"""


from __future__ import annotations

MAP_RULINGS = ("C-M.1", "C-M.2", "C-M.3", "C-M.hellas.1", "C-M.ionium.1", "C-M.ionium.2",
               "C-M.hispania.1", "C-M.creta.1", "C-M.creta.2", "C-M.creta.3", "C-M.creta.4")
"""The ids of the map rulings above; each has a test named after it
(``tests/concordia/test_rule_coverage.py``)."""

RULES_REVISION = 2
"""The rules revision new games are played under (the hidden setup option ``rules``, whose
default this is; ``engine/core/registry.py`` keeps Concordia's ``rules_version`` equal to it).

Old links and saves (the decision, issue 44): a game keeps the rules it was started under.
Links and saves made before revision 2 carry rules version 1 and no ``rules`` option; the codec
opens them with ``rules=1`` (``GameInfo.rules_option``), and they replay exactly as they were
played: on Creta, Gavdos's marker pays by its city's token (cloth 1, others 2) and the Prefect's
cash is offered from the start, bringing the 2 sestertii alone; every other map plays the same
under both revisions. Re-saved, such a game's link again carries rules version 1 (the codec
writes the revision there, never in the header), byte for byte as before, and it stays revision
1 for good, whereas every new game (and "play again" after an old one) is revision 2. Why: an
old Creta log may not replay under the new rules (other cash amounts can make a later purchase
unaffordable, an empty cash action is now refused), and a saved game must never be lost or
changed. An older Ludi refuses revision-2 links with its "another version of the rules"
message instead of replaying them wrongly."""

CRETA_AS_SOURCE_FROM = 2
"""The first rules revision in which Creta follows its source engine: Gavdos's coins follow
the good last chosen there (C-M.creta.1) and the cash waits for a coin side (C-M.creta.4)."""

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
