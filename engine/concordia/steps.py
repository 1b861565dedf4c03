"""The keys of Concordia's kinds of pending step (the machine is :mod:`engine.core.stack`).

A step is ``(key, actor, *fields)``; the kinds themselves (name, rule, fields, handlers) are
:data:`engine.concordia.game.KINDS`: the draws there, the decisions in
:data:`engine.concordia.cards.STEPS`.
"""

START, TOKEN, DRAW, TURN, ARCH, PREFECT, TRADE, COLON, TRIBCOL, DIPLO, SENATE, CONSUL, KEEP = \
    range(13)
