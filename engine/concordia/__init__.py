"""Concordia (Mac Gerdts): the rules engine, 2-5 players, on Imperium and Italia (C-1.7) and
the later maps Hellas, Ionium, Hispania, Cyprus and Creta (map rulings C-M in :mod:`.rulings`).

Rules: ``shared/rules/concordia-spec.md`` (rule ids C-…); every ruling is in :mod:`.rulings`.
Data (generated from the shared reference by ``tests/concordia/make_data.py``):
:mod:`.components` and :mod:`.maps`. Modules: :mod:`.board` (graph, distances), :mod:`.cards`
(the card actions: legal decisions and effects per step), :mod:`.game` (state, setup, turn
flow, protocol, the draws), :mod:`.steps` (the keys of the kinds of step),
:mod:`.scoring` (gods, tie-break), :mod:`.notation` (actions), :mod:`.text` (the game as one
line of text, both ways), :mod:`.messages` (log templates by key).

Decisions (:class:`Action`, verbs in :mod:`.notation`) are atomic and few: a card played; an
Architect's colonist sent straight to a free route (paying the shortest distance, ENGINE-1) or a
house built (which ends the moves, ENGINE-2) or ``done``; a province (with the good chosen
where the bonus is free, C-M.creta.1: ``p8/W``) or the cash; one trade per
kind of good, any number of units (ENGINE-6); each card bought with the good paying its "any"
surcharge; the Diplomat's target; each colonist placed; which incoming goods to keep when the
storehouse is full. Steps with nothing left to decide are skipped. Chance nodes: the start
player, each city token (cities in map order), each card turned into the display.

Read-only helpers for the UI and the AI, on a :class:`Concordia` game ``g``:

- ``g.pending_step()``: the top step as a :class:`engine.core.stack.Pending` (who decides, the
  kind, its rule id, its fields by name); ``g.prompt()`` is its older dict form.
- ``g.colonist_place(seat, i)``: ``(place, kind)`` of a colonist; ``g.house_seats(city)``,
  ``g.houses_of(seat)``; ``g.move_cost(seat, i, route)``: read these, not the bits below.
- ``g.to_text()`` / ``Concordia.from_text(text)``: the whole game on one line, both ways.
- ``g.legal_actions()``: the decisions open now (:class:`Action`; ``str()`` is the notation).
- ``g.why_illegal(action)``: ``(sentence, rule id)`` for a refused decision.
- ``g.reachable_routes(seat, colonist, points=None)``: ``{route: movement points}``.
- ``g.house_cost(seat, city)``: ``(goods, money)`` of the next house there (C-4.3).
- ``g.prefect_preview(province)``: goods each seat would get from that province now.
- ``g.projected_scores()``: per seat, points per god if the game ended now (C-6).
- ``g.result()``: :class:`engine.SeatResult` per seat, rank with the C-6.8 tie-break.
- ``g.board``: the map (cities, ids, names, letters, provinces, routes, ``board_xy``,
  ``latlon``; ``roma``: the start city, C-M.1; the map rules as data: ``tokens``, ``pass_only``,
  ``free_bonus``, ``cash_bonus``); state lists ``g.token``, ``g.marker``/``g.flipped``,
  ``g.houses`` (bitmask of seats per city), ``g.colonists`` (``location * 2 + kind``; see
  :mod:`.board`), ``g.money``, ``g.goods``, ``g.stored``, ``g.hand``, ``g.discard``,
  ``g.display``, ``g.deck``, ``g.pm``, ``g.concordia``.
- ``g.event_text(event)``: English for a log event; ``g.colour(seat)``.
"""

from engine.concordia.game import Concordia
from engine.concordia.notation import Action, parse

__all__ = ["Action", "Concordia", "parse"]
