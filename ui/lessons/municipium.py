"""The Municipium lesson: two families, you (blue) against the computer (orange).

Rules taught, in order (ids of ``shared/rules/municipium-spec.md``): the town and the goal
(M-1.1, M-3.4), influence (M-4.1), the Temple track breaking ties (M-4.2, M-2.7), moving
(M-5.1), the card of the turn (M-5.2), a family card: Citizens Invitation (M-7.3) and where
citizens may go (M-1.3), a citizen event (M-6.4), the computer's Citizens Visit (M-7.2) with
a second citizen event, sets and Decurions (M-3.2), a common card: Prefect Visit (M-7.1), the
Prefect event (M-6.1), the favour as a wild citizen (M-6.3, M-3.3), the end (M-3.4, M-3.5).

The setup is played at once: blue starts and places Temple 2, Tavern 1, Baths 1, Emporium 1,
Basilica 2; orange Temple 1, Tavern 1, Baths 1, Emporium 1, Forum 1, Praetorium 2. So blue
heads the Temple track and wins every tie; moving one member from the Basilica to the Forum
ties orange there, which later wins blue the Prefect's favour.
"""

from __future__ import annotations

from ui.lessons import Lesson, Start, Step

K = "lesson.municipium."

_BLUE = ("@0", "@0", "@1", "@4", "@4", "@2", "@3")
_ORANGE = ("@0", "@1", "@5", "@6", "@6", "@3", "@2")
SETUP = tuple(move for pair in zip(_BLUE, _ORANGE, strict=True) for move in pair)

LESSON = Lesson(
    start=Start("municipium", seats=("human", "ai:medium"), options=(("start_player", 0),),
                moves=SETUP),
    steps=(
        Step(K + "welcome", target='[data-role="board"]', rule="M-3.4"),
        Step(K + "influence", target='.mu-inst[data-inst="4"] .frame', rule="M-4.1"),
        Step(K + "temple", target='[data-pid="temple-0"]', rule="M-4.2"),
        Step(K + "move", expect="4-5", rule="M-5.1"),
        Step(K + "move_done", expect="done", rule="M-5.1"),
        Step(K + "forum_tie", target='.mu-inst[data-inst="5"] .frame', rule="M-4.2"),
        Step(K + "card", expect="play:ci", rule="M-5.2",
             after=("priest", "soldier", "merchant", "merchant")),
        Step(K + "place_priest", expect="p@1", rule="M-1.3"),
        Step(K + "place_soldier", expect="s@1", rule="M-1.3"),
        Step(K + "keep", expect="keep:ps", rule="M-6.4"),
        Step(K + "place_merchant", expect="m@2", rule="M-7.3"),
        Step(K + "place_merchant_2", expect="m@3", rule="M-7.3"),
        # Orange's turn: no move, a Citizens Visit; its merchant makes three at the Baths,
        # where blue (first by the Temple track) takes two merchants. Blue then draws.
        Step(K + "their_turn", target='.mu-inst[data-inst="2"] .frame', rule="M-6.4",
             before=("done", "card", "citizens_visit", "merchant", "m@2", "advocate")),
        Step(K + "visit_place", expect="a@4", rule="M-7.2"),
        Step(K + "sets", target='[data-role="me"]', rule="M-3.2"),
        Step(K + "no_move", expect="done", rule="M-5.1"),
        Step(K + "common_card", expect="card", rule="M-5.2", after=("prefect_visit",)),
        Step(K + "prefect", target='[data-pid="prefect"]', rule="M-6.1"),
        Step(K + "favour", target='[data-pid="dec-0"]', rule="M-6.3"),
        Step(K + "end", rule="M-3.5"),
    ),
    done=K + "done",
)
