"""Ludi's browser UI, in Python: screens, storage, links and the message catalogue.

A click's road through the page (``ui/README.md`` tells it whole): ``events`` finds its
``data-cmd``, ``commands`` says what it changes, :meth:`ui.app.App.change` applies it to the one
state (``ui.state.PageState``), saves, draws once and lets the computer move. Only ``main``
imports ``pyscript``; the rest is plain Python (``tests/test_ui_*.py``), the parts that touch
the page's elements through the ``document`` and ``window`` they are given.

Hooks for tests and tools (keep them stable)
--------------------------------------------
The game table (issue 10), ``data-role`` hooks; on the game screen (``ui/screens/play.py``) each
is shown once:

``<html data-awaiting="human|ai|none">``
    Whose decision the page waits for: a person at this device, a computer seat, or nobody
    (the game is over, or a replay is shown). Set by the app after every redraw, with
    ``<html data-screen="game">`` while a game is shown.
``[data-role="board"]``
    The board's outer element (the Concordia map with its key, the Municipium board with its
    tips).
``[data-role="prompt"]``
    Who decides what (also ``#prompt``, with the class ``thinking`` while a computer thinks).
``[data-role="thinking"]``
    While a computer thinks, the bar under the prompt (decorative: the prompt's words say
    who thinks); ``#prompt[data-think]`` is ``loading`` while the AI worker starts, then
    ``thinking``, and the bar fills over the level's browser search time (``--think-ms``).
``[data-role="options"]``
    The decisions in words: buttons, the cards to play or buy when that is the decision.
    Every legal decision target carries ``data-cmd="act" data-index="<i>"``; a second way to
    the same decision (a list in words) carries ``data-cmd="choose"``.
``[data-role="me"]``
    The resources of the seat deciding now (Concordia: sestertii, storehouse, hand;
    Municipium: citizens, favours, Decurions, family cards).
``[data-role="message"]``
    The latest refusal or notice (``#game-message``): a toast inside the viewport, an
    ``aria-live`` region made once, outside the redrawn screen.
``[data-role="log"]`` and ``[data-role="score"]``
    The game log and the live score, in the rail's tabs (``[data-cmd="tab"][data-tab]``).
``[data-role="result"]``
    The end banner, with ``data-winner`` holding the winning seat numbers, comma-separated.
``[data-role="totals"]``
    In the end banner, first: every player by rank (``li[data-seat]``) with the total that
    ranks them (``.total``); the winners' lines have the class ``winner`` and say so in words.
``[data-role="end-notice"]``
    With the step being decided, once the game's end is sure: in Concordia after the trigger
    (C-5.1), whose last turn this is and how many players follow; in Municipium in the turn in
    which a family reached the Decurions that end the game (M-3.4), that it is the last.
``[data-role="handoff"]``
    Pass-and-play: the screen asking to pass the device (``[data-cmd="handoff"]`` goes on);
    the table is not drawn meanwhile. ``localStorage['ludi.handoff'] = 'off'`` (the menu's
    switch) turns it off. In a game that went by link (shared or opened from one) it also
    offers to send the game (``[data-role="handoff-share"]``, the Share sheet). A game opened
    from a link made in the middle of its sender's turn opens on this screen whatever the
    switch says, with ``data-sent-mid-turn="true"``: it is still the sender's turn, and the
    screen offers to send it back.
``<html data-beeps="n">``
    How many turn tones were made (the menu's sound switch; off by default).

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
``[data-role="tab-notice"]``     above the game: this tab is not the game's writer (another tab
                                 of this browser is, ``ui/tabs.py``); decisions are refused.
``[data-cmd="take-over"]``       in that notice: "Play here instead" (loads the latest save,
                                 then this tab is the writer).

Motion and story (issue 11):

``data-pid``        a piece with a stable id in both boards (``col-<seat>-<n>`` a Concordia
                    colonist, ``m-<seat>-<elect>-<inst>`` a stack of Municipium family members,
                    ``prefect``, ``st-…`` a storehouse unit, …); when the screen is drawn again
                    it moves from where it was (``data-kind``/``data-count``: units of a kind fly
                    from the place that lost one to the place that gained one; ``data-state``: a
                    changed value pulses; ``data-source``: where units come from when none left
                    anywhere, e.g. the bag, or the houses of the province a Prefect just
                    produced in); ``data-via="x y …"``: a moved map piece travels through these
                    points (a Concordia colonist, through the cities it passed). Every
                    animation's id starts with ``ludi-``.
``data-changed``    on the pieces changed since the last human decision (every decision in a
                    game of computers alone); in a replay ``data-replay-changed`` instead, on
                    the pieces the step shown changed (``ui.story.mark_replay_step``; a piece
                    with ``data-at="<place>"`` is compared by its place, not by where it is
                    drawn).
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
``[data-role="replay-next"]``
    in a replay's prompt, who decides next at the position shown (or that the game ended
    there); the prompt line counts decisions, not log entries.

Lessons (issue 15; ``ui/lessons/``, ``ui/coach.py``):

``#learn=<game>``                a lesson: a guided first game of the title (the page puts it in
                                 the address; nothing is saved until the player leaves it).
``[data-learn="<game>"]``        the landing's "Learn to play" link of a title (hidden when the
                                 title has no lesson).
``[data-role="lesson-offer"]``   on the new-game form of someone's first game of a title: the
                                 lesson offered (``[data-cmd="learn"][data-game]`` starts it).
``[data-role="coach"]`` (``#coach``)  the coach bubble, made once outside the redrawn screen;
                                 ``data-done`` once the lesson has ended; ``data-side`` where it
                                 sits beside its target (below, above, right, left, free).
                                 Inside: ``#coach-text`` (the step, ``aria-live``),
                                 ``#coach-note`` (a wrong click explained), the buttons
                                 ``[data-cmd="coach-next"]``, ``[data-cmd="coach-leave"]`` (play
                                 on from here against the computer) and, at the end,
                                 ``[data-cmd="coach-menu"]``.
``[data-coach-target]``          what to click for the decision the lesson awaits (found by
                                 matching it with the engine's legal actions); any other
                                 decision is refused with a word in ``#coach-note``.
``[data-coach-spot]``            what a "Next" step points at.

Boot (issues 16 and 37; set by ``assets/js/interpreter.mjs``, not by Python):

``<html data-boot="snapshot|worker|normal">``  how the interpreter started: from this
                                        browser's memory snapshot; on a first visit, from the
                                        snapshot a worker made for this page (the start runs
                                        off the page's thread); or the normal way, on the
                                        page's thread (snapshots off, or none can be saved).
``<html data-snapshot="saved|failed">`` this page saved a memory snapshot for the next visit
                                        (or tried and could not).
``window.ludiWorkerTimes``              a first visit's worker stages, ms from navigation
                                        (``bench/boot.py`` prints them).
``window.LUDI_SNAPSHOT = false``        (set before the page's scripts run) or
                                        ``localStorage['ludi.snapshot'] = 'off'``: no snapshot
                                        is read or saved, the interpreter starts on the page's
                                        thread (benchmarks, tests of the normal start).
"""
