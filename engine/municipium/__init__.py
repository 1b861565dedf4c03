"""Municipium (Reiner Knizia, 2008): the rules engine.

Rules: ``shared/rules/municipium-spec.md`` (rule ids ``M-…``); every ruling in :mod:`.rulings`.

Modules, one per concept:

- :mod:`.data` board, roads, citizen types, Prefect circuit, counts;
- :mod:`.rulings` the spec's RULINGs (and the few the engine had to add);
- :mod:`.actions` the decisions (NamedTuples with a short notation);
- :mod:`.steps` the kinds of pending step, collected from each rules module's ``STEPS`` (the
  stack machine is :mod:`engine.core.stack`);
- :mod:`.turn` setup and the turn; :mod:`.cards` the cards; :mod:`.citizens` draws, placing and
  citizen events; :mod:`.prefect` the Prefect event; :mod:`.powers` the seven powers;
- :mod:`.influence` influence, ranking, Temple track; :mod:`.scoring` sets, end, winner;
- :mod:`.messages` English log templates by key; :mod:`.notation` the position text.

Read-only helpers for the UI on :class:`Municipium`:

- ``pending_step()`` → a :class:`engine.core.stack.Pending` for the top step (``pending()`` is
  its older dict form: ``{"seat", "kind", "rule", "prompt", "params", "args"}``);
- ``end_target()`` the Decurions that end the game (M-3.4: 4 in a short game, else 5);
- ``influence_at(inst)`` every seat's influence; ``ranking_at(inst)`` seats rank 1 first;
- ``supply(seat)`` citizens by type, favours, Decurions, family cards, members;
- ``held_citizens()`` drawn citizens waiting to be placed;
- ``position()`` / ``Municipium.from_position(text)`` the whole state on one line (also
  ``to_text()`` / ``from_text()``, as every title);
- state fields (read only): ``plain[seat][inst]``, ``elect[seat][inst]`` members,
  ``temple`` (seats, top first), ``cit[inst][type]`` citizens at institutions, ``bag[type]``,
  ``favour_space[x]``, ``chamber[x]`` (citizen type or -1), ``prefect``, ``favour_supply``,
  ``wreaths``, ``hand[seat][type]``, ``favours``, ``decurions``, ``family[seat][card]``,
  ``deck[kind]``, ``discard[kind]``, ``top_discard``, ``active``, ``start``, ``turn``.
"""

from engine.municipium.game import Municipium

__all__ = ["Municipium"]
