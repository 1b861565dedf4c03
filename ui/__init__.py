"""Ludi's browser UI, in Python: screens, storage, links and the message catalogue.

Modules that touch the page (``main``, ``screens``) import ``pyscript``; the others are plain
Python and are tested in CPython (``tests/test_ui_*.py``).

Motion and marks (``assets/js/motion.js``, driven from ``ui.app.App.render_game``)
----------------------------------------------------------------------------------
``data-pid``        a piece with a stable id in both boards (``col-<seat>-<n>`` a Concordia
                    colonist, ``m-<seat>-<elect>-<inst>`` a stack of Municipium family members,
                    ``prefect``, ``st-…`` a storehouse unit, …); when the screen is drawn again
                    it moves from where it was (``data-kind``/``data-count``: units of a kind fly
                    from the place that lost one to the place that gained one; ``data-state``: a
                    changed value pulses; ``data-source``: where units come from when none left
                    anywhere, e.g. the bag). Every animation's id starts with ``ludi-``.
``data-changed``    on the pieces changed since the last human decision (every decision in a
                    game of computers alone, every step in a replay).
``data-spot``       the pieces of the recap line clicked last.
"""
