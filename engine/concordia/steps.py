"""The keys of Concordia's kinds of pending step (the machine is :mod:`engine.core.stack`).

A step is an instance of its kind's class, ``(key, actor, *fields)`` with the fields by name;
the kinds themselves (name, rule, fields, handlers) are :data:`engine.concordia.game.KINDS`:
the draws there (``StartStep``, ``TokenStep``, ``DrawStep``), the decisions in
:data:`engine.concordia.cards.STEPS` (``TurnStep``, ``ArchitectStep``...).
"""

START, TOKEN, DRAW, TURN, ARCH, PREFECT, TRADE, COLON, TRIBCOL, DIPLO, SENATE, CONSUL, KEEP = \
    range(13)
