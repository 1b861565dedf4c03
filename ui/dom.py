"""Small helpers for the page's elements, shared by the app's parts: JS ``null`` tests, an
element's ``data-*`` attributes, a download, a stylesheet linked once, and what a redraw keeps
(the focused control, open menus, sideways scrolls) and puts back."""

from __future__ import annotations

from typing import Any

REVEAL_MARGIN = 8.0
"""Pixels left clear above and below targets scrolled into sight."""


def absent(value: Any) -> bool:
    """No such element or attribute: JS ``null`` arrives as Pyodide's ``jsnull`` (not None),
    ``undefined`` as None."""
    return value is None or type(value).__name__ == "JsNull"


def dataset(element: Any) -> dict[str, str]:
    """The ``data-*`` attributes of an element, without the prefix."""
    names = element.getAttributeNames()
    return {str(n)[5:]: str(element.getAttribute(n)) for n in names if str(n).startswith("data-")}


def download(window: Any, document: Any, filename: str, text: str) -> None:
    """Offer ``text`` as a file download."""
    from pyodide.ffi import to_js

    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                  dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)


def ensure_stylesheet(document: Any, href: str) -> Any:
    """Link a stylesheet the first time it is needed (a title's, the motion's); the new
    ``<link>`` (None if it was there already)."""
    if absent(document.querySelector(f'link[href="{href}"]')):
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = href
        document.head.appendChild(link)
        return link
    return None


def focus_first(document: Any, selector: str) -> None:
    """Focus the first element of the screen matching ``selector``, if there is one."""
    node = document.querySelector(f"#screen {selector}")
    if not absent(node):
        node.focus()


def reveal_scroll(boxes: list[tuple[float, float]], bar: float) -> float:
    """How far to scroll down (negative: up) so that a decision's board targets, given as
    (top, bottom) in viewport pixels, come out from under the decision bar whose top is at
    ``bar``: 0 when each is wholly in sight; just enough to show them all when they fit in
    ``0..bar`` together; else 0 when one is in sight, or the first one's middle to the middle
    of the open part when none is (see :meth:`ui.drawing.Drawing.reveal_target`)."""
    shown = [0 <= top and bottom <= bar for top, bottom in boxes]
    if not boxes or all(shown):
        return 0.0
    top, bottom = min(t for t, _ in boxes), max(b for _, b in boxes)
    if bottom - top + 2 * REVEAL_MARGIN <= bar:
        if bottom > bar:
            return bottom + REVEAL_MARGIN - bar
        return top - REVEAL_MARGIN
    if any(shown):
        return 0.0
    first_top, first_bottom = boxes[0]
    return (first_top + first_bottom - bar) / 2


def bring_into_view(window: Any, nodes: list[Any], decide: Any) -> None:
    """Scroll board ``nodes`` out from under the phone's sticky decision bar ``decide``
    (:func:`reveal_scroll`); nothing on a desktop, where the bar is not stuck."""
    if absent(decide) or str(window.getComputedStyle(decide).position) != "sticky":
        return
    bar = float(decide.getBoundingClientRect().top)
    boxes = [(float(b.top), float(b.bottom)) for b in
             (node.getBoundingClientRect() for node in nodes)]
    window.scrollBy(0, reveal_scroll(boxes, bar))


class Kept:
    """What a redraw of the game screen keeps: the focused control, the open ``<details>``
    (menus, folded lists) and the sideways scroll of each ``[data-keep-scroll]`` box."""

    def __init__(self, document: Any, window: Any, keep_open: bool) -> None:
        self.document, self.window = document, window
        self.focus = self._focus()
        self.scrolls = self._scrolls()
        self.open = self._open() if keep_open else set()

    def _open(self) -> set[str]:
        return {str(node.id) for node in self.document.querySelectorAll("#screen details[id]")
                if node.open}

    def _scrolls(self) -> dict[str, tuple[str, float]]:
        """Sideways scroll of every ``[data-keep-scroll]`` box (a phone's wide map), with the
        ``data-focus`` it was drawn for."""
        kept = {}
        for box in self.document.querySelectorAll("[data-keep-scroll][id]"):
            kept[str(box.id)] = (str(box.getAttribute("data-focus")), float(box.scrollLeft))
        return kept

    def _focus(self) -> dict[str, str] | None:
        """The ``data-*`` attributes of the focused control of the screen (None if the focus
        is elsewhere), so that a keyboard player keeps their place across a redraw."""
        active = self.document.activeElement
        screen = self.document.getElementById("screen")
        if absent(active) or absent(screen) or not screen.contains(active) or \
                active.isSameNode(screen):
            return None
        return dataset(active)

    def restore_layout(self) -> None:
        """Open the same menus again; keep a box where the player left it while its focus (the
        place of the decision, a fraction of the width) is the same, else centre it on the
        new focus."""
        for element_id in self.open:
            node = self.document.getElementById(element_id)
            if not absent(node):
                node.open = True
        for box in self.document.querySelectorAll("[data-keep-scroll][id]"):
            focus = str(box.getAttribute("data-focus"))
            before = self.scrolls.get(str(box.id))
            if before is not None and before[0] == focus:
                box.scrollLeft = before[1]
                continue
            try:
                fraction = float(focus)
            except ValueError:
                continue
            box.scrollLeft = max(0.0, fraction * box.scrollWidth - box.clientWidth / 2)

    def restore_focus(self) -> None:
        """Focus the same control again; if it is gone, the closest one: same command and
        target, then the board's first decision, then the game's title."""
        data = self.focus
        if data is None:
            return
        escape = self.window.CSS.escape

        def selector(keys: list[str]) -> str:
            return "".join(f'[data-{k}="{escape(data[k])}"]' for k in keys if k in data)

        stable = [k for k in data if k not in ("index",)]
        screen = self.document.getElementById("screen")
        for candidate in (selector(list(data)), selector(stable) if "cmd" in data else "",
                          '.board-area [data-cmd="act"]', ".game-title"):
            if not candidate:
                continue
            node = screen.querySelector(candidate)
            if not absent(node):
                node.focus()
                return
