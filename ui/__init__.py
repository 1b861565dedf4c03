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
"""
