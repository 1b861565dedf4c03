"""The lesson coach on the game screen (issue 15): its words, what it highlights, where it sits.

Plain Python except :class:`CoachView`, which is handed the page's ``document`` and
``window`` (so this module imports nothing of PyScript and is tested in CPython).

- :func:`targets` finds what to click for the awaited decision by matching it with the
  engine's legal actions: the decision's own ``[data-cmd="act"][data-index]`` elements, or
  what the board says must be clicked first (its ``Board.coach_targets(session, action)
  -> [selector]``, e.g. Municipium's "pick the member first").
- :func:`bubble` is the coach's content; :func:`place` puts the bubble inside the viewport
  beside its target, never over it when there is room.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ui.html import Markup, join, tag
from ui.i18n import Catalogue
from ui.lessons import Runner

MARGIN = 8
"""Pixels kept free between the bubble and the edges of the viewport."""
GAP = 14
"""Pixels between the bubble and its target (the arrow sits in them)."""

TARGET = "data-coach-target"
SPOT = "data-coach-spot"

DECIDING = ("act", "choose", "hint-play", "confirm-yes")
"""Commands that take a decision by ``data-index``: only the awaited one is let through."""
NOT_NOW = ("undo", "hint", "replay", "again", "share", "replay-first", "replay-prev",
           "replay-next", "replay-last")
"""Commands a lesson does not allow (leave the lesson first)."""


def targets(session: Any, runner: Runner) -> list[str]:
    """CSS selectors of what the player should click now (empty on a "Next" step)."""
    index = runner.expected_index()
    if index is None:
        return []
    from ui.screens.parts import board_for

    action = runner.game.legal_actions()[index]
    first = board_for(runner.game.setup.game).coach_targets(session, action)
    return list(first) or [f'[data-cmd="act"][data-index="{index}"]']


def spot(runner: Runner) -> str:
    """The selector a "Next" step points at ("" for none)."""
    step = runner.step
    return step.target if step is not None and not step.expect else ""


def text(runner: Runner, cat: Catalogue) -> str:
    step = runner.step
    if step is None:
        return cat.t(runner.lesson.done) if runner.lesson.done else cat.t("lesson.ui.done_title")
    return cat.t(step.say, **step.args(cat))


def bubble(runner: Runner, cat: Catalogue, rule_link: Markup | None = None) -> Markup:
    """The coach's controls under its text: where the lesson is, the rule the step teaches,
    then "Next" (on a step that waits for it) and "Leave the lesson"; at the end "Play on
    from here" and "Back to the menu"."""
    total = len(runner.lesson.steps)
    if runner.done:
        return join(tag("p", {"class_": "coach-progress"}, cat.t("lesson.ui.done_title")),
                    tag("div", {"class_": "coach-actions"},
                        _button("coach-leave", cat.t("lesson.ui.continue"), primary=True),
                        _button("coach-menu", cat.t("lesson.ui.menu"))))
    waits = runner.step is not None and not runner.step.expect
    return join(tag("p", {"class_": "coach-progress"},
                    cat.t("lesson.ui.progress", at=runner.at + 1, total=total),
                    " " if rule_link else None, rule_link),
                tag("div", {"class_": "coach-actions"},
                    _button("coach-next", cat.t("lesson.ui.next"), primary=True)
                    if waits else None,
                    _button("coach-leave", cat.t("lesson.ui.leave"))))


def _button(cmd: str, label: str, primary: bool = False) -> Markup:
    return tag("button", {"type": "button", "class_": "btn-coach" + (" primary" if primary
                                                                       else ""),
                          "data_cmd": cmd}, label)


class Rect(NamedTuple):
    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height


class Placement(NamedTuple):
    """Where the bubble goes: its top-left corner, the side of the target it is on
    (``below``, ``above`` or ``free`` when no side has room or there is no target) and the
    arrow's x inside the bubble (None: no arrow)."""

    left: float
    top: float
    side: str
    arrow: float | None


