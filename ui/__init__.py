"""Ludi's browser UI, in Python: screens, storage, links and the message catalogue.

Modules that touch the page (``main``, ``screens``) import ``pyscript``; the others are plain
Python and are tested in CPython (``tests/test_ui_*.py``).

Hooks for tests and tools (keep them stable)
--------------------------------------------
``<html data-log-length="N">``   the number of log entries of the game on screen (the live
                                 game, also while replaying), kept current; absent when no game
                                 is shown.
``[data-role="export-offer"]``   in a saved-games list item: the game lives only in this
                                 browser and has not been exported or shared for a while.
``[data-role="newer-save"]``     a saved-games list item for a save made by a newer Ludi (listed,
                                 never opened, changed or deleted here).
"""
