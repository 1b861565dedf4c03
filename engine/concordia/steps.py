"""The kinds of pending steps on the stack (see :mod:`engine.concordia.game`)."""

START, TOKEN, DRAW, TURN, ARCH, PREFECT, TRADE, COLON, TRIBCOL, DIPLO, SENATE, CONSUL, KEEP = \
    range(13)
STEP_NAMES = ("start", "token", "draw", "turn", "architect", "prefect", "mercator", "colonist",
              "tribune", "diplomat", "senator", "consul", "keep")
STEP_RULES = ("C-2.4", "C-2.1", "C-2.6", "C-3.1", "C-4.2", "C-4.4", "C-4.5", "C-4.6", "C-4.1",
              "C-4.7", "C-4.8", "C-4.9", "C-4.11")
"""The rule each kind of step carries out."""