def place(width: float, height: float, target: Rect | None, view_w: float, view_h: float,
          avoid_bottom: float = 0) -> Placement:
    """Put a bubble of ``width`` × ``height`` in a viewport of ``view_w`` × ``view_h``: below,
    above, right or left of ``target``, the first where it fits; else clamped on screen on
    the side with more room; or at the bottom (above ``avoid_bottom`` pixels, e.g. a phone's
    decision bar) when there is no target. It never leaves the viewport (a bubble taller than
    the viewport scrolls inside itself). ``arrow`` is measured along the bubble's edge that
    faces the target (x below/above, y right/left)."""
    width = min(width, view_w - 2 * MARGIN)
    height = min(height, view_h - 2 * MARGIN)
    if target is None:
        left = (view_w - width) / 2
        top = max(MARGIN, view_h - avoid_bottom - height - MARGIN)
        return Placement(left, top, "free", None)
    centre_x = target.left + target.width / 2
    centre_y = target.top + target.height / 2
    left = _clamp(centre_x - width / 2, MARGIN, view_w - width - MARGIN)
    top = _clamp(centre_y - height / 2, MARGIN, view_h - height - MARGIN)
    fits = {
        "below": (target.bottom + GAP + height <= view_h - MARGIN, left, target.bottom + GAP),
        "above": (target.top - GAP - height >= MARGIN, left, target.top - GAP - height),
        "right": (target.right + GAP + width <= view_w - MARGIN, target.right + GAP, top),
        "left": (target.left - GAP - width >= MARGIN, target.left - GAP - width, top),
    }
    for side, (fit, x, y) in fits.items():
        if fit:
            return Placement(x, y, side, _arrow(side, x, y, width, height, centre_x, centre_y))
    room_below = view_h - MARGIN - target.bottom
    room_above = target.top - MARGIN
    y = target.bottom + GAP if room_below >= room_above else target.top - GAP - height
    y = _clamp(y, MARGIN, view_h - height - MARGIN)
    if y >= target.bottom or y + height <= target.top:
        side = "below" if y >= target.bottom else "above"
        return Placement(left, y, side, _arrow(side, left, y, width, height, centre_x, centre_y))
    return Placement(left, y, "free", None)


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(value, high))


def _arrow(side: str, left: float, top: float, width: float, height: float,
           centre_x: float, centre_y: float) -> float | None:
    """Where the arrow sits along the bubble's edge, if the target's centre faces it."""
    if side in ("below", "above"):
        at, size = centre_x - left, width
    else:
        at, size = centre_y - top, height
    return at if 14 <= at <= size - 14 else None


class CoachView:
    """The bubble on the page: made once (``#coach``, outside the redrawn screen, so its
    ``aria-live`` text is announced on each change), filled after every drawing of the
    table, placed beside its target."""

    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self.node = document.getElementById("coach")
        if _absent(self.node):
            self.node = document.createElement("section")
            self.node.id = "coach"
            self.node.className = "coach"
            self.node.setAttribute("data-role", "coach")
            self.node.innerHTML = (
                '<div class="coach-arrow" aria-hidden="true"></div>'
                '<p class="coach-text" id="coach-text" aria-live="polite"></p>'
                '<div class="coach-note" id="coach-note" role="status" aria-live="polite">'
                '</div><div class="coach-tools" id="coach-tools"></div>')
            document.getElementById("app").appendChild(self.node)
        self.node.hidden = True

    def show(self, label: str, words: str, tools: Markup, done: bool) -> None:
        node = self.node
        node.setAttribute("aria-label", label)
        text = self.document.getElementById("coach-text")
        if str(text.textContent) != words:
            text.textContent = words
        self.document.getElementById("coach-tools").innerHTML = str(tools)
        if done:
            node.setAttribute("data-done", "true")
        else:
            node.removeAttribute("data-done")
        node.hidden = False

    def note(self, words: str) -> None:
        """A short word under the text (a wrong click), announced; "" clears it."""
        self.document.getElementById("coach-note").textContent = words

    def hide(self) -> None:
        self.node.hidden = True
        self.node.removeAttribute("data-done")
        self.note("")
        self.unmark()

    def unmark(self) -> None:
        for attribute in (TARGET, SPOT):
            for element in self.document.querySelectorAll(f"[{attribute}]"):
                element.removeAttribute(attribute)

    def mark(self, selectors: list[str], attribute: str) -> list[Any]:
        """Mark the elements of the screen matching ``selectors`` that are shown."""
        screen = self.document.getElementById("screen")
        marked = []
        for selector in selectors:
            for element in screen.querySelectorAll(selector):
                if _shown(element):
                    element.setAttribute(attribute, "")
                    marked.append(element)
        return marked

    def point(self, element: Any | None, bottom_bar: float = 0) -> None:
        """Put the bubble beside ``element`` (in view), or at the bottom without one."""
        node = self.node
        window = self.window
        view_w = float(window.innerWidth)
        view_h = float(window.innerHeight)
        width = min(380.0, view_w - 2 * MARGIN)
        node.style.width = f"{width}px"
        node.style.maxHeight = f"{view_h - 2 * MARGIN}px"
        target = None
        if element is not None:
            box = element.getBoundingClientRect()
            target = Rect(float(box.left), float(box.top), float(box.width), float(box.height))
        height = float(node.offsetHeight)
        spot_ = place(width, height, target, view_w, view_h, bottom_bar)
        node.style.left = f"{spot_.left}px"
        node.style.top = f"{spot_.top}px"
        node.setAttribute("data-side", spot_.side)
        if spot_.arrow is None:
            node.style.removeProperty("--arrow")
        else:
            node.style.setProperty("--arrow", f"{spot_.arrow}px")


def _shown(element: Any) -> bool:
    try:
        box = element.getBoundingClientRect()
        return float(box.width) > 0 and float(box.height) > 0
    except Exception:
        return False


def _absent(value: Any) -> bool:
    return value is None or type(value).__name__ == "JsNull"
