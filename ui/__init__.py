"""Ludi's browser UI, in Python: screens, storage, links and the message catalogue.

Modules that touch the page (``main``, ``screens``) import ``pyscript``; the others are plain
Python and are tested in CPython (``tests/test_ui_*.py``).

Hooks for tests (keep them stable)
----------------------------------
Words (issue 12):

``#game-message .message-text``
    the sentence of the message line above the board (a refusal is a plain sentence).
``[data-cmd="rule"][data-rule="<id>"]`` (class ``rule-link``)
    a small "rule" button after a refusal, a log line or a result note; its ``title`` names
    the rule. It opens the rules help (``#rules-help``) and focuses the element explaining the
    rule: ``#cc-help-<item>`` (Concordia), ``#mu-help-<section>``, ``#mu-help-power-<i>``,
    ``#mu-help-card-<card>`` (Municipium). ``.rule-id`` tags name the rules in the help.
``#confirm`` (``role="alertdialog"``)
    the question before a decision people regret; ``#confirm-yes`` (``data-cmd="confirm-yes"``,
    ``data-index``), ``[data-cmd="confirm-no"]``, checkbox ``#confirm-never`` ("don't ask
    again", remembered in the preference ``confirm.<key>``).
``.badge.seat-kind[data-seat-kind="ai:<level>"]``
    the computer badge next to a seat's name.
``.save[data-your-turn="true"]``
    a saved game where a person is to decide (listed first).

Safety (issue 14):

``<html data-log-length="N">``   the number of log entries of the game on screen (the live
                                 game, also while replaying), kept current; absent when no game
                                 is shown.
``[data-role="export-offer"]``   in a saved-games list item: the game lives only in this
                                 browser and has not been exported or shared for a while.
``[data-role="newer-save"]``     a saved-games list item for a save made by a newer Ludi (listed,
                                 never opened, changed or deleted here).
"""
