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

Motion and story (issue 11):

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
``[data-role="recap"]``
    what happened since the deciding human's last decision (``ui.story.recap``), in groups
    ``.recap-turn.seat-<n>``; each ``.recap-line`` (``data-cmd="recap-spot"``) highlights its
    pieces with ``data-spot``.
``[data-role="hint"]``
    the suggestion in words, ``data-hint`` on what it touches, ``[data-cmd="hint-play"]``
    plays it (it has the focus: Enter plays it).
``[data-role="caption"]``
    in a replay, what the shown step did; ←/→ step, Home/End jump.
"""
