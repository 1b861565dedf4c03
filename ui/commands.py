"""What each ``data-cmd`` of the page asks for: ``cmd_<name>(target)`` for a click on an
element with ``data-cmd="<name>"`` (dashes as underscores). Each translates the click into a
change of the page's state, made through :meth:`ui.app.App.change`; none draws by itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import engine
from ui.dom import absent, dataset, download, focus_first
from ui.events import read_setup
from ui.links import NewGameRequest
from ui.state import PACES
from ui.storage import BadSave, StorageFull

if TYPE_CHECKING:
    from ui.app import App

JUMP_TARGETS = {"me": '#screen [data-role="me"]', "recap": '#screen [data-role="recap"]',
                "others": "#screen .others"}
"""Where the phone's jump links go (the score and the log are tabs)."""


class Commands:
    """The commands of ``app``'s screens."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def state(self) -> Any:
        return self.app.state

    def focus(self, selector: str) -> None:
        focus_first(self.app.document, selector)

    # ------------------------------------------------------------------ screens, new games
    def cmd_menu(self, _target: Any) -> None:
        self.app.set_address("")
        self.app.notices.clear()
        self.app.show_landing()

    def cmd_start(self, _target: Any) -> None:
        app = self.app
        request = read_setup(app.document)
        try:
            engine.make_setup(request.game, request.players, request.names, **request.options)
        except engine.SetupError as error:
            app.el("setup-error").textContent = self.state.cat.t("new.bad_setup",
                                                                 detail=str(error))
            return
        app.start_game(request)

    def cmd_again(self, _target: Any) -> None:
        session = self.state.session
        if session is None:
            return
        game = session.game
        info = engine.GAMES[game.setup.game]
        options = {k: v for k, v in game.setup.options if not info.option(k).hidden}
        # a game played again is new: under the current rules (RULES_REVISION)
        self.app.show_setup(NewGameRequest(game.setup.game, game.players, list(session.seats),
                                           options, list(game.setup.names)))

    def cmd_resume(self, target: Any) -> None:
        self.app.resume(str(target.getAttribute("data-id")))

    def cmd_learn(self, target: Any) -> None:
        self.app.tutor.start(str(target.getAttribute("data-game")))

    # ------------------------------------------------------------------ decisions
    def cmd_act(self, target: Any) -> None:
        self.app.decide(int(target.getAttribute("data-index")))

    def cmd_choose(self, target: Any) -> None:
        """A decision from a list in words (the same as its target on the board)."""
        self.cmd_act(target)

    def cmd_hint_play(self, target: Any) -> None:
        self.cmd_act(target)

    def cmd_board(self, target: Any) -> None:
        """A click on the board that is not itself a legal decision: the board module says
        what it means (a decision, an explanation, or a changed selection)."""
        from ui.screens.parts import board_for

        app = self.app
        session = self.state.session
        if session is None:
            return
        handler = board_for(session.game.setup.game).on_board
        data = {str(k): str(v) for k, v in dataset(target).items()}
        reply = handler(session, self.state.cat, data)
        if reply is None:
            return
        if reply.kind == "act" and reply.index is not None:
            app.decide(reply.index)
        elif reply.kind == "acts":
            app.decide_actions(list(reply.actions))
        elif reply.kind == "say":
            def again() -> str:  # the board's answer to the same click, in today's language
                answer = handler(session, self.state.cat, data)
                return (answer.text or "") if answer is not None and answer.kind == "say" else ""

            app.notices.say_text(reply.text or "", "error", reply.rule, again)
        else:
            app.changed()  # the board changed its selection (session.ui) itself
            self.focus("[data-autofocus]")  # a question the click raised, into view

    def cmd_confirm_yes(self, target: Any) -> None:
        """The player confirms a regrettable decision (and may ask never to be asked again)."""
        session = self.state.session
        if session is None:
            return
        never = self.app.el("confirm-never")
        key = session.ui.pop("confirm_key", None)
        if key and never and bool(never.checked):
            self.app.keeper.store.set_pref(f"confirm.{key}", "off")
        self.app.decide(int(target.getAttribute("data-index")), confirmed=True)

    def cmd_confirm_no(self, _target: Any) -> None:
        session = self.state.session
        if session is not None:
            with self.app.change():
                session.ui.pop("confirm", None)
                session.ui.pop("confirm_key", None)

    def cmd_undo(self, _target: Any) -> None:
        app, session = self.app, self.state.session
        if session is None:
            return
        blocked = session.undo_blocked()
        if blocked is not None:
            app.notices.say(blocked)
        elif app.may_change():
            with app.change(decided=True) as change:
                if session.undo():
                    app.drawing.clear_marks()
                else:
                    change.nothing()

    def cmd_take_over(self, _target: Any) -> None:
        if self.state.session is not None:
            self.app.notices.spawn(self.app.keeper.claim(self.state.session, steal=True))

    def cmd_hint(self, _target: Any) -> None:
        self.app.computer.hint()

    # ------------------------------------------------------------------ replay
    def replay(self, move: str) -> None:
        from ui.replay import replay_move

        app, session = self.app, self.state.session
        if session is None:
            return
        with app.change(ai=move == "exit"):
            replay_move(session, move)
            if move != "exit":
                app.drawing.clear_marks()
            if move == "first":
                self.state.share_url = None  # the sheet would cover the replay's caption
                app.notices.clear_game()  # a notice of the live game (its What happened too)

    def cmd_replay(self, _target: Any) -> None:
        self.replay("first")

    def cmd_replay_first(self, _target: Any) -> None:
        self.replay("first")

    def cmd_replay_prev(self, _target: Any) -> None:
        self.replay("prev")

    def cmd_replay_next(self, _target: Any) -> None:
        self.replay("next")

    def cmd_replay_last(self, _target: Any) -> None:
        self.replay("last")

    def cmd_replay_exit(self, _target: Any) -> None:
        self.replay("exit")

    # ------------------------------------------------------------------ saved games
    def cmd_delete(self, target: Any) -> None:
        app = self.app
        save_id = str(target.getAttribute("data-id"))
        if app.window.confirm(self.state.cat.t("saves.confirm_delete")):
            app.keeper.store.delete(save_id)
            app.show_landing()
            app.notices.say("saves.deleted")

    def cmd_purge(self, _target: Any) -> None:
        app = self.app
        _, bad = app.keeper.store.list()
        if app.window.confirm(self.state.cat.t("saves.confirm_purge", count=len(bad))):
            app.keeper.store.purge()
            app.show_landing()

    def cmd_export(self, target: Any) -> None:
        from ui.screens.landing import export_name

        app, store = self.app, self.app.keeper.store
        save_id = str(target.getAttribute("data-id"))
        try:
            text = store.export(save_id)
        except BadSave:
            app.notices.say("saves.unreadable", "error")
            return
        download(app.window, app.document, export_name(store.get(save_id)), text)
        try:
            store.mark_backup(save_id)
        except (BadSave, StorageFull):
            return
        app.show_landing()  # the export offer, if shown, is gone

    # ------------------------------------------------------------------ lessons
    def cmd_coach_next(self, _target: Any) -> None:
        self.app.tutor.next()

    def cmd_coach_leave(self, _target: Any) -> None:
        self.app.tutor.leave()

    def cmd_coach_menu(self, target: Any) -> None:
        self.app.tutor.finished()
        self.cmd_menu(target)


class TableCommands:
    """The commands of the game table's own tools: its settings (pace, sound, hand-off), the
    rules help, the share sheet, the rail's tabs, the phone's jump links."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def frame(self) -> Any:
        return self.app.state.frame

    def focus(self, selector: str) -> None:
        focus_first(self.app.document, selector)

    def cmd_pace(self, target: Any) -> None:
        pace = str(target.getAttribute("data-pace"))
        if pace not in PACES:
            return
        app, state = self.app, self.app.state
        if state.session is not None and state.session.pace:
            state.session.pace = pace  # this game's own pace, from its address
        else:
            state.pace = pace
            app.keeper.store.set_pref("pace", pace)
        if self.frame is not None:
            with app.change():
                self.frame.pace = state.game_pace

    def cmd_sound(self, _target: Any) -> None:
        frame = self.frame
        if frame is None:
            return
        with self.app.change():
            frame.sound = not frame.sound
            self.app.keeper.store.set_pref("sound", "on" if frame.sound else "off")
            if frame.sound:
                self.app.drawing.beep()  # the tone it will make (and sound is allowed now)

    def cmd_handoff_switch(self, _target: Any) -> None:
        frame = self.frame
        if frame is None:
            return
        with self.app.change():
            frame.handoff = not frame.handoff
            self.app.keeper.store.set_pref("handoff", "on" if frame.handoff else "off")

    def cmd_handoff(self, target: Any) -> None:
        """The next human has the device: show their table."""
        if self.app.state.session is None:
            return
        with self.app.change():
            self.app.state.at_device = int(target.getAttribute("data-seat"))
        self.focus(".game-title")

    def cmd_rules(self, _target: Any) -> None:
        if self.frame is not None:
            with self.app.change():
                self.frame.show_rules = not self.frame.show_rules

    def cmd_rules_close(self, _target: Any) -> None:
        if self.frame is not None:
            with self.app.change():
                self.frame.show_rules = False
            self.focus('[data-cmd="rules"]')

    def cmd_rule(self, target: Any) -> None:
        """A rule link: open the rules help and bring that rule into view."""
        from ui.screens.parts import rule_anchor

        app = self.app
        session = app.state.session
        if session is None:
            return
        with app.change():
            self.frame.show_rules = True
        rule = str(target.getAttribute("data-rule") or "")
        node = app.document.getElementById(rule_anchor(session.game.setup.game, rule))
        if absent(node):
            node = app.document.querySelector(".rules.panel")
        if not absent(node):
            node.setAttribute("tabindex", "-1")
            node.classList.add("rule-target")
            node.scrollIntoView()
            node.focus()

    def cmd_share(self, _target: Any) -> None:
        from ui.sharing import share_url

        app, session = self.app, self.app.state.session
        if session is None:
            return
        location = app.window.location
        with app.change(save=True):
            app.state.share_url = share_url(str(location.origin), str(location.pathname),
                                            session)
            session.mark_backup()
        field = app.el("share-link")
        if field:
            field.focus()
            field.select()

    def cmd_share_close(self, _target: Any) -> None:
        if self.frame is not None:
            with self.app.change():
                self.frame.share_url = None
            self.focus('[data-cmd="share"]')

    def cmd_copy(self, _target: Any) -> None:
        url = self.app.state.share_url
        if not url:
            return
        try:
            self.app.window.navigator.clipboard.writeText(url)
            self.app.notices.say("share.copied")
        except Exception:
            self.app.notices.say("share.copy_failed", "error")

    def cmd_news_close(self, _target: Any) -> None:
        session = self.app.state.session
        if session is not None:
            with self.app.change():
                session.news = []

    def cmd_recap_spot(self, target: Any) -> None:
        """Highlight on the board the pieces a recap line is about (the first is scrolled into
        view: on a phone the recap sits under the board)."""
        motion = self.app.drawing.motion
        if motion is not None:
            motion.spotEntries(self.app.el("screen"), str(target.getAttribute("data-entries")),
                               str(target.getAttribute("data-places") or ""))

    def cmd_dismiss(self, _target: Any) -> None:
        self.app.notices.clear_game()

    def cmd_tab(self, target: Any) -> None:
        """Show one of the rail's tabs (log, score) without drawing the screen again."""
        if absent(target):
            return
        app = self.app
        name = str(target.getAttribute("data-tab"))
        if self.frame is not None:
            self.frame.tab = name
        for tab in app.document.querySelectorAll('#screen [role="tab"]'):
            chosen = str(tab.getAttribute("data-tab")) == name
            tab.setAttribute("aria-selected", "true" if chosen else "false")
            tab.setAttribute("tabindex", "0" if chosen else "-1")
            panel = app.el(str(tab.getAttribute("aria-controls")))
            if not absent(panel):
                panel.hidden = not chosen
        if app.state.lesson is not None:
            app.tutor.show()  # what the step points at may be in the tab just opened

    def cmd_sheet(self, _target: Any) -> None:
        """A phone's decision sheet: open to its full height, or folded under the map."""
        if self.frame is not None:
            with self.app.change():
                self.frame.sheet_open = not self.frame.sheet_open

    def cmd_jump(self, target: Any) -> None:
        """From the phone's decision bar to a part of the table further down."""
        document = self.app.document
        to = str(target.getAttribute("data-to"))
        if to in ("score", "log"):
            self.cmd_tab(document.querySelector(f'#screen [data-tab="{to}"]'))
            node = document.querySelector("#screen .rail-tabs")
        else:
            node = document.querySelector(JUMP_TARGETS.get(to, "#screen .others"))
        if not absent(node):
            node.scrollIntoView(True)
