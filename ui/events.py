"""The page's events, each translated into a command (``ui/commands.py``) or a change: clicks
(delegated from ``#app``, by ``data-cmd``), keys (Enter and Space on board pieces, the rail's
tabs, a replay's arrows, Escape), the forms' changes and submits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.codec import MAX_NAME_LENGTH as MAX_NAME
from engine.core.registry import GAMES
from ui.dom import absent
from ui.links import FragmentError, NewGameRequest, parse_option

if TYPE_CHECKING:
    from ui.app import App


class Events:
    """The event handlers of ``app`` (bound once, in :meth:`ui.app.App.start`)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def command(self, name: str) -> Any:
        """The handler of ``data-cmd="<name>"`` (None if there is none)."""
        method = "cmd_" + name.replace("-", "_")
        for part in (self.app.commands, self.app.table_commands):
            handler = getattr(part, method, None)
            if handler is not None:
                return handler
        return None

    def on_click(self, event: Any) -> None:
        app = self.app
        target = event.target.closest("[data-cmd], [data-new-game]")
        lesson = app.state.lesson is not None
        if absent(target):
            if lesson and not absent(event.target.closest('#screen [data-role="board"]')):
                app.tutor.note("lesson.ui.try_highlighted")
            return
        if lesson:
            if not app.tutor.allows(target):
                return
            app.tutor.note("")
        game = target.getAttribute("data-new-game")
        if game:
            from ui.screens.setup import default_request

            app.show_setup(default_request(GAMES[game]))
            return
        handler = self.command(str(target.getAttribute("data-cmd")))
        if handler is not None:
            if target.getAttribute("type") == "submit":
                event.preventDefault()
            handler(target)

    def on_keydown(self, event: Any) -> None:
        """Enter and Space work on board pieces (SVG shapes with ``role="button"``) as on
        buttons; the arrow keys move between the rail's tabs."""
        key = str(event.key)
        target = event.target
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and \
                str(target.getAttribute("role")) == "tab":
            self.next_tab(target, key)
            event.preventDefault()
            return
        if key not in ("Enter", " "):
            return
        if str(target.tagName).lower() in ("button", "input", "select", "textarea", "a"):
            return
        if not absent(target.getAttribute("data-cmd")):
            event.preventDefault()
            self.on_click(event)

    def next_tab(self, tab: Any, key: str) -> None:
        tabs = list(self.app.document.querySelectorAll('#screen [role="tab"]'))
        at = next((i for i, t in enumerate(tabs) if t.isSameNode(tab)), 0)
        step = {"ArrowLeft": at - 1, "ArrowRight": at + 1, "Home": 0, "End": len(tabs) - 1}
        chosen = tabs[step[key] % len(tabs)]
        self.app.table_commands.cmd_tab(chosen)
        chosen.focus()

    def on_replay_key(self, event: Any) -> None:
        """While replaying: ← and → step, Home and End jump (not while typing, and not when
        a modifier is held)."""
        from ui.replay import key_move

        move = key_move(self.app.state.session, event)
        if move is not None:
            event.preventDefault()
            self.app.commands.replay(move)

    def on_escape(self, event: Any) -> None:
        """Escape closes the open pop-over menu of the game screen (its settings), else the
        share sheet, else the rules help (each also has its Close button)."""
        if str(event.key) != "Escape" or event.defaultPrevented or self.app.state.frame is None:
            return
        if self.close_popovers() or self.close_panel():
            event.preventDefault()

    def close_panel(self) -> bool:
        """Close the share sheet, else the rules help; False if neither is open."""
        frame, table = self.app.state.frame, self.app.table_commands
        if frame.share_url:
            table.cmd_share_close(None)
        elif frame.show_rules:
            table.cmd_rules_close(None)
        else:
            return False
        return True

    def on_outside_click(self, event: Any) -> None:
        """A click outside an open pop-over menu (the game's settings) closes it, and only
        that: it does not go on to what lies under it (a move on the board)."""
        if self.close_popovers(event.target):
            event.stopPropagation()
            event.preventDefault()

    def close_popovers(self, inside: Any = None) -> bool:
        """Close the open pop-over menus (``details.popover``) that do not hold ``inside``;
        the focus, if it was in one, goes back to its button. True if any was closed."""
        document = self.app.document
        closed = False
        for menu in document.querySelectorAll("details.popover[open]"):
            if inside is not None and not absent(inside) and menu.contains(inside):
                continue
            had_focus = menu.contains(document.activeElement)
            menu.open = False
            if had_focus:
                menu.querySelector("summary").focus()
            closed = True
        return closed

    def on_change(self, event: Any) -> None:
        app = self.app
        target = event.target
        element_id = target.id
        if element_id == "lang-select":
            app.switch_language(str(target.value))
        elif element_id == "players" or str(element_id).startswith("option-"):
            from ui.screens.setup import fit_request

            request = read_setup(app.document)
            keep = "players" if element_id == "players" else str(element_id)[len("option-"):]
            app.show_setup(fit_request(GAMES[request.game], request, keep), top=False)
        elif element_id == "import-file":
            app.notices.spawn(app.keeper.import_files(target))

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.app.commands.cmd_start(None)


def read_setup(document: Any) -> NewGameRequest:
    """The new-game form's current values."""
    from ui.screens.setup import seat_kind

    def el(element_id: str) -> Any:
        return document.getElementById(element_id)

    form = el("new-game")
    game = str(form.getAttribute("data-game"))
    info = GAMES[game]
    players = int(el("players").value)
    seats, names = [], []
    for seat in range(players):
        kind = el(f"seat-kind-{seat}")
        name = el(f"seat-name-{seat}")
        # a seat the new player count added is not in the form yet
        seats.append(seat_kind(seats, seat) if absent(kind) else str(kind.value))
        names.append("" if absent(name) else str(name.value).strip()[:MAX_NAME])
    if not any(names):
        names = []  # a seat left blank is called by its colour, in the chosen language
    options = {}
    for option in info.options:
        field = el(f"option-{option.name}")
        if absent(field):
            continue
        try:
            value = parse_option(option, str(field.value))
        except FragmentError:
            continue
        if option.name == "start_player" and value is not None and value >= players:
            value = None
        options[option.name] = value
    return NewGameRequest(game, players, seats, options, names)
